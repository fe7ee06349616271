"""The colours that tell things apart, and the second cues that tell them apart too.

A :class:`ColourSet` is a group of colours a reader must tell apart to play: the players'
colours in diagrams and on the board's homes, a deck's suit colours, the colours a layout
chooses by a field.  Each colour (a :class:`Swatch`) is named and located where it was
written, and the set says which *second cue* (a pattern, a letter, a shape or a label
drawn with every member) tells its members apart without colour, if any.
:mod:`printkit.definition.colourvision` measures each pair of a set.

Where sets come from:

* a layout's ``fill: {by: FIELD, values: {...}}`` (or ``stroke:``) is exactly "colours that
  tell cards apart by FIELD": :func:`layout_sets` finds each one, and counts as its second
  cue any element of the same layout that shows FIELD some other way (a ``{FIELD}`` in a
  text, an icon or picture chosen ``by: FIELD``, or a text, icon, picture or shape shown
  only ``when`` FIELD has some value);
* a game plugin states the sets its own code draws (player colours in its diagrams and on
  its board, suit colours on its faces) in a module ``colours`` of its package, with a
  function ``colour_sets(definition, engine)`` returning them (see
  :mod:`printkit.kit.colourcheck`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from printkit.definition.data import read_table
from printkit.definition.layouts import ByField, ElementSpec, Filled, Layout
from printkit.definition.model import Definition
from printkit.definition.schema import Colour
from printkit.errors import DefinitionError, Location
from printkit.yamlsource import Document, PathKey
from printkit.yamlsource import load as load_yaml

CUES = ("pattern", "letter", "shape", "label")
"""The second cues a set may name."""

SHOWING = frozenset({"text", "icon", "src"})
"""Style keys that show a field in some way other than colour."""

SHAPES = frozenset({"text", "icon", "image", "polygon", "ellipse", "line", "rect"})
"""Element types that are a mark of their own when shown only for some values."""


@dataclass(frozen=True)
class Swatch:
    """One colour of a set: its name (``'NW'``, ``'red'``), ``#rrggbb``, and where the
    colour was written."""

    name: str
    colour: str
    location: Location | None = None
    cue: str = ""
    """A second cue this colour alone has (every space of a board filled with it is
    labelled, say): a pair with one such colour is told apart without colour."""


@dataclass(frozen=True)
class ColourSet:
    """Colours a reader must tell apart, and the second cue that does it too (``""``:
    colour alone)."""

    what: str
    """What the colours tell apart, in words (``"players in diagrams"``)."""
    swatches: tuple[Swatch, ...]
    cue: str = ""

    def __post_init__(self) -> None:
        if self.cue and self.cue not in CUES:
            raise ValueError(f"a second cue is one of {', '.join(CUES)}, not {self.cue!r}")


def layout_sets(definition: Definition) -> list[ColourSet]:
    """Every colour a layout of ``definition`` chooses ``by:`` a field, as one set per
    style, with a second cue if the layout shows the same field another way."""
    layouts: Mapping[str, Layout] = definition.content.layouts
    found: list[tuple[Layout, str, PathKey, Mapping[str, object], bool]] = []
    for layout in layouts.values():
        for element in layout.elements:
            for key, styled in element.styles.items():
                how = styled.how
                if isinstance(how, ByField) and isinstance(styled.node, Colour):
                    found.append((layout, how.field, styled.path or (*element.path, key),
                                  how.values, _shown_otherwise(layout, how.field)))
    if not found:
        return []
    doc = _document(definition)
    sets = []
    for layout, field, path, values, cue in found:
        swatches = tuple(Swatch(name, str(colour), _where(doc, (*path, "values", name)))
                         for name, colour in values.items())
        sets.append(ColourSet(f"cards by {field!r} in the layout {layout.name!r}", swatches,
                              "label" if cue else ""))
    return sets


def palette_sets(definition: Definition) -> list[ColourSet]:
    """The ``palette:`` of each board among the components, one set per board: a colour
    whose every space carries a label has a second cue of its own."""
    doc = _document(definition)
    components = doc.data.get("components") if doc is not None and isinstance(
        doc.data, dict) else None
    if doc is None or not isinstance(components, dict):
        return []
    sets = []
    for name, spec in components.items():
        if not (isinstance(spec, dict) and spec.get("kind") == "board"
                and isinstance(spec.get("palette"), dict)):
            continue
        labelled = _labelled_fills(doc, ("components", name, "spaces"), spec.get("spaces"),
                                   definition)
        palette: dict[str, object] = spec["palette"]
        swatches = tuple(Swatch(str(key), str(colour),
                                doc.where(("components", name, "palette", key)),
                                "label" if labelled.get(str(key)) else "")
                         for key, colour in palette.items())
        sets.append(ColourSet(f"spaces of the board {name!r}", swatches))
    return sets


def _labelled_fills(doc: Document, path: PathKey, source: object,
                    definition: Definition) -> dict[str, bool]:
    """For each fill a board's spaces name: whether every space with it has a label."""
    if source is None:
        return {}
    table = read_table(doc, path, source, definition.path.parent, [])
    labelled: dict[str, bool] = {}
    for row in table.rows if table is not None else ():
        fill = row.cells.get("fill")
        if fill is None:
            continue
        label = row.cells.get("label")
        has = label is not None and str(label.value).strip() != ""
        labelled[str(fill.value)] = labelled.get(str(fill.value), True) and has
    return labelled


