"""Verifying examples against the rules engine.

Every game answers six generic claims besides its own ``claims()``:

``legal(MOVE)``
    true when MOVE (in the game's notation) is one of the legal moves;
``legal_moves``
    the legal moves, an unordered list in the game's notation (each stated move is read
    and rewritten by the engine first, so spacing and spelling variants the notation
    accepts compare equal);
``to_move``
    the name of the player to act, ``null`` once the game is over;
``scores``
    a mapping from every player's name to their score;
``winners``
    an unordered list of the winners' names (empty while the game is still running);
``terminal``
    whether the game is over.

Mappings must match exactly (same keys, equal values); see :mod:`printkit.examples.values`.

Problems are collected, never stopped at: a file with a bad position still has its claim
names and its other examples checked.  Anything wrong with the file itself ends in a
:class:`~printkit.errors.DefinitionError`; illegal moves and false claims alone end in an
:class:`~printkit.errors.ExampleError`.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit import limits, memo
from printkit.errors import DefinitionError, PrintkitError, Problem, did_you_mean, sort_problems
from printkit.examples.generic import GENERIC_CLAIMS, all_claims, generic_claims
from printkit.examples.load import Locator, read_example, read_header
from printkit.examples.model import (
    CheckReport,
    ClaimResult,
    ClaimSpec,
    ExampleSpec,
    VerifiedExample,
)
from printkit.examples.sentences import sentence_problems
from printkit.examples.values import flow, same, to_plain
from printkit.rules import registry
from printkit.rules.base import (
    Claim,
    Game,
    IllegalMoveError,
    NotationError,
    ParamsError,
    make_params,
)
from printkit.yamlsource import Document, PathKey, load

AnyGame = Game[Any, Any, Any]

# the generic claims live in their own module; they are still found here
__all__ = ["GENERIC_CLAIMS", "all_claims", "check_document", "check_file", "find_engine",
           "generic_claims", "over_limits", "verify_example"]


def over_limits(cls: type[AnyGame], params: object) -> list[tuple[str, str]]:
    """(parameter, message) for each measure of the game ``params`` make (see
    :meth:`~printkit.rules.base.Game.scale`) that is over printkit's limits."""
    bound = limits.current()
    units = {"board": "squares a side", "cards": "cards", "faces": "faces"}
    return [(key, f"{key}: " + limits.over(measure, value, units.get(measure, "")))
            for measure, (value, key) in cls.scale(params).items()
            if value > getattr(bound, measure.replace("-", "_"), value)]


def find_engine(name: str) -> type[AnyGame]:
    """The engine class of the installed game ``name``.

    Raises :class:`~printkit.plugins.UnknownGameError` (from the registry, with a "did you
    mean") or :class:`~printkit.plugins.PluginError` naming a game that cannot be loaded.
    """
    return registry.engine_class(name)


# --------------------------------------------------------------------------- one example


@dataclass
class _Findings:
    """Problems of one run, split into file problems and false claims / illegal moves."""

    definition: list[Problem] = field(default_factory=list)
    example: list[Problem] = field(default_factory=list)
    claims_checked: int = 0


@dataclass
class _Engines:
    """Engines built during one check, one per distinct set of parameters."""

    cls: type[AnyGame]
    built: dict[object, AnyGame] = field(default_factory=dict)

    def get(self, params: object) -> AnyGame:
        try:
            game = self.built.get(params)
        except TypeError:  # parameters that cannot be a dictionary key
            return self.cls(params)
        if game is None:
            game = self.built[params] = registry.build_engine(self.cls, params)
        return game


def _params_problems(
    where: Locator, path: PathKey, given: Mapping[str, object], exc: ParamsError
) -> list[Problem]:
    """Place each parameter problem at the key that caused it, or at the mapping."""
    out = []
    for key, message in exc.problems:
        if key in given:
            out.append(where.problem((*path, key), message, key=True))
        elif given:
            out.append(where.problem(path, message, key=True))
        else:
            out.append(where.problem(path[:-1], message))
    return out


def _notation_problem(
    where: Locator, path: PathKey, text: str, err: NotationError, what: str, *,
    key: bool = False, offset: int = 0,
) -> Problem:
    """A notation error inside the string at ``path``, placed on the exact file spot."""
    column = err.column + offset if err.line == 1 else err.column
    # the engine numbers lines and columns in the text it was given; inside a key with an
    # argument, that text starts ``offset`` characters into the key
    location, exact = where.inside(path, text, err.line, column, key=key)
    message = f"{what}: {err.message}"
    if not exact:
        message += f" (line {err.line}, column {err.column} of the text)"
    return Problem(message, location)


