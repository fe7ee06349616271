"""``printkit export png|tts|pod``: a game as pictures, for print services and online
tables."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.commands.numbers import decimal, values_may_start_with_minus
from printkit.console import Console
from printkit.export import DEFAULT_DPI
from printkit.export.services import SERVICES


def _game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME",
                        help="an installed game's name or a definition file (.yaml)")
    parser.add_argument("-o", "--output", default="output", metavar="DIR",
                        help="the folder to put the export's folder in (default: output)")
    parser.add_argument("--variant", metavar="NAME", help="a named variant of the game")
    parser.add_argument("--set", dest="overrides", action="append", default=[],
                        metavar="KEY=VALUE", help="override a parameter or a definition "
                        "value, as for build; repeatable")


if TYPE_CHECKING:
    from printkit.kit.build import BuildResult


def register(sub: Any) -> None:
    """Add the ``export`` sub-command and its three kinds."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "export", help="images for print services (png, pod) or Tabletop Simulator (tts)",
        description="Export a game as images: every card, token and board as PNG files for "
                    "a print service, a Tabletop Simulator import (deck sheets, a saved "
                    "object and a guide), or the decks as a print-on-demand service asks "
                    "for them.")
    kinds = parser.add_subparsers(dest="kind", metavar="KIND", required=True)
    png = kinds.add_parser(
        "png", help="one PNG per card face, back, token side and board",
        description="One PNG per unique card face and back (with bleed), per token side, "
                    "each board as the pages of its tiled PDF and as one whole image; "
                    "written to <game>--png-<dpi>dpi/ in the output folder.")
    _game(png)
    png.add_argument("--dpi", type=decimal, default=DEFAULT_DPI,
                     help=f"resolution in dots per inch (default {DEFAULT_DPI:g})")
    png.add_argument("--paper", help="the paper the board tiles are cut for (as for build)")
    png.add_argument("--bleed", help="artwork past the cut line, e.g. 3mm; 0 for none")
    values_may_start_with_minus(png)
    png.set_defaults(handler=run_png)
    tts = kinds.add_parser(
        "tts", help="a Tabletop Simulator import: deck sheets, saved object, guide",
        description="Deck sheets, back images, token and board images, a saved object "
                    "placing them on the table, a thumbnail and IMPORT.md, written to "
                    "<game>--tts/ in the output folder.")
    _game(tts)
    tts.add_argument("--base-url", metavar="URL",
                     help="put this address (https://... or file:///...) before every image "
                          "name, for images hosted where other players can load them "
                          "(default: the file:/// address of each image written)")
    tts.set_defaults(handler=run_tts)
    pod = kinds.add_parser(
        "pod", help="card files as a print-on-demand service asks for them",
        description="Every deck at a print-on-demand service's picture size, bleed and "
                    "resolution, named as it asks, with a README.txt saying what to upload; "
                    "written to <game>--pod-<service>/ in the output folder.")
    _game(pod)
    pod.add_argument("--service", required=True, metavar="NAME",
                     help="the service: " + " or ".join(sorted(SERVICES)))
    pod.set_defaults(handler=run_pod)


def _report(result: BuildResult, what: str, console: Console) -> None:
    for path in result.files:
        console.detail(f"  wrote {path}")
    console.print(f"{result.game.definition.title}: {what} in {result.folder}/")


def run_png(args: argparse.Namespace, console: Console) -> int:
    """Write the PNG export."""
    from printkit.commands.printing import build_options, settings
    from printkit.export.png import export_png  # loaded by the command that uses it

    def progress(label: str, done: int, total: int) -> None:
        console.progress(label, done, total)

    result = export_png(args.game, output_root=Path(args.output), dpi=args.dpi,
                        options=build_options(args), variant=args.variant,
                        overrides=settings(args), progress=progress)
    _report(result, f"{len(result.files)} images at {args.dpi:g} dpi", console)
    return 0


def run_tts(args: argparse.Namespace, console: Console) -> int:
    """Write the Tabletop Simulator export."""
    from printkit.commands.printing import settings
    from printkit.export.tts import export_tts  # loaded by the command that uses it

    def progress(label: str, done: int, total: int) -> None:
        console.progress(label, done, total)

    result = export_tts(args.game, output_root=Path(args.output), base_url=args.base_url,
                        variant=args.variant, overrides=settings(args), progress=progress)
    _report(result, f"Tabletop Simulator import ({len(result.files)} files; see "
            "IMPORT.md)", console)
    return 0


def run_pod(args: argparse.Namespace, console: Console) -> int:
    """Write the print-on-demand export (its warnings first, as check prints them)."""
    from printkit.commands.printing import settings
    from printkit.export.pod import export_pod  # loaded by the command that uses it
    from printkit.export.services import UnknownService, service

    try:
        offer = service(args.service)
    except UnknownService as error:
        console.error(f"error: {error}")
        return 2

    def progress(label: str, done: int, total: int) -> None:
        console.progress(label, done, total)

    done = export_pod(args.game, offer, output_root=Path(args.output), variant=args.variant,
                      overrides=settings(args), progress=progress)
    for warning in done.warnings:
        console.error(warning.render_warning())
    _report(done.result, f"{len(done.result.files)} files for {offer.title} (see "
            "README.txt)", console)
    return 0
