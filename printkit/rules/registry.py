"""Find a rules engine by name; engines are imported only when asked for."""

from __future__ import annotations

import importlib
from typing import Any

from printkit.errors import did_you_mean
from printkit.rules.base import Game

_ENGINES: dict[str, str] = {
    "stars-and-stripes": "printkit.games.stars_and_stripes.rules:StarsAndStripes",
    "white-star": "printkit.games.white_star.rules:WhiteStar",
    "i-vant-to-be-alone": "printkit.games.vant.rules:IVantToBeAlone",
    "stars-and-bars": "printkit.games.stars_and_bars.rules:StarsAndBars",
    "star-battle": "printkit.games.star_battle.rules:StarBattle",
}


def engine_names() -> tuple[str, ...]:
    """Names of every known engine, in a fixed order."""
    return tuple(_ENGINES)


def engine_class(name: str) -> type[Game[Any, Any]]:
    """The :class:`Game` subclass registered as ``name``; ``KeyError`` with a suggestion."""
    try:
        target = _ENGINES[name]
    except KeyError:
        raise KeyError(f"no rules engine named {name!r}" + did_you_mean(name, _ENGINES)) from None
    module_name, _, attr = target.partition(":")
    cls: type[Game[Any, Any]] = getattr(importlib.import_module(module_name), attr)
    return cls
