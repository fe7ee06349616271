"""The name of a kit's folder: the game, then whatever this build changes.

The default kit of a game goes to ``<game>``; a build with a variant, ``--set`` overrides or
print options other than the definition's defaults goes to a folder named after them, so
it never silently replaces the default kit:

>>> kit_name("stars-and-stripes", variant=None, changes=())
'stars-and-stripes'
>>> kit_name("stars-and-stripes", variant="large-15", changes=("paper=letter", "bleed=0"))
'stars-and-stripes--large-15--paper-letter--bleed-0'
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from printkit.definition.slugs import slug

MAX_NAME = 120
"""Longest folder name; longer names are cut and end in a hash of the whole."""


def kit_name(game: str, *, variant: str | None, changes: Sequence[str]) -> str:
    """The folder name of a kit of ``game`` built with ``variant`` and ``changes`` (each a
    ``key=value`` text, in the order they should appear)."""
    parts = [slug(game)]
    if variant:
        parts.append(slug(variant))
    parts.extend(slug(change) for change in changes)
    name = "--".join(parts)
    if len(name) <= MAX_NAME:
        return name
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]
    return name[:MAX_NAME - 12].rstrip("-.") + "--" + digest
