"""The choices of the printing options (``--sheets``, ``--duplex``), apart from the options
themselves (:mod:`printkit.kit.options`) so that the command line offers them without
loading what resolves them against a definition."""

from __future__ import annotations

from typing import Literal

LAYOUTS = ("sheets", "gutter-fold", "print-shop", "calibration", "tuckbox")
"""The card PDFs a build can write."""

Duplex = Literal["long", "short", "none"]
"""How two-sided sheets are turned over: on the long edge, the short edge, or not at all."""
DUPLEX: tuple[Duplex, ...] = ("long", "short", "none")
