"""Orchard's entries: chance (a secret tip per player, the public harvest), decisions, and the
table as it is (``Position``) and its fixes (``Correction``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core import Action, Correction
from tabletop.core import Position as _Position


@dataclass(frozen=True)
class DealTip(Action):
    """A tip card dealt face down: only its owner sees it."""
    chance: ClassVar[bool] = True
    seat: int
    tip: str

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True)
class Harvest(Action):
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
class Position(_Position):
    """The table at the start of a round: money, shares and values; then the tips are dealt."""
    round: int
    first_player: int
    money: tuple[int, ...]
    shares: tuple[tuple[tuple[str, int], ...], ...]
    values: tuple[tuple[str, int], ...]


ACTION_TYPES = (DealTip, Harvest, Buy, Sell, Pass, Position, Correction)
