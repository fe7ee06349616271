"""Play many complete games with simple agents and sum up what happened.

Pure: no printing and no clocks in the text.  Each game has its own random generators,
derived from the seed and the game's index, one for the game's chance and one for the
agent's choices, so a run is reproducible and game *i* is the same whatever the number
of games.  A game that has not ended after ``max_moves`` moves is stopped and counted
apart; every statistic below is over the games that finished.

A *turn* is one decision: a move given to ``apply``.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.rules.agents import Agent, make_agent
from printkit.rules.base import Game

DEFAULT_MAX_MOVES = 100_000


@dataclass(frozen=True)
class GameRecord:
    """One played game: every state from the deal to the end, and whether it was cut off."""

    states: tuple[Any, ...]
    capped: bool

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
) -> GameRecord:
    """Deal with ``chance`` and let ``agent`` play every seat until the game ends."""
    state = game.initial_state(chance)
    states = [state]
    while not game.is_terminal(state):
        if len(states) > max_moves:
            return GameRecord(tuple(states), capped=True)
        moves = game.legal_moves(state)
        if not moves:
            raise RuntimeError(
                f"{game.name}: no legal move in a position that is not over:\n"
                + game.format_state(state)
            )
        state = game.apply(state, agent.choose(game, state, moves, chance, rng), chance)
        states.append(state)
    return GameRecord(tuple(states), capped=False)


@dataclass(frozen=True)
class Summary:
    """What a run of simulated games showed (see :func:`format_summary`)."""

    title: str
    parameters: tuple[tuple[str, str], ...]
    agent: str
    seed: int
    games: int
    capped: int
    max_moves: int
    seats: tuple[str, ...]
    #: turns of each finished game, in game order
    lengths: tuple[int, ...]
    #: wins per seat; a win shared by k players counts 1/k for each
    wins: tuple[float, ...]
    #: finished games won by more than one player, and by nobody
    shared: int
    no_winner: int
    #: the game's own figures, summed over finished games, in the order first reported
    figures: tuple[tuple[str, float], ...]
    #: wall-clock seconds (never part of the text)
    elapsed: float = dataclasses.field(default=0.0, compare=False)

    @property
    def finished(self) -> int:
        """Games that reached their end."""
        return len(self.lengths)

    @property
    def mean_length(self) -> float:
        """Mean game length in turns (0 without finished games)."""
        return statistics.fmean(self.lengths) if self.lengths else 0.0

    @property
    def sd_length(self) -> float:
        """Standard deviation of the game length (over the finished games as a whole)."""
        return statistics.pstdev(self.lengths) if self.lengths else 0.0

    @property
    def median_length(self) -> float:
        """Median game length in turns."""
        return float(statistics.median(self.lengths)) if self.lengths else 0.0

    @property
    def min_length(self) -> int:
        """Shortest game in turns."""
        return min(self.lengths, default=0)

    @property
    def max_length(self) -> int:
        """Longest game in turns."""
        return max(self.lengths, default=0)

    def win_share(self, seat: int) -> float:
        """The fraction of finished games won by ``seat``."""
        return self.wins[seat] / self.finished if self.finished else 0.0

    def figure_rates(self) -> tuple[tuple[str, float], ...]:
        """Each figure per finished game."""
        n = max(1, self.finished)
        return tuple((name, total / n) for name, total in self.figures)


def _describe(value: object, *, nested: bool = False) -> str:
    """A parameter value as it would be written after ``--set key=``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        text = ",".join(_describe(v, nested=True) for v in value)
        return f"({text})" if nested else text
    if value is None:
        return "none"
    return str(value)


