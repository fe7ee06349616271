"""Maps from YAML (issue 24 item 6): icons and pictures on spaces, from a row or from its
terrain; rivers, roads and walls along or across the sides of spaces; labels and track
numbers that can be turned off; and every mistake in these located, all at once."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.definition.mapfeatures import SIDES
from tests.conftest import Run

SVG = "{http://www.w3.org/2000/svg}"
HEAD = "game: maps\ntitle: Maps\n"
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<path d="M1 9 L5 1 L9 9 Z" fill="currentColor"/></svg>')
PICTURE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
           '<rect x="0" y="0" width="20" height="10" fill="#123456"/></svg>')


def board(body: str, grid: str = "{type: hex, orientation: pointy, columns: 5, rows: 4, "
          "size: 20mm}") -> str:
    """A definition with one board, ``map``, whose extra keys are ``body``."""
    return (HEAD + "icons:\n  tree: tree.svg\ncomponents:\n  map:\n    kind: board\n"
            f"    grid: {grid}\n" + body)


def build(tmp_path: Path, run_cli: Run, text: str, *extra: str) -> Path:
    """Build the definition ``text`` (with an icon and a picture beside it); the kit's
    folder."""
    (tmp_path / "tree.svg").write_text(ICON, encoding="utf-8")
    (tmp_path / "field.svg").write_text(PICTURE, encoding="utf-8")
    path = tmp_path / "maps.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("-q", "build", str(path), "-o", str(tmp_path / "out"), *extra)
    assert result.status == 0, result.err
    return tmp_path / "out" / "maps"


def drawn(kit: Path) -> ET.Element:
    return ET.fromstring((kit / "map.svg").read_text(encoding="utf-8"))


def lines(svg: ET.Element, colour: str) -> list[tuple[tuple[float, float], ...]]:
    """The end points of every line in ``colour``, each pair sorted."""
    found = []
    for line in svg.iter(f"{SVG}line"):
        if line.get("stroke") == colour:
            ends = ((float(line.get("x1", 0)), float(line.get("y1", 0))),
                    (float(line.get("x2", 0)), float(line.get("y2", 0))))
            found.append(tuple(sorted((round(x, 2), round(y, 2)) for x, y in ends)))
    return found


def polygon(svg: ET.Element, index: int) -> list[tuple[float, float]]:
    """The corners of the ``index``-th space drawn (row by row)."""
    shapes = list(svg.iter(f"{SVG}polygon"))
    return [(float(x), float(y)) for x, y in
            (p.split(",") for p in (shapes[index].get("points") or "").split())]


def centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def test_terrain_gives_spaces_a_fill_and_an_icon_and_a_row_may_change_them(
        tmp_path: Path, run_cli: Run) -> None:
    kit = build(tmp_path, run_cli, board(
        "    terrain:\n      forest: {fill: '#336633', icon: tree}\n"
        "      field: {fill: '#eedd99', picture: field.svg}\n"
        "    spaces:\n      - {at: A1, terrain: forest}\n"
        "      - {at: B1, terrain: forest, fill: '#aabbcc'}\n"
        "      - {at: C1, terrain: field, label: Farm}\n"
        "      - {at: D1, icon: tree}\n"))
    svg = drawn(kit)
    fills = [p.get("fill") for p in svg.iter(f"{SVG}polygon")]
    assert fills[:5] == ["#336633", "#aabbcc", "#eedd99", "none", "none"]
    text = (kit / "map.svg").read_text(encoding="utf-8")
    # the icon three times (A1 and B1 by their terrain, D1 by its own cell), white on the
    # dark forest, the board's ink elsewhere; the picture once, in its own colours
    assert text.count("M1 9 L5 1 L9 9 Z") == 3
    assert text.count('fill="#123456"') == 1
    assert [t.text for t in svg.iter(f"{SVG}text") if t.text == "Farm"] == ["Farm"]
    groups = [g for g in svg.iter(f"{SVG}g") if "scale(" in (g.get("transform") or "")]
    assert [g.get("fill") for g in groups] == ["#ffffff", "#1d2a44", "#1d2a44", "#1d2a44"]


def test_a_raster_picture_is_embedded_once_in_the_board(tmp_path: Path, run_cli: Run) -> None:
    image = Image.new("RGB", (40, 20), "#c03030")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    (tmp_path / "flag.png").write_bytes(buffer.getvalue())
    kit = build(tmp_path, run_cli, board("    spaces:\n      - {at: A1, picture: flag.png}\n"
                                         "      - {at: C3, picture: flag.png}\n"))
    text = (kit / "map.svg").read_text(encoding="utf-8")
    assert 'xmlns:xlink="http://www.w3.org/1999/xlink"' in text
    assert text.count("data:image/png;base64,") == 2
    reader = PdfReader(str(kit / "map-single.pdf"))
    assert sum(len(page.images) for page in reader.pages) == 1  # one image, drawn twice


def test_an_icon_stands_inside_its_space(tmp_path: Path, run_cli: Run) -> None:
    kit = build(tmp_path, run_cli, board("    spaces:\n      - {at: B2, icon: tree}\n"))
    svg = drawn(kit)
    hexagon = polygon(svg, 6)  # B2: row 2, column B
    group = next(g for g in svg.iter(f"{SVG}g") if "scale(" in (g.get("transform") or ""))
    numbers = [float(n) for n in re.findall(r"-?[0-9.]+", group.get("transform") or "")]
    left, top, scale = numbers[0], numbers[1], numbers[2]
    xs, ys = [p[0] for p in hexagon], [p[1] for p in hexagon]
    assert min(xs) < left and left + 10 * scale < max(xs)
    assert min(ys) < top and top + 10 * scale < max(ys)
    assert 10 * scale == pytest.approx(20 * 0.42, abs=0.01)  # ART_SHARE of the size


@pytest.mark.parametrize("grid", [
    "{type: hex, orientation: pointy, columns: 5, rows: 5, size: 20mm}",
    "{type: hex, orientation: flat, columns: 5, rows: 5, size: 20mm}",
    "{type: square, columns: 5, rows: 5, size: 20mm}",
], ids=["pointy", "flat", "square"])
@pytest.mark.parametrize("at", ["B2", "C3"], ids=["even", "odd"])
def test_a_side_and_the_space_across_it_name_the_same_line(tmp_path: Path, run_cli: Run,
                                                          grid: str, at: str) -> None:
    """For every side of a space, the river written by side, by the neighbour from this
    space, and by this space from the neighbour is the one segment: the side the two
    outlines share."""
    shape = "square" if "square" in grid else ("flat" if "flat" in grid else "pointy")
    sides = [name for name, _ in SIDES[shape]]
    rows = "".join(f"      - {{at: {at}, side: {side}, style: river}}\n" for side in sides)
    kit = build(tmp_path, run_cli, board("    features:\n" + rows, grid))
    svg = drawn(kit)
    by_side = lines(svg, "#2f6fb5")
    assert len(by_side) == len(sides) and len(set(by_side)) == len(sides)
    corners = {(round(x, 2), round(y, 2)) for x, y in polygon(svg, _index(at, 5))}
    for segment in by_side:  # each is a side of the space's own outline
        assert set(segment) <= corners
    # the same rivers written as pairs of spaces, both ways round
    for tag, (first, second) in (("to", ("at", "to")), ("back", ("to", "at"))):
        folder = tmp_path / tag
        folder.mkdir()
        pairs = "".join(f"      - {{{first}: {at}, {second}: {other}, style: river}}\n"
                        for other in _around(svg, at))
        again = drawn(build(folder, run_cli, board("    features:\n" + pairs, grid)))
        assert sorted(lines(again, "#2f6fb5")) == sorted(by_side), tag


def _index(name: str, columns: int) -> int:
    return (int(name[1:]) - 1) * columns + ord(name[0]) - ord("A")


def _around(svg: ET.Element, at: str) -> list[str]:
    """The names of the spaces that share a side with ``at`` (from the drawn outlines)."""
    mine = {(round(x, 2), round(y, 2)) for x, y in polygon(svg, _index(at, 5))}
    names = []
    for index in range(25):
        theirs = {(round(x, 2), round(y, 2)) for x, y in polygon(svg, index)}
        if len(mine & theirs) == 2:
            names.append(f"{chr(ord('A') + index % 5)}{index // 5 + 1}")
    return names


def test_a_road_joins_the_middles_and_leaves_the_map_at_a_side(tmp_path: Path,
                                                               run_cli: Run) -> None:
    kit = build(tmp_path, run_cli, board(
        "    feature_styles:\n      track: {draw: across, colour: '#aa5500', width: 1mm}\n"
        "    features:\n      - {at: B2, to: C2, style: road}\n"
        "      - {at: A1, side: W, style: track}\n"))
    svg = drawn(kit)
    b2, c2, a1 = (centre(polygon(svg, _index(n, 5))) for n in ("B2", "C2", "A1"))
    road = lines(svg, "#8a5a2b")
    assert road == [tuple(sorted((round(x, 2), round(y, 2)) for x, y in (b2, c2)))]
    (track,) = lines(svg, "#aa5500")
    west = min(polygon(svg, 0), key=lambda p: p[0])[0]  # the left side of A1
    assert (round(a1[0], 2), round(a1[1], 2)) in track
    assert any(math.isclose(x, west, abs_tol=0.01) for x, _ in track)


def test_labels_and_track_numbers_can_be_left_off(tmp_path: Path, run_cli: Run) -> None:
    text = (HEAD + "components:\n  map:\n    kind: board\n    labels: false\n"
            "    track: {columns: 4, rows: 1, size: 20mm, numbers: false}\n"
            "    grid: {type: square, columns: 2, rows: 1, size: 10mm, coordinates: false}\n"
            "    spaces:\n      - {at: 2, label: Start}\n      - {at: A1, label: Home}\n")
    svg = drawn(build(tmp_path, run_cli, text.replace("    grid: {type: square, columns: 2, "
                                                     "rows: 1, size: 10mm, coordinates: "
                                                     "false}\n", "").replace(
        "      - {at: A1, label: Home}\n", "")))
    assert [t.text for t in svg.iter(f"{SVG}text")] == ["Map"]  # the title alone
    shown = tmp_path / "shown"
    shown.mkdir()
    kept = drawn(build(shown, run_cli, HEAD + "components:\n  map:\n    kind: board\n"
                       "    track: {columns: 4, rows: 1, size: 20mm}\n"
                       "    spaces:\n      - {at: 2, label: Start}\n"))
    assert [t.text for t in kept.iter(f"{SVG}text")] == ["Map", "0", "1", "2", "Start", "3"]


BAD = """\
game: maps
title: Maps
icons:
  tree: tree.svg
