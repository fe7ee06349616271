"""``printkit new``: a folder with a small, commented definition that builds as it is, or
(``--plugin``) a game package of its own: engine, phrasebook, definition, booklet, tests."""

from __future__ import annotations

import argparse
import importlib.resources
import re
from pathlib import Path
from typing import Any

from printkit import plugins
from printkit.console import Console
from printkit.errors import BuildError, DefinitionError

NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")
RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?", re.IGNORECASE)
"""Names Windows keeps for devices, with any extension: a folder or file of that name
cannot be made there (and ``nul.yaml`` is the null device, not a file)."""
FILES = {"game.yaml": "{name}.yaml", "cards.csv": "cards.csv"}
"""The scaffold's files and the names they get in the new folder."""
PLUGIN_FILES = {
    "plugin/pyproject.toml.tmpl": "pyproject.toml",
    "plugin/README.md.tmpl": "README.md",
    "plugin/package/__init__.py.tmpl": "{package}/__init__.py",
    "plugin/package/rules.py.tmpl": "{package}/rules.py",
    "plugin/package/phrases.py.tmpl": "{package}/phrases.py",
    "plugin/package/py.typed.tmpl": "{package}/py.typed",
    "plugin/package/game.yaml.tmpl": "{package}/{name}.yaml",
    "plugin/package/cards.csv.tmpl": "{package}/cards.csv",
    "plugin/package/booklet.md.j2.tmpl": "{package}/{name}.md.j2",
    "plugin/tests/test_game.py.tmpl": "tests/test_{package}.py",
}
"""The plugin scaffold's files and where they go in the new folder (``--plugin``)."""


def register(sub: Any) -> None:
    """Add the ``new`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "new", help="start a game: a folder with a definition that builds as it is",
        description="Write NAME/NAME.yaml (a small commented definition of cards drawn from "
                    "a layout and a table) and NAME/cards.csv, ready to build and edit; with "
                    "--plugin, a game package of its own to install with pip.")
    parser.add_argument("name", metavar="NAME", type=game_name,
                        help="the game's name: lower case letters, digits and dashes")
    parser.add_argument("-o", "--output", default=".", metavar="DIR",
                        help="where to make the folder (default: here)")
    parser.add_argument("--plugin", action="store_true",
                        help="write a game package instead (NAME/pyproject.toml with a "
                             "printkit.games entry point, a rules engine with its notation, "
                             "a claim and a phrasebook, the definition, a booklet with an "
                             "example the engine checks, and tests)")
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


def package_of(name: str) -> str:
    """The Python package of a plugin: ``"space-race"`` -> ``"printkit_space_race"``."""
    return "printkit_" + name.replace("-", "_")


def class_of(name: str) -> str:
    """The engine's class name: ``"space-race"`` -> ``"SpaceRace"`` (``"Game3Stones"``
    for ``"3-stones"``, a class name starting with a letter)."""
    words = "".join(word.capitalize() for word in name.split("-") if word)
    return words if words[:1].isalpha() else "Game" + words


def run(args: argparse.Namespace, console: Console) -> int:
    """Write the scaffold; never over an existing file."""
    name = game_name(str(args.name))
    folder = Path(args.output) / name
    plugin = bool(getattr(args, "plugin", False))
    files = PLUGIN_FILES if plugin else FILES
    package = package_of(name)
    targets = {source: folder / target.format(name=name, package=package)
               for source, target in files.items()}
    if plugin and name in plugins.game_names():
        raise DefinitionError(f"{plugins.label(name)} is already installed: a second game "
                              "of that name would clash with it (choose another name)")
    existing = [str(path) for path in targets.values() if path.exists()]
    if len(existing) > 3:
        raise DefinitionError(f"{folder} already holds {len(existing)} of the files printkit "
                              "new would write: it never writes over a file (choose another "
                              "name or folder)")
    if existing:
        raise DefinitionError(f"{', '.join(existing)} already exists: printkit new never "
                              "writes over a file (choose another name or folder)")
    scaffold = importlib.resources.files("printkit.scaffold")
    words = {"__GAME__": name, "__TITLE__": title_of(name), "__PACKAGE__": package,
             "__CLASS__": class_of(name)}
    try:
        for source, target in targets.items():
            text = scaffold.joinpath(source).read_text(encoding="utf-8")
            for placeholder, word in words.items():
                text = text.replace(placeholder, word)
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "x", encoding="utf-8") as stream:
                stream.write(text)
    except OSError as exc:
        raise BuildError(f"cannot write {folder}: {exc.strerror or exc}") from None
    if plugin:
        console.print(f"made {folder}/: the game package {package} (pyproject.toml, "
                      "engine, phrasebook, definition, booklet, tests)")
        console.print(f"next: cd {folder}; python -m pip install -e . --config-settings "
                      f"editable_mode=compat; printkit check {name} (its README.md says more)")
        return 0
    console.print(f"made {folder}/: {name}.yaml and cards.csv")
    console.print(f"next: printkit build {targets['game.yaml']}")
    return 0
