"""Stars and Stripes' notation: positions and moves as text, read with the shared toolkit.

Squares are written ``row,col`` (0-based, row 0 is the north edge).  Players are named by
their home square (``NW``, ``NE``, ``SE``, ``SW``, or ``N``/``E``/``S``/``W`` for the middle of
an edge); when some home is given as a bare ``row:col`` every player is named ``P1``,
``P2``... in seating order.

Position notation
=================
One line per board row, north to south, one token per square separated by any whitespace::

    .            empty square
    I:2*2        an independent: stars*stripes
    NW:5*6       a follower of NW
    TRUMP        the unclaimed Trump (always on the centre square)
    TRUMP:NE     the Trump, held by NE

With two or more decks a card carries its deck letter (``5*6A``, ``5*6B`` ...); a card
written without one is from deck A.  The rows are followed by ``key: value`` lines in any
order (``#`` starts a comment, letter case and spacing in keys do not matter)::

    to move: NE          the player whose turn it is, or "none" once the game is over (required)
    first: NW            who opens each round (default: the player to move)
    placed: yes          whether a card was placed earlier in this round (default: no)
    turn: 17             turns taken so far (default: 0)
    hand NE: 1*3 6*4     a hand, in any order; "-" for an empty hand, "?" for an unknown one

A player without a ``hand`` line has an *unknown* hand: it may hold any card that is neither
on the board nor in a listed hand, so booklet examples need not invent hands (see the
rulings in :mod:`printkit.games.stars_and_stripes.rules`).  ``view`` writes the hands a
player cannot see as unknown, with their size in a comment.

The seed's position "NE is blocked", as an example::

    NW:5*6 NW:5*4 NW:4*4 .      NE:6*6 NE:6*5 NE:6*1
    NW:5*5 .      .      I:2*2  .      NE:6*3 .
    NW:3*5 .      .      .      .      .      I:1*4
    .      .      .      TRUMP  .      .      .
    .      .      SW:4*1 .      .      .      SE:6*2
    .      .      SW:1*1 .      I:5*1  .      SE:4*2
    SW:4*6 SW:2*6 SW:1*6 .      .      SE:3*2 SE:5*2
    to move: NE

A position must be one some game could lead to: homes held by their players, each
player's followers linked to their home, no two players' followers sharing an edge,
independents alone, the matching rule kept (except next to the Trump holder's followers),
the Trump held exactly when a follower touches it.

Move notation
=============
``F 2,5 1*3`` places 1*3 on square 2,5 as a follower; ``I 3,0 2*2`` places 2*2 on 3,0 as an
independent; ``X SE`` exchanges a random card with SE; ``pass``.  The words ``follower``,
``independent`` and ``exchange`` may replace the letters, letter case does not matter, and a
square may be written ``(2, 5)``.

>>> from printkit.games.stars_and_stripes.rules import StarsAndStripes
>>> game = StarsAndStripes()
>>> move = parse_move(game, "follower (2, 5) 1*3")
>>> move.square, game.card_text(move.card), format_move(game, move)
(19, '1*3', 'F 2,5 1*3')
"""

from __future__ import annotations

import functools
import re
from typing import Final

from printkit.games.stars_and_stripes.engine_needs import Table
from printkit.games.stars_and_stripes.state import (
    DECK_LETTERS,
    EMPTY,
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    PASS,
    PASS_MOVE,
    STARS_MAX,
    TRUMP,
    Card,
    Square,
    StarsAndStripesMove,
    StarsAndStripesState,
    card_values,
    cards_match,
    geometry,
    is_move,
    squares_of,
)
from printkit.rules.base import NO_PLAYER, NotationError, Player
from printkit.rules.notation import (
    Keyed,
    Token,
    choice,
    player,
    read_keyed,
    single,
    tokens,
)

KEYS: Final = ("to move", "first", "placed", "turn")
"""The keys of a position besides ``hand <player>``."""

