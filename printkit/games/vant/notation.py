"""The notation of "I vant to be alone": positions and moves as text, read with the toolkit.

Position notation
=================
A position is a set of ``key: value`` lines in any order (``#`` starts a comment; keys
ignore case, and ``to_move`` or ``to-move`` read as ``to move``)::

    dealer: P2             # who dealt (default P2); the other player starts
    to move: P1            # optional: checked against the position ("-" once it is over)
    scores: P1 0, P2 12    # or "0 12"; default 0 each
    layout:
      7S  9D  .
      JH  8C  AH
    P1: 10H JS ? ?
    P2: ? ? ? ?

Rows of the layout follow ``layout:`` (``layout: -`` or no line at all when it is empty),
``.`` marking an empty cell; a level-two cell is ``QS/10H``, the card on top first, the
face-down card after the slash.  Words may be separated by spaces or commas.  A card is
its rank (``7 8 9 10 J Q K A``, ``T`` for ten) then its suit (``S H C D`` or ``♠ ♥ ♣ ♦``).
``?`` is a card of a hand that the position does not show; a hand line may be left out
(every card unknown), list only some cards, or be ``-`` when empty.  More keys:
``leader`` (who leads level two; found from the scores when it can be), ``pending``
(points the player to move may still claim, ``strict_claims`` only) and ``turn``
(decisions taken, written only when claims made it differ from the cards played).
The stock is never written: it is every card neither on the table nor in a known hand.

Move notation
=============
``10H`` (the first card; ``10H anywhere`` also reads), ``10H below 8C`` (or ``above``,
``left of``, ``right of``; ``left-of`` and ``left 8C`` also read; or ``at b3``, ``a1`` being
the top-left cell of the layout as written), ``QS on 10H`` at level two, and ``claim`` /
``pass`` with ``strict_claims``.

>>> from printkit.games.vant.rules import Vant
>>> state = Vant().parse_state("layout:\\n  7S  9D\\nP1: 10H ? ?")
>>> format_move(state, parse_move(state, "10h left 7s"))
'10H left of 7S'
"""

from __future__ import annotations

import re

from printkit.errors import did_you_mean
from printkit.games.vant.engine_needs import Table
from printkit.games.vant.state import (
    CARD_HELP,
    CLAIM,
    EMPTY_CELLS,
    PASS,
    PLAYER_NAMES,
    STEPS,
    Card,
    Cells,
    Place,
    VantMove,
    VantState,
    card_name,
    connected,
    hand_size,
    inside,
    leader_by_rule,
    read_card,
)
from printkit.rules.base import NotationError, Player
from printkit.rules.notation import (
    Keyed,
    KeyedLine,
    Token,
    normal_key,
    number,
    player,
    read_keyed,
    tokens,
)

WORDS = re.compile(r"[^\s,]+")
"""Words of the notation: separated by spaces or commas."""

_KEYS = ("dealer", "leader", "to move", "scores", "pending", "turn", "layout", "p1", "p2")
_NOBODY = ("-", "none", "nobody")
_OFFSETS = {"below": (1, 0), "above": (-1, 0), "left of": (0, -1), "right of": (0, 1)}
_PLACE_WORDS = (*_OFFSETS, "on")

# --------------------------------------------------------------------------- moves


def cell_phrase(state: VantState, row: int, col: int) -> str | None:
    """How a move names the cell (``below 8C``, ``on 10H``, ``at b3``), or ``None``."""
    if state.placed == 0:
        return "anywhere" if (row, col) == (0, 0) else None
    if state.placed == 16 and inside(row, col):
        i = row * 4 + col
        shown = state.lower[i] if state.upper[i] is None else state.upper[i]
        return f"on {card_name(shown)}" if shown is not None else None
    for dr, dc, word in STEPS:
        r, c = row + dr, col + dc
        if inside(r, c) and (near := state.lower[r * 4 + c]) is not None:
            return f"{word} {card_name(near)}"
    if inside(row, col):
        return f"at {'abcd'[col]}{row + 1}"
    return None


