"""Star Battle claims and moves in plain words.

Cards (``10H``) and cells (``E1``, ``core``) keep the notation, in code spans, so a reader
finds them on the diagrams' tags and edges.  The booklet's vocabulary: a *system* is a
card of the galaxy, a *lane* leads from a system to a neighbour its suit connects to, a
discard *beats* a card when it is strictly higher (a discarded Ace counts 14), and a
player *occupies* the systems their ships are on.
"""

from __future__ import annotations

from typing import Any

from printkit.booklet.context import join_words, plural
from printkit.booklet.phrases.base import AnyGame, Handler, Phrasebook, code, codes
from printkit.games.star_battle.rules import StarBattle
from printkit.games.star_battle.state import (
    Battle,
    Build,
    Card,
    Cell,
    ChooseHome,
    Discard,
    FreeScout,
    LayCore,
    MoveShip,
    Place,
    Reconstruct,
    SkipScout,
    StarBattleMove,
    StarBattleState,
    cell_name,
    parse_cell,
)

SUIT_REACH = {"H": "a heart needs a card to its left or right",
              "S": "a spade needs a card above or below it",
              "D": "it needs a card next to it", "C": "it needs a card next to it"}


def _engine(game: AnyGame) -> StarBattle:
    if not isinstance(game, StarBattle):
        raise TypeError(f"not a Star Battle engine: {game!r}")
    return game


def _state(state: Any) -> StarBattleState:
    if not isinstance(state, StarBattleState):
        raise TypeError(f"not a Star Battle position: {state!r}")
    return state


def _at(state: StarBattleState, cell: Cell) -> str:
    """A cell and the card lying there: ```E1` (`7H`)``."""
    system = state.index.get(cell)
    name = code(cell_name(cell))
    return f"{name} ({code(system.card)})" if system is not None else name


def flips_told(game: StarBattle, state: StarBattleState, battle: Battle) -> str:
    """The stated coins of ``battle`` in words, ship by ship, in the order they are
    flipped: the attacker's system first, Dreadnoughts before Scouts."""
    coins = iter(battle.flips or "")
    names = game.player_names(state)
    told = []
    for cell in (battle.source, battle.target):
        system = state.index[cell]
        owner = names[system.owner]
        for _ in range(system.dreadnoughts):
            first = next(coins, "T")
            if first == "T":
                told.append(f"{owner}'s Dreadnought on {code(cell_name(cell))} shows tails "
                            "and survives")
            elif next(coins, "T") == "H":
                told.append(f"{owner}'s Dreadnought on {code(cell_name(cell))} shows heads, "
                            "is flipped again, shows heads again and is destroyed")
            else:
                told.append(f"{owner}'s Dreadnought on {code(cell_name(cell))} shows heads, "
                            "is flipped again and survives on tails")
        results = [next(coins, "T") for _ in range(system.scouts)]
        if results:
            told.append(_scouts_told(owner, cell, results))
    return "; ".join(told)


def _scouts_told(owner: str, cell: Cell, results: list[str]) -> str:
    """The coins of the Scouts on one system."""
    where = code(cell_name(cell))
    shown = join_words(["heads" if r == "H" else "tails" for r in results])
    lost = results.count("H")
    if len(results) == 1:
        fate = "destroyed" if lost else "it survives"
        return f"{owner}'s Scout on {where} shows {shown}: {fate}"
    fate = ("all destroyed" if lost == len(results) else "none destroyed" if not lost
            else f"{lost} destroyed")
    return f"{owner}'s {len(results)} Scouts on {where} show {shown}: {fate}"