_CARD_RE: Final = re.compile(r"([0-9]+)\*([0-9]+)([A-Za-z]?)")
_SQUARE_RE: Final = re.compile(r"(\()?\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)(?(1)\s*\))")
_WORD_RE: Final = re.compile(r"\S+")
_YES_NO: Final = {"yes": True, "no": False}


# --------------------------------------------------------------------------- cards and squares


@functools.cache
def card_texts(decks: int) -> tuple[str, ...]:
    """Every card id's text with ``decks`` decks (``5*6``; ``5*6B`` with several decks)."""
    multi = decks > 1
    return tuple(f"{s}*{t}" + (DECK_LETTERS[d] if multi else "")
                 for s, t, d in map(card_values, range(36 * decks)))


@functools.cache
def _card_lookup(decks: int) -> dict[str, Card]:
    lookup: dict[str, Card] = {}
    for c in range(36 * decks):
        s, t, d = card_values(c)
        lookup[f"{s}*{t}{DECK_LETTERS[d]}"] = c
        if d == 0:
            lookup[f"{s}*{t}"] = c
    return lookup


def parse_card(decks: int, word: str, text: str, offset: int) -> Card:
    """The card ``word`` (found at ``offset`` of ``text``) names in a game of ``decks``."""
    card = _card_lookup(decks).get(word.upper())
    if card is not None:
        return card
    match = _CARD_RE.fullmatch(word)
    if match is None:
        raise NotationError.at(
            f"expected a card such as 5*6 (stars*stripes), not {word!r}", text, offset)
    stars, stripes = int(match.group(1)), int(match.group(2))
    if not (1 <= stars <= STARS_MAX and 1 <= stripes <= STARS_MAX):
        raise NotationError.at(
            f"card {word!r}: stars and stripes go from 1 to {STARS_MAX}", text, offset)
    raise NotationError.at(f"card {word!r}: the deck letter must be one of "
                           f"{', '.join(DECK_LETTERS[:decks])}", text, offset)


def card_words(decks: int, text: str) -> list[Card]:
    """Every card written in ``text`` (separated by white space)."""
    return [parse_card(decks, t.text, text, t.offset) for t in tokens(text)]


def parse_square(game: Table, text: str) -> Square:
    """A square written alone (``2,5`` or ``(2, 5)``); ``ValueError`` if it is not one on
    the board."""
    match = _SQUARE_RE.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"expected a square row,col, not {text!r}")
    row, col = int(match.group(2)), int(match.group(3))
    if not (0 <= row < game.size and 0 <= col < game.size):
        raise ValueError(f"square {row},{col} is off the board")
    return row * game.size + col


def _player(game: Table, keyed: Keyed, token: Token) -> Player:
    return player(keyed, token, game.names)


# --------------------------------------------------------------------------- positions


def format_state(game: Table, state: StarsAndStripesState,
                 viewer: Player | None = None) -> str:
    """The position in notation; as ``viewer`` sees it (other known hands masked) if given."""
    lines = _board_text(game, state)
    lines.append(f"to move: {_player_text(game, state.to_move)}")
    lines.append(f"first: {_player_text(game, state.first)}")
    lines.append(f"placed: {'yes' if state.placed else 'no'}")
    lines.append(f"turn: {state.turn}")
    for seat, hand in enumerate(state.hands):
        if viewer is None or seat == viewer or hand is None:
            text = _hand_text(game, hand)
        else:
            text = f"?  # {len(hand)} card{'s' if len(hand) != 1 else ''}"
        lines.append(f"hand {game.names[seat]}: {text}")
    return "\n".join(lines) + "\n"


def hidden_from(game: Table, state: StarsAndStripesState,
                player: Player) -> set[str]:
    """The cards of the other players' known hands, which ``player``'s view must not show
    (an unknown hand hides nothing: its cards are unknown to everybody)."""
    secret: set[str] = set()
    for seat, hand in enumerate(state.hands):
        if seat != player and hand is not None:
            secret.update(game.card_text(c) for c in hand)
    own = state.hands[player]
    return secret - {game.card_text(c) for c in own} if own is not None else secret


