"""Family (d), fonts: copies of the shipped DejaVu Sans with bytes flipped, tables moved,
resized, emptied or dropped, key fields set to zero or their largest value, or cut short,
named by a definition's ``fonts:`` and used for a card's text."""

from __future__ import annotations

import functools
import random
import struct
from typing import Any

from bench.fuzzing.definitions import ROOT, check_then_build
from bench.fuzzing.model import Case

DEFINITION = """\
game: fuzz-font
title: Fuzz Font
card:
  size: 63.5mm x 88.9mm
  safe_margin: 3mm
fonts:
  House: {regular: fonts/house.ttf, bold: fonts/BOLD}
style:
  font: House
layouts:
  words:
    - {type: text, text: "{words}", font: House, x: 5mm, y: 5mm, width: 50mm, height: 30mm,
       size: 14pt, min_size: 6pt}
    - {type: text, text: "**{words}**", x: 5mm, y: 40mm, width: 50mm, height: 20mm}
faces:
  - {id: w, kind: layout, layout: words, data: [{words: "Hello, world"},
     {words: "\\u00e9\\u00e8 \\u2605 \\u2660 fi ffl \\u0391\\u03b2\\u03b3 \\u0416 12:30"}]}
"""
FIELDS: list[tuple[str, int, str, list[Any]]] = [
    ("head", 18, ">H", [0, 1, 16, 65535]),      # unitsPerEm
    ("head", 50, ">h", [2, -1, 32767]),         # indexToLocFormat
    ("head", 36, ">hhhh", [(0, 0, 0, 0), (-32768, -32768, 32767, 32767)]),  # bounding box
    ("maxp", 4, ">H", [0, 1, 65535]),           # numGlyphs
    ("hhea", 34, ">H", [0, 1, 65535]),          # numberOfHMetrics
    ("hhea", 4, ">hh", [(0, 0), (32767, -32768)]),  # ascender, descender
    ("cmap", 2, ">H", [0, 65535]),              # number of encoding tables
    ("OS/2", 0, ">H", [0, 65535]),              # version
    ("post", 0, ">I", [0, 0xFFFFFFFF]),         # version
    ("name", 2, ">H", [0, 65535]),              # count of names
]


@functools.cache
def shipped() -> bytes:
    """The bytes of the shipped DejaVu Sans."""
    return (ROOT / "printkit" / "fonts" / "DejaVuSans.ttf").read_bytes()


def tables(data: bytes) -> dict[str, tuple[int, int, int]]:
    """Each table's tag: (directory entry offset, table offset, length)."""
    count = struct.unpack(">H", data[4:6])[0]
    found = {}
    for number in range(count):
        entry = 12 + 16 * number
        tag, _, offset, length = struct.unpack(">4sIII", data[entry:entry + 16])
        found[tag.decode("latin-1")] = (entry, offset, length)
    return found


def corrupt(rng: random.Random) -> tuple[bytes, str]:
    """A damaged copy of the shipped font and what was done to it."""
    data = bytearray(shipped())
    directory = tables(bytes(data))
    tag = rng.choice(sorted(directory))
    entry, offset, length = directory[tag]
    pick = rng.randrange(10)
    if pick == 0:
        for _ in range(rng.choice([1, 10, 200])):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data), "bytes flipped anywhere"
    if pick == 1:
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(12 + 16 * len(directory))] = rng.randrange(256)
        return bytes(data), "table directory bytes flipped"
    if pick == 2:
        value = rng.choice([0, len(data) - 1, len(data) + 10, 0x7FFFFFFF, 0xFFFFFFF0])
        data[entry + 8:entry + 12] = struct.pack(">I", value)
        return bytes(data), f"{tag} offset set to {value}"
    if pick == 3:
        value = rng.choice([0, 1, 3, length * 2, 0x7FFFFFFF, 0xFFFFFFFF])
        data[entry + 12:entry + 16] = struct.pack(">I", value)
        return bytes(data), f"{tag} length set to {value}"
    if pick == 4:
        data[offset:offset + length] = bytes(length)
        return bytes(data), f"{tag} zeroed"
    if pick == 5:
        data[entry:entry + 4] = rng.choice([b"zzzz", b"\0\0\0\0", b"glyf", b"cmap"])
        return bytes(data), f"{tag} renamed"
    if pick == 6:
        cut = rng.randrange(len(data))
        return bytes(data[:cut]), f"cut at byte {cut}"
    if pick == 7:
        field_tag, at, form, values = rng.choice(FIELDS)
        value = rng.choice(values)
        place = directory[field_tag][1] + at
        packed = struct.pack(form, *value) if isinstance(value, tuple) else struct.pack(
            form, value)
        data[place:place + len(packed)] = packed
        return bytes(data), f"{field_tag} field at {at} set to {value}"
    if pick == 8:
        start = offset + rng.randrange(max(1, length))
        for i in range(start, min(start + 64, len(data))):
            data[i] = rng.choice([0, 0xFF])
        return bytes(data), f"{tag} run of bytes overwritten"
    other = rng.choice([b"", b"OTTO" + bytes(200), b"wOFF" + bytes(60), b"ttcf" + bytes(60),
                        b"\0\1\0\0" + bytes(8), b"true" + b"\xff" * 100, b"<svg/>"])
    return other, f"not a TrueType font ({other[:4]!r}, {len(other)} bytes)"


def generate(rng: random.Random, index: int) -> Case:
    """A definition whose font is a damaged copy of DejaVu Sans."""
    data, label = corrupt(rng)
    bold = rng.choice(["house.ttf", "plain.ttf"])
    files = {"fonts/house.ttf": data, "fonts/plain.ttf": shipped(),
             "game.yaml": DEFINITION.replace("BOLD", bold).encode()}
    layout = rng.choice(["print-shop", "print-shop", "all"])
    return Case("fonts", index, f"{label} (bold face {bold}, layout {layout})", files,
                check_then_build("game.yaml", layout=layout))
