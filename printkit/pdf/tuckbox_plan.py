"""Plan a deck's tuck box: its size, the pieces on the pages, and the words on it.

Everything that can go wrong on the user's input happens here (a title a font cannot
draw or that cannot fit the front, a box larger than any sheet allowed), so ``printkit
check`` finds it; :mod:`printkit.pdf.tuckbox_pdf` then only draws.  Nothing here loads
the PDF writer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit import limits
from printkit.definition.fonts import FontFace
from printkit.definition.fontstack import glyph_name, split_runs
from printkit.definition.model import Definition
from printkit.errors import DefinitionError, Location, Problem
from printkit.pdf.artwork import Artwork
from printkit.pdf.geometry import INFO_BAND
from printkit.pdf.paper import Paper
from printkit.pdf.tiling import ISO_A
from printkit.pdf.tuckbox_net import (
    INSIDE_BACK,
    INSIDE_FRONT,
    BoxSize,
    Piece,
    box_size,
    one_piece,
    two_pieces,
)
from printkit.units import MM

GAP = 4 * MM
"""Space between the label band and the net, and between two pieces on one page."""
LEAST_TEXT = 6.0
"""The smallest text (points) the box prints, the least a player should have to read; a
spine, lid or flap too narrow for it stays plain."""
TITLE_LINES = 3
"""The most lines the title may take on the front."""
HOW_TO = "How to make the box"
STEPS = (
    "1  Cut along the solid lines, and round the thumb notch in the front's top edge.",
    "2  Score every dashed line against a ruler, then fold it with the print outside.",
    "3  Glue the flap on the first side's free edge inside the back's free edge.",
    "4  Fold in the bottom dust flaps, fold up the bottom and glue its flap inside the back.",
    "5  Put the cards in, fold in the top dust flaps, close the lid, tuck it into the front.",
)
"""The steps printed above a net in one piece, where the page has room for them."""
STEPS_IN_TWO = (
    *STEPS[:2],
    "3  Glue the second piece's flap inside the front's free edge, then the first side's "
    "flap inside the back's free edge.",
    *STEPS[3:],
)
"""The steps for a net in two pieces."""


@dataclass(frozen=True)
class Placed:
    """A piece on a page: its lower-left corner (points)."""

    piece: Piece
    x: float
    y: float
    number: int
    """1 or 2 when the net is in two pieces, else 0."""


@dataclass(frozen=True)
class BoxPage:
    """One page of the tuck box PDF."""

    paper: Paper
    pieces: tuple[Placed, ...]


@dataclass(frozen=True)
class Words:
    """A text the box prints: its lines, its size, and the faces it is set in (the bold
    face, else the regular one, of each family of the definition's font stack, tried in
    order for each character)."""

    lines: tuple[str, ...]
    size: float
    faces: tuple[FontFace, ...]

    def runs(self, line: str) -> list[tuple[str, FontFace]]:
        """``line`` as runs, each in the first face that has its letters."""
        return split_runs(line, self.faces)[0]


def _width(line: str, faces: tuple[FontFace, ...], size: float) -> float:
    return sum(face.width(chunk, size) for chunk, face in split_runs(line, faces)[0])


@dataclass(frozen=True)
class TuckboxPlan:
    """A tuck box ready to draw."""

    label: str
    """The game's title, for the page labels."""
    size: BoxSize
    cards: int
    pages: tuple[BoxPage, ...]
    paper: Paper
    """The paper the build was asked for (the pages are larger only when the net cannot
    fit it even in two pieces)."""
    title: Words
    """The title on the front."""
    spine: Words | None
    lid: Words | None
    colour: str
    ink: str
    back: Artwork
    """The deck's back, printed on the back and the front."""
    card_width: float
    card_height: float
    bleed: float
    """The bleed the artwork was drawn with (points)."""
    faces: tuple[FontFace, ...]
    """The faces the box's words are set in, for the words the writer sizes itself."""
    plain: tuple[FontFace, ...]
    """The regular faces of the same stack, for the steps of making the box."""
    subtitle: Words | None = None
    """The deck's name under the title on the front, for a ``cards`` component's box."""
    count: Words | None = None
    """``54 cards``, on the front's foot and the bottom."""

    def width(self, text: str, size: float, *, plain: bool = False) -> float:
        """How wide ``text`` is set in the box's bold faces (or ``plain`` ones) at ``size``
        points."""
        return _width(text, self.plain if plain else self.faces, size)

    @property
    def pieces(self) -> int:
        """How many pieces the net is cut into."""
        return sum(len(page.pieces) for page in self.pages)

    @property
    def oversize(self) -> bool:
        """Whether the pages are larger than the paper asked for."""
        return {p.paper.name for p in self.pages} != {self.paper.name}


