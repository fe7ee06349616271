"""Whether the colours of a set stay apart in greyscale and to colour-blind readers.

Each pair of a :class:`~printkit.definition.colourcues.ColourSet` is compared five ways: as
printed, in greyscale (CIE L* alone, as a black-and-white printer or photocopier keeps
it), and as seen with protanopia, deuteranopia and tritanopia (full dichromacy, severity
1, simulated by Brettel, Viénot and Mollon's 1997 method).  The difference is CIEDE2000
(ΔE2000), computed by ColorAide, a maintained colour library with no compiled parts;
it is imported only when a check runs.

Under :data:`THRESHOLD` two colours are taken as hard to tell apart on paper (a ΔE2000
of 10 is a plain difference side by side, but pieces lie apart on a board and print
less saturated than on a screen).  A pair under it in some view, in a set with no second
cue and neither colour with a cue of its own, gives one warning located where the second
colour of the pair was written.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from printkit.definition.colourcues import ColourSet, Swatch
from printkit.errors import Problem

if TYPE_CHECKING:
    from coloraide import Color

THRESHOLD = 10.0
"""ΔE2000 under which two colours look alike."""

DEFICIENCIES = {"protanopia": "protan", "deuteranopia": "deutan", "tritanopia": "tritan"}
"""Each simulated deficiency and ColorAide's filter for it."""

VIEWS = ("normal vision", "greyscale", *DEFICIENCIES)
"""Every way a pair is compared, in the order a warning names them."""


def _color(hex_colour: str) -> Color:
    from coloraide import Color  # imported only when a check runs (about 0.15 s)

    return Color(hex_colour)


def seen(hex_colour: str, view: str) -> Color:
    """``hex_colour`` as it looks in ``view`` (one of :data:`VIEWS`)."""
    colour = _color(hex_colour)
    if view == "greyscale":
        lightness = colour.convert("lab-d65")["lightness"]
        return colour.new("lab-d65", [lightness, 0.0, 0.0])
    if view in DEFICIENCIES:
        return colour.filter(DEFICIENCIES[view], 1.0, method="brettel").clip("srgb")
    return colour


def difference(first: str, second: str, view: str) -> float:
    """ΔE2000 between two ``#rrggbb`` colours as seen in ``view``."""
    return float(seen(first, view).delta_e(seen(second, view), method="2000"))


@dataclass(frozen=True)
class Confusion:
    """A pair of colours that look alike in some views."""

    first: Swatch
    second: Swatch
    views: tuple[tuple[str, float], ...]
    """Each view the pair looks alike in, with its ΔE2000."""

    def problem(self, what: str) -> Problem:
        """The located warning for this pair."""
        views = " and ".join(_view_phrase(view) for view, _ in self.views)
        figures = ", ".join(f"{value:.1f}" for _, value in self.views)
        where = self.second.location or self.first.location
        return Problem(
            f"{self.first.name!r} {self.first.colour} and {self.second.name!r} "
            f"{self.second.colour} ({what}) look alike {views} (ΔE2000 {figures} < "
            f"{THRESHOLD:g}) and nothing else tells them apart: add a pattern, letter, "
            "shape or label", where)


def _view_phrase(view: str) -> str:
    if view == "normal vision":
        return "to everyone"
    return "in greyscale" if view == "greyscale" else f"to {view}"


def confusions(colours: ColourSet) -> list[Confusion]:
    """Every pair of ``colours`` under :data:`THRESHOLD` in some view (whatever the cue)."""
    found = []
    for first, second in combinations(colours.swatches, 2):
        if first.colour.lower() == second.colour.lower() and first.name == second.name:
            continue
        close = tuple((view, value) for view in VIEWS
                      if (value := difference(first.colour, second.colour, view)) < THRESHOLD)
        if close:
            found.append(Confusion(first, second, close))
    return found


def colour_problems(sets: Iterable[ColourSet]) -> list[Problem]:
    """A warning for every pair, in a set without a second cue, that looks alike."""
    return [confusion.problem(colours.what) for colours in sets if not colours.cue
            for confusion in confusions(colours)
            if not (confusion.first.cue or confusion.second.cue)]
