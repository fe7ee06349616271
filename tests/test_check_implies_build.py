"""What ``check`` passes, ``build`` builds: definitions made of layouts, data tables (CSV,
XLSX, inline), pictures (PNG, JPEG, SVG, damaged or oversized files) and a few components,
with hostile values among the ordinary ones.  Whenever ``check`` accepts one, a build into a
fresh folder must succeed; either way nothing crashes (the checks of :func:`tests.test_fuzz._run`).

A handful of cases run with the suite; ``PRINTKIT_FUZZ_EXAMPLES=N`` (as for
``tests/test_fuzz.py``, which ``bench/fuzz.py`` sets) runs ``N``, and ``PRINTKIT_FUZZ_SEED``
draws new ones instead of the same each run.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from PIL import Image

from tests.test_fuzz import _run, mutated

EXAMPLES = int(os.environ.get("PRINTKIT_FUZZ_EXAMPLES", "8"))
pytestmark = pytest.mark.filterwarnings(
    "ignore::printkit.render.elements.ImageResolutionWarning")
CASES = settings(max_examples=EXAMPLES, deadline=None,
                 derandomize="PRINTKIT_FUZZ_SEED" not in os.environ,
                 suppress_health_check=[HealthCheck.too_slow,
                                        HealthCheck.function_scoped_fixture])

SIZES = (["4mm", "10mm", "50%", "100%", "2in", "12pt"],
         ["0mm", "-3mm", "0.01mm", "900mm", "1e9mm", "nan", "3"])
TEXTS = (['"{name}"', '"{value}"', '"**{name}** and *more*"', '":star: {name}"', '"plain"'],
         ['"' + "long words " * 60 + '"', '"{missing}"', '"\\*"', "''"])
FONT_SIZES = (["9pt", "12pt"], ["0pt", "1e6pt", "-1pt"])
COLOURS = (['"#20406a"', "none", '{by: name, values: {a: "#aa0000"}, default: "#00aa00"}'],
           ['"{colour}"', '"#zzzzzz"', "red", '"{value}"'])
SIDES = ([3, 6], [0, 1000, -2])
ICONS = (["star"], ["nope"])
FITS = (["contain", "cover", "stretch"], ["x"])
ICON_PATHS = (["M12 2 L22 22 L2 22 Z", "M0 0 A10 10 0 1 0 24 24"],
              ["M0 0 L1e308 1e308 Z", "M0 0 L nan 0", "M0 0", "Q"])
CELLS = (["a", "b", "", "12", "-4", "007", "\u2605", "\u00e9t\u00e9", "**bold**"],
         ["x" * 300, "1e999", ":star:", ":nope:"])
NUMBERS = ([1.5, 10 ** 20, True, 7], [float("inf"), float("nan")])
CARD_SIZES = (["poker", "63.5mm x 88.9mm", "tarot"], ["20mm x 20mm", "2mm x 2mm", "0mm x 9mm"])
SHAPES = (["round", "hexagon", "square"], ["blob"])
TOKEN_SIZES = (["20mm", "15mm"], ["0mm", "5000mm", "tarot", "1e9mm"])
ROWS = (["5", "12"], ["0", "100000", "-1"])


def pick(draw: st.DrawFn, choices: tuple[list[Any], list[Any]]) -> Any:
    """An ordinary value most of the time, a hostile one about one time in eight."""
    good, hostile = choices
    return draw(st.sampled_from(hostile if draw(st.integers(0, 7)) == 0 else good))


def _png(size: tuple[int, int], mode: str) -> bytes:
    image = Image.linear_gradient("L").resize(size).convert(mode)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def _jpeg(size: tuple[int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.linear_gradient("L").resize(size).convert("RGB").save(buffer, "JPEG")
    return buffer.getvalue()


def _header_only_png(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` pixels over almost no data."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 32)) + chunk(b"IEND", b""))


PICTURES: dict[str, bytes] = {
    "rgb.png": _png((40, 30), "RGB"), "alpha.png": _png((30, 30), "RGBA"),
    "grey.png": _png((20, 40), "LA"), "palette.png": _png((16, 16), "P"),
    "photo.jpg": _jpeg((48, 32)), "broken.png": b"\x89PNG\r\n\x1a\nnot really",
    "cut.png": _png((64, 64), "RGB")[:120], "bomb.png": _header_only_png(60_000, 60_000),
    "claims.png": _header_only_png(300, 200),
    "art.svg": b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
               b'<rect width="10" height="10" fill="#336699"/></svg>',
    "odd.svg": b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e308 nan">'
               b'<path d="M0 0 L1e308 1e308"/></svg>',
}


GOOD_PICTURES = ["rgb.png", "alpha.png", "grey.png", "palette.png", "photo.jpg", "art.svg"]
PICTURE_NAMES = ([*GOOD_PICTURES, '"{picture}"', '"{picture}"'],
                 ["broken.png", "cut.png", "bomb.png", "claims.png", "odd.svg", "none.png"])
ROW_PICTURES = (GOOD_PICTURES, PICTURE_NAMES[1])


def _workbook(rows: list[list[object]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["name", "value", "colour"])
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


@st.composite
def elements(draw: st.DrawFn) -> str:
    """One layout element as a YAML flow mapping."""
    kind = draw(st.sampled_from(["text", "rect", "ellipse", "polygon", "line", "icon",
                                 "image", "image"]))
    box = ", ".join(f"{key}: {pick(draw, SIZES)}" for key in ("x", "y", "width", "height"))
    extra = {
        "text": lambda: f"text: {pick(draw, TEXTS)}, size: {pick(draw, FONT_SIZES)}, "
                        "min_size: 4pt",
        "rect": lambda: f"fill: {pick(draw, COLOURS)}",
        "ellipse": lambda: f"fill: {pick(draw, COLOURS)}",
        "polygon": lambda: f"sides: {pick(draw, SIDES)}",
        "line": lambda: f"points: [[{pick(draw, SIZES)}, 5mm], [{pick(draw, SIZES)}, 80%]], "
                        f"stroke: {pick(draw, COLOURS)}",
        "icon": lambda: f"icon: {pick(draw, ICONS)}",
        "image": lambda: f"src: {pick(draw, PICTURE_NAMES)}, fit: {pick(draw, FITS)}",
    }[kind]()
    if kind == "line" or (kind in ("rect", "ellipse") and draw(st.booleans())):
        return f"{{type: {kind}, {extra}}}"  # a line by its points; the whole card
    return f"{{type: {kind}, {box}, {extra}}}"


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, dict[str, bytes]]:
    """A face group's ``data:`` and the files it reads."""
    rows = [(pick(draw, CELLS), pick(draw, CELLS), pick(draw, ROW_PICTURES))
            for _ in range(draw(st.integers(1, 4)))]
    form = draw(st.sampled_from(["inline", "csv", "xlsx"]))
    if form == "inline":
        listed = ", ".join(f"{{name: '{a}', value: '{b}', picture: {p}}}" for a, b, p in rows)
        return f"[{listed}]", {}
    if form == "csv":
        text = "name,value,picture\n" + "".join(f'"{a}","{b}",{p}\n' for a, b, p in rows)
        return "t.csv", {"t.csv": text.encode()}
    cells: list[list[object]] = [[a, pick(draw, NUMBERS), p] for a, _, p in rows]
    return "t.xlsx", {"t.xlsx": _workbook(cells)}


