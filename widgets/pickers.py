"""What the action panel draws, as data: rows of taps, each tap entering one action or narrowing
the choice to its next part (``tabletop.choices``); and the titles' own pickers (Acquire's board
as a grid of tiles, Stockpile's bids beside what each stockpile holds).

Everything here is a function of the actions offered (``Match.offered_actions(viewer)``), the
words that describe them and the PUBLIC view: a picker never reads a secret, so what a screen
shows still depends only on what its viewer may know.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from tabletop.choices import Narrowing, Part, values_of
from tabletop.core import Action
from tabletop.i18n import DEFAULT, _, current_language, tr

from .render import esc, humanize, money, name, short_name

__all__ = ["Tap", "Row", "PickerContext", "part_rows", "value_labels", "acquire_grid", "stockpile_bid_rows",
           "stockpile_supply_rows", "stockpile_sale_rows", "stockpile_rows", "stockpile_part_words", "BOARD_COLOURS",
           "blackmonday_start_rows", "acquire_buy_rows", "acquire_end_rows", "acquire_rows"]


@dataclass
class Tap:
    """One button: it enters ``action``, or narrows the choice to ``narrowing`` (its next part),
    or goes one part back (``back``). A disabled tap only shows what is there (a board square)."""
    label: str
    action: Action | None = None
    narrowing: Narrowing | None = None
    back: bool = False
    enabled: bool = True
    colour: str | None = None
    tooltip: str = ""
    #: the kind of action whose choice a part tap or Back belongs to
    kind: str = ""
    #: several entries made by one tap, in order (the first is offered now, each later one is
    #: offered once those before it are in: a title's picker reads them off ``PickerContext.after``)
    entries: tuple = ()
    #: a title picker's own next step (what was chosen so far), for a tap that enters nothing yet
    step: Any = None
    #: of a ``step`` tap: does it lead toward these entries (for ``ActionPanel.pick_entries``)
    toward: Callable[[Sequence[Action]], bool] | None = None

    def reaches(self) -> tuple[Action, ...]:
        """The offered actions this tap leads to (one, several on the way, none for Back); of a
        tap making several entries, the first (the only one offered now)."""
        if self.action is not None:
            return (self.action,)
        if self.entries:
            return self.entries[:1]
        if self.narrowing is not None:
            return self.narrowing.remaining
        return ()


@dataclass
class Row:
    """A line of the panel: a heading above it (HTML, may be empty), a short label at its start
    (HTML) and its taps; ``columns`` > 0 draws the taps as a grid of that many columns."""
    head: str
    taps: list[Tap]
    label: str = ""
    columns: int = 0
    kind: str = ""


@dataclass
class PickerContext:
    """What a title's picker may read: one kind of offered action, their words, the public view."""
    kind: str
    actions: list[Action]
    describe: Callable[[Action], str]
    public_view: Callable[[], Mapping]
    narrowing: Narrowing | None = None
    part_words: Callable | None = None
    extra: dict = field(default_factory=dict)
    #: what the engine offers this screen's viewer once ``entries`` are made (None where the screen
    #: cannot make several entries at one tap); raises the engine's refusal
    after: Callable[[Sequence[Action]], list] | None = None
    #: the picker's own step chosen so far (a ``Tap.step``), None at the start
    step: Any = None


# --- words for the parts of a choice --------------------------------------------------------------
def _compact(labels):
    from .actions import _compact as compact
    return compact(labels)


def _short(label: str) -> str:
    return label[:-1] if label.endswith(".") and not label.endswith("..") else label


def value_labels(part: Part, actions: Sequence[Action], describe: Callable[[Action], str]) -> dict:
    """Short words for each value of ``part`` among ``actions``: where the descriptions line up
    word for word, the words that stay the same for one value and differ between values
    ("stockpile 2"); otherwise the words that tell apart the descriptions of actions differing
    in that part alone (as far as such actions exist)."""
    values = values_of(part, actions)
    said = {a: describe(a) for a in actions}
    aligned = _aligned_labels(part, values, actions, said)
    if aligned is not None:
        return aligned
    ref = said[actions[0]].split(" ")
    labels = []
    for v in values:
        same = [a for a in actions if _vkey(part.value_of(a)) == _vkey(v)]
        # the description nearest the first action's: it differs only where this part is said
        labels.append(min((said[a] for a in same), key=lambda text: _distance(text.split(" "), ref)))
    _head, short = _compact(labels)
    return {_vkey(v): _short(s) for v, s in zip(values, short)}


