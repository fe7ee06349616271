"""The words of score sheets, plain boards, assembly pages and calibration sheets in the
definition's font stack (issue 24 item 3): checked against the stack, drawn in runs when
some letters come from a fallback font."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import reportlab

from printkit.kit.build import build_game
from printkit.kit.options import BuildOptions
from tests.conftest import ROOT, Run
from tests.test_content_support import problems

VERA = Path(reportlab.__file__).parent / "fonts"
GAME = """\
game: greek-sheets
title: Ωμέγα Łódź
fonts:
  Plain: {regular: Plain.ttf, bold: PlainBd.ttf}
style:
  font: Plain
FALLBACK
components:
  map:
    kind: board
    title: Χάρτης Gdańsk
    grid: {type: square, columns: 9, rows: 7, size: 30mm}
    spaces:
      - {at: A1, label: Αθήνα, fill: "#6fa3d6"}
  score:
    kind: sheet
    title: Βαθμολογία
    note: Zażółć gęślą jaźń
    columns: [{label: Γύρος, width: 20mm}, {label: Πόντοι}]
    rows: 5
"""


def _game(folder: Path, fallback: str) -> Path:
    shutil.copy(VERA / "Vera.ttf", folder / "Plain.ttf")
    shutil.copy(VERA / "VeraBd.ttf", folder / "PlainBd.ttf")
    path = folder / "greek-sheets.yaml"
    path.write_text(GAME.replace("FALLBACK", fallback), encoding="utf-8")
    return path


def _fonts(pdf: bytes) -> set[str]:
    """The names of the fonts a PDF embeds (subset prefixes dropped)."""
    return {name.decode() for name in re.findall(rb"/BaseFont /[A-Z]{6}\+([A-Za-z-]+)", pdf)}


def test_sheet_words_a_font_lacks_are_located_errors(tmp_path: Path) -> None:
    found = problems(_game(tmp_path, ""))
    where = {(line, column) for _, line, column, _ in found}
    # the space's label (14:25) is reported in the same run as the titles above it
    assert where == {(2, 8), (11, 12), (14, 25), (17, 12), (18, 11), (19, 23), (19, 52)}
    beta = [m for _, line, _, m in found if line == 17 and "'\u0392'" in m]
    assert len(beta) == 1 and beta[0].startswith("the font 'Plain' has no glyph for '\u0392' "
                                                 "(U+0392 GREEK CAPITAL LETTER BETA)")
    assert "it is needed in score: the title:" in beta[0] and "style: fallback" in beta[0]
    # one problem a character, naming every place that prints it
    alpha = [m for *_, m in found if "'\u03b1'" in m]
    assert len(alpha) == 1 and ("it is needed in 3 places: the game's title (page labels), "
                                "a space's label (greek-sheets.yaml:14:25), score: the title "
                                "(greek-sheets.yaml:17:12)") in alpha[0]


def test_sheet_words_take_the_fallback_font_for_what_the_font_lacks(tmp_path: Path) -> None:
    path = _game(tmp_path, "  fallback: [DejaVu Sans]")
    result = build_game(str(path), output_root=tmp_path / "out", options=BuildOptions())
    score = (result.folder / "score.pdf").read_bytes()
    # Latin in the game's font, Greek and the Polish letters it lacks in DejaVu Sans
    assert _fonts(score) == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold",
                             "DejaVuSans", "DejaVuSans-Bold"}
    board = (result.folder / "map.svg").read_text()
    assert re.search(r'font-family="DejaVu Sans, \'pk-[0-9a-f]+\', Plain, Verdana, '
                     r'sans-serif"[^>]*>\u0391\u03b8\u03ae\u03bd\u03b1</text>', board)
    # the assembly page's title and the calibration sheet are in the game's stack too
    tiled = (result.folder / "map.pdf").read_bytes()
    assert {"BitstreamVeraSans-Bold", "DejaVuSans-Bold"} <= _fonts(tiled)


def test_words_printkit_kinds_draw_in_vera_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text("""\
game: stars-and-stripes
title: Trumps
card: {size: poker}
faces:
  - {id: trump, kind: trump, options: {label: "\u03a9\u03bc\u03ad\u03b3\u03b1", emblem: star}}
  - {id: fine, kind: trump, options: {label: "Caf\u00e9 \u2013 \u00bd"}}
""", encoding="utf-8")
    found = problems(path)
    assert {(file, line, column) for file, line, column, _ in found} == {("game.yaml", 5, 47)}
    # one problem a character Vera lacks; Vera has the capital omega and the second row's
    heads = [message.partition(";")[0] for *_, message in found]
    assert heads == ["the kind 'trump' prints its words in Bitstream Vera, which has no glyph "
                     f"for {glyph}" for glyph in (
                         "'\u03bc' (U+03BC GREEK SMALL LETTER MU)",
                         "'\u03ad' (U+03AD GREEK SMALL LETTER EPSILON WITH TONOS)",
                         "'\u03b3' (U+03B3 GREEK SMALL LETTER GAMMA)",
                         "'\u03b1' (U+03B1 GREEK SMALL LETTER ALPHA)")]
    assert all("it is needed in face group 'trump': its options: leave it out" in message
               for *_, message in found)


def test_a_booklet_cover_sets_a_title_vera_lacks_in_dejavu(tmp_path: Path, run_cli: Run) -> None:
    plugin = ROOT / "tests" / "plugin_game" / "printkit_toy_nim"
    for name in ("toy-nim.yaml", "toy-nim.md.j2"):
        shutil.copy(plugin / name, tmp_path / name)
    definition = tmp_path / "toy-nim.yaml"
    definition.write_text(definition.read_text(encoding="utf-8").replace(
        "title: Toy Nim", "title: \u03a9\u03bc\u03ad\u03b3\u03b1 Nim"), encoding="utf-8")
    done = run_cli("build", str(definition), "--sheets", "sheets", "-o", str(tmp_path / "out"))
    assert done.status == 0, done.err
    [booklet] = (tmp_path / "out").glob("*/booklet.pdf")
    # the booklet keeps printkit's own type (Vera) and takes Greek from DejaVu Sans
    assert {"BitstreamVeraSans-Bold", "DejaVuSans-Bold"} <= _fonts(booklet.read_bytes())
