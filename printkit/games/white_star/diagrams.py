"""Stars positions as booklet diagrams (the plugin's ``positions`` part).

Stars has no board: each diagram is a scene of its own (:mod:`.table_diagram`): whose deal and
whose contract, the four hands, the cards on the table (the widow, the buried cards, the
tricks the example played and the one under way) and the points so far.  An example may
*highlight* cards by their names in the notation (``highlight: [KH, SW]``): they are
washed in yellow wherever they appear, and a legend says they are named in the text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printkit.definition.model import Definition
from printkit.games.white_star.notation import read_card
from printkit.games.white_star.rules import WhiteStar
from printkit.games.white_star.state import (
    NUM_PLAYERS,
    Bury,
    WhiteStarState,
    cards_in,
    points,
    rank_of,
    suit_of,
)
from printkit.games.white_star.table_diagram import Block, Drawing, deck_look, trick_block
from printkit.games.white_star.tricks import last_trick, tricks_played
from printkit.render.diagram import Square
from printkit.render.scene import Scene

MINUS = "\u2212"


def _engine(engine: Any) -> WhiteStar:
    if not isinstance(engine, WhiteStar):
        raise TypeError(f"not a Stars engine: {engine!r}")
    return engine


def signed(value: int) -> str:
    """``-3`` with a true minus sign, as a score sheet writes it."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


class Positions:
    """Stars positions as scenes: hands, the table and the score."""

    def square(self, engine: Any, text: str) -> Square:
        """A card named in the notation (``KH``) as (suit, rank): what a diagram marks."""
        card = read_card(text)
        return suit_of(card), rank_of(card)

    def view(self, definition: Definition, engine: Any, state: WhiteStarState,
             highlights: Sequence[Square], moves: Sequence[Any]) -> Scene:
        game = _engine(engine)
        marked = frozenset(suit * 11 + rank for suit, rank in highlights)
        drawing = Drawing(deck_look(definition), game, marked)
        drawing.status(status(game, state))
        drawing.hands(state, roles(game, state))
        blocks = table_blocks(game, state, moves)
        drawing.table(blocks)
        rows, note = score_rows(game, state)
        drawing.score(rows, note)
        legend = []
        if marked:
            legend.append(("wash", "named in the text"))
        if any(b.dashed for b in blocks):
            legend.append(("skull", "the Skull that loses a Star"))
        drawing.legend(legend)
        return drawing.scene()


def status(game: WhiteStar, state: WhiteStarState) -> str:
    """A line over the diagram: the dealer and the contract (or the auction).  The hand's
    number is left out: a position given on its own (a separate illustration) does not know
    how many hands came before it, and a wrong "Hand 1" misleads."""
    names = game.names
    if state.phase == "over":
        return "The game is over"
    if state.phase == "dealing":
        return f"The hand is over \u00b7 {names[state.dealer]} deals the next one"
    if state.phase == "bidding":
        high = (f"{names[state.bidder]} has bid {state.bid}" if state.bidder is not None
                else f"{names[game.current_player(state)]} calls first" if not any(state.passed)
                else f"no bid yet \u00b7 {names[game.current_player(state)]} to call")
        return f"{names[state.dealer]} deals \u00b7 {high}"
    holder, bid = state.contract or (0, 0)
    line = f"{names[state.dealer]} deals \u00b7 {names[holder]} holds the contract at {bid}"
    if state.phase == "playing" and not state.trick and any(state.hands):
        line += f" \u00b7 {names[game.current_player(state)]} leads"
    return line


def roles(game: WhiteStar, state: WhiteStarState) -> list[list[str]]:
    """Words under each player's name: dealer, bids and passes, the contract, the turn."""
    found: list[list[str]] = [[] for _ in range(NUM_PLAYERS)]
    if state.phase not in ("dealing", "over"):
        found[state.dealer].append("deals")
    if state.phase == "bidding":
        for seat in range(NUM_PLAYERS):
            if state.passed[seat]:
                found[seat].append("passed")
        if state.bidder is not None and state.bid is not None:
            found[state.bidder].append(f"bid {state.bid}")
    elif state.contract is not None:
        holder, bid = state.contract
        found[holder] += ["holder", f"bid {bid}"]
    if state.phase in ("bidding", "burying", "playing"):
        verb = {"bidding": "to bid", "burying": "to bury", "playing": "to play"}[state.phase]
        found[game.current_player(state)].append(verb)
    return found


def table_blocks(game: WhiteStar, state: WhiteStarState, moves: Sequence[Any]) -> list[Block]:
    """The groups of cards on the table: widow, buried cards, tricks."""
    names = game.names
    blocks: list[Block] = []
    if state.widow:
        blocks.append(Block("Widow", tuple(cards_in(state.widow)), result="face down",
                            face_down=True))
    holder = state.contract[0] if state.contract is not None else None
    if state.buried and holder is not None and any(isinstance(m, Bury) for m in moves):
        blocks.append(Block(f"Buried by {names[holder]}", tuple(cards_in(state.buried)),
                            result=f"{names[holder]}'s: {points(state.buried)} points"))
    tricks = tricks_played(game, state, moves)
    if not tricks and not any(isinstance(m, Bury) for m in moves):
        remembered = last_trick(game, state)
        tricks = [remembered] if remembered is not None else []
    blocks += [trick_block(game, t) for t in tricks]
    return blocks


def score_rows(game: WhiteStar, state: WhiteStarState
               ) -> tuple[list[tuple[str, list[str]]], str]:
    """The figures of the table under the diagram, and a note under it."""
    phase = state.phase
    totals = ("Total", [signed(t) for t in state.totals])
    if phase in ("dealing", "over"):
        if state.contract is None:
            return [totals], "Nobody bid: the cards were thrown in and the totals stay."
        won = game.hand_points(state)
        scores = game.hand_scores(state)
        holder, bid = state.contract
        made = scores[holder] >= bid
        contract = ["" for _ in range(NUM_PLAYERS)]
        contract[holder] = f"+{bid}" if made else f"{MINUS}{bid}"
        return [("Points won", [str(p) for p in won]),
                ("Other players' Star piles", [str(s - w) for s, w in zip(scores, won,
                                                                            strict=True)]),
                ("Hand score", [str(s) for s in scores]),
                ("Contract " + ("made" if made else "failed"), contract),
                totals], ""
    if phase in ("burying", "playing") and state.contract is not None:
        rows = [("Points won so far", [str(p) for p in game.hand_points(state)])]
        if any(state.stars):
            rows.append(("Star pile, to each other", [
                str(v) if v else "" for v in game.star_pile_values(state)]))
        return rows, ""
    if any(state.totals):
        return [totals], ""
    return [], ""


POSITIONS = Positions()

__all__ = ["POSITIONS", "Positions", "roles", "score_rows", "signed", "status",
           "table_blocks"]
