"""The legibility reader takes a PDF string's codes as written: pypdf decodes text strings
through PDFDocEncoding, where codes 0x18-0x1F are accents that latin-1 cannot give back."""

from __future__ import annotations

from pypdf.generic import create_string_object

from tests.legibility import _bytes


def test_codes_pdfdocencoding_remaps_come_back_as_written() -> None:
    written = bytes([0x41, 0x18, 0x19, 0x1F])
    assert _bytes(create_string_object(written)) == written


def test_byte_strings_and_plain_text_are_kept() -> None:
    assert _bytes(create_string_object(bytes([0x41, 0x85, 0x9F]))) == bytes([0x41, 0x85, 0x9F])
    assert _bytes("Az") == b"Az"
