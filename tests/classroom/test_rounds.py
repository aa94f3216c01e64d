"""Scripted rounds of each experiment, results typed by hand (money, winners, words on screen)."""
import math

from itertools import permutations

from tabletop.classroom import (BreakTie, CloseRound, DrawCommonValue, DrawSignal, EndExperiment, FormGroups, Join,
                                OpenRound,
                                PlaceBid, RandomBid, RandomPlace)
from tabletop.classroom.results import results
from tabletop.core import CHANCE, TERMINAL

from .helpers import bids, draw_all, new_class, open_round, row


def told(match, start=0):
    return [line for _, events in match.story(None)[start:] for line in events]


def test_first_price_the_highest_bid_wins_and_pays_it():
    m = new_class("first-price", seats=3)
    open_round(m, (0, 1, 2), {0: 63, 1: 40, 2: 81})
    assert m.view(0)["private"]["value"] == 63 and m.view(2)["private"]["value"] == 81
    bids(m, {0: 50, 1: 30, 2: 60})
    n = len(m)
    m.apply(CloseRound())
    assert m.current_player() != CHANCE              # no tie, nothing to draw
    df = results(m)
    cy = row(df, 2)
    assert (cy["won"], cy["value"], cy["bid"], cy["price"], cy["profit"]) == (True, 81, 60, 60, 21)
    for seat in (0, 1):
        assert (row(df, seat)["won"], row(df, seat)["price"], row(df, seat)["profit"]) == (False, 0, 0)
    assert told(m, n) == ["Round 1, group 1: Cy wins at $60; worth $81 to Cy, a profit of $21.",
                          "Round 1 is closed: the results of its 1 group are on every screen."]
    assert m.state.money == [0, 0, 21]
    assert list(m.ledger()["amount"]) == [21]


def test_second_price_the_winner_pays_the_second_highest_bid():
    m = new_class("second-price", seats=3)
    open_round(m, (0, 1, 2), {0: 63, 1: 40, 2: 81})
    bids(m, {0: 50, 1: 30, 2: 60})
    m.apply(CloseRound())
    cy = row(results(m), 2)
    assert (cy["won"], cy["price"], cy["profit"]) == (True, 50, 31)


def test_second_price_a_lone_bid_pays_the_lowest_value():
    m = new_class("second-price", seats=3, low=10)
    open_round(m, (0, 1, 2), {0: 63, 1: 40, 2: 81})
    bids(m, {1: 30})
    m.apply(CloseRound())
    bob = row(results(m), 1)
    assert (bob["won"], bob["price"], bob["profit"]) == (True, 10, 30)
    assert math.isnan(row(results(m), 0)["bid"]) and row(results(m), 0)["bid_rule"] == "missing"


def test_common_value_the_winner_profits_from_v_drawn_at_the_close():
    m = new_class("common-value", seats=3, noise=20)
    open_round(m, (0, 1, 2), {0: 70, 1: 55, 2: 62})
    assert m.view(0)["private"]["signal"] == 70
    bids(m, {0: 60, 1: 45, 2: 58})
    m.apply(CloseRound())
    assert m.current_player() == CHANCE
    # V lies within $20 of every signal: from 70 - 20 = 50 to 55 + 20 = 75
    assert [a.value for a in m.legal_actions()] == list(range(50, 76))
    m.apply(DrawCommonValue(1, 0, 52))
    df = results(m)
    ann = row(df, 0)
    assert (ann["won"], ann["value"], ann["common_value"], ann["price"], ann["profit"]) == (True, 70, 52, 60, -8)
    assert row(df, 2)["common_value"] == 52
    assert "Round 1, group 1: Ann wins at $60; worth $52 to Ann, a loss of $8." in told(m)


