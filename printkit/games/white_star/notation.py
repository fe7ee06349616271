"""The notation of Stars (White Star): cards, moves and positions as text.

Cards
=====
A card is a rank letter then a suit letter.  The ranks are written as the cards print them
in their corners: ``C`` (Champion), ``K``, ``Q``, ``S`` (Scribe), ``L`` (Lady), ``7`` ..
``2``; the suits take letters no rank uses: ``X`` (Skulls), ``H`` (sHields), ``W``
(Wands), ``V`` (leaVes).  ``KW`` is the King of Wands, ``LX`` the Lady of Skulls, ``SH``
the Scribe of Shields.  Input is case-insensitive and also takes the suit first (``WK``)
and a standard deck's names of the ranks: ``A`` for the Champion, ``J`` for the Scribe,
``10`` or ``T`` for the Lady.

Moves
=====
``bid 57``, ``pass``, ``bury 7X 2H 3V``, ``play KW`` (a bare card also means play) and
``deal`` (the next dealer shuffles and deals once a hand is over).

Positions
=========
A position is a set of ``key: value`` lines in any order (blank lines and ``#`` comments
are ignored, extra spaces and commas are fine, and an indented line without a colon
continues a long list from the line before)::

    phase: playing          # bidding | burying | playing | dealing | over
    dealer: P4              # in phase dealing: the player about to deal
    deal: 1                 # how many deals so far, throw-ins included (default 1)
    turns: 0                # decisions taken so far (default 0)
    totals: 0 0 0 0         # running totals in seat order (default all 0)
    contract: P1 57         # holder and bid (phases after the auction)
    bid: P2 12              # highest bid so far (phase bidding)
    passed: P3              # players out of the auction (phase bidding)
    P1: KX 7X CH 2W         # a hand (also 'P1 hand:'); a player left out holds no cards
    widow: 2X 3X 4X
    buried: 2H 3H 4H
    P2 won: CW 7W 6W QW     # cards taken in tricks
    P3 stars: [2X KH SW 2V] # Star piles, one bracket per Star trick
    trick: P2 KH 7H         # the leader, then the cards played so far, in order
    last trick: P1 ...      # the last completed trick: its leader and its four cards

A position need not hold all 43 cards: cards it does not mention are out of the example.
Whatever is written must fit the phase (hands of matching sizes, no card twice).  Phase
defaults to ``playing`` when a contract is given and ``bidding`` otherwise; the dealer
defaults to P4; the trick to the contract holder leading an empty trick.  Whose call it is
in the auction follows from the dealer, the high bid and the passes.  With short hands the
hand simply ends when every hand is empty, and the holder buries as many cards as the widow
held.

>>> from printkit.games.white_star.rules import WhiteStar
>>> state = WhiteStar().parse_state("contract: P1 30\\nP1: KH\\nP2: 2h\\nP3: h3\\nP4: 10H")
>>> WhiteStar().format_state(state).splitlines()[3:]
['contract: P1 30', 'P1: KH', 'P2: 2H', 'P3: 3H', 'P4: LH', 'trick: P1']
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from typing import Final

from printkit.errors import did_you_mean
from printkit.games.white_star.engine_needs import Table
from printkit.games.white_star.state import (
    CARD_NAMES,
    DEAL,
    DECK,
    EMPTY4,
    NUM_PLAYERS,
    PASS,
    PHASES,
    PLAYS,
    RANK_LETTERS,
    SPELLINGS,
    Bid,
    Bury,
    Card,
    CardSet,
    Deal,
    Pass,
    Phase,
    Play,
    WhiteStarMove,
    WhiteStarState,
    card_name,
    cards_in,
    cards_text,
    is_star,
    misfit,
)
from printkit.rules.base import NotationError, Player
from printkit.rules.notation import (
    Keyed,
    KeyedLine,
    Token,
    choice,
    number,
    player,
    read_keyed,
    single,
    tokens,
)

# --------------------------------------------------------------------------- constants

TOKEN: Final = re.compile(r"\[|\]|[^\s\[\],]+")
"""Words of the notation: brackets stand alone, commas separate like spaces."""
KEYS: Final = ("phase", "dealer", "deal", "turns", "totals", "contract", "bid", "passed",
               "widow", "buried", "trick", "last trick")
"""The keys of a position besides the players' own (``P1``, ``P1 won``, ``P1 stars``)."""
Trick = tuple[Card, ...]
_PLAYER_KEYS: Final = {(): "hand", ("hand",): "hand", ("won",): "won", ("stars",): "stars"}
_BAD_KEY: Final = "?"
"""Marks a key that starts with a player's name but goes on wrongly (reported in place)."""
_MOVE_WORDS: Final = ("bid", "pass", "bury", "play", "deal")

