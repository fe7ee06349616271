"""Paper sizes, read by one function wherever a paper is written: ``print: paper:`` in a
definition, ``--set print.paper=...`` and the ``--paper`` option of the commands.

A paper is a name (``a4``, ``letter``, ``a3``, ``a2``, ``a5``, ``legal``, ``tabloid``, in
any case) or ``WIDTH x HEIGHT`` with units (``300mm x 400mm``), at least 50 mm on a side
and at most ``paper-area`` square millimetres.  Named papers are portrait (width first).

>>> paper_by_name("A4").width == PAPERS["a4"].width, paper_by_name("300mm x 400mm").name
(True, '300mm x 400mm')
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit import limits
from printkit.definition.schema import JSON, Checker, Node
from printkit.errors import DefinitionError, did_you_mean
from printkit.units import MM, UnitError, parse_size
from printkit.yamlsource import PathKey


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
SMALLEST_SIDE = 50 * MM
"""No side of a paper may be shorter (a mistake of units, or no room for a card)."""


def paper_by_name(name: str) -> Paper:
    """A named paper (``a4``, ``letter``...) or a custom ``WIDTH x HEIGHT`` size; raises
    :class:`~printkit.errors.DefinitionError` saying what is wrong."""
    key = name.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    if "x" in key or "\u00d7" in key:
        try:
            width, height = parse_size(name)
        except UnitError as exc:
            raise DefinitionError(f"paper {name!r}: {exc}") from None
        if min(width, height) < SMALLEST_SIDE:
            raise DefinitionError(f"paper {name!r} is too small (under 50mm on a side)")
        area = (width / MM) * (height / MM)
        if not area <= limits.current().paper_area:  # not NaN either
            raise DefinitionError(limits.beyond(
                "paper-area", f"paper {name!r} is {area:.0f} square mm", "square mm"))
        return Paper(name.strip(), width, height)
    raise DefinitionError(f"unknown paper {name!r}" + did_you_mean(key, PAPERS)
                          + f"; use one of {', '.join(PAPERS)} or a size like '300mm x 400mm'")


@dataclass
class PaperName(Node):
    """A paper as :func:`paper_by_name` reads it; the checked value is the text as written
    (stripped), which the printing side reads with the same function."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, str):
            checker.fail(path, "expected a paper such as 'a4', 'letter' or '300mm x 400mm'")
            return None
        try:
            paper_by_name(value)
        except DefinitionError as exc:
            for problem in exc.problems:
                checker.fail(path, problem.message)
            return None
        return value.strip()

    def json(self) -> JSON:
        length = r"\s*[0-9.]+\s*(mm|cm|in|pt|pc)\s*"
        return self._json({"anyOf": [
            {"type": "string", "enum": list(PAPERS)},
            {"type": "string", "pattern": f"^{length}[xX\u00d7]{length}$"}]})


__all__ = ["PAPERS", "Paper", "PaperName", "paper_by_name"]
