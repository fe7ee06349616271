"""The components part of a kit: every entry of ``components:`` drawn, fitted on the paper
and written to files named after it.

:func:`plan_components` does everything that can fail (drawing faces and boards, fitting
cards, tokens, tables and board tiles on the paper) and reports every problem of every
component at once, each at the component it concerns, so ``check`` refuses what ``build``
would; :func:`printkit.kit.write.write_components` then only writes.  The plan also says
what each component amounts to (:class:`ComponentSummary`), for ``check`` and for booklets.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.definition.components import CardsComponent
from printkit.definition.faces import file_word
from printkit.definition.model import Back, CardFace, Definition
from printkit.definition.plainboard import BoardComponent
from printkit.definition.scoresheet import SheetComponent
from printkit.definition.tokens import TokensComponent
from printkit.errors import DefinitionError, Problem
from printkit.kit.board import board_paper
from printkit.kit.cards import CardsPlan, component_deck, plan_deck
from printkit.kit.options import PrintPlan
from printkit.kit.plaintiles import tile_plain_board
from printkit.pdf.artwork import Artwork, SheetOptions, TokenShape, token_spec
from printkit.pdf.geometry import LayoutError, pages_needed, sheet_grid
from printkit.pdf.measure import bold_width
from printkit.pdf.paper import Paper
from printkit.pdf.tables import TablePage, table_page
from printkit.pdf.tiling import SingleSheet, Tiling, single_sheet
from printkit.render.grids import plain_board_svg
from printkit.render.kinds import render_back, render_face
from printkit.render.svg import Frame
from printkit.units import MM


@dataclass(frozen=True)
class ComponentSummary:
    """What one component amounts to in this build."""

    name: str
    kind: str
    count: int
    """Cards or tokens (copies included), pages of a sheet, 1 board."""
    size: str
    sheets: int
    """Sheets of paper it prints on (fronts and backs together count once)."""
    files: tuple[str, ...]

    @property
    def line(self) -> str:
        """``counters: 24 tokens (16 mm hexagon) on 2 sheets``, as ``check`` says it."""
        sheets = f"{self.sheets} sheet" + ("" if self.sheets == 1 else "s")
        if self.kind == "sheet":
            return f"{self.name}: {self.count} page" + ("" if self.count == 1 else "s") + (
                f" of {self.size}")
        if self.kind == "board":
            return f"{self.name}: a board ({self.size}) on {sheets}"
        kind = self.kind.removesuffix("s") if self.count == 1 else self.kind  # 1 card
        return f"{self.name}: {self.count} {kind} ({self.size}) on {sheets}"


@dataclass(frozen=True)
class TokensPlan:
    """Tokens drawn, in print order, and fitted on the paper."""

    component: TokensComponent
    title: str
    shape: TokenShape
    fronts: tuple[Artwork, ...]
    backs: tuple[Artwork, ...]
    options: SheetOptions
    per_page: int


@dataclass(frozen=True)
class SheetPlan:
    """A score sheet or player aid laid out on its page."""

    component: SheetComponent
    title: str
    page: TablePage
    accent: str


@dataclass(frozen=True)
class PlainBoardPlan:
    """A board drawn and cut into sheets."""

    component: BoardComponent
    title: str
    svg: str
    tiling: Tiling
    sheet: SingleSheet
    accent: str
    tiled_svg: str = ""
    """The drawing the tiled sheets show: ``svg`` without its title band when the tiling
    left it off (empty: ``svg``)."""


Part = CardsPlan | TokensPlan | SheetPlan | PlainBoardPlan


@dataclass(frozen=True)
class ComponentsPlan:
    """Every component ready to be written, and what each amounts to."""

    parts: tuple[Part, ...]
    summaries: tuple[ComponentSummary, ...]


def plan_components(definition: Definition, plan: PrintPlan, *,
                    board_sheet: Paper | None = None) -> ComponentsPlan:
    """Draw and fit every component; raises every problem at once."""
    parts: list[Part] = []
    summaries: list[ComponentSummary] = []
    problems: list[Problem] = []
    for component in definition.components:
        try:
            part, summary = _plan(definition, component, plan, board_sheet)
        except DefinitionError as exc:
            problems += [p if p.location is not None else Problem(
                f"component {component.name!r}: {p.message}", component.where)
                for p in exc.problems]
            continue
        except LayoutError as exc:
            problems.append(Problem(f"component {component.name!r}: {exc}", component.where))
            continue
        parts.append(part)
        summaries.append(summary)
    if problems:
        raise DefinitionError(problems)
    return ComponentsPlan(tuple(parts), tuple(summaries))


def _plan(definition: Definition, component: object, plan: PrintPlan,
          board_sheet: Paper | None) -> tuple[Part, ComponentSummary]:
    if isinstance(component, CardsComponent):
        cards = plan_deck(component_deck(definition, component), plan)
        sheets = pages_needed(len(cards.deck), sheet_grid(cards.spec).per_page) \
            if "sheets" in plan.layouts else 0
        files = tuple(f"{component.name}{suffix}.pdf" for layout, suffix in (
            ("sheets", ""), ("gutter-fold", "-gutterfold"), ("print-shop", "-printshop"))
            if layout in plan.layouts)
        return cards, _summary(component, sheets, files)
    if isinstance(component, TokensComponent):
        tokens = _tokens(definition, component, plan)
        sheets = pages_needed(len(tokens.fronts), tokens.per_page)
        return tokens, _summary(component, sheets, (f"{component.name}.pdf",))
    if isinstance(component, SheetComponent):
        family = definition.content.sheet_family  # the definition's font and fallbacks
        page = table_page(component, family, plan.paper, plan.spec.margin)
        return (SheetPlan(component, definition.title, page, definition.accent),
                ComponentSummary(component.name, "sheet", component.copies, page.paper.name,
                                 component.copies, (f"{component.name}.pdf",)))
    assert isinstance(component, BoardComponent)
    board = _board(definition, component, plan, board_sheet)
    return board, _summary(component, len(board.tiling.tiles), (
        f"{component.name}.pdf", f"{component.name}-single.pdf", f"{component.name}.svg"))


def _summary(component: CardsComponent | TokensComponent | BoardComponent, sheets: int,
             files: tuple[str, ...]) -> ComponentSummary:
    return ComponentSummary(component.name, component.kind, component.count, component.size,
                            sheets, files)


def _token_back(back: Back, front: str, frame: Frame, title: str, by_svg: dict[str, Artwork],
                problems: list[Problem]) -> Artwork:
    """A token's back of a back kind, drawn once for each different drawing: the first is
    ``back``, each other ``back:LABEL`` after what chose it (the field values, the layout
    or the picture) or else after the first front it is behind (problems kept for the
    end)."""
    try:
        svg = render_back(back.kind, frame, back.options, title, back.owner)
    except DefinitionError as exc:
        problems.extend(p for p in exc.problems if p not in problems)
        svg = ""
    if svg not in by_svg:
        stem = file_word(back.label)[:60].strip("-.") or front
        taken = {art.key for art in by_svg.values()}
        key = f"back:{stem}" if by_svg else "back"
        number = 1
        while key in taken:
            number += 1
            key = f"back:{stem}-{number}"
        by_svg[svg] = Artwork(key, svg)
    return by_svg[svg]


def _tokens(definition: Definition, tokens: TokensComponent, plan: PrintPlan) -> TokensPlan:
    frame = Frame.from_points(tokens.width, tokens.height, plan.spec.bleed,
                              tokens.safe_margin)
    problems: list[Problem] = []
    drawn: dict[str, Artwork] = {}

    def art(side: str, face: CardFace) -> Artwork:
        """A face drawn once however many tokens show it (problems kept for the end)."""
        key = f"{side}:{face.key}"
        if key not in drawn:
            try:
                drawn[key] = Artwork(key, render_face(face, frame))
            except DefinitionError as exc:
                problems.extend(exc.problems)
                drawn[key] = Artwork(key, "")
        return drawn[key]

    fronts: list[Artwork] = []
    backs: list[Artwork] = []
    by_svg: dict[str, Artwork] = {}
    for index, face in enumerate(tokens.fronts):
        fronts += [art("front", face)] * face.copies
        behind = tokens.back_of(index)
        if isinstance(behind, CardFace):
            backs += [art("back", behind)] * face.copies
        elif behind is not None:
            backs += [_token_back(behind, face.key, frame, definition.title, by_svg,
                                  problems)] * face.copies
    if problems:
        raise DefinitionError(problems)
    shape = TokenShape(tokens.shape, tokens.orientation, tokens.width, tokens.height)
    options = SheetOptions(plan.spec, plan.duplex, plan.back_offset)
    grid = sheet_grid(token_spec(plan.spec, shape))
    return TokensPlan(tokens, f"{definition.title}, {tokens.name}", shape, tuple(fronts),
                      tuple(backs), options, grid.per_page)


def _board(definition: Definition, board: BoardComponent, plan: PrintPlan,
           board_sheet: Paper | None) -> PlainBoardPlan:
    margin = plan.spec.margin
    tiles = tile_plain_board(board, plan.paper, margin=margin, measure=bold_width)
    width, height = board.extent
    paper = board_paper(board_sheet, width * MM, height * MM, margin)
    sheet = single_sheet(width * MM, height * MM, paper, margin=margin)
    svg = plain_board_svg(board)
    return PlainBoardPlan(board, definition.title, svg, tiles.tiling, sheet, definition.accent,
                          svg if tiles.band else plain_board_svg(board, band=False))
