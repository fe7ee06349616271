"""Layouts: elements placed in explicit units, styles that depend on a card's fields,
conditions, icons from SVG files or path data, and every reference checked before drawing."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from printkit.definition.svgsafe import SvgRefused, read_drawing
from tests.test_content_support import SVG, draw, load, problems, texts, write

SHAPES = """\
layouts:
  shapes:
    - {type: rect, fill: "#eeeeee", bleed: true}
    - {type: rect, x: 0mm, y: 0mm, width: 100%, height: 10mm, fill: "{colour}", bleed: true}
    - {type: rect, x: 10%, y: 20mm, width: 20mm, height: 10mm, radius: 2mm, stroke: red}
    - {type: ellipse, x: 5mm, y: 40mm, width: 20mm, height: 10mm, fill: blue, opacity: 40%}
    - {type: polygon, sides: 6, x: 30mm, y: 40mm, width: 20mm, height: 20mm, fill: green}
    - {type: polygon, points: [[0mm, 0mm], [10mm, 0mm], [5mm, 1in]], fill: black}
    - {type: line, points: [[5mm, 80mm], [50%, 80mm], [58.5mm, 70mm]], stroke_width: 1pt}
faces:
  - id: s
    kind: layout
    layout: shapes
    data: [{colour: "#aa0000"}]
"""


def _attrs(svg: object, tag: str) -> list[dict[str, str]]:
    return [dict(e.attrib) for e in svg.iter(f"{SVG}{tag}")]  # type: ignore[attr-defined]


def test_shapes_are_placed_in_millimetres_and_percentages(tmp_path: Path) -> None:
    svg = draw(load(write(tmp_path, SHAPES)), "s")
    background, band, rounded = _attrs(svg, "rect")
    assert (background["x"], background["y"], background["width"], background["height"]) == (
        "-3", "-3", "69.5", "94.9")
    assert (band["x"], band["y"], band["width"], band["height"], band["fill"]) == (
        "-3", "-3", "69.5", "13", "#aa0000")
    assert (rounded["x"], rounded["width"], rounded["rx"], rounded["stroke"]) == (
        "6.35", "20", "2", "#ff0000")  # CSS red
    assert rounded["fill"] == "none" and rounded["stroke-width"] == "0.176"
    assert "stroke" not in band or band["stroke"] == "none"
    [ellipse] = _attrs(svg, "ellipse")
    assert (ellipse["cx"], ellipse["cy"], ellipse["rx"], ellipse["ry"]) == ("15", "45", "10", "5")
    assert ellipse["fill-opacity"] == "0.4"
    hexagon, triangle = _attrs(svg, "polygon")
    corners = [tuple(map(float, p.split(","))) for p in hexagon["points"].split()]
    assert len(corners) == 6
    centre = (40.0, 50.0)
    radii = {round(math.dist(c, centre), 3) for c in corners}
    assert radii == {10.0}  # regular, as tall as the box, centred
    assert min(c[1] for c in corners) == pytest.approx(40)
    assert triangle["points"] == "0,0 10,0 5,25.4"
    [line] = _attrs(svg, "polyline")
    assert line["points"] == "5,80 31.75,80 58.5,70"
    assert line["fill"] == "none" and line["stroke"] == "#000000"


def test_a_flat_hexagon_has_a_side_on_top(tmp_path: Path) -> None:
    body = SHAPES.replace("sides: 6,", "sides: 6, orientation: flat,")
    svg = draw(load(write(tmp_path, body)), "s")
    corners = [tuple(map(float, p.split(",")))
               for p in _attrs(svg, "polygon")[0]["points"].split()]
    tops = [c for c in corners if c[1] == pytest.approx(min(y for _, y in corners))]
    assert len(tops) == 2
    assert max(x for x, _ in corners) - min(x for x, _ in corners) == pytest.approx(20)


CARDS = """\
icons:
  crown: crown.svg
layouts:
  card:
    - type: text
      text: "{rank}"
      x: 4mm
      y: 4mm
      width: 12mm
      height: 10mm
      fill: {by: suit, values: {hearts: "#c00"}, default: black}
      font: {by: rank, values: {K: Vera}, default: DejaVu Sans}
    - {type: icon, icon: crown, x: 20mm, y: 20mm, width: 10mm, height: 10mm,
       when: {field: rank, is: [K, Q]}}
    - {type: text, text: "big", x: 4mm, y: 50mm, width: 40mm, height: 10mm,
       when: {field: value, min: 10}}
    - {type: text, text: "{rank}", x: 40mm, y: 70mm, width: 12mm, height: 10mm, rotate: 180}
