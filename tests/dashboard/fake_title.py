"""Fake Market: a tiny title with everything a dashboard must handle, for the widget tests.

Two stocks, Apple and Berry, start at 5. Each round: every player is dealt a secret tip
(a chance event only they may see), then in turn each player buys, sells or passes (one
action each; a player who cannot pay the broker's $1 fee owes it), then a public news card
moves one stock. After the last round, shares are sold at their values; most money wins.
A player holding a "secret deal" tip may use it on their turn: since anyone might hold it, every
turn is a private decision whose public choices (buy, sell, pass: money and shares are public)
also sit on the shared screen (``UI``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from tabletop.core import BANK, CHANCE, TERMINAL, Action, Outcome, State, Title
from tabletop.errors import IllegalAction, NotYourTurn, OptionsError
from tabletop.widgets.titles import TitleUI

STOCKS = ("Apple", "Berry")
TIPS = ("Apple up", "Apple down", "Berry up", "Berry down", "secret deal")
NEWS = (-2, -1, 1, 2)


@dataclass(frozen=True)
class DealTip(Action):
    chance: ClassVar[bool] = True
    seat: int
    tip: str

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True)
class News(Action):
    chance: ClassVar[bool] = True
    stock: str
    change: int


@dataclass(frozen=True)
class Buy(Action):
    seat: int
    stock: str


@dataclass(frozen=True)
class Sell(Action):
    seat: int
    stock: str


@dataclass(frozen=True)
class Pass(Action):
    seat: int


@dataclass(frozen=True)
class UseDeal(Action):
    """Only with the 'secret deal' tip: take $3 from the bank."""
    seat: int
    deal: str


class FakeState(State):
    def __init__(self, game):
        super().__init__(game)
        self.rounds = game.options["rounds"]
        self.money = [0] * self.n
        self.round = 1
        self.phase = "deal"
        for s in range(self.n):
            self.pay(BANK, s, game.options["money"], "starting money")
        self.values = {s: 5 for s in STOCKS}
        for s in STOCKS:
            self.mark_value(s, 5)
        self.shares = [{s: 0 for s in STOCKS} for _ in range(self.n)]
        self.tips: list[str | None] = [None] * self.n
        self.owed = [0] * self.n
        self.turn = 0          # players who have acted this round
        self.last_news = None
        self.first = 0

    def clone(self):
        c = object.__new__(FakeState)
        c.__dict__ = dict(self.__dict__)
        c.money = list(self.money)
        c.payments = list(self.payments)
        c.value_marks = list(self.value_marks)
        c.values = dict(self.values)
        c.shares = [dict(h) for h in self.shares]
        c.tips = list(self.tips)
        c.owed = list(self.owed)
        return c

    def current_player(self):
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("deal", "news"):
            return CHANCE
        return (self.first + self.turn) % self.n

    def chance_owner(self):
        return self.tips.index(None) if self.phase == "deal" else None

    def legal_actions(self):
        p = self.current_player()
        if p == TERMINAL:
            return []
        if self.phase == "deal":
            return [DealTip(self.chance_owner(), t) for t in TIPS]
        if self.phase == "news":
            return [News(s, c) for s in STOCKS for c in NEWS]
        acts = [Buy(p, s) for s in STOCKS if self.money[p] >= self.values[s]]
        acts += [Sell(p, s) for s in STOCKS if self.shares[p][s]]
        if self.tips[p] == "secret deal":
            acts.append(UseDeal(p, "secret deal"))
        acts.append(Pass(p))
        return acts

    def sample_chance(self, rng: random.Random):
        acts = self.legal_actions()
        return acts[rng.randrange(len(acts))]

    def apply(self, action):
        p = self.current_player()
        if p == TERMINAL:
            raise IllegalAction("The game is over.")
        if isinstance(action, DealTip):
            if self.phase != "deal" or action.seat != self.chance_owner():
                raise NotYourTurn(f"No tip is to be dealt to {self.name(action.seat)} now.")
            if action.tip not in TIPS:
                raise IllegalAction(f"There is no tip '{action.tip}'.")
            self.tips[action.seat] = action.tip
            if None not in self.tips:
                self.phase = "trade"
            return
        if isinstance(action, News):
            if self.phase != "news":
                raise NotYourTurn("No news card is to be turned now.")
            if action.stock not in STOCKS or action.change not in NEWS:
                raise IllegalAction(f"There is no news card {action.stock} {action.change:+d}.")
            self.values[action.stock] = max(1, self.values[action.stock] + action.change)
            self.mark_value(action.stock, self.values[action.stock])
            self.last_news = f"{action.stock} {action.change:+d}"
            if self.round == self.rounds:
                self._finish()
            else:
                self.round += 1
                self.first = (self.first + 1) % self.n
                self.tips = [None] * self.n
                self.turn = 0
                self.phase = "deal"
            return
        if p == CHANCE or action.seat != p:
            who = "the dealer" if p == CHANCE else self.name(p)
            raise NotYourTurn(f"It is {who}'s turn, not {self.name(action.seat)}'s.")
        if isinstance(action, Buy):
            price = self.values.get(action.stock)
            if price is None:
                raise IllegalAction(f"There is no stock '{action.stock}'.")
            if self.money[p] < price:
                raise IllegalAction(f"{self.name(p)} cannot buy {action.stock} at ${price}: "
                                    f"only ${self.money[p]} left.")
            self.pay(p, BANK, price, f"buy {action.stock}")
            self.shares[p][action.stock] += 1
            fee = min(1, self.money[p])
            self.pay(p, BANK, fee, "broker fee")
            self.owed[p] += 1 - fee
        elif isinstance(action, Sell):
            if not self.shares[p].get(action.stock):
                raise IllegalAction(f"{self.name(p)} holds no {action.stock} to sell.")
            self.shares[p][action.stock] -= 1
            self.pay(BANK, p, self.values[action.stock], f"sell {action.stock}")
            if self.owed[p]:
                paid = min(self.owed[p], self.money[p])
                self.pay(p, BANK, paid, "broker fee owed")
                self.owed[p] -= paid
        elif isinstance(action, UseDeal):
            if self.tips[p] != "secret deal":
                raise IllegalAction(f"{self.name(p)} has no secret deal.")
            self.pay(BANK, p, 3, "secret deal")
        elif not isinstance(action, Pass):
            raise IllegalAction(f"{type(action).__name__} is not part of Fake Market.")
        self.turn += 1
        if self.turn == self.n:
            self.phase = "news"

    def _finish(self):
        self.phase = "over"
        for s in range(self.n):
            for stock in STOCKS:
                if self.shares[s][stock]:
                    self.pay(BANK, s, self.shares[s][stock] * self.values[stock], f"final sale of {stock}")
                    self.shares[s][stock] = 0

    def view(self, seat):
        p = self.current_player()
        v = {"title": "Fake Market", "round": self.round, "rounds": self.rounds, "phase": self.phase,
             "first_player": self.first, "to_act": p if p >= 0 else None,
             "players": [{"name": self.name(s), "money": self.money[s], "holdings": dict(self.shares[s]),
                          "owed": self.owed[s], "has_tip": self.tips[s] is not None}
                         for s in range(self.n)],
             "stocks": dict(self.values), "board": {"last news": self.last_news}}
        if seat is not None:
            v["private"] = {"tip": self.tips[seat]}
        return v

    def outcome(self):
        if self.phase != "over":
            return None
        scores = tuple(self.money[s] - self.owed[s] for s in range(self.n))
        best = max(scores)
        return Outcome(scores, tuple(s for s in range(self.n) if scores[s] == best))

    def describe(self, action):
        if isinstance(action, DealTip):
            return f"{self.name(action.seat)} is dealt the tip '{action.tip}'"
        if isinstance(action, News):
            return f"News: {action.stock} {action.change:+d}"
        if isinstance(action, Buy):
            return f"{self.name(action.seat)} buys {action.stock} for ${self.values[action.stock]}"
        if isinstance(action, Sell):
            return f"{self.name(action.seat)} sells {action.stock} for ${self.values[action.stock]}"
        if isinstance(action, UseDeal):
            return f"{self.name(action.seat)} uses their deal"
        return f"{self.name(action.seat)} passes"

    def describe_hidden(self, action):
        return f"{self.name(action.seat)} is dealt a tip"


class FakeTitle(Title):
    name = "fakemarket"
    display_name = "Fake Market"
    min_players = 2
    max_players = 5
    state_class = FakeState
    action_types = (DealTip, News, Buy, Sell, Pass, UseDeal)

    def normalize_options(self, options, n_players):
        out = {"rounds": 3, "money": 12, "fast_news": False}
        unknown = set(options) - set(out)
        if unknown:
            raise OptionsError(f"Fake Market has no option {', '.join(sorted(unknown))}.")
        out.update(options)
        if not isinstance(out["rounds"], int) or not 1 <= out["rounds"] <= 9:
            raise OptionsError("Fake Market lasts 1 to 9 rounds.")
        return out


TITLE = FakeTitle()


def _every_turn_private(state, seat, legal):
    """Anyone may hold the secret deal, so every turn is taken past the gate (a public fact)."""
    return state.phase == "trade"


def _open_choices(state, seat, legal):
    """Buying, selling and passing depend on public money and shares only."""
    return [a for a in legal if not isinstance(a, UseDeal)]


UI = TitleUI(private_decision=_every_turn_private, public_choices=_open_choices)