def _player_text(game: Table, seat: Player) -> str:
    return game.names[seat] if seat >= 0 else "none"


def _cell_text(game: Table, state: StarsAndStripesState, square: Square) -> str:
    card = state.cells[square]
    if card == EMPTY:
        return "."
    if card == TRUMP:
        holder = state.trump_holder
        return "TRUMP" if holder < 0 else f"TRUMP:{game.names[holder]}"
    bit = 1 << square
    for seat, mask in enumerate(state.followers):
        if mask & bit:
            return f"{game.names[seat]}:{game.card_text(card)}"
    return f"I:{game.card_text(card)}"


def _hand_text(game: Table, hand: tuple[Card, ...] | None) -> str:
    if hand is None:
        return "?"
    return " ".join(game.card_text(c) for c in hand) if hand else "-"


def _board_text(game: Table, state: StarsAndStripesState) -> list[str]:
    words = [_cell_text(game, state, s) for s in range(len(state.cells))]
    width = max(len(t) for t in words)
    n = game.size
    return [" ".join(t.ljust(width) for t in words[r * n:(r + 1) * n]).rstrip()
            for r in range(n)]


def _hand_key(written: str) -> str | None:
    """``hand <player>`` lines are filed under ``hand <player>`` in lower case."""
    words = written.split()
    if len(words) == 2 and words[0].lower() == "hand":
        return f"hand {words[1].lower()}"
    return None


def parse_state(game: Table, text: str) -> StarsAndStripesState:
    """Read a position; raises :class:`NotationError` pointing at the offending word."""
    keyed = read_keyed(text, keys=KEYS, key_of=_hand_key, rows=True, continued=False)
    n = game.size
    decks = game.params.decks
    rows = keyed.rows
    if len(rows) != n:
        where = rows[n][0].offset if len(rows) > n else len(text)
        raise keyed.error(f"the board needs {n} rows of {n} squares, found {len(rows)} rows",
                          where)
    cells = [EMPTY] * (n * n)
    owner = [NO_PLAYER] * (n * n)
    where_at = [0] * (n * n)
    holder = NO_PLAYER
    seen: set[Card] = set()
    for r, row in enumerate(rows):
        if len(row) != n:
            where = row[n].offset if len(row) > n else row[-1].end
            raise keyed.error(f"row {r} needs {n} squares, found {len(row)}", where)
        for c, token in enumerate(row):
            square = r * n + c
            word, pos = token.text, token.offset
            where_at[square] = pos
            if word == ".":
                continue
            label, colon, rest = word.partition(":")
            after = pos + len(label) + 1
            if label.upper() == "TRUMP":
                if square != game.centre:
                    raise keyed.error(f"the Trump lies on the centre square "
                                      f"{game.square_text(game.centre)}", pos)
                cells[square] = TRUMP
                if colon:
                    holder = _player(game, keyed, Token(rest, after))
                continue
            if not colon:
                card = parse_card(decks, word, text, pos)
                written = game.card_text(card)
                raise keyed.error(f"say whose card {word!r} is: I:{written} for an "
                                  f"independent or <player>:{written} for a follower", pos)
            card = parse_card(decks, rest, text, after)
            if card in seen:
                raise keyed.error(f"card {rest!r} appears twice", after)
            seen.add(card)
            cells[square] = card
            if label.upper() != "I":
                owner[square] = _player(game, keyed, Token(label, pos))
    if cells[game.centre] != TRUMP:
        raise keyed.error(f"the centre square {game.square_text(game.centre)} must hold "
                          "the Trump", where_at[game.centre])
    hands = _hands(game, keyed, seen)
    mover = single(keyed, keyed.require("to move", "to move: NE"), "one player, or none")
    to_move = NO_PLAYER if mover.text.lower() == "none" else _player(game, keyed, mover)
    first_token = keyed.one("first", "one player")
    first = _player(game, keyed, first_token) if first_token else max(to_move, 0)
    placed_token = keyed.one("placed", "yes or no")
    placed = choice(keyed, placed_token, _YES_NO, "'placed'") if placed_token else False
    turn = keyed.number("turn", 0, minimum=0)
    followers = [0] * game.players
    for square, seat in enumerate(owner):
        if seat >= 0:
            followers[seat] |= 1 << square
    state = game.build_state(tuple(cells), tuple(followers), tuple(hands), to_move, first,
                             placed, turn, holder)
    problem = impossibility(game, state)
    if problem is not None:
        message, square = problem
        raise keyed.error(message, where_at[square])
    return state


