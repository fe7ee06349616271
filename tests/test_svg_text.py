"""printkit.render.svgtext writes exactly what svgwrite's tostring() writes: for drawings
with every kind of content the renderers use, and for every face, back and board that the
shipped games draw."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import svgwrite

from printkit.kit.games import installed_games, resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.render import svgtext
from printkit.render.svgtext import svg_text


def test_a_drawing_with_every_kind_of_content() -> None:
    drawing = svgwrite.Drawing(size=("63.5mm", "88mm"), viewBox="-3 -3 69.5 94",
                               profile="full", debug=False)
    drawing.set_desc(title='Tom & Jerry <"quoted"> \'single\'', desc="line one\nline two")
    drawing.defs.add(drawing.style(".a { fill: #fff; } /* < & > */"))
    group = drawing.g(id="g1", transform="rotate(180 31.75 44)")
    group.add(drawing.rect((0, 0), (10.5, 20), fill="#123456", rx=1))
    group.add(drawing.path(d="M0 0 L 10 10 Z", stroke="black", stroke_width=0.25))
    group.add(drawing.polyline([(0, 0), (1.5, 2), (3, 0)], fill="none"))
    words = drawing.text("A & B < C > D \"E\"\tF", insert=(1, 2), font_family="Vera, 'DejaVu Sans'")
    words.add(drawing.tspan(" more", font_weight="bold"))
    group.add(words)
    group.add(drawing.circle((5, 5), 2, fill="none"))
    drawing.add(group)
    drawing.add(drawing.use("#g1", insert=(1, 1)))
    drawing.add(drawing.g())  # empty: written as <g />
    drawing.add(drawing.text("attribute\nwith\rbreaks", insert=(0, 0), **{"data-x": "a\nb\tc"}))
    assert svg_text(drawing) == drawing.tostring()


def test_a_character_utf8_cannot_hold_is_written_as_a_reference() -> None:
    drawing = svgwrite.Drawing(debug=False)
    drawing.add(drawing.text("caf\u00e9 \ud800", insert=(0, 0)))
    assert svg_text(drawing) == drawing.tostring()


def test_a_namespaced_tree_is_left_to_elementtree() -> None:
    root = ET.Element("{http://www.w3.org/2000/svg}svg", width="1")
    ET.SubElement(root, "rect", height="2")
    assert svgtext.tree_text(root) == ET.tostring(root, encoding="utf-8").decode("utf-8")


@pytest.mark.parametrize("game", [name for name in installed_games()])
def test_every_drawing_of_a_shipped_game_is_written_as_svgwrite_writes_it(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    written = svgtext.tree_text
    compared: list[int] = []

    def both(root: ET.Element) -> str:
        ours = written(root)
        assert ours == ET.tostring(root, encoding="utf-8").decode("utf-8")
        compared.append(len(ours))
        return ours

    monkeypatch.setattr(svgtext, "tree_text", both)
    prepare_kit(resolve(game), BuildOptions())
    assert compared, "the game drew nothing"
