"""The booklet lints of ``printkit check`` (issue 22, items 1 and 2): numbers typed into a
template's prose, ``fact()`` without a reason, and facts stated in an example's caption,
intro or title instead of a claim; warnings at file:line:col, errors with ``--strict``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Paragraph
from printkit.booklet.environment import make_environment, render_template
from printkit.booklet.lint import template_problems
from printkit.booklet.lintgame import template_files
from printkit.kit.games import resolve
from printkit.numberwords import spell
from tests.conftest import Run

TOY = Path(__file__).parent / "plugin_game" / "printkit_toy_nim" / "toy-nim.yaml"

CLEAN = """\
{#- 3 pebbles in a comment -#}
{% set most = 3 %}
---
subtitle: Rules of play
players: "2"
time: 10-15 minutes
---
# Play

Take {{ params.max_take | spell }} pebbles at most, or `take 2 from 1`; ``3*4`` too.
Published in {{ fact("1984", "the year the game was first sold") }}.
1. Set out the piles. <small>piles=3</small>

```example
name: The last pebbles
caption: P1 empties the last pile.
position: |
  piles: 2 0 0
  scores: 3 4
  to move: P1
moves: [take 2 from 1]
claims:
  scores: {P1: {{ 5 + params.last_bonus }}, P2: 4}
  pile(1): 0
says:
  pile(1): Pile `1` now holds 0 pebbles.
```
"""


def _findings(source: str) -> list[tuple[int, int, str]]:
    out = []
    for problem in template_problems(source, "t.md.j2"):
        assert problem.location is not None
        out.append((problem.location.line, problem.location.column, problem.message))
    return out


def test_numbers_that_are_not_prose_are_not_reported() -> None:
    assert _findings(CLEAN) == []


def test_a_typed_numeral_is_reported_at_its_place() -> None:
    source = CLEAN.replace("Take {{", "Take 3 or two, not {{").replace(
        "subtitle: Rules of play", "subtitle: Rules for 2")
    found = _findings(source)
    assert [(line, column) for line, column, _ in found] == [(4, 21), (10, 6), (10, 11)]
    assert found[1][2].startswith("the number '3' is typed into the prose")
    assert "fact(\"two\"" in found[2][2]


def test_a_number_in_a_text_an_expression_writes_into_prose_is_reported() -> None:
    """Issue 22's first false statement sat in such a text: a ruling passed to a macro."""
    source = CLEAN.replace(
        "1. Set out", '{{ kit.ruling("Larger boards", "7 plus 2 squares a side") }} {{ '
        '"`2,5` and" ~ x }} {{ fact("12", "a dozen") ~ " and so on" }} <small>{{ "a 3" }}'
        "</small> `{{ 'b 4' }}` {{ \"x\" | replace('5', 'five') }}\n1. Set out").replace(
        "  scores: {P1", '  legal({{ "take 2 from 1" }}): true\n  scores: {P1')
    found = _findings(source)
    assert [(line, column, message[:38]) for line, column, message in found] == [
        (12, 33, "the number '7' is typed into a text th"),
        (12, 40, "the number '2' is typed into a text th")]
    assert 'fact("7", "why it never changes")' in found[0][2]


def test_captions_titles_and_intros_are_prose_but_claims_are_not() -> None:
    source = CLEAN.replace("caption: P1 empties the last pile.",
                           "title: Round 3\nintro: >-\n  After twelve turns\ncaption: P1 "
                           "empties it.")
    found = _findings(source)
    assert [(line, column, message[:16]) for line, column, message in found] == [
        (16, 14, "the number '3' i"), (18, 9, "the number 'twel")]


def test_fact_needs_a_reason_written_as_text() -> None:
    source = CLEAN.replace('fact("1984", "the year the game was first sold")',
                           'fact("1984")').replace("# Play", '# Play {{ fact(7, "") }} '
                                                   '{{ fact(8, reason=title) }}')
    found = _findings(source)
    assert [(line, column) for line, column, _ in found] == [(8, 11), (8, 29), (11, 17)]
    assert "fact(...) has an empty reason" in found[0][2]
    assert "a reason that is not written as text" in found[1][2]
    assert "fact(...) has no reason" in found[2][2]
    assert _findings(CLEAN.replace('fact("1984", "the year', 'fact("1984", reason="the year')
                     ) == []


@pytest.mark.parametrize("word", ["wins", "beats", "is stuck", "cannot", "may not", "scores",
                                  "is worth", "holds 3", "captures"])
def test_a_fact_in_a_caption_is_reported_naming_the_word(word: str) -> None:
    source = CLEAN.replace("caption: P1 empties the last pile.", f"caption: P1 {word} it.")
    found = [f for f in _findings(source) if "states a fact" in f[2]]
    shown = word.removeprefix("is ")
    assert [(line, column) for line, column, _ in found] == [(16, 13 + len(word) - len(shown))]
    assert f"the caption states a fact about the position ({shown!r})" in found[0][2]
    assert "'says'" in found[0][2]


def test_a_fact_in_a_caption_an_expression_writes_is_reported() -> None:
    source = CLEAN.replace("caption: P1 empties the last pile.",
                           "caption: {{ \"P1 beats it, \" ~ 'scoring' }}")
    found = _findings(source)
    assert [(line, column, message[:45]) for line, column, message in found] == [
        (16, 17, "the caption states a fact about the position ")]
    assert "('beats')" in found[0][2]


def test_a_fact_said_through_a_claim_is_not_reported() -> None:
    source = CLEAN.replace("Pile `1` now holds", "P1 wins: pile `1` now holds")
    assert [f for f in _findings(source) if "states a fact" in f[2]] == []


def test_included_templates_are_linted_too(tmp_path: Path) -> None:
    (tmp_path / "main.md.j2").write_text('{% include "part.md.j2" %}\n{% import name as x %}\n',
                                         encoding="utf-8")
    (tmp_path / "part.md.j2").write_text("Deal 7 cards.\n", encoding="utf-8")
    files = template_files(tmp_path / "main.md.j2", [tmp_path])
    assert [Path(name).name for name, _ in files] == ["main.md.j2", "part.md.j2"]
    (problem,) = template_problems(files[1][1], files[1][0])
    assert problem.location is not None and problem.location.line == 1


def test_a_template_jinja_cannot_parse_is_left_to_rendering(tmp_path: Path) -> None:
    """An include that is never rendered may be nested past what Jinja's parser follows: the
    lint reads its prose and stops nothing; one file named two ways is read once."""
    (tmp_path / "a.md.j2").write_text(
        '{% if false %}{% include "b.md.j2" %}{% include "./b.md.j2" %}{% endif %}\n',
        encoding="utf-8")
    deep = "{{ " + "(" * 5000 + "1" + ")" * 5000 + " }} 7 cards {{ fact(1) }}\n"
    (tmp_path / "b.md.j2").write_text(deep, encoding="utf-8")
    files = template_files(tmp_path / "a.md.j2", [tmp_path])
    assert [Path(name).name for name, _ in files] == ["a.md.j2", "b.md.j2"]
    (problem,) = template_problems(files[1][1], files[1][0])
    assert problem.message.startswith("the number '7'")


def test_fact_and_spell_write_their_text(tmp_path: Path) -> None:
    (tmp_path / "t.md.j2").write_text(
        'In {{ fact("1984", "first sold") }}: {{ 16 | spell }}, {{ 121 | spell }}.\n',
        encoding="utf-8")
    rendered = render_template(make_environment([tmp_path]), "t.md.j2", {})
    assert rendered.text == "In 1984: sixteen, one hundred and twenty-one.\n"
    assert [spell(n) for n in (0, 2, 20, 45, 1000, -7)] == [
        "zero", "two", "twenty", "forty-five", "one thousand", "minus seven"]
    assert spell(10**13) == "10000000000000" and spell(2.5) == "2.5"


def test_the_clean_booklet_builds_and_prints_its_words(tmp_path: Path) -> None:
    toy = resolve("toy-nim")
    (tmp_path / "t.md.j2").write_text(CLEAN, encoding="utf-8")
    booklet = load_booklet(toy.definition, toy.engine, template=tmp_path / "t.md.j2")
    assert booklet is not None
    texts = ["".join(s.text for s in b.spans) for b in booklet.blocks
             if isinstance(b, Paragraph)]
    assert any("Take three pebbles at most" in t and "Published in 1984." in t for t in texts)


def _game(tmp_path: Path, template: str) -> Path:
    shutil.copy(TOY, tmp_path / "toy-nim.yaml")
    (tmp_path / "toy-nim.md.j2").write_text(template, encoding="utf-8")
    return tmp_path / "toy-nim.yaml"


def test_check_warns_and_strict_fails(tmp_path: Path, run_cli: Run) -> None:
    definition = _game(tmp_path, CLEAN.replace("caption: P1 empties the last pile.",
                                               "caption: P1 wins with 9."))
    warned = run_cli("check", str(definition))
    assert warned.status == 0
    template = str(tmp_path / "toy-nim.md.j2")
    assert f"{template}:16:13: warning: the caption states a fact" in warned.err
    assert f"{template}:16:23: warning: the number '9' is typed into the prose" in warned.err
    assert warned.err.count("warning:") == 2  # one booklet, linted once for both variants
    strict = run_cli("check", "--strict", str(definition))
    assert strict.status == 1
    assert f"{template}:16:23: error: the number '9'" in strict.err
    clean = run_cli("check", "--strict", str(_game(tmp_path, CLEAN)))
    assert clean.status == 0, clean.err


def test_the_plugin_scaffold_template_passes_the_lints() -> None:
    """``printkit new --plugin`` starts a designer from this template: it shows the way."""
    path = (Path(__file__).parents[1] / "printkit" / "scaffold" / "plugin" / "package"
            / "booklet.md.j2.tmpl")
    assert template_problems(path.read_text(encoding="utf-8"), str(path)) == []
