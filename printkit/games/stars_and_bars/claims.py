"""Stars and Bars claims (the questions example files ask) and simulator figures.

Claims with an argument take it in the notation: ``differences(srl1,bbs2)``,
``points(srl1 b2)``, ``legal_spaces(bbs2)``, ``illegal_reason(srl2 a2)``, ``stack_size(b2)``,
``hand(P1)`` ...; the rest take none.  Every answer is plain data.  Claims about laying a
card (``points``, ``points_by_relation``, ``legal_spaces``, ``best_points``,
``illegal_reason``) look at the board the card is laid on: with manual housekeeping, once
what was left undone is done.  The figures are
counted once per finished game; the greedy agent uses the default heuristic (own score
minus the opponent's).

>>> from printkit.games.stars_and_bars.rules import StarsAndBars
>>> game = StarsAndBars()
>>> state = game.parse_state("1 . . . .\\n2 . srl1 . .\\n3 . . . .\\n4 . . . .\\nP1 hand bbs2")
>>> table = claims(game)
>>> table["differences"].compute(state, "srl1,bbs2"), table["points"].compute(state, "bbs2 b3")
(4, 4)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from printkit.games.stars_and_bars.engine_needs import Rules
from printkit.games.stars_and_bars.notation import TOKEN, parse_space
from printkit.games.stars_and_bars.state import (
    PLAYER_NAMES,
    RELATIONS,
    Card,
    Housekeep,
    Pass,
    Place,
    Space,
    Stack,
    StarsAndBarsState,
)
from printkit.rules.base import Claim, NotationError
from printkit.rules.notation import tokens

FIGURES = (
    "threshold wins", "runaway wins", "end wins", "ties", "beginner wins",
    "ended by empty hands", "stacks turned", "centre clears", "outer stacks removed",
    "housekeeping claims", "passes",
)
"""The names of :func:`figures`, each counted once per finished game."""

State = StarsAndBarsState
Board = tuple[Stack, ...]


# --------------------------------------------------------------------------- claims


def claims(game: Rules) -> Mapping[str, Claim[State]]:
    """The claims table of ``game``."""

    def given(argument: str | None) -> str:
        if argument is None or not argument.strip():
            raise ValueError("this claim needs an argument")
        return argument

    def card(argument: str | None) -> Card:
        text = given(argument)
        words = tokens(text, pattern=TOKEN)
        if len(words) != 1:
            raise NotationError.at("one card expected", text, words[1].offset if words else 0)
        return game.parse_card(words[0].text, text, words[0].offset)

    def space(argument: str | None) -> Space:
        text = given(argument)
        return parse_space(game, text.strip(), text, len(text) - len(text.lstrip()))

    def differences(state: State, argument: str | None) -> object:
        text = given(argument)
        words = tokens(text, pattern=TOKEN)
        if len(words) != 2:
            raise NotationError.at("two cards expected, like srl1,bbs2", text, 0)
        a, b = (game.parse_card(w.text, text, w.offset) for w in words)
        return game.diff[a][b]

    def placement(state: State, argument: str | None) -> tuple[Place, Board]:
        """The placement written, and the board it is laid on (after housekeeping)."""
        text = given(argument)
        move = game.parse_move(state, text)
        if not isinstance(move, Place):
            raise ValueError(f"{text!r} does not lay a card")
        board = game.board_to_play(state)
        if board[move.space].face_down:
            raise ValueError(f"{game.space_name(move.space)} holds a face-down stack")
        return move, board

    def by_relation(state: State, argument: str | None) -> dict[str, int]:
        place, board = placement(state, argument)
        out = dict.fromkeys(RELATIONS, 0)
        for relation, _, _, got in game.comparisons(board, place.card, place.space):
            if got > 0:
                out[RELATIONS[relation]] += got
        return out

    def points(state: State, argument: str | None) -> object:
        move = game.parse_move(state, given(argument))
        if isinstance(move, Housekeep):
            return game.params.claim_points(move.chore)
        if isinstance(move, Pass):
            return 0
        place, board = placement(state, argument)
        return game.points_for(board, place.card, place.space)

    def is_starred(state: State, argument: str | None) -> object:
        return game.starred[card(argument)]

    def legal_spaces(state: State, argument: str | None) -> object:
        c = card(argument)
        board = game.board_to_play(state)
        return [game.space_name(s) for s in range(game.spaces) if game.allowed(board, s) >> c & 1]

    def best_points(state: State) -> object:
        if state.over:
            return None
        board = game.board_to_play(state)
        found = [game.points_for(board, m.card, m.space)
                 for m in game.legal_moves(state) if isinstance(m, Place)]
        return max(found) if found else None

    def outcome(state: State) -> object:
        decided = (game.final_decision(state.scores) if state.over
                   else game.round_decision(state.scores))
        if decided is None:
            return "continue"
        return "tie" if len(decided) == 2 else "win"

    def stack_size(state: State, argument: str | None) -> object:
        return state.board[space(argument)].size

    def face_down(state: State, argument: str | None) -> object:
        return state.board[space(argument)].face_down

    def top(state: State, argument: str | None) -> object:
        stack = state.board[space(argument)]
        if stack.face_down or not stack.cards:
            return None
        return game.codes[stack.cards[-1]]

    def hand(state: State, argument: str | None) -> object:
        name = given(argument).strip().upper()
        if name not in PLAYER_NAMES:
            raise ValueError(f"no player {argument!r} (P1 or P2)")
        return [game.codes[c] for c in state.hands[PLAYER_NAMES.index(name)]]

    def illegal_reason(state: State, argument: str | None) -> object:
        """``None`` for a legal move, else why not, in one word: the relation an outer
        placement fails (``diagonal``...), ``no_face_up_neighbour``, ``face_down``,
        ``not_in_hand``, ``nothing_to_leave``, ``nothing_to_claim``, ``must_lay_a_card``
        or ``game_over``."""
        move = game.parse_move(state, given(argument))
        if move in game.legal_moves(state):
            return None
        if state.over:
            return "game_over"
        if isinstance(move, Housekeep):
            return "nothing_to_claim"
        if isinstance(move, Pass):
            return "must_lay_a_card"
        if move.card not in state.hands[state.to_move]:
            return "not_in_hand"
        board = game.board_to_play(state)
        if board[move.space].face_down:
            return "face_down"
        if game.allowed(board, move.space) >> move.card & 1:
            return "nothing_to_leave"  # the placement is fine; its 'leave' is not
        failing = [RELATIONS[relation] for relation, _, _, got
                   in game.comparisons(board, move.card, move.space) if got < 0]
        return failing[0] if failing else "no_face_up_neighbour"

    def pending(state: State) -> object:
        if state.over:
            return []
        return [game.format_move(state, m) for m in game.open_chores(state)]

    return {
        "differences": _with_argument(differences, "how many attributes two cards differ in"),
        "is_starred": _with_argument(is_starred, "whether a card is starred"),
        "points": _with_argument(points, "the points a move scores (for a placement: every "
                                 "relation together, legal or not, once the housekeeping "
                                 "left undone is done)"),
        "points_by_relation": _with_argument(by_relation, "a placement's points, by relation"),
        "legal_spaces": _with_argument(legal_spaces, "the spaces the rules let a card go to",
                                       unordered=True),
        "best_points": _plain(best_points, "the most a legal placement scores now"),
        "outcome": _plain(outcome, "the end test on these scores: continue, win or tie"),
        "stack_size": _with_argument(stack_size, "how many cards a space holds"),
        "face_down": _with_argument(face_down, "whether a space holds a face-down stack"),
        "top": _with_argument(top, "the face-up card on top of a space, or null"),
        "hand": _with_argument(hand, "a player's hand", unordered=True),
        "stock_size": _plain(lambda s: s.stock_size, "how many cards are left to draw"),
        "discard_size": _plain(lambda s: s.discard_size, "how many cards were discarded"),
        "round": _plain(lambda s: s.turn // 2 + 1, "the round being played"),
        "beginner": _plain(lambda s: PLAYER_NAMES[s.beginner], "the player who began"),
        "housekeeping_claims": _plain(pending, "housekeeping the player to move may claim",
                                      unordered=True),
        "illegal_reason": _with_argument(illegal_reason, "why a move is refused, in one word "
                                         "(the relation an outer placement fails...), or "
                                         "null when it is legal"),
    }


def _plain(compute: Callable[[State], object], description: str, *,
           unordered: bool = False) -> Claim[State]:
    """A claim that takes no argument."""

    def run(state: State, argument: str | None) -> object:
        if argument is not None:
            raise ValueError("this claim takes no argument")
        return compute(state)

    return Claim(run, description, unordered=unordered)


def _with_argument(compute: Callable[[State, str | None], object], description: str, *,
                   unordered: bool = False) -> Claim[State]:
    """A claim that takes an argument in the notation."""
    return Claim(compute, description, unordered=unordered, takes_argument=True)


# --------------------------------------------------------------------------- figures


def figures(game: Rules, history: Sequence[State]) -> Mapping[str, float]:
    """How one finished game went: how it ended, and the housekeeping done on the way."""
    p = game.params
    out = dict.fromkeys(FIGURES, 0.0)
    for before, after in itertools.pairwise(history):
        cleared = any(before.board[s].face_down and not after.board[s].face_down
                      for s in game.centre)
        for s in game.centre:
            was, now = before.board[s], after.board[s]
            if not was.face_down and (now.face_down or (cleared and was.size)):
                out["stacks turned"] += 1
        out["centre clears"] += cleared
        # a stack only shrinks when removed (a card may be laid on the emptied space at once)
        out["outer stacks removed"] += sum(
            1 for s in range(game.spaces)
            if not game.is_centre[s] and after.board[s].size < before.board[s].size
        )
        if after.turn == before.turn:
            out["housekeeping claims"] += 1
        elif after.hands == before.hands and after.stock == before.stock:
            out["passes"] += 1
    final = history[-1]
    if final.over:
        won = game.final_decision(final.scores)
        if len(won) == 2:
            out["ties"] += 1
        else:
            me = won[0]
            mine, theirs = final.scores[me], final.scores[1 - me]
            if mine > p.win_score and mine - theirs >= p.win_margin:
                out["threshold wins"] += 1
            elif mine - theirs > p.runaway_margin:
                out["runaway wins"] += 1
            else:
                out["end wins"] += 1
            out["beginner wins"] += me == final.beginner
        out["ended by empty hands"] += not final.hands[0] and not final.hands[1]
    return out

