"""Building a game's kit: from a definition to the files in ``output/<game>/``."""

from collections.abc import Callable

Progress = Callable[[str, int, int], None]
"""Told ``(step label, done, total)`` as each part of a build advances."""


def silent(label: str, done: int, total: int) -> None:
    """A :data:`Progress` that shows nothing."""
    del label, done, total
