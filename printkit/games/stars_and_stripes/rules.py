"""Stars and Stripes: a territory game with square domino cards around a central Trump.

The game in brief
=================
Each card shows 1-6 stars and 1-6 stripes (36 cards per deck).  Players grow a connected
group of *followers* from their home corner; two cards sharing an edge must agree in stars or
in stripes.  Lone cards (*independents*) may be dropped anywhere with nothing around them and
join whoever reaches them first.  Whoever first touches the central Trump ignores the
matching rule from then on.  A turn is a placement, an exchange of random cards with an
opponent, or a pass when nothing else is possible.  After each round the game ends if a hand
is empty or nobody placed a card; most followers wins.  Every ruling that groups may play
differently is a field of :class:`StarsAndStripesParams` (exported as ``Params`` too).

Rulings taken by this engine
============================
- ``opponent_contact="edge_and_corner"`` widens "neighbour" from the four edge squares to
  all eight squares around in exactly the check that ``edge`` makes: the card placed
  against other players' followers.  The independents a placement captures are not checked
  (under either option), so a captured independent may touch another player's follower at
  a corner; from then on it counts like any follower, and no other player may place a card
  touching it (settled after the engine's first audit, issue 11).
- A player whose hand is unknown (see the notation) may place any card that is neither on
  the board nor in a listed hand, runs out of cards only when none is left, and takes part
  in no exchange (its outcome would be undefined).
- ``winners`` is empty until the game is over; equal top scores share the win.

Seating order is the order of the homes and play goes round it.  ``legal_moves`` lists
follower placements, then independent placements (both by square, then card), then
exchanges in seating order from the mover; a pass only when nothing else is possible.

The notation of positions and moves is described in
:mod:`printkit.games.stars_and_stripes.notation`, the claims in
:mod:`printkit.games.stars_and_stripes.claims`.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from printkit.games.stars_and_stripes import claims, notation, refusals
from printkit.games.stars_and_stripes import determinize as _determinize
from printkit.games.stars_and_stripes.core import Core
from printkit.games.stars_and_stripes.state import (
    DECK_LETTERS,
    EMPTY,
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    KINDS,
    PASS_MOVE,
    REASONS,
    TRUMP,
    Card,
    MoveList,
    Square,
    StarsAndStripesMove,
    StarsAndStripesParams,
    StarsAndStripesState,
    card_values,
)
from printkit.rules.base import Claim, IllegalMoveError, Player


class StarsAndStripes(Core):
    """The Stars and Stripes rules engine (any board size, 2-4 players, k decks)."""

    name = "stars-and-stripes"
    title = "Stars and Stripes"
    Params = StarsAndStripesParams

    @classmethod
    def scale(cls, params: StarsAndStripesParams) -> Mapping[str, tuple[int, str]]:
        """The board's side and the number of cards (36 a deck and the Trump)."""
        sized_by = "board_size" if params.board_size is not None else "decks"
        return {"board": (params.size, sized_by), "cards": (KINDS * params.decks + 1, "decks")}

    # ---- derived values a booklet prints

    @property
    def board_size(self) -> int:
        """The side of the board."""
        return self.size

    def square_text(self, square: Square) -> str:
        """``row,col`` of a square."""
        return f"{square // self.size},{square % self.size}"

    def card_text(self, card: Card) -> str:
        """A card as the notation writes it (``5*6``, or ``5*6B`` with several decks)."""
        return self._card_text[card]

    # ---- setup and play

    def current_player(self, state: StarsAndStripesState) -> Player:
        return state.to_move

    def is_terminal(self, state: StarsAndStripesState) -> bool:
        return state.to_move < 0

    def num_players(self, state: StarsAndStripesState) -> int:
        return len(state.followers)

    def turn_number(self, state: StarsAndStripesState) -> int:
        return state.turn

    def player_names(self, state: StarsAndStripesState) -> tuple[str, ...]:
        return self.names

    def scores(self, state: StarsAndStripesState) -> tuple[int, ...]:
        return tuple(mask.bit_count() for mask in state.followers)

    def winners(self, state: StarsAndStripesState) -> tuple[Player, ...]:
        """Every player with the most followers once the game is over (empty before)."""
        if state.to_move >= 0:
            return ()
        scores = self.scores(state)
        return tuple(p for p, s in enumerate(scores) if s == max(scores))

    # ---- explaining refusals

    def illegal_reason(self, state: StarsAndStripesState,
                       move: StarsAndStripesMove) -> str | None:
        """Why ``move`` is illegal, in words (see :data:`REASONS`), or None if it is legal."""
        code = self.refusal_code(state, move)
        return None if code is None else REASONS[code]

    def refusal(self, state: StarsAndStripesState,
                move: StarsAndStripesMove) -> IllegalMoveError:
        reason = self.refusal_code(state, move) or "bad_move"
        try:
            text = self.format_move(state, move)
        except ValueError:
            text = repr(move)
        who = self.names[state.to_move] if state.to_move >= 0 else "nobody"
        return IllegalMoveError(f"illegal move {text!r} for {who} at turn {state.turn}: "
                                f"{REASONS[reason]} ({reason})")

    def refusal_code(self, state: StarsAndStripesState, move: object) -> str | None:
        """A stable code from :data:`REASONS` saying why ``move`` is illegal, or None when
        ``legal_moves`` generates it (see :mod:`~printkit.games.stars_and_stripes.refusals`)."""
        return refusals.refusal_code(self, state, move)

    # ---- notation, claims, figures (see the notation and claims modules)

    def format_state(self, state: StarsAndStripesState) -> str:
        return notation.format_state(self, state)

    def view(self, state: StarsAndStripesState, player: Player) -> str:
        return notation.format_state(self, state, viewer=player)

    def determinize(self, state: StarsAndStripesState, player: Player,
                    rng: random.Random) -> StarsAndStripesState:
        return _determinize.determinize(state, player, rng, self.pool(state))

    def hidden_from(self, state: StarsAndStripesState, player: Player) -> Collection[str]:
        return notation.hidden_from(self, state, player)

    def parse_state(self, text: str) -> StarsAndStripesState:
        return notation.parse_state(self, text)

    def format_move(self, state: StarsAndStripesState, move: StarsAndStripesMove) -> str:
        return notation.format_move(self, move)

    def parse_move(self, state: StarsAndStripesState, text: str) -> StarsAndStripesMove:
        return notation.parse_move(self, text)

    def result_cause(self, state: StarsAndStripesState) -> str:
        """How a finished game was decided, for the simulator's report."""
        why = ("a hand ran out" if self.someone_out_of_cards(state.cells, state.hands)
               else "a round without a placement")
        shared = len(self.winners(state)) > 1
        return f"{'equal most' if shared else 'most'} followers after {why}"

    def claims(self) -> Mapping[str, Claim[StarsAndStripesState]]:
        return claims.claims(self)

    def figures(self, history: Sequence[StarsAndStripesState]) -> Mapping[str, float]:
        """Counts for one game: placements, captures, exchanges, passes and how it ended."""
        return claims.figures(self, history)

    def heuristic(self, state: StarsAndStripesState, player: Player) -> float:
        """Follower lead over the best opponent, plus a bonus for holding the Trump."""
        return claims.heuristic(self, state, player)


Params = StarsAndStripesParams
"""The parameters under the name every engine module uses."""

__all__ = [
    "DECK_LETTERS",
    "EMPTY",
    "EXCHANGE",
    "FOLLOWER",
    "INDEPENDENT",
    "PASS_MOVE",
    "REASONS",
    "TRUMP",
    "MoveList",
    "Params",
    "StarsAndStripes",
    "StarsAndStripesMove",
    "StarsAndStripesParams",
    "StarsAndStripesState",
    "card_values",
]
