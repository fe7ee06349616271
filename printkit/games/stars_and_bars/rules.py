"""Stars and Bars: two players lay attribute cards on a grid of stacks and score differences.

The game in brief
=================
Every card has one value of each attribute (by default shape, colour, size and number, two
values each: sixteen kinds in four copies).  Two cards *differ* in as many ways as they
have attributes with different values.  A card laid on the board is compared with the top
card of each face-up neighbour; each relation scores only with exactly its difference count:

============  ==================  ===========  ======
relation      neighbour           differences  points
============  ==================  ===========  ======
stacking      the card it covers  1            1
horizontal    left and right      2            2
diagonal      the four corners    3            3
vertical      above and below     4            4
============  ==================  ===========  ======

On a *centre* space any card may be laid; on an *outer* space every face-up relation must
score.  Face-down stacks take no cards and are never compared.  Housekeeping: a centre
stack that reaches ``stack_limit`` cards is turned face down; when every centre stack is
face down they all go to the discard pile; an outer stack that reaches the limit goes to
the discard pile.  After laying a card the player draws one if the stock has any.  After
each round (the beginner's turn, then the other's) a score over ``win_score`` with a lead
of at least ``win_margin`` wins, a lead over ``runaway_margin`` wins, and two scores over
``win_score`` less than ``win_margin`` apart tie.  When both hands are empty the same test
applies, and failing it a lead of at least ``win_margin`` wins, anything less ties.  The
numbers, the attribute table, the board and the centre region are all parameters.

Rulings taken by this engine
============================
* An outer space with no face-up relation at all takes no card.
* Setup: the players draw in turn, P1 first; the first draws go face up on the centre
  spaces (in reading order), the rest into the open hands until each holds ``hand_size``.
  The first player to draw a starred card begins; if nobody did, P2 (the second drawer).
* Housekeeping is automatic by default.  With ``manual_housekeeping`` the player who laid
  the card may leave it undone (``srl1 b2 leave``).  Only the opponent may then *claim* it,
  at the start of their turn, before laying a card: ``turn b2`` (2), ``remove a1`` (2) and
  ``clear`` (4); turning the last centre stack and then clearing is the seed's six-point
  case.  Whatever the opponent does not claim is done, for no points, as they lay their
  card (or pass): nobody scores for their own forgotten housekeeping, and no card is laid
  on a stack that should have been turned or removed.
* A player whose hand is empty passes (``pass``, after any claims) while the other still has
  cards.  A player holding a card always has a placement: once the housekeeping is done,
  some centre space is open.

The notation of positions and moves is described in
:mod:`printkit.games.stars_and_bars.notation`, the claims in
:mod:`printkit.games.stars_and_bars.claims`.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from printkit.games.stars_and_bars import claims, notation
from printkit.games.stars_and_bars import determinize as _determinize
from printkit.games.stars_and_bars.fast import (
    LANE,
    Packed,
    Tables,
    make_stack,
    make_state,
    tables_for,
)
from printkit.games.stars_and_bars.placing import Placing
from printkit.games.stars_and_bars.state import (
    EMPTY,
    PASS,
    PLAYER_NAMES,
    Card,
    Housekeep,
    MoveList,
    Pass,
    Pile,
    Place,
    Space,
    Stack,
    StarsAndBarsMove,
    StarsAndBarsParams,
    StarsAndBarsState,
    add_to_pile,
)
from printkit.rules.base import Claim, Game, Player
from printkit.rules.draws import shuffle

Params = StarsAndBarsParams


class StarsAndBars(Placing, Game[StarsAndBarsState, StarsAndBarsMove,
                                 StarsAndBarsParams]):
    """The Stars and Bars rules engine (see the module notes for the rules and rulings)."""

    name = "stars-and-bars"
    title = "Stars and Bars"
    Params = StarsAndBarsParams

    def __init__(self, params: StarsAndBarsParams | None = None) -> None:
        super().__init__(params)
        self._set_up(self.params)
        self._win, self._runaway = self.params.win_score, self.params.runaway_margin
        self._alone = tuple(Stack((card,)) for card in range(len(self.kinds)))  # immutable
        self._deck = tuple(card for card in range(len(self.kinds))
                           for _ in range(self.params.copies))
        # the packed tables of the playout path (None on a board too large for them)
        self._tables = tables_for(len(self.kinds), self.spaces, self.centre, self._around,
                                  self._gain, self._place)

    # ---- basics

    def num_players(self, state: StarsAndBarsState) -> int:
        return 2

    def player_names(self, state: StarsAndBarsState) -> tuple[str, ...]:
        return PLAYER_NAMES

    def turn_number(self, state: StarsAndBarsState) -> int:
        return state.turn

    def current_player(self, state: StarsAndBarsState) -> Player:
        return state.to_move

    def is_terminal(self, state: StarsAndBarsState) -> bool:
        return state.over

    # ---- play

    def initial_state(self, rng: random.Random) -> StarsAndBarsState:
        deck = list(self._deck)
        shuffle(deck, rng)
        # P1 draws first and the players take turns: the centre spaces are filled in reading
        # order, then each hand gets every second card until both are full
        centre = len(self.centre)
        drawn = centre + 2 * self.params.hand_size
        board = [EMPTY] * self.spaces
        for space, card in zip(self.centre, deck, strict=False):
            board[space] = self._alone[card]
        # the first player to draw a starred card begins, P2 if nobody did
        starred = self.starred
        beginner = next((draw % 2 for draw in range(drawn) if starred[deck[draw]]), 1)
        one, two = centre + centre % 2, centre + 1 - centre % 2  # P1's, P2's first card
        hands = (tuple(sorted(deck[one:drawn:2])), tuple(sorted(deck[two:drawn:2])))
        tables = self._tables
        return make_state(tuple(board), hands, (0, 0), tuple(deck[drawn:]), (), beginner, 0,
                          False, None if tables is None else tables.pack(board))

    def legal_moves(self, state: StarsAndBarsState) -> Sequence[StarsAndBarsMove]:
        """Claims of housekeeping the opponent left undone (manual housekeeping only), then a
        pass when nothing can be laid, then every placement (on the board as it is once that
        housekeeping is done) by card and then space."""
        if state.over:
            return []
        tables = self._tables
        if self._manual or tables is None:
            return self._searched_moves(state)
        # automatic housekeeping: the placements, read from the packed tables
        hand = state.hands[state.beginner if state.turn % 2 == 0 else 1 - state.beginner]
        return tables.moves(state.packed or self._packed(state, tables), hand)

    def _searched_moves(self, state: StarsAndBarsState) -> Sequence[StarsAndBarsMove]:
        """:meth:`legal_moves` worked out by searching the board: with manual housekeeping,
        and on a board too large for the packed tables."""
        moves: list[StarsAndBarsMove] = []
        if self._manual:
            moves.extend(self.open_chores(state))
        hand = state.hands[state.to_move]
        board = self._settle(state.board, state.discard)[0] if moves else state.board
        held = 0
        for card in hand:
            held |= 1 << card
        allowed = [mask & held for mask in self._allowed_all(self._tops(board))]
        open_spaces = [(space, mask) for space, mask in enumerate(allowed) if mask]
        leave: Collection[Space] = ()
        if self._manual:
            full = self._limit - 1
            leave = {space for space, _ in open_spaces if board[space].size >= full}
        if not open_spaces:
            moves.append(PASS)
        places = self._place
        for card in sorted(set(hand)):
            row = places[card]
            for space, mask in open_spaces:
                if mask >> card & 1:
                    moves.append(row[space])
                    if space in leave:
                        moves.append(self._leave[card][space])
        return MoveList(moves, allowed, leave)

    @staticmethod
    def _packed(state: StarsAndBarsState, tables: Tables) -> Packed:
        """The packed description of ``state.board`` (worked out once, then kept)."""
        packed = state.packed
        if packed is None:
            packed = tables.pack(state.board)
            object.__setattr__(state, "packed", packed)
        return packed

    def illegal_reason(self, state: StarsAndBarsState, move: StarsAndBarsMove) -> str | None:
        if move in self.legal_moves(state):
            return None
        if state.over:
            return "the game is over"
        player = state.to_move
        if isinstance(move, Place):
            if not (0 <= move.card < len(self.kinds) and 0 <= move.space < self.spaces):
                return "no such card or space"
            if move.card not in state.hands[player]:
                return f"{PLAYER_NAMES[player]} holds no {self.codes[move.card]}"
            board = self.board_to_play(state)
            if not self.allowed(board, move.space) >> move.card & 1:
                why = self._why_not(board, move.card, move.space)
                if board[move.space] != state.board[move.space]:
                    why += " (the housekeeping left undone is done before a card is laid)"
                return why
            if not move.tidy and not self._manual:
                return "housekeeping is automatic (manual_housekeeping is off)"
            return "this placement leaves no housekeeping to do"
        if isinstance(move, Housekeep):
            if not self._manual:
                return "housekeeping is automatic (manual_housekeeping is off)"
            return (f"{PLAYER_NAMES[1 - player]} left no such housekeeping undone (only the "
                    "opponent's, at the start of the turn, can be claimed)")
        if isinstance(move, Pass):
            return "a card can be laid, so the turn cannot pass"
        return "it is not a move of this game"

    def _play(self, state: StarsAndBarsState, move: StarsAndBarsMove,
              rng: random.Random) -> StarsAndBarsState:
        tables = self._tables
        if self._manual or tables is None or type(move) is not Place:
            return self._play_other(state, move, rng)
        # a placement with automatic housekeeping: the packed tables are brought up to date
        # with the stacks that change, not worked out again
        body, down = state.packed or self._packed(state, tables)
        card, space = move.card, move.space
        player = state.beginner if state.turn % 2 == 0 else 1 - state.beginner
        gained = body >> tables.score_at[card][space] & tables.score_mask
        first, second = state.scores
        if player:
            second += gained
        else:
            first += gained
        board = list(state.board)
        cards = board[space].cards
        adds = tables.adds[space]
        if cards:  # face up: a legal placement is never on a face-down stack
            body -= adds[cards[-1]]
            cards = (*cards, card)
            board[space] = make_stack(cards)
        else:
            cards = (card,)
            board[space] = self._alone[card]
        discard = state.discard
        if len(cards) >= self._limit and move.tidy:  # housekeeping, as _tidy does it
            if self.is_centre[space]:
                down |= 1 << (LANE * space)
                if down & tables.centre == tables.centre:  # all face down: clear them
                    for other in self.centre:
                        discard = add_to_pile(discard, board[other])
                        board[other] = EMPTY
                    down &= ~tables.centre
                else:
                    board[space] = Stack(cards, True)
            else:
                discard = add_to_pile(discard, board[space])
                board[space] = EMPTY
        else:
            body += adds[card]
        hand = list(state.hands[player])
        hand.remove(card)
        stock = state.stock
        if stock:
            if type(stock) is tuple:
                hand.append(stock[0])
                stock = stock[1:]
            else:
                drawn, stock = self._draw(state, stock, rng)
                hand.append(drawn)
            hand.sort()
        hand_one, hand_two = state.hands
        if player:
            hand_two = tuple(hand)
        else:
            hand_one = tuple(hand)
        turn = state.turn + 1
        final = (first, second)
        if not hand_one and not hand_two:
            over = True
        elif turn % 2 or (first <= self._win and second <= self._win
                          and -self._runaway <= first - second <= self._runaway):
            over = False  # no round ends, or nobody is over the threshold or runs away
        else:
            over = self.round_decision(final) is not None
        return make_state(tuple(board), (hand_one, hand_two), final, stock, discard,
                          state.beginner, turn, over, (body, down))

    def _play_other(self, state: StarsAndBarsState, move: StarsAndBarsMove,
                    rng: random.Random) -> StarsAndBarsState:
        """:meth:`_play` of a claim, a pass, or a placement with manual housekeeping."""
        if isinstance(move, Housekeep):
            return self._housekeep(state, move)
        player = state.to_move
        scores = list(state.scores)
        hands = list(state.hands)
        stock = state.stock
        # what the opponent left undone and the player did not claim is done now, unscored
        new_board, discard = (self._settle(state.board, state.discard) if self._manual
                              else (state.board, state.discard))
        if isinstance(move, Place):
            board = list(new_board)
            scores[player] += self.points_for(new_board, move.card, move.space)
            hand = list(hands[player])
            hand.remove(move.card)
            stack = Stack((*board[move.space].cards, move.card))
            board[move.space] = stack
            if move.tidy and stack.size >= self._limit:
                discard = self._tidy(board, move.space, discard)
            if stock:
                card, stock = self._draw(state, stock, rng)
                hand.append(card)
                hand.sort()
            hands[player] = tuple(hand)
            new_board = tuple(board)
        turn = state.turn + 1
        final = (scores[0], scores[1])
        over = turn % 2 == 0 and self.round_decision(final) is not None
        if not hands[0] and not hands[1]:
            over = True
        return StarsAndBarsState(new_board, (hands[0], hands[1]), final, stock, discard,
                                 state.beginner, turn, over)

    def _housekeep(self, state: StarsAndBarsState, move: Housekeep) -> StarsAndBarsState:
        board = list(state.board)
        discard = self._do(board, move.chore, move.space, state.discard)
        scores = list(state.scores)
        scores[state.to_move] += self.params.claim_points(move.chore)
        return StarsAndBarsState(tuple(board), state.hands, (scores[0], scores[1]),
                                 state.stock, discard, state.beginner, state.turn, state.over)

    def _draw(self, state: StarsAndBarsState, stock: Pile,
              rng: random.Random) -> tuple[Card, Pile]:
        """The card drawn and the stock left.  A stock of unknown cards yields a random one
        of the cards the position does not show (the unknown stock, face-down stacks and
        discards together)."""
        if isinstance(stock, tuple):
            return stock[0], stock[1:]
        unseen = self.deck.unseen(state)
        pick = rng.randrange(sum(unseen.values()))
        for card in sorted(unseen):
            pick -= unseen[card]
            if pick < 0:
                break
        left = stock - 1
        return card, (left if left else ())

    # ---- cards in the position

    def card_count(self, state: StarsAndBarsState) -> int:
        """How many cards the position holds in all (the deck size when consistent)."""
        return (
            sum(len(h) for h in state.hands)
            + sum(stack.size for stack in state.board)
            + state.stock_size
            + state.discard_size
        )

    def determinize(self, state: StarsAndBarsState, player: Player,
                    rng: random.Random) -> StarsAndBarsState:
        return _determinize.determinize(state, player, rng)

    def hidden_from(self, state: StarsAndBarsState, player: Player) -> Collection[str]:
        """The cards of the stock, the discard pile and face-down stacks, unless another
        copy lies open in a hand or on a face-up stack."""
        hidden: set[Card] = set()
        for pile in (state.stock, state.discard):
            if isinstance(pile, tuple):
                hidden.update(pile)
        seen: set[Card] = set(state.hands[0]) | set(state.hands[1])
        for stack in state.board:
            (hidden if stack.face_down else seen).update(stack.cards)
        return sorted(self.codes[card] for card in hidden - seen)

    # ---- scoring and the end

    def result_cause(self, state: StarsAndBarsState) -> str:
        """How a finished game was decided, for the simulator's report."""
        p = self.params
        empty = not state.hands[0] and not state.hands[1]
        decided = self.round_decision(state.scores)
        lead = abs(state.scores[0] - state.scores[1])
        if decided is not None and len(decided) == 2:
            return f"tie: both over {p.win_score}, less than {p.win_margin} apart"
        if decided is not None:
            if max(state.scores) > p.win_score and lead >= p.win_margin:
                return f"over {p.win_score} with a lead of {p.win_margin} or more"
            return f"lead over {p.runaway_margin}"
        if empty and lead >= p.win_margin:
            return f"cards out, lead of {p.win_margin} or more"
        return f"tie: cards out, lead under {p.win_margin}" if empty else "undecided"

    def round_decision(self, scores: tuple[int, int]) -> tuple[Player, ...] | None:
        """What the end-of-round test decides for these scores (``None``: play on)."""
        p = self.params
        if max(scores) <= p.win_score and abs(scores[0] - scores[1]) <= p.runaway_margin:
            return None  # no score over the threshold, no runaway lead: the usual case
        for me in (0, 1):
            mine, theirs = scores[me], scores[1 - me]
            if mine > p.win_score and mine - theirs >= p.win_margin:
                return (me,)
            if mine - theirs > p.runaway_margin:
                return (me,)
        if min(scores) > p.win_score and abs(scores[0] - scores[1]) < p.win_margin:
            return (0, 1)
        return None

    def final_decision(self, scores: tuple[int, int]) -> tuple[Player, ...]:
        """The result when the cards have run out."""
        decided = self.round_decision(scores)
        if decided is not None:
            return decided
        lead = scores[0] - scores[1]
        if abs(lead) >= self.params.win_margin:
            return (0,) if lead > 0 else (1,)
        return (0, 1)

    def scores(self, state: StarsAndBarsState) -> tuple[int, ...]:
        return state.scores

    def winners(self, state: StarsAndBarsState) -> tuple[Player, ...]:
        if not state.over:
            return ()
        return self.final_decision(state.scores)

    # ---- notation (see the notation module)

    def format_card(self, card: Card) -> str:
        return self.codes[card]

    def parse_card(self, token: str, text: str | None = None, offset: int = 0) -> Card:
        """The card written ``token`` (``srl1``, ``S-R-L-1`` or ``star-red-large-one``)."""
        return notation.parse_card(self, token, text, offset)

    def parse_state(self, text: str) -> StarsAndBarsState:
        return notation.parse_state(self, text)

    def format_state(self, state: StarsAndBarsState) -> str:
        return notation.format_state(self, state, masked=False)

    def view(self, state: StarsAndBarsState, player: Player) -> str:
        """Hands are open in this game: a player sees all but the stock, the discards and
        the faces of face-down stacks, which are shown as counts."""
        return notation.format_state(self, state, masked=True)

    def parse_move(self, state: StarsAndBarsState, text: str) -> StarsAndBarsMove:
        return notation.parse_move(self, state, text)

    def format_move(self, state: StarsAndBarsState, move: StarsAndBarsMove) -> str:
        return notation.format_move(self, move)

    # ---- claims and figures (see the claims module)

    def claims(self) -> Mapping[str, Claim[StarsAndBarsState]]:
        return claims.claims(self)

    def figures(self, history: Sequence[StarsAndBarsState]) -> Mapping[str, float]:
        return claims.figures(self, history)


__all__ = ["Params", "StarsAndBars"]
