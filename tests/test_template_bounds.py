"""The booklet sandbox bounds the work a template causes, not only counts.

Each attack below once built a gigabyte or never ended from input inside every limit.  Now
each ends with an error that names the template line and the limit (and how to raise it),
having built nothing large: the memory a rendering takes is measured with ``tracemalloc``
(an attack allowed to build its value would need at least a gigabyte; the bound asserted
here is 40 MB, most of it compiling the template).  Templates within the limits render
exactly as Jinja renders them outside the sandbox.
"""

from __future__ import annotations

import os
import re
import tracemalloc
import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path

import jinja2
import pytest

from printkit import limits
from printkit.booklet import environment
from printkit.booklet.context import FILTERS, template_context
from printkit.booklet.environment import RenderedText, make_environment, render_template
from printkit.errors import DefinitionError
from printkit.kit.games import ResolvedGame, resolve

PEAK = 40_000_000
"""Bytes a refused attack may allocate while it is compiled and run."""


@pytest.fixture(scope="module")
def game() -> ResolvedGame:
    return resolve("stars-and-stripes")


@pytest.fixture(scope="module")
def context(game: ResolvedGame) -> dict[str, object]:
    return template_context(game.definition, game.engine)


@pytest.fixture
def traced() -> Iterator[None]:
    """Trace memory while the test runs (``tracemalloc.get_traced_memory`` gives the peak)."""
    tracemalloc.start()
    try:
        yield
    finally:
        tracemalloc.stop()


def render(folder: Path, body: str, context: Mapping[str, object],
           name: str = "main.md.j2") -> RenderedText:
    (folder / name).write_text("# Title\n\n" + body + "\n", encoding="utf-8")
    return render_template(make_environment([folder], filters=FILTERS), name, context)


def refusal(folder: Path, body: str, context: Mapping[str, object]) -> tuple[str, int]:
    """The message and template line of the error rendering ``body`` raises."""
    with pytest.raises(DefinitionError) as raised:
        render(folder, body, context)
    (problem,) = raised.value.problems
    assert problem.location is not None and problem.location.file.endswith("main.md.j2")
    return problem.message, problem.location.line


VALUE = "--limit template-value=N"

