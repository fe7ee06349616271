"""``printkit schema``: the game definition schema as JSON Schema, for editors."""

from __future__ import annotations

import argparse
import json
from typing import Any

from printkit.console import Console
from printkit.deck.definition import GAME
from printkit.render.kinds import back_kinds, face_kinds


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a game definition file."""
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://printkit.invalid/schema/game-definition.json",
        "title": "printkit game definition",
        **GAME.json(),
    }
    faces, backs = face_kinds(), back_kinds()
    face = schema["properties"]["faces"]["items"]
    face["properties"]["kind"]["enum"] = sorted(faces)
    face["allOf"] = [
        {"if": {"properties": {"kind": {"const": name}}, "required": ["kind"]},
         "then": {"properties": {"options": kind.record.json()}}}
        for name, kind in sorted(faces.items())]
    back = schema["properties"]["back"]
    back["properties"]["kind"]["enum"] = sorted(backs)
    back["allOf"] = [
        {"if": {"properties": {"kind": {"const": name}}},
         "then": {"properties": {"options": kind.record.json()}}}
        for name, kind in sorted(backs.items())]
    return schema


def register(sub: Any) -> None:
    """Add the ``schema`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "schema", help="print the JSON Schema of game definitions",
        description="Print the JSON Schema of game definition files, for editors "
                    "(e.g. save it and point the YAML language server at it).")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Print the schema."""
    del args
    console.print(json.dumps(json_schema(), indent=2, sort_keys=True))
    return 0
