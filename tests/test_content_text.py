"""Text that fits: wrapped inside its box with real font metrics, shrunk down to its least
size, then a located error; inline bold, italic and icons; fonts that lack a character."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.definition.fonts import shipped_families
from printkit.errors import DefinitionError
from printkit.pdf.fonts import register_fonts
from printkit.render.kinds import render_face
from tests.test_content_support import SVG, draw, face, frame, load, problems, texts, write

MM = 72 / 25.4


def card(text: str, *, box: str = "x: 5mm, y: 5mm, width: 40mm, height: 30mm",
         extra: str = "", icons: str = "", data: str = "") -> str:
    rows = data or f"[{{words: {text!r}}}]"
    return f"""\
{icons}layouts:
  words:
    - {{type: text, text: "{{words}}", {box}{extra}}}
faces:
  - {{id: c, kind: layout, layout: words, data: {rows}}}
"""


def _extent(element: object) -> tuple[float, float]:
    """Left and right of a <text> element in millimetres, measured with reportlab."""
    register_fonts()
    text = element.text or ""  # type: ignore[attr-defined]
    bold = element.get("font-weight") == "bold"  # type: ignore[attr-defined]
    name = "PK-DejaVuSans-Bold" if bold else "PK-DejaVuSans"
    size = float(element.get("font-size"))  # type: ignore[attr-defined]
    left = float(element.get("x"))  # type: ignore[attr-defined]
    return left, left + stringWidth(text, name, size)


def test_font_widths_are_those_the_pdf_writer_uses() -> None:
    register_fonts()
    family = shipped_families()["DejaVu Sans"]
    sample = "Quick brown fox, 10 \u2665 \u00e9t\u00e9 \u2192"
    for style, name in [("regular", "PK-DejaVuSans"), ("bold", "PK-DejaVuSans-Bold"),
                        ("italic", "PK-DejaVuSans-Oblique")]:
        assert family.faces[style].width(sample, 12) == pytest.approx(
            stringWidth(sample, name, 12))
    vera = shipped_families()["Vera"].faces["regular"]
    assert vera.width("Stars", 10) == pytest.approx(stringWidth("Stars", "PK-Vera", 10))


def test_long_text_wraps_inside_its_box_at_its_size(tmp_path: Path) -> None:
    words = "Every player discards a card and then draws two more from the deck"
    definition = load(write(tmp_path, card(words, extra=", size: 10pt")))
    lines = texts(draw(definition, "c"))
    assert len(lines) >= 3
    assert " ".join(t.text or "" for t in lines) == words
    assert {t.get("font-size") for t in lines} == {"3.528"}  # 10pt, not shrunk
    for line in lines:
        left, right = _extent(line)
        assert left >= 5 - 1e-3 and right <= 45 + 1e-3
    baselines = [float(t.get("y") or 0) for t in lines]
    assert all(b - a == pytest.approx(1.2 * 10 / MM, abs=2e-3)
               for a, b in itertools.pairwise(baselines))
    assert baselines[-1] <= 35


def test_text_that_is_too_long_shrinks_to_fit(tmp_path: Path) -> None:
    words = " ".join(["plenty of words"] * 12)
    definition = load(write(tmp_path, card(words, extra=", size: 14pt, min_size: 6pt")))
    lines = texts(draw(definition, "c"))
    size = float(lines[0].get("font-size") or 0)
    assert 6 / MM <= size < 14 / MM
    assert " ".join(t.text or "" for t in lines) == words
    for line in lines:
        assert _extent(line)[1] <= 45 + 1e-3
    ascent = shipped_families()["DejaVu Sans"].faces["regular"].descent * size
    assert float(lines[-1].get("y") or 0) + ascent <= 35 + 1e-3


def test_text_that_cannot_fit_is_an_error_naming_the_card_field_and_cell(
        tmp_path: Path) -> None:
    words = "far " * 200
    path = write(tmp_path, card("", data="words.csv", extra=", min_size: 8pt"),
                 {"words.csv": f"words\n{words}\n"})
    definition = load(path)
    with pytest.raises(DefinitionError) as caught:
        render_face(face(definition, "c"), frame(definition))
    [problem] = caught.value.problems
    assert problem.location is not None
    assert (problem.location.file, problem.location.line, problem.location.column) == (
        "words.csv", 2, 1)
    assert problem.message.startswith("card 'c': the text of field 'words' does not fit its "
                                      "box: ")
    assert "even at 8pt" in problem.message


def test_a_word_wider_than_its_box_is_named(tmp_path: Path) -> None:
    definition = load(write(tmp_path, card("Incomprehensibilities",
                                           box="x: 5mm, y: 5mm, width: 8mm, height: 30mm")))
    with pytest.raises(DefinitionError, match="the word 'Incomprehensibilities' is wider than "
                                              "its box even at 6pt"):
        render_face(face(definition, "c"), frame(definition))


def test_alignment_places_lines_in_the_box(tmp_path: Path) -> None:
    body = card("Hi", extra=", align: right, valign: bottom, size: 10pt")
    [line] = texts(draw(load(write(tmp_path, body)), "c"))
    assert _extent(line)[1] == pytest.approx(45, abs=2e-3)
    descent = shipped_families()["DejaVu Sans"].faces["regular"].descent * 10 / MM
    assert float(line.get("y") or 0) + descent == pytest.approx(35, abs=2e-3)
    body = card("Hi", extra=", align: center, size: 10pt")
    [line] = texts(draw(load(write(tmp_path, body)), "c"))
    left, right = _extent(line)
    assert (left + right) / 2 == pytest.approx(25, abs=2e-3)


def test_bold_italic_and_plain_runs_sit_side_by_side(tmp_path: Path) -> None:
    body = card("Deal **two** *more* now", extra=", size: 10pt")
    runs = texts(draw(load(write(tmp_path, body)), "c"))
    assert [(t.text, t.get("font-weight"), t.get("font-style")) for t in runs] == [
        ("Deal", None, None), ("two", "bold", None), ("more", None, "italic"),
        ("now", None, None)]
    ends = [_extent(t) for t in runs]
    space = stringWidth(" ", "PK-DejaVuSans", 10) / MM
    assert ends[1][0] == pytest.approx(ends[0][1] + space, abs=2e-3)
    assert ends[2][0] == pytest.approx(ends[1][1] + space, abs=2e-3)


def test_inline_icons_sit_in_the_line_and_take_their_width(tmp_path: Path) -> None:
    icons = 'icons:\n  coin: {path: "M0 0 L10 0 L10 10 Z", viewbox: "0 0 10 10"}\n'
    body = card("Pay 2 :coin: now", icons=icons, extra=", size: 10pt, fill: '#123456'")
    svg = draw(load(write(tmp_path, body)), "c")
    runs = texts(svg)
    assert [t.text for t in runs] == ["Pay 2 ", "now"]
    [icon] = [g for g in svg.iter(f"{SVG}g") if g.find(f"{SVG}path") is not None]
    assert icon.get("fill") == "#123456"
    transform = icon.get("transform") or ""
    x = float(transform.split("(")[1].split()[0])
    space = stringWidth(" ", "PK-DejaVuSans", 10) / MM
    assert x == pytest.approx(_extent(runs[0])[1], abs=2e-3)
    assert float(runs[1].get("x") or 0) == pytest.approx(x + 10 / MM + space, abs=2e-3)


@pytest.mark.parametrize(("words", "column", "message"), [
    ("5 * 3", 5, "this '*' starts italic text that never ends"),
    ("win **now", 7, "this '**' starts bold text that never ends"),
    ("take :skul: now", 9, "there is no icon 'skul' (did you mean 'skull'?)"),
])
def test_markup_mistakes_in_a_table_point_at_the_cell(tmp_path: Path, words: str, column: int,
                                                      message: str) -> None:
    icons = 'icons:\n  skull: {path: "M0 0 L1 1 Z", viewbox: "0 0 1 1"}\n'
    path = write(tmp_path, card("", data="w.csv", icons=icons),
                 {"w.csv": f"other,words\nx,{words}\n"})
    [(file, line, col, text)] = problems(path)
    assert (file, line, col) == ("w.csv", 2, column)
    assert text.startswith(f"card 'c': {message}")


def test_markup_can_be_switched_off(tmp_path: Path) -> None:
    body = card("5 * 3 = 15 :-)", extra=", markup: false")
    assert [t.text for t in texts(draw(load(write(tmp_path, body)), "c"))] == ["5 * 3 = 15 :-)"]


def test_a_character_the_font_lacks_names_it_the_card_and_the_font(tmp_path: Path) -> None:
    body = card("", data="w.csv", extra=", font: Vera")
    path = write(tmp_path, body, {"w.csv": "words\nHearts \u2665 win\n"})
    assert problems(path) == [(
        "w.csv", 2, 8, "the font 'Vera' (regular) has no glyph for '\u2665' (U+2665 BLACK "
        "HEART SUIT); it is needed on 1 card: 'c': choose a font that has it, or list one "
        "under style: fallback (DejaVu Sans, always tried last there, covers most scripts)")]


def test_the_default_font_covers_suits_arrows_and_accents(tmp_path: Path) -> None:
    words = "\u2660\u2665\u2666\u2663 \u2190\u2192 \u00e9\u00e8\u00f1\u00fc \u2605 \u00bd"
    [line] = texts(draw(load(write(tmp_path, card(words))), "c"))
    assert line.text == words
    assert line.get("font-family") == "DejaVu Sans, Verdana, sans-serif"


def test_a_family_of_the_definition_is_used_and_named_first(tmp_path: Path) -> None:
    vera = Path(reportlab.__file__).parent / "fonts"
    (tmp_path / "fonts").mkdir()
    shutil.copy(vera / "Vera.ttf", tmp_path / "fonts" / "House.ttf")
    body = ("fonts:\n  House Sans: {regular: fonts/House.ttf}\n"
            + card("Plain words", extra=", font: House Sans"))
    [line] = texts(draw(load(write(tmp_path, body)), "c"))
    family = line.get("font-family") or ""
    assert family.startswith("'pk-") and family.endswith("', House Sans, sans-serif")
    path = write(tmp_path, "fonts:\n  House Sans: {regular: fonts/House.ttf}\n"
                 + card("Plain **bold** words", extra=", font: House Sans"))
    [(file, line_no, _, message)] = problems(path)
    assert (file, line_no) == ("game.yaml", 12)
    assert message == ("the font family 'House Sans' has no bold face; it is needed on 1 card: "
                       "'c': add it under fonts: House Sans")


@pytest.mark.parametrize(("data", "message"), [
    (b"OTTO" + bytes(60), "has PostScript (CFF) outlines"),
    (b"ttcf" + bytes(60), "is a font collection (.ttc)"),
    (b"wOF2" + bytes(60), "is a web font (WOFF)"),
    (b"\x00\x01\x00\x00" + bytes(60), "the font has no cmap, head, hhea, hmtx, glyf table"),
    (b"\x00\x01\x00\x00\x00\x09" + bytes(60), "the font file is damaged or not a font"),
    (b"hello", "this is not a TrueType or OpenType font file"),
])
def test_fonts_the_pdf_writer_cannot_embed_are_refused(tmp_path: Path, data: bytes,
                                                       message: str) -> None:
    body = "fonts:\n  Odd:\n    regular: odd.otf\n" + card("x", extra=", font: Odd")
    [(file, line, column, text)] = problems(write(tmp_path, body, {"odd.otf": data}))
    assert (file, line, column) == ("game.yaml", 8, 14)
    assert text.startswith("odd.otf: ") and message in text


def test_unknown_fonts_are_located(tmp_path: Path) -> None:
    path = write(tmp_path, "style: {font: DejaVu}\n" + card("x", extra=", font: Vera"))
    assert problems(path) == [
        ("game.yaml", 6, 15, "unknown font family 'DejaVu' (did you mean 'DejaVu Sans'?)")]
    path = write(tmp_path, card("x", extra=", font: Verra"))
    [(file, line, _column, message)] = problems(path)
    assert (file, line) == ("game.yaml", 8)
    assert message == ("unknown font family 'Verra' (did you mean 'Vera'?); it is needed on 1 "
                       "card: 'c'")
