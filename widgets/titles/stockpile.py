"""Stockpile on the screens: its board (stock tracks and stockpiles), which decisions are taken
in private, its pickers (bids beside each stockpile, the supply step in two taps, a last sale
with "done selling"), its start-from-the-table form and its corrections.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as W

from tabletop.core import Action, State
from tabletop.i18n import N_, _, tr

from .. import kit
from ..correct import Fix, named_choices
from ..pickers import PickerContext, Row, Tap, acting_name, compact_labels, refused_after, short_label
from ..position import (PositionForm, entry_grid, labelled, seat_dropdown, section_heading, small_entry,
                        typed_numbers)
from ..render import esc, htr, humanize, money, name, private_html, word
from . import TitleUI, register_ui
from .shared import board_section, next_hint, public_worth


def stockpile_board(view: Mapping) -> str:
    board = view.get("board") or {}
    names = [p.get("name", "") for p in view.get("players") or []]
    parts = []
    rows = []
    positions = board.get("positions") or {}
    for company, values in (board.get("tracks") or {}).items():
        here = positions.get(company)
        cells = "".join(f'<span class="tt-space{" tt-here" if i == here else ""}">{esc(v)}</span>'
                        for i, v in enumerate(values))
        rows.append(f'<div class="tt-track-row"><div class="tt-track-name">{esc(name(company, "stockpile company"))} '
                    f'<b>{esc((view.get("stocks") or {}).get(company, ""))}</b></div>'
                    f'<div class="tt-track">{cells}</div></div>')
    parts.append(board_section(_("Stock values (expert board)") if board.get("expert_board") else _("Stock values"),
                          "".join(rows)))
    piles = []
    for i, pile in enumerate(board.get("stockpiles") or []):
        cards = []
        for c in pile.get("cards") or []:
            if c.get("face_down"):
                cards.append('<span class="tt-cardchip tt-facedown">' + esc(_("face down")) + '</span>')
            else:
                cards.append(f'<span class="tt-cardchip">{esc(name(c.get("card")))}</span>')
        bid = pile.get("bid")
        bidder = names[bid["seat"]] if bid and bid["seat"] < len(names) else (bid or {}).get("seat")
        bid_text = ('<span class="tt-bid">' + esc(tr("{player} bids {amount}", player=bidder, amount=money(bid["amount"]))) + ''
                    '</span>' if bid else '<span class="tt-dim">' + esc(_("no bid")) + '</span>')
        empty = "<span class=tt-dim>" + esc(_('empty')) + "</span>"
        piles.append('<div class="tt-pile"><b>' + esc(tr("Stockpile {pile}", pile=i + 1)) + f'</b> {bid_text}<div class="tt-cards">'
                     f'{"".join(cards) or empty}</div></div>')
    if piles:
        parts.append(board_section(_("Stockpiles"), "".join(piles)))
    facts = []
    open_pair = board.get("open_pair")
    if open_pair:
        pair = f"<b>{esc(name(open_pair['company'], 'stockpile company'))} {esc(open_pair['forecast'])}</b>"
        facts.append(htr(N_("Face-up pair: {pair}"), pair=pair))
    if board.get("face_down_pairs"):
        facts.append(htr(N_("Face-down pairs: {n}"), n=esc(board["face_down_pairs"])))
    for r in board.get("revealed_pairs") or []:
        pair = f"<b>{esc(name(r.get('company'), 'stockpile company'))} {esc(r.get('forecast'))}</b>"
        facts.append(htr(N_("Revealed ({source}): {pair}"), source=esc(word(r.get("from"))), pair=pair))
    if board.get("dividend"):
        d = board["dividend"]
        facts.append(htr(N_("Dividend: {company} {amount} a card"),
                         company=f"<b>{esc(name(d.get('company'), 'stockpile company'))}</b>",
                         amount=esc(money(d.get("per_card")))))
    facts.append(htr(N_("Market deck {deck} · discard {discard}"), deck=esc(board.get("deck", "?")),
                     discard=esc(board.get("discard", 0))))
    parts.append(board_section(_("Forecasts and deck"), "<br>".join(facts)))
    if view.get("log_hint"):
        parts.append(f'<div class="tt-dim">{next_hint(view["log_hint"])}</div>')
    return "".join(parts)


#: Stockpile phases whose decisions draw on a hidden hand, portfolio or investor card:
#: keeping investors (setup), placing the two drawn cards (supply), Boom/Bust (action), selling
_STOCKPILE_PRIVATE_PHASES = frozenset({"setup", "supply", "action", "selling"})


def stockpile_private(state: State, seat: int, legal: Sequence[Action]) -> bool:
    """Private by public facts alone: the phase, and a dividend being paid (revealing cards for
    it shows the portfolio). The legal actions are not read: which ones there are depends on
    the hidden cards (Pass in the action phase only without Boom/Bust cards)."""
    return state.phase in _STOCKPILE_PRIVATE_PHASES or getattr(state, "div", None) is not None


def stockpile_public_choices(state: State, seat: int, legal: Sequence[Action]) -> list[Action]:
    """Open to everyone whatever they hold, so shown on the shared screen beside "open your
    panel" (declining takes one tap): being done selling, and revealing no card for a dividend
    (docs/dashboards.md names exactly these)."""
    out = []
    for a in legal:
        kind = type(a).__name__
        if kind == "Pass" and state.phase == "selling":
            out.append(a)
        elif kind == "CollectDividend" and getattr(a, "regular", None) == 0 and getattr(a, "split", None) == 0:
            out.append(a)
    return out


def stockpile_private_html(private) -> str:
    """A Stockpile seat's secrets, its stockpiles, places in a pile and face-down pairs counted
    from 1 as the table counts them (the view counts from 0, as lists do)."""
    if not isinstance(private, Mapping):
        return private_html(private)

    def counted(entry: Mapping) -> dict:
        return {key: value + 1 if key in ("stockpile", "position", "index") and isinstance(value, int) else value
                for key, value in entry.items()}
    private = dict(private)
    for key in ("known_face_down", "seen"):
        if isinstance(private.get(key), list):
            private[key] = [counted(e) if isinstance(e, Mapping) else e for e in private[key]]
    return private_html(private)


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
    who = acting_name(ctx, names, lambda text: text.split(" bids ")[0])
    rows = []
    for pile, acts in by_pile.items():
        section_heading, short = compact_labels([ctx.describe(a) for a in acts])
        if len(acts) == 1:
            short = [money(acts[0].amount)]
        taps = [Tap(short_label(s), action=a) for a, s in zip(acts, short)]   # no tooltip: one message a button a bid
        context = _pile_context(piles[pile], names) if pile < len(piles) else ""
        rows.append(Row("", taps, '<div class="tt-pile-label"><b>' + esc(tr("Stockpile {pile}", pile=pile + 1)) + f'</b> {context}</div>',
                        kind=ctx.kind))
    rows[0].head = "<b>" + esc(tr('{player} bids on a stockpile', player=who)) + "</b>"
    return rows


def _supply_path(ctx: PickerContext):
    """Of a seat about to draw its two market cards: (the second draws offered, the placements
    offered) along one path the engine accepts, or None when the draw is not two cards followed by
    their placement (one card already drawn, a draw entered ahead of the turn)."""
    for first in ctx.actions:
        second = refused_after(ctx.after, (first,))
        if second is None:
            continue
        if not second or any(type(b).__name__ != "DrawCard" or b.seat != first.seat for b in second):
            return None
        for b in second:
            placements = refused_after(ctx.after, (first, b))
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
    offered = refused_after(ctx.after, (first,))
    rows = []
    for b in offered or second:       # refused (no such card left): the engine says so on entry
        placed = None if offered is None else refused_after(ctx.after, (first, b))
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
    heading, short = compact_labels(labels)
    if len(ctx.actions) == 1:
        heading, short = "", labels
    plain = [Tap(short_label(s), action=a, kind=ctx.kind) for a, s in zip(ctx.actions, short)]
    last = []
    for a, s in zip(ctx.actions, short):
        then = refused_after(ctx.after, (a,)) or []
        done = next((p for p in then if type(p).__name__ == "Pass" and p.seat == a.seat), None)
        if done is not None:
            last.append(Tap(short_label(s), entries=(a, done), kind=ctx.kind, tooltip=f"{short_label(s)}, then done selling"))
    rows = [Row(f"<b>{esc(heading or humanize(ctx.kind))}</b>", plain, kind=ctx.kind)]
    if last:
        rows.append(Row("", last, '<span class="tt-row-label">… and then done selling:</span>', kind=ctx.kind))
    return rows


def stockpile_rows(ctx: PickerContext) -> list[Row] | None:
    """Stockpile's own pickers: the bids by stockpile, a player's supply step, the sales."""
    return stockpile_bid_rows(ctx) or stockpile_supply_rows(ctx) or stockpile_sale_rows(ctx)


def start_position_form(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    from tabletop.stockpile import actions as A
    from tabletop.stockpile.data import COMPANIES, INVESTORS, compile_rules
    rules = compile_rules(options["rules_data"])
    tracks = rules.expert if options.get("expert_board") else rules.standard
    n = len(players)
    rounds = rules.data["rounds"][str(n)]
    start_money = rules.data["two_player_starting_money" if n == 2 else "starting_money"]
    round_ = labelled(W.BoundedIntText(value=1, min=1, max=rounds, description=_("Round")))
    first = seat_dropdown(players, N_("First player"), options.get("first_player", 0))
    spaces = [labelled(W.Dropdown(options=[(tr("{value} (space {space})", value=v, space=i), i)
                                            for i, v in enumerate(t.values)], value=t.start,
                                   description=name(company, "stockpile company")), "12em")
              for company, t in zip(COMPANIES, tracks)]
    seats, cells = entry_grid(players, [N_("money"), N_("stock cards"), N_("split cards")], lambda: small_entry(W.IntText, value=0))
    for row in cells:
        row[0].value = start_money
    fees = [labelled(W.Text(description=name, placeholder=_("e.g. 3,000 1,000")), "8em") for name in players]
    investors = [labelled(W.SelectMultiple(options=INVESTORS, description=name, rows=4)) for name in players]
    discard, counts = entry_grid([N_("discard pile")], rules.card_names, lambda: small_entry(W.IntText, value=0))

    def build() -> Action:
        return A.Position(
            round=round_.value, first_player=first.value,
            money=tuple(row[0].value for row in cells),
            spaces=tuple((c, w.value) for c, w in zip(COMPANIES, spaces)),
            stock_cards=tuple(row[1].value for row in cells),
            split_cards=tuple(row[2].value for row in cells),
            unpaid_fees=tuple(tuple(f"Fee ${amount:,}" for amount in typed_numbers(w.value, tr("{player}'s unpaid fees", player=w.description)))
                              for w in fees),
            investors=tuple(tuple(w.value) for w in investors) if options.get("investors") else (),
            discard=tuple((card, w.value) for card, w in zip(rules.card_names, counts[0]) if w.value))

    rows = [kit.box([round_, first]), section_heading(N_("Stock values")), W.VBox(spaces),
            section_heading(N_("Players")), seats,
            section_heading(N_("Unpaid fees"), N_("(the face-up fee cards' amounts, oldest first)")), W.VBox(fees)]
    if options.get("investors"):
        rows += [section_heading(N_("Investors kept")), kit.box(investors)]
    rows += [section_heading(N_("Discard pile"), N_("(cards of each kind)")), discard]
    return PositionForm(rows, build)


def corrections(options) -> list[Fix]:
    from tabletop.stockpile.data import COMPANIES, compile_rules
    rules = compile_rules(options["rules_data"])
    tracks = dict(zip(COMPANIES, rules.expert if options.get("expert_board") else rules.standard))
    return [
        Fix("money", N_("A player's money"), N_("Money now")),
        Fix("holding", N_("A player's stock cards"), N_("Stock cards now"), subjects=named_choices(COMPANIES, "stockpile company")),
        Fix("split holding", N_("A player's split stock cards"), N_("Split cards now"),
            subjects=named_choices(COMPANIES, "stockpile company")),
        Fix("space", N_("A stock's value"), N_("Value now"), board=True, subjects=named_choices(COMPANIES, "stockpile company"),
            values=lambda company: [(tr("{value} (space {space})", value=v, space=i), i)
                                    for i, v in enumerate(tracks[company].values)]),
    ]


register_ui("stockpile", TitleUI(position_form=start_position_form, corrections=corrections,
                                 board_html=stockpile_board, private_html=stockpile_private_html,
                                 private_decision=stockpile_private, net_worth=public_worth,
                                 worth_label=N_("Money less fees owed (stock cards are face down)"),
                                 public_choices=stockpile_public_choices,
                                 picker=stockpile_rows, part_words=stockpile_part_words,
                                 part_question=stockpile_part_question,
                                 options_shown=["expert_board", "investors", "first_player"],
                                 chance_prompt=N_("Enter the card turned up")))
