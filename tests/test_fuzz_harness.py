"""The quick version of the long fuzz run (bench/fuzz.py): a few seeded inputs of every
family run through printkit in forked children, none of them crashing, going over the
memory and time budget or reporting an error about a definition without its place; and the
harness itself: it tells each kind of failure apart, replays what it saved, and makes the
same inputs from the same seed."""

from __future__ import annotations

import io
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from bench.fuzzing import harness
from bench.fuzzing.harness import Run, fuzz, make_case
from bench.fuzzing.model import (
    CRASH,
    DISAGREE,
    FINE,
    OVER,
    UNLOCATED,
    Budget,
    Case,
    Outcome,
    classify,
    unlocated_lines,
)
from bench.fuzzing.report import Findings, load_case, save_case
from bench.fuzzing.runner import run_cases
from printkit import cli
from printkit.console import Console
from tests.conftest import ROOT

SEED = 20261127
QUICK = {"definitions": 12, "data": 6, "images": 6, "fonts": 5, "templates": 6,
         "commands": 10, "preview": 40}
"""Inputs of each family in the quick run (a preview case sends 40 to 60 requests)."""


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> tuple[Run, Findings]:
    findings = Findings(tmp_path_factory.mktemp("findings"))
    run = fuzz(SEED, QUICK, jobs=2, budget=Budget(), findings=findings)
    return run, findings


@pytest.mark.parametrize("family", sorted(QUICK))
def test_every_quick_input_of_the_family_is_fine(quick: tuple[Run, Findings],
                                                 family: str) -> None:
    run, findings = quick
    row = run.counts[family]
    assert sum(row.values()) >= QUICK[family]
    bad = {k: n for k, n in row.items() if k != FINE and n}
    assert not bad, f"{family}: {bad}\n{findings.markdown()}"


def test_the_quick_run_reaches_build_as_well_as_check(quick: tuple[Run, Findings]) -> None:
    # a fuzz run whose every input stopped at the first command would prove little
    run, _ = quick
    built = [o for o in run.outcomes if len(o.case.commands) == 2 and o.commands_run == 2]
    assert len(built) >= 5, [o.case.label for o in run.outcomes]
    assert len({o.case.family for o in built}) >= 2
    assert all(0 < o.peak_mb < 1024 for o in run.outcomes)


def _outcome(family: str, index: int = 0) -> Case:
    return make_case(family, SEED, index)


@pytest.mark.parametrize("family", sorted(QUICK))
def test_a_seed_makes_the_same_inputs(family: str) -> None:
    first, again = _outcome(family, 3), _outcome(family, 3)
    assert first == again
    assert first != _outcome(family, 4)


def test_a_saved_case_replays_as_it_was(tmp_path: Path) -> None:
    for family in ("templates", "preview"):
        case = _outcome(family, 1)
        assert load_case(save_case(case, tmp_path / family)) == case


BUDGET = Budget(memory_mb=1024, cpu_seconds=30)


def test_classify_tells_each_failure_apart() -> None:
    def judge(status: int | None, err: str = "", **kw: object) -> str:
        options: dict[str, object] = {"peak_mb": 100.0, "cpu_seconds": 1.0,
                                      "timed_out": False, "budget": BUDGET, "located": True}
        options.update(kw)
        return classify(status, None, err, **options).klass  # type: ignore[arg-type]

    assert judge(0) == FINE
    assert judge(1, "game.yaml:3:5: error: unknown key 'x'\n    3 | x: 1\n") == FINE
    assert judge(70, "printkit: internal error (TypeError): this is a bug") == CRASH
    assert judge(1, "Traceback (most recent call last):\n  File x\nValueError") == CRASH
    assert judge(9) == CRASH
    assert judge(1, "error: game.yaml is not UTF-8 text (byte 3)") == UNLOCATED
    assert judge(1, "WARNING:fontTools.ttLib:bad table") == UNLOCATED
    assert judge(1, "error: no such game", located=False) == FINE
    assert judge(0, peak_mb=1500.0) == OVER
    assert judge(0, cpu_seconds=31.0) == OVER
    assert judge(None, timed_out=True) == OVER
    assert judge(1, "error: this command needed more memory, past the limit of 1000000000 "
                    "bytes (raise it with --limit memory=N)") == OVER
    assert judge(1, "error: this command needed more memory, past the limit of 3 bytes "
                    "(raise it with --limit memory=N)", located=False) == FINE
    assert judge(1, "g.yaml:1:1: error: x", previous_ok=True) == DISAGREE
    assert classify(None, 11, "", peak_mb=1, cpu_seconds=0, timed_out=False, budget=BUDGET,
                    located=True).klass == CRASH


def test_a_note_naming_the_variant_is_not_an_unlocated_error() -> None:
    text = ("g.yaml:21:7: error: decks must be a whole number, not 'by'\n"
            "error: these problems are in the variant 'two-player' (printkit check g.yaml)\n")
    assert unlocated_lines(text) == []


