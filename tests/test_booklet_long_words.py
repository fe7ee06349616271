"""A word too long for any line of a booklet, or a paragraph too long to set in one piece,
is a located error at its template line,
before any layout: a heading of one 100,000-character word used to take half a minute of
laying out (found by the long fuzz run of bench/fuzz.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from printkit.booklet.markdown import LONGEST_TEXT, LONGEST_WORD
from printkit.cli import Exit
from tests.conftest import ROOT, Run

TOY = ROOT / "tests" / "plugin_game" / "printkit_toy_nim"


def _toy(folder: Path, extra: str) -> Path:
    for name in ("toy-nim.yaml", "toy-nim.md.j2"):
        shutil.copy(TOY / name, folder / name)
    template = folder / "toy-nim.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return folder / "toy-nim.yaml"


def test_a_word_past_the_longest_is_refused_at_its_line(tmp_path: Path, run_cli: Run) -> None:
    path = _toy(tmp_path, "\n# " + "W" * 5_000 + "\n")
    lines = (tmp_path / "toy-nim.md.j2").read_text(encoding="utf-8").splitlines()
    result = run_cli("check", str(path))
    assert result.status == Exit.INPUT, result.err
    assert f"toy-nim.md.j2:{len(lines)}:" in result.err
    assert f"a word of 5000 characters cannot be set on a page (at most {LONGEST_WORD})" \
        in result.err


def test_a_word_of_the_longest_length_is_set(tmp_path: Path, run_cli: Run) -> None:
    path = _toy(tmp_path, "\nA last word: " + "W" * LONGEST_WORD + "\n")
    result = run_cli("check", str(path))
    assert result.status == Exit.OK, result.err


def test_a_paragraph_past_the_longest_is_refused_at_its_line(tmp_path: Path,
                                                             run_cli: Run) -> None:
    """{{ ["x"] * 99999 }} writes half a million characters of short words in one
    paragraph, within the template's own limits; laying it out took a minute of CPU."""
    path = _toy(tmp_path, '\n{{ ["x"] * 99999 }}\n')
    lines = (tmp_path / "toy-nim.md.j2").read_text(encoding="utf-8").splitlines()
    result = run_cli("check", str(path))
    assert result.status == Exit.INPUT, result.err
    assert f"toy-nim.md.j2:{len(lines)}:" in result.err
    assert f"more than a booklet sets in one piece (at most {LONGEST_TEXT})" in result.err
