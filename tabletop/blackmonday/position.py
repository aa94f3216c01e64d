"""Black Monday: starting from the table as it is (``Position``, then each player's hand), and
``Correction`` entries. A mixin of ``BlackMondayState``; it imports nothing of the rules module.

A position is the table at the start of a turn: money, the cards held sideways, the price piles
and the discard pile are public (the table turns the discard pile over to read it); the deck is
every other card. Each player then enters their 8 hand cards (``DealCard``, secret), all of one
player's in a row, starting with the player whose turn it is.
"""
from __future__ import annotations

from ..core import BANK, Correction
from ..errors import IllegalAction, MalformedAction
from ..i18n import N_, Message, Money, Number, Term, _, tr, trn
from . import data
from .actions import DealCard
from .actions import Position as PositionAction

__all__ = ["PositionRules", "CORRECTION_KINDS"]

#: ``to`` is dollars for "money", a card's value for the others (the stock is the subject)
CORRECTION_KINDS = ("money", "add holding", "remove holding", "price")

_STOCKS = data.STOCKS
_INDEX = {s: i for i, s in enumerate(_STOCKS)}
_N_VALUES = len(data.VALUES)
_CLOSE = len(_STOCKS) * _N_VALUES   # the market-close card


def _usd(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def _dollars(amount):
    """Money as a parameter; a value that is no whole number is shown as the table typed it."""
    return Money(amount) if type(amount) is int else _usd(amount)


def _term(name):
    return Term("blackmonday stock", name) if name in _INDEX else name


def _card(stock, value) -> Message:
    return Message(N_("{stock} ${value}"), {"stock": _term(stock), "value": value})


class PositionRules:
    """Position and Correction for ``BlackMondayState``."""

    def _fresh(self) -> bool:
        return self.phase == "deal" and self.dealt == 0 and self.position_turn is None

    def _stock(self, name) -> int:
        s = _INDEX.get(name) if isinstance(name, str) else None
        if s is None:
            raise MalformedAction("{name} is not a Black Monday stock; the stocks are {stocks}.",
                                  name=repr(name), stocks=", ".join(_STOCKS))
        return s

    def _value(self, value) -> int:
        if type(value) is not int or not 1 <= value <= _N_VALUES:
            raise IllegalAction("Stock cards are worth $1 to ${most}, not {value}.", most=_N_VALUES,
                                value=repr(value))
        return value

    def _checked_position(self, a) -> dict:
        n, r = self.n, self.rules
        if type(a.round) is not int or a.round < 1:
            raise IllegalAction("The round is a whole number, 1 or more; not {round}.",
                                round=repr(a.round))
        if type(a.seat) is not int or not 0 <= a.seat < n:
            raise IllegalAction("The turn belongs to a seat from 0 to {last}, not {seat}.",
                                last=n - 1, seat=repr(a.seat))
        if len(a.money) != n or len(a.held) != n:
            raise IllegalAction("The position gives money and held cards for {money} and {held} "
                                "players; this match has {players}.", money=len(a.money),
                                held=len(a.held), players=n)
        used = [0] * (len(_STOCKS) * _N_VALUES)
        for s, m in enumerate(a.money):
            if m < 0:
                raise IllegalAction("{player} cannot have {money}: money is never below $0.",
                                    player=self.name(s), money=_dollars(m))
        held = [[[] for _ in _STOCKS] for _ in range(n)]
        for seat, cards in enumerate(a.held):
            for stock, value in cards:
                s, v = self._stock(stock), self._value(value)
                if not r.shares[v]:
                    raise IllegalAction("{player} cannot hold {card} sideways: $11 to $13 cards "
                                        "show \"0$\" (the 500-share variant is off).",
                                        player=self.name(seat), card=_card(stock, v))
                held[seat][s].append(v)
                used[s * _N_VALUES + v - 1] += 1
            for s in range(len(_STOCKS)):
                shares = sum(r.shares[v] for v in held[seat][s])
                if shares > data.SHARE_CAP:
                    raise IllegalAction("{player} cannot hold {shares} {stock} shares: the limit "
                                        "is {cap} of one stock.", player=self.name(seat),
                                        shares=Number(shares), stock=_term(_STOCKS[s]),
                                        cap=Number(data.SHARE_CAP))
        piles: list = [None] * len(_STOCKS)
        for stock, values in a.piles:
            s = self._stock(stock)
            if piles[s] is not None:
                raise IllegalAction("The position gives {stock}'s price pile twice.",
                                    stock=_term(stock))
            for v in values:
                self._value(v)
                used[s * _N_VALUES + v - 1] += 1
            if values and values[0] > data.START_PRICE_MAX and not a.second_deck:
                # (a new deck leaves only each pile's top card, which may be higher)
                raise IllegalAction("{stock}'s bottom price card is ${value}, but a start price "
                                    "is $1 to ${most}.", stock=_term(stock), value=values[0],
                                    most=data.START_PRICE_MAX)
            for before, after in zip(values, values[1:]):
                if not before - r.down[s] <= after <= before + r.up[s] or (after == before and not r.allow_same):
                    raise IllegalAction("{stock}'s price pile cannot go from ${before} to "
                                        "${after}: {stock} may move at most ${down} down or ${up} "
                                        "up at a time, and must move.", stock=_term(stock),
                                        before=before, after=after, down=r.down[s], up=r.up[s])
            piles[s] = list(values)
        if None in piles:
            missing = [_STOCKS[s] for s in range(len(_STOCKS)) if piles[s] is None]
            raise IllegalAction("The position must give every stock's price pile (empty if "
                                "delisted); missing: {missing}.", missing=", ".join(missing))
        discard = []
        for stock, value in a.discard:
            card = self._stock(stock) * _N_VALUES + self._value(value) - 1
            used[card] += 1
            discard.append(card)
        for card, k in enumerate(used):
            if k > r.copies:
                raise IllegalAction("The game has {copies} {card} cards, but the position shows "
                                    "{shown}.", copies=r.copies,
                                    card=_card(_STOCKS[card // _N_VALUES], card % _N_VALUES + 1),
                                    shown=k)
        deck = len(used) * r.copies - sum(used)
        hands = n * data.HAND_SIZE
        if deck < hands:
            raise IllegalAction("Only {left} cards are left for the deck and the hands, but "
                                "{players} hands of {hand} need {needed}.", left=deck, players=n,
                                hand=data.HAND_SIZE, needed=hands)
        return {"held": held, "piles": piles, "discard": discard, "used": used}

    def _apply_position(self, a) -> None:
        if not self._fresh():
            raise IllegalAction("A position can only be the first entry of a match; start a new "
                                "match from the table as it is.")
        p = self._checked_position(a)
        n = self.n
        self.payments, self.value_marks, self.events = [], [], []
        self.round = a.round
        self.money = [0] * n
        for s in range(n):
            self.set_money(s, a.money[s], Message(N_("money on the table when the match began"), {}),
                           "position")
        self.held = p["held"]
        self.shares = [[sum(self.rules.shares[v] for v in values) for values in seat] for seat in self.held]
        self.piles = p["piles"]
        self.discard = p["discard"]
        self.open_discard = p["discard"][:]   # the table turned the pile over to read it
        used = p["used"]
        self.deck = [c for c, k in enumerate(used) for _ in range(self.rules.copies - k)]
        self.deck_number = 2 if a.second_deck else 1
        self.close_after_deal = a.second_deck   # it joins the deck once the hands are entered
        self.started = True
        for s in range(len(_STOCKS)):
            self.mark_value(_STOCKS[s], self.price(s))
        self.position_turn = a.seat
        self.deal_queue = [(a.seat + k) % n for k in range(n) for _ in range(data.HAND_SIZE)]
        self.seat = a.seat

    def _position_dealt(self) -> None:
        """The hands of a position are entered: the turn of ``position_turn`` begins."""
        if self.close_after_deal:
            self.deck.append(_CLOSE)
            self.close_in_deck = True
            self.close_after_deal = False
        self.phase = "trade"
        self.seat = self.position_turn
        self.buys = self.changes = self.exchanged = 0
        self.traded = False

    # ------------------------------------------------------------- corrections
    def _apply_correction(self, a: Correction) -> None:
        if self.phase in ("deal", "start prices"):
            raise IllegalAction("Corrections wait until the hands are dealt and every stock has a price.")
        reason = a.reason.strip()
        if not reason:
            raise IllegalAction("A correction needs a reason, typed by the table (what went wrong).")
        if a.kind not in CORRECTION_KINDS:
            raise IllegalAction("A Black Monday correction fixes {kinds}; not {kind}.",
                                kinds=", ".join(CORRECTION_KINDS), kind=repr(a.kind))
        why = Message(N_("correction: {reason}"), {"reason": reason})
        if a.kind == "money":
            seat = self._correction_seat(a.seat)
            if type(a.to) is not int or a.to < 0:
                raise IllegalAction("Money is set to a whole number of dollars, $0 or more; not "
                                    "{value}.", value=repr(a.to))
            self.set_money(seat, a.to, why, "correction")
            return
        s = self._stock(a.subject)
        v = self._value(a.to)
        card = s * _N_VALUES + v - 1
        stock = _STOCKS[s]
        if a.kind == "remove holding":
            seat = self._correction_seat(a.seat)
            if v not in self.held[seat][s]:
                raise IllegalAction("{player} holds no {card} card sideways.", player=self.name(seat),
                                    card=_card(stock, v))
            self.held[seat][s].remove(v)
            self.shares[seat][s] -= self.rules.shares[v]
            self.discard.append(card)
            self.open_discard.append(card)
            return
        # every check is of public facts; a card whose copies the match has out of sight is taken
        # all the same (see ``_take_from_deck``), so no answer tells where they are
        if a.kind == "add holding":
            seat = self._correction_seat(a.seat)
            n = self.rules.shares[v]
            if not n:
                raise IllegalAction("{card} shows \"0$\" and is never held sideways (the "
                                    "500-share variant is off).", card=_card(stock, v))
            if not self.piles[s]:
                raise IllegalAction("{stock} is delisted: nobody holds its shares until it has a "
                                    "new start price (correct its price first).", stock=_term(stock))
            if self.shares[seat][s] + n > data.SHARE_CAP:
                raise IllegalAction("{player} would hold {shares} {stock} shares, over the limit of "
                                    "{cap}.", player=self.name(seat),
                                    shares=Number(self.shares[seat][s] + n), stock=_term(stock),
                                    cap=Number(data.SHARE_CAP))
            self._take_from_deck(card)
            self.held[seat][s].append(v)
            self.shares[seat][s] += n
        else:   # price: the card goes on top of the price pile
            if not self.piles[s] and v > data.START_PRICE_MAX:
                raise IllegalAction("{stock} is delisted: its new price is a start price, $1 to "
                                    "${most}.", stock=_term(stock), most=data.START_PRICE_MAX)
            self._take_from_deck(card)
            self.piles[s].append(v)
            self.mark_value(stock, v)
        self._maybe_rebuild()

    def _correction_seat(self, seat) -> int:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise MalformedAction("Correction: there is no seat {seat} in this game.", seat=repr(seat))
        return seat

    # ------------------------------------------------------------- words
    def _describe_position(self, a) -> str:
        name, comma = self.name, _(", ")
        money = comma.join(tr("{player} {money}", player=name(s), money=_dollars(m))
                           for s, m in enumerate(a.money))
        prices = comma.join(tr("{stock} ${price}", stock=_term(stock), price=values[-1]) if values
                            else tr("{stock} delisted", stock=_term(stock))
                            for stock, values in a.piles)
        parts = [tr("Started from the table as it is: round {round}, {player}'s turn; money "
                    "{money}; prices {prices}", round=a.round, player=name(a.seat), money=money,
                    prices=prices)]
        parts += [tr("{player} holds {cards}", player=name(s),
                     cards=comma.join(_card(st, v).render() for st, v in cards))
                  for s, cards in enumerate(a.held) if cards]
        parts.append(trn("{n} cards in the discard pile", "{n} cards in the discard pile",
                         len(a.discard)))
        if a.second_deck:
            parts.append(tr("the second deck is in play"))
        return _("; ").join(parts)

    def _describe_correction(self, a: Correction) -> str:
        who = self.name(a.seat) if type(a.seat) is int and 0 <= a.seat < self.n else ""
        what = {"money": lambda: tr("{player}'s money is {money}", player=who, money=_dollars(a.to)),
                "add holding": lambda: tr("{player} holds {card} sideways", player=who,
                                          card=_card(a.subject, a.to)),
                "remove holding": lambda: tr("{player} does not hold {card}", player=who,
                                             card=_card(a.subject, a.to)),
                "price": lambda: tr("{stock} is at ${price}", stock=_term(a.subject),
                                    price=a.to)}[a.kind]()
        return tr("Correction: {what} ({reason})", what=what, reason=a.reason.strip())

    # ------------------------------------------------------------- the other way
    def at_position_boundary(self) -> bool:
        """The start of a turn: nothing done yet, every hand full."""
        return (self.phase == "trade" and not (self.buys or self.changes or self.exchanged or self.traded)
                and all(len(h) == data.HAND_SIZE for h in self.hands)
                and not self.phantom)      # (a position cannot say which card the deck lacks)

    def position_entries(self) -> list:
        """This table as a ``Position`` and each player's ``DealCard`` entries, in the order a new
        match takes them; only at the start of a turn."""
        if not self.at_position_boundary():
            raise IllegalAction("A position is taken at the start of a turn, before anything is "
                                "done.")
        n = self.n
        name = lambda c: (_STOCKS[c // _N_VALUES], c % _N_VALUES + 1)  # noqa: E731
        position = PositionAction(
            round=self.round, seat=self.seat, money=tuple(self.money),
            held=tuple(tuple(sorted((_STOCKS[s], v) for s in range(len(_STOCKS)) for v in seat[s]))
                       for seat in self.held),
            piles=tuple((_STOCKS[s], tuple(self.piles[s])) for s in range(len(_STOCKS))),
            discard=tuple(sorted(name(c) for c in self.discard)),
            second_deck=self.deck_number == 2)
        entries = [position]
        for k in range(n):
            seat = (self.seat + k) % n
            entries += [DealCard(seat, *name(c)) for c in sorted(self.hands[seat])]
        return entries
