"""Acquire's actions, named after what players do at the table. Tiles are named as printed
("5C": column 5, row C); corporations by name."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Action, Correction
from ..core import Position as _Position

__all__ = ["DrawStartTile", "DrawTile", "PlaceTile", "FoundCorporation", "ChooseSurvivor",
           "ChooseNextDefunct", "DisposeShares", "BuyShare", "DeclareEnd", "EndTurn", "Position",
           "Correction", "ACTION_TYPES"]


@dataclass(frozen=True)
class DrawStartTile(Action):
    """Chance, public: the tile ``seat`` draws to decide who starts; it goes on the board."""
    chance: ClassVar[bool] = True
    seat: int
    tile: str


@dataclass(frozen=True)
class DrawTile(Action):
    """Chance, secret to ``seat``: one tile drawn into that player's hand."""
    chance: ClassVar[bool] = True
    seat: int
    tile: str

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class PlaceTile(Action):
    """Place a tile from the hand on its space of the board."""
    seat: int
    tile: str


@dataclass(frozen=True)
class FoundCorporation(Action):
    """After a founding tile: put the headquarters of ``corporation`` on the new chain."""
    seat: int
    corporation: str


@dataclass(frozen=True)
class ChooseSurvivor(Action):
    """The mergemaker picks the survivor among merging corporations of equal, largest size."""
    seat: int
    corporation: str


@dataclass(frozen=True)
class ChooseNextDefunct(Action):
    """The mergemaker picks which of equally large defunct corporations is settled next."""
    seat: int
    corporation: str


@dataclass(frozen=True)
class DisposeShares(Action):
    """A holder of a defunct corporation sells ``sell`` shares to the bank, hands in ``trade``
    shares (an even number) for half as many survivor shares, and keeps the rest."""
    seat: int
    corporation: str
    sell: int
    trade: int


@dataclass(frozen=True)
class BuyShare(Action):
    """Buy one share of an active corporation from the bank (up to the per-turn limit)."""
    seat: int
    corporation: str


@dataclass(frozen=True)
class DeclareEnd(Action):
    """Announce the end of the game (allowed once a corporation reaches the end size or every
    active corporation is safe); the turn is finished, then the game is scored."""
    seat: int


@dataclass(frozen=True)
class EndTurn(Action):
    """Done buying: unplayable tiles are set aside and the hand is refilled."""
    seat: int


@dataclass(frozen=True)
class Position(_Position):
    """The table at the start of ``turn``'s turn, entered instead of the first draw and the deal:
    ``board`` every tile on it as ``(tile, corporation)`` ("" for a tile in no corporation);
    per seat ``money``, ``holdings`` as ``(corporation, shares)`` and how many tiles are in each
    ``racks``; ``set_aside`` the unplayable tiles laid aside; ``round`` and ``first_player`` as
    the table counts them. Then each player enters their rack (``DrawTile``, secret)."""
    round: int
    first_player: int
    turn: int
    board: tuple[tuple[str, str], ...]
    money: tuple[int, ...]
    holdings: tuple[tuple[tuple[str, int], ...], ...]
    racks: tuple[int, ...]
    set_aside: tuple[str, ...] = ()


ACTION_TYPES = (DrawStartTile, DrawTile, PlaceTile, FoundCorporation, ChooseSurvivor,
                ChooseNextDefunct, DisposeShares, BuyShare, DeclareEnd, EndTurn, Position, Correction)
