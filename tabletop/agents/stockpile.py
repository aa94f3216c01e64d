"""Stockpile players for contests about the auction: write a bidding rule, keep the rest.

A *bidding rule* is ``rule(view, bids, rng) -> PlaceBid``: given the seat's view and the bids it
may place now (``PlaceBid`` actions: a pile and an amount), pick one. ``bidder(rule)`` makes a
whole player of it: every other decision is ``play_the_rest``, the same plain play for everyone,
so a contest between bidders is decided by the bidding.

``pile_values(view)`` is what each pile is worth to the seat (``tabletop.economics.piles``: every
card held to the end and sold, this round's forecasts as far as the seat knows them, an unseen
face-down card at the mean of the cards it has not seen; lesson 2). ``cheapest_bids(bids)`` is the
lowest bid the seat may place on each pile.

Examples: ``GreedyBidder`` (the pile with the most stock cards in sight, whatever it costs),
``StraightforwardBidder`` (the pile with the largest value minus price, at that price: the
straightforward bidding of lesson 2) and ``ShadingBidder`` (the same on three quarters of each
value: it gives up piles rather than pay close to their worth).
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from ..core import BANK, Action
from ..economics.piles import _view_values
from ..stockpile.actions import (CollectDividend, CramerMove, DeclareDividend, Pass, PlaceBid,
                                 PlayActionCard)
from ..stockpile.data import COMPANIES

__all__ = ["pile_values", "cheapest_bids", "play_the_rest", "Bidder", "bidder", "GreedyBidder",
           "StraightforwardBidder", "ShadingBidder", "straightforward_bid", "auction_spending"]

BidRule = Callable[[dict, list, random.Random], PlaceBid]


def pile_values(view: dict) -> list[float]:
    """Dollars each pile is worth to the seat whose view this is, by pile."""
    board, private = view["board"], view.get("private", {})
    # everything the values depend on (they stay the same through one auction's bids)
    key = repr((len(view["players"]), view["round"], view["rounds"], board["positions"],
                board["open_pair"], [p["cards"] for p in board["stockpiles"]],
                [private.get(k) for k in ("pairs", "known_face_down", "portfolio", "split_portfolio")]))
    values = _VALUES.get(key)
    if values is None:
        if len(_VALUES) > 4096:
            _VALUES.clear()
        piles, _, _ = _view_values(view, len(view["players"]), True)
        values = _VALUES[key] = tuple(p.value for p in piles)
    return list(values)


_VALUES: dict[str, tuple[float, ...]] = {}


def cheapest_bids(bids: Sequence[PlaceBid]) -> dict[int, PlaceBid]:
    """pile -> the lowest bid allowed on it now (piles the seat cannot bid on are left out)."""
    out: dict[int, PlaceBid] = {}
    for b in bids:
        if b.pile not in out or b.amount < out[b.pile].amount:
            out[b.pile] = b
    return out


def straightforward_bid(values: Sequence[float], bids: Sequence[PlaceBid]) -> PlaceBid:
    """The bid on the pile with the largest value minus the lowest price allowed on it, at that
    price (on a tie, the cheaper bid, then the first pile)."""
    cheapest = cheapest_bids(bids)
    return max(cheapest.values(), key=lambda b: (values[b.pile] - b.amount, -b.amount, -b.pile))


def _held(view: dict) -> dict[str, int]:
    """Cards the seat holds of each company (a split card counts twice: it sells for double)."""
    private = view.get("private", {})
    regular, split = private.get("portfolio", {}), private.get("split_portfolio", {})
    return {c: regular.get(c, 0) + 2 * split.get(c, 0) for c in COMPANIES}


def play_the_rest(view: dict, legal: list[Action], rng: random.Random) -> Action:
    """Plain play for every decision but the bids: Boom (and Crazy Cramer's step up) on the
    company the seat holds most of, Bust (and his step down) on the one it holds least of; hold
    every card to the end (never sell); collect every dividend; declare a dividend on its largest
    holding; anything else (placing cards, investors) at random."""
    held = _held(view)
    scored = []
    for a in legal:
        kind = type(a)
        if kind is PlayActionCard:
            scored.append((held[a.company] if a.card == "Boom" else -held[a.company], a))
        elif kind is CramerMove:
            scored.append((held[a.company] * a.steps, a))
        elif kind is CollectDividend:
            scored.append((a.regular + 2 * a.split, a))
        elif kind is DeclareDividend:
            scored.append((held[a.company], a))
        elif kind is Pass:
            scored.append((float("-inf"), a))
    if not scored:
        return legal[rng.randrange(len(legal))]
    best = max(score for score, _ in scored)    # Pass only when nothing else is scored: hold
    top = [a for score, a in scored if score == best]
    return top[rng.randrange(len(top))]


class Bidder:
    """A whole Stockpile player from a bidding rule: ``bid`` at the auction, ``play_the_rest``
    elsewhere. Subclass it and write ``bid``, or use ``bidder(rule)``."""

    name = "bidder"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        bids = [a for a in legal if type(a) is PlaceBid]
        if bids:
            return self.bid(view, bids, rng)
        return play_the_rest(view, legal, rng)

    def bid(self, view: dict, bids: list[PlaceBid], rng: random.Random) -> PlaceBid:
        raise NotImplementedError


class _RuleBidder(Bidder):
    def __init__(self, rule: BidRule, name: str):
        self.rule, self.name = rule, name

    def bid(self, view, bids, rng):
        return self.rule(view, bids, rng)


def bidder(rule: BidRule, name: str | None = None) -> Bidder:
    """A player that bids by ``rule(view, bids, rng)`` and plays the rest plainly; ``name``
    (default: the rule's name) labels it in a tournament."""
    return _RuleBidder(rule, name or getattr(rule, "__name__", "bidder"))


class GreedyBidder(Bidder):
    """Wants the pile with the most stock cards in sight, whatever it costs: bids the lowest
    amount allowed there (ties: the cheaper pile)."""

    name = "greedy"

    def bid(self, view, bids, rng):
        piles = view["board"]["stockpiles"]
        in_sight = [sum(1 for c in pile["cards"] if c.get("card") in COMPANIES) for pile in piles]
        cheapest = cheapest_bids(bids)
        return max(cheapest.values(), key=lambda b: (in_sight[b.pile], -b.amount, -b.pile))


class StraightforwardBidder(Bidder):
    """Bids straightforwardly on its own values (``pile_values``): where value minus price is
    largest, at the lowest price allowed; outbid, it bids again the same way."""

    name = "straightforward"

    def bid(self, view, bids, rng):
        return straightforward_bid(pile_values(view), bids)


class ShadingBidder(Bidder):
    """Straightforward on ``shade`` (three quarters) of each value: it lets a pile go rather
    than pay close to what it is worth."""

    name = "shading"
    shade = 0.75

    def bid(self, view, bids, rng):
        return straightforward_bid([v * self.shade for v in pile_values(view)], bids)


def auction_spending(state) -> dict[str, list[int]]:
    """A tournament ``measure``: the dollars each seat paid for stockpiles over the game (read
    from the finished game's ledger, after the game: no agent sees it)."""
    paid = [0] * state.n
    for payment in state.payments:
        if payment.reason.startswith("bid for") and payment.payer != BANK:
            paid[payment.payer] += payment.amount
    return {"paid at auctions": paid}