def move_text(state: VantState, move: VantMove) -> str:
    """``move`` in words, even when its cell cannot be named (``10H at row 5, column 0``)."""
    if not isinstance(move, Place):
        return move.kind.value
    phrase = cell_phrase(state, move.row, move.col)
    name = card_name(move.card)
    if phrase is None:
        return f"{name} at row {move.row}, column {move.col}"
    return name if phrase == "anywhere" else f"{name} {phrase}"


def format_move(state: VantState, move: VantMove) -> str:
    """``move`` as :func:`parse_move` reads it back; ``ValueError`` if its cell has no name."""
    if isinstance(move, Place) and cell_phrase(state, move.row, move.col) is None:
        raise ValueError(f"the cell ({move.row}, {move.col}) cannot be named in this layout")
    return move_text(state, move)


def parse_move(state: VantState, text: str) -> VantMove:
    """Read a move in the context of ``state`` (it need not be legal)."""
    words = tokens(text, pattern=WORDS)
    if not words:
        raise NotationError.at("expected a move such as '10H below 8C'", text, 0)
    first = words[0]
    word = first.text.lower()
    if word in ("claim", "pass"):
        if len(words) > 1:
            raise NotationError.at(f"unexpected {words[1].text!r} after {first.text!r}",
                                   text, words[1].offset)
        return CLAIM if word == "claim" else PASS
    card = read_card_at(text, first)
    rest = words[1:]
    if not rest or (len(rest) == 1 and rest[0].text.lower() == "anywhere"):
        if state.placed:
            raise NotationError.at(f"say where {card_name(card)} goes, e.g. "
                                   f"'{card_name(card)} below 8C'", text, len(text.rstrip()))
        return Place(card, 0, 0)
    word, at = rest[0].text.lower(), rest[0].offset
    rest = rest[1:]
    if word in ("left-of", "right-of"):
        word = word.replace("-", " ")
    elif word in ("left", "right"):
        if rest and rest[0].text.lower() == "of":
            rest = rest[1:]
        word += " of"
    if word == "at":
        return _place_at(text, card, rest)
    if word not in _PLACE_WORDS:
        raise NotationError.at(
            f"expected one of {', '.join(_PLACE_WORDS)} or at, found {word!r}"
            + did_you_mean(word, [*_PLACE_WORDS, "at"]), text, at)
    if word != "on" and state.placed == 16:
        raise NotationError.at(f"at level two a card goes on top of another: write "
                               f"'{card_name(card)} on' and the card it covers", text, at)
    if not rest:
        raise NotationError.at(f"expected a card after {word!r}", text, len(text.rstrip()))
    if len(rest) > 1:
        raise NotationError.at(f"unexpected {rest[1].text!r}", text, rest[1].offset)
    near = read_card_at(text, rest[0])
    cell = next((i for i in range(16) if near in (state.lower[i], state.upper[i])), None)
    if cell is None:
        raise NotationError.at(f"{card_name(near)} is not in the layout", text, rest[0].offset)
    row, col = divmod(cell, 4)
    if word == "on":
        return Place(card, row, col)
    dr, dc = _OFFSETS[word]
    return Place(card, row + dr, col + dc)


def _place_at(text: str, card: Card, rest: list[Token]) -> Place:
    """``at b3``: the cell by column letter and row number of the layout as written."""
    if len(rest) != 1:
        raise NotationError.at("expected a cell such as 'b3' after 'at'", text,
                               rest[1].offset if rest else len(text.rstrip()))
    match = re.fullmatch(r"([a-dA-D])([1-4])", rest[0].text)
    if match is None:
        raise NotationError.at(f"{rest[0].text!r} is not a cell: columns a-d, rows 1-4",
                               text, rest[0].offset)
    return Place(card, int(match.group(2)) - 1, "abcd".index(match.group(1).lower()))


def read_card_at(text: str, token: Token) -> Card:
    """The card ``token`` names; an error pointing at it if it names none."""
    card = read_card(token.text)
    if card is None:
        raise NotationError.at(f"{token.text!r} is not a card: {CARD_HELP}", text, token.offset)
    return card


# --------------------------------------------------------------------------- writing positions


def format_state(game: Table, state: VantState) -> str:
    """The whole position, every known card shown."""
    return _write(game, state, state.hands, state.hidden)


