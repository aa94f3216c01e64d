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
from ..i18n import N_, _, _shown, tr
from . import actions as A
from .common import card, company, investor, listed, usd, words
from .data import COMPANIES, INVESTORS
from .steps import DEAL_INVESTOR, DEAL_PAIR, HOLDING, OPEN_PAIR, START_STOCK

__all__ = ["PositionRules", "CORRECTION_KINDS"]

#: what a Stockpile correction may fix: ``to`` is dollars or a track space. A face-down holding is
#: not among them: set on the shared screen, the change in the player's public card count would
#: show what they held, and whether the market deck could give the cards would show where the
#: hidden cards are (issue 28)
CORRECTION_KINDS = ("money", "space")
_SECRET_KINDS = ("holding", "split holding")

_CO = {name: i for i, name in enumerate(COMPANIES)}
_INV = {name: i for i, name in enumerate(INVESTORS)}


def _whole(value: Any) -> bool:
    return type(value) is int


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
            raise IllegalAction("The position gives {what} for {count} players; this match has {players}.",
                                what=words(what), count=len(values), players=self.n)
        return values

    def _checked_position(self, a) -> dict:
        """The position in the engine's terms, or a refusal in words (nothing changed)."""
        n, R = self.n, self.R
        if not _whole(a.round) or not 1 <= a.round <= self.rounds:
            raise IllegalAction("A {players}-player game of Stockpile has rounds 1 to {rounds}; there is no round "
                                "{round}.", players=n, rounds=self.rounds, round=repr(a.round))
        if not _whole(a.first_player) or not 0 <= a.first_player < n:
            raise IllegalAction("The first player is a seat from 0 to {last}, not {seat}.", last=n - 1,
                                seat=repr(a.first_player))
        money = self._per_seat(a.money, N_("money"))
        for s, m in enumerate(money):
            if m < 0:
                raise IllegalAction("{player} cannot have {money}: money is never below {zero}.",
                                    player=self.name(s), money=usd(m), zero=usd(0))
        spaces = [None] * 6
        for pair in a.spaces:
            name, space = pair
            c = self._company(name)
            if spaces[c] is not None:
                raise IllegalAction("The position gives {company}'s space twice.", company=company(name))
            last = self.tracks[c].last
            if not 0 <= space <= last:
                raise IllegalAction("{company}'s track has spaces 0 to {last} (counted from the left); there is no "
                                    "space {space}.", company=company(name), last=last, space=space)
            spaces[c] = space
        if None in spaces:
            missing = [company(COMPANIES[c]) for c in range(6) if spaces[c] is None]
            raise IllegalAction("The position must give every company's space; missing: {companies}.",
                                companies=listed(missing))
        regular = self._per_seat(a.stock_cards, N_("stock cards"))
        split = self._per_seat(a.split_cards, N_("split cards"))
        for s in range(n):
            if regular[s] < 0 or split[s] < 0:
                raise IllegalAction("{player} cannot hold a negative number of cards.", player=self.name(s))
        printed = R.card_counts
        out = [0] * len(printed)
        discard = [0] * len(printed)
        for pair in a.discard:
            name, count = pair
            k = self._card(name)
            if discard[k]:
                raise IllegalAction("The position lists {card} twice in the discard pile; give each card once with "
                                    "its count.", card=card(name))
            if count < 0:
                raise IllegalAction("The discard pile cannot hold {count} {card} cards.", count=count,
                                    card=card(name))
            discard[k] = count
            out[k] += count
        owed = []
        for s, fees in enumerate(self._per_seat(a.unpaid_fees, N_("unpaid fees"), True)):
            ks = []
            for name in fees:
                k = self._card(name)
                if not R.fee_amounts[k]:
                    raise IllegalAction("{card} is not a trading fee card, so it cannot be an unpaid fee of {player}.",
                                        card=card(name), player=self.name(s))
                if R.fee_amounts[k] <= money[s]:
                    raise IllegalAction("{player} cannot owe the {card} card while having {money}: an unpaid fee is "
                                        "paid as soon as its player has the money.", player=self.name(s),
                                        card=card(name), money=usd(money[s]))
                ks.append(k)
                out[k] += 1
            owed.append(ks)   # in the order given: fees are settled in that order
        for k, count in enumerate(out):
            if count > printed[k]:
                raise IllegalAction("The game has {printed} {card} cards, but the position puts {count} in the "
                                    "discard pile and unpaid fees.", printed=printed[k], card=card(R.card_names[k]),
                                    count=count)
        stock_left = sum(printed[c] - out[c] for c in range(6))
        held = sum(regular) + sum(split)
        if held > stock_left:
            raise IllegalAction("The players hold {held} stock cards, but only {left} are not in the discard pile.",
                                held=held, left=stock_left)
        deck = sum(printed) - sum(out) - held
        need = (self.rounds - a.round + 1) * self._per_round()
        if deck < need:
            raise IllegalAction("The market deck would hold {deck} cards, but rounds {round} to {rounds} need "
                                "{need}; check the discard pile and the cards held.", deck=deck, round=a.round,
                                rounds=self.rounds, need=need)
        kept = []
        seen: set[int] = set()
        want = 2 if self.two else 1
        for s, names in enumerate(self._per_seat(a.investors, N_("investors"), True)):
            idx = []
            for name in names:
                i = _INV.get(name) if isinstance(name, str) else None
                if i is None:
                    raise IllegalAction("{name} is not a Stockpile investor.", name=repr(name))
                if i in seen:
                    raise IllegalAction("{investor} cannot be kept by two players.", investor=investor(name))
                seen.add(i)
                idx.append(i)
            if not self.investors_on and idx:
                raise IllegalAction("This match is played without investors (option 'investors'), "
                                    "so nobody keeps one.")
            if self.investors_on and len(idx) != want:
                raise IllegalAction("With the investors each player keeps {count}; {player} keeps {kept}.",
                                    count=want, player=self.name(s), kept=len(idx))
            kept.append(tuple(sorted(idx)))
        return {"money": money, "spaces": spaces, "regular": regular, "split": split,
                "discard": discard, "owed": owed, "kept": kept}

    def _per_round(self) -> int:
        """Market cards drawn in a round: a face-up card per stockpile, two per player per batch."""
        return 12 if self.two else 3 * self.n

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
            self.set_money(s, p["money"][s], words(N_("money on the table when the match began")), "position")
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
        return self._holding_entries([c for c in range(6) if self.deck[c] > 0])

    def _sample_holding(self, rng) -> A.DealHolding:
        seat = self.queue[0]
        stock = [max(0, self.deck[c]) for c in range(6)]
        r = int(rng.random() * sum(stock))
        c = 0
        while r >= stock[c]:
            r -= stock[c]
            c += 1
        return A.DealHolding(seat, COMPANIES[c], not self.to_enter[seat][0])

    def _apply_holding(self, a) -> None:
        if self.step != HOLDING:
            self._refuse_step(N_("Entering a card of a portfolio"))
        seat = self.queue[0]
        if a.seat != seat:
            raise NotYourTurn("The next card to enter is {player}'s, not seat {seat}'s.", player=self.name(seat),
                              seat=repr(a.seat))
        c = self._company(a.company)
        which = 1 if a.split else 0
        left = self.to_enter[seat]
        if not left[which]:
            raise IllegalAction(N_("{player} has no more split cards to enter; the position says how many each "
                                   "player holds.") if a.split else
                                N_("{player} has no more regular cards to enter; the position says how many each "
                                   "player holds."), player=self.name(seat))
        # refused only for what the player entering knows: the discard pile and their own cards
        # (a copy the match has in another portfolio is taken all the same, see ``_draw``)
        own = self.reg[seat][c] + self.split[seat][c]
        if self.deck[c] <= 0 and self.R.card_counts[c] <= self.discard[c] + own:
            raise IllegalAction("No {company} card is left to hold; check the card and enter it again.",
                                company=company(a.company))
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
        if a.kind in _SECRET_KINDS:
            raise IllegalAction("A player's face-down cards are theirs to know, so a correction on the "
                                "shared screen cannot set them (the change would show what they held). "
                                "Undo back to the mistake, or start a new match from the table as it is, "
                                "where each player enters their own cards.")
        if a.kind not in CORRECTION_KINDS:
            raise IllegalAction("A Stockpile correction fixes {kinds}; not {kind}.", kinds=", ".join(CORRECTION_KINDS),
                                kind=repr(a.kind))
        to = a.to
        if not _whole(to) or to < 0:
            raise IllegalAction("A correction of {kind} sets a whole number, 0 or more; not {to}.", kind=a.kind,
                                to=repr(to))
        why = words(N_("correction: {reason}"), reason=reason)
        if a.kind == "space":
            c = self._company(a.subject)
            last = self.tracks[c].last
            if to > last:
                raise IllegalAction("{company}'s track has spaces 0 to {last}; there is no space {space}.",
                                    company=company(a.subject), last=last, space=to)
            self.pos[c] = to
            self.mark_value(COMPANIES[c], self.value(c))
            return
        seat = a.seat
        if not _whole(seat) or not 0 <= seat < self.n:
            raise MalformedAction("{action}: there is no seat {seat} in this game.", action="Correction",
                                  seat=repr(seat))
        change = to - self.money[seat]
        if change > 0:
            self.receive(seat, change, why, "correction")
        elif change < 0:
            self.pay(seat, BANK, -change, why, "correction")

    # ------------------------------------------------------------- words
    def _describe_position(self, a) -> str:
        name = self.name
        comma, semicolon = _(", "), _("; ")
        money = comma.join(tr("{player} {amount}", player=name(s), amount=usd(m)) for s, m in enumerate(a.money))
        values = comma.join(tr("{company} {value}", company=company(c), value=self.tracks[_CO[c]].values[space])
                            for c, space in a.spaces)
        cards = comma.join(tr("{player} {regular} + {split} split", player=name(s), regular=r, split=sp)
                           for s, (r, sp) in enumerate(zip(a.stock_cards, a.split_cards)))
        parts = [tr("Started from the table as it is: round {round}, {player} first; money {money}; values "
                    "{values}; face-down cards {cards}", round=a.round, player=name(a.first_player), money=money,
                    values=values, cards=cards)]
        parts += [tr("{player} owes {fees}", player=name(s), fees=comma.join(_shown(card(x)) for x in f))
                  for s, f in enumerate(a.unpaid_fees) if f]
        inv = [tr("{player}: {investors}", player=name(s),
                  investors=_(" and ").join(_shown(investor(x)) for x in i)) for s, i in enumerate(a.investors) if i]
        if inv:
            parts.append(tr("investors {investors}", investors=comma.join(inv)))
        if a.discard:
            discard = [tr("{card} x{count}", card=card(k), count=c) for k, c in a.discard if c]
            parts.append(tr("discard pile {cards}", cards=comma.join(discard)))
        return semicolon.join(parts)

    def _describe_correction(self, a: Correction) -> str:
        who = self.name(a.seat) if _whole(a.seat) and 0 <= a.seat < self.n else ""
        if a.kind == "money":
            what = tr("{player}'s money is {amount}", player=who, amount=usd(a.to))
        elif a.kind == "space":
            c = _CO[a.subject]
            what = tr("{company} is on space {space} (value {value})", company=company(a.subject), space=a.to,
                      value=self.tracks[c].values[a.to])
        elif a.kind == "split holding":
            what = tr("{player} holds {count} split {company} cards", player=who, count=a.to,
                      company=company(a.subject))
        else:
            what = tr("{player} holds {count} regular {company} cards", player=who, count=a.to,
                      company=company(a.subject))
        return tr("Correction: {what} ({reason})", what=what, reason=a.reason.strip())

    # ------------------------------------------------------------- the other way
    def at_position_boundary(self) -> bool:
        """The start of a round: before its first company tile is dealt."""
        return (self.step == (DEAL_PAIR if self.two else OPEN_PAIR) and self.open_pair is None
                and not any(self.ppairs) and not any(self.lost_start))   # (a position names every card)

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
