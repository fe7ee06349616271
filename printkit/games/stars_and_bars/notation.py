"""Stars and Bars notation: reading and writing positions and moves.

Cards are written with one code per attribute, in table order: ``srl1`` is a star, red,
large, one-symbol card.  A value's code is its first letter unless the table writes
``value:code`` (the default table gives ``one:1`` and ``two:2``).  ``S-R-L-1`` and
``star-red-large-one`` read the same.  Spaces are a column letter and a row number counted
from the top: ``b2``.  A position::

    +   a     b     c            d
    1   .     .     .            .
    2   .     srl1  [bbs2 brs1]  .
    3   .     #4    bbl2         .
    4   .     .     .            .
    P1 score 12 hand srl1 brl1 bbs1 sbs2
    P2 score 7 hand -
    stock 40
    discard 12
    P1 began
    round 5, P2 to move

Stacks list their cards bottom to top: ``.`` is empty, ``srl1`` one card, ``[a b]`` several,
``#4`` a face-down stack of four (``#[a b c d]`` when its cards are known).  ``stock`` and
``discard`` take a count (cards not named; a draw from such a stock takes a random card
among all those the position does not name) or a bracketed list (the stock top first).
Every line may be left out: a hand is then empty, the stock holds every card not accounted
for (or, when the stock is given, the discard pile does), and the game is in round 1 with
the beginner (by default P1) to move.  The grammar, line by line (words are compared
without regard to case; commas, colons and semicolons read as spaces)::

    position = { line }
    line     = header | row | player | pile | round | over
    header   = [ "+" ] letter { letter }             (every column, in order)
    row      = number stack { stack }                (every column of that row)
    stack    = "." | card | "[" card { card } "]" | "#" count | "#[" card { card } "]"
    player   = ("P1" | "P2") { "score" count | "began" | "begins" | "begin" | "to move" }
               [ "hand" ( "-" | { card } ) ]
    pile     = ("stock" | "discard") ( count | "[" { card } "]" )
    round    = "round" count [ player ]                (usually "P2 to move")
    over     = "game over" [ "after turn" count ]
    move     = card [ "on" ] space [ "leave" ] | ("turn" | "remove") space | "clear" | "pass"

>>> from printkit.games.stars_and_bars.rules import StarsAndBars
>>> game = StarsAndBars()
>>> state = game.parse_state("1 . . . .\\n2 . srl1 . .\\n3 . . . .\\n4 . . . .\\nP1 hand bbs2")
>>> game.format_move(state, game.parse_move(state, "B-B-S-2 on b3"))
'bbs2 b3'
>>> game.format_state(state).splitlines()[2:4]
['2  .  srl1  .  .', '3  .  .     .  .']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from printkit.errors import did_you_mean
from printkit.games.stars_and_bars.engine_needs import Table
from printkit.games.stars_and_bars.state import (
    CLEAR,
    EMPTY,
    PASS,
    PLAYER_NAMES,
    Attribute,
    Card,
    Chore,
    Housekeep,
    Pile,
    Place,
    Space,
    Stack,
    StarsAndBarsMove,
    StarsAndBarsState,
    pile_size,
    read_space,
)
from printkit.rules.base import NotationError, Player
from printkit.rules.notation import Keyed, Token, lines_with_offsets, number, tokens

TOKEN = re.compile(r"#\d+|#|\[|\]|[^\s\[\]#,:;]+")
"""A word of the notation: ``#4``, ``#``, a bracket, or a run of anything else (commas,
colons and semicolons separate words like spaces)."""

_LINE_WORDS = ("stock", "discard", "round", "game", *(n.lower() for n in PLAYER_NAMES))
_PLAYER_WORDS = ("score", "hand", "began", "begins", "begin", "to move")
_CHORES = {chore.value: chore for chore in Chore}


# --------------------------------------------------------------------------- writing


def format_cards(game: Table, cards: Sequence[Card]) -> str:
    """``[srl1 bbs2]``."""
    return "[" + " ".join(game.codes[c] for c in cards) + "]"


def format_stack(game: Table, stack: Stack, masked: bool) -> str:
    """One space of the board: ``.``, ``srl1``, ``[a b]``, ``#4`` or ``#[a b c d]``."""
    if stack.face_down:
        if masked or not stack.cards:
            return f"#{stack.size}"
        if stack.hidden:  # pragma: no cover - positions never mix the two
            raise ValueError("a face-down stack mixes listed and unlisted cards")
        return "#" + format_cards(game, stack.cards)
    if not stack.cards:
        return "."
    if len(stack.cards) == 1:
        return game.codes[stack.cards[0]]
    return format_cards(game, stack.cards)