def view(game: Table, state: VantState, viewer: Player) -> str:
    """The position as ``viewer`` sees it: the other hand's cards become ``?``."""
    other = 1 - viewer
    hands, hidden = list(state.hands), list(state.hidden)
    hidden[other] += len(hands[other])
    hands[other] = frozenset()
    return _write(game, state, (hands[0], hands[1]), (hidden[0], hidden[1]))


def _write(game: Table, state: VantState, hands: tuple[frozenset[Card], frozenset[Card]],
           hidden: tuple[int, int]) -> str:
    names = game.player_names(state)
    lines = [f"dealer: {names[state.dealer]}"]
    if state.leader is not None:
        lines.append(f"leader: {names[state.leader]}")
    if not game.is_terminal(state):
        lines.append(f"to move: {names[game.to_move(state)]}")
    lines.append(f"scores: {names[0]} {state.scores[0]}, {names[1]} {state.scores[1]}")
    if state.pending:
        lines.append(f"pending: {state.pending}")
    if state.turn != state.placed + state.covered:
        lines.append(f"turn: {state.turn}")
    if state.placed:
        lines.append("layout:")
        lines.extend(_layout_rows(state))
    for p in (0, 1):
        shown = [card_name(c) for c in sorted(hands[p])] + ["?"] * hidden[p]
        lines.append(f"{names[p]}: {' '.join(shown) if shown else '-'}")
    return "\n".join(lines) + "\n"