def _aligned_labels(part: Part, values: list, actions: Sequence[Action], said: dict) -> dict | None:
    words = {a: said[a].split(" ") for a in actions}
    if len({len(w) for w in words.values()}) != 1:
        return None
    first = next(iter(words.values()))
    varying = [i for i in range(len(first)) if len({w[i] for w in words.values()}) > 1]
    out = {}
    for v in values:
        group = [words[a] for a in actions if _vkey(part.value_of(a)) == _vkey(v)]
        fixed = [i for i in varying if len({w[i] for w in group}) == 1]
        if not fixed:
            return None
        picked: list[str] = []
        for i in fixed:
            before = i - 1
            # a plain word just before ("stockpile 2", "card 1") says what the value is
            if (i - 1 not in fixed and before >= 0 and before not in varying and group[0][before].isalpha()
                    and group[0][before].islower() and group[0][before] not in ("a", "an", "the", "and", "on")):
                picked.append(group[0][before])
            picked.append(group[0][i])
        text = _short(" ".join(picked))
        out[_vkey(v)] = text[:1].upper() + text[1:]
    if len(set(out.values())) < len(out):
        return None
    return out


def _distance(words: list[str], ref: list[str]) -> int:
    if len(words) != len(ref):
        return 1000 + abs(len(words) - len(ref))
    return sum(w != r for w, r in zip(words, ref))


def _vkey(v: Any):
    try:
        hash(v)
        return (0, v)
    except TypeError:
        return (1, repr(v))


def _label(ctx_words, kind: str, part: Part, value, actions, generic: dict) -> str:
    if ctx_words is not None:
        said = ctx_words(kind, part.name, value, actions)
        if said:
            return said
    return generic.get(_vkey(value), str(value))


#: at most this many taps when two parts are asked at once (rows of the first, taps of the second)
TWO_PARTS_AT_ONCE = 16


def part_rows(kind: str, narrowing: Narrowing, describe: Callable[[Action], str],
              words: Callable | None = None, question: Callable | None = None) -> list[Row]:
    """The next step of a choice asked in parts: the next part as one row of taps, or the next
    two parts as rows (one per answer to the first) when they make at most ``TWO_PARTS_AT_ONCE``
    taps; Back once something was chosen."""
    part = narrowing.part
    left = list(narrowing.remaining)
    values = narrowing.values()
    generic = value_labels(part, left, describe)
    steps = [narrowing.choose(v) for v in values]
    # two parts at once: few rows (at most 3 answers to the first), few taps in all
    pair = (len(values) <= 3 and all(s.part is not None for s in steps)
            and len({s.part.name for s in steps}) == 1)
    if pair:
        second = steps[0].part
        count = sum(len(s.values()) for s in steps)
        pair = count <= TWO_PARTS_AT_ONCE
    asked = (part.name, second.name) if pair else (part.name,)
    heading = (question(kind, asked, left) if question is not None else None) or \
        _generic_question(left, describe, asked)
    rows: list[Row] = []
    back = [Tap(_("Back"), back=True, kind=kind)] if narrowing.chosen else []
    if pair:
        for v, step in zip(values, steps):
            inner = list(step.remaining)
            generic2 = value_labels(second, inner, describe)
            taps = [_tap(_label(words, kind, second, w, inner, generic2), step.choose(w), describe, kind)
                    for w in step.values()]
            rows.append(Row("", taps, esc(_label(words, kind, part, v, left, generic)), kind=kind))
        rows[0].head = f"<b>{esc(heading)}</b>"
        if back:
            rows.append(Row("", back, kind=kind))
    else:
        taps = [_tap(_label(words, kind, part, v, left, generic), s, describe, kind) for v, s in zip(values, steps)]
        rows.append(Row(f"<b>{esc(heading)}</b>", taps + back, kind=kind))
    return rows


def _tap(label: str, step: Narrowing, describe, kind: str) -> Tap:
    if step.done:
        return Tap(label, action=step.action, kind=kind)
    return Tap(label, narrowing=step, kind=kind)


def _generic_question(actions, describe, asked) -> str:
    heading, _short_labels = _compact([describe(a) for a in actions])
    what = _(" and ").join(humanize(n).lower() for n in asked)
    return tr("{question}: choose the {what}", question=heading, what=what) if heading \
        else tr("Choose the {what}", what=what)


