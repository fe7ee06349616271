"""What the example checker reads and what it hands back.

An *example* is a position in a game's notation, an optional list of moves played from it
(chance inside them replayed from ``seed``), and *claims* about the position reached: named
questions with the answer the author expects.  :class:`ExampleSpec` is an example as read
from YAML, every part remembering its path in the document; :class:`VerifiedExample` is one
the rules engine agreed with, carrying the states a booklet draws; :class:`CheckReport` is
the outcome of checking a whole example file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printkit.errors import DefinitionError, ExampleError, PrintkitError, Problem, sort_problems
from printkit.rules.base import Game
from printkit.yamlsource import PathKey


@dataclass(frozen=True)
class ClaimSpec:
    """One ``name`` or ``name(argument)`` key of an example's ``claims`` with its value."""

    key: str
    name: str
    argument: str | None
    #: where the argument starts inside ``key`` (0 when there is none)
    argument_offset: int
    expected: object
    #: path of this claim in the document: (..., "claims", key)
    path: PathKey
    #: the players' sentence for this claim (the example's ``says``), if it has one
    says: str | None = None
    #: path of that sentence in the document: (..., "says", key)
    says_path: PathKey | None = None


@dataclass(frozen=True)
class ExampleSpec:
    """An example as written, checked for shape but not yet for meaning."""

    name: str
    path: PathKey
    parameters: Mapping[str, object]
    position: str
    moves: tuple[str, ...]
    seed: int
    claims: tuple[ClaimSpec, ...]


@dataclass(frozen=True)
class ClaimResult:
    """A claim compared with the engine's answer (both as plain data)."""

    key: str
    name: str
    argument: str | None
    expected: object
    actual: object
    holds: bool
    #: the sentence the example gives for this claim (``says``), printed instead of the
    #: phrasebook's; checked against ``actual`` by :mod:`printkit.examples.sentences`
    says: str | None = None


@dataclass(frozen=True)
class VerifiedExample:
    """An example whose position parsed, whose moves were legal and whose claims all hold."""

    name: str
    #: the engine built from the example's parameters
    game: Game[Any, Any, Any]
    #: the position as written, then the position after each move
    states: tuple[Any, ...]
    #: the moves as the engine reads them, and as it writes them
    moves: tuple[Any, ...]
    move_texts: tuple[str, ...]
    claims: tuple[ClaimResult, ...]

    @property
    def start(self) -> Any:
        """The position as written."""
        return self.states[0]

    @property
    def final(self) -> Any:
        """The position after the moves, which the claims are about."""
        return self.states[-1]


@dataclass(frozen=True)
class CheckReport:
    """The outcome of checking one example file.

    ``definition_problems`` are things wrong with the file itself (shape, names, notation,
    parameters); ``example_problems`` are false claims and illegal moves.  Both are in file
    order.
    """

    file: str
    game: str | None
    examples: tuple[VerifiedExample, ...]
    definition_problems: tuple[Problem, ...]
    example_problems: tuple[Problem, ...]
    claims_checked: int

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Every problem, in file order."""
        return sort_problems([*self.definition_problems, *self.example_problems])

    @property
    def ok(self) -> bool:
        """True when the file is well formed and every claim holds."""
        return not self.definition_problems and not self.example_problems

    def error(self) -> PrintkitError | None:
        """The error to raise: a :class:`DefinitionError` (carrying the false claims too)
        when the file is malformed, an :class:`ExampleError` when only claims or moves are
        wrong, else ``None``."""
        if self.definition_problems:
            return DefinitionError(self.problems)
        if self.example_problems:
            return ExampleError(self.example_problems)
        return None

    def raise_for_problems(self) -> None:
        """Raise :meth:`error` if there is one."""
        error = self.error()
        if error is not None:
            raise error

    def summary(self) -> str:
        """One line for ``printkit check``: what was checked and how it went."""
        examples = len(self.examples)
        text = f"{self.file}: {examples} example{'s' * (examples != 1)} verified, "
        text += f"{self.claims_checked} claim{'s' * (self.claims_checked != 1)} checked"
        if self.ok:
            return text + ", all true"
        return text + f", {len(self.problems)} problem{'s' * (len(self.problems) != 1)}"

