"""``printkit build``: write every component of the named games."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from printkit.console import Console
from printkit.kit.build import build_game
from printkit.kit.games import shipped_games
from printkit.kit.options import LAYOUTS, BuildOptions


def register(sub: Any) -> None:
    """Add the ``build`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "build", help="build cards, boards and booklets into the output folder",
        description="Build every component of the named games (default: all shipped games).")
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help="a shipped game's name or a definition file (.yaml)")
    parser.add_argument("-o", "--output", default="output", metavar="DIR",
                        help="output folder (default: output)")
    parser.add_argument("--variant", metavar="NAME", help="a named variant of the game")
    parser.add_argument("--set", dest="overrides", action="append", default=[],
                        metavar="KEY=VALUE", help="override a parameter (decks=2) or a "
                        "definition value (card.size='70mm x 70mm'); repeatable")
    group = parser.add_argument_group("printing")
    group.add_argument("--paper", help="a4, letter, a3, a2, legal, tabloid, or 'W x H'")
    group.add_argument("--bleed", help="artwork past the cut line, e.g. 3mm; 0 for none")
    group.add_argument("--duplex", choices=("long", "short", "none"),
                       help="backs for long-edge or short-edge duplex printing, or none")
    group.add_argument("--back-offset", default="0,0", metavar="X,Y",
                       help="move backs X mm right and Y mm up to correct a printer's shift")
    group.add_argument("--board-paper", metavar="PAPER",
                       help="paper of the one-sheet board (a3, a2, a1, a0, 'W x H'); "
                            "default: the smallest A size that holds it")
    group.add_argument("--layout", action="append", choices=(*LAYOUTS, "all"),
                       help="which card layouts to write (repeatable; default all)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Build each game; stops at the first game with a problem."""
    games = args.games or list(shipped_games())
    layouts = tuple(LAYOUTS) if not args.layout or "all" in args.layout else tuple(
        dict.fromkeys(args.layout))
    options = BuildOptions(paper=args.paper, bleed=args.bleed, duplex=args.duplex,
                           back_offset=args.back_offset, layouts=layouts,
                           board_paper=args.board_paper)
    for name in games:

        def progress(label: str, done: int, total: int, game: str = name) -> None:
            console.progress(f"{game}: {label}", done, total)

        result = build_game(name, output_root=Path(args.output), options=options,
                            variant=args.variant, overrides=args.overrides, progress=progress)
        for path in result.files:
            console.detail(f"  wrote {path}")
        console.print(f"{result.game.definition.title}: {len(result.files)} files in "
                      f"{result.folder}/")
    return 0