def test_ladder_prices_against_the_minimum_walrasian_prices_worked_by_hand():
    # Ann values piles 1 and 2 at $10,000 and $4,000, Bob at $8,000 and $1,000. The most welfare
    # is Ann on pile 2 and Bob on pile 1 ($12,000). Bob harms Ann by $10,000 - $4,000 = $6,000:
    # the minimum Walrasian prices are $6,000 (pile 1) and $0 (pile 2).
    m = new_class("ladder", seats=2, group_size=2)
    open_round(m, (0, 1), {0: (10_000, 4_000), 1: (8_000, 1_000)})
    assert m.view(1)["private"]["pile_values"] == [8_000, 1_000]
    m.apply(PlaceBid(0, 0, 0))
    m.apply(PlaceBid(1, 0, 1_000))        # Bob outbids Ann on pile 1 with the next rung
    assert m.state.actions_for(0)[0] == PlaceBid(0, 0, 3_000)   # Ann's turn again
    m.apply(PlaceBid(0, 1, 0))
    assert m.view(None)["ladder"][0]["done"]
    m.apply(CloseRound())
    df = results(m)
    bob, ann = row(df, 1), row(df, 0)
    assert (bob["pile"], bob["price"], bob["vcg_price"], bob["value"], bob["profit"]) == (1, 1_000, 6_000, 8_000, 7_000)
    assert (ann["pile"], ann["price"], ann["vcg_price"], ann["value"], ann["profit"]) == (2, 0, 0, 4_000, 4_000)
    assert ("Round 1, group 1: pile 1 to Bob at $1,000 (minimum Walrasian price $6,000); pile 2 to Ann "
            "at $0 (minimum Walrasian price $0).") in told(m)


def brute_vcg_prices(values):
    """VCG prices of a square market (piles x bidders) by trying every assignment."""
    piles = len(values)

    def best(bidders):
        return max((sum(values[p][b] for p, b in zip(ps, bidders)) for ps in permutations(range(piles), len(bidders))),
                   default=0)
    everyone = list(range(piles))
    top = max(permutations(everyone), key=lambda owner: sum(values[p][b] for p, b in enumerate(owner)))
    welfare = sum(values[p][b] for p, b in enumerate(top))
    prices = []
    for p, b in enumerate(top):
        others = [c for c in everyone if c != b]
        prices.append(best(others) - (welfare - values[p][b]))
    return prices


def test_ladder_four_piles_prices_and_vcg_prices():
    vals = {0: (9_000, 3_000, 0, 5_000), 1: (12_000, 6_000, 2_000, 1_000),
            2: (4_000, 4_000, 8_000, 3_000), 3: (10_000, 2_000, 7_000, 6_000)}
    m = new_class("ladder", seats=4)
    open_round(m, (0, 1, 2, 3), vals)
    m.apply(PlaceBid(0, 0, 0))
    m.apply(PlaceBid(1, 0, 1_000))
    m.apply(PlaceBid(2, 2, 0))
    m.apply(PlaceBid(3, 0, 3_000))       # Bob outbid: his turn after Di
    m.apply(PlaceBid(0, 3, 0))           # Ann is next in the order after Di... she holds none
    m.apply(PlaceBid(1, 1, 0))
    assert told(m)[-2:] == ["Group 1 has finished bidding: pile 1 to Di at $3,000; pile 2 to Bob at $0; "
                            "pile 3 to Cy at $0; pile 4 to Ann at $0.", "Every bid of round 1 is in."]
    m.apply(CloseRound())
    df = results(m)
    matrix = [[vals[b][p] for b in range(4)] for p in range(4)]
    expected = brute_vcg_prices(matrix)
    for seat, pile, price in ((3, 1, 3_000), (1, 2, 0), (2, 3, 0), (0, 4, 0)):
        r = row(df, seat)
        assert (r["pile"], r["price"], r["vcg_price"]) == (pile, price, expected[pile - 1])


