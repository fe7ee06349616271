"""Results files of simulation shards, and merging them into the report of the whole run.

``printkit simulate GAME --shard i/n`` writes the JSON report of its slice of the games
(the same document ``--json`` prints, which carries the exact tally); ``printkit simulate
--merge FILES`` reads such documents back, checks that they are slices of one run (same
game, parameters, agent, seed, number of games and caps) that cover every game exactly
once, and adds their tallies up: the result is the report of the whole run, equal to
what one process would have printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from printkit.simulator.runner import merge
from printkit.simulator.simulate import Summary, describe_value
from printkit.simulator.tally import Tally

FORMAT = "printkit-simulation/1"
"""The ``format`` of a results document."""

_RUN_KEYS = ("game", "title", "parameters", "agent", "seed", "games", "max_moves",
             "max_deals", "stall_bound", "share_figures")
"""What every slice of one run has in common."""


class ShardError(ValueError):
    """A results document is malformed, or the documents are not the slices of one run.

    ``source`` names the document at fault (empty when the set as a whole is).
    """

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{source}: {message}" if source else message)
        self.source = source
        self.message = message


def document(summary: Summary, report: Mapping[str, Any]) -> dict[str, Any]:
    """The results document of ``summary``: its JSON ``report`` plus what merging needs."""
    return {"format": FORMAT, **report,
            "share_figures": [list(share) for share in summary.shares]}


def read(source: str, data: object) -> tuple[Summary, int, int]:
    """The summary of one results document and the range of games it holds."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ShardError(source, f"not a printkit simulation result (format {FORMAT!r})")
    try:
        start, stop, games = int(data["start"]), int(data["stop"]), int(data["games"])
        tally = Tally.from_json(data["tally"])
        parameters = data["parameters"]
        shares = tuple((str(a), str(b), str(c)) for a, b, c in data["share_figures"])
        max_deals = data["max_deals"]
        bound = data.get("stall_bound")
        summary = Summary(
            str(data["title"]), str(data["game"]),
            tuple((str(k), describe_value(v)) for k, v in parameters.items()),
            str(data["agent"]), int(data["seed"]), games, int(data["max_moves"]),
            None if max_deals is None else int(max_deals), tally, shares, start, stop,
            stall_bound=None if bound is None else int(bound),
            values=tuple((str(k), v) for k, v in parameters.items()))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ShardError(source, f"malformed result ({type(exc).__name__}: {exc})") from None
    if not 0 <= start <= stop <= games or tally.games != stop - start:
        raise ShardError(source, f"holds {tally.games} games, not games {start + 1} to "
                                 f"{stop} of {games}")
    return summary, start, stop


def combine(documents: Sequence[tuple[str, object]]) -> Summary:
    """The summary of the whole run whose slices ``documents`` hold, as (name, data)."""
    if not documents:
        raise ShardError("", "no results to merge")
    parts = [(source, *read(source, data)) for source, data in documents]
    first_source, first, _, _ = parts[0]
    first_doc = documents[0][1]
    assert isinstance(first_doc, dict)
    for (source, _, _, _), (_, data) in zip(parts[1:], documents[1:], strict=True):
        assert isinstance(data, dict)
        for key in _RUN_KEYS:
            if data.get(key) != first_doc.get(key):
                raise ShardError(source, f"is from another run than {first_source} (its "
                                         f"{key} differs: {data.get(key)!r} against "
                                         f"{first_doc.get(key)!r})")
    parts.sort(key=lambda p: p[2])
    expected = 0
    for source, _, start, stop in parts:
        if start < expected:
            raise ShardError(source, f"overlaps another result: games {start + 1} to {stop}")
        if start > expected:
            raise ShardError("", f"games {expected + 1} to {start} are in no result")
        expected = stop
    if expected != first.games:
        raise ShardError("", f"games {expected + 1} to {first.games} are in no result")
    tally = merge([summary.tally for _, summary, _, _ in parts])
    f = first
    return Summary(f.title, f.game, f.parameters, f.agent, f.seed, f.games, f.max_moves,
                   f.max_deals, tally, f.shares, 0, None, stall_bound=f.stall_bound,
                   values=f.values)


__all__ = ["FORMAT", "ShardError", "combine", "document", "read"]
