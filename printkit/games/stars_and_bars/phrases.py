"""Stars and Bars claims and moves in plain words, for the sentences under booklet diagrams.

Cards and spaces keep the notation (``srl1``, ``b2``) in code spans, as the diagrams label
them.  A placement's sentence says what it scored, relation by relation, and what
housekeeping followed (a stack turned, the centre cleared): the engine plays the move to
find out, so the words cannot disagree with the rules.
"""

from __future__ import annotations

import random
from typing import Any

from printkit.booklet.context import join_words, plural
from printkit.booklet.phrases.base import AnyGame, Handler, Phrasebook, code, codes
from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import (
    PLAYER_NAMES,
    RELATIONS,
    Chore,
    Housekeep,
    Place,
    StarsAndBarsMove,
    StarsAndBarsState,
)

WAYS = ("no way", "one way", "two ways", "three ways", "four ways")


def _engine(game: AnyGame) -> StarsAndBars:
    if not isinstance(game, StarsAndBars):
        raise TypeError(f"not a Stars and Bars engine: {game!r}")
    return game


def ways(count: int) -> str:
    """``2`` -> ``"two ways"``."""
    return WAYS[count] if 0 <= count < len(WAYS) else f"{count} ways"


def by_relation(game: StarsAndBars, state: StarsAndBarsState, move: Place) -> str:
    """``"horizontal 2 + diagonal 6 = 8 points"``, or ``"no points"``."""
    totals = dict.fromkeys(RELATIONS, 0)
    board = game.board_to_play(state)
    for relation, _, _, got in game.comparisons(board, move.card, move.space):
        if got > 0:
            totals[RELATIONS[relation]] += got
    scored = {name: points for name, points in totals.items() if points}
    total = sum(scored.values())
    if not scored:
        return "no points"
    if len(scored) == 1:
        return f"{plural(total, 'point')} for {next(iter(scored))}"
    parts = " + ".join(f"{name} {points}" for name, points in scored.items())
    return f"{parts} = {plural(total, 'point')}"


def housekeeping(game: StarsAndBars, before: StarsAndBarsState,
                 after: StarsAndBarsState) -> list[str]:
    """What became of full stacks between two positions, in words."""
    out = []
    cleared = [s for s in game.centre if before.board[s].face_down
               and not after.board[s].face_down]
    for space in range(game.spaces):
        was, now = before.board[space], after.board[space]
        name = code(game.space_name(space))
        if now.face_down and not was.face_down:
            out.append(f"the stack on {name} now holds {plural(now.size, 'card')} and is "
                       "turned face down")
        elif not game.is_centre[space] and was.size and not now.size:
            out.append(f"the full stack on {name} is removed")
        elif game.is_centre[space] and space not in cleared and was.size and not now.size \
                and cleared:
            out.append(f"the stack on {name} is turned face down")
    if cleared:
        out.append("every centre stack is now face down, so all of them go to the discard "
                   "pile and the centre is empty again")
    return out


