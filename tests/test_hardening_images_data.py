"""Images and data tables checked as deeply as a build uses them, and bounded while they are
read: each different raster image decoded once and stored once in a PDF however many faces
show it, within the pixel limits; workbook cells typed and finite; table cells counted as
they are read."""

from __future__ import annotations

import base64
import datetime
import io
import struct
import warnings
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from PIL import Image, ImageDraw, ImageFile
from pypdf import PdfReader

from printkit import limits
from printkit.definition import data
from printkit.pdf import pdfcanvas, rasterpdf
from tests.conftest import Run
from tests.test_content_support import write

pytestmark = pytest.mark.filterwarnings(
    "ignore::printkit.render.elements.ImageResolutionWarning")
KIT = "content-test"
PICTURES = """\
layouts:
  art:
    - {type: image, src: "{picture}", x: 5mm, y: 5mm, width: 50mm, height: 50mm}
    - {type: text, text: "{name}", x: 5mm, y: 60mm, width: 50mm, height: 8mm}
faces:
  - id: a
    kind: layout
    layout: art
    data: [ROWS]
"""
TABLE = """\
layouts:
  plain:
    - {type: text, text: "{name} {value}", x: 5mm, y: 5mm, width: 50mm, height: 8mm}
faces:
  - {id: a, kind: layout, layout: plain, data: TABLE}
"""


def _pictures(folder: Path, rows: list[tuple[str, str]],
              files: dict[str, str | bytes]) -> Path:
    """A definition whose faces each show the picture of their row."""
    listed = ", ".join(f"{{name: {name}, picture: {picture}}}" for name, picture in rows)
    return write(folder, PICTURES.replace("ROWS", listed), files)


def _png(width: int, height: int, mode: str = "RGB") -> bytes:
    """A picture with some detail (circles on a gradient), in ``mode``."""
    image = Image.linear_gradient("L").resize((width, height)).convert("RGBA")
    draw = ImageDraw.Draw(image)
    for step in range(0, min(width, height) // 2, 7):
        draw.ellipse((step, step, width - step, height - step),
                     outline=(200, step % 256, 40, 255 if step % 2 else 90))
    buffer = io.BytesIO()
    image.convert(mode).save(buffer, "PNG")
    return buffer.getvalue()


def _jpeg(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.open(io.BytesIO(_png(width, height))).convert("RGB").save(buffer, "JPEG")
    return buffer.getvalue()


def _idat(png: bytes) -> bytes:
    """The image data of a PNG file: its IDAT chunks joined."""
    offset, found = 8, []
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset:offset + 8])
        if kind == b"IDAT":
            found.append(png[offset + 8:offset + 8 + length])
        offset += 12 + length
    return b"".join(found)


def _objects(pdf: Path) -> Iterator[Any]:
    """Every object of a PDF file."""
    reader = PdfReader(pdf)
    for number in range(1, int(reader.trailer["/Size"])):  # type: ignore[call-overload]
        found = reader.get_object(number)
        if found is not None:
            yield found


def _image_objects(pdf: Path) -> list[Any]:
    """The image objects of a PDF, soft masks included."""
    return [item for item in _objects(pdf)
            if hasattr(item, "get") and item.get("/Subtype") == "/Image"]


def _inline_images(pdf: Path) -> int:
    """How many images are written inline in the PDF's forms and pages."""
    count = 0
    for item in _objects(pdf):
        if hasattr(item, "get_data") and item.get("/Subtype") == "/Form":
            count += item.get_data().count(b"\nBI ")
    return count


def _build(run_cli: Run, path: Path, *options: str) -> Path:
    pdfcanvas.clear_caches()
    result = run_cli("-q", "build", str(path), "-o", str(path.parent / "out"), *options)
    assert result.status == 0, result.err
    return path.parent / "out"


def test_a_picture_on_many_faces_is_encoded_once_and_stored_once_in_each_pdf(
        run_cli: Run, tmp_path: Path) -> None:
    picture = _png(900, 900)
    path = _pictures(tmp_path, [(f"n{i}", "art.png") for i in range(6)], {"art.png": picture})
    before = rasterpdf.ENCODINGS
    out = _build(run_cli, path) / KIT
    # three documents hold it (cut sheets, gutter fold, print shop): encoded once for all
    assert rasterpdf.ENCODINGS - before == 1
    for name in ("cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf"):
        images = _image_objects(out / name)
        assert [(int(i["/Width"]), int(i["/Height"])) for i in images] == [(900, 900)]
        assert _inline_images(out / name) == 0
        # an 8-bit RGB PNG goes in as it is: its own compressed rows, PNG's filters kept
        assert images[0]._data == _idat(picture)
        assert images[0]["/DecodeParms"]["/Predictor"] == 15
    # the SVG files still stand alone, each with the picture in it
    assert "data:image/png;base64," in (out / "svg" / "a-1.svg").read_text()


