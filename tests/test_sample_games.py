"""The sample games under sample-games/ (what a designer copies) check and build, and each
builds the files its README promises; the Greek deck's words are drawn from glyphs of its
embedded fonts, and its layout back is on the back pages."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from printkit.cli import main
from printkit.console import Console
from tests.conftest import ROOT, Run

EXAMPLES = sorted((ROOT / "sample-games").glob("*/*.yaml"))
EXPECTED = {
    "standard-deck": {"cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf"},
    "spellbook": {"cards.pdf", "cards-printshop.pdf"},
    "hex-skirmish": {"counters.pdf", "map.pdf", "map-single.pdf", "score-sheet.pdf",
                     "player-aid.pdf"},
    "river-crossing": {"map.pdf", "map-single.pdf", "map.svg", "counters.pdf"},
    "olympioi": {"cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf", "boitheia.pdf",
                 "tuckbox.pdf", "svg/Zeys.svg", "svg/Lernaia-Ydra.svg"},
}


def test_every_sample_game_is_listed() -> None:
    assert sorted(p.stem for p in EXAMPLES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_sample_game_checks_and_builds(path: Path, run_cli: Run, tmp_path: Path) -> None:
    checked = run_cli("check", str(path))
    assert checked.status == 0, checked.err
    assert "is valid" in checked.out and "warning" not in checked.err
    built = run_cli("-q", "build", str(path), "-o", str(tmp_path))
    assert built.status == 0, built.err
    kit = tmp_path / path.stem
    assert EXPECTED[path.stem] <= {p.relative_to(kit).as_posix() for p in kit.rglob("*")}


GREEK = ROOT / "sample-games" / "olympioi"
GROUPS = {"theoi": ("ΘΕΟΣ", "ΘΕΟΙ"), "iroes": ("ΗΡΩΑΣ", "ΗΡΩΕΣ"),
          "terata": ("ΤΕΡΑΣ", "ΤΕΡΑΤΑ")}  # noqa: RUF001 (Greek capitals, meant)
"""Each face group: the word on its fronts and the word its layout back prints."""


@pytest.fixture(scope="module")
def greek_cards(tmp_path_factory: pytest.TempPathFactory) -> PdfReader:
    """cards.pdf of the Greek sample game, built once for this module's tests."""
    out = tmp_path_factory.mktemp("olympioi")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(out / "cache"))
        status = main(["-q", "build", str(GREEK / "olympioi.yaml"), "-o", str(out)],
                      Console(io.StringIO(), io.StringIO()))
    assert status == 0
    return PdfReader(str(out / "olympioi" / "cards.pdf"))


def _rows(table: str) -> list[dict[str, str]]:
    with (GREEK / table).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _texts(value: Any) -> Iterator[str]:
    """Every string inside a layout element's value (a choice's values included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)


def _printed_words() -> str:
    """The words of the deck's fronts and backs: the data's names and rules text, the
    layouts' own words (fields left out) and the game's title (in every page footer)."""
    definition = yaml.safe_load((GREEK / "olympioi.yaml").read_text(encoding="utf-8"))
    words = [definition["title"]]
    for layout in definition["layouts"].values():
        words += [re.sub(r"\{[^}]*\}", "", text) for element in layout
                  if element["type"] == "text" for text in _texts(element["text"])]
    for group in GROUPS:
        words += [row[column] for row in _rows(f"{group}.csv")
                  for column in ("onoma", "keimeno")]
    return " ".join(words)


def _unicode_map(font: DictionaryObject) -> dict[int, str]:
    """One-byte code -> its text, from the font's ToUnicode map (as printkit writes it)."""
    text = _dictionary(font["/ToUnicode"]).get_data().decode("latin-1")
    pairs = re.findall(r"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4,})>", text)
    return {int(code, 16): bytes.fromhex(target).decode("utf-16-be")
            for code, target in pairs}


def _dictionary(value: Any) -> Any:
    """The object a PDF reference points to (pypdf types it loosely)."""
    return value.get_object()


def _embedded_fonts(resources: DictionaryObject, found: dict[int, DictionaryObject]
                    ) -> None:
    """Every font in ``resources`` and in the forms it holds, by object number."""
    for ref in (resources.get("/Font") or {}).values():
        found[ref.idnum] = ref.get_object()
    for ref in (resources.get("/XObject") or {}).values():
        inner = ref.get_object().get("/Resources")
        if inner is not None:
            _embedded_fonts(inner.get_object(), found)


def _drawn_characters(reader: PdfReader) -> dict[str, set[str]]:
    """Font name (without its subset tag) -> the characters it has a drawn glyph for: its
    code in the ToUnicode map reaches, through the embedded file's own code table (the
    one-byte Macintosh table a subset carries), a glyph other than .notdef with an outline
    (a space needs none)."""
    fonts: dict[int, DictionaryObject] = {}
    for page in reader.pages:
        _embedded_fonts(_dictionary(page["/Resources"]), fonts)
    drawn: dict[str, set[str]] = {}
    for font in fonts.values():
        data = _dictionary(_dictionary(font["/FontDescriptor"])["/FontFile2"]).get_data()
        embedded = TTFont(io.BytesIO(data))
        codes, glyphs = embedded["cmap"].getcmap(1, 0).cmap, embedded["glyf"]  # by code
        name = str(font["/BaseFont"]).split("+", 1)[-1]
        for code, text in _unicode_map(font).items():
            glyph = codes.get(code)
            if glyph and glyph != ".notdef" and (
                    text.isspace() or glyphs[glyph].numberOfContours != 0):
                drawn.setdefault(name, set()).update(text)
    return drawn


def test_greek_deck_draws_every_character_from_an_embedded_glyph(
        greek_cards: PdfReader) -> None:
    drawn = _drawn_characters(greek_cards)
    assert set(drawn) == {"NotoSerif-Regular", "NotoSerif-Bold", "DejaVuSans"}
    printed = {c for c in _printed_words() if not c.isspace()}
    greek = {c for c in printed if unicodedata.name(c).startswith("GREEK")}
    assert len(greek) > 40  # capitals, small letters and accented vowels
    assert printed <= set().union(*drawn.values())
    # the supplied font draws the Greek; the fallback only what that font lacks
    assert greek <= drawn["NotoSerif-Regular"] | drawn["NotoSerif-Bold"]
    assert {"⚔", "★"} <= drawn["DejaVuSans"]
    assert not greek & drawn["DejaVuSans"]


def test_greek_deck_backs_are_its_layout_filled_in_per_group(
        greek_cards: PdfReader) -> None:
    pages = [page.extract_text() for page in greek_cards.pages]
    fronts = [i for i, text in enumerate(pages) if "card fronts" in text]
    backs = [i for i, text in enumerate(pages) if "card backs" in text]
    assert backs == [i + 1 for i in fronts] and fronts
    for front, back in zip(fronts, backs, strict=True):
        on_front = Counter({group: pages[front].count(word)
                            for group, (word, _) in GROUPS.items()})
        on_back = Counter({group: pages[back].count(word)
                           for group, (_, word) in GROUPS.items()})
        assert on_back == on_front  # each card's back names its own group
        assert pages[back].count("ΟΛΥΜΠΙΟΙ") == on_front.total()
        assert not any(word in pages[front] for _, word in GROUPS.values())
    copies = {group: sum(int(row["count"]) for row in _rows(f"{group}.csv"))
              for group in GROUPS}
    assert {group: sum(pages[i].count(GROUPS[group][1]) for i in backs)
            for group in GROUPS} == copies == {"theoi": 6, "iroes": 7, "terata": 6}