def _hands(game: Table, keyed: Keyed,
           seen: set[Card]) -> list[tuple[Card, ...] | None]:
    """The hands of the ``hand`` lines (None for a player without one, or with ``?``)."""
    hands: list[tuple[Card, ...] | None] = [None] * game.players
    for line in keyed.lines.values():
        if line.key in KEYS:
            continue
        name = line.written.split()[-1]
        seat = _player(game, keyed, Token(name, line.key_offset + line.written.rindex(name)))
        found = line.tokens
        if not found:
            raise keyed.error("write '-' for an empty hand or '?' for an unknown one",
                              line.value_offset)
        if len(found) == 1 and found[0].text == "?":
            continue
        if len(found) == 1 and found[0].text == "-":
            hands[seat] = ()
            continue
        cards = []
        for token in found:
            card = parse_card(game.params.decks, token.text, keyed.text, token.offset)
            if card in seen:
                raise keyed.error(f"card {token.text!r} is already on the board or in a hand",
                                  token.offset)
            seen.add(card)
            cards.append(card)
        hands[seat] = tuple(sorted(cards))
    return hands


def impossibility(game: Table,
                  state: StarsAndStripesState) -> tuple[str, Square] | None:
    """Something no game could have led to, with the square to point at, or None."""
    geo = geometry(game.size)
    trump_bit = 1 << game.centre
    trump_adjacent = geo.edge_mask[game.centre]
    sq = game.square_text
    names = game.names
    cells = state.cells
    for seat, home in enumerate(game.home_indices):
        if not state.followers[seat] >> home & 1:
            return f"{names[seat]}'s home square {sq(home)} must hold a follower of " \
                   f"{names[seat]}", home
    for seat, home in enumerate(game.home_indices):
        reached = todo = 1 << home
        mine = state.followers[seat]
        while todo:
            low = todo & -todo
            todo ^= low
            step = geo.edge_mask[low.bit_length() - 1] & mine & ~reached
            reached |= step
            todo |= step
        stray = mine & ~reached
        if stray:
            s = squares_of(stray)[0]
            return f"follower of {names[seat]} on {sq(s)} is not linked to {names[seat]}'s " \
                   "home", s
    for seat, mask in enumerate(state.followers):
        others = 0
        for other, theirs in enumerate(state.followers):
            if other != seat:
                others |= theirs
        for s in squares_of(mask):  # at a corner they may, after a capture (any option)
            if geo.edge_mask[s] & others:
                return f"followers of two players touch at {sq(s)}", s
    ind = state.independents
    for s in squares_of(ind):
        if geo.edge_mask[s] & (state.occupied & ~trump_bit):
            return f"independent on {sq(s)} shares an edge with a card", s
        if geo.king_mask[s] & (ind | trump_bit):
            return f"independent on {sq(s)} touches an independent or the Trump", s
    holder = state.trump_holder
    for seat, mask in enumerate(state.followers):
        if mask & trump_adjacent:
            s = squares_of(mask & trump_adjacent)[0]
            if holder < 0:
                return f"a follower on {sq(s)} touches the Trump, so the Trump is held", s
            if holder != seat and game.params.trump_exclusive == "forbid":
                return f"a follower on {sq(s)} touches the Trump that {names[holder]} holds", s
    if holder >= 0 and not state.followers[holder] & trump_adjacent:
        return f"{names[holder]} holds the Trump without a follower next to it", game.centre
    exempt = state.followers[holder] if holder >= 0 else 0
    for s, card in enumerate(cells):
        if card < 0:
            continue
        for near in geo.edge[s]:
            other = cells[near]
            if (near > s and other >= 0 and not cards_match(card, other)
                    and not (exempt >> s & 1 or exempt >> near & 1)):
                return f"cards on {sq(s)} and {sq(near)} break the matching rule", near
    return None


