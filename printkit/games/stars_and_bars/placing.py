"""Stars and Bars' board rules, the part of the engine that reads a board: the tables of
the deck and the board, where a card may go and what it scores, the housekeeping chores,
and why a placement is refused.  :class:`~printkit.games.stars_and_bars.rules.StarsAndBars`
is built on it and adds the play; the rules and rulings are described there.
"""

from __future__ import annotations

from printkit.games.stars_and_bars.state import (
    CLEAR,
    EMPTY,
    RELATIONS,
    STACKING,
    Card,
    Chore,
    Deck,
    Housekeep,
    Pile,
    Place,
    Space,
    Stack,
    StarsAndBarsParams,
    StarsAndBarsState,
    add_to_pile,
    inner_spaces,
    neighbours,
    read_space,
    space_name,
)


class Placing:
    """What a Stars and Bars board allows: set up by :meth:`_set_up` from the options."""

    params: StarsAndBarsParams

    def _set_up(self, params: StarsAndBarsParams) -> None:
        p = params
        self.deck = deck = Deck.of(p)
        self.attributes, self.kinds, self.codes = deck.attributes, deck.kinds, deck.codes
        self.starred, self.diff, self.deck_size = deck.starred, deck.diff, deck.size
        count = len(self.kinds)
        self.needed = tuple(needed for needed, _ in p.relations)
        self.points = tuple(points for _, points in p.relations)
        # gain[relation][card][other]: points scored, or -1 when the relation fails
        self._gain: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                tuple(self.points[r] if self.diff[a][b] == self.needed[r] else -1
                      for b in range(count))
                for a in range(count)
            )
            for r in range(4)
        )
        # fits[relation][other]: the cards scoring against ``other``, as a bit mask
        self._fits: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << a for a in range(count) if self._gain[r][a][b] >= 0)
                  for b in range(count))
            for r in range(4)
        )
        self._every = (1 << count) - 1
        self.spaces = p.rows * p.columns
        if p.centre is None:
            self.centre: tuple[Space, ...] = inner_spaces(p.rows, p.columns)
        else:
            centre = [read_space(n, p.rows, p.columns) for n in p.centre]
            self.centre = tuple(s for s in centre if s is not None)
        self.is_centre = tuple(s in self.centre for s in range(self.spaces))
        self._place = tuple(tuple(Place(c, s) for s in range(self.spaces)) for c in range(count))
        self._leave = tuple(tuple(Place(c, s, tidy=False) for s in range(self.spaces))
                            for c in range(count))
        self._chore = tuple(Housekeep(Chore.TURN if self.is_centre[s] else Chore.REMOVE, s)
                            for s in range(self.spaces))
        self._around = tuple(neighbours(s, p.rows, p.columns) for s in range(self.spaces))
        self._around_fits = tuple(
            tuple((other, self._fits[relation]) for other, relation in around)
            for around in self._around
        )
        self._manual = p.manual_housekeeping
        self._limit = p.stack_limit

    def space_name(self, space: Space) -> str:
        return space_name(space, self.params.columns)

    # ---- where a card may go

    @staticmethod
    def _tops(board: tuple[Stack, ...]) -> list[int]:
        """Per space: the face-up top card, ``-1`` when empty, ``-2`` when face down."""
        return [
            -2 if stack.face_down else stack.cards[-1] if stack.cards else -1
            for stack in board
        ]

    def _allowed_at(self, tops: list[int], space: Space) -> int:
        """The card kinds that may be laid on ``space``, as a bit mask (bit ``card``).

        This is the one statement of where a card may go.  A face-down stack takes
        nothing, a centre space anything, and an outer space only the cards that score on
        every face-up relation (and none when it has no face-up relation at all).
        """
        top = tops[space]
        if top == -2:
            return 0
        allowed = self._every
        if self.is_centre[space]:
            return allowed
        compared = False
        if top >= 0:
            compared = True
            allowed &= self._fits[STACKING][top]
        for other, fits in self._around_fits[space]:
            neighbour = tops[other]
            if neighbour >= 0:
                compared = True
                allowed &= fits[neighbour]
        return allowed if compared else 0

    def _allowed_all(self, tops: list[int]) -> list[int]:
        """:meth:`_allowed_at` of every space at once, the same masks in one loop (it runs
        once per position, so the calls it saves are a third of a playout's time)."""
        every = self._every
        stacking = self._fits[STACKING]
        out = []
        for space, top in enumerate(tops):
            if top == -2:
                out.append(0)
                continue
            if self.is_centre[space]:
                out.append(every)
                continue
            allowed = every
            compared = top >= 0
            if compared:
                allowed &= stacking[top]
            for other, fits in self._around_fits[space]:
                neighbour = tops[other]
                if neighbour >= 0:
                    compared = True
                    allowed &= fits[neighbour]
            out.append(allowed if compared else 0)
        return out

    def allowed(self, board: tuple[Stack, ...], space: Space) -> int:
        """The card kinds the rules let go on ``space`` of ``board``, as a bit mask."""
        return self._allowed_at(self._tops(board), space)

    def comparisons(
        self, board: tuple[Stack, ...], card: Card, space: Space
    ) -> list[tuple[int, Space, Card, int]]:
        """Every face-up relation of a card laid on ``space``: (relation, space, top card,
        points or -1), the stacking one first."""
        out = []
        stack = board[space]
        if stack.cards and not stack.face_down:
            top = stack.cards[-1]
            out.append((STACKING, space, top, self._gain[STACKING][card][top]))
        for other, relation in self._around[space]:
            neighbour = board[other]
            if neighbour.cards and not neighbour.face_down:
                top = neighbour.cards[-1]
                out.append((relation, other, top, self._gain[relation][card][top]))
        return out

    def points_for(self, board: tuple[Stack, ...], card: Card, space: Space) -> int:
        """What ``card`` laid on ``space`` scores, legal or not (the positive gains of
        :meth:`comparisons`, summed without building its list: agents ask this for every
        placement)."""
        gain = self._gain
        total = 0
        stack = board[space]
        if stack.cards and not stack.face_down:
            got = gain[STACKING][card][stack.cards[-1]]
            if got > 0:
                total += got
        for other, relation in self._around[space]:
            neighbour = board[other]
            if neighbour.cards and not neighbour.face_down:
                got = gain[relation][card][neighbour.cards[-1]]
                if got > 0:
                    total += got
        return total

    def open_chores(self, state: StarsAndBarsState) -> list[Housekeep]:
        """The housekeeping left undone on the board, in a fixed order: with manual
        housekeeping, what the player to move may claim before laying a card."""
        return self._undone(state.board)

    def _undone(self, board: tuple[Stack, ...]) -> list[Housekeep]:
        limit = self._limit
        out = [self._chore[space] for space, stack in enumerate(board)
               if not stack.face_down and stack.size >= limit]
        if all(board[s].face_down for s in self.centre):
            out.append(CLEAR)
        return out

    def _do(self, board: list[Stack], chore: Chore, space: Space | None, discard: Pile) -> Pile:
        """Do ``chore`` on ``board`` (in place); returns the discard pile after it."""
        if space is None:  # Chore.CLEAR, the only chore without a space
            for s in self.centre:
                discard = add_to_pile(discard, board[s])
                board[s] = EMPTY
        elif chore is Chore.TURN:
            stack = board[space]
            board[space] = Stack(stack.cards, True, stack.hidden)
        else:
            discard = add_to_pile(discard, board[space])
            board[space] = EMPTY
        return discard

    def _tidy(self, board: list[Stack], space: Space, discard: Pile) -> Pile:
        """Turn or remove the full stack on ``space`` (and clear a face-down centre)."""
        discard = self._do(board, self._chore[space].chore, space, discard)
        if self.is_centre[space] and all(board[s].face_down for s in self.centre):
            discard = self._do(board, Chore.CLEAR, None, discard)
        return discard

    def _settle(self, board: tuple[Stack, ...], discard: Pile) -> tuple[tuple[Stack, ...], Pile]:
        """``board`` and ``discard`` once all housekeeping left undone is done (manual
        housekeeping: what the opponent did not claim); unchanged when there is none."""
        chores = self._undone(board)
        if not chores:
            return board, discard
        cells = list(board)
        for chore in chores:
            if chore.space is not None:
                discard = self._do(cells, chore.chore, chore.space, discard)
        if all(cells[s].face_down for s in self.centre):
            discard = self._do(cells, Chore.CLEAR, None, discard)
        return tuple(cells), discard

    def board_to_play(self, state: StarsAndBarsState) -> tuple[Stack, ...]:
        """The board the player to move lays a card on: ``state.board`` once the housekeeping
        left undone (manual housekeeping only) is done."""
        return self._settle(state.board, state.discard)[0]

    def _why_not(self, board: tuple[Stack, ...], card: Card, space: Space) -> str:
        """Why laying ``card`` on ``space`` is forbidden (assumes it is)."""
        where = self.space_name(space)
        if board[space].face_down:
            return f"{where} holds a face-down stack"
        found = self.comparisons(board, card, space)
        if not found:
            return f"{where} is an outer space with no face-up card next to it"
        for relation, other, top, got in found:
            if got < 0:
                return (
                    f"{where} is an outer space and the {RELATIONS[relation]} relation to "
                    f"{self.codes[top]} on {self.space_name(other)} does not score "
                    f"({self.diff[card][top]} differences, {self.needed[relation]} needed)"
                )
        return f"{where} cannot take {self.codes[card]}"  # pragma: no cover - unreachable


__all__ = ["Placing"]
