"""Play many complete games with an agent in every seat and add up what happened.

Pure: no printing and no clocks in any result.  Game *i* of a run has its own random
generators, derived from the seed and *i* alone (one for the game's chance, one for the
agent's choices), so a game is the same whatever the number of games, the process that
plays it or the machine it runs on; that is what lets :mod:`printkit.simulator.runner` split a
run over cores, shards and a cluster and still give the result of one process.

A game is stopped, and counted as *unfinished*, when it has not ended after
``max_moves`` moves or, for a game that has deals (an engine with a ``deal_number``
method, see :meth:`~printkit.rules.base.Game.deal_number`), when it would start deal
``max_deals + 1``.  These caps
bound the simulator's work: they are never rules of the game, and the report leaves the
unfinished games out of every statistic but the count of them.

A game is stopped as a *stalemate* when its engine declares a progress key and a bound
(:meth:`~printkit.rules.base.Game.progress_key`, :meth:`~printkit.rules.base.Game.stall_bound`)
and the game goes that many moves without reaching a key it has not had before.  A
stalemate is a finding about the game, not a bound of the simulator: the report counts it
apart from the capped games, and leaves it out of the other figures as it does them.

A *turn* is one decision: a move given to the engine.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import repeat
from typing import Any

from printkit.rules.base import Game
from printkit.simulator.agents import Agent, make_agent
from printkit.simulator.basic_agents import RandomAgent
from printkit.simulator.report import format_report
from printkit.simulator.summary import Summary
from printkit.simulator.tally import Tally

DEFAULT_MAX_MOVES = 3_000
"""Moves after which a game is stopped unfinished.  Finished games of the shipped games with
their default agents are shorter (Stars about 300 to 600 moves, the longest Star Battle
games about 2,500); what runs on is a stalemate, such as Star Battle fleets that can no
longer build nor break through, or random Stars players whose contracts all fail, and
playing it on would only make a default run take minutes."""

DEFAULT_MAX_DEALS = 100
"""Deals after which a game with deals is stopped unfinished (a game of Stars between
beginners lasts about ten)."""


@dataclass(frozen=True)
class GameRecord:
    """One played game: every state from the deal on, and whether (and why) it was cut off."""

    states: tuple[Any, ...]
    capped: bool
    #: "moves" or "deals" for a game cut off, "stalled" for a stalemate, "" for a
    #: finished one
    cap: str = ""

    @property
    def turns(self) -> int:
        """Moves played."""
        return len(self.states) - 1


def game_generators(seed: int, index: int) -> tuple[random.Random, random.Random]:
    """The chance and agent generators of game ``index`` of a run seeded with ``seed``."""
    return (
        random.Random(f"printkit:{seed}:{index}:chance"),
        random.Random(f"printkit:{seed}:{index}:agent"),
    )


def play_game(
    game: Game[Any, Any, Any],
    agent: Agent,
    chance: random.Random,
    rng: random.Random,
    *,
    max_moves: int = DEFAULT_MAX_MOVES,
    max_deals: int | None = DEFAULT_MAX_DEALS,
    stalls: bool = True,
) -> GameRecord:
    """Deal with ``chance`` and let ``agent`` play every seat until the game ends.

    With ``stalls`` (the default) a game that makes no progress over the engine's
    :meth:`~printkit.rules.base.Game.stall_bound` is stopped as a stalemate; without it,
    it plays on to the caps.

    Each move is checked against the legal moves the agent was given (the membership test
    :meth:`~printkit.rules.base.Game.apply` makes, without generating the moves again)
    and then played; an agent's illegal move raises the engine's refusal.  An agent that
    declares :attr:`~printkit.rules.agentbase.Agent.picks_from_moves` (it returns an item
    of the list itself, as the random agent does) is not checked: its move is in the list.
    The random agent in a game without stall bound or deals to watch plays in a loop of
    its own (:func:`_random_game`), the same games at a lower cost per move.
    """
    state = game.initial_state(chance)
    states = [state]
    legal_moves, is_terminal = game.legal_moves, game.is_terminal
    play, choose = game._play, agent.choose
    bound = game.stall_bound() if stalls else None
    if (bound is None and type(agent).choose is RandomAgent.choose and agent.picks_from_moves
            and (max_deals is None or type(game).deal_number is Game.deal_number)):
        return _random_game(states, legal_moves, is_terminal, play, chance, rng, max_moves,
                            game)
    # an engine whose moves state no chance outcome has nothing to strip from a move
    overridden = type(game).without_outcome is not Game.without_outcome
    plain = game.without_outcome if overridden else None
    deal_number = game.deal_number if max_deals is not None else None
    deals_allowed = max_deals if max_deals is not None else 0
    key_of = game.progress_key if bound is not None else None
    seen: set[Any] = set()
    last_progress = 0
    checked = not agent.picks_from_moves
    keep = states.append
    while not is_terminal(state):
        if key_of is not None:
            key = key_of(state)
            if key not in seen:
                seen.add(key)
                last_progress = len(states)
            elif len(states) - last_progress >= bound:  # type: ignore[operator]
                return GameRecord(tuple(states), capped=True, cap="stalled")
        if len(states) > max_moves:
            return GameRecord(tuple(states), capped=True, cap="moves")
        moves = legal_moves(state)
        if not moves:
            raise RuntimeError(
                f"{game.name}: no legal move in a position that is not over:\n"
                + game.format_state(state)
            )
        move = choose(game, state, moves, chance, rng)
        if checked and (move if plain is None else plain(state, move)) not in moves:
            raise game.refusal(state, move)
        state = play(state, move, chance)
        keep(state)
        if deal_number is not None and (deal := deal_number(state)) is not None and (
                deal > deals_allowed):
            return GameRecord(tuple(states), capped=True, cap="deals")
    return GameRecord(tuple(states), capped=False)


def _random_game(states: list[Any], legal_moves: Callable[[Any], Any],
                 is_terminal: Callable[[Any], bool], play: Callable[[Any, Any, Any], Any],
                 chance: random.Random, rng: random.Random, max_moves: int,
                 game: Game[Any, Any, Any]) -> GameRecord:
    """:func:`play_game`'s loop for the random agent in a game that declares neither deals
    nor a stall bound (or whose caller turned them off): nothing to test between moves but
    the end and the move cap, and the agent's draw (``RandomAgent.choose``: bits of the
    count's length until one is below it) made here, without a call per move.  The same
    draws, so the same games, as the general loop."""
    state = states[-1]
    keep = states.append
    getrandbits = rng.getrandbits
    for _ in repeat(None, max_moves):
        if is_terminal(state):
            return GameRecord(tuple(states), capped=False)
        moves = legal_moves(state)
        count = len(moves)
        if not count:
            raise RuntimeError(
                f"{game.name}: no legal move in a position that is not over:\n"
                + game.format_state(state)
            )
        width = count.bit_length()
        index = getrandbits(width)
        while index >= count:
            index = getrandbits(width)
        state = play(state, moves[index], chance)
        keep(state)
    if is_terminal(state):
        return GameRecord(tuple(states), capped=False)
    return GameRecord(tuple(states), capped=True, cap="moves")


def describe_result(game: Game[Any, Any, Any], state: Any, winners: tuple[int, ...]) -> str:
    """How a finished game was decided: the engine's words, or a generic phrase."""
    cause = game.result_cause(state)
    if cause is not None:
        return cause
    if not winners:
        return "nobody won"
    return "equal top scores" if len(winners) > 1 else "highest score"


