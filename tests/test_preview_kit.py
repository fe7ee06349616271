"""What the preview shows of a kit, without a browser: every part in build order, each picture
with the place it was defined, and the last good kit kept under the problems of a bad save."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pypdfium2
import pytest

from printkit.preview import pageimages
from printkit.preview.kitview import pdf_pages
from printkit.preview.reads import stamp
from printkit.preview.render import Preview, render_preview, under_problems
from tests.conftest import ROOT


def _line(source: str) -> str:
    """The text of the line a ``file:line`` source names."""
    file, _, number = source.rpartition(":")
    path = Path(file) if Path(file).is_absolute() else ROOT / file
    return path.read_text().splitlines()[int(number) - 1]


@pytest.fixture(scope="module")
def skirmish() -> Preview:
    return render_preview(ROOT / "sample-games" / "hex-skirmish" / "hex-skirmish.yaml")


def test_every_component_is_shown_in_build_order(skirmish: Preview) -> None:
    assert not skirmish.problems
    assert [s.title for s in skirmish.sections] == [
        "counters: 6 different tokens, front and back", "map: Hex Skirmish map",
        "score-sheet: Hex Skirmish score sheet", "player-aid: Hex Skirmish player aid"]
    tokens = skirmish.sections[0].pictures
    # both sides of each different token, front first
    assert [p.name for p in tokens[:4]] == ["Guard (front)", "Guard (back)",
                                            "Archer (front)", "Archer (back)"]
    assert all(p.svg.startswith("<svg") for p in tokens)
    # the map is its SVG, the sheets their printed page as PNG
    assert skirmish.sections[1].pictures[0].svg and skirmish.sections[1].wide
    sheet = skirmish.sections[2].pictures[0]
    assert sheet.png.startswith(b"\x89PNG") and sheet.suffix == "png" and not sheet.svg


def test_each_picture_names_the_line_it_was_defined_on(skirmish: Preview) -> None:
    for picture in skirmish.sections[0].pictures:
        name = picture.name.split(" (")[0]
        assert picture.source.startswith("sample-games/hex-skirmish/units.csv:")
        assert _line(picture.source).startswith(name + ",")
    for section in skirmish.sections[1:]:
        # a component's entry: its name, as a key of components:
        assert _line(section.pictures[0].source).strip().endswith(":")


def test_every_back_and_the_tuck_box_of_white_star() -> None:
    preview = render_preview(ROOT / "decks" / "white-star.yaml")
    titles = [s.title for s in preview.sections]
    assert titles[:2] == ["Cards: 44 faces", "Cards: backs"]
    assert "tuckbox.pdf: the tuck box" in titles
    backs = preview.sections[1].pictures
    assert [p.name for p in backs] == ["back", "back of aid"]
    # the deck's back is located at back:, the aid group's own at that group's back: key
    assert _line(backs[0].source).startswith("back:")
    file, _, number = backs[1].source.rpartition(":")
    assert _line(backs[1].source).strip() == "back:"
    assert _line(f"{file}:{int(number) + 1}").strip() == "kind: pattern"
    aid = next(p for p in preview.pictures if p.name == "player-aid")
    # the aid's data row, written in the definition itself
    assert _line(aid.source).strip() == '- title: "Stars: player aid"'


def test_a_failed_save_keeps_the_last_good_kit_under_its_problems(tmp_path: Path) -> None:
    folder = tmp_path / "spellbook"
    shutil.copytree(ROOT / "sample-games" / "spellbook", folder)
    definition = folder / "spellbook.yaml"
    good = render_preview(definition)
    data = str(folder / "spells.csv")
    assert not good.problems and data in good.reads.files
    text = definition.read_text()
    definition.write_text(text.replace("faces:", "faces: [", 1))  # not YAML any more
    failed = render_preview(definition)
    assert failed.problems and not failed.sections
    assert data not in failed.reads.files  # it stopped before reading the data
    shown = under_problems(good, failed)
    assert shown.stale and shown.problems == failed.problems
    assert shown.sections == good.sections and shown.title == good.title
    # both renderings' files are watched: the definition as it is now, the data too
    assert shown.reads.files[str(definition)] == stamp(str(definition))
    assert shown.reads.files[data] == stamp(data) and not shown.reads.changed()
    # with nothing good to show, the problems alone
    assert under_problems(Preview(), failed) == failed


def _blank_pdf(width: float) -> bytes:
    document = pypdfium2.PdfDocument.new()
    document.new_page(width, 100)
    out = io.BytesIO()
    document.save(out)
    document.close()
    return out.getvalue()


def test_a_printed_page_is_drawn_once_for_the_same_pdf() -> None:
    start = pageimages.DRAWN

    def drawn() -> int:
        return pageimages.DRAWN - start

    one, other = _blank_pdf(200), _blank_pdf(300)
    first = pdf_pages(one)
    assert len(first) == 1 and first[0].startswith(b"\x89PNG")
    assert pdf_pages(one) == first and drawn() == 1  # kept: not drawn again
    assert pdf_pages(other) != first and drawn() == 2  # other bytes: drawn


def test_every_kind_of_component_in_one_definition() -> None:
    preview = render_preview(ROOT / "tests" / "data" / "components" / "skirmish.yaml")
    assert not preview.problems
    assert [s.title for s in preview.sections] == [
        "Cards: 7 faces", "Cards: backs", "events: 3 faces", "events: back",
        "counters: 4 different tokens, front and back",
        "coins: 2 different tokens, front and back",
        "chits: 2 different tokens, front and back", "score-pad: Skirmish score pad",
        "aid: Player aid", "map: Skirmish map", "track: Score track",
        "tuckbox.pdf: the tuck box", "events-tuckbox.pdf: the tuck box"]
    # every picture says where it was defined, in the definition or one of its tables
    assert all(p.source.startswith("tests/data/components/") for p in preview.pictures)
    events = preview.sections[2].pictures
    assert all(_line(p.source) for p in events)
    assert _line(preview.sections[-1].pictures[0].source).strip() == "events:"
