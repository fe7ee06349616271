"""Tokens: round, square or hexagonal pieces with a front and, usually, a back.

Fronts are face groups in the language of the top-level ``faces:`` (layouts and data
tables, or any face kind), drawn in the token's bounding box.  The back is one of:

- a list of face groups giving one face, printed behind every token;
- a list of face groups giving as many faces as the front, paired in order (the same data
  table read by a front layout and a back layout pairs each row with itself);
- a back as a deck's (:mod:`printkit.definition.backs`): a back kind
  (``{kind: pattern, options: ...}``), or a layout or picture each token's front fields
  fill in (``{layout: NAME}``, ``{image: "backs/{side}.png"}``);
- nothing: one-sided tokens.

Copies come from the fronts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printkit.definition.backs import BackResolver, read_back
from printkit.definition.model import Back, CardFace, Component
from printkit.definition.pieces import Reading, expand, kind_field
from printkit.definition.schema import JSON, Checker, Field, Length, ListOf, Node, Record, Text
from printkit.units import MM
from printkit.yamlsource import PathKey

SHAPES = ("round", "square", "hexagon")
ORIENTATIONS = ("pointy", "flat")


@dataclass
class _TokenBack(Node):
    """Face groups for the backs, or a back kind."""

    faces: ListOf
    back: Record
    description: str = ("face groups giving one face (behind every token) or one face for "
                        "each front, in order; or a back as a deck's: {kind, options}, "
                        "{layout: NAME} or {image: FILE}")

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, list):
            return self.faces.check(value, path, checker)
        if isinstance(value, dict):
            return self.back.check(value, path, checker)
        checker.fail(path, "expected a list of face groups or a back {kind, options}, "
                     "{layout} or {image}")
        return None

    def json(self) -> JSON:
        return self._json({"anyOf": [self.faces.json(), self.back.json()]})


def record(face: Record, back: Record) -> Record:
    """The schema of a tokens component, given those of a face group and a back."""
    return Record(description="Tokens, printed on sheets of their own with their backs "
                  "mirrored for duplex.", fields={
        "kind": kind_field("tokens"),
        "shape": Field(Text("the token's outline", choices=SHAPES), required=True),
        "size": Field(Length("diameter of a round token, side of a square one, distance "
                             "across the flats of a hexagon", minimum=8 * MM,
                             maximum=150 * MM), required=True),
        "orientation": Field(Text("a hexagon's top: a point or a flat side",
                                  choices=ORIENTATIONS)),
        "safe_margin": Field(Length("keep text and symbols this far inside the cut line",
                                    maximum=10 * MM), default=1.5 * MM),
        "front": Field(ListOf(face, min_items=1, description="face groups of the fronts, "
                                                             "as in faces:"), required=True),
        "back": Field(_TokenBack(ListOf(face, min_items=1), back)),
    })


@dataclass(frozen=True)
class TokensComponent(Component):
    """Two-sided (or one-sided) tokens of one shape and size."""

    shape: str
    orientation: str
    """``pointy`` or ``flat`` for a hexagon, empty otherwise."""
    width: float
    height: float
    """The token's bounding box in points."""
    safe_margin: float
    fronts: tuple[CardFace, ...]
    back_faces: tuple[CardFace, ...]
    """No face, one face behind every token, or one for each front in order."""
    back: Back | None
    """A back kind behind every token (when ``back_faces`` is empty)."""

    def back_of(self, index: int) -> CardFace | Back | None:
        """What is printed behind the ``index``-th front."""
        if len(self.back_faces) == 1:
            return self.back_faces[0]
        if self.back_faces:
            return self.back_faces[index]
        own = self.fronts[index].back if index < len(self.fronts) else None
        return own or self.back


def read_tokens(reading: Reading, name: str, spec: Mapping[str, Any],
                base: PathKey) -> TokensComponent | None:
    """The checked tokens component ``name`` (``None`` after a problem)."""
    shape, size = spec.get("shape"), spec.get("size")
    orientation = spec.get("orientation")
    if orientation is not None and shape != "hexagon":
        reading.fail((*base, "orientation"), "only a hexagon has an orientation", key=True)
    groups = spec.get("front") or ()
    for index, group in enumerate(groups):
        if isinstance(group, dict) and group.get("back") is not None:
            reading.fail((*base, "front", index, "back"), "a token's back is given by the "
                         "component's back:, not by its face group", key=True)
    before = len(reading.problems)
    given = spec.get("back")
    source = read_back(reading.doc, given, (*base, "back"), reading.kinds, reading.problems)
    resolver = BackResolver(reading.doc, reading.content, reading.kinds, source,
                            reading.problems)
    fronts = expand(reading, groups, (*base, "front"), resolver)
    back_faces: tuple[CardFace, ...] = ()
    back = resolver.deck_back() if source is not None else None
    if isinstance(given, tuple):
        back_faces = expand(reading, given, (*base, "back")) or ()
        if fronts and back_faces and len(back_faces) not in (1, len(fronts)):
            reading.fail((*base, "back"), f"the back gives {len(back_faces)} faces: give one "
                         f"(behind every token) or one for each of the {len(fronts)} fronts, "
                         "in the same order", key=True)
    if len(reading.problems) != before or fronts is None or shape is None or size is None:
        return None
    width = height = float(size)
    if shape == "hexagon":
        orientation = orientation or "pointy"
        corners = size * 2 / math.sqrt(3)
        width, height = (size, corners) if orientation == "pointy" else (corners, size)
    words = f"{round(size / MM, 2):g} mm {shape}" + (
        f", {orientation} top" if shape == "hexagon" else "")
    return TokensComponent(name, "tokens", sum(face.copies for face in fronts), words,
                           reading.doc.where(base, key=True), str(shape), orientation or "",
                           width, height, spec["safe_margin"], fronts, back_faces, back)
