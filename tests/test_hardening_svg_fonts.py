"""Hardening of the inputs a definition names (issue 28, item 2): what ``check`` passes,
``build`` builds.  SVG drawings with numbers no renderer can draw, or more work than the
limits allow, fonts that are damaged, and YAML aliases that repeat a long text many times
are each refused by ``check`` with a located error, before anything is drawn."""

from __future__ import annotations

import hashlib
import io
import logging
import random
import struct
from collections.abc import Callable
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas

from printkit import limits, yamlsource
from printkit.cli import main
from printkit.console import Console
from printkit.definition import fontcheck, svgnumbers
from printkit.definition.fonts import SHIPPED_FOLDER, FontFamily
from printkit.definition.svgsafe import Drawing, SvgRefused, read_drawing
from printkit.errors import DefinitionError
from printkit.pdf import fonts as pdf_fonts
from printkit.pdf import pdfcanvas, rasterpdf
from printkit.render import elements
from printkit.render.elements import Area
from printkit.render.svg import num


def _alias_yaml(length: int, uses: int) -> str:
    return f'a: &t "{"x" * length}"\nb: [{", ".join(["*t"] * uses)}]\n'


def test_an_alias_repeating_a_long_text_is_refused_at_the_anchor() -> None:
    text = _alias_yaml(100, 30)
    with (limits.using(limits.parse_limits(["yaml-alias-text=1000"])),
          pytest.raises(DefinitionError) as caught):
        yamlsource.parse(text, "mine.yaml")
    [problem] = caught.value.problems
    assert problem.location is not None
    assert (problem.location.line, problem.location.column) == (1, 4)
    assert "yaml-alias-text" in problem.message and "limit of 1000" in problem.message


def test_repeated_text_within_the_limit_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    real = yamlsource._scalar

    def counting(doc: yamlsource.Document, node: object, problems: list[object]) -> object:
        reads.append(getattr(node, "value", ""))
        return real(doc, node, problems)  # type: ignore[arg-type]

    monkeypatch.setattr(yamlsource, "_scalar", counting)
    doc = yamlsource.parse(_alias_yaml(1000, 500), "mine.yaml")
    assert isinstance(doc.data, dict) and doc.data["b"] == ["x" * 1000] * 500
    assert reads.count("x" * 1000) == 1  # read once, not once for each of its 501 uses


def test_a_problem_in_an_aliased_value_is_reported_once() -> None:
    with pytest.raises(DefinitionError) as caught:
        yamlsource.parse('a: &t "bad\\x01"\nb: [*t, *t, *t]\n', "mine.yaml")
    assert len(caught.value.problems) == 1
    assert "control character" in caught.value.problems[0].message


# -- fonts ------------------------------------------------------------------------------

FONT = (SHIPPED_FOLDER / "DejaVuSans.ttf").read_bytes()
FONT_GAME = """game: hardening
title: Hardening
card:
  size: 63.5mm x 88.9mm
fonts:
  Mine: {regular: mine.ttf}
style:
  font: Mine
layouts:
  card:
    - {type: text, text: "{name} Hello", x: 4mm, y: 5mm, width: 50mm, height: 8mm}
faces:
  - {id: card, kind: layout, layout: card, data: [{name: a}, {name: b}]}
"""


def _tables(data: bytes) -> dict[str, tuple[int, int]]:
    """Offset and length of each table of a TrueType file."""
    count = struct.unpack(">H", data[4:6])[0]
    found = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        found[tag.decode("latin-1")] = (offset, length)
    return found


def _flipped(tag: str, count: int) -> bytes:
    """The font with ``count`` bytes of one table inverted (always the same bytes)."""
    offset, length = _tables(FONT)[tag]
    data = bytearray(FONT)
    for i in range(count):
        data[offset + (i * 7919) % length] ^= 0xFF
    return bytes(data)


def _with(tag: str, at: int, fmt: str, value: int) -> bytes:
    data = bytearray(FONT)
    struct.pack_into(fmt, data, _tables(FONT)[tag][0] + at, value)
    return bytes(data)


