"""Hardening of the inputs a definition names (issue 28, item 2): what ``check`` passes,
``build`` builds.  SVG drawings with numbers no renderer can draw, or more work than the
limits allow, fonts that are damaged, and YAML aliases that repeat a long text many times
are each refused by ``check`` with a located error, before anything is drawn."""

from __future__ import annotations

import pytest

from printkit import limits, yamlsource
from printkit.errors import DefinitionError


def _alias_yaml(length: int, uses: int) -> str:
    return f'a: &t "{"x" * length}"\nb: [{", ".join(["*t"] * uses)}]\n'


def test_an_alias_repeating_a_long_text_is_refused_at_the_anchor() -> None:
    text = _alias_yaml(100, 30)
    with (limits.using(limits.parse_limits(["yaml-alias-text=1000"])),
          pytest.raises(DefinitionError) as caught):
        yamlsource.parse(text, "mine.yaml")
    [problem] = caught.value.problems
    assert problem.location is not None
    assert (problem.location.line, problem.location.column) == (1, 4)
    assert "yaml-alias-text" in problem.message and "limit of 1000" in problem.message


def test_repeated_text_within_the_limit_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    real = yamlsource._scalar

    def counting(doc: yamlsource.Document, node: object, problems: list[object]) -> object:
        reads.append(getattr(node, "value", ""))
        return real(doc, node, problems)  # type: ignore[arg-type]

    monkeypatch.setattr(yamlsource, "_scalar", counting)
    doc = yamlsource.parse(_alias_yaml(1000, 500), "mine.yaml")
    assert isinstance(doc.data, dict) and doc.data["b"] == ["x" * 1000] * 500
    assert reads.count("x" * 1000) == 1  # read once, not once for each of its 501 uses


def test_a_problem_in_an_aliased_value_is_reported_once() -> None:
    with pytest.raises(DefinitionError) as caught:
        yamlsource.parse('a: &t "bad\\x01"\nb: [*t, *t, *t]\n', "mine.yaml")
    assert len(caught.value.problems) == 1
    assert "control character" in caught.value.problems[0].message
