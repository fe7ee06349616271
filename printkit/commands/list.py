"""``printkit list``: the installed games and their variants."""

from __future__ import annotations

import argparse
from typing import Any

from printkit import plugins
from printkit.console import Console
from printkit.errors import PrintkitError
from printkit.kit.games import resolve


def register(sub: Any) -> None:
    """Add the ``list`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "list", help="list the installed games and their variants")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Print each game with its summary and variants.

    Exits 1 when no game is installed (saying where printkit looked) or when a game's
    plugin or definition cannot be loaded (each named, the others still listed).
    """
    del args
    names = plugins.game_names()
    if not names:
        console.error(f"error: no games found; printkit looked in {plugins.where_looked()}")
        return 1
    failed = False
    for name in names:
        try:
            if plugins.find(name).definition is None:
                continue
            definition = resolve(name).definition
        except PrintkitError as exc:
            console.error(exc.render())
            failed = True
            continue
        console.print(f"{name:<22} {definition.title}: {definition.card_count} cards"
                      + (f" - {definition.summary}" if definition.summary else ""))
        for variant in definition.variants:
            values = ", ".join(f"{k}={v}" for k, v in variant.parameters.items())
            console.print(f"  --variant {variant.name:<14} {variant.description} ({values})")
    return 1 if failed else 0
