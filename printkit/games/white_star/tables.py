"""The Stars deck as a definition writes it: the suit table, the rank table and the cards.

A definition gives the four suits (letter, name, symbol, colour) and the eleven ranks
(letter, name, the index printed in the corner, points) as face options; the letters are
the engine's (:mod:`printkit.games.white_star.state`), so a card's attributes are the
same ``rank`` and ``suit`` the notation writes (``KW`` is the King of Wands).  The points
must be the ones the rules engine counts: a card that printed 6 for a King the engine
scores at 5 would mislead every table, so a different value is an error at the line that
wrote it.  The check of a card's attributes (:func:`check_card`) refuses what the deck
does not hold, the Champion of Skulls first of all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.definition.model import AttributeValue
from printkit.definition.schema import (
    JSON,
    Checker,
    Colour,
    Field,
    Node,
    Number,
    Record,
    Text,
    shown,
)
from printkit.games.white_star.icons import ICONS
from printkit.games.white_star.state import (
    RANK_ALIASES,
    RANK_LETTERS,
    RANK_NAMES,
    RANK_POINTS,
    SKULLS,
    SUIT_LETTERS,
    SUIT_NAMES,
)
from printkit.yamlsource import PathKey

TRUMP = SUIT_LETTERS[SKULLS]
"""The trump suit's letter: the suit the Star rule can beat."""
MOST_POINTS = 99


@dataclass(frozen=True)
class SuitStyle:
    """How one suit is printed."""

    letter: str
    name: str
    icon: str
    colour: str


@dataclass(frozen=True)
class RankStyle:
    """How one rank is printed: ``index`` in the corners, ``points`` beside it."""

    letter: str
    name: str
    index: str
    points: int


DEFAULT_SUITS = tuple(SuitStyle(letter, name, icon, colour) for letter, name, icon, colour in zip(
    SUIT_LETTERS, SUIT_NAMES, ("skull", "shield", "wand", "leaf"),
    ("#1a1a1a", "#c0392b", "#1d4e9e", "#3f9b48"), strict=True))
DEFAULT_RANKS = tuple(RankStyle(letter, name, letter, points)
                      for letter, name, points in zip(RANK_LETTERS, RANK_NAMES, RANK_POINTS,
                                                      strict=True))


class _Table(Node):
    """A list of mappings, one for each of the engine's ``letters``, checked by ``row``."""

    def __init__(self, description: str, row: Record, letters: str, what: str) -> None:
        self.description = description
        self.row = row
        self.letters = letters
        self.what = what

    def rows(self, value: object, path: PathKey, checker: Checker) -> list[dict[str, object]]:
        """The checked rows (empty after a problem, which is recorded)."""
        if not isinstance(value, list):
            checker.fail(path, f"expected a list of {len(self.letters)} {self.what}, "
                         f"found {shown(value)}")
            return []
        before = len(checker.problems)
        rows = [self.row.check(item, (*path, i), checker) for i, item in enumerate(value)]
        seen: dict[str, int] = {}
        for i, row in enumerate(rows):
            letter = row.get("letter") if isinstance(row, dict) else None
            if isinstance(letter, str):
                if letter in seen:
                    checker.fail((*path, i, "letter"), f"{self.what[:-1]} {letter} is listed "
                                 f"twice (also as item {seen[letter] + 1})")
                seen[letter] = i
        missing = [letter for letter in self.letters if letter not in seen]
        if missing and len(checker.problems) == before:
            checker.fail(path, f"the deck has {len(self.letters)} {self.what} "
                         f"({', '.join(self.letters)}): {', '.join(missing)} missing")
        if len(checker.problems) > before:
            return []
        return [row for row in rows if isinstance(row, dict)]

    def json(self) -> JSON:
        return self._json({"type": "array", "items": self.row.json(),
                           "minItems": len(self.letters), "maxItems": len(self.letters)})


class SuitTable(_Table):
    """The four suits, each with its engine letter, name, symbol and colour."""

    def __init__(self) -> None:
        super().__init__("the four suits: letter (as the rules write it), name, icon, colour",
                         Record(description="One suit.", fields={
                             "letter": Field(Text("the rules' letter", choices=tuple(
                                 SUIT_LETTERS)), required=True),
                             "name": Field(Text("the suit's name"), required=True),
                             "icon": Field(Text("its symbol", choices=tuple(ICONS)),
                                           required=True),
                             "colour": Field(Colour("its colour"), required=True)}),
                         SUIT_LETTERS, "suits")

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        rows = self.rows(value, path, checker)
        if not rows:
            return None
        return tuple(SuitStyle(str(r["letter"]), str(r["name"]), str(r["icon"]),
                               str(r["colour"])) for r in rows)


