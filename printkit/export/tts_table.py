"""What a game's rules lay out before play, as the Tabletop Simulator export sets it out.

A game says which of its cards the rules keep out of the play deck in a small module
beside its plugin, ``tts_setup.py``, whose ``TABLE`` is a :class:`TableSetup`: each
:class:`SetAside` names a group of faces (the ``id`` of an entry in the definition's
``faces:``) and where its cards go: ``aside`` (face up beside the deck), ``seats`` (dealt
round, one at a time, to the players' places) or ``board`` (on the square of the board
the game's engine names).  Every card of a deck that no entry names stays in the play
deck, face down.  A :class:`SeatTokens` puts each player's tokens (stacks of one front
each) at their seat, the player read from an attribute of the fronts.  The number of
seats is the number of players of the engine's own starting position.  A definition
without rules, or whose rules' game declares no table, gets its decks whole and face
down; an entry naming a group the definition does not have sets nothing aside (a
definition of one's own may name its groups otherwise).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from printkit.export.pieces import DeckPieces
from printkit.kit.cards import CardsPlan
from printkit.kit.components import TokensPlan
from printkit.kit.prepare import KitPlan
from printkit.plugins import find

Square = tuple[int, int]
"""A square of the board: row and column, counted from 0 at the top left."""
Where = Literal["aside", "seats", "board"]
SETUP_MODULE = "tts_setup"
"""The module of a game's package that declares its table (attribute ``TABLE``)."""


@dataclass(frozen=True)
class SetAside:
    """A group of faces the rules keep out of the play deck."""

    group: str
    """The ``id`` of the definition's ``faces:`` entry."""
    name: str
    """What the object is called on the table (``Trump``, ``Player aid``)."""
    where: Where
    note: str = ""
    """What the rules do with it, shown as the object's description in the game."""
    square: Callable[[Any], Square] | None = None
    """For ``board``: the square, from the game's engine."""


@dataclass(frozen=True)
class SeatTokens:
    """Tokens each player keeps at their seat: those of a ``tokens`` component whose
    fronts say in an attribute which player they belong to (1 for the first)."""

    component: str
    attribute: str


@dataclass(frozen=True)
class TableSetup:
    """A game's set-up: the groups its rules set aside, and the tokens kept by seat."""

    set_aside: tuple[SetAside, ...] = ()
    tokens: tuple[SeatTokens, ...] = ()


@dataclass(frozen=True)
class DeckPart:
    """The cards of one deck that lie together: the play deck, or cards set aside."""

    deck: int
    """Index of the deck among the kit's decks."""
    name: str
    copies: tuple[int, ...]
    """How many of this part's cards show each face of the deck."""
    where: Where | Literal["deck"]
    seat: int = 0
    square: Square | None = None
    note: str = ""

    @property
    def face_up(self) -> bool:
        """Play decks lie face down; what the rules set out lies face up."""
        return self.where != "deck"

    @property
    def count(self) -> int:
        """Cards in the part."""
        return sum(self.copies)


def table_setup(kit: KitPlan) -> TableSetup:
    """The set-up the rules' game declares, or none."""
    rules = kit.game.definition.rules
    if rules is None or kit.game.engine is None:
        return TableSetup()
    module = f"{find(rules).package}.{SETUP_MODULE}"
    if importlib.util.find_spec(module) is None:
        return TableSetup()
    table = getattr(importlib.import_module(module), "TABLE", None)
    if not isinstance(table, TableSetup):
        raise TypeError(f"{module}.TABLE is not a TableSetup: {table!r}")
    return table


def seat_count(kit: KitPlan) -> int:
    """How many players sit at the table: those of the engine's starting position (the
    deal is shuffled with a fixed seed, so the count never depends on chance)."""
    engine = kit.game.engine
    if engine is None:
        return 1
    return max(1, engine.num_players(engine.initial_state(random.Random(0))))


def token_seats(kit: KitPlan, setup: TableSetup, seats: int) -> dict[str, dict[str, int]]:
    """For each ``tokens`` component the set-up names, the seat (from 0) of each front (by
    its artwork's key, ``front:KEY``) whose attribute names a player at the table."""
    found: dict[str, dict[str, int]] = {}
    for entry in setup.tokens:
        for part in kit.components.parts:
            if not isinstance(part, TokensPlan) or part.component.name != entry.component:
                continue
            for face in part.component.fronts:
                try:
                    player = int(str(face.attr(entry.attribute)))
                except (KeyError, ValueError):
                    continue
                if 1 <= player <= seats:
                    found.setdefault(entry.component, {})[f"front:{face.key}"] = player - 1
    return found


def face_groups(kit: KitPlan) -> dict[str, dict[str, str]]:
    """For each deck (by its name), the group of each face (by its key)."""
    plans = ([kit.cards] if kit.cards is not None else []) + [
        part for part in kit.components.parts if isinstance(part, CardsPlan)]
    return {plan.deck_source.stem: {face.key: face.group for face in plan.deck_source.faces}
            for plan in plans}


def deck_parts(index: int, deck: DeckPieces, groups: dict[str, str], setup: TableSetup,
               seats: int, engine: Any) -> list[DeckPart]:
    """``deck`` cut as the set-up says: the play deck of every card no entry names (when
    any is left), then each group set aside, by seat (a part a seat) for ``seats``."""
    left = list(deck.copies)
    parts: list[DeckPart] = []
    for entry in setup.set_aside:
        faces = [i for i, art in enumerate(deck.faces)
                 if groups.get(art.key) == entry.group and left[i]]
        if not faces:
            continue
        if entry.where == "seats":
            dealt = [[0] * len(left) for _ in range(seats)]
            cards = [i for i in faces for _ in range(left[i])]
            for number, face in enumerate(cards):
                dealt[number % seats][face] += 1
            parts += [DeckPart(index, f"{entry.name}, player {seat + 1}", tuple(copies),
                               "seats", seat, note=entry.note)
                      for seat, copies in enumerate(dealt) if any(copies)]
        else:
            square = (entry.square(engine) if entry.where == "board"
                      and entry.square is not None and engine is not None else None)
            parts.append(DeckPart(index, entry.name,
                                  tuple(left[i] if i in faces else 0 for i in range(len(left))),
                                  entry.where if square is not None or entry.where != "board"
                                  else "aside", square=square, note=entry.note))
        for face in faces:
            left[face] = 0
    if any(left):
        parts.insert(0, DeckPart(index, deck.label, tuple(left), "deck"))
    return parts
