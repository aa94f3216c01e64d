"""Acquire's money arithmetic as pure functions: share prices, shareholder bonuses, and what a
holder of a defunct corporation's shares gets by keeping, selling or trading them.

The engine, the dashboards and the lessons all call these, so a number shown in a lesson is
the number the engine pays. Every function takes an ``Edition`` or an edition name
(``"2016"``, ``"classic"``)::

    >>> share_price("2016", "Bolt", 5)
    700
    >>> bonus_schedule("2016", "Bolt", 5)
    (7000, 5000, 3500)
    >>> merger_bonuses("2016", "Bolt", 5, {"Liz": 3, "Charlie": 3, "Courtney": 1})
    {'Liz': 6000, 'Charlie': 6000, 'Courtney': 3500}
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Mapping, Sequence

from ..errors import OptionsError
from .data import Edition, get_edition

__all__ = ["share_price", "price_chart_column", "bonus_schedule", "rank_shareholders",
           "split_bonuses", "merger_bonuses", "round_up", "disposal_options", "Disposal",
           "disposal_value", "best_disposal", "is_safe"]


def round_up(amount: int, step: int = 100) -> int:
    """``amount`` rounded up to a multiple of ``step`` (4,250 -> 4,300)."""
    return -(-amount // step) * step


def _tier_index(ed: Edition, corporation: str) -> int:
    return ed.tier_names.index(ed.tier_of(corporation))


def share_price(edition: Edition | str, corporation: str, size: int) -> int:
    """Price of one share of ``corporation`` when it has ``size`` tiles (0 below 2 tiles:
    a corporation not on the board has no price)."""
    ed = get_edition(edition)
    column = _tier_index(ed, corporation) + 1
    price = 0
    for row in ed.price_chart:
        if size >= row[0]:
            price = row[column]
        else:
            break
    return price


def price_chart_column(edition: Edition | str, corporation: str, max_size: int | None = None
                       ) -> list[int]:
    """Share price of ``corporation`` for every size 0..``max_size`` (default: the board size)."""
    ed = get_edition(edition)
    top = ed.n_tiles if max_size is None else max_size
    return [share_price(ed, corporation, s) for s in range(top + 1)]


def is_safe(edition: Edition | str, size: int) -> bool:
    """Whether a corporation of ``size`` tiles can no longer be taken over."""
    return size >= get_edition(edition).safe_size


def bonus_schedule(edition: Edition | str, corporation: str, size: int) -> tuple[int, ...]:
    """The bonuses ``corporation`` pays at ``size`` tiles, best place first
    (2016: primary, secondary, tertiary; classic: majority, minority)."""
    ed = get_edition(edition)
    price = share_price(ed, corporation, size)
    return tuple(price * pct // 100 // step * step
                 for pct, step in zip(ed.bonus_percents, ed.bonus_steps))


def rank_shareholders(holdings: Mapping[Hashable, int]) -> list[list[Hashable]]:
    """Holders with at least one share, grouped by equal counts, most shares first.
    Within a group the order of ``holdings`` is kept."""
    counts = sorted({n for n in holdings.values() if n > 0}, reverse=True)
    return [[h for h, n in holdings.items() if n == c] for c in counts]


def split_bonuses(holdings: Mapping[Hashable, int], schedule: Sequence[int],
                  sole_holder: Sequence[int] = (0, 1), rounding: int = 100) -> dict:
    """Who gets which bonus, given everyone's shares of the corporation and its ``schedule``.

    * A lone shareholder collects the bonuses at the indexes ``sole_holder``
      (by default the first two: primary and secondary, or majority and minority).
    * Otherwise holders are ranked by shares. A group of ``k`` holders tied at the next place
      pools the bonuses of the ``k`` places they occupy (as far as the schedule goes) and splits
      the pool evenly, each share rounded **up** to ``rounding`` (a bonus nobody shares is paid
      whole); the places after them are
      paid on. So a tie for primary splits primary + secondary and the next holder gets the
      tertiary; a tie for secondary splits secondary + tertiary and nobody gets the tertiary;
      three tied for primary split all three.
    * Holders without shares get nothing.

    Returns ``{holder: amount}`` for every holder paid, best place first.
    """
    groups = rank_shareholders(holdings)
    if not groups:
        return {}
    if len(groups) == 1 and len(groups[0]) == 1:
        return {groups[0][0]: sum(schedule[i] for i in sole_holder if i < len(schedule))}
    paid: dict = {}
    place = 0
    for group in groups:
        if place >= len(schedule):
            break
        pool = sum(schedule[place:place + len(group)])
        # only a shared bonus is rounded (a table's tie_rounding leaves a lone place's bonus whole)
        each = round_up(pool, len(group) * rounding) // len(group) if len(group) > 1 else pool
        for holder in group:
            if each:
                paid[holder] = each
        place += len(group)
    return paid


def merger_bonuses(edition: Edition | str, corporation: str, size: int,
                   holdings: Mapping[Hashable, int]) -> dict:
    """The bonuses paid when ``corporation`` of ``size`` tiles is taken over (or at the end):
    ``{holder: amount}`` under the edition's tie and sole-holder rules.

    >>> merger_bonuses("2016", "Bolt", 5, {"Liz": 3, "Charlie": 2, "Courtney": 2})
    {'Liz': 7000, 'Charlie': 4300, 'Courtney': 4300}
    """
    ed = get_edition(edition)
    return split_bonuses(holdings, bonus_schedule(ed, corporation, size), ed.sole_holder,
                         ed.tie_rounding)


def disposal_options(shares: int, survivor_left: int) -> list[tuple[int, int]]:
    """Every ``(sell, trade)`` a holder of ``shares`` defunct shares may choose when the bank has
    ``survivor_left`` shares of the survivor: ``trade`` is the number of defunct shares handed in
    (even, two for each survivor share), the rest not sold is kept."""
    out = []
    for trade in range(0, min(shares, 2 * survivor_left) // 2 * 2 + 1, 2):
        for sell in range(shares - trade + 1):
            out.append((sell, trade))
    return out


@dataclass(frozen=True)
class Disposal:
    """What one choice does with defunct shares, valued at the current chart.

    ``keep_value_if_refounded`` is what the kept shares would fetch if the corporation were
    founded again at 2 tiles (they are worth nothing while it is off the board)."""
    sell: int
    trade: int
    keep: int
    cash: int
    survivor_shares: int
    survivor_value: int
    keep_value_if_refounded: int

    @property
    def total_now(self) -> int:
        """Cash plus the survivor shares at today's price."""
        return self.cash + self.survivor_value


