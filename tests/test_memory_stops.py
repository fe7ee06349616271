"""Running out of memory is the memory budget's stop, never a "damaged file": the readers
that turn any library error into a located problem about the user's file (a picture, a
workbook, a font) or into a broken plugin let a MemoryError through, so that the command
ends with the budget's own message (printkit.budget) instead of blaming the input."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest
from PIL import Image

from printkit.definition import fonts, raster, workbook
from printkit.errors import Location


def _no_memory(*args: object, **kwargs: object) -> object:
    raise MemoryError


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4)).save(out, format="PNG")
    return out.getvalue()


def test_a_picture_read_out_of_memory_is_not_called_damaged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = _png()
    assert raster.inspect("p.png", data).pixels == (4, 4)
    monkeypatch.setattr(Image, "open", _no_memory)
    with pytest.raises(MemoryError):
        raster.inspect("p.png", data)


def test_a_workbook_read_out_of_memory_is_not_called_unreadable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    book = openpyxl.Workbook()
    sheet = book.worksheets[0]
    sheet.append(["name"])
    sheet.append(["one"])
    out = io.BytesIO()
    book.save(out)
    where = Location("d.yaml", 1, 1)
    with workbook.records("b.xlsx", out.getvalue(), None, where) as rows:
        assert len(list(rows)) == 2  # the names' row, then the card's
    monkeypatch.setattr(openpyxl, "load_workbook", _no_memory)
    with pytest.raises(MemoryError), workbook.records("b.xlsx", out.getvalue(), None, where):
        pass


def test_a_font_read_out_of_memory_is_not_called_damaged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = Path(fonts.__file__).parents[1] / "fonts" / "DejaVuSans.ttf"
    data = path.read_bytes()
    monkeypatch.setattr(fonts, "TTFont", _no_memory)
    monkeypatch.setattr(fonts, "read_font", _no_memory)
    with pytest.raises(MemoryError):
        fonts._read_face(data, "DejaVu Sans", "DejaVu Sans", "regular", path, "DejaVuSans.ttf")
