"""The booklet's components list: what to print and cut, counted from the build's own data.

Every game gets it from the same sources a build uses: the definition's face groups (cards
per group, copies and decks counted), its back, the board its plugin draws (squares and
their size, and how many sheets the tiled board takes), the card sheets (cards per sheet on
the build's paper) and any further components the definition lists.  Each row carries a
small picture drawn by the renderers that draw the real thing.  The template gives only
the words, in a ```` ```components ```` block whose YAML maps a face group's id (or
``back``, ``board``, or the name of a component) to what players call it::

    ```components
    card: square cards, one for every pairing of 1-6 stars with 1-6 stripes
    trump: the Trump, which lies in the middle of the board
    ```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from printkit import plugins, yamlsource
from printkit.booklet.backrows import back_name, back_note, backs_in_use
from printkit.booklet.document import ComponentRow, Components, Diagram, Directive, Inline
from printkit.booklet.markdown import parse_inline
from printkit.definition.board_schema import BoardSettings
from printkit.definition.components import CardsComponent
from printkit.definition.model import CardFace, Definition
from printkit.errors import DefinitionError, Problem
from printkit.pdf.geometry import LayoutError, SheetSpec, pages_needed, sheet_grid
from printkit.pdf.measure import bold_width
from printkit.pdf.paper import Paper, paper_by_name
from printkit.pdf.tiling import board_outline, tile_board
from printkit.render.board import BoardPicture, board_svg, picture_geometry
from printkit.render.scene import (
    CardShape,
    FaceLibrary,
    PictureShape,
    RectShape,
    Scene,
    Shape,
)
from printkit.render.svg import Frame

PICTURE = 16.0
"""Side (mm) of a card in a components picture."""
FANNED = 3
"""Cards shown for a group of several faces."""
STEP = 4.0
"""How far (mm) each card of a fanned picture lies from the one before."""
SHADOW = "#c9c2b1"


@dataclass(frozen=True)
class Counts:
    """How a build prints the components (what the words of the list depend on)."""

    spec: SheetSpec
    """The card sheets: paper, card size with bleed, margins."""


def default_spec(definition: Definition) -> SheetSpec:
    """The card sheet of the definition's own print settings (what ``build`` uses when the
    command line changes nothing)."""
    settings = definition.print
    return SheetSpec(paper=paper_by_name(settings.paper), card_w=definition.card_width,
                     card_h=definition.card_height, bleed=settings.bleed,
                     margin=settings.margin, gutter=settings.gutter,
                     mark_length=settings.crop_mark_length,
                     mark_offset=settings.crop_mark_offset)


def _words(directive: Directive, known: Sequence[str]) -> dict[str, Inline]:
    """The template's words for each component, checked against what the game has."""
    if not directive.text.strip():
        return {}
    try:
        doc = yamlsource.parse(directive.text, directive.location.file)
    except DefinitionError as exc:
        raise DefinitionError([Problem(f"components: {p.message}", directive.location)
                               for p in exc.problems]) from None
    data = doc.data if isinstance(doc.data, dict) else None
    if data is None:
        raise DefinitionError([Problem("a components block maps names (a face group's id, "
                                       "'back', 'board') to words", directive.location)])
    problems = []
    out: dict[str, Inline] = {}
    for key, value in data.items():
        if key not in known:
            problems.append(Problem(f"components: {key!r} is not a component of this game "
                                    f"(it has {', '.join(known)})", directive.location))
        elif not isinstance(value, str):
            problems.append(Problem(f"components: the words for {key!r} must be text",
                                    directive.location))
        else:
            try:
                out[key] = parse_inline(" ".join(value.split()))
            except ValueError as exc:
                problems.append(Problem(f"components: {exc}", directive.location))
    if problems:
        raise DefinitionError(problems)
    return out


def _picture(key: str, shapes: Sequence[Shape], width: float, height: float,
             faces: FaceLibrary) -> Diagram:
    scene = Scene(width, height, key, tuple(shapes))
    return Diagram(scene, f"part-{key}", "", faces)


def _fanned(key: str, faces: Sequence[CardFace], library: FaceLibrary,
            ratio: float) -> Diagram:
    """A few faces of a group, each a little below and right of the one before."""
    shown = list(faces) if len(faces) <= FANNED else [
        faces[round(i * (len(faces) - 1) / (FANNED - 1))] for i in range(FANNED)]
    height = PICTURE * ratio
    shapes: list[Shape] = []
    for i, face in enumerate(shown):
        x, y = i * STEP, i * STEP * 0.35
        shapes.append(RectShape(x + 0.5, y + 0.5, PICTURE, height, SHADOW))
        shapes.append(CardShape(face, x, y, PICTURE))
    step = STEP * (len(shown) - 1)
    return _picture(key, shapes, PICTURE + step + 0.5, height + step * 0.35 + 0.5, library)


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def board_picture(definition: Definition, engine: Any) -> BoardPicture | None:
    """What the board of ``definition`` shows, drawn by its rules' plugin (its ``board``
    part) from ``engine``; ``None`` for a definition without rules, or whose game draws no
    board.  The booklet's components table and the kit's board files both ask here."""
    if engine is None or definition.rules is None or definition.rules not in (
            plugins.game_names()):
        return None
    maker = plugins.find(definition.rules).board_maker()
    return maker(engine, definition) if maker is not None else None


