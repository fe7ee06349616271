"""Tests of Stars and Stripes (printkit/games/stars_and_stripes)."""
