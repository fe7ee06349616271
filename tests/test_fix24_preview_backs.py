"""The preview names where each back was written (issue 24 item 1): a face group's own
``back:``, a cards component's ``back:``, the deck's; not the deck's line for every back,
nor a component's name line."""

from __future__ import annotations

from pathlib import Path

from printkit.preview.render import render_preview

RED = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 60" width="40" height="60">'
       '<rect width="40" height="60" fill="#c03030"/></svg>')
GAME = """\
game: backs-where
title: Backs
card: {size: mini}
back: {layout: plain}
layouts:
  face:
    - {type: text, text: "{name}", x: 4mm, y: 4mm, width: 36mm, height: 8mm}
  plain:
    - {type: rect, bleed: true, fill: navy}
  special:
    - {type: rect, bleed: true, fill: darkgreen}
faces:
  - {id: a, kind: layout, layout: face, data: [{name: a1, look: special}],
     back: {layout: "{look}"}}
  - {id: b, kind: layout, layout: face, data: [{name: b1}],
     back: {image: backs/red.svg}}
  - {id: c, kind: layout, layout: face, data: [{name: c1}]}
components:
  extra:
    kind: cards
    size: mini
    faces: [{id: e, kind: layout, layout: face, data: [{name: e1, col: red}]}]
    back: {image: "backs/{col}.svg"}
"""


def test_each_back_names_the_line_of_its_own_back_key(tmp_path: Path) -> None:
    (tmp_path / "backs").mkdir()
    (tmp_path / "backs" / "red.svg").write_text(RED, encoding="utf-8")
    path = tmp_path / "backs-where.yaml"
    path.write_text(GAME, encoding="utf-8")
    preview = render_preview(path)
    assert not preview.problems
    lines = GAME.splitlines()
    shown = [(section.title, p.name, lines[int(p.source.rpartition(":")[2]) - 1].strip())
             for section in preview.sections if "back" in section.title
             for p in section.pictures]
    assert shown == [
        ("Cards: backs", "back of special", 'back: {layout: "{look}"}}'),  # group a's own
        ("Cards: backs", "back of red", "back: {image: backs/red.svg}}"),  # group b's own
        ("Cards: backs", "back", "back: {layout: plain}"),  # group c shows the deck's
        ("extra: back", "back", 'back: {image: "backs/{col}.svg"}'),  # the component's
    ]
