"""Paper sizes in points (portrait): read by :mod:`printkit.definition.papers`, the one
reader of papers for definitions and the command line alike, and named here for the
printing side."""

from __future__ import annotations

from printkit.definition.papers import PAPERS, Paper, paper_by_name

__all__ = ["PAPERS", "Paper", "paper_by_name"]