def test_missing_bids_random_rule_is_public_and_in_the_results():
    m = new_class("first-price", seats=3, missing_bid="random")
    assert m.view(None)["missing_rule"] == ("A student who has not bid when the teacher closes the round "
                                            "bids a random amount from $0 to $100.")
    open_round(m, (0, 1, 2), {0: 63, 1: 40, 2: 81})
    bids(m, {0: 50, 2: 60})
    m.apply(CloseRound())
    assert m.current_player() == CHANCE and m.state.chance_owner() is None
    m.apply(RandomBid(1, 75))
    assert m.describe_log(None)[-1] == "Bob did not bid: a random bid of $75 (the teacher's rule)"
    df = results(m)
    assert (row(df, 1)["bid"], row(df, 1)["bid_rule"], row(df, 1)["won"], row(df, 1)["profit"]) == (75, "random", True, -35)


def test_missing_bid_none_rule():
    m = new_class("first-price", seats=3)
    assert m.view(None)["missing_rule"] == "A student who has not bid when the teacher closes the round does not bid."
    open_round(m, (0, 1, 2), {0: 63, 1: 40, 2: 81})
    m.apply(CloseRound())
    assert all(not r["won"] and r["bid_rule"] == "missing" for r in m.view(None)["rows"])
    assert "Round 1, group 1: nobody bid, so nobody wins." in told(m)


def test_ladder_missing_bidders_pass_or_take_a_free_pile_at_zero():
    m = new_class("ladder", seats=2, group_size=2)
    assert m.view(None)["missing_rule"] == ("A student holding no pile when the teacher closes the round "
                                            "passes and wins nothing.")
    open_round(m, (0, 1), {0: (10_000, 4_000), 1: (8_000, 1_000)})
    m.apply(PlaceBid(0, 0, 6_000))
    m.apply(CloseRound())
    bob = row(results(m), 1)
    assert (bob["won"], bob["price"], bob["bid_rule"]) == (False, 0, "missing")

    m = new_class("ladder", seats=2, group_size=2, missing_bid="random")
    open_round(m, (0, 1), {0: (10_000, 4_000), 1: (8_000, 1_000)})
    m.apply(PlaceBid(0, 0, 6_000))
    m.apply(CloseRound())
    assert m.offered_actions(None) == [RandomPlace(1, 1)]
    m.apply(RandomPlace(1, 1))
    bob = row(results(m), 1)
    assert (bob["won"], bob["pile"], bob["price"], bob["profit"], bob["bid_rule"]) == (True, 2, 0, 1_000, "random")


def test_a_tie_is_broken_by_a_public_draw():
    m = new_class("first-price", seats=3)
    open_round(m, (0, 1, 2), {0: 63, 1: 40, 2: 81})
    bids(m, {0: 55, 1: 30, 2: 55})
    m.apply(CloseRound())
    assert m.offered_actions(None) == [BreakTie(1, 0, 0), BreakTie(1, 0, 2)]
    m.apply(BreakTie(1, 0, 2))
    assert m.describe_log(None)[-1] == "Group 1's tie is drawn: Cy wins it"
    assert (row(results(m), 2)["won"], row(results(m), 2)["profit"]) == (True, 26)


def test_groups_remainder_and_the_end():
    m = new_class("first-price", seats=7, rounds=1)
    open_round(m, (6, 5, 4, 3, 2, 1, 0), {s: 10 * s for s in range(7)})
    assert m.view(None)["groups"] == [[6, 5, 4], [3, 2, 1, 0]]   # a remainder of 1 joins the last group
    assert m.describe_log(None)[8] == "Round 1 groups: 1: Gus, Flo and Ed; 2: Di, Cy, Bob and Ann"
    m.apply(CloseRound())
    assert m.current_player() == TERMINAL and m.view(None)["phase"] == "over"


