"""Prepare one game's kit: every part checked, drawn and fitted, nothing written.

:func:`prepare_kit` is all of a build but the writing: it checks the definition and the
engine's parameters, draws the faces, fits the cards, the board and every component (more
decks, tokens, sheets, plain boards) on the paper and renders and verifies the booklet.
``printkit check`` runs exactly this, for every variant (:func:`check_game`), so whatever a
build would refuse, ``check`` refuses too, and nothing is written.  The writers live in
:mod:`printkit.kit.write`, so a check does not load them.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit import limits, memo
from printkit.booklet.build import load_booklet
from printkit.booklet.document import Booklet
from printkit.booklet.impose import booklet_page
from printkit.booklet.pagesize import check_page
from printkit.errors import DefinitionError, PrintkitError, Problem
from printkit.kit.board import BoardPlan, plan_board
from printkit.kit.cards import CardsPlan, plan_cards
from printkit.kit.checkline import check_line
from printkit.kit.components import ComponentsPlan, TokensPlan, plan_components
from printkit.kit.games import ResolvedGame, resolve
from printkit.kit.options import BuildOptions, PrintPlan, paper_location, plan
from printkit.kit.tuckbox import KitTuckbox, plan_tuckboxes
from printkit.pdf.artwork import Artwork
from printkit.settings import Settings


@dataclass(frozen=True)
class KitPlan:
    """A game ready to be written: every check passed."""

    game: ResolvedGame
    plan: PrintPlan
    cards: CardsPlan | None
    """The main deck (``None`` for a game of boards, tokens and sheets only)."""
    board: BoardPlan | None
    components: ComponentsPlan
    """Every entry of ``components:``, and what each amounts to (``summaries``)."""
    booklet: Booklet | None
    tuckboxes: tuple[KitTuckbox, ...] = ()
    """A tuck box for each deck (none when they are turned off)."""


def prepare_kit(game: ResolvedGame, options: BuildOptions, *, booklet: bool = True) -> KitPlan:
    """Check and draw everything but the PDFs; raises every problem a build would hit.
    Without ``booklet`` the booklet is left out (``None``): the preview shows the rest
    first and prepares it after (:func:`prepare_booklet`)."""
    print_plan = plan(game.definition, options)
    cards = plan_cards(game.definition, print_plan) if game.definition.faces else None
    board = plan_board(game, print_plan, board_sheet=options.board_paper)
    components = plan_components(game.definition, print_plan,
                                 board_sheet=options.board_paper)
    _check_held(game, cards, components)
    tuckboxes = plan_tuckboxes(game.definition, cards, components)
    prepared = prepare_booklet(game, print_plan, options) if booklet else None
    return KitPlan(game, print_plan, cards, board, components, prepared, tuckboxes)


def prepare_booklet(game: ResolvedGame, print_plan: PrintPlan,
                    options: BuildOptions) -> Booklet | None:
    """The game's booklet rendered and verified (``None`` when it has none)."""
    booklet = load_booklet(game.definition, game.engine, spec=print_plan.spec)
    if booklet is not None:
        check_page(booklet_page(print_plan.paper), paper_location(game.definition, options))
    return booklet


def _check_held(game: ResolvedGame, cards: CardsPlan | None,
                components: ComponentsPlan) -> None:
    """Refuse drawings a build could not hold: it keeps the SVG text of every different
    face and back twice (the drawing, and the file queued to write), so their characters
    together may be at most a third of the ``memory`` a command may take.  Each picture
    a face shows is inside its text (an SVG drawing inline, a PNG or JPEG in base64), so
    this also bounds a large picture repeated on many faces."""
    sections = {"faces": _drawn(cards), "components": sum(
        _drawn(part) for part in components.parts
        if isinstance(part, (CardsPlan, TokensPlan)))}
    held = sum(sections.values())
    bound = limits.current().memory // 3
    if held <= bound:
        return
    where = max(sections, key=lambda name: sections[name])
    raise DefinitionError([Problem(limits.beyond(
        "memory", f"the different faces and backs drawn come to {held} characters of SVG "
        "(pictures included), and a build holds them twice: more than a third of the "
        "memory a command may take", "bytes"), game.definition.sections.get(where))])


def _drawn(plan: CardsPlan | TokensPlan | None) -> int:
    """Characters of SVG of the different drawings of one deck or set of tokens."""
    if plan is None:
        return 0
    parts: tuple[Artwork, ...] = ((*plan.faces, *plan.backs) if isinstance(plan, CardsPlan)
                                  else (*plan.fronts, *plan.backs))
    return sum(len(svg) for svg in {art.svg for art in parts})


def check_game(name_or_path: str, *, variant: str | None = None,
               overrides: Settings = (), options: BuildOptions | None = None) -> list[str]:
    """What ``printkit check`` says of a game: one line per variant checked.

    Without ``variant`` the game is checked as it is and in every one of its variants (with
    ``overrides`` applied to each), by :func:`prepare_kit`, the same code a build runs.
    Raises the problems of the first variant that has any, naming the variant.
    """
    with memo.session():
        return _check_variants(name_or_path, variant, overrides, options or BuildOptions())


def _check_variants(name_or_path: str, variant: str | None, overrides: Settings,
                    options: BuildOptions) -> list[str]:
    base = resolve(name_or_path, variant=variant, overrides=overrides)
    names = [variant] if variant is not None else [None] + [
        v.name for v in base.definition.variants]
    lines = []
    for name in names:
        game = base if name == variant else resolve(name_or_path, variant=name,
                                                    overrides=overrides)
        try:
            kit = prepare_kit(game, options)
        except PrintkitError as exc:
            if name is None:
                raise
            note = Problem(f"these problems are in the variant {name!r} "
                           f"(printkit check {name_or_path} --variant {name})")
            raise type(exc)([*exc.problems, note]) from None
        label = f"{name_or_path}" + (f" --variant {name}" if name else "")
        lines.append(check_line(label, game.definition.title, kit))
    return lines
