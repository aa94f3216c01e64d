"""Small helpers shared by the Stockpile rules modules: action values built once, the
fixed actions of each seat, money and card words, name lookups. Imports nothing of theirs."""
from __future__ import annotations

from . import actions as A
from .data import COMPANIES, FORECASTS, INVESTORS

__all__ = ["usd"]

_CO = {name: i for i, name in enumerate(COMPANIES)}
_FC = {name: i for i, name in enumerate(FORECASTS)}
_INV = {name: i for i, name in enumerate(INVESTORS)}

# Actions are values: the same action is built once and shared (legal lists stay cheap).
_made: dict = {}


def _mk(cls, *args):
    key = (cls, args)
    a = _made.get(key)
    if a is None:
        if len(_made) > 200_000:
            _made.clear()
        a = _made[key] = cls(*args)
    return a


class _Tables:
    """Every fixed action of a seat, built once per rules data and shared by all states."""

    def __init__(self, R, n_piles_max: int = 5, seats: int = 5):
        names = R.card_names
        boom, bust = names[R.boom], names[R.bust]
        self.bid = [[tuple(A.PlaceBid(s, p, amount) for amount in R.bid_spaces) for p in range(n_piles_max)]
                    for s in range(seats)]
        self.sell = [[(A.SellStock(s, c, False), A.SellStock(s, c, True), A.SellHalfSplit(s, c))
                      for c in COMPANIES] for s in range(seats)]
        self.pass_ = [A.Pass(s) for s in range(seats)]
        self.boom = [[A.PlayActionCard(s, boom, c) for c in COMPANIES] for s in range(seats)]
        self.bust = [[A.PlayActionCard(s, bust, c) for c in COMPANIES] for s in range(seats)]
        self.cramer = [[A.CramerMove(s, c, d) for c in COMPANIES for d in (1, -1)] for s in range(seats)]
        self.declare = [[A.DeclareDividend(s, c) for c in COMPANIES] for s in range(seats)]
        self.draw_pile = [[A.DrawToStockpile(p, name) for name in names] for p in range(n_piles_max)]
        self.draw_card = [[A.DrawCard(s, name) for name in names] for s in range(seats)]


_tables: dict = {}


def _tables_for(R) -> _Tables:
    key = (R.bid_spaces, R.card_names)
    t = _tables.get(key)
    if t is None:
        t = _tables[key] = _Tables(R)
    return t


def usd(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def _cards(k: int, what: str = "card") -> str:
    return f"{k} {what}" + ("" if k == 1 else "s")


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: PlaceCards lists by (seat, hand, piles, Stuart, card names), shared by all states
_place_cache: dict = {}
