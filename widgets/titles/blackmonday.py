"""Black Monday on the screens: its board (the tickers), the start-price cards as short buttons
per stock, its start-from-the-table form and its corrections.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as W

from tabletop.core import Action
from tabletop.i18n import N_, _, tr

from .. import kit
from ..correct import Fix, named_choices
from ..pickers import PickerContext, Row, Tap
from ..position import (PositionForm, entry_grid, labelled, seat_dropdown, section_heading, small_entry,
                        typed_numbers)
from ..render import count, esc, htr, money, name
from . import TitleUI, register_ui
from .shared import always_private, board_section, next_hint, public_worth


def blackmonday_board(view: Mapping) -> str:
    board = view.get("board") or {}
    stocks = view.get("stocks") or {}
    limits = board.get("limits") or {}
    delisted = set(board.get("delisted") or [])
    tickers = []
    for stock, price in stocks.items():
        lim = limits.get(stock) or {}
        status = ('<span class="tt-owed">' + esc(tr("delisted ({amount})", amount=money(0))) + '</span>'
                  if stock in delisted else "")
        shown = money(price) if isinstance(price, int) and not isinstance(price, bool) else f"${price}"
        limits_text = tr("down {down} / up {up}", down=lim.get("down", "?"), up=lim.get("up", "?"))
        tickers.append(f'<div class="tt-stock"><div class="tt-stock-name">{esc(name(stock, "blackmonday stock"))}</div>'
                       f'<div class="tt-stock-value">{esc(shown)}</div>'
                       f'<div class="tt-dim">{esc(limits_text)}</div>'
                       f"{status}</div>")
    parts = [board_section(_("Tickers"), f'<div class="tt-stocks">{"".join(tickers)}</div>')]
    turn = board.get("turn") or {}
    facts = [htr(N_("Deck {deck} (deck {number})"), deck=esc(board.get("deck", "?")), number=esc(board.get("deck_number", 1))),
             htr(N_("discard {n}"), n=esc(board.get("discard", 0))),
             htr(N_("cap {n} shares a stock"), n=esc(count(board.get("share_cap", ""))))]
    if board.get("market_close_in_deck"):
        facts.append("<b>" + esc(_('the market-close card is in the deck')) + "</b>")
    if turn:
        facts.append(htr(N_("this turn: {buys} bought, {changes} price changes"), buys=esc(turn.get("buys", 0)),
                         changes=esc(turn.get("price_changes", 0))))
    parts.append("<div>" + " · ".join(facts) + "</div>")
    if view.get("log_hint"):
        parts.append(f'<div class="tt-dim">{next_hint(view["log_hint"])}</div>')
    return "".join(parts)


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


def start_position_form(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    from tabletop.blackmonday import Position
    from tabletop.blackmonday.data import STARTING_MONEY, STOCKS
    round_ = labelled(W.BoundedIntText(value=1, min=1, max=999, description=_("Round")))
    turn = seat_dropdown(players, N_("Whose turn"), options.get("first_player", 0))
    money = [labelled(W.IntText(value=STARTING_MONEY, description=player)) for player in players]
    held, held_cells = entry_grid(players, STOCKS, lambda: small_entry(W.Text, placeholder=_("values")))
    piles, pile_cells = entry_grid([N_("price pile (bottom first)"), N_("discard pile")], STOCKS,
                              lambda: small_entry(W.Text, placeholder=_("values")))
    second = W.Checkbox(value=False, description=_("The first deck has run out (second deck)"), indent=False)

    def build() -> Action:
        return Position(
            round=round_.value, seat=turn.value, money=tuple(w.value for w in money),
            held=tuple(tuple((stock, v) for stock, w in zip(STOCKS, row)
                             for v in typed_numbers(w.value, tr("{player}'s {stock} cards", player=name, stock=stock)))
                       for name, row in zip(players, held_cells)),
            piles=tuple((stock, tuple(typed_numbers(w.value, tr("{stock}'s price pile", stock=stock))))
                        for stock, w in zip(STOCKS, pile_cells[0])),
            discard=tuple((stock, v) for stock, w in zip(STOCKS, pile_cells[1])
                          for v in typed_numbers(w.value, tr("the discard pile's {stock} cards", stock=stock))),
            second_deck=second.value)

    money_row = kit.box(money)
    return PositionForm([kit.box([round_, turn]), section_heading(N_("Money")), money_row,
                         section_heading(N_("Cards held sideways"), N_("(their values)")), held,
                         section_heading(N_("Prices and discards")), piles, second], build)


def corrections(options) -> list[Fix]:
    from tabletop.blackmonday.data import STOCKS, VALUES
    cards = [(money(v), v) for v in VALUES]
    stocks = named_choices(STOCKS, "blackmonday stock")
    return [
        Fix("money", N_("A player's money"), N_("Money now")),
        Fix("add holding", N_("A card a player holds sideways (add it)"), N_("The card"),
            subjects=stocks, values=lambda _stock: cards),
        Fix("remove holding", N_("A card a player no longer holds (remove it)"), N_("The card"),
            subjects=stocks, values=lambda _stock: cards),
        Fix("price", N_("A stock's price"), N_("Price now"), board=True, subjects=stocks,
            values=lambda _stock: cards),
    ]


register_ui("black-monday", TitleUI(position_form=start_position_form, corrections=corrections,
                                    value_unit="$", board_html=blackmonday_board, private_decision=always_private,
                                    net_worth=public_worth, picker=blackmonday_start_rows,
                                    chance_prompt=N_("Enter the card turned up")))
