# ruff: noqa: RUF001  (the Greek letters that look Latin are the point of these tests)
"""A designer's own booklet (a template beside a definition with no rules engine) tells the
truth, in the definition's fonts: its Greek prose is drawn from the definition's font with
DejaVu Sans for what that lacks, a character no font has is a located error, the covers
claim no engine check when there was none, and the components list counts every back and
every sheet the kit prints."""

from __future__ import annotations

import io
import re
import shutil
import unicodedata
from dataclasses import replace
from html import escape
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.platypus import Paragraph

from printkit.booklet import typeface
from printkit.booklet.build import load_booklet
from printkit.booklet.document import Booklet, Components, Span
from printkit.booklet.files import booklet_files
from printkit.booklet.pdfblocks import Styles
from printkit.booklet.pdfmarkup import markup
from printkit.cli import main
from printkit.console import Console
from printkit.definition.fonts import FontFamily, shipped_families
from printkit.definition.fontstack import FontStack
from printkit.kit.games import resolve
from printkit.pdf.paper import paper_by_name
from tests.conftest import ROOT
from tests.test_sample_games import _drawn_characters

GREEK = ROOT / "sample-games" / "olympioi"
CHECKED = "checked by the game's rules engine"
PROSE = ("Χωρίστε τα φύλλα σε τρεις τράπουλες από τη ράχη τους.",
         "Όποιος νικά ένα τέρας κερδίζει τα ★ του· η δύναμη ⚔ μετρά.")
TEMPLATE = """{% import "partials/booklet.md.j2" as kit %}
---
subtitle: Κανόνες του παιχνιδιού
players: 2–4
time: 20 λεπτά
lines:
  - Ένα δείγμα
---

{{ kit.contents(title="Περιεχόμενα") }}

# Τι χρειάζεστε

{{ kit.components({"theoi": "Οι θεοί", "iroes": "Οι ήρωες", "terata": "Τα τέρατα"}) }}

# Προετοιμασία

@FIRST@

| Φύλλο | Δύναμη |
|---|---|
| **Ζευς** | _εννέα_ |

{{ kit.steps(["@SECOND@", "Ανακατέψτε."]) }}

{{ kit.back_cover() }}

> Ο γύρος: τράβηγμα, τέρας, μάχη.
"""


def _template(first: str, second: str) -> str:
    """The template with a paragraph and a list item of the caller's."""
    return TEMPLATE.replace("@FIRST@", first).replace("@SECOND@", second)


def _designer(folder: Path, template: str) -> Path:
    """The Greek sample game copied into ``folder`` with ``template`` beside it."""
    shutil.copytree(GREEK, folder, dirs_exist_ok=True)
    (folder / "olympioi.md.j2").write_text(template, encoding="utf-8")
    return folder / "olympioi.yaml"


