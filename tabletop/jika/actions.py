"""The actions of 時価で勝負, named after the rules: deals and reveals (chance), plays and passes.

Cards are named by ``suit`` (one of ``data.SUITS``) and ``value`` (2 to 10 for a market card).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core import Action, Correction
from tabletop.core import Position as _Position

__all__ = ["DealCertificate", "DealCard", "RevealWatcher", "PlayCard", "Pass", "Position", "Correction",
           "ACTION_TYPES"]


@dataclass(frozen=True)
class DealCertificate(Action):
    """Chance, secret to ``seat``: one share certificate, a queen (x1) or a king (x2) of ``suit``."""
    chance: ClassVar[bool] = True
    seat: int
    rank: str
    suit: str

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class DealCard(Action):
    """Chance, secret to ``seat``: one market card (2 to 10) dealt face down into their hand."""
    chance: ClassVar[bool] = True
    seat: int
    suit: str
    value: int

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class RevealWatcher(Action):
    """Chance, public: the watcher turns up the next jack; its suit cannot be played this round."""
    chance: ClassVar[bool] = True
    suit: str
    seat: None = None


@dataclass(frozen=True)
class PlayCard(Action):
    """``seat`` plays a card from hand face up onto its suit's ``slot`` ("upper" or "lower")."""
    seat: int
    suit: str
    value: int
    slot: str


@dataclass(frozen=True)
class Pass(Action):
    """``seat`` passes, allowed only when the watcher blocks every card in hand; it is for good."""
    seat: int


@dataclass(frozen=True)
class Position(_Position):
    """The table between two rounds, entered instead of the deal: ``round`` is the round about to
    start (its watcher's jack is turned up next); ``market`` each suit's visible cards as
    ``(suit, upper, lower)`` (upper None while only the ace shows; lower 1 is the ace);
    ``hands`` how many market cards each player holds; ``passed`` who has passed for good;
    ``watchers_shown`` the jacks face up since the pile was last shuffled; ``covered`` the played
    cards now covered by others (so the cards out of the game are counted right; may be left
    empty). Then each player enters their queen, king and hand (secret)."""
    round: int
    market: tuple[tuple[str, int | None, int], ...]
    hands: tuple[int, ...]
    passed: tuple[bool, ...] = ()
    watchers_shown: tuple[str, ...] = ()
    covered: tuple[tuple[str, int], ...] = ()


ACTION_TYPES = (DealCertificate, DealCard, RevealWatcher, PlayCard, Pass, Position, Correction)
