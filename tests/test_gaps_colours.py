"""Colours as CSS writes them (issue 24 item 7a): every CSS name and the CSS colour
functions, in the definition and in data cells, read by one function; what cannot be
printed as written is a located error with the reason, every one at once."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.commands.schema import json_schema
from printkit.definition.csscolours import ColourError, read_colour
from tests.conftest import Run
from tests.test_content_support import draw, load, write

COLOURED = """\
style: {accent: %s}
layouts:
  c:
    - {type: rect, fill: %s, bleed: true}
    - {type: text, text: "{name}", x: 5mm, y: 5mm, width: 50mm, height: 10mm, fill: "{ink}"}
faces:
  - {id: c, kind: layout, layout: c, name: "{name}", data: cards.csv}
back: {kind: pattern, options: {background: %s}}
"""


def _fills(path: Path, key: str) -> list[str]:
    svg = draw(load(path), key)
    return [e.get("fill", "") for e in svg.iter() if e.tag.endswith(("rect", "text"))]


@pytest.mark.parametrize(("written", "printed"), [
    ("crimson", "#dc143c"), ("Gold", "#ffd700"), ("rebeccapurple", "#663399"),
    ("red", "#ff0000"), ('"#ABC"', "#aabbcc"), ('"#1f3a6eff"', "#1f3a6e"),
    ('"rgb(255, 215, 0)"', "#ffd700"), ('"rgb(100% 50% 0%)"', "#ff8000"),
    ('"hsl(120, 50%, 50%)"', "#40bf40"), ('"hsl(120deg 50% 50% / 1)"', "#40bf40"),
    ('"hwb(0 0% 0%)"', "#ff0000"), ('"oklch(50% 0.1 30)"', "#944b40"),
    ('"lab(50% 20 30)"', "#a16945"),
])
def test_css_colours_print_as_the_browser_shows_them(tmp_path: Path, written: str,
                                                     printed: str) -> None:
    path = write(tmp_path, COLOURED % (written, written, written),
                 {"cards.csv": "name,ink\nA,darkslategray\nB,#fff\n"})
    definition = load(path)
    assert definition.accent == printed
    assert _fills(path, "A")[:2] == [printed, "#2f4f4f"]  # a data cell's name too
    assert _fills(path, "B")[1] == "#ffffff"


def test_none_and_transparent_paint_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, COLOURED % ("navy", "transparent", "navy"),
                 {"cards.csv": "name,ink\nA,none\n"})
    assert _fills(path, "A")[:2] == ["none", "none"]


def test_every_colour_that_cannot_print_is_located_with_its_reason(tmp_path: Path,
                                                                   run_cli: Run) -> None:
    path = write(tmp_path, COLOURED % ("crimsom", '"rgb(255 215)"', '"#ff000080"'),
                 {"cards.csv": "name,ink\nA,\"oklch(70% 0.4 30)\"\nB,#12345\nC,foo(1 2 3)\n"})
    result = run_cli("check", str(path))
    assert result.status == 1 and "Traceback" not in result.err
    lines = [line for line in result.err.splitlines() if ": error: " in line]
    assert [line.split(": error: ")[0].rsplit("/", 1)[-1] for line in lines] == [
        "cards.csv:2:3", "cards.csv:3:3", "cards.csv:4:3",
        "game.yaml:6:17", "game.yaml:9:26", "game.yaml:13:45"]
    messages = [line.split(": error: ")[1] for line in lines]
    assert "'oklch(70% 0.4 30)' is outside sRGB" in messages[0]
    assert "(the nearest inside is '#ff6551')" in messages[0]
    assert "card 'B': '#12345' is not a colour: a # takes 3, 4, 6 or 8 hexadecimal" \
           in messages[1]
    assert "foo() is not a CSS colour function" in messages[2]
    assert messages[3].startswith("'crimsom' is not a colour (did you mean 'crimson'?): "
                                  "write a CSS colour")
    assert "rgb() takes three numbers 0-255" in messages[4]
    assert "'#ff000080' is see-through (alpha 0.5)" in messages[5]
    assert "opacity" in messages[5]
    assert "6 problems found" in result.err


def test_a_colour_is_text(tmp_path: Path, run_cli: Run) -> None:
    path = write(tmp_path, COLOURED % ("12", "navy", "navy"), {"cards.csv": "name,ink\nA,red\n"})
    result = run_cli("check", str(path))
    assert result.status == 1
    assert "game.yaml:6:17: error: expected a colour such as '#1f3a6e' or 'crimson', found " \
           "a number" in result.err


def test_the_json_schema_takes_the_same_colours() -> None:
    accent = json_schema()["properties"]["style"]["properties"]["accent"]
    for good in ("crimson", "#abc", "#aabbccdd", "rgb(1, 2, 3)", "hsl(1 2% 3%)", "none"):
        jsonschema.validate(good, accent)
    for bad in ("crimsom", "#abcde", "foo(1)", 12):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, accent)


ICON = """\
icons:
  mark: mark.svg
layouts:
  c:
    - {type: icon, icon: mark, x: 5mm, y: 5mm, width: 20mm, height: 20mm}
faces:
  - {id: c, kind: layout, layout: c}
"""


def test_an_icons_css_colours_are_written_as_hex(tmp_path: Path) -> None:
    mark = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
            '<rect width="24" height="24" fill="RebeccaPurple" style="stroke: hwb(0 0% 0%)"/>'
            '<circle cx="12" cy="12" r="6" fill="currentColor" stroke="#ff000080"/></svg>')
    path = write(tmp_path, ICON, {"mark.svg": mark})
    shapes = [dict(e.attrib) for e in draw(load(path), "c").iter()
              if e.tag.endswith(("rect", "circle"))]
    assert ("#663399", "#ff0000") in [(s.get("fill"), s.get("stroke")) for s in shapes]
    assert ("#000000", "#ff000080") in [  # currentColor takes the icon's fill
        (s.get("fill"), s.get("stroke")) for s in shapes]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="rgbahslwcolkp()#0123456789abcdef ,.%/-+e_ndi", max_size=40))
def test_any_text_is_a_printable_colour_or_a_colour_error(text: str) -> None:
    try:
        assert re.fullmatch(r"#[0-9a-f]{6}|none", read_colour(text))
    except ColourError as exc:
        assert str(exc)