def _run(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    return main(["-q", *args], Console(io.StringIO(), err)), err.getvalue()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kit of the Greek game with a Greek booklet, built once for these tests."""
    folder = tmp_path_factory.mktemp("designer")
    definition = _designer(folder / "game", _template(PROSE[0], PROSE[1]))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder / "cache"))
        status, err = _run("build", str(definition), "-o", str(folder / "out"))
    assert status == 0, err
    return folder / "out" / "olympioi"


def _booklet(definition: Path) -> Booklet:
    booklet = load_booklet(resolve(str(definition)).definition, None)
    assert booklet is not None
    return booklet


def test_greek_prose_is_drawn_from_the_definitions_font(built: Path) -> None:
    drawn = _drawn_characters(PdfReader(str(built / "booklet.pdf")))
    # no Vera: the machinery's own words (contents, counts, page numbers) take the stack too
    assert set(drawn) <= {"NotoSerif-Regular", "NotoSerif-Bold", "DejaVuSans",
                          "DejaVuSans-Bold"}
    written = {c for text in (*PROSE, TEMPLATE) for c in text
               if not c.isspace() and unicodedata.name(c).startswith("GREEK")}
    assert len(written) > 30
    noto = drawn["NotoSerif-Regular"] | drawn["NotoSerif-Bold"]
    assert written <= noto  # headings, body, table cells, list items, notes, cover
    assert {"⚔", "★"} <= drawn["DejaVuSans"]  # only what Noto Serif lacks falls back
    assert not written & (drawn["DejaVuSans"] | drawn.get("DejaVuSans-Bold", set()))


def test_html_booklet_names_the_same_stack(built: Path) -> None:
    html = (built / "booklet.html").read_text(encoding="utf-8")
    # the font's key first (the preview serves the definition's font under it), its name
    # for a reader who has it installed, then DejaVu Sans
    assert re.search(r'font-family: "pk-[0-9a-f]+", "Noto Serif", "DejaVu Sans", Verdana',
                     html)
    assert "Bitstream Vera" not in html


def test_a_font_name_cannot_leave_the_html_booklets_style() -> None:
    dejavu = shipped_families()["DejaVu Sans"]
    odd = FontFamily('Odd"</style><script>x</script>{', "pk-0a", (), dejavu.faces)
    listed = typeface.css_fonts(FontStack((odd, dejavu)))
    assert listed.startswith('"pk-0a", "Odd/stylescriptx/script", "DejaVu Sans", ')


def test_covers_claim_no_engine_check_without_examples(built: Path) -> None:
    pdf = PdfReader(str(built / "booklet.pdf"))
    words = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    assert CHECKED not in words
    html = (built / "booklet.html").read_text(encoding="utf-8")
    assert escape(CHECKED) not in html and "rules engine" not in html


def test_covers_say_the_engine_checked_when_it_did(tmp_path: Path) -> None:
    booklet = _booklet(_designer(tmp_path, _template("Α.", "Β.")))
    assert booklet.cover.checked == 0
    checked = replace(booklet, cover=replace(booklet.cover, checked=3))
    files = booklet_files(checked, paper_by_name("A4"))
    pdf = PdfReader(io.BytesIO(files.pdf))
    front = " ".join(pdf.pages[0].extract_text().split())
    back = " ".join(pdf.pages[-1].extract_text().split())
    assert CHECKED in front and CHECKED in back
    assert files.html.count(escape(CHECKED)) == 2


def _components(booklet: Booklet) -> Components:
    return next(b for b in booklet.blocks if isinstance(b, Components))


def test_components_list_each_back_with_its_true_count(tmp_path: Path) -> None:
    booklet = _booklet(_designer(tmp_path, _template("Α.", "Β.")))
    rows = [("".join(s.text for s in row.name), row.count)
            for row in _components(booklet).rows]
    # the layout back prints each group's word in its colour: three different backs
    assert rows[3:6] == [("The back of the theoi cards", "6"),
                         ("The back of the iroes cards", "7"),
                         ("The back of the terata cards", "6")]
    assert all("the same on every card" not in name for name, _ in rows)


def test_card_and_sheet_counts_are_the_kits(built: Path, tmp_path: Path) -> None:
    booklet = _booklet(_designer(tmp_path, _template("Α.", "Β.")))
    summary = "".join(s.text for s in _components(booklet).summary)
    assert summary.startswith("The 19 cards print 6 to a sheet of A4: 4 sheets,")
    sides = len(PdfReader(str(built / "cards.pdf")).pages)
    assert sides == 2 * 4  # the kit's sheets: fronts, then backs, of each of 4 sheets


def test_a_character_no_font_has_is_one_located_error(tmp_path: Path) -> None:
    lost = "\U00013000"  # an Egyptian hieroglyph: not in Noto Serif, nor in DejaVu Sans
    definition = _designer(tmp_path, _template(f"Ένα {lost} εδώ.", f"Και {lost}."))
    status, err = _run("check", str(definition))
    assert status == 1
    lines = TEMPLATE.split("\n")
    first = next(i for i, line in enumerate(lines, start=1) if "@FIRST@" in line)
    second = next(i for i, line in enumerate(lines, start=1) if "@SECOND@" in line)
    assert f"olympioi.md.j2:{first}:5: error: no font of the booklet's stack" in err
    assert "U+13000" in err and err.count("U+13000") == 1  # one error, both places named
    column = _template("", f"Και {lost}.").split("\n")[second - 1].index(lost) + 1
    assert f"(also written at line {second}, column {column})" in err  # in the template
    status, err = _run("build", str(definition), "-o", str(tmp_path / "out"))
    assert status == 1 and "U+13000" in err
    assert not (tmp_path / "out").exists()


def test_bold_words_take_the_bold_face_of_a_font_without_italics(tmp_path: Path) -> None:
    fonts = _booklet(_designer(tmp_path, _template("Α.", "Β."))).fonts
    regular, bold = typeface.font(fonts), typeface.font(fonts, bold=True)
    assert typeface.font(fonts, italic=True) == regular  # Noto Serif lends its upright face
    spans = (Span("Ζευς", bold=True), Span(" και "), Span("εννέα", italic=True),
             Span(" ★", bold=True))
    paragraph = Paragraph(markup(spans, "#2f4f8f", 9.5, fonts), Styles("#2f4f8f",
                                                                     fonts=fonts).body)
    drawn = [(frag.text, frag.fontName) for frag in paragraph.frags]
    # the family's <b> link cannot be trusted when one face stands for several: each run
    # names its face, and the star, which Noto Serif lacks, comes from DejaVu Sans Bold
    assert drawn == [("Ζευς", bold), (" και ", regular), ("εννέα", regular), (" ", bold),
                     ("★", "PK-DejaVuSans-Bold")]


def test_the_booklets_missing_characters_come_with_the_definitions(tmp_path: Path) -> None:
    """A character the sheets' fonts lack and one the booklet's fonts lack: both are found
    in one run (the booklet needs a whole definition to be rendered, and characters are
    the one kind of problem that leaves the definition whole)."""
    in_title, in_booklet = "\U00013000", "\U00013001"  # in no shipped font
    definition = _designer(tmp_path, _template(f"Ένα {in_booklet} εδώ.", "Β."))
    text = definition.read_text(encoding="utf-8")
    title = next(line for line in text.split("\n") if line.startswith("title:"))
    definition.write_text(text.replace(title, f"title: Ολύμπιοι {in_title}"),
                          encoding="utf-8")
    title_line = text.split("\n").index(title) + 1
    lines = TEMPLATE.split("\n")
    first = next(i for i, line in enumerate(lines, start=1) if "@FIRST@" in line)
    for command in (["check"], ["build", "-o", str(tmp_path / "out")]):
        status, err = _run(*command, str(definition))
        assert status == 1 and "Traceback" not in err
        assert f"olympioi.yaml:{title_line}:" in err and "U+13000" in err
        assert f"olympioi.md.j2:{first}:5: error: no font of the booklet's stack" in err
        assert "U+13001" in err
    assert not (tmp_path / "out").exists()
