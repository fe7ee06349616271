"""Text that holds its lines: ``max_lines`` (shrinking to keep to them, else a located
error), ``fit: fixed`` (set at its size or reported, never shrunk) and ``hyphenate: true``
(words broken at the points of the definition's language, with a hyphen at the line's
end); the defaults draw exactly what they drew before."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pyphen  # type: ignore[import-untyped]
import pytest
from pypdf import PdfReader

from printkit.commands.schema import json_schema
from printkit.errors import DefinitionError
from printkit.render.kinds import render_face
from tests.conftest import Run
from tests.test_content_support import draw, face, frame, load, problems, texts, write

MM = 72 / 25.4
MEANING = "Trust the quiet voice; the answer is already near you"


def card(words: str, extra: str = "", *, box: str = "width: 32mm, height: 40mm",
         style: str = "", data: str = "") -> str:
    rows = data or f"[{{words: {words!r}}}]"
    return f"""\
{style}layouts:
  words:
    - {{type: text, text: "{{words}}", x: 5mm, y: 5mm, {box}{extra}}}
faces:
  - {{id: c, kind: layout, layout: words, data: {rows}}}
"""


def lines_of(svg: ET.Element) -> list[str]:
    """The drawn lines of text, top to bottom (the <text> runs sharing a baseline joined)."""
    rows: dict[float, list[str]] = {}
    for element in texts(svg):
        rows.setdefault(float(element.get("y") or 0), []).append(element.text or "")
    return ["".join(rows[y]) for y in sorted(rows)]


def sizes(svg: ET.Element) -> set[float]:
    """The font sizes of the text, in points."""
    return {round(float(t.get("font-size") or 0) * MM, 2) for t in texts(svg)}


def render_problem(path: Path) -> tuple[str, int, int, str]:
    """The one problem drawing face 'c' reports: file, line, column and message."""
    definition = load(path)
    with pytest.raises(DefinitionError) as caught:
        render_face(face(definition, "c"), frame(definition))
    [problem] = caught.value.problems
    assert problem.location is not None
    where = problem.location
    return where.file, where.line, where.column, problem.message


def test_max_lines_holds_a_meaning_to_its_lines_by_shrinking(tmp_path: Path) -> None:
    free = draw(load(write(tmp_path, card(MEANING, ", size: 10pt"))), "c")
    assert len(lines_of(free)) == 4 and sizes(free) == {10.0}
    held = draw(load(write(tmp_path, card(MEANING, ", size: 10pt, max_lines: 2, "
                                          "min_size: 5pt"))), "c")
    assert len(lines_of(held)) == 2
    [size] = sizes(held)
    assert 5 <= size < 10
    assert " ".join(lines_of(held)) == MEANING


def test_text_within_max_lines_is_drawn_as_without_it(tmp_path: Path) -> None:
    plain = ET.tostring(draw(load(write(tmp_path, card(MEANING, ", size: 10pt"))), "c"))
    roomy = ET.tostring(draw(load(write(tmp_path, card(MEANING, ", size: 10pt, "
                                                       "max_lines: 4"))), "c"))
    assert plain == roomy


def test_more_lines_than_max_lines_is_an_error_at_the_cell(tmp_path: Path) -> None:
    path = write(tmp_path, card("", ", size: 10pt, max_lines: 2, min_size: 8pt",
                                data="words.csv"), {"words.csv": f"words\n{MEANING}\n"})
    file, line, column, message = render_problem(path)
    assert (file, line, column) == ("words.csv", 2, 1)
    assert message == ("card 'c': the text of field 'words' does not fit its box: it needs 3 "
                       "lines even at 8pt but its max_lines is 2; shorten it, raise "
                       "max_lines, widen the box or lower min_size")


def test_fixed_text_is_set_at_its_size_exactly(tmp_path: Path) -> None:
    svg = draw(load(write(tmp_path, card(MEANING, ", size: 9pt, fit: fixed"))), "c")
    assert sizes(svg) == {9.0}
    assert " ".join(lines_of(svg)) == MEANING


def test_fixed_text_that_overflows_is_an_error_not_shrunk(tmp_path: Path) -> None:
    box = "width: 32mm, height: 10mm"
    shrunk = draw(load(write(tmp_path, card(MEANING, ", size: 10pt, min_size: 5pt",
                                            box=box))), "c")
    assert max(sizes(shrunk)) < 10  # shrinking would have made it fit
    path = write(tmp_path, card("", ", size: 10pt, min_size: 5pt, fit: fixed", box=box,
                                data="words.csv"), {"words.csv": f"words\n{MEANING}\n"})
    file, line, column, message = render_problem(path)
    assert (file, line, column) == ("words.csv", 2, 1)
    assert message == ("card 'c': the text of field 'words' does not fit its box: 4 lines "
                       "need 16.8mm but the box is 10.0mm at its fixed size 10pt (fit: fixed); "
                       "shorten it, enlarge the box or lower its size")


def test_fixed_text_over_max_lines_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, card(MEANING, ", size: 10pt, fit: fixed, max_lines: 3"))
    message = render_problem(path)[3]
    assert "it needs 4 lines at its fixed size 10pt (fit: fixed) but its max_lines is 3" \
        in message


@pytest.mark.parametrize(("language", "dictionary", "word"), [
    ("de", "de", "Donaudampfschifffahrtsgesellschaft"),
    ("en", "en", "Incomprehensibilities"),
])
def test_a_long_word_breaks_at_its_languages_hyphenation_points(
        tmp_path: Path, language: str, dictionary: str, word: str) -> None:
    narrow = "width: 12mm, height: 60mm"
    path = write(tmp_path, card(word, ", size: 9pt", box=narrow))
    assert "is wider than its box" in render_problem(path)[3]  # no hyphenation: refused
    style = f"style: {{language: {language}}}\n"
    svg = draw(load(write(tmp_path, card(word, ", size: 9pt, hyphenate: true", box=narrow,
                                         style=style))), "c")
    lines = lines_of(svg)
    assert len(lines) >= 2 and sizes(svg) == {9.0}
    assert all(line.endswith("-") for line in lines[:-1]) and not lines[-1].endswith("-")
    assert "".join(line[:-1] for line in lines[:-1]) + lines[-1] == word
    allowed = set(pyphen.Pyphen(lang=dictionary).positions(word))
    breaks, offset = [], 0
    for line in lines[:-1]:
        offset += len(line) - 1
        breaks.append(offset)
    assert set(breaks) <= allowed
    for element in texts(svg):
        assert float(element.get("x") or 0) >= 5 - 1e-3


def test_hyphenation_fills_a_line_before_breaking_to_the_next(tmp_path: Path) -> None:
    style = "style: {language: en}\n"
    svg = draw(load(write(tmp_path, card("An incomprehensible rule", ", size: 9pt, "
                                         "hyphenate: true", box="width: 30mm, height: 40mm",
                                         style=style))), "c")
    lines = lines_of(svg)
    assert len(lines) == 2 and lines[0].startswith("An in") and lines[0].endswith("-")
    assert lines[0][:-1] + lines[1] == "An incomprehensible rule"
    point = len(lines[0]) - 1 - len("An ")
    assert point in pyphen.Pyphen(lang="en").positions("incomprehensible")


def test_an_unknown_language_is_located_with_close_codes(tmp_path: Path) -> None:
    path = write(tmp_path, card("Words", ", hyphenate: true",
                                style="style: {font: DejaVu Sans, language: dx}\n"))
    [(file, line, column, message)] = problems(path)
    assert (file, line) == ("game.yaml", 6)
    assert column == path.read_text().splitlines()[5].index("dx") + 1
    assert message.startswith("'dx' is not a language printkit can hyphenate (close: ")
    assert "de" in message.split("(close: ")[1].split(")")[0].split(", ")


def test_the_same_card_draws_the_same_bytes(tmp_path: Path) -> None:
    body = card("Donaudampfschifffahrtsgesellschaft und mehr", ", size: 9pt, "
                "hyphenate: true, max_lines: 6", box="width: 14mm, height: 60mm",
                style="style: {language: de}\n")
    first = render_face(face(load(write(tmp_path, body)), "c"),
                        frame(load(write(tmp_path, body))))
    second = render_face(face(load(write(tmp_path, body)), "c"),
                         frame(load(write(tmp_path, body))))
    assert first == second and "Donau-" in first


def test_the_json_schema_names_the_new_keys() -> None:
    schema = json_schema()
    elements = schema["properties"]["layouts"]["additionalProperties"]["items"]["oneOf"]
    [text] = [e for e in elements if e["properties"]["type"] == {"const": "text"}]
    assert text["properties"]["max_lines"]["type"] == "integer"
    assert text["properties"]["fit"]["enum"] == ["shrink", "fixed"]
    assert text["properties"]["hyphenate"]["type"] == "boolean"
    assert "language" in schema["properties"]["style"]["properties"]


def test_a_pdf_of_hyphenated_lines_holds_them(tmp_path: Path, run_cli: Run) -> None:
    path = write(tmp_path, card("Donaudampfschifffahrtsgesellschaft", ", size: 9pt, "
                                "hyphenate: true, max_lines: 8", box="width: 14mm, height: 60mm",
                                style="style: {language: de}\n"))
    result = run_cli("build", str(path), "-o", str(tmp_path / "out"), "-q", "--jobs", "1")
    assert result.status == 0, result.err
    pdf = tmp_path / "out" / "content-test" / "cards.pdf"
    words = PdfReader(pdf).pages[0].extract_text()
    for piece in ("Donau-", "dampf-", "schiff-", "fahrts-", "gesell-", "schaft"):
        assert piece in words


def test_a_hard_hyphen_is_a_break_without_a_second_hyphen(tmp_path: Path) -> None:
    style = "style: {language: en}\n"
    svg = draw(load(write(tmp_path, card("well-known", ", size: 9pt, hyphenate: true",
                                         box="width: 14mm, height: 40mm", style=style))), "c")
    assert lines_of(svg) == ["well-", "known"]


def test_a_word_with_no_break_that_fits_is_still_reported(tmp_path: Path) -> None:
    style = "style: {language: en}\n"
    path = write(tmp_path, card("Strengths", ", size: 9pt, min_size: 9pt, hyphenate: true",
                                box="width: 6mm, height: 40mm", style=style))
    message = render_problem(path)[3]
    assert "the word 'Strengths' is wider than its box and breaks at no point of 'en' " \
        "hyphenation that fits even at 9pt" in message
