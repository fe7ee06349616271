"""``printkit export pod``: a game's decks as a print-on-demand service takes them.

The game is prepared as a build would, with the service's bleed, and each deck whose trim
size is one the service prints is drawn at the service's pixel size and resolution through
the same PDF-to-PNG path as ``export png`` (:mod:`printkit.export.raster`).  What the
folder holds depends on the service (:mod:`printkit.export.services`)::

    images  DECK/fronts/NNN-KEY.png  DECK/back.png  DECK/backs/GROUP.png  README.txt
    pdf     one PDF per deck, named and with each card's sides in the service's order,
            CMYK PDF/X-1a where the service asks for it                   README.txt

A deck of a size the service does not print stops the export with an error naming both
sizes; a safe margin smaller than the service's safe zone is a warning located at the
definition's ``safe_margin``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit.definition.colourcues import located
from printkit.definition.sizes import size_text
from printkit.errors import DefinitionError, Problem
from printkit.export.pdfx import pdfx, picture
from printkit.export.pieces import DeckPieces, Pieces, kit_pieces
from printkit.export.png import check_sizes
from printkit.export.raster import artwork_pdf, fitted_images, png_bytes
from printkit.export.services import TOLERANCE, CardSize, Service, matching_size
from printkit.export.writing import commit, export_name, folder_for, prepare
from printkit.kit import Progress, silent
from printkit.kit.build import BuildResult
from printkit.kit.cards import CardsPlan
from printkit.kit.options import BuildOptions
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import KitPlan
from printkit.pdf.artwork import Artwork
from printkit.settings import Settings
from printkit.units import MM, POINTS_PER_INCH


@dataclass(frozen=True)
class PodResult:
    """What the export wrote, and the warnings it found on the way."""

    result: BuildResult
    warnings: tuple[Problem, ...]


@dataclass(frozen=True)
class _Deck:
    pieces: DeckPieces
    size: CardSize
    pixels: tuple[int, int]
    """Across and down, landscape decks turned."""
    safe_margin: float
    game: str
    """The game's name, for services that put it in file names."""


def _decks(kit: KitPlan, pieces: Pieces, offer: Service) -> list[_Deck]:
    """Each deck with the service's size it matches; every deck that matches none is
    reported at once."""
    plans = [kit.cards] if kit.cards is not None else []
    plans += [part for part in kit.components.parts if isinstance(part, CardsPlan)]
    margins = {plan.deck_source.stem: plan.deck_source.safe_margin for plan in plans}
    found: list[_Deck] = []
    wrong: list[Problem] = []
    for deck in pieces.decks:
        match = matching_size(offer, deck.width, deck.height)
        if match is None:
            where = located(kit.game.definition, [_deck_path(deck.name, "size")])[0]
            wrong.append(Problem(
                f"{deck.label}: the cards are {size_text(deck.width, deck.height)}; "
                f"{offer.title} prints {offer.sizes_text()} (within "
                f"{TOLERANCE / MM:g} mm, either way up): choose another service or size",
                where))
            continue
        size, landscape = match
        across, down = offer.pixels(size)
        found.append(_Deck(deck, size, (down, across) if landscape else (across, down),
                           margins.get(deck.name, 0.0), kit.game.definition.game))
    if wrong:
        raise DefinitionError(wrong)
    if not found:
        raise DefinitionError(f"{kit.game.definition.game}: the game has no cards to "
                              f"send to {offer.title}")
    return found


def _deck_path(deck: str, key: str) -> tuple[str, ...]:
    """Where a deck's ``key`` (``size``, ``safe_margin``) is written, or would be, in the
    definition: under ``card`` for the main deck, else under its component."""
    return ("card", key) if deck == "cards" else ("components", deck, key)


def safe_warnings(kit: KitPlan, decks: Sequence[_Deck], offer: Service) -> tuple[Problem, ...]:
    """A warning for each deck whose safe margin is narrower than the service's safe zone
    (its text and symbols may then come closer to the cut than the service promises to
    keep)."""
    safe = offer.safe
    short = [deck for deck in decks if deck.safe_margin < safe - 1e-6]
    where = located(kit.game.definition, [_deck_path(deck.pieces.name, "safe_margin")
                                          for deck in short])
    return tuple(Problem(
        f"{deck.pieces.label}: safe_margin is {deck.safe_margin / MM:.4g} mm, less than "
        f"{offer.title}'s safe zone of {offer.length(safe)} ({safe / MM:.4g} mm): text and "
        f"symbols that near the edge may be cut; set safe_margin to at least "
        f"{safe / MM:.4g}mm", place) for deck, place in zip(short, where, strict=True))


def _pictures(arts: Sequence[Artwork], deck: _Deck, offer: Service) -> list[bytes]:
    pdf = artwork_pdf([art.svg for art in arts], title=deck.pieces.label)
    return [png_bytes(image, offer.dpi) for image in fitted_images(pdf, deck.pixels)]


