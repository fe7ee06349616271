"""Benchmark: ``printkit build`` of each shipped game, first build, second build (nothing
changed) and ``--no-cache``, each a fresh process; optionally the same for an older commit,
side by side in the same run.

    python bench/build_times.py [--builds 3] [--games GAME ...] [--against REV] [--now REV]

Each run builds a game three times with one fresh cache folder: first (the cache empty),
second (the cache as the first left it), then ``--no-cache``; the three kits are compared
file by file, byte for byte.  Wall seconds and CPU seconds (user and system, of the process
and its children) are measured for each; the table gives medians.  Python's compiled byte
code is kept in a folder of the bench's own (as an installed printkit has it) and made once
before anything is timed.  With ``--against REV`` the commit REV is exported into a
temporary folder and run the same way, alternating with the working tree (or with the
commit ``--now`` names, when other work in the tree is half done), so both are measured
under the same load.  The load average is printed at the start and the end: the
machine is shared.  ``bench/cache_bench.py`` runs this for its build table.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("stars-and-stripes", "i-vant-to-be-alone", "stars-and-bars", "star-battle",
           "white-star")
KINDS = ("first", "second", "no-cache")


def _load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


@dataclass(frozen=True)
class Tree:
    """printkit's code to run: the working tree, or a commit exported."""

    label: str
    folder: Path


@dataclass
class Times:
    """Wall and CPU seconds of each kind of build of one game by one tree."""

    wall: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    cpu: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    same: bool = True


def _environment(tree: Tree, cache_home: Path, byte_code: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(XDG_CACHE_HOME=str(cache_home), PYTHONPATH=str(tree.folder),
               PYTHONPYCACHEPREFIX=str(byte_code))
    return env


def _build(tree: Tree, game: str, output: Path, env: dict[str, str],
           *more: str) -> tuple[float, float]:
    """Wall and CPU seconds of one ``printkit build`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", "-q", "build", game, "-o", str(output),
                    *more], check=True, env=env, cwd=tree.folder, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def same_kits(left: Path, right: Path) -> bool:
    """Whether two kit folders hold the same files, byte for byte."""
    compared = filecmp.dircmp(left, right)
    if compared.left_only or compared.right_only or compared.funny_files:
        return False
    _, differ, errors = filecmp.cmpfiles(left, right, compared.common_files, shallow=False)
    if differ or errors:
        return False
    return all(same_kits(left / name, right / name) for name in compared.common_dirs)


def _run(tree: Tree, game: str, byte_code: Path, times: Times) -> None:
    with tempfile.TemporaryDirectory() as temp:
        where = Path(temp)
        env = _environment(tree, where / "cache", byte_code)
        for kind in KINDS:
            wall, cpu = _build(tree, game, where / kind, env,
                               *(["--no-cache"] if kind == "no-cache" else []))
            times.wall[kind].append(wall)
            times.cpu[kind].append(cpu)
        times.same = times.same and same_kits(where / "first", where / "second") and same_kits(
            where / "first", where / "no-cache")


def _export(rev: str, folder: Path) -> Tree:
    """The commit ``rev`` exported into ``folder``."""
    folder.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True,
                             capture_output=True).stdout
    (folder.parent / f"{folder.name}.tar").write_bytes(archive)
    with tarfile.open(folder.parent / f"{folder.name}.tar") as tar:
        tar.extractall(folder, filter="data")
    label = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.strip()
    return Tree(label, folder)


@contextmanager
def trees(against: str | None, now: str | None) -> Iterator[list[Tree]]:
    """The working tree (or the commit ``now``), and the commit ``against``, exported into a
    temporary folder."""
    with tempfile.TemporaryDirectory() as temp:
        found = [Tree("tree", ROOT) if now is None else _export(now, Path(temp) / "now")]
        if against is not None:
            found.insert(0, _export(against, Path(temp) / "against"))
        yield found


def builds(games: list[str], repeat: int, against: str | None = None,
           now: str | None = None) -> None:
    """Print the build table: medians of ``repeat`` runs of each game by each tree."""
    with tempfile.TemporaryDirectory() as temp, trees(against, now) as found:
        byte_code = Path(temp) / "pycache"
        for tree in found:  # byte code compiled once, untimed
            for game in games:
                with tempfile.TemporaryDirectory() as warm:
                    _build(tree, game, Path(warm) / "out",
                           _environment(tree, Path(warm) / "cache", byte_code), "--no-cache")
        print(f"builds (fresh processes, medians of {repeat}; wall / CPU seconds; "
              f"load {_load()} at the start):")
        print(f"  {'game':20} {'code':8} {'first':>13} {'second':>13} {'--no-cache':>13}"
              "  the three kits")
        for game in games:
            times = {tree.label: Times() for tree in found}
            for _ in range(repeat):
                for tree in found:  # alternating, so both see the same load
                    _run(tree, game, byte_code, times[tree.label])
            for tree in found:
                measured = times[tree.label]
                cells = [f"{statistics.median(measured.wall[k]):5.2f}/"
                         f"{statistics.median(measured.cpu[k]):5.2f}s" for k in KINDS]
                print(f"  {game:20} {tree.label:8} {cells[0]:>13} {cells[1]:>13} "
                      f"{cells[2]:>13}  {'identical' if measured.same else 'DIFFERENT'}")
        print(f"  load {_load()} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--builds", type=int, default=3, help="runs of each build")
    parser.add_argument("--games", nargs="*", default=list(SHIPPED))
    parser.add_argument("--against", metavar="REV",
                        help="also time this commit, side by side (e.g. HEAD~5)")
    parser.add_argument("--now", metavar="REV",
                        help="time this commit instead of the working tree")
    args = parser.parse_args()
    builds(args.games, args.builds, args.against, args.now)


if __name__ == "__main__":
    main()
