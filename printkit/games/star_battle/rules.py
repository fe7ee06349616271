"""Star Battle: a galaxy of playing cards fought over by fleets of coin-flipped ships.

The game in brief
=================
Every player is dealt ``hand_size`` cards.  The Core placer (the dealer, or the player on
the dealer's right) lays their highest card, King high, at the centre: the Galactic Core.
The players then take turns laying their cards next to the galaxy until every hand is
empty, and each picks a Home Base where one Dreadnought and one Scout start.  From then on
a turn is: an optional free Scout for whoever holds the Core, then one discard that pays
for one action (build, move, battle or reconstruction).  Hands are then brought back to
the number of ships each player has in play.  A player wins as soon as every opponent's
ships are gone (*elimination*) or when their ships hold more than three quarters of the
systems, the Core among them (*domination*).

Rulings taken by this engine
============================
* Values: a card on the table counts King high with Ace = 1; a discarded card counts Ace
  high (Ace = 14).  "Higher" is strict; suits have no order.
* Connections are read from the card a ship leaves: diamonds and clubs reach all four
  orthogonal neighbours, hearts left and right, spades up and down.  A card laid while
  building the galaxy must have an existing neighbour in a direction its own suit reaches.
* The dealer is player ``A``; with ``core_placer="right_of_dealer"`` the last player lays
  the Core.  Laying cards and choosing Home Bases start with the player after the Core
  placer, and so does the first turn of play.  A Home Base comes with two drawn cards.
* The free Scout is optional; it goes on a non-club system the player already occupies.
* Build: a Dreadnought when the discard's suit matches the system's suit, else a Scout.
  With ``revision1`` the system's suit alone decides: diamonds give a Dreadnought, hearts
  and spades a Scout (clubs never build).
* Ship supply is a rule (ruling of the first audit): each player has ``ships_per_player``
  tokens of each kind (15, the suggested supply; ``unlimited`` lifts the limit).  A build
  or free Scout whose kind has no token left is refused, never downgraded to the other
  kind; this holds whichever rule picks the kind (``revision1`` or not).  Destroyed or
  removed ships return to their owner's supply.
* Ships never enter a system holding enemy ships; a system holds one player's ships.
* Battle: no value test.  The attacker's system is resolved first, then the defender's;
  on each, Dreadnoughts before Scouts.  Each ship is flipped once; heads destroys a Scout,
  while a Dreadnought showing heads is flipped again at once and is destroyed only by a
  second head.  A system left empty gets a new card from the stock (attacker's first);
  its old card is discarded.  The Core stays at the centre whatever card lies there.
* Reconstruction removes one of the player's ships (their choice of system and kind); the
  discarded card takes the place of that system's card, which is discarded.
* After the action, players holding more cards than they have ships discard down to
  that number (their choice, one card per decision, starting with the player whose turn
  it was); then everyone short of cards draws, in the same order.  An empty stock is
  refilled by shuffling the discard pile; when both are empty the draw stops short.
* A player may reconstruct away their own last ship (ruling of the first audit; option
  ``allow_self_elimination``, default true): that eliminates them, so with one opponent
  left the game ends and that opponent wins; with several, play goes on without them.
  With the option off, that reconstruction is refused, and a player left with no other
  action passes.
* A player with no card at the start of their action can only ``pass``.
* Victory is checked after every action.  A player without ships is eliminated: they
  take no further part, and their hand is discarded at once (no choice is left to make).
  The game ends by elimination when at most one player has ships; when one battle
  destroys the last ships of both sides and nobody else has any, the two share a draw
  (``result: A B elimination``); if others remain, play goes on without them.
* There is no turn limit (ruling of the first audit): a simulator that stops a long game
  reports it as unfinished, but that is never a result of the game.
* Claims answer for the position as it stands: ``legal_builds`` lists only the builds
  the player to move may make now with that card (none outside their action, or without
  the card in hand); ``battle_targets`` only the battles they may fight now.

Options (:class:`~printkit.games.star_battle.state.StarBattleParams`)
=====================================================================
``players`` (2-26), ``decks`` and ``hand_size`` size the game; ``core_placer``: ``dealer``
(the seed) or ``right_of_dealer`` (the 1996 revision); ``revision1``: builds follow the
crossed-out "Revision 1" table (the system's suit alone decides the ship); with it or
without, ``ships_per_player`` bounds each kind; ``allow_self_elimination`` as above.

The notation of positions and moves is described in
:mod:`printkit.games.star_battle.notation`, the claims in
:mod:`printkit.games.star_battle.claims`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from printkit.games.star_battle import claims, notation, turns
from printkit.games.star_battle import determinize as _determinize
from printkit.games.star_battle.actions import CardRows, Interned, action_moves
from printkit.games.star_battle.placing import PlaceRow, lay, place_moves
from printkit.games.star_battle.refusals import refused
from printkit.games.star_battle.scratch import Scratch
from printkit.games.star_battle.state import (
    CORE,
    MOVE_TYPES,
    PASS,
    SKIP,
    SUITS,
    Battle,
    Card,
    Cell,
    ChooseHome,
    Discard,
    FreeScout,
    LayCore,
    MoveList,
    Place,
    ShipKind,
    SkipScout,
    StarBattleMove,
    StarBattleParams,
    StarBattleState,
    System,
    distinct,
    flips_problem,
    reading_order,
)
from printkit.rules.base import NO_PLAYER, Claim, Game, Player

Params = StarBattleParams


class StarBattle(Game[StarBattleState, StarBattleMove, StarBattleParams]):
    """The Star Battle rules engine."""

    name = "star-battle"
    title = "Star Battle"
    Params = StarBattleParams

    def __init__(self, params: StarBattleParams | None = None) -> None:
        super().__init__(params)
        p = self.params
        self.full_deck: tuple[Card, ...] = tuple(
            sorted(Card(r, s) for s in SUITS for r in range(1, 14) for _ in range(p.decks))
        )
        """Every card of the game, sorted (``decks`` copies of each)."""
        self.placer: Player = 0 if p.core_placer == "dealer" else p.players - 1
        """The player who lays the Core."""
        # the last position whose legal moves were generated (the agent asks, then apply)
        self._cache: tuple[StarBattleState, Sequence[StarBattleMove]] | None = None
        # every move made so far, by card: move lists share them (frozen, so safe)
        self._place_rows: dict[Card, PlaceRow] = {}
        self._action_rows: dict[Card, CardRows] = {}
        self._homes: dict[Cell, ChooseHome] = Interned(ChooseHome)
        self._cores: dict[Card, LayCore] = Interned(LayCore)

    # ------------------------------------------------------------------ basics

    def num_players(self, state: StarBattleState) -> int:
        return len(state.hands)

    def player_names(self, state: StarBattleState) -> tuple[str, ...]:
        return tuple(chr(ord("A") + i) for i in range(len(state.hands)))

    def turn_number(self, state: StarBattleState) -> int:
        return state.turn

    def is_terminal(self, state: StarBattleState) -> bool:
        return state.phase == "over"

    def current_player(self, state: StarBattleState) -> Player:
        if state.phase == "over":
            return NO_PLAYER
        if state.phase == "trim":
            return state.trimmer
        return state.mover

    def scores(self, state: StarBattleState) -> tuple[int, ...]:
        return state.systems_held

    def winners(self, state: StarBattleState) -> tuple[Player, ...]:
        return state.winners

    def supply(self, state: StarBattleState, player: Player) -> tuple[int | None, int | None]:
        """Dreadnought and Scout tokens ``player`` has left (None when unlimited)."""
        limit = self.params.token_limit
        if limit is None:
            return (None, None)
        dreads, scouts = state.fleet(player)
        return (limit - dreads, limit - scouts)

    def build_kind(self, system: Card, discard: Card) -> ShipKind | None:
        """The ship a discard builds on a system card, ignoring the value test."""
        if system.suit == "C":
            return None
        if self.params.revision1:
            return "dreadnought" if system.suit == "D" else "scout"
        return "dreadnought" if discard.suit == system.suit else "scout"

    def has_token(self, state: StarBattleState, player: Player, kind: ShipKind) -> bool:
        """Whether ``player`` has a token of ``kind`` left in their supply."""
        dreads, scouts = self.supply(state, player)
        left = dreads if kind == "dreadnought" else scouts
        return left is None or left > 0

    # ------------------------------------------------------------------ setup

    def initial_state(self, rng: random.Random) -> StarBattleState:
        p = self.params
        deck = list(self.full_deck)
        rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(p.players)]
        for i in range(p.hand_size * p.players):
            hands[(1 + i) % p.players].append(deck[i])
        return StarBattleState(
            phase="core",
            mover=self.placer,
            galaxy=(),
            homes=(None,) * p.players,
            hands=tuple(tuple(sorted(h)) for h in hands),
            stock=tuple(deck[p.hand_size * p.players:]),
            discards=(),
        )

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self, state: StarBattleState) -> Sequence[StarBattleMove]:
        cache = self._cache
        if cache is not None and cache[0] is state:
            return cache[1]
        moves = self._generate(state)
        self._cache = (state, moves)
        return moves

    def _generate(self, state: StarBattleState) -> Sequence[StarBattleMove]:
        phase = state.phase
        if phase == "galaxy":
            return place_moves(state, distinct(state.hands[state.mover]), self._place_rows)
        if phase == "action":
            return self._action_moves(state)
        return MoveList(self._listed(state, phase))

    def _listed(self, state: StarBattleState, phase: str) -> list[StarBattleMove]:
        """The legal moves of a phase other than the galaxy's, as a list."""
        if phase == "core":
            hand = state.hands[state.mover]
            top = max(hand).rank if hand else 0  # cards sort by rank first, Ace low
            cores = self._cores
            return [cores[c] for c in distinct(hand) if c.rank == top]
        if phase == "home":
            taken = {h for h in state.homes if h is not None}
            homes = self._homes
            return [homes[s.cell] for s in state.galaxy
                    if s.cell != CORE and s.cell not in taken]
        if phase == "bonus":
            return [*(FreeScout(c) for c in self._scout_cells(state.index, state.mover)),
                    SKIP]
        if phase == "trim":
            return [Discard(c) for c in distinct(state.hands[state.trimmer])]
        return []

    def _scout_cells(self, systems: Mapping[Cell, System], player: Player) -> list[Cell]:
        """Where ``player`` may put a free Scout (none unless they hold the Core)."""
        core = systems.get(CORE)
        if core is None or core.owner != player:
            return []
        limit = self.params.token_limit
        if limit is not None and limit <= sum(
            s.scouts for s in systems.values() if s.owner == player
        ):
            return []
        cells = [s.cell for s in systems.values() if s.owner == player and s.card.suit != "C"]
        return sorted(cells, key=reading_order)

    def scouts_allowed(self, systems: Mapping[Cell, System], player: Player) -> bool:
        """Whether ``player`` may take a free Scout (``_scout_cells`` is not empty)."""
        core = systems.get(CORE)
        if core is None or core.owner != player:
            return False
        return bool(self._scout_cells(systems, player))

    def _action_moves(self, state: StarBattleState) -> Sequence[StarBattleMove]:
        player = state.mover
        hand = state.hands[player]
        if not hand:
            return MoveList([PASS])
        params = self.params
        return action_moves(state, distinct(hand), self._action_rows, params.token_limit,
                            params.revision1, params.allow_self_elimination)

    # ------------------------------------------------------------------ playing moves

    def without_outcome(self, state: StarBattleState, move: StarBattleMove) -> StarBattleMove:
        """A battle with stated flips is the plain battle, when the flips are exactly
        what that battle uses; a battle with malformed flips stays as it is (and so is
        refused)."""
        if type(move) is not Battle or move.flips is None:
            return move
        plain = Battle(move.card, move.source, move.target)
        if plain in self.legal_moves(state) and flips_problem(move, state) is not None:
            return move
        return plain

    def _play(self, state: StarBattleState, move: StarBattleMove,
              rng: random.Random) -> StarBattleState:
        if isinstance(move, Place):
            return lay(state, move.card, move.cell, self.placer)
        if isinstance(move, LayCore):
            return lay(state, move.card, CORE, self.placer)
        work = Scratch(state)
        if isinstance(move, ChooseHome):
            turns.choose_home(self, work, move.cell, rng)
        elif isinstance(move, FreeScout):
            work.add_ship(move.cell, work.mover, "scout")
            work.phase = "action"
        elif isinstance(move, SkipScout):
            work.phase = "action"
        elif isinstance(move, Discard):
            who = state.trimmer
            work.hands[who].remove(move.card)
            work.discards.append(move.card)
            turns.after_trim(self, work, rng, work.ships_in_play())
        else:
            turns.action(self, state, work, move, rng)
        return work.freeze()

    # ------------------------------------------------------------------ explaining refusals

    def illegal_reason(self, state: StarBattleState, move: StarBattleMove) -> str | None:
        if type(move) is Battle and move.flips is not None:
            plain = Battle(move.card, move.source, move.target)
            if plain in self.legal_moves(state):
                return flips_problem(move, state)
            return self._why_illegal(state, plain)
        if move in self.legal_moves(state):
            return None
        return self._why_illegal(state, move)

    def _why_illegal(self, state: StarBattleState, move: StarBattleMove) -> str:
        """A short reason why ``move``, which legal_moves does not generate, is refused."""
        if not isinstance(move, MOVE_TYPES):  # callers may pass anything
            return f"{move!r} is not a Star Battle move"
        player = self.current_player(state)
        return refused(state, move, player, self.player_names(state)[player])[1]

    # ------------------------------------------------------------------ notation and claims

    def parse_state(self, text: str) -> StarBattleState:
        return notation.parse_state(self, text)

    def format_state(self, state: StarBattleState) -> str:
        return notation.format_state(self, state)

    def view(self, state: StarBattleState, player: Player) -> str:
        return notation.format_state(self, state, viewer=player)

    def determinize(self, state: StarBattleState, player: Player,
                    rng: random.Random) -> StarBattleState:
        return _determinize.determinize(state, player, rng)

    def hidden_from(self, state: StarBattleState, player: Player) -> frozenset[str]:
        return notation.hidden_from(state, player)

    def parse_move(self, state: StarBattleState, text: str) -> StarBattleMove:
        return notation.parse_move(text)

    def format_move(self, state: StarBattleState, move: StarBattleMove) -> str:
        return notation.format_move(move)

    def result_cause(self, state: StarBattleState) -> str:
        """How a finished game was decided, for the simulator's report."""
        if state.victory == "domination":
            return "domination (over 3/4 of the systems, the Core among them)"
        if len(state.winners) > 1:
            return "elimination: the last fleets destroyed in one battle"
        return "elimination"

    def claims(self) -> Mapping[str, Claim[StarBattleState]]:
        return claims.claims(self)

    def figures(self, history: Sequence[StarBattleState]) -> Mapping[str, float]:
        return claims.figures(history)

    def heuristic(self, state: StarBattleState, player: Player) -> float:
        return claims.heuristic(self, state, player)
