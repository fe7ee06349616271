"""The booklet part of a kit: ``booklet.pdf``, ``booklet-imposed.pdf`` and ``booklet.html``."""

from __future__ import annotations

from printkit.booklet.build import booklet_files, load_booklet
from printkit.kit import Progress
from printkit.kit.games import ResolvedGame
from printkit.kit.options import PrintPlan
from printkit.kit.outputs import OutputSet


def build_booklet(game: ResolvedGame, plan: PrintPlan, out: OutputSet,
                  progress: Progress) -> None:
    """Queue the booklet files of ``game`` (nothing for a game without a booklet template).

    Every example is verified by the rules engine first: a false claim raises
    :class:`~printkit.errors.ExampleError` located in the template, before anything is queued.
    """
    booklet = load_booklet(game.definition, game.engine)
    if booklet is None:
        return
    progress("booklet examples", booklet.figures, booklet.figures)
    files = booklet_files(booklet, plan.paper)
    out.add("booklet.pdf", files.pdf)
    out.add("booklet-imposed.pdf", files.imposed)
    out.add("booklet.html", files.html)
    progress("booklet", files.pages, files.pages)


def verify_booklet(game: ResolvedGame) -> int:
    """How many booklet examples the engine verified (0 without a booklet); raises the
    template's problems (:class:`~printkit.errors.DefinitionError`) or its false claims
    (:class:`~printkit.errors.ExampleError`)."""
    booklet = load_booklet(game.definition, game.engine)
    return 0 if booklet is None else booklet.figures
