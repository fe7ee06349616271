"""Tests of the Stars (White Star) rules engine: deck, deal, auction, tricks, scoring, notation."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.white_star.rules import (
    DEAL,
    DECK,
    PASS,
    SUIT_MASKS,
    Bid,
    Bury,
    CardSet,
    Move,
    Play,
    StarsParams,
    StarsState,
    WhiteStar,
    card_name,
    card_points,
    cards_in,
    is_perfect_star,
    points,
)
from printkit.rules.base import NO_PLAYER, IllegalMoveError, NotationError, ParamsError, make_params
from printkit.rules.registry import engine_class
from tests.rules import helpers

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples" / "white-star.yaml"
GAME = WhiteStar()


def card(text: str) -> int:
    move = GAME.parse_move(GAME.parse_state("phase: bidding"), f"play {text}")
    assert isinstance(move, Play)
    return move.card


def card_list(text: str) -> list[int]:
    return [card(word) for word in text.split()]


def cards(text: str) -> CardSet:
    mask = 0
    for word in text.split():
        mask |= 1 << card(word)
    return mask


def play_all(game: WhiteStar, state: StarsState, moves: list[str], seed: int = 0) -> StarsState:
    return helpers.play(game, state, *moves, seed=seed)


def names(game: WhiteStar, players: tuple[int, ...]) -> list[str]:
    return [game.names[p] for p in players]


# --------------------------------------------------------------------------- the deck


def test_deck_has_43_cards_worth_20_per_suit() -> None:
    assert DECK.bit_count() == 43
    assert [m.bit_count() for m in SUIT_MASKS] == [10, 11, 11, 11]
    assert [points(m) for m in SUIT_MASKS] == [20, 20, 20, 20]
    assert points(DECK) == 80
    assert [card_points(c) for c in card_list("CS KS QS JS TS 7S 6S 5S 4S 3S 2S")] == [
        0, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1,
    ]


def test_card_spellings() -> None:
    assert card_name(card("kw")) == "KW"
    assert card("WK") == card("KW")
    assert card("AS") == card("CS")
    assert card("10L") == card("TL") == card("L10")
    with pytest.raises(NotationError, match="no Champion of Skulls"):
        card("CX")
    with pytest.raises(NotationError, match="not a card"):
        card("ZZ")


def test_registry_finds_the_engine() -> None:
    cls = engine_class("white-star")
    assert cls is WhiteStar
    assert cls.title == "Stars"


# --------------------------------------------------------------------------- parameters


def test_params_defaults_match_the_rulings() -> None:
    p = StarsParams()
    assert (p.min_bid, p.all_pass, p.star_lead, p.target, p.colored_star) == (
        1, "redeal", "highest_non_skull", 200, False,
    )


def test_params_are_checked() -> None:
    game = WhiteStar.from_options({"colored_star": "yes", "target": "150"})
    assert isinstance(game, WhiteStar)
    assert game.params.colored_star is True and game.params.target == 150
    with pytest.raises(ParamsError, match="star_lead"):
        make_params(StarsParams, {"star_lead": "highest"})
    with pytest.raises(ParamsError, match="max_bid"):
        make_params(StarsParams, {"min_bid": 50, "max_bid": 40})
    with pytest.raises(ParamsError, match="target"):
        make_params(StarsParams, {"target": 0})
    with pytest.raises(ParamsError, match="max_deals"):
        make_params(StarsParams, {"max_deals": 0})


# --------------------------------------------------------------------------- deal


class _NoShuffle(random.Random):
    """Leaves the deck in order so the deal pattern can be read off."""

    def shuffle(self, x: Any, *args: Any) -> None:
        return None

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return 1  # P2 deals


def test_deal_pattern_three_widow_four_three() -> None:
    state = GAME.initial_state(_NoShuffle())
    order = cards_in(DECK)
    assert state.dealer == 1 and state.phase == "bidding"
    seats = [2, 3, 0, 1]  # to the left of the dealer, dealer last
    expected = dict.fromkeys(range(4), 0)
    pos = 0
    for count in (3,):
        for seat in seats:
            expected[seat] |= sum(1 << c for c in order[pos : pos + count])
            pos += count
    widow = sum(1 << c for c in order[pos : pos + 3])
    pos += 3
    for count in (4, 3):
        for seat in seats:
            expected[seat] |= sum(1 << c for c in order[pos : pos + count])
            pos += count
    assert pos == 43
    assert state.widow == widow
    assert state.hands == tuple(expected[s] for s in range(4))
    assert GAME.current_player(state) == 2  # left of the dealer bids first


def test_initial_deal_is_complete_and_seeded() -> None:
    a = GAME.initial_state(random.Random(5))
    b = GAME.initial_state(random.Random(5))
    assert a == b
    assert [h.bit_count() for h in a.hands] == [10] * 4
    assert a.widow.bit_count() == 3
    union = a.widow
    for h in a.hands:
        assert not union & h
        union |= h
    assert union == DECK


def test_deal_passes_left_and_counts_deals() -> None:
    state = GAME.parse_state("phase: dealing\ndealer: P3\ndeal: 4\ntotals: 1 2 3 4")
    assert GAME.current_player(state) == 2
    nxt = GAME.apply(state, DEAL, random.Random(1))
    assert (nxt.phase, nxt.dealer, nxt.deal, nxt.totals) == ("bidding", 2, 5, (1, 2, 3, 4))
    assert GAME.current_player(nxt) == 3


# --------------------------------------------------------------------------- auction


def test_auction_order_raises_and_passes() -> None:
    state = GAME.initial_state(random.Random(2))
    d = state.dealer

    def seat(i: int) -> int:
        return (d + i) % 4

    assert GAME.current_player(state) == seat(1)
    assert GAME.legal_moves(state)[0] == Bid(1)
    assert GAME.legal_moves(state)[-1] == PASS
    state = play_all(GAME, state, ["bid 20"])
    assert GAME.current_player(state) == seat(2)
    assert Bid(20) not in GAME.legal_moves(state) and Bid(21) in GAME.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=r"bid 20.*beat the current 20"):
        GAME.apply(state, Bid(20), random.Random())
    state = play_all(GAME, state, ["pass", "bid 25", "pass"])
    assert GAME.current_player(state) == seat(1)  # the passed player is skipped later
    state = play_all(GAME, state, ["bid 30", "pass"])
    # three have passed: the high bidder holds the contract and takes the widow
    assert state.phase == "burying"
    assert state.contract == (seat(1), 30)
    assert state.hands[seat(1)].bit_count() == 13 and state.widow == 0
    assert GAME.current_player(state) == seat(1)


def test_bids_are_bounded() -> None:
    game = WhiteStar(StarsParams(min_bid=10, max_bid=12))
    state = game.initial_state(random.Random(0))
    assert game.legal_moves(state) == [Bid(10), Bid(11), Bid(12), PASS]
    with pytest.raises(IllegalMoveError, match="lowest bid is 10"):
        game.apply(state, Bid(9), random.Random())
    with pytest.raises(IllegalMoveError, match="max_bid"):
        game.apply(state, Bid(13), random.Random())
    state = play_all(game, state, ["bid 12"])
    assert game.legal_moves(state) == [PASS]


def test_dealer_may_still_bid_after_three_passes() -> None:
    state = GAME.initial_state(random.Random(4))
    state = play_all(GAME, state, ["pass"] * 3)
    assert state.phase == "bidding" and GAME.current_player(state) == state.dealer
    after = play_all(GAME, state, ["bid 1"])
    assert after.phase == "burying" and after.contract == (state.dealer, 1)


def test_all_pass_redeal_and_dealer_forced() -> None:
    start = GAME.initial_state(random.Random(4))
    thrown = play_all(GAME, start, ["pass"] * 4)
    assert thrown.phase == "dealing" and thrown.contract is None
    assert thrown.dealer == (start.dealer + 1) % 4 and thrown.totals == start.totals
    assert thrown.hands == (0, 0, 0, 0) and thrown.widow == 0
    forced_game = WhiteStar(StarsParams(all_pass="dealer_forced", min_bid=30))
    forced = play_all(forced_game, start, ["pass"] * 4)
    assert forced.phase == "burying" and forced.contract == (start.dealer, 30)


# --------------------------------------------------------------------------- widow and burying


def test_bury_three_and_they_count_for_the_holder() -> None:
    state = play_all(GAME, GAME.initial_state(random.Random(8)), ["bid 40"] + ["pass"] * 3)
    holder = state.bidder
    assert holder is not None
    moves = GAME.legal_moves(state)
    assert len(moves) == 286 and len(set(moves)) == 286  # 13 choose 3
    hand = cards_in(state.hands[holder])
    chosen = Bury((1 << hand[0]) | (1 << hand[1]) | (1 << hand[2]))
    with pytest.raises(IllegalMoveError, match="exactly 3"):
        GAME.apply(state, Bury((1 << hand[0]) | (1 << hand[1])), random.Random())
    outside = cards_in(DECK & ~state.hands[holder])[0]
    with pytest.raises(IllegalMoveError, match="does not hold"):
        GAME.apply(state, Bury((1 << hand[0]) | (1 << hand[1]) | (1 << outside)), random.Random())
    after = GAME.apply(state, chosen, random.Random())
    assert after.phase == "playing" and after.leader == holder
    assert after.buried == chosen.cards and after.hands[holder].bit_count() == 10
    assert GAME.hand_points(after)[holder] == points(chosen.cards)


# --------------------------------------------------------------------------- tricks

TRICKS = [
    # leader, cards, params, (taker, next leader, star, perfect, into Star pile)
    (0, "KS 7S 2X QS", {}, (2, 2, False, False, False)),
    (0, "KS 3X 2W 7X", {}, (3, 3, False, False, False)),
    (1, "7S QS KL CW", {}, (2, 2, False, False, False)),
    (0, "5S QW 2X KL", {}, (2, 3, True, False, True)),
    (0, "5S QW 2X KL", {"star_lead": "highest_of_led_suit"}, (2, 0, True, False, True)),
    (0, "5S QW 2X KL", {"star_lead": "skull_player"}, (2, 2, True, False, True)),
    (0, "2X 5S QW KL", {"star_lead": "highest_of_led_suit"}, (0, 3, True, False, True)),
    (0, "QX TS 3W CL", {}, (0, 3, True, False, True)),
    (0, "7X KS KW KL", {}, (0, 1, True, True, True)),
    (3, "KS KW 7X KL", {}, (1, 3, True, True, True)),
    (0, "5S QW 2X KL", {"colored_star": True}, (3, 3, True, False, False)),
    (0, "QS QW 2L 5X", {"colored_star": True}, (0, 0, True, False, False)),
    (0, "7X KS KW KL", {"colored_star": True}, (0, 1, True, True, True)),
    (0, "7X KS KW KL", {"colored_star": True, "star_lead": "skull_player"},
     (0, 0, True, True, True)),
]


@pytest.mark.parametrize(("leader", "played", "options", "expected"), TRICKS)
def test_trick_outcomes(
    leader: int, played: str, options: dict[str, object],
    expected: tuple[int, int, bool, bool, bool],
) -> None:
    game = WhiteStar.from_options(options)
    assert isinstance(game, WhiteStar)
    out = game.trick_outcome(leader, [card(c) for c in played.split()])
    assert (out.taker, out.next_leader, out.star, out.perfect, out.to_star_pile) == expected


def test_follow_suit_and_illegal_plays() -> None:
    state = GAME.parse_state(
        "contract: P1 30\nP1: 2W 3W 4L 5L\nP2: KS 2S 3X QW\nP3: 4W 5W 6W 7X\nP4: JW JL 4X\n"
        "trick: P4 JS"
    )
    assert GAME.current_player(state) == 0
    assert {card_name(m.card) for m in GAME.legal_moves(state) if isinstance(m, Play)} == {
        "2W", "3W", "4L", "5L",
    }
    state = play_all(GAME, state, ["play 4L"])
    assert GAME.legal_moves(state) == [Play(card("KS")), Play(card("2S"))]
    before = dataclasses.replace(state)
    with pytest.raises(IllegalMoveError, match=r"'play 3X'.*must follow suit"):
        GAME.apply(state, Play(card("3X")), random.Random())
    with pytest.raises(IllegalMoveError, match=r"'play KW'.*does not hold"):
        GAME.apply(state, Play(card("KW")), random.Random())
    with pytest.raises(IllegalMoveError, match="no bids"):
        GAME.apply(state, Bid(50), random.Random())
    with pytest.raises(IllegalMoveError, match="nothing to deal"):
        GAME.apply(state, DEAL, random.Random())
    assert state == before


def test_completed_trick_goes_to_piles() -> None:
    state = GAME.parse_state(
        "contract: P1 30\nP1: 5S 2L\nP2: QW 3L\nP3: 2X 4L\nP4: KL 5L\ntrick: P1"
    )
    after = play_all(GAME, state, ["5S", "QW", "2X", "KL"])
    assert after.stars[2] == (cards("5S QW 2X KL"),) and after.won == (0, 0, 0, 0)
    assert after.leader == 3 and after.trick == ()
    assert after.last_trick == tuple(card_list("5S QW 2X KL"))
    assert after.last_leader == 0


# --------------------------------------------------------------------------- scoring


def scored_state(game: WhiteStar, totals: str, bid: int, won: str = "") -> StarsState:
    """P2 holds the contract; the last trick (P2 takes 11) is played out."""
    text = (
        f"contract: P2 {bid}\ntotals: {totals}\nP1: 2S\nP2: KS\nP3: QS\nP4: 7S\n"
        f"buried: JW 7W 6W\ntrick: P1\n{won}"
    )
    return play_all(game, game.parse_state(text), ["play 2S", "play KS", "play QS", "play 7S"])


def test_contract_made_at_exactly_the_bid_and_failed_below() -> None:
    made = scored_state(GAME, "0 0 0 0", 16)
    assert GAME.hand_scores(made)[1] == 16 and GAME.contract_made(made) is True
    assert made.totals == (0, 32, 0, 0)
    failed = scored_state(GAME, "0 0 0 0", 17)
    assert GAME.contract_made(failed) is False and failed.totals == (0, -1, 0, 0)


def test_star_piles_pay_each_opponent_and_perfect_star_triples() -> None:
    text = (
        "contract: P1 40\nP1: 2S\nP2: 3S\nP3: 4S\nP4: 5S\n"
        "P1 stars: [7X KS KW KL]\nP3 stars: [2X QS JW TL]\nP2 won: 3W 4W\ntrick: P1"
    )
    state = GAME.parse_state(text)
    assert GAME.star_pile_values(state) == (48, 0, 10, 0)
    assert GAME.hand_scores(state) == (10, 2 + 58, 48, 58)
    colored = WhiteStar(StarsParams(colored_star=True))
    assert colored.star_pile_values(state) == (16, 0, 10, 0)
    assert is_perfect_star(cards("7X KS KW KL")) and not is_perfect_star(cards("2X QS JW TL"))


def test_game_ends_at_target_with_a_single_leader() -> None:
    won = scored_state(GAME, "150 190 100 120", 16)
    assert GAME.is_terminal(won) and GAME.winners(won) == (1,)
    assert GAME.current_player(won) == NO_PLAYER and GAME.legal_moves(won) == []
    tied = scored_state(GAME, "150 190 222 120", 16)
    assert tied.totals == (150, 222, 222, 120)
    assert not GAME.is_terminal(tied) and tied.phase == "dealing" and GAME.winners(tied) == ()
    low_target = WhiteStar(StarsParams(target=40))
    assert low_target.is_terminal(scored_state(low_target, "0 10 0 0", 16))


def test_max_deals_stops_the_game_and_shares_ties() -> None:
    game = WhiteStar(StarsParams(max_deals=3))
    state = game.parse_state("phase: bidding\ndeal: 3\ndealer: P4\nP1: 2S\nP2: 3S\nP3: 4S\nP4: 5S")
    over = play_all(game, state, ["pass"] * 4)
    assert game.is_terminal(over) and game.winners(over) == (0, 1, 2, 3)
    assert game.figures([state, over])["capped games"] == 1


# --------------------------------------------------------------------------- notation

POSITION = """
phase: playing
  dealer:P4
