"""The cover: title, the facts a player looks for first, and a picture of the real cards.

The picture is a :class:`~printkit.render.scene.Scene` of card faces drawn by the game's own
face renderers (the ones that draw the printed cards), set in a gentle zigzag with a shadow
under each card.  The template picks the faces by name in its front matter (``picture:``);
without a choice, a few faces of the largest face group are spread across the deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from printkit.booklet.document import Cover, Diagram
from printkit.booklet.frontmatter import FrontMatter
from printkit.definition.model import CardFace, Definition
from printkit.errors import DefinitionError
from printkit.render.scene import CardShape, FaceLibrary, RectShape, Scene, Shape

PICTURE_WIDTH = 112.0
"""Width (mm) of the cover picture: the text width of the smaller booklet page."""
MOST_CARDS = 6
DEFAULT_CARDS = 5
GAP = 2.5
"""Space (mm) between two cards of the cover picture."""
ZIGZAG = 0.16
"""How far every other card is lowered, as a share of a card's height."""
SHADOW = "#b9c0cf"


def _default_faces(definition: Definition) -> list[CardFace]:
    groups = Counter(f.group for f in definition.faces if f.deck == 0)
    largest = max(groups, key=lambda g: groups[g]) if groups else None
    faces = [f for f in definition.faces if f.deck == 0 and f.group == largest] or list(
        definition.faces)
    step = max(1, len(faces) // DEFAULT_CARDS)
    return faces[::step][:DEFAULT_CARDS]


def _named_faces(definition: Definition, names: Sequence[str]) -> list[CardFace]:
    """The faces the front matter names (a face of the first deck when there are several)."""
    out = []
    for name in names:
        found = next((f for f in definition.faces if f.key == name or (
            f.deck == 0 and f.deck_mark and f.key == f"{name}-{f.deck_mark}")), None)
        if found is None:
            near = ", ".join(f.key for f in definition.faces[:3])
            raise DefinitionError(f"{definition.path}: the cover picture names a face "
                                  f"{name!r} the game does not have (faces are named like "
                                  f"{near})")
        out.append(found)
    return out[:MOST_CARDS]


def cover_picture(faces: Sequence[CardFace], library: FaceLibrary, ratio: float) -> Diagram:
    """The faces side by side across :data:`PICTURE_WIDTH`, every other one lowered."""
    count = max(1, len(faces))
    side = (PICTURE_WIDTH - GAP * (count - 1) - 1.0) / count
    height = side * ratio
    drop = height * ZIGZAG if count > 1 else 0.0
    shapes: list[Shape] = []
    for i, face in enumerate(faces):
        x, y = i * (side + GAP), drop * (i % 2)
        shapes.append(RectShape(x + 0.8, y + 0.8, side, height, SHADOW))
        shapes.append(CardShape(face, x, y, side))
    width = count * side + (count - 1) * GAP + 0.8
    scene = Scene(width, height + drop + 0.8, "cards of the game", tuple(shapes))
    return Diagram(scene, "cover", "", library)


def cover(definition: Definition, front: FrontMatter, library: FaceLibrary,
          checked: int = 0) -> Cover:
    """The cover of ``definition``'s booklet, as its front matter describes it (``checked``:
    how many examples the rules engine checked, which the covers say only when some were)."""
    faces = (_named_faces(definition, front.picture) if front.picture
             else _default_faces(definition))
    booklet = definition.booklet
    picture = cover_picture(faces, library, definition.card_height / definition.card_width)
    return Cover(definition.title, front.subtitle, front.lines,
                 str(booklet.get("cover", "#1f3a6e")), str(booklet.get("cover_ink", "#ffffff")),
                 definition.accent, front.facts, picture, checked)
