"""The Stockpile rules: setup, the six phases of a round, and the game end.

A round: information (company tiles and forecast cards dealt), supply (stockpiles built),
demand (the auction), action (Boom and Bust cards), selling, movement (the forecasts move the
stock values). The state is a small machine: ``step`` names what is awaited, and after every
action the state runs on by itself until the next decision or chance event.

Chance is entered one small event at a time: one investor card, one starting stock, one
tile-and-forecast pair, one market card. Face-down pairs beside the board are not dealt at all
until someone looks at them (Mayknow Martha) or they are turned over in the movement phase;
until then nobody knows them, so drawing them late changes no probability.
"""
from __future__ import annotations

import random
from bisect import bisect_right

from ..core import BANK, CHANCE, TERMINAL, Action, Outcome, State
from ..errors import IllegalAction, MalformedAction, NotYourTurn
from . import actions as A
from .data import (ACTION_STEPS, BERNIE, BOOM, BUST, COMPANIES, CRAMER, DEBORAH, DONALD,
                   FORECAST_STEPS, FORECASTS, GRAHAM, INVESTORS, MARK, MARTHA, STUART, WARREN, compile_rules)
from .position import PositionRules
# what the state awaits
from .steps import (ACTION, BID, DEAL_INVESTOR, DEAL_PAIR, DEBORAH_STEP, DIVIDEND, DRAW_HAND,
                    DRAW_PILE, HOLDING, INVESTOR_STEP, KEEP_INVESTORS, OPEN_PAIR, OVER, PLACE,
                    REVEAL, SEE_PAIR, SELL, START_STOCK)
from .steps import IS_CHANCE as _IS_CHANCE

__all__ = ["StockpileState"]

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