# --- Stockpile ------------------------------------------------------------------------------------
def stockpile_part_words(kind: str, part: str, value, actions) -> str | None:
    """Stockpile's placement (and Maverick Mark's move) in a player's words."""
    if kind == "MoveCard":
        return tr("Card {n}", n=value + 1) if part == "position" else tr("Stockpile {pile}", pile=value + 1)
    if kind != "PlaceCards":
        return None
    if part == "face_up_card":
        return _("Both face down") if value is None else tr("{card} face up", card=name(value))
    if part in ("first_pile", "second_pile"):
        return tr("Stockpile {pile}", pile=value + 1)
    return None


def stockpile_part_question(kind: str, parts: tuple, actions) -> str | None:
    if kind == "MoveCard":
        return {"from_pile": _("Move a card from which stockpile?"),
                "position": _("Which card, and onto which stockpile?") if len(parts) > 1 else _("Which card?"),
                "to_pile": _("Onto which stockpile?")}.get(parts[0])
    if kind != "PlaceCards":
        return None
    if parts[0] == "face_up_card":
        return _("Which card goes face up, and on which stockpile?") if len(parts) > 1 else _("Which card goes face up?")
    a = actions[0]
    (c1, _p1, up1), (c2, _p2, _up2) = a.placements
    if parts[0] == "first_pile":
        return (tr("Where does {card} go face up?", card=name(c1)) if up1
                else tr("Where does {card} go face down?", card=name(c1)))
    return tr("Where does {card} go face down?", card=name(c2))


def _pile_context(pile: Mapping, names: Sequence[str]) -> str:
    chips = []
    down = 0
    for c in pile.get("cards") or []:
        if c.get("face_down"):
            down += 1
        else:
            chips.append(f'<span class="tt-cardchip">{esc(name(c.get("card")))}</span>')
    if down:
        chips.append('<span class="tt-cardchip tt-facedown">' + esc(tr("{n} face down", n=down)) + '</span>')
    bid = pile.get("bid")
    if bid:
        who = names[bid["seat"]] if bid["seat"] < len(names) else bid["seat"]
        chips.append('<span class="tt-bid">' + esc(tr("{player} bids {amount}", player=who, amount=money(bid["amount"]))) + '</span>')
    return " ".join(chips) or '<span class="tt-dim">' + esc(_("empty")) + '</span>'


def stockpile_bid_rows(ctx: PickerContext) -> list[Row] | None:
    """The bids, one row per stockpile: the stockpile's face-up cards (and how many face down,
    and the bid on it) beside its bid buttons, so the choice is made looking at the pile."""
    if ctx.kind != "PlaceBid" or len(ctx.actions) < 2:
        return None
    board = ctx.public_view().get("board") or {}
    piles = board.get("stockpiles") or []
    names = [p.get("name", "") for p in ctx.public_view().get("players") or []]
    by_pile: dict[int, list[Action]] = {}
    for a in ctx.actions:
        by_pile.setdefault(a.pile, []).append(a)
    who = _actor(ctx, names, lambda text: text.split(" bids ")[0])
    rows = []
    for pile, acts in by_pile.items():
        _head, short = _compact([ctx.describe(a) for a in acts])
        if len(acts) == 1:
            short = [money(acts[0].amount)]
        taps = [Tap(_short(s), action=a) for a, s in zip(acts, short)]   # no tooltip: one message a button a bid
        context = _pile_context(piles[pile], names) if pile < len(piles) else ""
        rows.append(Row("", taps, '<div class="tt-pile-label"><b>' + esc(tr("Stockpile {pile}", pile=pile + 1)) + f'</b> {context}</div>',
                        kind=ctx.kind))
    rows[0].head = "<b>" + esc(tr('{player} bids on a stockpile', player=who)) + "</b>"
    return rows


def _refused(after, entries):
    """What the engine offers after ``entries``, or None when it refuses one of them."""
    from tabletop.errors import TabletopError
    try:
        return after(entries)
    except TabletopError:
        return None


def _supply_path(ctx: PickerContext):
    """Of a seat about to draw its two market cards: (the second draws offered, the placements
    offered) along one path the engine accepts, or None when the draw is not two cards followed by
    their placement (one card already drawn, a draw entered ahead of the turn)."""
    for first in ctx.actions:
        second = _refused(ctx.after, (first,))
        if second is None:
            continue
        if not second or any(type(b).__name__ != "DrawCard" or b.seat != first.seat for b in second):
            return None
        for b in second:
            placements = _refused(ctx.after, (first, b))
            if placements is None:
                continue
            if placements and all(type(p).__name__ == "PlaceCards" for p in placements):
                return second, placements
            return None
    return None


