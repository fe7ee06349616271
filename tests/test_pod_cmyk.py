"""The RGB to CMYK conversion behind the PDF/X-1a export: black carries the grey of every
colour, no pixel reaches more than 200% ink, and the plain inverse gives the RGB back."""

from __future__ import annotations

from PIL import Image

from printkit.export.pdfx import MAX_INK, cmyk, pdfx, picture


def _cube(step: int = 15) -> Image.Image:
    """Every RGB colour on a grid of ``step`` levels, one pixel each."""
    levels = [*range(0, 256, step), 255]
    colours = [(r, g, b) for r in levels for g in levels for b in levels]
    image = Image.new("RGB", (len(colours), 1))
    image.putdata(colours)
    return image


def _pixels(image: Image.Image) -> list[tuple[int, ...]]:
    data = image.tobytes()
    size = len(image.getbands())
    return [tuple(data[at:at + size]) for at in range(0, len(data), size)]


def test_no_colour_needs_more_than_the_ink_limit() -> None:
    totals = [sum(pixel) for pixel in _pixels(cmyk(_cube()))]
    assert max(totals) == round(MAX_INK * 255)  # pure red, green or blue: two inks at 100%
    assert max(totals) <= 2.4 * 255  # DriveThruCards' limit of 240%


def test_grey_and_black_print_with_black_ink_alone() -> None:
    converted = cmyk(Image.new("RGB", (3, 1)))
    converted_grey = cmyk(Image.new("RGB", (1, 1), (128, 128, 128)))
    assert converted.getpixel((0, 0)) == (0, 0, 0, 255)
    assert converted_grey.getpixel((0, 0)) == (0, 0, 0, 127)
    assert cmyk(Image.new("RGB", (1, 1), (255, 255, 255))).getpixel((0, 0)) == (0, 0, 0, 0)


def test_the_plain_inverse_gives_the_colour_back() -> None:
    source = _cube()
    for (r, g, b), (c, m, y, k) in zip(_pixels(source), _pixels(cmyk(source)), strict=True):
        assert (255 - c - k, 255 - m - k, 255 - y - k) == (r, g, b)


def test_a_picture_shown_on_several_pages_is_stored_once_and_bytes_repeat() -> None:
    red = picture(Image.new("RGB", (4, 6), (200, 20, 20)))
    blue = picture(Image.new("RGB", (4, 6), (20, 20, 200)))
    first = pdfx([red, blue, red, blue], width=100, height=150, bleed=9, title="T (1)")
    again = pdfx([red, blue, red, blue], width=100, height=150, bleed=9, title="T (1)")
    assert first == again
    assert first.count(b"/Subtype /Image") == 2 and first.count(b"/Type /Page ") == 4
    assert b"/Title (T \\(1\\))" in first and b"/TrimBox [9 9 91 141]" in first
