"""Card sizes by name: the presets printers and card shops sell, or ``WIDTH x HEIGHT``.

A designer who asks for a "poker" card should not have to remember that it is 63.5 by
88.9 millimetres; every place a card size is written (``card.size``, a cards component's
``size``, ``--set card.size=...``) takes a preset's name as well as two lengths.  A preset
is portrait (width first, the shorter side) except the business card, which is printed
landscape as it is usually read; ``WIDTH x HEIGHT`` gives any other size or orientation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.definition.schema import JSON, Checker, Node, Size
from printkit.errors import did_you_mean
from printkit.units import MM
from printkit.yamlsource import PathKey

PRESETS: Mapping[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "euro": (59.0, 92.0),
    "mini": (44.5, 63.5),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
    "business": (85.0, 55.0),
}
"""Trim sizes in millimetres (width, height).  ``square`` is the 70 mm square card print
shops sell; Stars and Stripes' smaller square is written out (``63.5mm x 63.5mm``)."""


def preset_text(name: str) -> str:
    """``"poker (63.5 x 88.9 mm)"``: a preset as messages and documents show it."""
    width, height = PRESETS[name]
    return f"{name} ({width:g} x {height:g} mm)"


def size_text(width: float, height: float) -> str:
    """``"63.5 x 88.9 mm"`` for a size in points."""
    return f"{round(width / MM, 2):g} x {round(height / MM, 2):g} mm"


@dataclass
class CardSize(Node):
    """A preset's name or ``WIDTH x HEIGHT`` lengths, converted to a pair of points."""

    description: str = ""
    minimum: float = 1.0
    maximum: float | None = None

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, str) and value.strip().lower() in PRESETS:
            width, height = PRESETS[value.strip().lower()]
            return self._lengths().check(f"{width}mm x {height}mm", path, checker)
        if isinstance(value, str) and not any(c.isdigit() for c in value):
            checker.fail(path, f"unknown card size {value!r}" + (
                did_you_mean(value.strip().lower(), PRESETS)
                or "; the sizes are: " + ", ".join(preset_text(n) for n in PRESETS))
                + ", or write 'WIDTH x HEIGHT' such as '63mm x 88mm'")
            return None
        return self._lengths().check(value, path, checker)

    def _lengths(self) -> Size:
        return Size(self.description, minimum=self.minimum, maximum=self.maximum)

    def json(self) -> JSON:
        return self._json({"anyOf": [{"type": "string", "enum": sorted(PRESETS)},
                                     self._lengths().json()]})