totals: 10, -5, 0, 22
contract: p1   57     # the holder and the bid

P1: KX  CS
P2 hand: KS 3W
P3:  JW
P4: 2L qw
trick: P3 5L
buried: 3S 4S 5S
P1 won:  QX JX TX 2X
    7S 6S 2W 4W
P3 won: 3X 6X 4X 5X
P3 stars: [ 7X 2S KL  WT ]
last trick: P1 3X 6X 4X 5X
"""


def test_position_reading_is_tolerant_and_round_trips() -> None:
    state = GAME.parse_state(POSITION)
    assert state.totals == (10, -5, 0, 22) and state.contract == (0, 57)
    assert state.dealer == 3 and state.phase == "playing"
    assert state.won[0] == cards("QX JX TX 2X 7S 6S 2W 4W")
    assert state.stars[2] == (cards("7X 2S KL TW"),)
    assert state.trick == (card("5L"),) and state.leader == 2
    assert state.last_leader == 0 and state.last_trick == tuple(card_list("3X 6X 4X 5X"))
    assert GAME.current_player(state) == 3
    assert GAME.legal_moves(state) == [Play(card("2L"))]
    assert GAME.parse_state(GAME.format_state(state)) == state
    assert GAME.format_state(state).splitlines()[:4] == [
        "phase: playing", "dealer: P4", "totals: 10 -5 0 22", "contract: P1 57",
    ]


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("phase: playing\ncontract: P1 30\nP1: KS ZZ", "'ZZ' is not a card", 3, 8),
        ("phase: bidding\nP1: KS\nP2: KS", "KS is already in P1's hand", 3, 5),
        ("phase: bidding\ncolour: red", "unknown key 'colour'", 2, 1),
        ("phase: bidding\ndealer: P9", "unknown player 'P9'", 2, 9),
        ("phase: bidign", "unknown phase 'bidign'.*did you mean 'bidding'", 1, 8),
        ("contract: P1 30\nP1: KS\nP2: 2S 3S", "do not fit the trick", 1, 1),
        ("contract: P1 30\nP1 stars: [KS 2S 3W 2X]", "one of each suit", 2, 11),
        ("phase: bidding\ncontract: P1 30", "'contract' does not belong", 2, 1),
        ("phase: bidding\ntotals: 1 2 3", "four numbers", 2, 8),
        ("phase: bidding\nbid: P2 12\npassed: P3 P4 P1", "three passes after a bid", 3, 1),
        ("phase: bidding\ndealer: P4\npassed: P2", "players left of the dealer", 3, 1),
        ("phase: bidding\nP1 KS", "expected 'key: value'", 2, 1),
        ("phase: bidding\nphase: bidding", "given twice", 2, 1),
        ("phase: bidding\ndeal: many", "expected deal", 2, 7),
    ],
)
def test_position_errors_point_at_the_problem(
    text: str, message: str, line: int, column: int
) -> None:
    with pytest.raises(NotationError, match=message) as info:
        GAME.parse_state(text)
    assert (info.value.line, info.value.column) == (line, column)


def test_moves_round_trip_and_errors() -> None:
    state = GAME.parse_state("phase: bidding")
    for text, move in [
        ("bid 57", Bid(57)), ("  pass ", PASS), ("bury 7x 2S l3", Bury(cards("7X 2S 3L"))),
        ("play KW", Play(card("KW"))), ("KW", Play(card("KW"))), ("deal", DEAL),
    ]:
        parsed = GAME.parse_move(state, text)
        assert parsed == move
        assert GAME.parse_move(state, GAME.format_move(state, parsed)) == parsed
    assert GAME.format_move(state, Bury(cards("2L 7X 2S"))) == "bury 7X 2S 2L"
    for text, message, column in [
        ("bid lots", "expected a bid", 5), ("play KW KS", "unexpected 'KS'", 9),
        ("bury KW KW", "buried twice", 9), ("fold", "unknown move 'fold'", 1),
        ("play QQ", "not a card", 6), ("", "expected a move", 1),
    ]:
        with pytest.raises(NotationError, match=message) as info:
            GAME.parse_move(state, text)
        assert info.value.column == column


def test_view_hides_other_hands_widow_and_buried_cards() -> None:
    state = GAME.initial_state(random.Random(11))
    me = (state.dealer + 1) % 4
    seen = GAME.view(state, me)
    mine = " ".join(card_name(c) for c in cards_in(state.hands[me]))
    assert f"P{me + 1}: {mine}" in seen
    for other in range(4):
        if other != me:
            for c in cards_in(state.hands[other]):
                assert card_name(c) not in seen.split(f"P{other + 1}:")[1].split("\n")[0]
    assert "widow: 3 cards, face down" in seen
    playing = play_all(GAME, state, ["bid 5", "pass", "pass", "pass"])
    holder = playing.bidder
    assert holder is not None
    playing = GAME.apply(playing, GAME.legal_moves(playing)[0], random.Random())
    buried = " ".join(card_name(c) for c in cards_in(playing.buried))
    assert f"buried: {buried}" in GAME.view(playing, holder)
    assert "buried: 3 cards, face down" in GAME.view(playing, (holder + 1) % 4)


def test_claims_reject_stray_arguments() -> None:
    claims = GAME.claims()
    state = GAME.parse_state("phase: bidding")
    with pytest.raises(ValueError, match="no argument"):
        claims["totals"].compute(state, "P1")
    with pytest.raises(ValueError, match="needs a card"):
        claims["card_points"].compute(state, None)
    assert claims["card_points"].takes_argument and claims["legal_cards"].unordered


# --------------------------------------------------------------------------- the example file


def evaluate(game: WhiteStar, state: StarsState, key: str) -> object:
    name, _, rest = key.partition("(")
    argument = rest[:-1] if rest else None
    claims = game.claims()
    if name in claims:
        return claims[name].compute(state, argument)
    assert argument is not None or name != "legal"
    if name == "legal":
        assert argument is not None
        return game.parse_move(state, argument) in game.legal_moves(state)
    if name == "legal_moves":
        return [game.format_move(state, m) for m in game.legal_moves(state)]
    if name == "to_move":
        player = game.current_player(state)
        return None if player == NO_PLAYER else game.names[player]
    if name == "scores":
        return dict(zip(game.names, game.scores(state), strict=True))
    if name == "winners":
        return names(game, game.winners(state))
    if name == "terminal":
        return game.is_terminal(state)
    raise AssertionError(f"unknown claim {key!r}")


def _examples() -> list[dict[str, Any]]:
    data = yaml.safe_load(EXAMPLES.read_text(encoding="utf-8"))
    assert data["game"] == "white-star"
    examples: list[dict[str, Any]] = data["examples"]
    return examples


def test_example_names_are_unique() -> None:
    counts = Counter(e["name"] for e in _examples())
    assert [n for n, c in counts.items() if c > 1] == []


@pytest.mark.parametrize("example", _examples(), ids=lambda e: str(e["name"]))
def test_example_file(example: dict[str, Any]) -> None:
    game = WhiteStar.from_options(example.get("parameters", {}))
    assert isinstance(game, WhiteStar)
    state = play_all(game, game.parse_state(example["position"]), example.get("moves", []),
                     example.get("seed", 0))
    unordered = {n for n, c in game.claims().items() if c.unordered} | {"legal_moves"}
    for key, want in example["claims"].items():
        got = evaluate(game, state, key)
        if key.partition("(")[0] in unordered:
            assert isinstance(got, list) and isinstance(want, list)
            assert Counter(got) == Counter(want), key
        else:
            assert got == want, key


def test_seed_worked_hand_is_in_the_examples() -> None:
    example = next(e for e in _examples() if e["name"] == "seed-worked-hand")
    assert example["claims"]["totals"] == {"P1": -3, "P2": 16, "P3": 20, "P4": 10}
    assert example["claims"]["hand_points"] == {"P1": 54, "P2": 6, "P3": 10, "P4": 0}


# --------------------------------------------------------------------------- random playouts


def all_cards(state: StarsState) -> list[int]:
    """Every card the state holds, with repeats if any card were in two places."""
    found = cards_in(state.widow) + cards_in(state.buried) + list(state.trick)
    for mask in (*state.hands, *state.won):
        found += cards_in(mask)
    for pile in state.stars:
        for trick in pile:
            found += cards_in(trick)
    return found


def check_hand_end(game: WhiteStar, before: StarsState, after: StarsState) -> None:
    """The arithmetic of one scored hand."""
    found = all_cards(after)
    assert len(found) == 43 and len(set(found)) == 43
    raw_star = sum(points(t) for pile in after.stars for t in pile)
    won = sum(points(w) for w in after.won) + points(after.buried)
    assert won + raw_star == 80
    # each Star trick worth v with multiplier m moves v out of won cards and pays 3*m*v
    extra = 0
    for pile in after.stars:
        for t in pile:
            m = 3 if is_perfect_star(t) and not game.params.colored_star else 1
            extra += (3 * m - 1) * points(t)
            if game.params.colored_star:
                assert is_perfect_star(t)
    assert sum(game.hand_scores(after)) == 80 + extra
    credit = game.hand_credit(after)
    assert tuple(a - b for a, b in zip(after.totals, before.totals, strict=True)) == credit
    assert before.bidder is not None and before.bid is not None
    made = game.hand_scores(after)[before.bidder] >= before.bid
    assert credit[before.bidder] == game.hand_scores(after)[before.bidder] + (
        before.bid if made else -before.bid
    )


def choose(game: WhiteStar, state: StarsState, rng: random.Random) -> Move:
    """A random move, with bids kept low (uniform bids would make every contract fail)."""
    moves = game.legal_moves(state)
    if state.phase == "bidding":
        if rng.random() < 0.5:
            return moves[-1]
        return rng.choice(moves[: min(6, len(moves) - 1)] or moves)
    return rng.choice(moves)


def playout(game: WhiteStar, seed: int, chooser: Any = choose) -> list[StarsState]:
    rng = random.Random(seed)
    state = game.initial_state(rng)
    history = [state]
    for step in itertools.count():
        assert step < 20_000, "game did not end"
        moves = game.legal_moves(state)
        player = game.current_player(state)
        if game.is_terminal(state):
            assert moves == [] and player == NO_PLAYER
            break
        assert moves and 0 <= player < 4
        move = chooser(game, state, rng)
        after = game.apply(state, move, rng)
        assert after.turns == state.turns + 1
        if after.phase in ("bidding", "burying", "playing"):
            found = all_cards(after)
            assert len(found) == 43 and len(set(found)) == 43
        if state.phase == "playing" and after.phase in ("dealing", "over"):
            check_hand_end(game, state, after)
        if step % 41 == 0 or (after.phase != state.phase and after.phase != "playing"):
            assert game.parse_state(game.format_state(after)) == after
        state = after
        history.append(state)
    return history


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"colored_star": True},
        {"star_lead": "skull_player", "all_pass": "dealer_forced"},
        {"star_lead": "highest_of_led_suit", "min_bid": 20, "target": 150},
    ],
    ids=["default", "colored", "skull-lead-forced", "led-suit-lead"],
)
def test_random_playouts_keep_the_invariants(options: dict[str, object]) -> None:
    game = WhiteStar.from_options(options)
    assert isinstance(game, WhiteStar)
    totals = Counter[str]()
    for seed in range(50):
        history = playout(game, seed)
        end = history[-1]
        assert game.is_terminal(end)
        assert end.deal <= (game.params.max_deals or end.deal)
        winners = game.winners(end)
        assert winners and all(end.totals[w] == max(end.totals) for w in winners)
        totals.update(game.figures(history))
    assert totals["hands"] == totals["contracts made"] + totals["contracts failed"] > 0
    assert totals["star tricks"] > 0
    if options.get("all_pass") == "dealer_forced":
        assert totals["redeals"] == 0


def test_uniformly_random_games_end_through_the_safeguard() -> None:
    game = WhiteStar(StarsParams(max_deals=12))
    for seed in range(4):
        history = playout(game, seed, lambda g, s, r: r.choice(g.legal_moves(s)))
        assert game.is_terminal(history[-1]) and history[-1].deal <= 12


def test_figures_count_hands_and_tricks() -> None:
    history = playout(GAME, 3)
    figures = GAME.figures(history)
    scored = sum(
        1 for a, b in itertools.pairwise(history)
        if a.phase == "playing" and b.phase in ("dealing", "over")
    )
    assert figures["hands"] == scored
    stars = sum(
        1 for a, b in itertools.pairwise(history)
        if a.phase == "playing" and len(a.trick) == 3 and len({c // 11 for c in b.last_trick}) == 4
    )
    assert figures["star tricks"] == stars


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_notation_round_trips_and_apply_agrees_with_legal_moves(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = GAME.initial_state(rng)
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, choose(GAME, state, rng), rng)
    assert GAME.parse_state(GAME.format_state(state)) == state
    legal = set(GAME.legal_moves(state))
    for move in legal:
        assert GAME.parse_move(state, GAME.format_move(state, move)) == move
    candidates: list[Move] = [Play(c) for c in cards_in(DECK)]
    candidates += [Bid(n) for n in range(0, 130, 7)] + [PASS, DEAL]
    candidates += [Bury(cards("KX QX JX")), Bury(cards("KS KW KL"))]
    if state.phase == "burying":
        candidates += list(legal)[:5]
    for move in candidates:
        if move in legal:
            assert GAME.illegal_reason(state, move) is None
            GAME.apply(state, move, random.Random(0))
        else:
            with pytest.raises(IllegalMoveError):
                GAME.apply(state, move, random.Random(0))


def test_greedy_heuristic_prefers_taking_points() -> None:
    state = GAME.parse_state(
        "contract: P1 10\nP1: KS 2W\nP2: 2S 3W\nP3: 3S 4W\nP4: 4S 5W\ntrick: P2"
    )
    state = play_all(GAME, state, ["2S", "3S", "4S"])
    take = GAME.apply(state, Play(card("KS")), random.Random())
    assert GAME.heuristic(take, 0) > GAME.heuristic(state, 0)


def test_greedy_heuristic_bids_a_good_hand_low_and_passes_a_poor_one() -> None:
    strong = (
        "P1: KX QX JX TX 7X CS CW CL KS KW\nP2: 2S 3S 4S 5S 6S 7S 2W 3W 4W 5W\n"
        "P3: 6X 5X 4X 3X QS JS TS QW JW TW\nP4: 2X QL JL TL 7L 6L 5L 4L 3L 2L\n"
    )
    state = GAME.parse_state(f"phase: bidding\ndealer: P4\n{strong}")
    rng = random.Random(0)
    low = GAME.heuristic(GAME.apply(state, Bid(1), rng), 0)
    higher = GAME.heuristic(GAME.apply(state, Bid(20), rng), 0)
    passing = GAME.heuristic(GAME.apply(state, PASS, rng), 0)
    assert low > higher > passing
    raised = GAME.parse_state(f"phase: bidding\ndealer: P4\nbid: P4 70\n{strong}")
    assert GAME.heuristic(GAME.apply(raised, Bid(71), rng), 0) < GAME.heuristic(
        GAME.apply(raised, PASS, rng), 0
    )


def test_a_greedy_game_reaches_the_target() -> None:
    from printkit.rules.agents import GreedyAgent
    from printkit.rules.simulate import game_generators, play_game

    chance, rng = game_generators(7, 0)
    record = play_game(GAME, GreedyAgent(), chance, rng)
    end = record.states[-1]
    assert not record.capped and GAME.is_terminal(end)
    assert max(end.totals) >= 200 and end.deal < 30
