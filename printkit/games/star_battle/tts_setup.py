"""Star Battle on Tabletop Simulator's table: the set-up of the rules.

The Galactic Core marker and the two cards of each player's aid share the systems' back
but are never shuffled into the deck: the marker waits beside it until the dealer lays the
Core, and each player keeps one aid of each part.  Each player's ships (the ``player`` of
the ship tokens' fronts) wait at their seat until they are put on the Home Base.
"""

from __future__ import annotations

from printkit.export.tts_table import SeatTokens, SetAside, TableSetup

TABLE = TableSetup(tokens=(SeatTokens("ships", "player"),), set_aside=(
    SetAside("core", "Galactic Core marker", "aside",
             "Laid crosswise under the system the dealer puts in the centre."),
    SetAside("aid", "Player aid (1)", "seats", "Kept by its player; never shuffled in."),
    SetAside("aid-2", "Player aid (2)", "seats", "Kept by its player; never shuffled in."),
))
