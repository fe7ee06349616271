"""Card backs as a definition writes them, and each card's back resolved from them.

A back is written in three places: ``back:`` at the top (the main deck's), ``back:`` of a
``cards`` component (that deck's) and ``back:`` inside a face group (that group's cards).
Each is one of:

- a back kind with its options (``{kind: pattern, options: {...}}``, or a game's own kind):
  the same on every card;
- a layout of the definition (``{layout: NAME}``, or ``{kind: layout, layout: NAME}``)
  filled in with each card's fields, as a face of ``kind: layout`` is;
- a picture (``{image: FILE}``) covering the card and its bleed.

``layout`` and ``image`` may be ``{field}`` patterns, so the back can change from card to
card (``image: "backs/{suit}.png"``); a card whose pattern comes out empty takes the back
around it: its deck's, or the default pattern.  Each card's back is resolved when the
definition is loaded (every reference checked and located), and cards with equal backs
share one :class:`~printkit.definition.model.Back`, so a back is drawn once however many
cards show it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from printkit.definition.content import Content
from printkit.definition.faces import kind_options
from printkit.definition.layouts import Box, Layout, Measure
from printkit.definition.model import Back
from printkit.definition.options import Kinds
from printkit.definition.patterns import Pattern, PatternError, parse_pattern
from printkit.definition.pictures import PictureRefused
from printkit.definition.resolve import BUILT_IN, CardData, layout_fields, resolve_card
from printkit.definition.schema import Field, MapOf, Record, Scalar, Text
from printkit.definition.shapes import ImageShape, LayoutFace, Placement
from printkit.errors import Location, Problem, did_you_mean
from printkit.yamlsource import Document, PathKey

NAME = r"[a-z0-9][a-z0-9-]*"
DRAWN = ("layout", "image")
"""The back kinds a definition draws itself (the others are drawn by printkit or a game)."""
FITS = ("cover", "contain", "stretch")

BACK = Record(description="The design on the back of the cards: a back kind with its "
              "options (the pattern, unless the game has kinds of its own), a layout of "
              "the definition filled in with each card's fields, or a picture.", fields={
    "kind": Field(Text("the back kind: pattern (the default), layout (with layout:), image "
                       "(with image:) or a kind of the game's ('printkit schema' lists "
                       "them); it may be left out beside layout: or image:", pattern=NAME)),
    "options": Field(MapOf(Scalar("an option")), default=None),
    "layout": Field(Text("a layout from layouts:, filled in with each card's fields as a "
                         "face is; may be a {field} pattern choosing the layout by card (a "
                         "card for which it is empty takes the back around it: its deck's, "
                         "else the pattern)")),
    "image": Field(Text("an .svg, .png or .jpg file beside the definition, printed over the "
                        "whole card and its bleed; may be a {field} pattern such as "
                        "'backs/{suit}.png' (a card for which it is empty takes the back "
                        "around it)")),
    "fit": Field(Text("how the image fills the card: cover (fill it and crop what is over, "
                      "the default), contain (all of the image, paper round it) or stretch",
                      choices=FITS)),
})
"""The schema of a ``back:`` mapping, wherever it is written."""

_WHOLE = Box(Measure(0.0), Measure(0.0), Measure(100.0, percent=True),
             Measure(100.0, percent=True))
"""The whole card (the image runs on into the bleed)."""


@dataclass(frozen=True)
class BackSource:
    """A back as written: a fixed back, or a layout or picture each card fills in."""

    kind: str
    """``layout``, ``image``, or the back kind of :attr:`fixed`."""
    path: PathKey
    """Where the ``back:`` mapping is in the file."""
    fixed: Back | None = None
    """The back of every card, for a back kind with options."""
    pattern: Pattern | None = None
    """The layout's name or the image's file, with the card's fields in it."""
    fit: str = "cover"

    @property
    def fields(self) -> tuple[str, ...]:
        """The card fields the pattern reads (the layout's own are checked once found)."""
        return self.pattern.fields if self.pattern is not None else ()


