"""A word too long for any line of a booklet is a located error at its template line,
before any layout: a heading of one 100,000-character word used to take half a minute of
laying out (found by the long fuzz run of bench/fuzz.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from printkit.booklet.markdown import LONGEST_WORD
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
    path = _toy(tmp_path, "\n# " + "W" * 100_000 + "\n")
    lines = (tmp_path / "toy-nim.md.j2").read_text(encoding="utf-8").splitlines()
    result = run_cli("check", str(path))
    assert result.status == Exit.INPUT, result.err
    assert f"toy-nim.md.j2:{len(lines)}:" in result.err
    assert f"a word of 100000 characters cannot be set on a page (at most {LONGEST_WORD})" \
        in result.err


def test_a_word_of_the_longest_length_is_set(tmp_path: Path, run_cli: Run) -> None:
    path = _toy(tmp_path, "\nA last word: " + "W" * LONGEST_WORD + "\n")
    result = run_cli("check", str(path))
    assert result.status == Exit.OK, result.err