class StockpileState(PositionRules, State):
    """One Stockpile position. Read it through ``view``; change it through ``apply``."""

    # ----------------------------------------------------------------- setup
    def __init__(self, game):
        super().__init__(game)
        opts = game.options
        R = self.R = compile_rules(opts["rules_data"])
        self.cidx = {name: i for i, name in enumerate(R.card_names)}
        self.tab = _tables_for(R)
        n = self.n
        self.expert = bool(opts.get("expert_board", False))
        self.investors_on = bool(opts.get("investors", False))
        self.two = n == 2
        self.n_piles = 4 if n == 2 else n
        self.meeples = 2 if n == 2 else 1
        self.pairs_per = 2 if n == 2 else 1
        self.batches = 2 if n == 2 else 1
        self.n_hidden = 2 if n == 2 else 5 - n
        self.rounds = R.data["rounds"][str(n)]
        self.unit = R.data["value_unit"]
        self.tracks = R.expert if self.expert else R.standard
        self.first = int(opts.get("first_player", 0))
        self.order = tuple((self.first + i) % n for i in range(n))
        self.round = 1
        self.phase = "setup"
        self.money = [0] * n
        self.pos = [t.start for t in self.tracks]
        for c in range(6):
            self.mark_value(COMPANIES[c], self.tracks[c].values[self.pos[c]])
        self.deck = list(R.card_counts)
        self.deck_size = sum(self.deck)
        self.discard = [0] * len(self.deck)
        self.hands = [[] for _ in range(n)]
        self.piles = [[] for _ in range(self.n_piles)]
        self.reg = [[0] * 6 for _ in range(n)]
        self.split = [[0] * 6 for _ in range(n)]
        self.pending = [[0, 0] for _ in range(n)]      # Boom, Bust cards to play this round
        self.to_enter = [[0, 0] for _ in range(n)]     # after a Position: regular, split cards to enter
        self.owed = [[] for _ in range(n)]              # trading fee cards not yet paid
        self.start_left = list(range(6))
        self.tiles_left: list[int] = []
        self.fc_left: list[int] = []
        self.ppairs = [[] for _ in range(n)]
        self.open_pair = None
        self.hidden: list = []
        self.revealed: list = []                        # (source, company, forecast) this round
        self.plan: list = []
        self.plan_i = 0
        self.bids: list = [None] * self.n_piles         # (seat, space index) per stockpile
        self.left = [0] * n                             # meeples not on a bid track
        self.pile_i = 0
        self.batch = 0
        self.inv = [()] * n                             # investors kept, per seat
        self.inv_hand = [()] * n                        # investors dealt (secret)
        self.inv_left = list(range(len(INVESTORS)))
        self.holder = [-1] * len(INVESTORS)
        self.used = [False] * len(INVESTORS)            # ability used this round
        self.seen = [()] * n                            # what Martha / Warren saw, for the game
        self.div = None                                 # (company, per card, source)
        self.queue: list = []
        self.actor = None
        self.step = OVER
        self.resume = None
        self.final = None
        self.scores = None
        self.round = 1
        self.phase = "setup"
        if self.investors_on:
            k = 4 if self.two else 2
            self.queue = [s for s in self.order for _ in range(k)]
            self.step = DEAL_INVESTOR
        else:
            amount = R.data["two_player_starting_money" if self.two else "starting_money"]
            for s in self.order:
                self.pay(BANK, s, amount, "starting money", "start")
            self._start_stocks()

    def clone(self) -> "StockpileState":
        new = object.__new__(StockpileState)
        d = self.__dict__.copy()
        d["money"] = self.money[:]
        d["payments"] = self.payments[:]
        d["value_marks"] = self.value_marks[:]
        d["pos"] = self.pos[:]
        d["deck"] = self.deck[:]
        d["discard"] = self.discard[:]
        d["hands"] = [h[:] for h in self.hands]
        d["piles"] = [p[:] for p in self.piles]
        d["reg"] = [r[:] for r in self.reg]
        d["split"] = [r[:] for r in self.split]
        d["pending"] = [r[:] for r in self.pending]
        d["to_enter"] = [r[:] for r in self.to_enter]
        d["owed"] = [r[:] for r in self.owed]
        d["start_left"] = self.start_left[:]
        d["tiles_left"] = self.tiles_left[:]
        d["fc_left"] = self.fc_left[:]
        d["ppairs"] = [r[:] for r in self.ppairs]
        d["hidden"] = self.hidden[:]
        d["revealed"] = self.revealed[:]
        d["plan"] = self.plan[:]
        d["bids"] = self.bids[:]
        d["left"] = self.left[:]
        d["inv"] = self.inv[:]
        d["inv_hand"] = self.inv_hand[:]
        d["inv_left"] = self.inv_left[:]
        d["holder"] = self.holder[:]
        d["used"] = self.used[:]
        d["seen"] = self.seen[:]
        d["queue"] = self.queue[:]
        new.__dict__ = d
        return new

    # ----------------------------------------------------------------- ledger (fast path)
    # ----------------------------------------------------------------- small helpers
    def value(self, company: int) -> int:
        """The company's value on its track (a card sells for this many thousand dollars)."""
        return self.tracks[company].values[self.pos[company]]

    def price(self, company: int) -> int:
        """What one regular card of the company sells for, in dollars."""
        return self.tracks[company].values[self.pos[company]] * self.unit

    def has(self, seat: int, investor: int) -> bool:
        return self.holder[investor] == seat

    def receive(self, seat: int, amount: int, reason: str, kind: str, subject: str = "") -> None:
        """Money from the bank; any unpaid trading fee is paid at once if it now can be."""
        if amount:
            self.pay(BANK, seat, amount, reason, kind, subject)
            if self.owed[seat]:
                self._settle(seat)

    def _settle(self, seat: int) -> None:
        fees = self.R.fee_amounts
        keep = []
        for k in self.owed[seat]:
            if self.money[seat] >= fees[k]:
                self.pay(seat, BANK, fees[k], "trading fee paid late", "fee")
                self.discard[k] += 1
            else:
                keep.append(k)
        self.owed[seat] = keep

    def owed_total(self, seat: int) -> int:
        fees = self.R.fee_amounts
        return sum(fees[k] for k in self.owed[seat])

    def pile_label(self, pile: int) -> str:
        return f"stockpile {pile + 1}"

    def card_census(self) -> list[int]:
        """How many of each market card are anywhere in the game (deck, hands, stockpiles,
        portfolios, unplayed action cards, unpaid fees, discards): always the full deck."""
        census = self.deck[:]
        for k, c in enumerate(self.discard):
            census[k] += c
        for s in range(self.n):
            for k in self.hands[s]:
                census[k] += 1
            for c in range(6):
                census[c] += self.reg[s][c] + self.split[s][c]
            census[self.R.boom] += self.pending[s][0]
            census[self.R.bust] += self.pending[s][1]
            for k in self.owed[s]:
                census[k] += 1
        for pile in self.piles:
            for card in pile:
                census[card[0]] += 1
        return census

    # ----------------------------------------------------------------- the engine contract
    def current_player(self) -> int:
        st = self.step
        if st == OVER:
            return TERMINAL
        if _IS_CHANCE[st]:
            return CHANCE
        return self.actor

    def chance_owner(self):
        st = self.step
        if st in (DEAL_INVESTOR, START_STOCK, DEAL_PAIR, DRAW_HAND, HOLDING):
            return self.queue[0]
        if st == SEE_PAIR:
            return self.actor
        return None

    def outcome(self):
        if self.step != OVER:
            return None
        best = max(self.scores)
        return Outcome(tuple(self.scores), tuple(s for s in range(self.n) if self.scores[s] == best),
                       "most money after the last round")

    def legal_actions(self) -> list[Action]:
        return _LEGAL[self.step](self)

    def chance_entries(self, viewer: int | None) -> list[Action]:
        """The printed cards of the kind to enter: every investor, company, forecast or market
        card kind, less only what is face up (the face-up pair, the pairs turned over this round)
        and, for the player who receives the card, their own cards. Never narrowed by where
        hidden cards are, so the list tells nobody what the others hold or what lies face down."""
        st = self.step
        if not _IS_CHANCE[st]:
            return self.legal_actions()
        mine = viewer is not None and viewer == self.chance_owner()
        if st == DEAL_INVESTOR:
            seat = self.queue[0]
            own = self.inv_hand[seat] if mine else ()
            return [_mk(A.DealInvestor, seat, name) for i, name in enumerate(INVESTORS) if i not in own]
        if st == START_STOCK:
            seat = self.queue[0]
            return [_mk(A.DealStartingStock, seat, name) for name in COMPANIES]
        if st == HOLDING:
            return self._holding_entries(self._holding_companies(self.queue[0], viewer))
        if st == DRAW_PILE or st == DRAW_HAND:
            row = self.tab.draw_pile[self.pile_i] if st == DRAW_PILE else self.tab.draw_card[self.queue[0]]
            return [row[k] for k, printed in enumerate(self.R.card_counts) if printed]
        # a company tile and a forecast card: those face up are out, and so are the owner's own
        known = []
        if self.open_pair is not None:
            known.append(self.open_pair)
        known += [(c, f) for _, c, f in self.revealed]
        if mine:
            known += self.ppairs[viewer]
            known += [(rec[4], rec[5]) for rec in self.seen[viewer]
                      if rec[0] == "pair" and rec[1] == self.round]
        tiles = {c for c, _ in known}
        forecasts = {f for _, f in known}
        if st == OPEN_PAIR:
            make = lambda c, f: _mk(A.RevealOpenPair, c, f)  # noqa: E731
        elif st == DEAL_PAIR:
            seat = self.queue[0]
            make = lambda c, f: _mk(A.DealPair, seat, c, f)  # noqa: E731
        elif st == REVEAL:
            k = self.plan[self.plan_i][1]
            make = lambda c, f: _mk(A.RevealPair, k, c, f)  # noqa: E731
        else:   # SEE_PAIR
            seat, i = self.actor, self.resume[1]
            make = lambda c, f: _mk(A.SeeHiddenPair, seat, i, c, f)  # noqa: E731
        return [make(COMPANIES[c], FORECASTS[f]) for c in range(6) if c not in tiles
                for f in range(6) if f not in forecasts]

    def sample_chance(self, rng: random.Random) -> Action:
        st = self.step
        if st == DRAW_PILE or st == DRAW_HAND:
            r = int(rng.random() * self.deck_size)
            deck = self.deck
            k = 0
            while r >= deck[k]:
                r -= deck[k]
                k += 1
            if st == DRAW_PILE:
                return self.tab.draw_pile[self.pile_i][k]
            return self.tab.draw_card[self.queue[0]][k]
        if st in (OPEN_PAIR, DEAL_PAIR, REVEAL, SEE_PAIR):
            tl, fl = self.tiles_left, self.fc_left
            c = COMPANIES[tl[int(rng.random() * len(tl))]]
            f = FORECASTS[fl[int(rng.random() * len(fl))]]
            if st == OPEN_PAIR:
                return _mk(A.RevealOpenPair, c, f)
            if st == DEAL_PAIR:
                return _mk(A.DealPair, self.queue[0], c, f)
            if st == REVEAL:
                return _mk(A.RevealPair, self.plan[self.plan_i][1], c, f)
            return _mk(A.SeeHiddenPair, self.actor, self.resume[1], c, f)
        if st == START_STOCK:
            c = self.start_left[rng.randrange(len(self.start_left))]
            return _mk(A.DealStartingStock, self.queue[0], COMPANIES[c])
        if st == DEAL_INVESTOR:
            i = self.inv_left[rng.randrange(len(self.inv_left))]
            return _mk(A.DealInvestor, self.queue[0], INVESTORS[i])
        if st == HOLDING:
            return self._sample_holding(rng)
        raise NotYourTurn("No card is to be dealt or drawn now.")

    def apply(self, action: Action) -> None:
        handler = _APPLY.get(type(action))
        if handler is None:
            raise MalformedAction(f"{action!r} is not a Stockpile action.")
        if self.step == OVER:
            from ..errors import GameIsOver
            raise GameIsOver("The game is over; nothing more can be played.")
        handler(self, action)

    # ----------------------------------------------------------------- checks shared by handlers
    def _refuse_step(self, what: str):
        raise IllegalAction(f"{what} is not possible now: {self.awaiting()}.")

    def _check_actor(self, action, what: str) -> int:
        seat = action.seat
        if seat == self.actor and type(seat) is int:
            return seat
        if not _int(seat) or not 0 <= seat < self.n:
            raise MalformedAction(f"{what}: there is no seat {seat!r} in this game.")
        if seat != self.actor:
            raise NotYourTurn(f"{self.name(seat)} cannot act now: {self.awaiting()}.")
        return seat

    def _company(self, name) -> int:
        c = _CO.get(name) if isinstance(name, str) else None
        if c is None:
            raise MalformedAction(f"'{name}' is not a Stockpile company "
                                  f"(the companies are {', '.join(COMPANIES)}).")
        return c

    def _forecast(self, name) -> int:
        f = _FC.get(name) if isinstance(name, str) else None
        if f is None:
            raise MalformedAction(f"'{name}' is not a forecast card (they are {', '.join(FORECASTS)}).")
        return f

    def _card(self, name) -> int:
        k = self.cidx.get(name) if isinstance(name, str) else None
        if k is None:
            raise MalformedAction(f"'{name}' is not a Stockpile market card "
                                  f"(they are {', '.join(self.R.card_names)}).")
        return k

    def _pile(self, pile, what: str) -> int:
        if not _int(pile) or not 0 <= pile < self.n_piles:
            label = pile + 1 if _int(pile) else repr(pile)
            raise IllegalAction(f"{what}: there is no stockpile {label} "
                                f"(stockpiles are numbered 1 to {self.n_piles}).")
        return pile

    def _check_pair(self, company, forecast, what: str) -> tuple[int, int]:
        c, f = self._company(company), self._forecast(forecast)
        if c not in self.tiles_left:
            raise IllegalAction(f"{what}: the {company} tile is already dealt this round; "
                                f"check the tile and enter it again.")
        if f not in self.fc_left:
            raise IllegalAction(f"{what}: the {forecast} forecast card is already dealt this round; "
                                f"check the card and enter it again.")
        return c, f

    def _take_pair(self, c: int, f: int) -> tuple[int, int]:
        self.tiles_left.remove(c)
        self.fc_left.remove(f)
        return (c, f)

    # ----------------------------------------------------------------- setup handlers
    def _legal_deal_investor(self):
        seat = self.queue[0]
        return [_mk(A.DealInvestor, seat, INVESTORS[i]) for i in self.inv_left]

    def _apply_deal_investor(self, a):
        if self.step != DEAL_INVESTOR:
            self._refuse_step("Dealing an investor card")
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn(f"The next investor card goes to {self.name(seat)}, not seat {a.seat!r}.")
        i = _INV.get(a.investor) if isinstance(a.investor, str) else None
        if i is None:
            raise MalformedAction(f"'{a.investor}' is not a Stockpile investor.")
        if i not in self.inv_left:
            raise IllegalAction(f"{a.investor} has already been dealt; check the card and enter it again.")
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
            self._refuse_step("Keeping investors")
        seat = self._check_actor(a, "KeepInvestors")
        want = 2 if self.two else 1
        names = a.investors if isinstance(a.investors, tuple) else ()
        idx = [_INV.get(x) if isinstance(x, str) else None for x in names]
        if len(idx) != want or None in idx or len(set(idx)) != want:
            raise IllegalAction(f"{self.name(seat)} must keep exactly {want} of the investors dealt to "
                                f"them, each named once.")
        for i, name in zip(idx, names):
            if i not in self.inv_hand[seat]:
                raise IllegalAction(f"{self.name(seat)} cannot keep {name}: that investor was not dealt to them.")
        kept = tuple(sorted(idx))
        self.inv[seat] = kept
        self.inv_hand[seat] = ()
        for i in kept:
            self.holder[i] = seat
        caps = self.R.two_player_capitals if self.two else self.R.capitals
        self.pay(BANK, seat, sum(caps[i] for i in kept), "starting capital", "start")
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
            self._refuse_step("Dealing a starting stock")
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn(f"The next starting stock goes to {self.name(seat)}, not seat {a.seat!r}.")
        c = self._company(a.company)
        if c not in self.start_left:
            raise IllegalAction(f"The starting {a.company} stock has already been dealt: "
                                f"each player starts with a different company; check the card and "
                                f"enter it again.")
        self.start_left.remove(c)
        self.deck[c] -= 1
        self.deck_size -= 1
        self.reg[seat][c] += 1
        self.queue.pop(0)
        if not self.queue:
            self.start_left = []   # the rest go back into the market deck (they never left it)
            self._start_round()

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
            self._refuse_step("Laying out the face-up pair")
        c, f = self._check_pair(a.company, a.forecast, "The face-up pair")
        self.open_pair = self._take_pair(c, f)
        self._start_private_deal()

    def _legal_deal_pair(self):
        seat = self.queue[0]
        return self._pairs(lambda c, f: _mk(A.DealPair, seat, c, f))

    def _apply_deal_pair(self, a):
        if self.step != DEAL_PAIR:
            self._refuse_step("Dealing a company tile and forecast card")
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn(f"The next company tile and forecast card go to {self.name(seat)}, "
                              f"not seat {a.seat!r}.")
        c, f = self._check_pair(a.company, a.forecast, f"{self.name(seat)}'s pair")
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
        return [row[k] for k, c in enumerate(self.deck) if c]

    def _draw(self, name) -> int:
        k = self._card(name)
        if not self.deck[k]:
            raise IllegalAction(f"No {name} card is left in the market deck; check the card and "
                                f"enter it again.")
        self.deck[k] -= 1
        self.deck_size -= 1
        return k

    def _apply_draw_pile(self, a):
        if self.step != DRAW_PILE:
            self._refuse_step("Turning a card onto a stockpile")
        if a.pile != self.pile_i:
            given = self.pile_label(a.pile) if _int(a.pile) else repr(a.pile)
            raise IllegalAction(f"The next face-up card goes onto {self.pile_label(self.pile_i)}, "
                                f"not {given}.")
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
        self.step = DRAW_HAND

    def _apply_draw_card(self, a):
        if self.step != DRAW_HAND:
            self._refuse_step("Drawing a market card")
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn(f"The next market card is drawn by {self.name(seat)}, not seat {a.seat!r}.")
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
            self._refuse_step("Placing cards onto stockpiles")
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
                       f"{self.name(seat)} cannot place a card")
        hand = self.hands[seat]
        if not ((k1 == hand[0] and k2 == hand[1]) or (k1 == hand[1] and k2 == hand[0])):
            held = " and ".join(self.R.card_names[k] for k in hand)
            raise IllegalAction(f"{self.name(seat)} must place the two cards in hand ({held}).")
        if u1 == u2:
            stuart = self.investors_on and self.holder[STUART] == seat
            if u1 or not stuart:
                raise IllegalAction(f"{self.name(seat)} must place one card face up and one face down"
                                    + (" (or, as Secretive Stuart, both face down)." if stuart else "."))
        bit = 1 << seat
        self.piles[p1].append((k1, u1, 0 if u1 else bit))
        self.piles[p2].append((k2, u2, 0 if u2 else bit))
        self.hands[seat] = []
        self.queue.pop(0)
        if self.queue:
            self.actor = None
            self.step = DRAW_HAND
            return
        self.batch += 1
        if self.batch < self.batches:
            self._start_batch()
        else:
            self._start_demand()

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
            self._refuse_step("Maverick Mark's move")
        seat = self._check_actor(a, "MoveCard")
        who = self.name(seat)
        if self.holder[MARK] != seat:
            raise IllegalAction(f"{who} is not Maverick Mark and cannot move cards between stockpiles.")
        if self.used[MARK]:
            raise IllegalAction(f"{who} has already moved a card this round (Maverick Mark moves one card a round).")
        fp = self._pile(a.from_pile, f"{who} cannot move a card")
        tp = self._pile(a.to_pile, f"{who} cannot move a card")
        pile = self.piles[fp]
        if not _int(a.position) or not 0 <= a.position < len(pile):
            raise IllegalAction(f"{who} cannot move card {a.position!r} of {self.pile_label(fp)}: "
                                f"it holds {_cards(len(pile))}.")
        if fp == tp:
            raise IllegalAction(f"{who} must move the card to a different stockpile.")
        card = pile.pop(a.position)
        self.piles[tp].append(card)
        self.used[MARK] = True
        self._after_ability()

    def _apply_peek_pile(self, a):
        if self.step not in (INVESTOR_STEP, BID):
            self._refuse_step("Wise Warren's look")
        seat = self._check_actor(a, "PeekStockpile")
        who = self.name(seat)
        if self.holder[WARREN] != seat:
            raise IllegalAction(f"{who} is not Wise Warren and cannot look at face-down cards.")
        if self.used[WARREN]:
            raise IllegalAction(f"{who} has already looked at a stockpile this round.")
        p = self._pile(a.pile, f"{who} cannot look at a stockpile")
        if p not in self._warren_piles():
            raise IllegalAction(f"{self.pile_label(p)} has no face-down card to look at.")
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
            self._refuse_step("Mayknow Martha's look")
        seat = self._check_actor(a, "PeekPair")
        who = self.name(seat)
        if self.holder[MARTHA] != seat:
            raise IllegalAction(f"{who} is not Mayknow Martha and cannot look at others' pairs.")
        if self.used[MARTHA]:
            raise IllegalAction(f"{who} has already looked at a pair this round (once a round).")
        t, i = a.target, a.index
        if t is None:
            if self.n > 4:
                raise IllegalAction(f"With {self.n} players there is no face-down pair beside the board.")
            if not _int(i) or not 0 <= i < self.n_hidden:
                raise IllegalAction(f"{who} cannot look at face-down pair index {i!r}: there are "
                                    f"{self.n_hidden} face-down pairs (indexes 0 to {self.n_hidden - 1}).")
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
                raise MalformedAction(f"PeekPair: there is no seat {t!r} in this game.")
            if t == seat:
                raise IllegalAction(f"{who} already knows her own pair.")
            if not _int(i) or not 0 <= i < len(self.ppairs[t]):
                raise IllegalAction(f"{self.name(t)} has {len(self.ppairs[t])} pair(s), numbered from 0; "
                                    f"there is no pair {i!r}.")
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
            self._refuse_step("Showing Martha a face-down pair")
        seat, i = self.actor, self.resume[1]
        if a.seat != seat or a.index != i:
            raise IllegalAction(f"{self.name(seat)} is looking at face-down pair {i + 1}; "
                                f"enter that pair for her.")
        c, f = self._check_pair(a.company, a.forecast, f"Face-down pair {i + 1}")
        pair = self.hidden[i] = self._take_pair(c, f)
        self._saw_pair(seat, None, i, pair)
        self.step = self.resume[0]
        self.resume = None
        self._after_ability()

    def _apply_pass(self, a):
        st = self.step
        if st not in (INVESTOR_STEP, ACTION, SELL, DEBORAH_STEP):
            self._refuse_step("Passing")
        seat = self._check_actor(a, "Pass")
        if st == INVESTOR_STEP:
            self._next_investor()
        elif st == ACTION:
            if self.pending[seat][0] or self.pending[seat][1]:
                raise IllegalAction(f"{self.name(seat)} must first play every Boom and Bust card "
                                    f"taken this round.")
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
            raise IllegalAction(f"{who} cannot bid {amount!r} on {self.pile_label(p)}: bids are "
                                f"{', '.join(usd(s) for s in spaces)}.")
        i = spaces.index(amount)
        b = bids[p]
        if b is not None:
            if b[0] == seat:
                raise IllegalAction(f"{who} cannot bid on {self.pile_label(p)}: "
                                    f"{who}'s own meeple is already on that track.")
            if i <= b[1]:
                raise IllegalAction(f"{who} cannot bid {usd(amount)} on {self.pile_label(p)}: "
                                    f"{self.name(b[0])} already bid {usd(spaces[b[1]])} there, and a bid "
                                    f"must go higher.")
        if amount > cash:
            if self.two and cash != self.money[seat]:
                raise IllegalAction(f"{who} cannot bid {usd(amount)} on {self.pile_label(p)}: together "
                                    f"with the other bid of {usd(self.money[seat] - cash)} that is more "
                                    f"than the {usd(self.money[seat])} {who} has.")
            raise IllegalAction(f"{who} cannot bid {usd(amount)} on {self.pile_label(p)}: "
                                f"{who} has only {usd(self.money[seat])}.")
        return i

    def _apply_bid(self, a):
        if self.step != BID:
            self._refuse_step("Bidding")
        seat = self._check_actor(a, "PlaceBid")
        p = self._pile(a.pile, f"{self.name(seat)} cannot bid")
        i = self._check_bid(seat, p, a.amount, self.bids, self._cash_for_bid(seat))
        prev = self.bids[p]
        if prev is not None:
            self.left[prev[0]] += 1
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
            self._refuse_step("Entering an auction result")
        self._check_actor(a, "AuctionResult")
        if not all(b is None for b in self.bids):
            raise IllegalAction("The auction result can only be entered before any bid is placed; "
                                "bids are already on the tracks, so continue bid by bid.")
        piles = a.piles
        if (not isinstance(piles, tuple) or len(piles) != self.n_piles
                or not all(isinstance(x, tuple) and len(x) == 2 for x in piles)):
            raise MalformedAction(f"An auction result lists, for each of the {self.n_piles} stockpiles in order, "
                                  f"(seat, amount) of the player who took it.")
        spaces = self.R.bid_spaces
        bids = [None] * self.n_piles
        taken = [0] * self.n
        for p, (s, amount) in enumerate(piles):
            if not _int(s) or not 0 <= s < self.n:
                raise MalformedAction(f"Auction result: there is no seat {s!r} to take {self.pile_label(p)}.")
            taken[s] += 1
            if taken[s] > self.meeples:
                raise IllegalAction(f"{self.name(s)} has {_cards(self.meeples, 'meeple')} and cannot take "
                                    f"{'more than ' + str(self.meeples) if self.meeples > 1 else 'more than one'}"
                                    f" stockpile{'s' if self.meeples > 1 else ''}.")
            cash = self.money[s]
            if self.two:
                cash -= sum(spaces[b[1]] for b in bids if b is not None and b[0] == s)
            bids[p] = (s, self._check_bid(s, p, amount, bids, cash))
        for s in range(self.n):
            if taken[s] != self.meeples:
                raise IllegalAction(f"Every player takes {'two stockpiles' if self.meeples == 2 else 'one stockpile'}; "
                                    f"{self.name(s)} takes {taken[s]}.")
        self.bids = bids
        self.left = [0] * self.n
        self._resolve_auction()

    def _resolve_auction(self):
        spaces = self.R.bid_spaces
        won = [[] for _ in range(self.n)]
        for p, (s, i) in enumerate(self.bids):
            won[s].append((p, i))
        donald = self.holder[DONALD]
        for s in self.order:
            for p, i in won[s]:
                amount = spaces[i]
                if s == donald and i > 0:
                    amount = spaces[i - 1]
                self.pay(s, BANK, amount, f"bid for {self.pile_label(p)}", "bid")
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
                fees.sort(key=fees_of.__getitem__)
                if s == bernie:
                    for k in fees:
                        self.discard[k] += 1
                        self.receive(s, fees_of[k], "trading fee paid as a bonus (Broker Bernie)", "bonus")
                else:
                    for k in fees:
                        if self.money[s] >= fees_of[k]:
                            self.pay(s, BANK, fees_of[k], "trading fee", "fee")
                            self.discard[k] += 1
                        else:
                            self.owed[s].append(k)
        self.piles = [[] for _ in range(self.n_piles)]
        self.bids = [None] * self.n_piles
        self._start_action()

    # ----------------------------------------------------------------- action phase
    def _start_action(self):
        self.phase = "action"
        cramer = self.holder[CRAMER]
        self.queue = [s for s in self.order
                      if self.pending[s][0] or self.pending[s][1] or s == cramer]
        if self.queue:
            self.actor = self.queue[0]
            self.step = ACTION
        else:
            self._start_selling()

    def _next_action(self):
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
        else:
            self._start_selling()

    def _legal_action(self):
        seat = self.actor
        out = []
        pend = self.pending[seat]
        if pend[0]:
            out += self.tab.boom[seat]
        if pend[1]:
            out += self.tab.bust[seat]
        if self.holder[CRAMER] == seat and not self.used[CRAMER]:
            out += self.tab.cramer[seat]
        if not pend[0] and not pend[1]:
            out.append(self.tab.pass_[seat])
        return out

    def _action_done(self, seat):
        pend = self.pending[seat]
        if not pend[0] and not pend[1] and (self.holder[CRAMER] != seat or self.used[CRAMER]):
            self._next_action()

    def _apply_action_card(self, a):
        if self.step != ACTION:
            self._refuse_step("Playing a Boom or Bust card")
        seat = self._check_actor(a, "PlayActionCard")
        k = self._card(a.card)
        if k == self.R.boom:
            slot, steps = 0, ACTION_STEPS[BOOM]
        elif k == self.R.bust:
            slot, steps = 1, ACTION_STEPS[BUST]
        else:
            raise IllegalAction(f"{a.card} is not an action card; only Boom and Bust are played.")
        if not self.pending[seat][slot]:
            raise IllegalAction(f"{self.name(seat)} has no {a.card} card to play this round.")
        c = self._company(a.company)
        self.pending[seat][slot] -= 1
        self.discard[k] += 1
        self.move(c, steps)
        self._action_done(seat)

    def _apply_cramer(self, a):
        if self.step != ACTION:
            self._refuse_step("Crazy Cramer's move")
        seat = self._check_actor(a, "CramerMove")
        who = self.name(seat)
        if self.holder[CRAMER] != seat:
            raise IllegalAction(f"{who} is not Crazy Cramer and cannot move a stock by one.")
        if self.used[CRAMER]:
            raise IllegalAction(f"{who} has already moved a stock this round (Crazy Cramer moves one a round).")
        if a.steps not in (1, -1) or not _int(a.steps):
            raise IllegalAction(f"Crazy Cramer moves a stock exactly one space: steps must be 1 or -1, not {a.steps!r}.")
        c = self._company(a.company)
        self.used[CRAMER] = True
        self.move(c, a.steps)
        self._action_done(seat)

    # ----------------------------------------------------------------- stock movement
    def move(self, c: int, steps: int) -> None:
        """Move company ``c`` by ``steps`` spaces, with splits, bankruptcy and $ spaces."""
        track = self.tracks[c]
        p = self.pos[c]
        if steps > 0:
            last, dollars = track.last, track.dollars
            for _ in range(steps):
                if p == last:
                    self._split(c)
                    p = track.split
                else:
                    p += 1
                    if dollars[p]:
                        self._dollar_space(c, dollars[p])
        else:
            for _ in range(-steps):
                if p == 0:
                    self._bankrupt(c)
                    p = track.start
                    break
                p -= 1
        self.pos[c] = p
        self.mark_value(COMPANIES[c], track.values[p])

    def _split(self, c: int) -> None:
        bonus = self.R.data["split_bonus"]
        name = COMPANIES[c]
        for s in self.order:
            if self.split[s][c]:
                self.receive(s, bonus * self.split[s][c], f"{name} split: bonus for split cards", "split", name)
        for s in range(self.n):
            self.split[s][c] += self.reg[s][c]
            self.reg[s][c] = 0

    def _bankrupt(self, c: int) -> None:
        for s in range(self.n):
            self.discard[c] += self.reg[s][c] + self.split[s][c]
            self.reg[s][c] = self.split[s][c] = 0

    def _dollar_space(self, c: int, signs: int) -> None:
        rate = self.R.data["dollar_space"] * signs
        name = COMPANIES[c]
        for s in self.order:
            k = self.reg[s][c] + 2 * self.split[s][c]
            if k:
                self.receive(s, rate * k, f"{name} {'$' * signs} space", "dividend", name)

    # ----------------------------------------------------------------- selling phase
    def _start_selling(self):
        self.phase = "selling"
        self.queue = list(self.order)
        self.actor = self.queue[0]
        self.step = SELL

    def _legal_sell(self):
        seat = self.actor
        out = []
        reg, split = self.reg[seat], self.split[seat]
        row = self.tab.sell[seat]
        for c in range(6):
            if reg[c]:
                out.append(row[c][0])
            if split[c]:
                out += row[c][1:]
        out.append(self.tab.pass_[seat])
        return out

    def _apply_sell(self, a):
        if self.step != SELL:
            self._refuse_step("Selling stock")
        seat = self._check_actor(a, "SellStock")
        c = self._company(a.company)
        who, name = self.name(seat), COMPANIES[c]
        if not isinstance(a.split, bool):
            raise MalformedAction("SellStock: 'split' must be true or false.")
        v = self.price(c)
        if a.split:
            if not self.split[seat][c]:
                raise IllegalAction(f"{who} cannot sell a split {name} card: {who} has none.")
            self.split[seat][c] -= 1
            shares = 2
        else:
            if not self.reg[seat][c]:
                raise IllegalAction(f"{who} cannot sell {name}: {who} has no regular {name} card"
                                    + (" (a split card is sold with split true, or half of it with SellHalfSplit)."
                                       if self.split[seat][c] else "."))
            self.reg[seat][c] -= 1
            shares = 1
        self.discard[c] += 1
        self.receive(seat, shares * v, f"sold {'a split ' if a.split else ''}{name}", "sale", name)
        if self.has(seat, GRAHAM):
            self.receive(seat, shares * self.R.data["graham_bonus"], "Golden Graham bonus on a sale",
                         "bonus", name)

    def _apply_sell_half(self, a):
        if self.step != SELL:
            self._refuse_step("Selling half of a split card")
        seat = self._check_actor(a, "SellHalfSplit")
        c = self._company(a.company)
        who, name = self.name(seat), COMPANIES[c]
        if not self.split[seat][c]:
            raise IllegalAction(f"{who} cannot sell half of a split {name} card: {who} has none.")
        self.split[seat][c] -= 1
        self.reg[seat][c] += 1
        self.receive(seat, self.price(c), f"sold half of a split {name}", "sale", name)
        if self.has(seat, GRAHAM):
            self.receive(seat, self.R.data["graham_bonus"], "Golden Graham bonus on a sale", "bonus", name)

    # ----------------------------------------------------------------- movement phase
    def _start_movement(self):
        self.phase = "movement"
        plan = [("player", s, i) for s in self.order for i in range(self.pairs_per)]
        if self.open_pair is not None:
            plan.append(("open", 0))
        plan += [("hidden", k) for k in range(self.n_hidden)]
        self.plan = plan
        self.plan_i = 0
        self.actor = None
        self._next_move()

    def _next_move(self):
        plan = self.plan
        while self.plan_i < len(plan):
            item = plan[self.plan_i]
            kind = item[0]
            if kind == "player":
                pair = self.ppairs[item[1]][item[2]]
            elif kind == "open":
                pair = self.open_pair
            else:
                pair = self.hidden[item[1]]
                if pair is None:
                    if len(self.tiles_left) == 1:
                        pair = self.hidden[item[1]] = self._take_pair(self.tiles_left[0], self.fc_left[0])
                    else:
                        self.actor = None
                        self.step = REVEAL
                        return
            self.plan_i += 1
            self.revealed.append((item, pair[0], pair[1]))
            steps = FORECAST_STEPS[pair[1]]
            if steps is None:
                self._start_dividend(pair[0], self.R.data["dividend"], "forecast")
                return
            self.move(pair[0], steps)
        self._end_round()

    def _legal_reveal(self):
        k = self.plan[self.plan_i][1]
        return self._pairs(lambda c, f: _mk(A.RevealPair, k, c, f))

    def _apply_reveal(self, a):
        if self.step != REVEAL:
            self._refuse_step("Turning over a face-down pair")
        k = self.plan[self.plan_i][1]
        if a.index != k:
            raise IllegalAction(f"Face-down pair {k + 1} (index {k}) is the one to turn over now, "
                                f"not index {a.index!r}.")
        c, f = self._check_pair(a.company, a.forecast, f"Face-down pair {k + 1}")
        self.hidden[k] = self._take_pair(c, f)
        self._next_move()

    def _start_dividend(self, c: int, rate: int, source: str):
        self.div = (c, rate, source)
        self.queue = list(self.order)
        self.actor = self.queue[0]
        self.step = DIVIDEND

    def _legal_dividend(self):
        seat = self.actor
        c = self.div[0]
        name = COMPANIES[c]
        return [_mk(A.CollectDividend, seat, name, r, s)
                for r in range(self.reg[seat][c] + 1) for s in range(self.split[seat][c] + 1)]

    def _apply_dividend(self, a):
        if self.step != DIVIDEND:
            self._refuse_step("Collecting a dividend")
        seat = self._check_actor(a, "CollectDividend")
        c, rate, source = self.div
        who, name = self.name(seat), COMPANIES[c]
        if self._company(a.company) != c:
            raise IllegalAction(f"The dividend now is paid by {name}, not {a.company}.")
        r, s = a.regular, a.split
        if not _int(r) or not _int(s) or r < 0 or s < 0:
            raise MalformedAction("CollectDividend: the numbers of cards revealed must be whole numbers, 0 or more.")
        if r > self.reg[seat][c] or s > self.split[seat][c]:
            raise IllegalAction(f"{who} cannot reveal {_cards(r, 'regular card')} and {_cards(s, 'split card')} "
                                f"of {name}: {who} does not hold that many.")
        why = "dividend" if source == "forecast" else "dividend declared by Dividend Deborah"
        self.receive(seat, rate * (r + 2 * s), f"{name} {why}", "dividend", name)
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
            return
        self.div = None
        if source == "forecast":
            self._next_move()
        else:
            self._finish_round()

    # ----------------------------------------------------------------- end of round, end of game
    def _end_round(self):
        d = self.holder[DEBORAH]
        if d >= 0:
            self.phase = "round end"
            self.actor = d
            self.step = DEBORAH_STEP
            return
        self._finish_round()

    def _legal_deborah(self):
        seat = self.actor
        return self.tab.declare[seat] + [self.tab.pass_[seat]]

    def _apply_declare(self, a):
        if self.step != DEBORAH_STEP:
            self._refuse_step("Declaring a dividend")
        self._check_actor(a, "DeclareDividend")
        c = self._company(a.company)
        self._start_dividend(c, self.R.data["deborah_dividend"], "deborah")

    def _finish_round(self):
        if self.round >= self.rounds:
            self._end_game()
            return
        self.round += 1
        self.first = (self.first + 1) % self.n
        self.order = tuple((self.first + i) % self.n for i in range(self.n))
        self._start_round()

    def _end_game(self):
        self.phase = "game end"
        self.actor = None
        data = self.R.data
        self.final = [(tuple(self.reg[s]), tuple(self.split[s])) for s in range(self.n)]
        for c in range(6):
            counts = [self.reg[s][c] + 2 * self.split[s][c] for s in range(self.n)]
            top = max(counts)
            if not top:
                continue
            tied = [s for s in self.order if counts[s] == top]
            if len(tied) == 1:
                self.receive(tied[0], data["majority_bonus"], f"majority holder of {COMPANIES[c]}", "bonus",
                             COMPANIES[c])
            else:
                for s in tied:
                    self.receive(s, data["tied_majority_bonus"], f"tied majority holder of {COMPANIES[c]}",
                                 "bonus", COMPANIES[c])
        graham = self.holder[GRAHAM]
        for s in self.order:
            for c in range(6):
                shares = self.reg[s][c] + 2 * self.split[s][c]
                if shares:
                    self.receive(s, shares * self.price(c), f"final sale of {COMPANIES[c]}", "sale", COMPANIES[c])
                    if s == graham:
                        self.receive(s, shares * data["graham_bonus"], "Golden Graham bonus on a sale",
                                     "bonus", COMPANIES[c])
                self.discard[c] += self.reg[s][c] + self.split[s][c]
                self.reg[s][c] = self.split[s][c] = 0
        self.scores = [self.money[s] - self.owed_total(s) for s in range(self.n)]
        self.phase = "game over"
        self.step = OVER

    # ----------------------------------------------------------------- words
    def awaiting(self) -> str:
        """What the game waits for, in words (safe for the public table)."""
        st = self.step
        if st == OVER:
            return "the game is over"
        a = self.name(self.actor) if self.actor is not None else None
        q = self.name(self.queue[0]) if self.queue and st in (DEAL_INVESTOR, START_STOCK, DEAL_PAIR,
                                                              DRAW_HAND, HOLDING) else None
        return {
            DEAL_INVESTOR: f"an investor card is to be dealt to {q}",
            KEEP_INVESTORS: f"{a} is to choose which investor{'s' if self.two else ''} to keep",
            START_STOCK: f"a starting stock is to be dealt to {q}",
            OPEN_PAIR: "the face-up company tile and forecast card are to be laid out",
            DEAL_PAIR: f"a company tile and forecast card are to be dealt to {q}",
            DRAW_PILE: f"a market card is to be turned face up onto {self.pile_label(self.pile_i)}",
            DRAW_HAND: f"{q} is to draw a market card",
            PLACE: f"{a} is to place two cards onto the stockpiles",
            INVESTOR_STEP: f"{a} may use an investor ability before the auction",
            BID: f"it is {a}'s turn to bid",
            SEE_PAIR: f"{a} is looking at a face-down pair",
            ACTION: f"{a} is to play action cards",
            SELL: f"{a} is selling",
            REVEAL: "a face-down pair is to be turned over",
            DIVIDEND: f"{a} is to reveal cards for the {COMPANIES[self.div[0]]} dividend" if self.div else "",
            DEBORAH_STEP: f"{a} (Dividend Deborah) may declare a dividend",
            HOLDING: f"{q} is to enter a face-down card of their portfolio",
        }[st]

    def hint(self) -> str:
        return self.awaiting()

    def describe(self, action: Action) -> str:
        try:
            return _describe(self, action)
        except Exception:  # a malformed action still gets a readable name
            return type(action).__name__

    def describe_hidden(self, action: Action) -> str:
        t = type(action)
        who = self.name(action.secret_to)
        if t is A.DealInvestor:
            return f"{who} is dealt an investor card"
        if t is A.DealStartingStock:
            return f"{who} is dealt a starting stock"
        if t is A.DealPair:
            return f"{who} is dealt a company tile and a forecast card"
        if t is A.DrawCard:
            return f"{who} draws a market card"
        if t is A.SeeHiddenPair:
            return f"{who} looks at face-down pair {action.index + 1}"
        if t is A.DealHolding:
            return f"{who} enters a face-down card of their portfolio"
        if t is A.PlaceCards:
            parts = []
            for card, pile, up in action.placements:
                where = self.pile_label(pile) if _int(pile) else str(pile)
                parts.append(f"{card} face up on {where}" if up else f"a card face down on {where}")
            return f"{who} places " + " and ".join(parts)
        return f"{who}: a secret entry"

    # ----------------------------------------------------------------- views
    def view(self, seat):
        R = self.R
        names = R.card_names
        over = self.step == OVER
        players = []
        for s in range(self.n):
            p = {
                "name": self.name(s),
                "money": self.money[s],
                "holdings": {"stock_cards": sum(self.reg[s]) + sum(self.pending[s]),
                             "split_cards": sum(self.split[s])},
                "owed": self.owed_total(s),
                "unpaid_fees": [names[k] for k in self.owed[s]],
                "investors": [INVESTORS[i] for i in self.inv[s]],
                "hand": len(self.hands[s]),
                "meeples_waiting": self.left[s] if self.step == BID else 0,
            }
            if over:
                reg, split = self.final[s]
                p["holdings"] = {"regular": {COMPANIES[c]: reg[c] for c in range(6) if reg[c]},
                                 "split": {COMPANIES[c]: split[c] for c in range(6) if split[c]}}
                p["score"] = self.scores[s]
            players.append(p)
        piles = []
        for p, pile in enumerate(self.piles):
            b = self.bids[p]
            piles.append({
                "cards": [{"card": names[k]} if up else {"face_down": True} for k, up, _ in pile],
                "bid": None if b is None else {"seat": b[0], "amount": R.bid_spaces[b[1]]},
            })
        revealed = []
        for item, c, f in self.revealed:
            if item[0] == "player":
                src = self.name(item[1])
            elif item[0] == "open":
                src = "face-up pair"
            else:
                src = f"face-down pair {item[1] + 1}"
            revealed.append({"from": src, "company": COMPANIES[c], "forecast": FORECASTS[f]})
        board = {
            "expert_board": self.expert,
            "investors": self.investors_on,
            "positions": {COMPANIES[c]: self.pos[c] for c in range(6)},
            "tracks": {COMPANIES[c]: list(self.tracks[c].values) for c in range(6)},
            "stockpiles": piles,
            "bid_spaces": list(R.bid_spaces),
            "open_pair": None if self.open_pair is None else
            {"company": COMPANIES[self.open_pair[0]], "forecast": FORECASTS[self.open_pair[1]]},
            "face_down_pairs": 0 if self.phase in ("setup", "game over") else
            self.n_hidden - sum(1 for r in self.revealed if r[0][0] == "hidden"),
            "revealed_pairs": revealed,
            "deck": self.deck_size,
            "discard": sum(self.discard),
            "dividend": None if self.div is None else
            {"company": COMPANIES[self.div[0]], "per_card": self.div[1]},
        }
        out = {
            "title": "Stockpile",
            "round": self.round,
            "rounds": self.rounds,
            "phase": self.phase,
            "first_player": self.first,
            "to_act": self.current_player() if self.current_player() >= 0 else None,
            "players": players,
            "stocks": {COMPANIES[c]: self.value(c) for c in range(6)},
            "board": board,
            "log_hint": self.awaiting(),
        }
        if seat is not None:
            out["private"] = self._private(seat)
        return out

    def _private(self, seat: int) -> dict:
        names = self.R.card_names
        bit = 1 << seat
        known = []
        for p, pile in enumerate(self.piles):
            for i, (k, up, mask) in enumerate(pile):
                if not up and mask & bit:
                    known.append({"stockpile": p, "position": i, "card": names[k]})
        seen = []
        for rec in self.seen[seat]:
            if rec[0] == "pair":
                _, rnd, target, index, c, f = rec
                seen.append({"round": rnd, "what": "pair",
                             "whose": self.name(target) if target is not None else f"face-down pair {index + 1}",
                             "index": index, "company": COMPANIES[c], "forecast": FORECASTS[f]})
            else:
                _, rnd, p, cards = rec
                seen.append({"round": rnd, "what": "stockpile", "stockpile": p, "face_down_cards": list(cards)})
        return {
            "pairs": [{"company": COMPANIES[c], "forecast": FORECASTS[f]} for c, f in self.ppairs[seat]],
            "hand": [names[k] for k in self.hands[seat]],
            "portfolio": {COMPANIES[c]: self.reg[seat][c] for c in range(6) if self.reg[seat][c]},
            "split_portfolio": {COMPANIES[c]: self.split[seat][c] for c in range(6) if self.split[seat][c]},
            "action_cards": {"Boom": self.pending[seat][0], "Bust": self.pending[seat][1]},
            "investor_cards": [INVESTORS[i] for i in self.inv_hand[seat]],
            "known_face_down": known,
            "seen": seen,
        }