# --------------------------------------------------------------------------- cards


def parse_card(keyed: Keyed, token: Token) -> Card:
    """A card from its notation; suit first, ``A`` and ``10`` are accepted too."""
    found = SPELLINGS.get(token.text.upper())
    if found is not None:
        return found
    if token.text.upper() in ("CX", "XC", "AX", "XA"):
        raise keyed.error(f"there is no Champion of Skulls ({token.text!r})", token.offset)
    raise keyed.error(
        f"{token.text!r} is not a card: write a rank ({' '.join(RANK_LETTERS)}) then a suit "
        f"(X Skulls, H Shields, W Wands, V Leaves), e.g. KW",
        token.offset,
    )


def read_card(text: str) -> Card:
    """The one card written in ``text`` (for claims such as ``card_points(KW)``)."""
    keyed = Keyed(text, {}, [])
    found = tokens(text, pattern=TOKEN)
    if len(found) != 1:
        raise keyed.error("expected exactly one card", 0)
    return parse_card(keyed, found[0])


# --------------------------------------------------------------------------- moves


def format_move(move: WhiteStarMove) -> str:
    """A move in notation (a card that does not exist is written ``??``); ``ValueError``
    for anything that is not a move of this game."""
    if isinstance(move, Play):
        return f"play {card_name(move.card)}" if move.card in CARD_NAMES else "play ??"
    if isinstance(move, Bid):
        return f"bid {move.amount}"
    if isinstance(move, Bury):
        stray = " ??" if move.cards & ~DECK else ""
        return "bury " + cards_text(move.cards & DECK) + stray
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Deal):
        return "deal"
    raise ValueError(f"{move!r} is not a move of Stars")


def parse_move(text: str) -> WhiteStarMove:
    """A move from its notation (legal or not)."""
    keyed = Keyed(text, {}, [])
    found = tokens(text, pattern=TOKEN)
    if not found:
        raise keyed.error("expected a move such as 'play KW' or 'bid 57'", 0)
    head, rest = found[0], found[1:]
    word = head.text.lower()

    def no_more(expected: int) -> None:
        if len(rest) > expected:
            extra = rest[expected]
            raise keyed.error(f"unexpected {extra.text!r} after {word!r}", extra.offset)

    if word in ("pass", "deal"):
        no_more(0)
        return PASS if word == "pass" else DEAL
    if word == "bid":
        if not rest:
            raise keyed.error("expected the amount after 'bid'", len(text))
        no_more(1)
        return Bid(number(keyed, rest[0], "bid"))
    if word == "play":
        if not rest:
            raise keyed.error("expected a card after 'play'", len(text))
        no_more(1)
        return PLAYS[parse_card(keyed, rest[0])]
    if word == "bury":
        cards = 0
        for tok in rest:
            card = parse_card(keyed, tok)
            if cards >> card & 1:
                raise keyed.error(f"{tok.text!r} is buried twice", tok.offset)
            cards |= 1 << card
        return Bury(cards)
    if len(found) == 1:
        try:
            return PLAYS[parse_card(keyed, head)]
        except NotationError:
            pass
    raise keyed.error(
        f"unknown move {head.text!r}: expected bid N, pass, bury CARDS, play CARD or deal"
        + did_you_mean(word, _MOVE_WORDS),
        head.offset,
    )


