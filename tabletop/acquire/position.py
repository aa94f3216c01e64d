"""Acquire: starting from the table as it is (``Position``, then each player's rack), and
``Correction`` entries (money, shares, a square of the board). A mixin of ``AcquireState``; the
rules module imports it (and the board's cell and place values from here), never the reverse.

A position is the table at the start of a turn: the board (each tile, and the corporation it
belongs to), money, shares, how many tiles each rack holds, the tiles set aside, the round and
who plays first. The draw pile is every other tile. Each player then enters their rack one tile
at a time (``DrawTile``, secret), from the player whose turn it is.
"""
from __future__ import annotations

from typing import Any

from ..core import CHANCE, Correction
from ..errors import IllegalAction, MalformedAction
from ..i18n import Money, N_, pgettext, tr
from .actions import DrawTile
from .actions import Position as PositionAction
from .events import corporation

__all__ = ["PositionRules", "CORRECTION_KINDS", "EMPTY", "PILE", "BOARD", "ASIDE"]

#: a board cell nobody has placed a tile on
EMPTY = 255
# where a tile is (a seat number >= 0 means in that seat's hand)
PILE, BOARD, ASIDE = -1, -2, -3

#: ``to``: dollars ("money"), shares ("holding"), or for "square" the corporation a tile on the
#: square belongs to ("" for none, None for no tile)
CORRECTION_KINDS = ("money", "holding", "square")