_place_cache: dict = {}


def _describe(st: StockpileState, a: Action) -> str:
    t = type(a)
    name = st.name
    if t is A.Position:
        return st._describe_position(a)
    if t is A.Correction:
        return st._describe_correction(a)
    if t is A.DealHolding:
        card = f"split {a.company}" if a.split else str(a.company)
        return f"{name(a.seat)} holds {'an' if card[:1] in 'AEIOU' else 'a'} {card} card"
    if t is A.DealInvestor:
        return f"{name(a.seat)} is dealt {a.investor}"
    if t is A.KeepInvestors:
        return f"{name(a.seat)} keeps {' and '.join(a.investors)}"
    if t is A.DealStartingStock:
        return f"{name(a.seat)} is dealt a starting {a.company} stock"
    if t is A.RevealOpenPair:
        return f"Face-up pair: {a.company} {a.forecast}"
    if t is A.DealPair:
        return f"{name(a.seat)} is dealt {a.company} {a.forecast}"
    if t is A.DrawToStockpile:
        return f"{a.card} is turned face up onto {st.pile_label(a.pile)}"
    if t is A.DrawCard:
        return f"{name(a.seat)} draws {a.card}"
    if t is A.PlaceCards:
        parts = [f"{card} face {'up' if up else 'down'} on {st.pile_label(pile)}"
                 for card, pile, up in a.placements]
        return f"{name(a.seat)} places " + " and ".join(parts)
    if t is A.MoveCard:
        return (f"{name(a.seat)} (Maverick Mark) moves card {a.position + 1} of {st.pile_label(a.from_pile)} "
                f"onto {st.pile_label(a.to_pile)}")
    if t is A.PeekStockpile:
        return f"{name(a.seat)} (Wise Warren) looks at the face-down cards of {st.pile_label(a.pile)}"
    if t is A.PeekPair:
        if a.target is None:
            return f"{name(a.seat)} (Mayknow Martha) looks at face-down pair {a.index + 1}"
        return f"{name(a.seat)} (Mayknow Martha) looks at {name(a.target)}'s pair"
    if t is A.SeeHiddenPair:
        return f"{name(a.seat)} sees face-down pair {a.index + 1}: {a.company} {a.forecast}"
    if t is A.PlaceBid:
        return f"{name(a.seat)} bids {usd(a.amount)} on {st.pile_label(a.pile)}"
    if t is A.AuctionResult:
        return "Auction result: " + "; ".join(
            f"{name(s)} takes {st.pile_label(p)} for {usd(amount)}" for p, (s, amount) in enumerate(a.piles))
    if t is A.PlayActionCard:
        return f"{name(a.seat)} plays {a.card} on {a.company}"
    if t is A.CramerMove:
        return f"{name(a.seat)} (Crazy Cramer) moves {a.company} {'up' if a.steps > 0 else 'down'} one space"
    if t is A.SellStock:
        c = _CO[a.company]
        v = st.price(c) * (2 if a.split else 1)
        return f"{name(a.seat)} sells {'a split ' if a.split else ''}{a.company} for {usd(v)}"
    if t is A.SellHalfSplit:
        return f"{name(a.seat)} sells half of a split {a.company} for {usd(st.price(_CO[a.company]))}"
    if t is A.RevealPair:
        return f"Face-down pair {a.index + 1} is turned over: {a.company} {a.forecast}"
    if t is A.CollectDividend:
        if not a.regular and not a.split:
            return f"{name(a.seat)} reveals no {a.company} card"
        parts = [_cards(a.regular, "card")] if a.regular else []
        if a.split:
            parts.append(_cards(a.split, "split card"))
        rate = st.div[1] if st.div else 0
        return (f"{name(a.seat)} reveals {' and '.join(parts)} of {a.company} and collects "
                f"{usd(rate * (a.regular + 2 * a.split))}")
    if t is A.DeclareDividend:
        return f"{name(a.seat)} (Dividend Deborah) declares a dividend on {a.company}"
    if t is A.Pass:
        if st.step == SELL:
            return f"{name(a.seat)} is done selling"
        if st.step == ACTION:
            return f"{name(a.seat)} is done with the action phase"
        if st.step == DEBORAH_STEP:
            return f"{name(a.seat)} (Dividend Deborah) declares no dividend"
        return f"{name(a.seat)} passes"
    return t.__name__


