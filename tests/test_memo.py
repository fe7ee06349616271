"""printkit.memo: results shared within a session only, for equal keys only, and never an
exception; and the steps that use it give what they would give without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit import memo, yamlsource
from printkit.cli import Exit
from printkit.errors import DefinitionError
from tests.conftest import ROOT, Run


class Counter:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> list[int]:
        self.calls += 1
        return [self.calls]


def test_outside_a_session_every_call_computes() -> None:
    count = Counter()
    assert not memo.active()
    assert memo.cached("step", 1, count) == [1]
    assert memo.cached("step", 1, count) == [2]


def test_a_session_computes_once_for_each_step_and_key() -> None:
    count = Counter()
    with memo.session():
        assert memo.active()
        first = memo.cached("step", 1, count)
        assert memo.cached("step", 1, count) is first
        assert memo.cached("step", 2, count) == [2]
        assert memo.cached("other", 1, count) == [3]
    assert not memo.active()
    assert memo.cached("step", 1, count) == [4]  # the session's results are gone


def test_nested_sessions_share_the_outer_one() -> None:
    count = Counter()
    with memo.session():
        memo.cached("step", "k", count)
        with memo.session():
            memo.cached("step", "k", count)
        memo.cached("step", "k", count)
    assert count.calls == 1


def test_an_unhashable_key_is_computed_every_time() -> None:
    count = Counter()
    with memo.session():
        memo.cached("step", ([1],), count)
        memo.cached("step", ([1],), count)
    assert count.calls == 2


def test_an_exception_is_not_kept() -> None:
    calls = []

    def fails() -> int:
        calls.append(1)
        raise ValueError("no")

    with memo.session():
        for _ in range(2):
            with pytest.raises(ValueError):
                memo.cached("step", 1, fails)
    assert len(calls) == 2


def test_a_loaded_file_is_each_callers_own(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text("a:\n  b: [1, 2]\n", encoding="utf-8")
    with memo.session():
        first = yamlsource.load(path)
        assert isinstance(first.data, dict)
        first.data["a"]["b"].append(3)
        second = yamlsource.load(path)
    assert second.data == {"a": {"b": [1, 2]}}
    assert second.where(("a", "b")).line == 2


def test_a_yaml_problem_is_reported_in_each_session_call() -> None:
    with memo.session():
        for _ in range(2):
            with pytest.raises(DefinitionError) as caught:
                yamlsource.parse_shared("a: [1\n", "bad.yaml")
            assert caught.value.problems[0].location is not None


def test_check_replays_an_example_again_where_a_variant_changes_its_parameters(
        tmp_path: Path, run_cli: Run) -> None:
    """The base game's replay is shared with variants of equal parameters only: a claim
    that holds in the game as it is but not in a variant is reported for that variant."""
    source = ROOT / "tests" / "plugin_game" / "printkit_toy_nim"
    definition = (source / "toy-nim.yaml").read_text(encoding="utf-8").replace(
        "variants:\n", "variants:\n  big-bonus:\n    description: A bigger bonus\n"
        "    parameters: {last_bonus: 5}\n  same-bonus:\n    description: The same bonus\n"
        "    parameters: {last_bonus: 2}\n")
    (tmp_path / "toy-nim.yaml").write_text(definition, encoding="utf-8")
    template = (source / "toy-nim.md.j2").read_text(encoding="utf-8")
    fixed = template.replace("{{ 5 + params.last_bonus }}", "7")  # true for a bonus of 2
    assert fixed != template
    (tmp_path / "toy-nim.md.j2").write_text(fixed, encoding="utf-8")

    result = run_cli("check", str(tmp_path / "toy-nim.yaml"))

    assert result.status == Exit.FALSE_CLAIM, result.err
    assert "the engine says" in result.err
    assert "--variant big-bonus" in result.err
    assert "same-bonus" not in result.err
