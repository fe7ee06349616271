"""A name as a part of a file or folder name, in any script: the one rule kit folders and
variant names share (:mod:`printkit.kit.naming`, :mod:`printkit.definition.variantnames`)."""

from __future__ import annotations

import re

from anyascii import anyascii


def slug(text: str) -> str:
    """``text`` as a folder-name part: lower case letters, digits, dots and dashes; letters
    of other scripts are first written in Latin letters (by anyascii).

    >>> slug("card.size=70mm x 70mm"), slug("Łódź"), slug("Ωμέγα")
    ('card.size-70mm-x-70mm', 'lodz', 'omega')
    """
    cleaned = re.sub(r"[^a-z0-9.]+", "-", anyascii(text).lower()).strip("-.")
    return cleaned or "x"


__all__ = ["slug"]
