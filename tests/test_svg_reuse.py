"""Each different SVG picture is drawn once into a PDF and placed on every face that shows
it (issue 28, items 2 and 3): the work of drawing a picture no longer repeats for each face,
and the PDF holds one copy.  The faces' SVG files still carry their pictures whole, and the
pages look the same as when every face drew its pictures itself."""

from __future__ import annotations

import io
import re
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.console import Console
from printkit.definition.pictures import Icon
from printkit.definition.shapes import InlineIcon
from printkit.definition.svgsafe import Drawing
from printkit.pdf import pdfcanvas, svgpdf, svgpictures
from printkit.render import elements, picturemarks


def _picture(paths: int) -> str:
    """A drawing of ``paths`` paths of 60 points each, about 800 characters a path: some
    with a colour of their own, some taking the icon's fill, one stroked half opaque."""
    shapes = []
    for index in range(paths):
        points = " ".join(f"L{(i * 7 + index) % 24} {(i * 5 + 2 * index) % 24}"
                          for i in range(60))
        paint = ('fill="currentColor"' if index % 3 == 0 else
                 'fill="#3a7d2c"' if index % 3 == 1 else
                 'fill="none" stroke="#802020" stroke-width="0.4" stroke-opacity="0.5"')
        shapes.append(f'<path d="M1 1 {points} Z" {paint}/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
            f'<g>{"".join(shapes)}</g><circle cx="12" cy="12" r="3"/></svg>')


GAME = """game: reuse
title: Reuse
card:
  size: 63.5mm x 88.9mm
icons:
  mark: mark.svg
layouts:
  card:
    - {type: icon, icon: mark, x: 5mm, y: 5mm, width: 20mm, height: 20mm, fill: "#1040a0"}
    - {type: icon, icon: mark, x: 30mm, y: 5mm, width: 20mm, height: 30mm, opacity: 0.5}
    - {type: image, src: mark.svg, x: 5mm, y: 40mm, width: 25mm, height: 15mm, fit: FIT}
    - {type: image, src: mark.svg, x: 35mm, y: 40mm, width: 20mm, height: 30mm, fit: stretch}
    - {type: text, text: "{{name}}", x: 5mm, y: 75mm, width: 50mm, height: 10mm}
    - {type: text, text: "Pay :mark: now", x: 35mm, y: 72mm, width: 25mm, height: 6mm,
       size: 12pt, fill: "#a01010"}
faces:
  - {id: card, kind: layout, layout: card, data: [%s]}
"""