def format_state(game: Table, state: StarsAndBarsState, *, masked: bool) -> str:
    """The position; ``masked`` writes the stock, the discards and face-down stacks as
    counts (what the players see)."""
    p = game.params
    cells = [
        [format_stack(game, state.board[r * p.columns + c], masked) for c in range(p.columns)]
        for r in range(p.rows)
    ]
    widths = [max(len(row[c]) for row in cells) for c in range(p.columns)]
    label = len(str(p.rows))
    header = "+".ljust(label) + "  " + "  ".join(
        chr(ord("a") + c).ljust(widths[c]) for c in range(p.columns))
    lines = [header.rstrip()]
    for r, row in enumerate(cells):
        body = "  ".join(cell.ljust(widths[c]) for c, cell in enumerate(row))
        lines.append(f"{r + 1:>{label}}  {body}".rstrip())
    for player in (0, 1):
        hand = " ".join(game.codes[c] for c in state.hands[player]) or "-"
        lines.append(f"{PLAYER_NAMES[player]} score {state.scores[player]} hand {hand}")
    for word, pile in (("stock", state.stock), ("discard", state.discard)):
        if isinstance(pile, int) or masked or not pile:
            lines.append(f"{word} {pile_size(pile)}")
        else:
            lines.append(f"{word} {format_cards(game, pile)}")
    lines.append(f"{PLAYER_NAMES[state.beginner]} began")
    if state.over:
        lines.append(f"game over after turn {state.turn}")
    else:
        lines.append(f"round {state.turn // 2 + 1}, {PLAYER_NAMES[state.to_move]} to move")
    return "\n".join(lines) + "\n"


def format_move(game: Table, move: StarsAndBarsMove) -> str:
    """``srl1 b2``, ``srl1 b2 leave``, ``turn b2``, ``remove a1``, ``clear`` or ``pass``."""
    if isinstance(move, Place):
        if not 0 <= move.card < len(game.codes):
            raise ValueError(f"{move.card!r} is not a card of this deck")
        text = f"{game.codes[move.card]} {game.space_name(move.space)}"
        return text if move.tidy else text + " leave"
    if isinstance(move, Housekeep):
        if move.space is None:
            return move.chore.value
        return f"{move.chore.value} {game.space_name(move.space)}"
    return "pass"


# --------------------------------------------------------------------------- reading moves


def parse_card(game: Table, token: str, text: str | None = None, offset: int = 0) -> Card:
    """The card written ``token`` (``srl1``, ``S-R-L-1`` or ``star-red-large-one``), found
    at ``offset`` of ``text`` (errors point there)."""
    low = token.lower()
    found = game.deck.code_index.get(low)
    if found is not None:
        return found
    where, attrs = token if text is None else text, game.attributes
    names = ", ".join(a.name for a in attrs)
    dashed = "-" in low
    parts = low.split("-") if dashed else list(low)
    if len(parts) != len(attrs):
        raise NotationError.at(
            f"card {token!r} needs {len(attrs)} parts, one per attribute ({names})" if dashed
            else f"{token!r} is not a card: a card has {len(attrs)} codes, one per attribute "
                 f"({names}), like {game.codes[0]!r}", where, offset)
    kind, at = [], offset
    for attribute, part in zip(attrs, parts, strict=True):
        if part in attribute.codes:
            kind.append(attribute.codes.index(part))
        elif dashed and part in attribute.values:
            kind.append(attribute.values.index(part))
        else:
            what = attribute.name if dashed else f"{attribute.name} code"
            hint = did_you_mean(part, attribute.values) if dashed else ""
            raise NotationError.at(f"{part!r} in card {token!r} is not a {what} "
                                   f"({_choices(attribute)})" + hint, where, at)
        at += len(part) + dashed
    return game.deck.kind_index[tuple(kind)]


def _choices(attribute: Attribute) -> str:
    return ", ".join(f"{c} = {v}" for c, v in zip(attribute.codes, attribute.values,
                                                 strict=True))


def parse_space(game: Table, token: str, text: str, offset: int) -> Space:
    """The space written ``token`` (``b2``), found at ``offset`` of ``text``."""
    p = game.params
    space = read_space(token, p.rows, p.columns)
    if space is None:
        last = chr(ord("a") + p.columns - 1)
        raise NotationError.at(
            f"{token!r} is not a space: write a column a-{last} and a row 1-{p.rows}, "
            f"like b2", text, offset)
    return space


