"""``printkit new --plugin NAME`` writes a game package that installs with pip, keeps the
engine and plugin contracts, and checks and builds with its booklet's example verified.

The package is installed with pip into a scratch folder (never into the environment
running the tests) and used from fresh interpreters whose ``PYTHONPATH`` holds it.
"""

from __future__ import annotations

import html
import importlib.metadata
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.commands.new import PLUGIN_FILES, class_of, package_of
from tests.conftest import ROOT, Run

NAME = "demo-game"
PACKAGE = "printkit_demo_game"
DOUBLED = re.compile(r"\b(\w+)s? \1\b", re.IGNORECASE)


def _builds_wheels_offline() -> bool:
    """Whether this environment can build a wheel itself (setuptools 70.1 and later build
    them alone, older ones need the wheel package); if not, pip builds in an isolated
    environment of its own, fetching setuptools."""
    if importlib.util.find_spec("wheel") is not None:
        return True
    version = importlib.metadata.version("setuptools").split(".")
    return (int(version[0]), int(version[1])) >= (70, 1)


def _install(folder: Path, site: Path) -> Path:
    """pip installs the package in ``folder`` into ``site`` (a scratch folder)."""
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-compile",
           "--disable-pip-version-check", "--target", str(site), str(folder)]
    if _builds_wheels_offline():
        pip.append("--no-build-isolation")
    installed = subprocess.run(pip, capture_output=True, text=True, check=False)
    assert installed.returncode == 0, installed.stderr
    return site


def _run(args: list[str], site: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)


def test_the_plugin_scaffold_installs_checks_and_builds(run_cli: Run, tmp_path: Path) -> None:
    made = run_cli("new", "--plugin", NAME, "-o", str(tmp_path))
    assert made.status == 0, made.err
    folder = tmp_path / NAME
    written = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert written == sorted(t.format(name=NAME, package=PACKAGE)
                             for t in PLUGIN_FILES.values())
    assert not [p for p in folder.rglob("*")
                if p.is_file() and re.search(r"__[A-Z]+__", p.read_text())]
    pyproject = (folder / "pyproject.toml").read_text()
    assert f'[project.entry-points."printkit.games"]\n{NAME} = "{PACKAGE}:PLUGIN"' in pyproject

    site = _install(folder, tmp_path / "site")
    assert (site / PACKAGE / f"{NAME}.yaml").is_file()
    assert (site / PACKAGE / "cards.csv").is_file()

    # the package imports from the install, keeps both contracts, and its own tests pass
    away = tmp_path / "elsewhere"  # no folder named like the game beside the commands
    away.mkdir()
    contract = _run([sys.executable, "-c", (
        f"import {PACKAGE}, {PACKAGE}.rules as r\n"
        f"assert {PACKAGE}.__file__.startswith({str(site)!r}), {PACKAGE}.__file__\n"
        "from printkit.testing import check_engine\n"
        "from printkit import plugins\n"
        f"print(check_engine(r.{class_of(NAME)}(), seeds=range(20)).games)\n"
        f"print(plugins.find({NAME!r}).part_problems())\n")], site, away)
    assert contract.returncode == 0, contract.stderr
    assert contract.stdout.split() == ["20", "[]"]
    own_tests = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                      str(folder / "tests")], site, away)
    assert own_tests.returncode == 0, own_tests.stdout + own_tests.stderr
    assert "2 passed" in own_tests.stdout

    checked = _run([sys.executable, "-m", "printkit", "check", NAME], site, away)
    assert checked.returncode == 0, checked.stderr
    assert f"{NAME}: Demo Game is valid" in checked.stdout
    assert checked.stdout.count("1 booklet example verified") == 2  # and its variant

    built = _run([sys.executable, "-m", "printkit", "-q", "build", NAME, "--jobs", "1",
                  "-o", str(tmp_path / "out")], site, away)
    assert built.returncode == 0, built.stderr
    kit = tmp_path / "out" / NAME
    for name in ("cards.pdf", "booklet.pdf", "booklet.html"):
        assert (kit / name).stat().st_size > 1000, name
    booklet = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(
        r"<style.*?</style>", "", (kit / "booklet.html").read_text(), flags=re.S)))
    words = " ".join(booklet.split())
    # the example's sentences: the game's phrase for its claim, printkit's for the rest
    assert "P1's move: take 3 . No counter is left. P1 wins." in words
    sentences = words[words.index("Moves:"):words.index("P1 wins.")]
    assert "null" not in words and not DOUBLED.search(sentences), sentences


