"""Shared helpers of the content tests (layouts, data, text, fonts, images): write a small
definition with its files into a folder, load it, draw a face, list the problems."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

import pytest

from printkit.definition.load import load_definition
from printkit.definition.model import CardFace, Definition
from printkit.errors import DefinitionError
from printkit.render.kinds import catalogue, render_face
from printkit.render.svg import Frame

HEADER = """\
game: content-test
title: Content Test
card:
  size: 63.5mm x 88.9mm
  safe_margin: 3mm
"""
SVG = "{http://www.w3.org/2000/svg}"


def write(folder: Path, body: str, files: Mapping[str, str | bytes] | None = None) -> Path:
    """``HEADER`` + ``body`` as ``game.yaml`` in ``folder``, with the files given."""
    for name, data in (files or {}).items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            target.write_bytes(data)
        else:
            target.write_text(data, encoding="utf-8")
    path = folder / "game.yaml"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def load(path: Path) -> Definition:
    """The definition at ``path`` (messages name it by its file name only)."""
    return load_definition(path, kinds=catalogue(), display=path.name)


def problems(path: Path) -> list[tuple[str, int, int, str]]:
    """(file, line, column, message) of every problem loading ``path`` reports."""
    with pytest.raises(DefinitionError) as caught:
        load(path)
    return [(p.location.file, p.location.line, p.location.column, p.message)
            if p.location is not None else ("", 0, 0, p.message)
            for p in caught.value.problems]


def frame(definition: Definition, bleed_mm: float = 3.0) -> Frame:
    """The frame of the definition's cards."""
    return Frame.from_points(definition.card_width, definition.card_height,
                             bleed_mm * 72 / 25.4, definition.safe_margin)


def face(definition: Definition, key: str) -> CardFace:
    """The face called ``key``."""
    return next(f for f in definition.faces if f.key == key)


def draw(definition: Definition, key: str) -> ET.Element:
    """The parsed SVG of face ``key``."""
    return ET.fromstring(render_face(face(definition, key), frame(definition)))


def texts(svg: ET.Element) -> list[ET.Element]:
    """Every ``<text>`` element of a face, in drawing order."""
    return list(svg.iter(f"{SVG}text"))