def parse_move(game: Table, state: StarsAndBarsState, text: str) -> StarsAndBarsMove:
    """A move written in the notation (legal or not)."""
    del state  # a move reads the same in every position
    words = tokens(text, pattern=TOKEN)
    if not words:
        raise NotationError.at("empty move", text, 0)
    first = words[0]
    word = first.text.lower()

    def done(count: int) -> None:
        if len(words) > count:
            extra = words[count]
            raise NotationError.at(f"unexpected {extra.text!r} after the move", text,
                                   extra.offset)

    def need(index: int, what: str) -> Token:
        if len(words) <= index:
            raise NotationError.at(f"{what} expected after {first.text!r}", text, len(text))
        return words[index]

    if word == "pass":
        done(1)
        return PASS
    if word == Chore.CLEAR.value:
        done(1)
        return CLEAR
    if word in _CHORES:
        token = need(1, "a space")
        done(2)
        return Housekeep(_CHORES[word], parse_space(game, token.text, text, token.offset))
    card = parse_card(game, first.text, text, first.offset)
    index = 1
    if index < len(words) and words[index].text.lower() == "on":
        index += 1
    token = need(index, "a space")
    space = parse_space(game, token.text, text, token.offset)
    tidy = True
    if index + 1 < len(words) and words[index + 1].text.lower() == "leave":
        tidy = False
        index += 1
    done(index + 1)
    return Place(card, space, tidy)


# --------------------------------------------------------------------------- reading positions


def parse_state(game: Table, text: str) -> StarsAndBarsState:
    """A position written in the notation; errors point at the offending word."""
    return _Reader(game, text).read()


