"""Unit-demand markets: the textbook example, and VCG = minimum Walrasian prices = the end of
the ascending auctions, on many random markets."""
import functools
import itertools
import random
from fractions import Fraction

import pytest

from tabletop.economics import assignment as M
from tabletop.errors import OptionsError

V = M.EXAMPLE_VALUES


def test_textbook_example_welfare_37():
    best = M.max_welfare_assignment(V)
    assert best.welfare == 37
    assert best.owner == (0, 1, 3, 4)          # buyer 3 (index 2) gets nothing
    assert M.brute_force_assignment(V).welfare == 37


def test_textbook_example_vcg_payments_8_7_6_6():
    result = M.vcg(V)
    assert result.prices == (8, 7, 6, 6)
    assert result.payments == (8, 7, 0, 6, 6)
    assert result.surplus == (2, 2, 0, 3, 3)
    assert result.revenue == 27
    # buyer 1 (house 1) pays 8: without her the others would get 35 instead of 37 - 10 = 27
    assert result.welfare_without == (35, 35, 37, 34, 34)
    assert M.is_walrasian(V, result.prices, result.assignment.owner)


def test_vcg_prices_are_the_minimum_walrasian_prices():
    owner = M.vcg(V).assignment.owner
    for h in range(4):
        lower = list(M.vcg(V).prices)
        lower[h] -= 1
        assert M.minimal_overdemanded_set(V, lower) is not None
        assert not M.is_walrasian(V, lower, owner)


def test_exact_auction_ends_at_vcg():
    run = M.exact_auction(V)
    assert run.prices == (8, 7, 6, 6)
    assert run.owner == (0, 1, 3, 4)
    assert run.welfare(V) == 37 and run.revenue == 27
    assert run.history[0] == (0, 0, 0, 0) and run.history[-1] == run.prices
    assert all(b >= a for before, after in zip(run.history, run.history[1:])
               for a, b in zip(before, after))


@pytest.mark.parametrize("step", [Fraction(1, 2), 0.1, Fraction(1, 100)])
def test_small_step_auction_converges_to_vcg(step):
    run = M.bidding_auction(V, step)
    assert run.owner == (0, 1, 3, 4)
    assert all(abs(p - q) <= 4 * Fraction(str(step)) for p, q in zip(run.prices, (8, 7, 6, 6)))


def test_one_dollar_steps_overshoot_then_smaller_steps_land():
    assert M.bidding_auction(V, 1).prices == (8, 8, 6, 6)
    assert M.bidding_auction(V, Fraction(1, 10)).prices == (8, 7, 6, 6)


def test_first_overdemanded_set_in_the_example():
    # at zero prices, buyers 1 and 2 want only house 1 (value 10 and 9): {house 1} is overdemanded
    assert M.minimal_overdemanded_set(V, (0, 0, 0, 0)) == frozenset({0})
    assert M.demand_set(V, (0, 0, 0, 0), 1) == frozenset({0, 1})