def _placing(entries: Sequence[Action], card: str, pile: int, up: bool) -> bool:
    place = entries[2] if len(entries) >= 3 else None
    return (len(entries) >= 3 and entries[0].card == card
            and type(place).__name__ == "PlaceCards" and (card, pile, up) in place.placements)


def stockpile_supply_rows(ctx: PickerContext) -> list[Row] | None:
    """The supply step of one player in two taps instead of four (draw, draw, face-up card and its
    stockpile, the other's stockpile): the card put face up on its stockpile, then the other card
    on its stockpile; each row's card name alone enters just that card (then the rest as before).
    Every row is a card kind the engine offers to enter and every stockpile one its placements
    name; whether the deck holds the card is not looked at (the engine refuses it on entry), so
    the rows tell nothing of where the other cards are."""
    if ctx.kind != "DrawCard" or ctx.after is None or not ctx.actions:
        return None
    path = _supply_path(ctx)
    if path is None:
        return None
    second, placements = path
    kinds = [p.placements for p in placements]
    up_piles = sorted({pl[0][1] for pl in kinds if pl[0][2]})
    down_piles = sorted({pl[1][1] for pl in kinds})
    both_down = any(not pl[0][2] for pl in kinds)          # Secretive Stuart
    step = ctx.step
    who = ctx.describe(ctx.actions[0]).split(" draws ")[0]
    if step is None:
        rows = []
        for a in ctx.actions:
            taps = [Tap(a.card, action=a, kind=ctx.kind, tooltip=f"Enter only {a.card}; then the other card")]
            taps += [Tap(f"{p + 1}", step=("up", a, p), kind=ctx.kind,
                         toward=lambda e, c=a.card, p=p: _placing(e, c, p, True),
                         tooltip=f"{a.card} face up on stockpile {p + 1}") for p in up_piles]
            rows.append(Row("", taps, kind=ctx.kind))
        if both_down:
            rows.append(Row("", [Tap("Both face down (Secretive Stuart)", step=("down",), kind=ctx.kind,
                                     toward=lambda e: len(e) >= 3 and not e[2].placements[0][2])], kind=ctx.kind))
        rows[0].head = (f"<b>{esc(who)}'s two cards: tap the card you put face up, on its stockpile "
                        f"({', '.join(str(p + 1) for p in up_piles)})</b>"
                        f'<div class="tt-dim">or the card\'s name alone to enter just that card</div>')
        return rows
    back = Row("", [Tap("Back", back=True, kind=ctx.kind)], kind=ctx.kind)
    if step == ("down",):
        rows = [Row("", [Tap(f"{p + 1}", step=("down", a, p), kind=ctx.kind,
                             toward=lambda e, c=a.card, p=p: _placing(e, c, p, False),
                             tooltip=f"{a.card} face down on stockpile {p + 1}") for p in down_piles],
                    f'<span class="tt-row-label">{esc(a.card)}</span>', kind=ctx.kind) for a in ctx.actions]
        rows[0].head = "<b>Both face down: the first card, on which stockpile?</b>"
        return rows + [back]
    face, first, pile = step
    up = face == "up"
    offered = _refused(ctx.after, (first,))
    rows = []
    for b in offered or second:       # refused (no such card left): the engine says so on entry
        placed = None if offered is None else _refused(ctx.after, (first, b))
        taps = []
        for q in down_piles:
            want = ((first.card, pile, up), (b.card, q, False))
            entries: tuple = (first,) if offered is None else (first, b)
            if placed is not None:
                match = next((p for p in placed if sorted(p.placements) == sorted(want)), None)
                if match is None:
                    continue
                entries = (first, b, match)
            taps.append(Tap(f"{q + 1}", entries=entries, kind=ctx.kind,
                            tooltip=f"{b.card} face down on stockpile {q + 1}"))
        if taps:
            rows.append(Row("", taps, f'<span class="tt-row-label">{esc(b.card)}</span>', kind=ctx.kind))
    if not rows:
        return None
    said = f"{first.card} face {'up' if up else 'down'} on stockpile {pile + 1}"
    rows[0].head = f"<b>{esc(said)}; the other card, face down, on which stockpile?</b>"
    return rows + [back]


