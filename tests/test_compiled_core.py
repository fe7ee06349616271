"""Stars and Stripes' playout core compiled with mypyc: the compiled module plays exactly the
games the Python source plays, and runs only while it was built from the source beside it
(:mod:`printkit.rules.compiled`)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from printkit.games.stars_and_stripes import core
from printkit.rules.compiled import (
    PURE_VARIABLE,
    RECORD_SUFFIX,
    has_compiled,
    is_compiled,
    is_fresh,
    record_text,
    sources_of,
)
from tests.conftest import ROOT

FOLDER = Path(core.__file__).parent
PACKAGES = FOLDER.parents[2]
"""The folder holding printkit's package."""
_GAMES = textwrap.dedent("""
    import hashlib, sys
    from printkit.games.stars_and_stripes import core
    from printkit.rules import registry
    from printkit.rules.compiled import is_compiled
    from printkit.simulator.agents import make_agent
    from printkit.simulator.simulate import game_generators, play_game
    digest = hashlib.sha256()
    for options, games in (({"players": 4, "decks": 1, "board_size": 7}, 40),
                           ({"players": 3, "decks": 2, "board_size": 9}, 20),
                           ({"players": 2, "decks": 1, "board_size": 7}, 40),
                           ({"players": 4, "decks": 4, "board_size": 15}, 4)):
        game = registry.engine_class("stars-and-stripes").from_options(options)
        for agent_name in ("random", "beginner"):
            agent = make_agent(agent_name, game)
            for index in range(games):
                record = play_game(game, agent, *game_generators(7, index))
                for state in record.states:  # every position and its legal moves in order
                    digest.update(repr(tuple(state)).encode())
                    digest.update(repr(list(game.legal_moves(state))).encode())
    print(is_compiled(core), digest.hexdigest())
""")


def _games(pure: bool) -> tuple[bool, str]:
    environment = {key: value for key, value in os.environ.items() if key != PURE_VARIABLE}
    if pure:
        environment[PURE_VARIABLE] = "1"
    done = subprocess.run([sys.executable, "-c", _GAMES], cwd=ROOT, env=environment,
                          capture_output=True, text=True, check=True)
    compiled, digest = done.stdout.split()
    return compiled == "True", digest


def _built() -> bool:
    return has_compiled(FOLDER, "core")


def test_the_compiled_core_plays_the_games_the_source_plays() -> None:
    if not _built():
        # CI installs with a C compiler: there the compiled core must have been built
        assert not os.environ.get("CI"), "setup.py did not compile the core with mypyc"
        pytest.skip("no compiled core here (installed without a C compiler)")
    compiled, fast = _games(pure=False)
    source, slow = _games(pure=True)
    assert (compiled, source) == (True, False)
    assert fast == slow


def test_the_installed_core_is_the_compiled_one_when_it_is_fresh() -> None:
    if _built() and is_fresh(FOLDER, "core", PACKAGES) and not os.environ.get(PURE_VARIABLE):
        assert is_compiled(core)
    else:
        assert not is_compiled(core)


def _package(tmp_path: Path, record: str | None) -> Path:
    """A package ``pkg`` with a module ``mod`` that imports a constant of ``pkg.values``, a
    stand-in for its compiled form (not a real extension: importing it fails) and, if
    given, a record of the sources compiled."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from printkit.rules.compiled import prefer_fresh\nprefer_fresh(__name__, 'mod')\n")
    (package / "mod.py").write_text("from pkg.values import SIZE\nFORM = f'source {SIZE}'\n")
    (package / "values.py").write_text("SIZE = 7\n")
    (package / f"mod{EXTENSION_SUFFIXES[0]}").write_bytes(b"not an extension module")
    if record is not None:
        (package / f"mod{RECORD_SUFFIX}").write_text(record)
    return package


def _import_mod(tmp_path: Path, pure: bool = False) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != PURE_VARIABLE}
    environment["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(ROOT)])
    if pure:
        environment[PURE_VARIABLE] = "1"
    return subprocess.run([sys.executable, "-c", "import pkg.mod; print(pkg.mod.FORM)"],
                          env=environment, capture_output=True, text=True, check=False)


@pytest.mark.parametrize("record", [None, "", "0" * 64 + "  pkg/mod.py\n", "not a record\n"])
def test_a_compiled_module_not_built_from_its_sources_is_passed_over(
        tmp_path: Path, record: str | None) -> None:
    _package(tmp_path, record)
    done = _import_mod(tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "source 7"


def test_a_compiled_module_built_from_its_sources_is_the_one_imported(
        tmp_path: Path) -> None:
    package = _package(tmp_path, None)
    assert sources_of(tmp_path, "pkg.mod") == [package / "mod.py", package / "values.py"]
    (package / f"mod{RECORD_SUFFIX}").write_text(record_text(tmp_path, "pkg.mod"))
    assert is_fresh(package, "mod", tmp_path)
    # the stand-in is what Python tries to import: it fails, which shows it was chosen
    done = _import_mod(tmp_path)
    assert done.returncode != 0 and "mod" in done.stderr
    # unless the source is asked for
    done = _import_mod(tmp_path, pure=True)
    assert done.returncode == 0 and done.stdout.strip() == "source 7"
    # an edit to a module it imports makes it stale (mypyc copies such constants in)
    (package / "values.py").write_text("SIZE = 9\n")
    assert not is_fresh(package, "mod", tmp_path)
    assert _import_mod(tmp_path).stdout.strip() == "source 9"
    # and so does an edit to its own source
    (package / f"mod{RECORD_SUFFIX}").write_text(record_text(tmp_path, "pkg.mod"))
    assert is_fresh(package, "mod", tmp_path)
    (package / "mod.py").write_text("FORM = 'edited source'\n")
    assert not is_fresh(package, "mod", tmp_path)
    assert _import_mod(tmp_path).stdout.strip() == "edited source"


def test_the_installed_record_lists_the_core_and_what_it_imports() -> None:
    """The build's record covers the constants mypyc copies in: those of state.py, say."""
    if not _built():
        assert not os.environ.get("CI"), "setup.py did not compile the core with mypyc"
        pytest.skip("no compiled core here (installed without a C compiler)")
    record = (FOLDER / f"core{RECORD_SUFFIX}").read_text(encoding="ascii")
    listed = {line.split("  ", 1)[1] for line in record.splitlines()}
    assert {"printkit/games/stars_and_stripes/core.py",
            "printkit/games/stars_and_stripes/state.py",
            "printkit/games/stars_and_stripes/moves.py",
            "printkit/rules/base.py", "printkit/rules/draws.py"} <= listed
    assert record == record_text(PACKAGES, "printkit.games.stars_and_stripes.core") or (
        not is_fresh(FOLDER, "core", PACKAGES))


def test_a_compiled_module_holds_no_doctest() -> None:
    """The checkout's conftest.py leaves a compiled module's source out of the doctest
    collection: nothing is lost only while it has no doctest."""
    setup = (ROOT / "setup.py").read_text()
    compiled = setup[setup.index("COMPILED = ("):].split(")", 1)[0]
    paths = [part.strip(' "') for part in compiled.removeprefix("COMPILED = (").split(",")
             if part.strip(' "')]
    assert paths == ["printkit/games/stars_and_stripes/core.py"]
    for path in paths:
        assert ">>>" not in (ROOT / path).read_text()
