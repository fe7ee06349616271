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
import re
from collections.abc import Sequence

from anyascii import anyascii

MAX_NAME = 120
"""Longest folder name; longer names are cut and end in a hash of the whole."""


def slug(text: str) -> str:
    """``text`` as a folder-name part: lower case letters, digits, dots and dashes; letters
    of other scripts are first written in Latin letters (by anyascii).

    >>> slug("card.size=70mm x 70mm"), slug("Łódź"), slug("Ωμέγα")
    ('card.size-70mm-x-70mm', 'lodz', 'omega')
    """
    cleaned = re.sub(r"[^a-z0-9.]+", "-", anyascii(text).lower()).strip("-.")
    return cleaned or "x"


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
