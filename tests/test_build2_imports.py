"""What a second ``printkit build`` of an unchanged kit loads: the command line and the cache,
not the definition, booklet or drawing layers, nor reportlab, Jinja or svglib
(printkit/kit/wholekit.py, the commands' lazy imports).  Modules are listed at the end
of a fresh process, never timed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.cli import command_named
from tests.conftest import ROOT

HEAVY = ("printkit.kit.build", "printkit.kit.prepare", "printkit.definition.load",
         "printkit.booklet.build", "reportlab", "jinja2", "svglib", "PIL")


_RUN = """
import runpy, sys
arguments, listing = sys.argv[1:-1], sys.argv[-1]
sys.argv = ["printkit", *arguments]
status = 0
try:
    runpy.run_module("printkit", run_name="__main__", alter_sys=True)
except SystemExit as stop:
    status = stop.code
with open(listing, "w", encoding="utf-8") as out:
    out.write("\\n".join(sorted(sys.modules)))
sys.exit(status)
"""
"""``python -m printkit ARGUMENTS`` that writes the names of the modules loaded at the end
into the file named last."""


def _imported(*arguments: str, cache: Path) -> tuple[set[str], str]:
    """The modules a ``printkit`` process loads, and what it printed on stderr."""
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    listing = cache.parent / "modules.txt"
    done = subprocess.run([sys.executable, "-c", _RUN, *arguments, str(listing)],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return set(listing.read_text(encoding="utf-8").splitlines()), done.stderr


def test_a_second_build_of_an_unchanged_kit_loads_no_drawing_code(tmp_path: Path) -> None:
    build = ("-q", "build", "toy-nim", "-o", str(tmp_path / "out"))
    first, _ = _imported(*build, cache=tmp_path / "cache")
    assert set(HEAVY) <= first
    second, said = _imported(*build, cache=tmp_path / "cache")
    assert said == ""
    assert "printkit.kit.wholekit" in second
    assert not set(HEAVY) & second, sorted(set(HEAVY) & second)


def test_other_commands_load_the_drawing_layers_before_their_budget(tmp_path: Path) -> None:
    modules, _ = _imported("-q", "check", "toy-nim", cache=tmp_path / "cache")
    assert {"printkit.kit.prepare", "printkit.kit.bookletlint"} <= modules


@pytest.mark.parametrize(("arguments", "command"), [
    (["build", "x.yaml"], "build"),
    (["-q", "--limit", "seconds=5", "check"], "check"),
    (["--limit", "build", "simulate"], "simulate"),
    (["--debug", "-v"], None),
])
def test_the_command_is_the_first_word_not_an_option(arguments: list[str],
                                                     command: str | None) -> None:
    assert command_named(arguments) == command
