"""Acquire's rules: the game state, what may be played, and what each action does.

The board is a flat ``bytearray`` of cells. A cell holds ``EMPTY`` (255), ``lone`` (a placed
tile in no corporation; ``lone`` is the number of corporations, so corporation indexes are
0..lone-1), or the index of the corporation it belongs to. Corporation sizes are kept up to
date, so what a tile would do is read from its (at most four) neighbours alone; a merger
relabels the defunct corporation's cells in one C-level pass (``bytearray.translate``).
Every tile's place is in ``where`` (the pile, the board, set aside, or a seat's hand), so all
tiles are always accounted for.

Turn: place a tile (found, grow or merge), buy up to three shares, end the turn (unplayable
tiles are set aside and the hand is refilled one secret draw at a time). A player who holds no
playable tile skips the placement. The end may be declared on one's own turn once it is allowed;
the declarer finishes the turn. If nobody can place a tile any more the game ends by itself.
"""
from __future__ import annotations

import copy

import json
import operator
import random
from bisect import bisect_right
from itertools import compress
from operator import mul
from typing import Any, Mapping

from ..core import BANK, CHANCE, TERMINAL, Correction, Event, Outcome, State
from ..errors import GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from ..i18n import Message, Money, N_, pgettext, render_template, tr, trn
from . import events, mergers
from .actions import (ACTION_TYPES, BuyShare, ChooseNextDefunct, ChooseSurvivor, DeclareEnd,
                      DisposeShares, DrawStartTile, DrawTile, EndTurn, FoundCorporation, PlaceTile)
from .actions import Position
from .data import Edition, build_edition, tile_label
from .events import EVENT_KINDS  # noqa: F401  (the kinds this engine announces)
from .events import Names, and_list, corporation, later, tiles
from .position import ASIDE, BOARD, EMPTY, PILE, PositionRules  # noqa: F401  (cell values live there)

__all__ = ["AcquireState", "Tables", "tables_for", "SIMPLE", "FOUND", "GROW", "MERGE", "BLOCKED",
           "DEAD", "EVENT_KINDS"]

_new_tuple = tuple.__new__

# what placing a tile would do
SIMPLE, FOUND, GROW, MERGE, BLOCKED, DEAD = range(6)
# (English data in the view, read by agents; a screen shows them with _())
KIND_WORDS = {SIMPLE: N_("stands alone"), FOUND: N_("founds a corporation"),
              GROW: N_("grows a corporation"), MERGE: N_("merges corporations"),
              BLOCKED: N_("would found an eighth corporation"),
              DEAD: N_("would merge safe corporations")}


class _SeatActions:
    """Every action value one seat can take, made once and shared (actions are frozen values)."""

    def __init__(self, seat: int, tables: "Tables"):
        labels, corps = tables.labels, tables.corps
        self.place = [PlaceTile(seat, lab) for lab in labels]
        self.draw = [DrawTile(seat, lab) for lab in labels]
        self.start = [DrawStartTile(seat, lab) for lab in labels]
        self.buy = [BuyShare(seat, c) for c in corps]
        self.found = [FoundCorporation(seat, c) for c in corps]
        self.survivor = [ChooseSurvivor(seat, c) for c in corps]
        self.next_defunct = [ChooseNextDefunct(seat, c) for c in corps]
        self.end_turn = EndTurn(seat)
        self.declare = DeclareEnd(seat)


class Tables:
    """Lookups that depend only on the edition: tile names, neighbours, price by size."""

    def __init__(self, edition: Edition):
        self.edition = ed = edition
        cols, rows = ed.columns, ed.rows
        self.n_tiles = n = cols * rows
        self.labels = tuple(tile_label(i, cols) for i in range(n))
        self.index = {lab: i for i, lab in enumerate(self.labels)}
        neighbours = []
        for i in range(n):
            r, c = divmod(i, cols)
            nb = []
            if r > 0:
                nb.append(i - cols)
            if c > 0:
                nb.append(i - 1)
            if c < cols - 1:
                nb.append(i + 1)
            if r < rows - 1:
                nb.append(i + cols)
            neighbours.append(tuple(nb))
        self.neighbours = tuple(neighbours)
        #: for each tile, a function giving the board cells around it as a tuple
        self.around = tuple(operator.itemgetter(*nb) for nb in neighbours)
        self.corps = ed.corporations
        self.nc = len(self.corps)
        self.corp_index = {c: i for i, c in enumerate(self.corps)}
        self.not_corp = frozenset((EMPTY, self.nc))   # cell values that are not corporations
        self.buy_reasons = tuple(f"bought {_a(c)} share" for c in self.corps)
        self.price = [mergers.price_chart_column(ed, c, n) for c in self.corps]
        self._seats: dict[int, _SeatActions] = {}
        self._disposals: dict[tuple, list] = {}

    def disposals(self, seat: int, c: int, have: int, pairs: int) -> list:
        """Every DisposeShares for ``seat`` holding ``have`` shares of defunct ``c`` when at
        most ``pairs`` pairs can be traded (cached: actions are values)."""
        key = (seat, c, have, pairs)
        acts = self._disposals.get(key)
        if acts is None:
            name = self.corps[c]
            acts = self._disposals[key] = [DisposeShares(seat, name, sell, trade) for sell, trade
                                           in mergers.disposal_options(have, pairs)]
        return acts

    def seat(self, seat: int) -> _SeatActions:
        acts = self._seats.get(seat)
        if acts is None:
            acts = self._seats[seat] = _SeatActions(seat, self)
        return acts


_TABLES: dict[tuple, Tables] = {}


def tables_for(options: Mapping[str, Any]) -> Tables:
    """The (cached) tables of the edition the options describe."""
    rules = options.get("rules")
    key = (options.get("edition", "2016"), options.get("sole_holder"),
           json.dumps(rules, sort_keys=True) if rules else "")
    tables = _TABLES.get(key)
    if tables is None:
        edition = build_edition(options.get("edition", "2016"), options.get("rules"),
                                options.get("sole_holder"))
        tables = _TABLES[key] = Tables(edition)
    return tables


class _Merger:
    """A merger being settled."""
    __slots__ = ("tile", "maker", "corps", "sizes", "survivor", "remaining", "done", "current",
                 "step", "choices", "holders", "announced", "awards", "paid", "disposed")

    def __init__(self, tile: int, maker: int, corps: list[int], sizes: dict[int, int]):
        self.tile, self.maker, self.corps, self.sizes = tile, maker, corps, sizes
        self.survivor = -1
        self.remaining: list[int] = []
        self.done: list[int] = []
        self.current = -1
        self.step = ""
        self.choices: list[int] = []
        self.holders: list[int] = []      # seats still to decide, next one last
        self.announced: dict[int, int] = {}
        self.awards: dict[int, int] = {}
        self.paid: list = []              # (defunct, {seat: bonus}) for each settled corporation
        self.disposed: tuple = ()         # (seat, sold, traded, kept) of the defunct being settled

    def copy(self) -> "_Merger":
        m = _Merger(self.tile, self.maker, self.corps, self.sizes)
        m.survivor, m.current, m.step = self.survivor, self.current, self.step
        m.remaining, m.done, m.choices = self.remaining[:], self.done[:], self.choices[:]
        m.holders, m.announced, m.awards = self.holders[:], self.announced, self.awards
        m.paid, m.disposed = self.paid[:], self.disposed
        return m


