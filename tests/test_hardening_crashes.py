"""Crashes and unlocated errors reported in the second hardening round: each is now a clean
error (exit 1 for input, 2 for the command line) that names the place it is about, or,
for a booklet on A5 paper, a booklet that lays out."""

from __future__ import annotations

import copy
import io
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader
from reportlab.platypus import Flowable

from printkit.booklet import pdfblocks
from printkit.booklet.document import BackCover, Booklet, Cover, Note, Span
from printkit.booklet.document import Paragraph as TextParagraph
from printkit.booklet.pdf import booklet_pdf
from printkit.booklet.pdfblocks import Writer
from printkit.cli import Exit, main, make_parser
from printkit.console import Console
from printkit.errors import DefinitionError
from printkit.pdf.paper import Paper
from printkit.units import MM
from tests.conftest import DATA, DECKS, ROOT, Result

LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.MULTILINE)
UNLOCATED = re.compile(r"^error: ", re.MULTILINE)


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # shipped games are shown by their path from here


def run(*args: str) -> Result:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), Console(out, err))
    return Result(status, out.getvalue(), err.getvalue())


def clean(result: Result) -> Result:
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    return result


# --- values of the wrong type where a key picks what the rest of a mapping means ---------

DISCRIMINATORS = frozenset({"type", "kind", "shape", "orientation", "by", "field", "layout",
                            "id", "icon", "fit", "direction", "align", "valign", "weight",
                            "style", "first"})
"""Keys whose value chooses a record, a kind or a named thing (looked up, compared)."""
WRONG_VALUES: tuple[object, ...] = (["text", "rect"], {"text": 1}, None, 3, 10 ** 40, True)
TAKEN = frozenset({("id", "3")})
"""(key, value) that are right after all: a face group's id may be a number."""


