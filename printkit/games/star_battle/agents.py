"""The players ``printkit simulate`` puts at a Star Battle table.

``beginner`` (the default) rates each action by a few rules of thumb a new player would
use and makes the best one, paying with the cheapest card that will do (each action is
rated once, not once per card that could pay for it: see
:mod:`~printkit.games.star_battle.beginner_actions`):

* Galaxy: lays the card where it links to most neighbours (both ways).
* Home Base: a system it can build on (no club), of low value (cheap to build on), with
  many links, far from the other Home Bases.
* Free Scout: always taken.
* Build: worth a ship, a Dreadnought more, and more again next to an enemy; much more
  on a system whose only ship links to an empty system (the lone ship can then take it:
  a lone ship never leaves its system, so without this the empty systems a leader needs
  for domination stay empty).
* Move: into an empty system (a system gained, the Core above all), never leaving a system
  empty unless for the Core; between its own systems it moves a ship to keep company
  with a lone ship next to an empty system (worth as much as the build above), and
  otherwise only a ship that gets nearer (in moves) to a system it does not hold, so its
  fleet flows to the front.
* Battle: the expected ships destroyed on each side (a Scout falls half the time, a
  Dreadnought a quarter), plus the chance of emptying the enemy system, or of wiping that
  enemy out, less the chance of losing its own system, and a little more because a
  beginner would rather fight an even battle than shuffle ships about; it attacks when
  that comes out ahead of building, and when nothing useful is left to do (no build, no
  system to take, no step towards the front) it fights its least bad battle anyway.
* Reconstruction to open the Core: when another player's ships (or nobody's) sit on a
  Core that none of its systems links to, it reconstructs a system of its own next to
  the Core (one with a ship to spare, scrapping a Scout if it can) with a card whose suit
  links to the Core, rated as highly as a system gained; a Core whose neighbours all
  point away from it can be neither attacked nor entered, and its holder blocks
  domination for ever.
* Any other reconstruction only when nothing else is legal; when trimming its hand, the
  lowest card goes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from printkit.games.star_battle.beginner_actions import choose_action
from printkit.games.star_battle.state import REACH, Cell, StarBattleState
from printkit.rules.base import Game
from printkit.simulator.agents import Agent

if TYPE_CHECKING:
    from printkit.games.star_battle.rules import StarBattle


class Beginner(Agent):
    """Rules of thumb for every kind of move (see the module notes)."""

    name = "beginner"
    description = ("builds, moves into empty systems and the Core, attacks when the coin "
                   "flips favour it, pays with its cheapest card")

    def choose(self, game: Game[Any, Any, Any], state: StarBattleState,
               moves: Sequence[Any], chance: random.Random, rng: random.Random) -> Any:
        first = moves[0]
        phase = state.phase
        if phase == "galaxy":
            return self._place(state, moves, rng)
        if phase == "home":
            return max(moves, key=lambda m: self._home(state, m.cell))
        if phase == "trim":
            return min(moves, key=lambda m: (m.card.discard_value, m.card))
        if len(moves) == 1 or phase != "action":
            return first  # the Core's card, the free Scout (listed first), or a pass
        chosen = choose_action(cast("StarBattle", game), state)
        return first if chosen is None else chosen

    @staticmethod
    def _place(state: StarBattleState, moves: Sequence[Any], rng: random.Random) -> Any:
        index = state.index
        best: list[Any] = []
        top = -1
        for move in moves:
            links = 0
            x, y = move.cell
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                other = index.get((x + dx, y + dy))
                if other is None:
                    continue
                links += (dx, dy) in REACH[move.card.suit]
                links += (-dx, -dy) in REACH[other.card.suit]
            if links > top:
                top, best = links, [move]
            elif links == top:
                best.append(move)
        return best[rng.randrange(len(best))]

    @staticmethod
    def _home(state: StarBattleState, cell: Cell) -> tuple[float, Cell]:
        system = state.index[cell]
        others = [h for h in state.homes if h is not None]
        far = min((abs(cell[0] - h[0]) + abs(cell[1] - h[1]) for h in others), default=4)
        links = len(state.connections(cell))
        value = (10.0 if system.card.suit != "C" else 0.0) + (13 - system.card.rank) * 0.5
        return (value + links + 2.0 * min(far, 4), (-cell[0], -cell[1]))


AGENTS = (Beginner,)
"""The agents Star Battle brings to ``printkit simulate``, its default first."""

__all__ = ["AGENTS", "Beginner"]