class PositionRules:
    """Position and Correction for ``AcquireState``."""

    def _fresh(self) -> bool:
        return self.phase == "first draw" and len(self.draws) == self.n and self.first_player is None

    def _board_sizes(self, cells: dict[int, int]) -> list[int]:
        """Each corporation's size on a board of ``cells`` (tile -> corporation index, or lone),
        or a refusal if no game could have made that board."""
        t = self.tables
        lone, labels, corps = t.nc, t.labels, t.corps
        sizes = [0] * lone
        for tile, c in cells.items():
            for nb in t.neighbours[tile]:
                other = cells.get(nb)
                if other is None or other == c:
                    continue
                if c < lone and other < lone:
                    raise IllegalAction("{corporation} ({tile}) and {other} ({other_tile}) cannot "
                                        "touch: touching corporations merge.",
                                        corporation=corporation(corps[c]), tile=labels[tile],
                                        other=corporation(corps[other]), other_tile=labels[nb])
                if c < lone or other < lone:
                    corp, free = (c, nb) if c < lone else (other, tile)
                    raise IllegalAction("{tile} cannot stand alone next to {corporation}: a tile "
                                        "next to a corporation joins it.", tile=labels[free],
                                        corporation=corporation(corps[corp]))
            if c < lone:
                sizes[c] += 1
        for c in range(lone):
            tiles = [x for x, v in cells.items() if v == c]
            if not tiles:
                continue
            if len(tiles) < 2:
                raise IllegalAction("{corporation} cannot be a single tile: a corporation is founded "
                                    "on two or more.", corporation=corporation(corps[c]))
            seen, stack = {tiles[0]}, [tiles[0]]
            while stack:
                for nb in t.neighbours[stack.pop()]:
                    if nb not in seen and cells.get(nb) == c:
                        seen.add(nb)
                        stack.append(nb)
            if len(seen) != len(tiles):
                raise IllegalAction("{corporation}'s tiles must form one chain; {tile} is not joined "
                                    "to the rest.", corporation=corporation(corps[c]),
                                    tile=labels[min(set(tiles) - seen)])
        return sizes

    def _board_value(self, name: Any) -> int:
        """The cell value of a corporation name ("" for a tile in no corporation)."""
        if name == "":
            return self.tables.nc
        return self._corp(name)

    def _checked_position(self, a) -> dict:
        n, t, ed = self.n, self.tables, self.edition
        if self.hidden:
            raise IllegalAction("With hidden money the money and shares are secret, so this match "
                                "cannot start from a position typed on the shared screen.")
        if type(a.round) is not int or a.round < 1:
            raise IllegalAction("The round is a whole number, 1 or more; not {round}.",
                                round=repr(a.round))
        for refusal, seat in ((N_("The first player is a seat from 0 to {last}, not {seat}."), a.first_player),
                              (N_("The turn is a seat from 0 to {last}, not {seat}."), a.turn)):
            if not 0 <= seat < n:
                raise IllegalAction(refusal, last=n - 1, seat=repr(seat))
        for refusal, values in (
                (N_("The position gives money for {given} players; this match has {n}."), a.money),
                (N_("The position gives shares for {given} players; this match has {n}."), a.holdings),
                (N_("The position gives racks for {given} players; this match has {n}."), a.racks)):
            if len(values) != n:
                raise IllegalAction(refusal, given=len(values), n=n)
        cells: dict[int, int] = {}
        for label, corp in a.board:
            tile = self._tile(label)
            if tile in cells:
                raise IllegalAction("{tile} is on the board twice in the position.", tile=label)
            cells[tile] = self._board_value(corp)
        sizes = self._board_sizes(cells)
        aside = []
        for label in a.set_aside:
            tile = self._tile(label)
            if tile in cells or tile in aside:
                raise IllegalAction("{tile} cannot be set aside: it is already on the board or set "
                                    "aside.", tile=label)
            aside.append(tile)
        for s, m in enumerate(a.money):
            if m < 0:
                raise IllegalAction("{player} cannot have {money}: money is never below $0.",
                                    player=self.name(s), money=Money(m))
        held = [[0] * t.nc for _ in range(n)]
        for s, pairs in enumerate(a.holdings):
            for corp, k in pairs:
                c = self._corp(corp)
                if k < 0:
                    raise IllegalAction("{player} cannot hold {n} {corporation} shares.",
                                        player=self.name(s), n=k, corporation=corporation(corp))
                held[s][c] += k
        for c in range(t.nc):
            total = sum(h[c] for h in held)
            if total > ed.shares_per_corporation:
                raise IllegalAction("{corporation} has {shares} shares, but the players hold "
                                    "{total}.", corporation=corporation(t.corps[c]),
                                    shares=ed.shares_per_corporation, total=total)
        for s, k in enumerate(a.racks):
            if not 0 <= k <= ed.hand_size:
                raise IllegalAction("{player}'s rack holds 0 to {most} tiles, not {n}.",
                                    player=self.name(s), most=ed.hand_size, n=k)
        left = t.n_tiles - len(cells) - len(aside)
        if sum(a.racks) > left:
            raise IllegalAction("The racks hold {racks} tiles, but only {left} are not on the "
                                "board or set aside.", racks=sum(a.racks), left=left)
        return {"cells": cells, "sizes": sizes, "aside": aside, "held": held}

    def _apply_position(self, a) -> None:
        if not self._fresh():
            raise IllegalAction("A position can only be the first entry of a match; start a new "
                                "match from the table as it is.")
        p = self._checked_position(a)
        n, t = self.n, self.tables
        self.payments, self.value_marks, self.events = [], [], []
        self.round = a.round
        self.money = [0] * n
        for s in range(n):
            self.set_money(s, a.money[s], "money on the table when the match began", "position")
        self._lay_board(p["cells"], p["aside"])
        self.price = [0] * t.nc
        self._after_board_change()
        for c in range(t.nc):
            if not self.price[c]:
                self.mark_value(t.corps[c], 0)
        self.held = p["held"]
        self.bank = [self.edition.shares_per_corporation - sum(h[c] for h in self.held)
                     for c in range(t.nc)]
        self.first_player = a.first_player
        self.turn = a.turn
        order = [(a.turn + i) % n for i in range(n)]
        self.draws = [s for s in reversed(order) for _ in range(a.racks[s])]
        if self.draws:
            self.phase = "deal"
            self.to_act = CHANCE      # each player enters their rack
        else:
            self._begin_turn(a.turn)

    def _lay_board(self, cells: dict[int, int], aside: list[int]) -> None:
        """The board is ``cells``; tiles not on it nor set aside nor in a rack go to the pile."""
        board = bytearray([EMPTY]) * self.tables.n_tiles
        for tile, c in cells.items():
            board[tile] = c
        self.board = board
        for tile, where in enumerate(self.where):
            if where < 0:   # not in a hand
                self.where[tile] = BOARD if tile in cells else ASIDE if tile in aside else PILE
        self.aside = list(aside)
        self.pile = [tile for tile, where in enumerate(self.where) if where == PILE]

    def _after_board_change(self) -> None:
        """Sizes, prices (marked when they change), the safe set and the end condition, from the board."""
        nc = self.tables.nc
        self.size = [0] * nc
        for v in self.board:
            if v < nc:
                self.size[v] += 1
        self.n_active = sum(1 for k in self.size if k)
        for c in range(nc):
            self._reprice(c)
        self.sale_dirty = True
        self._sizes_changed()

    # ------------------------------------------------------------- corrections
    def _apply_correction(self, a: Correction) -> None:
        if self.to_act < 0 or self.phase not in ("place", "buy"):
            raise IllegalAction("Corrections are entered during a player's turn, outside a merger "
                                "and outside a draw.")
        reason = a.reason.strip()
        if not reason:
            raise IllegalAction("A correction needs a reason, typed by the table (what went wrong).")
        if a.kind not in CORRECTION_KINDS:
            raise IllegalAction("An Acquire correction fixes {kinds}; not {kind} (a share price "
                                "follows its corporation's size).", kinds=", ".join(CORRECTION_KINDS),
                                kind=repr(a.kind))
        if a.kind == "square":
            self._correct_square(a.subject, a.to)
        else:
            seat = a.seat
            if type(seat) is not int or not 0 <= seat < self.n:
                raise MalformedAction("Correction: there is no seat {seat} in this game.",
                                      seat=repr(seat))
            if type(a.to) is not int or a.to < 0:
                raise IllegalAction(
                    N_("A correction of money sets a whole number, 0 or more; not {to}.")
                    if a.kind == "money" else
                    N_("A correction of holding sets a whole number, 0 or more; not {to}."),
                    to=repr(a.to))
            if a.kind == "money":
                self.set_money(seat, a.to, f"correction: {reason}", "correction")
            else:
                c = self._corp(a.subject)
                change = a.to - self.held[seat][c]
                if change > self.bank[c]:
                    raise IllegalAction("{player} cannot hold {n} {corporation} shares: the bank "
                                        "has only {left} more.", player=self.name(seat), n=a.to,
                                        corporation=corporation(a.subject), left=self.bank[c])
                self.held[seat][c] = a.to
                self.bank[c] -= change
                self.sale_dirty = True
        if self.phase == "buy":
            self._to_buy(False)
        else:
            self._replan_placing()

    def _correct_square(self, label: Any, to: Any) -> None:
        """Every check is of public facts (the board, the tiles set aside), so the answer is the
        same wherever the tile is hidden; a tile the match had in a rack leaves it (see
        ``_take_hidden``): a refusal for it would tell the table whose rack holds it."""
        tile = self._tile(label)
        where = self.where[tile]
        if to is None and where != BOARD:
            return                  # already empty (accepted as before: saves replay unchanged)
        if where == ASIDE:
            raise IllegalAction("{tile} cannot go on the board: it was set aside as unplayable; "
                                "check the tile and enter it again.", tile=label)
        cells = {x: v for x, v in enumerate(self.board) if v != EMPTY}
        if to is None:
            del cells[tile]
        else:
            cells[tile] = self._board_value(to)
        self._board_sizes(cells)
        if where != BOARD:
            self._take_hidden(tile)
        self._lay_board(cells, self.aside)
        self._after_board_change()

    def _take_hidden(self, tile: int) -> None:
        """Take ``tile`` out of its hidden place, the draw pile or a rack. A rack keeps its count:
        its owner holds a tile the match no longer knows and enters it again at their next draw
        (``unentered``), so the table cannot tell which place the tile came from."""
        where = self.where[tile]
        if where == PILE:
            self.pile.remove(tile)
        else:
            self.hands[where].remove(tile)
            self.unentered[where] += 1
        self.where[tile] = PILE     # the caller puts it where it goes

    def _replan_placing(self) -> None:
        """After a correction in the placing step: the tiles the player may place now."""
        seat = self.to_act
        place = self.acts[seat].place
        self.playable = [place[t] for t in self.playable_tiles(seat)]
        if not self.playable:
            self._to_buy(False)

    # ------------------------------------------------------------- words
    def _describe_position(self, a) -> str:
        name = self.name
        corps: dict[str, int] = {}
        for _, corp in a.board:
            if corp:
                corps[corp] = corps.get(corp, 0) + 1
        comma = pgettext("acquire list", ", ")
        money = comma.join(tr("{player} {cash}", player=name(s), cash=Money(m))
                           for s, m in enumerate(a.money))
        board = comma.join(tr("{corporation} {size}", corporation=corporation(c), size=k)
                           for c, k in corps.items()) or tr("no corporation")
        return tr("Started from the table as it is: round {round}, {player}'s turn ({first} plays "
                  "first); {placed} tiles on the board ({board}); money {money}", round=a.round,
                  player=name(a.turn), first=name(a.first_player), placed=len(a.board), board=board,
                  money=money)

    def _describe_correction(self, a: Correction) -> str:
        who = self.name(a.seat) if type(a.seat) is int and 0 <= a.seat < self.n else ""
        reason = a.reason.strip()       # the table's own words, as typed
        if a.kind == "money":
            return tr("Correction: {player}'s money is {money} ({reason})", player=who,
                      money=Money(a.to), reason=reason)
        if a.kind == "holding":
            return tr("Correction: {player} holds {n} {corporation} shares ({reason})", player=who,
                      n=a.to, corporation=corporation(a.subject), reason=reason)
        if a.to is None:
            return tr("Correction: {square} is empty ({reason})", square=a.subject, reason=reason)
        if a.to == "":
            return tr("Correction: {square} holds a tile in no corporation ({reason})",
                      square=a.subject, reason=reason)
        return tr("Correction: {square} belongs to {corporation} ({reason})", square=a.subject,
                  corporation=corporation(a.to), reason=reason)

    # ------------------------------------------------------------- the other way
    def at_position_boundary(self) -> bool:
        """The start of a turn: nothing placed or bought yet, no merger, the end not declared."""
        return (self.to_act >= 0 and self.to_act == self.turn and self.phase in ("place", "buy")
                and not self.placed and not self.bought and self.merger is None and self.declared < 0
                and not any(self.unentered))   # (a position cannot name a tile nobody entered)

    def position_entries(self) -> list:
        """This table as a ``Position`` and each player's rack (``DrawTile``), in the order a new
        match takes them; only at the start of a turn."""
        if not self.at_position_boundary():
            raise IllegalAction("A position is taken at the start of a turn, before a tile is placed.")
        t, n = self.tables, self.n
        position = PositionAction(
            round=self.round, first_player=self.first_player, turn=self.turn,
            board=tuple((t.labels[x], "" if v == t.nc else t.corps[v])
                        for x, v in enumerate(self.board) if v != EMPTY),
            money=tuple(self.money),
            holdings=tuple(tuple((t.corps[c], k) for c, k in enumerate(h) if k) for h in self.held),
            racks=tuple(len(h) for h in self.hands),
            set_aside=tuple(t.labels[x] for x in self.aside))
        entries = [position]
        for s in [(self.turn + i) % n for i in range(n)]:
            entries += [DrawTile(s, t.labels[x]) for x in self.hands[s]]   # in the order drawn
        return entries