def _cmap_past_unicode() -> bytes:
    """The font with one group of its format 12 character map stretched past U+10FFFF:
    reportlab then maps some 11 million characters (2.5 GB)."""
    data = bytearray(FONT)
    cmap = _tables(FONT)["cmap"][0]
    for i in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        offset = struct.unpack(">I", data[cmap + 8 + 8 * i:cmap + 12 + 8 * i])[0]
        if struct.unpack(">H", data[cmap + offset:cmap + offset + 2])[0] == 12:
            struct.pack_into(">I", data, cmap + offset + 16 + 4, 0xAA0EA5)  # group 0's end
            return bytes(data)
    raise AssertionError("DejaVu Sans has a format 12 character map")


DAMAGED_FONTS: dict[str, tuple[Callable[[], bytes], str]] = {
    "truncated": (lambda: FONT[:300_000], "overruns"),
    "glyf flipped": (lambda: _flipped("glyf", 2000), "glyf"),
    "loca flipped": (lambda: _flipped("loca", 200), "loca"),
    "cmap flipped": (lambda: _flipped("cmap", 200), "cmap"),
    "huge numGlyphs": (lambda: _with("maxp", 4, ">H", 0xFFFF), "hmtx"),
    "huge numberOfHMetrics": (lambda: _with("hhea", 34, ">H", 0xFFFF), "hhea"),
    "a character map past Unicode": (_cmap_past_unicode, "cmap"),
}


def _font_game(tmp_path: Path, font: bytes) -> Path:
    (tmp_path / "mine.ttf").write_bytes(font)
    path = tmp_path / "game.yaml"
    path.write_text(FONT_GAME)
    return path


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), Console(out, err))
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", list(DAMAGED_FONTS))
def test_a_damaged_font_is_a_located_error_and_build_never_starts(tmp_path: Path,
                                                                   name: str) -> None:
    make, words = DAMAGED_FONTS[name]
    game = _font_game(tmp_path, make())
    status, _, err = run("check", str(game))
    assert status == 1, err
    assert err.startswith(f"{game}:6:19: error: ")
    assert "mine.ttf: the font file is damaged (" in err
    assert words in err.split("damaged (", 1)[1].split(")")[0]
    status, _, err = run("build", str(game), "-o", str(tmp_path / "out"))
    assert status == 1 and "the font file is damaged" in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_font_tools_reports_stay_off_the_terminal(tmp_path: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    # widths inverted: sound to the sanitizer, but fontTools warns of huge advance widths,
    # which Python's logging would print on stderr (caplog listens where that handler does)
    game = _font_game(tmp_path, _flipped("hmtx", 200))
    with caplog.at_level(logging.WARNING):
        status, _, err = run("check", str(game))
    assert status == 0, err
    assert [r.getMessage() for r in caplog.records if r.name.startswith("fontTools")] == []


def test_a_font_the_pdf_writer_cannot_embed_is_refused_by_check(tmp_path: Path) -> None:
    # a PostScript name with a character reportlab refuses: sound to OTS and fontTools
    font = TTFont(io.BytesIO(FONT))
    font["name"].setName("Bad(Name)", 6, 3, 1, 0x409)
    font["name"].setName("Bad(Name)", 6, 1, 0, 0)
    stream = io.BytesIO()
    font.save(stream)
    status, _, err = run("check", str(_font_game(tmp_path, stream.getvalue())))
    assert status == 1, err
    assert "mine.ttf: the PDF writer cannot embed the font (" in err


def test_build_embeds_the_bytes_check_read_not_the_file_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    font = TTFont(io.BytesIO(FONT))
    font["name"].setName("Swapped", 1, 3, 1, 0x409)  # bytes of its own: registered afresh
    stream = io.BytesIO()
    font.save(stream)
    game = _font_game(tmp_path, stream.getvalue())
    registered: list[str] = []
    real = pdf_fonts._register

    def swap_then_register(family: FontFamily) -> None:
        # the file changes after the definition was checked, before the writer reads it
        (tmp_path / "mine.ttf").write_bytes(b"\x00\x01\x00\x00" + b"\xff" * 4000)
        registered.extend(face.name for face in family.faces.values()
                          if face.name.startswith("PK-U"))
        real(family)

    monkeypatch.setattr(pdf_fonts, "_register", swap_then_register)
    status, _, err = run("build", "-q", "--sheets", "sheets", str(game), "-o",
                         str(tmp_path / "out"))
    assert status == 0, err
    assert b"/FontName /" in b"".join(p.read_bytes() for p in (tmp_path / "out").rglob("*.pdf"))
    name = "PK-U" + hashlib.sha256(stream.getvalue()).hexdigest()[:16]
    assert name in registered  # registered after the swap, from the bytes check read:
    assert fontcheck.verified(name.removeprefix("PK-U")) == stream.getvalue()


def test_the_shipped_font_still_passes(tmp_path: Path) -> None:
    status, out, err = run("check", str(_font_game(tmp_path, FONT)))
    assert status == 0, err
    assert "is valid" in out + err


# -- SVG drawings -----------------------------------------------------------------------

SVG_GAME = """game: hardening
title: Hardening
card:
  size: 63.5mm x 88.9mm
icons:
  mark: {icon}
layouts:
  card:
    - {{type: icon, icon: mark, x: 10mm, y: 10mm, width: 20mm, height: 20mm}}
    - {{type: image, src: picture.svg, x: 10mm, y: 40mm, width: 20mm, height: 20mm}}
faces:
  - {{id: card, kind: layout, layout: card, data: [{{name: a}}, {{name: b}}]}}
"""
SOUND = '<path d="M2 2 L20 20 L2 20 Z"/>'


def _svg(body: str, view_box: str = "0 0 24 24") -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}">{body}</svg>'


