"""What theory says the class should have done, beside what it did (``results`` tables).

Independent private values uniform on ``[low, high]``, ``n`` risk-neutral bidders:

- ``equilibrium_bid``: first-price ``low + (n-1)/n (v - low)``; second-price ``v`` (bid your value).
- ``expected_revenue``: both formats ``low + (n-1)/(n+1) (high - low)`` (revenue equivalence: the
  expected second-highest value); ``expected_winner_profit``: ``(high - low)/(n+1)``.

Common value V, signals V + uniform noise on ``[-noise, noise]``:

- ``expected_value_given_winning``: what V is worth on average to the bidder whose signal is the
  highest of ``n``: ``signal - noise (n-1)/(n+1)`` (away from the ends of the range). Bidding the
  signal (the naive bid) loses this much on average when it wins: the winner's curse.

Tables from a results DataFrame (one row per round and seat):

- ``group_table``: one row per group and round: bidders, revenue, the theory's expected revenue,
  whether the highest value won, the winner's profit (ladder: welfare, the maximum welfare, the
  ladder's revenue and the VCG revenue, the revenue of straightforward bidding on the same ladder).
- ``efficiency``, ``winners_mean_profit``, ``bid_line`` (least-squares line of bids on values),
  ``winners_curse`` (common value), ``ladder_prices`` (each pile's ladder price against its minimum
  Walrasian price, from ``tabletop.economics.assignment.vcg``).
"""
from __future__ import annotations

from typing import Sequence

from tabletop.errors import OptionsError

from .data import COMMON, FIRST, LADDER, SECOND, ladder_rungs

__all__ = ["equilibrium_bid", "expected_revenue", "expected_winner_profit",
           "expected_value_given_winning", "pile_values", "group_table", "efficiency",
           "winners_mean_profit", "bid_line", "winners_curse", "ladder_prices", "ladder_market"]


