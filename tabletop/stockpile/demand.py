"""Stockpile demand phase: the investors' abilities before and during the auction, then the
auction itself (bids, or the whole result at once) and its payments. A mixin of ``StockpileState``."""
from __future__ import annotations

from bisect import bisect_right

from ..core import BANK
from ..errors import IllegalAction, MalformedAction
from ..i18n import N_
from . import actions as A
from .common import _int, _mk, card, investor, listed, usd, words
from .data import BERNIE, DONALD, MARK, MARTHA, WARREN
from .steps import ACTION, BID, DEBORAH_STEP, INVESTOR_STEP, SEE_PAIR, SELL

__all__ = ["DemandRules"]


def _fees(state, seat: int, bernie: bool, fees: list, owed: list) -> tuple:
    """The trading fees of the stockpiles a seat took (``fees``, smallest first), of which ``owed``
    could not be paid; Broker Bernie is paid them instead."""
    amounts = state.R.fee_amounts
    left = list(owed)
    paid = []
    for k in fees:
        if k in left:
            left.remove(k)
        else:
            paid.append(amounts[k])
    if bernie:
        return ("seat", seat), ("paid", ()), ("owed", ()), ("bonus", tuple(paid))
    return ("seat", seat), ("paid", tuple(paid)), ("owed", tuple(amounts[k] for k in owed)), ("bonus", ())


def _won(state, bids: tuple, piles: list, donald: int) -> list:
    """Each stockpile taken, in order: who took it, the bid and what they paid (Discount Donald
    pays the next lower space), its face-up cards by name and its face-down ones only counted."""
    names, spaces = state.R.card_names, state.R.bid_spaces
    return [("stockpile_won", (("pile", p), ("seat", s), ("bid", spaces[i]),
                               ("paid", spaces[i - 1] if s == donald and i > 0 else spaces[i]),
                               ("face_up", tuple(names[k] for k, up, _ in pile if up)),
                               ("face_down", sum(1 for card in pile if not card[1]))))
            for p, ((s, i), pile) in enumerate(zip(bids, piles))]


