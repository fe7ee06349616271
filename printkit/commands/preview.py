"""``printkit preview``: a live page of a definition that rebuilds on every save."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from printkit.console import Console
from printkit.kit.games import definition_path


def register(sub: Any) -> None:
    """Add the ``preview`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "preview", help="a live web page of a definition that rebuilds when you save",
        description="Serve a page on this computer showing every card face, the back, the "
                    "board and the booklet of a definition; it rebuilds and reloads within a "
                    "second of saving the definition, its data files or its template, and "
                    "shows problems on the page. Stop it with Ctrl-C.")
    parser.add_argument("definition", metavar="DEFINITION",
                        help="a definition file (.yaml) or a shipped game's name")
    parser.add_argument("--port", type=int, default=8765,
                        help="the port to listen on (default 8765; 0 picks a free one)")
    parser.add_argument("--variant", metavar="NAME", help="preview a named variant")
    parser.add_argument("--set", dest="overrides", action="append", default=[],
                        metavar="KEY=VALUE", help="override a parameter or value; repeatable")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Start the preview and keep it running until interrupted."""
    from printkit.preview.server import serve_until_interrupted, start  # when previewing

    path = Path(definition_path(args.definition))
    preview = start(path, port=args.port, variant=args.variant, overrides=args.overrides)
    console.print(f"previewing {path} at {preview.url} (Ctrl-C to stop)")
    serve_until_interrupted(preview, console.info)
    return 0
