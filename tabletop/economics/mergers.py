"""Merger math for the lessons: who gains from a merger in Acquire, and when trading beats selling.

Every number comes from ``tabletop.acquire.mergers`` (share prices, bonuses with ties and
rounding, disposal of defunct shares), the same functions the Acquire engine pays with; this
module only asks economic questions of them:

- ``best_disposal`` (from ``tabletop.acquire.mergers``, where the agents read it too): of all the
  ways to sell, trade 2-for-1 and keep, which is worth most now;
- ``trade_premium``: what trading two defunct shares earns over selling them;
- ``merger_gains``: per player, the bonus, the gain from disposing well, and the rise of the
  survivor's price on the shares she holds;
- ``majority_return``: what it costs to take the lead in a corporation and what the lead pays
  if it is merged at that size (the reason founding and buying early pay);
- ``merger_possible``: which (defunct size, survivor size after) pairs a merger can produce;
- ``edition_pair``: the corporation of the same tier in the other edition, for side-by-side tables.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Mapping

from ..acquire.data import Edition, get_edition
from ..acquire.mergers import (Disposal, best_disposal, bonus_schedule,
                               merger_bonuses, share_price)
from ..errors import OptionsError

__all__ = ["best_disposal", "trade_premium", "PlayerGain", "merger_gains", "MajorityReturn",
           "majority_return", "merger_possible", "edition_pair", "tier_corporations"]


def tier_corporations(edition: Edition | str) -> dict[str, tuple[str, ...]]:
    """tier name -> the corporations of that tier."""
    ed = get_edition(edition)
    return {t: tuple(c for c, tier in ed.tiers if tier == t) for t in ed.tier_names}


def edition_pair(corporation: str, edition: Edition | str, other: Edition | str) -> str:
    """The first corporation of ``other`` in the same tier as ``corporation`` of ``edition``
    (Bolt of 2016 -> Imperial of the classic edition)."""
    tier = get_edition(edition).tier_of(corporation)
    return tier_corporations(other)[tier][0]


def trade_premium(edition: Edition | str, defunct: str, defunct_size: int, survivor: str,
                  survivor_size: int) -> int:
    """Value of one survivor share minus the sale price of the two defunct shares traded for it:
    positive when trading beats selling."""
    ed = get_edition(edition)
    return share_price(ed, survivor, survivor_size) - 2 * share_price(ed, defunct, defunct_size)


@dataclass(frozen=True)
class PlayerGain:
    """What one merger is worth to one player (all at today's prices)."""
    player: Hashable
    defunct_shares: int
    survivor_shares: int
    bonus: int
    disposal: Disposal
    disposal_gain: int        # best disposal minus selling everything
    survivor_rise: int        # her survivor shares times the rise of the survivor's price

    @property
    def total(self) -> int:
        """The gain from the merger, over simply selling the defunct shares at their price."""
        return self.bonus + self.disposal_gain + self.survivor_rise


def merger_gains(edition: Edition | str, defunct: str, defunct_size: int, survivor: str,
                 survivor_size: int, defunct_holdings: Mapping[Hashable, int],
                 survivor_holdings: Mapping[Hashable, int] | None = None,
                 survivor_left: int | None = None) -> list[PlayerGain]:
    """Who gains from merging ``defunct`` (``defunct_size`` tiles) into ``survivor``
    (``survivor_size`` tiles before): bonuses under the edition's tie rules, the best disposal,
    and the survivor's price rise (its size after is both sizes plus the tile that merged them).

    Each player's disposal is valued alone (the survivor shares in the bank are shared out in
    turn order at the table; here each is offered ``survivor_left``)."""
    ed = get_edition(edition)
    survivor_holdings = dict(survivor_holdings or {})
    if defunct == survivor:
        raise OptionsError("A corporation cannot merge into itself.")
    after = survivor_size + defunct_size + 1
    bonuses = merger_bonuses(ed, defunct, defunct_size, defunct_holdings)
    rise = share_price(ed, survivor, after) - share_price(ed, survivor, survivor_size)
    sale = share_price(ed, defunct, defunct_size)
    players = list(dict.fromkeys(list(defunct_holdings) + list(survivor_holdings)))
    out = []
    for p in players:
        have = defunct_holdings.get(p, 0)
        best = best_disposal(ed, defunct, defunct_size, survivor, after, have, survivor_left)
        out.append(PlayerGain(p, have, survivor_holdings.get(p, 0), bonuses.get(p, 0), best,
                              best.total_now - have * sale, survivor_holdings.get(p, 0) * rise))
    return out


@dataclass(frozen=True)
class MajorityReturn:
    """Taking the lead in a corporation of ``size`` tiles against a rival's ``rival_shares``."""
    corporation: str
    size: int
    rival_shares: int
    shares_needed: int
    cost: int                 # shares_needed at today's price
    bonus: int                # what the lead pays if the corporation is merged at this size
    rival_bonus: int

    @property
    def bonus_per_dollar(self) -> float:
        return self.bonus / self.cost if self.cost else float("inf")


def majority_return(edition: Edition | str, corporation: str, size: int,
                    rival_shares: int = 0, founder: bool = False) -> MajorityReturn:
    """Buy one share more than a rival holds; what would the primary (majority) bonus be if the
    corporation were merged now? With no rival, the lone holder's bonus (primary + secondary).
    A ``founder`` got one of those shares free when she founded the corporation: she pays for
    the others only (alone, nothing at all)."""
    ed = get_edition(edition)
    price = share_price(ed, corporation, size)
    if price == 0:
        raise OptionsError(f"{corporation} has no price at {size} tiles: a corporation needs 2 tiles.")
    need = rival_shares + 1
    holdings = {"you": need, "rival": rival_shares}
    paid = merger_bonuses(ed, corporation, size, holdings)
    bought = need - 1 if founder else need
    return MajorityReturn(corporation, size, rival_shares, need, bought * price, paid.get("you", 0),
                          paid.get("rival", 0))


def merger_possible(edition: Edition | str, defunct_size: int, survivor_after: int) -> bool:
    """Whether a chain of ``defunct_size`` tiles can be taken over by a survivor that has
    ``survivor_after`` tiles once the merger is done. The defunct chain is not safe (fewer tiles
    than the safe size) and the survivor was at least as large: afterwards it holds at least
    both chains and the tile that joined them, ``2 * defunct_size + 1`` tiles."""
    ed = get_edition(edition)
    return (2 <= defunct_size < ed.safe_size
            and 2 * defunct_size + 1 <= survivor_after <= ed.columns * ed.rows)


def bonus_table(edition: Edition | str, corporation: str, size: int) -> dict[str, int]:
    """bonus name -> amount, for a table."""
    ed = get_edition(edition)
    return dict(zip(ed.bonus_names, bonus_schedule(ed, corporation, size)))


__all__.append("bonus_table")
