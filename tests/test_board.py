"""The board: its definition section, the SVG drawing, and the board PDFs of a build."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.commands.printing import parse_board_paper
from printkit.definition.board_schema import DEFAULT_COLOURS, BoardSettings
from printkit.errors import DefinitionError
from printkit.games.stars_and_stripes.board import player_colours
from printkit.kit.board import (
    SINGLE_FILE,
    SVG_FILE,
    TILED_FILE,
    board_picture,
    plan_board,
)
from printkit.kit.games import ResolvedGame, resolve, shipped_definition
from printkit.kit.options import BuildOptions, plan
from printkit.kit.outputs import OutputSet
from printkit.kit.write import write_board
from printkit.pdf.paper import PAPERS, paper_by_name
from printkit.render.board import BoardPicture, Landmark, board_geometry, board_svg
from printkit.settings import parse_settings
from printkit.units import MM

GAME = "stars-and-stripes"
SHIPPED = shipped_definition(GAME)


def quiet(label: str, done: int, total: int) -> None:
    del label, done, total


def build(overrides: Sequence[str] = (), *, paper: str = "a4",
          board_paper: str | None = None) -> dict[str, bytes]:
    game = resolve(GAME, overrides=parse_settings(overrides))
    out = OutputSet(Path("/nonexistent"))  # never committed: the files stay in memory
    board = plan_board(game, plan(game.definition, BuildOptions(paper=paper_by_name(paper))),
                       board_sheet=None if board_paper is None else parse_board_paper(board_paper))
    assert board is not None
    write_board(board, game, out, quiet)
    return out.files


@pytest.fixture(scope="module")
def seven() -> dict[str, bytes]:
    return build()


def definition_with(tmp_path: Path, board: str) -> Path:
    """The shipped definition with its board section replaced by ``board``."""
    text = SHIPPED.read_text(encoding="utf-8")
    text = re.sub(r"\nboard:\n(?:  .*\n|\s*#.*\n)*", "\n" + board, text)
    path = tmp_path / f"{GAME}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- definition


def test_the_shipped_board_section_is_read() -> None:
    game = resolve(GAME)
    settings = BoardSettings.from_mapping(game.definition.board)
    assert settings.play == pytest.approx(3 * MM)
    assert settings.glue == pytest.approx(12 * MM)
    assert settings.square_names
    # no colours of its own: the homes take the booklet's player colours
    booklet = game.definition.booklet.get("player_colours")
    expected = tuple(str(c) for c in booklet) if isinstance(booklet, tuple) else DEFAULT_COLOURS
    assert player_colours(game.definition) == expected
    assert len(expected) >= 4


def test_board_mistakes_are_located(tmp_path: Path) -> None:
    path = definition_with(tmp_path, "board:\n  glue: 3mm\n  colour: red\n  play: 4\n")
    with pytest.raises(DefinitionError) as caught:
        resolve(str(path))
    text = caught.value.render()
    lines = path.read_text(encoding="utf-8").splitlines()
    glue_line = next(i for i, line in enumerate(lines, 1) if "glue: 3mm" in line)
    assert f"{GAME}.yaml:{glue_line}:" in text and "too small" in text
    assert "unknown key 'colour'" in text and "colours" in text  # with a suggestion
    assert "needs a unit" in text


def test_too_few_colours_for_the_players_is_located(tmp_path: Path) -> None:
    path = definition_with(tmp_path, 'board:\n  colours: ["#ff0000", "#0000ff"]\n')
    game = resolve(str(path), overrides=parse_settings(["players=3"]))
    with pytest.raises(DefinitionError) as caught:
        board_picture(game)
    problem = caught.value.problems[0]
    assert "3 players need 3 colours" in problem.message
    assert problem.location is not None
    line = path.read_text(encoding="utf-8").splitlines()[problem.location.line - 1]
    assert "colours:" in line
    two = resolve(str(path), overrides=parse_settings(["players=2"]))
    picture = board_picture(two)
    assert picture is not None
    assert [h.ring for h in picture.landmarks if h.ring] == ["#ff0000", "#0000ff"]


# --------------------------------------------------------------------------- drawing


@pytest.mark.parametrize(("overrides", "size", "homes"), [
    ((), 7, ("NW", "NE", "SE", "SW")),
    (("players=3", "decks=2"), 11, ("NW", "NE", "SE")),
    (("decks=3",), 13, ("NW", "NE", "SE", "SW")),
    (("decks=4", "players=2"), 15, ("NW", "SE")),
    (("board_size=9",), 9, ("NW", "NE", "SE", "SW")),
])
def test_the_board_comes_from_the_engine(overrides: tuple[str, ...], size: int,
                                         homes: tuple[str, ...]) -> None:
    game = resolve(GAME, overrides=parse_settings(overrides))
    picture = board_picture(game)
    assert picture is not None
    engine: Any = game.engine
    assert picture.size == size == engine.board_size
    home_marks = [m for m in picture.landmarks if m.ring]
    assert tuple(h.label for h in home_marks) == homes
    last = size - 1
    corners = {"NW": (0, 0), "NE": (0, last), "SE": (last, last), "SW": (last, 0)}
    assert all((h.row, h.column) == corners[h.label] for h in home_marks)
    assert [(m.row, m.column) for m in picture.landmarks if m.emblem] == [(size // 2,
                                                                           size // 2)]
    assert picture.square == pytest.approx(63.5 + 3)
    # squares, rows and columns are named exactly as the engine's notation names them
    for square in range(size * size):
        row, col = divmod(square, size)
        name = engine.square_text(square)
        assert picture.square_names[square] == name
        assert f"{picture.row_labels[row]},{picture.column_labels[col]}" == name
    svg = board_svg(picture)
    for home in homes:
        assert f">{home}</text>" in svg
    assert svg.count(">home</text>") == len(homes)
    assert svg.count(">TRUMP</text>") == 1


def small_picture(**changes: Any) -> BoardPicture:
    base: dict[str, Any] = dict(
        title="Test", subtitle="5 x 5", size=5, square=40.0,
        landmarks=(Landmark(0, 0, "#f5d899", ring="#e69f00", label="NW", caption="home"),
                   Landmark(4, 4, "#bbddf6", ring="#56b4e9", label="SE", caption="home"),
                   Landmark(2, 2, "#cfcfcf", emblem="star", caption="Trump")),
        column_labels=tuple("01234"), row_labels=tuple("01234"),
        square_names=tuple(f"{r},{c}" for r in range(5) for c in range(5)))
    base.update(changes)
    return BoardPicture(**base)


def test_svg_places_marks_in_their_squares() -> None:
    picture = small_picture()
    svg = board_svg(picture)
    geo = board_geometry(5, 40.0)
    assert f'width="{geo.width:g}mm"' in svg and f'height="{geo.height:g}mm"' in svg
    trump = geo.square_box(2, 2)
    match = re.search(r'<text[^>]*x="([\d.]+)"[^>]*>TRUMP<', svg)
    assert match is not None and float(match.group(1)) == pytest.approx(trump.x + trump.w / 2)
    home = geo.square_box(4, 4)
    match = re.search(r'<text[^>]*x="([\d.]+)" y="([\d.]+)"[^>]*>SE<', svg)
    assert match is not None
    x, y = float(match.group(1)), float(match.group(2))
    assert home.x < x < home.x + home.w and home.y < y < home.y + home.h
    assert svg.count(">4,4</text>") == 1
    assert "4,4" not in board_svg(small_picture(square_names=()))
    assert board_svg(picture) == svg  # pure and repeatable


def test_a_picture_that_cannot_be_drawn_is_refused() -> None:
    with pytest.raises(ValueError, match="off a 5x5 board"):
        small_picture(landmarks=(Landmark(5, 2, "#cfcfcf"),))
    with pytest.raises(ValueError, match="column and"):
        small_picture(column_labels=("0",))


# --------------------------------------------------------------------------- PDFs


def xobjects(resources: Any) -> Iterator[Any]:
    """Every XObject reachable from a resource dictionary, forms opened recursively."""
    found = resources.get("/XObject") if resources else None
    if not found:
        return
    for ref in found.values():
        item = ref.get_object()
        yield item
        if item.get("/Subtype") == "/Form":
            yield from xobjects(item.get("/Resources"))


def vector_only_with_embedded_fonts(data: bytes) -> PdfReader:
    reader = PdfReader(io.BytesIO(data))
    for page in reader.pages:
        resources = page.get("/Resources")
        assert all(x.get("/Subtype") != "/Image" for x in xobjects(resources))
    text = data.decode("latin-1")
    assert "/FontFile2" in text
    assert "/Helvetica" not in text
    return reader


def page_size_mm(reader: PdfReader, index: int) -> tuple[float, float]:
    box = reader.pages[index].mediabox
    return round(float(box.width) / MM), round(float(box.height) / MM)


def test_seven_by_seven_on_a4(seven: dict[str, bytes]) -> None:
    assert set(seven) == {TILED_FILE, SINGLE_FILE, SVG_FILE}
    tiled = vector_only_with_embedded_fonts(seven[TILED_FILE])
    assert len(tiled.pages) == 1 + 8  # the assembly map, then 2 x 4 sheets
    assert {page_size_mm(tiled, i) for i in range(len(tiled.pages))} == {(297, 210)}
    first = tiled.pages[0].extract_text()
    assert "putting the board together" in first and "8 sheets of A4" in first
    sheet = tiled.pages[4].extract_text()  # B2
    assert "B2: glue A2 here" in sheet and "B2: glue B1 here" in sheet
    assert "page 5 of 9" in sheet
    single = vector_only_with_embedded_fonts(seven[SINGLE_FILE])
    assert len(single.pages) == 1
    assert page_size_mm(single, 0) == (594, 841)  # A1
    trim = single.pages[0].trimbox
    geo = board_geometry(7, 66.5)
    assert float(trim.width) == pytest.approx(geo.width * MM, abs=0.01)
    assert "REDUCED" not in single.pages[0].extract_text()


def test_board_files_are_byte_identical_when_built_again(seven: dict[str, bytes]) -> None:
    again = build()
    assert again == seven


def test_fifteen_by_fifteen_on_letter() -> None:
    # without the 225 square names, which only slow the SVG reading down
    files = build(["decks=4", "board.square_names=false"], paper="letter", board_paper="2a0")
    tiled = PdfReader(io.BytesIO(files[TILED_FILE]))
    assert len(tiled.pages) == 1 + 40
    assert {page_size_mm(tiled, i) for i in range(len(tiled.pages))} == {(216, 279)}
    assert "15 \u00d7 15 board" in tiled.pages[0].extract_text()
    single = PdfReader(io.BytesIO(files[SINGLE_FILE]))
    assert page_size_mm(single, 0) == (1189, 1682)


def test_a_small_board_paper_reduces_the_board_and_says_so() -> None:
    files = build(board_paper="a3")
    single = PdfReader(io.BytesIO(files[SINGLE_FILE]))
    assert sorted(page_size_mm(single, 0)) == [297, 420]
    text = single.pages[0].extract_text()
    assert "REDUCED" in text and "A1" in text


@pytest.mark.parametrize("bad", ["a9", "12 x 4"])
def test_an_unknown_board_paper_is_an_error(bad: str) -> None:
    with pytest.raises(DefinitionError):
        build(board_paper=bad)


def test_a_game_without_a_board_builds_none() -> None:
    game = resolve(GAME)
    boardless = ResolvedGame(replace(game.definition, board={}), None)
    with pytest.raises(DefinitionError, match="'board:' section is not used"):
        plan_board(ResolvedGame(game.definition, None), plan(game.definition, BuildOptions()))
    out = OutputSet(Path("/nonexistent"))
    calls: list[str] = []

    def progress(label: str, done: int, total: int) -> None:
        calls.append(label)

    assert plan_board(boardless, plan(game.definition, BuildOptions())) is None
    assert out.files == {} and calls == []
    board = plan_board(game, plan(game.definition, BuildOptions()))
    assert board is not None
    assert "7x7 board" in board.summary and "A1" in board.summary


def test_paper_names_cover_iso_and_custom_sizes() -> None:
    files = build(board_paper="600mm x 900mm")
    single = PdfReader(io.BytesIO(files[SINGLE_FILE]))
    assert page_size_mm(single, 0) == (600, 900)
    assert "REDUCED" not in single.pages[0].extract_text()
    assert PAPERS["a4"].name == "A4"
