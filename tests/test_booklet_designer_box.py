"""A designer's tuck box and image backs: the box's front says the title once when the
back's own drawing already carries it, and a missing back image is named as the definition
names it, not by the absolute path the command was given."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli import main
from printkit.console import Console
from printkit.pdf.tuckbox_art import without_words, word_band
from printkit.render.backs import PatternOptions, render_pattern
from printkit.render.svg import Frame
from tests.conftest import ROOT

SPELLBOOK = ROOT / "sample-games" / "spellbook" / "spellbook.yaml"


def _run(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    return main(["-q", *args], Console(io.StringIO(), err)), err.getvalue()


def test_a_pattern_backs_band_is_found_and_its_words_left_out_on_the_front() -> None:
    frame = Frame.from_points(180.0, 252.0, 0.0, 10.0)
    banded = render_pattern(frame, PatternOptions(title="Spellbook"), "Spellbook")
    plain = render_pattern(frame, PatternOptions(), "Spellbook")
    assert word_band(banded) is not None  # the front's title plate goes over it
    assert ">Spellbook<" in banded and ">Spellbook<" not in without_words(banded)
    assert word_band(plain) is None  # its <title> element is not drawn words


def test_the_spellbook_box_shows_its_title_once_a_panel(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    status, err = _run("build", str(SPELLBOOK), "-o", str(tmp_path), "--sheets", "tuckbox")
    assert status == 0, err
    (box,) = tmp_path.glob("spellbook*/tuckbox.pdf")
    page = PdfReader(str(box)).pages[0]
    words = page.extract_text()
    # the back's band on the front and on the back, the lid, the two spines and the
    # page's foot label: no plate on the front repeating the band's title
    assert words.count("Spellbook") == 6
    assert "24 cards" in words  # the front's foot plate stays


def test_a_missing_back_image_is_named_from_the_definitions_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "cards.csv").write_text("name,art\nOne,one\n", encoding="utf-8")
    (folder / "game.yaml").write_text(
        "game: imgback\ntitle: Image Back\ncard: {size: poker}\n"
        "faces:\n  - {id: a, kind: layout, layout: front, data: cards.csv}\n"
        "back:\n  image: 'backs/{art}.png'\n"
        "layouts:\n  front:\n    - {type: text, text: '{name}', x: 5mm, y: 5mm,"
        " width: 40mm, height: 10mm}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for given in (str(folder / "game.yaml"), "game/game.yaml"):
        status, err = _run("check", given)
        assert status == 1
        assert "the back: there is no image file 'backs/one.png'" in err
        assert str(tmp_path) + "/game/backs" not in err and "'game/backs" not in err