components:
  map:
    kind: board
    grid: {type: hex, orientation: pointy, columns: 5, rows: 4, size: 20mm}
    track: {columns: 12, rows: 12, size: 12mm}
    terrain:
      forest: {fill: '#336633', icon: pine}
      marsh: {fill: swampy}
    spaces:
      - {at: A1, terrain: jungle}
      - {at: B1, icon: palm}
      - {at: C1, picture: missing.png}
    features:
      - {at: A1, side: N, style: river}
      - {at: A1, side: E, style: lava}
      - {at: A1, to: C3, style: road}
      - {at: A1, side: E, to: B1, style: wall}
      - {at: A1, style: wall}
      - {at: 3, side: E, style: wall}
tiling: {}
"""


def test_every_map_mistake_is_located_at_once(tmp_path: Path, run_cli: Run) -> None:
    (tmp_path / "tree.svg").write_text(ICON, encoding="utf-8")
    path = tmp_path / "maps.yaml"
    path.write_text(BAD, encoding="utf-8")
    result = run_cli("check", str(path))
    assert result.status == 1 and "Traceback" not in result.err
    found = [(int(m.group(1)), m.group(2)) for m in re.finditer(
        r"maps\.yaml:(\d+):\d+: error: (.*)", result.err)]
    expected = [
        (11, "there is no icon 'pine' (the icons are tree)"),
        (12, "'swampy' is not a colour"),
        (14, "'jungle' is not a terrain (the terrains are forest, marsh)"),
        (15, "there is no icon 'palm'"),
        (16, "missing.png"),
        (18, "'N' is not a side of this grid's spaces: the sides are E, SE, SW, W, NW, NE"),
        (19, "'lava' is not a feature style: the styles are river, road, wall"),
        (20, "'C3' is not next to 'A1': a feature joins two spaces that share a side"),
        (21, "give either side"),
        (22, "a feature needs side (E, SE, SW, W, NW, NE) or to (the neighbouring space)"),
        (23, "'3' is a track space: features lie along the sides of grid spaces"),
    ]
    for line, words in expected:
        assert any(at == line and words in message for at, message in found), (line, found)
    assert "unknown key 'tiling'" in result.err  # a top-level key, refused on its own line


def test_a_features_table_needs_its_columns_and_a_grid(tmp_path: Path, run_cli: Run) -> None:
    path = tmp_path / "maps.yaml"
    path.write_text(HEAD + "components:\n  map:\n    kind: board\n"
                    "    track: {columns: 4, rows: 1, size: 20mm}\n"
                    "    features:\n      - {at: 1, side: E, style: river}\n"
                    "  other:\n    kind: board\n"
                    "    grid: {type: square, columns: 3, rows: 3, size: 20mm}\n"
                    "    features:\n      - {at: A1, edge: E, style: river}\n",
                    encoding="utf-8")
    result = run_cli("check", str(path))
    assert result.status == 1
    assert re.search(r"maps\.yaml:8:9: error: .*features lie along the sides of grid "
                     r"spaces, and this board has no grid", result.err), result.err
    assert re.search(r"maps\.yaml:13:9: error: .*unknown column 'edge'; the columns are at",
                     result.err), result.err