def _svg_game(tmp_path: Path, picture: str, icon: str = "mark.svg",
              mark: str = _svg(SOUND)) -> Path:
    (tmp_path / "picture.svg").write_text(picture)
    (tmp_path / "mark.svg").write_text(mark)
    path = tmp_path / "game.yaml"
    path.write_text(SVG_GAME.format(icon=icon))
    return path


HOSTILE_SVG = {
    "a width of 1e300": ('<rect width="1e300" height="10"/>', "<rect> width holds '1e300'"),
    "a scale of 1e400": ('<rect width="10" height="10" transform="scale(1e400)"/>',
                         "<rect> transform holds '1e400'"),
    "nan in path data": ('<path d="M nan 2 L 20 20 Z"/>', "<path> d: 'nan 2 L 20' is not a number"),
    "inf in path data": ('<path d="M 2 2 L inf 20 Z"/>', "<path> d: 'inf 20 Z' is not a number"),
    "1e400 in path data": ('<path d="M 2 2 L 1e400 20 Z"/>', "<path> d holds '1e400'"),
    "a circle at 1e308": ('<circle cx="1e308" cy="5" r="1e308"/>', "<circle> cx holds '1e308'"),
    "a stroke 1e400 wide": ('<path d="M2 2 L20 20" stroke="#000" stroke-width="1e400"/>',
                            "<path> stroke-width holds '1e400'"),
    "dashes of 0 0": ('<path d="M2 2 L20 20" stroke="#000" stroke-dasharray="0 0"/>',
                      "<path> stroke-dasharray is '0 0': its dashes add up to nothing"),
    "a dash of 0": ('<path d="M2 2 L20 20" stroke="#000" opacity="0.5" '
                    'stroke-dasharray="0"/>', "<path> stroke-dasharray is '0': its dashes add up"),
    "a negative dash": ('<path d="M2 2 L20 20" stroke="#000" opacity="0.5" '
                        'stroke-dasharray="-1 2"/>',
                        "<path> stroke-dasharray is '-1 2': dash lengths cannot be"),
    "nested scales": ('<g transform="scale(1000)"><g transform="scale(1000)"><g transform='
                      '"scale(1000)"><rect width="10" height="10"/></g></g></g>',
                      "<rect> reaches 1e+10 units from the drawing's origin"),
    "a skew of 90 degrees": ('<rect width="10" height="10" transform="skewX(90)"/>',
                             "<rect> reaches"),
    "a flat scale": ('<rect width="10" height="10" opacity="0.5" transform="scale(1 0)"/>',
                     "<rect> transform 'scale(1 0)' squashes the shape flat"),
    "an unknown colour": ('<path d="M2 2 L20 20 L2 20 Z" fill="foo"/>',
                          "<path> fill 'foo' is not a colour the PDF writer knows"),
    "a colour name unknown in any case": ('<rect width="4" height="4" stroke="REDD"/>',
                                          "<rect> stroke 'REDD' is not a colour the PDF "
                                          "writer knows"),
    "rgb() of two numbers in a style": (
        '<path d="M2 2 L20 20" style="stroke:rgb(1,2)"/>',
        "<path> stroke in its style 'rgb(1,2)' is not a colour the PDF writer reads (css "),
    "hex digits that are not": (f'<g color="#zzzzzz">{SOUND}</g>',
                                "<g> color '#zzzzzz' is not a colour: a # takes 3, 4, 6 or 8"),
    "an unknown stop colour": (f'<g style="stop-color: ghost">{SOUND}</g>',
                               "<g> stop-color in its style 'ghost' is not a colour"),
    "an unknown colour on the drawing": (
        _svg(SOUND).replace("<svg ", '<svg fill="nocolour" '),
        "<svg> fill 'nocolour' is not a colour the PDF writer knows"),
    "a view box of 1e300": (_svg(SOUND, "0 0 1e300 1e300"), "the view box holds '1e+300'"),
    "a view box of 1e-300": (_svg(SOUND, "0 0 1e-300 24"),
                             "the view box is 1e-300 x 24: a width or height under 1e-06"),
}


