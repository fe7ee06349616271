"""check refuses a kit whose drawings a build could not hold in memory: every different
face and back is held twice as SVG text (the drawing and the file queued to write), and a
picture is inside the text of each face that shows it, so a large picture on many faces,
each picture within every per-picture limit, is stopped by check, located, instead of
running the build out of memory."""

from __future__ import annotations

from pathlib import Path

from printkit.cli import Exit
from tests.conftest import Run

DEFINITION = """game: held
title: Held
card:
  size: 63.5mm x 88.9mm
layouts:
  card:
    - {type: rect, fill: "#ffffff", bleed: true}
    - {type: image, src: picture.svg, x: 5mm, y: 20mm, width: 50mm, height: 50mm}
    - {type: text, text: "{name}", x: 4mm, y: 4mm, width: 50mm, height: 10mm}
faces:
  - {id: c, kind: layout, layout: card, data: [%s]}
"""


def _game(folder: Path, faces: int) -> Path:
    points = " ".join(f"L{i % 97} {(i * 7) % 89}" for i in range(4_000))
    (folder / "picture.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<path d="M0 0 {points} Z" fill="#a03030"/></svg>')
    rows = ", ".join(f"{{name: N{n}}}" for n in range(faces))
    path = folder / "held.yaml"
    path.write_text(DEFINITION % rows)
    return path


def test_a_picture_on_many_faces_is_counted_in_every_face(tmp_path: Path,
                                                          run_cli: Run) -> None:
    path = _game(tmp_path, 30)
    result = run_cli("check", str(path))
    assert result.status == Exit.OK, result.err
    # the 30 faces carry the picture's 4,000 points each: 30 times about 28,000 characters
    result = run_cli("check", str(path), "--limit", "memory=1000000")
    assert result.status == Exit.INPUT
    assert "held.yaml:10:1: error: the different faces and backs drawn come to" in result.err
    assert "--limit memory=N" in result.err and "Traceback" not in result.err
    held = int(result.err.split("come to ")[1].split()[0])
    assert 30 * 4_000 * 6 < held < 30 * 4_000 * 12
    result = run_cli("check", str(path), "--limit", f"memory={3 * held}")
    assert result.status == Exit.OK, result.err
