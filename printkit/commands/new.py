"""``printkit new``: a folder with a small, commented definition that builds as it is."""

from __future__ import annotations

import argparse
import importlib.resources
import re
from pathlib import Path
from typing import Any

from printkit.console import Console
from printkit.errors import BuildError, DefinitionError

NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")
RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?", re.IGNORECASE)
"""Names Windows keeps for devices, with any extension: a folder or file of that name
cannot be made there (and ``nul.yaml`` is the null device, not a file)."""
FILES = {"game.yaml": "{name}.yaml", "cards.csv": "cards.csv"}
"""The scaffold's files and the names they get in the new folder."""


def register(sub: Any) -> None:
    """Add the ``new`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "new", help="start a game: a folder with a definition that builds as it is",
        description="Write NAME/NAME.yaml (a small commented definition of cards drawn from "
                    "a layout and a table) and NAME/cards.csv, ready to build and edit.")
    parser.add_argument("name", metavar="NAME", type=game_name,
                        help="the game's name: lower case letters, digits and dashes")
    parser.add_argument("-o", "--output", default=".", metavar="DIR",
                        help="where to make the folder (default: here)")
    parser.set_defaults(handler=run)


def game_name(text: str) -> str:
    """An argparse type: ``text`` if it makes safe folder and file names everywhere."""
    if not NAME.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"a game's name is lower case letters, digits and dashes (at most 60), such as "
            f"'space-race', not {text!r}")
    if RESERVED.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is a name Windows keeps for a device: no folder or file can be "
            "called that there; choose another, such as 'my-" + text + "'")
    return text


def title_of(name: str) -> str:
    """``"space-race"`` -> ``"Space Race"``."""
    return " ".join(word.capitalize() for word in name.split("-") if word)


def run(args: argparse.Namespace, console: Console) -> int:
    """Write the scaffold; never over an existing file."""
    name = game_name(str(args.name))
    folder = Path(args.output) / name
    targets = {source: folder / target.format(name=name) for source, target in FILES.items()}
    existing = [str(path) for path in targets.values() if path.exists()]
    if existing:
        raise DefinitionError(f"{', '.join(existing)} already exists: printkit new never "
                              "writes over a file (choose another name or folder)")
    scaffold = importlib.resources.files("printkit.scaffold")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for source, target in targets.items():
            text = scaffold.joinpath(source).read_text(encoding="utf-8")
            text = text.replace("__GAME__", name).replace("__TITLE__", title_of(name))
            with open(target, "x", encoding="utf-8") as stream:
                stream.write(text)
    except OSError as exc:
        raise BuildError(f"cannot write {folder}: {exc.strerror or exc}") from None
    console.print(f"made {folder}/: {name}.yaml and cards.csv")
    console.print(f"next: printkit build {targets['game.yaml']}")
    return 0