def _shares(k: int, name: Any) -> Message:
    """"1 Bolt share", "3 Bolt shares" (rendered when read)."""
    return later.trn("{n} {corporation} share", "{n} {corporation} shares", k,
                     corporation=corporation(name))


def _an(name: Any) -> bool:
    """Whether English writes "an" before ``name`` ("an Etch", "a Bolt")."""
    return str(name)[:1].upper() in "AEIOU"


def _a(name: Any) -> str:
    """``name`` with its indefinite article: "a Bolt", "an Etch" (English payment reasons)."""
    return f"an {name}" if _an(name) else f"a {name}"


class AcquireState(PositionRules, State):
    """One position of a game of Acquire."""

    def __init__(self, game):
        super().__init__(game)
        opts = game.options
        self.tables = t = tables_for(opts)
        self.edition = ed = t.edition
        self.hidden = bool(opts.get("hidden_money", False))
        n, nc = self.n, t.nc
        self.board = bytearray([EMPTY]) * t.n_tiles
        self.where = [PILE] * t.n_tiles
        self.pile = list(range(t.n_tiles))
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: per seat, tiles its rack holds that the match no longer knows: a correction or another
        #: player's draw named a tile the match had in that rack, so the owner enters the tile they
        #: really hold at their next draw (counted in the rack meanwhile: nobody can tell)
        self.unentered = [0] * n
        self.reentering = 0        # of the draws now due, how many enter such a tile again
        self.size = [0] * nc
        self.bank = [ed.shares_per_corporation] * nc
        self.held = [[0] * nc for _ in range(n)]
        self.price = [0] * nc
        self.n_active = 0
        self.money = [0] * n
        self.round = 1
        self.phase = "first draw"
        for s in range(n):
            self.pay(BANK, s, ed.start_money, "starting money", "start")
        for c in t.corps:
            self.mark_value(c, 0)
        self.turn = 0
        self.first_player: int | None = None
        self.start_tiles = [-1] * n
        self.draws = list(range(n - 1, -1, -1))   # seats still to draw, next one last
        self.to_act = CHANCE
        self.placed = False
        self.bought = 0
        self.declared = -1
        self.merger: _Merger | None = None
        self.pending = -1
        self.aside: list[int] = []
        self.end_reason = ""
        self.last_merger: dict | None = None
        self.acts = [t.seat(s) for s in range(n)]   # shared, never changed
        self.max_buys = ed.max_buys
        self.playable: list = []   # PlaceTile actions open to the player to place (this turn)
        self.end_ok = False        # whether the end may be declared
        self.n_safe = 0            # safe corporations on the board
        self.safe: set[int] = set()     # which ones
        self.for_sale: list[int] = []   # in the buy phase: corporations with shares, cheapest first
        self.sale_prices: list[int] = []  # their prices, in the same order
        self.sale_dirty = True            # for_sale must be rebuilt (a price or the bank changed)

    # --- copying --------------------------------------------------------------------------
    def clone(self) -> "AcquireState":
        new = object.__new__(AcquireState)
        d = self.__dict__.copy()
        new.__dict__ = d
        d["money"] = self.money[:]
        d["payments"] = self.payments[:]
        d["value_marks"] = self.value_marks[:]
        d["events"] = self.events[:]
        d["board"] = self.board[:]
        d["where"] = self.where[:]
        d["pile"] = self.pile[:]
        d["hands"] = [h[:] for h in self.hands]
        d["unentered"] = self.unentered[:]
        d["size"] = self.size[:]
        d["bank"] = self.bank[:]
        d["held"] = [h[:] for h in self.held]
        d["price"] = self.price[:]
        d["start_tiles"] = self.start_tiles[:]
        d["draws"] = self.draws[:]
        d["aside"] = self.aside[:]
        d["safe"] = set(self.safe)
        d["for_sale"] = self.for_sale[:]
        d["sale_prices"] = self.sale_prices[:]
        if self.merger is not None:
            d["merger"] = self.merger.copy()
        return new

    # --- reading the position ---------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_act

    def chance_owner(self) -> int | None:
        if self.to_act == CHANCE and self.phase != "first draw":
            return self.draws[-1]
        return None

    def kind(self, t: int) -> int:
        """What placing tile index ``t`` would do now: SIMPLE, FOUND, GROW, MERGE, BLOCKED, DEAD."""
        around = self.tables.around[t](self.board)
        low = min(around)               # EMPTY (255) > lone (nc) > any corporation index
        if low == EMPTY:
            return SIMPLE
        lone = self.tables.nc
        if low == lone:
            return FOUND if self.n_active < lone else BLOCKED
        corps = set(around)
        corps -= self.tables.not_corp
        if len(corps) == 1:
            return GROW
        if len(self.safe.intersection(around)) >= 2:
            return DEAD
        return MERGE

    def playable_tiles(self, seat: int) -> list[int]:
        """The tiles of ``seat`` that may be placed now."""
        hand = self.hands[seat]
        blocked = self.n_active >= self.tables.nc
        if not blocked and len(self.safe) < 2:
            return hand[:]
        around, board, lone, safe = self.tables.around, self.board, self.tables.nc, self.safe
        out = []
        for t in hand:
            tup = around[t](board)
            if blocked and min(tup) == lone:
                continue
            if len(safe.intersection(tup)) >= 2:
                continue
            out.append(t)
        return out

    def touching(self, t: int) -> list[int]:
        """Corporations next to tile index ``t``, in corporation order."""
        lone, board = self.tables.nc, self.board
        found = {board[nb] for nb in self.tables.neighbours[t]}
        return sorted(v for v in found if v < lone)

    def end_allowed(self) -> bool:
        """Whether the end may be declared: a corporation at the end size, or every active
        corporation safe (and at least one active)."""
        return self.end_ok

    def _sizes_changed(self) -> None:
        ed = self.edition
        size = self.size
        active = list(filter(None, size))
        limit = ed.safe_size
        self.safe = set(compress(range(self.tables.nc), map(limit.__le__, size)))
        self.n_safe = len(self.safe)
        self.end_ok = bool(active) and (max(active) >= ed.end_size or min(active) >= limit)

    def _to_buy(self, sizes_changed: bool = True) -> None:
        if sizes_changed:
            self._sizes_changed()
        self.phase = "buy"
        if not self.sale_dirty:
            return
        self.sale_dirty = False
        price = self.price
        # corporations on the board (price > 0) with shares in the bank, cheapest first
        sale = list(compress(range(self.tables.nc), map(mul, price, self.bank)))
        sale.sort(key=price.__getitem__)
        self.for_sale = sale
        self.sale_prices = list(map(price.__getitem__, sale))

    def legal_actions(self) -> list:
        p = self.to_act
        if p >= 0:
            phase = self.phase
            acts = self.acts[p]
            if phase == "buy":
                if self.bought < self.max_buys:
                    # for_sale is cheapest first, so the affordable ones are a prefix
                    legal = list(map(acts.buy.__getitem__, self.for_sale[
                        :bisect_right(self.sale_prices, self.money[p])]))
                    legal.append(acts.end_turn)
                else:
                    legal = [acts.end_turn]
                if self.end_ok and self.declared < 0:
                    legal.append(acts.declare)
                return legal
            if phase == "place":
                legal = self.playable[:]
                if self.end_ok and self.declared < 0:
                    legal.append(acts.declare)
                return legal
            if phase == "found":
                return [acts.found[c] for c in range(self.tables.nc) if not self.size[c]]
            m = self.merger
            if m.step == "survivor":
                return [acts.survivor[c] for c in m.choices]
            if m.step == "order":
                return [acts.next_defunct[c] for c in m.choices]
            have = self.held[p][m.current]
            pairs = min(have // 2, self.bank[m.survivor])
            return self.tables.disposals(p, m.current, have, pairs)[:]
        if p == CHANCE:
            acts = self.acts[self.draws[-1]]
            pool = acts.start if self.phase == "first draw" else acts.draw
            return [pool[t] for t in sorted(self.pile)]
        return []

    def chance_entries(self, viewer: int | None) -> list:
        """Every tile of the board that is not on it or set aside (both public), in board order;
        for the player drawing, less the tiles in their own rack. Never narrowed by the other
        racks or the draw pile, so the list says nothing about where the hidden tiles are."""
        if self.to_act != CHANCE:
            return self.legal_actions()
        seat = self.draws[-1]
        pool = self.acts[seat].start if self.phase == "first draw" else self.acts[seat].draw
        own = viewer if viewer is not None and viewer == self.chance_owner() else BOARD
        return [pool[t] for t, w in enumerate(self.where) if w != BOARD and w != ASIDE and w != own]

    def payment_visible(self, payment, viewer: int | None) -> bool:
        """With hidden money a seat sees only its own payments and the public none; open money
        is open to all."""
        if not self.hidden:
            return True
        return viewer is not None and (payment.payer == viewer or payment.payee == viewer)

    def sample_chance(self, rng: random.Random):
        if self.to_act != CHANCE:
            raise NotYourTurn("No tile is to be drawn now.")
        pile = self.pile
        t = pile[int(rng.random() * len(pile))]
        acts = self.acts[self.draws[-1]]
        return acts.start[t] if self.phase == "first draw" else acts.draw[t]

    # --- playing ----------------------------------------------------------------------------
    def apply(self, action) -> None:
        entry = _HANDLERS.get(type(action))
        if entry is None:
            raise MalformedAction("{action} is not an action of Acquire.", action=repr(action))
        handler, phases = entry
        if phases:          # a player's action: theirs to take, in this phase?
            seat = action.seat
            if not (seat == self.to_act and self.phase in phases and type(seat) is int):
                self._check_turn(action, phases)
        handler(self, action)

    def _who(self, seat: Any) -> str:
        if type(seat) is int and 0 <= seat < self.n:
            return self.name(seat)
        return tr("seat {seat}", seat=repr(seat))

    def _check_turn(self, action, phases: tuple[str, ...]) -> int:
        """The acting seat, if ``action`` is theirs to take now; otherwise a clear refusal."""
        seat = action.seat
        if type(seat) is int and seat == self.to_act and self.phase in phases:
            return seat
        doing = _DOING[type(action)](action)
        if type(seat) is not int or not 0 <= seat < self.n:
                raise MalformedAction("There is no seat {seat} in this game of {n} players.",
                                  seat=repr(seat), n=self.n)
        p = self.to_act
        who = self.name(seat)
        if p == TERMINAL:
            raise GameIsOver("The game is over; {player} cannot {doing}.", player=who, doing=doing)
        if p == CHANCE:
            raise NotYourTurn("{player} cannot {doing} now: {drawer} is to draw a tile first.",
                              player=who, doing=doing, drawer=self.name(self.draws[-1]))
        if seat != p:
            raise NotYourTurn("It is {player}'s turn, not {other}'s.", player=self.name(p), other=who)
        raise IllegalAction("{player} cannot {doing} now: {waiting}.", player=who, doing=doing,
                            waiting=self._waiting())

    def _tile(self, label: Any) -> int:
        t = self.tables.index.get(label) if type(label) is str else None
        if t is None:
            ed = self.edition
            raise MalformedAction("There is no tile {tile} on the {columns} x {rows} board (tiles "
                                  "are named like 1A to {last}).", tile=repr(label),
                                  columns=ed.columns, rows=ed.rows, last=self.tables.labels[-1])
        return t

    def _corp(self, name: Any) -> int:
        c = self.tables.corp_index.get(name) if type(name) is str else None
        if c is None:
            # (the names an action is written with: data, so as the code spells them)
            raise MalformedAction("There is no corporation {name}; they are {corporations}.",
                                  name=repr(name), corporations=", ".join(self.tables.corps))
        return c

    def waiting_for(self) -> str:
        """What the game is waiting for, in words (the current language)."""
        return render_template(*self._waiting_words())

    def _waiting(self) -> Message:
        """What the game is waiting for, as words to render when read (a refusal's reason)."""
        return Message(*self._waiting_words())

    def _waiting_words(self) -> tuple:
        """(template, params) of what the game is waiting for (plain, so that each reading
        renders once: the screens' next line is read at every view)."""
        p, phase = self.to_act, self.phase
        if p == TERMINAL:
            return N_("the game is over"), {}
        if p == CHANCE:
            return N_("{player} is to draw a tile"), {"player": self.name(self.draws[-1])}
        who = {"player": self.name(p)}
        if phase == "place":
            return N_("{player} is to place a tile"), who
        if phase == "buy":
            return N_("{player} may buy shares or end the turn"), who
        if phase == "found":
            return N_("{player} is to choose the corporation to found"), who
        m = self.merger
        if m.step == "survivor":
            return (N_("{player} is to choose which of {corporations} survives the merger"),
                    {**who, "corporations": self._names(m.choices)})
        if m.step == "order":
            return (N_("{player} is to choose which of {corporations} is settled next"),
                    {**who, "corporations": self._names(m.choices)})
        return (N_("{player} is to decide what to do with {corporation} shares"),
                {**who, "corporation": corporation(self.tables.corps[m.current])})

    def hint(self) -> str:
        return self.waiting_for()

    def _names(self, corps) -> Names:
        return Names([corporation(self.tables.corps[c]) for c in corps])

    # --- handlers ---------------------------------------------------------------------------
    def _do_start_tile(self, a: DrawStartTile) -> None:
        self._check_chance(a, "first draw")
        t = self._drawable(a.tile)
        self.where[t] = BOARD
        self.board[t] = self.tables.nc
        self.start_tiles[a.seat] = t
        self.draws.pop()
        if not self.draws:
            first = min(range(self.n), key=self.start_tiles.__getitem__)
            self.first_player = self.turn = first
            self.announce("first_player", seat=first, tile=self.tables.labels[self.start_tiles[first]])
            order = [(first + i) % self.n for i in range(self.n)]
            self.draws = [s for s in reversed(order) for _ in range(self.edition.hand_size)]
            self.phase = "deal"

    def _do_draw(self, a: DrawTile) -> None:
        seat = a.seat
        draws = self.draws
        if (self.to_act != CHANCE or seat != draws[-1] or self.phase == "first draw"
                or type(seat) is not int):
            self._check_chance(a, "deal", "draw")
        t = self.tables.index.get(a.tile) if type(a.tile) is str else None
        if t is None or self.where[t] != PILE:
            t = self._drawable(a.tile)
        else:
            self.pile.remove(t)
        self.where[t] = seat
        self.hands[seat].append(t)
        if self.reentering:                # a tile of the rack entered again, not a new one
            self.reentering -= 1
            self.unentered[seat] -= 1
        draws.pop()
        if not draws:
            if self.phase == "deal":      # (after the first draw, or a position)
                self._begin_turn(self.turn)
            else:       # the turn is over: the next player's begins
                nxt = (self.turn + 1) % self.n
                if nxt == self.first_player:
                    self.round += 1
                self._begin_turn(nxt)

    def _check_chance(self, a, *phases: str) -> None:
        if type(a.seat) is not int or not 0 <= a.seat < self.n:
            raise MalformedAction("There is no seat {seat} in this game of {n} players.",
                                  seat=repr(a.seat), n=self.n)
        if self.to_act == TERMINAL:
            raise GameIsOver("The game is over; no tile is drawn.")
        if self.to_act != CHANCE or self.phase not in phases:
            if self.to_act == CHANCE:
                raise NotYourTurn("{player} cannot draw that way now: {waiting}.",
                                  player=self.name(a.seat), waiting=self._waiting())
            raise NotYourTurn("No tile is to be drawn now: {waiting}.", waiting=self._waiting())
        if a.seat != self.draws[-1]:
            raise NotYourTurn("The next tile is drawn by {drawer}, not {player}.",
                              drawer=self.name(self.draws[-1]), player=self.name(a.seat))

    def _drawable(self, label: Any) -> int:
        """The tile ``label``, drawn: taken from where it is hidden (the pile or a rack, see
        ``_take_hidden``) and refused only for public facts, a tile on the board or set aside.
        Refusing a tile the match has in a rack would tell the drawer, or anyone trying tiles
        one by one, where it is."""
        t = self._tile(label)
        where = self.where[t]
        if where == BOARD:
            raise IllegalAction("{tile} cannot be drawn: it is already on the board; check the "
                                "tile and enter it again.", tile=label)
        if where == ASIDE:
            raise IllegalAction("{tile} cannot be drawn: it was set aside as unplayable; check "
                                "the tile and enter it again.", tile=label)
        self._take_hidden(t)
        return t

    def _do_place(self, a: PlaceTile) -> None:
        seat = a.seat
        t = self.tables.index.get(a.tile) if type(a.tile) is str else None
        if t is None:
            self._tile(a.tile)
        kind = self.kind(t)
        if self.where[t] != seat or kind >= BLOCKED:
            self._refuse_place(seat, a.tile, t, kind)
        self.hands[seat].remove(t)
        self.where[t] = BOARD
        board = self.board
        lone = self.tables.nc
        board[t] = lone
        self.placed = True
        self.playable = []
        if kind == SIMPLE:
            self.phase = "buy"
            if self.sale_dirty:
                self._to_buy(False)
        elif kind == FOUND:
            self.pending = t
            self.phase = "found"
        elif kind == GROW:
            for nb in self.tables.neighbours[t]:
                c = board[nb]
                if c < lone:
                    break
            self._absorb(t, c)
            self._reprice(c)
            # only c grew: update the safe set and the end condition without a full recount
            size = self.size[c]
            if size >= self.edition.safe_size and c not in self.safe:
                self.safe.add(c)
                self.n_safe += 1
                self.announce("safe", corporation=self.tables.corps[c], size=size)
            if not self.end_ok:
                self.end_ok = size >= self.edition.end_size or self.n_safe == self.n_active
            self.phase = "buy"
            if self.sale_dirty:
                self._to_buy(False)
        else:
            self._start_merger(seat, t)

    def _refuse_place(self, seat: int, label: str, t: int, kind: int) -> None:
        who = self.name(seat)
        if self.where[t] != seat:
            raise IllegalAction("{player} cannot place {tile}: it is not one of {player}'s tiles.",
                                player=who, tile=label)
        if kind == DEAD:
            safe = [c for c in self.touching(t) if self.size[c] >= self.edition.safe_size]
            raise IllegalAction(
                "{player} cannot place {tile}: it would merge {corporations}, which are both "
                "safe, and safe corporations never merge. It is set aside at the end of the turn.",
                player=who, tile=label, corporations=self._names(safe))
        raise IllegalAction(
            "{player} cannot place {tile}: it would found an eighth corporation, and all "
            "{n} are already on the board.", player=who, tile=label, n=self.tables.nc)

    def _do_found(self, a: FoundCorporation) -> None:
        seat = a.seat
        c = self._corp(a.corporation)
        if self.size[c]:
            raise IllegalAction("{player} cannot found {corporation}: it is already on the board.",
                                player=self.name(seat), corporation=corporation(a.corporation))
        self._absorb(self.pending, c)
        self.pending = -1
        self.n_active += 1
        free = self.bank[c] > 0
        if free:
            self.bank[c] -= 1
            self.held[seat][c] += 1
            self.sale_dirty = True
        self._reprice(c)
        size = self.size[c]
        self._tell("founded", ("seat", seat), ("corporation", a.corporation), ("size", size),
                   ("price", self.price[c]), ("free_share", free))
        if size >= self.edition.safe_size:    # the founding tile joined a long row of lone tiles
            self.announce("safe", corporation=a.corporation, size=size)
        self._to_buy()

    def _do_survivor(self, a: ChooseSurvivor) -> None:
        seat = a.seat
        m = self.merger
        c = self._corp(a.corporation)
        if m.step != "survivor":
            raise IllegalAction("{player} cannot choose a survivor now: {waiting}.",
                                player=self.name(seat), waiting=self._waiting())
        if c not in m.choices:
            raise IllegalAction("{player} cannot choose {corporation} to survive: only "
                                "{corporations} are the largest in this merger.",
                                player=self.name(seat), corporation=corporation(a.corporation),
                                corporations=self._names(m.choices))
        m.choices = []
        self._set_survivor(c)

    def _do_next_defunct(self, a: ChooseNextDefunct) -> None:
        seat = a.seat
        m = self.merger
        c = self._corp(a.corporation)
        if m.step != "order":
            raise IllegalAction("{player} cannot choose the next defunct corporation now: "
                                "{waiting}.", player=self.name(seat), waiting=self._waiting())
        if c not in m.choices:
            raise IllegalAction("{player} cannot settle {corporation} next: the next must be the "
                                "largest left, {corporations}.", player=self.name(seat),
                                corporation=corporation(a.corporation),
                                corporations=self._names(m.choices))
        m.choices = []
        self._settle(c)

    def _do_dispose(self, a: DisposeShares) -> None:
        seat = a.seat
        m = self.merger
        who = self.name(seat)
        if m.step != "dispose":
            raise IllegalAction("{player} cannot dispose of shares now: {waiting}.", player=who,
                                waiting=self._waiting())
        c = self._corp(a.corporation)
        sell, trade = a.sell, a.trade
        if type(sell) is not int or type(trade) is not int or sell < 0 or trade < 0:
            raise MalformedAction("Shares sold and traded must be whole numbers of at least 0, "
                                  "not {sell} and {trade}.", sell=repr(sell), trade=repr(trade))
        corps = self.tables.corps
        d, s = m.current, m.survivor
        if c != d:
            raise IllegalAction("{player} cannot dispose of {corporation} shares now: {settling} "
                                "is being settled.", player=who,
                                corporation=corporation(a.corporation),
                                settling=corporation(corps[d]))
        have = self.held[seat][d]
        if sell + trade > have:
            raise IllegalAction("{player} cannot sell {sell} and trade {trade} {corporation} shares: "
                                "{player} holds only {have}.", player=who, sell=sell, trade=trade,
                                corporation=corporation(corps[d]), have=have)
        if trade % 2:
            raise IllegalAction("{player} cannot trade {shares}: they are traded two for one "
                                "{survivor} share, so the number must be even.", player=who,
                                shares=_shares(trade, corps[d]), survivor=corporation(corps[s]))
        if trade // 2 > self.bank[s]:
            raise IllegalAction("{player} cannot trade {shares}: the bank has only {left} left.",
                                player=who, shares=_shares(trade, corps[d]),
                                left=_shares(self.bank[s], corps[s]))
        held = self.held[seat]
        held[d] -= sell + trade
        self.bank[d] += sell + trade
        self.sale_dirty = True
        if sell:
            self.pay(BANK, seat, sell * self.price[d], f"sold {sell} {corps[d]} shares", "sale", corps[d])
        if trade:
            held[s] += trade // 2
            self.bank[s] -= trade // 2
        m.disposed += ((seat, sell, trade, held[d]),)
        m.holders.pop()
        self._next_holder()

    def _do_buy(self, a: BuyShare) -> None:
        seat = a.seat
        name = a.corporation
        c = self.tables.corp_index.get(name) if type(name) is str else None
        bank = self.bank
        if c is None or self.bought >= self.max_buys or not bank[c]:
            self._refuse_buy(seat, name)
        price = self.price[c]
        if not price or self.money[seat] < price:
            self._refuse_buy(seat, name)
        self.pay(seat, BANK, price, self.tables.buy_reasons[c], "purchase", self.tables.corps[c])
        bank[c] -= 1
        if not bank[c]:
            i = self.for_sale.index(c)
            del self.for_sale[i], self.sale_prices[i]
        self.held[seat][c] += 1
        self.bought += 1

    def _refuse_buy(self, seat: int, corp: Any) -> None:
        c = self._corp(corp)
        who = self.name(seat)
        limit = self.edition.max_buys
        an = _an(corp)      # (English's article: each sentence twice, "a Bolt" and "an Etch")
        params = dict(player=who, corporation=corporation(corp))
        if self.bought >= limit:
            raise IllegalAction(
                N_("{player} cannot buy an {corporation} share: {limit} shares have already been "
                   "bought this turn.") if an else
                N_("{player} cannot buy a {corporation} share: {limit} shares have already been "
                   "bought this turn."), limit=limit, **params)
        if not self.size[c]:
            raise IllegalAction(
                N_("{player} cannot buy an {corporation} share: {corporation} is not on the board.")
                if an else
                N_("{player} cannot buy a {corporation} share: {corporation} is not on the board."),
                **params)
        if not self.bank[c]:
            raise IllegalAction(
                N_("{player} cannot buy an {corporation} share: the bank has none left.") if an else
                N_("{player} cannot buy a {corporation} share: the bank has none left."), **params)
        raise IllegalAction(
            N_("{player} cannot buy an {corporation} share for {price}: {player} has only {money}.")
            if an else
            N_("{player} cannot buy a {corporation} share for {price}: {player} has only {money}."),
            price=Money(self.price[c]), money=Money(self.money[seat]), **params)

    def _do_declare(self, a: DeclareEnd) -> None:
        seat = a.seat
        who = self.name(seat)
        if self.declared >= 0:
            raise IllegalAction("{player} cannot declare the end: it has already been declared.",
                                player=who)
        if not self.end_allowed():
            ed = self.edition
            raise IllegalAction(
                "{player} cannot declare the end: no corporation has {end_size} tiles or more, "
                "and not every corporation on the board is safe ({safe_size} tiles or more).",
                player=who, end_size=ed.end_size, safe_size=ed.safe_size)
        self.declared = seat
        ed, size = self.edition, self.size
        big = max(range(self.tables.nc), key=size.__getitem__)
        at_end = size[big] >= ed.end_size
        self.announce("end_declared", seat=seat, corporation=self.tables.corps[big] if at_end else "",
                      size=size[big] if at_end else 0, all_safe=not at_end)

    def _do_end_turn(self, a: EndTurn) -> None:
        seat = a.seat
        if self.declared >= 0:
            self._final_scoring(f"{self.name(self.declared)} declared the end of the game", self.declared)
            return
        hand = self.hands[seat]
        if self.n_safe >= 2:
            around, board, safe = self.tables.around, self.board, self.safe
            dead = [t for t in hand if len(safe.intersection(around[t](board))) >= 2]
            for t in dead:
                hand.remove(t)
                self.where[t] = ASIDE
                self.aside.append(t)
            if dead:
                room = self.edition.hand_size - len(hand) - self.unentered[seat]
                left = self.tiles_left()
                labels = self.tables.labels
                self.announce("set_aside", seat=seat, tiles=tuple(labels[t] for t in sorted(dead)),
                              replaced=min(room, left) - max(0, min(room - len(dead), left)))
        # the rack's public count, then its tiles to enter again (see ``unentered``)
        k = min(self.edition.hand_size - len(hand) - self.unentered[seat], self.tiles_left())
        self.reentering = self.unentered[seat]
        k += self.reentering
        if k > 0:
            self.draws = [seat] * k
            self.phase = "draw"
            self.to_act = CHANCE
        else:
            self._advance()

    # --- steps of the game ------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.turn = self.to_act = seat
        self.placed = False
        self.bought = 0
        place = self.acts[seat].place.__getitem__
        if self.n_active < self.tables.nc and self.n_safe < 2:    # every tile is playable
            self.playable = playable = list(map(place, self.hands[seat]))
        else:
            self.playable = playable = list(map(place, self.playable_tiles(seat)))
        if playable:
            self.phase = "place"
            return
        if self._stuck():
            self._final_scoring("no player could place a tile")
            return
        self.announce("no_tile_to_place", seat=seat)
        self._to_buy(False)

    def _stuck(self) -> bool:
        """Nobody holds a playable tile, and no unplayable tile can be swapped for a new one (a
        tile still to be entered again might be playable)."""
        if any(self.unentered):
            return False
        kind = self.kind
        for hand in self.hands:
            for t in hand:
                k = kind(t)
                if k < BLOCKED or (k == DEAD and self.pile):
                    return False
        return True

    def tiles_left(self) -> int:
        """The draw pile as the table counts it: the tiles still to be entered again are in racks."""
        return max(0, len(self.pile) - sum(self.unentered))

    def _advance(self) -> None:
        nxt = (self.turn + 1) % self.n
        if nxt == self.first_player:
            self.round += 1
        self._begin_turn(nxt)

    def _absorb(self, t: int, c: int) -> None:
        """Tile ``t`` and every lone tile connected to it join corporation ``c``."""
        board, neighbours, lone = self.board, self.tables.neighbours, self.tables.nc
        board[t] = c
        stack = [t]
        k = 1
        while stack:
            x = stack.pop()
            for y in neighbours[x]:
                if board[y] == lone:
                    board[y] = c
                    k += 1
                    stack.append(y)
        self.size[c] += k

    def _reprice(self, c: int) -> None:
        new = self.tables.price[c][self.size[c]]
        if new != self.price[c]:
            self.price[c] = new
            self.sale_dirty = True
            self.mark_value(self.tables.corps[c], new)

    def _start_merger(self, seat: int, t: int) -> None:
        corps = self.touching(t)
        size = self.size
        m = self.merger = _Merger(t, seat, corps, {c: size[c] for c in corps})
        self.phase = "merge"
        big = max(size[c] for c in corps)
        tied = [c for c in corps if size[c] == big]
        if len(tied) > 1:
            m.step = "survivor"
            m.choices = tied
            return
        self._set_survivor(tied[0])

    def _set_survivor(self, s: int) -> None:
        m = self.merger
        m.survivor = s
        m.remaining = [c for c in m.corps if c != s]
        size, corps = self.size, self.tables.corps
        defunct = sorted(m.remaining, key=size.__getitem__, reverse=True)   # settled largest first
        self._tell("merger", ("seat", m.maker), ("tile", self.tables.labels[m.tile]),
                   ("survivor", corps[s]), ("survivor_size", size[s]),
                   ("defunct", tuple(map(corps.__getitem__, defunct))),
                   ("sizes", tuple(map(size.__getitem__, defunct))),
                   ("prices", tuple(map(self.price.__getitem__, defunct))))
        self._next_defunct()

    def _next_defunct(self) -> None:
        m = self.merger
        if not m.remaining:
            self._finish_merger()
            return
        size = self.size
        big = max(size[c] for c in m.remaining)
        tied = [c for c in m.remaining if size[c] == big]
        if len(tied) > 1:
            m.step = "order"
            m.choices = tied
            self.to_act = m.maker
            return
        self._settle(tied[0])

    def _settle(self, d: int) -> None:
        """Pay the bonuses of defunct ``d``, then ask its holders in turn from the mergemaker."""
        m = self.merger
        m.remaining.remove(d)
        m.current = d
        n = self.n
        order = [(m.maker + i) % n for i in range(n)]
        held = self.held
        m.announced = {s: held[s][d] for s in order if held[s][d]}
        ed = self.edition
        schedule = mergers.bonus_schedule(ed, self.tables.corps[d], self.size[d])
        m.awards = mergers.split_bonuses(m.announced, schedule, ed.sole_holder, ed.tie_rounding)
        for s, amount in m.awards.items():
            self.pay(BANK, s, amount, f"shareholder bonus for {self.tables.corps[d]} (merger)", "bonus",
                     self.tables.corps[d])
        m.paid.append((d, m.awards))
        self._announce_bonuses("bonuses", d, m.announced, m.awards)
        m.disposed = ()
        m.holders = [s for s in reversed(order) if held[s][d]]
        self._next_holder()

    def _next_holder(self) -> None:
        m = self.merger
        if m.holders:
            m.step = "dispose"
            self.to_act = m.holders[-1]
            return
        d, s = m.current, m.survivor
        if m.disposed:
            seats, sold, traded, kept = zip(*m.disposed)
            self._tell("disposals", ("corporation", self.tables.corps[d]),
                       ("survivor", self.tables.corps[s]), ("price", self.price[d]), ("seats", seats),
                       ("sold", sold), ("traded", traded), ("kept", kept))
        self.board = self.board.translate(bytes.maketrans(bytes((d,)), bytes((s,))))
        self.size[s] += self.size[d]
        self.size[d] = 0
        self.n_active -= 1
        m.done.append(d)
        m.current = -1
        self._reprice(d)
        self._reprice(s)
        self._sizes_changed()
        self._next_defunct()

    def _finish_merger(self) -> None:
        m = self.merger
        self._absorb(m.tile, m.survivor)
        self._reprice(m.survivor)
        self.merger = None
        corps = self.tables.corps
        size, safe_size = self.size[m.survivor], self.edition.safe_size
        self._tell("merged", ("survivor", corps[m.survivor]), ("size", size),
                   ("price", self.price[m.survivor]), ("defunct", tuple(map(corps.__getitem__, m.done))))
        if m.sizes[m.survivor] < safe_size <= size:
            self.announce("safe", corporation=corps[m.survivor], size=size)
        self.last_merger = {     # public: what the table saw, for the screen and the lessons
            "tile": self.tables.labels[m.tile], "mergemaker": m.maker,
            "survivor": corps[m.survivor],
            "sizes": {corps[c]: m.sizes[c] for c in m.corps},
            "bonuses": {corps[d]: {self.name(s): v for s, v in awards.items()}
                        for d, awards in m.paid},
        }
        self._to_buy()
        self.to_act = m.maker

    def _announce_bonuses(self, kind: str, c: int, holdings: dict, awards: dict) -> None:
        """Who was paid how much of corporation ``c``'s bonuses, best place first (public: the
        share counts are announced and the amounts follow from the chart); the places and ties
        follow from the share counts."""
        seats = tuple(awards)
        self._tell(kind, ("corporation", self.tables.corps[c]), ("size", self.size[c]), ("seats", seats),
                   ("shares", tuple(map(holdings.__getitem__, seats))),
                   ("amounts", tuple(awards.values())), ("sole", len(holdings) == 1))

    def _final_scoring(self, reason: str, declarer: int = -1) -> None:
        self.phase = "final scoring"
        ed, corps = self.edition, self.tables.corps
        for c in range(self.tables.nc):
            if self.size[c]:
                holdings = {s: self.held[s][c] for s in range(self.n) if self.held[s][c]}
                schedule = mergers.bonus_schedule(ed, corps[c], self.size[c])
                awards = mergers.split_bonuses(holdings, schedule, ed.sole_holder, ed.tie_rounding)
                for s, amount in awards.items():
                    self.pay(BANK, s, amount, f"shareholder bonus for {corps[c]} (end of game)", "bonus",
                             corps[c])
                self._announce_bonuses("final_bonuses", c, holdings, awards)
        for c in range(self.tables.nc):
            holders = []
            for s in range(self.n):
                k = self.held[s][c]
                if k:
                    holders.append((s, k))
                    if self.size[c]:
                        self.pay(BANK, s, k * self.price[c],
                                 f"sold {k} {corps[c]} shares at the end", "sale", corps[c])
                    self.held[s][c] = 0
                    self.bank[c] += k
            if holders:
                seats, shares = zip(*holders)
                self._tell("final_sale", ("corporation", corps[c]), ("price", self.price[c]),
                           ("seats", seats), ("shares", shares))
        self.phase = "over"
        self.to_act = TERMINAL
        self.end_reason = reason
        money = self.money
        ranked = tuple(sorted(range(self.n), key=lambda s: (-money[s], s)))
        best = money[ranked[0]]
        self.announce("game_over", reason="declared" if declarer >= 0 else "no_tile", seat=declarer,
                      seats=ranked, scores=tuple(money[s] for s in ranked),
                      winners=tuple(s for s in range(self.n) if money[s] == best))

    # --- the ledger -----------------------------------------------------------------------
    # --- results and views ------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.to_act != TERMINAL:
            return None
        scores = tuple(self.money)
        best = max(scores)
        return Outcome(scores, tuple(s for s in range(self.n) if scores[s] == best),
                       self.end_reason)

    def corporation_rows(self) -> list[dict]:
        """Public facts of every corporation (for the table screen)."""
        ed, t = self.edition, self.tables
        rows = []
        for c, name in enumerate(t.corps):
            size = self.size[c]
            rows.append({
                "name": name, "tier": ed.tier_of(name), "size": size, "active": bool(size),
                "safe": size >= ed.safe_size, "price": self.price[c],
                "bank_shares": self.bank[c],
                "bonuses": list(mergers.bonus_schedule(ed, name, size)) if size else [],
            })
        return rows

    def view(self, seat: int | None) -> dict:
        t, ed = self.tables, self.edition
        corps = t.corps
        lone = t.nc
        grid = []
        for r in range(ed.rows):
            row = []
            for c in range(ed.columns):
                v = self.board[r * ed.columns + c]
                row.append(None if v == EMPTY else "" if v == lone else corps[v])
            grid.append(row)
        open_money = not self.hidden
        players = []
        for s in range(self.n):
            mine = open_money or s == seat
            players.append({
                "name": self.name(s),
                "money": self.money[s] if mine else None,
                "holdings": ({corps[c]: self.held[s][c] for c in range(lone) if self.held[s][c]}
                             if mine else None),
                "owed": 0,
                "tiles_in_hand": len(self.hands[s]) + self.unentered[s],
                "start_tile": t.labels[self.start_tiles[s]] if self.start_tiles[s] >= 0 else None,
            })
        merger = None
        m = self.merger
        if m is not None:
            merger = {
                "tile": t.labels[m.tile], "mergemaker": m.maker,
                "corporations": {corps[c]: m.sizes[c] for c in m.corps},
                "survivor": corps[m.survivor] if m.survivor >= 0 else None,
                "settled": [corps[c] for c in m.done],
                "settling": corps[m.current] if m.current >= 0 else None,
                "still_to_settle": [corps[c] for c in m.remaining],
                "choices": [corps[c] for c in m.choices],
                # holders announce their counts of the defunct corporation, so these are public
                "announced_shares": ({self.name(s): k for s, k in m.announced.items()}
                                     if m.current >= 0 else {}),
                "bonuses_paid": ({self.name(s): k for s, k in m.awards.items()}
                                 if m.current >= 0 else {}),
            }
        view = {
            "title": "Acquire",
            "edition": ed.name,
            "round": self.round,
            "rounds": None,
            "phase": self.phase,
            "first_player": self.first_player,
            "to_act": self.to_act if self.to_act >= 0 else None,
            "players": players,
            "stocks": {corps[c]: self.price[c] for c in range(lone)},
            "board": {
                "columns": ed.columns, "rows": ed.rows,
                "column_labels": [str(c + 1) for c in range(ed.columns)],
                "row_labels": [chr(65 + r) for r in range(ed.rows)],
                "grid": grid,
                "corporations": self.corporation_rows(),
                "tiles_left": self.tiles_left(),
                "set_aside": [t.labels[x] for x in self.aside],
                "hidden_money": self.hidden,
                "end_declared_by": self.declared if self.declared >= 0 else None,
                "end_allowed": self.end_allowed(),
                "shares_bought_this_turn": self.bought,
                "merger": merger,
                # a copy: a view is the reader's own (an agent that edits it must not edit the game)
                "last_merger": copy.deepcopy(self.last_merger),
                "end_reason": self.end_reason or None,
            },
            "log_hint": self.waiting_for(),
        }
        if seat is not None:
            hand = sorted(self.hands[seat])
            view["private"] = {
                "hand": [t.labels[x] for x in hand],
                # records, not {tile: effect}: a screen shows keys as words ("2A" would read "2 a")
                "rack": [{"tile": t.labels[x], "effect": KIND_WORDS[self.kind(x)]} for x in hand],
                "money": self.money[seat],
                "holdings": {corps[c]: self.held[seat][c] for c in range(lone)
                             if self.held[seat][c]},
            }
            if self.unentered[seat]:
                view["private"]["tiles_to_enter_again"] = self.unentered[seat]
        return view

    # --- the log in words -------------------------------------------------------------------
    def describe(self, a) -> str:
        try:
            return self._describe(a)
        except Exception:  # a malformed action still gets a readable line
            return type(a).__name__

    def _describe(self, a) -> str:
        if isinstance(a, Position):
            return self._describe_position(a)
        if isinstance(a, Correction):
            return self._describe_correction(a)
        who = self._who(getattr(a, "seat", None))
        corps = self.tables.corps
        if isinstance(a, DrawStartTile):
            return tr("{player} draws {tile} for the first-player draw; it goes on the board",
                      player=who, tile=a.tile)
        if isinstance(a, DrawTile):
            return tr("{player} draws {tile}", player=who, tile=a.tile)
        if isinstance(a, PlaceTile):
            t = self.tables.index[a.tile]
            kind = self.kind(t)
            around = self.touching(t)
            if kind == FOUND:
                return tr("{player} places {tile}, founding a corporation", player=who, tile=a.tile)
            if kind == GROW:
                return tr("{player} places {tile}, growing {corporation}", player=who, tile=a.tile,
                          corporation=corporation(corps[around[0]]))
            if kind == MERGE:
                parts = [tr("{corporation} ({tiles})", corporation=corporation(corps[c]),
                            tiles=tiles(self.size[c])) for c in around]
                return tr("{player} places {tile}, merging {corporations}", player=who, tile=a.tile,
                          corporations=and_list(parts))
            return tr("{player} places {tile}", player=who, tile=a.tile)
        if isinstance(a, FoundCorporation):
            c = self.tables.corp_index[a.corporation]
            if self.bank[c]:
                return tr("{player} founds {corporation} and takes the founder's share", player=who,
                          corporation=corporation(a.corporation))
            return tr("{player} founds {corporation} (no founder's share is left)", player=who,
                      corporation=corporation(a.corporation))
        if isinstance(a, ChooseSurvivor):
            return tr("{player} chooses {corporation} to survive the merger", player=who,
                      corporation=corporation(a.corporation))
        if isinstance(a, ChooseNextDefunct):
            return tr("{player} settles {corporation} next", player=who,
                      corporation=corporation(a.corporation))
        if isinstance(a, DisposeShares):
            return self._describe_disposal(a, who)
        if isinstance(a, BuyShare):
            c = self.tables.corp_index[a.corporation]
            params = dict(player=who, corporation=corporation(a.corporation),
                          price=Money(self.price[c]))
            if _an(a.corporation):
                return tr("{player} buys an {corporation} share for {price}", **params)
            return tr("{player} buys a {corporation} share for {price}", **params)
        if isinstance(a, DeclareEnd):
            return tr("{player} declares the end of the game", player=who)
        if isinstance(a, EndTurn):
            if self.declared >= 0:
                return tr("{player} ends the turn; the game is scored", player=who)
            dead = [self.tables.labels[t] for t in sorted(self.hands[a.seat])
                    if self.kind(t) == DEAD]
            if dead:
                return tr("{player} ends the turn and sets aside {tiles} (unplayable)", player=who,
                          tiles=pgettext("acquire list", ", ").join(dead))
            return tr("{player} ends the turn", player=who)
        return type(a).__name__

    def _describe_disposal(self, a: DisposeShares, who: str) -> str:
        """What a holder does with defunct shares, in one sentence: the first thing done names
        the corporation and counts its shares ("Ann sells 2 Bolt shares for $1,400 and keeps 1")."""
        corps = self.tables.corps
        d = self.tables.corp_index[a.corporation]
        sell, trade = a.sell, a.trade
        keep = self.held[a.seat][d] - sell - trade
        first = sell or trade or keep
        params = dict(player=who, traded=trade, kept=keep,
                      shares=trn("{n} {corporation} share", "{n} {corporation} shares", first,
                                 corporation=corporation(a.corporation)))
        if sell:
            params["money"] = Money(sell * self.price[d])
        if trade:
            params["got"] = trn("{n} {corporation} share", "{n} {corporation} shares", trade // 2,
                                corporation=corporation(corps[self.merger.survivor]))
        if sell and trade and keep:
            return tr("{player} sells {shares} for {money}, trades {traded} for {got} and keeps "
                      "{kept}", **params)
        if sell and trade:
            return tr("{player} sells {shares} for {money} and trades {traded} for {got}", **params)
        if sell and keep:
            return tr("{player} sells {shares} for {money} and keeps {kept}", **params)
        if trade and keep:
            return tr("{player} trades {shares} for {got} and keeps {kept}", **params)
        if sell:
            return tr("{player} sells {shares} for {money}", **params)
        if trade:
            return tr("{player} trades {shares} for {got}", **params)
        return tr("{player} keeps {shares}", **params)

    def describe_hidden(self, a) -> str:
        return tr("{player} draws a tile", player=self._who(a.seat))

    def _tell(self, kind: str, *params: tuple) -> None:
        """``announce(kind, **params)`` with the ``(name, value)`` pairs written out: the events
        of a merger cost half as much that way (a random game has dozens; see bench/)."""
        self.events.append(_new_tuple(Event, (self.round, self.phase, kind, params)))

    def describe_event(self, event) -> str:
        return events.describe(event, self._who, self.edition)


# what each action does, for a refusal ("Ann cannot {doing} now: ..."), rendered when read
_DOING = {
    DrawStartTile: lambda a: later.tr("draw {tile}", tile=a.tile),
    DrawTile: lambda a: later.tr("draw {tile}", tile=a.tile),
    PlaceTile: lambda a: later.tr("place {tile}", tile=a.tile),
    FoundCorporation: lambda a: later.tr("found {corporation}", corporation=corporation(a.corporation)),
    ChooseSurvivor: lambda a: later.tr("choose {corporation} to survive",
                                       corporation=corporation(a.corporation)),
    ChooseNextDefunct: lambda a: later.tr("settle {corporation} next",
                                          corporation=corporation(a.corporation)),
    DisposeShares: lambda a: later.tr("dispose of {corporation} shares",
                                      corporation=corporation(a.corporation)),
    BuyShare: lambda a: (later.tr("buy an {corporation} share", corporation=corporation(a.corporation))
                         if _an(a.corporation) else
                         later.tr("buy a {corporation} share", corporation=corporation(a.corporation))),
    DeclareEnd: lambda a: later.tr("declare the end of the game"),
    EndTurn: lambda a: later.tr("end the turn"),
    Position: lambda a: later.tr("start from a position"),
    Correction: lambda a: later.tr("correct the table"),
}

_HANDLERS = {      # action type -> (handler, phases it may be played in; None for chance)
    DrawStartTile: (AcquireState._do_start_tile, None),
    DrawTile: (AcquireState._do_draw, None),
    PlaceTile: (AcquireState._do_place, ("place",)),
    FoundCorporation: (AcquireState._do_found, ("found",)),
    ChooseSurvivor: (AcquireState._do_survivor, ("merge",)),
    ChooseNextDefunct: (AcquireState._do_next_defunct, ("merge",)),
    DisposeShares: (AcquireState._do_dispose, ("merge",)),
    BuyShare: (AcquireState._do_buy, ("buy",)),
    DeclareEnd: (AcquireState._do_declare, ("place", "buy")),
    EndTurn: (AcquireState._do_end_turn, ("buy",)),
    Position: (AcquireState._apply_position, None),
    Correction: (AcquireState._apply_correction, None),
}
assert set(_HANDLERS) == set(ACTION_TYPES)