def _verify(
    where: Locator,
    spec: ExampleSpec,
    engines: _Engines,
    base_params: Mapping[str, object],
    found: _Findings,
) -> VerifiedExample | None:
    """Check one well-shaped example; problems go to ``found``.  Returns the verified
    example only when this example added no problem."""
    path = spec.path
    before = len(found.definition) + len(found.example)
    merged = {**base_params, **spec.parameters}
    try:
        params = make_params(engines.cls.Params, merged)
    except ParamsError as exc:
        found.definition += _params_problems(where, (*path, "parameters"), spec.parameters, exc)
        return None
    too_big = over_limits(engines.cls, params)
    if too_big:
        found.definition += _params_problems(where, (*path, "parameters"), spec.parameters,
                                             ParamsError(too_big))
        return None
    game = engines.get(params)
    claims = all_claims(game)
    specs = []
    for claim in spec.claims:
        problem = _claim_shape_problem(where, claim, claims)
        if problem is None:
            specs.append(claim)
        else:
            found.definition.append(problem)
    # the replay depends on nothing but the engine, its parameters and the example's text,
    # so the variants of a game that check the same example share it (see printkit.memo)
    key = (engines.cls, params, spec.name, spec.position, spec.moves, spec.seed, repr(specs))
    try:
        verified, checked = memo.cached(
            "example", key, lambda: _replay(where, spec, game, specs, claims))
    except _Refuted as refuted:
        found.definition += refuted.found.definition
        found.example += refuted.found.example
        found.claims_checked += refuted.found.claims_checked
        return None
    found.claims_checked += checked
    if len(found.definition) + len(found.example) != before:
        return None
    return verified


class _Refuted(Exception):
    """An example that cannot be played out or whose claims do not all hold (raised, so
    that a session does not keep it: its problems are located in one file)."""

    def __init__(self, found: _Findings) -> None:
        super().__init__("the example has problems")
        self.found = found


def _replay(where: Locator, spec: ExampleSpec, game: AnyGame, specs: list[ClaimSpec],
            claims: Mapping[str, Claim[Any]]) -> tuple[VerifiedExample, int]:
    """Play the example's moves from its position and answer its claims: the verified
    example and how many claims were answered, or :class:`_Refuted` with the problems."""
    path = spec.path
    found = _Findings()
    try:
        state = game.parse_state(spec.position)
    except NotationError as err:
        found.definition.append(_notation_problem(
            where, (*path, "position"), spec.position, err, "cannot read the position"
        ))
        raise _Refuted(found) from None

    rng = random.Random(spec.seed)
    states = [state]
    moves = []
    texts = []
    for i, text in enumerate(spec.moves):
        move_path = (*path, "moves", i)
        try:
            move = game.parse_move(state, text)
        except NotationError as err:
            found.definition.append(
                _notation_problem(where, move_path, text, err, f"cannot read move {i + 1}")
            )
            raise _Refuted(found) from None
        why = _illegal(game, state, move, text)
        if why is not None:
            found.example.append(where.problem(move_path, why))
            raise _Refuted(found)
        texts.append(game.format_move(state, move))
        try:
            state = game.apply(state, move, rng)
        except IllegalMoveError as exc:
            found.example.append(
                where.problem(move_path, f"the engine generates {text!r} but refuses it: {exc}")
            )
            raise _Refuted(found) from None
        moves.append(move)
        states.append(state)

    results = []
    for claim in specs:
        result = _evaluate(where, game, state, claim, claims[claim.name], found)
        if result is not None:
            results.append(result)
    if any(claim.says is not None for claim in specs):
        found.example += sentence_problems(where, specs, results, (*spec.moves, *texts),
                                           str(game.format_state(state)))
    if found.definition or found.example:
        raise _Refuted(found)
    verified = VerifiedExample(
        spec.name, game, tuple(states), tuple(moves), tuple(texts), tuple(results)
    )
    return verified, found.claims_checked


def _claim_shape_problem(
    where: Locator, claim: ClaimSpec, claims: Mapping[str, Claim[Any]]
) -> Problem | None:
    """A problem when the claim's name is unknown or its argument is missing or extra."""
    known = claims.get(claim.name)
    if known is None:
        return where.problem(
            claim.path, f"unknown claim {claim.name!r}" + did_you_mean(claim.name, claims),
            key=True,
        )
    if known.takes_argument and claim.argument is None:
        return where.problem(
            claim.path, f"claim {claim.name!r} needs an argument: {claim.name}(...)", key=True
        )
    if not known.takes_argument and claim.argument is not None:
        return where.problem(claim.path, f"claim {claim.name!r} takes no argument", key=True)
    return None


def _illegal(game: AnyGame, state: Any, move: Any, text: str) -> str | None:
    """Why ``move`` cannot be played (in the engine's words), or ``None`` if it can."""
    if game.without_outcome(state, move) in game.legal_moves(state):
        return None
    reason = game.illegal_reason(state, move) or "it is not one of the legal moves"
    return f"the move {text!r} is illegal here: {reason}"