def _check_n(n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise OptionsError(f"The number of bidders is a whole number of at least 1, not {n!r}.")


def equilibrium_bid(value: float, n: int, low: float = 0, high: float = 100,
                    experiment: str = FIRST) -> float:
    """The risk-neutral equilibrium bid of a bidder with ``value`` among ``n`` (uniform values)."""
    _check_n(n)
    if not low <= value <= high:
        raise OptionsError(f"A value lies from {low} to {high}; {value} does not.")
    if experiment == FIRST:
        return low + (n - 1) / n * (value - low)
    if experiment == SECOND:
        return float(value)
    raise OptionsError(f"The equilibrium bid function here is for first-price and second-price "
                       f"auctions with private values, not {experiment!r}.")


def expected_revenue(n: int, low: float = 0, high: float = 100) -> float:
    """Expected price of a first- or second-price auction among ``n`` bidders in equilibrium."""
    _check_n(n)
    return low + (n - 1) / (n + 1) * (high - low)


def expected_winner_profit(n: int, low: float = 0, high: float = 100) -> float:
    """The winner's expected profit in equilibrium (both formats): highest minus second value."""
    _check_n(n)
    return (high - low) / (n + 1)


def expected_value_given_winning(signal: float, n: int, noise: float) -> float:
    """E[V | this signal is the highest of ``n``], with a flat prior (away from the range's ends)."""
    _check_n(n)
    return signal - noise * (n - 1) / (n + 1)


def pile_values(text) -> list[int]:
    """A ladder row's ``pile_values`` ("3000 12000 0 25000") as numbers."""
    return [int(float(x)) for x in str(text).split()]


def ladder_market(group_rows) -> list[list[int]]:
    """The group's induced values as ``tabletop.economics.assignment`` reads a market: piles
    (rows) x bidders (columns, in the order of ``group_rows``)."""
    values = [pile_values(t) for t in group_rows["pile_values"]]
    return [[values[b][p] for b in range(len(values))] for p in range(len(values[0]))]


def _groups(df):
    return df.groupby(["experiment", "round", "group"], sort=True)


def group_table(df, low: float = 0, high: float = 100):
    """One row per (experiment, round, group) of a results table (see the module docstring);
    ``low`` and ``high``: the range the values were drawn from (the experiment's options)."""
    import pandas as pd
    from tabletop.economics.assignment import ladder_auction, max_welfare_assignment, vcg
    rows = []
    for (experiment, rnd, group), g in _groups(df):
        n = len(g)
        winners = g[g["won"]]
        row = {"experiment": experiment, "round": rnd, "group": group, "bidders": n,
               "revenue": int(g["price"].sum()), "winner_profit": float(winners["profit"].mean())
               if len(winners) else float("nan")}
        if experiment == LADDER:
            market = ladder_market(g)
            best = max_welfare_assignment(market)
            row.update(welfare=int(winners["value"].sum()), max_welfare=int(best.welfare),
                       vcg_revenue=int(vcg(market).revenue),
                       straightforward_revenue=int(ladder_auction(market, ladder_rungs()).revenue))
            row["efficient"] = row["welfare"] == row["max_welfare"]
            row["expected_revenue"] = float(row["vcg_revenue"])
        else:
            row["expected_revenue"] = expected_revenue(n, low, high) if experiment != COMMON else float("nan")
            if experiment == COMMON:
                row["common_value"] = float(g["common_value"].iloc[0])
                row["efficient"] = bool(len(winners))
            else:
                row["efficient"] = bool(len(winners)) and float(winners["value"].iloc[0]) == float(g["value"].max())
        rows.append(row)
    return pd.DataFrame(rows)


def efficiency(df, experiment: str | None = None) -> float:
    """Share of groups whose item went to the bidder who values it most (ladder: the maximum
    welfare was reached); a group where nobody bid counts as inefficient."""
    table = group_table(df if experiment is None else df[df["experiment"] == experiment])
    return float(table["efficient"].mean()) if len(table) else float("nan")


def winners_mean_profit(df, experiment: str | None = None) -> float:
    """The winners' mean profit."""
    part = df if experiment is None else df[df["experiment"] == experiment]
    won = part[part["won"]]
    return float(won["profit"].mean()) if len(won) else float("nan")


def bid_line(df, experiment: str | None = None) -> tuple[float, float]:
    """(slope, intercept) of the least-squares line of the students' own bids on their values
    (random bids left out). Theory: first-price slope (n-1)/n, second-price 1."""
    import numpy as np
    part = df if experiment is None else df[df["experiment"] == experiment]
    own = part[(part["bid_rule"] == "bid") & part["value"].notna() & part["bid"].notna()]
    if len(own) < 2 or own["value"].nunique() < 2:
        raise OptionsError("A line of bids on values needs at least two different values with bids.")
    slope, intercept = np.polyfit(own["value"].to_numpy(float), own["bid"].to_numpy(float), 1)
    return float(slope), float(intercept)


def winners_curse(df, noise: float = 20):
    """Common-value winners: signal, bid, V, profit, and what V is worth on average to a winner
    with that signal (``expected_value_given_winning``)."""
    part = df[(df["experiment"] == COMMON) & df["won"]].copy()
    sizes = df[df["experiment"] == COMMON].groupby(["round", "group"])["seat"].count()
    part["bidders"] = [int(sizes[(r, g)]) for r, g in zip(part["round"], part["group"])]
    part["expected_value_if_win"] = [expected_value_given_winning(s, n, noise)
                                     for s, n in zip(part["value"], part["bidders"])]
    part["signal"] = part["value"]
    return part[["round", "group", "seat", "nickname", "bidders", "signal", "bid", "common_value",
                 "expected_value_if_win", "profit"]].reset_index(drop=True)


def ladder_prices(df):
    """One row per pile won on the ladder: round, group, pile, the ladder's price and the pile's
    minimum Walrasian (VCG) price, and their difference."""
    part = df[(df["experiment"] == LADDER) & df["won"]]
    out = part[["round", "group", "pile", "seat", "nickname", "value", "price", "vcg_price"]].copy()
    out["pile"] = out["pile"].astype(int)
    out["difference"] = out["price"] - out["vcg_price"]
    return out.sort_values(["round", "group", "pile"]).reset_index(drop=True)


