"""``printkit schema``: the game definition schema as JSON Schema, for editors."""

from __future__ import annotations

import argparse
import json
from typing import Any

from printkit.console import Console


def json_schema(*, shipped_only: bool = False) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a game definition file.

    ``shipped_only`` leaves out the kinds of games installed from other packages (for the
    reference printkit ships, which must not depend on what else is installed)."""
    from printkit.definition.game_schema import GAME  # loaded by the command that prints it
    from printkit.render.kinds import back_kinds, face_kinds

    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://printkit.invalid/schema/game-definition.json",
        "title": "printkit game definition",
        **GAME.json(),
    }
    faces, backs = face_kinds(), back_kinds()
    if shipped_only:
        faces = {n: k for n, k in faces.items() if _shipped(k)}
        backs = {n: k for n, k in backs.items() if _shipped(k)}
    face = schema["properties"]["faces"]["items"]
    face["properties"]["kind"]["enum"] = sorted(faces)
    face["allOf"] = [
        {"if": {"properties": {"kind": {"const": name}}, "required": ["kind"]},
         "then": {"properties": {"options": kind.record.json()}}}
        for name, kind in sorted(faces.items())]
    _allow_parameters(face)
    for group in _component_groups(schema):
        _allow_parameters(group)
    # cards need a size; a game of tokens, boards and sheets only has no main deck
    schema["if"] = {"required": ["faces"]}
    schema["then"] = {"required": ["card"], "properties": {"card": {"required": ["size"]}}}
    back = schema["properties"]["back"]
    back["properties"]["kind"]["enum"] = sorted(backs)
    back["allOf"] = [
        {"if": {"properties": {"kind": {"const": name}}},
         "then": {"properties": {"options": kind.record.json()}}}
        for name, kind in sorted(backs.items())]
    return schema


PARAMETER_REFERENCE: dict[str, Any] = {
    "type": "object", "required": ["parameter"], "additionalProperties": False,
    "description": "the value of a parameter, after the variant and --set",
    "properties": {"parameter": {"type": "string"},
                   "values": {"type": "object", "description": "what to use instead of some "
                              "of the parameter's values, e.g. {unlimited: 15}"}}}
"""``{parameter: NAME}`` (with ``values`` mapping some of its values to others), which a
face group may write for an option, count or generate."""


def _or_parameter(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` or a parameter's value, keeping what ``node`` says it is for."""
    about = {"description": node["description"]} if "description" in node else {}
    return {"anyOf": [node, PARAMETER_REFERENCE], **about}


def _allow_parameters(group: dict[str, Any]) -> None:
    """Let a face group's options, count and generate (or one of its attributes) name a
    parameter, as the loader allows."""
    properties = group.get("properties", {})
    for key in ("count", "generate"):
        if key in properties:
            properties[key] = _or_parameter(properties[key])
    generate = properties.get("generate", {}).get("anyOf", [{}])[0]
    if isinstance(generate.get("additionalProperties"), dict):
        generate["additionalProperties"] = _or_parameter(generate["additionalProperties"])
    loose = properties.get("options", {})
    if isinstance(loose.get("additionalProperties"), dict):
        loose["additionalProperties"] = _or_parameter(loose["additionalProperties"])
    for rule in group.get("allOf", ()):
        options = rule["then"]["properties"]["options"].get("properties", {})
        for name, node in list(options.items()):
            options[name] = _or_parameter(node)


def _component_groups(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The face groups of components (a deck's faces, a token sheet's fronts and backs),
    which take parameters as the main deck's groups do."""
    groups: list[dict[str, Any]] = []
    for component in schema["properties"]["components"]["additionalProperties"]["anyOf"]:
        for key in ("faces", "front", "back"):
            node = component["properties"].get(key, {})
            for form in (node, *node.get("anyOf", ())):
                if form.get("type") == "array" and isinstance(form.get("items"), dict):
                    groups.append(form["items"])
    return groups


def _shipped(kind: Any) -> bool:
    return str(getattr(kind.options, "__module__", "")).startswith("printkit.")


def register(sub: Any) -> None:
    """Add the ``schema`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "schema", help="print the JSON Schema of game definitions",
        description="Print the JSON Schema of game definition files, for editors "
                    "(e.g. save it and point the YAML language server at it), or with "
                    "--markdown the definition reference (docs/definition-reference.md).")
    parser.add_argument("--markdown", action="store_true",
                        help="print the definition reference as Markdown instead")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Print the schema."""
    from printkit.commands.reference import reference

    if args.markdown:
        console.print(reference(json_schema(shipped_only=True)).rstrip("\n"))
    else:
        console.print(json.dumps(json_schema(), indent=2, sort_keys=True))
    return 0
