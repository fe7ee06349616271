"""The files ``printkit new`` writes: a small definition that builds as it is, and its data."""
