"""A tiny game that exercises the core: each player draws one secret card, then on their turn
buys one share of stock "X" at the current price or passes; chance moves the price."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from tabletop.core import BANK, CHANCE, TERMINAL, Action, Outcome, State, Title
from tabletop.errors import IllegalAction, NotYourTurn


@dataclass(frozen=True)
class DrawCard(Action):
    chance: ClassVar[bool] = True
    seat: int
    card: int

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True)
class Buy(Action):
    seat: int


@dataclass(frozen=True)
class Pass(Action):
    seat: int


class ToyState(State):
    def __init__(self, game):
        super().__init__(game)
        self.money = [0] * self.n
        for s in range(self.n):
            self.pay(BANK, s, game.options.get("money", 10), "starting money")
        self.cards: list[int | None] = [None] * self.n
        self.shares = [0] * self.n
        self.turn = 0
        self.passes = 0
        self.price = 3
        self.round = 1
        self.phase = "deal"
        self.mark_value("X", 3)

    def clone(self):
        c = object.__new__(ToyState)
        c.__dict__ = dict(self.__dict__)
        for k in ("money", "payments", "value_marks", "cards", "shares"):
            setattr(c, k, list(getattr(self, k)))
        return c

    def current_player(self):
        if None in self.cards:
            return CHANCE
        if self.passes >= self.n:
            return TERMINAL
        return self.turn

    def chance_owner(self):
        return self.cards.index(None) if None in self.cards else None

    def legal_actions(self):
        p = self.current_player()
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [DrawCard(self.chance_owner(), c) for c in range(1, 6)]
        acts = [Pass(p)]
        if self.money[p] >= self.price:
            acts.insert(0, Buy(p))
        return acts

    def sample_chance(self, rng: random.Random):
        return DrawCard(self.chance_owner(), rng.randint(1, 5))

    def apply(self, action):
        p = self.current_player()
        if isinstance(action, DrawCard):
            if p != CHANCE or action.seat != self.chance_owner():
                raise NotYourTurn("No card is to be drawn for that player now.")
            if not 1 <= action.card <= 5:
                raise IllegalAction(f"There is no card {action.card}.")
            self.cards[action.seat] = action.card
            if None not in self.cards:
                self.phase = "trade"
            return
        if action.seat != p:
            raise NotYourTurn(f"It is {self.name(p)}'s turn, not {self.name(action.seat)}'s.")
        if isinstance(action, Buy):
            if self.money[p] < self.price:
                raise IllegalAction(f"{self.name(p)} cannot buy X at ${self.price}: "
                                    f"only ${self.money[p]} left.")
            self.pay(p, BANK, self.price, "buy X")
            self.shares[p] += 1
            self.price += 1
            self.mark_value("X", self.price)
            self.passes = 0
        else:
            self.passes += 1
        self.turn = (self.turn + 1) % self.n

    def view(self, seat):
        v = {"title": "toy", "round": 1, "rounds": 1, "phase": self.phase, "first_player": 0,
             "to_act": self.turn, "stocks": {"X": self.price},
             "players": [{"name": self.name(s), "money": self.money[s], "holdings": {"X": self.shares[s]},
                          "owed": 0, "has_card": self.cards[s] is not None} for s in range(self.n)],
             "board": {}}
        if seat is not None:
            v["private"] = {"card": self.cards[seat]}
        return v

    def outcome(self):
        if self.current_player() != TERMINAL:
            return None
        scores = tuple(self.money[s] + self.shares[s] * self.price for s in range(self.n))
        best = max(scores)
        return Outcome(scores, tuple(s for s in range(self.n) if scores[s] == best))

    def describe(self, action):
        if isinstance(action, DrawCard):
            return f"{self.name(action.seat)} draws card {action.card}"
        return f"{self.name(action.seat)} {'buys X' if isinstance(action, Buy) else 'passes'}"

    def describe_hidden(self, action):
        return f"{self.name(action.seat)} draws a card"


class ToyTitle(Title):
    name = "toy"
    display_name = "Toy"
    min_players = 2
    max_players = 4
    state_class = ToyState
    action_types = (DrawCard, Buy, Pass)


TITLE = ToyTitle()