@pytest.mark.parametrize("name", list(HOSTILE_SVG))
def test_svg_numbers_no_renderer_can_draw_are_located_errors_in_check(tmp_path: Path,
                                                                       name: str) -> None:
    body, words = HOSTILE_SVG[name]
    picture = body if body.startswith("<svg") else _svg(body)
    game = _svg_game(tmp_path, picture)
    status, _, err = run("check", str(game))
    assert status == 1, err
    first = err.splitlines()[0]
    assert first.startswith(f"{game}:10:26: error: card 'card-1': "), first
    assert f"picture.svg: {words}" in first
    # the same drawing as an icon is located at its icons: entry
    game = _svg_game(tmp_path, _svg(SOUND), mark=picture)
    status, _, err = run("check", str(game))
    assert status == 1, err
    assert err.startswith(f"{game}:6:9: error: ") and f"mark.svg: {words}" in err


def test_colours_the_renderer_knows_are_accepted() -> None:
    written = {"navy": "#000080", "transparent": "none", "rgb(10, 20, 30)": "#0a141e",
               "rgb(10%,20%,30%)": "#1a334d", "hsl(120, 50%, 50%)": "#40bf40"}  # CSS: as hex
    for colour in ("#abc", "#abcd", "#a1b2c3", "#a1b2c3d4", "navy", "transparent", "none",
                   "currentColor", "rgb(10, 20, 30)", "rgb(10%,20%,30%)", "hsl(120, 50%, 50%)",
                   "rgba(10, 20, 30, 0.5)", "cmyk(0, 1, 1, 0)"):
        drawing = read_drawing(_svg(f'<rect width="4" height="4" fill="{colour}" '
                                    f'style="stroke: {colour}"/>').encode())
        assert f'fill="{written.get(colour, colour)}"' in drawing.body


def test_svglib_reports_nothing_on_stderr(capsys: pytest.CaptureFixture[str],
                                         caplog: pytest.LogCaptureFixture) -> None:
    # a colour check refuses, drawn anyway (as a face that bypassed check would be): svglib
    # logs "Can't handle color", which Python's last-resort handler printed on stderr
    # (caplog listens where that handler does)
    face = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" '
            'viewBox="0 0 10 10"><rect width="5" height="5" fill="nosuchcolour"/></svg>')
    canvas = Canvas(io.BytesIO())
    with caplog.at_level(logging.WARNING):
        pdfcanvas.store_form(canvas, "face", face)
    canvas.save()
    assert [r.getMessage() for r in caplog.records] == []
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", ["a width of 1e300", "nan in path data", "a circle at 1e308",
                                  "dashes of 0 0", "a flat scale"])
