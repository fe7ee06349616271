"""Stars (White Star) on Tabletop Simulator's table: the set-up of the rules.

Each of the four players keeps a player aid, printed with the deck but with a back of its
own and never shuffled into it; the 43 playing cards are the deck to deal.
"""

from __future__ import annotations

from printkit.export.tts_table import SetAside, TableSetup

TABLE = TableSetup(set_aside=(
    SetAside("aid", "Player aid", "seats", "Kept by its player; never shuffled in."),
))
