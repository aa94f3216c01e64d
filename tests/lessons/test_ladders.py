"""A fixed ladder of bids against VCG."""
from concurrent.futures import ThreadPoolExecutor

import pytest

from tabletop.economics import ladders as L
from tabletop.errors import OptionsError

STOCKPILE = (0, 1_000, 3_000, 6_000, 10_000, 15_000, 20_000, 25_000)


def test_one_market_where_the_ladder_stops_short():
    values = [[12_000, 11_000, 2_000], [5_000, 4_000, 1_000], [0, 1_000, 2_000]]
    result = L.compare_market(values, STOCKPILE)
    assert result.max_welfare == result.ladder_welfare == 18_000
    assert result.ladder_revenue == 6_000 and result.vcg_revenue == 7_000   # no rung at 7,000


def test_negative_values_are_fine_in_a_square_market():
    values = [[-3_000, 2_000], [1_000, -1_000]]
    result = L.compare_market(values, STOCKPILE)
    assert result.max_welfare == 3_000 == result.ladder_welfare
    assert result.vcg_revenue == 0 and result.ladder_revenue == 0


def test_coarse_ladder_loses_a_little_welfare_and_some_revenue():
    coarse = L.study_uniform_ladder(4, STOCKPILE, count=400, seed=1)
    fine = L.study_uniform_ladder(4, L.even_ladder(25_000, 1_000), count=400, seed=1)
    assert fine.efficiency > coarse.efficiency > 0.99
    assert coarse.share_efficient < fine.share_efficient
    assert coarse.revenue_ratio < 1 and abs(fine.revenue_ratio - 1) < 0.02
    assert coarse.mean_welfare_loss > 0


def test_executor_gives_the_same_answer():
    markets = L.uniform_markets(3, 60, seed=2)
    alone = L.compare_ladder(markets, STOCKPILE)
    with ThreadPoolExecutor(2) as pool:
        assert L.compare_ladder(markets, STOCKPILE, executor=pool) == alone


def test_refusals():
    with pytest.raises(OptionsError, match="as many piles as players"):
        L.compare_market([[1, 2, 3], [1, 2, 3]], STOCKPILE)
    with pytest.raises(OptionsError, match="positive step"):
        L.even_ladder(10, 0)
