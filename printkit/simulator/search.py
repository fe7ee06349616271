"""The skilled agent: information-set Monte Carlo tree search over any :class:`Game`.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2), 2012), with the other players played by an opponent model.
One tree of the searching player's own decisions is grown.  Every iteration first
*determinizes* the position: :meth:`~printkit.rules.base.Game.determinize` redraws what
that player cannot see (other hands, the order of the stock), so the search never looks at
hidden cards.  The iteration then walks the tree on that determinization: the player's own
moves are chosen among those legal there by UCB1 counted over the times each was available,
the other players' moves by the game's default agent (its beginner).  A node grows its
children progressively (the default agent's choice first, then others at random, more as
the node is tried more), so a choice among a hundred bids is weighed among a few of them
rather than a visit or two each.  From the new node the default agent plays on, to the end
of the deal in a game played in deals, else for ``depth`` moves, and the end is scored: the
winners of a finished game share one point; any other position is scored by the game's
:meth:`~printkit.rules.base.Game.heuristic`, each player's lead over the others squashed
into 0..1.  After ``budget`` iterations the move tried most often is played.

Chance inside the search (coin flips, draws) comes from a generator seeded from the agent's
own ``rng``, never from the game's ``chance``, so the agent cannot foresee an outcome and a
run still replays exactly from its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from printkit import plugins
from printkit.errors import PrintkitError
from printkit.rules.agentbase import Agent
from printkit.rules.base import Game, Player
from printkit.simulator.basic_agents import GreedyAgent

DEFAULT_BUDGET = 200
"""Search iterations per decision when none is asked for (``simulate --budget``)."""

DEFAULT_DEPTH = 0
"""Moves the default agent plays on from a new node of a game without deals before the
heuristic scores the position: none, since the heuristic judged at once searched best in the
trials of "I vant to be alone" and Stars and Bars (win shares against the beginner, budget
200: 0.92 at depth 0, 0.75 at 2 and 6; 0.62 and 0.58 at 0 and 4)."""

DEAL_MOVES = 1000
"""The most moves a playout plays to reach the end of a deal."""

WIDEN_FROM = 4
"""Children every node may have before progressive widening starts to hold them back."""

WIDEN = 1.0
"""Progressive widening: a node tried ``n`` times may have ``WIDEN * sqrt(n)`` children."""

EXPLORATION = 0.4
"""UCB1's exploration constant: rewards lie in 0..1, and 0.7 is the usual choice for them."""


class _Node:
    """A move in the tree: who made it, how often it was tried and available, and the
    mover's total reward over its tries."""

    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: Player) -> None:
        self.mover = mover
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        # keyed by the move itself: moves are immutable values (dataclasses, tuples)
        self.children: dict[Hashable, tuple[Any, _Node]] = {}


def outcome_rewards(winners: Sequence[Player], players: int) -> tuple[float, ...]:
    """One point shared by the winners of a finished game (nothing when nobody won)."""
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if p in winners else 0.0 for p in range(players))