faces:
  - id: c
    kind: layout
    layout: card
    name: "{rank}-{suit}"
    data: cards.csv
"""
CROWN = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="x" viewBox="0 0 20 10">
<sodipodi:namedview/><title>crown</title>
<g style="fill:currentColor"><path d="M0 10 L10 0 L20 10 Z" onclick="x()"/></g>
<rect x="0" y="8" width="20" height="2" fill="#b8860b"/></svg>"""


def test_styles_choose_by_a_field_and_conditions_show_elements(tmp_path: Path) -> None:
    table = "rank,suit,value\nK,hearts,13\n7,spades,7\n"
    definition = load(write(tmp_path, CARDS, {"cards.csv": table, "crown.svg": CROWN}))
    king, seven = draw(definition, "K-hearts"), draw(definition, "7-spades")
    assert [(t.text, t.get("fill")) for t in texts(king)][:2] == [("K", "#cc0000"),
                                                                   ("big", "#000000")]
    assert texts(king)[0].get("font-family", "").startswith("Vera")
    assert [(t.text, t.get("fill")) for t in texts(seven)][:1] == [("7", "#000000")]
    assert [t.text for t in texts(seven)] == ["7", "7"]
    crown = [g for g in king.iter(f"{SVG}g") if "scale" in (g.get("transform") or "")]
    assert len(crown) == 1 and not [g for g in seven.iter(f"{SVG}g")
                                    if "scale" in (g.get("transform") or "")]
    inner = "".join(e.tag + str(sorted(e.attrib.items())) for e in crown[0].iter())
    assert "onclick" not in inner and "currentColor" not in inner and "namedview" not in inner
    assert "#b8860b" in inner
    turned = [g.get("transform") for g in king.iter(f"{SVG}g")
              if (g.get("transform") or "").startswith("rotate")]
    assert turned == ["rotate(180 46 75)"]


def test_a_field_no_column_has_is_reported_where_the_layout_names_it(tmp_path: Path) -> None:
    path = write(tmp_path, CARDS, {"cards.csv": "rank,suite,value\nK,hearts,13\n",
                                   "crown.svg": CROWN})
    found = problems(path)
    assert ("game.yaml", 16, 13, "layout 'card' uses {suit} but face group 'c' (cards.csv) "
            "has no field 'suit' (did you mean 'suite'?) (its fields: rank, suite, value)"
            ) in found
    assert ("game.yaml", 27, 11, "name pattern uses suit but the group has no such "
            "attribute (did you mean 'suite'?)") in found


def test_a_value_that_by_does_not_list_points_at_the_cell(tmp_path: Path) -> None:
    body = CARDS.replace(", default: black", "")
    path = write(tmp_path, body, {"cards.csv": "rank,suit,value\nK,hearts,13\n7,spade,7\n",
                                  "crown.svg": CROWN})
    assert problems(path) == [("cards.csv", 3, 3, "card '7-spade': suit is 'spade', which the "
                               "values chosen by suit do not list (add it, or a default)")]


def test_when_compares_numbers_only_with_numbers(tmp_path: Path) -> None:
    path = write(tmp_path, CARDS, {"cards.csv": "rank,suit,value\nK,hearts,many\n",
                                   "crown.svg": CROWN})
    assert problems(path) == [("cards.csv", 2, 10, "card 'K-hearts': 'when' compares value "
                               "with a number, but it is 'many'")]


@pytest.mark.parametrize(("element", "at", "message"), [
    ("{type: rect, x: 3}", "3}", "length 3 needs a unit: mm, cm, in, pt or pc (e.g. '3mm') "
                                 "or a percentage of the card such as '50%'"),
    ("{type: rect, x: 3 mmm}", "3 mmm", "unknown unit 'mmm'"),
    ("{type: circle}", "circle", "'circle' is not one of: text, rect, ellipse, polygon, line, "
                                 "icon, image"),
    ("{type: polygon, fill: red}", "{type", "a polygon takes either points or sides"),
    ("{type: rect, fill: {by: suit}}", "fill", "missing required key 'values' in 'fill'"),
    ("{type: rect, fill: '{colour'}", "'{colour", "a '{' without its '}'"),
    ("{type: text, text: x, sise: 3pt}", "sise", "unknown key 'sise' (did you mean 'size'?)"),
    ("{type: line, points: [[1mm, 2mm]]}", "[[", "expected at least 2 item(s)"),
    ("{type: rect, when: {field: x, above: 3}}", "above", "unknown key 'above'"),
    ("{type: rect, opacity: 1.5}", "1.5", "expected a number from 0 to 1 or a percentage"),
])
def test_element_mistakes_are_located(tmp_path: Path, element: str, at: str,
                                      message: str) -> None:
    line = f"    - {element}"
    body = f"layouts:\n  shapes:\n{line}\nfaces:\n  - {{id: s, kind: layout, layout: shapes}}\n"
    found = problems(write(tmp_path, body))
    assert [(f, row, col) for f, row, col, _ in found] == [("game.yaml", 8,
                                                             line.index(at) + 1)]
    assert message in found[0][3]


