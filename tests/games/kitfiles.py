"""Helpers the kit tests share: build a game's kit through the command line, and read a
PDF back as poppler does."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

from pypdf import PdfReader

from printkit.cli import main
from printkit.console import Console
from printkit.units import MM


def build_kit(game: str, out: Path, *args: str) -> Path:
    """Build ``game``'s kit into ``out`` (with more command-line ``args``) and return the
    folder the build says it wrote."""
    said = io.StringIO()
    status = main(["build", game, "-o", str(out), *args], Console(said, io.StringIO()))
    assert status == 0
    return Path(said.getvalue().rsplit(" files in ", 1)[1].strip().rstrip("/"))


def pdf_text(pdf: Path, page: int | None = None) -> str:
    """The words of a PDF (one page, or all) as poppler reads them, on one line."""
    pages = ["-f", str(page), "-l", str(page)] if page else []
    done = subprocess.run(["pdftotext", *pages, str(pdf), "-"], capture_output=True,
                          text=True, check=True)
    return " ".join(done.stdout.split())


def size_mm(pdf: Path, page: int = 0) -> tuple[int, int]:
    """A page's size in whole millimetres."""
    box = PdfReader(str(pdf)).pages[page].mediabox
    return round(float(box.width) / MM), round(float(box.height) / MM)
