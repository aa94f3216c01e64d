"""Stockpile actions, named after the rulebook. Cards and companies are named by their printed
names (``"Epic Electric"``, ``"Fee $2,000"``, ``"Boom"``), forecasts by their face (``"+4"``, ``"$$"``),
stockpiles by their place on the board counted from 0, and amounts in dollars.

Chance events (deals, draws, reveals) are actions too; the secret ones are entered at the
table by the player who receives the card, and the public log shows only that something
was dealt.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Action, Correction
from ..core import Position as _Position

__all__ = [
    "DealInvestor", "KeepInvestors", "DealStartingStock", "RevealOpenPair", "DealPair",
    "DrawToStockpile", "DrawCard", "PlaceCards", "MoveCard", "PeekStockpile", "PeekPair",
    "SeeHiddenPair", "PlaceBid", "AuctionResult", "PlayActionCard", "CramerMove", "SellStock",
    "SellHalfSplit", "RevealPair", "CollectDividend", "DeclareDividend", "Pass", "ACTION_TYPES",
]


# --- chance events ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DealInvestor(Action):
    """Investor expansion setup: one investor card dealt face down to ``seat``."""
    seat: int
    investor: str
    chance: ClassVar[bool] = True

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True, slots=True)
class DealStartingStock(Action):
    """Setup: ``seat`` is dealt one of the six starting stock cards, face down."""
    seat: int
    company: str
    chance: ClassVar[bool] = True

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True, slots=True)
class RevealOpenPair(Action):
    """Information phase: the leftover company tile and forecast card laid face up."""
    company: str
    forecast: str
    chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class DealPair(Action):
    """Information phase: ``seat`` is dealt a company tile and a forecast card (secret)."""
    seat: int
    company: str
    forecast: str
    chance: ClassVar[bool] = True

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True, slots=True)
class DrawToStockpile(Action):
    """Supply phase: a market card turned face up onto a stockpile."""
    pile: int
    card: str
    chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Supply phase: ``seat`` draws a market card into their hand (secret)."""
    seat: int
    card: str
    chance: ClassVar[bool] = True

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True, slots=True)
class SeeHiddenPair(Action):
    """Mayknow Martha looks at a face-down pair beside the board: what she sees (secret)."""
    seat: int
    index: int
    company: str
    forecast: str
    chance: ClassVar[bool] = True

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True, slots=True)
class RevealPair(Action):
    """Movement phase: a face-down pair beside the board is turned over."""
    index: int
    company: str
    forecast: str
    chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class DealHolding(Action):
    """After a ``Position``: one face-down card of ``seat``'s portfolio (``split`` True: a card
    of the split portfolio), entered by that player (secret)."""
    seat: int
    company: str
    split: bool
    chance: ClassVar[bool] = True

    @property
    def secret_to(self):
        return self.seat


# --- the table as it is ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Position(_Position):
    """The table at the start of a round (before the information phase), entered instead of
    the setup. Per seat: ``money``, how many face-down ``stock_cards`` and ``split_cards`` they
    hold, their ``unpaid_fees`` (fee card names) and kept ``investors``; ``spaces``: each
    company's track space counted from 0, as ``(company, space)`` for all six; ``discard``:
    the discard pile as ``(card, count)``. ``round`` is the round about to start and
    ``first_player`` who holds the first-player marker in it. Empty ``unpaid_fees``,
    ``investors`` or ``discard`` mean none."""
    round: int
    first_player: int
    money: tuple[int, ...]
    spaces: tuple[tuple[str, int], ...]
    stock_cards: tuple[int, ...]
    split_cards: tuple[int, ...]
    unpaid_fees: tuple[tuple[str, ...], ...] = ()
    investors: tuple[tuple[str, ...], ...] = ()
    discard: tuple[tuple[str, int], ...] = ()


# --- players' actions ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class KeepInvestors(Action):
    """Investor setup: ``seat`` keeps one of the two investors dealt (two of four with 2 players)."""
    seat: int
    investors: tuple

    def __post_init__(self):
        if isinstance(self.investors, (tuple, list)):
            object.__setattr__(self, "investors", tuple(sorted(self.investors, key=str)))


