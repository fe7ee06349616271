"""No line of text on a tiled board straddles a join between two sheets.

Each sheet of ``board.pdf`` after the assembly map shows its part of the board through a
clip (the tile's content); every text run of the board drawing on that sheet must lie
either wholly inside the clip or wholly outside it.  Checked over every tiled board of
every shipped kit and variant (A4, the shipped paper) and on Letter for the largest
boards, from the PDFs themselves (:mod:`tests.legibility` follows each run's extent).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from printkit.kit import silent
from printkit.kit.board import plan_board
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions, plan
from printkit.kit.outputs import OutputSet
from printkit.kit.write import write_board
from printkit.pdf.paper import PAPERS
from tests.legibility import measure

GAMES = ("i-vant-to-be-alone", "stars-and-bars", "stars-and-stripes")
TOLERANCE = 0.3
"""Points a run's estimated extent may poke past a join (the estimate is generous)."""


def _kits() -> list[tuple[str, str | None, str]]:
    kits: list[tuple[str, str | None, str]] = []
    for name in GAMES:
        kits.append((name, None, "a4"))
        kits += [(name, v.name, "a4") for v in resolve(name).definition.variants]
    kits += [("stars-and-stripes", "large-15", "letter"), ("i-vant-to-be-alone", None, "letter"),
             ("stars-and-bars", None, "letter")]
    return kits


def _board_pdf(name: str, variant: str | None, paper: str, folder: Path) -> Path:
    game = resolve(name, variant=variant)
    board = plan_board(game, plan(game.definition, BuildOptions(paper=PAPERS[paper])))
    assert board is not None
    out = OutputSet(folder)
    write_board(board, game, out, silent)
    path = folder / "board.pdf"
    path.write_bytes(dict(out.files)["board.pdf"])
    return path


def _clips(path: Path) -> dict[int, tuple[float, float, float, float]]:
    """The clip rectangle (x0, y0, x1, y1) each tile page draws the board through."""
    reader = PdfReader(str(path))
    clips: dict[int, tuple[float, float, float, float]] = {}
    for number, page in enumerate(reader.pages, start=1):
        pending: list[float] | None = None
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            name = op.decode() if isinstance(op, bytes) else str(op)
            if name == "re":
                pending = [float(v) for v in operands]
            elif name == "W" and pending is not None:
                x, y, w, h = pending
                clips[number] = (x, y, x + w, y + h)
                break
            elif name != "re":
                pending = None
    return clips


def straddling(path: Path) -> list[str]:
    """Every run of the board drawing that a tile's clip cuts, as 'page: text'."""
    clips = _clips(path)
    measured = measure(path)
    found = []
    checked = 0
    for run in measured.runs:
        clip = clips.get(run.page)
        if clip is None or not run.forms:
            continue
        x0, y0, x1, y1 = run.box
        cx0, cy0, cx1, cy1 = clip
        inside = (x0 >= cx0 - TOLERANCE and x1 <= cx1 + TOLERANCE
                  and y0 >= cy0 - TOLERANCE and y1 <= cy1 + TOLERANCE)
        outside = x1 <= cx0 + TOLERANCE or x0 >= cx1 - TOLERANCE or \
            y1 <= cy0 + TOLERANCE or y0 >= cy1 - TOLERANCE
        checked += inside
        if not inside and not outside:
            found.append(f"p{run.page}: {run.text!r}")
    assert checked, "no text of the board found on any tile"
    assert len(clips) >= 2, "a board on one sheet: nothing to check"
    return found


KITS = _kits()


@pytest.mark.parametrize("kit", KITS, ids=[f"{n}--{v or 'base'}--{p}" for n, v, p in KITS])
def test_no_text_straddles_a_tile_join(kit: tuple[str, str | None, str],
                                       tmp_path: Path) -> None:
    path = _board_pdf(*kit, tmp_path)
    assert not straddling(path)


def test_the_check_sees_a_run_cut_by_a_clip(tmp_path: Path) -> None:
    """A sheet whose clip cuts a line of the board in two is caught; a sheet that shows it
    whole, or not at all, is not."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(400, 400))
    canvas.beginForm("board")
    canvas.setFont("Helvetica", 12)
    canvas.drawString(50, 200, "a line of the key")
    canvas.endForm()
    for clip in ("10 10 380 380", "10 10 90 380", "200 10 190 380"):
        canvas._code.append(f"q {clip} re W n")
        canvas.doForm("board")
        canvas._code.append("Q")
        canvas.showPage()
    canvas.save()
    path = tmp_path / "clipped.pdf"
    path.write_bytes(buffer.getvalue())
    assert straddling(path) == ["p2: 'a line of the key'"]


def _svg_lines(svg: str) -> list[tuple[str, float, float]]:
    """Each text element of a board drawing: its words, its baseline and its size (mm)."""
    import re
    found = re.findall(r'<text [^>]*font-size="([\d.]+)"[^>]*y="([\d.]+)"[^>]*>([^<]*)</text>',
                       svg)
    return [(words, float(y), float(size)) for size, y, words in found]


@pytest.mark.parametrize("join", [30.0, 60.0, 95.0, 140.0, 200.0])
def test_the_side_panel_keeps_each_block_off_a_join(join: float) -> None:
    """Wherever a join crosses the panel, no line of words stands across it, and every
    line of the key is still there."""
    from dataclasses import replace

    from printkit.kit.board import board_picture
    from printkit.render.board import board_svg, picture_geometry

    picture = board_picture(resolve("stars-and-bars"))
    assert picture is not None and picture.layout == "side"
    plain = _svg_lines(board_svg(picture))
    moved = _svg_lines(board_svg(replace(picture, joins_y=(join,))))
    panel = picture_geometry(picture).panel
    assert panel is not None
    assert " ".join(w for w, _, _ in moved).split() == " ".join(w for w, _, _ in plain).split()
    for words, baseline, size in moved:
        assert not (baseline - 0.8 * size < join < baseline + 0.25 * size), (words, join)


def test_the_key_in_columns_keeps_every_word_in_order() -> None:
    from printkit.kit.board import board_picture
    from printkit.render.boardkey import key_columns

    picture = board_picture(resolve("i-vant-to-be-alone"))
    assert picture is not None
    words = " ".join(f"{k.lead} {k.text}" for k in picture.key).split()
    columns = key_columns(picture.key, 9.0, 389.0, (103.9, 198.8, 293.7), 3.5)
    assert len(columns) == 4
    set_words = " ".join(piece for column in columns for line in column.lines
                         for piece, _ in line).split()
    assert set_words == words
    for column in columns:  # every column starts and ends clear of the joins
        assert all(column.x + column.width <= j - 2 or column.x >= j + 2
                   for j in (103.9, 198.8, 293.7))
    assert columns[0].lines  # the first column is filled first


@pytest.mark.parametrize("length_mm", [30.0, 33.0, 35.0, 45.0, 60.0, 80.0, 200.0])
def test_glue_band_notes_are_never_set_below_six_points(length_mm: float) -> None:
    """A short glue band shrinks its note, down to 6 pt; shorter still, it has none."""
    from printkit.pdf.geometry import Rect
    from printkit.pdf.tiling import GlueBand, _band_notes, approximate_width

    mm = 72 / 25.4
    content = Rect(0.0, 0.0, length_mm * mm, 100 * mm)
    band = GlueBand(Rect(0.0, 100 * mm, length_mm * mm, 10 * mm), "top", "B1")
    notes = _band_notes(band, content, "B2", approximate_width)
    assert all(note.size >= 6.0 for note in notes)
    if length_mm >= 80:
        assert notes