def test_build_stops_on_them_before_drawing(tmp_path: Path, name: str) -> None:
    game = _svg_game(tmp_path, _svg(HOSTILE_SVG[name][0]))
    status, _, err = run("build", str(game), "-o", str(tmp_path / "out"))
    assert status == 1 and "internal error" not in err, err
    assert not any((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize(("path", "view_box", "words"), [
    ("M 1e400 0 L 2 2 Z", "0 0 24 24", "holds '1e400'"),
    ("M 0 0 L 2 2 Z", "0 0 1e-300 24", "too small to place"),
    ("M 0 0 L 2 Z", "0 0 24 24", "<path> d: 'Z' is not a number, and 'L' takes 2"),
    ("M 0 0 L 2", "0 0 24 24", "<path> d: the path data ends before the 2 numbers 'L' takes"),
])
def test_an_inline_icon_is_checked_the_same_way(tmp_path: Path, path: str, view_box: str,
                                                words: str) -> None:
    game = _svg_game(tmp_path, _svg(SOUND), icon=f'{{path: "{path}", viewbox: "{view_box}"}}')
    status, _, err = run("check", str(game))
    assert status == 1, err
    assert err.startswith(f"{game}:6:9: error: ") and words in err.splitlines()[0]


def _long_paths(paths: int, points: int) -> str:
    line = " ".join(f"L{i % 24} {(i * 7) % 24}" for i in range(points))
    return _svg(f'<path d="M0 0 {line} Z" fill="none" stroke="#000"/>' * paths)


def test_the_work_of_a_drawing_is_bounded_before_it_is_read_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # about 1.2 million numbers (7 MB like the drawing would be 35 times the limit)
    picture = _long_paths(60, 10_000)
    read: list[float] = []
    real = svgnumbers._in_range

    def counting(value: float, what: str, text: str) -> float:
        read.append(value)
        return real(value, what, text)

    monkeypatch.setattr(svgnumbers, "_in_range", counting)
    status, _, err = run("check", str(_svg_game(tmp_path, picture)))
    assert status == 1
    assert ("picture.svg: the drawing holds too many numbers, past the limit of 100000 "
            "numbers (raise it with --limit svg-numbers=N)") in err
    assert len(read) <= 100_050  # reading stopped at the limit, not at 1.2 million


@pytest.mark.parametrize(("limit", "body", "words"), [
    ("svg-numbers=40", _long_paths(1, 20), "past the limit of 40 numbers"),
    ("svg-elements=3", SOUND * 4, "the drawing has too many elements, past the limit of 3"),
    ("svg-depth=2", f"<g><g><g>{SOUND}</g></g></g>", "groups nest too deeply, past the limit"),
])
def test_svg_work_limits_are_named_and_can_be_raised(tmp_path: Path, limit: str, body: str,
                                                     words: str) -> None:
    picture = body if body.startswith("<svg") else _svg(body)
    game = _svg_game(tmp_path, picture)
    status, _, err = run("--limit", limit, "check", str(game))
    assert status == 1 and words in err and f"--limit {limit.split('=')[0]}=N" in err, err
    name, value = limit.split("=")
    status, _, err = run("--limit", f"{name}={int(value) * 10}", "check", str(game))
    assert status == 0, err


_NUMBERS = ("0", "1", "-1", "24", "0.5", "2", "3", "1e5", "12.5", "1e-7", ".5", "-.5e3", "7",
            "1e-300", "100", "-20")
_EXTREMES = ("999999", "1e6", "-1e6", "5e5", "1e300", "1e400", "-1e7", "nan", "inf", "1e6.5")
_UNITS = ("", "", "", "px", "pt", "mm", "in", "%", "em")


def _random_shape(pick: random.Random, depth: int = 0) -> str:
    """One random element, its numbers drawn from ordinary, extreme and invalid ones."""
    def n() -> str:
        return pick.choice(_EXTREMES if pick.random() < 0.05 else _NUMBERS)

    kind = pick.choice(("rect", "circle", "path", "polygon", "g") if depth < 3 else ("rect",))
    geometry = {"rect": ("x", "y", "width", "height", "rx"), "circle": ("cx", "cy", "r")}
    attributes = {k: n() + pick.choice(_UNITS) for k in geometry.get(kind, ())}
    if kind == "path":
        steps = [f"{pick.choice('LlCcQqAaHhZ')}" for _ in range(pick.randrange(1, 5))]
        counts = {"l": 2, "c": 6, "q": 4, "a": 7, "h": 1, "z": 0}
        attributes["d"] = f"M{n()} {n()} " + " ".join(
            s + " ".join(("1" if s in "Aa" and i in (3, 4) else n())
                         for i in range(counts[s.lower()])) for s in steps)
    if kind == "polygon":
        attributes["points"] = " ".join(n() for _ in range(2 * pick.randrange(1, 4)))
    if pick.random() < 0.4:
        name, count = pick.choice((("scale", 2), ("rotate", 3), ("skewX", 1), ("matrix", 6),
                                   ("translate", 1)))
        attributes["transform"] = f"{name}({' '.join(n() for _ in range(count))})"
    if pick.random() < 0.5:
        attributes.update({"stroke": "#000", "stroke-width": n() + pick.choice(_UNITS)})
    if pick.random() < 0.1:
        attributes["stroke-dasharray"] = pick.choice(("0 0", "0", "1 2", "-1 2", f"{n()} {n()}"))
    if pick.random() < 0.4:
        attributes["opacity"] = "0.5"  # drawn by svglib rather than printkit's own reader
    text = " ".join(f'{k}="{v}"' for k, v in attributes.items())
    if kind == "g":
        inside = "".join(_random_shape(pick, depth + 1) for _ in range(pick.randrange(1, 3)))
        return f"<g {text}>{inside}</g>"
    return f"<{kind} {text}/>"


def _face(drawing: Drawing, stretch: bool) -> str:
    """A card face showing ``drawing`` in a 20 mm box, as the layouts place it."""
    where = Area(10.0, 10.0, 20.0, 20.0)
    if stretch:
        vx, vy, vw, vh = drawing.view_box
        body = (f'<g transform="translate(10 10) scale({20 / vw:.6g} {20 / vh:.6g}) '
                f'translate({num(-vx)} {num(-vy)})">{drawing.body}</g>')
    else:
        body = elements._drawing(drawing, where, "#123456", 1.0)
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="88.9mm" '
            f'viewBox="0 0 63.5 88.9">{body}</svg>')


def test_any_drawing_check_accepts_is_drawn_by_both_renderers() -> None:
    pick = random.Random(28)
    accepted = 0
    for _ in range(400):
        view_box = " ".join([pick.choice(_NUMBERS[:4]), pick.choice(_NUMBERS[:4]),
                             pick.choice(("24", "1", "1e6", "1e-6", "0.001")),
                             pick.choice(("24", "10", "1e6", "1e-6"))])
        shapes = "".join(_random_shape(pick) for _ in range(pick.randrange(1, 4)))
        try:
            drawing = read_drawing(_svg(shapes, view_box).encode())
        except SvgRefused:
            continue
        accepted += 1
        for stretch in (False, True):
            face = _face(drawing, stretch)
            canvas = Canvas(io.BytesIO())
            pdfcanvas.store_form(canvas, "printkit", face)  # printkit's reader, else svglib
            parsed = pdfcanvas.parsed_svg(face)  # svglib, whichever the first one used
            canvas.beginForm("svglib", lowerx=0, lowery=0, upperx=float(parsed.width),
                             uppery=float(parsed.height))
            rasterpdf.draw(parsed, canvas)
            canvas.endForm()
            canvas.save()
    assert accepted >= 50  # the test sees drawings both accepted and refused
