"""The print-on-demand services ``printkit export pod`` prepares files for, and what each
publishes about the card files it takes.

Every figure here comes from a page named in ``docs/export-pod.md`` (the source of each
one is given there); a size whose figures were not found in a published source is left
out rather than guessed.  Lengths are in inches, as both services state them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from printkit.errors import did_you_mean
from printkit.units import MM, POINTS_PER_INCH

Layout = Literal["images", "pdf"]
"""``images``: one PNG per face and back; ``pdf``: one PDF per deck, pages in card order."""


@dataclass(frozen=True)
class CardSize:
    """One card size a service prints."""

    name: str
    width: float
    height: float
    """Trim size in inches (portrait)."""

    def points(self) -> tuple[float, float]:
        """The trim size in points."""
        return self.width * POINTS_PER_INCH, self.height * POINTS_PER_INCH


@dataclass(frozen=True)
class Service:
    """What one service asks of a card file."""

    name: str
    title: str
    dpi: float
    bleed: float
    """Inches of artwork past the cut line on every side."""
    safe: float
    """Inches inside the cut line that text and symbols should keep clear of."""
    sizes: tuple[CardSize, ...]
    layout: Layout

    def pixels(self, size: CardSize) -> tuple[int, int]:
        """The picture of a card of ``size`` with its bleed, in pixels (portrait)."""
        return (round((size.width + 2 * self.bleed) * self.dpi),
                round((size.height + 2 * self.bleed) * self.dpi))

    def sizes_text(self) -> str:
        """``poker (2.5 x 3.5 in)``, each size the service prints."""
        return ", ".join(f"{size.name} ({size.width:g} x {size.height:g} in)"
                         for size in self.sizes)


POKER = CardSize("poker", 2.5, 3.5)

SERVICES: Mapping[str, Service] = {
    "thegamecrafter": Service(
        "thegamecrafter", "The Game Crafter", dpi=300.0, bleed=0.125, safe=0.125,
        sizes=(POKER,), layout="images"),
    "drivethrucards": Service(
        "drivethrucards", "DriveThruCards", dpi=300.0, bleed=0.125, safe=0.125,
        sizes=(POKER,), layout="pdf"),
}
"""The services by the name ``--service`` takes."""

TOLERANCE = 0.5 * MM
"""How far (points) a deck's trim size may be from a service's size and still match it."""


class UnknownService(ValueError):
    """``--service`` names no service printkit knows."""


def service(name: str) -> Service:
    """The service called ``name``, or :class:`UnknownService` with the known names."""
    found = SERVICES.get(name.strip().lower())
    if found is None:
        raise UnknownService(
            f"--service {name}: not a service printkit knows{did_you_mean(name, SERVICES)}; "
            f"choose one of: {', '.join(sorted(SERVICES))}")
    return found


def matching_size(offer: Service, width: float, height: float) -> tuple[CardSize, bool] | None:
    """The size of ``offer`` a deck of ``width`` x ``height`` points is cut to, and whether
    the deck is landscape (its pictures are then wide rather than tall), or ``None``."""
    landscape = width > height
    short, long = (height, width) if landscape else (width, height)
    for size in offer.sizes:
        across, down = size.points()
        if abs(short - across) <= TOLERANCE and abs(long - down) <= TOLERANCE:
            return size, landscape
    return None