def test_the_same_bytes_under_two_names_are_one_image(run_cli: Run, tmp_path: Path) -> None:
    picture = _png(300, 200)
    path = _pictures(tmp_path, [("x", "one.png"), ("y", "two.png")],
                     {"one.png": picture, "two.png": picture})
    out = _build(run_cli, path, "--limit", f"image-pixels-total={300 * 200}") / KIT
    assert len(_image_objects(out / "cards.pdf")) == 1


def test_transparency_is_a_soft_mask_and_other_pngs_are_written_again(
        run_cli: Run, tmp_path: Path) -> None:
    path = _pictures(tmp_path, [("x", "alpha.png"), ("y", "grey.png"), ("z", "photo.jpg")],
                     {"alpha.png": _png(120, 80, "RGBA"), "grey.png": _png(120, 80, "LA"),
                      "photo.jpg": _jpeg(120, 80)})
    out = _build(run_cli, path) / KIT
    found = {}
    for item in _image_objects(out / "cards.pdf"):
        if item.get("/SMask") is not None:
            mask = item["/SMask"].get_object()
            found[str(item["/ColorSpace"])] = (mask["/ColorSpace"], mask["/Width"])
    assert found == {"/DeviceRGB": ("/DeviceGray", 120), "/DeviceGray": ("/DeviceGray", 120)}
    jpegs = [item for item in _image_objects(out / "cards.pdf")
             if item.get("/Filter") == "/DCTDecode"]
    assert [item._data for item in jpegs] == [(tmp_path / "photo.jpg").read_bytes()]


def test_decoded_pixels_are_the_pictures_pixels(tmp_path: Path) -> None:
    """What the PDF stream decodes to is the picture itself (colour and alpha)."""
    picture = _png(64, 48, "RGBA")
    ref = rasterpdf.RasterRef("test", "png", picture)
    encoded = rasterpdf.encoded_image(ref)
    assert encoded.alpha is not None
    original = Image.open(io.BytesIO(picture))
    for plane, expected in ((encoded.colour, original.convert("RGB")),
                            (encoded.alpha, original.getchannel("A"))):
        rows = _unfiltered(plane.stream, plane.width, plane.colours)
        assert rows == expected.tobytes()


def _unfiltered(stream: bytes, width: int, colours: int) -> bytes:
    """PNG rows (zlib data, a filter byte before each row) back to raw samples: the decoding
    ``/Predictor 15`` asks of a PDF reader, done by Pillow on a PNG made around them."""
    header = struct.pack(">IIBBBBB", width, len(_rows(stream, width, colours)), 8,
                         0 if colours == 1 else 2, 0, 0, 0)

    def chunk(kind: bytes, body: bytes) -> bytes:
        import zlib
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", stream) \
        + chunk(b"IEND", b"")
    return Image.open(io.BytesIO(png)).tobytes()


def _rows(stream: bytes, width: int, colours: int) -> list[bytes]:
    import zlib
    raw = zlib.decompress(stream)
    size = width * colours + 1
    return [raw[i:i + size] for i in range(0, len(raw), size)]