def read_back(doc: Document, spec: object, path: PathKey, kinds: Kinds,
              problems: list[Problem]) -> BackSource | None:
    """The checked ``back:`` mapping at ``path`` (``None`` when it is absent or after a
    problem, reported)."""
    if not isinstance(spec, Mapping):
        return None
    before = len(problems)

    def fail(where: PathKey, message: str, *, key: bool = False) -> None:
        problems.append(doc.problem(where, message, key=key))

    written = spec.get("kind")
    drawn = [key for key in DRAWN if spec.get(key) is not None]
    if len(drawn) > 1:
        fail((*path, "image"), "a back is drawn by a layout or by an image, not both: leave "
             "one out", key=True)
        return None
    inferred = drawn[0] if drawn else None
    kind = str(written or inferred or "pattern")
    if inferred is not None and written is not None and written != inferred:
        fail((*path, inferred), f"a back of kind {written!r} is drawn by that kind, not by "
             f"{inferred}: leave out kind: (or write kind: {inferred})", key=True)
        return None
    if kind not in DRAWN:
        if spec.get("fit") is not None:
            fail((*path, "fit"), "fit: is for a back drawn by an image", key=True)
            return None
        built = kind_options(doc, kinds.backs, kind, spec.get("options"), path, problems)
        if built is None or len(problems) > before:
            return None
        return BackSource(kind, path, fixed=Back(kind, built, kinds.back_owners.get(kind, "")))
    if inferred is None:
        fail(path, f"a back of kind {kind} names its {kind}: add {kind}: "
             + ("NAME (a layout from layouts:)" if kind == "layout" else "FILE (a picture "
                "beside the definition)"), key=True)
        return None
    if spec.get("options") is not None:
        drawer = "a layout" if kind == "layout" else "an image"
        fail((*path, "options"), f"a back drawn by {drawer} takes no options (its layout or "
             "picture says how it looks)", key=True)
        return None
    if kind == "layout" and spec.get("fit") is not None:
        fail((*path, "fit"), "fit: is for a back drawn by an image; a layout's image element "
             "has a fit of its own", key=True)
        return None
    text = str(spec[kind])
    try:
        pattern = parse_pattern(text)
    except PatternError as exc:
        fail((*path, kind), f"{kind}: {exc}")
        return None
    return BackSource(kind, path, pattern=pattern, fit=str(spec.get("fit") or "cover"))


def _image_back(picture_name: str, where: Location, card: str, content: Content,
                fit: str) -> LayoutFace:
    """The one-shape layout of a picture back (raises :class:`PictureRefused`)."""
    picture = content.pictures.get(picture_name)
    shape = ImageShape(Placement(_WHOLE, bleed=True), picture, fit, where, card)
    return LayoutFace("", (shape,))


