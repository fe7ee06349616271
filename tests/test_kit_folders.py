"""Kit folders: a variant never replaces the default kit, a kit is replaced whole or not at
all (full disk, killed build), and leftovers of an interrupted build are tidied away."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.cli import Exit
from printkit.kit import outputs
from printkit.kit.outputs import OutputSet, tidy
from tests.conftest import ROOT, Run

FAST = ("--sheets", "calibration")


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_variant_builds_go_to_their_own_folders(tmp_path: Path, run_cli: Run) -> None:
    assert run_cli("build", "stars-and-stripes", "-o", str(tmp_path)).status == 0
    default = _files(tmp_path / "stars-and-stripes")
    for extra, folder in [
        (("--paper", "letter"), "stars-and-stripes--paper-letter"),
        (("--set", "decks=2", "--set", "players=3"), "stars-and-stripes--decks-2--players-3"),
        (("--variant", "two-player", "--bleed", "0"), "stars-and-stripes--two-player--bleed-0"),
        (FAST, "stars-and-stripes--sheets-calibration"),
    ]:
        result = run_cli("build", "stars-and-stripes", "-o", str(tmp_path), *extra)
        assert result.status == 0, result.err
        assert f"{tmp_path / folder}/" in result.out
        assert (tmp_path / folder / "calibration.pdf").is_file()
    assert _files(tmp_path / "stars-and-stripes") == default
    # options equal to the definition's own settings change nothing: the default kit
    result = run_cli("build", "stars-and-stripes", "-o", str(tmp_path), "--paper", "a4",
                     "--duplex", "long")
    assert f"{tmp_path / 'stars-and-stripes'}/" in result.out


def test_a_full_disk_leaves_the_kit_as_it_was(tmp_path: Path, run_cli: Run,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_cli("build", "stars-and-stripes", "-o", str(tmp_path), *FAST).status == 0
    before = _files(tmp_path)
    written: list[Path] = []
    real = outputs.write_file

    def fill_up(path: Path, data: bytes) -> None:
        if len(written) == 5:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        written.append(path)
        real(path, data)

    monkeypatch.setattr(outputs, "write_file", fill_up)
    result = run_cli("build", "stars-and-stripes", "-o", str(tmp_path), *FAST, "--set",
                     "card.safe_margin=4mm")
    assert result.status == Exit.BUILD
    assert "No space left on device" in result.err and "left as it was" in result.err
    assert "Traceback" not in result.err
    assert _files(tmp_path) == before  # no half-written file, no staged folder


_KILL_AFTER = """
import os, signal, sys
from printkit.kit import outputs
from printkit.cli import main
real, count = outputs.{name}, [0]
def dying(*args):
    count[0] += 1
    if 0 <= {after} < count[0]:
        os.kill(os.getpid(), signal.SIGKILL)
    result = real(*args)
    if {after} < 0:
        os.kill(os.getpid(), signal.SIGKILL)
    return result
outputs.{name} = dying
main(sys.argv[1:])
"""


@pytest.mark.parametrize(("name", "after"), [("write_file", 3), ("_exchange", -1)])
def test_a_killed_build_leaves_the_old_kit_whole(tmp_path: Path, run_cli: Run, name: str,
                                                 after: int) -> None:
    mine = tmp_path / "mine.yaml"
    text = (ROOT / "decks" / "stars-and-stripes.yaml").read_text()
    mine.write_text(text)
    out = tmp_path / "out"
    args = ["build", str(mine), "-o", str(out), *FAST]
    assert run_cli(*args).status == 0
    kit = out / "stars-and-stripes--sheets-calibration"
    before = _files(kit)
    mine.write_text(text.replace('star: "#ffffff"', 'star: "#ffd700"'))  # the designer edits
    process = subprocess.run([sys.executable, "-c", _KILL_AFTER.format(name=name, after=after),
                              *args], cwd=ROOT, capture_output=True, check=False)
    assert process.returncode == -signal.SIGKILL
    after_kill = _files(kit)
    if name == "write_file":  # killed while writing the new kit: the old one stands
        assert after_kill == before
    else:  # killed right after the swap, before tidying: the new kit stands, whole
        assert after_kill != before and after_kill.keys() == before.keys()
    assert [p.name for p in out.iterdir() if p.name.startswith(".")]  # leftovers
    assert run_cli(*args).status == 0
    assert not [p for p in out.iterdir() if p.name.startswith(".")]
    assert _files(kit).keys() == before.keys()


def test_tidy_puts_back_a_kit_set_aside_by_a_kill(tmp_path: Path) -> None:
    aside = tmp_path / ".kit.old-abc"
    aside.mkdir()
    (aside / "cards.pdf").write_bytes(b"old")
    (tmp_path / ".kit.new-def").mkdir()
    tidy(tmp_path / "kit")
    assert (tmp_path / "kit" / "cards.pdf").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]


def test_files_only_go_inside_the_kit() -> None:
    out = OutputSet(Path("/nonexistent"))
    for bad in ("../escape.pdf", "/etc/passwd", "svg/../../x", "", "a//b", "a\\\\b"):
        with pytest.raises(ValueError, match="not a plain relative path"):
            out.add(bad, b"")
    out.add("svg/ok.svg", "fine")
    assert out.files == {"svg/ok.svg": b"fine"}