def _bomb(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` pixels, with almost no data."""
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height,
                                                              8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


@pytest.mark.parametrize(("size", "limit", "said"), [
    ((30_000, 30_000), (), "30000 x 30000 = 900000000 pixels is over the limit of 50000000 "
     "pixels (raise it with --limit image-pixels=N)"),
    ((60, 60), ("--limit", "image-pixels=3000"), "60 x 60 = 3600 pixels is over the limit "
     "of 3000 pixels (raise it with --limit image-pixels=N)"),
    ((20_000, 20_000), ("--limit", "image-pixels=300000000"), "20000 x 20000 = 400000000 "
     "pixels is over the limit of 300000000 pixels (raise it with --limit image-pixels=N)"),
])
def test_an_image_over_the_pixel_limit_is_refused_by_check_before_decoding(
        run_cli: Run, tmp_path: Path, size: tuple[int, int], limit: tuple[str, ...],
        said: str) -> None:
    path = _pictures(tmp_path, [("x", "huge.png")], {"huge.png": _bomb(*size)})
    result = run_cli(*limit, "check", str(path))
    assert result.status == 1
    assert f"{path}:14:31: error: card 'a': " in result.err  # where the picture is named
    assert f"huge.png: {said}" in result.err
    assert "Traceback" not in result.err


def test_all_the_images_of_a_definition_share_a_pixel_and_a_byte_budget(
        run_cli: Run, tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {f"p{i}.png": _png(100 + i, 100) for i in range(3)}
    path = _pictures(tmp_path, [(f"n{i}", f"p{i}.png") for i in range(3)], files)
    assert run_cli("check", str(path), "--limit", "image-pixels-total=30300").status == 0
    result = run_cli("check", str(path), "--limit", "image-pixels-total=30000")
    assert result.status == 1
    assert ("p2.png: with this image the definition's images have 30300 pixels, past the "
            "limit of 30000 pixels (raise it with --limit image-pixels-total=N)") in result.err
    total = sum(len(v) for v in files.values())
    result = run_cli("check", str(path), "--limit", f"image-bytes-total={total - 1}")
    assert result.status == 1
    assert f"the definition's images take {total} bytes, past the limit" in result.err


def _workbook(folder: Path, value: str) -> Path:
    """A workbook whose cell B2 holds the number ``value`` as written in the sheet XML."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["name", "value"])
    sheet.append(["a", 1.5])
    sheet.append(["b", 2])
    buffer = io.BytesIO()
    book.save(buffer)
    source, target = zipfile.ZipFile(buffer), io.BytesIO()
    with zipfile.ZipFile(target, "w") as out:
        for item in source.infolist():
            body = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                body = body.replace(b"<v>1.5</v>", f"<v>{value}</v>".encode())
            out.writestr(item, body)
    (folder / "book.xlsx").write_bytes(target.getvalue())
    return write(folder, TABLE.replace("TABLE", "book.xlsx"))


@pytest.mark.parametrize(("value", "said"), [
    ("nan", "this cell cannot be read: the number 'nan' is not finite"),
    ("-inf", "this cell cannot be read: the number '-inf' is not finite"),
    ("1e999", "this cell holds the number inf, which is not finite"),
    ("12abc", "this cell cannot be read: '12abc' is marked as a number but is not one"),
])
def test_workbook_numbers_must_be_finite_numbers(run_cli: Run, tmp_path: Path, value: str,
                                                  said: str) -> None:
    path = _workbook(tmp_path, value)
    result = run_cli("check", str(path))
    assert result.status == 1, result.err
    assert f"{tmp_path / 'book.xlsx'}[Sheet]:2:2: error: {said}" in result.err
    assert "internal error" not in result.err


def test_a_workbook_of_plain_numbers_still_reads(run_cli: Run, tmp_path: Path) -> None:
    path = _workbook(tmp_path, "1.5")
    result = run_cli("check", str(path))
    assert result.status == 0, result.err


def test_csv_rows_are_read_only_until_a_limit_is_crossed(
        run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = 0
    real = data._cell_value

    def counted(text: str) -> Any:
        nonlocal made
        made += 1
        return real(text)

    monkeypatch.setattr(data, "_cell_value", counted)
    (tmp_path / "t.csv").write_text("name,value\n" + "a,1\n" * 5000)
    path = write(tmp_path, TABLE.replace("TABLE", "t.csv"))
    result = run_cli("check", str(path), "--limit", "cards=10")
    assert result.status == 1
    assert "t.csv has more than 10 rows, past the limit of 10 cards" in result.err
    assert made <= 2 * 12  # the header and the rows up to the one past the limit, not 5000


def test_a_table_past_the_cell_limit_stops_where_it_crosses_it(run_cli: Run,
                                                               tmp_path: Path) -> None:
    (tmp_path / "t.csv").write_text("name\n" + ",".join("a" * 300) + "\n")
    path = write(tmp_path, TABLE.replace("TABLE", "t.csv"))
    result = run_cli("check", str(path), "--limit", "data-cells=100")
    assert result.status == 1
    table = tmp_path / "t.csv"
    assert (f"{table}:2:199: error: {table} has more than 100 cells, past the limit of 100 "
            "cells (raise it with --limit data-cells=N)") in result.err


def test_check_refuses_pictures_whose_face_svgs_would_pass_the_output_limit(
        run_cli: Run, tmp_path: Path) -> None:
    picture = _png(200, 200)
    carried = (len(picture) + 2) // 3 * 4  # base64, in each face's SVG file
    path = _pictures(tmp_path, [(f"n{i}", "art.png") for i in range(4)], {"art.png": picture})
    result = run_cli("check", str(path), "--limit", f"output={3 * carried - 1}")
    assert result.status == 1
    assert result.err.count("error:") == 1  # said once, at the face that crosses it
    assert (f"error: card 'a-3': {tmp_path / 'art.png'}: the faces show {3 * carried} bytes "
            "of pictures") in result.err
    assert "(raise it with --limit output=N)" in result.err
    assert run_cli("check", str(path), "--limit", f"output={4 * carried}").status == 0


def test_a_long_process_keeps_a_bounded_number_of_pictures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rasterpdf, "KEPT_BYTES", 2000)
    rasterpdf.clear()
    pictures = [_png(20 + i, 20) for i in range(30)]
    with limits.using(limits.Limits(image_bytes_total=1000)):
        for picture in pictures:
            text = base64.b64encode(picture).decode()
            lifted, found = rasterpdf.lift(f'<image xlink:href="data:image/png;base64,{text}"/>')
            (ref,) = found.values()
            assert lifted == f'<image xlink:href="{rasterpdf.PREFIX}{ref.digest}"/>'
            assert rasterpdf.lifted(rasterpdf.PREFIX + ref.digest) is ref  # the latest stays
            rasterpdf.encoded_image(ref)
    for kept in (rasterpdf._LIFTED, rasterpdf._ENCODED):
        assert 0 < kept.held <= 2000 and len(kept) < len(pictures)
    rasterpdf.clear()


def test_check_keeps_the_pictures_the_faces_carry_to_a_third_of_the_memory_budget(
        run_cli: Run, tmp_path: Path) -> None:
    picture = _png(200, 200)
    carried = (len(picture) + 2) // 3 * 4
    path = _pictures(tmp_path, [(f"n{i}", "art.png") for i in range(4)], {"art.png": picture})
    result = run_cli("check", str(path), "--limit", f"memory={3 * (3 * carried - 1)}")
    assert result.status == 1
    assert result.err.count("error:") == 1
    assert (f"error: card 'a-3': {tmp_path / 'art.png'}: the faces show {3 * carried} bytes "
            "of pictures") in result.err
    assert "(raise it with --limit memory=N)" in result.err
    # room for the four pictures, and for the rest of the faces' SVG, which check also
    # counts against the same third (tests/test_held_drawings.py)
    room = 4 * carried + 100_000
    assert run_cli("check", str(path), "--limit", f"memory={3 * room}").status == 0


def test_a_date_out_of_range_reads_as_text_without_a_warning(run_cli: Run,
                                                             tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["name", "value"])
    sheet.append(["a", datetime.date(2020, 1, 1)])
    buffer = io.BytesIO()
    book.save(buffer)
    source, target = zipfile.ZipFile(buffer), io.BytesIO()
    with zipfile.ZipFile(target, "w") as out:
        for item in source.infolist():
            body = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                body = body.replace(b"<v>43831</v>", b"<v>99999999999</v>")
            out.writestr(item, body)
    (tmp_path / "book.xlsx").write_bytes(target.getvalue())
    path = write(tmp_path, TABLE.replace("TABLE", "book.xlsx"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = run_cli("check", str(path))
    assert result.status == 0, result.err
    assert [str(w.message) for w in caught] == []


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (struct.pack(">I", len(body)) + kind + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))


def _plain(rows: bytes, width: int = 4, height: int = 3, crc: bool = True) -> bytes:
    """An 8-bit RGB PNG of ``width`` x ``height`` whose IDAT holds ``rows`` compressed."""
    data = zlib.compress(rows)
    idat = _chunk(b"IDAT", data)
    if not crc:
        idat = idat[:-4] + bytes(4)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                              0, 0, 0))
            + idat + _chunk(b"IEND", b""))


GOOD_ROWS = b"".join(bytes([filt]) + bytes(range(12)) for filt in (0, 1, 4))


@pytest.mark.parametrize(("picture", "accepted"), [
    (_plain(GOOD_ROWS), True),
    (_plain(GOOD_ROWS[:-1]), False),                          # a row short
    (_plain(GOOD_ROWS + bytes(13)), False),                   # a row too many
    (_plain(b"\x07" + GOOD_ROWS[1:]), False),                 # no such PNG filter
    (_plain(GOOD_ROWS, crc=False), False),                    # a chunk's checksum wrong
])
def test_a_plain_png_is_checked_row_by_row_without_decoding_it(
        run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, picture: bytes,
        accepted: bool) -> None:
    loads = 0
    real = ImageFile.ImageFile.load

    def counted(self: Any) -> Any:
        nonlocal loads
        loads += 1
        return real(self)

    monkeypatch.setattr(ImageFile.ImageFile, "load", counted)
    path = _pictures(tmp_path, [("x", "art.png")], {"art.png": picture})
    result = run_cli("check", str(path))
    assert result.status == (0 if accepted else 1), result.err
    if not accepted:
        assert f"{tmp_path / 'art.png'} is damaged or not a PNG or JPEG image" in result.err
    assert loads == 0  # PDF takes these rows as they are: Pillow never decodes them


def test_other_pngs_are_still_decoded_by_check(run_cli: Run, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: set[str] = set()
    real = ImageFile.ImageFile.load

    def counted(self: Any) -> Any:
        loaded.add(str(self.format))
        return real(self)

    monkeypatch.setattr(ImageFile.ImageFile, "load", counted)
    path = _pictures(tmp_path, [("x", "a.png"), ("y", "b.jpg")],
                     {"a.png": _png(30, 20, "RGBA"), "b.jpg": _jpeg(30, 20)})
    assert run_cli("check", str(path)).status == 0
    assert loaded == {"PNG", "JPEG"}
