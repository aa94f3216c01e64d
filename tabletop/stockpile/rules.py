"""The Stockpile rules: setup, the six phases of a round, and the game end.

A round: information (company tiles and forecast cards dealt), supply (stockpiles built),
demand (the auction), action (Boom and Bust cards), selling, movement (the forecasts move the
stock values). The state is a small machine: ``step`` names what is awaited, and after every
action the state runs on by itself until the next decision or chance event.

Chance is entered one small event at a time: one investor card, one starting stock, one
tile-and-forecast pair, one market card. Face-down pairs beside the board are not dealt at all
until someone looks at them (Mayknow Martha) or they are turned over in the movement phase;
until then nobody knows them, so drawing them late changes no probability.

The handlers live by phase in mixin modules that this one imports (never the reverse):
``setup`` (investors, starting stocks), ``market`` (information and supply), ``demand``
(investor abilities, the auction), ``play`` (action, selling, movement, dividends, the end),
``words`` (awaiting, the log, views) and ``position`` (starting from a position, corrections);
``steps`` names the steps and ``common`` holds the small shared helpers. This module keeps the
state itself, the engine contract (whose turn, legal actions, chance entries) and the dispatch.
"""
from __future__ import annotations

import random

from ..core import BANK, CHANCE, TERMINAL, Action, Event, Outcome, State
from ..errors import IllegalAction, MalformedAction, NotYourTurn
from ..i18n import N_
from . import actions as A
from .common import _CO, _FC, _int, _mk, _tables_for, card, listed, words
from .common import company as company_term
from .data import COMPANIES, FORECASTS, INVESTORS, compile_rules
from .demand import DemandRules
from .market import MarketRules
from .play import PlayRules
from .position import PositionRules
from .setup import SetupRules
from .steps import (ACTION, BID, DEAL_INVESTOR, DEAL_PAIR, DEBORAH_STEP, DIVIDEND, DRAW_HAND, REENTER,
                    DRAW_PILE, HOLDING, INVESTOR_STEP, KEEP_INVESTORS, OPEN_PAIR, OVER, PLACE,
                    REVEAL, SEE_PAIR, SELL, START_STOCK)
from .steps import IS_CHANCE as _IS_CHANCE
from .words import WordsRules

__all__ = ["StockpileState"]


