"""The booklet machinery every game uses: examples that continue each other, small print,
the parts built from the game's data (contents, components, back cover), and transparency
kept in the booklet's card forms.  Templates are written to a temporary folder, so each
test shows the smallest template that exercises a feature."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Components, Contents, Figure, Paragraph, Span
from printkit.booklet.files import booklet_files
from printkit.booklet.markdown import parse_inline
from printkit.booklet.pdfscene import FaceForms
from printkit.errors import DefinitionError, ExampleError
from printkit.kit.board import plan_board
from printkit.kit.games import ResolvedGame, resolve
from printkit.kit.options import BuildOptions, plan
from printkit.pdf.geometry import pages_needed, sheet_grid
from printkit.pdf.paper import PAPERS, paper_by_name

DEAL = """\
NW:5*6 .      .      .      .      .      NE:6*1
.      .      .      .      .      .      .
.      .      .      .      .      .      .
.      .      .      TRUMP  .      .      .
.      .      .      .      .      .      .
.      .      .      .      .      .      .
SW:4*6 .      .      .      .      .      SE:5*2
to move: NW
hand NW: 5*4 2*2
hand NE: 6*5 6*6
hand SE: 4*2 5*1
hand SW: 2*6 1*6
"""


@pytest.fixture(scope="module")
def game() -> ResolvedGame:
    return resolve("stars-and-stripes")


def _template(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "t.md.j2"
    path.write_text(body, encoding="utf-8")
    return path


def _example(name: str, rest: str) -> str:
    return f"```example\nname: {name}\n{rest}```\n\n"


def _deal() -> str:
    position = "".join("  " + line + "\n" for line in DEAL.splitlines())
    return _example("deal", f"position: |\n{position}claims:\n  to_move: NW\n")


def test_an_example_continues_from_the_position_an_earlier_one_reached(
        tmp_path: Path, game: ResolvedGame) -> None:
    body = ("# Game\n\n" + _deal()
            + _example("one", 'after: deal\nmoves: ["F 0,1 5*4", "F 0,5 6*5"]\n'
                       "claims:\n  followers: {NW: 2, NE: 2, SE: 1, SW: 1}\n")
            + _example("two", 'after: one\nmoves: ["F 5,6 4*2"]\n'
                       "claims:\n  followers: {NW: 2, NE: 2, SE: 2, SW: 1}\n"
                       "  hand_sizes: {NW: 1, NE: 1, SE: 1, SW: 2}\n"))
    booklet = load_booklet(game.definition, game.engine, template=_template(tmp_path, body))
    assert booklet is not None
    figures = [b for b in booklet.blocks if isinstance(b, Figure)]
    assert [f.name for f in figures] == ["deal", "one", "two"]
    # a continuing example draws only where it ended, its moves as one paragraph
    assert [len(f.diagrams) for f in figures] == [1, 1, 1]
    assert "".join(s.text for s in figures[2].moves) == "SE places 4*2 on 5,6."


def test_continuing_examples_report_what_is_wrong_where_it_is_written(
        tmp_path: Path, game: ResolvedGame) -> None:
    body = (_deal()
            + _example("lost", "after: nowhere\nclaims:\n  to_move: NW\n")
            + _example("both", "after: deal\nposition: |\n  .\nclaims:\n  to_move: NW\n"))
    path = _template(tmp_path, body)
    with pytest.raises(DefinitionError) as raised:
        load_booklet(game.definition, game.engine, template=path)
    found = [(p.location.line if p.location else 0, p.message) for p in raised.value.problems]
    assert found[0][0] == 22 and "'after' must name an earlier example" in found[0][1]
    assert "deal" in found[0][1]
    assert found[1][0] == 29 and "remove 'position'" in found[1][1]


def test_a_false_claim_upstream_is_named_downstream(tmp_path: Path,
                                                    game: ResolvedGame) -> None:
    body = (_deal()
            + _example("one", 'after: deal\nmoves: ["F 0,1 5*4"]\n'
                       "claims:\n  followers: {NW: 9, NE: 1, SE: 1, SW: 1}\n")
            + _example("two", 'after: one\nmoves: ["F 0,5 6*5"]\nclaims:\n  to_move: SE\n'))
    with pytest.raises(DefinitionError) as raised:
        load_booklet(game.definition, game.engine, template=_template(tmp_path, body))
    messages = [p.message for p in raised.value.problems]
    assert any("claim 'followers' is false" in m for m in messages)
    assert any("continues 'one', which cannot be played out" in m for m in messages)


def test_an_illegal_move_in_a_continuing_example_is_an_example_error(
        tmp_path: Path, game: ResolvedGame) -> None:
    body = _deal() + _example("one", 'after: deal\nmoves: ["F 3,2 5*4"]\n'
                              "claims:\n  to_move: NE\n")
    with pytest.raises(ExampleError):
        load_booklet(game.definition, game.engine, template=_template(tmp_path, body))


def test_small_print_is_the_only_html_a_booklet_takes() -> None:
    spans = parse_inline("**Open Trump** <small>trump_exclusive=allow</small> here")
    assert Span("trump_exclusive=allow", small=True) in spans
    assert Span("Open Trump", bold=True) in spans
    with pytest.raises(ValueError, match="not closed"):
        parse_inline("<small>no end")
    with pytest.raises(ValueError, match="only <small>"):
        parse_inline("a <b>bold</b> try")


def test_the_parts_a_template_asks_for_are_built_from_the_game(
        tmp_path: Path, game: ResolvedGame) -> None:
    body = ("```contents\ndepth: 2\n```\n\n# First\n\n## Inner\n\nText.\n\n"
            "```components\ncard: the cards\n```\n\n```back-cover\n```\n\n# On the back\n\n"
            "Words.\n")
    booklet = load_booklet(game.definition, game.engine, template=_template(tmp_path, body))
    assert booklet is not None
    assert Contents(depth=2) in booklet.blocks
    parts = next(b for b in booklet.blocks if isinstance(b, Components))
    names = ["".join(s.text for s in row.name) for row in parts.rows]
    assert names[0] == "the cards" and names[1] == "Trump"
    files = booklet_files(booklet, PAPERS["a4"])
    reader = PdfReader(io.BytesIO(files.pdf))
    assert len(reader.pages) % 4 == 0
    assert "On the back" in reader.pages[-1].extract_text()
    assert "Notes" in reader.pages[-2].extract_text()
    contents = reader.pages[1].extract_text()
    assert "First" in contents and "Inner" in contents and "On the back" in contents


@pytest.mark.parametrize(("body", "message"), [
    ("```components\nmeeple: a wooden piece\n```\n", "'meeple' is not a component"),
    ("```contents\ndepth: 3\n```\n", "'depth' must be 1"),
    ("```back-cover\nwords\n```\n", "takes no text"),
    ("```back-cover\n```\n\n```back-cover\n```\n", "one back-cover block"),
    ("```python\nx\n```\n", "must be an 'example' block, not 'python'"),
])
def test_a_wrong_part_is_reported_at_its_fence(tmp_path: Path, game: ResolvedGame,
                                              body: str, message: str) -> None:
    with pytest.raises(DefinitionError) as raised:
        load_booklet(game.definition, game.engine, template=_template(tmp_path, body))
    problem = raised.value.problems[0]
    assert message in problem.message
    assert problem.location is not None and problem.location.source_line is not None
    assert problem.location.source_line.startswith("```")


def test_components_count_what_the_build_prints(game: ResolvedGame) -> None:
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    parts = next(b for b in booklet.blocks if isinstance(b, Components))
    counts = [row.count for row in parts.rows]
    copies: dict[str, int] = {}
    for face in game.definition.faces:
        copies[face.group] = copies.get(face.group, 0) + face.copies
    assert counts[:3] == [str(copies["card"]), str(copies["trump"]), str(copies["reference"])]
    assert counts[3] == str(game.definition.card_count)  # the back, on every card
    print_plan = plan(game.definition, BuildOptions())
    board = plan_board(game, print_plan)
    assert board is not None
    note = "".join(s.text for s in parts.rows[4].note)
    assert f"printed on {len(board.tiling.tiles)} sheets of A4" in note
    sheets = pages_needed(game.definition.card_count, sheet_grid(print_plan.spec).per_page)
    summary = "".join(s.text for s in parts.summary)
    assert f"{sheets} sheets" in summary
    # a build on other paper counts its own sheets
    letter = plan(game.definition, BuildOptions(paper=paper_by_name("letter"), bleed=0.0))
    again = load_booklet(game.definition, game.engine, spec=letter.spec)
    assert again is not None
    other = next(b for b in again.blocks if isinstance(b, Components))
    assert "Letter" in "".join(s.text for s in other.summary)
    # and a booklet written for Letter paper counts Letter sheets even if loaded without
    pdf = PdfReader(io.BytesIO(booklet_files(booklet, PAPERS["letter"]).pdf))
    text = " ".join(page.extract_text() for page in pdf.pages[1:4]).replace("\n", " ")
    assert "a sheet of Letter" in text and "sheets of Letter" in text and "of A4" not in text


def test_a_booklet_without_a_back_cover_block_still_has_a_back_cover(
        tmp_path: Path, game: ResolvedGame) -> None:
    body = "# Only\n\nA page of text.\n"
    booklet = load_booklet(game.definition, game.engine, template=_template(tmp_path, body))
    assert booklet is not None
    files = booklet_files(booklet, PAPERS["a4"])
    reader = PdfReader(io.BytesIO(files.pdf))
    last = reader.pages[-1]
    assert game.definition.title in last.extract_text()
    resources: Any = last["/Resources"]
    assert resources["/XObject"], "the cover's cards are drawn on the back"
    assert Paragraph((Span("A page of text."),)) in booklet.blocks


def test_card_forms_keep_their_transparency() -> None:
    """reportlab leaves a form's graphics states out of its resources; the booklet puts
    them back, so a face drawn with fill-opacity prints faint, not solid."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" '
           'viewBox="0 0 20 20"><rect width="20" height="20" fill="#000"/>'
           '<rect width="10" height="10" fill="#fff" fill-opacity="0.3"/></svg>')
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    form = FaceForms().form(canvas, "faint", lambda: svg)
    canvas.doForm(form.name)
    canvas.showPage()
    canvas.save()
    resources: Any = PdfReader(io.BytesIO(buffer.getvalue())).pages[0]["/Resources"]
    (drawn,) = resources["/XObject"].values()
    states = drawn.get_object()["/Resources"]["/ExtGState"]
    # 1.0 for the opaque square: a form inherits the opacity of the place it is drawn in,
    # so the drawing states full opacity instead of assuming it
    assert sorted(float(s["/ca"]) for s in states.values()) == [0.3, 1.0]
