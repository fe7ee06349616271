"""Command options are parsed once, at the command line, into typed values that every layer
receives (issue 26, item 6): no layer below the commands reads an option's text again, and
each bound on an option is written once."""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

import pytest

from printkit.cli import Exit
from printkit.commands.printing import build_options, parse_offset, settings
from printkit.kit.games import resolve
from printkit.kit.options import LAYOUTS, BuildOptions, build_changes, plan
from printkit.pdf.paper import paper_by_name
from printkit.settings import OptionError, parse_settings
from printkit.units import MM, MOST_BLEED
from tests.conftest import ROOT, Run


def _args(**given: object) -> argparse.Namespace:
    fields: dict[str, object] = {"paper": None, "bleed": None, "duplex": None, "back_offset": None,
              "board_paper": None, "layout": None, "overrides": []}
    return argparse.Namespace(**{**fields, **given})


def test_the_printing_options_arrive_typed() -> None:
    options = build_options(_args(paper="letter", bleed="2mm", duplex="short",
                                  back_offset="1.5,-0.5", board_paper="a1",
                                  layout=["sheets", "sheets", "calibration"]))
    assert options.paper == paper_by_name("letter")
    assert options.bleed == pytest.approx(2 * MM)
    assert options.duplex == "short"
    assert options.back_offset == pytest.approx((1.5 * MM, -0.5 * MM))
    assert options.board_paper is not None and options.board_paper.name == "A1"
    assert options.layouts == ("sheets", "calibration")
    assert options.text("back-offset") == "1.5,-0.5"  # as written, for messages
    assert build_options(_args(board_paper="auto")).board_paper is None
    assert build_options(_args()) == BuildOptions(layouts=LAYOUTS)


def test_every_malformed_option_is_reported_at_once_as_a_usage_error() -> None:
    with pytest.raises(OptionError) as caught:
        build_options(_args(paper="bogus", bleed="9mm", back_offset="1,2,3"))
    messages = [p.message for p in caught.value.problems]
    assert len(messages) == 3
    assert messages[0].startswith("unknown paper 'bogus'")
    assert messages[1] == "--bleed '9mm' must be between 0 and 6mm"
    assert messages[2] == "--back-offset expects X,Y (millimetres), not '1,2,3'"
    where = caught.value.problems[1].location
    assert where is not None and where.source_line == "--bleed 9mm" and where.column == 9


def test_the_layers_use_the_typed_values_as_given() -> None:
    game = resolve("stars-and-bars")
    options = BuildOptions(paper=paper_by_name("letter"), bleed=0.0, back_offset=(MM, 0.0),
                           written=(("paper", "letter"), ("bleed", "0"),
                                    ("back-offset", "1,0")))
    printed = plan(game.definition, options)
    assert printed.paper == paper_by_name("letter") and printed.spec.bleed == 0.0
    assert printed.back_offset == (MM, 0.0)
    changes = build_changes(game.definition, parse_settings(["stack_limit=3"]), options)
    assert changes == ["stack_limit=3", "paper=letter", "bleed=0", "back-offset=1,0"]


def test_set_is_split_once_and_a_key_given_two_values_is_refused() -> None:
    [decks, size] = parse_settings(["decks=2", "card.size=bridge"])
    assert (decks.key, decks.value, decks.dotted) == ("decks", 2, False)
    assert (size.key, size.text, size.dotted) == ("card.size", "bridge", True)
    assert parse_settings(["decks=2", "decks = 2"]) == (decks,)
    with pytest.raises(OptionError) as caught:
        parse_settings(["decks=2", "decks=3", "oops"])
    assert [p.message for p in caught.value.problems] == [
        "--set decks: given twice with different values", "--set expects key=value, not 'oops'"]
    assert settings(_args(overrides=["players=3"]))[0].value == 3


def test_a_malformed_option_ends_the_command_with_the_usage_status(run_cli: Run,
                                                                    tmp_path: Path) -> None:
    for option in (["--paper", "bogus"], ["--back-offset", "x,1"], ["--set", "oops"]):
        result = run_cli("build", "stars-and-bars", "-o", str(tmp_path), *option)
        assert result.status == Exit.USAGE, result.err
        assert "<command line>:1:" in result.err and "Traceback" not in result.err
    assert list(tmp_path.iterdir()) == []


LAYERS = ("kit", "export", "preview", "deck", "layout", "render", "booklet", "rules")
"""The packages below the commands: none of them parses an option's text."""


def test_no_layer_below_the_commands_parses_an_option() -> None:
    parsers = {"parse_settings", "build_options", "parse_offset", "parse_bleed",
               "parse_duplex", "parse_board_paper", "settings"}
    for package in LAYERS:
        for path in sorted((ROOT / "printkit" / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module in (
                        "printkit.commands.printing", "printkit.settings"):
                    assert not parsers & {a.name for a in node.names}, path


def test_each_bound_on_an_option_is_written_once(run_cli: Run, tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="more than 20 mm"):
        parse_offset("25,0")
    # the bleed a definition may give and the bleed --bleed may give: one bound
    assert build_options(_args(bleed=f"{MOST_BLEED / MM}mm")).bleed == pytest.approx(MOST_BLEED)
    with pytest.raises(OptionError):
        build_options(_args(bleed=f"{MOST_BLEED / MM + 0.1}mm"))
    text = (ROOT / "decks" / "stars-and-bars.yaml").read_text(encoding="utf-8")
    assert "  bleed: 3mm\n" in text
    definition = tmp_path / "stars-and-bars.yaml"
    definition.write_text(text.replace("  bleed: 3mm\n", f"  bleed: {MOST_BLEED / MM + 0.1}mm\n"))
    refused = run_cli("check", str(definition))
    assert refused.status == Exit.INPUT and "bleed" in refused.err, refused.err
    sources = {p: p.read_text(encoding="utf-8") for p in (ROOT / "printkit").rglob("*.py")}
    assert sum(s.count("MOST_BLEED = ") for s in sources.values()) == 1
    # the largest count an option takes is the integer limit's, not a copy of its number
    assert [p.name for p, s in sources.items() if "1_000_000_000" in s] == ["limits.py"]
