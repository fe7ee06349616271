"""One broken game stops no other: the games of tests/broken_plugin are installed into a
folder of this test's own (a distribution's files, as pip would write them) and given to
printkit commands run in fresh interpreters, so nothing is installed where other tests or CI
would see it.  Beside them the shipped games list, build, check and simulate exactly as
without them, a build of one game imports no other game's modules, each broken game fails
alone with its distribution named, and a bug in a plugin's own code is blamed on it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from printkit.commands import build
from printkit.kit.games import installed_games
from printkit.plugins import GamePlugin, Resource, registered
from tests.conftest import ROOT, Run

PACKAGE = ROOT / "tests" / "broken_plugin"
DISTRIBUTION = "printkit-broken-game 0.1.0"
BROKEN = ("broken-faces", "broken-import", "buggy-faces", "mistyped-kinds")


def install(package: Path, site: Path) -> None:
    """Install ``package`` into ``site`` the way pip does for a plain wheel: its modules,
    and a ``.dist-info`` folder whose ``entry_points.txt`` is made from its pyproject.toml
    (so the entry points the tests use are the package's own)."""
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))
    meta = project["project"]
    for name in project["tool"]["setuptools"]["packages"]:
        shutil.copytree(package / name, site / name)
    info = site / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\n"
                                   f"Version: {meta['version']}\n", encoding="utf-8")
    lines = []
    for group, points in meta["entry-points"].items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the broken games, installed."""
    folder = tmp_path_factory.mktemp("site")
    install(PACKAGE, folder)
    return folder


def run_with(site: Path | None, *args: str, script: str | None = None
             ) -> subprocess.CompletedProcess[str]:
    """``printkit ARGS`` (or ``script``) in a fresh interpreter, from the repository root,
    with the games in ``site`` installed when it is given."""
    env = dict(os.environ)
    paths = [str(site)] if site is not None else []
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    command = ([sys.executable, "-c", script, *args] if script is not None
               else [sys.executable, "-m", "printkit", *args])
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600, check=False)


BUILD_AND_LIST_MODULES = """\
import json, sys
from printkit.cli import main
status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def test_the_package_is_not_installed_where_the_other_tests_run() -> None:
    from printkit.plugins import game_names

    assert not set(BROKEN) & set(game_names())


def test_list_shows_every_game_and_each_broken_one_with_its_error(site: Path,
                                                                  run_cli: Run) -> None:
    alone = run_cli("list")
    listed = run_with(site, "list")
    assert listed.returncode == 0, listed.stderr
    assert "Traceback" not in listed.stderr
    for line in alone.out.splitlines():  # every working game, its variants and all
        assert line in listed.stdout.splitlines()
    for name in ("broken-faces", "broken-import", "mistyped-kinds"):
        assert f"{name:<22} (cannot be used: see its error)" in listed.stdout
    # its definition loads: its bug shows only when a face is drawn
    assert f"{'buggy-faces':<22} Buggy Faces: 2 cards" in listed.stdout
    errors = listed.stderr.splitlines()
    assert errors == [  # each broken game once, not once for every game
        f"error: game plugin 'broken-faces' ({DISTRIBUTION}): cannot import "
        "printkit_broken_game.faces for its face_kinds: ImportError: the face kinds of "
        "broken-faces cannot be imported, on purpose",
        f"error: game plugin 'broken-import' ({DISTRIBUTION}) cannot be loaded from "
        "printkit_broken_game.explodes:PLUGIN: RuntimeError: printkit_broken_game.explodes "
        "fails when imported, on purpose",
        f"error: game plugin 'mistyped-kinds' ({DISTRIBUTION}): its face_kinds "
        "'.mistyped:FACE_KINDS' is a tuple whose item 0 is a str, not a "
        "printkit.render.kinds.FaceKind"]


def test_a_build_beside_broken_games_is_the_same_and_imports_no_other_game(
        site: Path, tmp_path: Path, run_cli: Run) -> None:
    alone = run_cli("build", "stars-and-stripes", "-q", "-o", str(tmp_path / "alone"))
    assert alone.status == 0, alone.err
    done = run_with(site, "build", "stars-and-stripes", "-q", "-o", str(tmp_path / "beside"),
                    script=BUILD_AND_LIST_MODULES)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["status"] == 0, done.stderr
    games = [m for m in report["modules"] if m.startswith("printkit.games.")]
    assert games and all(m.startswith("printkit.games.stars_and_stripes") for m in games)
    assert not [m for m in report["modules"] if m.startswith(("printkit_broken_game",
                                                              "printkit_toy_nim"))]
    kit = {p.relative_to(tmp_path / "alone"): p.read_bytes()
           for p in sorted((tmp_path / "alone").rglob("*")) if p.is_file()}
    again = {p.relative_to(tmp_path / "beside"): p.read_bytes()
             for p in sorted((tmp_path / "beside").rglob("*")) if p.is_file()}
    assert len(kit) > 40 and again == kit


def test_check_and_simulate_beside_broken_games_say_the_same(site: Path,
                                                             run_cli: Run) -> None:
    for args in (("check", "toy-nim"), ("check", "stars-and-stripes", "--variant", "two-player"),
                 ("simulate", "stars-and-stripes", "--games", "2", "--seed", "3", "-q"),
                 ("schema", "--markdown")):
        alone = run_cli(*args)
        beside = run_with(site, *args)
        assert alone.status == 0 and beside.returncode == 0, beside.stderr
        assert beside.stdout == alone.out