def _evaluate(
    where: Locator,
    game: AnyGame,
    state: Any,
    claim: ClaimSpec,
    rule: Claim[Any],
    found: _Findings,
) -> ClaimResult | None:
    """Compare one claim with the engine; a false or unanswerable claim adds a problem."""
    expected = claim.expected
    if claim.name == "legal_moves" and isinstance(expected, list):
        expected = _canonical_moves(where, game, state, claim, expected, found)
        if expected is None:
            return None
    try:
        actual = to_plain(rule.compute(state, claim.argument))
    except NotationError as err:
        found.definition.append(_notation_problem(
            where, claim.path, claim.key, err, f"cannot read the argument of {claim.name!r}",
            key=True, offset=claim.argument_offset,
        ))
        return None
    except ValueError as exc:
        found.definition.append(
            where.problem(claim.path, f"claim {claim.key!r} cannot be answered: {exc}", key=True)
        )
        return None
    found.claims_checked += 1
    holds = same(expected, actual, unordered=rule.unordered)
    if not holds:
        found.example.append(where.problem(
            claim.path, f"claim {claim.key!r} is false: the engine says {flow(actual)}", key=True
        ))
    return ClaimResult(claim.key, claim.name, claim.argument, claim.expected, actual, holds,
                       claim.says)


def _canonical_moves(
    where: Locator, game: AnyGame, state: Any, claim: ClaimSpec, stated: list[object],
    found: _Findings,
) -> list[object] | None:
    """The stated moves as the engine writes them (``None`` if one cannot be read)."""
    out: list[object] = []
    ok = True
    for i, item in enumerate(stated):
        if not isinstance(item, str):
            out.append(item)
            continue
        try:
            out.append(game.format_move(state, game.parse_move(state, item)))
        except NotationError as err:
            found.definition.append(_notation_problem(
                where, (*claim.path, i), item, err, "cannot read this move"
            ))
            ok = False
    return out if ok else None


# --------------------------------------------------------------------------- public API


def verify_example(
    doc: Document,
    path: PathKey = (),
    *,
    game: str | type[AnyGame],
    base_params: Mapping[str, object] | None = None,
    line_offset: int = 0,
    extra_keys: Collection[str] = (),
) -> VerifiedExample:
    """Verify the example mapping at ``path`` of ``doc`` for ``game``.

    ``base_params`` are plain parameter values (as in a file's ``parameters``) that the
    example's own ``parameters`` override.  ``line_offset`` moves every reported location
    down by that many lines, for YAML cut out of a larger file (a booklet's fenced block:
    pass the line number of the fence).  ``extra_keys`` are further keys the caller
    allows in the mapping.  Raises :class:`DefinitionError` or :class:`ExampleError` with
    every problem found.
    """
    where = Locator(doc, line_offset)
    if isinstance(game, str):
        try:
            game = find_engine(game)
        except PrintkitError as exc:
            raise DefinitionError([where.problem(path, p.message) for p in exc.problems]
                                  ) from None
    found = _Findings()
    spec, problems = read_example(where, path, extra_keys=extra_keys)
    found.definition += problems
    result = None
    if spec is not None:
        result = _verify(where, spec, _Engines(game), base_params or {}, found)
    _raise_if_any(found)
    if result is None:  # pragma: no cover - every failure above adds a problem
        raise DefinitionError([where.problem(path, "the example could not be verified")])
    return result


def _raise_if_any(found: _Findings) -> None:
    report = CheckReport("", None, (), sort_problems(found.definition),
                         sort_problems(found.example), found.claims_checked)
    report.raise_for_problems()


def check_document(doc: Document) -> CheckReport:
    """Check a loaded example file: its shape, then every example against the engine."""
    where = Locator(doc)
    found = _Findings()
    header, problems = read_header(where)
    found.definition += problems

    engine: _Engines | None = None
    if header.game is not None:
        try:
            engine = _Engines(find_engine(header.game))
        except PrintkitError as exc:
            found.definition += [where.problem(("game",), p.message) for p in exc.problems]
    if engine is not None:
        try:
            make_params(engine.cls.Params, header.parameters)
        except ParamsError as exc:
            found.definition += _params_problems(
                where, ("parameters",), header.parameters, exc
            )
            engine = None  # every example would fail the same way

    verified = []
    seen: dict[str, int] = {}
    for path in header.example_paths:
        spec, problems = read_example(where, path)
        found.definition += problems
        if spec is None:
            continue
        if spec.name in seen:
            first = seen[spec.name]
            found.definition.append(where.problem(
                (*path, "name"), f"another example is already named {spec.name!r} (line {first})"
            ))
        else:
            seen[spec.name] = where.where((*path, "name")).line
        if engine is not None:
            result = _verify(where, spec, engine, header.parameters, found)
            if result is not None and not problems:
                verified.append(result)
    return CheckReport(
        doc.file,
        header.game,
        tuple(verified),
        sort_problems(found.definition),
        sort_problems(found.example),
        found.claims_checked,
    )


def check_file(
    path: Path | str, *, display: str | None = None
) -> CheckReport:
    """Load and check an example file; unreadable or invalid YAML is reported, not raised."""
    name = display or str(path)
    try:
        doc = load(path, name)
    except PrintkitError as exc:
        return CheckReport(name, None, (), exc.problems, (), 0)
    return check_document(doc)

