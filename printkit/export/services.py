"""The print-on-demand services ``printkit export pod`` prepares files for, and what each
publishes about the card files it takes.

Every figure here comes from a page named in ``docs/export-pod.md`` (the source of each
one is given there); a size whose figures were not found in a published source is left
out rather than guessed.  Lengths are kept in points; each service's messages give them
in the unit the service itself uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from printkit.errors import did_you_mean
from printkit.units import MM, POINTS_PER_INCH

Layout = Literal["images", "pdf"]
"""``images``: one PNG per face and back; ``pdf``: one PDF per deck, pages in card order."""

Order = Literal["back-face", "face-back"]
"""In a ``pdf`` layout, which side of each card comes first."""

Colour = Literal["rgb", "cmyk"]
"""``rgb``: sRGB pictures; ``cmyk``: a CMYK PDF/X-1a:2003 file (:mod:`printkit.export.pdfx`)."""


@dataclass(frozen=True)
class CardSize:
    """One card size a service prints, as the service states it."""

    name: str
    width: float
    height: float
    """Trim size in points (portrait)."""
    text: str
    """The size in the service's own words and units: ``2.5 x 3.5 in``, ``63.5 x 89 mm``."""
    tag: str = ""
    """The size as it goes into a file name, where the service names files by size."""

    def points(self) -> tuple[float, float]:
        """The trim size in points."""
        return self.width, self.height


@dataclass(frozen=True)
class Service:
    """What one service asks of a card file (every length in points)."""

    name: str
    title: str
    dpi: float
    bleed: float
    """Artwork past the cut line on every side."""
    safe: float
    """How far inside the cut line text and symbols should keep."""
    sizes: tuple[CardSize, ...]
    layout: Layout
    units: Literal["in", "mm"]
    """The unit the service states its lengths in (messages use it)."""
    order: Order = "back-face"
    colour: Colour = "rgb"
    file_name: str = "{deck}.pdf"
    """For a ``pdf`` layout: ``{game}``, ``{deck}`` and ``{size}`` (the size's tag) filled in."""

    def pixels(self, size: CardSize) -> tuple[int, int]:
        """The picture of a card of ``size`` with its bleed, in pixels (portrait)."""
        return (round((size.width + 2 * self.bleed) * self.dpi / POINTS_PER_INCH),
                round((size.height + 2 * self.bleed) * self.dpi / POINTS_PER_INCH))

    def length(self, points: float) -> str:
        """``points`` in the service's unit: ``0.125 in``, ``3 mm``."""
        if self.units == "in":
            return f"{points / POINTS_PER_INCH:g} in"
        return f"{points / MM:.4g} mm"

    def sizes_text(self) -> str:
        """``poker (2.5 x 3.5 in)``, each size the service prints."""
        return ", ".join(f"{size.name} ({size.text})" for size in self.sizes)


INCH = POINTS_PER_INCH
POKER = CardSize("poker", 2.5 * INCH, 3.5 * INCH, "2.5 x 3.5 in")
MB_POKER = CardSize("poker", 63.5 * MM, 89 * MM, "63.5 x 89 mm", tag="63.5x89")

SERVICES: Mapping[str, Service] = {
    "thegamecrafter": Service(
        "thegamecrafter", "The Game Crafter", dpi=300.0, bleed=INCH / 8, safe=INCH / 8,
        sizes=(POKER,), layout="images", units="in"),
    "drivethrucards": Service(
        "drivethrucards", "DriveThruCards", dpi=300.0, bleed=INCH / 8, safe=INCH / 8,
        sizes=(POKER,), layout="pdf", units="in", order="back-face", colour="cmyk",
        file_name="{deck}.pdf"),
    "mbprint": Service(
        "mbprint", "MB PRINT", dpi=300.0, bleed=3 * MM, safe=4 * MM, sizes=(MB_POKER,),
        layout="pdf", units="mm", order="face-back", colour="rgb",
        file_name="{game}-{deck}_{size}.pdf"),
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