def stockpile_sale_rows(ctx: PickerContext) -> list[Row] | None:
    """A sale, and a sale that is the last one (the sale and "done selling" at one tap): the
    second row offers each sale after which the engine offers being done."""
    if ctx.kind not in ("SellStock", "SellHalfSplit") or ctx.after is None:
        return None
    labels = [ctx.describe(a) for a in ctx.actions]
    heading, short = _compact(labels)
    if len(ctx.actions) == 1:
        heading, short = "", labels
    plain = [Tap(_short(s), action=a, kind=ctx.kind) for a, s in zip(ctx.actions, short)]
    last = []
    for a, s in zip(ctx.actions, short):
        then = _refused(ctx.after, (a,)) or []
        done = next((p for p in then if type(p).__name__ == "Pass" and p.seat == a.seat), None)
        if done is not None:
            last.append(Tap(_short(s), entries=(a, done), kind=ctx.kind, tooltip=f"{_short(s)}, then done selling"))
    rows = [Row(f"<b>{esc(heading or humanize(ctx.kind))}</b>", plain, kind=ctx.kind)]
    if last:
        rows.append(Row("", last, '<span class="tt-row-label">… and then done selling:</span>', kind=ctx.kind))
    return rows


def stockpile_rows(ctx: PickerContext) -> list[Row] | None:
    """Stockpile's own pickers: the bids by stockpile, a player's supply step, the sales."""
    return stockpile_bid_rows(ctx) or stockpile_supply_rows(ctx) or stockpile_sale_rows(ctx)


def _actor(ctx: PickerContext, names: Sequence[str], from_words: Callable[[str], str]) -> str:
    """Who the offered actions are for: read from the English words (as the heading always did),
    in another language from the acting seat (its words are not English)."""
    if current_language() == DEFAULT:
        return from_words(ctx.describe(ctx.actions[0]))
    seat = getattr(ctx.actions[0], "seat", None)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


# --- Black Monday ---------------------------------------------------------------------------------
def blackmonday_start_rows(ctx: PickerContext) -> list[Row] | None:
    """The start-price card turned up, one row per stock: short buttons ("$4"; a card that sets no
    price reads "$12 skip"), the rule in the heading. Whether a card is skipped is public: over the
    highest start price, or its stock already priced (the board's price cards). No tooltip: the
    log's sentence names the card ("Chewy Poultry $5"), and a list of every printed card is better
    read as rows than as card names on the page."""
    if ctx.kind != "RevealStartCard" or not ctx.actions:
        return None
    from tabletop.blackmonday.data import START_PRICE_MAX
    priced = (ctx.public_view().get("board") or {}).get("price_cards") or {}
    by_stock: dict[str, list[Action]] = {}
    for a in ctx.actions:
        by_stock.setdefault(a.stock, []).append(a)
    rows = []
    for stock, acts in by_stock.items():
        has_price = bool(priced.get(stock))
        taps = [Tap(money(a.value) if a.value <= START_PRICE_MAX or has_price   # a priced row says it once
                    else tr("{price} skip", price=money(a.value)), action=a, kind=ctx.kind)
                for a in acts]
        label = name(stock, "blackmonday stock")
        if has_price:
            label = tr("{stock} (priced: skipped)", stock=label)
        rows.append(Row("", taps, f'<span class="tt-row-label">{esc(label)}</span>', kind=ctx.kind))
    rows[0].head = "<b>" + esc(tr("The dealer turns up a card: its stock starts at its value "
                                  "(a card over {most} is skipped)", most=money(START_PRICE_MAX))) + "</b>"
    return rows


# --- Acquire --------------------------------------------------------------------------------------
#: the corporations' colours (the tracker's board too): white letters on each read at 4.5:1 or more
BOARD_COLOURS = ["#b45309", "#b91c1c", "#1d4ed8", "#047857", "#6d28d9", "#be185d", "#0e7490",
                 "#4d7c0f", "#7e22ce"]
_TILE_KINDS = {"PlaceTile", "DrawTile", "DrawStartTile"}


