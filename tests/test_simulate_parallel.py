"""Every way of running a simulation gives the result of one process: --jobs, shards merged,
a Dask LocalCluster (what CI proves), and the JSON between them."""

from __future__ import annotations

import json

import pytest
from printkit_toy_nim.rules import ToyNim, ToyParams

from printkit.rules.registry import engine_class
from printkit.simulator import runner
from printkit.simulator.agents import make_agent
from printkit.simulator.cluster import run_on_dask
from printkit.simulator.report import report_json
from printkit.simulator.runner import RunSpec, run, shard_range
from printkit.simulator.shards import ShardError, combine, document
from printkit.simulator.tally import Tally


def spec_of(name: str, games_seed: int = 4) -> RunSpec:
    cls = engine_class(name)
    game = cls()
    return RunSpec(cls, game.params, type(make_agent(None, game)), games_seed, max_moves=400)


def test_jobs_give_the_same_tally_as_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = spec_of("stars-and-stripes")
    one = run(spec, 0, 60, jobs=1)
    assert run(spec, 0, 60, jobs=2) == one  # short: played here after the first slice
    monkeypatch.setattr(runner, "WORTH_PROCESSES", 0.0)  # now on worker processes
    seen: list[int] = []
    two = run(spec, 0, 60, jobs=2, progress=lambda done, total: seen.append(done))
    assert two == one and one.games == 60
    assert seen[-1] == 60 and seen == sorted(seen)


def test_shards_merged_equal_the_whole_run_and_bad_sets_are_refused() -> None:
    spec = RunSpec(ToyNim, ToyParams(players=3), type(make_agent("random")), 7)
    whole = spec.summary(run(spec, 0, 100), 100)
    docs = []
    for i in (3, 1, 2):
        start, stop = shard_range(100, i, 3)
        part = spec.summary(run(spec, start, stop), 100, start, stop)
        docs.append((f"s{i}.json", json.loads(json.dumps(document(part, report_json(part))))))
    merged = combine(docs)
    assert merged.tally == whole.tally
    assert report_json(merged) == report_json(whole)
    with pytest.raises(ShardError, match="games 67 to 100 are in no result"):
        combine(docs[1:])
    with pytest.raises(ShardError, match="overlaps"):
        combine([*docs, docs[0]])
    other = json.loads(json.dumps(docs[0][1]))
    other["seed"] = 8
    with pytest.raises(ShardError, match="is from another run"):
        combine([("x.json", other), *docs[1:]])


def test_a_tally_survives_json_exactly() -> None:
    tally = Tally()
    tally.add_seats(["A", "B"])
    tally.add_finished(10, (0, 1), 0, "equal", {"half": 0.5, "count": 3.0})
    tally.add_capped(True)
    again = Tally.from_json(json.loads(json.dumps(tally.to_json())))
    assert again == tally and again.figures["half"][0] == pytest.approx(0.5)


def test_a_dask_local_cluster_equals_one_process() -> None:
    spec = RunSpec(ToyNim, ToyParams(), type(make_agent("random")), 3)
    expected = run(spec, 0, 300)
    assert run_on_dask(spec, 0, 300, "local:2") == expected
