"""Write a prepared kit: the card, board and component files a
:class:`~printkit.kit.prepare.KitPlan` asks for, queued on an
:class:`~printkit.kit.outputs.OutputSet`.

Everything that can fail on the user's input was done while planning
(:mod:`printkit.kit.cards`, :mod:`printkit.kit.board`, :mod:`printkit.kit.components`);
this module only lays out the PDFs, and is the one part of a kit that loads the PDF
writers, so ``printkit check`` never does.
"""

from __future__ import annotations

from printkit.definition.plainboard import MARGIN, TITLE_BAND
from printkit.kit import Progress
from printkit.kit.board import SINGLE_FILE, SVG_FILE, TILED_FILE, BoardPlan
from printkit.kit.cards import CardsPlan, svg_files
from printkit.kit.components import ComponentsPlan, PlainBoardPlan, SheetPlan, TokensPlan
from printkit.kit.games import ResolvedGame
from printkit.kit.outputs import OutputSet
from printkit.pdf import board_pdf
from printkit.pdf import cards as card_pdf
from printkit.pdf.artwork import Backs, SheetOptions, token_spec
from printkit.pdf.calibration import calibration
from printkit.pdf.geometry import Rect
from printkit.pdf.scoresheets import sheet_pdf
from printkit.pdf.tiling import board_outline, smallest_iso_paper, to_board
from printkit.pdf.tokens import token_sheets
from printkit.render.board import BoardPicture, board_svg, picture_geometry
from printkit.render.svg import Box
from printkit.units import MM


def write_cards(cards: CardsPlan, out: OutputSet, progress: Progress) -> None:
    """Queue the deck's SVGs and the card PDFs the plan asks for."""
    progress("card faces", len(cards.faces), len(cards.faces))
    for path, svg in svg_files(cards).items():
        out.add(path, svg)
    plan = cards.plan
    title = cards.deck_source.label
    stem = cards.deck_source.stem
    deck, behind = list(cards.deck), list(cards.behind)
    back: Backs = cards.backs[0] if len(cards.backs) == 1 else behind
    steps = len(plan.layouts)
    for step, layout in enumerate(plan.layouts, start=1):
        if layout == "sheets":
            data, _ = card_pdf.cut_sheets(deck, back, title=title, options=SheetOptions(
                cards.spec, plan.duplex, plan.back_offset))
            out.add(f"{stem}.pdf", data)
        elif layout == "gutter-fold":
            out.add(f"{stem}-gutterfold.pdf", card_pdf.gutter_fold(
                deck, back, title=title, spec=cards.spec)[0])
        elif layout == "print-shop":
            out.add(f"{stem}-printshop.pdf", card_pdf.print_shop(
                deck, back, title=title, spec=cards.spec))
        elif layout == "calibration" and stem == "cards":
            duplex = plan.duplex if plan.duplex != "none" else "long"
            out.add("calibration.pdf", calibration(
                cards.spec, title=title, duplex=duplex, back_offset=plan.back_offset))
        progress("card sheets", step, steps)


def write_board(board: BoardPlan, game: ResolvedGame, out: OutputSet,
                progress: Progress) -> None:
    """Queue ``board.svg``, ``board.pdf`` and ``board-single.pdf``."""
    picture = board.picture
    definition = game.definition
    svg = board_svg(picture)
    out.add(SVG_FILE, svg)
    progress("board", 1, 3)
    about = f"{picture.shape} board"
    tiled = board.tiled_picture
    out.add(TILED_FILE, board_pdf.tiled_board(
        board_svg(tiled), board.tiling, title=definition.title, about=about,
        accent=definition.accent, instructions=picture.instructions,
        keep_clear=_keep_clear(tiled)))
    progress("board", 2, 3)
    warning = ""
    if board.sheet.scale < 1:
        outline = board_outline(picture_geometry(picture))
        full = smallest_iso_paper(outline.width, outline.height, board.margin)
        warning = (f"REDUCED to {board.sheet.scale:.0%}, too small for the cards "
                   f"(full size needs {full.name})")
    out.add(SINGLE_FILE, board_pdf.single_board(svg, board.sheet, title=definition.title,
                                                about=about, warning=warning))
    progress("board", 3, 3)


def _keep_clear(picture: BoardPicture) -> tuple[Rect, ...]:
    """The title band (or side panel) and every landmark that seams should avoid, in board
    coordinates."""
    geo = picture_geometry(picture)
    title = Box(0, 0, geo.width, geo.grid_y) if geo.panel is None else geo.panel
    squares = [geo.square_box(m.row, m.column) for m in picture.landmarks if m.keep_clear]
    return tuple(to_board(geo, b) for b in (title, *squares))


def write_components(components: ComponentsPlan, out: OutputSet, progress: Progress,
                     layouts: tuple[str, ...] = ()) -> None:
    """Queue every component's files (and, when ``layouts`` asks for a calibration sheet
    and no deck gave one, a calibration sheet for the first two-sided tokens)."""
    for step, part in enumerate(components.parts, start=1):
        if isinstance(part, CardsPlan):
            write_cards(part, out, progress)
        elif isinstance(part, TokensPlan):
            data, _ = token_sheets(part.fronts, part.backs or None, shape=part.shape,
                                   title=part.title, options=part.options)
            out.add(f"{part.component.name}.pdf", data)
            if part.backs and "calibration" in layouts and "calibration.pdf" not in out.files:
                flip = part.options.duplex if part.options.duplex != "none" else "long"
                out.add("calibration.pdf", calibration(
                    token_spec(part.options.spec, part.shape), title=part.title, duplex=flip,
                    back_offset=part.options.back_offset,
                    sheets=f"the token sheets ({part.component.name}.pdf)"))
        elif isinstance(part, SheetPlan):
            sheet = part.component
            out.add(f"{sheet.name}.pdf", sheet_pdf(part.page, title=part.title,
                                                   what=sheet.title.text, copies=sheet.copies,
                                                   accent=part.accent))
        else:
            _write_board(part, out)
        progress("components", step, len(components.parts))


def _write_board(part: PlainBoardPlan, out: OutputSet) -> None:
    board = part.component
    out.add(f"{board.name}.svg", part.svg)
    width, height = board.extent
    about = f"{board.title}, {width:.0f} \u00d7 {height:.0f} mm"
    tiled_svg = part.tiled_svg or part.svg
    title_band = Rect(0, (height - MARGIN - TITLE_BAND) * MM, width * MM, TITLE_BAND * MM)
    out.add(f"{board.name}.pdf", board_pdf.tiled_board(
        tiled_svg, part.tiling, title=part.title, about=about, accent=part.accent,
        keep_clear=(title_band,) if tiled_svg == part.svg else ()))
    warning = ""
    if part.sheet.scale < 1:
        warning = f"REDUCED to {part.sheet.scale:.0%}, too small for the board"
    out.add(f"{board.name}-single.pdf", board_pdf.single_board(
        part.svg, part.sheet, title=part.title, about=about, warning=warning))