class StarBattlePhrases(Phrasebook):
    """Sentences for every claim the Star Battle engine answers, and for its moves."""

    def action(self, game: AnyGame, state: Any, text: str) -> str:
        """What the move ``text`` does, as a verb phrase."""
        engine, here = _engine(game), _state(state)
        move: StarBattleMove = engine.parse_move(here, text)
        if isinstance(move, LayCore):
            return f"lay {code(move.card)} as the Core"
        if isinstance(move, Place):
            return f"lay {code(move.card)} on {code(cell_name(move.cell))}"
        if isinstance(move, ChooseHome):
            return f"make {_at(here, move.cell)} a Home Base"
        if isinstance(move, FreeScout):
            return f"put the free Scout on {_at(here, move.cell)}"
        if isinstance(move, SkipScout):
            return "leave the free Scout"
        if isinstance(move, Build):
            return f"discard {code(move.card)} to build on {_at(here, move.cell)}"
        if isinstance(move, MoveShip):
            return (f"discard {code(move.card)} to move a {move.ship} from "
                    f"{code(cell_name(move.source))} to {_at(here, move.target)}")
        if isinstance(move, Battle):
            return (f"discard {code(move.card)} to attack {code(cell_name(move.target))} "
                    f"from {_at(here, move.source)}")
        if isinstance(move, Reconstruct):
            return (f"discard {code(move.card)} to put it in place of {_at(here, move.cell)}, "
                    f"giving up a {move.ship}")
        if isinstance(move, Discard):
            return f"discard {code(move.card)}"
        return "pass"

    def move(self, game: AnyGame, state: Any, text: str) -> str:
        engine, here = _engine(game), _state(state)
        move: StarBattleMove = engine.parse_move(here, text)
        who = self.mover(game, state)
        if isinstance(move, LayCore):
            return f"{who} lays {code(move.card)} in the middle: the Galactic Core."
        if isinstance(move, Place):
            return f"{who} lays {code(move.card)} on {code(cell_name(move.cell))}."
        if isinstance(move, ChooseHome):
            return (f"{who} makes {_at(here, move.cell)} their Home Base, puts a Dreadnought "
                    "and a Scout there and draws two cards.")
        if isinstance(move, FreeScout):
            return f"{who} holds the Core and puts a free Scout on {_at(here, move.cell)}."
        if isinstance(move, SkipScout):
            return f"{who} holds the Core but leaves the free Scout."
        if isinstance(move, Build):
            kind = engine.build_kind(here.index[move.cell].card, move.card) or "ship"
            return (f"{who} discards {code(move.card)} to build a {kind.capitalize()} on "
                    f"{_at(here, move.cell)}.")
        if isinstance(move, MoveShip):
            return (f"{who} discards {code(move.card)} to move a {move.ship.capitalize()} "
                    f"from {code(cell_name(move.source))} to {_at(here, move.target)}.")
        if isinstance(move, Battle):
            said = (f"{who} discards {code(move.card)} and attacks "
                    f"{_at(here, move.target)} from {code(cell_name(move.source))}.")
            if move.flips:
                told = flips_told(engine, here, move)
                said += f" The coins: {told}."
            return said
        if isinstance(move, Reconstruct):
            old = here.index[move.cell].card
            return (f"{who} discards {code(move.card)}, gives up a {move.ship.capitalize()} "
                    f"on {code(cell_name(move.cell))} and lays {code(move.card)} there in "
                    f"place of {code(old)}.")
        if isinstance(move, Discard):
            return f"{who}, with more cards than ships, discards {code(move.card)}."
        return f"{who} passes."

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "systems_held": self._systems_held,
            "core_holder": self._core_holder,
            "connections": self._connections,
            "legal_builds": self._legal_builds,
            "legal_moves_from": self._moves_from,
            "battle_targets": self._battle_targets,
            "victory": self._victory,
            "hand_size_due": self._hand_size_due,
            "cards_held": self._cards_held,
            "survival": self._survival,
            "supply": self._supply,
            "home_bases": self._home_bases,
            "illegal_reason": self._illegal_reason,
            "legal": self._legal_move,
            "winners": self._winners_or_draw,
        }

    def _systems_held(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        return "Systems occupied: " + join_words(
            f"{name} {n}" for name, n in value.items()) + "."

    def _core_holder(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        return "Nobody holds the Core." if value is None else f"{value} holds the Core."

    def _connections(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        cell = parse_cell((argument or "").strip())
        start = _at(_state(state), cell) if cell is not None else code(argument)
        if not value:
            return f"No lane leads from {start} to another system."
        return f"Lanes lead from {start} to {codes(value)}."

    def _legal_builds(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        who, card = self.mover(game, state), code((argument or "").strip())
        if not value:
            return f"{who} can build nothing with {card} now."
        builds = [f"a {kind.capitalize()} on {code(cell)}" for cell, kind in value.items()]
        return f"With {card}, {who} could build {join_words(builds, 'or')}."

    def _moves_from(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        who, cell = self.mover(game, state), code((argument or "").strip())
        if not value:
            return f"No ship of {who} can move from {cell} with the cards {who} holds."
        return f"With the cards {who} holds, a ship on {cell} may move to {codes(value, 'or')}."

    def _battle_targets(self, game: AnyGame, state: Any, argument: str | None,
                        value: Any) -> str:
        who, cell = self.mover(game, state), code((argument or "").strip())
        if not value:
            return f"{who} can attack nothing from {cell} now."
        return f"From {cell}, {who} may attack {codes(value, 'or')}."

    def _victory(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return "Nobody has won yet."
        if value == "domination":
            return "The game ends by domination."
        return "The game ends by elimination."

    def _hand_size_due(self, game: AnyGame, state: Any, argument: str | None,
                       value: Any) -> str:
        return "Ships in play, and so cards in hand after the turn: " + join_words(
            f"{name} {n}" for name, n in value.items()) + "."

    def _cards_held(self, game: AnyGame, state: Any, argument: str | None,
                    value: Any) -> str:
        return "Cards in hand: " + join_words(f"{name} {n}" for name, n in value.items()) + "."

    def _survival(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        cell = parse_cell((argument or "").strip())
        where = _at(_state(state), cell) if cell is not None else code(argument)
        return (f"In a battle, at least one ship on {where} survives with a chance of "
                f"{value}.")

    def _supply(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return "The supply of ships has no limit."
        left = [f"{name} {plural(v['dreadnoughts'], 'Dreadnought')} and "
                f"{plural(v['scouts'], 'Scout')}" for name, v in value.items()]
        return "Left in the supply: " + "; ".join(left) + "."

    def _home_bases(self, game: AnyGame, state: Any, argument: str | None,
                    value: Any) -> str:
        chosen = [f"{name} on {code(cell)}" for name, cell in value.items() if cell]
        if not chosen:
            return "Nobody has chosen a Home Base yet."
        return "Home Bases: " + join_words(chosen) + "."

    def _illegal_reason(self, game: AnyGame, state: Any, argument: str | None,
                        value: Any) -> str:
        doing = self.action(game, state, argument or "")
        who = self.mover(game, state)
        if value is None:
            return f"{who} may {doing}."
        return f"{who} may not {doing}: {self.reason(game, state, argument or '', value)}."

    def reason(self, game: AnyGame, state: Any, text: str, why: str) -> str:
        """Why the move ``text`` is refused, in the booklet's words."""
        engine, here = _engine(game), _state(state)
        move: Any = engine.parse_move(here, text)
        if why == "no_lane":
            source = here.index[move.source]
            return (f"{code(source.card)} has no lane towards {code(cell_name(move.target))}"
                    f" ({_reach(source.card)})")
        if why == "not_higher":
            target = move.target if isinstance(move, MoveShip) else move.cell
            card = here.index[target].card
            return f"{code(move.card)} does not beat {code(card)}"
        if why == "no_neighbour":
            return SUIT_REACH[move.card.suit]
        if why == "club" and isinstance(move, FreeScout):
            return "no free Scout goes on a club"
        words = {
            "enemy_held": "enemy ships are there; only a battle can go in",
            "club": "no ship is built on a club",
            "must_act": "a player who holds a card must take an action",
            "no_token": "no token of that kind is left in the supply",
            "last_ship": "it would give up the last ship, which this game does not allow",
            "no_enemy": "there are no enemy ships there",
            "no_core": "only the player holding the Core gets a free Scout",
            "no_ship": f"{self.mover(game, state)} has no such ship there",
            "not_your_card": f"{self.mover(game, state)} does not hold that card",
            "wrong_phase": "that is not what comes next in the turn",
            "home_taken": "a Home Base is never the Core or another player's Home Base",
            "taken": "a card lies there already",
            "not_highest": "the Core is the highest card of the hand, King high",
        }
        return words.get(why, why.replace("_", " "))

    def _legal_move(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        doing = self.action(game, state, argument or "")
        return f"{self.mover(game, state)} {'may' if value else 'may not'} {doing}."

    def _winners_or_draw(self, game: AnyGame, state: Any, argument: str | None,
                         value: Any) -> str:
        names = [str(v) for v in value]
        if not names:
            return "Nobody has won yet."
        if len(names) == 1:
            return f"{names[0]} wins."
        return f"{join_words(names)} lost their last ships together: a shared draw."


def _reach(card: Card) -> str:
    """Where a card's lanes lead, in words."""
    return {"H": "a heart's lanes lead left and right only",
            "S": "a spade's lanes lead up and down only"}.get(
        card.suit, "its lanes lead all four ways")

