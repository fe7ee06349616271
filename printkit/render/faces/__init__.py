"""The face kinds printkit offers every definition, whatever its game.

Games add their own kinds through their plugins (see :mod:`printkit.render.kinds`).
"""

from __future__ import annotations

from typing import Any

from printkit.render.faces.layout import LAYOUT
from printkit.render.faces.playing_cards import PLAYING_CARD
from printkit.render.kindtypes import FaceKind

GENERIC_FACE_KINDS: tuple[FaceKind[Any], ...] = (
    LAYOUT,
    PLAYING_CARD,
)
"""The generic face kinds."""
