"""The Star Battle beginner rates each action once and pays afterwards
(:mod:`printkit.games.star_battle.beginner_actions`): its move is the one a move-by-move
rating of the whole legal list picks (highest value, the first listed among equals), and
it is legal, in positions of real games under several rule options."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from printkit.games.star_battle import beginner_actions as ba
from printkit.games.star_battle.rules import StarBattle
from printkit.games.star_battle.state import (
    Battle,
    Build,
    MoveShip,
    Reconstruct,
    StarBattleMove,
    StarBattleParams,
    StarBattleState,
)
from printkit.rules.base import NO_PLAYER
from printkit.simulator.agents import make_agent

OPTIONS = [
    {},
    {"revision1": True},
    {"ships_per_player": 4, "allow_self_elimination": False},
    {"players": 3, "decks": 2},
]


def action_positions(options: dict[str, object], games: int,
                     moves: int) -> Iterator[tuple[StarBattle, StarBattleState]]:
    """Positions of the action phase with a choice to make, from beginner games."""
    game = StarBattle(StarBattleParams(**options))  # type: ignore[arg-type]
    agent = make_agent("beginner", game)
    for number in range(games):
        chance, rng = random.Random(number), random.Random(100 + number)
        state = game.initial_state(chance)
        for _ in range(moves):
            if game.is_terminal(state):
                break
            legal = game.legal_moves(state)
            if state.phase == "action" and len(legal) > 1:
                yield game, state
            state = game.apply(state, agent.choose(game, state, legal, chance, rng), chance)


def listed_choice(game: StarBattle, state: StarBattleState,
                  moves: Sequence[StarBattleMove]) -> StarBattleMove:
    """The beginner's move found by rating every legal move in the engine's order."""
    player = state.mover
    index = state.index
    ahead = ba.distances(state, player)
    openings = ba.core_openings(state, player)
    lonely = {s.cell for s in state.galaxy if s.owner == player and s.ships == 1 and any(
        index[c].owner == NO_PLAYER for c in state.connections(s.cell))}
    best, top = moves[0], float("-inf")
    fight, fiercest = None, float("-inf")
    for move in moves:
        if isinstance(move, Build):
            kind = game.build_kind(index[move.cell].card, move.card)
            value = ba.build_value(kind == "dreadnought",
                                   ba.next_to_enemy(state, player, index[move.cell]),
                                   move.cell in lonely)
        elif isinstance(move, MoveShip):
            value = ba.shift_value(index[move.source], index[move.target], player, ahead,
                                   lonely)
        elif isinstance(move, Battle):
            value = ba.battle_value(state, index[move.source], index[move.target])
        else:
            assert isinstance(move, Reconstruct)
            opens = move.card.suit in openings.get(move.cell, ()) and (
                move.ship == ba.scrapped(index[move.cell]))
            value = ba.OPEN_CORE if opens else ba.LAST_RESORT
        value -= ba.CARD * move.card.discard_value
        if value > top:
            best, top = move, value
        if isinstance(move, Battle) and value > fiercest:
            fight, fiercest = move, value
    return fight if fight is not None and top < ba.USEFUL else best


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_the_action_is_the_best_of_the_listed_moves(options: dict[str, object]) -> None:
    checked = kinds = 0
    seen: set[type] = set()
    for game, state in action_positions(options, games=3, moves=400):
        moves = game.legal_moves(state)
        chosen = ba.choose_action(game, state)
        assert chosen in moves
        assert chosen == listed_choice(game, state, moves)
        seen.add(type(chosen))
        checked += 1
    kinds = len(seen)
    assert checked > 100
    assert kinds >= 3  # builds, moves and battles at least


def test_ties_go_to_the_move_listed_first() -> None:
    """One action paid for by several cards is paid with the cheapest (an Ace, listed
    first, is the dearest), and among cards of one value with the first listed."""
    compared = 0
    for game, state in action_positions({}, games=2, moves=300):
        chosen = ba.choose_action(game, state)
        if not isinstance(chosen, Build | MoveShip | Battle):
            continue
        moves = game.legal_moves(state)
        for other in moves:
            if type(other) is not type(chosen) or other == chosen or (
                    _action(other) != _action(chosen)):
                continue
            assert isinstance(other, Build | MoveShip | Battle)
            if isinstance(chosen, Build) and game.build_kind(
                    state.index[chosen.cell].card, other.card) != game.build_kind(
                    state.index[chosen.cell].card, chosen.card):
                continue  # another ship: rated apart
            cheaper = chosen.card.discard_value - other.card.discard_value
            assert cheaper < 0 or (cheaper == 0 and moves.index(chosen) < moves.index(other))
            compared += 1
    assert compared > 100


def _action(move: StarBattleMove) -> tuple[object, ...]:
    """A move without its card and ship kind."""
    if isinstance(move, Build):
        return (move.cell,)
    if isinstance(move, MoveShip | Battle):
        return (move.source, move.target)
    return ()


def test_distances_lead_to_the_front() -> None:
    for _, state in action_positions({}, games=1, moves=200):
        player = state.mover
        ahead = ba.distances(state, player)
        for cell, system in state.index.items():
            if system.owner != player:
                assert ahead[cell] == 0
            elif cell in ahead:  # one step along a link is one nearer
                assert ahead[cell] >= 1
                assert min(ahead.get(c, ba.FAR) for c in state.connections(cell)) == (
                    ahead[cell] - 1)
            else:
                assert all(c not in ahead for c in state.connections(cell))


def _decide(text: str, **options: object) -> str:
    """The beginner's action in the position ``text``, in notation."""
    game = StarBattle(StarBattleParams(**options))  # type: ignore[arg-type]
    state = game.parse_state(text)
    moves = game.legal_moves(state)
    move = make_agent("beginner", game).choose(game, state, moves, random.Random(0),
                                               random.Random(0))
    assert move in moves
    return game.format_move(state, move)


