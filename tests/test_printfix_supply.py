"""Star Battle's ship supply on paper: the player aid says how many ship tokens the kit
prints, and with an unlimited supply that more may be improvised; the token sheets print
that many of each kind for each player."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.duplex.virtual_printer import read_pdf


def _build(folder: Path, *args: str) -> Path:
    done = subprocess.run([sys.executable, "-m", "printkit", "build", "-q", "star-battle",
                           "--sheets", "sheets", "-o", str(folder), *args],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    [kit] = [p for p in folder.iterdir() if p.is_dir()]
    return kit


def _aid_supply(kit: Path) -> str:
    text = " ".join(" ".join(page.text.split()) for page in read_pdf((kit / "cards.pdf")
                                                                     .read_bytes()))
    found = re.search(r"Supply (.*?) Win ", text)
    assert found is not None, text[:400]
    return found.group(1)


def _tokens_per_player_and_kind(kit: Path, players: int) -> int:
    pages = read_pdf((kit / "ships.pdf").read_bytes())
    fronts = sum(len(page.placed) for page in pages if "token fronts" in page.text)
    assert fronts % (2 * players) == 0
    return fronts // (2 * players)


@pytest.mark.parametrize(("variant", "players"), [("unlimited-ships", 2), (None, 2)])
def test_the_aid_states_the_printed_supply(tmp_path: Path, variant: str | None,
                                           players: int) -> None:
    kit = _build(tmp_path, *(["--variant", variant] if variant else []))
    printed = _tokens_per_player_and_kind(kit, players)
    supply = _aid_supply(kit)
    if variant:
        assert supply.startswith("no limit")
        assert f"prints {printed} Dreadnoughts and {printed} Scouts each" in supply
        assert "coins or other markers" in supply
    else:
        assert supply.startswith(f"{printed} Dreadnoughts and {printed} Scouts each")
        assert "coins" not in supply


def test_an_unlimited_supply_with_more_players_states_its_own_count(tmp_path: Path) -> None:
    kit = _build(tmp_path, "--variant", "unlimited-ships", "--set", "players=3")
    printed = _tokens_per_player_and_kind(kit, 3)
    assert f"prints {printed} Dreadnoughts" in _aid_supply(kit)
