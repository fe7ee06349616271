"""``printkit list``: the installed games and their variants."""

from __future__ import annotations

import argparse
from typing import Any

from printkit import plugins
from printkit.console import Console
from printkit.errors import PrintkitError


def register(sub: Any) -> None:
    """Add the ``list`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "list", help="list the installed games and their variants")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Print each game with its summary and variants.

    Each game is loaded on its own: a game whose plugin or definition cannot be loaded is
    listed with a note, its error is printed (on the error stream), and every other game is
    listed as usual.  Exits 0 when at least one game works, and 1 when none does (or none
    is installed, saying where printkit looked).
    """
    del args
    from printkit.kit.games import resolve  # the definitions: loaded when listing

    names = plugins.game_names()
    if not names:
        console.error(f"error: no games found; printkit looked in {plugins.where_looked()}")
        return 1
    working = 0
    for name in names:
        try:
            if plugins.find(name).definition is None:
                working += 1
                continue
            definition = resolve(name).definition
        except PrintkitError as exc:
            console.print(f"{name:<22} (cannot be used: see its error)")
            console.error(exc.render())
            continue
        working += 1
        console.print(f"{name:<22} {definition.title}: {definition.card_count} cards"
                      + (f" - {definition.summary}" if definition.summary else ""))
        for variant in definition.variants:
            values = ", ".join(f"{k}={v}" for k, v in variant.parameters.items())
            console.print(f"  --variant {variant.name:<14} {variant.description} ({values})")
    return 0 if working else 1
