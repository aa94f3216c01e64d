"""The entries of a classroom experiment: the students', the teacher's and the server's draws.

Seats are 0-based in actions (seat 0 is "Seat 1"); piles and groups too. A draw whose result only
one student may know (a value, a signal) and a sealed bid are ``secret_to`` that student.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core import Action

__all__ = ["Join", "OpenRound", "FormGroups", "DrawValue", "DrawSignal", "DrawPileValue", "Bid",
           "PlaceBid", "CloseRound", "RandomBid", "RandomPlace", "DrawCommonValue", "BreakTie",
           "EndExperiment", "ACTION_TYPES", "CHANCE_TYPES"]


@dataclass(frozen=True)
class Join(Action):
    """A student takes ``seat`` under ``nickname`` (a later Join renames). Public.

    ``device`` tags the phone that joined (a digest the class link's page makes of a secret the
    browser keeps; "" when unknown, as in scripts and older saves): one device holds one seat.
    The tag is kept in saves but left out of the public record."""
    seat: int
    nickname: str
    device: str = ""

    def to_dict(self) -> dict:
        data = super().to_dict()
        if not self.device:          # saves without a device read and write as before
            del data["device"]
        return data

    def redacted(self) -> dict:
        data = super().redacted()
        data.pop("device", None)
        return data


@dataclass(frozen=True)
class OpenRound(Action):
    """The teacher opens the next round: the seats joined now take part."""


@dataclass(frozen=True)
class FormGroups(Action):
    """Chance, public: the round's participants in a random ``order``; groups are its slices."""
    chance: ClassVar[bool] = True
    round: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class DrawValue(Action):
    """Chance, secret to ``seat``: the seat's induced value for this round's item."""
    chance: ClassVar[bool] = True
    seat: int
    value: int

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class DrawSignal(Action):
    """Chance, secret to ``seat``: a noisy signal of the group's common value."""
    chance: ClassVar[bool] = True
    seat: int
    signal: int

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class DrawPileValue(Action):
    """Chance, secret to ``seat``: the seat's value of one ``pile`` (ladder)."""
    chance: ClassVar[bool] = True
    seat: int
    pile: int
    value: int

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class Bid(Action):
    """A sealed bid of ``amount`` dollars: only ``seat`` knows it until the round closes."""
    seat: int
    amount: int

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class PlaceBid(Action):
    """Ladder: ``seat`` puts its bid on the ``amount`` rung of ``pile``'s track (public)."""
    seat: int
    pile: int
    amount: int


@dataclass(frozen=True)
class CloseRound(Action):
    """The teacher closes the open round: missing bids follow the teacher's rule, then results."""


@dataclass(frozen=True)
class RandomBid(Action):
    """Chance, public: a missing bidder's bid drawn at random (the teacher's rule)."""
    chance: ClassVar[bool] = True
    seat: int
    amount: int


@dataclass(frozen=True)
class RandomPlace(Action):
    """Chance, public (ladder): a bidder holding no pile at the close takes ``pile`` at $0."""
    chance: ClassVar[bool] = True
    seat: int
    pile: int


@dataclass(frozen=True)
class DrawCommonValue(Action):
    """Chance, public, at the close: the common value V of ``group``'s item."""
    chance: ClassVar[bool] = True
    round: int
    group: int
    value: int


@dataclass(frozen=True)
class BreakTie(Action):
    """Chance, public: among equal highest bids of ``group``, ``seat`` wins the draw."""
    chance: ClassVar[bool] = True
    round: int
    group: int
    seat: int


@dataclass(frozen=True)
class EndExperiment(Action):
    """The teacher ends the experiment early (between rounds)."""


ACTION_TYPES = (Join, OpenRound, FormGroups, DrawValue, DrawSignal, DrawPileValue, Bid, PlaceBid,
                CloseRound, RandomBid, RandomPlace, DrawCommonValue, BreakTie, EndExperiment)
CHANCE_TYPES = tuple(t for t in ACTION_TYPES if t.chance)