def simulate(
    game: Game[Any, Any, Any],
    *,
    games: int,
    seed: int,
    agent: str | Agent = "random",
    progress: Callable[[int, int], None] | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
) -> Summary:
    """Play ``games`` complete games of ``game`` with ``agent`` in every seat.

    ``progress(done, total)`` is called after each game.  Raises ``ValueError`` for an
    unknown agent name or a number of games below 1.
    """
    if games < 1:
        raise ValueError(f"games: at least one game is needed, not {games}")
    if isinstance(agent, str):
        try:
            agent = make_agent(agent)
        except KeyError as exc:
            raise ValueError(str(exc.args[0])) from None
    started = time.perf_counter()
    seats: list[str] = []
    lengths: list[int] = []
    wins: list[float] = []
    shared = no_winner = capped = 0
    figures: dict[str, float] = {}
    for index in range(games):
        chance, rng = game_generators(seed, index)
        record = play_game(game, agent, chance, rng, max_moves=max_moves)
        names = game.player_names(record.states[0])
        if len(names) > len(seats):
            seats += names[len(seats) :]
            wins += [0.0] * (len(names) - len(wins))
        if record.capped:
            capped += 1
        else:
            final = record.states[-1]
            lengths.append(record.turns)
            winners = game.winners(final)
            for player in winners:
                wins[player] += 1 / len(winners)
            shared += len(winners) > 1
            no_winner += not winners
            for name, value in game.figures(record.states).items():
                figures[name] = figures.get(name, 0.0) + float(value)
        if progress is not None:
            progress(index + 1, games)
    params = game.params
    parameters = tuple(
        (f.name, _describe(getattr(params, f.name))) for f in dataclasses.fields(params)
    ) if dataclasses.is_dataclass(params) else ()
    return Summary(
        title=game.title,
        parameters=parameters,
        agent=agent.name,
        seed=seed,
        games=games,
        capped=capped,
        max_moves=max_moves,
        seats=tuple(seats),
        lengths=tuple(lengths),
        wins=tuple(wins),
        shared=shared,
        no_winner=no_winner,
        figures=tuple(figures.items()),
        elapsed=time.perf_counter() - started,
    )


def _table(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """Rows of cells in aligned columns (right-aligned where ``right`` says so)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            cell.rjust(width) if align else cell.ljust(width)
            for cell, width, align in zip(row, widths, right, strict=True)
        ]
        out.append("  " + "   ".join(cells).rstrip())
    return out


def _number(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def format_summary(summary: Summary) -> str:
    """The summary as aligned plain text; the same run always gives the same text."""
    s = summary
    plural = "s" * (s.games != 1)
    lines = [f"{s.title}: {s.games} game{plural}, {s.agent} agent, seed {s.seed}"]
    if s.parameters:
        lines.append("parameters: " + ", ".join(f"{k}={v}" for k, v in s.parameters))
    lines.append("")
    if s.capped:
        lines.append(
            f"{s.capped} game{'s' * (s.capped != 1)} stopped unfinished after "
            f"{s.max_moves} moves; the figures below leave them out"
        )
        lines.append("")
    if not s.finished:
        lines.append("no game finished")
        return "\n".join(lines) + "\n"
    lines.append(f"game length in turns over {s.finished} finished games")
    lines += _table(
        [
            ["mean", "sd", "min", "median", "max"],
            [f"{s.mean_length:.1f}", f"{s.sd_length:.1f}", str(s.min_length),
             _number(s.median_length), str(s.max_length)],
        ],
        [True] * 5,
    )
    lines.append("")
    lines.append("wins by seat (a shared win is split between the winners)")
    rows = [["seat", "wins", "share"]]
    rows += [
        [name, _number(s.wins[i]), f"{100 * s.win_share(i):.1f}%"]
        for i, name in enumerate(s.seats)
    ]
    lines += _table(rows, [False, True, True])
    lines.append(f"  shared wins: {s.shared} ({100 * s.shared / s.finished:.1f}% of games)")
    if s.no_winner:
        lines.append(f"  no winner:   {s.no_winner} ({100 * s.no_winner / s.finished:.1f}%)")
    rates = s.figure_rates()
    if rates:
        lines.append("")
        lines.append("per game (mean over the finished games)")
        lines += _table([[name, f"{rate:.3f}"] for name, rate in rates], [False, True])
    return "\n".join(lines) + "\n"
