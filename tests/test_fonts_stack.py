"""Font stacks (issue 24 item 3): fallback fonts tried per character, families installed on
the system, one problem per missing glyph naming every card, and printkit's own words
(page labels, back titles) set in the definition's fonts and checked like the rest."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfgen.canvas import Canvas

from printkit.definition import content, systemfonts
from printkit.definition.fonts import shipped_families
from printkit.definition.fontstack import FontStack, game_fonts
from printkit.definition.systemfonts import (
    SystemFontMissing,
    font_folders,
    fontconfig_present,
    parse_listing,
    system_family,
)
from printkit.kit.build import build_game
from printkit.kit.options import BuildOptions
from printkit.pdf.fonts import BOLD, register_fonts
from printkit.pdf.pdfops import text_code
from printkit.pdf.sheettext import words_code
from tests.test_content_support import draw, load, problems, texts, write

VERA = Path(reportlab.__file__).parent / "fonts"
GREEK = "\u03a9\u03bc\u03ad\u03b3\u03b1"  # Ωμέγα: Vera has the capital omega only
POLISH = "Za\u017c\u00f3\u0142\u0107"  # Zażółć: Vera lacks ż


def _plain_font(folder: Path) -> str:
    """A font beside the definition that lacks Greek small letters and some Polish ones
    (a copy of Bitstream Vera), as ``fonts:`` lines."""
    shutil.copy(VERA / "Vera.ttf", folder / "Plain.ttf")
    shutil.copy(VERA / "VeraBd.ttf", folder / "PlainBd.ttf")
    return "fonts:\n  Plain: {regular: Plain.ttf, bold: PlainBd.ttf}\n"


def _cards(rows: str, *, style: str = "style: {font: Plain}\n", title_text: str = "") -> str:
    extra = (f'    - {{type: text, text: "{title_text}", x: 5mm, y: 40mm, width: 40mm, '
             "height: 10mm}\n") if title_text else ""
    return f"""{style}layouts:
  words:
    - {{type: text, text: "{{words}}", x: 5mm, y: 5mm, width: 50mm, height: 30mm}}
{extra}faces:
  - {{id: c, kind: layout, layout: words, data: w.csv, name: "{{key}}"}}