def _shown_otherwise(layout: Layout, field: str) -> bool:
    """Whether an element of ``layout`` shows ``field`` by more than colour."""
    return any(_shows(element, field) for element in layout.elements)


def _shows(element: ElementSpec, field: str) -> bool:
    for key, styled in element.styles.items():
        if key not in SHOWING or field not in styled.fields:
            continue
        how = styled.how
        if isinstance(how, Filled) or (isinstance(how, ByField) and len(set(
                map(str, how.values.values()))) > 1):
            return True
    return (element.when is not None and element.when.field == field
            and element.type in SHAPES)


def _document(definition: Definition) -> Document | None:
    """The definition's file read again with every location (``None`` if unreadable)."""
    display = next((loc.file for loc in definition.sections.values()), str(definition.path))
    try:
        return load_yaml(definition.path, display)
    except DefinitionError:
        return None


def _where(doc: Document | None, path: PathKey) -> Location | None:
    return doc.where(path) if doc is not None else None


def located(definition: Definition, paths: Iterable[PathKey]) -> list[Location | None]:
    """Where each of ``paths`` was written in the definition's file (for a game's own
    sets: ``("booklet", "player_colours", 0)``...)."""
    doc = _document(definition)
    return [_where(doc, path) for path in paths]


def back_written(definition: Definition, base: PathKey, group: str) -> Location | None:
    """Where the ``back:`` is written that the cards of face group ``group`` of the deck at
    ``base`` (``()``: the main deck, ``("components", NAME)``: a cards component) take their
    back from: the group's own, else the deck's (``None``: neither is written)."""
    doc = _document(definition)
    deck: object = doc.data if doc is not None else None
    for key in base:
        deck = deck.get(key) if isinstance(deck, dict) else None
    if doc is None or not isinstance(deck, dict):
        return None
    groups = deck.get("faces")
    for index, entry in enumerate(groups if isinstance(groups, list) else ()):
        if isinstance(entry, dict) and entry.get("id") == group and "back" in entry:
            return doc.where((*base, "faces", index, "back"), key=True)
    return doc.where((*base, "back"), key=True) if "back" in deck else None


def face_group_index(definition: Definition, group: str) -> int | None:
    """Where the face group ``group`` is in the file's ``faces:`` list (``None`` if it is
    not there), to locate a colour among its options."""
    doc = _document(definition)
    faces = doc.data.get("faces") if doc is not None and isinstance(doc.data, dict) else None
    if not isinstance(faces, list):
        return None
    return next((index for index, entry in enumerate(faces)
                 if isinstance(entry, dict) and entry.get("id") == group), None)