def plan_tuckbox(definition: Definition, *, card_width: float, card_height: float,
                 cards: int, back: Artwork, bleed: float,
                 paper: Paper, margin: float, deck: str = "") -> TuckboxPlan | None:
    """The tuck box of the main deck, or of the ``cards`` component called ``deck``
    (``None`` when ``tuckbox: make: false``); raises :class:`DefinitionError` with every
    problem found."""
    settings = definition.tuckbox
    if not settings.make:
        return None
    count = (settings.cards or cards) if not deck else cards
    size = box_size(card_width, card_height, count, stock=settings.stock,
                    slack=settings.slack, wall=settings.wall)
    problems: list[Problem] = []
    text = settings.title or definition.title
    where = settings.title_at
    stack = definition.content.sheet_stack
    faces = tuple(face for face in (f.face(bold=True, italic=False)
                                    or f.face(bold=False, italic=False)
                                    for f in stack.families) if face is not None)
    plain = tuple(face for face in (f.face(bold=False, italic=False) for f in stack.families)
                  if face is not None)
    count_words = f"{count} card{'s' if count != 1 else ''}"
    _check_glyphs(text, (count_words, INSIDE_BACK, INSIDE_FRONT, "12", HOW_TO),
                  (*STEPS, STEPS_IN_TWO[2]), faces, plain, stack.names, where, problems)
    title = _front_title(text, faces, size, where, problems)
    named = f"{text}: {deck}" if deck else text
    spine = _one_line(named, faces, min(0.5 * size.depth, 16.0), 0.85 * size.height)
    lid = _one_line(named, faces, min(0.4 * size.depth, 12.0), 0.85 * size.width)
    subtitle = _one_line(deck, faces, 0.6 * title.size, 0.85 * size.width) \
        if deck and title is not None else None
    count_line = _one_line(count_words, faces, min(9.0, 0.05 * size.width),
                           0.85 * size.width)
    pages = _pages(size, paper, margin, settings.at("cards") or definition.card_size_at,
                   problems)
    for key, colour in (("colour", settings.colour), ("ink", settings.ink)):
        if colour == "none":
            problems.append(Problem(f"tuckbox: {key}: none leaves nothing to print: give a "
                                    "colour", settings.at(key)))
    if problems or title is None or pages is None:
        raise DefinitionError(problems)
    return TuckboxPlan(f"{definition.title}, {deck}" if deck else definition.title, size,
                       count, pages, paper, title, spine, lid,
                       settings.colour or definition.accent, settings.ink, back,
                       card_width, card_height, bleed, faces, plain, subtitle, count_line)


def _check_glyphs(title: str, bold: Sequence[str], plain: Sequence[str],
                  bold_faces: tuple[FontFace, ...], plain_faces: tuple[FontFace, ...],
                  names: str, where: Location | None, problems: list[Problem]) -> None:
    """One problem for the title's characters that no face of the stack has, and one for
    those of the box's other words: ``bold`` ones (``54 cards``, the glue flaps' words, a
    piece's number) and ``plain`` ones (the steps)."""
    def missing(texts: Sequence[str], faces: tuple[FontFace, ...]) -> list[str]:
        return [c for text in texts for c in split_runs(text, faces)[1]]

    for what, gaps in (("the title", missing([title], bold_faces)),
                       ("its other words", missing(bold, bold_faces)
                        + missing(plain, plain_faces))):
        chars = list(dict.fromkeys(gaps))
        if not chars:
            continue
        shown = ", ".join(glyph_name(c) for c in chars)
        fonts = f"the font {names} has no" if ", then " not in names else \
            f"no font of {names} has a"
        said = f" {title!r}" if what == "the title" else ""
        problems.append(Problem(
            f"the tuck box prints {what}{said}, but {fonts} glyph for {shown}: choose a font "
            f"that has {'it' if len(chars) == 1 else 'them'}, or list one under style: "
            "fallback (DejaVu Sans, always tried last there, covers most scripts)"
            + (", or give tuckbox: title: other words" if what == "the title" else ""),
            where))


