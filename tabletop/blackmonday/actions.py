"""Black Monday actions. A card is named by its stock and its printed dollar value.

Chance events (a card dealt, turned up or drawn) are actions too: at the table a person enters
the card, in simulation the engine samples it. Dealt and drawn cards are secret to their owner.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Action, Correction
from ..core import Position as _Position

__all__ = [
    "DealCard", "RevealStartCard", "DrawCard", "DrawMarketClose",
    "BuyShares", "SellShares", "ChangePrice", "CrashStock", "SetStartPrice",
    "ExchangeCard", "EndTurn", "Position", "Correction", "ACTION_TYPES",
]


# --- chance events ------------------------------------------------------------------------------
@dataclass(frozen=True)
class DealCard(Action):
    """The dealer gives ``seat`` one card face down (setup)."""
    chance: ClassVar[bool] = True
    seat: int
    stock: str
    value: int

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class RevealStartCard(Action):
    """The dealer turns up the top card of the deck to find start prices (public)."""
    chance: ClassVar[bool] = True
    stock: str
    value: int


@dataclass(frozen=True)
class DrawCard(Action):
    """``seat`` draws one card from the deck into their hand (refill or exchange)."""
    chance: ClassVar[bool] = True
    seat: int
    stock: str
    value: int

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class DrawMarketClose(Action):
    """The market-close card comes off the rebuilt deck: it is shown at once and the game ends.
    ``seat`` is who drew it (None while the dealer is turning up start prices)."""
    chance: ClassVar[bool] = True
    seat: int | None


# --- a player's turn ----------------------------------------------------------------------------
@dataclass(frozen=True)
class BuyShares(Action):
    """Lay a hand card sideways in front of you: buy its number of shares at the current price."""
    seat: int
    stock: str
    value: int


@dataclass(frozen=True)
class SellShares(Action):
    """Discard one of your held (sideways) cards: sell its shares at the current price."""
    seat: int
    stock: str
    value: int


@dataclass(frozen=True)
class ChangePrice(Action):
    """Play a hand card upright on a stock's price pile: its value is the new price."""
    seat: int
    stock: str
    value: int


@dataclass(frozen=True)
class CrashStock(Action):
    """Lay an $11-$13 card sideways on a stock's ticker: the stock falls to $0 and is delisted."""
    seat: int
    stock: str
    value: int


@dataclass(frozen=True)
class SetStartPrice(Action):
    """Put a $1-$10 hand card under a delisted stock's ticker: it is listed again at that price."""
    seat: int
    stock: str
    value: int


@dataclass(frozen=True)
class ExchangeCard(Action):
    """Discard one hand card face down to replace it (instead of trading and changing prices).
    The replacement comes with the refill at the end of the turn."""
    seat: int
    stock: str
    value: int

    @property
    def secret_to(self) -> int:
        return self.seat


@dataclass(frozen=True)
class EndTurn(Action):
    """Finish the turn; the hand is then refilled to 8 cards."""
    seat: int


# --- the table as it is -------------------------------------------------------------------------
@dataclass(frozen=True)
class Position(_Position):
    """The table at the start of ``seat``'s turn in ``round``, entered instead of the setup.
    Per seat: ``money`` and the cards ``held`` sideways, as ``(stock, value)``; ``piles``: each
    stock's price pile as ``(stock, values from the bottom card to the top one)``, empty for a
    delisted stock; ``discard``: the cards in the discard pile as ``(stock, value)``;
    ``second_deck``: the first deck has run out (the market-close card is in the deck). The deck
    is every other card. Then each player enters their 8 hand cards (``DealCard``, secret)."""
    round: int
    seat: int
    money: tuple[int, ...]
    held: tuple[tuple[tuple[str, int], ...], ...]
    piles: tuple[tuple[str, tuple[int, ...]], ...]
    discard: tuple[tuple[str, int], ...] = ()
    second_deck: bool = False


ACTION_TYPES = (DealCard, RevealStartCard, DrawCard, DrawMarketClose, BuyShares, SellShares,
                ChangePrice, CrashStock, SetStartPrice, ExchangeCard, EndTurn, Position, Correction)