def _places(node: object, path: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in DISCRIMINATORS:
                yield (*path, key)
            yield from _places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _places(value, (*path, index))


def _kind_of_place(data: object, path: tuple[object, ...]) -> tuple[object, ...]:
    """A place with list positions and free names (of layouts, components) replaced by the
    type or kind of what is there: one place stands for all that the same code reads."""
    shape: list[object] = []
    node: Any = data
    for step in path:
        child = node[step]
        if isinstance(step, int) or (shape and shape[-1] in ("layouts", "components")):
            named = child.get("type") or child.get("kind") if isinstance(child, dict) else None
            shape.append(named or "#")
        else:
            shape.append(step)
        node = child
    return tuple(shape)


def _cases(folder: Path, name: str) -> list[tuple[str, tuple[object, ...], object]]:
    data = yaml.safe_load((folder / name).read_text())
    seen: set[tuple[object, ...]] = set()
    cases = []
    for path in _places(data):
        kind = _kind_of_place(data, path)
        if kind not in seen:
            seen.add(kind)
            cases += [(name, path, value) for value in WRONG_VALUES]
    return cases


FUZZED = {"skirmish.yaml": DATA / "components", "poker.yaml": DATA / "content" / "poker"}
CASES = [case for name, folder in FUZZED.items() for case in _cases(folder, name)]


@pytest.mark.parametrize(("name", "path", "value"), CASES,
                         ids=[f"{n}:{'.'.join(map(str, p))}={v!r:.12}" for n, p, v in CASES])
def test_a_wrong_value_in_a_choosing_key_is_a_located_error(
        tmp_path: Path, name: str, path: tuple[object, ...], value: object) -> None:
    folder = tmp_path / "game"
    shutil.copytree(FUZZED[name], folder)
    data = yaml.safe_load((folder / name).read_text())
    node: Any = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = copy.deepcopy(value)
    (folder / name).write_text(yaml.safe_dump(data, sort_keys=False))
    result = clean(run("check", str(folder / name)))
    if (path[-1], repr(value)) in TAKEN:
        assert result.status == 0, result.err
        return
    assert result.status == Exit.INPUT, result.err
    assert LOCATED.search(result.err), result.err
    assert not UNLOCATED.search(result.err), result.err


def test_the_fuzz_covers_every_kind_of_choosing_key() -> None:
    keys = {path[-1] for _, path, _ in CASES}
    assert {"type", "kind", "shape", "orientation", "by", "field", "layout", "first"} <= keys
    assert len(CASES) >= 150


def test_an_element_type_written_as_a_list_is_reported_at_it(tmp_path: Path) -> None:
    text = (DATA / "content" / "poker" / "poker.yaml").read_text()
    path = tmp_path / "poker.yaml"
    shutil.copytree(DATA / "content" / "poker" / "icons", tmp_path / "icons")
    shutil.copy(DATA / "content" / "poker" / "rules.csv", tmp_path)
    path.write_text(text.replace("    - type: text\n      text: \"{rank}\"",
                                 "    - type: [text, rect]\n      text: \"{rank}\"", 1))
    result = clean(run("check", str(path)))
    line = text[:text.index("    - type: text\n")].count("\n") + 1
    assert result.status == Exit.INPUT
    assert f"{path}:{line}:13: error: expected text, found a list" in result.err


def test_a_component_kind_written_as_a_mapping_is_reported_at_it(tmp_path: Path) -> None:
    shutil.copytree(DATA / "components", tmp_path / "game")
    path = tmp_path / "game" / "skirmish.yaml"
    text = path.read_text()
    path.write_text(text.replace("    kind: tokens\n    shape: hexagon",
                                 "    kind: {tokens: 1}\n    shape: hexagon", 1))
    result = clean(run("check", str(path)))
    line = text[:text.index("    kind: tokens\n    shape: hexagon")].count("\n") + 1
    assert result.status == Exit.INPUT
    assert (f"{path}:{line}:11: error: a component's kind is one of: cards, tokens, sheet, "
            "board, not a mapping") in result.err


def test_an_empty_icon_path_is_a_located_error(tmp_path: Path) -> None:
    shutil.copytree(DATA / "content" / "poker", tmp_path / "game")
    path = tmp_path / "game" / "poker.yaml"
    text = path.read_text()
    written = '    path: "M12 2'
    start = text.index(written)
    path.write_text(text[:start] + '    path: ""' + text[text.index("\n", start):])
    result = clean(run("check", str(path)))
    assert result.status == Exit.INPUT
    assert f"{path}:{_line_of(text, written)}:" in result.err
    assert "the path data is empty" in result.err


# --- the booklet on small paper --------------------------------------------------------------

def test_a_booklet_on_a5_paper_lays_out(tmp_path: Path) -> None:
    result = clean(run("build", "stars-and-stripes", "--paper", "a5", "--sheets",
                       "calibration", "-o", str(tmp_path)))
    assert result.status == 0, result.err
    reader = PdfReader(next(tmp_path.glob("*/booklet.pdf")))
    page = reader.pages[0].mediabox
    assert (round(float(page.width) / MM), round(float(page.height) / MM)) == (105, 148)
    texts = [p.extract_text() for p in reader.pages]
    # the quick reference is too long for an A6 back cover: it ends the body instead
    assert "Quick reference" not in texts[-1]
    assert any("Quick reference" in text for text in texts[1:-1])
    assert len(reader.pages) % 4 == 0
    html = next(tmp_path.glob("*/booklet.html")).read_text()
    body, _, back = html.partition('<section class="back-cover">')
    assert "Quick reference" in body and "Quick reference" not in back  # as in the PDF


def test_pages_too_small_for_any_booklet_are_refused(tmp_path: Path) -> None:
    result = clean(run("build", "stars-and-stripes", "--paper", "120mm x 170mm", "--sheets",
                       "calibration", "-o", str(tmp_path)))
    assert result.status == Exit.INPUT
    assert ("<command line>:1:9: error: the booklet's pages would be 85 mm wide and 120 mm "
            "tall (half the paper); a booklet needs pages at least 105 mm wide and 148 mm "
            "tall") in result.err
    assert "--paper a5" in result.err
    assert not any(tmp_path.iterdir())


A6 = Paper("A6", 105 * MM, 148 * MM)


def _booklet(*blocks: object) -> Booklet:
    cover = Cover("Test", "rules", (), "#1f3a6e", "#ffffff", "#1f3a6e")
    return Booklet("Test", cover, tuple(blocks), 0)  # type: ignore[arg-type]


def _words(count: int, first: str = "Setup.") -> TextParagraph:
    return TextParagraph((Span(first + " " + " ".join(f"word{i}" for i in range(count))),))


def test_a_boxed_note_taller_than_a_page_breaks_across_pages() -> None:
    laid = booklet_pdf(_booklet(Note((_words(900),))), A6)
    reader = PdfReader(io.BytesIO(laid.data))
    body = [page.extract_text() for page in reader.pages[1:-1]]
    holding = [text for text in body if "word" in text]
    assert len(holding) >= 3  # the note runs over three pages and more
    assert "word899" in holding[-1] and "word0" in holding[0]


def test_back_cover_text_is_made_smaller_until_it_fits() -> None:
    note = Note((_words(140),))
    laid = booklet_pdf(_booklet(BackCover(), note), A6)
    last = PdfReader(io.BytesIO(laid.data)).pages[-1].extract_text()
    assert "word139" in last  # still on the back cover, in smaller type


class _Tall(Flowable):  # type: ignore[misc]
    """Taller than any page and impossible to split."""

    def wrap(self, width: float, height: float) -> tuple[float, float]:
        return width, 2000.0


def test_a_block_that_fits_no_page_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    block = Writer.block

    def tall(self: Writer, made: object, index: int) -> list[Flowable]:
        if isinstance(made, TextParagraph) and "Bad" in made.spans[0].text:
            return [_Tall()]
        return block(self, made, index)  # type: ignore[arg-type]

    monkeypatch.setattr(pdfblocks.Writer, "block", tall)
    with pytest.raises(DefinitionError) as caught:
        booklet_pdf(_booklet(_words(5, "Fine."), _words(5, "Bad.")), A6)
    assert ("the paragraph 'Bad. word0 word1 word2 word3 word4' in the booklet does not fit "
            "on its 105 x 148 mm pages") in str(caught.value)


# --- small points of the command line -------------------------------------------------------

@pytest.mark.parametrize(("option", "message"), [
    (("--back-offset", "nan,0"), "'nan' is not a number"),
    (("--back-offset", "inf,0"), "'inf' is not a number"),
    (("--back-offset", "\u0661,\u0660"), "is not a number (write it in the digits 0-9"),
    (("--back-offset", "1_0,0"), "expected a length"),
    (("--bleed", "\u0661mm"), "--bleed: expected a length"),
    (("--bleed", "-1mm"), "--bleed '-1mm': the bleed cannot be negative"),
    (("--bleed=-1mm",), "--bleed '-1mm': the bleed cannot be negative"),
    (("--paper", "\u0661\u0660\u0660mm x 200mm"), "expected a length"),
])
def test_a_wrong_number_in_a_build_option_is_refused(tmp_path: Path, option: tuple[str, ...],
                                                     message: str) -> None:
    result = clean(run("build", "stars-and-stripes", "--sheets", "calibration", "-o",
                       str(tmp_path), *option))
    assert result.status == Exit.USAGE, result.err  # a malformed option: a usage error
    assert message in result.err
    assert not any(tmp_path.iterdir())  # no kit named after digits that vanished


@pytest.mark.parametrize("args", [
    ("check", "stars-and-stripes", "--jobs", "\u0662"),
    ("check", "stars-and-stripes", "--jobs", "9" * 5000),
    ("check", "stars-and-stripes", "--limit", "cards=\u0661\u0660"),
    ("check", "stars-and-stripes", "--limit", "cards=\u00b2"),
    ("export", "png", "stars-and-stripes", "--dpi", "\u0661\u0665\u0660"),
    ("export", "png", "stars-and-stripes", "--dpi", "nan"),
])
def test_numbers_on_the_command_line_are_ascii_digits(args: tuple[str, ...]) -> None:
    result = clean(run(*args))
    assert result.status == Exit.USAGE, result.err


def test_a_parameter_in_other_digits_is_not_a_number() -> None:
    result = clean(run("check", "stars-and-stripes", "--set", "decks=\u0662"))
    assert result.status == Exit.INPUT
    assert "<command line>:1:7: error: parameter 'decks' must be a whole number" in result.err


def test_negative_values_reach_their_option() -> None:
    args = make_parser().parse_args(["build", "--back-offset", "-1,0.5", "--bleed", "-1mm"])
    assert (args.back_offset, args.bleed) == ("-1,0.5", "-1mm")
    png = make_parser().parse_args(["export", "png", "x", "--bleed", "-2mm"])
    assert png.bleed == "-2mm"


@pytest.mark.parametrize(("url", "message"), [
    ("https://", "needs a host name"),
    ("https:///images", "needs a host name"),
    ("https://exa mple.org/", "no spaces"),
    ("https://example.org/a\x07b", "control characters"),
    ("https://user:secret@example.org/", "name or password"),
    ("https://example.org/images?x=1", "query (?) or a fragment (#)"),
    ("https://example.org/images#top", "query (?) or a fragment (#)"),
    ("https://example.org:99999/", "not an address"),
    ("file://server/share/", "file:/// followed by the folder's path"),
    ("ftp://example.org/", "must start with https://"),
    ("https://bücher.example/", "outside ASCII"),
])
def test_a_base_url_is_checked_whole(tmp_path: Path, url: str, message: str) -> None:
    result = clean(run("export", "tts", "stars-and-stripes", "-o", str(tmp_path / "x"),
                       "--base-url", url))
    assert result.status == Exit.USAGE  # a malformed option value
    assert "--base-url" in result.err and message in result.err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("name", ["nul", "con", "prn", "aux", "com1", "lpt9", "com0"])
def test_new_refuses_device_names(tmp_path: Path, name: str) -> None:
    result = clean(run("new", name, "-o", str(tmp_path)))
    assert result.status == Exit.USAGE
    assert "a name Windows keeps for a device" in result.err
    assert not any(tmp_path.iterdir())


def test_new_takes_a_name_that_only_starts_like_a_device(tmp_path: Path) -> None:
    assert clean(run("new", "con-quest", "-o", str(tmp_path))).status == 0
    assert (tmp_path / "con-quest" / "con-quest.yaml").is_file()


# --- locations --------------------------------------------------------------------------------

STARS = (DECKS / "stars-and-stripes.yaml").read_text()


def _line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(("written", "column"), [
    ("stripes: 1..7", 16),
    ("stripes: 7..8", 16),  # no card accepted: the value the kind's message names
    ("stripes: [1, 2, 3, 4, 5, 9]", 32),
])
def test_a_generated_value_out_of_range_is_reported_at_it(tmp_path: Path, written: str,
                                                           column: int) -> None:
    path = tmp_path / "mine.yaml"
    text = STARS.replace("stripes: 1..6", written, 1)
    path.write_text(text)
    result = clean(run("check", str(path)))
    assert result.status == Exit.INPUT
    line = _line_of(text, written)
    assert f"{path}:{line}:{column}: error: stripes must be whole numbers from 1 to 6" in (
        result.err)


def test_a_table_value_out_of_range_is_reported_at_its_cell(tmp_path: Path) -> None:
    (tmp_path / "cards.csv").write_text("stars,stripes\n1,2\n3,4\n5,8\n")
    text = STARS.replace("    generate:\n      stars: 1..6\n      stripes: 1..6\n",
                         "    data: cards.csv\n", 1).replace(
        'name: "{stars}-stars-{stripes}-stripes"', 'name: "s{stars}-{stripes}"', 1)
    path = tmp_path / "mine.yaml"
    path.write_text(text)
    result = clean(run("check", str(path)))
    assert result.status == Exit.INPUT
    assert f"{tmp_path / 'cards.csv'}:4:3: error: stripes must be whole numbers" in result.err


def test_a_file_that_is_not_utf8_names_the_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_bytes(STARS.replace("title: Stars and Stripes", "title: Stars and Str\xe9pes",
                                   1).encode("latin-1", "replace"))
    result = clean(run("check", str(path)))
    assert result.status == Exit.INPUT
    line = _line_of(STARS, "title: Stars and Stripes")
    assert f"{path}:{line}:21: error: the file is not UTF-8 text (byte " in result.err


def test_a_table_that_is_not_utf8_names_the_line_and_column(tmp_path: Path) -> None:
    (tmp_path / "cards.csv").write_bytes(b"stars,stripes\n1,2\n3,4 caf\xe9\n")
    text = STARS.replace("    generate:\n      stars: 1..6\n      stripes: 1..6\n",
                         "    data: cards.csv\n", 1)
    path = tmp_path / "mine.yaml"
    path.write_text(text)
    result = clean(run("check", str(path)))
    assert result.status == Exit.INPUT
    assert f"{tmp_path / 'cards.csv'}:3:8: error: " in result.err
    assert "is not UTF-8 text (byte 26)" in result.err


def test_a_card_size_from_the_command_line_that_does_not_fit_names_the_option() -> None:
    result = clean(run("check", "stars-and-stripes", "--set", "card.size=200mm x 200mm"))
    assert result.status == Exit.INPUT
    assert "<command line>:1:7: error: stars-and-stripes: a 200.0 x 200.0 mm card" in (
        result.err)
    assert "--set card.size=200mm x 200mm" in result.err


def test_a_card_size_too_large_for_the_paper_names_its_line(tmp_path: Path) -> None:
    result = clean(run("build", "stars-and-stripes", "--paper", "60mm x 60mm", "--sheets",
                       "sheets", "-o", str(tmp_path)))
    assert result.status == Exit.INPUT
    line = _line_of(STARS, "  size: 63.5mm x 63.5mm")
    assert f"decks/stars-and-stripes.yaml:{line}:9: error: stars-and-stripes: a 63.5" in (
        result.err)


def test_a_track_numbered_from_a_list_is_a_located_error(tmp_path: Path) -> None:
    shutil.copytree(DATA / "components", tmp_path / "game")
    path = tmp_path / "game" / "skirmish.yaml"
    text = path.read_text()
    path.write_text(text.replace("first: 0}", "first: [0, 1]}", 1))
    result = clean(run("check", str(path)))
    assert result.status == Exit.INPUT
    line = _line_of(text, "first: 0}")
    assert f"{path}:{line}:" in result.err and "expected a whole number, found a list" in (
        result.err)
