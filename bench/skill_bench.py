"""How much better the skilled agent plays than a game's beginner: one skilled seat among
beginners, the seat moving round from game to game, on fixed seeds.

    python bench/skill_bench.py GAME [--budget 200] [--games 12]

Game ``g`` is dealt from ``random.Random(g)``; the agents draw from ``random.Random(1000 +
g)``.  Prints each game's winners and scores, then the skilled seat's win share (shared
wins split) against the fair share, and the CPU time of a skilled decision.
"""

from __future__ import annotations

import argparse
import random
import time

from printkit import plugins
from printkit.simulator.agents import make_agent
from printkit.simulator.search import DEFAULT_BUDGET, SkilledAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--max-moves", type=int, default=3000)
    args = parser.parse_args()
    engine = plugins.find(args.game).engine_class()
    assert engine is not None, f"{args.game} has no rules engine"
    game = engine()
    won = 0.0
    decisions = 0
    spent = 0.0
    players = 0
    for number in range(args.games):
        chance, rng = random.Random(number), random.Random(1000 + number)
        state = game.initial_state(chance)
        players = game.num_players(state)
        seat = number % players
        agents = [SkilledAgent(args.budget) if p == seat else make_agent(None, game)
                  for p in range(players)]
        moves = 0
        while not game.is_terminal(state) and moves < args.max_moves:
            mover = game.current_player(state)
            began = time.process_time()
            move = agents[mover].choose(game, state, game.legal_moves(state), chance, rng)
            if mover == seat:
                decisions += 1
                spent += time.process_time() - began
            state = game._play(state, move, chance)
            moves += 1
        winners = game.winners(state) if game.is_terminal(state) else ()
        won += (seat in winners) / len(winners) if winners else 0.0
        print(f"game {number}: skilled seat {seat + 1}, winners "
              f"{[w + 1 for w in winners]}, scores {game.scores(state)}, {moves} moves",
              flush=True)
    print(f"{args.game}: the skilled seat won {won / args.games:.0%} of {args.games} games "
          f"(fair {1 / players:.0%}), budget {args.budget}; {decisions} skilled decisions, "
          f"{spent / max(decisions, 1) * 1000:.0f} ms of CPU each")


if __name__ == "__main__":
    main()
