"""A fixed ladder of bids against the ideal ascending auction (VCG prices).

Stockpile's tracks offer only a few bids ($0, 1,000, 3,000, 6,000, 10,000, 15,000, 20,000,
25,000). Two things follow. A bid can stop *below* the competitive price, because the next rung
is too high for the runner-up (revenue lost), and the runner-up may then switch to another
pile she values less (welfare lost). ``compare_ladder`` runs ``ladder_auction`` and VCG on the
same markets and measures both.

Every buyer must win exactly one pile (as many piles as players). VCG payments in such a
square market do not change when a buyer's values are all shifted by the same amount, so a
market with negative values (a pile full of trading fees) is shifted per buyer to start at 0.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..errors import OptionsError
from ..batches import run_map
from .assignment import ladder_auction, max_welfare_assignment, vcg

__all__ = ["MarketResult", "LadderComparison", "compare_market", "compare_ladder",
           "uniform_markets", "study_uniform_ladder", "even_ladder"]


def even_ladder(top: int, step: int) -> tuple[int, ...]:
    """A ladder of every multiple of ``step`` from 0 to ``top``: the fine-grained reference."""
    if step <= 0 or top < 0:
        raise OptionsError(f"A ladder needs a positive step and a top of 0 or more (got {step}, {top}).")
    return tuple(range(0, top + 1, step))


@dataclass(frozen=True)
class MarketResult:
    """One market, auctioned on the ladder and priced by VCG."""
    max_welfare: int
    ladder_welfare: int
    ladder_revenue: int
    vcg_revenue: int

    @property
    def efficient(self) -> bool:
        return self.ladder_welfare == self.max_welfare


def _shifted(values: Sequence[Sequence[int]]) -> list[list[int]]:
    houses, buyers = len(values), len(values[0])
    low = [min(0, min(values[h][b] for h in range(houses))) for b in range(buyers)]
    return [[values[h][b] - low[b] for b in range(buyers)] for h in range(houses)]


def compare_market(values: Sequence[Sequence[int]], ladder: Sequence[int],
                   budgets: Sequence[int] | None = None) -> MarketResult:
    """Ladder auction and VCG on one square market (piles x players)."""
    if len(values) != len(values[0]):
        raise OptionsError("A ladder comparison needs as many piles as players (everyone wins one).")
    run = ladder_auction(values, ladder, budgets)
    shifted = _shifted(values)
    low = [values[0][b] - shifted[0][b] for b in range(len(values[0]))]
    best = max_welfare_assignment(shifted).welfare + sum(low)
    return MarketResult(best, run.welfare(values), run.revenue, vcg(shifted).revenue)


@dataclass(frozen=True)
class LadderComparison:
    """Many markets: the ladder's welfare and revenue against the efficient welfare and VCG."""
    results: tuple[MarketResult, ...]

    @property
    def markets(self) -> int:
        return len(self.results)

    @property
    def efficiency(self) -> float:
        """Total ladder welfare over total efficient welfare."""
        return sum(r.ladder_welfare for r in self.results) / sum(r.max_welfare for r in self.results)

    @property
    def share_efficient(self) -> float:
        """Share of markets where the ladder found an efficient assignment."""
        return sum(r.efficient for r in self.results) / self.markets

    @property
    def mean_welfare_loss(self) -> float:
        return sum(r.max_welfare - r.ladder_welfare for r in self.results) / self.markets

    @property
    def mean_revenue(self) -> float:
        return sum(r.ladder_revenue for r in self.results) / self.markets

    @property
    def mean_vcg_revenue(self) -> float:
        return sum(r.vcg_revenue for r in self.results) / self.markets

    @property
    def revenue_ratio(self) -> float:
        """Ladder revenue over VCG revenue (total over all markets)."""
        vcg_total = sum(r.vcg_revenue for r in self.results)
        return sum(r.ladder_revenue for r in self.results) / vcg_total if vcg_total else float("nan")


def compare_ladder(markets: Sequence[Sequence[Sequence[int]]], ladder: Sequence[int],
                   executor=None) -> LadderComparison:
    """``compare_market`` on every market (spread by ``executor.map`` if given)."""
    results = run_map(compare_market, (markets, [tuple(ladder)] * len(markets)), executor)
    return LadderComparison(tuple(results))


def uniform_markets(n: int, count: int, seed: int = 0, high: int = 25_000,
                    unit: int = 1_000) -> list[list[list[int]]]:
    """``count`` square markets of ``n`` piles x ``n`` players, each value a multiple of
    ``unit`` drawn uniformly from 0 to ``high`` (independent private values)."""
    if n < 1 or count < 1:
        raise OptionsError("A study needs at least one player and one market.")
    rng = random.Random(seed)
    top = high // unit
    return [[[rng.randint(0, top) * unit for _ in range(n)] for _ in range(n)] for _ in range(count)]


def study_uniform_ladder(n: int, ladder: Sequence[int], count: int = 2_000, seed: int = 0,
                         high: int = 25_000, executor=None) -> LadderComparison:
    """The ladder against VCG on ``count`` uniform markets of ``n`` players."""
    return compare_ladder(uniform_markets(n, count, seed, high), ladder, executor)
