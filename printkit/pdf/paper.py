"""Paper sizes in points (portrait)."""

from __future__ import annotations

from dataclasses import dataclass

from printkit import limits
from printkit.errors import DefinitionError, did_you_mean
from printkit.units import MM, UnitError, parse_size


@dataclass(frozen=True)
class Paper:
    """A sheet of paper; ``width`` <= ``height`` for the named sizes."""

    name: str
    width: float
    height: float

    def landscape(self) -> Paper:
        """The same sheet turned sideways."""
        return Paper(self.name, self.height, self.width)


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210 * MM, 297 * MM),
    "letter": Paper("Letter", 8.5 * 72, 11 * 72),
    "a3": Paper("A3", 297 * MM, 420 * MM),
    "a2": Paper("A2", 420 * MM, 594 * MM),
    "a5": Paper("A5", 148 * MM, 210 * MM),
    "legal": Paper("Legal", 8.5 * 72, 14 * 72),
    "tabloid": Paper("Tabloid", 11 * 72, 17 * 72),
}


def paper_by_name(name: str) -> Paper:
    """A named paper (``a4``, ``letter``...) or a custom ``WIDTH x HEIGHT`` size."""
    key = name.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    if "x" in key:
        try:
            width, height = parse_size(name)
        except UnitError as exc:
            raise DefinitionError(f"paper {name!r}: {exc}") from None
        if min(width, height) < 50 * MM:
            raise DefinitionError(f"paper {name!r} is too small (under 50mm on a side)")
        area = (width / MM) * (height / MM)
        if not area <= limits.current().paper_area:  # not NaN either
            raise DefinitionError(limits.beyond(
                "paper-area", f"paper {name!r} is {area:.0f} square mm", "square mm"))
        return Paper(name, width, height)
    raise DefinitionError(f"unknown paper {name!r}" + did_you_mean(key, PAPERS)
                          + f"; use one of {', '.join(PAPERS)} or a size like '300mm x 400mm'")
