"""Comparing what an example file states with what an engine answers, and showing values.

Claim values are plain data.  Before comparing, the engine's answer is brought into the
shape YAML loading gives (tuples become lists, mapping keys become text), and then the
comparison is strict about kinds: ``true`` never equals ``1`` and ``"3"`` never equals
``3``, while ``2`` and ``2.0`` are the same number.  A mapping matches only when it has
exactly the same keys with equal values: an example cannot state a few entries and leave
out the rest.  Lists are compared in order unless the claim is unordered, in which case
they are compared as multisets.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections import Counter
from collections.abc import Hashable, Mapping

import yaml


def to_plain(value: object) -> object:
    """``value`` in the form a YAML file would load it (lists, text keys)."""
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    return value


def _canonical(value: object) -> Hashable:
    """A hashable form that keeps kinds apart (``True`` vs ``1``) for comparisons."""
    if value is None:
        return ("null",)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, str):
        return ("text", value)
    if isinstance(value, Mapping):
        return ("map", frozenset((str(k), _canonical(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return ("list", tuple(_canonical(v) for v in value))
    return ("other", type(value).__name__, repr(value))


def same(expected: object, actual: object, *, unordered: bool = False) -> bool:
    """Whether a stated value matches the engine's answer (see the module notes)."""
    if unordered and isinstance(expected, list) and isinstance(actual, (list, tuple)):
        return Counter(map(_canonical, expected)) == Counter(map(_canonical, actual))
    return _canonical(expected) == _canonical(actual)


# characters YAML will not read raw, or reads as line breaks or a byte-order mark
_UNPRINTABLE = re.compile(
    "[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
    "|[\x85\u2028\u2029\ufeff]"
)


@functools.lru_cache(maxsize=8192)
def _text(value: str) -> str:
    """A string as YAML flow text: bare where that reads back the same, else quoted.

    Cached: the same card and cell names are written for every claim of every example,
    and each asks the YAML reader three times."""
    bare_start = bool(value) and (value[0].isalnum() or value[0] in "_(.+-$/")
    if bare_start and value == value.strip() and "\n" not in value:
        contexts = (f"[{value}]", f"{{k: {value}}}", f"k: {value}")
        try:
            if all(yaml.safe_load(c) in ([value], {"k": value}) for c in contexts):
                return value
        except yaml.YAMLError:
            pass
    quoted = json.dumps(value, ensure_ascii=False)
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)



def flow(value: object) -> str:
    """``value`` written as YAML flow text, so that it can be pasted into an example file."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        text = repr(value)
        mantissa, e, exponent = text.partition("e")
        # YAML 1.1 (PyYAML) reads an exponent as a float only after a fraction part
        return mantissa + (".0" if e and "." not in mantissa else "") + e + exponent
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_text(str(k))}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return _text(repr(value))
