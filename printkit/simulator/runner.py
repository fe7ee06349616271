"""Run a simulation on every core, on one shard of the games, or from parts merged later.

A run is described by a :class:`RunSpec` (engine class and parameters, agent class, seed,
caps), which pickles small, and split into ranges of game indices.  Each range is played
by :func:`play_range` wherever it runs (this process, a worker process, a Dask worker on
another machine) and gives a :class:`~printkit.simulator.tally.Tally`.  Since game *i* depends
only on the seed and *i*, and tallies add up exactly, any split gives the very same
result as one process: ``--jobs 8`` equals ``--jobs 1``, and merged shards equal the
whole run.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from typing import Any

from printkit import procpool
from printkit.rules.base import Game
from printkit.simulator.agents import Agent
from printkit.simulator.search import DEFAULT_BUDGET, SkilledAgent
from printkit.simulator.simulate import (
    DEFAULT_MAX_DEALS,
    DEFAULT_MAX_MOVES,
    Summary,
    engine_shares,
    parameter_text,
    parameter_values,
    tally_games,
)
from printkit.simulator.tally import Tally

WORTH_PROCESSES = 1.0
"""Seconds of play left below which a run stays in this process: starting workers costs
about that (the result is the same either way)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: games played so far out of the games asked for."""


@dataclass(frozen=True)
class RunSpec:
    """Everything that decides the games of a run (not how many, nor where they run)."""

    engine: type[Game[Any, Any, Any]]
    params: Any
    agent: type[Agent]
    seed: int
    max_moves: int = DEFAULT_MAX_MOVES
    max_deals: int | None = DEFAULT_MAX_DEALS
    #: stop a game that makes no progress over the engine's bound, as a stalemate
    stalls: bool = True
    #: search iterations a move, for an agent that searches (None: its default)
    budget: int | None = None

    def new_agent(self) -> Agent:
        """A fresh agent of the run, given the run's search budget if it searches."""
        if self.budget is not None and issubclass(self.agent, SkilledAgent):
            return self.agent(self.budget)
        return self.agent()

    @property
    def agent_label(self) -> str:
        """The agent as reports name it: a searching agent with its budget."""
        if issubclass(self.agent, SkilledAgent):
            return f"{self.agent.name}:{self.budget or DEFAULT_BUDGET}"
        return self.agent.name

    def game(self) -> Game[Any, Any, Any]:
        """The engine, built once per process (engines keep caches worth keeping)."""
        key = (self.engine, self.params)
        game = _ENGINES.get(key)
        if game is None:
            game = _ENGINES[key] = self.engine(self.params)
        return game

    def summary(self, tally: Tally, games: int, start: int = 0,
                stop: int | None = None) -> Summary:
        """The summary of ``tally``, the games ``start`` to ``stop`` of a run of ``games``."""
        game = self.game()
        return Summary(game.title, game.name, parameter_text(self.params), self.agent_label,
                       self.seed, games, self.max_moves, self.max_deals, tally,
                       engine_shares(game), start, stop,
                       stall_bound=game.stall_bound() if self.stalls else None,
                       values=parameter_values(self.params))


_ENGINES: dict[tuple[type[Any], Any], Game[Any, Any, Any]] = {}


def play_range(spec: RunSpec, start: int, stop: int) -> Tally:
    """Play the games ``start`` to ``stop - 1`` of the run ``spec`` (a module-level
    function, so worker processes and Dask workers can be handed it)."""
    return tally_games(spec.game(), spec.new_agent(), spec.seed, range(start, stop),
                       max_moves=spec.max_moves, max_deals=spec.max_deals,
                       stalls=spec.stalls)


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)


def chunks(start: int, stop: int, size: int) -> Iterator[tuple[int, int]]:
    """``start``..``stop`` in consecutive ranges of at most ``size`` games."""
    for low in range(start, stop, size):
        yield low, min(stop, low + size)


def chunk_size(games: int, workers: int, *, most: int = 2_000) -> int:
    """Games per task: about eight tasks per worker (so a slow task does not leave the
    others idle, and progress moves), at most ``most`` so progress stays lively."""
    return max(1, min(most, -(-games // (8 * max(1, workers)))))


def shard_range(games: int, shard: int, shards: int) -> tuple[int, int]:
    """The games of shard ``shard`` (1-based) of ``shards``: consecutive, and together
    every game exactly once."""
    if not 1 <= shard <= shards:
        raise ValueError(f"shard {shard}/{shards}: the shard must be 1 to {shards}")
    return (games * (shard - 1) // shards, games * shard // shards)


def run(spec: RunSpec, start: int, stop: int, *, jobs: int = 1,
        progress: Progress | None = None) -> Tally:
    """Play games ``start`` to ``stop - 1`` on up to ``jobs`` processes; the tally is the
    same for any ``jobs``.  A first slice is played here, and the rest too unless it would
    take longer than starting processes (:data:`WORTH_PROCESSES`).  ``progress`` is told
    after each game played here and each chunk played by a worker."""
    total = stop - start

    def here(low: int, high: int) -> Tally:
        report = None if progress is None else (lambda done: progress(low - start + done,
                                                                      total))
        return tally_games(spec.game(), spec.new_agent(), spec.seed, range(low, high),
                           max_moves=spec.max_moves, max_deals=spec.max_deals,
                           progress=report, stalls=spec.stalls)

    if jobs <= 1 or total < 2:
        return here(start, stop)
    # a first slice in this process says whether the rest is worth starting processes for
    probe = max(1, min(total, chunk_size(total, jobs, most=50)))
    began = time.perf_counter()
    head = here(start, start + probe)
    left = (time.perf_counter() - began) / probe * (total - probe)
    if left < WORTH_PROCESSES:
        return head.merge(here(start + probe, stop))
    return head.merge(_pooled(spec, start + probe, stop, jobs, total, progress))


def _pooled(spec: RunSpec, start: int, stop: int, jobs: int, total: int,
            progress: Progress | None) -> Tally:
    """Games ``start`` to ``stop - 1`` on a pool of ``jobs`` processes."""
    parts = list(chunks(start, stop, chunk_size(stop - start, jobs)))
    results: dict[int, Tally] = {}
    done = total - (stop - start)
    methods = multiprocessing.get_all_start_methods()
    method = "forkserver" if "forkserver" in methods else "spawn"
    with procpool.pool(min(jobs, len(parts)), method) as pool:  # workers die with us
        pending: dict[Future[Tally], int] = {
            pool.submit(play_range, spec, low, high): i for i, (low, high) in enumerate(parts)
        }
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                i = pending.pop(future)
                results[i] = future.result()
                low, high = parts[i]
                done += high - low
                if progress is not None:
                    progress(done, total)
    return merge(results[i] for i in range(len(parts)))


def merge(tallies: Iterator[Tally] | list[Tally]) -> Tally:
    """One tally of all ``tallies``."""
    out = Tally()
    for tally in tallies:
        out.merge(tally)
    return out


__all__ = [
    "Progress",
    "RunSpec",
    "chunk_size",
    "chunks",
    "default_jobs",
    "merge",
    "play_range",
    "run",
    "shard_range",
]
