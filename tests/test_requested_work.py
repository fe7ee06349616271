"""Work a command is asked for is bounded like the input it reads (issue 28, item 3):
``simulate`` stops early, naming the ``seconds`` limit, once its first games show that the
games asked for cannot finish in time; the different drawings of a definition together are
held by ``svg-numbers-total``, so a build's drawing work is bounded however many faces
show them."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit import budget, limits
from printkit.cli import Exit
from tests.conftest import ROOT, Run


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    clock = _Clock()
    monkeypatch.setattr(time, "monotonic", clock)
    monkeypatch.setattr(budget, "_active", limits.Limits(seconds=100))
    monkeypatch.setattr(budget, "seconds_left", lambda: 100.0 - (clock.now - 1000.0))
    return clock


def test_a_run_that_cannot_finish_in_time_is_stopped_early_naming_the_limit(
        clock: _Clock) -> None:
    pace = budget.Pace("games", "ask for fewer --games")
    clock.now += 3.0
    with pytest.raises(budget.OverPace) as caught:
        pace.check(10, 10_000)  # 0.3 s a game: about 3,000 s more, with 97 s left
    message = str(caught.value)
    assert "10 of 10000 games took 3 s" in message
    assert "2,997 s more" in message
    assert "past the limit of 100 seconds (raise it with --limit seconds=N)" in message
    assert message.endswith("; or ask for fewer --games")


def test_a_run_that_could_just_fit_is_not_stopped(clock: _Clock) -> None:
    pace = budget.Pace("games", "ask for fewer --games")
    clock.now += 3.0
    pace.check(10, 300)  # 87 s more with 97 s left: it may finish
    pace.check(10, 480)  # 141 s more: within the margin of 1.5 times what is left
    with pytest.raises(budget.OverPace):
        pace.check(10, 500)  # 147 s more: past it


def test_no_judgement_before_it_settles_or_without_a_budget(
        clock: _Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    pace = budget.Pace("games", "")
    clock.now += budget.Pace.SETTLE / 2
    pace.check(1, 10**9)  # too early to judge
    clock.now += budget.Pace.SETTLE
    pace.check(0, 10**9)  # nothing done yet
    monkeypatch.setattr(budget, "seconds_left", lambda: None)
    pace.check(1, 10**9)  # no time budget enforced (a library caller)


def test_simulate_asked_for_a_billion_games_ends_early_and_cleanly(tmp_path: Path) -> None:
    process = subprocess.run(
        [sys.executable, "-m", "printkit", "--limit", "seconds=60", "simulate",
         "stars-and-stripes", "--games", "1000000000", "--jobs", "1"],
        capture_output=True, text=True, cwd=ROOT, check=False)
    assert process.returncode == Exit.INPUT, process.stderr
    [line] = process.stderr.strip().splitlines()[-1:]
    assert line.startswith("error: ") and " of 1000000000 games took " in line, line
    assert "--limit seconds=N" in line and "fewer --games" in line
    done = int(line.removeprefix("error: ").split(" of ")[0])
    assert 1 <= done < 1_000_000  # stopped on its pace, long before the games ran out
    assert "Traceback" not in process.stderr


# --- drawings together ---------------------------------------------------------------------

def _drawing(paths: int, seed: int) -> str:
    """An SVG of ``paths`` paths of 100 numbers each (plus its view box)."""
    shapes = "".join(
        '<path d="M0 0 ' + " ".join(f"L{(i * 7 + k + seed) % 99} {(i * 3 + k) % 99}"
                                    for i in range(49)) + ' Z"/>'
        for k in range(paths))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 99 99">{shapes}</svg>'


GAME = """game: drawings
title: Drawings
card:
  size: 63.5mm x 88.9mm
icons:
  mark: mark.svg
layouts:
  card:
    - {type: icon, icon: mark, x: 5mm, y: 5mm, width: 20mm, height: 20mm}
    - {type: image, src: "{pic}", x: 5mm, y: 30mm, width: 50mm, height: 50mm}
faces:
  - {id: card, kind: layout, layout: card, data: [%s]}
"""


def _game(folder: Path, faces: int) -> Path:
    folder.mkdir()
    (folder / "mark.svg").write_text(_drawing(10, 0))  # about 1,000 numbers
    for index in range(faces):
        (folder / f"p{index}.svg").write_text(_drawing(20, index + 1))  # about 2,000
    path = folder / "game.yaml"
    path.write_text(GAME % ", ".join(f"{{pic: p{i}.svg}}" for i in range(faces)))
    return path


def test_the_drawings_of_a_definition_together_are_held_by_a_named_limit(
        run_cli: Run, tmp_path: Path) -> None:
    game = _game(tmp_path / "game", 6)
    assert run_cli("--limit", "svg-numbers-total=20000", "check", str(game)).status == 0
    refused = run_cli("--limit", "svg-numbers-total=8000", "check", str(game))
    assert refused.status == 1
    assert "past the limit of 8000 numbers (raise it with --limit svg-numbers-total=N)" in (
        refused.err)
    assert "p3.svg" in refused.err and "game.yaml:" in refused.err  # located, the first over
    assert "Traceback" not in refused.err
    # the same picture on many faces counts once
    many = tmp_path / "many"
    many.mkdir()
    (many / "mark.svg").write_text(_drawing(10, 0))
    (many / "p.svg").write_text(_drawing(20, 1))
    (many / "game.yaml").write_text(GAME % ", ".join("{pic: p.svg}" for _ in range(50)))
    assert run_cli("--limit", "svg-numbers-total=4000", "check",
                   str(many / "game.yaml")).status == 0


def test_an_icon_counts_toward_the_total(run_cli: Run, tmp_path: Path) -> None:
    game = _game(tmp_path / "game", 1)
    refused = run_cli("--limit", "svg-numbers-total=500", "check", str(game))
    assert refused.status == 1 and "--limit svg-numbers-total=N" in refused.err
    assert "icons" in refused.err or "mark" in refused.err


# --- text laid out -------------------------------------------------------------------------

TEXT_GAME = """game: texts
title: Texts
card:
  size: 63.5mm x 88.9mm
layouts:
  card:
    - {type: text, text: "{text}", x: 3mm, y: 3mm, width: 57mm, height: 80mm}
faces:
  - {id: card, kind: layout, layout: card, data: rows.csv}
"""


def test_the_text_all_faces_lay_out_is_held_by_a_named_limit_said_once(
        run_cli: Run, tmp_path: Path) -> None:
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "game.yaml").write_text(TEXT_GAME)
    (folder / "rows.csv").write_text("text\n" + "".join(f"card {i} {'word ' * 38}\n"
                                                        for i in range(40)))  # 200 each
    game = str(folder / "game.yaml")
    assert run_cli("check", game).status == 0
    refused = run_cli("--limit", "text-total=5000", "check", game)
    assert refused.status == 1
    assert refused.err.count("--limit text-total=N") == 1  # once, not once per face after
    # 25 texts of 196-197 characters make 4,915; the 26th (line 27) crosses 5,000
    assert "rows.csv:27:1: error: card 'card-26': with this text the faces lay out " in (
        refused.err)
