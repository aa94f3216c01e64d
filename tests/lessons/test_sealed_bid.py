"""Sealed-bid auctions with uniform values: the textbook numbers, exactly and by simulation."""
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest

from tabletop.economics import auctions as A
from tabletop.errors import OptionsError


def test_equilibrium_bids():
    assert A.equilibrium_bid(0.5, 2) == 0.25
    assert A.equilibrium_bid(0.9, 5) == pytest.approx(0.72)          # (n-1)/n v
    assert A.equilibrium_bid(0.9, 5, "second-price") == 0.9          # truth
    assert A.equilibrium_bid(0.5, 2, "all-pay") == pytest.approx(0.125)


@pytest.mark.parametrize("n", [2, 3, 5, 10])
def test_revenue_equivalence_exact(n):
    revenues = {rule: A.expected_revenue(n, rule) for rule in A.RULES}
    assert set(revenues.values()) == {Fraction(n - 1, n + 1)}
    for v in (0.1, 0.5, 0.93):
        pays = [A.expected_payment(v, n, rule) for rule in A.RULES]
        assert pays == pytest.approx([(n - 1) / n * v ** n] * 3)


def test_five_bidders_expect_two_thirds():
    assert A.expected_revenue(5) == Fraction(2, 3)


@pytest.mark.parametrize("rule", ["first-price", "second-price"])
def test_simulation_reproduces_two_thirds_within_0_005(rule):
    estimate = A.simulate_revenue(5, rule, seed=7)
    assert estimate.auctions == 100_000
    assert abs(estimate.mean - 2 / 3) < 0.005
    assert estimate.std_error < 0.001                                 # so 0.005 is > 5 s.e.
    assert abs(estimate.error) < 4 * estimate.std_error + 1e-12


def test_simulation_is_the_same_with_an_executor():
    alone = A.simulate_revenue(4, "second-price", auctions=60_000, seed=3)
    with ThreadPoolExecutor(2) as pool:
        spread = A.simulate_revenue(4, "second-price", auctions=60_000, seed=3, executor=pool)
    assert spread == alone
    curve = A.simulate_payment_curve(3, "all-pay", auctions=30_000, bins=5, seed=1)
    with ThreadPoolExecutor(2) as pool:
        assert A.simulate_payment_curve(3, "all-pay", auctions=30_000, bins=5, seed=1,
                                        executor=pool) == curve


@pytest.mark.parametrize("rule", A.RULES)
def test_equilibrium_bid_is_the_best_response(rule):
    for v in (0.3, 0.6, 0.9):
        assert A.best_response(v, 5, rule, grid=1000) == pytest.approx(
            A.equilibrium_bid(v, 5, rule), abs=0.0015)


def test_shading_a_second_price_bid_loses_money():
    truthful = A.expected_payoff(0.7, 0.7, 4, "second-price")
    assert truthful > A.expected_payoff(0.7, 0.6, 4, "second-price")
    assert truthful > A.expected_payoff(0.7, 0.8, 4, "second-price")


def test_payment_curve_matches_the_formula_in_every_format():
    for rule in A.RULES:
        curve = A.simulate_payment_curve(3, rule, auctions=40_000, bins=4, seed=2)
        for x, paid in zip(curve.bin_centres, curve.mean_payment):
            # the bin mean of (n-1)/n v^n over [x-1/8, x+1/8]
            lo, hi = x - 0.125, x + 0.125
            exact = (2 / 3) * (hi ** 4 - lo ** 4) / 4 / (hi - lo)
            assert paid == pytest.approx(exact, abs=0.012)


def test_revenue_densities_integrate_to_one():
    for rule in ("first-price", "second-price"):
        steps = 20_000
        total = sum(A.revenue_density((i + 0.5) / steps, 5, rule) for i in range(steps)) / steps
        assert total == pytest.approx(1, abs=1e-3)


def test_sample_mean_and_single_auction():
    assert A.auction_revenue([0.2, 0.9, 0.5], "second-price") == 0.5
    assert A.auction_revenue([0.2, 0.9, 0.5], "first-price") == pytest.approx(0.6)
    sample = A.revenue_sample(5, "first-price", auctions=20_000, seed=4)
    assert sum(sample) / len(sample) == pytest.approx(2 / 3, abs=0.01)