class StockpileState(SetupRules, MarketRules, DemandRules, PlayRules, WordsRules, PositionRules, State):
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
        # issue 28: an entry that names a starting stock, an investor or a pair part the match
        # gave another player takes it from them (a refusal would tell where it is); they then
        # hold one the match no longer knows and enter it again (``REENTER``, ``_keep``)
        self.start_of: list = [None] * n                # each seat's starting stock
        self.start_spare: list[int] = []                # the starting stocks nobody was dealt
        self.lost_start = [0] * n                       # starting stocks to enter again
        self.inv_lost = [0] * n                         # investors dealt, to name when keeping
        self.resume_after = None                        # after a REENTER: "draw" or "move"
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
        self.div = None                                 # (company, per card, source, first ledger entry)
        self.queue: list = []
        self.actor = None
        self.step = OVER
        self.resume = None
        self.final = None
        self.scores = None
        if self.investors_on:
            k = 4 if self.two else 2
            self.queue = [s for s in self.order for _ in range(k)]
            self.step = DEAL_INVESTOR
        else:
            amount = R.data["two_player_starting_money" if self.two else "starting_money"]
            for s in self.order:
                self.pay(BANK, s, amount, words(N_("starting money")), "start")
            self._start_stocks()

    def clone(self) -> "StockpileState":
        new = object.__new__(StockpileState)
        d = self.__dict__.copy()
        d["money"] = self.money[:]
        d["payments"] = self.payments[:]
        d["value_marks"] = self.value_marks[:]
        d["_told"] = self._told[:]
        d["_made"] = self._made[:]
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
        d["start_of"] = self.start_of[:]
        d["start_spare"] = self.start_spare[:]
        d["lost_start"] = self.lost_start[:]
        d["inv_lost"] = self.inv_lost[:]
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

    # ----------------------------------------------------------------- events
    # Every automatic consequence is told to the table (``EVENT_KINDS`` in words.py). While the
    # game is played only the facts are kept, as cheaply as they come (a game tells about 100
    # events and simulations play millions of games); they take ``Event`` form when read.
    @property
    def events(self) -> list[Event]:
        """Every event so far (read it; ``announce`` adds to it)."""
        told, made = self._told, self._made
        if self._read < len(told):
            for rnd, phase, kind, make, facts in told[self._read:]:
                if kind is None:            # one record of several events: make gives (kind, params) each
                    made += [Event(rnd, phase, k, params) for k, params in make(self, *facts)]
                else:
                    made.append(Event(rnd, phase, kind, make(self, *facts) if make else facts))
            self._read = len(told)
        return made

    @events.setter
    def events(self, events) -> None:
        self._made = list(events)
        self._told = [(e.round, e.phase, e.kind, None, e.params) for e in self._made]
        self._read = len(self._told)

    def announce(self, kind: str, **params) -> None:
        self._told.append((self.round, self.phase, kind, None, tuple(params.items())))

    def _tell(self, kind: str, *params: tuple) -> None:
        """``announce`` with the (name, value) pairs given as they are."""
        self._told.append((self.round, self.phase, kind, None, params))

    def _tell_later(self, kind: str | None, make, *facts) -> None:
        """An event whose (name, value) pairs ``make(state, *facts)`` builds when it is read (with
        ``kind`` None, several events: ``make`` gives (kind, pairs) for each). The facts must be
        values of now that nothing changes later, and ``make`` read only what a game never
        changes (the rules data, the tracks) or only adds to (the ledger, the value history)."""
        self._told.append((self.round, self.phase, kind, make, facts))

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
        keep, paid = [], []
        for k in self.owed[seat]:
            if self.money[seat] >= fees[k]:
                self.pay(seat, BANK, fees[k], words(N_("trading fee paid late")), "fee")
                self.discard[k] += 1
                paid.append(fees[k])
            else:
                keep.append(k)
        self.owed[seat] = keep
        if paid:
            self._tell("fee_paid_late", ("seat", seat), ("paid", tuple(paid)),
                       ("owed", tuple(fees[k] for k in keep)))

    def owed_total(self, seat: int) -> int:
        fees = self.R.fee_amounts
        return sum(fees[k] for k in self.owed[seat])

    def pile_label(self, pile: int) -> str:
        return f"stockpile {pile + 1}"

    def in_plain_sight(self, k: int) -> int:
        """How many copies of market card ``k`` everybody sees out of the deck: discarded, face up
        on a stockpile, or an unpaid fee."""
        return (self.discard[k] + sum(1 for pile in self.piles for x, up, _ in pile if up and x == k)
                + sum(fees.count(k) for fees in self.owed))

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
        if st in (DEAL_INVESTOR, START_STOCK, DEAL_PAIR, DRAW_HAND, HOLDING, REENTER):
            return self.queue[0]
        if st == SEE_PAIR:
            return self.actor
        return None

    def outcome(self):
        if self.step != OVER:
            return None
        best = max(self.scores)
        return Outcome(tuple(self.scores), tuple(s for s in range(self.n) if self.scores[s] == best),
                       words(N_("most money after the last round")))

    def legal_actions(self) -> list[Action]:
        return _LEGAL[self.step](self)

    def forced_entry(self) -> Action | None:
        """The one entry open to the player to act when public facts alone show it is the only
        one: a player holding no stock card (how many cards each holds is public) can only be done
        selling, and reveals nothing for a dividend. None otherwise; a player with cards, none of
        the dividend's company, is still asked (which companies they hold is their secret).
        Screens enter it without a tap; it is an entry like any other in the log."""
        if self.step not in (SELL, DIVIDEND):
            return None
        seat = self.actor
        if any(self.reg[seat]) or any(self.split[seat]):
            return None
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 else None

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
        if st == START_STOCK or (st == REENTER and self.lost_start[self.queue[0]]):
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
        if mine:    # (a pair entered again is entered whole: its known part is offered too)
            known += [p for p in self.ppairs[viewer] if None not in p]
            known += [(rec[4], rec[5]) for rec in self.seen[viewer]
                      if rec[0] == "pair" and rec[1] == self.round]
        tiles = {c for c, _ in known if c is not None}
        forecasts = {f for _, f in known if f is not None}
        if st == OPEN_PAIR:
            make = lambda c, f: _mk(A.RevealOpenPair, c, f)  # noqa: E731
        elif st == DEAL_PAIR or st == REENTER:
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
            deck = self.deck
            size = self.deck_size
            if min(deck) < 0:          # (see ``_draw``: a count may be below zero)
                deck = [max(0, c) for c in deck]
                size = sum(deck)
            r = int(rng.random() * size)
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
        if st == REENTER:
            legal = self._legal_reenter()
            return legal[rng.randrange(len(legal))]
        if st == DEAL_INVESTOR:
            i = self.inv_left[rng.randrange(len(self.inv_left))]
            return _mk(A.DealInvestor, self.queue[0], INVESTORS[i])
        if st == HOLDING:
            return self._sample_holding(rng)
        raise NotYourTurn("No card is to be dealt or drawn now.")

    def apply(self, action: Action) -> None:
        handler = _APPLY.get(type(action))
        if handler is None:
            raise MalformedAction("{action} is not a Stockpile action.", action=repr(action))
        if self.step == OVER:
            from ..errors import GameIsOver
            raise GameIsOver("The game is over; nothing more can be played.")
        handler(self, action)

    # ----------------------------------------------------------------- checks shared by handlers
    def _refuse_step(self, what: str):
        """``what`` (marked with ``N_``) is refused: the game awaits something else."""
        raise IllegalAction("{what} is not possible now: {waiting}.", what=words(what),
                            waiting=self.awaiting_words())

    def _check_actor(self, action, what: str) -> int:
        seat = action.seat
        if seat == self.actor and type(seat) is int:
            return seat
        if not _int(seat) or not 0 <= seat < self.n:
            raise MalformedAction("{action}: there is no seat {seat} in this game.", action=what, seat=repr(seat))
        if seat != self.actor:
            raise NotYourTurn("{player} cannot act now: {waiting}.", player=self.name(seat),
                              waiting=self.awaiting_words())
        return seat

    def _company(self, name) -> int:
        c = _CO.get(name) if isinstance(name, str) else None
        if c is None:
            raise MalformedAction("'{name}' is not a Stockpile company (the companies are {companies}).",
                                  name=name, companies=listed(map(company_term, COMPANIES)))
        return c

    def _forecast(self, name) -> int:
        f = _FC.get(name) if isinstance(name, str) else None
        if f is None:
            raise MalformedAction("'{name}' is not a forecast card (they are {forecasts}).", name=name,
                                  forecasts=", ".join(FORECASTS))
        return f

    def _card(self, name) -> int:
        k = self.cidx.get(name) if isinstance(name, str) else None
        if k is None:
            raise MalformedAction("'{name}' is not a Stockpile market card (they are {cards}).", name=name,
                                  cards=listed(map(card, self.R.card_names)))
        return k

    def _pile(self, pile, what: str) -> int:
        if not _int(pile) or not 0 <= pile < self.n_piles:
            label = pile + 1 if _int(pile) else repr(pile)
            raise IllegalAction("{what}: there is no stockpile {number} (stockpiles are numbered 1 to {count}).",
                                what=what, number=label, count=self.n_piles)
        return pile

    def _check_pair(self, company, forecast, what: str) -> tuple[int, int]:
        """The pair named, refused only when a part of it lies face up this round (public); a part
        the match gave a player or saw for Martha is taken from there by ``_take_pair``."""
        c, f = self._company(company), self._forecast(forecast)
        shown = ([self.open_pair] if self.open_pair is not None else []) + [(x, y) for _, x, y in self.revealed]
        if c in {x for x, _ in shown}:
            raise IllegalAction("{what}: the {company} tile is already dealt this round; check the tile and "
                                "enter it again.", what=what, company=company_term(COMPANIES[c]))
        if f in {y for _, y in shown}:
            raise IllegalAction("{what}: the {forecast} forecast card is already dealt this round; check the "
                                "card and enter it again.", what=what, forecast=FORECASTS[f])
        return c, f

    def _take_pair(self, c: int, f: int) -> tuple[int, int]:
        """Take tile ``c`` and forecast ``f`` from where they are hidden: not dealt yet, in a
        player's pair (that part is then entered again, ``REENTER``) or in a face-down pair only
        Martha saw (it is unseen again). No answer tells which it was."""
        for part, left in ((0, self.tiles_left), (1, self.fc_left)):
            x = (c, f)[part]
            if x in left:
                left.remove(x)
                continue
            found = False
            for pairs in self.ppairs:
                for j, pair in enumerate(pairs):
                    if pair[part] == x:
                        pairs[j] = (None, pair[1]) if part == 0 else (pair[0], None)
                        found = True
                        break
                if found:
                    break
            if not found:
                k = next(k for k, pair in enumerate(self.hidden) if pair is not None and pair[part] == x)
                other = self.hidden[k][1 - part]
                self.hidden[k] = None
                (self.fc_left if part == 0 else self.tiles_left).append(other)
                self.fc_left.sort()
                self.tiles_left.sort()
        return (c, f)

    # ----------------------------------------------------------------- entered again (issue 28)
    def _pending(self, seat: int) -> bool:
        """Has ``seat`` a starting stock or a pair part to enter again?"""
        return bool(self.lost_start[seat]) or any(None in pair for pair in self.ppairs[seat])

    def _draw_turn(self) -> None:
        """The next player in the queue draws, once they have entered again what the match no
        longer knows of theirs."""
        if self._pending(self.queue[0]):
            self.actor = None
            self.resume_after = "draw"
            self.step = REENTER
        else:
            self.step = DRAW_HAND

    def _legal_reenter(self) -> list:
        seat = self.queue[0]
        if self.lost_start[seat]:
            spare = self.start_spare or [c for c in range(6) if self.deck[c]]
            return [_mk(A.DealStartingStock, seat, COMPANIES[c]) for c in spare]
        c0, f0 = next(pair for pair in self.ppairs[seat] if None in pair)
        tiles = sorted(set(self.tiles_left) | ({c0} - {None}))
        forecasts = sorted(set(self.fc_left) | ({f0} - {None}))
        return [_mk(A.DealPair, seat, COMPANIES[c], FORECASTS[f]) for c in tiles for f in forecasts]

    def _reentered(self) -> None:
        if self._pending(self.queue[0]):
            return                     # more to enter again
        how, self.resume_after = self.resume_after, None
        if how == "draw":
            self.step = DRAW_HAND
        else:
            self._next_move()


S = StockpileState
_LEGAL = {
    DEAL_INVESTOR: S._legal_deal_investor, KEEP_INVESTORS: S._legal_keep, START_STOCK: S._legal_start_stock,
    OPEN_PAIR: S._legal_open_pair, DEAL_PAIR: S._legal_deal_pair, DRAW_PILE: S._legal_draw,
    DRAW_HAND: S._legal_draw, PLACE: S._legal_place, INVESTOR_STEP: S._legal_investor_step,
    BID: S._legal_bid, SEE_PAIR: S._legal_see_pair, ACTION: S._legal_action, SELL: S._legal_sell,
    REVEAL: S._legal_reveal, DIVIDEND: S._legal_dividend, DEBORAH_STEP: S._legal_deborah,
    OVER: lambda self: [], HOLDING: S._legal_holding, REENTER: S._legal_reenter,
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
