"""``printkit list``: the shipped games and their variants."""

from __future__ import annotations

import argparse
from typing import Any

from printkit.console import Console
from printkit.deck.load import load_definition
from printkit.kit.games import definition_path, shipped_games


def register(sub: Any) -> None:
    """Add the ``list`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "list", help="list the shipped games and their variants")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Print each game with its summary and variants."""
    del args
    for name in shipped_games():
        definition = load_definition(definition_path(name))
        console.print(f"{name:<22} {definition.title}: {definition.card_count} cards"
                      + (f" - {definition.summary}" if definition.summary else ""))
        for variant in definition.variants:
            values = ", ".join(f"{k}={v}" for k, v in variant.parameters.items())
            console.print(f"  --variant {variant.name:<14} {variant.description} ({values})")
    return 0
