"""Tests of the example checker, with a toy game that needs no real engine."""
