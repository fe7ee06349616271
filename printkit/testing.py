"""A conformance kit for rules engines, for printkit's own games and for third-party ones.

:func:`check_engine` plays seeded random games with an engine and checks, at every position
it reaches, the promises the :class:`~printkit.rules.base.Game` interface makes:

- the same seed replays the same game, state for state;
- positions and moves written in the notation read back as equal values;
- ``apply`` accepts every move ``legal_moves`` generates, and refuses (with
  :class:`~printkit.rules.base.IllegalMoveError` and a reason from ``illegal_reason``)
  moves that were legal somewhere else in the game but are not generated here;
- ``current_player``, ``is_terminal`` and ``legal_moves`` agree; scores and winners are
  well formed;
- a player's ``view`` shows none of what :meth:`~printkit.rules.base.Game.hidden_from`
  says that player may not see;
- every claim that takes no argument answers in plain data (or refuses with ``ValueError``).

Use it from a test::

    from printkit.testing import check_engine
    from mygame.rules import MyGame

    def test_my_game_keeps_the_engine_contract() -> None:
        check_engine(MyGame(), seeds=range(20))

A failed check raises :class:`EngineContractError` (an ``AssertionError``) naming the seed,
the step and the position in notation, so the failure can be replayed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.rules.base import NO_PLAYER, Game, IllegalMoveError, NotationError

AnyGame = Game[Any, Any, Any]


class EngineContractError(AssertionError):
    """An engine broke a promise of the :class:`~printkit.rules.base.Game` interface."""


@dataclass(frozen=True)
class EngineReport:
    """What :func:`check_engine` did."""

    games: int
    positions: int
    moves_checked: int
    refusals_checked: int


def _fail(game: AnyGame, seed: int, step: int, state: object, message: str) -> None:
    try:
        position = game.format_state(state)
    except Exception as exc:  # the position itself may be what is broken
        position = f"<cannot be written: {exc}>"
    raise EngineContractError(
        f"{game.name} (seed {seed}, step {step}): {message}\nposition:\n{position}")


def _is_plain(value: object) -> bool:
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, list):
        return all(_is_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_plain(v) for k, v in value.items())
    return False


def _playout(game: AnyGame, seed: int, max_steps: int) -> list[tuple[object, object | None]]:
    """(state, move chosen there) pairs of one seeded random game."""
    rng = random.Random(seed)
    state = game.initial_state(rng)
    history: list[tuple[object, object | None]] = []
    for _ in range(max_steps):
        if game.is_terminal(state):
            break
        moves = game.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        history.append((state, move))
        state = game.apply(state, move, rng)
    history.append((state, None))
    return history


def _sample(items: Sequence[Any], count: int, rng: random.Random) -> list[Any]:
    if len(items) <= count:
        return list(items)
    return [items[i] for i in sorted(rng.sample(range(len(items)), count))]


def check_engine(game: AnyGame, *, seeds: Iterable[int] = range(10), max_steps: int = 400,
                 moves_per_position: int = 40) -> EngineReport:
    """Play one random game per seed and check the engine contract at every position.

    ``max_steps`` bounds each game (long games are checked up to there);
    ``moves_per_position`` bounds how many legal moves are written, read back and played at
    each position (a sample, drawn from a fixed seed, when there are more).
    Raises :class:`EngineContractError` at the first broken promise.
    """
    positions = moves_checked = refusals = games = 0
    for seed in seeds:
        games += 1
        history = _playout(game, seed, max_steps)
        again = _playout(game, seed, max_steps)
        if [s for s, _ in history] != [s for s, _ in again]:
            _fail(game, seed, 0, history[0][0], "the same seed did not replay the same game")
        seen_moves: list[object] = [m for _, m in history if m is not None]
        pick = random.Random(seed)
        for step, (state, _) in enumerate(history):
            positions += 1
            _check_position(game, seed, step, state)
            legal = game.legal_moves(state)
            for move in _sample(legal, moves_per_position, pick):
                moves_checked += 1
                _check_legal_move(game, seed, step, state, move)
            for move in _sample(seen_moves, moves_per_position, pick):
                if game.without_outcome(state, move) in legal:
                    continue
                refusals += 1
                _check_refusal(game, seed, step, state, move)
    return EngineReport(games, positions, moves_checked, refusals)


def _check_position(game: AnyGame, seed: int, step: int, state: object) -> None:
    text = game.format_state(state)
    try:
        back = game.parse_state(text)
    except NotationError as exc:
        _fail(game, seed, step, state, f"format_state wrote a position parse_state refuses: "
                                       f"{exc}")
    if back != state:
        _fail(game, seed, step, state, "parse_state(format_state(state)) differs from state")
    if game.format_state(back) != text:
        _fail(game, seed, step, state, "writing a position twice gave two texts")
    terminal = game.is_terminal(state)
    legal = game.legal_moves(state)
    player = game.current_player(state)
    players = game.num_players(state)
    if terminal != (len(legal) == 0):
        _fail(game, seed, step, state, f"is_terminal is {terminal} but there are "
                                       f"{len(legal)} legal moves")
    if terminal and player != NO_PLAYER:
        _fail(game, seed, step, state, "a finished game still has a current player")
    if not terminal and not 0 <= player < players:
        _fail(game, seed, step, state, f"current_player {player} is not a seat")
    if len(game.scores(state)) != players or len(game.player_names(state)) != players:
        _fail(game, seed, step, state, "scores or player names do not cover every player")
    winners = game.winners(state)
    if any(not 0 <= w < players for w in winners) or (not terminal and winners):
        _fail(game, seed, step, state, f"winners {winners} are wrong for this position")
    for seat in range(players):
        view = game.view(state, seat)
        words = set(view.split())
        for secret in game.hidden_from(state, seat):
            if secret in words:
                _fail(game, seed, step, state,
                      f"the view of {game.player_names(state)[seat]} shows {secret!r}, which "
                      "that player may not see")
    for name, claim in game.claims().items():
        if claim.takes_argument:
            continue
        try:
            value = claim.compute(state, None)
        except ValueError:
            continue
        if not _is_plain(value):
            _fail(game, seed, step, state, f"claim {name!r} answered {value!r}, which is not "
                                           "plain data (numbers, text, lists, mappings)")


def _check_legal_move(game: AnyGame, seed: int, step: int, state: object, move: object) -> None:
    try:
        text = game.format_move(state, move)
        back = game.parse_move(state, text)
    except (ValueError, NotationError) as exc:
        _fail(game, seed, step, state, f"legal move {move!r} does not round-trip: {exc}")
    if back != move:
        _fail(game, seed, step, state, f"move {text!r} reads back as {back!r}, not {move!r}")
    reason = game.illegal_reason(state, move)
    if reason is not None:
        _fail(game, seed, step, state, f"legal move {text!r} has an illegal_reason: {reason}")
    try:
        game.apply(state, move, random.Random(seed))
    except IllegalMoveError as exc:
        _fail(game, seed, step, state, f"apply refuses the legal move {text!r}: {exc}")


def _check_refusal(game: AnyGame, seed: int, step: int, state: object, move: object) -> None:
    if game.illegal_reason(state, move) is None:
        _fail(game, seed, step, state, f"{move!r} is not generated, yet illegal_reason finds "
                                       "nothing wrong with it")
    try:
        game.apply(state, move, random.Random(seed))
    except IllegalMoveError:
        return
    _fail(game, seed, step, state, f"apply accepted {move!r}, which legal_moves does not "
                                   "generate")


__all__ = ["EngineContractError", "EngineReport", "check_engine"]