def test_refusals_name_the_problem():
    with pytest.raises(OptionsError, match="'dutch' is not an auction format"):
        A.equilibrium_bid(0.5, 3, "dutch")
    with pytest.raises(OptionsError, match="at least 2 bidders, not 1"):
        A.expected_revenue(1)
    with pytest.raises(OptionsError, match="at least 2 auctions"):
        A.simulate_revenue(3, auctions=1)


def test_same_mean_different_risk():
    first, second = A.revenue_variance(5, "first-price"), A.revenue_variance(5, "second-price")
    assert first == Fraction(16, 1260) and second == Fraction(8, 252)
    assert first < second
    for rule in A.RULES:
        estimate = A.simulate_revenue(5, rule, auctions=50_000, seed=5)
        assert estimate.std_dev ** 2 == pytest.approx(float(A.revenue_variance(5, rule)), rel=0.03)


@pytest.mark.parametrize("n", [2, 5, 10])
def test_first_price_bid_is_the_mean_highest_rival_below_the_value(n):
    # textbook: b(v) = E[Y | Y < v] = (n-1)/n v for uniform values; 10 bidders (9 rivals) bid 9/10
    for v in (0.2, 0.8, 1.0):
        assert A.highest_rival_below(v, n) == pytest.approx((n - 1) / n * v, rel=1e-5)
    assert A.highest_rival_below(1.0, 10) == pytest.approx(0.9, rel=1e-5)
    with pytest.raises(OptionsError, match="value lies in"):
        A.highest_rival_below(1.5, 3)


def test_second_price_revenue_is_a_mean_preserving_spread_of_first_price():
    n = 5
    # the CDFs against the share of simulated auctions at or below x
    for rule in ("first-price", "second-price"):
        sample = A.revenue_sample(n, rule, auctions=20_000, seed=11)
        for x in (0.2, 0.5, 0.7, 0.79, 0.9):
            share = sum(r <= x for r in sample) / len(sample)
            assert A.revenue_cdf(x, n, rule) == pytest.approx(share, abs=0.012), (rule, x)
    # the integrated CDFs against the trapezoid rule on the CDFs
    grid = [i / 2000 for i in range(2001)]
    for rule in ("first-price", "second-price"):
        total = 0.0
        for a, b in zip(grid, grid[1:]):
            total += (A.revenue_cdf(a, n, rule) + A.revenue_cdf(b, n, rule)) / 2 * (b - a)
            if b in (0.25, 0.5, 0.8, 1.0):
                assert A.integrated_revenue_cdf(b, n, rule) == pytest.approx(total, abs=1e-5), (rule, b)
    # the spread: second price's integral is never below first price's, and they meet at 1
    # where 1 - integral = the mean revenue, 2/3 with five bidders
    for x in grid:
        assert A.integrated_revenue_cdf(x, n, "second-price") >= A.integrated_revenue_cdf(x, n, "first-price") - 1e-12
    assert A.integrated_revenue_cdf(0.5, n, "second-price") > A.integrated_revenue_cdf(0.5, n, "first-price") + 0.01
    for rule in ("first-price", "second-price"):
        assert 1 - A.integrated_revenue_cdf(1.0, n, rule) == pytest.approx(2 / 3)


def test_common_value_winner_overestimates_and_naive_bidding_loses_money():
    # four bidders, errors uniform on +-5,000: the highest of four errors has mean 5,000 x 3/5,
    # the second highest 5,000 x 1/5 (order statistics of the uniform)
    theory = A.common_value_theory(4, 5_000)
    assert theory == pytest.approx({"winner_error": 3_000, "naive_profit": -1_000,
                                    "equilibrium_shade": 2_500, "equilibrium_profit": 1_500})
    naive = A.common_value_auction(4, 5_000, auctions=40_000, seed=3)
    assert abs(naive.everyone_error) < 40                       # every estimate is right on average
    assert naive.winner_error == pytest.approx(3_000, abs=60)
    assert naive.winner_profit == pytest.approx(-1_000, abs=4 * naive.profit_std_error)
    shaded = A.common_value_auction(4, 5_000, auctions=40_000, seed=3, shade=2_500)
    assert shaded.winner_profit == pytest.approx(1_500, abs=4 * shaded.profit_std_error)