class RankTable(_Table):
    """The eleven ranks, each with its engine letter, name, printed index and points."""

    def __init__(self) -> None:
        super().__init__("the eleven ranks: letter (as the rules write it), name, index "
                         "(printed in the corners), points (as the rules count them)",
                         Record(description="One rank.", fields={
                             "letter": Field(Text("the rules' letter", choices=tuple(
                                 RANK_LETTERS)), required=True),
                             "name": Field(Text("the rank's name"), required=True),
                             "index": Field(Text("one or two characters printed in the "
                                                 "corners", pattern=r"\S{1,2}"),
                                            required=True),
                             "points": Field(Number("what the card counts",
                                                    minimum=0, maximum=MOST_POINTS),
                                             required=True)}),
                         RANK_LETTERS, "ranks")

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        rows = self.rows(value, path, checker)
        if not rows:
            return None
        wrong = False
        for i, row in enumerate(rows):
            k = RANK_LETTERS.index(str(row["letter"]))
            if row["points"] != RANK_POINTS[k]:
                checker.fail((*path, i, "points"), f"the rules count the {RANK_NAMES[k]} as "
                             f"{RANK_POINTS[k]} points, so its cards must print "
                             f"{RANK_POINTS[k]}, not {row['points']}")
                wrong = True
        if wrong:
            return None
        return tuple(RankStyle(str(r["letter"]), str(r["name"]), str(r["index"]),
                               int(str(r["points"]))) for r in rows)


# --------------------------------------------------------------------------- the cards

_SUIT_WORDS = {**{letter.lower(): letter for letter in SUIT_LETTERS},
               **{name.lower(): letter for name, letter in zip(SUIT_NAMES, SUIT_LETTERS,
                                                                strict=True)},
               **{name.lower()[:-1]: letter for name, letter in zip(SUIT_NAMES, SUIT_LETTERS,
                                                                     strict=True)}}
_RANK_WORDS = {**{letter.lower(): letter for letter in RANK_LETTERS},
               **{alias.lower(): letter for alias, letter in RANK_ALIASES.items()},
               **{name.lower(): letter for name, letter in zip(RANK_NAMES, RANK_LETTERS,
                                                                strict=True)}}
SUIT_HELP = f"{', '.join(SUIT_LETTERS)} or {', '.join(n.lower() for n in SUIT_NAMES)}"
RANK_HELP = f"{', '.join(RANK_LETTERS)} or a name ({', '.join(RANK_NAMES[:5]).lower()})"


@dataclass(frozen=True)
class Card:
    """A card of the Stars deck, by the engine's letters."""

    rank: str
    suit: str

    @property
    def key(self) -> str:
        """The card in the rules' notation (``KW``)."""
        return self.rank + self.suit


def read_card(attributes: Mapping[str, AttributeValue]) -> Card | str:
    """The card a face's ``rank`` and ``suit`` name, or what is wrong with them."""
    rank, suit = attributes.get("rank"), attributes.get("suit")
    if rank is None or suit is None:
        return f"a card of the Stars deck needs a 'rank' ({RANK_HELP}) and a 'suit' " \
               f"({SUIT_HELP})"
    letter = _RANK_WORDS.get(str(rank).strip().lower())
    if letter is None:
        return f"rank {rank!r} is not a rank of the Stars deck: write {RANK_HELP}"
    colour = _SUIT_WORDS.get(str(suit).strip().lower())
    if colour is None:
        return f"suit {suit!r} is not a suit of the Stars deck: write {SUIT_HELP}"
    if letter == "C" and colour == TRUMP:
        return "there is no Champion of Skulls: that suit has ten cards, King down to 2"
    return Card(letter, colour)


def check_card(attributes: Mapping[str, AttributeValue]) -> str | None:
    """What is wrong with a face's attributes (``None`` when nothing is)."""
    card = read_card(attributes)
    return card if isinstance(card, str) else None