@pytest.mark.parametrize(("group", "at", "message"), [
    ("{id: s, kind: layout, layout: shape}", "shape}",
     "there is no layout 'shape' (did you mean 'shapes'?) (layouts: shapes)"),
    ("{id: s, kind: layout}", "{id", "the kind 'layout' draws a layout: name it with layout: "
                                     "NAME"),
    ("{id: s, kind: playing-card, layout: shapes}", "shapes}",
     "the kind 'playing-card' draws its own faces and takes no layout (use kind: layout)"),
])
def test_layout_references_are_checked(tmp_path: Path, group: str, at: str,
                                       message: str) -> None:
    line = f"  - {group}"
    body = f"layouts:\n  shapes:\n    - {{type: rect}}\nfaces:\n{line}\n"
    assert problems(write(tmp_path, body)) == [("game.yaml", 10, line.index(at) + 1, message)]


ICON_FACE = """\
icons:
  mark: {source}
layouts:
  l:
    - {{type: icon, icon: "{{icon}}", width: 10mm, height: 10mm}}
faces:
  - {{id: i, kind: layout, layout: l, data: [{{icon: mark}}, {{icon: marc}}]}}
"""


def test_an_unknown_icon_names_the_card_and_the_icons(tmp_path: Path) -> None:
    body = ICON_FACE.format(source='{path: "M0 0 L1 1 Z", viewbox: "0 0 1 1"}')
    assert problems(write(tmp_path, body)) == [
        ("game.yaml", 12, 66, "card 'i-2': there is no icon 'marc' (did you mean 'mark'?) "
         "(icons: mark; declare it under icons:)")]


@pytest.mark.parametrize(("source", "files", "message"), [
    ("mark.svg", {"mark.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
                              '<text>x</text></svg>'},
     "mark.svg: the drawing uses <text>, which printkit does not place"),
    ("mark.svg", {"mark.svg": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg/>'},
     "declares a document type or entities"),
    ("mark.svg", {"mark.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
                              '<path d="M0 0" fill="url(#g)"/></svg>'},
     "refers to something printkit does not place, such as a gradient"),
    ("mark.svg", {"mark.svg": '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>'},
     "the drawing has no viewBox"),
    ("mark.svg", {"mark.svg": "<svg><path></svg>"}, "not well-formed XML at line 1"),
    ("mark.png", {"mark.png": "x"}, "an icon is an .svg file"),
    ('{path: "M0 0 Lx", viewbox: "0 0 1 1"}', {}, "'x' cannot appear in SVG path data"),
    ('{path: "M0 0 L1 1", viewbox: "0 0 1"}', {}, "'0 0 1' is not a view box"),
    ("../mark.svg", {}, "climbs out of the definition's folder"),
])
def test_icon_files_are_checked(tmp_path: Path, source: str, files: dict[str, str | bytes],
                                message: str) -> None:
    body = ICON_FACE.format(source=source).replace(", {icon: marc}", "")
    found = problems(write(tmp_path, body, files))
    assert [(f, line) for f, line, _, _ in found] == [("game.yaml", 7)]
    assert message in found[0][3]


def test_the_svg_reader_keeps_shapes_and_presentation_only() -> None:
    drawing = read_drawing(b'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="12" '
                           b'fill="none" stroke="currentColor"><g id="a" style="display:none">'
                           b'<path d="M0 0"/></g><circle cx="1" cy="2" r="3" data-x="y" '
                           b'style="stroke-width:2;cursor:pointer"/></svg>')
    assert drawing.view_box == (0, 0, 24, 12)
    assert drawing.body == ('<g fill="none" stroke="currentColor"><circle cx="1" cy="2" '
                            'r="3" stroke-width="2"/></g>')
    with pytest.raises(SvgRefused, match="uses clip-path"):
        read_drawing(b'<svg viewBox="0 0 1 1"><rect clip-path="url(#c)"/></svg>')
