"""Stockpile information and supply phases: the company tiles and forecast cards, then the
stockpiles built from the market deck. A mixin of ``StockpileState``."""
from __future__ import annotations


from ..errors import IllegalAction, MalformedAction, NotYourTurn
from ..i18n import N_
from . import actions as A
from .common import _int, _mk, card, investor, words
from .data import COMPANIES, FORECASTS, INVESTORS, STUART
from .steps import DEAL_PAIR, DRAW_HAND, DRAW_PILE, OPEN_PAIR, PLACE, REENTER
from .common import _place_cache

__all__ = ["MarketRules"]


class MarketRules:
    """Information and supply handlers of ``StockpileState``."""

    # ----------------------------------------------------------------- information phase
    def _start_round(self):
        self.phase = "information"
        self.tiles_left = [0, 1, 2, 3, 4, 5]
        self.fc_left = [0, 1, 2, 3, 4, 5]
        self.ppairs = [[] for _ in range(self.n)]
        self.open_pair = None
        self.hidden = [None] * self.n_hidden
        self.revealed = []
        self.used = [False] * len(INVESTORS)
        self.actor = None
        if self.two:
            self._start_private_deal()
        else:
            self.step = OPEN_PAIR

    def _start_private_deal(self):
        self.queue = [s for s in self.order for _ in range(self.pairs_per)]
        self.step = DEAL_PAIR

    def _pairs(self, make):
        return [make(COMPANIES[c], FORECASTS[f]) for c in self.tiles_left for f in self.fc_left]

    def _legal_open_pair(self):
        return self._pairs(lambda c, f: _mk(A.RevealOpenPair, c, f))

    def _apply_open_pair(self, a):
        if self.step != OPEN_PAIR:
            self._refuse_step(N_("Laying out the face-up pair"))
        c, f = self._check_pair(a.company, a.forecast, words(N_("The face-up pair")))
        self.open_pair = self._take_pair(c, f)
        self._start_private_deal()

    def _legal_deal_pair(self):
        seat = self.queue[0]
        return self._pairs(lambda c, f: _mk(A.DealPair, seat, c, f))

    def _apply_deal_pair(self, a):
        again = self.step == REENTER and not self.lost_start[self.queue[0]]
        if self.step != DEAL_PAIR and not again:
            self._refuse_step(N_("Dealing a company tile and forecast card"))
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn("The next company tile and forecast card go to {player}, not seat {seat}.",
                              player=self.name(seat), seat=repr(a.seat))
        c, f = self._check_pair(a.company, a.forecast, words(N_("{player}'s pair"), player=self.name(seat)))
        if again:       # the pair a later entry took a part of: entered again whole
            pairs = self.ppairs[seat]
            j = next(j for j, pair in enumerate(pairs) if None in pair)
            old, pairs[j] = pairs[j], (-1, -1)
            if old[0] is not None:
                self.tiles_left = sorted(self.tiles_left + [old[0]])
            if old[1] is not None:
                self.fc_left = sorted(self.fc_left + [old[1]])
            pairs[j] = self._take_pair(c, f)
            self._reentered()
            return
        self.ppairs[seat].append(self._take_pair(c, f))
        self.queue.pop(0)
        if not self.queue:
            self._start_supply()

    # ----------------------------------------------------------------- supply phase
    def _start_supply(self):
        self.phase = "supply"
        self.piles = [[] for _ in range(self.n_piles)]
        self.pile_i = 0
        self.batch = 0
        self.actor = None
        self.step = DRAW_PILE

    def _legal_draw(self):
        row = self.tab.draw_pile[self.pile_i] if self.step == DRAW_PILE else self.tab.draw_card[self.queue[0]]
        return [row[k] for k, c in enumerate(self.deck) if c > 0]

    def _draw(self, name) -> int:
        """Market card ``name`` from the deck, refused only when every copy is in plain sight or in
        the drawer's own hand. A card whose copies the match has elsewhere out of sight (face down
        on a stockpile, in a portfolio) is drawn all the same, the deck's count of it going below
        zero: a refusal would tell where those copies are (issue 28); the record that named the
        wrong card stays wrong (undo fixes it)."""
        k = self._card(name)
        own = self.hands[self.queue[0]].count(k) if self.step == DRAW_HAND else 0   # the drawer's own
        if self.deck[k] <= 0 and self.R.card_counts[k] <= self.in_plain_sight(k) + own:
            raise IllegalAction("No {card} card is left in the market deck; check the card and enter it again.",
                                card=card(name))
        self.deck[k] -= 1
        self.deck_size -= 1
        return k

    def _apply_draw_pile(self, a):
        if self.step != DRAW_PILE:
            self._refuse_step(N_("Turning a card onto a stockpile"))
        if a.pile != self.pile_i:
            given = self.pile_words(a.pile) if _int(a.pile) else repr(a.pile)
            raise IllegalAction("The next face-up card goes onto {pile}, not {given}.",
                                pile=self.pile_words(self.pile_i), given=given)
        k = self._draw(a.card)
        self.piles[self.pile_i].append((k, True, 0))
        self.pile_i += 1
        if self.pile_i == self.n_piles:
            self._start_batch()

    def _start_batch(self):
        # Each player in turn draws two cards and places them at once (draw, draw, place), so the
        # device goes round the table once per batch; the others' draws are secret anyway.
        self.queue = list(self.order)
        self.actor = None
        self._draw_turn()

    def _apply_draw_card(self, a):
        if self.step != DRAW_HAND:
            self._refuse_step(N_("Drawing a market card"))
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn("The next market card is drawn by {player}, not seat {seat}.",
                              player=self.name(seat), seat=repr(a.seat))
        k = self._draw(a.card)
        hand = self.hands[seat]
        hand.append(k)
        if len(hand) == 2:
            self.actor = seat
            self.step = PLACE

    def _legal_place(self):
        seat = self.actor
        hand = self.hands[seat]
        stuart = self.investors_on and self.holder[STUART] == seat
        h0, h1 = hand
        if h1 < h0:
            h0, h1 = h1, h0
        key = (seat, h0, h1, self.n_piles, stuart, self.R.card_names)
        cached = _place_cache.get(key)
        if cached is None:
            names = self.R.card_names
            a, b = names[h0], names[h1]
            out, seen = [], set()
            rng = range(self.n_piles)
            firsts = ((a, b), (b, a)) if a != b else ((a, b),)
            for up, down in firsts:
                for p in rng:
                    for q in rng:
                        out.append(A.PlaceCards(seat, ((up, p, True), (down, q, False))))
            if stuart:
                for p in rng:
                    for q in rng:
                        act = A.PlaceCards(seat, ((a, p, False), (b, q, False)))
                        if act not in seen:
                            seen.add(act)
                            out.append(act)
            if len(_place_cache) > 20_000:
                _place_cache.clear()
            cached = _place_cache[key] = out
        return list(cached)

    def _apply_place(self, a):
        if self.step != PLACE:
            self._refuse_step(N_("Placing cards onto stockpiles"))
        seat = self._check_actor(a, "PlaceCards")
        pl = a.placements
        if (type(pl) is not tuple or len(pl) != 2
                or not all(type(x) is tuple and len(x) == 3 and type(x[2]) is bool for x in pl)):
            raise MalformedAction("PlaceCards needs two placements, each (card, stockpile, face up true/false).")
        (c1, p1, u1), (c2, p2, u2) = pl
        k1, k2 = self._card(c1), self._card(c2)
        n_piles = self.n_piles
        if type(p1) is not int or type(p2) is not int or not 0 <= p1 < n_piles or not 0 <= p2 < n_piles:
            self._pile(p1 if not (type(p1) is int and 0 <= p1 < n_piles) else p2,
                       words(N_("{player} cannot place a card"), player=self.name(seat)))
        hand = self.hands[seat]
        if not ((k1 == hand[0] and k2 == hand[1]) or (k1 == hand[1] and k2 == hand[0])):
            first, second = (card(self.R.card_names[k]) for k in hand)
            raise IllegalAction("{player} must place the two cards in hand ({first} and {second}).",
                                player=self.name(seat), first=first, second=second)
        if u1 == u2:
            stuart = self.investors_on and self.holder[STUART] == seat
            if u1 or not stuart:
                raise IllegalAction(N_("{player} must place one card face up and one face down (or, as {investor}, "
                                       "both face down).") if stuart else
                                    N_("{player} must place one card face up and one face down."),
                                    player=self.name(seat), investor=investor("Secretive Stuart"))
        bit = 1 << seat
        self.piles[p1].append((k1, u1, 0 if u1 else bit))
        self.piles[p2].append((k2, u2, 0 if u2 else bit))
        self.hands[seat] = []
        self.queue.pop(0)
        if self.queue:
            self.actor = None
            self._draw_turn()
            return
        self.batch += 1
        if self.batch < self.batches:
            self._start_batch()
        else:
            self._start_demand()