# --------------------------------------------------------------------------- positions


def format_state(game: Table, state: WhiteStarState) -> str:
    """A position in notation; :func:`parse_state` reads it back."""
    name = game.names.__getitem__
    lines = [f"phase: {state.phase}", f"dealer: {name(state.dealer)}"]
    if state.deal != 1:
        lines.append(f"deal: {state.deal}")
    if state.turns:
        lines.append(f"turns: {state.turns}")
    lines.append("totals: " + " ".join(str(t) for t in state.totals))
    if state.bid is not None and state.bidder is not None:
        key = "bid" if state.phase == "bidding" else "contract"
        lines.append(f"{key}: {name(state.bidder)} {state.bid}")
    if any(state.passed):
        lines.append("passed: " + " ".join(name(i) for i, p in enumerate(state.passed) if p))
    for seat, hand in enumerate(state.hands):
        if hand:
            lines.append(f"{name(seat)}: {cards_text(hand)}")
    if state.widow:
        lines.append(f"widow: {cards_text(state.widow)}")
    if state.buried:
        lines.append(f"buried: {cards_text(state.buried)}")
    for seat, pile in enumerate(state.won):
        if pile:
            lines.append(f"{name(seat)} won: {cards_text(pile)}")
    for seat, tricks in enumerate(state.stars):
        if tricks:
            groups = " ".join(f"[{cards_text(t)}]" for t in tricks)
            lines.append(f"{name(seat)} stars: {groups}")
    if state.phase == "playing" and state.leader is not None:
        played = "".join(" " + card_name(c) for c in state.trick)
        lines.append(f"trick: {name(state.leader)}{played}")
    if state.last_trick and state.last_leader is not None:
        played = " ".join(card_name(c) for c in state.last_trick)
        lines.append(f"last trick: {name(state.last_leader)} {played}")
    return "\n".join(lines)


def _buried_hidden(state: WhiteStarState, seat: Player) -> bool:
    """Whether ``seat`` may not see the buried cards (a defender while the hand is on)."""
    holder = state.bidder if state.phase != "bidding" else None
    return holder != seat and state.phase in ("burying", "playing")


def view(game: Table, state: WhiteStarState, seat: Player) -> str:
    """The position for ``seat``: other hands, the widow and (for defenders) buried cards
    are shown only as counts; won cards and Star piles were seen by all."""
    lines: list[str] = []
    for line in format_state(game, state).split("\n"):
        key, _, value = line.partition(":")
        parts = key.split()
        if len(parts) == 1 and parts[0] in game.names and parts[0] != game.names[seat]:
            lines.append(f"{key}: {len(value.split())} cards, face down")
        elif key == "widow":
            lines.append(f"widow: {len(value.split())} cards, face down")
        elif key == "buried" and _buried_hidden(state, seat):
            lines.append(f"buried: {len(value.split())} cards, face down")
        else:
            lines.append(line)
    return "\n".join(lines)


def hidden_from(state: WhiteStarState, seat: Player) -> Collection[str]:
    """The cards ``seat`` may not see, by name: other hands, the widow, and the buried
    cards for a defender (each card is in one place only, so none is seen elsewhere)."""
    hidden = state.widow
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= hand
    if _buried_hidden(state, seat):
        hidden |= state.buried
    return [card_name(c) for c in cards_in(hidden)]


def parse_state(game: Table, text: str) -> WhiteStarState:
    """Read a position; every error points at the line and column at fault."""
    names = game.names

    def key_of(written: str) -> str | None:
        words = written.split()
        seat = game.seat_of(words[0])
        if seat is None:
            return None
        kind = _PLAYER_KEYS.get(tuple(w.lower() for w in words[1:]))
        return _BAD_KEY + written if kind is None else f"{names[seat]} {kind}"

    keyed = read_keyed(text, keys=KEYS, key_of=key_of, pattern=TOKEN)
    for line in keyed.lines.values():
        if line.key.startswith(_BAD_KEY):
            raise keyed.error(f"unknown key {' '.join(line.written.split())!r}: after a "
                              "player write nothing, 'won' or 'stars'", line.key_offset)
    return _Reader(game, keyed).read()


