"""What a booklet template can use: the game, its engine, its parameters, and a few filters.

Every number a booklet prints should come from here, so that a variant's booklet states the
variant's numbers.  Templates read the engine's derived values directly (``engine.size``,
``engine.cards_per_player`` for Stars and Stripes); ``defaults`` and ``standard`` describe the
engine's standard parameters, which examples drawn for the standard game pin with
``parameters: {{ standard | yaml }}``; ``variants`` lists the definition's named variants
(``name`` and ``description``) for the options page.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from printkit.definition.board_schema import BoardSettings
from printkit.definition.model import Definition
from printkit.examples.values import flow
from printkit.rules.base import Game
from printkit.units import MM

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")


def words(number: int) -> str:
    """``4`` -> ``"four"``; numbers above twelve stay digits (``"17"``)."""
    return _WORDS[number] if 0 <= number < len(_WORDS) else str(number)


def plural(number: int, singular: str, many: str | None = None) -> str:
    """``plural(1, "card")`` -> ``"1 card"``, ``plural(8, "card")`` -> ``"8 cards"``."""
    return f"{number} {singular if number == 1 else (many or singular + 's')}"


def join_words(items: Iterable[object], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (``last`` may be ``"or"``)."""
    texts = [str(i) for i in items]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + f" {last} " + texts[-1]


def map_to(keys: Iterable[object], value: object) -> dict[str, object]:
    """Every key with the same value: ``names | map_to(8)`` -> ``{NW: 8, NE: 8, ...}``."""
    return {str(k): value for k in keys}


def pairs(keys: Iterable[object], values: Iterable[object]) -> dict[str, object]:
    """Keys and values side by side: ``names | pairs(squares)`` -> ``{NW: '0,0', ...}``."""
    return {str(k): v for k, v in zip(keys, values, strict=True)}


FILTERS: Mapping[str, Callable[..., object]] = {
    "yaml": flow,
    "words": words,
    "plural": plural,
    "join_words": join_words,
    "map_to": map_to,
    "pairs": pairs,
}
"""Filters every booklet template may use."""


def parameter_defaults(params_class: type[Any]) -> dict[str, object]:
    """Each parameter's default value, in declaration order."""
    out: dict[str, object] = {}
    for spec in dataclasses.fields(params_class):
        if spec.default is not dataclasses.MISSING:
            out[spec.name] = spec.default
        elif spec.default_factory is not dataclasses.MISSING:
            out[spec.name] = spec.default_factory()
    return out


def template_context(definition: Definition,
                     engine: Game[Any, Any, Any] | None) -> dict[str, object]:
    """The variables of a booklet template for this definition and engine."""
    context: dict[str, object] = {
        "title": definition.title,
        "summary": definition.summary,
        "game": definition.game,
        "variant": definition.variant or "",  # empty, never "None", for the standard game
        "card_count": definition.card_count,
        "deck_count": definition.deck_count,
        "variants": [{"name": v.name, "description": v.description}
                     for v in definition.variants],
        "card_size": (round(definition.card_width / MM, 1),
                      round(definition.card_height / MM, 1)),
        "board_play": round(BoardSettings.from_mapping(definition.board).play / MM, 2),
        "engine": engine,
        "params": None,
        "defaults": {},
        "standard": {},
        "changed": [],
        "is_standard": True,
    }
    if engine is None:
        return context
    params = engine.params
    defaults = parameter_defaults(type(params))
    current = {name: getattr(params, name) for name in defaults}
    changed = [name for name, value in current.items() if value != defaults[name]]

    def initial_position(seed: int = 1) -> str:
        """The position right after setup, dealt from ``seed``, in the game's notation."""
        return str(engine.format_state(engine.initial_state(random.Random(seed))))

    context.update({
        "params": params,
        "defaults": defaults,
        "standard": {name: _plain(value) for name, value in defaults.items()},
        "changed": changed,
        "is_standard": not changed,
        "initial_position": initial_position,
    })
    return context


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value
