"""The command line: exit statuses, determinism, and builds that never half-write."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.cli import Exit, main
from printkit.console import Console
from tests.conftest import ROOT, Run


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_building_twice_gives_byte_identical_files(tmp_path: Path, run_cli: Run) -> None:
    args = ("build", "stars-and-stripes", "--set", "decks=2", "--sheets", "sheets",
            "--sheets", "print-shop")
    assert run_cli(*args, "-o", str(tmp_path / "one")).status == 0
    assert run_cli(*args, "-o", str(tmp_path / "two")).status == 0
    one = _files(tmp_path / "one")
    two = _files(tmp_path / "two")
    assert one.keys() == two.keys()
    assert any(name.endswith(".pdf") for name in one)
    for name in one:
        assert one[name] == two[name], name


def test_a_failed_build_leaves_earlier_outputs_intact(tmp_path: Path, run_cli: Run) -> None:
    assert run_cli("build", "stars-and-stripes", "-o", str(tmp_path),
                   "--sheets", "sheets").status == 0
    before = _files(tmp_path)
    # a card too big for the paper fails late, after the faces were drawn
    result = run_cli("build", "stars-and-stripes", "-o", str(tmp_path), "--sheets", "sheets",
                     "--set", "card.size=200mm x 200mm")
    assert result.status == Exit.INPUT
    assert "does not fit" in result.err
    assert _files(tmp_path) == before
    assert not [p for p in tmp_path.rglob(".*") if p.name.startswith(".")]


def test_a_rebuild_replaces_the_whole_kit(tmp_path: Path, run_cli: Run) -> None:
    kit = tmp_path / "stars-and-stripes--sheets-calibration"
    run_cli("build", "stars-and-stripes", "-o", str(tmp_path), "--sheets", "calibration")
    (kit / "stale.txt").write_text("from an older build")
    run_cli("build", "stars-and-stripes", "-o", str(tmp_path), "--sheets", "calibration")
    assert not (kit / "stale.txt").exists()
    assert len(list((kit / "svg").glob("*.svg"))) == 39


def test_list_shows_games_and_variants(run_cli: Run) -> None:
    result = run_cli("list")
    assert result.status == 0
    assert "stars-and-stripes" in result.out
    assert "--variant large-15" in result.out


def test_check_passes_on_the_shipped_games(run_cli: Run) -> None:
    result = run_cli("check", "stars-and-stripes")
    assert result.status == 0, result.err
    assert "is valid" in result.out


def test_check_loads_no_pdf_writer() -> None:
    # check plans every part a build would write, so whatever a build refuses it refuses,
    # but it writes nothing: the PDF writers (reportlab, svglib) stay out of its process
    script = ("import sys\n"
              "from printkit.cli import main\n"
              "status = main(['check', '--jobs', '1'])\n"
              "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
              "('reportlab', 'svglib') or m in ('printkit.kit.write', 'PIL.Image'))\n"
              "print(status, loaded)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout + done.stderr


def test_bad_command_line_is_usage_status() -> None:
    process = subprocess.run([sys.executable, "-m", "printkit", "build", "--duplex", "sideways"],
                             capture_output=True, text=True, cwd=ROOT, check=False)
    assert process.returncode == Exit.USAGE
    assert "invalid choice: 'sideways'" in process.stderr


def test_errors_print_no_traceback_from_a_real_process(tmp_path: Path) -> None:
    bad = tmp_path / "mine.yaml"
    bad.write_text("game: mine\ntitle: Mine\ncard: {size: 60mm x 60mm, colour: red}\n")
    process = subprocess.run([sys.executable, "-m", "printkit", "check", str(bad)],
                             capture_output=True, text=True, cwd=ROOT, check=False)
    assert process.returncode == Exit.INPUT
    assert "Traceback" not in process.stderr
    assert f"{bad}:3:" in process.stderr
    assert "this definition prints nothing" in process.stderr


def test_progress_goes_to_stderr_and_quiet_silences_it(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["build", "stars-and-stripes", "-o", str(tmp_path), "--sheets", "calibration"],
                Console(out, err)) == 0
    assert "card faces" in err.getvalue()
    assert "files in" in out.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main(["-q", "build", "stars-and-stripes", "-o", str(tmp_path), "--sheets",
                 "calibration"], Console(out, err)) == 0
    assert err.getvalue() == ""


def test_global_options_work_anywhere(tmp_path: Path) -> None:
    for args in (["-q", "build", "stars-and-stripes"], ["build", "-q", "stars-and-stripes"],
                 ["build", "stars-and-stripes", "-q"]):
        out, err = io.StringIO(), io.StringIO()
        status = main([*args, "-o", str(tmp_path), "--sheets", "calibration"], Console(out, err))
        assert status == 0 and err.getvalue() == "", args
    out, err = io.StringIO(), io.StringIO()
    assert main(["build", "stars-and-stripes", "-o", str(tmp_path), "--sheets", "calibration",
                 "-v"], Console(out, err)) == 0
    assert "wrote " in err.getvalue() and "calibration.pdf" in err.getvalue()


def test_a_usage_error_exits_2_in_process() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["build", "--duplex", "sideways"], Console(out, err)) == Exit.USAGE
    assert "invalid choice: 'sideways'" in err.getvalue() and "usage:" in err.getvalue()


def test_an_internal_error_apologises_saves_a_report_and_exits_70(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.commands import list as list_command

    def broken(args: object, console: Console) -> int:
        raise RuntimeError("a bug somewhere deep")

    monkeypatch.setattr(list_command, "run", broken)
    out, err = io.StringIO(), io.StringIO()
    assert main(["list"], Console(out, err)) == Exit.INTERNAL
    text = err.getvalue()
    assert "internal error (RuntimeError)" in text and "bug in printkit" in text
    assert "Traceback" not in text and len(text.strip().splitlines()) == 1
    report = Path(text.split("the details are in ", 1)[1].split(".txt", 1)[0] + ".txt")
    assert "a bug somewhere deep" in report.read_text() and "Traceback" in report.read_text()
    report.unlink()
    out, err = io.StringIO(), io.StringIO()
    assert main(["list", "--debug"], Console(out, err)) == Exit.INTERNAL
    assert "Traceback" in err.getvalue() and "a bug somewhere deep" in err.getvalue()
    Path(err.getvalue().split("the details are in ", 1)[1].split(".txt", 1)[0] + ".txt").unlink()
