"""Stockpile setup: the investor cards dealt and kept, the starting stocks. A mixin of
``StockpileState`` (the rules module imports it, never the reverse)."""
from __future__ import annotations


from ..core import BANK
from ..errors import IllegalAction, MalformedAction, NotYourTurn
from ..i18n import N_
from . import actions as A
from .common import _INV, _mk, company, investor, words
from .data import COMPANIES, INVESTORS
from .steps import DEAL_INVESTOR, KEEP_INVESTORS, REENTER, START_STOCK

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
        self._take_investor(i)      # (never refused: that would tell who was dealt it)
        self.inv_hand[seat] = self.inv_hand[seat] + (i,)
        self.queue.pop(0)
        if not self.queue:
            self.queue = list(self.order)
            self.actor = self.queue[0]
            self.step = KEEP_INVESTORS

    def _take_investor(self, i: int) -> None:
        """Take investor ``i`` from where it is hidden: not dealt, or in a hand, which then holds
        one to name when keeping (``inv_lost``): no answer tells which it was."""
        if i in self.inv_left:
            self.inv_left.remove(i)
            return
        for seat, hand in enumerate(self.inv_hand):
            if i in hand:
                self.inv_hand[seat] = tuple(x for x in hand if x != i)
                self.inv_lost[seat] += 1
                return

    def _unnamed_investors(self, seat: int) -> list[int]:
        """What an investor dealt to ``seat`` that the match no longer knows may be."""
        if not self.inv_lost[seat]:
            return []
        return [i for i in range(len(INVESTORS)) if i not in self.inv_hand[seat] and self.holder[i] < 0]

    def _legal_keep(self):
        seat = self.actor
        hand = self.inv_hand[seat]
        other = self._unnamed_investors(seat)
        both = list(hand) + other
        if self.two:
            combos = [(a, b) for x, a in enumerate(both) for b in both[x + 1:]
                      if (a in other) + (b in other) <= self.inv_lost[seat]]
        else:
            combos = [(a,) for a in both]
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
        unnamed = self._unnamed_investors(seat)
        named = [i for i in idx if i not in self.inv_hand[seat]]
        for i, name in zip(idx, names):
            if i not in self.inv_hand[seat] and (i not in unnamed or len(named) > self.inv_lost[seat]):
                raise IllegalAction("{player} cannot keep {investor}: that investor was not dealt to them.",
                                    player=self.name(seat), investor=investor(name))
        for i in named:                 # dealt to them, though the match had it elsewhere
            self._take_investor(i)
        self.inv_lost[seat] = 0
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
        again = self.step == REENTER and self.lost_start[self.queue[0]]
        if self.step != START_STOCK and not again:
            self._refuse_step(N_("Dealing a starting stock"))
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn("The next starting stock goes to {player}, not seat {seat}.", player=self.name(seat),
                              seat=repr(a.seat))
        c = self._company(a.company)
        self._take_start(c)
        self.reg[seat][c] += 1
        self.start_of[seat] = c
        if again:
            self.lost_start[seat] -= 1
            self._reentered()
            return
        self.queue.pop(0)
        if not self.queue:
            self.start_spare = self.start_left
            self.start_left = []   # the rest go back into the market deck (they never left it)
            self._start_round()

    def _take_start(self, c: int) -> None:
        """Take starting stock ``c`` from where it is hidden: not dealt (the market deck), or the
        starting stock of another player, who then enters theirs again (``lost_start``) at their
        next turn to draw. Refused only if no copy is left anywhere hidden."""
        spare = self.start_left if self.step == START_STOCK else self.start_spare
        if c in spare:
            spare.remove(c)
        else:
            holder = next((s for s in range(self.n) if self.start_of[s] == c and self.reg[s][c]), None)
            if holder is not None:
                self.reg[holder][c] -= 1
                self.start_of[holder] = None
                self.lost_start[holder] += 1
                return
            if not self.deck[c]:
                raise IllegalAction("The starting {company} stock has already been dealt: each player starts "
                                    "with a different company; check the card and enter it again.",
                                    company=company(COMPANIES[c]))
        self.deck[c] -= 1
        self.deck_size -= 1
