"""Stockpile setup: the investor cards dealt and kept, the starting stocks. A mixin of
``StockpileState`` (the rules module imports it, never the reverse)."""
from __future__ import annotations


from ..core import BANK
from ..errors import IllegalAction, MalformedAction, NotYourTurn
from ..i18n import N_
from . import actions as A
from .common import _INV, _mk, company, investor, words
from .data import COMPANIES, INVESTORS
from .steps import DEAL_INVESTOR, KEEP_INVESTORS, START_STOCK

__all__ = ["SetupRules"]


class SetupRules:
    """Setup handlers of ``StockpileState``."""

    # ----------------------------------------------------------------- setup handlers
    def _legal_deal_investor(self):
        seat = self.queue[0]
        return [_mk(A.DealInvestor, seat, INVESTORS[i]) for i in self.inv_left]

    def _apply_deal_investor(self, a):
        if self.step != DEAL_INVESTOR:
            self._refuse_step(N_("Dealing an investor card"))
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn("The next investor card goes to {player}, not seat {seat}.", player=self.name(seat),
                              seat=repr(a.seat))
        i = _INV.get(a.investor) if isinstance(a.investor, str) else None
        if i is None:
            raise MalformedAction("'{name}' is not a Stockpile investor.", name=a.investor)
        if i not in self.inv_left:
            raise IllegalAction("{investor} has already been dealt; check the card and enter it again.",
                                investor=investor(a.investor))
        self.inv_left.remove(i)
        self.inv_hand[seat] = self.inv_hand[seat] + (i,)
        self.queue.pop(0)
        if not self.queue:
            self.queue = list(self.order)
            self.actor = self.queue[0]
            self.step = KEEP_INVESTORS

    def _legal_keep(self):
        seat = self.actor
        hand = self.inv_hand[seat]
        if self.two:
            combos = [(a, b) for x, a in enumerate(hand) for b in hand[x + 1:]]
        else:
            combos = [(a,) for a in hand]
        return [_mk(A.KeepInvestors, seat, tuple(sorted(INVESTORS[i] for i in combo)))
                for combo in combos]

    def _apply_keep(self, a):
        if self.step != KEEP_INVESTORS:
            self._refuse_step(N_("Keeping investors"))
        seat = self._check_actor(a, "KeepInvestors")
        want = 2 if self.two else 1
        names = a.investors if isinstance(a.investors, tuple) else ()
        idx = [_INV.get(x) if isinstance(x, str) else None for x in names]
        if len(idx) != want or None in idx or len(set(idx)) != want:
            raise IllegalAction("{player} must keep exactly {count} of the investors dealt to them, each named "
                                "once.", player=self.name(seat), count=want)
        for i, name in zip(idx, names):
            if i not in self.inv_hand[seat]:
                raise IllegalAction("{player} cannot keep {investor}: that investor was not dealt to them.",
                                    player=self.name(seat), investor=investor(name))
        kept = tuple(sorted(idx))
        self.inv[seat] = kept
        self.inv_hand[seat] = ()
        for i in kept:
            self.holder[i] = seat
        caps = self.R.two_player_capitals if self.two else self.R.capitals
        self.pay(BANK, seat, sum(caps[i] for i in kept), words(N_("starting capital")), "start")
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
        else:
            self._start_stocks()

    def _start_stocks(self):
        self.phase = "setup"
        self.queue = list(self.order)
        self.actor = None
        self.step = START_STOCK

    def _legal_start_stock(self):
        seat = self.queue[0]
        return [_mk(A.DealStartingStock, seat, COMPANIES[c]) for c in self.start_left]

    def _apply_start_stock(self, a):
        if self.step != START_STOCK:
            self._refuse_step(N_("Dealing a starting stock"))
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn("The next starting stock goes to {player}, not seat {seat}.", player=self.name(seat),
                              seat=repr(a.seat))
        c = self._company(a.company)
        if c not in self.start_left:
            raise IllegalAction("The starting {company} stock has already been dealt: each player starts with a "
                                "different company; check the card and enter it again.",
                                company=company(a.company))
        self.start_left.remove(c)
        self.deck[c] -= 1
        self.deck_size -= 1
        self.reg[seat][c] += 1
        self.queue.pop(0)
        if not self.queue:
            self.start_left = []   # the rest go back into the market deck (they never left it)
            self._start_round()
