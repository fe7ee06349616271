"""Hostile values and the edits that put them into a parsed YAML tree or into its text."""

from __future__ import annotations

import math
import random
import re
from typing import Any

import yaml

Tree = Any
"""A parsed YAML document: mappings, lists and scalars."""

WORDS = [
    "", " ", "1..7", "-3..6", "1..100000", "0..0", "3mm", "-3mm", "0mm", "1e9mm", "nan mm",
    "inf mm", "3 furlongs", "3", "63.5mm x 88.9mm", "300 x 4", "100000mm x 100000mm",
    "0.0001mm x 0.0001mm", "-5mm x 5mm", "#ff00zz", "#fff", "red", "none", "{", "}", "{x}",
    "{0}", "{}", "{a.__class__}", "{stars!r}", "{:>99999}", "{name:>999999999}",
    "../../etc/passwd", "/etc/passwd", "/dev/zero", "/proc/self/environ", "\x00", "\x1b[31m",
    "\u00e9\u2605", "\u202e", "nul", "con", "a" * 255 + ".svg", "x.md.j2", "*", "?", "~",
    "%s%s%s", "<script>alert(1)</script>", "\\", "C:\\x", "1e308", ".nan", "0x10", "1_000",
    "\u0663", "\uff13", "true", "yes", "no", "null", "2001-12-14", "poker", "a4", "letter",
    "large-15", "pattern", "layout", "text", "rect", "image", "icon", "bold", "by", "stars",
]


def hostile(rng: random.Random) -> Any:
    """A value of a random shape that a definition should refuse or survive."""
    pick = rng.randrange(16)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.choice([0, -1, 1, 2, 7, 2**31, 10**12, -10**12, 10**40])
    if pick == 2:
        return int("9" * rng.choice([20, 400, 4200]))
    if pick == 3:
        return rng.choice([math.nan, math.inf, -math.inf, 1e308, -0.0, 0.5, 1e-320])
    if pick == 4:
        return "x" * rng.choice([300, 5000, 100_001, 1_000_000])
    if pick == 5:
        return rng.choice([[], {}, [1, 2, 3], {"a": 1}, [[]], [None], {"x": {"y": []}}])
    if pick == 6:
        return [rng.choice(WORDS)] * rng.choice([2, 50, 3000])
    if pick == 7:
        return deep(rng.randint(10, 45), rng.random() < 0.5)
    if pick == 8:
        return {rng.choice(WORDS): hostile_scalar(rng) for _ in range(rng.randint(1, 4))}
    return rng.choice(WORDS)


def hostile_scalar(rng: random.Random) -> Any:
    """A hostile value that is not a container."""
    value = hostile(rng)
    return value if not isinstance(value, (list, dict)) else rng.choice(WORDS)


def deep(levels: int, lists: bool) -> Any:
    """``levels`` nested lists (or mappings) around a zero."""
    value: Any = 0
    for _ in range(levels):
        value = [value] if lists else {"k": value}
    return value


_UNIT = re.compile(r"^(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt|px|%)$")
UNITS = ["mm", "cm", "in", "pt", "px", "%", "", " mm", "furlong", "MM", "e9mm", "mm mm"]


def wrong_unit(value: str, rng: random.Random) -> str | None:
    """``value`` (a length such as ``3mm``) in another unit, or with a hostile number."""
    match = _UNIT.match(value.strip())
    if not match:
        return None
    number = rng.choice([match.group(1), "-" + match.group(1), "0", "1e9", "nan", "inf",
                         "9" * 40, "0.000001", "\u0663"])
    return number + rng.choice(UNITS)


