"""Find game definitions (shipped or by path) and check their parameters with the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.deck.load import load_definition
from printkit.deck.model import Definition
from printkit.errors import DefinitionError, did_you_mean
from printkit.rules.base import Game, ParamsError, make_params
from printkit.rules.registry import engine_class, engine_names


def decks_dir() -> Path:
    """The folder of shipped definitions: ``decks/`` next to the package, or in the CWD."""
    for candidate in (Path(__file__).resolve().parents[2] / "decks", Path.cwd() / "decks"):
        if candidate.is_dir():
            return candidate
    return Path.cwd() / "decks"


def shipped_games() -> tuple[str, ...]:
    """Names of the shipped definitions, in a fixed order."""
    return tuple(sorted(p.stem for p in decks_dir().glob("*.yaml")))


def definition_path(name_or_path: str) -> Path:
    """A shipped game by name, or a definition file by path."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        if not path.is_file():
            raise DefinitionError(f"no such file: {name_or_path}")
        return path
    candidate = decks_dir() / f"{name_or_path}.yaml"
    if candidate.is_file():
        return candidate
    games = shipped_games()
    raise DefinitionError(f"unknown game {name_or_path!r}" + did_you_mean(name_or_path, games)
                          + f"; shipped games: {', '.join(games)}")


@dataclass(frozen=True)
class ResolvedGame:
    """A definition with its rules engine built from the checked parameters."""

    definition: Definition
    engine: Game[Any, Any] | None

    @property
    def params(self) -> Any:
        """The engine's parameters (``None`` for a game without rules)."""
        return self.engine.params if self.engine is not None else None


def check_parameters(rules: str, parameters: Mapping[str, object]) -> list[tuple[str, str]]:
    """Problems the named engine finds in ``parameters`` (an unknown engine is one too)."""
    if rules not in engine_names():
        return [("", f"no rules engine named {rules!r}" + did_you_mean(rules, engine_names()))]
    try:
        make_params(engine_class(rules).Params, parameters)
    except ParamsError as exc:
        return list(exc.problems)
    return []


def resolve(name_or_path: str, *, variant: str | None = None,
            overrides: Sequence[str] = ()) -> ResolvedGame:
    """Load a definition and build its engine; every problem raised together."""
    path = definition_path(name_or_path)
    display = str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else str(path)
    definition = load_definition(path, variant=variant, overrides=overrides, display=display,
                                 check_parameters=check_parameters)
    if definition.rules is None:
        return ResolvedGame(definition, None)
    cls = engine_class(definition.rules)
    return ResolvedGame(definition, cls(make_params(cls.Params, definition.parameters)))