class DemandRules:
    """Demand-phase handlers of ``StockpileState``."""

    # ----------------------------------------------------------------- demand phase: abilities
    def _start_demand(self):
        self.phase = "demand"
        self.actor = None
        if self.investors_on:
            q = [s for s in self.order if self._demand_abilities(s, True)]
            if q:
                self.queue = q
                self.actor = q[0]
                self.step = INVESTOR_STEP
                return
        self._start_auction()

    def _demand_abilities(self, seat: int, with_mark: bool) -> bool:
        h, u = self.holder, self.used
        return ((with_mark and h[MARK] == seat and not u[MARK])
                or (h[WARREN] == seat and not u[WARREN] and self._warren_piles())
                or (h[MARTHA] == seat and not u[MARTHA]))

    def _warren_piles(self):
        return [p for p, pile in enumerate(self.piles) if any(not card[1] for card in pile)]

    def _peek_actions(self, seat: int) -> list:
        out = []
        if self.holder[WARREN] == seat and not self.used[WARREN]:
            out += [_mk(A.PeekStockpile, seat, p) for p in self._warren_piles()]
        if self.holder[MARTHA] == seat and not self.used[MARTHA]:
            for t in range(self.n):
                if t != seat:
                    out += [_mk(A.PeekPair, seat, t, i) for i in range(len(self.ppairs[t]))]
            if self.n <= 4:
                out += [_mk(A.PeekPair, seat, None, k) for k in range(self.n_hidden)]
        return out

    def _legal_investor_step(self):
        seat = self.actor
        out = []
        if self.holder[MARK] == seat and not self.used[MARK]:
            np = self.n_piles
            for fp, pile in enumerate(self.piles):
                for i in range(len(pile)):
                    out += [_mk(A.MoveCard, seat, fp, i, tp) for tp in range(np) if tp != fp]
        out += self._peek_actions(seat)
        out.append(_mk(A.Pass, seat))
        return out

    def _after_ability(self):
        """Back to the investor step or the bid turn after an ability was used."""
        if self.step == INVESTOR_STEP and not self._demand_abilities(self.actor, True):
            self._next_investor()

    def _next_investor(self):
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
        else:
            self._start_auction()

    def _apply_move_card(self, a):
        if self.step != INVESTOR_STEP:
            self._refuse_step(N_("Maverick Mark's move"))
        seat = self._check_actor(a, "MoveCard")
        who = self.name(seat)
        if self.holder[MARK] != seat:
            raise IllegalAction("{player} is not {investor} and cannot move cards between stockpiles.",
                                player=who, investor=investor("Maverick Mark"))
        if self.used[MARK]:
            raise IllegalAction("{player} has already moved a card this round ({investor} moves one card a round).",
                                player=who, investor=investor("Maverick Mark"))
        fp = self._pile(a.from_pile, words(N_("{player} cannot move a card"), player=who))
        tp = self._pile(a.to_pile, words(N_("{player} cannot move a card"), player=who))
        pile = self.piles[fp]
        if not _int(a.position) or not 0 <= a.position < len(pile):
            raise IllegalAction(N_("{player} cannot move card {position} of {pile}: it holds {count} card.")
                                if len(pile) == 1 else
                                N_("{player} cannot move card {position} of {pile}: it holds {count} cards."),
                                player=who, position=repr(a.position), pile=self.pile_words(fp), count=len(pile))
        if fp == tp:
            raise IllegalAction("{player} must move the card to a different stockpile.", player=who)
        card = pile.pop(a.position)
        self.piles[tp].append(card)
        self.used[MARK] = True
        self._after_ability()

    def _apply_peek_pile(self, a):
        if self.step not in (INVESTOR_STEP, BID):
            self._refuse_step(N_("Wise Warren's look"))
        seat = self._check_actor(a, "PeekStockpile")
        who = self.name(seat)
        if self.holder[WARREN] != seat:
            raise IllegalAction("{player} is not {investor} and cannot look at face-down cards.", player=who,
                                investor=investor("Wise Warren"))
        if self.used[WARREN]:
            raise IllegalAction("{player} has already looked at a stockpile this round.", player=who)
        p = self._pile(a.pile, words(N_("{player} cannot look at a stockpile"), player=who))
        if p not in self._warren_piles():
            raise IllegalAction("{pile} has no face-down card to look at.", pile=self.pile_words(p))
        bit = 1 << seat
        pile = self.piles[p]
        names = []
        for i, (k, up, mask) in enumerate(pile):
            if not up:
                pile[i] = (k, up, mask | bit)
                names.append(self.R.card_names[k])
        self.seen[seat] = self.seen[seat] + (("stockpile", self.round, p, tuple(names)),)
        self.used[WARREN] = True
        self._after_ability()

    def _apply_peek_pair(self, a):
        if self.step not in (INVESTOR_STEP, BID):
            self._refuse_step(N_("Mayknow Martha's look"))
        seat = self._check_actor(a, "PeekPair")
        who = self.name(seat)
        if self.holder[MARTHA] != seat:
            raise IllegalAction("{player} is not {investor} and cannot look at others' pairs.", player=who,
                                investor=investor("Mayknow Martha"))
        if self.used[MARTHA]:
            raise IllegalAction("{player} has already looked at a pair this round (once a round).", player=who)
        t, i = a.target, a.index
        if t is None:
            if self.n > 4:
                raise IllegalAction("With {count} players there is no face-down pair beside the board.", count=self.n)
            if not _int(i) or not 0 <= i < self.n_hidden:
                raise IllegalAction("{player} cannot look at face-down pair index {index}: there are {count} "
                                    "face-down pairs (indexes 0 to {last}).", player=who, index=repr(i),
                                    count=self.n_hidden, last=self.n_hidden - 1)
            self.used[MARTHA] = True
            pair = self.hidden[i]
            if pair is None and len(self.tiles_left) == 1:
                pair = self.hidden[i] = self._take_pair(self.tiles_left[0], self.fc_left[0])
            if pair is None:   # nobody has seen it yet: it is turned up for her now
                self.resume = (self.step, i)
                self.step = SEE_PAIR
                return
            self._saw_pair(seat, None, i, pair)
        else:
            if not _int(t) or not 0 <= t < self.n:
                raise MalformedAction("{action}: there is no seat {seat} in this game.", action="PeekPair",
                                      seat=repr(t))
            if t == seat:
                raise IllegalAction("{player} already knows her own pair.", player=who)
            if not _int(i) or not 0 <= i < len(self.ppairs[t]):
                raise IllegalAction("{player} has {count} pair(s), numbered from 0; there is no pair {index}.",
                                    player=self.name(t), count=len(self.ppairs[t]), index=repr(i))
            self.used[MARTHA] = True
            self._saw_pair(seat, t, i, self.ppairs[t][i])
        self._after_ability()

    def _saw_pair(self, seat, target, index, pair):
        self.seen[seat] = self.seen[seat] + (("pair", self.round, target, index, pair[0], pair[1]),)

    def _legal_see_pair(self):
        seat, i = self.actor, self.resume[1]
        return self._pairs(lambda c, f: _mk(A.SeeHiddenPair, seat, i, c, f))

    def _apply_see_pair(self, a):
        if self.step != SEE_PAIR:
            self._refuse_step(N_("Showing Martha a face-down pair"))
        seat, i = self.actor, self.resume[1]
        if a.seat != seat or a.index != i:
            raise IllegalAction("{player} is looking at face-down pair {number}; enter that pair for her.",
                                player=self.name(seat), number=i + 1)
        c, f = self._check_pair(a.company, a.forecast, words(N_("Face-down pair {number}"), number=i + 1))
        pair = self.hidden[i] = self._take_pair(c, f)
        self._saw_pair(seat, None, i, pair)
        self.step = self.resume[0]
        self.resume = None
        self._after_ability()

    def _apply_pass(self, a):
        st = self.step
        if st not in (INVESTOR_STEP, ACTION, SELL, DEBORAH_STEP):
            self._refuse_step(N_("Passing"))
        seat = self._check_actor(a, "Pass")
        if st == INVESTOR_STEP:
            self._next_investor()
        elif st == ACTION:
            if self.pending[seat][0] or self.pending[seat][1]:
                raise IllegalAction("{player} must first play every {boom} and {bust} card taken this round.",
                                    player=self.name(seat), boom=card("Boom"), bust=card("Bust"))
            self._next_action()
        elif st == SELL:
            self.queue.pop(0)
            if self.queue:
                self.actor = self.queue[0]
            else:
                self._start_movement()
        else:
            self._finish_round()

    # ----------------------------------------------------------------- demand phase: the auction
    def _start_auction(self):
        self.step = BID
        self.bids = [None] * self.n_piles
        self.left = [self.meeples] * self.n
        self.actor = self.order[0]
        self.queue = []

    def _cash_for_bid(self, seat: int) -> int:
        cash = self.money[seat]
        if self.two:
            spaces = self.R.bid_spaces
            for b in self.bids:
                if b is not None and b[0] == seat:
                    cash -= spaces[b[1]]
        return cash

    def _legal_bid(self):
        seat = self.actor
        hi = bisect_right(self.R.bid_spaces, self._cash_for_bid(seat))
        rows = self.tab.bid[seat]
        out = []
        for p, b in enumerate(self.bids):
            if b is None:
                out += rows[p][:hi]
            elif b[0] != seat and b[1] + 1 < hi:
                out += rows[p][b[1] + 1:hi]
        if self.investors_on:
            out += self._peek_actions(seat)
        return out

    def _check_bid(self, seat: int, p: int, amount, bids: list, cash: int) -> int:
        """The space index of a bid, or the refusal in words."""
        who = self.name(seat)
        spaces = self.R.bid_spaces
        if not _int(amount) or amount not in spaces:
            raise IllegalAction("{player} cannot bid {amount} on {pile}: bids are {bids}.", player=who,
                                amount=repr(amount), pile=self.pile_words(p), bids=listed(map(usd, spaces)))
        i = spaces.index(amount)
        b = bids[p]
        if b is not None:
            if b[0] == seat:
                raise IllegalAction("{player} cannot bid on {pile}: {player}'s own meeple is already on that "
                                    "track.", player=who, pile=self.pile_words(p))
            if i <= b[1]:
                raise IllegalAction("{player} cannot bid {amount} on {pile}: {other} already bid {bid} there, "
                                    "and a bid must go higher.", player=who, amount=usd(amount),
                                    pile=self.pile_words(p), other=self.name(b[0]), bid=usd(spaces[b[1]]))
        if amount > cash:
            if self.two and cash != self.money[seat]:
                raise IllegalAction("{player} cannot bid {amount} on {pile}: together with the other bid of "
                                    "{other_bid} that is more than the {money} {player} has.", player=who,
                                    amount=usd(amount), pile=self.pile_words(p),
                                    other_bid=usd(self.money[seat] - cash), money=usd(self.money[seat]))
            raise IllegalAction("{player} cannot bid {amount} on {pile}: {player} has only {money}.", player=who,
                                amount=usd(amount), pile=self.pile_words(p), money=usd(self.money[seat]))
        return i

    def _apply_bid(self, a):
        if self.step != BID:
            self._refuse_step(N_("Bidding"))
        seat = self._check_actor(a, "PlaceBid")
        p = self._pile(a.pile, words(N_("{player} cannot bid"), player=self.name(seat)))
        i = self._check_bid(seat, p, a.amount, self.bids, self._cash_for_bid(seat))
        prev = self.bids[p]
        if prev is not None:
            self.left[prev[0]] += 1
            # bids lie open on the track: the table, and the outbid player's phone, are told
            spaces = self.R.bid_spaces
            self._tell("outbid", ("pile", p), ("seat", prev[0]), ("bid", spaces[prev[1]]), ("by", seat),
                       ("amount", spaces[i]))
        self.bids[p] = (seat, i)
        self.left[seat] -= 1
        n = self.n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.left[s]:
                self.actor = s
                return
        self._resolve_auction()

    def auction_result_allowed(self) -> bool:
        """True when the whole auction may be entered at once (no bid placed yet this round)."""
        return self.step == BID and all(b is None for b in self.bids)

    def _apply_auction_result(self, a):
        if self.step != BID:
            self._refuse_step(N_("Entering an auction result"))
        self._check_actor(a, "AuctionResult")
        if not all(b is None for b in self.bids):
            raise IllegalAction("The auction result can only be entered before any bid is placed; "
                                "bids are already on the tracks, so continue bid by bid.")
        piles = a.piles
        if (not isinstance(piles, tuple) or len(piles) != self.n_piles
                or not all(isinstance(x, tuple) and len(x) == 2 for x in piles)):
            raise MalformedAction("An auction result lists, for each of the {count} stockpiles in order, "
                                  "(seat, amount) of the player who took it.", count=self.n_piles)
        spaces = self.R.bid_spaces
        bids = [None] * self.n_piles
        taken = [0] * self.n
        for p, (s, amount) in enumerate(piles):
            if not _int(s) or not 0 <= s < self.n:
                raise MalformedAction("Auction result: there is no seat {seat} to take {pile}.", seat=repr(s),
                                      pile=self.pile_words(p))
            taken[s] += 1
            if taken[s] > self.meeples:
                raise IllegalAction(N_("{player} has {count} meeples and cannot take more than {count} stockpiles.")
                                    if self.meeples > 1 else
                                    N_("{player} has 1 meeple and cannot take more than one stockpile."),
                                    player=self.name(s), count=self.meeples)
            cash = self.money[s]
            if self.two:
                cash -= sum(spaces[b[1]] for b in bids if b is not None and b[0] == s)
            bids[p] = (s, self._check_bid(s, p, amount, bids, cash))
        for s in range(self.n):
            if taken[s] != self.meeples:
                raise IllegalAction(N_("Every player takes two stockpiles; {player} takes {count}.")
                                    if self.meeples == 2 else
                                    N_("Every player takes one stockpile; {player} takes {count}."),
                                    player=self.name(s), count=taken[s])
        self.bids = bids
        self.left = [0] * self.n
        self._resolve_auction()

    def _resolve_auction(self):
        spaces = self.R.bid_spaces
        won = [[] for _ in range(self.n)]
        donald = self.holder[DONALD]
        for p, (s, i) in enumerate(self.bids):
            won[s].append((p, i))
        # the stockpiles are replaced below, never changed: the event reads them as they were
        self._tell_later(None, _won, tuple(self.bids), self.piles, donald)
        for s in self.order:
            for p, i in won[s]:
                amount = spaces[i]
                if s == donald and i > 0:
                    amount = spaces[i - 1]
                self.pay(s, BANK, amount, words(N_("bid for {pile}"), pile=self.pile_words(p)), "bid")
        fees_of = self.R.fee_amounts
        first_fee, boom, bust = self.R.first_fee, self.R.boom, self.R.bust
        bernie = self.holder[BERNIE]
        for s in self.order:
            fees = []
            reg, pend = self.reg[s], self.pending[s]
            for p, _ in won[s]:
                for k, _up, _mask in self.piles[p]:
                    if k < first_fee:
                        reg[k] += 1
                    elif k == boom:
                        pend[0] += 1
                    elif k == bust:
                        pend[1] += 1
                    else:
                        fees.append(k)
            if fees:
                # a fee card is turned face up when its stockpile is taken: the amounts are public
                fees.sort(key=fees_of.__getitem__)
                owed_before = len(self.owed[s])
                if s == bernie:
                    for k in fees:
                        self.discard[k] += 1
                        self.receive(s, fees_of[k], words(N_("trading fee paid as a bonus ({investor})"),
                                                          investor=investor("Broker Bernie")), "bonus")
                else:
                    for k in fees:
                        if self.money[s] >= fees_of[k]:
                            self.pay(s, BANK, fees_of[k], words(N_("trading fee")), "fee")
                            self.discard[k] += 1
                        else:
                            self.owed[s].append(k)
                self._tell_later("fees", _fees, s, s == bernie, fees, self.owed[s][owed_before:])
        self.piles = [[] for _ in range(self.n_piles)]
        self.bids = [None] * self.n_piles
        self._start_action()