def acquire_grid(ctx: PickerContext) -> list[Row] | None:
    """The board's own grid, one small button a square: the offered tiles are enabled (one tap
    places or enters the tile), every other square shows what is on it and is disabled."""
    if ctx.kind not in _TILE_KINDS:
        return None
    board = ctx.public_view().get("board") or {}
    grid = board.get("grid") or []
    cols = board.get("column_labels") or []
    rows_l = board.get("row_labels") or []
    if not grid or not cols or not rows_l:
        return None
    corps = [c["name"] for c in board.get("corporations") or []]
    colour = {name: BOARD_COLOURS[i % len(BOARD_COLOURS)] for i, name in enumerate(corps)}
    offered = {a.tile: a for a in ctx.actions}
    taps = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            tile = f"{cols[c]}{rows_l[r]}"
            action = offered.pop(tile, None)
            if action is not None:
                taps.append(Tap(tile, action=action, tooltip=ctx.describe(action), colour="#ffffff"))
            elif cell is None:     # a screen reader names an empty square too (not by its tile: racks are secret)
                taps.append(Tap("", enabled=False, tooltip=_("empty")))
            elif cell == "":
                taps.append(Tap("▪", enabled=False, colour="#9ca3af"))
            else:
                taps.append(Tap(short_name(cell, "acquire corporation"), enabled=False, colour=colour.get(cell, "#6b7280")))
    if offered:              # a tile the grid has no square for: never hide an offered action
        return None
    verb = {"PlaceTile": _("Tap a tile to place it"), "DrawTile": _("Tap the tile drawn"),
            "DrawStartTile": _("Tap the tile drawn")}[ctx.kind]
    names = [p.get("name", "") for p in ctx.public_view().get("players") or []]
    who = _actor(ctx, names, lambda text: text.split(" ")[0]) if ctx.actions else ""
    return [Row(f"<b>{esc(verb)}</b>" + (f' <span class="tt-dim">({esc(who)})</span>' if who else ""),
                taps, columns=len(cols), kind=ctx.kind)]


def acquire_end_rows(ctx: PickerContext) -> list[Row] | None:
    """Ending the turn, and beside it the board's grid to end the turn and enter the tile drawn
    at one tap (the next entry is that player's own draw): offered on a player's own panel only,
    the grid's squares being the draws the engine offers them once the turn is ended."""
    if ctx.kind != "EndTurn" or ctx.after is None or len(ctx.actions) != 1:
        return None
    end = ctx.actions[0]
    draws = _refused(ctx.after, (end,))
    if not draws or any(type(d).__name__ != "DrawTile" or d.seat != end.seat for d in draws):
        return None
    import dataclasses
    grid = acquire_grid(dataclasses.replace(ctx, kind="DrawTile", actions=list(draws)))
    if not grid:
        return None
    for tap in grid[0].taps:
        if tap.action is not None:
            tap.entries, tap.action, tap.kind = (end, tap.action), None, ctx.kind
    grid[0].kind = ctx.kind
    grid[0].head = "<b>" + esc(_("Or end the turn and tap the tile you draw")) + "</b>"
    return [Row("<b>" + esc(_("End turn")) + "</b>", [Tap(_short(ctx.describe(end)), action=end, kind=ctx.kind)],
                kind=ctx.kind)] + grid


def acquire_buy_rows(ctx: PickerContext) -> list[Row] | None:
    """Buying: each share the engine offers, and beside it two or three of it at one tap where the
    engine offers that share again after the first (and the second)."""
    if ctx.kind != "BuyShare" or ctx.after is None:
        return None
    rows = []
    for buy in ctx.actions:
        taps = [Tap(_short(ctx.describe(buy)), action=buy, kind=ctx.kind)]
        entries: tuple = (buy,)
        while len(entries) < 3:
            then = _refused(ctx.after, entries) or []
            if buy not in then:
                break
            entries += (buy,)
            # the corporation on every button: "×2" alone was bought as the row above's by mistake
            corporation = name(buy.corporation, "acquire corporation")
            taps.append(Tap(tr("×{n} {corporation}", n=len(entries), corporation=corporation),
                            entries=entries, kind=ctx.kind,
                            tooltip=tr("{n} {corporation} shares", n=len(entries), corporation=corporation)))
        rows.append(Row("", taps, kind=ctx.kind))
    rows[0].head = "<b>" + esc(_("Buy shares")) + "</b>"
    return rows


def acquire_rows(ctx: PickerContext) -> list[Row] | None:
    """Acquire's own pickers: tiles on the board's grid, buying one to three shares at a tap, and
    ending the turn with the tile drawn."""
    return acquire_grid(ctx) or acquire_buy_rows(ctx) or acquire_end_rows(ctx)