def _layout_rows(state: VantState) -> list[str]:
    filled = [i for i in range(16) if state.lower[i] is not None]
    height = max(i // 4 for i in filled) + 1
    width = max(i % 4 for i in filled) + 1
    grid: list[list[str]] = []
    for r in range(height):
        row = []
        for c in range(width):
            lo, up = state.lower[r * 4 + c], state.upper[r * 4 + c]
            text = "." if lo is None else card_name(lo)
            if up is not None:
                text = f"{card_name(up)}/{text}"
            row.append(text)
        grid.append(row)
    widths = [max(len(row[c]) for row in grid) for c in range(width)]
    return ["  " + "  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
            for row in grid]


# --------------------------------------------------------------------------- reading positions


def parse_state(game: Table, text: str) -> VantState:
    """Read a position; every error points at the word it is about."""
    return _Reader(game, text).state()


def _key_of(written: str) -> str | None:
    """``to_move`` is ``to move``."""
    key = normal_key(written.replace("_", " "))
    return key if key in _KEYS else None


def _cut(text: str) -> tuple[Keyed, list[list[Token]]]:
    """The keyed lines, and the rows of the layout (the lines without a key after
    ``layout:``).  A line whose key the toolkit does not see as one (``to-move: P1``,
    ``dealr: P2``) arrives as a row and is read, or refused, as a key here."""
    keyed = read_keyed(text, keys=_KEYS, key_of=_key_of, rows=True, continued=False)
    for keyed_line in keyed.lines.values():
        keyed_line.rows = [_words(row) for row in keyed_line.rows]
    entries: list[tuple[int, KeyedLine | None, list[Token]]] = [
        (line.key_offset, line, []) for line in keyed.lines.values()]
    entries += [(row[0].offset, None, row) for row in keyed.rows]
    rows: list[list[Token]] = []
    in_layout = False
    for offset, found, row in sorted(entries, key=lambda entry: entry[0]):
        line = found or _key_line(keyed, offset)
        if line is None:
            if not in_layout:
                raise keyed.error("expected 'key: value', found "
                                  f"{' '.join(t.text for t in row)!r}", offset)
            if words := _words(row):
                rows.append(words)
            continue
        in_layout = line.key == "layout"
        if in_layout and line.tokens and line.tokens[0].text.lower() not in ("empty", "-"):
            raise keyed.error("put the rows of the layout on the lines below 'layout:'",
                              line.tokens[0].offset)
    return keyed, rows


def _words(row: list[Token]) -> list[Token]:
    """A row of white-space separated tokens cut at commas as well."""
    return [Token(m.group(), t.offset + m.start()) for t in row for m in WORDS.finditer(t.text)]


def _key_line(keyed: Keyed, offset: int) -> KeyedLine | None:
    """The line at ``offset`` read as a key line when it has a colon (added to ``keyed``),
    else ``None``."""
    text = keyed.text
    body = text[offset:].split("\n", 1)[0].split("#", 1)[0]
    colon = body.find(":")
    if colon < 0:
        return None
    raw = body[:colon]
    key = normal_key(raw.replace("_", " ").replace("-", " "))
    if key not in _KEYS:
        raise keyed.error(f"unknown key {raw.strip()!r}" + did_you_mean(key, _KEYS), offset)
    if key in keyed.lines:
        raise keyed.error(f"{raw.strip()!r} is given twice", offset)
    value_at = offset + colon + 1
    line = KeyedLine(key, raw.strip(), offset, value_at,
                     [tokens(text, value_at, offset + len(body), pattern=WORDS)])
    keyed.lines[key] = line
    return line


class _Reader:
    """Reads one position, remembering where each card was so errors can point at it."""

    def __init__(self, game: Table, text: str) -> None:
        self.game = game
        self.text = text
        self.keyed, self.rows = _cut(text)
        self.seen: dict[Card, int] = {}

    def fail(self, message: str, offset: int) -> NotationError:
        return NotationError.at(message, self.text, offset)

    def at(self, key: str) -> int:
        """Where the line of ``key`` starts."""
        return self.keyed[key].key_offset

    def player(self, token: Token) -> Player:
        return player(self.keyed, token, PLAYER_NAMES)

    def card(self, token: str, at: int) -> Card:
        card = read_card_at(self.text, Token(token, at))
        if card in self.seen:
            raise self.fail(f"{card_name(card)} appears twice", at)
        self.seen[card] = at
        return card

    def layout(self) -> tuple[Cells, Cells, dict[int, int]]:
        """The two levels, in the frame, and where each filled cell was written."""
        if not self.rows:
            return EMPTY_CELLS, EMPTY_CELLS, {}
        width = len(self.rows[0])
        grid: list[list[tuple[Card | None, Card | None, int]]] = []
        for written in self.rows:
            if len(written) != width:
                raise self.fail(f"this row has {len(written)} cells but the first has {width}",
                                written[0].offset)
            cells: list[tuple[Card | None, Card | None, int]] = []
            for token in written:
                at, (above, slash, below) = token.offset, token.text.partition("/")
                if token.text in (".", "-"):
                    cells.append((None, None, at))
                elif slash:
                    cover = self.card(above, at)
                    cells.append((self.card(below, at + len(above) + 1), cover, at))
                else:
                    cells.append((self.card(token.text, at), None, at))
            grid.append(cells)
        used_rows = [r for r, row in enumerate(grid) if any(c[0] is not None for c in row)]
        used_cols = [c for c in range(width) if any(row[c][0] is not None for row in grid)]
        if not used_rows:
            return EMPTY_CELLS, EMPTY_CELLS, {}
        top, left = used_rows[0], used_cols[0]
        height, wide = used_rows[-1] - top + 1, used_cols[-1] - left + 1
        if height > 4 or wide > 4:
            raise self.fail(f"the layout spans {height} rows and {wide} columns; "
                            "it must fit in 4 x 4", self.at("layout"))
        lower: list[Card | None] = [None] * 16
        upper: list[Card | None] = [None] * 16
        where: dict[int, int] = {}
        for r in range(height):
            for c in range(wide):
                first, second, written_at = grid[top + r][left + c]
                lower[r * 4 + c], upper[r * 4 + c] = first, second
                if first is not None:
                    where[r * 4 + c] = written_at
        return tuple(lower), tuple(upper), where

    def state(self) -> VantState:
        game, keyed = self.game, self.keyed
        lower, upper, where = self.layout()
        placed, covered = 16 - lower.count(None), 16 - upper.count(None)
        reached = connected(lower)
        loose = [i for i in where if i not in reached]
        if loose:
            raise self.fail(f"{card_name(lower[loose[0]] or 0)} is not joined to the rest of "
                            "the layout", where[loose[0]])
        if covered and placed < 16:
            first = next(i for i in range(16) if upper[i] is not None)
            raise self.fail("level two starts only when the square holds 16 cards",
                            where[first])
        dealer = 1 if (token := keyed.one("dealer")) is None else self.player(token)
        scores = self.read_scores() if "scores" in keyed else (0, 0)
        pending = 0
        if (token := keyed.one("pending")) is not None:
            pending = number(keyed, token, "pending", minimum=0)
            if pending and not game.params.strict_claims:
                raise self.fail("pending points exist only with strict_claims", token.offset)
            if pending and not placed:
                raise self.fail("nothing has been played yet", token.offset)
        told = keyed.one("to move")
        to_move = None if told is None or told.text.lower() in _NOBODY else self.player(told)
        leader = self.read_leader(placed, covered, pending, scores, dealer, to_move)
        turn = placed + covered
        if (token := keyed.one("turn")) is not None:
            turn = number(keyed, token, "turn", minimum=0)
            if not placed + covered <= turn <= 2 * (placed + covered):
                raise self.fail(f"after {placed + covered} cards the turn is between "
                                f"{placed + covered} and {2 * (placed + covered)}",
                                token.offset)

        hands: list[frozenset[Card]] = []
        hidden: list[int] = []
        for p, key in enumerate(("p1", "p2")):
            size = hand_size(placed, covered, p, dealer, leader)
            known, unknown = self.read_hand(key)
            if len(known) > size or (unknown is not None and len(known) + unknown != size):
                raise self.fail(f"{key.upper()} holds {size} cards at this point, not "
                                f"{len(known) + (unknown or 0)}", self.at(key))
            hands.append(frozenset(known))
            hidden.append(size - len(known))
        state = VantState(lower, upper, (hands[0], hands[1]), (hidden[0], hidden[1]), scores,
                          dealer, leader, pending, turn)
        if told is not None:
            actual = None if game.is_terminal(state) else game.current_player(state)
            if actual != to_move:
                said = "nobody (the game is over)" if actual is None else \
                    game.player_names(state)[actual]
                raise self.fail(f"the player to move here is {said}", told.offset)
        return state

    def read_scores(self) -> tuple[int, int]:
        line = self.keyed["scores"]
        values = line.tokens
        if len(values) == 2 and all(v.text.isdigit() for v in values):
            return int(values[0].text), int(values[1].text)
        if len(values) == 4:
            got: dict[Player, int] = {}
            for name, value in (values[0:2], values[2:4]):
                p = self.player(name)
                if p in got:
                    raise self.fail(f"{PLAYER_NAMES[p]} is scored twice", name.offset)
                got[p] = number(self.keyed, value, "scores", minimum=0)
            return got[0], got[1]
        raise self.fail("write the scores as 'P1 3, P2 0' (or '3 0')",
                        values[0].offset if values else line.key_offset)

    def read_leader(self, placed: int, covered: int, pending: int, scores: tuple[int, int],
                    dealer: Player, to_move: Player | None) -> Player | None:
        given = self.keyed.one("leader")
        said = None if given is None else self.player(given)
        if placed < 16 or (covered == 0 and pending):
            if given is not None:
                raise self.fail("the leader is not known yet: level one is not settled",
                                given.offset)
            return None
        if covered == 0:
            rule = leader_by_rule(scores, dealer)
            if said is not None and said != rule:
                raise self.fail(f"by the scores and the dealer, {PLAYER_NAMES[rule]} "
                                "leads level two", given.offset if given else 0)
            return rule
        implied = None if to_move is None else to_move if covered % 2 == 0 else 1 - to_move
        if said is None:
            if implied is None:
                raise self.fail("level two has begun: say who led it ('leader: P1')",
                                self.at("layout"))
            return implied
        if implied is not None and implied != said:
            raise self.fail(f"with {PLAYER_NAMES[said]} leading, the player to move "
                            "would be the other one", given.offset if given else 0)
        return said

    def read_hand(self, key: str) -> tuple[list[Card], int | None]:
        """The known cards of a hand and how many ``?`` (``None`` without a hand line)."""
        line = self.keyed.get(key)
        if line is None:
            return [], None
        known: list[Card] = []
        unknown: int | None = None
        for token in line.tokens:
            if token.text == "?":
                unknown = (unknown or 0) + 1
            elif token.text != "-":
                known.append(self.card(token.text, token.offset))
        return known, unknown

