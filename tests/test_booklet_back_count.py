"""The components page counts the main back on the cards that carry it: a face group with a
back of its own (White Star's player aids) is not counted under the deck's back (issue 22:
the page said "the same back on every card of the deck: 47" for a deck of 43)."""

from __future__ import annotations

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Components, plain_text
from printkit.kit.games import resolve


def _rows(name: str) -> dict[str, str]:
    game = resolve(name)
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    [components] = [b for b in booklet.blocks if isinstance(b, Components)]
    return {plain_text(row.name): row.count for row in components.rows}


def test_a_group_with_its_own_back_is_not_counted_under_the_main_back() -> None:
    game = resolve("white-star")
    own = set(game.definition.group_backs)
    assert own == {"aid"}
    main = sum(f.copies for f in game.definition.faces if f.group not in own)
    aids = sum(f.copies for f in game.definition.faces if f.group in own)
    assert (main, aids) == (43, 4)
    backs = {words: count for words, count in _rows("white-star").items()
             if "back" in words.lower()}
    # the deck's back under the template's words, and the aids' own back in a row of its own
    assert backs == {"The back of every playing card (the aids have a back of their own)": "43",
                     "The back of the aid cards": "4"}


def test_a_deck_with_one_back_counts_every_card_under_it() -> None:
    game = resolve("stars-and-bars")
    assert not game.definition.group_backs
    rows = _rows("stars-and-bars")
    [back] = [count for words, count in rows.items() if words.startswith("The back")]
    assert back == str(sum(f.copies for f in game.definition.faces))
