"""SVG text of an svgwrite drawing, written faster than svgwrite writes it.

svgwrite's ``tostring()`` builds an ElementTree and has ElementTree serialize it; the
serializer (general XML: namespaces, comments, processing instructions) took about a third
of the time of drawing a face.  :func:`svg_text` writes the same tree itself, character for
character what ``tostring()`` gives (tests/test_svg_text.py compares the two on every face,
back and board of the shipped games), and hands anything it does not expect (a namespaced
name, a comment) to ElementTree.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

from svgwrite.etree import CDATA_TAG, CDATA_TPL


class _Unexpected(Exception):
    """A tree this writer leaves to ElementTree."""


def svg_text(drawing: Any) -> str:
    """``drawing.tostring()``, the same characters, sooner."""
    return tree_text(drawing.get_xml())


def tree_text(root: ET.Element) -> str:
    """What ``ET.tostring(root, encoding="utf-8").decode()`` gives, svgwrite's CDATA
    elements included."""
    parts: list[str] = []
    try:
        _write(root, parts.append)
    except _Unexpected:
        return str(ET.tostring(root, encoding="utf-8").decode("utf-8"))
    # ElementTree writes through an encoder that turns what UTF-8 cannot hold (a lone
    # surrogate) into a character reference; so does this
    return "".join(parts).encode("utf-8", "xmlcharrefreplace").decode("utf-8")


def _write(element: ET.Element, write: Callable[[str], object]) -> None:
    tag = element.tag
    if tag == CDATA_TAG:  # svgwrite's CDATA (a style sheet), written as svgwrite does
        write(CDATA_TPL % element.text)
        return
    if not isinstance(tag, str) or "{" in tag:
        raise _Unexpected(tag)
    write("<" + tag)
    for key, value in element.items():
        if not isinstance(key, str) or "{" in key or not isinstance(value, str):
            raise _Unexpected(key)
        write(f' {key}="{_attribute(value)}"')
    text = element.text
    if text or len(element):
        write(">")
        if text:
            write(_characters(text))
        for child in element:
            _write(child, write)
        write("</" + tag + ">")
    else:
        write(" />")
    if element.tail:
        write(_characters(element.tail))


_CHARACTERS = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
"""What ElementTree escapes in text content, in its order."""
_ATTRIBUTE = (*_CHARACTERS, ('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))
"""What it escapes in an attribute value."""


def _escape(text: str, table: tuple[tuple[str, str], ...]) -> str:
    for plain, written in table:
        if plain in text:
            text = text.replace(plain, written)
    return text


def _characters(text: str) -> str:
    """Text content escaped as ElementTree escapes it."""
    return _escape(text, _CHARACTERS)


def _attribute(text: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    return _escape(text, _ATTRIBUTE)
