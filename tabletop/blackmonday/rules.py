"""Black Monday rules: the state of a match, what is legal, and what each action does.

Cards are small ints inside the engine (``stock_index * 13 + value - 1``; the market-close card is
``CLOSE``); actions name them by stock and value. The deck is a multiset of the cards nobody has
seen yet: a draw (a chance action) names the card that came up, so the table can enter real cards
and a simulation samples them, weighted by the copies left.

Where the cards are: the deck, the hands (secret), the cards held sideways in front of each player
(public), the price pile under each ticker (public, the top card is the price), the discard pile
(a count only: exchanged cards go there face down), and the market-close card (set aside, then in
the rebuilt deck, then drawn).
"""
from __future__ import annotations

import random

from ..core import BANK, CHANCE, TERMINAL, Action, Outcome, State
from ..core import Correction as CorrectionAction
from ..errors import GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from ..i18n import N_, Message, Money, Number, listing, tr, trn
from . import data
from .actions import (BuyShares, ChangePrice, CrashStock, DealCard, DrawCard,
                      DrawMarketClose, EndTurn, ExchangeCard, RevealStartCard, SellShares,
                      SetStartPrice)
from .actions import Position as PositionAction
from .position import PositionRules

__all__ = ["BlackMondayState", "CLOSE", "EVENT_KINDS", "card_id", "card_name"]

#: what the table is told happened by itself (``State.announce``; every fact in them is public)
EVENT_KINDS = {
    "start_price": N_("a card turned up by the dealer gives a stock its start price"),
    "market_open": N_("every stock has a start price: the first turn begins"),
    "crash": N_("a stock crashed to $0: every card of it held sideways is discarded, and what each "
                "holder lost at the price before the crash"),
    "relisted": N_("a delisted stock has a new start price (and whether that used a price change)"),
    "deck_rebuilt": N_("the first deck ran out: the used cards and the market-close card make the "
                       "new deck"),
    "market_closed": N_("the market-close card was drawn: the game ends at once"),
    "game_over": N_("the final scores (cash plus shares at the closing prices) and the winners"),
}

STOCKS = data.STOCKS
N_STOCKS = len(STOCKS)
N_VALUES = len(data.VALUES)
STOCK_INDEX = {s: i for i, s in enumerate(STOCKS)}
#: each stock's name as a message parameter (shown under its edition's name)
TERMS = dict(zip(STOCKS, data.STOCK_TERMS))
#: the market-close card
CLOSE = N_STOCKS * N_VALUES

# phases
DEAL, START, TRADE, PRICES, EXCHANGE, REFILL, OVER = (
    "deal", "start prices", "trade", "prices", "exchange", "refill", "over")
_CHANCE_PHASES = (DEAL, START, REFILL)


def card_id(stock: str, value: int) -> int:
    return STOCK_INDEX[stock] * N_VALUES + value - 1


