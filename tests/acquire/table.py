"""A scripted table for Acquire tests: every tile a player will place is dealt to that player
in time, the rest of each hand is filled with far-away tiles that are never played."""
from __future__ import annotations

from tabletop import CHANCE, Match
from tabletop.acquire import (BuyShare, DeclareEnd, DisposeShares, DrawStartTile, DrawTile,
                              EndTurn, FoundCorporation, PlaceTile)

NAMES = ("Liz", "Charlie", "Courtney", "Amanda", "Ed", "Flo")


class Table:
    """``turns`` is the list of tiles placed, one per turn, in turn order from seat 0 (the
    start tiles make seat 0 the first player). ``extra`` maps a seat to more tiles it must hold."""

    def __init__(self, n: int, turns: list[str], options: dict | None = None,
                 start: tuple[str, ...] = ("1J", "3J", "5J", "7J", "9J", "10J"),
                 fillers: str = "HIJ", extra: dict[int, list[str]] | None = None):
        self.m = Match("acquire", NAMES[:n], options or {}, seed=1)
        self.n = n
        self.queue: dict[int, list[str]] = {s: [] for s in range(n)}
        for k, tile in enumerate(turns):
            self.queue[k % n].append(tile)
        for seat, tiles in (extra or {}).items():
            self.queue[seat][0:0] = list(tiles)
        wanted = {t for q in self.queue.values() for t in q}
        st = self.m.state
        self.fillers = [lab for lab in st.tables.labels
                        if lab[-1] in fillers and lab not in wanted and lab not in start[:n]]
        for seat in range(n):
            self.m.apply(DrawStartTile(seat, start[seat]))
        self.draw()

    @property
    def state(self):
        return self.m.state

    def draw(self) -> None:
        """Enter every pending draw: the seat's next planned tile, or a filler."""
        while self.m.current_player() == CHANCE:
            seat = self.m.state.chance_owner()
            q = self.queue[seat]
            tile = q.pop(0) if q else self.fillers.pop(0)
            self.m.apply(DrawTile(seat, tile))

    @property
    def seat(self) -> int:
        return self.m.current_player()

    def place(self, tile: str, found: str | None = None) -> None:
        seat = self.seat
        self.m.apply(PlaceTile(seat, tile))
        if found:
            self.m.apply(FoundCorporation(seat, found))

    def buy(self, *corps: str) -> None:
        for c in corps:
            self.m.apply(BuyShare(self.seat, c))

    def end(self) -> None:
        self.m.apply(EndTurn(self.seat))
        self.draw()

    def turn(self, tile: str, found: str | None = None, buy: tuple[str, ...] = ()) -> None:
        self.place(tile, found)
        self.buy(*buy)
        self.end()

    def dispose(self, corp: str, sell: int = 0, trade: int = 0) -> None:
        self.m.apply(DisposeShares(self.seat, corp, sell, trade))

    def declare(self) -> None:
        self.m.apply(DeclareEnd(self.seat))

    def money(self) -> list[int]:
        return list(self.state.money)

    def shares(self, corp: str) -> list[int]:
        c = self.state.tables.corp_index[corp]
        return [self.state.held[s][c] for s in range(self.n)]

    def size(self, corp: str) -> int:
        return self.state.size[self.state.tables.corp_index[corp]]

    def payments(self, reason_part: str) -> list[tuple[str, int]]:
        names = self.m.game.players
        return [(names[p.payee], p.amount) for p in self.state.payments
                if reason_part in p.reason and isinstance(p.payee, int)]
