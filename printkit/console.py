"""Where commands write: results to stdout, progress and errors to stderr."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TextIO


@dataclass
class Console:
    """Output streams for one command run; tests pass ``io.StringIO`` objects."""

    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)
    quiet: bool = False
    verbose: bool = False

    def print(self, text: str = "") -> None:
        """A line of the command's result."""
        self.out.write(text + "\n")

    def info(self, text: str) -> None:
        """A line of progress or information (suppressed by ``--quiet``)."""
        if not self.quiet:
            self.err.write(text + "\n")
            self.err.flush()

    def detail(self, text: str) -> None:
        """A line shown only with ``--verbose``."""
        if self.verbose:
            self.err.write(text + "\n")
            self.err.flush()

    def progress(self, label: str, done: int, total: int) -> None:
        """A progress line, redrawn in place on a terminal, printed at the end otherwise."""
        if self.quiet:
            return
        width = 24
        filled = width * done // max(1, total)
        bar = "#" * filled + "-" * (width - filled)
        line = f"{label:<28} [{bar}] {done}/{total}"
        if self.err.isatty():
            self.err.write("\r" + line + ("\n" if done >= total else ""))
            self.err.flush()
        elif done >= total:
            self.err.write(line + "\n")

    def error(self, text: str) -> None:
        """An error message (never suppressed)."""
        self.err.write(text + "\n")
        self.err.flush()
