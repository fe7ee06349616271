"""What the readers of data tables (:mod:`printkit.definition.data`,
:mod:`printkit.definition.workbook`) share: the exception that stops reading with a located
problem, and the count of cells read, held to the ``data-cells`` limit as the cells are
read (so that a table too big is refused before its cells are all built)."""

from __future__ import annotations

import re

from printkit import limits
from printkit.definition.model import AttributeValue
from printkit.errors import Location, Problem

Record = tuple[Location, list[tuple[AttributeValue, Location]]]
"""One row of a table as read: where it starts, and each cell's value and place."""
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


class Refused(Exception):
    """Reading stopped; carries the problem."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class CellCount:
    """The cells of one table read so far, held to the ``data-cells`` limit."""

    def __init__(self, shown: str) -> None:
        self.shown = shown
        self.bound = limits.current().data_cells
        self.count = 0

    def one_more(self, where: Location, cells: int = 1) -> None:
        """Count ``cells`` more cells, the last of them at ``where``; raises
        :class:`Refused` past the limit."""
        self.count += cells
        if self.count > self.bound:
            raise Refused(Problem(limits.beyond("data-cells", f"{self.shown} has more than "
                                                f"{self.bound} cells", "cells"), where))


def check_text(text: str, where: Location) -> str:
    """A cell's text (tabs become spaces), refused if it holds control characters or is
    too long."""
    text = text.replace("\t", " ")
    bad = _CONTROL.search(text)
    if bad is not None:
        raise Refused(Problem(f"control character U+{ord(bad.group()):04X} in this cell: "
                              "cells hold printable text only", where))
    if len(text) > limits.current().text:
        raise Refused(Problem(limits.over("text", len(text), "characters") + " in this cell",
                              where))
    return text