def _images(out: OutputSet, deck: _Deck, offer: Service, progress: Progress) -> list[str]:
    """One PNG per face (numbered in card order, so an upload keeps it) and per back."""
    pieces = deck.pieces
    named = [(f"{pieces.name}/fronts/{number:03d}-{art.key}.png", art)
             for number, art in enumerate(pieces.faces, start=1)]
    for back in pieces.backs:
        group = back.key.partition(":")[2]
        named.append((f"{pieces.name}/backs/{group}.png" if group
                      else f"{pieces.name}/back.png", back))
    for done, ((path, _), png) in enumerate(
            zip(named, _pictures([art for _, art in named], deck, offer), strict=True), 1):
        out.add(path, png)
        progress(pieces.label, done, len(named))
    lines = [f"{pieces.name}/ ({pieces.label}): {len(pieces.faces)} faces, "
             f"{sum(pieces.copies)} cards, {deck.pixels[0]} x {deck.pixels[1]} pixels"]
    back_files = {art.key: path for path, art in named[len(pieces.faces):]}
    several = len(pieces.backs) > 1
    for (path, _), copies, back in zip(named, pieces.copies, pieces.back_of, strict=False):
        behind = f"  behind it: {back_files[back.key]}" if several else ""
        lines.append(f"  {path}  x{copies}{behind}")
    lines += [f"  {path}  (back)" for path in back_files.values()]
    if several:
        lines.append("  this deck has more than one back: make one deck product per back, "
                     "each with the faces that show it")
    return lines


def _pdf(out: OutputSet, deck: _Deck, offer: Service, progress: Progress) -> list[str]:
    """One PDF per deck, named as the service asks: for every card, copies included, its
    two sides in the service's order, each page a picture at the service's size and
    resolution (CMYK PDF/X-1a where the service asks for it)."""
    pieces = deck.pieces
    pages: list[Artwork] = []
    for face, back, copies in zip(pieces.faces, pieces.back_of, pieces.copies, strict=True):
        pages += ([back, face] if offer.order == "back-face" else [face, back]) * copies
    unique = {art.key: art for art in pages}
    pdf = artwork_pdf([art.svg for art in unique.values()], title=pieces.label)
    cmyk = offer.colour == "cmyk"
    pictures = dict(zip(unique, (picture(image, to_cmyk=cmyk)
                                 for image in fitted_images(pdf, deck.pixels)), strict=True))
    progress(pieces.label, 1, 2)
    width, height = (side / offer.dpi * POINTS_PER_INCH for side in deck.pixels)
    name = offer.file_name.format(game=deck.game, deck=pieces.name, size=deck.size.tag)
    out.add(name, pdfx([pictures[art.key] for art in pages], width=width, height=height,
                       bleed=offer.bleed, title=pieces.label, conforming=cmyk))
    progress(pieces.label, 2, 2)
    sides = "back, face, back, face..." if offer.order == "back-face" else \
        "face, back, face, back..."
    kind = "CMYK PDF/X-1a:2003" if cmyk else "sRGB pictures"
    return [f"{name} ({pieces.label}): {len(pages) // 2} cards, {len(pages)} pages "
            f"({sides}), {deck.pixels[0]} x {deck.pixels[1]} pixels, {kind}"]


def _readme(kit: KitPlan, offer: Service, lines: Sequence[str]) -> str:
    title = kit.game.definition.title
    if offer.layout == "images":
        how = ("Make one deck product per folder below at the service; upload every file "
               "under fronts/ as a card face, setting the number of copies shown beside it, "
               "and the deck's back (back.png, or the back named beside each face).")
    else:
        first, second = ("back", "face") if offer.order == "back-face" else ("face", "back")
        how = (f"Each PDF is one deck: page 1 is the {first} of card 1, page 2 its {second}, "
               f"and so on through the deck.  ")
        how += ("The files are CMYK PDF/X-1a:2003 for U.S. Web Coated (SWOP); black carries "
                "the grey of every colour, so no spot has more than 200% ink.  Upload each "
                "PDF as it is." if offer.colour == "cmyk" else
                "The pages are sRGB pictures, which the service converts to CMYK itself; "
                "add each PDF to the order as its own item.")
    head = [f"{title}: files for {offer.title}",
            "",
            f"Every picture is {offer.dpi:g} dpi with {offer.length(offer.bleed)} of bleed on "
            f"each side; keep in mind the service trims at the cut line and asks that text "
            f"stay {offer.length(offer.safe)} inside it.",
            "",
            how,
            ""]
    return "\n".join([*head, *lines, ""])


def pod_export(kit: KitPlan, out: OutputSet, offer: Service,
               progress: Progress = silent) -> tuple[Problem, ...]:
    """Queue the service's files for every deck of ``kit`` in ``out``; the warnings."""
    pieces = kit_pieces(kit)
    decks = _decks(kit, pieces, offer)
    check_sizes(kit, Pieces(pieces.title, tuple(deck.pieces for deck in decks), (), ()),
                offer.dpi)
    lines: list[str] = []
    for deck in decks:
        write = _images if offer.layout == "images" else _pdf
        lines += write(out, deck, offer, progress)
    out.add("README.txt", _readme(kit, offer, lines).encode())
    return safe_warnings(kit, decks, offer)


def export_pod(name_or_path: str, offer: Service, *, output_root: Path,
               variant: str | None = None, overrides: Settings = (),
               progress: Progress = silent) -> PodResult:
    """Prepare the game with the service's bleed and write its files into
    ``<game>--pod-<service>`` (or nothing, on any problem)."""
    options = BuildOptions(bleed=offer.bleed)
    kit = prepare(name_or_path, options, variant=variant, overrides=overrides)
    out = folder_for(output_root, export_name(kit.game, f"pod-{offer.name}", BuildOptions(),
                                              variant=variant, overrides=overrides))
    warnings = pod_export(kit, out, offer, progress)
    return PodResult(commit(kit.game, out), warnings)
