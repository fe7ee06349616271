"""What a simulation run gives: its settings and its tally (:class:`Summary`).

The data every report is made from, apart from the simulator that fills it in
(:mod:`printkit.simulator.simulate`) and the reports that read it (:mod:`printkit.simulator.report`,
:mod:`printkit.simulator.report_html`), so that neither needs to import the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from printkit.simulator.tally import NO_WINNER, SHARED, Tally


@dataclass(frozen=True)
class Summary:
    """A run and its tally: the data every report is made from (see
    :mod:`printkit.simulator.report`)."""

    title: str
    game: str
    parameters: tuple[tuple[str, str], ...]
    agent: str
    seed: int
    games: int
    max_moves: int
    max_deals: int | None
    tally: Tally
    #: label -> (numerator figure, denominator figure), from the engine
    shares: tuple[tuple[str, str, str], ...] = ()
    #: the slice of the run this summary covers (all of it unless it is a shard)
    start: int = 0
    stop: int | None = None
    #: the moves without progress after which a game is a stalemate (None: not checked)
    stall_bound: int | None = None
    #: the parameters as JSON values of their own types (ints, bools, lists...)
    values: tuple[tuple[str, Any], ...] = ()

    @property
    def finished(self) -> int:
        """Games that reached their end."""
        return self.tally.finished

    @property
    def capped(self) -> int:
        """Games stopped unfinished, by either cap."""
        return self.tally.capped_moves + self.tally.capped_deals

    @property
    def stalled(self) -> int:
        """Games stopped as stalemates."""
        return self.tally.stalled

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.tally.seats)

    @property
    def wins(self) -> tuple[float, ...]:
        """Wins per seat; a win shared by k players counts 1/k for each."""
        return tuple(float(self.tally.seat_wins(i)) for i in range(len(self.tally.seats)))

    @property
    def shared(self) -> int:
        """Finished games won by more than one player."""
        return self.tally.outcome_count(SHARED)

    @property
    def no_winner(self) -> int:
        """Finished games won by nobody."""
        return self.tally.outcome_count(NO_WINNER)

    def win_share(self, seat: int) -> float:
        """The fraction of finished games won by ``seat``."""
        n = self.finished
        return float(self.tally.seat_wins(seat) / n) if n else 0.0

    def figure_rates(self) -> tuple[tuple[str, float], ...]:
        """Each figure per finished game."""
        n = max(1, self.finished)
        return tuple((name, float(Fraction(total) / n))
                     for name, (total, _) in self.tally.figures.items())


__all__ = ["Summary"]