def disposal_value(edition: Edition | str, defunct: str, defunct_size: int, survivor: str,
                   survivor_size: int, shares: int, sell: int, trade: int) -> Disposal:
    """Value of selling ``sell`` and trading ``trade`` of ``shares`` defunct shares (the rest kept).

    ``defunct_size`` is the defunct corporation's size when taken over (it sets the sale price);
    ``survivor_size`` is the survivor's size used to value the traded-for shares (after the
    merger if you want what they will be worth on the board).
    """
    ed = get_edition(edition)
    if sell < 0 or trade < 0 or trade % 2 or sell + trade > shares:
        raise OptionsError("Cannot sell {sell} and trade {trade} of {shares} shares (trades go "
                           "two for one).", sell=sell, trade=trade, shares=shares)
    got = trade // 2
    keep = shares - sell - trade
    return Disposal(
        sell=sell, trade=trade, keep=keep,
        cash=sell * share_price(ed, defunct, defunct_size),
        survivor_shares=got,
        survivor_value=got * share_price(ed, survivor, survivor_size),
        keep_value_if_refounded=keep * share_price(ed, defunct, 2),
    )


def best_disposal(edition: Edition | str, defunct: str, defunct_size: int, survivor: str,
                  survivor_size: int, shares: int, survivor_left: int | None = None,
                  keep_weight: float = 0.0) -> Disposal:
    """The choice (sell, trade, keep) worth most today: cash plus survivor shares at the
    survivor's price, plus ``keep_weight`` times what kept shares fetch if the corporation is
    founded again (0: a kept share is worth nothing until then). On a tie, fewer shares kept,
    then more cash."""
    ed = get_edition(edition)
    left = ed.shares_per_corporation if survivor_left is None else survivor_left
    best, best_key = None, None
    for sell, trade in disposal_options(shares, left):
        d = disposal_value(ed, defunct, defunct_size, survivor, survivor_size, shares, sell, trade)
        key = (d.total_now + keep_weight * d.keep_value_if_refounded, -d.keep, d.cash)
        if best_key is None or key > best_key:
            best, best_key = d, key
    assert best is not None
    return best