def test_each_broken_game_fails_alone_naming_its_distribution(site: Path) -> None:
    done = run_with(site, "check", "broken-import", "toy-nim", "broken-faces", "--jobs", "1")
    assert done.returncode == 1
    assert "toy-nim: Toy Nim is valid" in done.stdout
    assert (f"error: game plugin 'broken-import' ({DISTRIBUTION}) cannot be loaded from "
            "printkit_broken_game.explodes:PLUGIN: RuntimeError: printkit_broken_game."
            "explodes fails when imported, on purpose") in done.stderr
    assert (f"error: game plugin 'broken-faces' ({DISTRIBUTION}): cannot import "
            "printkit_broken_game.faces for its face_kinds") in done.stderr
    assert "Traceback" not in done.stderr


def test_check_of_every_game_checks_each_working_one_and_names_the_broken(
        site: Path) -> None:
    done = run_with(site, "check", "--jobs", "2")
    assert done.returncode == 70  # the worst found: buggy-faces' bug
    for name in installed_games():
        assert f"{name}: " in done.stdout and f"{name} --variant" in done.stdout
    assert done.stdout.count(" is valid (") == len(done.stdout.splitlines())
    errors = done.stderr.splitlines()
    # a plugin is checked whole when it loads: the three that cannot be loaded first, by
    # name, then the bug found while checking the one that loads
    assert [e.split(":")[0] for e in errors] == ["error", "error", "error", "printkit"]
    assert "'broken-faces'" in errors[0] and "'broken-import'" in errors[1]
    assert "'mistyped-kinds'" in errors[2] and "its face_kinds" in errors[2]
    assert "in the game plugin 'buggy-faces'" in errors[3]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_blames_a_bug_in_a_plugins_code_on_it_and_checks_the_rest(site: Path,
                                                                         jobs: str) -> None:
    done = run_with(site, "check", "buggy-faces", "toy-nim", "--jobs", jobs)
    assert done.returncode == 70
    assert "toy-nim: Toy Nim is valid" in done.stdout
    assert done.stderr == (
        "printkit: internal error (ZeroDivisionError: float division by zero) in the game "
        f"plugin 'buggy-faces' ({DISTRIBUTION}) while checking buggy-faces: this is a bug in "
        "that plugin, not in printkit or your input. Please send it to the plugin's authors "
        "(printkit check buggy-faces --debug shows where it happened).\n")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_build_blames_a_bug_in_a_plugins_code_on_it(site: Path, tmp_path: Path,
                                                    jobs: str) -> None:
    done = run_with(site, "build", "buggy-faces", "toy-nim", "--jobs", jobs, "-o",
                    str(tmp_path))
    assert done.returncode == 70
    # the parent of worker processes has not loaded the plugin: its traceback, sent back as
    # text, is in the distribution's folder, which three games share
    named = (f"in the game plugin 'buggy-faces' ({DISTRIBUTION})" if jobs == "1"
             else f"in the game plugins of {DISTRIBUTION}")
    assert f"printkit: internal error (ZeroDivisionError) {named}: this is a bug in that " \
           "plugin, not in printkit or your input" in done.stderr, done.stderr
    assert "bug in printkit" not in done.stderr and "Traceback" not in done.stderr


def test_a_build_of_every_game_builds_all_but_the_broken_and_names_it(
        tmp_path: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    lost = GamePlugin(name="lost-definition", title="Lost", package="no_such_package",
                      definition=Resource("no_such_package", "lost.yaml"))
    monkeypatch.setattr(build, "installed_games", lambda: ("lost-definition", "toy-nim"))
    with registered(lost):
        for jobs in ("1", "2"):
            done = run_cli("build", "-q", "--jobs", jobs, "-o", str(tmp_path / jobs))
            assert done.status == 1
            assert done.out == f"Toy Nim: 15 files in {tmp_path / jobs / 'toy-nim'}/\n"
            assert done.err.startswith("error: game plugin 'lost-definition': cannot find "
                                       "its definition no_such_package/lost.yaml")
        named = run_cli("build", "-q", "lost-definition", "toy-nim", "-o", str(tmp_path / "n"))
    assert named.status == 1 and named.out == ""  # named games: the first problem stops it


def test_a_game_name_two_distributions_declare_is_refused_alone(tmp_path: Path,
                                                                run_cli: Run) -> None:
    info = tmp_path / "printkit_clash-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: printkit-clash\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[printkit.games]\ntoy-nim = no_such_module:PLUGIN\n")
    alone = run_cli("list")
    listed = run_with(tmp_path, "list")
    assert listed.returncode == 0
    assert listed.stderr == (
        "error: the game 'toy-nim' is declared by more than one installed distribution "
        "(printkit-clash 1.0, printkit-toy-nim 0.1.0): uninstall all but one\n")
    assert f"{'toy-nim':<22} (cannot be used: see its error)" in listed.stdout
    others = [line for line in alone.out.splitlines() if "toy-nim" not in line
              and "Three players share the piles" not in line]
    assert [line for line in listed.stdout.splitlines() if "toy-nim" not in line] == others
