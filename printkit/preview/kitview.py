"""What the preview shows of a prepared kit: every part, in the order a build writes them.

:func:`kit_sections` turns a :class:`~printkit.kit.prepare.KitPlan` into sections of
pictures: the main deck's faces and every back its cards show, the board, then each
component (another deck's faces and backs, both sides of every token, a plain board or map,
a score sheet as its printed page) and each deck's tuck box where the kit has them.  Every picture
says where it was defined (``file:line``: a card's data row or its entry in ``faces:``, a
component's entry), so the page can show it beside the card.

Faces and boards are the SVG the PDF is drawn from (:func:`embedded` then puts their fonts
inside, :mod:`printkit.preview.fonts`); a sheet, which the PDF writer draws directly, is shown as
its PDF's first page, and a tuck box as every page of its PDF, rasterised (pypdfium2).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from printkit.definition.colourcues import back_written
from printkit.definition.model import CardFace, Definition
from printkit.errors import Location
from printkit.kit.cards import CardsPlan
from printkit.kit.components import PlainBoardPlan, SheetPlan, TokensPlan
from printkit.kit.prepare import KitPlan
from printkit.kit.tuckbox import KitTuckbox
from printkit.pdf.artwork import Artwork
from printkit.preview.pageimages import draw_pages, keyed_pages
from printkit.render.board import board_svg
from printkit.yamlsource import PathKey

PAGE_DPI = 110
"""The resolution a printed page (a score sheet) is shown at."""


@dataclass(frozen=True)
class Picture:
    """One thing the page shows: an SVG drawing or a PNG of a printed page."""

    name: str
    source: str
    """Where it was defined, ``file:line`` (empty when it has no one place)."""
    svg: str = ""
    png: bytes = b""

    @property
    def suffix(self) -> str:
        """How the server names it: ``svg`` or ``png``."""
        return "png" if self.png else "svg"


@dataclass(frozen=True)
class Section:
    """A heading and the pictures under it."""

    title: str
    pictures: tuple[Picture, ...]
    wide: bool = False
    """Boards and pages: shown wider than a card."""


Embed = Callable[[str], str]
"""Puts into an SVG the fonts it names."""


def _where(location: Location | None) -> str:
    return f"{location.file}:{location.line}" if location is not None else ""


def kit_sections(kit: KitPlan) -> tuple[Section, ...]:
    """Every part of ``kit`` as sections of pictures, in the order a build writes them."""
    definition = kit.game.definition
    sections: list[Section] = []
    if kit.cards is not None:
        sections += _deck("Cards", kit.cards, definition, definition.sections.get("back"), ())
    if kit.board is not None:
        sections.append(Section("Board", (Picture(
            "board", _where(definition.sections.get("board")),
            svg=board_svg(kit.board.picture)),), wide=True))
    for part in kit.components.parts:
        if isinstance(part, CardsPlan):
            where = next((c.where for c in definition.components
                          if c.name == part.deck_source.stem), None)
            sections += _deck(part.deck_source.stem, part, definition, where,
                              ("components", part.deck_source.stem))
        elif isinstance(part, TokensPlan):
            sections.append(_tokens(part))
        elif isinstance(part, SheetPlan):
            sections.append(_sheet(part))
        else:
            sections.append(_plain_board(part))
    sections += [_tuckbox(box, kit, definition) for box in kit.tuckboxes]
    return tuple(sections)


def _deck(title: str, cards: CardsPlan, definition: Definition,
          back_at: Location | None, base: PathKey) -> list[Section]:
    faces = tuple(Picture(art.key, _where(face.source) or _where(back_at), svg=art.svg)
                  for face, art in zip(cards.deck_source.faces, cards.faces, strict=True))
    backs = tuple(Picture(art.key.replace(":", " of "),
                          _back_source(definition, cards, art, base) or _where(back_at),
                          svg=art.svg)
                  for art in cards.backs)
    count = len(faces)
    return [Section(f"{title}: {count} face{'' if count == 1 else 's'}", faces),
            Section(f"{title}: back{'' if len(backs) == 1 else 's'}", backs)]


def _back_source(definition: Definition, cards: CardsPlan, art: Artwork,
                 base: PathKey) -> str:
    """Where the back ``art`` was written: the ``back:`` of the face group of the first
    card that shows it, else its deck's (empty: neither is written)."""
    groups = {face.key: face.group for face in cards.deck_source.faces}
    group = next((groups.get(face.key) for face, behind in zip(
        cards.deck, cards.behind, strict=True) if behind.key == art.key), None)
    return _where(back_written(definition, base, group)) if group is not None else ""