# --------------------------------------------------------------------------- moves


def format_move(game: Table, move: StarsAndStripesMove) -> str:
    """A move in notation; ``ValueError`` for something that is not a move of this game."""
    if not is_move(move):
        raise ValueError(f"not a move of Stars and Stripes: {move!r}")
    kind, square, card, opponent = move
    if kind in (FOLLOWER, INDEPENDENT):
        if not (0 <= square < game.size * game.size and 0 <= card < game.n_cards):
            raise ValueError(f"not a placement on this board: {move!r}")
        letter = "F" if kind == FOLLOWER else "I"
        return f"{letter} {game.square_text(square)} {game.card_text(card)}"
    if kind == EXCHANGE and 0 <= opponent < game.players:
        return f"X {game.names[opponent]}"
    if kind == PASS:
        return "pass"
    raise ValueError(f"not a move of Stars and Stripes: {move!r}")


def parse_move(game: Table, text: str) -> StarsAndStripesMove:
    """Read a move (legal or not); raises :class:`NotationError` pointing into ``text``."""
    keyed = Keyed(text, {}, [])
    words = tokens(text)
    if not words:
        raise keyed.error("expected a move such as 'F 2,5 1*3'", len(text))
    head = words[0]
    word = head.text.lower()
    if word in ("f", "follower", "i", "independent"):
        kind = FOLLOWER if word[0] == "f" else INDEPENDENT
        rest = text[head.end:]
        start = head.end + len(rest) - len(rest.lstrip())
        square_match = _SQUARE_RE.match(text, start)
        if square_match is None or start == head.end:
            raise keyed.error(f"expected a square row,col after {head.text!r}", start)
        row, col = int(square_match.group(2)), int(square_match.group(3))
        if not (0 <= row < game.size and 0 <= col < game.size):
            raise keyed.error(f"square {row},{col} is off the {game.size}x{game.size} board",
                              start)
        card_match = _WORD_RE.search(text, square_match.end())
        glued = square_match.group(1) is None and card_match is not None and (
            card_match.start() == square_match.end())
        if card_match is None or glued:
            where = card_match.start() if card_match else len(text)
            raise keyed.error("expected a card such as 1*3 after the square", where)
        card = parse_card(game.params.decks, card_match.group(), text, card_match.start())
        _nothing_after(keyed, card_match.end())
        return StarsAndStripesMove(kind, row * game.size + col, card)
    if word in ("x", "exchange"):
        if len(words) < 2:
            raise keyed.error("expected the player to exchange with", len(text))
        opponent = _player(game, keyed, words[1])
        _nothing_after(keyed, words[1].end)
        return StarsAndStripesMove(EXCHANGE, opponent=opponent)
    if word == "pass":
        _nothing_after(keyed, head.end)
        return PASS_MOVE
    raise keyed.error(f"expected F, I, X or pass, not {head.text!r}", head.offset)


def _nothing_after(keyed: Keyed, offset: int) -> None:
    extra = tokens(keyed.text, offset)
    if extra:
        raise keyed.error(f"unexpected {extra[0].text!r} after the move", extra[0].offset)


__all__ = [
    "KEYS",
    "card_texts",
    "card_words",
    "format_move",
    "format_state",
    "hidden_from",
    "impossibility",
    "parse_card",
    "parse_move",
    "parse_square",
    "parse_state",
]