def test_the_equilibrium_shade_is_the_mean_error_of_an_estimate_that_ties_for_the_top():
    # E[value | own estimate = s, highest other estimate = s] = s - noise (n-2)/n, checked by
    # simulation: keep the draws where the top two estimates nearly tie, away from the prior's ends
    import random
    rng, n, noise, gaps = random.Random(5), 4, 1.0, []
    while len(gaps) < 2_000:
        value = rng.uniform(0, 100)
        top = sorted(value + rng.uniform(-noise, noise) for _ in range(n))
        if top[-1] - top[-2] < 0.02:
            gaps.append(top[-1] - value)
    assert sum(gaps) / len(gaps) == pytest.approx(A.common_value_theory(n, noise)["equilibrium_shade"], abs=0.03)


# --- the vectorised simulations draw exactly what a plain loop over random.Random draws ---------------
def _loop_auctions(n, count, seed):
    """Each auction's n values, drawn one after another from random.Random(seed), as the lesson
    describes a simulation (the reference the numpy versions must reproduce)."""
    import random
    rng = random.Random(seed)
    return [[rng.random() for _ in range(n)] for _ in range(count)]


@pytest.mark.parametrize("rule", A.RULES)
def test_simulations_draw_what_a_loop_over_random_random_draws(rule):
    n, count, seed = 5, 3_000, 2024
    loops = _loop_auctions(n, count, seed)
    revenues = [A.auction_revenue(values, rule) for values in loops]
    assert A.revenue_sample(n, rule, auctions=count, seed=seed) == pytest.approx(revenues, rel=1e-12, abs=0)
    # simulate_revenue: chunks with seeds of their own (here one chunk, seeded game_seeds(seed, 1))
    from tabletop.simulate import game_seeds
    chunk = _loop_auctions(n, count, game_seeds(seed, 1)[0])
    chunk_revenues = [A.auction_revenue(values, rule) for values in chunk]
    mean = sum(chunk_revenues) / count
    estimate = A.simulate_revenue(n, rule, auctions=count, seed=seed)
    assert estimate.mean == pytest.approx(mean, rel=1e-12)
    variance = sum((r - mean) ** 2 for r in chunk_revenues) / (count - 1)
    assert estimate.std_error == pytest.approx((variance / count) ** 0.5, rel=1e-9)
    # payment curve: bidder 1's payment by bin of her value
    bins = 4
    sums, counts = [0.0] * bins, [0] * bins
    for values in chunk:
        mine, top_other = values[0], max(values[1:])
        if rule == "all-pay":
            paid = A.equilibrium_bid(mine, n, rule)
        elif mine > top_other:
            paid = A.equilibrium_bid(mine, n, rule) if rule == "first-price" else top_other
        else:
            paid = 0.0
        b = min(int(mine * bins), bins - 1)
        sums[b] += paid
        counts[b] += 1
    curve = A.simulate_payment_curve(n, rule, auctions=count, bins=bins, seed=seed)
    assert curve.mean_payment == pytest.approx([s / c for s, c in zip(sums, counts)], rel=1e-12)


def test_common_value_auction_draws_the_value_then_each_error_from_random_random():
    import random
    n, noise, count, seed, shade = 4, 5_000, 2_000, 9, 700
    rng = random.Random(seed)
    won, overshoot, everyone = [], [], []
    for _ in range(count):
        value = rng.uniform(10_000, 20_000)
        estimates = sorted(value + rng.uniform(-noise, noise) for _ in range(n))
        won.append(value - (estimates[-2] - shade))
        overshoot.append(estimates[-1] - value)
        everyone.append(sum(estimates) / n - value)
    study = A.common_value_auction(n, noise, auctions=count, seed=seed, shade=shade)
    assert study.winner_profit == pytest.approx(sum(won) / count, rel=1e-12)
    assert study.winner_error == pytest.approx(sum(overshoot) / count, rel=1e-12)
    assert study.everyone_error == pytest.approx(sum(everyone) / count, rel=1e-9, abs=1e-9)


def test_revenue_histogram_bins_the_sample_as_a_density():
    sample = A.revenue_sample(5, "second-price", auctions=4_000, seed=8)
    centres, density = A.revenue_histogram(5, "second-price", auctions=4_000, seed=8, bins=20)
    assert centres == pytest.approx([(k + 0.5) / 20 for k in range(20)])
    counts = [sum(k / 20 <= r < (k + 1) / 20 for r in sample) for k in range(20)]
    assert density == pytest.approx([c / 4_000 * 20 for c in counts])
    assert sum(density) / 20 == pytest.approx(1)                       # an area of 1
    # and it follows the exact density n (n-1) x^(n-2) (1-x) at the bins' centres
    assert max(abs(d - A.revenue_density(x, 5, "second-price")) for x, d in zip(centres, density)) < 0.3