ATTACKS = {
    "center filter": ("{{ 'x' | center(1000000000) }}", VALUE),
    "ljust method": ("{{ 'x'.ljust(1000000000) }}", VALUE),
    "center method": ("{{ 'x'.center(1000000000) }}", VALUE),
    "zfill": ("{{ '1'.zfill(1000000000) }}", VALUE),
    "expandtabs": ("{{ ('\\t' * 1000).expandtabs(1000000) }}", VALUE),
    "replace method": ("{{ ('x' * 100000).replace('x', 'y' * 100000) }}", VALUE),
    "replace filter": ("{{ ('x' * 100000) | replace('x', 'y' * 100000) }}", VALUE),
    "translate": ("{{ ('x' * 100000).translate({120: 'y' * 100000}) }}", VALUE),
    "join method": ("{{ ('x' * 1000000).join(['a'] * 1000) }}", VALUE),
    "join filter": ("{{ (['x' * 1000000] * 1000) | join }}", VALUE),
    "join by attribute": ("{% set ns = namespace(big='x' * 1000000) %}"
                          "{{ ([ns] * 1000) | join(attribute='big') }}", VALUE),
    "% width": ("{{ '%1000000000d' % 1 }}", VALUE),
    "% star width": ("{{ '%*s' % (1000000000, 'x') }}", VALUE),
    "% of a list": ("{{ '%s' % ([['x' * 1000000] * 1000]) }}", VALUE),
    "format method": ("{{ '{:>1000000000}'.format(1) }}", VALUE),
    "format of a list's repr": ("{{ '{!r}'.format(['x' * 1000000] * 1000000) }}", VALUE),
    "format_map": ("{{ '{a:>1000000000}'.format_map({'a': 1}) }}", VALUE),
    "format filter": ("{{ '%1000000000s' | format('x') }}", VALUE),
    "doubling with ~": ("{% set ns = namespace(s='x' * 1000) %}{% for i in range(40) %}"
                        "{% set ns.s = ns.s ~ ns.s %}{% endfor %}", VALUE),
    "doubling with +": ("{% set ns = namespace(s='x' * 1000) %}{% for i in range(40) %}"
                        "{% set ns.s = ns.s + ns.s %}{% endfor %}", VALUE),
    "doubling a list": ("{% set ns = namespace(s=[1] * 1000) %}{% for i in range(40) %}"
                        "{% set ns.s = ns.s + ns.s %}{% endfor %}", VALUE),
    "repetition": ("{{ 'x' * 100000000 }}", VALUE),
    "squaring a number": ("{% set ns = namespace(x=2 ** 64) %}{% for i in range(40) %}"
                          "{% set ns.x = ns.x * ns.x %}{% endfor %}", VALUE),
    "powers": ("{% set ns = namespace(x=9 ** 64) %}{% for i in range(6) %}"
               "{% set ns.x = ns.x ** 64 %}{% endfor %}", VALUE),
    "lipsum": ("{{ lipsum(100000000) }}", VALUE),
    "sum of lists": ("{{ ([[1] * 1000] * 100000) | sum(start=[]) | length }}", VALUE),
    "indent width": ("{{ ('\\n' * 100000) | indent(100000) }}", VALUE),
    "indent text": ("{{ ('\\n' * 100000) | indent('x' * 100000) }}", VALUE),
    "wordwrap": ("{{ ('a ' * 100000) | wordwrap(1, wrapstring='x' * 100000) }}", VALUE),
    "batch padding": ("{{ [1] | batch(1000000000, 0) | list }}", VALUE),
    "slices": ("{{ [1] | slice(100000000) | list }}", VALUE),
    "tojson indent": ("{{ ([[1, [2, [3]]]] * 10000) | tojson(indent=100000) }}", VALUE),
    "pprint": ("{{ ([['x'] * 1000] * 1000) | pprint }}", VALUE),
    "urlize": ("{{ ('http://a.b ' * 10000) | urlize(target='x' * 100000) }}", VALUE),
    "a list written": ("{{ ['x' * 1000000] * 1000000 }}", VALUE),
    "a list as text": ("{{ (['x' * 100000] * 1000) | string }}", VALUE),
    "a list as yaml": ("{{ (['x' * 100000] * 1000) | yaml }}", VALUE),
    "escaping twice": ("{{ ('\"' * 1000000) | forceescape | forceescape }}", VALUE),
    "a filter through map": ("{{ ['x'] | map('center', 1000000000) | list }}", VALUE),
    "to_bytes": ("{{ (1).to_bytes(1000000000, 'big') }}", VALUE),
    "range": ("{{ range(100000000) | list }}", VALUE),
    "writing without end": ("{% for i in range(1000000) %}{% for j in range(1000000) %}"
                            "xxxxxxxxxx{% endfor %}{% endfor %}", "--limit template-output=N"),
    "a macro writing without end": (
        "{% macro m() %}{% for i in range(1000000) %}{{ 'x' * 1000 }}{% endfor %}"
        "{% endmacro %}{{ m() }}", "--limit template-output=N"),
    "a captured block": ("{% set big %}{% for i in range(1000000) %}{{ 'x' * 1000 }}"
                         "{% endfor %}{% endset %}", "--limit template-output=N"),
    "many values each within the limit": (
        "{% set ns = namespace(l=[]) %}{% for i in range(1000) %}"
        "{% set ns.l = ns.l + [('x' * 999000) ~ i] %}{% endfor %}", "--limit template-total=N"),
    "a filter mapped over many long texts": (
        "{{ (['x' * 1000000] * 1000) | map('upper') | list }}", "--limit template-total=N"),
    "sorting references to long texts": (
        "{{ (['x' * 1000000, 'x' * 999999 ~ 'y'] * 500000) | sort }}", VALUE),
    "in a list of long texts": ("{{ 'a' in (['x' * 1000000] * 1000000) }}", VALUE),
    "comparing lists": ("{{ (['x' * 1000000] * 1000) == (['x' * 1000000] * 1000) }}", VALUE),
    "startswith many prefixes": (
        "{{ ('y' * 1000000).startswith(('y' * 999999 ~ 'z',) * 100000) }}", VALUE),
    "count in a list": ("{{ (['x' * 1000000] * 1000000).count('x' * 1000000) }}", VALUE),
    "a list as an argument of a text filter": (
        "{{ 1 | plural(['x' * 1000000] * 1000000) }}", VALUE),
    "a list as the new text of replace": (
        "{{ 'y' | replace('x', ['x' * 100000] * 100000) }}", VALUE),
    "a board the command line refuses": ("{{ engine.from_options({'board_size': 999}).size }}",
                                         "--limit board=N"),
    "long parameters": ("{{ engine.from_options({'board_size': ['x' * 1000000] * 1000000}) }}",
                        "--limit text=N"),
    "a huge seed": ("{{ initial_position(10 ** 100) }}", "--limit integer=N"),
    "a long text for the engine": ("{{ engine.square_text('x' * 200000) }}", "--limit text=N"),
}


