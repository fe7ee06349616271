"""Hostile and broken input: every case once reported against printkit ends in a located
error with exit 1 (or a clean refusal), never a traceback, a hang, a write outside the kit
or a file read from elsewhere."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

from printkit import yamlsource
from printkit.cli import Exit, main
from printkit.console import Console
from printkit.errors import DefinitionError
from tests.conftest import ROOT

BASE = (ROOT / "decks" / "stars-and-stripes.yaml").read_text()
NAME_LINE = 'name: "{stars}-stars-{stripes}-stripes"'
NINES = "9" * 400


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), Console(out, err))
    return status, out.getvalue(), err.getvalue()


def check_text(tmp_path: Path, text: str, *extra: str) -> tuple[int, str]:
    path = tmp_path / "mine.yaml"
    path.write_text(text)
    # CPU seconds of this process, not the wall clock: a busy machine slows the clock a
    # check takes, not the work it does (a normal check here takes well under one)
    started = time.process_time()
    status, _, err = run("check", str(path), *extra)
    assert time.process_time() - started < 60, "a check must not work without end"
    assert "Traceback" not in err and "internal error" not in err, err
    return status, err


EDITS = {
    "a 5000-digit number": ("  decks: 1", "  decks: " + "9" * 5000, "5000-digit number"),
    "an explicit !!int tag": ("  decks: 1", "  decks: !!int x", "explicit YAML tags"),
    "an explicit !!bool tag": ("  decks: 1", "  decks: !!bool x", "explicit YAML tags"),
    "a date": ("summary: Claim", "summary: 2001-12-14\nx_summary: Claim", "unknown key"),
    "deep nesting": ("  decks: 1", "  decks: " + "[" * 3000 + "]" * 3000, "nests deeper"),
    "nesting just past the limit": ("  decks: 1", "  decks: " + "[" * 45 + "]" * 45,
                                    "nests deeper"),
    "a self-referencing alias": ("  decks: 1", "  decks: &a [1, *a]", "contains it"),
    "an empty field in a name": (NAME_LINE, 'name: "{}"', "empty braces"),
    "a format in a name": (NAME_LINE, 'name: "{stars!r}{stripes:>999999}"',
                           "not a field name"),
    "a name leading out": (NAME_LINE, 'name: "../../escape-{stars}-{stripes}"',
                           "not a safe file name"),
    "an absolute name": (NAME_LINE, 'name: "/tmp/escape-{stars}-{stripes}"',
                         "not a safe file name"),
    "a range as a list of words": ("stars: 1..6", "stars: [1, two, 3]", "from 1 to 6"),
    "a negative range": ("stars: 1..6", "stars: -3..6", "from 1 to 6"),
    "seven stripes": ("stripes: 1..6", "stripes: 1..7", "from 1 to 6"),
    "a NUL in a label": ("    title: Stars and Stripes", '    title: "Stars\\0"',
                         "control character U+0000"),
    "an escape sequence in a label": ("    title: Stars and Stripes",
                                      '    title: "\\e[31mred"', "control character U+001B"),
    "ten million cards": ("stars: 1..6", "stars: 1..10000", "past the limit of 2000 faces"),
    "a long template name": ("template: stars-and-stripes.md.j2", "template: " + "a" * 300
                             + ".md.j2", "is not in the expected form"),
    "a template outside": ("template: stars-and-stripes.md.j2", "template: /etc/passwd",
                           "is not in the expected form"),
    "a template going up": ("template: stars-and-stripes.md.j2",
                            "template: ../../../etc/x.md.j2", "is not in the expected form"),
    "a 999x999 board": ("  decks: 1", "  decks: 1\n  board_size: 999",
                        "board_size: 999 squares a side is over the limit"),
    "26 decks in a variant": ("parameters: {decks: 4}", "parameters: {decks: 26}",
                              "--limit board=N"),
    "a negative count in a variant": ("parameters: {decks: 4}", "parameters: {decks: -2}",
                                      "at least 1"),
}


def test_the_largest_board_within_the_limits_checks(tmp_path: Path) -> None:
    text = BASE.replace("  decks: 1", "  decks: 1\n  board_size: 41", 1)
    status, err = check_text(tmp_path, text, "--variant", "two-player")
    assert status == Exit.OK, err


@pytest.mark.parametrize("case", sorted(EDITS))
def test_hostile_definitions_get_a_located_error(tmp_path: Path, case: str) -> None:
    old, new, expected = EDITS[case]
    assert old in BASE, old
    status, err = check_text(tmp_path, BASE.replace(old, new, 1))
    assert status == Exit.INPUT, err
    assert expected in err
    assert "mine.yaml:" in err


@pytest.mark.parametrize("levels", [41, 60, 999, 1001, 3000])
@pytest.mark.parametrize("fast", [True, False])
def test_nesting_past_the_limit_reads_the_same_with_either_yaml_reader(
        monkeypatch: pytest.MonkeyPatch, levels: int, fast: bool) -> None:
    # libyaml stops at a depth of its own (or none, depending on the wheel) and the
    # pure-Python reader at the recursion limit: the user sees one message either way
    if fast and yamlsource._FAST_LOADER is None:
        pytest.skip("this PyYAML has no libyaml binding")
    if not fast:
        monkeypatch.setattr(yamlsource, "_FAST_LOADER", None)
    with pytest.raises(DefinitionError) as caught:
        yamlsource.parse("a: " + "[" * levels + "]" * levels + "\n", "deep.yaml")
    (problem,) = caught.value.problems
    assert problem.message == ("the YAML nests deeper than the limit of 40 levels (raise it "
                               "with --limit yaml-depth=N)")
    assert problem.location is not None and problem.location.file == "deep.yaml"


@pytest.mark.parametrize("nesting", ["[" * 200_000 + "]" * 200_000, "- " * 200_000 + "x"])
def test_nesting_deeper_than_any_stack_is_refused_not_crashed(tmp_path: Path,
                                                              nesting: str) -> None:
    # a PyYAML wheel whose libyaml has no depth limit of its own overflowed the C stack here
    status, err = check_text(tmp_path, BASE.replace("  decks: 1", "  decks:\n    " + nesting))
    assert status == Exit.INPUT and "nests deeper" in err, err


def test_an_alias_bomb_is_stopped(tmp_path: Path) -> None:
    bomb = "lol: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for level in "bcdefghi":
        previous = chr(ord(level) - 1)
        bomb += f"{level}: &{level} [" + ", ".join([f"*{previous}"] * 10) + "]\n"
    status, err = check_text(tmp_path, BASE + "\nbomb:\n  " + bomb.replace("\n", "\n  "))
    assert status == Exit.INPUT and "counting an alias each time" in err


@pytest.mark.parametrize("args", [
    ["--set", f"decks={NINES}"],
    ["--set", f"card.size={NINES}mm x 60mm"],
    ["--set", "card.size=../../x"],
    ["--variant", "x" * 500],
])
def test_hostile_overrides_are_refused_cleanly(args: list[str]) -> None:
    status, _, err = run("check", "stars-and-stripes", *args)
    assert status == Exit.INPUT and "Traceback" not in err and "<command line>" in err


@pytest.mark.parametrize("args", [
    ["--paper", f"{NINES}mm x 200mm"], ["--paper", "nan mm x 3mm"], ["--bleed", f"{NINES}mm"],
    ["--back-offset", f"{NINES},1"], ["--back-offset", "nan,0"],
    ["--board-paper", f"{NINES}mm x 5mm"],
])
def test_hostile_print_options_are_refused_cleanly(tmp_path: Path, args: list[str]) -> None:
    status, _, err = run("build", "stars-and-stripes", "-o", str(tmp_path), "--sheets",
                         "calibration", *args)
    assert status == Exit.USAGE and "Traceback" not in err  # an option's value: usage
    assert max(len(line) for line in err.splitlines()) < 220  # long values are cut short
    assert not list(tmp_path.iterdir())


TEMPLATES = {
    "code": ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "unsafe"),
    "globals": ("{{ engine.__init__.__globals__ }}", "unsafe"),
    "passwd": ('{% include "/etc/passwd" %}', "no template named"),
    "going up": ('{% include "../../../../etc/passwd" %}', "no template named"),
    "endless loops": ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}"
                      "{% endfor %}", "template-seconds"),
    "a huge text": ("{{ 'x' * 100000000 }}", "more than a booklet needs"),
    "a huge power": ("{{ 9 ** 9999999 }}", "larger than a booklet needs"),
    "mutation": ("{% set x = params.__dict__.update({}) %}", "unsafe"),
}


@pytest.mark.parametrize("case", sorted(TEMPLATES))
def test_booklet_templates_run_sandboxed(tmp_path: Path, case: str) -> None:
    body, expected = TEMPLATES[case]
    (tmp_path / "mine.md.j2").write_text("# Title\n\n" + body + "\n")
    text = BASE.replace("template: stars-and-stripes.md.j2", "template: mine.md.j2")
    status, err = check_text(tmp_path, text, "--variant", "two-player",
                             "--limit", "template-seconds=2")
    assert status == Exit.INPUT, err
    assert expected in err and "mine.md.j2:3:" in err


def test_a_template_cannot_follow_a_link_out_of_its_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "data.md.j2").write_text("secret words\n")
    game = tmp_path / "game"
    game.mkdir()
    (game / "linked").symlink_to(secret)
    (game / "mine.md.j2").write_text('# T\n\n{% include "linked/data.md.j2" %}\n')
    (game / "mine.yaml").write_text(BASE.replace("template: stars-and-stripes.md.j2",
                                                 "template: mine.md.j2"))
    status, _, err = run("check", str(game / "mine.yaml"), "--variant", "two-player")
    assert status == Exit.INPUT and "no template named 'linked/data.md.j2'" in err
    (game / "main.md.j2").symlink_to(secret / "data.md.j2")
    (game / "mine.yaml").write_text(BASE.replace("template: stars-and-stripes.md.j2",
                                                 "template: main.md.j2"))
    status, _, err = run("check", str(game / "mine.yaml"), "--variant", "two-player")
    assert status == Exit.INPUT and "booklet template 'main.md.j2'" in err


def test_an_oversized_file_is_refused(tmp_path: Path) -> None:
    status, err = check_text(tmp_path, BASE + "#" * 2000 + "\n", "--limit", "file-size=3000")
    assert status == Exit.INPUT and "--limit file-size=N" in err


def test_a_limit_can_be_raised(tmp_path: Path) -> None:
    status, err = check_text(tmp_path, BASE, "--limit", "cards=10")
    assert status == Exit.INPUT and "--limit cards=N" in err
    # the booklet asks the engine for the board of every deck count (147 cards for four)
    status, err = check_text(tmp_path, BASE, "--limit", "cards=150", "--variant", "two-player")
    assert status == Exit.OK, err