def tally_games(
    game: Game[Any, Any, Any],
    agent: Agent,
    seed: int,
    indices: range,
    *,
    max_moves: int = DEFAULT_MAX_MOVES,
    max_deals: int | None = DEFAULT_MAX_DEALS,
    progress: Callable[[int], None] | None = None,
    stalls: bool = True,
) -> Tally:
    """Play games ``indices`` of the run seeded with ``seed`` and add them up.

    ``progress(n)`` is called after each game with the number of games played so far.
    """
    tally = Tally()
    for done, index in enumerate(indices, 1):
        chance, rng = game_generators(seed, index)
        record = play_game(game, agent, chance, rng, max_moves=max_moves,
                           max_deals=max_deals, stalls=stalls)
        first = record.states[0]
        tally.add_seats(game.player_names(first))
        if record.cap == "stalled":
            tally.add_stalled()
        elif record.capped:
            tally.add_capped(record.cap == "deals")
        else:
            final = record.states[-1]
            winners = tuple(game.winners(final))
            tally.add_finished(record.turns, winners, game.current_player(first),
                               describe_result(game, final, winners),
                               game.figures(record.states))
        if progress is not None:
            progress(done)
    return tally


# --------------------------------------------------------------------------- the one-call API


def parameter_text(params: object) -> tuple[tuple[str, str], ...]:
    """A parameters dataclass as (name, value written as after ``--set name=``) pairs."""
    if not dataclasses.is_dataclass(params) or isinstance(params, type):
        return ()
    return tuple((f.name, _describe(getattr(params, f.name))) for f in dataclasses.fields(params))