# --------------------------------------------------------------------------- helpers


class _Reader:
    """Reads the keyed lines of one position into a state, checking how they fit."""

    def __init__(self, game: Table, keyed: Keyed) -> None:
        self.game = game
        self.keyed = keyed
        self.placed: dict[Card, str] = {}

    def cards(self, line: KeyedLine | None, found: list[Token] | None = None) -> list[Token]:
        """The card tokens of a line (no brackets allowed)."""
        if line is None:
            return []
        toks = line.tokens if found is None else found
        for tok in toks:
            if tok.text in "[]":
                raise self.keyed.error(f"unexpected {tok.text!r} in '{line.key}'", tok.offset)
        return toks

    def place(self, found: list[Token], where: str) -> CardSet:
        """The set of the cards written, each put in ``where`` (no card in two places)."""
        mask = 0
        for tok in found:
            card = parse_card(self.keyed, tok)
            if card in self.placed:
                raise self.keyed.error(f"{card_name(card)} is already in {self.placed[card]}",
                                       tok.offset)
            self.placed[card] = where
            mask |= 1 << card
        return mask

    def player(self, token: Token) -> Player:
        return player(self.keyed, token, self.game.names)

    def read(self) -> WhiteStarState:
        game, keyed = self.game, self.keyed
        get = keyed.get
        names = game.names
        error = keyed.error

        phase_line = get("phase")
        phase: Phase
        if phase_line is not None:
            token = single(keyed, phase_line, "one phase name")
            phase = choice(keyed, token, {p: p for p in PHASES}, "phase")
        else:
            phase = "playing" if "contract" in keyed else "bidding"
        phase_at = phase_line.key_offset if phase_line is not None else 0

        dealer_token = keyed.one("dealer", "one player")
        dealer = 3 if dealer_token is None else self.player(dealer_token)
        deal = keyed.number("deal", 1, minimum=1)
        turns = keyed.number("turns", 0, minimum=0)

        totals: tuple[int, ...] = EMPTY4
        totals_line = get("totals")
        if totals_line is not None:
            found = totals_line.tokens
            if len(found) != NUM_PLAYERS:
                raise error("'totals' takes four numbers, in seat order",
                            totals_line.value_offset)
            totals = tuple(number(keyed, t, "totals") for t in found)

        bid: int | None = None
        bidder: Player | None = None
        for key in ("bid", "contract"):
            line = get(key)
            if line is None:
                continue
            if (key == "bid") != (phase == "bidding"):
                raise error(f"'{key}' does not belong to phase {phase}: write "
                            + ("'bid' during the auction" if key == "contract" else
                               "'contract'"), line.key_offset)
            found = line.tokens
            if len(found) != 2:
                raise error(f"'{key}' takes a player and a number, e.g. P1 57",
                            line.value_offset)
            bidder = self.player(found[0])
            bid = number(keyed, found[1], key)
            if bid < game.params.min_bid:
                raise error(f"bids start at {game.params.min_bid} (min_bid)", found[1].offset)

        passed = [False] * NUM_PLAYERS
        passed_line = get("passed")
        if passed_line is not None:
            if phase != "bidding":
                raise error("'passed' belongs to phase bidding", passed_line.key_offset)
            for tok in passed_line.tokens:
                seat = self.player(tok)
                if passed[seat] or seat == bidder:
                    raise error(f"{names[seat]} cannot have passed"
                                + (" twice" if passed[seat] else ": they hold the high bid"),
                                tok.offset)
                passed[seat] = True

        place, cards = self.place, self.cards
        hands = tuple(place(cards(get(f"{n} hand")), f"{n}'s hand") for n in names)
        widow = place(cards(get("widow")), "the widow")
        buried = place(cards(get("buried")), "the buried cards")
        won = tuple(place(cards(get(f"{n} won")), f"{n}'s won cards") for n in names)
        stars = tuple(self.star_tricks(get(f"{n} stars"), n) for n in names)

        leader: Player | None = None
        trick: tuple[Card, ...] = ()
        trick_line = get("trick")
        if trick_line is not None:
            if phase != "playing":
                raise error("'trick' belongs to phase playing", trick_line.key_offset)
            found = trick_line.tokens
            if not found:
                raise error("'trick' takes the leader, then the cards played",
                            trick_line.value_offset)
            leader = self.player(found[0])
            card_toks = cards(trick_line, found[1:])
            if len(card_toks) >= NUM_PLAYERS:
                raise error("a trick in progress holds at most three cards; write a "
                            "finished one as 'last trick'", card_toks[3].offset)
            place(card_toks, "the trick")
            trick = tuple(parse_card(keyed, t) for t in card_toks)
        elif phase == "playing":
            leader = bidder

        last_leader, last_trick = self.last_trick(phase, won, stars)
        state = WhiteStarState(
            phase=phase, dealer=dealer, hands=hands, widow=widow, totals=totals, deal=deal,
            turns=turns, bid=bid, bidder=bidder, passed=tuple(passed), buried=buried,
            leader=leader, trick=trick, won=won, stars=stars, last_leader=last_leader,
            last_trick=last_trick,
        )
        problem = misfit(state)
        if problem is not None:
            key, message = problem
            line = get(key)
            raise error(message, line.key_offset if line is not None else phase_at)
        return state

    def last_trick(self, phase: Phase, won: tuple[CardSet, ...],
                   stars: tuple[tuple[CardSet, ...], ...]) -> tuple[Player | None, Trick]:
        """The leader and cards of the ``last trick`` line, if there is one."""
        line = self.keyed.get("last trick")
        if line is None:
            return None, ()
        error = self.keyed.error
        if phase in ("bidding", "burying"):
            raise error("no trick has been played yet in this phase", line.key_offset)
        found = line.tokens
        if len(found) != NUM_PLAYERS + 1:
            raise error("'last trick' takes its leader and four cards", line.value_offset)
        leader = self.player(found[0])
        gathered = 0
        for pile in (*won, *(t for tricks in stars for t in tricks)):
            gathered |= pile
        seen = 0
        trick: Trick = ()
        for tok in self.cards(line, found[1:]):
            card = parse_card(self.keyed, tok)
            if seen >> card & 1:
                raise error(f"{card_name(card)} appears twice", tok.offset)
            if not gathered >> card & 1:
                raise error(f"{card_name(card)} of the last trick must be among the won "
                            "cards or Star piles", tok.offset)
            seen |= 1 << card
            trick = (*trick, card)
        return leader, trick

    def star_tricks(self, line: KeyedLine | None, name: str) -> tuple[CardSet, ...]:
        """The Star tricks of one pile, each written in brackets."""
        if line is None:
            return ()
        error = self.keyed.error
        groups: list[CardSet] = []
        toks: Iterator[Token] = iter(line.tokens)
        for tok in toks:
            if tok.text != "[":
                raise error(f"expected '[' to open a Star trick, not {tok.text!r}", tok.offset)
            group: list[Token] = []
            for inner in toks:
                if inner.text == "]":
                    break
                if inner.text == "[":
                    raise error("'[' inside a Star trick", inner.offset)
                group.append(inner)
            else:
                raise error("a Star trick is missing its ']'", tok.offset)
            if not is_star([parse_card(self.keyed, t) for t in group]):
                raise error("a Star trick holds four cards, one of each suit", tok.offset)
            groups.append(self.place(group, f"{name}'s Star pile"))
        return tuple(groups)


__all__ = ["KEYS", "TOKEN", "format_move", "format_state", "hidden_from", "parse_card",
           "parse_move", "parse_state", "read_card", "view"]