def test_a_broken_example_in_the_scaffold_is_caught(run_cli: Run, tmp_path: Path) -> None:
    """The booklet's example is checked by the engine: a false claim fails ``check``."""
    assert run_cli("new", "--plugin", NAME, "-o", str(tmp_path)).status == 0
    template = tmp_path / NAME / PACKAGE / f"{NAME}.md.j2"
    text = template.read_text()
    assert "  left: 0\n" in text
    template.write_text(text.replace("  left: 0\n", "  left: 1\n"))
    site = _install(tmp_path / NAME, tmp_path / "site")
    checked = _run([sys.executable, "-m", "printkit", "check", NAME], site, tmp_path / NAME)
    assert checked.returncode == 4  # an example the engine disagrees with
    assert "claim 'left' is false: the engine says 0" in checked.stderr
    assert f"{NAME}.md.j2:22:3" in checked.stderr


@pytest.mark.parametrize("bad", ["nul", "COM1", "Demo_Game", "../escape", "-x"])
def test_plugin_names_are_refused_like_game_names(run_cli: Run, tmp_path: Path,
                                                  bad: str) -> None:
    refused = run_cli("new", "--plugin", bad, "-o", str(tmp_path))
    assert refused.status == 2, refused.err
    assert list(tmp_path.iterdir()) == []


def test_the_plugin_scaffold_never_writes_over_a_file(run_cli: Run, tmp_path: Path) -> None:
    assert run_cli("new", "--plugin", NAME, "-o", str(tmp_path)).status == 0
    rules = tmp_path / NAME / PACKAGE / "rules.py"
    rules.write_text("# my own rules\n")
    again = run_cli("new", "--plugin", NAME, "-o", str(tmp_path))
    assert again.status == 1 and "never writes over a file" in again.err
    assert "already holds 10 of the files" in again.err
    assert rules.read_text() == "# my own rules\n"


def test_a_plugin_may_not_take_an_installed_game_s_name(run_cli: Run, tmp_path: Path) -> None:
    refused = run_cli("new", "--plugin", "toy-nim", "-o", str(tmp_path))
    assert refused.status == 1
    assert "game plugin 'toy-nim' (printkit-toy-nim 0.1.0) is already installed" in refused.err
    assert list(tmp_path.iterdir()) == []
    # a definition of that name, played by no plugin of its own, is still allowed
    assert run_cli("new", "toy-nim", "-o", str(tmp_path)).status == 0


def test_package_and_class_names_are_python_names() -> None:
    assert package_of("3-stones") == "printkit_3_stones"
    assert class_of("3-stones") == "Game3Stones"
    assert class_of("space-race") == "SpaceRace"
    for name in ("3-stones", "space-race", "a"):
        assert package_of(name).isidentifier() and class_of(name).isidentifier()


def test_the_scaffold_modules_compile_for_any_name(run_cli: Run, tmp_path: Path) -> None:
    assert run_cli("new", "--plugin", "3-stones", "-o", str(tmp_path)).status == 0
    modules = sorted((tmp_path / "3-stones").rglob("*.py"))
    assert len(modules) == 4
    for module in modules:
        compile(module.read_text(), str(module), "exec")


def test_the_scaffold_type_checks_against_printkit_on_a_plain_path(run_cli: Run,
                                                                  tmp_path: Path) -> None:
    """What the scaffold's README installs with (``editable_mode=compat``) puts printkit
    and the game on plain ``.pth`` path lines, which mypy follows (it does not run the
    import hook of pip's default editable mode): the generated code then passes
    ``mypy --strict`` against printkit's own annotations."""
    assert run_cli("new", "--plugin", NAME, "-o", str(tmp_path)).status == 0
    folder = tmp_path / NAME
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages",
                    str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "printkit_compat.pth").write_text(f"{ROOT}\n{folder}\n")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-executable", str(python),
         "--cache-dir", str(tmp_path / "cache"), PACKAGE, "tests"],
        cwd=folder, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Success: no issues found in 4 source files" in checked.stdout
    linted = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config",
                             str(ROOT / "pyproject.toml"), "."],
                            cwd=folder, capture_output=True, text=True, check=False)
    assert linted.returncode == 0, linted.stdout + linted.stderr  # printkit's own lint rules


def test_a_folder_named_like_an_installed_game_does_not_hide_it(
        run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Beside the folder ``printkit new --plugin`` made, the game's name is still the
    installed game (it was taken for the folder, and even ``printkit list`` failed)."""
    (tmp_path / "toy-nim").mkdir()
    monkeypatch.chdir(tmp_path)
    checked = run_cli("check", "toy-nim")
    assert checked.status == 0, checked.err
    assert "toy-nim: Toy Nim is valid" in checked.out
    listed = run_cli("list")
    assert listed.status == 0 and "cannot be used" not in listed.out
    assert "toy-nim                Toy Nim: 6 cards" in listed.out
    built = run_cli("-q", "build", "toy-nim", "--jobs", "1", "-o", str(tmp_path / "out"))
    assert built.status == 0, built.err
    assert (tmp_path / "out" / "toy-nim" / "cards.pdf").is_file()
    (tmp_path / "not-a-game").mkdir()  # a folder of no game's name is still refused
    for command in ("check", "build"):
        refused = run_cli(command, "not-a-game")
        assert refused.status == 1 and "'not-a-game' is a folder" in refused.err