def paths(tree: Tree, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``tree`` (a key path), containers included, the root excluded."""
    found: list[tuple[Any, ...]] = []
    items: list[tuple[Any, Any]] = []
    if isinstance(tree, dict):
        items = list(tree.items())
    elif isinstance(tree, list):
        items = list(enumerate(tree))
    for key, value in items:
        found.append((*prefix, key))
        found += paths(value, (*prefix, key))
    return found


def get(tree: Tree, path: tuple[Any, ...]) -> Any:
    """The value at ``path``."""
    for key in path:
        tree = tree[key]
    return tree


def mutate_tree(tree: Tree, rng: random.Random) -> str:
    """One random edit of ``tree`` in place; returns what was done."""
    places = paths(tree)
    if not places:
        return "nothing to edit"
    path = rng.choice(places)
    parent = get(tree, path[:-1])
    key = path[-1]
    value = parent[key]
    action = rng.choice(["replace", "replace", "replace", "unit", "delete", "add", "repeat",
                         "nest", "key"])
    if action == "unit" and isinstance(value, str) and wrong_unit(value, rng) is not None:
        parent[key] = wrong_unit(value, rng)
    elif action == "delete":
        del parent[key]
    elif action == "add" and isinstance(value, dict):
        value[rng.choice(WORDS + list(value))] = hostile(rng)
    elif action == "repeat" and isinstance(value, list) and value:
        parent[key] = value * rng.choice([2, 40, 2500])
    elif action == "nest":
        parent[key] = _wrap(value, rng.randint(1, 45))
    elif action == "key" and isinstance(parent, dict):
        parent[hostile_scalar(rng)] = parent.pop(key)
    else:
        parent[key] = hostile(rng)
        action = "replace"
    return f"{action} {'.'.join(str(p)[:30] for p in path)[:120]}"


def _wrap(value: Any, levels: int) -> Any:
    for _ in range(levels):
        value = [value]
    return value


def dump(tree: Tree) -> str:
    """``tree`` as YAML text (shared objects become anchors and aliases)."""
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(tree, Dumper=dumper, sort_keys=False, allow_unicode=True, width=100)


TEXT_EDITS = ("duplicate-key", "alias", "alias-bomb", "cut", "bytes", "indent", "tab",
              "bom", "crlf", "anchor-loop", "merge-key", "tag")


def mutate_text(text: str, rng: random.Random) -> tuple[bytes, str]:
    """One random edit of YAML ``text`` that a tree cannot express; the bytes and a label."""
    lines = text.split("\n")
    index = rng.randrange(len(lines)) if lines else 0
    line = lines[index] if lines else ""
    edit = rng.choice(TEXT_EDITS)
    if edit == "duplicate-key" and ":" in line:
        lines.insert(index + 1, line)
    elif edit == "alias" and ": " in line:
        key, _, rest = line.partition(": ")
        lines[index] = f"{key}: &fz {rest}" if rest.strip() else line
        lines.append(f"fz_copy: {'*fz'}")
        other = rng.randrange(len(lines))
        if ": " in lines[other]:
            k, _, _ = lines[other].partition(": ")
            lines[other] = f"{k}: *fz"
    elif edit == "alias-bomb":
        bomb = ["fz_bomb:", "  a: &a [" + ", ".join(["x" * rng.choice([1, 9000])] * 9) + "]"]
        for level in "bcdefg"[:rng.randint(2, 6)]:
            previous = chr(ord(level) - 1)
            bomb.append(f"  {level}: &{level} [" + ", ".join([f"*{previous}"] * 9) + "]")
        lines += bomb
    elif edit == "cut":
        data = text.encode("utf-8", "surrogateescape")
        return data[:rng.randrange(len(data) + 1)], "cut short"
    elif edit == "bytes":
        spoilt = bytearray(text.encode("utf-8", "surrogateescape"))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(spoilt) + 1)
            spoilt[at:at] = rng.choice([b"\xff", b"\xe9", b"\xc3", b"\x00", b"\xed\xa0\x80",
                                        b"\xf4\x90\x80\x80", b"\x1b"])
        return bytes(spoilt), "non-UTF-8 bytes"
    elif edit == "indent":
        lines[index] = " " * rng.randint(0, 7) + line.lstrip()
    elif edit == "tab":
        lines[index] = "\t" + line
    elif edit == "bom":
        marked = b"\xef\xbb\xbf" + text.encode("utf-8", "surrogateescape")
        return marked + b"\xef\xbb\xbf", "byte-order marks"
    elif edit == "crlf":
        return text.replace("\n", "\r\n").replace("\r\n", "\r", rng.randint(0, 3)).encode(
            "utf-8", "surrogateescape"), \
            "CRLF and CR line ends"
    elif edit == "anchor-loop" and ": " in line:
        key = line.partition(": ")[0]
        lines[index] = f"{key}: &loop [1, *loop]"
    elif edit == "merge-key" and ": " in line:
        lines.insert(index, " " * (len(line) - len(line.lstrip())) + "<<: {x: 1}")
    elif edit == "tag" and ": " in line:
        key, _, rest = line.partition(": ")
        tag = rng.choice(["!!python/object:os.system", "!!binary", "!!int", "!!float",
                          "!!set", "!!omap", "!custom", "!!timestamp"])
        lines[index] = f"{key}: {tag} {rest}"
    return "\n".join(lines).encode("utf-8", "surrogateescape"), edit