@pytest.mark.parametrize("case", sorted(ATTACKS))
def test_an_attack_ends_at_a_named_limit_having_built_nothing_large(
        tmp_path: Path, context: Mapping[str, object], traced: None, case: str) -> None:
    body, option = ATTACKS[case]
    message, line = refusal(tmp_path, body, context)
    assert option in message and line == 3, message
    assert tracemalloc.get_traced_memory()[1] < PEAK


def test_errors_quote_no_huge_value(tmp_path: Path, context: Mapping[str, object],
                                   traced: None) -> None:
    message, line = refusal(tmp_path, "{{ {}[['x' * 1000000] * 1000000] }}", context)
    assert "has no element (a list of 2000002 characters as text)" in message and line == 3
    message, _ = refusal(tmp_path, "{{ {} | attr('x' * 1000000) }}", context)
    assert "has no attribute 'xxxx" in message and len(message) < 300
    message, _ = refusal(tmp_path, "{{ {'a': 1}['x' * 1000000] }}", context)
    assert len(message) < 300
    assert tracemalloc.get_traced_memory()[1] < PEAK


def test_a_block_that_gives_no_text_is_a_located_error(
        tmp_path: Path, context: Mapping[str, object]) -> None:
    message, line = refusal(tmp_path, "text\n{% filter length %}abc{% endfilter %}", context)
    assert "gives int, not text" in message and line == 4


def test_a_loop_that_calls_nothing_still_keeps_to_the_deadline(
        tmp_path: Path, context: Mapping[str, object]) -> None:
    body = ("{% set a = 'x' * 100000 %}\n{% for i in a %}{% for j in a %}{% endfor %}"
            "{% endfor %}")  # ten billion turns, no call, no write
    with limits.using(limits.parse_limits(["template-seconds=1"])):
        message, line = refusal(tmp_path, body, context)
    assert "--limit template-seconds=N" in message and line == 4


def test_the_output_limit_names_the_line_that_wrote_past_it(
        tmp_path: Path, context: Mapping[str, object]) -> None:
    body = "first line\n{% for i in range(200) %}\n{{ 'x' * 999 }}\n{% endfor %}"
    with limits.using(limits.parse_limits(["template-output=100000"])):
        message, line = refusal(tmp_path, body, context)
    assert line == 5 and "template-output" in message
    assert "past the limit of 100000 characters" in message


def test_a_raised_limit_lets_a_larger_value_through(
        tmp_path: Path, context: Mapping[str, object]) -> None:
    body = "{{ ('x' * 1500000) | length }}"
    message, _ = refusal(tmp_path, body, context)
    assert "1500000 characters" in message and VALUE in message
    with limits.using(limits.parse_limits(["template-value=2000000",
                                           "template-output=3000000"])):
        assert "1500000" in render(tmp_path, body, context).text


def test_lists_are_added_in_one_pass(tmp_path: Path, context: Mapping[str, object],
                                     traced: None) -> None:
    body = "{{ ([[1, 2] * 500] * 1000) | sum(start=[]) | length }}"
    assert "1000000" in render(tmp_path, body, context).text
    assert tracemalloc.get_traced_memory()[1] < PEAK