# B sits on a Core that no neighbour links to (a spade reaches north and south only, and
# the hearts south of it reach east and west): nobody can ever attack it from there
CLOSED_CORE = """
phase: action
player: A
galaxy:
  9S[A:1S]  KS*[B:1D4S]  7C
  .         2H[A:1D1S]   6D[B:1S]
homes: A=S1 B=E1S1
hand A: 4S 9D
hand B: 2C 3C
stock: 5C 8C ...
"""


def test_a_core_nobody_can_reach_is_opened_by_a_reconstruction() -> None:
    assert _decide(CLOSED_CORE) == "reconstruct 4S S1 scout"
    game = StarBattle()
    state = game.parse_state(CLOSED_CORE)
    after = game.apply(state, game.parse_move(state, "reconstruct 4S S1 scout"),
                       random.Random(0))
    assert (0, 0) in after.connections((0, -1))  # the spade now links S1 to the Core
    assert ba.core_openings(state, 0) == {(0, -1): ("C", "D", "S")}
    assert ba.core_openings(after, 0) == {}  # open now: nothing more to reconstruct


# A's lone Scout on 5D links to the empty 7H (which it cannot yet pay to enter); 3D, next
# to B, already holds two ships; both are beside B's ships
LONE_SHIP = """
phase: action
player: A
galaxy:
  KC*[B:1S]  5D[A:1S]    7H
  9S[B:2S]   3D[A:1D1S]  .
homes: A=E1S1 B=S1
hand A: 4C 6H
hand B: 2C 3C
stock: 5C 8C ...
"""


def test_a_lone_ship_beside_an_empty_system_gets_company() -> None:
    assert _decide(LONE_SHIP) == "build 6H E1"
    assert ba.build_value(False, False, True) > ba.build_value(False, True, False)


# A's lone Scout on 7C (clubs: no ship is built there) links to the empty 8H; A has no
# Scout token left and no card that builds on 3D (2C is too low, 9H would build a Scout);
# B's Scouts on 9S are not its last ships
LONE_CLUB = """
phase: action
player: A
galaxy:
  KC*       7C[A:1S]    8H
  9S[B:2S]  3D[A:1D2S]  .
  .         .           4S[B:1S]
homes: A=E1S1 B=S1
hand A: 2C 9H
hand B: 2D 3C
stock: 5C 8C ...
"""


def test_a_lone_ship_beside_an_empty_system_is_joined_rather_than_a_battle_fought() -> None:
    # 3D is no nearer the empty systems than 7C is: only the lone ship's need moves it
    assert _decide(LONE_CLUB, ships_per_player=3) == "move 9H E1S1>E1 dreadnought"
