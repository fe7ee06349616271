"""Numbers on the command line: written in the digits 0-9, and negative values accepted
as values.

Python reads other scripts' digits as numbers (Arabic-Indic one-five-zero is 150.0), and
words such as ``nan`` and ``inf``; an option read that way would be used, and shown in a
folder's name, as something the user did not type.  And argparse takes ``-1mm`` for an
option unless it looks like a plain negative number, so ``--bleed -1mm`` could not even
be refused for what it is.
"""

from __future__ import annotations

import argparse
import re

DECIMAL = re.compile(r"\s*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*")
"""A plain decimal number: digits 0-9, an optional sign and point, nothing else."""
_VALUE_WITH_MINUS = re.compile(r"^-\.?[0-9]")
"""A word starting with a minus and a digit is a value (``-1mm``, ``-1,0``): no option of
printkit's starts with a digit."""


def decimal(text: str) -> float:
    """An argparse type: a plain decimal number (``150``, ``72.5``)."""
    if not DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number written in the digits 0-9 (such as 300 or 72.5)")
    return float(text)


def values_may_start_with_minus(parser: argparse.ArgumentParser) -> None:
    """Let the options of ``parser`` take values such as ``-1mm`` and ``-1,0``, so that
    they reach the option's own check (which says what is wrong with them)."""
    parser._negative_number_matcher = _VALUE_WITH_MINUS
