"""docs/plugin-reference.md names only what exists: every ``printkit.…`` name imports,
every file path is there, and its tables cover the whole plugin contract, the engine's
methods, the generic claims' sentences and the notation toolkit, so the page cannot drift
from the code without a test failing."""

from __future__ import annotations

import importlib
import re

import pytest

from printkit.booklet.phrases import Phrasebook
from printkit.plugin_contract import PART_NAMES
from printkit.plugins import GamePlugin
from printkit.rules import notation
from printkit.rules.base import Game
from tests.conftest import ROOT

DOC = (ROOT / "docs" / "plugin-reference.md").read_text(encoding="utf-8")
DOTTED = sorted(set(re.findall(r"\bprintkit(?:\.[A-Za-z_]\w*)+", DOC)))
PATHS = sorted(set(re.findall(r"\b(?:printkit|tests|docs)/[\w./-]*\w\.(?:py|md|txt)\b", DOC)))


def resolve(dotted: str) -> object:
    """The object a dotted name names: its longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ModuleNotFoundError(dotted)


def test_the_page_names_many_things() -> None:
    assert len(DOTTED) > 60 and len(PATHS) > 8


@pytest.mark.parametrize("dotted", DOTTED)
def test_every_dotted_name_exists(dotted: str) -> None:
    resolve(dotted)


@pytest.mark.parametrize("path", PATHS)
def test_every_path_exists(path: str) -> None:
    assert (ROOT / path).is_file(), path


def test_the_contract_table_has_every_part_and_real_accessors() -> None:
    for part in PART_NAMES:
        assert f"\n| `{part}` |" in DOC, part
    accessors = re.findall(r"`plugin\.(\w+)\(\)`", DOC)
    assert len(set(accessors)) == len(PART_NAMES)
    for accessor in accessors:
        assert callable(getattr(GamePlugin, accessor, None)), accessor


def test_every_method_of_the_game_base_class_is_described() -> None:
    methods = {name for name, value in vars(Game).items()
               if (callable(value) or isinstance(value, classmethod))
               and (not name.startswith("_") or name in Game.__abstractmethods__)
               and name != "__init__"}
    assert Game.__abstractmethods__ <= methods
    missing = sorted(name for name in methods if f"`{name}(" not in DOC)
    assert missing == []


def test_every_generic_claim_has_its_sentence_in_the_table() -> None:
    for claim in Phrasebook().handlers():
        assert f"\n| `{claim}` |" in DOC, claim


def test_every_piece_of_the_notation_toolkit_is_listed() -> None:
    for name in notation.__all__:
        if name != "WORDS":  # the default word pattern, not a tool
            assert f"`printkit.rules.notation.{name}`" in DOC, name


def test_the_walk_through_and_the_readme_link_to_the_page() -> None:
    assert "(plugin-reference.md)" in (ROOT / "docs" / "adding-a-game.md").read_text()
    assert "docs/plugin-reference.md" in (ROOT / "README.md").read_text()
