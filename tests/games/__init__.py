"""Tests of each game package under printkit/games/."""
