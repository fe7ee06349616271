"""``printkit preview``: a live page of a definition that rebuilds on every save."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from printkit.console import Console

USAGE_ERROR = 2
"""The exit status of a command line that cannot be carried out as written."""
_DIGITS = re.compile(r"[0-9]{1,5}")


def port_number(text: str) -> int:
    """``--port``: a TCP port, 0 (any free one) to 65535."""
    if not _DIGITS.fullmatch(text) or int(text) > 65535:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a port number: give 0 (any free port) to 65535")
    return int(text)


def register(sub: Any) -> None:
    """Add the ``preview`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "preview", help="a live web page of a definition that rebuilds when you save",
        description="Serve a page on this computer showing the whole kit of a definition "
                    "(every face and back, tokens front and back, boards and maps, score "
                    "sheets, the tuck box and the booklet) in the fonts the PDFs embed; click "
                    "a card to see it large with the file and line it came from. It rebuilds "
                    "and reloads when you save the definition or a file it reads, and shows "
                    "problems above the last kit that built. Stop it with Ctrl-C.")
    parser.add_argument("definition", metavar="DEFINITION",
                        help="a definition file (.yaml) or an installed game's name")
    parser.add_argument("--port", type=port_number, default=8765, metavar="N",
                        help="the port to listen on (default 8765; 0 picks a free one)")
    parser.add_argument("--variant", metavar="NAME", help="preview a named variant")
    parser.add_argument("--set", dest="overrides", action="append", default=[],
                        metavar="KEY=VALUE", help="override a parameter or value; repeatable")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Start the preview and keep it running until interrupted."""
    from printkit.commands.printing import settings
    from printkit.kit.games import definition_path
    from printkit.preview.server import serve_until_interrupted, start  # when previewing

    path = Path(definition_path(args.definition))
    try:
        preview = start(path, port=args.port, variant=args.variant, overrides=settings(args))
    except OSError as exc:
        console.error(f"error: cannot listen on 127.0.0.1 port {args.port}: "
                      f"{exc.strerror or exc}; choose another with --port (0: any free port)")
        return USAGE_ERROR
    console.print(f"previewing {path} at {preview.url} (Ctrl-C to stop)")
    serve_until_interrupted(preview, console.info)
    return 0
