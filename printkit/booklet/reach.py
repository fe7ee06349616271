"""What a booklet template may hand the rules engine and the booklet's helpers.

The command line gives an engine parameters it has checked (the game's own rules, then
printkit's limits on board sides, cards and faces) and, through example files, texts to read
and numbers.  A template reaches the same engine, so it is held to the same: a call asking
for other parameters (``engine.from_options({...})``) has them read and checked exactly as
``--set`` values are, before an engine is built; any other call into the engine or a helper
takes texts within the ``text`` limit, whole numbers within ``integer``, and values that are
not collections the template made (positions, moves and cards the engine returned); and no
object of the engine's classes is made by a template (parameters made that way would skip
their checks and could be handed to the helpers that build decks and boards).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from jinja2.exceptions import SecurityError
from jinja2.utils import Namespace

from printkit import limits
from printkit.booklet.sizes import TemplateLimitError, text_size
from printkit.examples.check import over_limits
from printkit.rules.base import Game, ParamsError, make_params
from printkit.rules.registry import build_engine

_COLLECTIONS = (list, tuple, dict, set, frozenset, bytes, bytearray, Namespace)


def _name(obj: object) -> str:
    name = str(getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None)
               or type(obj).__name__)
    return name.rpartition("<locals>.")[2]


def engine_builder(obj: object) -> Callable[..., Any] | None:
    """A checked stand-in when ``obj`` builds an engine (a game's ``from_options`` or the
    game class itself), else ``None``."""
    owner = getattr(obj, "__self__", None)
    if (isinstance(owner, type) and issubclass(owner, Game)
            and getattr(obj, "__name__", "") == "from_options"):
        return lambda options: checked_engine(owner, options)
    if isinstance(obj, type) and issubclass(obj, Game):
        game = obj
        return lambda params=None: checked_engine(game, params)
    return None


def checked_engine(cls: type[Game[Any, Any, Any]], options: object) -> Game[Any, Any, Any]:
    """An engine of ``cls`` for ``options`` (a mapping of parameters or a parameters object),
    refused unless the command line would build it."""
    if isinstance(options, Mapping):
        size = text_size(options)  # parameters are short; errors quote what they are given
        if size > limits.current().text:
            raise TemplateLimitError(limits.beyond(
                "text", f"{cls.name} parameters of {size} characters", "characters"))
        try:
            params = make_params(cls.Params, options)
        except ParamsError as exc:
            raise ValueError(f"{cls.name} parameters: {exc}") from None
    elif options is None or isinstance(options, cls.Params):
        params = cls.Params() if options is None else options
        try:  # a parameters object a template made skipped the type checks: redo them
            make_params(cls.Params, {name: getattr(params, name)
                                     for name in params.__dataclass_fields__})
        except ParamsError as exc:
            raise ValueError(f"{cls.name} parameters: {exc}") from None
    else:
        raise TypeError(f"{cls.name} parameters must be a mapping, not "
                        f"{type(options).__name__}")
    problems = over_limits(cls, params)
    if problems:
        raise TemplateLimitError("; ".join(message for _, message in problems))
    return build_engine(cls, params)


def check_arguments(obj: object, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """Refuse a call into the engine or a helper with what an example file could not give,
    and the making of an object of the engine's own classes (its parameters, a deck...)."""
    if isinstance(obj, type):
        raise SecurityError(f"a booklet template may not make a {_name(obj)} (an engine for "
                            "other parameters comes from engine.from_options)")
    for value in (*args, *kwargs.values()):
        problem = _refusal(value)
        if problem:
            raise TemplateLimitError(f"{_name(obj)}() is given {problem}: a booklet template "
                                     "may give the rules engine and the booklet's helpers "
                                     "only texts, numbers and the values they return")


def _refusal(value: object) -> str:
    bound = limits.current()
    if isinstance(value, str):
        return limits.beyond("text", f"a text of {len(value)} characters", "characters"
                             ) if len(value) > bound.text else ""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, int):
        return limits.beyond("integer", f"a number of {len(str(abs(value)))} digits"
                             ) if abs(value) > bound.integer else ""
    if isinstance(value, float):
        return "a number that is not finite" if not math.isfinite(value) else ""
    if isinstance(value, _COLLECTIONS):
        return f"a {type(value).__name__} the template made"
    return ""