@dataclass(frozen=True, slots=True)
class PlaceCards(Action):
    """Supply phase: ``seat`` places the two cards in hand onto stockpiles, one face up and one
    face down (Secretive Stuart may place both face down). ``placements`` is
    ``((card, pile, face_up), (card, pile, face_up))``; the order given does not matter.
    Secret to ``seat``: the others see the face-up card and where the face-down card went."""
    seat: int
    placements: tuple

    def __post_init__(self):
        p = self.placements
        if not isinstance(p, (tuple, list)) or len(p) != 2:
            return
        a, b = p
        if not (isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and len(a) == len(b) == 3):
            return
        a, b = tuple(a), tuple(b)
        if (not a[2], str(a[0]), str(a[1])) > (not b[2], str(b[0]), str(b[1])):
            a, b = b, a   # the face-up card first; two face-down cards in a fixed order
        object.__setattr__(self, "placements", (a, b))

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True, slots=True)
class MoveCard(Action):
    """Maverick Mark, before the auction: move the card at ``position`` (counted from 0) of
    stockpile ``from_pile`` onto stockpile ``to_pile``; a face-down card stays face down."""
    seat: int
    from_pile: int
    position: int
    to_pile: int


@dataclass(frozen=True, slots=True)
class PeekStockpile(Action):
    """Wise Warren, demand phase: look at every face-down card of one stockpile."""
    seat: int
    pile: int


@dataclass(frozen=True, slots=True)
class PeekPair(Action):
    """Mayknow Martha, demand phase: look at another player's pair (``target`` a seat,
    ``index`` which of their pairs), or with ``target`` None at face-down pair ``index``
    beside the board."""
    seat: int
    target: int | None
    index: int


@dataclass(frozen=True, slots=True)
class PlaceBid(Action):
    """Demand phase: put your bidding meeple on the ``amount`` space of a stockpile's bid track."""
    seat: int
    pile: int
    amount: int


@dataclass(frozen=True, slots=True)
class AuctionResult(Action):
    """Demand phase, entered instead of the bids one by one: for each stockpile (in board
    order) the ``(seat, amount)`` that took it. Checked by the same rules as the bids."""
    seat: int
    piles: tuple


@dataclass(frozen=True, slots=True)
class PlayActionCard(Action):
    """Action phase: play a Boom (+2) or Bust (-2) card on one company."""
    seat: int
    card: str
    company: str


@dataclass(frozen=True, slots=True)
class CramerMove(Action):
    """Crazy Cramer, action phase: move one company one space up (+1) or down (-1)."""
    seat: int
    company: str
    steps: int


@dataclass(frozen=True, slots=True)
class SellStock(Action):
    """Selling phase: sell one stock card (``split`` True: a card of the split portfolio, for
    twice the value)."""
    seat: int
    company: str
    split: bool


@dataclass(frozen=True, slots=True)
class SellHalfSplit(Action):
    """Selling phase: sell half of a split card: it moves back to the regular portfolio and
    you get the value once."""
    seat: int
    company: str


@dataclass(frozen=True, slots=True)
class CollectDividend(Action):
    """A dividend: reveal ``regular`` regular and ``split`` split cards of the company to collect
    for them (revealing fewer, or none, is allowed)."""
    seat: int
    company: str
    regular: int
    split: int


@dataclass(frozen=True, slots=True)
class DeclareDividend(Action):
    """Dividend Deborah, end of round: name a company that pays $1,000 per card."""
    seat: int
    company: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline what is optional now: end your selling, skip an investor ability, end your
    action phase."""
    seat: int


ACTION_TYPES = (DealInvestor, KeepInvestors, DealStartingStock, RevealOpenPair, DealPair, DrawToStockpile,
        DrawCard, PlaceCards, MoveCard, PeekStockpile, PeekPair, SeeHiddenPair, PlaceBid,
        AuctionResult, PlayActionCard, CramerMove, SellStock, SellHalfSplit, RevealPair,
        CollectDividend, DeclareDividend, Pass, Position, DealHolding, Correction)