def _run_fake(tmp_path: Path, behaviour: str, budget: Budget) -> Outcome:
    """One case run by the real runner, with printkit's main replaced (in the forked child
    it is inherited) by a stand-in that misbehaves as asked."""
    found: list[Outcome] = []
    case = Case("fake", 0, behaviour, {"x.yaml": b"x: 1\n"}, (("check", "{dir}/x.yaml"),))
    run_cases(iter([case]), jobs=1, budget=budget, root=tmp_path,
              done=lambda outcome, _folder: found.append(outcome))
    assert len(found) == 1
    return found[0]


def _misbehave(behaviour: str) -> int:
    if behaviour == "memory":
        hoard = bytearray(400 << 20)
        hoard[::4096] = b"x" * len(hoard[::4096])  # touch every page: resident, not reserved
        return 0
    if behaviour == "signal":
        os.kill(os.getpid(), signal.SIGSEGV)
    if behaviour == "hang":
        time.sleep(60)
    if behaviour == "internal":
        print("printkit: internal error (KeyError): this is a bug", file=sys.stderr)
        return 70
    return 0


@pytest.mark.parametrize(("behaviour", "expected", "reason"), [
    ("memory", OVER, "memory"), ("signal", CRASH, "signal 11"), ("hang", OVER, "wall time"),
    ("internal", CRASH, "internal error (KeyError)"), ("fine", FINE, ""),
])
def test_the_runner_measures_and_classifies_a_child(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path, behaviour: str,
                                                    expected: str, reason: str) -> None:
    monkeypatch.setattr(cli, "main", lambda argv, console, **_: _misbehave(behaviour))
    budget = Budget(memory_mb=300, cpu_seconds=1.0 if behaviour == "hang" else 30.0,
                    wall_factor=2.0)
    outcome = _run_fake(tmp_path, behaviour, budget)
    (verdict,) = outcome.verdicts
    assert (verdict.klass, verdict.reason) == (expected, reason), verdict
    if behaviour == "memory":
        assert outcome.peak_mb > 400
    assert not list(tmp_path.iterdir())  # each case's folder is removed after it


def test_the_findings_keep_the_smallest_input_and_its_replay(tmp_path: Path) -> None:
    findings = Findings(tmp_path)
    verdict = classify(70, None, "printkit: internal error (TypeError): bug", peak_mb=1,
                       cpu_seconds=0, timed_out=False, budget=BUDGET, located=True)
    big = Case("data", 1, "big", {"t.csv": b"x" * 100}, (("check", "{dir}/t.csv"),))
    small = Case("data", 2, "small", {"t.csv": b"x"}, (("check", "{dir}/t.csv"),))
    for case in (big, small, big):
        findings.add(Outcome(case, [verdict]), tmp_path)
    (finding,) = findings.found.values()
    assert finding.count == 3 and finding.smallest == small
    assert finding.saved is not None and load_case(finding.saved) == small
    assert "--replay" in findings.markdown() and "seen 3 times" in findings.markdown()


def test_the_inputs_are_shared_out_by_family() -> None:
    shares = harness.split(10_000, sorted(QUICK))
    assert 9_900 <= sum(shares.values()) <= 10_100
    assert all(n >= 500 for n in shares.values())
    cases = list(harness.schedule(SEED, {"commands": 5, "data": 5}))
    assert [c.family for c in cases[:4]] == ["commands", "data", "commands", "data"]


@pytest.mark.parametrize(("games", "message"), [
    ("9" * 400, "must be at most 1,000,000,000 (the integer limit), not 99999999999999999999..."),
    ("1000000001", "must be at most 1,000,000,000 (the integer limit), not 1000000001"),
    ("\u0663", "not a whole number"), ("1_0", "not a whole number"),
    ("-1", "must be at least 1, not -1"),
])
def test_simulate_refuses_a_count_it_could_not_play(games: str, message: str) -> None:
    # found by the fuzz run: a 400-digit --games crashed estimating the time left
    err = io.StringIO()
    status = cli.main(["simulate", "toy-nim", "--games", games, "-q"],
                      Console(io.StringIO(), err))
    assert status == cli.Exit.USAGE
    assert f"argument --games: {message}" in err.getvalue()


@pytest.mark.parametrize(("game", "old", "new", "faces"), [
    ("star-battle", "suit: [S, H, C, D]", "suit: [S, H, C]", "52 'star-battle-system' faces"),
    ("stars-and-stripes", "stripes: 1..6", "stripes: 1..5", "36 card faces"),
])
def test_a_deck_too_small_for_the_diagrams_is_refused_at_its_faces(
        tmp_path: Path, game: str, old: str, new: str, faces: str) -> None:
    # found by the fuzz run: the error named the file but no line
    text = (ROOT / "decks" / f"{game}.yaml").read_text()
    assert old in text
    path = tmp_path / f"{game}.yaml"
    path.write_text(text.replace(old, new))
    err = io.StringIO()
    status = cli.main(["check", "--jobs", "1", str(path)], Console(io.StringIO(), err))
    line = text.splitlines().index("faces:") + 1
    assert status == cli.Exit.INPUT, err.getvalue()
    assert f"{path}:{line}:1: error: the booklet's diagrams need the {faces}" in err.getvalue()