def card_name(card: int) -> str:
    """A stock card's words (the market-close card is never named through here: no player's
    action can hold it)."""
    return _card(STOCKS[card // N_VALUES], card % N_VALUES + 1)


def _words(template: str, **params) -> Message:
    """Words kept as data, rendered in the language of whoever reads them (a refusal's part, a
    ledger line, a game's reason)."""
    return Message(template, params)


def _stock(name):
    """A stock's name as a parameter (a name that is no stock is shown as it is)."""
    return TERMS.get(name, name)


def _card_words(stock, value) -> Message:
    # TRANSLATORS: a card, by its stock and printed dollar value; put the $ where your language
    # writes it (and the same in every "${...}" of this catalog)
    return _words(N_("{stock} ${value}"), stock=_stock(stock), value=value)


# the printed cards' names, made once
_CARD_NAMES = {(stock, value): _card_words(stock, value) for stock in STOCKS for value in data.VALUES}


def _card(stock, value) -> Message:
    """'Chewy Poultry $3': a card is named by its stock and its printed value."""
    found = _CARD_NAMES.get((stock, value)) if type(value) is int and type(stock) is str else None
    return found if found is not None else _card_words(stock, value)


def _commas(items) -> str:
    """'A, B, C' in the reader's language."""
    items = list(items)
    head = items[0]
    for item in items[1:]:
        head = _words(N_("{list}, {item}"), list=head, item=item)
    return head


#: a card that is not in the player's hand, by what it was to do
_NOT_IN_HAND = {
    "buy": N_("{player} cannot buy {stock} with {card}: there is no such card in {player}'s hand."),
    "change": N_("{player} cannot change the price of {stock} with {card}: there is no such card "
                 "in {player}'s hand."),
    "crash": N_("{player} cannot crash {stock} with {card}: there is no such card in {player}'s "
                "hand."),
    "start": N_("{player} cannot set a start price for {stock} with {card}: there is no such card "
                "in {player}'s hand."),
    "exchange": N_("{player} cannot exchange with {card}: there is no such card in {player}'s "
                   "hand."),
}


# Actions are values: make each one once and reuse it (legal_actions stays cheap).
_CARD_STOCK = tuple(c // N_VALUES for c in range(CLOSE))
_CARD_VALUE = tuple(c % N_VALUES + 1 for c in range(CLOSE))
_MAX_SEATS = 6


def _table(kind) -> tuple:
    """table[seat][card] -> the action ``kind(seat, stock, value)``."""
    return tuple(tuple(kind(seat, STOCKS[_CARD_STOCK[c]], _CARD_VALUE[c]) for c in range(CLOSE))
                 for seat in range(_MAX_SEATS))


_DEAL, _DRAW, _BUY, _SELL, _CHANGE, _CRASH, _RESTART, _EXCHANGE = (
    _table(k) for k in (DealCard, DrawCard, BuyShares, SellShares, ChangePrice, CrashStock,
                        SetStartPrice, ExchangeCard))
_CARD_ID = {(STOCKS[_CARD_STOCK[c]], _CARD_VALUE[c]): c for c in range(CLOSE)}
_REVEAL = tuple(RevealStartCard(STOCKS[_CARD_STOCK[c]], _CARD_VALUE[c]) for c in range(CLOSE))
_END = tuple(EndTurn(seat) for seat in range(_MAX_SEATS))
_CLOSE_DRAW = {seat: DrawMarketClose(seat) for seat in (None, *range(_MAX_SEATS))}


class _Rules:
    """The options of one match turned into fast lookup tables (shared by clones, never changed)."""

    def __init__(self, options: dict, n_players: int):
        self.down = tuple(options["limits"][s][0] for s in STOCKS)
        self.up = tuple(options["limits"][s][1] for s in STOCKS)
        per = options["shares_per_value"]
        crash_shares = data.VARIANT_SHARES if options["five_hundred_shares"] else 0
        #: shares[value] bought by one card laid sideways
        self.shares = tuple([0] + [v * per if v not in data.CRASH_VALUES else crash_shares
                                   for v in data.VALUES])
        self.variant = bool(options["five_hundred_shares"])
        self.copies = options["copies"]
        self.crash_within_limit = bool(options["crash_within_limit"])
        self.restart_counts = bool(options["restart_counts_as_change"])
        # old saves have no such option: a crash always counted (normalize_options fills it in)
        self.crash_counts = bool(options.get("crash_counts_as_change", True))
        #: relisting or crashing outside the two price changes (allowed at any time of the turn)
        self.free_moves = not (self.restart_counts and self.crash_counts)
        self.allow_same = bool(options["allow_same_price"])
        self.first = options["first_player"]
        self.n = n_players


class BlackMondayState(PositionRules, State):
    """A Black Monday match in progress."""

    def __init__(self, game):
        super().__init__(game)
        self.rules = r = _Rules(game.options, self.n)
        n = self.n
        self.money = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: cards the deck holds beyond what the table counts: a draw or correction named a card
        #: whose copies the match had in hands or face down, so one of those records is wrong and
        #: the card it should have named is still in the deck, unknown (``_take_from_deck``)
        self.phantom = 0
        #: held[seat][stock] = values of the cards that seat holds sideways (public)
        self.held: list[list[list[int]]] = [[[] for _ in range(N_STOCKS)] for _ in range(n)]
        self.shares: list[list[int]] = [[0] * N_STOCKS for _ in range(n)]
        #: price pile under each ticker, bottom to top (values); empty = no price (delisted)
        self.piles: list[list[int]] = [[] for _ in range(N_STOCKS)]
        self.discard: list[int] = []
        #: the discards everybody saw (sold, crashed, skipped start cards) since this deck was made;
        #: exchanged cards go face down and are not here
        self.open_discard: list[int] = []
        self.deck: list[int] = [c for c in range(CLOSE) for _ in range(r.copies)]
        self.deck_number = 1
        self.close_in_deck = False
        self.dealt = 0
        self.seat = r.first          # whose turn it is (or whose hand is being refilled)
        self.buys = 0                # cards used to buy this turn
        self.changes = 0             # price changes this turn
        self.exchanged = 0           # cards exchanged this turn
        self.traded = False          # bought or sold this turn
        self.closer: int | None = None
        self.started = False         # every stock has had its first start price
        self.position_turn: int | None = None   # after a Position: whose turn follows the hands
        self.deal_queue: list[int] | None = None  # after a Position: who gets each hand card
        self.close_after_deal = False
        self.round = 1
        self.phase = DEAL
        for s in range(n):
            self.pay(BANK, s, data.STARTING_MONEY, _words(N_("starting money from the dealer")),
                     "start")

    def clone(self) -> "BlackMondayState":
        c = object.__new__(BlackMondayState)
        c.__dict__.update(self.__dict__)
        c.money = self.money[:]
        c.payments = self.payments[:]
        c.value_marks = self.value_marks[:]
        c.events = self.events[:]
        c.hands = [h[:] for h in self.hands]
        c.held = [[v[:] for v in seat] for seat in self.held]
        c.shares = [s[:] for s in self.shares]
        c.piles = [p[:] for p in self.piles]
        c.discard = self.discard[:]
        c.open_discard = self.open_discard[:]
        c.deck = self.deck[:]
        return c

    # --- small helpers ---------------------------------------------------------------------------
    def price(self, stock: int) -> int:
        pile = self.piles[stock]
        return pile[-1] if pile else 0

    def _deal_seat(self) -> int:
        """Each player's 8 cards in a row, from the first player: one hand-over of a shared
        device per player when the table enters the deal."""
        if self.deal_queue:
            return self.deal_queue[self.dealt]
        return (self.rules.first + self.dealt // data.HAND_SIZE) % self.n

    def worth(self, seat: int) -> int:
        return self.money[seat] + sum(self.shares[seat][s] * self.price(s) for s in range(N_STOCKS))

    # --- whose move ------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase in _CHANCE_PHASES:
            return CHANCE
        return self.seat

    def chance_owner(self) -> int | None:
        if self.phase == DEAL:
            return self._deal_seat()
        if self.phase == REFILL:
            return self.seat
        return None

    def _chance_action(self, card: int) -> Action:
        phase = self.phase
        if phase == DEAL:
            return _DEAL[self._deal_seat()][card]
        if card == CLOSE:
            return _CLOSE_DRAW[self.seat if phase == REFILL else None]
        if phase == START:
            return _REVEAL[card]
        return _DRAW[self.seat][card]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase not in _CHANCE_PHASES:
            raise NotYourTurn("No card is to be dealt or drawn now.")
        return self._chance_action(self.deck[rng.randrange(len(self.deck))])

    # --- what is legal ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase in _CHANCE_PHASES:
            return [self._chance_action(c) for c in sorted(set(self.deck))]
        seat = self.seat
        hand = sorted(set(self.hands[seat]))
        r = self.rules
        if phase == EXCHANGE:
            out = []
            if self.exchanged < data.MAX_EXCHANGE:
                table = _EXCHANGE[seat]
                out = [table[c] for c in hand]
            if r.free_moves:
                out += self._free_moves(seat, hand)
            out.append(_END[seat])
            return out
        trade = phase == TRADE
        can_buy = trade and self.buys < data.MAX_BUYS
        room = self.changes < data.MAX_PRICE_CHANGES
        restart_ok = room or not r.restart_counts
        crash_ok = room or not r.crash_counts
        crash_anywhere = not r.crash_within_limit
        allow_same = r.allow_same
        down, up, shares = r.down, r.up, r.shares
        money = self.money[seat]
        held = self.shares[seat]
        piles = self.piles
        buy_t, change_t, crash_t, restart_t = _BUY[seat], _CHANGE[seat], _CRASH[seat], _RESTART[seat]
        buys: list[Action] = []
        moves: list[Action] = []
        for c in hand:
            s = _CARD_STOCK[c]
            v = _CARD_VALUE[c]
            pile = piles[s]
            if pile:
                price = pile[-1]
                if can_buy:
                    n = shares[v]
                    if n and held[s] + n <= data.SHARE_CAP and n * price <= money:
                        buys.append(buy_t[c])
                if room:
                    if price - down[s] <= v <= price + up[s]:
                        if v != price or allow_same:
                            moves.append(change_t[c])
                        if v > data.START_PRICE_MAX:
                            moves.append(crash_t[c])
                    elif crash_anywhere and v > data.START_PRICE_MAX:
                        moves.append(crash_t[c])
                elif crash_ok and v > data.START_PRICE_MAX and (
                        crash_anywhere or price - down[s] <= v <= price + up[s]):
                    moves.append(crash_t[c])
            elif restart_ok and v <= data.START_PRICE_MAX:
                moves.append(restart_t[c])
        if trade:
            out = buys
            table = _SELL[seat]
            for s, values in enumerate(self.held[seat]):
                if values:
                    base = s * N_VALUES - 1
                    for v in sorted(set(values)):
                        out.append(table[base + v])
            if not self.traded:
                table = _EXCHANGE[seat]
                out += [table[c] for c in hand]
            out += moves
        else:
            out = moves
        out.append(_END[seat])
        return out

    def _free_moves(self, seat: int, hand: list[int]) -> list[Action]:
        """The relistings and crashes that use no price change, offered while exchanging: they
        are neither trading nor a price change, which is all an exchange replaces."""
        r = self.rules
        out: list[Action] = []
        for c in hand:
            s, v = _CARD_STOCK[c], _CARD_VALUE[c]
            pile = self.piles[s]
            if not pile:
                if not r.restart_counts and v <= data.START_PRICE_MAX:
                    out.append(_RESTART[seat][c])
            elif not r.crash_counts and v > data.START_PRICE_MAX and (
                    not r.crash_within_limit or pile[-1] - r.down[s] <= v <= pile[-1] + r.up[s]):
                out.append(_CRASH[seat][c])
        return out

    def chance_entries(self, viewer: int | None) -> list[Action]:
        """Every printed stock card (stock by stock, $1 to $13), less the cards whose every copy
        is in plain sight (price piles, cards held sideways, discards made face up since this deck
        was formed) or, for the player drawing, in plain sight or in their own hand; then the
        market-close card while it is in the deck. Never narrowed by the other hands, the face-down
        discards or the deck's contents."""
        if self.phase not in _CHANCE_PHASES:
            return self.legal_actions()
        seen = [0] * CLOSE
        for s, pile in enumerate(self.piles):
            for v in pile:
                seen[s * N_VALUES + v - 1] += 1
        for stocks in self.held:
            for s, values in enumerate(stocks):
                for v in values:
                    seen[s * N_VALUES + v - 1] += 1
        for c in self.open_discard:
            seen[c] += 1
        if viewer is not None and viewer == self.chance_owner():
            for c in self.hands[viewer]:
                seen[c] += 1
        copies = self.rules.copies
        entries = [self._chance_action(c) for c in range(CLOSE) if seen[c] < copies]
        if self.close_in_deck:
            entries.append(self._chance_action(CLOSE))
        return entries

    # --- playing ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise MalformedAction("{action} is not a Black Monday action.", action=repr(action))
        if self.phase == OVER:
            raise GameIsOver("The market has closed: the game is over and nothing more can be played.")
        handler(self, action)

    # chance events
    def _card_of(self, action) -> int:
        value = action.value
        if type(value) is int:
            try:
                card = _CARD_ID.get((action.stock, value))
            except TypeError:   # an unhashable stock read from a file
                card = None
            if card is not None:
                return card
        stock = action.stock
        if not isinstance(stock, str) or stock not in STOCK_INDEX:
            raise MalformedAction("'{stock}' is not a Black Monday stock; the stocks are {stocks}.",
                                  stock=stock, stocks=", ".join(STOCKS))
        if type(value) is not int or not 1 <= value <= N_VALUES:
            raise MalformedAction("Stock cards are worth $1 to ${most}, not {value}.", most=N_VALUES,
                                  value=repr(value))
        return STOCK_INDEX[stock] * N_VALUES + value - 1

    def _check_seat(self, seat) -> None:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise MalformedAction("There is no seat {seat} in this game.", seat=repr(seat))

    def _check_in_deck(self, card: int) -> None:
        if card not in self.deck:
            if card == CLOSE and self.deck_number == 1:
                raise IllegalAction("The market-close card is not in the deck yet: it joins the "
                                    "deck only when the first deck runs out.")
            if card == CLOSE:
                raise IllegalAction("The market-close card is not in the deck.")
            raise IllegalAction("No {card} card is left in the deck: all {copies} copies are "
                                "already out; check the card and enter it again.",
                                card=card_name(card), copies=self.rules.copies)

    def _expect_chance(self, phases: tuple, what: str) -> None:
        """``what``: the entry refused, as words (``_words``)."""
        if self.phase in phases:
            return
        if self.phase in _CHANCE_PHASES:
            raise NotYourTurn("{entry} is not the next chance event: {needed}", entry=what,
                              needed=self._chance_needed())
        raise NotYourTurn("It is {player}'s turn; no card is to be dealt or drawn now.",
                          player=self.name(self.seat))

    def _chance_needed(self) -> Message:
        if self.phase == DEAL:
            return _words(N_("the dealer is dealing a card to {player}."),
                          player=self.name(self._deal_seat()))
        if self.phase == START:
            return _words(N_("the dealer is turning up cards for the start prices."))
        return _words(N_("{player} is drawing cards to refill their hand."),
                      player=self.name(self.seat))

    def _in_plain_sight(self, card: int) -> int:
        """How many copies of ``card`` everybody sees: on the price piles, held sideways, or
        discarded face up since this deck was made."""
        s, v = _CARD_STOCK[card], _CARD_VALUE[card]
        return (self.piles[s].count(v) + sum(seat[s].count(v) for seat in self.held)
                + self.open_discard.count(card))

    def _take_from_deck(self, card: int, drawer: int | None = None) -> None:
        """Take ``card`` from the deck. Refused only when every copy is in plain sight, or in the
        hand of ``drawer`` (the player entering their own draw knows their hand). A card with a
        copy the match has in a hand or face down is taken all the same, and the deck keeps one
        card the table no longer counts (``phantom``: the card some record named wrongly): a
        refusal would tell where those copies are (issue 28), and taking it from a hand would
        tell its holder what was drawn and where the deck's copies were."""
        deck = self.deck
        if card in deck:
            deck.remove(card)
            return
        own = self.hands[drawer].count(card) if drawer is not None else 0
        if card == CLOSE or self._in_plain_sight(card) + own >= self.rules.copies:
            self._check_in_deck(card)   # raises, naming the card
        self.phantom += 1

    def deck_left(self) -> int:
        """The deck as the table counts it (see ``phantom``)."""
        return max(0, len(self.deck) - self.phantom)

    def _maybe_rebuild(self) -> None:
        """Called once a drawn card has gone where it goes (the deck as the table counts it)."""
        if self.deck_number == 1 and len(self.deck) <= self.phantom:
            self._rebuild_deck()

    def _rebuild_deck(self) -> None:
        """The first deck is used up: the used cards (discards and the price cards under the
        current ones) and the market-close card make the new deck."""
        deck = self.discard
        discards = len(deck)
        left = self.deck          # only the cards the table no longer counts (``phantom``)
        self.discard = []
        self.open_discard = []
        for s, pile in enumerate(self.piles):
            for v in pile[:-1]:
                deck.append(s * N_VALUES + v - 1)
            self.piles[s] = pile[-1:]
        self.announce("deck_rebuilt", discards=discards, price_cards=len(deck) - discards,
                      cards=len(deck) + 1)
        deck.append(CLOSE)
        self.deck = deck + left
        self.deck_number = 2
        self.close_in_deck = True

    def _deal(self, a: DealCard) -> None:
        self._expect_chance((DEAL,), _words(N_("Dealing a card")))
        self._check_seat(a.seat)
        card = self._card_of(a)
        if a.seat != self._deal_seat():
            raise IllegalAction("The next card is dealt to {player}, not {other}; each player's "
                                "{hand} cards are dealt in a row.", player=self.name(self._deal_seat()),
                                other=self.name(a.seat), hand=data.HAND_SIZE)
        self._take_from_deck(card, a.seat)
        self.hands[a.seat].append(card)
        self._maybe_rebuild()
        self.dealt += 1
        if self.dealt == self.n * data.HAND_SIZE:
            if self.position_turn is not None:
                self._position_dealt()
            else:
                self.phase = START

    def _reveal(self, a: RevealStartCard) -> None:
        self._expect_chance((START,), _words(N_("Turning up a start-price card")))
        card = self._card_of(a)
        self._take_from_deck(card)
        s, v = card // N_VALUES, card % N_VALUES + 1
        if v <= data.START_PRICE_MAX and not self.piles[s]:
            self.piles[s].append(v)
            self.mark_value(STOCKS[s], v)
            self.announce("start_price", stock=STOCKS[s], price=v)
        else:
            self.discard.append(card)
            self.open_discard.append(card)
        self._maybe_rebuild()
        if all(self.piles):
            self.started = True
            self.phase = TRADE
            self.seat = self.rules.first
            self.announce("market_open", seat=self.seat,
                          prices=tuple((STOCKS[i], self.piles[i][-1]) for i in range(N_STOCKS)))

    def _draw(self, a: DrawCard) -> None:
        if self.phase != REFILL:
            self._expect_chance((REFILL,), _words(N_("Drawing a card")))
        card = self._card_of(a)
        if a.seat != self.seat or type(a.seat) is not int:
            self._check_seat(a.seat)
            raise IllegalAction("{player} is refilling their hand, not {other}.",
                                player=self.name(self.seat), other=self.name(a.seat))
        self._take_from_deck(card, a.seat)
        hand = self.hands[a.seat]
        hand.append(card)
        self._maybe_rebuild()
        if len(hand) >= data.HAND_SIZE:
            self._next_turn()

    def _draw_close(self, a: DrawMarketClose) -> None:
        self._expect_chance((START, REFILL), _words(N_("Drawing the market-close card")))
        expected = self.seat if self.phase == REFILL else None
        if a.seat is not None:
            self._check_seat(a.seat)
        if a.seat != expected:
            dealer = _words(N_("the dealer"))
            who = dealer if expected is None else self.name(expected)
            other = dealer if a.seat is None else self.name(a.seat)
            raise IllegalAction("The next card is drawn by {player}, not by {other}.", player=who,
                                other=other)
        self._check_in_deck(CLOSE)
        self.deck.remove(CLOSE)
        self.close_in_deck = False
        self.closer = a.seat
        self.phase = OVER
        self.announce("market_closed", seat=a.seat)
        outcome = self.outcome()
        self.announce("game_over", scores=outcome.scores, winners=outcome.winners,
                      prices=tuple((STOCKS[s], self.price(s)) for s in range(N_STOCKS)))

    # the player's turn
    def _turn_check(self, a) -> tuple[int, int]:
        """Common checks of a player's card action; returns (stock index, value)."""
        seat = a.seat
        if seat == self.seat and type(seat) is int and self.phase not in _CHANCE_PHASES:
            card = self._card_of(a)
            return _CARD_STOCK[card], _CARD_VALUE[card]
        self._check_seat(seat)
        if self.phase in _CHANCE_PHASES:
            raise NotYourTurn("{player} cannot act now: {needed}", player=self.name(a.seat),
                              needed=self._chance_needed())
        if a.seat != self.seat:
            raise NotYourTurn("It is {player}'s turn, not {other}'s.", player=self.name(self.seat),
                              other=self.name(a.seat))
        card = self._card_of(a)
        return card // N_VALUES, card % N_VALUES + 1

    def _need_in_hand(self, seat: int, card: int, doing: str) -> None:
        """``doing``: what the card was to do, one of ``_NOT_IN_HAND``."""
        if card not in self.hands[seat]:
            raise IllegalAction(_NOT_IN_HAND[doing], player=self.name(seat), card=card_name(card),
                                stock=_stock(STOCKS[card // N_VALUES]))

    def _buy(self, a: BuyShares) -> None:
        s, v = self._turn_check(a)
        seat, who, stock, r = a.seat, self.name(a.seat), STOCKS[s], self.rules
        card = s * N_VALUES + v - 1
        named = _stock(stock)
        if self.phase == PRICES:
            raise IllegalAction("{player} cannot buy shares now: trading comes before price "
                                "changes, and {player} has already changed a price this turn.",
                                player=who)
        if self.phase == EXCHANGE:
            raise IllegalAction("{player} cannot buy shares: {player} is exchanging cards this "
                                "turn, which replaces trading and price changes.", player=who)
        if self.buys >= data.MAX_BUYS:
            raise IllegalAction("{player} cannot buy {stock} with a third card: at most {most} "
                                "cards may be laid sideways to buy in one turn.", player=who,
                                stock=named, most=data.MAX_BUYS)
        self._need_in_hand(seat, card, "buy")
        n = r.shares[v]
        if n == 0:
            raise IllegalAction("{player} cannot buy {stock} with the ${value} card: $11 to $13 "
                                "cards show \"0$\", not a number of shares (the 500-share variant "
                                "is off).", player=who, stock=named, value=v)
        price = self.price(s)
        if price == 0:
            raise IllegalAction("{player} cannot buy {stock}: it is delisted (crashed to $0) until "
                                "someone sets a new start price.", player=who, stock=named)
        if self.shares[seat][s] + n > data.SHARE_CAP:
            raise IllegalAction("{player} cannot buy {shares} more {stock} shares: {player} would "
                                "hold {total}, over the limit of {cap} shares of one stock.",
                                player=who, shares=Number(n), stock=named,
                                total=Number(self.shares[seat][s] + n), cap=Number(data.SHARE_CAP))
        cost = n * price
        if cost > self.money[seat]:
            raise IllegalAction("{player} cannot buy {shares} {stock} shares at ${price} for "
                                "{cost}: {player} has only {money}.", player=who,
                                shares=Number(n), stock=named, price=price, cost=Money(cost),
                                money=Money(self.money[seat]))
        self.hands[seat].remove(card)
        self.held[seat][s].append(v)
        self.shares[seat][s] += n
        self.buys += 1
        self.traded = True
        self.pay(seat, BANK, cost, _words(N_("bought {shares} {stock} at ${price}"), shares=Number(n),
                                          stock=named, price=price), "purchase", stock)

    def _sell(self, a: SellShares) -> None:
        s, v = self._turn_check(a)
        seat, who, stock = a.seat, self.name(a.seat), STOCKS[s]
        if self.phase == PRICES:
            raise IllegalAction("{player} cannot sell shares now: trading comes before price "
                                "changes, and {player} has already changed a price this turn.",
                                player=who)
        if self.phase == EXCHANGE:
            raise IllegalAction("{player} cannot sell shares: {player} is exchanging cards this "
                                "turn, which replaces trading and price changes.", player=who)
        if v not in self.held[seat][s]:
            raise IllegalAction("{player} cannot sell {card}: {player} holds no such card.",
                                player=who, card=_card(stock, v))
        n = self.rules.shares[v]
        price = self.price(s)
        self.held[seat][s].remove(v)
        self.shares[seat][s] -= n
        self.discard.append(s * N_VALUES + v - 1)
        self.open_discard.append(s * N_VALUES + v - 1)
        self.traded = True
        self.pay(BANK, seat, n * price, _words(N_("sold {shares} {stock} at ${price}"),
                                               shares=Number(n), stock=_stock(stock), price=price),
                 "sale", stock)

    def _price_step_check(self, who: str, counts: bool = True) -> None:
        """``counts``: the move uses one of the turn's price changes (a free relisting or crash
        does not, so it may come at any time of the turn, an exchange included)."""
        if self.phase == EXCHANGE and counts:
            raise IllegalAction("{player} cannot change prices: {player} is exchanging cards this "
                                "turn, which replaces trading and price changes.", player=who)
        if counts and self.changes >= data.MAX_PRICE_CHANGES:
            raise IllegalAction("{player} has already changed prices {most} times this turn, the "
                                "most allowed.", player=who, most=data.MAX_PRICE_CHANGES)

    def _limit_text(self, s: int) -> Message:
        return _words(N_("{stock} may move at most ${down} down or ${up} up at a time"),
                      stock=_stock(STOCKS[s]), down=self.rules.down[s], up=self.rules.up[s])

    def _change(self, a: ChangePrice) -> None:
        s, v = self._turn_check(a)
        seat, who, stock, r = a.seat, self.name(a.seat), STOCKS[s], self.rules
        card = s * N_VALUES + v - 1
        self._price_step_check(who)
        self._need_in_hand(seat, card, "change")
        price = self.price(s)
        named = _stock(stock)
        if price == 0:
            raise IllegalAction("{player} cannot move {stock}: it is delisted; {player} may set a "
                                "new start price ($1 to ${most}) instead.", player=who, stock=named,
                                most=data.START_PRICE_MAX)
        if v == price and not r.allow_same:
            raise IllegalAction("{player} cannot play {card} on {stock}: the price is already "
                                "${price}, so nothing would change.", player=who,
                                card=card_name(card), stock=named, price=price)
        if not price - r.down[s] <= v <= price + r.up[s]:
            raise IllegalAction("{player} cannot move {stock} from ${price} to ${value}: {limit}.",
                                player=who, stock=named, price=price, value=v,
                                limit=self._limit_text(s))
        self.hands[seat].remove(card)
        self.piles[s].append(v)
        self.changes += 1
        self.phase = PRICES
        self.mark_value(stock, v)

    def _crash(self, a: CrashStock) -> None:
        s, v = self._turn_check(a)
        seat, who, stock, r = a.seat, self.name(a.seat), STOCKS[s], self.rules
        card = s * N_VALUES + v - 1
        self._price_step_check(who, counts=r.crash_counts)
        named = _stock(stock)
        if v not in data.CRASH_VALUES:
            raise IllegalAction("{player} cannot crash {stock} with its ${value} card: only the $11, "
                                "$12 and $13 cards crash a stock.", player=who, stock=named, value=v)
        self._need_in_hand(seat, card, "crash")
        price = self.price(s)
        if price == 0:
            raise IllegalAction("{player} cannot crash {stock}: it is already at $0 (delisted).",
                                player=who, stock=named)
        if r.crash_within_limit and not price - r.down[s] <= v <= price + r.up[s]:
            raise IllegalAction("{player} cannot crash {stock} at ${price} with the ${value} card: "
                                "the crash card must lie within the limit ({limit}).", player=who,
                                stock=named, price=price, value=v, limit=self._limit_text(s))
        self.hands[seat].remove(card)
        gone = [s * N_VALUES + p - 1 for p in self.piles[s]] + [card]
        losses = []
        for holder in range(self.n):
            gone += [s * N_VALUES + held_value - 1 for held_value in self.held[holder][s]]
            if self.shares[holder][s]:
                losses.append((holder, self.shares[holder][s], self.shares[holder][s] * price))
        self.piles[s] = []
        self.discard += gone
        self.open_discard += gone
        for holder in range(self.n):
            self.held[holder][s] = []
            self.shares[holder][s] = 0
        if r.crash_counts:
            self.changes += 1
            self.phase = PRICES
        self.mark_value(stock, 0)
        self.announce("crash", seat=seat, stock=stock, price=price, card=v,
                      losses=tuple(losses), counted=r.crash_counts)

    def _restart(self, a: SetStartPrice) -> None:
        s, v = self._turn_check(a)
        seat, who, stock, r = a.seat, self.name(a.seat), STOCKS[s], self.rules
        card = s * N_VALUES + v - 1
        self._price_step_check(who, counts=r.restart_counts)
        price = self.price(s)
        named = _stock(stock)
        if price:
            raise IllegalAction("{player} cannot set a start price for {stock}: it is not delisted "
                                "(its price is ${price}).", player=who, stock=named, price=price)
        if v > data.START_PRICE_MAX:
            raise IllegalAction("{player} cannot set {stock}'s new start price at ${value}: a start "
                                "price must be $1 to ${most}.", player=who, stock=named, value=v,
                                most=data.START_PRICE_MAX)
        self._need_in_hand(seat, card, "start")
        self.hands[seat].remove(card)
        self.piles[s].append(v)
        if r.restart_counts:
            self.changes += 1
            self.phase = PRICES
        # else: "any player may, on their turn, relist it" -- a free relisting ends no trading
        self.mark_value(stock, v)
        self.announce("relisted", seat=seat, stock=stock, price=v, counted=r.restart_counts)

    def _exchange(self, a: ExchangeCard) -> None:
        s, v = self._turn_check(a)
        seat, who = a.seat, self.name(a.seat)
        card = s * N_VALUES + v - 1
        if self.phase == PRICES:
            raise IllegalAction("{player} cannot exchange cards: an exchange replaces trading and "
                                "price changes, and {player} has already changed a price this "
                                "turn.", player=who)
        if self.traded:
            raise IllegalAction("{player} cannot exchange cards: an exchange replaces trading and "
                                "price changes, and {player} has already traded this turn.",
                                player=who)
        if self.exchanged >= data.MAX_EXCHANGE:
            raise IllegalAction("{player} has already exchanged {most} cards, the most in one "
                                "turn.", player=who, most=data.MAX_EXCHANGE)
        self._need_in_hand(seat, card, "exchange")
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.exchanged += 1
        self.phase = EXCHANGE

    def _end_turn(self, a: EndTurn) -> None:
        self._check_seat(a.seat)
        if self.phase in _CHANCE_PHASES:
            raise NotYourTurn("{player} cannot end a turn now: {needed}", player=self.name(a.seat),
                              needed=self._chance_needed())
        if a.seat != self.seat:
            raise NotYourTurn("It is {player}'s turn, not {other}'s.", player=self.name(self.seat),
                              other=self.name(a.seat))
        if len(self.hands[self.seat]) < data.HAND_SIZE:
            self.phase = REFILL
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.seat = (self.seat + 1) % self.n
        if self.seat == self.rules.first:
            self.round += 1
        self.buys = self.changes = self.exchanged = 0
        self.traded = False
        self.phase = TRADE

    # --- what players see --------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        prices = [self.price(s) for s in range(N_STOCKS)]
        r = self.rules
        players = []
        for p in range(self.n):
            players.append({
                "name": self.name(p),
                "money": self.money[p],
                "holdings": {STOCKS[s]: self.shares[p][s] for s in range(N_STOCKS)},
                "held_cards": {STOCKS[s]: sorted(self.held[p][s]) for s in range(N_STOCKS)},
                "hand_size": len(self.hands[p]),
                "worth": self.worth(p),
                "owed": 0,
            })
        acting = self.phase not in _CHANCE_PHASES and self.phase != OVER
        view = {
            "title": "Black Monday",
            "round": self.round,
            "rounds": None,
            "phase": self.phase,
            "first_player": r.first,
            "to_act": self.seat if acting else None,
            "players": players,
            "stocks": {STOCKS[s]: prices[s] for s in range(N_STOCKS)},
            "board": {
                "limits": {STOCKS[s]: {"down": r.down[s], "up": r.up[s]} for s in range(N_STOCKS)},
                "price_cards": {STOCKS[s]: len(self.piles[s]) for s in range(N_STOCKS)},
                "delisted": [STOCKS[s] for s in range(N_STOCKS) if self.started and not self.piles[s]],
                "deck": self.deck_left(),
                "deck_number": self.deck_number,
                "market_close_in_deck": self.close_in_deck,
                "discard": len(self.discard),
                "turn": {"seat": self.seat, "buys": self.buys, "price_changes": self.changes,
                         "exchanged": self.exchanged, "traded": self.traded},
                "share_cap": data.SHARE_CAP,
                "shares_per_card": {str(v): r.shares[v] for v in data.VALUES},
                "five_hundred_shares": r.variant,
                "market_closed_by": self.closer if self.phase == OVER else None,
            },
            "log_hint": self._hint(),
        }
        if seat is not None:
            view["private"] = {"hand": [{"stock": STOCKS[c // N_VALUES], "value": c % N_VALUES + 1}
                                        for c in sorted(self.hands[seat])]}
        return view

    def hint(self) -> str:
        return self._hint()

    def _hint(self) -> str:
        phase = self.phase
        if phase == OVER:
            return tr("The market is closed; the game is over.")
        if phase in _CHANCE_PHASES:
            needed = self._chance_needed().render()
            return needed[0].upper() + needed[1:]
        who = self.name(self.seat)
        if phase == TRADE:
            # (English says "cards" even for one: the words players have read all along)
            if self.traded:
                return trn("{player} may buy (with up to {n} more cards) and sell, then change "
                           "prices.", "{player} may buy (with up to {n} more cards) and sell, then "
                           "change prices.", data.MAX_BUYS - self.buys, player=who)
            return trn("{player} may buy (with up to {n} more cards) and sell, then change prices; "
                       "or exchange cards instead.", "{player} may buy (with up to {n} more cards) "
                       "and sell, then change prices; or exchange cards instead.",
                       data.MAX_BUYS - self.buys, player=who)
        if phase == PRICES:
            return tr("{player} may change prices ({n} left).", player=who,
                      n=data.MAX_PRICE_CHANGES - self.changes)
        return tr("{player} is exchanging cards ({n} more allowed).", player=who,
                  n=data.MAX_EXCHANGE - self.exchanged)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = tuple(self.worth(p) for p in range(self.n))
        best = max(scores)
        return Outcome(scores, tuple(p for p in range(self.n) if scores[p] == best),
                       _words(N_("the market-close card was drawn: cash plus shares at the "
                                 "closing prices")))

    # --- the log in words ------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        try:
            return self._describe(action)
        except (KeyError, IndexError, TypeError, AttributeError):
            return tr("{action} (not a valid action)", action=type(action).__name__)

    def _describe(self, a: Action) -> str:
        if isinstance(a, PositionAction):
            return self._describe_position(a)
        if isinstance(a, CorrectionAction):
            return self._describe_correction(a)
        if isinstance(a, DrawMarketClose):
            if a.seat is None:
                return tr("The dealer draws the market-close card: the market closes and the game "
                          "ends.")
            return tr("{player} draws the market-close card: the market closes and the game ends.",
                      player=self.name(a.seat))
        if isinstance(a, RevealStartCard):
            s, v = STOCK_INDEX[a.stock], a.value
            card, stock = _card(a.stock, v), _stock(a.stock)
            if v > data.START_PRICE_MAX:
                return tr("The dealer turns up {card}: skipped (over ${most}).", card=card,
                          most=data.START_PRICE_MAX)
            if self.piles[s]:
                return tr("The dealer turns up {card}: skipped ({stock} already has a price).",
                          card=card, stock=stock)
            return tr("The dealer turns up {card}: {stock} starts at ${price}.", card=card,
                      stock=stock, price=v)
        if isinstance(a, EndTurn):
            return tr("{player} ends the turn.", player=self.name(a.seat))
        who, stock, v = self.name(a.seat), a.stock, a.value
        s = STOCK_INDEX[stock]
        card, named = _card(stock, v), _stock(stock)
        if isinstance(a, DealCard):
            return tr("{player} is dealt {card}.", player=who, card=card)
        if isinstance(a, DrawCard):
            return tr("{player} draws {card}.", player=who, card=card)
        if isinstance(a, ExchangeCard):
            return tr("{player} exchanges {card}.", player=who, card=card)
        price = self.price(s)
        n = self.rules.shares[v]
        if isinstance(a, BuyShares):
            return tr("{player} lays {card} sideways and buys {shares} shares at ${price} for "
                      "{cost}.", player=who, card=card, shares=Number(n), price=price,
                      cost=Money(n * price))
        if isinstance(a, SellShares):
            return tr("{player} sells {card}: {shares} shares at ${price} for {cost}.", player=who,
                      card=card, shares=Number(n), price=price, cost=Money(n * price))
        if isinstance(a, ChangePrice):
            return tr("{player} moves {stock} from ${price} to ${value}.", player=who, stock=named,
                      price=price, value=v)
        if isinstance(a, CrashStock):
            return tr("{player} crashes {stock} from ${price} to $0 with the ${value} card; every "
                      "held {stock} card is discarded.", player=who, stock=named, price=price,
                      value=v)
        if isinstance(a, SetStartPrice):
            return tr("{player} lists {stock} again at a start price of ${value}.", player=who,
                      stock=named, value=v)
        return type(a).__name__

    def describe_event(self, event) -> str:
        words = _EVENT_WORDS.get(event.kind)
        if words is None:
            return super().describe_event(event)
        return words(self, dict(event.params))

    def _crash_words(self, p: dict) -> str:
        stock = _stock(p["stock"])
        facts = {"player": self.name(p["seat"]), "stock": stock, "price": p["price"],
                 "value": p["card"]}
        if p["losses"]:
            lost = [_words(N_("{player} {shares} shares worth {worth}"), player=self.name(seat),
                           shares=Number(shares), worth=Money(worth))
                    for seat, shares, worth in p["losses"][1:]]
            seat, shares, worth = p["losses"][0]
            lost.insert(0, _words(N_("{player} loses {shares} shares worth {worth}"),
                                  player=self.name(seat), shares=Number(shares), worth=Money(worth)))
            if p["counted"]:
                return tr("{player} crashes {stock} from ${price} to $0 with the ${value} card: every "
                          "{stock} card held sideways is discarded, and {losses}. {stock} is delisted "
                          "until someone sets a new start price; the crash used one of the turn's "
                          "two price changes and ended trading.", losses=listing(lost), **facts)
            return tr("{player} crashes {stock} from ${price} to $0 with the ${value} card: every "
                      "{stock} card held sideways is discarded, and {losses}. {stock} is delisted "
                      "until someone sets a new start price; the crash used none of the turn's "
                      "price changes.", losses=listing(lost), **facts)
        if p["counted"]:
            return tr("{player} crashes {stock} from ${price} to $0 with the ${value} card: every "
                      "{stock} card held sideways is discarded (nobody held any). {stock} is "
                      "delisted until someone sets a new start price; the crash used one of the "
                      "turn's two price changes and ended trading.", **facts)
        return tr("{player} crashes {stock} from ${price} to $0 with the ${value} card: every "
                  "{stock} card held sideways is discarded (nobody held any). {stock} is delisted "
                  "until someone sets a new start price; the crash used none of the turn's price "
                  "changes.", **facts)

    def _relisted_words(self, p: dict) -> str:
        facts = {"player": self.name(p["seat"]), "stock": _stock(p["stock"]), "price": p["price"]}
        if p["counted"]:
            return tr("{player} lists {stock} again at a start price of ${price}: this uses one of "
                      "{player}'s two price changes and ends trading for the turn.", **facts)
        return tr("{player} lists {stock} again at a start price of ${price}; it uses none of the "
                  "turn's price changes, and {player} may still trade.", **facts)

    def _game_over_words(self, p: dict) -> str:
        scores, winners = p["scores"], p["winners"]
        scored = _commas(_words(N_("{player} {money}"), player=self.name(s), money=Money(v))
                         for s, v in enumerate(scores))
        if len(winners) == 1:
            return tr("Final scores, cash plus shares at the closing prices: {scores}. {player} "
                      "wins.", scores=scored, player=self.name(winners[0]))
        return tr("Final scores, cash plus shares at the closing prices: {scores}. {players} share "
                  "the win with {money} each.", scores=scored,
                  players=listing(self.name(s) for s in winners), money=Money(scores[winners[0]]))

    def describe_hidden(self, action: Action) -> str:
        who = self.name(action.secret_to)
        if isinstance(action, DealCard):
            return tr("{player} is dealt a card.", player=who)
        if isinstance(action, DrawCard):
            return tr("{player} draws a card.", player=who)
        if isinstance(action, ExchangeCard):
            return tr("{player} exchanges a card.", player=who)
        return tr("{player}: a secret entry.", player=who)


def _prices_text(prices) -> str:
    return _commas(_words(N_("{stock} ${price}"), stock=_stock(stock), price=price)
                   for stock, price in prices)


def _market_closed_words(st, p) -> str:
    if p["seat"] is None:
        return tr("The dealer draws the market-close card: the market closes and the game ends at "
                  "once.")
    return tr("{player} draws the market-close card: the market closes and the game ends at once.",
              player=st.name(p["seat"]))


_EVENT_WORDS = {
    "start_price": lambda st, p: tr("{stock} starts at ${price}.", stock=_stock(p["stock"]),
                                    price=p["price"]),
    "market_open": lambda st, p: tr("Every stock has a start price ({prices}): {player} takes the "
                                    "first turn.", prices=_prices_text(p["prices"]),
                                    player=st.name(p["seat"])),
    "crash": BlackMondayState._crash_words,
    "relisted": BlackMondayState._relisted_words,
    "deck_rebuilt": lambda st, p: tr(
        "The first deck has run out: the discard pile ({discards} cards), the {price_cards} price "
        "cards under the current prices and the market-close card are shuffled into a new deck of "
        "{cards} cards. Whoever draws the market-close card ends the game.",
        discards=p["discards"], price_cards=p["price_cards"], cards=p["cards"]),
    "market_closed": _market_closed_words,
    "game_over": BlackMondayState._game_over_words,
}


_HANDLERS = {
    DealCard: BlackMondayState._deal,
    RevealStartCard: BlackMondayState._reveal,
    DrawCard: BlackMondayState._draw,
    DrawMarketClose: BlackMondayState._draw_close,
    BuyShares: BlackMondayState._buy,
    SellShares: BlackMondayState._sell,
    ChangePrice: BlackMondayState._change,
    CrashStock: BlackMondayState._crash,
    SetStartPrice: BlackMondayState._restart,
    ExchangeCard: BlackMondayState._exchange,
    EndTurn: BlackMondayState._end_turn,
    PositionAction: BlackMondayState._apply_position,
    CorrectionAction: BlackMondayState._apply_correction,
}
