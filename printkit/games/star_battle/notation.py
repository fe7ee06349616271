"""Star Battle's notation: positions and moves as text, read with the shared toolkit.

Position notation
=================
A position is a set of ``key: value`` lines in any order (``#`` starts a comment)::

    phase: action          # core, galaxy, home, bonus, action, trim or over
    player: A              # whose turn it is (the one to act, except while trimming)
    turn: 12               # turns of play completed (optional, default 0)
    battles: 2             # battles fought so far (optional, default 0)
    galaxy:
      .     5S          .
      9D    KC*[A:1S]   2H[B:1D1S]
      .     JD[A:1D]    .
    homes: A=S1 B=E1
    hand A: 5H 9C          # "-" for an empty hand; a missing line means empty too
    hand B: 2C 3D
    stock: 4H 7S ...       # top card first; "..." = every card not listed anywhere else
    discards: 3C           # a multiset: its order does not matter

A finished game has ``phase: over``, no ``player`` line and a ``result:`` line naming
the winners and the kind of victory (``result: A domination``, ``result: A B
elimination`` for a shared draw).  A game has no turn limit, so no result is
"unfinished": a simulator that stops a game keeps its last position, which is not over.

The galaxy is drawn row by row, north at the top, on the lines after ``galaxy:`` (``galaxy:
-`` when it is empty); each whitespace-separated cell is ``.`` (empty space) or a card such
as ``KD``, ``10H`` or ``AS``, followed by ``*`` on the Core and by ``[B:1D2S]`` when ships
are there (owner, then Dreadnoughts and Scouts; a zero count is left out).  A missing
``stock`` line means ``stock: ...``.  Keys are compared without regard to case or spacing.

Cells are named by compass steps from the Core: ``core``, ``E1`` (one to the right),
``N2`` (two up), ``W1S3`` (one left, three down).  The names never change during a game.

Move notation
=============
``core KD``, ``place 5H E1N1``, ``home W2``, ``scout E1``, ``skip``, ``build 9H E1``,
``move 9H E1>E2 scout``, ``battle 5C E1>E2``, ``battle 5C E1>E2 flips=HTTH``,
``reconstruct 9H E1 dreadnought``, ``discard 5H``, ``pass``.  The optional ``flips``
of a battle are the coin results (``H``/``T``) in the order the battle uses them (the
attacker's system first; on each, Dreadnoughts, flipped again after heads, then Scouts)
and are used instead of the random source; they must be exactly as many as the battle
needs.

>>> print(format_move(parse_move("MOVE 9h e1 > e2 S")))
move 9H E1>E2 scout
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from printkit.errors import did_you_mean
from printkit.games.star_battle.engine_needs import Table
from printkit.games.star_battle.state import (
    CORE,
    MOVE_TYPES,
    PASS,
    PHASES,
    SKIP,
    Battle,
    Build,
    Card,
    Cell,
    ChooseHome,
    Discard,
    FreeScout,
    LayCore,
    MoveKind,
    MoveShip,
    Phase,
    Place,
    Reconstruct,
    ShipKind,
    StarBattleMove,
    StarBattleState,
    System,
    Victory,
    cell_name,
    parse_card,
    parse_cell,
    reading_order,
)
from printkit.rules.base import NO_PLAYER, NotationError, Player
from printkit.rules.notation import (
    Keyed,
    KeyedLine,
    Token,
    choice,
    normal_key,
    player,
    read_keyed,
    single,
    tokens,
)

_KEYS = ("phase", "player", "turn", "battles", "galaxy", "homes", "hand", "stock", "discards",
         "result")
_KEY_LIKE = re.compile(r"[ \t]*([A-Za-z][A-Za-z0-9_ \t]*?)[ \t]*:")
_SYSTEM_TOKEN = re.compile(
    r"(?P<card>(?:10|[2-9AJQKT])[CDHS])(?P<core>\*)?(?:\[(?P<fleet>[^\]]*)\])?",
    re.IGNORECASE,
)
_FLEET = re.compile(r"\s*(?P<owner>[A-Za-z])\s*:\s*(?P<counts>[^\]]*)")
_COUNT = re.compile(r"(\d*)([DSds])")
_HOME = re.compile(r"\s*(\S+?)\s*=\s*([^\s=]+)|\s*(\S+)")
_MOVE_TOKEN = re.compile(r"[^\s>=]+|[>=]")
T = TypeVar("T")
_MOVE_WORDS = {kind.word: kind for kind in MoveKind}
_SHIPS: dict[str, ShipKind] = {"dreadnought": "dreadnought", "d": "dreadnought",
                               "scout": "scout", "s": "scout"}


# --------------------------------------------------------------------------- moves


def format_move(move: StarBattleMove) -> str:
    """A move in notation (see the module docstring)."""
    if not isinstance(move, MOVE_TYPES):
        raise ValueError(f"{move!r} is not a Star Battle move")
    word = move.kind.word
    if isinstance(move, LayCore | Discard):
        return f"{word} {move.card}"
    if isinstance(move, ChooseHome | FreeScout):
        return f"{word} {cell_name(move.cell)}"
    if isinstance(move, Place | Build):
        return f"{word} {move.card} {cell_name(move.cell)}"
    if isinstance(move, MoveShip):
        return f"{word} {move.card} {cell_name(move.source)}>{cell_name(move.target)} {move.ship}"
    if isinstance(move, Battle):
        text = f"{word} {move.card} {cell_name(move.source)}>{cell_name(move.target)}"
        return text if move.flips is None else f"{text} flips={move.flips}"
    if isinstance(move, Reconstruct):
        return f"{word} {move.card} {cell_name(move.cell)} {move.ship}"
    return word


def parse_move(text: str) -> StarBattleMove:
    """Read a move (it need not be legal); NotationError points at the bad token."""
    keyed = Keyed(text, {}, [])
    words = iter(tokens(text, pattern=_MOVE_TOKEN))

    def word(what: str) -> Token:
        token = next(words, None)
        if token is None:
            raise keyed.error(f"expected {what} here", len(text.rstrip()))
        return token

    def take(what: str, read: Callable[[str], T | None], wrong: str) -> T:
        """The next word read by ``read``; ``wrong`` (with ``{!r}`` for the word) if it
        reads as None."""
        token = word(what)
        value = read(token.text)
        if value is None:
            raise keyed.error(wrong.format(token.text), token.offset)
        return value

    def card() -> Card:
        return take("a card such as 9H", parse_card, "{!r} is not a card (write e.g. 9H, 10S, AD)")

    def cell() -> Cell:
        return take("a cell such as E1 or core", parse_cell,
                    "{!r} is not a cell (write core, E1, N2, W1S3 ...)")

    def step() -> tuple[Cell, Cell]:
        source = cell()
        take("'>'", lambda w: w if w == ">" else None, "expected '>' between two cells, not {!r}")
        return source, cell()

    def ship() -> ShipKind:
        return take("dreadnought or scout", lambda w: _SHIPS.get(w.lower()),
                    "{!r} is not a ship (dreadnought or scout)")

    first = next(words, None)
    if first is None:
        raise keyed.error("empty move", 0)
    kind = choice(keyed, first, _MOVE_WORDS, "the move")
    move: StarBattleMove
    if kind is MoveKind.CORE:
        move = LayCore(card())
    elif kind is MoveKind.PLACE:
        move = Place(card(), cell())
    elif kind is MoveKind.HOME:
        move = ChooseHome(cell())
    elif kind is MoveKind.SCOUT:
        move = FreeScout(cell())
    elif kind is MoveKind.SKIP:
        move = SKIP
    elif kind is MoveKind.PASS:
        move = PASS
    elif kind is MoveKind.BUILD:
        move = Build(card(), cell())
    elif kind is MoveKind.MOVE:
        move = MoveShip(card(), *step(), ship())
    elif kind is MoveKind.BATTLE:
        move = Battle(card(), *step())
        if (flips := next(words, None)) is not None:  # flips=HTTH
            if flips.text.lower() != "flips":
                raise keyed.error(f"expected flips=..., not {flips.text!r}", flips.offset)
            take("'='", lambda w: w if w == "=" else None, "expected '=' after flips, not {!r}")
            coins = word("coin results such as HTTH")
            if (bad := re.search(r"[^HT]", coins.text.upper())) is not None:
                raise keyed.error(f"{bad.group()!r} is not a coin result (H or T)",
                                  coins.offset + bad.start())
            move = Battle(move.card, move.source, move.target, coins.text.upper())
    elif kind is MoveKind.RECONSTRUCT:
        move = Reconstruct(card(), cell(), ship())
    else:
        move = Discard(card())
    if (extra := next(words, None)) is not None:
        raise keyed.error(f"unexpected {extra.text!r} after the move", extra.offset)
    return move


def _card(keyed: Keyed, token: Token, hint: str = "") -> Card:
    found = parse_card(token.text)
    if found is None:
        raise keyed.error(f"{token.text!r} is not a card (write e.g. 9H, 10S, AD){hint}",
                          token.offset)
    return found


# --------------------------------------------------------------------------- writing positions


def format_state(game: Table, state: StarBattleState, viewer: Player | None = None) -> str:
    """A position in notation; as ``viewer`` sees it (other hands and the stock shown as
    counts) when a viewer is given."""
    names = game.player_names(state)
    lines = [f"phase: {state.phase}"]
    if state.phase != "over":
        lines.append(f"player: {names[state.mover]}")
    if state.turn:
        lines.append(f"turn: {state.turn}")
    if state.battles:
        lines.append(f"battles: {state.battles}")
    lines.append("galaxy:" if state.galaxy else "galaxy: -")
    lines.extend("  " + row for row in _galaxy_rows(state, names))
    homes = [f"{names[p]}={cell_name(h)}" for p, h in enumerate(state.homes) if h is not None]
    if homes:
        lines.append("homes: " + " ".join(homes))
    for p, hand in enumerate(state.hands):
        if viewer is None or viewer == p:
            lines.append(f"hand {names[p]}: {_cards_text(hand)}")
        else:
            lines.append(f"hand {names[p]}: {len(hand)} card(s)")
    if viewer is None:
        lines.append(f"stock: {_stock_text(state.stock)}")
    else:
        lines.append(f"stock: {len(state.stock)} card(s)")
    lines.append(f"discards: {_cards_text(state.discards)}")
    if state.phase == "over":
        lines.append(f"result: {' '.join(names[p] for p in state.winners)} {state.victory}")
    return "\n".join(lines)


def hidden_from(state: StarBattleState, viewer: Player) -> frozenset[str]:
    """The cards ``viewer`` may not see (other hands, the stock), less any card of the same
    name they can see (their hand, the discards, the galaxy) when several decks are used."""
    secret = {str(c) for p, hand in enumerate(state.hands) if p != viewer for c in hand}
    secret.update(str(c) for c in state.stock)
    seen = {str(c) for c in (*state.hands[viewer], *state.discards)}
    seen.update(str(s.card) for s in state.galaxy)
    return frozenset(secret - seen)


def _cards_text(cards: Iterable[Card]) -> str:
    text = " ".join(str(c) for c in cards)
    return text or "-"


def _stock_text(stock: tuple[Card, ...]) -> str:
    """The stock, ending in ``...`` where its tail is in the order ``...`` stands for."""
    start = len(stock)
    while start > 0 and (start == len(stock) or stock[start - 1] <= stock[start]):
        start -= 1
    if len(stock) - start < 3:
        return _cards_text(stock)
    return " ".join([*(str(c) for c in stock[:start]), "..."])


def _galaxy_rows(state: StarBattleState, names: Sequence[str]) -> list[str]:
    if not state.galaxy:
        return []
    xs = [s.cell[0] for s in state.galaxy]
    ys = [s.cell[1] for s in state.galaxy]
    cols = range(min(xs), max(xs) + 1)
    grid: list[list[str]] = []
    for y in range(max(ys), min(ys) - 1, -1):
        row = []
        for x in cols:
            s = state.index.get((x, y))
            row.append("." if s is None else _system_text(s, names))
        grid.append(row)
    widths = [max(len(row[i]) for row in grid) for i in range(len(cols))]
    return [
        "  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
        for row in grid
    ]


def _system_text(system: System, names: Sequence[str]) -> str:
    text = str(system.card) + ("*" if system.cell == CORE else "")
    if system.owner == NO_PLAYER:
        return text
    counts = ((f"{system.dreadnoughts}D" if system.dreadnoughts else "")
              + (f"{system.scouts}S" if system.scouts else ""))
    return f"{text}[{names[system.owner]}:{counts}]"


# --------------------------------------------------------------------------- reading positions


def parse_state(game: Table, text: str) -> StarBattleState:
    """Read a position (see the module docstring); NotationError points at the bad spot."""
    return _Reader(game, text).read()


def _hand_key(written: str) -> str | None:
    """``hand B`` lines are filed under ``hand B`` (the name checked later)."""
    words = written.split()
    if len(words) == 2 and words[0].lower() == "hand":
        return "hand " + words[1].upper()
    return None


class _Reader:
    """Reads one position; ``keyed`` holds its lines, cut by the shared toolkit."""

    def __init__(self, game: Table, text: str) -> None:
        self.game = game
        self.text = text
        self.names = tuple(chr(ord("A") + i) for i in range(game.params.players))
        self.keyed = read_keyed(text, keys=_KEYS, key_of=_hand_key, rows=True, continued=False)
        self.seen: Counter[Card] = Counter()

    def error(self, message: str, offset: int) -> NotationError:
        return self.keyed.error(message, offset)

    def player(self, token: Token) -> Player:
        return player(self.keyed, token, self.names)

    def count(self, card: Card, at: int) -> None:
        """Count a card, refusing more copies than the decks hold."""
        decks = self.game.params.decks
        self.seen[card] += 1
        if self.seen[card] > decks:
            copies = "once" if decks == 1 else f"{decks} times"
            raise self.error(f"{card} appears more often than the deck holds it ({copies})",
                             at)

    def cards(self, line: KeyedLine, allow_rest: bool = False) -> tuple[list[Card], bool]:
        """The cards of a line ('-' for none), and whether it ends with '...'."""
        words = line.tokens
        if len(words) == 1 and words[0].text == "-":
            return [], False
        found: list[Card] = []
        rest = False
        for i, token in enumerate(words):
            if allow_rest and token.text == "..." and i == len(words) - 1:
                rest = True
                continue
            hint = " ('...' may only end the stock)" if token.text == "..." else ""
            card = _card(self.keyed, token, hint)
            self.count(card, token.offset)
            found.append(card)
        return found, rest

    def galaxy_rows(self) -> list[list[Token]]:
        """The lines without a key, which must all be rows of the galaxy."""
        galaxy = self.keyed.get("galaxy")
        start = galaxy.key_offset if galaxy is not None else len(self.text)
        end = min([k.key_offset for k in self.keyed.lines.values() if k.key_offset > start],
                  default=len(self.text))
        for row in self.keyed.rows:
            line = " ".join(token.text for token in row)
            if (match := _KEY_LIKE.match(line)) is not None:  # no galaxy cell has a colon
                word = normal_key(match.group(1))
                raise self.error(f"unknown key {word!r}" + did_you_mean(word, sorted(_KEYS)),
                                 row[0].offset)
            if not start < row[0].offset < end:
                raise self.error(f"expected a 'key: value' line here, not {line!r}",
                                 row[0].offset)
        if galaxy is not None:
            rest = galaxy.tokens
            if (rest and rest[0].text != "-") or len(rest) > 1:
                raise self.error("write the galaxy on the lines below 'galaxy:' "
                                 "('-' when it is empty)", rest[-1].offset)
        return self.keyed.rows

    def read(self) -> StarBattleState:
        keyed = self.keyed
        if "hand" in keyed:
            raise self.error("name the player whose hand this is, e.g. 'hand A:'",
                             keyed["hand"].key_offset)
        systems = self.galaxy(self.galaxy_rows())
        hands: list[list[Card]] = [[] for _ in self.names]
        for key, line in keyed.lines.items():
            if key.startswith("hand "):
                name = line.written.split()[-1]
                at = line.key_offset + line.written.rindex(name)
                hands[self.player(Token(name, at))] = self.cards(line)[0]
        discards = self.cards(keyed["discards"])[0] if "discards" in keyed else []
        stock, rest = self.cards(keyed["stock"], True) if "stock" in keyed else ([], True)
        missing = sorted((Counter(self.game.full_deck) - self.seen).elements())
        if rest:
            stock.extend(missing)
        elif missing:
            shown = " ".join(str(c) for c in missing[:6]) + (" ..." if len(missing) > 6 else "")
            raise self.error(f"{len(missing)} card(s) are nowhere ({shown}); end the stock "
                             "with '...' to put the rest there", keyed["stock"].value_offset)
        homes = self.homes(systems)

        result = keyed.get("result")
        victory, winners = self.result(result) if result is not None else (None, ())
        phase_line = keyed.get("phase")
        phase: Phase = "over" if result is not None else ("action" if systems else "core")
        if phase_line is not None:
            phase = choice(keyed, single(keyed, phase_line), {p: p for p in PHASES}, "phase")
        phase_at = phase_line.key_offset if phase_line is not None else 0
        if phase == "over" and result is None:
            raise self.error("a finished game needs a 'result:' line", phase_at)
        if phase != "over" and result is not None:
            raise self.error("only a finished game ('phase: over') has a result",
                             result.key_offset)
        mover = NO_PLAYER
        named = keyed.one("player")
        if named is not None:
            if phase == "over":
                raise self.error("a finished game has no player to move", named.offset)
            mover = self.player(named)
        elif phase != "over":
            raise self.error("say whose turn it is with a 'player:' line", phase_at)

        state = StarBattleState(
            phase=phase,
            mover=mover,
            galaxy=tuple(sorted(systems.values(), key=lambda s: reading_order(s.cell))),
            homes=tuple(homes),
            hands=tuple(tuple(sorted(h)) for h in hands),
            stock=tuple(stock),
            discards=tuple(sorted(discards)),
            turn=keyed.number("turn", 0, minimum=0),
            battles=keyed.number("battles", 0, minimum=0),
            victory=victory,
            winners=winners,
        )
        self.check_phase(state, phase_at)
        return state

    def galaxy(self, rows: Sequence[Sequence[Token]]) -> dict[Cell, System]:
        """The systems drawn on the galaxy's rows, placed around the Core."""
        placed: list[tuple[int, int, System]] = []  # row, column, system (cell set later)
        core_at: tuple[int, int] | None = None
        used = [[0, 0] for _ in self.names]  # Dreadnoughts and Scouts of each player
        for r, row in enumerate(rows):
            for c, token in enumerate(row):
                word, at = token.text, token.offset
                if word == ".":
                    continue
                m = _SYSTEM_TOKEN.fullmatch(word)
                if m is None:
                    raise self.error(
                        f"{word!r} is not a galaxy cell ('.', or a card such as KD with an "
                        "optional '*' for the Core and ships like [A:1D2S])", at)
                card = parse_card(m.group("card"))
                assert card is not None
                self.count(card, at)
                owner, dreads, scouts = NO_PLAYER, 0, 0
                if m.group("fleet") is not None:
                    owner, dreads, scouts = self.fleet(m.group("fleet"), at + m.start("fleet"))
                    used[owner][0] += dreads
                    used[owner][1] += scouts
                if m.group("core"):
                    if core_at is not None:
                        raise self.error("a second Core ('*'); the galaxy has one", at)
                    core_at = (r, c)
                placed.append((r, c, System(CORE, card, owner, dreads, scouts)))
        if placed and core_at is None:
            raise self.error("mark the Core with '*' after its card", rows[0][0].offset)
        systems: dict[Cell, System] = {}
        for r, c, system in placed:
            assert core_at is not None
            cell = (c - core_at[1], core_at[0] - r)
            systems[cell] = system._replace(cell=cell)
        limit = self.game.params.token_limit
        if limit is not None:
            for p, (dreads, scouts) in enumerate(used):
                if max(dreads, scouts) > limit:
                    raise self.error(f"player {self.names[p]} has more ships of a kind than "
                                     f"the {limit} tokens of the supply",
                                     self.keyed["galaxy"].key_offset)
        return systems

    def fleet(self, body: str, at: int) -> tuple[Player, int, int]:
        """Owner, Dreadnoughts and Scouts of ``[A:1D2S]`` (``body`` is inside the brackets)."""
        m = _FLEET.fullmatch(body)
        if m is None:
            raise self.error(f"write ships as [A:1D2S], not [{body}]", at)
        owner = self.player(Token(m.group("owner"), at + m.start("owner")))
        counts = m.group("counts").strip()
        offset = at + m.start("counts") + (len(m.group("counts")) - len(m.group("counts").lstrip()))
        found = {"D": 0, "S": 0}
        pos = 0
        while pos < len(counts):
            c = _COUNT.match(counts, pos)
            if c is None:
                raise self.error(f"{counts[pos:]!r} is not a ship count such as 1D or 2S",
                                 offset + pos)
            kind = c.group(2).upper()
            number = int(c.group(1)) if c.group(1) else 1
            if found[kind] or number == 0:
                raise self.error(f"{c.group()!r}: give each kind once, with a positive count",
                                 offset + pos)
            found[kind] = number
            pos = c.end()
        if not found["D"] and not found["S"]:
            raise self.error("a fleet needs at least one ship, e.g. [A:1S]", at)
        return owner, found["D"], found["S"]

    def homes(self, systems: dict[Cell, System]) -> list[Cell | None]:
        """Each player's Home Base from ``homes: A=W1 B=E2S2``."""
        homes: list[Cell | None] = [None] * len(self.names)
        line = self.keyed.get("homes")
        if line is None:
            return homes
        start = line.value_offset
        end = self.text.find("\n", start)
        body = self.text[start:len(self.text) if end < 0 else end].split("#", 1)[0]
        for m in _HOME.finditer(body):
            if m.group(3) is not None:
                raise self.error(f"write a Home Base as NAME=CELL, not {m.group(3)!r}",
                                 start + m.start(3))
            who = self.player(Token(m.group(1), start + m.start(1)))
            home = parse_cell(m.group(2))
            home_at = start + m.start(2)
            if home is None or home not in systems:
                raise self.error(f"{m.group(2)!r} is not a system of the galaxy", home_at)
            if home == CORE or home in homes:
                raise self.error(f"{m.group(2)} is the Core or already a Home Base", home_at)
            if homes[who] is not None:
                raise self.error(f"a second Home Base for {self.names[who]}", start + m.start())
            homes[who] = home
        return homes

    def result(self, line: KeyedLine) -> tuple[Victory, tuple[Player, ...]]:
        """The winners and kind of victory of ``result: A B elimination``."""
        words = line.tokens
        if not words:
            raise self.error("write the result as 'A domination' or 'A elimination'",
                             line.value_offset)
        last = words[-1]
        kind = last.text.lower()
        if kind not in ("elimination", "domination"):
            raise self.error(f"{last.text!r} is not elimination or domination", last.offset)
        if len(words) == 1:
            raise self.error("name the winner(s) before the kind of victory", last.offset)
        winners = sorted({self.player(w) for w in words[:-1]})
        victory: Victory = "elimination" if kind == "elimination" else "domination"
        return victory, tuple(winners)

    def check_phase(self, state: StarBattleState, at: int) -> None:
        """Refuse positions from which the engine could not go on sensibly."""
        phase = state.phase
        name = self.names[state.mover] if state.mover != NO_PLAYER else ""
        if phase == "core":
            if state.galaxy:
                raise self.error("the Core is laid first: the galaxy must be empty ('-')", at)
            if not state.hands[state.mover]:
                raise self.error(f"{name} has no card to lay as the Core", at)
        elif not state.galaxy:
            raise self.error(f"a position in the {phase} phase needs a galaxy with its Core",
                             at)
        if phase == "galaxy" and not state.hands[state.mover]:
            raise self.error(f"{name} has no card left to lay", at)
        if phase == "home" and state.homes[state.mover] is not None:
            raise self.error(f"{name} already has a Home Base", at)
        if phase in ("bonus", "action") and state.ships_in_play[state.mover] == 0:
            raise self.error(f"{name} has no ships in play and cannot take a turn", at)
        if phase == "trim" and state.trimmer == NO_PLAYER:
            raise self.error("nobody holds more cards than ships, so there is nothing to trim",
                             at)