def parameter_values(params: object) -> tuple[tuple[str, Any], ...]:
    """A parameters dataclass as (name, JSON value) pairs: numbers, booleans, strings and
    ``None`` as themselves, tuples as lists."""
    if not dataclasses.is_dataclass(params) or isinstance(params, type):
        return ()
    return tuple((f.name, json_value(getattr(params, f.name)))
                 for f in dataclasses.fields(params))


def json_value(value: object) -> Any:
    """``value`` as JSON data of its own type (a tuple as a list, anything else not JSON
    as its text)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [json_value(v) for v in value]
    return str(value)


def describe_value(value: object) -> str:
    """A JSON parameter value (:func:`json_value`) written as after ``--set name=``."""
    return _describe(_tuples(value))


def _tuples(value: object) -> object:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _describe(value: object, *, nested: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        text = ",".join(_describe(v, nested=True) for v in value)
        return f"({text})" if nested else text
    if value is None:
        return "none"
    return str(value)


def engine_shares(game: Game[Any, Any, Any]) -> tuple[tuple[str, str, str], ...]:
    """The shares an engine names among its figures, as (label, numerator, denominator)."""
    return tuple((label, top, bottom) for label, (top, bottom) in game.figure_shares().items())


def simulate(
    game: Game[Any, Any, Any],
    *,
    games: int,
    seed: int,
    agent: str | Agent | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    max_deals: int | None = DEFAULT_MAX_DEALS,
    stalls: bool = True,
) -> Summary:
    """Play ``games`` complete games of ``game`` in this process with ``agent`` in every
    seat (by default the game's own default agent).

    ``progress(done, total)`` is called after each game.  Raises ``ValueError`` for an
    unknown agent name or a number of games below 1.  :func:`printkit.simulator.runner.run`
    is the same with several processes, shards or a cluster.
    """
    if games < 1:
        raise ValueError(f"games: at least one game is needed, not {games}")
    if not isinstance(agent, Agent):
        try:
            agent = make_agent(agent, game)
        except KeyError as exc:
            raise ValueError(str(exc.args[0])) from None
    tally = tally_games(
        game, agent, seed, range(games), max_moves=max_moves, max_deals=max_deals,
        progress=None if progress is None else (lambda done: progress(done, games)),
        stalls=stalls,
    )
    return Summary(game.title, game.name, parameter_text(game.params), agent.name, seed,
                   games, max_moves, max_deals, tally, engine_shares(game),
                   stall_bound=game.stall_bound() if stalls else None,
                   values=parameter_values(game.params))


def format_summary(summary: Summary) -> str:
    """The balance report of ``summary`` as plain text (see
    :func:`printkit.simulator.report.format_report`)."""
    return format_report(summary)


__all__ = [
    "DEFAULT_MAX_DEALS",
    "DEFAULT_MAX_MOVES",
    "GameRecord",
    "Summary",
    "describe_result",
    "describe_value",
    "engine_shares",
    "format_summary",
    "game_generators",
    "json_value",
    "parameter_text",
    "parameter_values",
    "play_game",
    "simulate",
    "tally_games",
]