class StarsAndBarsPhrases(Phrasebook):
    """Sentences for every claim the Stars and Bars engine answers."""

    def move(self, game: AnyGame, state: Any, text: str) -> str:
        engine = _engine(game)
        move: StarsAndBarsMove = engine.parse_move(state, text)
        who = self.mover(game, state)
        after = engine.apply(state, move, random.Random(0))
        met = settled(engine, state, move)
        first = housekeeping(engine, state, met)
        done = housekeeping(engine, met, after)
        if isinstance(move, Place):
            card, space = engine.codes[move.card], engine.space_name(move.space)
            sentence = (f"{who} lays {code(card)} on {code(space)}: "
                        f"{by_relation(engine, state, move)}")
            if not move.tidy:
                sentence += f", and leaves the full stack on {code(space)} as it is"
        elif isinstance(move, Housekeep):
            points = plural(engine.params.claim_points(move.chore), "point")
            sentence = f"{who} claims the housekeeping left undone: {_chore(engine, move)}, " \
                       f"for {points}"
        else:
            sentence = f"{who} has no card left and passes"
        if done:
            sentence += "; " + "; ".join(done)
        if first:
            sentence = (f"What was left undone is done first, for nobody: {'; '.join(first)}. "
                        + sentence)
        return sentence + "."

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "differences": self._differences,
            "is_starred": self._starred,
            "points": self._points,
            "points_by_relation": self._points_by_relation,
            "legal_spaces": self._legal_spaces,
            "best_points": self._best,
            "outcome": self._outcome,
            "stack_size": self._stack_size,
            "face_down": self._face_down,
            "top": self._top,
            "hand": self._hand,
            "stock_size": self._stock,
            "discard_size": self._discard,
            "round": self._round,
            "beginner": self._beginner,
            "housekeeping_claims": self._claimable,
            "illegal_reason": self._illegal_reason,
        }

    def _differences(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        first, _, second = (argument or "").replace(",", " ").strip().partition(" ")
        return f"{code(first)} and {code(second.strip())} differ in {ways(int(value))}."

    def _starred(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return f"{code(argument)} is {'a starred card' if value else 'not starred'}."

    def _points(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        engine = _engine(game)
        move = engine.parse_move(state, argument or "")
        if isinstance(move, Housekeep):
            return f"Claiming {_chore(engine, move)} scores {plural(int(value), 'point')}."
        if isinstance(move, Place):
            return (f"{code(engine.codes[move.card])} on {code(engine.space_name(move.space))}"
                    f" would score {plural(int(value), 'point')}.")
        return "Passing scores nothing."

    def _points_by_relation(self, game: AnyGame, state: Any, argument: str | None,
                            value: Any) -> str:
        engine = _engine(game)
        move = engine.parse_move(state, argument or "")
        assert isinstance(move, Place)  # the claim takes placements only
        where = f"{code(engine.codes[move.card])} on {code(engine.space_name(move.space))}"
        return f"{where} would score {by_relation(engine, state, move)}."

    def _legal_spaces(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        spaces = list(value)
        if not spaces:
            return f"{code(argument)} may go on no space at all."
        return f"{code(argument)} may go on {codes(spaces)}."

    def _best(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return "Nobody lays a card any more: the game is over."
        return (f"The best card {self.mover(game, state)} can lay now scores "
                f"{plural(int(value), 'point')}.")

    def _outcome(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        scores = " to ".join(str(s) for s in state.scores)
        if value == "continue":
            return f"At {scores} nobody has won yet: the game goes on."
        if value == "tie":
            return f"At {scores} the game ends in a tie."
        engine = _engine(game)
        decided = (engine.final_decision(state.scores) if state.over
                   else engine.round_decision(state.scores)) or ()
        winner = join_words(PLAYER_NAMES[p] for p in decided)
        return f"At {scores} {winner} wins."

    def _stack_size(self, game: AnyGame, state: Any, argument: str | None,
                    value: Any) -> str:
        if not value:
            return f"{code(argument)} is empty."
        return f"{code(argument)} holds {plural(int(value), 'card')}."

    def _face_down(self, game: AnyGame, state: Any, argument: str | None,
                   value: Any) -> str:
        if value:
            return f"The stack on {code(argument)} lies face down."
        return f"{code(argument)} holds no face-down stack."

    def _top(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return f"No face-up card lies on {code(argument)}."
        return f"{code(value)} lies on top of {code(argument)}."

    def _hand(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        cards = list(value)
        name = (argument or "").strip().upper()
        return f"{name} holds {codes(cards)}." if cards else f"{name} holds no cards."

    def _stock(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        count = int(value)
        return ("The stock is empty." if not count
                else f"{plural(count, 'card')} {'is' if count == 1 else 'are'} left to draw.")

    def _discard(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        count = int(value)
        return ("The discard pile is empty." if not count
                else f"{plural(count, 'card')} {'is' if count == 1 else 'are'} in the "
                     "discard pile.")

    def _round(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return f"This is round {value}."

    def _beginner(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return f"{value} began the game."

    def _claimable(self, game: AnyGame, state: Any, argument: str | None,
                   value: Any) -> str:
        engine = _engine(game)
        found = [engine.parse_move(state, text) for text in value]
        who = self.mover(game, state)
        if not found:
            return f"There is no housekeeping left undone for {who} to claim."
        chores = join_words(_chore(engine, m) for m in found if isinstance(m, Housekeep))
        return f"{who} may claim {chores} before laying a card."

    def _illegal_reason(self, game: AnyGame, state: Any, argument: str | None,
                        value: Any) -> str:
        engine = _engine(game)
        who = self.mover(game, state)
        if value is None:
            return f"{who} may play {code(argument)}."
        move = engine.parse_move(state, argument or "")
        if not isinstance(move, Place):
            return {"nothing_to_claim": f"{who} has no such housekeeping to claim.",
                    "must_lay_a_card": f"{who} holds a card that fits, so may not pass.",
                    "game_over": "The game is over."}.get(str(value), f"{who} may not play "
                                                                     f"{code(argument)}.")
        card, space = code(engine.codes[move.card]), code(engine.space_name(move.space))
        if value in RELATIONS:
            board = engine.board_to_play(state)
            for relation, other, top, got in engine.comparisons(board, move.card, move.space):
                if got < 0 and RELATIONS[relation] == value:
                    needed = engine.needed[relation]
                    where = ("the card under it" if relation == 0 else
                             f"{code(engine.codes[top])} on {code(engine.space_name(other))}")
                    return (f"{card} may not go on {space}: that is an outer space, and "
                            f"{where} ({value}) differs from it in "
                            f"{ways(engine.diff[move.card][top])}, not {needed_words(needed)}.")
        return {
            "face_down": f"No card may go on {space}: its stack lies face down.",
            "no_face_up_neighbour": f"{card} may not go on {space}: an outer space needs "
                                    "at least one face-up card next to it.",
            "not_in_hand": f"{who} does not hold {card}.",
            "nothing_to_leave": f"{card} may go on {space}, but it leaves no full stack "
                                "to forget.",
        }.get(str(value), f"{card} may not go on {space}.")


def needed_words(count: int) -> str:
    """``3`` -> ``"three"``: how many differences a relation needs."""
    return WAYS[count].split()[0] if 0 <= count < len(WAYS) else str(count)


def _chore(game: StarsAndBars, move: Housekeep) -> str:
    if move.chore is Chore.CLEAR:
        return "clearing the face-down centre"
    where = code(game.space_name(move.space or 0))
    return (f"turning the stack on {where} face down" if move.chore is Chore.TURN
            else f"removing the full stack on {where}")


def settled(game: StarsAndBars, state: StarsAndBarsState,
            move: StarsAndBarsMove) -> StarsAndBarsState:
    """``state`` as the move meets it: housekeeping the opponent left undone and the
    player does not claim is done first (manual housekeeping), and is not this move's."""
    if isinstance(move, Housekeep) or not game.params.manual_housekeeping:
        return state
    board, discard = game.board_to_play(state), state.discard
    return StarsAndBarsState(board, state.hands, state.scores, state.stock, discard,
                             state.beginner, state.turn, state.over)
