"""The toy game with two rules that fail part way, after changing the state: the core must still
leave the match exactly as it was (``Match.apply`` rebuilds the state from the log)."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import BANK, Action
from tabletop.errors import IllegalAction

from .toy import ToyState, ToyTitle


@dataclass(frozen=True)
class BuyTwo(Action):
    """Buy two shares of X, one after the other; the second is refused if the money runs out."""
    seat: int


@dataclass(frozen=True)
class Glitch(Action):
    """A rules bug: money moves, then the rule crashes."""
    seat: int


class PartwayState(ToyState):
    def apply(self, action):
        if isinstance(action, BuyTwo):
            for _ in range(2):
                # written the way a careless rule is: pay first, check afterwards
                self.pay(action.seat, BANK, self.price, "buy X")
                self.shares[action.seat] += 1
                self.price += 1
                self.mark_value("X", self.price)
                if self.money[action.seat] < 0:
                    raise IllegalAction(f"{self.name(action.seat)} cannot pay for a second share of X.")
            self.turn = (self.turn + 1) % self.n
            return
        if isinstance(action, Glitch):
            self.pay(action.seat, BANK, 1, "glitch")
            raise ZeroDivisionError("division by zero")
        super().apply(action)

    def clone(self):
        c = super().clone()
        c.__class__ = PartwayState
        return c


class PartwayTitle(ToyTitle):
    name = "toy-partway"
    display_name = "Toy (part way)"
    state_class = PartwayState
    action_types = ToyTitle.action_types + (BuyTwo, Glitch)


TITLE = PartwayTitle()
