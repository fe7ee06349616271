"""The definition reference (docs/definition-reference.md), written from the JSON Schema.

The schema nodes that check a definition also describe it (see
:mod:`printkit.definition.schema`), so the reference is generated, never written by hand: every
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
`cm`, `in`, `pt`, `pc`; in layouts also `%` of the card); a colour is any CSS colour: one
of the 148 CSS names (`crimson`, `gold`...; `red` is `#ff0000`), `#rgb`, `#rrggbb`,
`rgb()`, `hsl()`, `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()` or `color()`, solid and
inside sRGB, or `none`. A field's name (a column of a data table, an attribute of
`generate`, and `{field}`, `when:` and `by:` in layouts and backs) is written in letters of
any script, digits, `_` and `-`, not starting with a digit or `-` (`name`, `όνομα`,
`имя`); a name typed with combining accents is the same name as one typed with composed
letters. A column whose name is refused is reported at its cell with a name to write
instead. `printkit schema` prints the same as JSON Schema for editors.
"""

STYLE_PATTERN = r"\{[^{}]+\}"
"""The JSON Schema pattern of a style written as a ``{field}`` pattern."""
EXAMPLES = {"text": """
For example, a meaning held to two lines (shrunk down to 5pt to keep to them, an error
naming the card if it cannot), a title set at 9pt or reported, and a narrow column whose
long words break at German hyphenation points (`style: {language: de}`):

```yaml
- {type: text, text: "{meaning}", x: 5mm, y: 60%, width: 54mm, height: 12mm,
   size: 8pt, min_size: 5pt, max_lines: 2}
- {type: text, text: "{name}", x: 5mm, y: 4mm, width: 54mm, height: 6mm,
   size: 9pt, fit: fixed}
- {type: text, text: "{rule}", x: 5mm, y: 14mm, width: 14mm, height: 36mm,
   hyphenate: true}
```
"""}
"""A short example after an element type's keys."""


def _kind(node: JSON) -> str:
    """What a node takes, in a few words."""
    if "enum" in node:
        return "one of " + ", ".join(f"`{json.dumps(v)}`".replace('"', "") for v in node["enum"])
    if "anyOf" in node:
        arms = node["anyOf"]
        if any(str(arm.get("pattern", "")).startswith("^#") for arm in arms):
            return "a colour (a CSS name such as `crimson`, `#rrggbb` or `rgb()`)" + "".join(
                _per_card(arm) for arm in arms)
        kinds = [_per_card(arm) or _kind(arm) for arm in arms]
        return " or ".join(dict.fromkeys(kinds)).replace(" or  or ", " or ")
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
        items = _kind(node.get("items", {}))
        return "a list of " + ("mappings" if items == "a mapping" else items)
    if kind == "object":
        return "a mapping"
    return str(kind or "a value")


def _per_card(node: JSON) -> str:
    """How a layout's style names a value per card (``""`` for other nodes)."""
    if node.get("pattern") == STYLE_PATTERN:
        return " or a `{field}` pattern"
    if node.get("type") == "object" and "by" in node.get("properties", {}):
        return " or a choice `{by: FIELD, values: {...}, default: ...}`"
    return ""


def _about(node: JSON) -> str:
    """A node's description, or that of the value a style of a layout takes."""
    arms = node.get("anyOf", ())
    if node.get("description") or not any(_per_card(arm) for arm in arms):
        return str(node.get("description", ""))
    return str(arms[0].get("description", ""))


def _default(node: JSON) -> str:
    if "default" not in node:
        return ""
    return f" Default `{json.dumps(node['default'])}`."


def _properties(node: JSON, depth: int, out: list[str]) -> None:
    """A bullet per property of an object node, nested for objects within."""
    required = set(node.get("required", ()))
    for name, child in sorted(node.get("properties", {}).items()):
        listed = child.get("type") == "array" and isinstance(
            child.get("items"), dict) and "properties" in child["items"]
        kind = _kind(child)  # a list of records says so, and its records' keys follow
        about = _about(child) if listed and child.get("description") else ""
        child = child["items"] if listed else child
        need = " **required**." if name in required else ""
        about = about or _about(child)
        out.append(f"{'  ' * depth}- `{name}`: {kind}.{need} {about}{_default(child)}"
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


def _elements(node: JSON, out: list[str]) -> bool:
    """The keys of each type of layout element, when ``node`` is a list of elements told
    apart by their ``type`` (whether it is)."""
    arms = node.get("items", {}).get("oneOf", ()) if node.get("type") == "array" else ()
    types = [arm.get("properties", {}).get("type", {}).get("const") for arm in arms]
    if not arms or None in types:
        return False
    out.append("Each entry: a list of elements, drawn back to front. An element is one of "
               "these types, told by its `type`:")
    for kind, arm in zip(types, arms, strict=True):
        out.append(f"\n### Element `type: {kind}`\n")
        keys = {k: v for k, v in arm["properties"].items() if k != "type"}
        _properties({**arm, "properties": keys}, 0, out)
        if kind in EXAMPLES:
            out.append(EXAMPLES[kind])
    return True


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
            if _elements(values, out):
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
