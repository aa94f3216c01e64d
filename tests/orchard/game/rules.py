"""Orchard's rules."""
from __future__ import annotations

import random

from tabletop.core import BANK, CHANCE, TERMINAL, Correction, Outcome, State
from tabletop.errors import IllegalAction, NotYourTurn
from tabletop.i18n import Money, tr

from . import data
from .actions import Buy, DealTip, Harvest, Pass, Position, Sell
from .position import PositionRules


class OrchardState(PositionRules, State):
    def __init__(self, game):
        super().__init__(game)
        self.rounds = game.options["rounds"]
        self.money = [0] * self.n
        for s in range(self.n):
            self.pay(BANK, s, data.START_MONEY, "starting money", "start")
        self.round, self.phase, self.first, self.turn = 1, "deal", 0, 0
        self.values = {s: data.START_VALUE for s in data.STOCKS}
        for s in data.STOCKS:
            self.mark_value(s, data.START_VALUE)
        self.shares = [{s: 0 for s in data.STOCKS} for _ in range(self.n)]
        self.tips: list[str | None] = [None] * self.n
        self.last_harvest = None

    def clone(self):
        c = object.__new__(OrchardState)
        c.__dict__ = dict(self.__dict__)
        for name in ("money", "payments", "value_marks", "events", "tips"):
            setattr(c, name, list(getattr(self, name)))
        c.values = dict(self.values)
        c.shares = [dict(h) for h in self.shares]
        return c

    def current_player(self):
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("deal", "harvest"):
            return CHANCE
        return (self.first + self.turn) % self.n

    def chance_owner(self):
        """The tips are dealt from the first player round the table."""
        return (self.first + sum(t is not None for t in self.tips)) % self.n if self.phase == "deal" else None

    def legal_actions(self):
        p = self.current_player()
        if p == TERMINAL:
            return []
        if self.phase == "deal":
            return [DealTip(self.chance_owner(), t) for t in data.TIPS]
        if self.phase == "harvest":
            return [Harvest(s, c) for s in data.STOCKS for c in data.HARVEST]
        acts = [Buy(p, s) for s in data.STOCKS if self.money[p] >= self.values[s]]
        acts += [Sell(p, s) for s in data.STOCKS if self.shares[p][s]]
        return acts + [Pass(p)]

    def sample_chance(self, rng: random.Random):
        acts = self.legal_actions()
        return acts[rng.randrange(len(acts))]

    def apply(self, a):
        if isinstance(a, Position):
            return self._apply_position(a)
        if isinstance(a, Correction):
            return self._apply_correction(a)
        p = self.current_player()
        if p == TERMINAL:
            raise IllegalAction("The game is over.")
        if isinstance(a, DealTip):
            if self.phase != "deal" or a.seat != self.chance_owner():
                raise NotYourTurn("No tip is to be dealt to {player} now.", player=self.name(a.seat))
            if a.tip not in data.TIPS:
                raise IllegalAction("There is no tip card {tip}.", tip=repr(a.tip))
            self.tips[a.seat] = a.tip
            if None not in self.tips:
                self.phase = "trade"
            return
        if isinstance(a, Harvest):
            if self.phase != "harvest":
                raise NotYourTurn("The harvest card is turned up after everyone has traded.")
            if a.stock not in data.STOCKS or a.change not in data.HARVEST:
                raise IllegalAction("There is no harvest card {stock} {change}.", stock=a.stock, change=a.change)
            self.values[a.stock] = min(data.HIGHEST, max(data.LOWEST, self.values[a.stock] + a.change))
            self.mark_value(a.stock, self.values[a.stock])
            self.last_harvest = f"{a.stock} {a.change:+d}"
            if self.round >= self.rounds:
                self.phase = "over"
            else:
                self.round, self.first, self.turn = self.round + 1, (self.first + 1) % self.n, 0
                self.tips, self.phase = [None] * self.n, "deal"
            return
        if p == CHANCE or getattr(a, "seat", None) != p:
            raise NotYourTurn("It is {player}'s turn, not {other}'s.", player=self.name(p) if p >= 0 else "-",
                              other=self.name(a.seat) if isinstance(getattr(a, "seat", None), int)
                              and 0 <= a.seat < self.n else repr(getattr(a, "seat", None)))
        if isinstance(a, Buy):
            if a.stock not in data.STOCKS:
                raise IllegalAction("{stock} is not an Orchard stock.", stock=repr(a.stock))
            if self.money[p] < self.values[a.stock]:
                raise IllegalAction("{player} cannot pay {price} for {stock}.", player=self.name(p),
                                    price=Money(self.values[a.stock]), stock=a.stock)
            self.pay(p, BANK, self.values[a.stock], f"buy {a.stock}", "purchase", a.stock)
            self.shares[p][a.stock] += 1
        elif isinstance(a, Sell):
            if not self.shares[p].get(a.stock):
                raise IllegalAction("{player} holds no {stock} share.", player=self.name(p), stock=a.stock)
            self.shares[p][a.stock] -= 1
            self.pay(BANK, p, self.values[a.stock], f"sell {a.stock}", "sale", a.stock)
        elif not isinstance(a, Pass):
            raise IllegalAction("{action} is not part of Orchard.", action=type(a).__name__)
        self.turn += 1
        if self.turn == self.n:
            self.phase = "harvest"

    def worth(self, seat):
        return self.money[seat] + sum(self.shares[seat][s] * self.values[s] for s in data.STOCKS)

    def view(self, seat):
        p = self.current_player()
        v = {"title": "Orchard", "round": self.round, "rounds": self.rounds, "phase": self.phase,
             "first_player": self.first, "to_act": p if p >= 0 else None,
             "players": [{"name": self.name(s), "money": self.money[s], "holdings": dict(self.shares[s]),
                          "has_tip": self.tips[s] is not None} for s in range(self.n)],
             "stocks": dict(self.values), "board": {"last harvest": self.last_harvest}}
        if self.phase == "over":
            for s, player in enumerate(v["players"]):
                player["score"] = self.worth(s)
        if seat is not None:
            v["private"] = {"tip": self.tips[seat]}
        return v

    def outcome(self):
        if self.phase != "over":
            return None
        scores = tuple(self.worth(s) for s in range(self.n))
        return Outcome(scores, tuple(s for s in range(self.n) if scores[s] == max(scores)))

    def describe(self, a):
        if isinstance(a, Position):
            return tr("The match starts from the table as it is, in round {round}", round=a.round)
        if isinstance(a, Correction):
            return self._describe_correction(a)
        if isinstance(a, DealTip):
            return tr("{player} is dealt the tip {tip}", player=self.name(a.seat), tip=a.tip)
        if isinstance(a, Harvest):
            return tr("Harvest: {stock} {change}", stock=a.stock, change=f"{a.change:+d}")
        if isinstance(a, Buy):
            return tr("{player} buys {stock} for {price}", player=self.name(a.seat), stock=a.stock,
                      price=Money(self.values[a.stock]))
        if isinstance(a, Sell):
            return tr("{player} sells {stock} for {price}", player=self.name(a.seat), stock=a.stock,
                      price=Money(self.values[a.stock]))
        return tr("{player} passes", player=self.name(a.seat))

    def describe_hidden(self, a):
        return tr("{player} is dealt a tip card", player=self.name(a.seat))