"""


def test_fallback_sets_each_letter_in_the_first_font_that_has_it(tmp_path: Path) -> None:
    body = _plain_font(tmp_path) + _cards("", style="style: {font: Plain, fallback: "
                                          "[DejaVu Sans]}\n")
    path = write(tmp_path, body, {"w.csv": f"key,words\na,{POLISH} {GREEK}\n"})
    runs = [(t.text or "", t.get("font-family") or "") for t in texts(draw(load(path), "a"))]
    assert "".join(text for text, _ in runs).replace(" ", "") == (POLISH + GREEK)
    dejavu = shipped_families()["DejaVu Sans"].faces["regular"]
    plain = [text for text, family in runs if family.startswith("'pk-")]
    fallen = [text for text, family in runs if family.startswith("DejaVu Sans, 'pk-")]
    assert len(plain) + len(fallen) == len(runs)
    # the fallback takes only what the text's font lacks: ż and the Greek small letters
    assert "".join(fallen).replace(" ", "") == "\u017c" + GREEK[1:]
    assert all(dejavu.covers(c) for c in "".join(fallen))
    assert "".join(plain).replace(" ", "") == "Za\u00f3\u0142\u0107\u03a9"


def test_without_fallback_each_missing_glyph_is_one_problem_naming_its_cards(
        tmp_path: Path) -> None:
    body = _plain_font(tmp_path) + _cards("", title_text="\u2713 done")
    rows = "key,words\na,pi\u0105\nb,x\nc,\u0105\u0105 \u0105\n"
    found = problems(write(tmp_path, body, {"w.csv": rows}))
    assert len(found) == 2  # ą and ✓, however many cards and places use them
    by_char = {("\u0105" if "U+0105" in m else "\u2713"): (f, line, col, m)
               for f, line, col, m in found}
    file, line, column, message = by_char["\u0105"]
    assert (file, line, column) == ("w.csv", 2, 5)
    assert message.startswith("the font 'Plain' (regular) has no glyph for '\u0105' (U+0105 "
                              "LATIN SMALL LETTER A WITH OGONEK); it is needed on 2 cards: "
                              "'a', 'c' (also written at ")
    assert "w.csv:4:3" in message and "style: fallback" in message
    file, line, _, message = by_char["\u2713"]
    assert (file, line) == ("game.yaml", 12)
    assert "it is needed on 3 cards: 'a', 'b', 'c'" in message


def test_a_character_no_font_of_the_stack_has_is_one_problem(tmp_path: Path) -> None:
    body = _plain_font(tmp_path) + _cards("", style="style: {font: Plain, fallback: "
                                          "[Vera]}\n")
    rows = "key,words\na,\u6f22\nb,\u6f22\n"  # a Han character: no shipped font has it
    [(file, line, column, message)] = problems(write(tmp_path, body, {"w.csv": rows}))
    assert (file, line, column) == ("w.csv", 2, 3)
    assert message.startswith("no font of 'Plain', then 'Vera', then 'DejaVu Sans' (regular) "
                              "has a glyph for '\u6f22' (U+6F22 CJK UNIFIED IDEOGRAPH-6F22); "
                              "it is needed on 2 cards: 'a', 'b'")


def test_fallback_families_must_be_known(tmp_path: Path) -> None:
    body = _plain_font(tmp_path) + _cards("", style="style: {font: Plain, fallback: "
                                          "[Vera, DejaVu Sams]}\n")
    found = problems(write(tmp_path, body, {"w.csv": "key,words\na,x\n"}))
    assert found == [("game.yaml", 8, 39, "unknown font family 'DejaVu Sams' (did you mean "
                      "'DejaVu Sans'?)")]


def test_an_installed_family_is_picked_by_weight_and_slant(tmp_path: Path) -> None:
    for name in ("R.ttf", "B.ttf", "I.ttf", "N.ttf", "C.otf"):
        (tmp_path / name).write_bytes(b"")
    listing = "\n".join([
        f"{tmp_path}/N.ttf\tHouse Sans,House Sans Narrow\t80\t0\t75\tTrueType",
        f"{tmp_path}/R.ttf\tHouse Sans\t80\t0\t100\tTrueType",
        f"{tmp_path}/B.ttf\tHouse Sans\t200\t0\t100\tTrueType",
        f"{tmp_path}/I.ttf\tHouse Sans\t80\t100\t100\tTrueType",
        f"{tmp_path}/C.otf\tHouse Sans\t200\t100\t100\tCFF",
        "not a line of the listing",
    ])
    found = system_family("house sans", "installed font 'house sans'", parse_listing(listing))
    assert {style: f.path.name for style, f in found.items()} == {
        "regular": "R.ttf", "bold": "B.ttf", "italic": "I.ttf"}  # CFF cannot be embedded
    try:
        system_family("House Sanz", "x", parse_listing(listing))
    except SystemFontMissing as exc:
        assert str(exc) == "no installed font family is called 'House Sanz' (did you mean " \
                           "'House Sans'?)"
    else:
        raise AssertionError("an unknown family was found")


def test_a_family_named_from_the_system_fonts(tmp_path: Path) -> None:
    body = ("fonts:\n  Body: {system: DejaVu Sans}\n"
            + _cards("", style="style: {font: Body}\n"))
    path = write(tmp_path, body, {"w.csv": f"key,words\na,{GREEK}\n"})
    if fontconfig_present() or font_folders():  # Debian has fontconfig and DejaVu Sans
        [run] = texts(draw(load(path), "a"))
        assert run.text == GREEK and (run.get("font-family") or "").endswith(
            "', Body, DejaVu Sans, sans-serif")  # the installed name, for SVG viewers
        loaded = load(path).content.fonts["Body"].faces
        assert loaded["regular"].path.name == "DejaVuSans.ttf"
        assert not loaded["regular"].path.is_relative_to(tmp_path)
    else:  # no fontconfig and no font folder: the definition is told to copy the files
        [(_, line, _, message)] = problems(path)
        assert line == 7 and message.startswith("fontconfig (fc-list) is not installed")


def test_without_fontconfig_the_font_folders_are_read(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "installed" / "vera"
    folder.mkdir(parents=True)
    for name in ("Vera.ttf", "VeraBd.ttf", "VeraIt.ttf"):
        shutil.copy(VERA / name, folder / name)
    (folder / "broken.ttf").write_bytes(b"not a font")
    monkeypatch.setattr(systemfonts, "fc_list", lambda: None)
    monkeypatch.setattr(systemfonts, "font_folders", lambda: (tmp_path / "installed",))
    body = ("fonts:\n  Body: {system: Bitstream Vera Sans}\n"
            + _cards("", style="style: {font: Body}\n"))
    game = tmp_path / "game"
    game.mkdir()
    faces = load(write(game, body, {"w.csv": "key,words\na,x\n"})).content.fonts["Body"].faces
    assert {style: face.path.name for style, face in faces.items()} == {
        "regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf"}
    monkeypatch.setattr(systemfonts, "font_folders", lambda: ())
    [(_, line, _, message)] = problems(write(game, body, {"w.csv": "key,words\na,x\n"}))
    assert line == 7 and message.startswith("fontconfig (fc-list) is not installed here and "
                                            "this system has no font folder")


def test_system_font_mistakes_are_located(tmp_path: Path) -> None:
    body = (_plain_font(tmp_path) + "  Both: {system: DejaVu Sans, regular: Plain.ttf}\n"
            "  Neither: {bold: PlainBd.ttf}\n  Far: {regular: /usr/share/fonts/x.ttf}\n"
            + _cards(""))
    found = problems(write(tmp_path, body, {"w.csv": "key,words\na,x\n"}))
    messages = {line: message for _, line, _, message in found}
    assert messages[8].startswith("name either an installed family (system:) or font files")
    assert messages[9].startswith("give the regular face (regular: FILE.ttf)")
    assert 10 in messages  # an absolute path stays refused


def _greek_game(folder: Path, style: str) -> Path:
    body = _plain_font(folder) + style + f"""layouts:
  words:
    - {{type: text, text: "{{words}}", x: 5mm, y: 5mm, width: 50mm, height: 30mm}}
