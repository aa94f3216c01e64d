"""Stockpile: starting from the table as it is (``Position``, then each player's face-down
portfolio), and ``Correction`` entries. A mixin of ``StockpileState``; it imports nothing of
the rules module (the rules import it).

A position is the table at the start of a round. What the whole table sees goes into the
``Position`` entry: money, track spaces, how many face-down cards each player holds, unpaid
fees, investors, the discard pile. The market deck is whatever is left. Each player then enters
the companies of their face-down cards one at a time (``DealHolding``, secret), like a deal.
"""
from __future__ import annotations

from typing import Any

from ..core import BANK, Correction
from ..errors import IllegalAction, MalformedAction, NotYourTurn
from . import actions as A
from .data import COMPANIES, INVESTORS
from .steps import DEAL_INVESTOR, DEAL_PAIR, HOLDING, OPEN_PAIR, START_STOCK

__all__ = ["PositionRules", "CORRECTION_KINDS"]

#: what a Stockpile correction may fix: ``to`` is dollars, a number of cards, or a track space
CORRECTION_KINDS = ("money", "holding", "split holding", "space")

_CO = {name: i for i, name in enumerate(COMPANIES)}
_INV = {name: i for i, name in enumerate(INVESTORS)}


def _whole(value: Any) -> bool:
    return type(value) is int


