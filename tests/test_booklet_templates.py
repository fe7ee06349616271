"""Booklet templates: every problem is reported at the template's file, line and column.

Each ``tests/data/booklets/bad-*.md.j2`` names, in Jinja comments, the error it raises
(``{# raises ExampleError #}``) and each problem (``{# expect [FILE:]LINE:COL text #}``,
FILE relative to the template's folder when it is another file, such as a partial).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from printkit_toy_nim.rules import ToyNim

from printkit.booklet.build import load_booklet
from printkit.booklet.context import join_words, plural, words
from printkit.booklet.document import Figure, Paragraph, Span, Table
from printkit.booklet.environment import make_environment, mark_lines, render_template
from printkit.booklet.examples import BookletExample
from printkit.booklet.figures import face_library, make_figure
from printkit.booklet.html import block_html
from printkit.booklet.markdown import parse_inline
from printkit.booklet.phrases import phrasebook
from printkit.errors import DefinitionError, ExampleError, Location, PrintkitError
from printkit.examples import verify_example
from printkit.examples.model import ClaimResult
from printkit.kit.games import ResolvedGame, resolve
from printkit.yamlsource import parse

DATA = Path(__file__).parent / "data" / "booklets"
BAD = sorted(DATA.glob("bad-*.md.j2"))
_EXPECT = re.compile(r"\{# expect (?:(\S+):)?(\d+):(\d+) (.*) #\}")

TIMES = "\u00d7"
"""The multiplication sign the booklet writes between board sides."""


@pytest.fixture(scope="module")
def game() -> ResolvedGame:
    return resolve("stars-and-stripes")


def _expectations(path: Path) -> tuple[str, list[tuple[str, int, int, str]]]:
    text = path.read_text(encoding="utf-8")
    raises = re.search(r"\{# raises (\w+) #\}", text)
    assert raises, f"{path.name} does not say which error it raises"
    wanted = [(m.group(1) or path.name, int(m.group(2)), int(m.group(3)), m.group(4))
              for m in _EXPECT.finditer(text)]
    return raises.group(1), wanted


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_bad_template_names_every_problem_at_its_place(path: Path, game: ResolvedGame) -> None:
    error_name, wanted = _expectations(path)
    with pytest.raises(PrintkitError) as raised:
        load_booklet(game.definition, game.engine, template=path)
    assert type(raised.value).__name__ == error_name
    found = []
    for problem in raised.value.problems:
        loc = problem.location
        assert loc is not None, problem.message
        found.append((loc.file, loc.line, loc.column, problem.message))
    assert len(found) == len(wanted), "\n".join(map(str, found))
    for (file, line, column, message), (w_file, w_line, w_column, w_text) in zip(
            found, wanted, strict=True):
        assert file.endswith(f"tests/data/booklets/{w_file}"), file
        assert (line, column) == (w_line, w_column), message
        assert w_text in message
        # the printed problem quotes the template line it points at
        source = (DATA / w_file).read_text(encoding="utf-8").splitlines()[line - 1]
        assert problem_line(raised.value, line, file) == source


def problem_line(error: PrintkitError, line: int, file: str) -> str | None:
    for problem in error.problems:
        if problem.location and problem.location.line == line and problem.location.file == file:
            return problem.location.source_line
    return None


def test_a_false_claim_is_an_example_error_with_the_engines_answer(game: ResolvedGame) -> None:
    with pytest.raises(ExampleError) as raised:
        load_booklet(game.definition, game.engine, template=DATA / "bad-false-claim.md.j2")
    rendered = raised.value.render()
    assert "bad-false-claim.md.j2:21:3" in rendered
    assert "the engine says [\"1,6\", \"2,5\"]" in rendered
    assert rendered.rstrip().endswith("2 problems found")


def test_an_undefined_variable_is_a_definition_error(game: ResolvedGame) -> None:
    with pytest.raises(DefinitionError) as raised:
        load_booklet(game.definition, game.engine, template=DATA / "bad-undefined.md.j2")
    (problem,) = raised.value.problems
    assert problem.location is not None
    assert (problem.location.line, problem.location.column) == (5, 24)
    assert problem.location.length == len("plaers")


def test_marks_follow_loops_includes_and_expanded_text(tmp_path: Path) -> None:
    (tmp_path / "part.md.j2").write_text("from the part {{ x }}\n", encoding="utf-8")
    (tmp_path / "main.md.j2").write_text(
        "first line\n"
        "{% for i in range(2) %}\n"
        "- item {{ i }}\n"
        "{% endfor %}\n"
        "{# a comment\nover two lines #}\n"
        "{% include 'part.md.j2' %}\n"
        "{{ 'one\\ntwo' }}\n"
        "literal: {a: 1}\n", encoding="utf-8")
    env = make_environment([tmp_path])
    rendered = render_template(env, "main.md.j2", {"x": "X"})
    lines = rendered.text.split("\n")
    origin = {text: (Path(s.file).name, s.line, s.exact)
              for text, s in zip(lines, rendered.sources, strict=True)}
    assert origin["first line"] == ("main.md.j2", 1, True)
    assert origin["- item 0"] == origin["- item 1"] == ("main.md.j2", 3, False)
    assert origin["from the part X"] == ("part.md.j2", 1, False)
    assert origin["one"][:2] == origin["two"][:2] == ("main.md.j2", 8)
    assert origin["literal: {a: 1}"] == ("main.md.j2", 9, True)
    assert "\ue000" not in rendered.text


def test_marks_leave_tags_and_whitespace_control_alone() -> None:
    source = "a\n  {% if x -%}\n{{- y }}\n{{ z }}\n\n'{{ \"%}\" }}'\n"
    marked = mark_lines(source, 0).split("\n")
    assert marked[1] == "  {% if x -%}" and marked[2] == "{{- y }}"
    assert marked[0].endswith("a") and marked[0] != "a"
    assert marked[3].endswith("{{ z }}") and marked[3] != "{{ z }}"
    assert marked[4] == ""


def test_the_shipped_template_tells_one_sample_game_in_players_words(
        game: ResolvedGame) -> None:
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None and booklet.figures >= 8
    figures = [b for b in booklet.blocks if isinstance(b, Figure)]
    assert [f.number for f in figures] == list(range(1, booklet.figures + 1))
    assert all(f.sentences and f.diagrams and f.title for f in figures)
    # one deal played on: the moves of all examples replay from the first position
    assert figures[0].name == "deal" and all(f.moves for f in figures[1:])
    options = [b for b in booklet.blocks if isinstance(b, Table)][-1]
    first_cells = [row[0] for row in options.rows]
    # players' words first, the parameter names only in small print, each with the value
    # that turns the option on (not this booklet's default, which would change nothing)
    assert all(not cell[0].small for cell in first_cells)
    settings = {s.text.strip() for row in options.rows for cell in row for s in cell
                if s.small}
    small = {text.split("=")[0] for text in settings}
    assert {"opponent_contact", "trump_exclusive", "board_size", "homes"} <= small
    assert {"opponent_contact=edge_and_corner", "trump_exclusive=allow_without_power"} <= (
        settings)
    words = " ".join(s.text for cell in first_cells for s in cell if not s.small)
    assert "opponent_contact" not in words and "Keep apart at the corners" in words


def test_claims_become_sentences(game: ResolvedGame) -> None:
    engine = game.engine
    assert engine is not None
    state = engine.parse_state(
        "NW:5*6 NW:5*4 NW:4*4 .      NE:6*6 NE:6*5 NE:6*1\n"
        "NW:5*5 .      .      I:2*2  .      NE:6*3 .\n"
        "NW:3*5 .      .      .      .      .      I:1*4\n"
        ".      .      .      TRUMP  .      .      .\n"
        ".      .      SW:4*1 .      .      .      SE:6*2\n"
        ".      .      SW:1*1 .      I:5*1  .      SE:4*2\n"
        "SW:4*6 SW:2*6 SW:1*6 .      .      SE:3*2 SE:5*2\n"
        "to move: NE\n")
    book = phrasebook(engine.name)

    def sentence(key: str, name: str, argument: str | None, value: object) -> str:
        result = ClaimResult(key, name, argument, value, value, True)
        spans = parse_inline(book.claim(engine, state, result))
        return "".join(s.text for s in spans)

    assert sentence("legal_placements(6*4)", "legal_placements", "6*4",
                    ["1,6", "2,5"]) == "NE can place 6*4 on 1,6 or 2,5."
    assert sentence("winners", "winners", None, ["NW", "SW"]) == "NW and SW share the win."
    assert sentence("illegal_reason(F 1,4 2*5)", "illegal_reason", "F 1,4 2*5",
                    "matching") == ("NE may not place 2*5 on 1,4: it does not match every "
                                    "card next to it.")
    assert sentence("trump_holder", "trump_holder", None, None) == "Nobody holds the Trump yet."
    spans = parse_inline(book.move(engine, state, "F 1,6 6*4"))
    assert Span("6*4", code=True) in spans and Span("1,6", code=True) in spans


def test_filters_speak_plain_english() -> None:
    assert words(4) == "four" and words(17) == "17"
    assert plural(1, "card") == "1 card" and plural(23, "card") == "23 cards"
    assert join_words(["a", "b", "c"]) == "a, b and c"
    assert join_words(["x", "y"], "or") == "x or y"


def test_the_cover_words_come_from_front_matter(game: ResolvedGame) -> None:
    booklet = load_booklet(game.definition, game.engine, template=DATA / "good-small.md.j2")
    assert booklet is not None
    assert booklet.cover.subtitle == "A test booklet"
    assert booklet.cover.lines == (f"4 players on 7 {TIMES} 7 squares",)
    first = booklet.blocks[1]
    assert isinstance(first, Paragraph)
    assert Span("8", bold=True) in first.spans


TOY_BLOCK = """\
name: a game without diagrams
position: |
  piles: 2 0 1
  scores: 0 0
  to move: P2
moves: [take 2 from 1]
claims:
  total: 1
  to_move: P1
"""


def test_a_game_without_diagrams_prints_its_position_in_notation(
        game: ResolvedGame) -> None:
    verified = verify_example(parse(TOY_BLOCK, "toy.md"), game=ToyNim)
    example = BookletExample(verified, (), (), "both", Location("toy.md", 1, 1))
    figure = make_figure(3, example, game.definition, ("#000000",),
                         face_library(game.definition))
    assert figure.diagrams == () and "piles: 2 0 1" in figure.notation
    assert "".join(s.text for s in figure.moves) == "P2's move: take 2 from 1."
    words = ["".join(s.text for s in sentence) for sentence in figure.sentences]
    assert words == ["Pebbles left on the table: 1.", "P1 is to move."]
    html = block_html(figure)
    assert '<pre class="notation">' in html and "<svg" not in html