def _tokens(part: TokensPlan) -> Section:
    """Each different token, its front then its back."""
    component = part.component
    faces: dict[str, CardFace] = {f"front:{f.key}": f for f in component.fronts}
    faces.update((f"back:{f.key}", f) for f in component.back_faces)
    backs = part.backs or [None] * len(part.fronts)
    pictures: list[Picture] = []
    seen: set[tuple[str, str]] = set()
    for front, back in zip(part.fronts, backs, strict=True):
        pair = (front.key, back.key if back is not None else "")
        if pair in seen:
            continue
        seen.add(pair)
        for side in (front, back):
            if side is not None:
                face = faces.get(side.key)
                where = _where(face.source if face is not None else None)
                pictures.append(Picture(_token_name(side.key, front.key), where or
                                        _where(component.where), svg=side.svg))
    return Section(f"{component.name}: {len(seen)} different tokens, front and back",
                   tuple(pictures))


def _token_name(key: str, front: str) -> str:
    side, _, name = key.partition(":")
    if side == "back" and not name:  # one back kind behind every token
        return f"{front.partition(':')[2]} (back)"
    return f"{name} ({side})"


def _sheet(part: SheetPlan) -> Section:
    from printkit.pdf.scoresheets import sheet_pdf  # the PDF writer: loaded when shown

    component = part.component
    data = sheet_pdf(part.page, title=part.title, what=component.title.text, copies=1,
                     accent=part.accent)
    pages = pdf_pages(data, first=1)
    return Section(f"{component.name}: {component.title.text}", tuple(
        Picture(f"{component.name}.pdf, page {n}", _where(component.where), png=png)
        for n, png in enumerate(pages, start=1)), wide=True)


def _plain_board(part: PlainBoardPlan) -> Section:
    component = part.component
    return Section(f"{component.name}: {component.title}", (Picture(
        component.name, _where(component.where), svg=part.svg),), wide=True)


def _tuckbox(box: KitTuckbox, kit: KitPlan, definition: Definition) -> Section:
    """A deck's tuck box: every page of its PDF."""
    from printkit.pdf.tuckbox_pdf import tuckbox_pdf  # the PDF writer: loaded when shown

    stem = box.file.removesuffix(".pdf")
    deck = stem.removesuffix("tuckbox").removesuffix("-")
    where = next((c.where for c in definition.components if c.name == deck), None)
    source = _where(where or definition.sections.get("tuckbox") or definition.sections.get("card"))
    return pdf_section(f"{box.file}: the tuck box", box.file,
                       tuckbox_pdf(box.plan, margin=kit.plan.spec.margin), source)


def pdf_pages(data: bytes, *, first: int | None = None, dpi: int = PAGE_DPI,
              keys: Sequence[str] = ()) -> list[bytes]:
    """The pages of the PDF ``data`` as PNG images (only the ``first`` N if given); kept by
    content, so a rebuild whose sheets did not change does not draw them again (printkit's
    PDFs are the same bytes for the same input).  With ``keys`` (one for the look of each
    page), each page is kept by its key instead (:mod:`printkit.preview.pageimages`)."""
    if keys and first is None:
        return keyed_pages(data, keys, dpi)
    key = (hashlib.sha256(data).digest(), first, dpi)
    found = _PAGES.get(key)
    if found is None:
        if len(_PAGES) >= KEPT_PDFS:
            _PAGES.pop(next(iter(_PAGES)))
        found = _PAGES[key] = tuple(draw_pages(data, dpi, first=first))
    return list(found)


KEPT_PDFS = 32
"""How many PDFs' page images are kept between rebuilds."""
_PAGES: dict[tuple[bytes, int | None, int], tuple[bytes, ...]] = {}


def pdf_section(title: str, name: str, data: bytes, source: str,
                keys: Sequence[str] = ()) -> Section:
    """A section showing every page of a PDF the kit prints (the tuck box, say); ``keys``
    as :func:`pdf_pages` takes them."""
    return Section(title, tuple(Picture(f"{name}, page {n}", source, png=png)
                                for n, png in enumerate(pdf_pages(data, keys=keys), start=1)),
                   wide=True)


def all_svgs(sections: Iterable[Section]) -> Sequence[str]:
    """The SVG text of every picture (to find the characters the fonts must have)."""
    return [picture.svg for section in sections for picture in section.pictures if picture.svg]


def embedded(sections: Iterable[Section], embed: Embed) -> tuple[Section, ...]:
    """``sections`` with the fonts each SVG names put inside it."""
    return tuple(replace(section, pictures=tuple(
        replace(picture, svg=embed(picture.svg)) if picture.svg else picture
        for picture in section.pictures)) for section in sections)
