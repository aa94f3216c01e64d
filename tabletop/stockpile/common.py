"""Small helpers shared by the Stockpile rules modules: action values built once, the
fixed actions of each seat, money and card words, name lookups. Imports nothing of theirs."""
from __future__ import annotations

from ..i18n import N_, Message, Money, Term, _, _shown
from . import actions as A
from .data import BOOM, BUST, COMPANIES, FORECASTS, INVESTORS

__all__ = ["usd", "company", "investor", "card", "words"]

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


def usd(amount: int) -> Money:
    """Dollars as a parameter of words: '$6,000' in English, per language elsewhere."""
    return Money(amount)


# Every printed name, marked for the catalogs under its list (the .po files give each edition's
# name); the data keeps the English names, wrapped only where they are shown.
# TRANSLATORS: "stockpile company": the six companies; "stockpile investor": the ten investors of
# the investor expansion; "stockpile card": the two action cards of the market deck. Korean: the
# Korean edition's names where its rulebook prints them (에픽 일렉트릭, 아메리칸 오토모티브,
# 스탠퍼드 스틸, each investor with the nickname it gives, 주식 급등!/주식 급락!), the other three
# companies transliterated the same way. Spanish: the Spanish edition prints the English company
# names and "Stock Boom!"/"Stock Bust!"; it has no investors, so they keep their English names.
# Japanese: no Japanese edition; katakana renderings of the English names.
_TERMS = (
    Term("stockpile company", "Cosmic Computers"), Term("stockpile company", "Bottomline Bank"),
    Term("stockpile company", "Leading Laboratories"), Term("stockpile company", "American Automotive"),
    Term("stockpile company", "Stanford Steel"), Term("stockpile company", "Epic Electric"),
    Term("stockpile investor", "Billionaire Bill"), Term("stockpile investor", "Broker Bernie"),
    Term("stockpile investor", "Crazy Cramer"), Term("stockpile investor", "Discount Donald"),
    Term("stockpile investor", "Dividend Deborah"), Term("stockpile investor", "Golden Graham"),
    Term("stockpile investor", "Mayknow Martha"), Term("stockpile investor", "Maverick Mark"),
    Term("stockpile investor", "Secretive Stuart"), Term("stockpile investor", "Wise Warren"),
    Term("stockpile card", "Boom"), Term("stockpile card", "Bust"),
)
assert [str(t) for t in _TERMS] == [*COMPANIES, *INVESTORS, BOOM, BUST]


def words(template: str, **params) -> Message:
    """Words kept as data (a message id marked with ``N_`` and its parameters), rendered in the
    language of whoever reads them: a parameter of a refusal or of other words."""
    return Message(template, params)


def company(name) -> Term:
    """A company's name as a parameter of words."""
    return Term("stockpile company", str(name))


def investor(name) -> Term:
    return Term("stockpile investor", str(name))


def card(name):
    """A market card's name as a parameter of words: a company's stock, a trading fee ("Fee
    $2,000", its amount written per language), Boom or Bust."""
    name = str(name)
    if name in _COMPANY_NAMES:
        return company(name)
    if name in (BOOM, BUST):
        return Term("stockpile card", name)
    if name.startswith("Fee $"):
        try:
            return words(N_("Fee {amount}"), amount=Money(int(name[5:].replace(",", ""))))
        except ValueError:
            pass
    return name


_COMPANY_NAMES = frozenset(COMPANIES)


def listed(items) -> Message:
    """A list of names (terms, words or plain values) as one parameter: "a, b, c" when read."""
    items = list(items)
    return Message(", ".join(f"{{item{i}}}" for i in range(len(items))),
                   {f"item{i}": item for i, item in enumerate(items)})


def _and(parts) -> str:
    """'a', 'a and b', 'a, b and c' in the current language."""
    parts = [str(_shown(p)) for p in parts if p]
    if len(parts) < 2:
        return "".join(parts)
    return _(", ").join(parts[:-1]) + _(" and ") + parts[-1]


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: PlaceCards lists by (seat, hand, piles, Stuart, card names), shared by all states
_place_cache: dict = {}