def _markets(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        h, b = rng.randint(1, 5), rng.randint(1, 5)
        yield [[rng.randint(0, 12) for _ in range(b)] for _ in range(h)]


def test_random_markets_hungarian_vcg_and_auctions_agree():
    for values in _markets(600, 11):
        best = M.max_welfare_assignment(values)
        assert best.welfare == M.brute_force_assignment(values).welfare
        result = M.vcg(values)
        assert M.is_walrasian(values, result.prices, result.assignment.owner)
        run = M.exact_auction(values)
        assert run.prices == result.prices
        assert run.welfare(values) == best.welfare
        assert M.is_walrasian(values, run.prices, run.owner)
        k = min(len(values), len(values[0]))
        step = Fraction(1, 3)
        small = M.bidding_auction(values, step)
        assert all(abs(p - q) <= k * step for p, q in zip(small.prices, result.prices))
        assert small.welfare(values) >= best.welfare - k * step


def test_ladder_auction_on_stockpiles_rungs():
    ladder = (0, 1, 3, 6, 10, 15, 20, 25)
    values = [[12, 11, 2], [5, 4, 1], [0, 1, 2]]            # piles x players, in $1,000
    run = M.ladder_auction(values, ladder)
    assert sorted(b for b in run.owner) == [0, 1, 2]       # everyone wins exactly one pile
    assert all(p in ladder for p in run.prices)
    # players 1 and 2 bid pile 1 up 0, 1, 3, 6; at 10 player 1 prefers pile 2 for free
    assert run.owner == (1, 0, 2) and run.prices == (6, 0, 0)
    assert run.welfare(values) == M.max_welfare_assignment(values).welfare == 18
    assert M.vcg(values).prices == (7, 0, 0)                # the ladder has no rung at 7
    # budgets cap the bids
    capped = M.ladder_auction(values, ladder, budgets=[1, 25, 25])
    assert capped.prices[capped.owner.index(0)] <= 1


def test_ladder_top_rung_cannot_be_beaten():
    run = M.ladder_auction([[30, 40], [0, 0]], (0, 10, 25))
    assert run.prices[0] == 25


def test_refusals():
    with pytest.raises(OptionsError, match="rectangular"):
        M.vcg([[1, 2], [3]])
    with pytest.raises(OptionsError, match="must not be negative"):
        M.max_welfare_assignment([[1, -2]])
    with pytest.raises(OptionsError, match="step must be positive"):
        M.exact_auction(V, 0)
    with pytest.raises(OptionsError, match="cannot all buy one"):
        M.ladder_auction(V, (0, 1))


def _clears_by_brute_force(values, prices):
    """Walrasian by the definition: some assignment (houses to distinct buyers or unsold) gives
    every buyer a house of best surplus (or nothing when no surplus is positive), unsold houses free."""
    houses, buyers = len(values), len(values[0])
    best = [max([0] + [values[h][b] - prices[h] for h in range(houses)]) for b in range(buyers)]
    for owner in _assignments(houses, buyers):
        if any(p != 0 for p, b in zip(prices, owner) if b is None):
            continue
        got = {b: values[h][b] - prices[h] for h, b in enumerate(owner) if b is not None}
        if all(got.get(b, 0) == best[b] for b in range(buyers)):
            return True
    return False


@functools.lru_cache
def _assignments(houses, buyers):
    every = itertools.product([None, *range(buyers)], repeat=houses)
    return [o for o in every if len([b for b in o if b is not None]) == len({b for b in o if b is not None})]


def test_lowering_single_prices_is_not_enough_two_equal_houses():
    W = [[10, 10], [10, 10]]            # the counterexample: both buyers want both houses
    assert M.clears(W, (5, 5)) and M.clears(W, (0, 0))
    assert not M.clears(W, (4, 5)) and not M.clears(W, (5, 4))    # no single price can fall
    assert M.lowered_sets(W, (5, 5)) == [(frozenset({0}), False), (frozenset({1}), False),
                                         (frozenset({0, 1}), True)]
    assert not M.is_minimum_walrasian(W, (5, 5)) and M.is_minimum_walrasian(W, (0, 0))


def test_the_minimum_walrasian_prices_of_the_textbook_market_by_brute_force():
    box = list(itertools.product(range(6, 10), repeat=4))
    clearing = [p for p in box if _clears_by_brute_force(V, p)]
    assert all(M.clears(V, p) == (p in clearing) for p in box)
    lowest = tuple(min(p[h] for p in clearing) for h in range(4))
    assert lowest == (8, 7, 6, 6) and lowest in clearing          # the textbook's prices
    assert [p for p in box if M.is_minimum_walrasian(V, p)] == [(8, 7, 6, 6)]
    assert M.clears(V, (8, 8, 6, 6))                              # where outbid-and-rebid stops
    # nothing overdemanded, yet no clearing: nobody pays 10 for house 4, worth 9 at most
    assert not M.clears(V, (8, 7, 6, 10)) and not _clears_by_brute_force(V, (8, 7, 6, 10))


def test_truthful_bidding_is_a_best_reply_in_the_exact_auction():
    truth = (10, 9, 8, 7)
    # buyer 1 gets house 1 at 8 (surplus 2) whatever she says above the others' bids
    assert M.best_misreport(V, 0, [(20, 9, 8, 7), (0, 0, 0, 0), (9, 9, 9, 9)]) == (0, truth)
    for buyer in range(5):
        gain, _ = M.best_misreport(V, buyer, itertools.product((0, 5, 10), repeat=4))
        assert gain == 0
    with pytest.raises(OptionsError, match="one value per house"):
        M.best_misreport(V, 0, [(1, 2)])
