"""One paper syntax (issue 24 item 7e): a definition's ``print: paper:``, ``--set
print.paper`` and the ``--paper`` option are read by the same function, so what the
scaffold suggests builds, and every refusal says the same thing wherever it was written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import Run

GAME = """\
game: papers
title: Papers
card: {size: poker}
print: {paper: %s}
layouts:
  c:
    - {type: text, text: "{name}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
faces:
  - {id: c, kind: layout, layout: c, data: [{name: A}]}
"""


def _game(tmp_path: Path, paper: str) -> Path:
    path = tmp_path / "papers.yaml"
    path.write_text(GAME % paper, encoding="utf-8")
    return path


def _page_mm(pdf: Path) -> tuple[int, int]:
    """The sides of the first page, shorter first (a sheet may be turned to hold more)."""
    box = PdfReader(pdf).pages[0].mediabox
    short, long = sorted((float(box.width), float(box.height)))
    return round(short / 72 * 25.4), round(long / 72 * 25.4)


def test_a_custom_paper_in_the_definition_is_the_page_printed(tmp_path: Path,
                                                              run_cli: Run) -> None:
    path = _game(tmp_path, '"300mm x 400mm"')
    result = run_cli("build", str(path), "-o", str(tmp_path / "kit"), "--sheets", "sheets")
    assert result.status == 0, result.err
    assert _page_mm(tmp_path / "kit" / "papers--sheets-sheets" / "cards.pdf") == (300, 400)


@pytest.mark.parametrize(("written", "size"), [
    ("a2", (420, 594)), ("A5", (148, 210)), ("tabloid", (279, 432)), ("Letter", (216, 279)),
    ('"8.5in x 11in"', (216, 279)), ('"210mm \u00d7 297mm"', (210, 297)),
])
def test_every_paper_the_command_line_takes_the_definition_takes(
        tmp_path: Path, run_cli: Run, written: str, size: tuple[int, int]) -> None:
    path = _game(tmp_path, written)
    result = run_cli("build", str(path), "-o", str(tmp_path / "kit"), "--sheets", "sheets")
    assert result.status == 0, result.err
    assert _page_mm(tmp_path / "kit" / "papers--sheets-sheets" / "cards.pdf") == size


def test_what_the_scaffold_suggests_checks(tmp_path: Path, run_cli: Run) -> None:
    assert run_cli("new", "demo", "-o", str(tmp_path)).status == 0
    path = tmp_path / "demo" / "demo.yaml"
    text = path.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.strip().startswith("paper:"))
    suggested = re.findall(r"[\w.]+|\"[^\"]+\"", line.partition("#")[2].replace("or ", ""))
    assert '"300mm x 400mm"' in suggested and "letter" in suggested
    for paper in suggested:
        path.write_text(text.replace(line, f"  paper: {paper}"), encoding="utf-8")
        result = run_cli("check", str(path))
        assert result.status == 0, (paper, result.err)


@pytest.mark.parametrize(("paper", "message"), [
    ("a44", "unknown paper 'a44' (did you mean 'a4'?); use one of a4, letter, a3, a2, a5, "
            "legal, tabloid or a size like '300mm x 400mm'"),
    ("30mm x 400mm", "paper '30mm x 400mm' is too small (under 50mm on a side)"),
    ("300 x 400", "paper '300 x 400': length '300' needs a unit: mm, cm, in, pt or pc "
                  "(e.g. '300mm')"),
    ("3000mm x 4000mm", "paper '3000mm x 4000mm' is 12000000 square mm"),
])
def test_a_paper_is_refused_alike_in_the_file_with_set_and_with_paper(
        tmp_path: Path, run_cli: Run, paper: str, message: str) -> None:
    path = _game(tmp_path, f'"{paper}"')
    in_file = run_cli("check", str(path))
    assert in_file.status == 1
    assert f"{path}:4:16: error: {message}" in in_file.err
    fine = _game(tmp_path, "a4")
    by_set = run_cli("check", str(fine), "--set", f"print.paper={paper}")
    assert by_set.status == 1 and f"<command line>:1:7: error: {message}" in by_set.err
    by_option = run_cli("build", str(fine), "--paper", paper, "-o", str(tmp_path / "kit"))
    assert by_option.status == 2 and f"<command line>:1:9: error: {message}" in by_option.err
    assert "Traceback" not in in_file.err + by_set.err + by_option.err


def test_a_paper_is_text(tmp_path: Path, run_cli: Run) -> None:
    result = run_cli("check", str(_game(tmp_path, "4")))
    assert result.status == 1
    assert "error: expected a paper such as 'a4', 'letter' or '300mm x 400mm'" in result.err