COMPONENTS = [
    "",
    "components:\n  chits:\n    kind: tokens\n    shape: SHAPE\n    size: TOKEN\n"
    "    front: [{id: chit, kind: layout, layout: main, data: DATA}]\n"
    "    back: {kind: pattern, options: {background: '#555555'}}\n",
    "components:\n  pad:\n    kind: sheet\n    columns: [Name, {label: 'P{n}', repeat: 3, "
    "columns: [Bid, Score]}]\n    rows: ROWS\n",
    "components:\n  more:\n    kind: cards\n    size: CARD\n"
    "    faces: [{id: more, kind: layout, layout: main, data: DATA}]\n"
    "    back: {kind: pattern}\n",
]


@st.composite
def definitions(draw: st.DrawFn) -> tuple[str, dict[str, bytes]]:
    """The text of a definition and the files beside it."""
    data, files = draw(tables())
    layout = "\n".join(f"    - {draw(elements())}" for _ in range(draw(st.integers(1, 4))))
    component = (draw(st.sampled_from(COMPONENTS))
                 .replace("SHAPE", pick(draw, SHAPES))
                 .replace("TOKEN", pick(draw, TOKEN_SIZES))
                 .replace("CARD", pick(draw, CARD_SIZES))
                 .replace("ROWS", pick(draw, ROWS))
                 .replace("DATA", data))
    text = (f"game: fuzzed\ntitle: Fuzzed\ncard:\n  size: {pick(draw, CARD_SIZES)}\n"
            f"icons:\n  star: {{path: \"{pick(draw, ICON_PATHS)}\", viewbox: \"0 0 24 24\"}}\n"
            f"layouts:\n  main:\n{layout}\n"
            f"faces:\n  - {{id: main, kind: layout, layout: main, data: {data}}}\n"
            f"{component}")
    if draw(st.integers(0, 3)) == 0:
        text = draw(mutated(text))
    return text, {**PICTURES, **files}


@CASES
@given(case=definitions())
def test_what_check_accepts_build_builds(tmp_path_factory: pytest.TempPathFactory,
                                          case: tuple[str, dict[str, bytes]]) -> None:
    text, files = case
    folder = tmp_path_factory.mktemp("definition")
    for name, body in files.items():
        (folder / name).write_bytes(body)
    path = folder / "game.yaml"
    path.write_text(text, encoding="utf-8")
    status, _ = _run("check", str(path))
    event(f"check exit {status}")
    if status == 0:
        built, err = _run("-q", "build", str(path), "-o", str(folder / "out"))
        assert built == 0, f"check passed but build failed:\n{text}\n{err}"


def test_the_cases_reach_both_outcomes(tmp_path: Path) -> None:
    """The generator makes definitions check accepts as well as ones it refuses (so the
    property above is not empty): one plain case of each, built from its parts."""
    for name, body in PICTURES.items():
        (tmp_path / name).write_bytes(body)
    good = tmp_path / "good.yaml"
    good.write_text("game: fuzzed\ntitle: Fuzzed\ncard:\n  size: poker\nlayouts:\n  main:\n"
                    "    - {type: image, src: \"{picture}\", x: 4mm, y: 4mm, width: 50%, "
                    "height: 50%}\n    - {type: text, text: \"{name}\", x: 4mm, y: 60mm, "
                    "width: 50mm, height: 10mm}\nfaces:\n  - {id: main, kind: layout, "
                    "layout: main, data: [{name: a, picture: rgb.png}, {name: b, picture: "
                    "alpha.png}, {name: c, picture: photo.jpg}, {name: d, picture: art.svg}]}"
                    "\n", encoding="utf-8")
    assert _run("check", str(good))[0] == 0
    assert _run("-q", "build", str(good), "-o", str(tmp_path / "out"))[0] == 0
    for bad in ("broken.png", "cut.png", "bomb.png", "claims.png"):
        path = tmp_path / f"{bad}.yaml"
        path.write_text(good.read_text().replace("rgb.png", bad), encoding="utf-8")
        status, err = _run("check", str(path))
        assert status == 1 and f"{path}:" in err, (bad, err)