S = StockpileState
_LEGAL = {
    DEAL_INVESTOR: S._legal_deal_investor, KEEP_INVESTORS: S._legal_keep, START_STOCK: S._legal_start_stock,
    OPEN_PAIR: S._legal_open_pair, DEAL_PAIR: S._legal_deal_pair, DRAW_PILE: S._legal_draw,
    DRAW_HAND: S._legal_draw, PLACE: S._legal_place, INVESTOR_STEP: S._legal_investor_step,
    BID: S._legal_bid, SEE_PAIR: S._legal_see_pair, ACTION: S._legal_action, SELL: S._legal_sell,
    REVEAL: S._legal_reveal, DIVIDEND: S._legal_dividend, DEBORAH_STEP: S._legal_deborah,
    OVER: lambda self: [], HOLDING: S._legal_holding,
}
_APPLY = {
    A.DealInvestor: S._apply_deal_investor, A.KeepInvestors: S._apply_keep,
    A.DealStartingStock: S._apply_start_stock, A.RevealOpenPair: S._apply_open_pair,
    A.DealPair: S._apply_deal_pair, A.DrawToStockpile: S._apply_draw_pile, A.DrawCard: S._apply_draw_card,
    A.PlaceCards: S._apply_place, A.MoveCard: S._apply_move_card, A.PeekStockpile: S._apply_peek_pile,
    A.PeekPair: S._apply_peek_pair, A.SeeHiddenPair: S._apply_see_pair, A.PlaceBid: S._apply_bid,
    A.AuctionResult: S._apply_auction_result, A.PlayActionCard: S._apply_action_card,
    A.CramerMove: S._apply_cramer, A.SellStock: S._apply_sell, A.SellHalfSplit: S._apply_sell_half,
    A.RevealPair: S._apply_reveal, A.CollectDividend: S._apply_dividend,
    A.DeclareDividend: S._apply_declare, A.Pass: S._apply_pass,
    A.Position: S._apply_position, A.DealHolding: S._apply_holding, A.Correction: S._apply_correction,
}
del S
