"""The names of a definition's variants: words of any script, each building into a folder
of its own.

A variant's name is typed after ``--variant`` and becomes part of the kit's folder name,
written in Latin letters (:func:`printkit.definition.slugs.slug`: ``μεγάλο`` builds into
``<game>--megalo``).  So a name is lower-case letters of any script, digits and ``-``,
starting with a letter or digit, and no two variants of a definition may write as the same
folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.definition.schema import Checker, MapOf
from printkit.definition.slugs import slug
from printkit.yamlsource import PathKey

VARIANT_NAME = re.compile(r"[^\W_](?:[^\W_]|-)*")
"""Letters of any script and digits, with '-' between them (lower case checked apart)."""
RULE = ("a variant's name is lower-case letters (of any script), digits and '-', starting "
        "with a letter or digit (e.g. 'large-15' or 'μεγάλο'); it names the kit's folder "
        "in Latin letters")
"""The rule, as messages and the reference say it."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a variant (``None``: it can)."""
    if VARIANT_NAME.fullmatch(name) and name == name.lower():
        return None
    lower = name.lower()
    hint = f" (did you mean {lower!r}?)" if VARIANT_NAME.fullmatch(lower) else ""
    return f"{name!r} is not a valid variant name{hint}: {RULE}"


@dataclass
class VariantNames(MapOf):
    """The ``variants:`` mapping: each key checked by :func:`name_problem`, and two names
    that would build into one folder refused."""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, dict):
            return super().check(value, path, checker)
        kept: dict[str, object] = {}
        folders: dict[str, str] = {}
        for key, item in value.items():
            name = str(key)
            problem = name_problem(name)
            if problem is None and slug(name) in folders:
                problem = (f"the variants {folders[slug(name)]!r} and {name!r} would both "
                           f"build into the folder '<game>--{slug(name)}': rename one")
            if problem is not None:
                checker.fail((*path, key), problem, key=True)
                continue
            folders[slug(name)] = name
            kept[name] = item
        return super().check(kept, path, checker)
