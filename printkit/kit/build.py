"""Build one game's kit: prepare every part (where anything can go wrong), then write.

:func:`prepare_kit` is all of a build but the writing: it checks the definition and the
engine's parameters, draws the faces, fits the cards, the board and every component (more
decks, tokens, sheets, plain boards) on the paper and renders and verifies the booklet.
``printkit check`` runs exactly this, for every variant, so whatever a build would refuse,
``check`` refuses too, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit import limits, memo
from printkit.booklet.build import booklet_files, load_booklet
from printkit.booklet.document import Booklet
from printkit.errors import DefinitionError, PrintkitError, Problem
from printkit.kit import Progress, silent
from printkit.kit.board import BoardPlan, plan_board, write_board
from printkit.kit.cards import CardsPlan, plan_cards, write_cards
from printkit.kit.components import ComponentsPlan, plan_components, write_components
from printkit.kit.games import ResolvedGame, resolve
from printkit.kit.naming import kit_name
from printkit.kit.options import BuildOptions, PrintPlan, build_changes, plan
from printkit.kit.outputs import OutputSet


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


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote."""

    game: ResolvedGame
    folder: Path
    files: tuple[Path, ...]


def prepare_kit(game: ResolvedGame, options: BuildOptions) -> KitPlan:
    """Check and draw everything but the PDFs; raises every problem a build would hit."""
    print_plan = plan(game.definition, options)
    cards = plan_cards(game.definition, print_plan) if game.definition.faces else None
    board = plan_board(game, print_plan, board_paper_name=options.board_paper)
    components = plan_components(game.definition, print_plan,
                                 board_paper_name=options.board_paper)
    booklet = load_booklet(game.definition, game.engine, spec=print_plan.spec)
    return KitPlan(game, print_plan, cards, board, components, booklet)


def build_game(name_or_path: str, *, output_root: Path, options: BuildOptions,
               variant: str | None = None, overrides: Sequence[str] = (),
               progress: Progress = silent) -> BuildResult:
    """Check, draw and lay out every component, then write them all (or nothing)."""
    with memo.session():  # the booklet's diagrams reuse the faces drawn for the cards
        return _build(name_or_path, output_root, options, variant, overrides, progress)


def _build(name_or_path: str, output_root: Path, options: BuildOptions, variant: str | None,
           overrides: Sequence[str], progress: Progress) -> BuildResult:
    game = resolve(name_or_path, variant=variant, overrides=overrides)
    kit = prepare_kit(game, options)
    definition = game.definition
    folder = output_root / kit_name(definition.game, variant=variant,
                                    changes=build_changes(definition, overrides, options))
    out = OutputSet(folder)
    if kit.cards is not None:
        write_cards(kit.cards, out, progress)
    if kit.board is not None:
        write_board(kit.board, game, out, progress)
    write_components(kit.components, out, progress)
    if kit.booklet is not None:
        progress("booklet examples", kit.booklet.figures, kit.booklet.figures)
        files = booklet_files(kit.booklet, kit.plan.paper)
        out.add("booklet.pdf", files.pdf)
        out.add("booklet-imposed.pdf", files.imposed)
        out.add("booklet.html", files.html)
        progress("booklet", files.pages, files.pages)
    if out.size > limits.current().output:
        raise DefinitionError(f"{definition.game}: " + limits.beyond(
            "output", f"the kit is {out.size} bytes", "bytes"))
    written = out.commit()
    return BuildResult(game, folder, tuple(written))


def check_game(name_or_path: str, *, variant: str | None = None,
               overrides: Sequence[str] = (), options: BuildOptions | None = None) -> list[str]:
    """What ``printkit check`` says of a game: one line per variant checked.

    Without ``variant`` the game is checked as it is and in every one of its variants (with
    ``overrides`` applied to each), by :func:`prepare_kit`, the same code a build runs.
    Raises the problems of the first variant that has any, naming the variant.
    """
    with memo.session():
        return _check_variants(name_or_path, variant, overrides, options or BuildOptions())


def _check_variants(name_or_path: str, variant: str | None, overrides: Sequence[str],
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
        examples = kit.booklet.figures if kit.booklet is not None else 0
        board = kit.board.summary if kit.board is not None else "no board"
        parts = "".join(f"; {summary.line}" for summary in kit.components.summaries)
        cards = kit.cards.summary if kit.cards is not None else "no main deck"
        lines.append(f"{label}: {game.definition.title} is valid ({cards}; "
                     f"{board}{parts}; {examples} booklet examples verified)")
    return lines