class SkilledAgent(Agent):
    """Information-set Monte Carlo tree search with determinization (see the module notes)."""

    name: ClassVar[str] = "skilled"
    description: ClassVar[str] = ("information-set Monte Carlo tree search over the rules "
                                  "(--budget iterations a move)")

    def __init__(self, budget: int = DEFAULT_BUDGET, depth: int = DEFAULT_DEPTH) -> None:
        if budget < 1 or depth < 0:
            raise ValueError("the search budget must be at least 1 and its depth at least 0")
        self.budget = budget
        self.depth = depth
        self._policies: dict[str, Agent] = {}
        self._scale = LeadScale()

    def choose(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        moves: Sequence[Any],
        chance: random.Random,
        rng: random.Random,
    ) -> Any:
        del chance  # the game's own chance is never looked at
        if len(moves) == 1:
            return moves[0]
        me = game.current_player(state)
        self._scale = LeadScale()
        search_rng = random.Random(rng.getrandbits(64))
        root = _Node(me)
        for _ in range(self.budget):
            self._iterate(game, game.determinize(state, me, search_rng), root, search_rng)
        best_move, best_visits = moves[0], -1
        for move in moves:  # the most tried; a tie goes to the engine's first
            entry = root.children.get(move)
            visits = entry[1].visits if entry is not None else 0
            if visits > best_visits:
                best_move, best_visits = move, visits
        return best_move

    def _iterate(self, game: Game[Any, Any, Any], state: Any, root: _Node,
                 rng: random.Random) -> None:
        """One iteration on one determinization: select, expand, play out, back up."""
        path = [root]
        node = root
        play = game._play
        while not game.is_terminal(state):
            legal = game.legal_moves(state)
            mover = game.current_player(state)
            if mover != root.mover:  # the others play as the opponent model plays
                state = play(state, self._guide(game, state, legal, rng), rng)
                continue
            children = node.children
            untried = []
            for move in legal:
                entry = children.get(move)
                if entry is None:
                    untried.append(move)
                else:
                    entry[1].available += 1
            present = len(legal) - len(untried)
            if untried and (present == 0 or present < _widest(node.visits)):
                move = self._guide(game, state, untried, rng)
                child = _Node(mover)
                child.available = 1
                children[move] = (move, child)
                state = play(state, move, rng)
                path.append(child)
                break
            move, node = _select(children, legal)
            state = play(state, move, rng)
            path.append(node)
        rewards = self._playout(game, state, rng)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.mover]
        root.visits += 1

    def _guide(self, game: Game[Any, Any, Any], state: Any, moves: Sequence[Any],
               rng: random.Random) -> Any:
        """The move the game's default agent would make among ``moves`` (the first tried
        when a node grows, and every move of a playout), so the search starts from sensible
        play; a game whose default is this agent is guided by the greedy agent."""
        if len(moves) == 1:
            return moves[0]
        move = self._policy(game).choose(game, state, moves, rng, rng)
        # an agent may answer from the whole position rather than from ``moves``
        return move if move in moves else moves[rng.randrange(len(moves))]

    def _policy(self, game: Game[Any, Any, Any]) -> Agent:
        policy = self._policies.get(game.name)
        if policy is None:
            policy = self._policies[game.name] = default_policy(game)
        return policy

    def _playout(self, game: Game[Any, Any, Any], state: Any,
                 rng: random.Random) -> tuple[float, ...]:
        """Play on for ``depth`` moves, or in a game played in deals to the end of the
        deal (at most :data:`DEAL_MOVES` moves), then the rewards of where it ends."""
        play = game._play
        deal = game.deal_number(state)
        limit = self.depth if deal is None else DEAL_MOVES
        for _ in range(limit):
            if game.is_terminal(state) or (deal is not None and game.deal_number(state) != deal):
                break
            state = play(state, self._guide(game, state, game.legal_moves(state), rng), rng)
        players = game.num_players(state)
        if game.is_terminal(state):
            return outcome_rewards(game.winners(state), players)
        return self._scale.rewards([game.heuristic(state, p) for p in range(players)])


class LeadScale:
    """Rewards for a position cut off before the end, from the game's heuristic: each
    player's lead over the mean of the others, squashed into 0..1 by a logistic curve whose
    width is the mean size of the leads seen so far in this search (so a game's own units
    do not matter, and a larger lead is always worth more)."""

    __slots__ = ("count", "total")

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0

    def rewards(self, values: Sequence[float]) -> tuple[float, ...]:
        others = len(values) - 1
        if others <= 0:
            return (1.0,) * len(values)
        whole = sum(values)
        leads = [v - (whole - v) / others for v in values]
        self.count += len(leads)
        self.total += sum(abs(lead) for lead in leads)
        width = self.total / self.count
        if width <= 0:
            return (0.5,) * len(values)
        return tuple(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / width))))
                     for lead in leads)


def default_policy(game: Game[Any, Any, Any]) -> Agent:
    """The opponent model and guide of a search: the game's default agent (the first its
    plugin declares), else ``greedy``, as :func:`printkit.simulator.agents.default_agent`
    chooses, never a searching agent."""
    try:
        plugin = plugins.find(game.name)
    except PrintkitError:
        plugin = None  # an engine without a plugin (a test's)
    own = plugin.agent_classes() if plugin is not None else ()
    found = next((cls for cls in own if not issubclass(cls, SkilledAgent)), GreedyAgent)
    return found()


def _widest(visits: int) -> int:
    """How many children a node tried ``visits`` times may have (progressive widening): all
    of a small choice, then more as the node is tried more, so a choice of a hundred bids
    is searched among the guide's move and a few others rather than a visit or two each."""
    return max(WIDEN_FROM, math.ceil(WIDEN * math.sqrt(visits)))


def _select(children: dict[Hashable, tuple[Any, _Node]], legal: Sequence[Any]) -> tuple[Any, _Node]:
    """The legal move with the best UCB1 value, counted over its availability."""
    best: tuple[Any, _Node] | None = None
    best_value = -math.inf
    for move in legal:
        entry = children.get(move)
        if entry is None:
            continue  # not grown yet (progressive widening)
        node = entry[1]
        value = (node.reward / node.visits
                 + EXPLORATION * math.sqrt(math.log(node.available) / node.visits))
        if value > best_value:
            best, best_value = entry, value
    assert best is not None
    return best


__all__ = ["DEFAULT_BUDGET", "DEFAULT_DEPTH", "LeadScale", "SkilledAgent", "default_policy",
           "outcome_rewards"]
