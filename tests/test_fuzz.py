"""Property-based fuzzing of everything a user can hand printkit: definitions, positions and
moves in each game's notation, example files and command lines, each mutated at random.

Whatever the input: no traceback, an exit status in {0, 1, 2, 3, 4} (never 70, an internal
error), bounded time and memory, and ``check`` and ``build`` agree (a definition that
``check`` passes builds).  CI runs a bounded number of cases (``PRINTKIT_FUZZ_EXAMPLES``,
default 25 a property); ``python bench/fuzz.py`` runs thousands and reports what it found.
"""

from __future__ import annotations

import io
import os
import random
import resource
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from printkit.cli import main
from printkit.console import Console
from printkit.errors import PrintkitError
from printkit.examples.check import check_document
from printkit.rules import registry
from printkit.rules.base import IllegalMoveError, NotationError
from printkit.yamlsource import parse
from tests.conftest import ROOT

EXAMPLES = int(os.environ.get("PRINTKIT_FUZZ_EXAMPLES", "25"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="PRINTKIT_FUZZ_SEED" not in
                os.environ, suppress_health_check=[HealthCheck.too_slow,
                                                   HealthCheck.function_scoped_fixture])
ALLOWED = {0, 1, 2, 3, 4}
SECONDS = 60.0
MEMORY_KB = 1_000_000

NASTY = [
    "9" * 40, "-1", "0", "1..7", "-3..6", "[1, x]", "{}", "'{}'", '"{stars!r}"', "../../x",
    "/etc/passwd", "!!int x", "!!binary aGk=", "2001-12-14", ".nan", ".inf", "&a [*a]",
    "*nope", '"\\0"', '"\\e[31m"', "'" + "x" * 300 + "'", "[[[[[[[[[[[[]]]]]]]]]]]]", "null",
    "true", "~", "''", "99999999999", "1e308", "63.5mm x 63.5mm", "3", "3mm", "a4", "letter",
    "300mm x 4mm", "{a: 1}", "[]", "large-15", "stars-and-stripes", "trump", "pattern",
    '"{deck}"', "1..100000", "#ff00zz", "red", "x.md.j2", "\u00e9\u00e8\u2605",
]
DEFINITIONS = [ROOT / "decks" / "stars-and-stripes.yaml",
               ROOT / "tests" / "plugin_game" / "printkit_toy_nim" / "toy-nim.yaml"]
EXAMPLE_FILES = sorted((ROOT / "tests" / "data" / "examples").glob("*.yaml"))


def _run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    status = main(list(args), Console(out, err))
    elapsed = time.monotonic() - started
    text = err.getvalue()
    assert "Traceback" not in text and "internal error" not in text, (args, text)
    assert status in ALLOWED, (args, status, text)
    assert elapsed < SECONDS, (args, elapsed)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert peak < MEMORY_KB, f"memory peaked at {peak} kB"
    return status, text


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with one to three random edits of its lines."""
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["value", "value", "delete", "copy", "insert", "indent",
                                       "cut", "chars"]))
        line = lines[index]
        if action == "value" and ":" in line:
            key = line.split(":", 1)[0]
            lines[index] = f"{key}: {draw(st.sampled_from(NASTY))}"
        elif action == "delete":
            del lines[index]
        elif action == "copy":
            lines.insert(index, line)
        elif action == "insert":
            indent = " " * draw(st.sampled_from([0, 2, 4, 6]))
            word = draw(st.sampled_from(["decks", "players", "board_size", "stars", "name",
                                         "kind", "size", "template", "count", "paper", "x"]))
            lines.insert(index, f"{indent}{word}: {draw(st.sampled_from(NASTY))}")
        elif action == "indent":
            lines[index] = " " * draw(st.integers(0, 5)) + line.lstrip()
        elif action == "cut":
            lines = lines[:index]
        else:
            chars = draw(st.text(alphabet=":-{}[]&*!#'\" \t.,0123456789xX", max_size=6))
            at = draw(st.integers(0, len(line)))
            lines[index] = line[:at] + chars + line[at:]
    return "\n".join(lines)


@st.composite
def definition_case(draw: st.DrawFn) -> tuple[Path, str]:
    source = draw(st.sampled_from(DEFINITIONS))
    return source, draw(mutated(source.read_text()))


@FUZZ
@given(case=definition_case())
def test_mutated_definitions_fail_cleanly_and_check_agrees_with_build(
        tmp_path_factory: pytest.TempPathFactory, case: tuple[Path, str]) -> None:
    source, text = case
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / source.name
    path.write_text(text)
    status, _ = _run("check", str(path), "--variant", "two-player") if (
        "two-player:" in text) else _run("check", str(path))
    event(f"check exit {status}")
    if status == 0:
        built, err = _run("-q", "build", str(path), "-o", str(folder / "out"))
        assert built == 0, f"check passed but build failed:\n{err}"


def _positions() -> list[tuple[str, str]]:
    found = []
    for name in registry.engine_names():
        game = registry.engine_class(name)()
        rng = random.Random(7)
        state = game.initial_state(rng)
        for _ in range(12):
            if game.is_terminal(state):
                break
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))], rng)
        found.append((name, game.format_state(state)))
    return found


POSITIONS = _positions()


@FUZZ
@given(data=st.data())
def test_mutated_notation_is_read_or_refused_with_a_location(data: st.DataObject) -> None:
    name, text = data.draw(st.sampled_from(POSITIONS))
    game: Any = registry.engine_class(name)()
    position = data.draw(mutated(text))
    try:
        state = game.parse_state(position)
    except NotationError as exc:
        assert exc.line >= 1 and exc.column >= 1
        return
    again = game.parse_state(game.format_state(state))
    assert again == state
    words = data.draw(st.text(alphabet="FIXpasbidurytoklnm0123456789,*-: SHDCKQJTA>=",
                              max_size=14))
    try:
        move = game.parse_move(state, words)
    except NotationError:
        return
    if not game.is_terminal(state):
        try:
            game.apply(state, move, random.Random(0))
        except IllegalMoveError:
            assert game.illegal_reason(state, move)


@FUZZ
@given(data=st.data())
def test_mutated_example_files_are_reported_not_raised(data: st.DataObject) -> None:
    source = data.draw(st.sampled_from(EXAMPLE_FILES))
    text = data.draw(mutated(source.read_text()))
    started = time.monotonic()
    try:
        report = check_document(parse(text, source.name))
    except PrintkitError:
        return
    report.problems  # noqa: B018 - reading the report must work too
    assert time.monotonic() - started < SECONDS


WORDS = ["build", "check", "list", "schema", "simulate", "stars-and-stripes", "toy-nim",
         "white-star", "nope", "--variant", "two-player", "--set", "decks=2", "players=9",
         "card.size=1mm x 1mm", "--paper", "letter", "a9", "--bleed", "0", "7mm", "--duplex",
         "short", "--back-offset", "1,-1", "x", "--sheets", "sheets", "-q", "-v", "--limit",
         "cards=5", "--games", "2", "--agent", "greedy", "--seed", "3", "=", "--", "-x", ""]


@FUZZ
@given(words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=7))
def test_random_command_lines_end_cleanly(tmp_path_factory: pytest.TempPathFactory,
                                          words: list[str]) -> None:
    if words[0] in ("build", "simulate") and not set(words) & {"toy-nim", "stars-and-stripes",
                                                               "nope", "white-star"}:
        words = [words[0], "toy-nim", *words[1:]]
    if words[0] == "build":
        words += ["-o", str(tmp_path_factory.mktemp("cli")), "--sheets", "calibration"]
    if words[0] == "simulate":
        words += ["--games", "2"]
    _run(*words)
