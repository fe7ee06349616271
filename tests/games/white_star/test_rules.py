"""Stars (White Star) rules: deck, deal, auction, widow, tricks, scoring, end, playouts."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.white_star.rules import Params, WhiteStar
from printkit.games.white_star.state import (
    DEAL,
    DECK,
    MAX_HAND_SCORE,
    PASS,
    SUIT_MASKS,
    Bid,
    Bury,
    Play,
    WhiteStarMove,
    WhiteStarParams,
    WhiteStarState,
    card_name,
    card_points,
    cards_in,
    is_perfect_star,
    points,
)
from printkit.rules.base import NO_PLAYER, IllegalMoveError, ParamsError, make_params
from printkit.rules.registry import engine_class
from printkit.testing import check_engine
from tests.games.white_star.common import (
    GAME,
    card,
    card_list,
    cards,
    choose,
    play_all,
    playout,
)

# --------------------------------------------------------------------------- the deck


def test_deck_has_43_cards_worth_20_per_suit() -> None:
    assert DECK.bit_count() == 43
    assert [m.bit_count() for m in SUIT_MASKS] == [10, 11, 11, 11]
    assert [points(m) for m in SUIT_MASKS] == [20, 20, 20, 20]
    assert points(DECK) == 80
    assert [card_points(c) for c in card_list("CH KH QH SH LH 7H 6H 5H 4H 3H 2H")] == [
        0, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1,
    ]


def test_registry_finds_the_engine() -> None:
    cls = engine_class("white-star")
    assert cls is WhiteStar
    assert cls.title == "Stars"
    assert Params is WhiteStarParams is WhiteStar.Params


# --------------------------------------------------------------------------- parameters


def test_params_defaults_match_the_rulings() -> None:
    p = WhiteStarParams()
    assert (p.min_bid, p.all_pass, p.star_lead, p.target, p.colored_star, p.max_bid) == (
        1, "redeal", "highest_non_skull", 200, False, None,
    )
    assert "max_deals" not in {f.name for f in dataclasses.fields(p)}


def test_params_are_checked() -> None:
    game = WhiteStar.from_options({"colored_star": "yes", "target": "150"})
    assert isinstance(game, WhiteStar)
    assert game.params.colored_star is True and game.params.target == 150
    with pytest.raises(ParamsError, match="star_lead"):
        make_params(WhiteStarParams, {"star_lead": "highest"})
    with pytest.raises(ParamsError, match="max_bid"):
        make_params(WhiteStarParams, {"min_bid": 50, "max_bid": 40})
    with pytest.raises(ParamsError, match="target"):
        make_params(WhiteStarParams, {"target": 0})
    with pytest.raises(ParamsError, match="unknown parameter 'max_deals'"):
        make_params(WhiteStarParams, {"max_deals": 100})
    assert make_params(WhiteStarParams, {"max_bid": "none"}).max_bid is None
    assert make_params(WhiteStarParams, {"max_bid": "90"}).max_bid == 90


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
    game = WhiteStar(WhiteStarParams(min_bid=10, max_bid=12))
    state = game.initial_state(random.Random(0))
    assert list(game.legal_moves(state)) == [Bid(10), Bid(11), Bid(12), PASS]
    with pytest.raises(IllegalMoveError, match="lowest bid is 10"):
        game.apply(state, Bid(9), random.Random())
    with pytest.raises(IllegalMoveError, match="max_bid"):
        game.apply(state, Bid(13), random.Random())
    state = play_all(game, state, ["bid 12"])
    assert list(game.legal_moves(state)) == [PASS]


def test_bids_have_no_maximum_by_default() -> None:
    state = GAME.initial_state(random.Random(0))
    moves = GAME.legal_moves(state)
    assert len(moves) == MAX_HAND_SCORE + 1 == 241
    assert moves[0] == Bid(1) and moves[-2] == Bid(240) and moves[-1] == PASS
    assert list(moves)[:3] == moves[:3] == [Bid(1), Bid(2), Bid(3)]
    assert Bid(241) in moves and Bid(10**9) in moves and Bid(0) not in moves
    assert GAME.illegal_reason(state, Bid(10**9)) is None
    high = play_all(GAME, state, ["bid 500"])
    assert high.bid == 500
    assert list(GAME.legal_moves(high)) == [Bid(501), PASS]
    assert Bid(502) in GAME.legal_moves(high) and Bid(500) not in GAME.legal_moves(high)
    with pytest.raises(IllegalMoveError, match="beat the current 500"):
        GAME.apply(high, Bid(499), random.Random())


def test_a_bid_beyond_any_possible_score_is_legal_and_fails() -> None:
    state = GAME.parse_state("phase: bidding\ndealer: P4\nP1: KX\nP2: QX\nP3: SX\nP4: LX\n"
                             "widow: CH KH QH")
    assert Bid(MAX_HAND_SCORE + 1) in GAME.legal_moves(state)
    end = play_all(GAME, state, ["bid 241", "pass", "pass", "pass", "bury CH KH QH",
                                 "play KX", "play QX", "play SX", "play LX"])
    assert GAME.hand_scores(end) == (23, 0, 0, 0) and GAME.contract_made(end) is False
    assert end.totals == (23 - 241, 0, 0, 0) and end.phase == "dealing"


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
    forced_game = WhiteStar(WhiteStarParams(all_pass="dealer_forced", min_bid=30))
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
    (0, "KH 7H 2X QH", {}, (2, 2, False, False, False)),
    (0, "KH 3X 2W 7X", {}, (3, 3, False, False, False)),
    (1, "7H QH KV CW", {}, (2, 2, False, False, False)),
    (0, "5H QW 2X KV", {}, (2, 3, True, False, True)),
    (0, "5H QW 2X KV", {"star_lead": "highest_of_led_suit"}, (2, 0, True, False, True)),
    (0, "5H QW 2X KV", {"star_lead": "skull_player"}, (2, 2, True, False, True)),
    (0, "2X 5H QW KV", {"star_lead": "highest_of_led_suit"}, (0, 3, True, False, True)),
    (0, "QX LH 3W CV", {}, (0, 3, True, False, True)),
    (0, "7X KH KW KV", {}, (0, 1, True, True, True)),
    (3, "KH KW 7X KV", {}, (1, 3, True, True, True)),
    (0, "5H QW 2X KV", {"colored_star": True}, (3, 3, True, False, False)),
    (0, "QH QW 2V 5X", {"colored_star": True}, (0, 0, True, False, False)),
    (0, "7X KH KW KV", {"colored_star": True}, (0, 1, True, True, True)),
    (0, "7X KH KW KV", {"colored_star": True, "star_lead": "skull_player"},
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
        "contract: P1 30\nP1: 2W 3W 4V 5V\nP2: KH 2H 3X QW\nP3: 4W 5W 6W 7X\nP4: SW SV 4X\n"
        "trick: P4 SH"
    )
    assert GAME.current_player(state) == 0
    assert {card_name(m.card) for m in GAME.legal_moves(state) if isinstance(m, Play)} == {
        "2W", "3W", "4V", "5V",
    }
    state = play_all(GAME, state, ["play 4V"])
    assert GAME.legal_moves(state) == [Play(card("KH")), Play(card("2H"))]
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
        "contract: P1 30\nP1: 5H 2V\nP2: QW 3V\nP3: 2X 4V\nP4: KV 5V\ntrick: P1"
    )
    after = play_all(GAME, state, ["5H", "QW", "2X", "KV"])
    assert after.stars[2] == (cards("5H QW 2X KV"),) and after.won == (0, 0, 0, 0)
    assert after.leader == 3 and after.trick == ()
    assert after.last_trick == tuple(card_list("5H QW 2X KV"))
    assert after.last_leader == 0


# --------------------------------------------------------------------------- scoring


def scored_state(game: WhiteStar, totals: str, bid: int, won: str = "") -> WhiteStarState:
    """P2 holds the contract; the last trick (P2 takes 11) is played out."""
    text = (
        f"contract: P2 {bid}\ntotals: {totals}\nP1: 2H\nP2: KH\nP3: QH\nP4: 7H\n"
        f"buried: SW 7W 6W\ntrick: P1\n{won}"
    )
    return play_all(game, game.parse_state(text), ["play 2H", "play KH", "play QH", "play 7H"])


def test_contract_made_at_exactly_the_bid_and_failed_below() -> None:
    made = scored_state(GAME, "0 0 0 0", 16)
    assert GAME.hand_scores(made)[1] == 16 and GAME.contract_made(made) is True
    assert made.totals == (0, 32, 0, 0)
    failed = scored_state(GAME, "0 0 0 0", 17)
    assert GAME.contract_made(failed) is False and failed.totals == (0, -1, 0, 0)


def test_star_piles_pay_each_opponent_and_perfect_star_triples() -> None:
    text = (
        "contract: P1 40\nP1: 2H\nP2: 3H\nP3: 4H\nP4: 5H\n"
        "P1 stars: [7X KH KW KV]\nP3 stars: [2X QH SW LV]\nP2 won: 3W 4W\ntrick: P1"
    )
    state = GAME.parse_state(text)
    assert GAME.star_pile_values(state) == (48, 0, 10, 0)
    assert GAME.hand_scores(state) == (10, 2 + 58, 48, 58)
    colored = WhiteStar(WhiteStarParams(colored_star=True))
    assert colored.star_pile_values(state) == (16, 0, 10, 0)
    assert is_perfect_star(cards("7X KH KW KV")) and not is_perfect_star(cards("2X QH SW LV"))


def test_game_ends_at_target_with_a_single_leader() -> None:
    won = scored_state(GAME, "150 190 100 120", 16)
    assert GAME.is_terminal(won) and GAME.winners(won) == (1,)
    assert GAME.current_player(won) == NO_PLAYER and GAME.legal_moves(won) == []
    tied = scored_state(GAME, "150 190 222 120", 16)
    assert tied.totals == (150, 222, 222, 120)
    assert not GAME.is_terminal(tied) and tied.phase == "dealing" and GAME.winners(tied) == ()
    low_target = WhiteStar(WhiteStarParams(target=40))
    assert low_target.is_terminal(scored_state(low_target, "0 10 0 0", 16))


def test_only_the_target_ends_the_game_however_many_deals() -> None:
    state = GAME.parse_state("phase: bidding\ndeal: 500\ndealer: P4\nP1: 2H\nP2: 3H\nP3: 4H\n"
                             "P4: 5H")
    thrown = play_all(GAME, state, ["pass"] * 4)
    assert not GAME.is_terminal(thrown) and thrown.phase == "dealing"
    assert GAME.winners(thrown) == () and thrown.deal == 500
    again = GAME.apply(thrown, DEAL, random.Random(0))
    assert again.deal == 501 and again.phase == "bidding"
    assert "capped games" not in GAME.figures([state, thrown])


# --------------------------------------------------------------------------- playouts

OPTIONS = [
    {},
    {"colored_star": True},
    {"star_lead": "skull_player", "all_pass": "dealer_forced"},
    {"star_lead": "highest_of_led_suit", "min_bid": 20, "target": 150, "max_bid": 90},
]
OPTION_IDS = ["default", "colored", "skull-lead-forced", "led-suit-lead"]


@pytest.mark.parametrize("options", OPTIONS, ids=OPTION_IDS)
def test_engine_keeps_the_contract(options: dict[str, object]) -> None:
    report = check_engine(WhiteStar.from_options(options), seeds=range(3), max_steps=250,
                          moves_per_position=12)
    assert report.refusals_checked > 0


@pytest.mark.parametrize("options", OPTIONS, ids=OPTION_IDS)
def test_random_playouts_keep_the_invariants(options: dict[str, object]) -> None:
    game = WhiteStar.from_options(options)
    assert isinstance(game, WhiteStar)
    totals = Counter[str]()
    for seed in range(50):
        history = playout(game, seed)
        end = history[-1]
        assert game.is_terminal(end) and max(end.totals) >= game.params.target
        winners = game.winners(end)
        assert winners and all(end.totals[w] == max(end.totals) for w in winners)
        totals.update(game.figures(history))
    assert totals["hands"] == totals["contracts made"] + totals["contracts failed"] > 0
    assert totals["star tricks"] > 0
    if options.get("all_pass") == "dealer_forced":
        assert totals["redeals"] == 0


def test_uniformly_random_play_keeps_the_invariants_for_a_bounded_number_of_moves() -> None:
    for seed in range(4):
        history = playout(GAME, seed, lambda g, s, r: r.choice(g.legal_moves(s)),
                          max_moves=2_000, must_end=False)
        end = history[-1]
        assert len(history) <= 2_001
        assert not GAME.is_terminal(end) or max(end.totals) >= GAME.params.target


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_moves_outside_legal_moves_are_refused_with_a_reason(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = GAME.initial_state(rng)
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, choose(GAME, state, rng), rng)
    legal = GAME.legal_moves(state)
    candidates: list[WhiteStarMove] = [Play(c) for c in cards_in(DECK)]
    candidates += [Bid(n) for n in range(0, 130, 7)] + [Bid(10**6), PASS, DEAL]
    candidates += [Bury(cards("KX QX SX")), Bury(cards("KH KW KV"))]
    if state.phase == "burying":
        candidates += list(legal)[:5]
    for move in candidates:
        if move in legal:
            assert GAME.illegal_reason(state, move) is None
            GAME.apply(state, move, random.Random(0))
        else:
            assert GAME.illegal_reason(state, move) is not None
            with pytest.raises(IllegalMoveError):
                GAME.apply(state, move, random.Random(0))