faces:
  - {{id: c, kind: layout, layout: words, data: w.csv, name: "{{key}}"}}
back: {{kind: pattern, options: {{title: {GREEK}}}}}
"""
    path = write(folder, body, {"w.csv": "key,words\na,plain\n"})
    path.write_text(path.read_text().replace("title: Content Test", f"title: {GREEK} game"))
    return path


def test_titles_printkit_prints_are_checked_against_the_stack(tmp_path: Path) -> None:
    found = problems(_greek_game(tmp_path, "style: {font: Plain}\n"))
    # one problem for each letter Plain lacks, at the title, naming the back's title too
    assert [(line, column) for _, line, column, _ in found] == [(2, 8)] * 4
    assert found[0][3].startswith("the font 'Plain' has no glyph for '\u03bc' (U+03BC GREEK "
                                  "SMALL LETTER MU)")
    assert all("it is needed in 2 places: the game's title (page labels), the title on the "
               "deck's back (game.yaml:14:40)" in m for *_, m in found)


def test_labels_and_back_titles_are_set_in_the_stack(tmp_path: Path) -> None:
    path = _greek_game(tmp_path, "style: {font: Plain, fallback: [DejaVu Sans]}\n")
    result = build_game(str(path), output_root=tmp_path / "out", options=BuildOptions())
    back = (result.folder / "svg" / "back.svg").read_text()
    # the capital omega in the game's font, the small letters in the fallback
    assert ">\u03a9</text>" in back and ">\u03bc\u03ad\u03b3\u03b1</text>" in back
    assert "font-family=\"DejaVu Sans, 'pk-" in back and "Vera, Bitstream" not in back
    cards = (result.folder / "cards.pdf").read_bytes()
    assert b"DejaVuSans-Bold" in cards  # the label's Greek letters and the back's title


def test_a_one_font_line_is_set_as_the_house_font_always_set_it() -> None:
    register_fonts()
    vera = shipped_families()["Vera"]
    canvas = Canvas("unused.pdf")
    with game_fonts(FontStack((vera,))):
        assert words_code(canvas, 8, 1, 2, "Stars \u2013 page 1", bold=True, anchor="end") \
            == text_code(canvas, BOLD, 8, 1, 2, "Stars \u2013 page 1", anchor="end")
    with game_fonts(FontStack((vera, shipped_families()["DejaVu Sans"]))):
        code = words_code(canvas, 8, 1, 2, f"A {GREEK}", bold=True)
    assert code.count(" Tf ") == 2 and code.startswith("BT 1 0 0 1 1 2 Tm ")


def test_a_face_the_family_lacks_is_one_problem_naming_its_cards(tmp_path: Path) -> None:
    body = _plain_font(tmp_path).replace(", bold: PlainBd.ttf", "") + _cards(
        "", title_text="**Done**")
    found = problems(write(tmp_path, body, {"w.csv": "key,words\na,x\nb,y\nc,z\n"}))
    assert found == [("game.yaml", 12, 26, "the font family 'Plain' has no bold face; it is "
                      "needed on 3 cards: 'a', 'b', 'c': add it under fonts: Plain")]


def test_an_unknown_family_is_one_problem_and_an_installed_one_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    body = _plain_font(tmp_path) + _cards("", style="style: {font: Plain}\n").replace(
        "height: 30mm}", "height: 30mm, font: House Sans}")
    rows = "key,words\na,x\nb,y\n"
    monkeypatch.setattr(content, "installed_fonts", lambda: parse_listing(
        f"{tmp_path}/Plain.ttf\tHouse Sans\t80\t0\t100\tTrueType"))
    assert problems(write(tmp_path, body, {"w.csv": rows})) == [(
        "game.yaml", 11, 86, "unknown font family 'House Sans'; 'House Sans' is installed on "
        "this computer: name it under fonts: {House Sans: {system: House Sans}}; it is needed "
        "on 2 cards: 'a', 'b'")]