LEGIT = (
    "{{ 'ab' | center(9) }}|{{ 'x'.ljust(4, '.') }}|{{ '7'.zfill(3) }}|{{ 'a\\tb'.expandtabs(4) }}"
    "|{{ '%5.2f' % 3.14159 }}|{{ '%(n)03d' % {'n': 7} }}|{{ '{:>6}|{:^5}'.format('r', 'c') }}"
    "|{{ '{a}-{a}'.format_map({'a': 'z'}) }}|{{ 'a' ~ 1 ~ [2] }}|{{ 'ab' * 3 }}|{{ [1] * 3 }}"
    "|{{ [1, 2] + [3] }}|{{ (1, 2) + (3,) }}|{{ 2 ** 10 }}|{{ 3 * 4 }}|{{ 7 % 3 }}"
    "|{{ ([[1], [2, 3]]) | sum(start=[]) }}|{{ [1, 2, 3] | sum }}"
    "|{{ ((1,), (2,)) | sum(start=()) }}|{{ ['a', 'b'] | join(', ') }}"
    "|{{ 'aXbX' | replace('X', '--') }}|{{ 'a.b.c'.replace('.', '::', 1) }}"
    "|{{ 'a\\nb' | indent(2, first=True) }}|{{ 'one two three' | wordwrap(5) }}"
    "|{{ [1, 2, 3, 4, 5] | batch(2, 0) | list }}|{{ [1, 2, 3, 4, 5] | slice(2) | list }}"
    "|{{ {'a': [1, 2]} | tojson(indent=2) }}|{{ [1, 2] | pprint }}|{{ '%s and %s' | format(1, 2) }}"
    "|{{ 'x'.join(['a', 'b']) }}|{{ 'ab'.translate({97: 'AA'}) }}|{{ (258).to_bytes(2, 'big') }}"
    "|{{ range(3) | list }}|{{ 'hello world' | truncate(8, True, '..', 0) }}|{{ 'abc' | list }}"
    "|{% set captured %}in {{ 1 + 1 }}{% endset %}{{ captured }}"
    "|{% macro m(x) %}<{{ x }}>{% endmacro %}{{ m('q') }}"
    "|{% for i in range(3) %}{{ loop.cycle('a', 'b') }}{% endfor %}"
    "|{{ 1 < 2 < 3 }}{{ 3 < 2 < 1 }}{{ 'a' in ['a'] }}{{ [1, 2] == [1, 2] }}{{ 2 not in (1,) }}"
    "|{% for k in {'a': 1, 'b': 2} %}{{ k }}{{ loop.length }}{% endfor %}"
    "|{% for x in [] %}{% else %}none{% endfor %}|{% for x in [1, 2, 3] if x > 1 %}{{ x }}"
    "{% endfor %}|{{ [3, 1, 2] | sort }}{{ [1, 2, 1] | unique | list }}{{ [4, 9] | max }}"
    "|{{ 'ab'.startswith(('a', 'c')) }}{{ [1, 2, 1].count(1) }}{{ (1, 2).index(2) }}"
    "|{% for n in [[1, [2]], 3] recursive %}{% if n is iterable %}({{ loop(n) }})"
    "{% else %}{{ n }}{% endif %}{% endfor %}"
)


def test_templates_within_the_limits_render_as_jinja_renders_them(
        tmp_path: Path, context: Mapping[str, object]) -> None:
    expected = jinja2.Environment(trim_blocks=True, lstrip_blocks=True,
                                  keep_trailing_newline=True).from_string(
        "# Title\n\n" + LEGIT + "\n").render()
    assert render(tmp_path, LEGIT, context).text == expected


def test_the_engine_answers_what_the_command_line_would_accept(
        tmp_path: Path, context: Mapping[str, object]) -> None:
    text = render(tmp_path, "{{ engine.from_options({'board_size': 9}).size }}, "
                            "{{ engine.square_text(engine.home_indices[0]) }}", context).text
    assert "9, " in text
    message, _ = refusal(tmp_path, "{{ engine.from_options({'board_size': 'x'}) }}", context)
    assert "board_size" in message and "whole number" in message
    message, _ = refusal(tmp_path, "{{ engine.Params(board_size=999) }}", context)
    assert "may not make a StarsAndStripesParams" in message
    message, _ = refusal(tmp_path, "{{ engine.square_text([1, 2]) }}", context)
    assert "is given a list the template made" in message
    with limits.using(limits.parse_limits(["board=1000"])):
        message, _ = refusal(tmp_path, "{{ engine.from_options({'board_size': 4}) }}", context)
    assert "board_size" in message  # the game's own rule (odd sizes from 5) still holds


def include(tmp_path: Path, target: str) -> str:
    """The error of including ``target`` from a template in ``tmp_path / 'game'``."""
    message, _ = refusal(tmp_path / "game", "{% include '" + target + "' %}", {})
    return message


@pytest.fixture
def game_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    return folder


def test_an_include_leading_out_is_refused_without_reading_the_target(
        tmp_path: Path, game_folder: Path, traced: None) -> None:
    outside = tmp_path / "outside.md.j2"
    with outside.open("wb") as file:
        file.truncate(200_000_000)  # a sparse file: reading it would take 200 MB
    (game_folder / "linked.md.j2").symlink_to(outside)
    (game_folder / "folder").symlink_to(tmp_path)
    assert "no template named 'linked.md.j2'" in include(tmp_path, "linked.md.j2")
    assert "no template named 'folder/outside.md.j2'" in include(tmp_path,
                                                                 "folder/outside.md.j2")
    assert "no template named '../outside.md.j2'" in include(tmp_path, "../outside.md.j2")
    assert tracemalloc.get_traced_memory()[1] < PEAK