class _Reader:
    """Reads one position, keeping offsets so that errors point into the text."""

    def __init__(self, game: Table, text: str) -> None:
        self.game = game
        self.text = text
        self.keyed = Keyed(text, {}, [])  # the toolkit's context for located errors
        rows = game.params.rows
        self.rows: list[tuple[Stack, ...] | None] = [None] * rows
        self.row_at: list[int] = [0] * rows
        self.hands: list[tuple[Card, ...]] = [(), ()]
        self.scores = [0, 0]
        self.stock: Pile | None = None
        self.discard: Pile | None = None
        self.beginner: Player | None = None
        self.mover: Player | None = None
        self.round: int | None = None
        self.over_turn: int | None = None
        self.seen: dict[str, int] = {}
        #: every card token read, with its offset (for the "too many copies" check)
        self.cards: list[tuple[Card, int]] = []
        self.stacks_at: dict[Space, int] = {}

    def fail(self, message: str, offset: int) -> NotationError:
        return self.keyed.error(message, offset)

    def once(self, key: str, offset: int) -> None:
        if key in self.seen:
            raise self.fail(f"{key} is given twice", offset)
        self.seen[key] = offset

    def number(self, words: list[Token], index: int, key: str, expected: str, *,
               minimum: int = 0) -> int:
        """The whole number at ``words[index]`` (``expected`` says what is missing)."""
        if index >= len(words):
            end = words[-1].end if words else 0
            raise self.fail(f"{expected} expected", end)
        return number(self.keyed, words[index], key, minimum=minimum)

    def card(self, token: Token) -> Card:
        card = parse_card(self.game, token.text, self.text, token.offset)
        self.cards.append((card, token.offset))
        return card

    def bracket(self, words: list[Token], index: int) -> tuple[tuple[Card, ...], int]:
        """Cards between ``[`` at ``index`` and its ``]``; returns them and the next index."""
        out = []
        i = index + 1
        while i < len(words) and words[i].text != "]":
            token = words[i]
            if token.text == "[" or token.text.startswith("#"):
                raise self.fail(f"{token.text!r} inside a bracketed list of cards", token.offset)
            out.append(self.card(token))
            i += 1
        if i >= len(words):
            raise self.fail("'[' is never closed on this line", words[index].offset)
        return tuple(out), i + 1

    def read(self) -> StarsAndBarsState:
        for line, start in lines_with_offsets(self.text):
            words = tokens(self.text, start, start + len(line), pattern=TOKEN)
            if words:
                self.line(words)
        return self.finish()

    def line(self, words: list[Token]) -> None:
        columns = self.game.params.columns
        first = words[0]
        word = first.text.lower()
        letters = [chr(ord("a") + c) for c in range(columns)]
        if first.text.isdigit():
            self.board_row(words)
        elif word == "+" or [t.text.lower() for t in words] == letters:
            self.header(words)
        elif word in ("stock", "discard"):
            self.pile(word, words)
        elif word == "round":
            self.once("the round", first.offset)
            self.round = self.number(words, 1, "round", "a round number", minimum=1)
            if len(words) > 2:
                self.player_line(words[2:])
        elif word == "game":
            self.game_over(words)
        elif first.text.upper() in PLAYER_NAMES:
            self.player_line(words)
        else:
            raise self.fail(
                f"unexpected {first.text!r}: a line is a board row (its number first), a "
                f"player (P1, P2), stock, discard, round or game over"
                + did_you_mean(word, _LINE_WORDS), first.offset)

    def pile(self, word: str, words: list[Token]) -> None:
        """``stock 40``, ``discard [srl1 bbs2]``."""
        self.once(word, words[0].offset)
        pile: Pile
        if len(words) > 1 and words[1].text == "[":
            pile, after = self.bracket(words, 1)
        else:
            pile, after = self.number(words, 1, word, f"a {word} count or [cards]"), 2
        if after < len(words):
            raise self.fail(f"unexpected {words[after].text!r}", words[after].offset)
        if word == "stock":
            self.stock = pile
        else:
            self.discard = pile

    def game_over(self, words: list[Token]) -> None:
        """``game over`` or ``game over after turn 60``."""
        if len(words) < 2 or words[1].text.lower() != "over":
            raise self.fail("'game over' expected", words[0].offset)
        self.once("game over", words[0].offset)
        self.over_turn = 0
        if len(words) > 2:
            if [t.text.lower() for t in words[2:4]] != ["after", "turn"]:
                raise self.fail("'after turn N' expected", words[2].offset)
            self.over_turn = self.number(words, 4, "turn", "a turn count")
            if len(words) > 5:
                raise self.fail(f"unexpected {words[5].text!r}", words[5].offset)

    def header(self, words: list[Token]) -> None:
        """The column letters over the board: checked, then ignored."""
        columns = self.game.params.columns
        if words[0].text == "+":
            words = words[1:]
        letters = [chr(ord("a") + c) for c in range(columns)]
        for i, token in enumerate(words):
            if i >= len(letters) or token.text.lower() != letters[i]:
                raise self.fail(
                    f"the column header reads {' '.join(letters)}, not {token.text!r} here",
                    token.offset)
        if len(words) < len(letters):
            end = words[-1].offset + 1 if words else 0
            raise self.fail(f"the column header reads {' '.join(letters)}", end)

    def board_row(self, words: list[Token]) -> None:
        p = self.game.params
        label = words[0]
        row = int(label.text) - 1
        if not 0 <= row < p.rows:
            raise self.fail(f"row {label.text} is not on the board (rows 1-{p.rows})",
                            label.offset)
        if self.rows[row] is not None:
            raise self.fail(f"row {label.text} is given twice", label.offset)
        stacks: list[Stack] = []
        i = 1
        while i < len(words):
            token = words[i]
            text, where = token.text, token.offset
            space = row * p.columns + len(stacks)
            if len(stacks) == p.columns:
                raise self.fail(f"row {label.text} has more than {p.columns} spaces", where)
            self.stacks_at[space] = where
            if text == ".":
                stacks.append(EMPTY)
                i += 1
            elif text == "[":
                cards, i = self.bracket(words, i)
                stacks.append(Stack(cards))
            elif text.startswith("#"):  # face down: "#4" or "#[a b c d]"
                if text == "#" and (i + 1 >= len(words) or words[i + 1].text != "["):
                    raise self.fail("'#' is followed by a count or [cards]", where)
                cards, i = self.bracket(words, i + 1) if text == "#" else ((), i + 1)
                stack = Stack(cards, True, 0 if cards else int(text[1:] or 0))
                if not stack.size:
                    raise self.fail("a face-down stack holds at least one card", where)
                stacks.append(stack)
            elif text == "]":
                raise self.fail("']' without '['", where)
            else:
                stacks.append(Stack((self.card(token),)))
                i += 1
        if len(stacks) < p.columns:
            raise self.fail(
                f"row {label.text} has {len(stacks)} spaces, the board has {p.columns}",
                words[-1].end)
        self.rows[row] = tuple(stacks)
        self.row_at[row] = label.offset

    def player_line(self, words: list[Token]) -> None:
        name = words[0]
        if name.text.upper() not in PLAYER_NAMES:
            raise self.fail(f"a player (P1 or P2) expected, not {name.text!r}", name.offset)
        player = PLAYER_NAMES.index(name.text.upper())
        who = name.text.upper()
        if len(words) == 1:
            raise self.fail(
                f"'score', 'hand', 'began' or 'to move' expected after {name.text!r}",
                name.end)
        i = 1
        while i < len(words):
            token = words[i]
            word = token.text.lower()
            if word == "score":
                self.once(f"the score of {who}", token.offset)
                self.scores[player] = self.number(words, i + 1, "score", "a score")
                i += 2
            elif word == "hand":
                self.once(f"the hand of {who}", token.offset)
                rest = words[i + 1:]
                if [t.text for t in rest] == ["-"]:
                    rest = []
                self.hands[player] = tuple(sorted(self.card(t) for t in rest))
                i = len(words)
            elif word in ("began", "begins", "begin"):
                self.once("who began", token.offset)
                self.beginner = player
                i += 1
            elif word == "to" and i + 1 < len(words) and words[i + 1].text.lower() == "move":
                self.once("who is to move", token.offset)
                self.mover = player
                i += 2
            else:
                raise self.fail(
                    f"unexpected {token.text!r}: 'score N', 'hand CARDS', 'began' or "
                    f"'to move' expected" + did_you_mean(word, _PLAYER_WORDS), token.offset)

    def finish(self) -> StarsAndBarsState:
        game = self.game
        p = game.params
        end = len(self.text.rstrip())
        given = [r for r in self.rows if r is not None]
        if given and len(given) != p.rows:
            missing = self.rows.index(None) + 1
            first = min(at for at, row in zip(self.row_at, self.rows, strict=True) if row)
            raise self.fail(f"row {missing} of the board is missing", first)
        board = tuple(s for row in self.rows for s in (row or (EMPTY,) * p.columns))
        counts: Counter[Card] = Counter()
        for card, at in self.cards:
            counts[card] += 1
            if counts[card] > p.copies:
                raise self.fail(f"one {game.codes[card]} too many: the deck has {p.copies}", at)
        named = (sum(len(h) for h in self.hands) + sum(s.size for s in board)
                 + pile_size(self.stock) + pile_size(self.discard))
        if named > game.deck_size:
            where = self.seen.get("stock", self.seen.get("discard", end))
            raise self.fail(f"the position holds {named} cards, the deck only "
                            f"{game.deck_size}", where)
        rest = game.deck_size - named
        stock, discard = self.stock, self.discard
        if stock is None:
            stock, rest = rest, 0
        if discard is None:
            discard, rest = rest, 0
        if rest:
            raise self.fail(
                f"the position holds {named} cards, the deck {game.deck_size}: "
                f"{rest} are missing", self.seen["stock"])
        self.check_housekeeping(board, automatic=not p.manual_housekeeping)
        beginner = 0 if self.beginner is None else self.beginner
        if self.over_turn is not None:
            if self.mover is not None or self.round is not None:
                raise self.fail("a finished game has no round or player to move",
                                self.seen["game over"])
            turn = self.over_turn
        else:
            mover = beginner if self.mover is None else self.mover
            turn = 2 * ((self.round or 1) - 1) + (mover != beginner)
        return StarsAndBarsState(board, (self.hands[0], self.hands[1]),
                                 (self.scores[0], self.scores[1]), stock or (), discard or (),
                                 beginner, turn, self.over_turn is not None)

    def check_housekeeping(self, board: tuple[Stack, ...], *, automatic: bool) -> None:
        """Only centre stacks are ever face down; automatic housekeeping moreover never
        leaves a full face-up stack or an all face-down centre."""
        game = self.game
        for space, stack in enumerate(board):
            if automatic and not stack.face_down and stack.size >= game.params.stack_limit:
                raise self.fail(
                    f"a face-up stack of {stack.size} on {game.space_name(space)} would "
                    f"have been {'turned' if game.is_centre[space] else 'removed'} "
                    f"(housekeeping is automatic)", self.stacks_at[space])
            if stack.face_down and not game.is_centre[space]:
                raise self.fail(
                    f"{game.space_name(space)} is an outer space: only centre stacks "
                    f"are turned face down", self.stacks_at[space])
        if automatic and all(board[s].face_down for s in game.centre):
            raise self.fail(
                "every centre stack is face down, so they would have been cleared "
                "(housekeeping is automatic)", self.stacks_at[game.centre[-1]])

