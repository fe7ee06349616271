"""Family (c), images: PNG and JPEG files with damaged headers, huge declared sizes, cut
short or decompressing to far more than they weigh, and SVG files with hostile numbers,
scripts, references to other files or addresses, entities and deep nesting; placed as card
art (one image on many faces, too) or drawn as icons."""

from __future__ import annotations

import functools
import io
import random
import struct
import zlib

from bench.fuzzing.definitions import check_then_build
from bench.fuzzing.model import Case

HEADER = """\
game: fuzz-art
title: Fuzz Art
card:
  size: 63.5mm x 88.9mm
  safe_margin: 3mm
icons:
  mark: icons/mark.svg
layouts:
  art:
    - {type: image, src: "art/{picture}", x: 5mm, y: 5mm, width: 50mm, height: 40mm,
       fit: FIT}
    - {type: icon, icon: mark, x: 5mm, y: 50mm, width: 20mm, height: 20mm}
    - {type: text, text: "{picture}", x: 5mm, y: 75mm, width: 50mm, height: 8mm}
faces:
  - {id: a, kind: layout, layout: art, data: [ROWS]}
"""
PLAIN_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" ' \
    b'height="10" fill="#336699"/></svg>'


@functools.cache
def raster(kind: str, width: int, height: int, mode: str = "RGB") -> bytes:
    """A plain image made with Pillow (cached: the large ones take a while)."""
    from PIL import Image

    image = Image.new(mode, (width, height), 128 if mode in ("L", "P", "1") else None)
    buffer = io.BytesIO()
    image.save(buffer, "PNG" if kind == "png" else "JPEG")
    return buffer.getvalue()