def test_a_late_joiner_waits_for_the_next_round_and_the_teacher_may_end_early():
    m = new_class("second-price", seats=4, joined=3, rounds=5)
    open_round(m, (0, 1, 2), {0: 1, 1: 2, 2: 3})
    m.apply(Join(3, "Di"))
    assert m.state.actions_for(3) == [] and m.view(3)["private"]["in_round"] is False
    m.apply(CloseRound())
    m.apply(OpenRound())
    assert 3 in m.view(None)["participants"]
    draw_all(m)
    m.apply(CloseRound())
    m.apply(EndExperiment())
    assert m.is_over() and m.state.events[-1].kind == "experiment_over"


def test_sealed_bids_are_hidden_in_the_log_until_and_after_the_close():
    m = new_class("first-price", seats=3)
    open_round(m, (0, 1, 2), {0: 63, 1: 40, 2: 81})
    bids(m, {0: 50})
    assert m.describe_log(None)[-1] == "Ann bids (sealed)"
    assert m.describe_log(0)[-1] == "Ann bids $50"
    assert m.describe_log(1)[-4] == "Ann's value is drawn (only Ann sees it)"
    assert m.describe_log(0)[-4] == "Ann's value: $63"
    assert m.view(None)["have_bid"] == [0] and m.view(None)["to_bid"] == [1, 2]
    assert m.view(0)["private"]["bid"] == 50 and m.view(1)["private"]["bid"] is None


def test_a_signal_entry_offers_the_whole_range_whatever_the_others_signals():
    offered = []
    for first in (0, 100):
        m = new_class("common-value", seats=3, noise=20)
        m.apply(OpenRound())
        m.apply(FormGroups(1, (0, 1, 2)))
        m.apply(DrawSignal(0, first))
        offered.append([m.offered_actions(v) for v in (None, 1, 2)])
        assert [a.signal for a in m.offered_actions(None)] == list(range(-20, 121))
    assert offered[0] == offered[1]


def test_the_story_of_a_one_round_class_in_words():
    m = new_class("first-price", seats=3, rounds=1)
    open_round(m, (1, 0, 2), {0: 63, 1: 40, 2: 81})
    bids(m, {0: 50, 1: 30, 2: 60})
    m.apply(CloseRound())
    assert m.story(None) == [
        ("Seat 1 joins as Ann", ()), ("Seat 2 joins as Bob", ()), ("Seat 3 joins as Cy", ()),
        ("The teacher opens round 1", ("Round 1 is open: 3 students take part.",)),
        ("Round 1 groups: 1: Bob, Ann and Cy", ()),
        ("Bob's value is drawn (only Bob sees it)", ()), ("Ann's value is drawn (only Ann sees it)", ()),
        ("Cy's value is drawn (only Cy sees it)", ()),
        ("Ann bids (sealed)", ()), ("Bob bids (sealed)", ()), ("Cy bids (sealed)", ("Every bid of round 1 is in.",)),
        ("The teacher closes round 1", (
            "Round 1, group 1: Cy wins at $60; worth $81 to Cy, a profit of $21.",
            "Round 1 is closed: the results of its 1 group are on every screen.",
            "The experiment is over after 1 round. Highest total profit: Cy.")),
    ]
    assert m.story(2)[7] == ("Cy's value: $81", ())
    assert m.state.hint() == "The experiment is over."
    assert m.outcome().winners == (2,) and m.outcome().scores == (0, 0, 21)


def test_the_hint_says_what_the_class_waits_for():
    m = new_class("first-price", seats=4, joined=2)
    assert m.state.hint() == "A round needs at least 3 students (one group); 2 have joined."
    m.apply(Join(2, "Cy"))
    assert m.state.hint() == "The teacher opens round 1 of 3 when ready."
    open_round(m, (0, 1, 2), {0: 63, 1: 40, 2: 81})
    bids(m, {1: 30})
    assert m.state.hint() == "Round 1: 2 of 3 bidders still to bid; the teacher may close the round."
    assert m.waiting_for().seat == 0 and m.waiting_for().secret
