"""A verified example made printable: its diagrams and the sentences that state its claims."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from printkit import memo, plugins
from printkit.booklet.document import Diagram, Figure, Inline
from printkit.booklet.examples import BookletExample
from printkit.booklet.markdown import parse_inline
from printkit.booklet.phrases import phrasebook
from printkit.definition.model import Definition
from printkit.examples import VerifiedExample
from printkit.render.diagram import (
    DiagramStyle,
    PositionPictures,
    Square,
    board_scene,
    width_for_cards,
)
from printkit.render.scene import FaceLibrary, Scene
from printkit.render.svg import Frame

CARD = 9.05
"""Side (mm) a card is drawn at in a lone diagram: the 9 mm least, and a hair for rounding."""
WIDEST = 110.0
"""Widest diagram (mm): the text width of a half-letter page, A5 has a little more."""
PAIR_GAP = 5.0
"""Space (mm) between the two diagrams of a before/after pair."""


def pictures(game: Any) -> PositionPictures | None:
    """How the game's plugin draws positions, or ``None`` if its examples are text."""
    if game.name not in plugins.game_names():
        return None
    return plugins.find(game.name).position_pictures()


def check_highlights(verified: VerifiedExample, squares: Sequence[str]) -> None:
    """Raise ``ValueError`` unless every square can be drawn on the example's diagram."""
    maker = pictures(verified.game)
    if maker is None:
        raise ValueError("this game's examples are printed as text, with nothing to highlight")
    for square in squares:
        maker.square(verified.game, square)


def moves_played(verified: VerifiedExample) -> Inline:
    """The moves played, in plain words, as one paragraph (a sentence each); said once a
    :func:`printkit.memo.session` for an example the variants of a game share."""
    return memo.cached("moves-played", memo.Same(verified), lambda: _moves_played(verified))


def _moves_played(verified: VerifiedExample) -> Inline:
    game = verified.game
    book = phrasebook(game.name)
    texts = [book.move(game, state, text)
             for state, text in zip(verified.states, verified.move_texts, strict=False)]
    return parse_inline(" ".join(texts)) if texts else ()


def sentences(verified: VerifiedExample) -> tuple[Inline, ...]:
    """Every claim, in plain words (once a :func:`printkit.memo.session` for each example)."""
    return memo.cached("sentences", memo.Same(verified), lambda: _sentences(verified))


def _sentences(verified: VerifiedExample) -> tuple[Inline, ...]:
    game = verified.game
    book = phrasebook(game.name)
    return tuple(parse_inline(book.claim(game, verified.final, result))
                 for result in verified.claims)


def face_library(definition: Definition) -> FaceLibrary:
    """The faces of ``definition`` as diagrams draw them: trim size, no bleed."""
    return FaceLibrary(Frame.from_points(definition.card_width, definition.card_height, 0.0,
                                         definition.safe_margin))


def _diagram(maker: PositionPictures, definition: Definition, faces: FaceLibrary,
             style: DiagramStyle, verified: VerifiedExample, state: Any, *,
             highlight: Sequence[str], moves: Sequence[Any], ident: str, label: str) -> Diagram:
    squares: list[Square] = [maker.square(verified.game, text) for text in highlight]
    view = maker.view(definition, verified.game, state, squares, moves)
    title = f"{verified.name}: {label.lower() or 'position'}"
    if isinstance(view, Scene):  # the game drew its own picture (hands, a trick...)
        scene = replace(view, title=view.title or title)
    else:
        if style.width <= 0:  # a lone diagram: as wide as cards of CARD mm need, in reason
            style = replace(style, width=min(WIDEST, width_for_cards(view.size, CARD)))
        scene = board_scene(view, style, title=title)
    return Diagram(scene, ident, label, faces)


def make_figure(number: int, example: BookletExample, definition: Definition,
                colours: Sequence[str], faces: FaceLibrary) -> Figure:
    """Figure ``number`` of the booklet."""
    verified = example.verified
    diagrams: list[Diagram] = []
    notation = ""
    maker = pictures(verified.game)
    if maker is None:
        notation = str(verified.game.format_state(verified.start))
    else:
        pair = example.show == "both"
        # a pair side by side leaves too little room for cards: it shows labelled tiles
        style = DiagramStyle(colours=tuple(colours),
                             width=(WIDEST - PAIR_GAP) / 2 if pair else 0.0,
                             hands=example.hands)
        ident = f"ex{number}"
        # the claims are about the final position, so that is where their squares are shown
        if example.show in ("start", "both"):
            diagrams.append(_diagram(maker, definition, faces, style, verified, verified.start,
                                     highlight=() if pair else example.highlight, moves=(),
                                     ident=ident + "a", label="Before" if pair else ""))
        if example.show in ("final", "both"):
            diagrams.append(_diagram(maker, definition, faces, style, verified, verified.final,
                                     highlight=example.highlight, moves=verified.moves,
                                     ident=ident + "b", label="After" if pair else ""))
    return Figure(number, verified.name, tuple(diagrams), notation, example.caption,
                  sentences(verified), example.title, example.intro, moves_played(verified))