def test_an_oversized_include_is_refused_from_its_size_alone(
        tmp_path: Path, game_folder: Path, traced: None) -> None:
    with (game_folder / "big.md.j2").open("wb") as file:
        file.truncate(100_000_000)
    for tag in ("include", "extends"):
        message, line = refusal(game_folder, "{% " + tag + " 'big.md.j2' %}", {})
        assert "100000000 bytes is over the limit" in message and "--limit file-size=N" in message
        assert line == 3
    message, _ = refusal(game_folder, "{% import 'big.md.j2' as big %}", {})
    assert "--limit file-size=N" in message
    assert tracemalloc.get_traced_memory()[1] < PEAK


def test_an_include_that_is_not_a_regular_file_is_not_opened(game_folder: Path) -> None:
    os.mkfifo(game_folder / "pipe.md.j2")  # opening a pipe for reading would wait forever
    (game_folder / "sub.md.j2").mkdir()
    for name in ("pipe.md.j2", "sub.md.j2"):
        message, _ = refusal(game_folder, "{% include '" + name + "' %}", {})
        assert f"no template named {name!r}" in message


def test_an_include_inside_the_folder_still_works(game_folder: Path) -> None:
    (game_folder / "part.md.j2").write_text("part {{ 1 + 1 }}\n", encoding="utf-8")
    (game_folder / "real").mkdir()
    (game_folder / "real" / "deep.md.j2").write_text("deep\n", encoding="utf-8")
    (game_folder / "alias").symlink_to(game_folder / "real")
    text = render(game_folder, "{% include 'part.md.j2' %}{% include 'alias/deep.md.j2' %}",
                  {}).text
    assert "part 2" in text and "deep" in text


NESTED = {
    "brackets": "{{ " + "(" * 150 + "1" + ")" * 150 + " }}",
    "lists": "{{ " + "[" * 3000 + "]" * 3000 + " }}",
    "if blocks": "{% if 1 %}" * 3000 + "x" + "{% endif %}" * 3000,
    "for loops": "{% for i in [1] %}" * 30 + "x" + "{% endfor %}" * 30,
}


@pytest.mark.parametrize("case", sorted(NESTED))
def test_a_template_nested_too_deeply_is_a_located_error(
        tmp_path: Path, context: Mapping[str, object], case: str) -> None:
    message, line = refusal(tmp_path, "text\n" + NESTED[case], context)
    assert line == 4 and message.startswith("template syntax: ") and "nest" in message


def test_nesting_a_booklet_needs_still_compiles(tmp_path: Path,
                                                context: Mapping[str, object]) -> None:
    body = "{% for i in [1] %}" * 15 + "{{ " + "(" * 40 + "7" + ")" * 40 + " }}" + (
        "{% endfor %}" * 15)
    assert "7" in render(tmp_path, body, context).text


class CountingPattern:
    """A compiled pattern that counts the characters its searches look at."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.scanned = 0

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        found = self.pattern.search(text, pos)
        self.scanned += (found.end() if found else len(text)) - pos
        return found


def test_marking_a_long_line_of_tags_reads_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = CountingPattern(environment._QUOTE)
    monkeypatch.setattr(environment, "_QUOTE", counting)
    line = "{{ 1 }} " * 20_000 + "{{ 'a' }}"
    marked = environment.mark_lines(line + "\nplain", 0)
    assert marked.endswith("\n\ue0000:2\ue001plain")  # the tags closed on their line
    assert counting.scanned <= len(line)


def test_a_template_that_is_not_utf8_is_an_error_at_its_byte(game_folder: Path) -> None:
    (game_folder / "part.md.j2").write_bytes(b"good line\nab \xff cd\n")
    (game_folder / "main.md.j2").write_bytes(b"# T\n\nfine \xfe\n")
    for name, line, column in (("main.md.j2", 3, 6), ("part.md.j2", 2, 4)):
        target = name if name == "main.md.j2" else "included.md.j2"
        if target != name:
            (game_folder / target).write_text("{% include 'part.md.j2' %}\n", encoding="utf-8")
        with pytest.raises(DefinitionError) as raised:
            render_template(make_environment([game_folder]), target, {})
        (problem,) = raised.value.problems
        assert "not UTF-8 text" in problem.message and problem.location is not None
        assert problem.location.file.endswith(name)
        assert (problem.location.line, problem.location.column) == (line, column)


def test_compiling_a_template_warns_nothing(tmp_path: Path,
                                            context: Mapping[str, object]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        message, _ = refusal(tmp_path, "{{ (1000)[1:2] }}", context)
    assert "not subscriptable" in message
    assert not [w for w in caught if issubclass(w.category, SyntaxWarning)]
    message, _ = refusal(tmp_path, "{{ 5[3] }}", context)
    assert message == "template: int object has no element 3"  # short keys as Jinja says