def _chunk(tag: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + tag + body + struct.pack(
        ">I", zlib.crc32(tag + body) & 0xFFFFFFFF)


def png_declaring(width: int, height: int, *, data: bytes = b"", crc: bool = True) -> bytes:
    """A PNG whose header declares ``width`` x ``height`` whatever its pixel data holds."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    ihdr = _chunk(b"IHDR", header)
    if not crc:
        ihdr = ihdr[:-4] + b"\0\0\0\0"
    return b"\x89PNG\r\n\x1a\n" + ihdr + _chunk(b"IDAT", zlib.compress(data)) \
        + _chunk(b"IEND", b"")


@functools.cache
def png_bomb(side: int) -> bytes:
    """A true PNG of ``side`` x ``side`` grey pixels: a few kB that decode to side² x 3."""
    row = b"\0" + b"\x80" * (side * 3)
    compressor = zlib.compressobj(9)
    block = row * 64
    body = b"".join(compressor.compress(block) for _ in range(side // 64))
    body += compressor.compress(row * (side % 64)) + compressor.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", body) \
        + _chunk(b"IEND", b"")


def jpeg_declaring(width: int, height: int) -> bytes:
    """A small JPEG with its frame header edited to declare ``width`` x ``height``."""
    data = bytearray(raster("jpg", 8, 8))
    at = data.find(b"\xff\xc0")
    if at >= 0:
        data[at + 5:at + 9] = struct.pack(">HH", height % 65536, width % 65536)
    return bytes(data)


def damaged(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """``data`` cut short, with bytes flipped, or its first bytes changed."""
    how = rng.choice(["cut", "flip", "header"])
    if how == "cut":
        return data[:rng.randrange(len(data) + 1)], "cut short"
    array = bytearray(data)
    span = 40 if how == "header" else len(array)
    for _ in range(rng.randint(1, 12)):
        array[rng.randrange(min(span, len(array)))] = rng.randrange(256)
    return bytes(array), f"{how} bytes changed"


def raster_case(rng: random.Random) -> tuple[str, bytes, str]:
    """(file name, bytes, label) of a hostile PNG or JPEG."""
    pick = rng.randrange(9)
    if pick == 0:
        size = rng.choice([(1, 1), (1, 20_000), (20_000, 1), (7_000, 7_000), (300, 300)])
        return "big.png", raster("png", *size), f"PNG {size[0]}x{size[1]}"
    if pick == 1:
        size = rng.choice([(0, 0), (1, 0), (100_000, 100_000), (2**31 - 1, 1), (65_535, 65_535)])
        return "declared.png", png_declaring(*size, crc=rng.random() < 0.7), \
            f"PNG declaring {size[0]}x{size[1]}"
    if pick == 2:
        side = rng.choice([2_000, 9_000, 20_000])
        return "bomb.png", png_bomb(side), f"PNG bomb {side}x{side}"
    if pick == 3:
        size = rng.choice([(0, 0), (65_535, 65_535), (1, 65_535)])
        return "declared.jpg", jpeg_declaring(*size), f"JPEG declaring {size[0]}x{size[1]}"
    if pick == 4:
        mode = rng.choice(["L", "RGBA", "P", "1", "CMYK", "I;16", "LA"])
        kind = "jpg" if mode in ("L", "CMYK") and rng.random() < 0.5 else "png"
        try:
            return f"mode.{kind}", raster(kind, 40, 30, mode), f"{kind} in mode {mode}"
        except OSError:
            return "mode.png", raster("png", 40, 30, "RGB"), "png RGB"
    if pick == 5:
        kind = rng.choice(["png", "jpg"])
        data, label = damaged(raster(kind, rng.choice([16, 400]), 64), rng)
        return f"damaged.{kind}", data, f"{kind} {label}"
    if pick == 6:
        return rng.choice(["swapped.jpg", "swapped.png"]), rng.choice(
            [raster("png", 10, 10), raster("jpg", 10, 10), PLAIN_SVG, b"", b"GIF89a"]), \
            "content not matching the name"
    if pick == 7:
        return "empty.png", b"", "empty file"
    return "ok.png", raster("png", 64, 64), "plain PNG"


NUMBERS = ["1e308", "-1e308", "1e400", "nan", "NaN", "inf", "-inf", "9" * 400, "0", "-0",
           "1e-320", "3.4e38", "1e9", "-1e9", "0.0000001", "99999999999999999999", "1e+",
           ".", "-", "1..2", "0x10", "\u0663"]


def svg_case(rng: random.Random) -> tuple[bytes, str]:
    """A hostile SVG document and a label."""
    number = rng.choice(NUMBERS)
    pick = rng.randrange(14)
    shapes = {
        0: f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {number} {number}"><rect '
           'width="5" height="5"/></svg>',
        1: f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 L'
           f'{number} {number} Z" stroke-width="{number}"/></svg>',
        2: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 L9 9" '
           f'stroke="#000" stroke-dasharray="{rng.choice(["0", "0 0", "0,0,0", number])}"/>'
           "</svg>",
        3: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g transform="'
           f'scale({number}) rotate({number}) translate({number})"><rect width="1" '
           'height="1"/></g></svg>',
        4: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)'
           '</script><rect width="1" height="1" onclick="x()"/></svg>',
        5: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
           ' viewBox="0 0 10 10"><image xlink:href="' + rng.choice(
               ["file:///etc/passwd", "/etc/passwd", "http://127.0.0.1:9/x.png", "../x.png",
                "data:image/png;base64,AAAA"]) + '" width="5" height="5"/></svg>',
        6: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><use href="'
           + rng.choice(["other.svg#a", "#a", "#nope", "http://x/y.svg#z"]) + '"/>'
           '<rect id="a" width="1" height="1" style="fill:url(http://x/)"/></svg>',
        7: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
           + "<g>" * rng.choice([50, 1_000, 100_000]) + '<rect width="1" height="1"/>'
           + "</g>" * 100_000 + "</svg>",
        8: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "' + "x" * 1000 + '">'
           + "".join(f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">'
                     for i in range(8))
           + ']><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&i;</text>'
           "</svg>",
        9: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
           '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&x;</text></svg>',
        10: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="'
            + "M0 0 L1 1 " * rng.choice([1_000, 200_000]) + '"/></svg>',
        11: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient '
            'id="g" href="#g"/><pattern id="p" href="#p"/></defs><rect width="5" height="5" '
            'fill="url(#g)" stroke="url(#p)"/></svg>',
        12: f'<svg xmlns="http://www.w3.org/2000/svg" width="{number}" height="{number}">'
            f'<circle r="{number}" cx="{number}"/><rect width="1" height="1" rx="{number}"/>'
            '<foreignObject><div>x</div></foreignObject></svg>',
        13: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>@import url('
            '"http://x/y.css"); rect {fill: url(#q)}</style><rect width="1" height="1"/></svg>',
    }
    text = shapes[pick]
    if rng.random() < 0.1:
        data, label = damaged(text.encode(), rng)
        return data, f"SVG shape {pick} {label}"
    return text.encode("utf-8"), f"SVG shape {pick} ({number})"


def generate(rng: random.Random, index: int) -> Case:
    """A definition drawing one hostile image (on several faces) or icon."""
    files = {"icons/mark.svg": PLAIN_SVG}
    if rng.random() < 0.35:
        data, label = svg_case(rng)
        if rng.random() < 0.5:
            files["icons/mark.svg"] = data
            name, label = "ok.svg", "icon: " + label
            files["art/ok.svg"] = PLAIN_SVG
        else:
            name = "hostile.svg"
            files[f"art/{name}"] = data
    else:
        name, data, label = raster_case(rng)
        files[f"art/{name}"] = data
    faces = rng.choice([1, 2, 36])
    rows = ", ".join(f"{{picture: {name}, copy: {i}}}" for i in range(faces))
    fit = rng.choice(["contain", "cover", "stretch"])
    files["game.yaml"] = HEADER.replace("FIT", fit).replace("ROWS", rows).encode()
    layout = rng.choice(["print-shop", "print-shop", "all"])
    return Case("images", index, f"{label}, {faces} faces, fit {fit}, layout {layout}", files,
                check_then_build("game.yaml", layout=layout))