def _board_row(definition: Definition, picture: BoardPicture, counts: Counts,
               words: Inline, library: FaceLibrary) -> ComponentRow:
    geo = picture_geometry(picture)
    outline = board_outline(geo)
    settings = BoardSettings.from_mapping(definition.board)
    paper = counts.spec.paper
    try:
        sheets = len(tile_board(outline, paper, margin=counts.spec.margin,
                                glue=settings.glue, measure=bold_width).tiles)
    except LayoutError:
        sheets = 0
    width = 26.0
    art = PictureShape("board", board_svg(picture), 0, 0, width)
    drawing = _picture("board", [art], width, width * geo.height / geo.width, library)
    name = words or parse_inline(f"The board: {picture.shape} squares")
    size = f"{geo.width:.0f} \u00d7 {geo.height:.0f} mm"
    on = (f", printed on {_count(sheets, 'sheet', 'sheets')} of {paper.name} and glued "
          "together" if sheets > 1 else "")
    spaces = (f"Squares of {picture.square:g} mm" if picture.height_of_square == picture.square
              else f"Spaces of {picture.square:g} \u00d7 {picture.height_of_square:g} mm")
    note = parse_inline(f"{spaces}, {size} in all{on}.")
    return ComponentRow(drawing, name, "1", note)


def components(directive: Directive, definition: Definition, engine: Any,
               counts: Counts) -> Components:
    """The components list of ``definition`` as this build prints it (``recount`` gives
    it for other paper)."""
    groups: dict[str, list[CardFace]] = {}
    for face in definition.faces:
        groups.setdefault(face.group, []).append(face)
    board = board_picture(definition, engine)
    known = [*groups, "back", *(["board"] if board is not None else []),
             *(c.name for c in definition.components)]
    words = _words(directive, known)
    library = FaceLibrary(Frame.from_points(definition.card_width, definition.card_height,
                                            0.0, definition.safe_margin))
    ratio = definition.card_height / definition.card_width
    rows: list[ComponentRow] = []
    total = sum(face.copies for face in definition.faces)  # every card, whatever its back
    for group, faces in groups.items():
        copies = sum(face.copies for face in faces)
        decks = len({face.deck for face in faces})
        first = [face for face in faces if face.deck == 0]
        note = (f"{copies // decks} in each of {decks} decks, told apart by the letter in "
                "one corner." if decks > 1 else "")
        rows.append(ComponentRow(_fanned(group, first, library, ratio),
                                 words.get(group) or parse_inline(group.capitalize()),
                                 str(copies), parse_inline(note)))
    backs = backs_in_use(definition, definition.faces, library.frame)
    several = len(backs) > 1
    for number, use in enumerate(backs, start=1):
        key = "back" if number == 1 else f"back-{number}"  # each picture a name of its own
        art = PictureShape(key, use.svg, 0, 0, PICTURE)
        given = words.get("back") if use.deck or not several else None
        name = given or parse_inline(back_name(use, several))
        rows.append(ComponentRow(_picture(key, [art], PICTURE, PICTURE * ratio, library),
                                 name, str(use.cards), parse_inline(back_note(use, several))))
    if board is not None:
        rows.append(_board_row(definition, board, counts, words.get("board", ()), library))
    for component in definition.components:
        name = words.get(component.name) or parse_inline(component.name.replace("-", " ")
                                                         .capitalize())
        note = (f"Printed on {counts.spec.paper.name}." if component.kind == "sheet"
                else component.size)
        rows.append(ComponentRow(None, name, str(getattr(component, "count", "") or ""),
                                 parse_inline(note)))
    summary = parse_inline(" ".join(_sheets_said(definition, counts.spec, total)))
    def recount(paper: Paper) -> Components:
        return components(directive, definition, engine,
                          Counts(replace(counts.spec, paper=paper)))

    return Components(tuple(rows), summary, counts.spec.paper.name, recount)


def _sheets_said(definition: Definition, spec: SheetSpec, total: int) -> list[str]:
    """How many sheets the cards take, for the main deck and each deck of ``cards`` a
    component adds (at its own card size), as the kit lays them out on ``spec``'s paper."""
    said = []
    decks: list[tuple[str, int, SheetSpec]] = [("", total, spec)]
    for component in definition.components:
        if isinstance(component, CardsComponent):
            decks.append((component.name.replace("-", " ") + " ",
                          sum(face.copies for face in component.faces),
                          replace(spec, card_w=component.width, card_h=component.height)))
    for name, cards, deck in decks:
        per_sheet = _per_sheet(deck)
        if per_sheet and cards:
            sheets = pages_needed(cards, per_sheet)
            said.append(f"The {cards} {name}{'card' if cards == 1 else 'cards'} print "
                        f"{per_sheet} to a sheet of {deck.paper.name}: "
                        f"{_count(sheets, 'sheet', 'sheets')}, fronts on one side and backs "
                        "on the other.")
    return said


def _per_sheet(spec: SheetSpec) -> int:
    try:
        return sheet_grid(spec).per_page
    except LayoutError:
        return 0


def counts_for(definition: Definition, spec: SheetSpec | None) -> Counts:
    """The counts of a build printing on ``spec`` (the definition's own settings if None)."""
    return Counts(spec if spec is not None else default_spec(definition))


__all__ = ["Counts", "board_picture", "components", "counts_for", "default_spec"]