class BackResolver:
    """Each card's back, from its group's ``back:`` and its deck's: equal backs are one
    :class:`Back` object, and every problem is reported once, where it was written.

    Called for each card of a face group (see :func:`printkit.definition.faces.expand_faces`)
    with the group's place in the file, the group, its field names and the card; returns
    the card's back when it is not the deck's fixed back (``None``: the deck's).
    """

    def __init__(self, doc: Document, content: Content, kinds: Kinds, deck: BackSource | None,
                 problems: list[Problem]) -> None:
        self.doc, self.content, self.kinds, self.deck = doc, content, kinds, deck
        self.problems = problems
        self._sources: dict[PathKey, BackSource | None] = {}
        self._checked: set[tuple[PathKey, PathKey, str]] = set()
        self._made: dict[tuple[object, ...], Back | None] = {}
        self.group_backs: dict[str, Back] = {}
        """The back of each group that names one of its own (its first card's)."""
        self.first_deck_back: Back | None = None
        """The deck's back as the first card that shows it has it (for a drawn back)."""
        self._pattern: Back | None = None
        self._said: set[tuple[Location | None, str]] = set()

    def group_source(self, where: PathKey, group: Mapping[str, Any]) -> BackSource | None:
        """The checked ``back:`` of the face group at ``where`` (read once)."""
        if where not in self._sources:
            self._sources[where] = read_back(self.doc, group.get("back"), (*where, "back"),
                                             self.kinds, self.problems)
        return self._sources[where]

    def __call__(self, where: PathKey, group: Mapping[str, Any], names: Collection[str],
                 card: CardData) -> Back | None:
        own = self.group_source(where, group)
        if own is not None:
            back = self._resolve(own, where, names, card)
            if back is not None:
                self.group_backs.setdefault(str(group.get("id")), back)
                return back
        if self.deck is None or self.deck.fixed is not None:
            return None
        back = self._resolve(self.deck, where, names, card)
        if back is None:  # the pattern came out empty (or a problem, reported)
            return self.pattern()
        if self.first_deck_back is None:
            self.first_deck_back = back
        return back

    def pattern(self) -> Back:
        """The default back: the pattern with its default options."""
        if self._pattern is None:
            options = kind_options(self.doc, self.kinds.backs, "pattern", None, ("back",),
                                   self.problems)
            self._pattern = Back("pattern", options)
        return self._pattern

    def deck_back(self) -> Back:
        """The deck's back: its fixed back, else the back the first card that shows the
        deck's drawn back has, else the default pattern."""
        if self.deck is not None and self.deck.fixed is not None:
            return self.deck.fixed
        return self.first_deck_back or self.pattern()

    def _fields_known(self, source: BackSource, where: PathKey, group: str,
                      names: Collection[str], layout: Layout | None) -> bool:
        """Whether the group at ``where`` has every field the back reads (reported once
        per group and back)."""
        available = {*names, *BUILT_IN}
        read: list[tuple[str, PathKey]] = [(name, (*source.path, source.kind))
                                           for name in source.fields]
        if layout is not None:
            read += layout_fields(layout)
        fine = True
        for name, path in read:
            if name in available:
                continue
            fine = False
            mark = (where, path, name)
            if mark in self._checked:
                continue
            self._checked.add(mark)
            listed = ", ".join(sorted(set(names) - set(BUILT_IN))) or "none"
            what = f"layout {layout.name!r}" if layout is not None and path != (
                *source.path, source.kind) else "the back"
            self.problems.append(self.doc.problem(path, f"{what} uses {{{name}}} but face "
                                 f"group {group!r} has no field {name!r}"
                                 + did_you_mean(name, available) + f" (its fields: {listed})"))
        return fine

    def _resolve(self, source: BackSource, where: PathKey, names: Collection[str],
                 card: CardData) -> Back | None:
        """The card's back from ``source`` (``None``: the pattern came out empty, or a
        problem, reported)."""
        if source.fixed is not None:
            return source.fixed
        assert source.pattern is not None
        group = str(card.values.get("id", ""))
        if not self._fields_known(source, where, group, names, None):
            return None
        values = {k: str(v) for k, v in card.values.items()}
        name = source.pattern.fill(values).strip()
        if not name:
            return None
        at = self._where(source, card)
        if source.kind == "image":
            key: tuple[object, ...] = ("image", name, source.fit)
            if key not in self._made:
                try:
                    face = _image_back(name, at, f"{card.name} (back)", self.content,
                                       source.fit)
                    self._made[key] = Back("image", face, label=PurePosixPath(name).stem)
                except PictureRefused as exc:
                    self.problems.append(Problem(f"card {card.name!r}: the back: "
                                                 f"{self._relative(exc)}", at))
                    self._made[key] = None
            return self._made[key]
        layout = self.content.layouts.get(name)
        if layout is None:
            mark = (source.path, (), name)
            if mark not in self._checked:
                self._checked.add(mark)
                known = ", ".join(sorted(self.content.layouts)) or "none"
                self.problems.append(Problem(
                    f"the back names the layout {name!r}, which layouts: does not have"
                    + did_you_mean(name, self.content.layouts) + f" (layouts: {known})", at))
            return None
        if not self._fields_known(source, where, group, names, layout):
            return None
        used = sorted({field for field, _ in layout_fields(layout)})
        key = ("layout", name, *((field, values.get(field, "")) for field in used))
        if key not in self._made:
            found: list[Problem] = []
            drawn = resolve_card(self.doc, layout, CardData(f"{card.name} (back)",
                                                            card.values, card.sources),
                                 self.content, found)
            self._say_once(found)
            chosen = "-".join(values.get(field, "") for field in used if field not in BUILT_IN)
            self._made[key] = (Back("layout", drawn, label=chosen.strip("-") or name)
                               if drawn is not None else None)
        return self._made[key]

    def _relative(self, refused: PictureRefused) -> str:
        """The refusal with its file named from the definition's folder (``backs/a.png``,
        as the definition writes it), not from where the command was run."""
        shown = self.content.pictures.shown_folder.rstrip("/")
        text = str(refused)
        return text.replace(shown + "/", "") if shown else text

    def _say_once(self, found: list[Problem]) -> None:
        """Report ``found``, leaving out a problem already reported at the same place for
        another card (a layout's own fault shows on every back drawn from it)."""
        for problem in found:
            mark = (problem.location, problem.message.partition(" (back)': ")[2] or problem.message)
            if mark not in self._said:
                self._said.add(mark)
                self.problems.append(problem)

    def _where(self, source: BackSource, card: CardData) -> Location:
        """The table cell of the first field the back's pattern reads, else the pattern."""
        for name in source.fields:
            if name in card.sources:
                return card.sources[name]
        return self.doc.where((*source.path, source.kind))
