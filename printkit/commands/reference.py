"""The definition reference (docs/definition-reference.md), written from the JSON Schema.

The schema nodes that check a definition also describe it (see
:mod:`printkit.deck.schema`), so the reference is generated, never written by hand: every
key, what it takes, its default, and the options of every face and back kind printkit
ships.  ``printkit schema --markdown`` prints it; a test keeps the committed copy current.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

JSON = Mapping[str, Any]

HEADER = """# Definition reference

Every key a game definition (`*.yaml`) may hold, generated from printkit's schema by
`printkit schema --markdown` (do not edit by hand). Lengths always carry a unit (`mm`,
`cm`, `in`, `pt`, `pc`; in layouts also `%` of the card); colours are `#rrggbb`, `#rgb` or
a few names. `printkit schema` prints the same as JSON Schema for editors.
"""


def _kind(node: JSON) -> str:
    """What a node takes, in a few words."""
    if "enum" in node:
        return "one of " + ", ".join(f"`{json.dumps(v)}`".replace('"', "") for v in node["enum"])
    if "anyOf" in node:
        arms = node["anyOf"]
        if any(str(arm.get("pattern", "")).startswith("^#") for arm in arms):
            return "a colour (`#rrggbb`, `#rgb` or a name such as `red`)"
        kinds = [_kind(arm) for arm in arms]
        return " or ".join(dict.fromkeys(kinds))
    kind = node.get("type")
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind)
    if kind == "string":
        pattern = node.get("pattern", "")
        if "mm|cm|in|pt|pc" in pattern:
            return "a length (e.g. `3mm`)" + (" or a size `W x H`" if "xX" in pattern else "")
        if pattern.startswith("^#"):
            return "a colour"
        return "text" + (f" matching `{pattern}`" if pattern and len(pattern) < 40 else "")
    if kind == "array":
        return "a list of " + _kind(node.get("items", {}))
    if kind == "object":
        return "a mapping"
    return str(kind or "a value")


def _default(node: JSON) -> str:
    if "default" not in node:
        return ""
    return f" Default `{json.dumps(node['default'])}`."


def _properties(node: JSON, depth: int, out: list[str]) -> None:
    """A bullet per property of an object node, nested for objects within."""
    required = set(node.get("required", ()))
    for name, child in sorted(node.get("properties", {}).items()):
        child = child.get("items", child) if child.get("type") == "array" and isinstance(
            child.get("items"), dict) and "properties" in child["items"] else child
        need = " **required**." if name in required else ""
        about = child.get("description", "")
        out.append(f"{'  ' * depth}- `{name}`: {_kind(child)}.{need} {about}{_default(child)}"
                   .rstrip())
        if child.get("type") == "object" and child.get("properties"):
            _properties(child, depth + 1, out)


def _kinds(title: str, node: JSON, out: list[str]) -> None:
    """The options of each kind named in an ``allOf`` of if/then pairs."""
    for rule in node.get("allOf", ()):
        name = rule["if"]["properties"]["kind"]["const"]
        options = rule["then"]["properties"]["options"]
        out.append(f"\n### {title} `{name}`\n\n{options.get('description', '')}\n")
        if options.get("properties"):
            _properties(options, 0, out)
        else:
            out.append("No options.")


def reference(schema: JSON) -> str:
    """The Markdown reference of ``schema`` (the JSON Schema of definitions)."""
    out = [HEADER]
    for name, node in sorted(schema["properties"].items()):
        out.append(f"\n## `{name}`\n\n{_kind(node).capitalize()}. {node.get('description', '')}"
                   f"{_default(node)}\n")
        inner = node.get("items", node) if node.get("type") == "array" else node
        if inner.get("type") == "object" and inner.get("properties"):
            _properties(inner, 0, out)
        if isinstance(inner.get("additionalProperties"), dict):
            values = inner["additionalProperties"]
            arms = [a for a in values.get("anyOf", ()) if a.get("properties", {}).get("kind")]
            if arms:
                out.append(f"Each entry is one of {len(arms)} kinds, told by its `kind`:")
                for arm in arms:
                    kind = arm["properties"]["kind"].get("enum", ["?"])[0]
                    out.append(f"\n### `kind: {kind}`\n\n{arm.get('description', '')}\n")
                    _properties(arm, 0, out)
                continue
            out.append(f"Each entry: {_kind(values)}. {values.get('description', '')}")
            if values.get("properties"):
                _properties(values, 0, out)
    faces = schema["properties"]["faces"]["items"]
    out.append("\n## Face kinds\n\nWhat `kind:` a face group may name, and its `options:`.")
    _kinds("Face kind", faces, out)
    out.append("\n## Back kinds\n\nWhat `back: kind:` may name, and its `options:`.")
    _kinds("Back kind", schema["properties"]["back"], out)
    return "\n".join(out).rstrip() + "\n"
