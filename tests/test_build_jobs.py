"""``--jobs`` of ``printkit build`` and ``check``: games built in worker processes give the
very files of a build in one process, checks say the same, and a game with a problem is
reported with its location as before."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import DECKS, Run

GAMES = ("i-vant-to-be-alone", "stars-and-bars")


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_games_built_at_once_are_the_games_built_one_after_the_other(
        run_cli: Run, tmp_path: Path) -> None:
    one = run_cli("-q", "build", *GAMES, "--jobs", "1", "-o", str(tmp_path / "one"))
    two = run_cli("-q", "build", *GAMES, "--jobs", "2", "-o", str(tmp_path / "two"))
    assert one.status == two.status == 0, one.err + two.err
    assert one.out == two.out.replace(str(tmp_path / "two"), str(tmp_path / "one"))
    files = _files(tmp_path / "one")
    assert {name.split("/")[0] for name in files} == set(GAMES)
    assert files == _files(tmp_path / "two")


def test_a_problem_in_a_worker_is_reported_at_its_line(run_cli: Run, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    text = (DECKS / "stars-and-stripes.yaml").read_text()
    broken.write_text(text.replace("bleed: 3mm", "bleed: 3 furlongs", 1))
    result = run_cli("build", "i-vant-to-be-alone", str(broken), "--jobs", "2",
                     "-o", str(tmp_path / "out"))
    assert result.status == 1
    line = next(n for n, row in enumerate(broken.read_text().splitlines(), 1)
                if "3 furlongs" in row)
    assert f"{broken}:{line}:" in result.err
    assert "Traceback" not in result.err
    assert (tmp_path / "out" / "i-vant-to-be-alone" / "booklet.pdf").is_file()


def test_jobs_must_be_a_count(run_cli: Run) -> None:
    result = run_cli("build", "--jobs", "-2")
    assert result.status == 2
    assert "--jobs" in result.err


def test_check_at_once_says_what_check_one_by_one_says(run_cli: Run, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text((DECKS / "stars-and-stripes.yaml").read_text().replace(
        "bleed: 3mm", "bleed: 3 furlongs", 1))
    one = run_cli("check", *GAMES, str(broken), "--jobs", "1")
    two = run_cli("check", *GAMES, str(broken), "--jobs", "3")
    assert one.status == two.status == 1
    assert (one.out, one.err) == (two.out, two.err)
    assert one.out.count("is valid") == 6  # each game and its two variants
    assert f"{broken}:" in one.err and "furlongs" in one.err