def _wrap(words: Sequence[str], faces: tuple[FontFace, ...], size: float,
          room: float) -> list[str]:
    """The words set in lines no wider than ``room`` (a word wider than it alone)."""
    lines: list[str] = []
    for word in words:
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and _width(joined, faces, size) <= room:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def _front_title(text: str, faces: tuple[FontFace, ...], size: BoxSize,
                 where: Location | None, problems: list[Problem]) -> Words | None:
    """The title on the front: as large as fits (at most 24 pt, and a sixth of the front's
    width), in up to three lines."""
    room = 0.85 * size.width
    words = text.split()
    points = min(24.0, size.width / 6)
    while points >= LEAST_TEXT:
        lines = _wrap(words, faces, points, room)
        if len(lines) <= TITLE_LINES and all(_width(ln, faces, points) <= room
                                             for ln in lines) \
                and len(lines) * points * 1.2 <= 0.3 * size.height:
            return Words(tuple(lines), points, faces)
        points -= 0.5
    problems.append(Problem(f"the title {text!r} does not fit the front of the tuck box "
                            f"({size.width / MM:.0f} mm wide) in {TITLE_LINES} lines at "
                            f"{LEAST_TEXT:g} pt: give shorter words in tuckbox: title:", where))
    return None


def _one_line(text: str, faces: tuple[FontFace, ...], largest: float,
              room: float) -> Words | None:
    """``text`` on one line no longer than ``room``, at most ``largest`` points; ``None``
    below :data:`LEAST_TEXT`."""
    words = " ".join(text.split())
    width = _width(words, faces, largest)
    points = largest if width <= room else largest * room / width
    if points < LEAST_TEXT:
        return None
    return Words((words,), points, faces)


def _fits(pieces: Sequence[Piece], paper: Paper, margin: float) -> bool:
    """Whether the pieces fit side by side on ``paper`` within its margins and above the
    label band."""
    width = sum(p.width for p in pieces) + GAP * (len(pieces) - 1)
    height = max(p.height for p in pieces)
    return (width <= paper.width - 2 * margin + 1e-6
            and height <= paper.height - 2 * margin - INFO_BAND - GAP + 1e-6)


def _turned(pieces: Sequence[Piece], paper: Paper, margin: float) -> Paper | None:
    """``paper`` portrait, else landscape, if the pieces fit it side by side."""
    for sheet in (paper, paper.landscape()):
        if _fits(pieces, sheet, margin):
            return sheet
    return None


def _page(pieces: Sequence[Piece], paper: Paper, margin: float, numbered: bool,
          first: int) -> BoxPage:
    """The pieces side by side, centred on the page above the label band."""
    width = sum(p.width for p in pieces) + GAP * (len(pieces) - 1)
    height = max(p.height for p in pieces)
    bottom = margin + INFO_BAND + GAP
    x = (paper.width - width) / 2
    y = bottom + (paper.height - margin - bottom - height) / 2
    placed = []
    for index, piece in enumerate(pieces):
        placed.append(Placed(piece, x, y + (height - piece.height) / 2,
                             first + index if numbered else 0))
        x += piece.width + GAP
    return BoxPage(paper, tuple(placed))


def _arrange(size: BoxSize, paper: Paper, margin: float) -> tuple[BoxPage, ...] | None:
    """The net whole on ``paper``, else in two pieces (on one page if they fit side by
    side, else one page each), else ``None``."""
    whole = one_piece(size)
    sheet = _turned([whole], paper, margin)
    if sheet is not None:
        return (_page([whole], sheet, margin, False, 0),)
    halves = two_pieces(size)
    sheet = _turned(halves, paper, margin)
    if sheet is not None:
        return (_page(halves, sheet, margin, True, 1),)
    sheets = [_turned([half], paper, margin) for half in halves]
    if None in sheets:
        return None
    return tuple(_page([half], sheet, margin, True, number)
                 for number, (half, sheet) in enumerate(zip(halves, sheets, strict=True),
                                                        start=1) if sheet is not None)


def _pages(size: BoxSize, paper: Paper, margin: float, where: Location | None,
           problems: list[Problem]) -> tuple[BoxPage, ...] | None:
    """The net on the paper asked for (:func:`_arrange`), else on the smallest ISO A sheet
    that holds it, whole or in two pieces, within the ``paper-area`` limit."""
    found = _arrange(size, paper, margin)
    most = limits.current().paper_area
    for iso in ISO_A:
        if found is not None or (iso.width / MM) * (iso.height / MM) > most:
            break
        found = _arrange(size, iso, margin)
    if found is None:
        whole = one_piece(size)
        problems.append(Problem(limits.beyond(
            "paper-area", f"the tuck box's net is {whole.width / MM:.0f} x "
            f"{whole.height / MM:.0f} mm and no sheet within the limit holds it, whole or "
            "in two pieces", "square mm"), where))
    return found
