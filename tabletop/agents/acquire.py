"""Acquire players that read only their seat's view.

- ``MergerMinded``: plays for bonuses. It places the tile that pays it most now (a merger in
  which it is a top holder of the defunct chain, a founding, the growth of a chain it holds),
  buys the shares that bring a bonus within reach for the fewest dollars (and any share rather
  than none: prices rise), settles defunct shares the way worth most today
  (``tabletop.acquire.mergers.best_disposal``), and declares the end when it is ahead.
- ``ShareBuyer``: places a tile at random, founds the most expensive chain it may, buys the
  cheapest shares on offer (as many as it may), sells every defunct share and declares the end
  when it is ahead.

Holdings of other players are read from the view; with hidden money they are unknown and
counted as none.
"""
from __future__ import annotations

import random

from ..acquire.actions import (BuyShare, ChooseNextDefunct, ChooseSurvivor, DeclareEnd,
                               DisposeShares, EndTurn, FoundCorporation, PlaceTile)
from ..acquire.data import get_edition
from ..acquire.mergers import merger_bonuses, share_price
from ..core import Action
from ..acquire.mergers import best_disposal

__all__ = ["MergerMinded", "ShareBuyer"]


def _corporations(view: dict) -> dict[str, dict]:
    return {row["name"]: row for row in view["board"]["corporations"]}


def _holdings(view: dict, corporation: str) -> dict[int, int]:
    """seat -> shares of ``corporation`` as far as the view tells."""
    out = {}
    for seat, player in enumerate(view["players"]):
        held = view["private"]["holdings"] if seat == view["seat"] else player["holdings"]
        out[seat] = (held or {}).get(corporation, 0)
    return out


def _neighbours(view: dict, tile: str) -> set[str]:
    """The chains touching ``tile`` (named like 5C: column number, row letter)."""
    grid = view["board"]["grid"]
    row, col = ord(tile[-1]) - 65, int(tile[:-1]) - 1
    found = set()
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c]:
            found.add(grid[r][c])
    return found


def _pick(scored: list[tuple[float, Action]], rng: random.Random) -> Action:
    best = max(score for score, _ in scored)
    top = [a for score, a in scored if score == best]
    return top[rng.randrange(len(top))]


def _worth(view: dict, seat: int) -> int | None:
    """Cash plus shares at today's prices, if the view shows them."""
    player = view["players"][seat]
    if player["money"] is None or player["holdings"] is None:
        return None
    prices = view["stocks"]
    return player["money"] + sum(prices[c] * k for c, k in player["holdings"].items())


def _ahead(view: dict) -> bool:
    """Whether this seat is worth the most, as far as the view shows (never with hidden money)."""
    worth = [_worth(view, s) for s in range(len(view["players"]))]
    return None not in worth and worth[view["seat"]] == max(worth)


def _dispose_best(view: dict, legal: list[Action]) -> Action:
    merger = view["board"]["merger"]
    defunct, survivor = merger["settling"], merger["survivor"]
    rows = _corporations(view)
    sizes = merger["corporations"]
    shares = view["private"]["holdings"].get(defunct, 0)
    best = best_disposal(view["edition"], defunct, sizes[defunct], survivor,
                         sum(sizes.values()) + 1, shares, rows[survivor]["bank_shares"])
    for a in legal:
        if type(a) is DisposeShares and (a.sell, a.trade) == (best.sell, best.trade):
            return a
    return legal[0]


class MergerMinded:
    """Plays for merger bonuses (see the module's description)."""

    name = "merger-minded"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        kind = type(legal[0])
        if kind is PlaceTile:
            return self._place(view, legal, rng)
        if kind is FoundCorporation:
            edition = get_edition(view["edition"])
            return max(legal, key=lambda a: (share_price(edition, a.corporation, 2), a.corporation))
        if kind in (ChooseSurvivor, ChooseNextDefunct):
            mine = view["private"]["holdings"]
            return max(legal, key=lambda a: (mine.get(a.corporation, 0), a.corporation))
        if kind is DisposeShares:
            return _dispose_best(view, legal)
        return self._buy(view, legal, rng)

    def _place(self, view, legal, rng):
        seat, rows = view["seat"], _corporations(view)
        effects = {row["tile"]: row["effect"] for row in view["private"]["rack"]}
        edition = get_edition(view["edition"])
        scored = []
        for a in legal:
            if type(a) is not PlaceTile:
                continue   # declaring the end is left to the buy phase
            effect, touching = effects[a.tile], _neighbours(view, a.tile)
            gain = 0.0
            if effect == "merges corporations":
                largest = max(rows[c]["size"] for c in touching)
                for c in touching:
                    if rows[c]["size"] < largest:   # a defunct chain: the bonus it pays this seat
                        gain += merger_bonuses(edition, c, rows[c]["size"], _holdings(view, c)).get(seat, 0)
            elif effect == "founds a corporation":
                gain = 1_000
            elif effect == "grows a corporation":
                (c,) = touching
                mine = view["private"]["holdings"].get(c, 0)
                gain = mine * (share_price(edition, c, rows[c]["size"] + 2) - rows[c]["price"])
            scored.append((gain, a))
        return _pick(scored, rng)

    def _buy(self, view, legal, rng):
        seat = view["seat"]
        if any(type(a) is DeclareEnd for a in legal) and _ahead(view):
            return next(a for a in legal if type(a) is DeclareEnd)
        rows = _corporations(view)
        money = view["private"]["money"]
        scored = [(0.0, next(a for a in legal if type(a) is EndTurn))]
        for a in legal:
            if type(a) is not BuyShare:
                continue
            row = rows[a.corporation]
            held = _holdings(view, a.corporation)
            mine = held.pop(seat) + 1
            others = sorted(held.values(), reverse=True) + [0, 0]
            bonuses = row["bonuses"]
            payoff = 0
            if mine > others[0]:
                payoff = bonuses[0]
            elif mine > others[1] and len(bonuses) > 1:
                payoff = bonuses[1]
            # a bonus within reach per dollar, plus a little for any share (prices rise)
            scored.append((payoff / row["price"] + 0.2, a))
        return _pick(scored, rng)


class ShareBuyer:
    """Buys the cheapest shares (see the module's description)."""

    name = "buyer"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        kind = type(legal[0])
        if any(type(a) is DeclareEnd for a in legal) and _ahead(view):
            return next(a for a in legal if type(a) is DeclareEnd)
        if kind is FoundCorporation:
            edition = get_edition(view["edition"])
            return max(legal, key=lambda a: (share_price(edition, a.corporation, 2), a.corporation))
        if kind is DisposeShares:
            return max(legal, key=lambda a: (a.sell, -a.trade))
        buys = [a for a in legal if type(a) is BuyShare]
        if buys or any(type(a) is EndTurn for a in legal):
            prices = view["stocks"]
            if buys:
                return min(buys, key=lambda a: (prices[a.corporation], a.corporation))
            return next(a for a in legal if type(a) is EndTurn)
        tiles = [a for a in legal if type(a) is not DeclareEnd]
        return tiles[rng.randrange(len(tiles))]