def _usd(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


class PositionRules:
    """Position, DealHolding and Correction for ``StockpileState``."""

    # ------------------------------------------------------------- reading a position
    def _fresh(self) -> bool:
        """Nothing entered yet (the state as ``__init__`` left it)."""
        if self.investors_on:
            return self.step == DEAL_INVESTOR and len(self.inv_left) == len(INVESTORS)
        return self.step == START_STOCK and len(self.start_left) == 6 and len(self.queue) == self.n

    def _per_seat(self, values, what: str, allow_empty: bool = False) -> tuple:
        if allow_empty and values == ():
            return ((),) * self.n
        if len(values) != self.n:
            raise IllegalAction(f"The position gives {what} for {len(values)} players; "
                                f"this match has {self.n}.")
        return values

    def _checked_position(self, a) -> dict:
        """The position in the engine's terms, or a refusal in words (nothing changed)."""
        n, R = self.n, self.R
        if not _whole(a.round) or not 1 <= a.round <= self.rounds:
            raise IllegalAction(f"A {n}-player game of Stockpile has rounds 1 to {self.rounds}; "
                                f"there is no round {a.round!r}.")
        if not _whole(a.first_player) or not 0 <= a.first_player < n:
            raise IllegalAction(f"The first player is a seat from 0 to {n - 1}, not {a.first_player!r}.")
        money = self._per_seat(a.money, "money")
        for s, m in enumerate(money):
            if m < 0:
                raise IllegalAction(f"{self.name(s)} cannot have {_usd(m)}: money is never below $0.")
        spaces = [None] * 6
        for pair in a.spaces:
            company, space = pair
            c = self._company(company)
            if spaces[c] is not None:
                raise IllegalAction(f"The position gives {company}'s space twice.")
            last = self.tracks[c].last
            if not 0 <= space <= last:
                raise IllegalAction(f"{company}'s track has spaces 0 to {last} (counted from the "
                                    f"left); there is no space {space}.")
            spaces[c] = space
        if None in spaces:
            missing = [COMPANIES[c] for c in range(6) if spaces[c] is None]
            raise IllegalAction(f"The position must give every company's space; missing: "
                                f"{', '.join(missing)}.")
        regular = self._per_seat(a.stock_cards, "stock cards")
        split = self._per_seat(a.split_cards, "split cards")
        for s in range(n):
            if regular[s] < 0 or split[s] < 0:
                raise IllegalAction(f"{self.name(s)} cannot hold a negative number of cards.")
        printed = R.card_counts
        out = [0] * len(printed)
        discard = [0] * len(printed)
        for pair in a.discard:
            card, count = pair
            k = self._card(card)
            if discard[k]:
                raise IllegalAction(f"The position lists {card} twice in the discard pile; give "
                                    f"each card once with its count.")
            if count < 0:
                raise IllegalAction(f"The discard pile cannot hold {count} {card} cards.")
            discard[k] = count
            out[k] += count
        owed = []
        for s, fees in enumerate(self._per_seat(a.unpaid_fees, "unpaid fees", True)):
            ks = []
            for name in fees:
                k = self._card(name)
                if not R.fee_amounts[k]:
                    raise IllegalAction(f"{name} is not a trading fee card, so it cannot be an "
                                        f"unpaid fee of {self.name(s)}.")
                if R.fee_amounts[k] <= money[s]:
                    raise IllegalAction(f"{self.name(s)} cannot owe the {name} card while having "
                                        f"{_usd(money[s])}: an unpaid fee is paid as soon as its "
                                        f"player has the money.")
                ks.append(k)
                out[k] += 1
            owed.append(ks)   # in the order given: fees are settled in that order
        for k, count in enumerate(out):
            if count > printed[k]:
                raise IllegalAction(f"The game has {printed[k]} {R.card_names[k]} cards, but the "
                                    f"position puts {count} in the discard pile and unpaid fees.")
        stock_left = sum(printed[c] - out[c] for c in range(6))
        held = sum(regular) + sum(split)
        if held > stock_left:
            raise IllegalAction(f"The players hold {held} stock cards, but only {stock_left} "
                                f"are not in the discard pile.")
        deck = sum(printed) - sum(out) - held
        need = (self.rounds - a.round + 1) * self._per_round()
        if deck < need:
            raise IllegalAction(f"The market deck would hold {deck} cards, but rounds {a.round} "
                                f"to {self.rounds} need {need}; check the discard pile and the "
                                f"cards held.")
        kept = []
        seen: set[int] = set()
        want = 2 if self.two else 1
        for s, names in enumerate(self._per_seat(a.investors, "investors", True)):
            idx = []
            for name in names:
                i = _INV.get(name) if isinstance(name, str) else None
                if i is None:
                    raise IllegalAction(f"{name!r} is not a Stockpile investor.")
                if i in seen:
                    raise IllegalAction(f"{name} cannot be kept by two players.")
                seen.add(i)
                idx.append(i)
            if not self.investors_on and idx:
                raise IllegalAction("This match is played without investors (option 'investors'), "
                                    "so nobody keeps one.")
            if self.investors_on and len(idx) != want:
                raise IllegalAction(f"With the investors each player keeps {want}; "
                                    f"{self.name(s)} keeps {len(idx)}.")
            kept.append(tuple(sorted(idx)))
        return {"money": money, "spaces": spaces, "regular": regular, "split": split,
                "discard": discard, "owed": owed, "kept": kept}

    def _per_round(self) -> int:
        """Market cards drawn in a round: a face-up card per stockpile, two per player per batch."""
        return 12 if self.two else 3 * self.n

    def _cards_still_drawn(self) -> int:
        """Market cards the rest of the game will take from the deck (after the setup)."""
        per = self._per_round()
        later = (self.rounds - self.round) * per
        if self.phase == "information":
            return later + per
        if self.phase == "supply":
            return later + per - sum(map(len, self.piles)) - sum(map(len, self.hands))
        return later

    # ------------------------------------------------------------- handlers
    def _apply_position(self, a) -> None:
        if not self._fresh():
            raise IllegalAction("A position can only be the first entry of a match; start a new "
                                "match from the table as it is.")
        p = self._checked_position(a)
        n, R = self.n, self.R
        self.payments, self.value_marks, self.events = [], [], []
        self.round = a.round
        self.phase = "setup"
        self.first = a.first_player
        self.order = tuple((self.first + i) % n for i in range(n))
        self.money = [0] * n
        for s in range(n):
            self.set_money(s, p["money"][s], "money on the table when the match began", "position")
        self.pos = p["spaces"]
        for c in range(6):
            self.mark_value(COMPANIES[c], self.value(c))
        self.discard = p["discard"]
        self.owed = p["owed"]
        self.deck = [R.card_counts[k] - p["discard"][k] for k in range(len(R.card_counts))]
        for fees in self.owed:
            for k in fees:
                self.deck[k] -= 1
        self.deck_size = sum(self.deck)
        self.inv = p["kept"]
        self.inv_hand = [()] * n
        self.inv_left = []
        self.holder = [-1] * len(INVESTORS)
        for s, kept in enumerate(self.inv):
            for i in kept:
                self.holder[i] = s
        self.start_left = []
        self.reg = [[0] * 6 for _ in range(n)]
        self.split = [[0] * 6 for _ in range(n)]
        self.to_enter = [[p["regular"][s], p["split"][s]] for s in range(n)]
        self.queue = [s for s in self.order for _ in range(sum(self.to_enter[s]))]
        self.actor = None
        if self.queue:
            self.step = HOLDING
        else:
            self._start_round()

    def _holding_companies(self, seat: int, viewer: int | None) -> list[int]:
        """Companies a face-down card may be of, as ``viewer`` may know: the printed copies less
        the discard pile and, for its owner, the cards they entered already."""
        printed, discard = self.R.card_counts, self.discard
        own = viewer is not None and viewer == seat
        return [c for c in range(6)
                if printed[c] - discard[c] - ((self.reg[seat][c] + self.split[seat][c]) if own else 0) > 0]

    def _holding_entries(self, companies) -> list:
        seat = self.queue[0]
        left = self.to_enter[seat]
        return ([A.DealHolding(seat, COMPANIES[c], False) for c in companies if left[0]]
                + [A.DealHolding(seat, COMPANIES[c], True) for c in companies if left[1]])

    def _legal_holding(self) -> list:
        return self._holding_entries([c for c in range(6) if self.deck[c]])

    def _sample_holding(self, rng) -> A.DealHolding:
        seat = self.queue[0]
        stock = [self.deck[c] for c in range(6)]
        r = int(rng.random() * sum(stock))
        c = 0
        while r >= stock[c]:
            r -= stock[c]
            c += 1
        return A.DealHolding(seat, COMPANIES[c], not self.to_enter[seat][0])

    def _apply_holding(self, a) -> None:
        if self.step != HOLDING:
            self._refuse_step("Entering a card of a portfolio")
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn(f"The next card to enter is {self.name(seat)}'s, not seat {a.seat!r}'s.")
        c = self._company(a.company)
        which = 1 if a.split else 0
        left = self.to_enter[seat]
        if not left[which]:
            kind = "split" if a.split else "regular"
            raise IllegalAction(f"{self.name(seat)} has no more {kind} cards to enter; the position "
                                f"says how many each player holds.")
        if not self.deck[c]:
            raise IllegalAction(f"No {a.company} card is left to hold; check the card and enter it again.")
        self.deck[c] -= 1
        self.deck_size -= 1
        (self.split if a.split else self.reg)[seat][c] += 1
        left[which] -= 1
        self.queue.pop(0)
        if not self.queue:
            self._start_round()

    def _apply_correction(self, a: Correction) -> None:
        if self.step == HOLDING:
            raise IllegalAction("Finish entering the portfolios of the position before correcting it.")
        reason = a.reason.strip()
        if not reason:
            raise IllegalAction("A correction needs a reason, typed by the table (what went wrong).")
        if a.kind not in CORRECTION_KINDS:
            raise IllegalAction(f"A Stockpile correction fixes {', '.join(CORRECTION_KINDS)}; "
                                f"not {a.kind!r}.")
        to = a.to
        if not _whole(to) or to < 0:
            raise IllegalAction(f"A correction of {a.kind} sets a whole number, 0 or more; not {to!r}.")
        why = f"correction: {reason}"
        if a.kind == "space":
            c = self._company(a.subject)
            last = self.tracks[c].last
            if to > last:
                raise IllegalAction(f"{a.subject}'s track has spaces 0 to {last}; there is no space {to}.")
            self.pos[c] = to
            self.mark_value(COMPANIES[c], self.value(c))
            return
        seat = a.seat
        if not _whole(seat) or not 0 <= seat < self.n:
            raise MalformedAction(f"Correction: there is no seat {seat!r} in this game.")
        if a.kind == "money":
            change = to - self.money[seat]
            if change > 0:
                self.receive(seat, change, why, "correction")
            elif change < 0:
                self.pay(seat, BANK, -change, why, "correction")
            return
        c = self._company(a.subject)
        if self.phase == "setup":
            raise IllegalAction("Holdings can be corrected once the starting stocks are dealt.")
        cards = self.split if a.kind == "split holding" else self.reg
        change = to - cards[seat][c]
        if change > self.deck[c]:
            raise IllegalAction(f"{self.name(seat)} cannot be given {change} more {a.subject} "
                                f"cards: the market deck has only {self.deck[c]}.")
        need = self._cards_still_drawn()
        if change > self.deck_size - need:
            raise IllegalAction(f"{self.name(seat)} cannot be given {change} more {a.subject} "
                                f"cards: the market deck must keep {need} cards for the rest of "
                                f"the game and has {self.deck_size}.")
        if change > 0:
            self.deck[c] -= change
            self.deck_size -= change
        else:
            self.discard[c] -= change
        cards[seat][c] = to

    # ------------------------------------------------------------- words
    def _describe_position(self, a) -> str:
        name = self.name
        money = ", ".join(f"{name(s)} {_usd(m)}" for s, m in enumerate(a.money))
        values = ", ".join(f"{c} {self.tracks[_CO[c]].values[space]}" for c, space in a.spaces)
        cards = ", ".join(f"{name(s)} {r} + {sp} split" for s, (r, sp)
                          in enumerate(zip(a.stock_cards, a.split_cards)))
        text = (f"Started from the table as it is: round {a.round}, {name(a.first_player)} first; "
                f"money {money}; values {values}; face-down cards {cards}")
        fees = [f"{name(s)} owes {', '.join(f)}" for s, f in enumerate(a.unpaid_fees) if f]
        if fees:
            text += "; " + "; ".join(fees)
        inv = [f"{name(s)}: {' and '.join(i)}" for s, i in enumerate(a.investors) if i]
        if inv:
            text += "; investors " + ", ".join(inv)
        if a.discard:
            text += "; discard pile " + ", ".join(f"{k} x{c}" for k, c in a.discard if c)
        return text

    def _describe_correction(self, a: Correction) -> str:
        who = self.name(a.seat) if _whole(a.seat) and 0 <= a.seat < self.n else ""
        if a.kind == "money":
            what = f"{who}'s money is {_usd(a.to)}"
        elif a.kind == "space":
            c = _CO[a.subject]
            what = f"{a.subject} is on space {a.to} (value {self.tracks[c].values[a.to]})"
        elif a.kind == "split holding":
            what = f"{who} holds {a.to} split {a.subject} cards"
        else:
            what = f"{who} holds {a.to} regular {a.subject} cards"
        return f"Correction: {what} ({a.reason.strip()})"

    # ------------------------------------------------------------- the other way
    def at_position_boundary(self) -> bool:
        """The start of a round: before its first company tile is dealt."""
        return (self.step == (DEAL_PAIR if self.two else OPEN_PAIR) and self.open_pair is None
                and not any(self.ppairs))

    def position_entries(self) -> list:
        """This table as a ``Position`` and each player's ``DealHolding`` entries, in the order
        a new match takes them; only at the start of a round (before its first pair is dealt)."""
        if not self.at_position_boundary():
            raise IllegalAction("A position is taken at the start of a round, before the first "
                                "company tile is dealt.")
        names = self.R.card_names
        position = A.Position(
            round=self.round, first_player=self.first, money=tuple(self.money),
            spaces=tuple((COMPANIES[c], self.pos[c]) for c in range(6)),
            stock_cards=tuple(sum(r) for r in self.reg),
            split_cards=tuple(sum(r) for r in self.split),
            unpaid_fees=tuple(tuple(names[k] for k in fees) for fees in self.owed),
            investors=tuple(tuple(INVESTORS[i] for i in kept) for kept in self.inv),
            discard=tuple((names[k], c) for k, c in enumerate(self.discard) if c))
        entries = [position]
        for s in self.order:
            for split, cards in ((False, self.reg[s]), (True, self.split[s])):
                for c in range(6):
                    entries += [A.DealHolding(s, COMPANIES[c], split)] * cards[c]
        return entries