def _game(folder: Path, cards: int, paths: int = 12, fit: str = "cover") -> Path:
    """A game of ``cards`` faces; a face clipping a picture (``fit: cover``) is drawn by
    svglib, any other by printkit's own reader."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mark.svg").write_text(_picture(paths))
    path = folder / "game.yaml"
    path.write_text(GAME.replace("FIT", fit)
                    % ", ".join(f"{{name: c{i}}}" for i in range(cards)))
    return path


def _build(game: Path, out: Path) -> Path:
    err = io.StringIO()
    status = main(["build", "-q", "--jobs", "1", "--sheets", "sheets", "--no-cache", str(game),
                   "-o", str(out)], Console(io.StringIO(), err))  # drawn afresh each time
    assert status == 0, err.getvalue()
    [pdf] = out.rglob("cards.pdf")
    return pdf


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    """Nothing read, noted or lifted by an earlier test is reused."""
    picturemarks.clear()
    pdfcanvas.clear_caches()
    yield
    picturemarks.clear()
    pdfcanvas.clear_caches()


def _forms(pdf: Path) -> int:
    return len(re.findall(rb"/Subtype /Form", pdf.read_bytes()))


def test_a_picture_on_many_faces_is_read_once_and_stored_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths_read: list[str] = []
    real = svgpdf._path

    def counting(d: str) -> str:
        paths_read.append(d)
        return real(d)

    monkeypatch.setattr(svgpdf, "_path", counting)
    before = svgpictures.LIFTS  # a count kept by the process: other tests lift pictures too
    pdf = _build(_game(tmp_path / "game", 30), tmp_path / "out")
    # a form for each colour and opacity the picture takes (blue, half opaque, and plain
    # for cover and stretch alike): each of its 12 paths read at most once a form (svglib
    # reads the plain one, whose currentColor printkit's reader leaves to it), not 30 times
    reads = Counter(d for d in paths_read if d.startswith("M1 1 "))
    assert len(reads) == 12 and max(reads.values()) <= 4, reads.values()
    lifted = svgpictures.LIFTS - before
    assert lifted == 5 * 30  # every placement on every face, the icon in the text too
    # 30 faces, the back, four picture forms (the text's icon has its own colour and
    # opacity): no form holds the picture's paths twice
    assert _forms(pdf) == 30 + 1 + 4


def test_the_work_does_not_grow_with_the_faces(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"paths": 0}
    real = svgpdf._path

    def counting(d: str) -> str:
        calls["paths"] += 1
        return real(d)

    monkeypatch.setattr(svgpdf, "_path", counting)
    small = _build(_game(tmp_path / "a", 2), tmp_path / "a-out")
    few = calls["paths"]
    picturemarks.clear()
    pdfcanvas.clear_caches()
    calls["paths"] = 0
    large = _build(_game(tmp_path / "b", 40), tmp_path / "b-out")
    assert calls["paths"] == few  # the same paths read, for 2 faces or 40
    # the PDF grows by the faces' own forms, not by a copy of the picture each
    per_face = (large.stat().st_size - small.stat().st_size) / 38
    assert per_face < 2_000, per_face


def test_the_svg_files_still_hold_their_pictures(tmp_path: Path) -> None:
    game = _game(tmp_path / "game", 2)
    _build(game, tmp_path / "out")
    [face] = [p for p in (tmp_path / "out").rglob("card-1.svg")]
    text = face.read_text()
    assert "pk-picture" not in text
    assert text.count('d="M1 1 L0 0') == 5  # the first path, in each of the 5 placements


def test_a_group_rendering_did_not_note_is_left_alone() -> None:
    body = '<path d="M0 0 L1 1 Z"/>' * 400
    tag = '<g transform="translate(1 2) scale(0.5) translate(0 0)">'
    face = f'<svg xmlns="http://www.w3.org/2000/svg">{tag}{body}</g></svg>'
    assert svgpictures.lift(face) == (face, [])
    picturemarks.note(tag, body, (0.0, 0.0, 24.0, 24.0))
    lifted, [ref] = svgpictures.lift(face)
    assert body not in lifted and ref.body == body and ref.view_box == (0, 0, 24, 24)
    assert lifted == ('<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(1 2) '
                      'scale(0.5) translate(0 0)"><image x="0" y="0" width="24" height="24" '
                      f'preserveAspectRatio="none" href="pk-picture:{ref.key}"/></g></svg>')
    # another body after the same tag, or the noted one cut short, is not lifted
    other = face.replace(body, body[:-10] + "</g><g>")
    assert svgpictures.lift(other)[1] == []


def test_an_icon_in_text_keeps_the_texts_fill_opacity_when_lifted() -> None:
    drawing = Drawing((0.0, 0.0, 10.0, 10.0), '<path d="M0 0 L10 10 Z" stroke="#000000"/>')
    icon = InlineIcon(Icon("mark", drawing))
    group = elements.inline_icon(icon, 1.0, 2.0, 5.0, "#a01010", 0.5)
    tag = group[:group.index(">") + 1]
    assert 'fill="#a01010" fill-opacity="0.5"' in tag and "stroke-opacity" not in tag
    [(_, body, _)] = picturemarks.placed(tag)  # noted: a PDF draws it as one form
    _, [ref] = svgpictures.lift(f'<svg xmlns="http://www.w3.org/2000/svg">{group}</svg>')
    assert 'fill-opacity="0.5"' in ref.style and body == drawing.body


def test_a_small_picture_is_lifted_too() -> None:
    tag = '<g transform="translate(0 0) scale(1) translate(0 0)">'
    picturemarks.note(tag, '<path d="M0 0 L1 1 Z"/>', (0.0, 0.0, 1.0, 1.0))
    [(_, body, view_box)] = picturemarks.placed(tag)
    assert body == '<path d="M0 0 L1 1 Z"/>' and view_box == (0, 0, 1, 1)


@pytest.mark.parametrize("fit", ["cover", "contain"])
def test_the_pages_look_the_same_as_with_every_picture_inline(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fit: str) -> None:
    game = _game(tmp_path / "game", 3, fit=fit)
    lifted = _build(game, tmp_path / "lifted")
    assert svgpictures.LIFTS > 0
    picturemarks.clear()
    pdfcanvas.clear_caches()
    monkeypatch.setattr(picturemarks, "note", lambda *noted: None)  # all inline
    before = svgpictures.LIFTS
    inline = _build(game, tmp_path / "inline")
    assert before == svgpictures.LIFTS
    assert _forms(inline) < _forms(lifted)
    for dpi in (72, 150):
        pages = []
        for pdf in (lifted, inline):
            done = subprocess.run(["pdftoppm", "-r", str(dpi), str(pdf)], check=True,
                                  capture_output=True)
            pages.append(done.stdout)
        assert pages[0] == pages[1], dpi
