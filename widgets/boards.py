"""Title-specific boards and rules of privacy for the tracker (see ``titles.TitleUI``).

Each board reads only the public view (``view(None)``): stock tracks and stockpiles for
Stockpile, the grid and corporations for Acquire, the tickers for Black Monday, the four suits
with their two slots and the watcher for 時価で勝負.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from tabletop.core import Action, State
from tabletop.i18n import N_, _, tr

from .pickers import (BOARD_COLOURS, acquire_rows, blackmonday_start_rows, stockpile_part_question,
                      stockpile_part_words, stockpile_rows)
from .render import attr, count, esc, generic_html, htr, money, name, private_html, scroll_box, short_name, word
from .titles import TitleUI, default_net_worth, register_ui

__all__ = ["stockpile_board", "acquire_board", "blackmonday_board", "jika_board"]


def _worth(view: Mapping, seat: int) -> int | None:
    """A finished game's score, a title's own public worth, or money plus visible holdings."""
    player = (view.get("players") or [])[seat]
    for key in ("score", "worth"):
        if isinstance(player.get(key), int):
            return player[key]
    return default_net_worth(view, seat)


def _section(title: str, body: str) -> str:
    return f'<div class="tt-board-part"><div class="tt-subtitle"><b>{esc(title)}</b></div>{body}</div>'


def _next(hint) -> str:
    return esc(tr("Next: {hint}", hint=hint))


# --- Stockpile ------------------------------------------------------------------------------
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
    parts.append(_section(_("Stock values (expert board)") if board.get("expert_board") else _("Stock values"),
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
        parts.append(_section(_("Stockpiles"), "".join(piles)))
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
    parts.append(_section(_("Forecasts and deck"), "<br>".join(facts)))
    if view.get("log_hint"):
        parts.append(f'<div class="tt-dim">{_next(view["log_hint"])}</div>')
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


# --- Acquire --------------------------------------------------------------------------------
#: the corporations' colours, the same as the tile picker's; each square and swatch also reads the
#: corporation's first letters, so a player who cannot tell the colours apart reads the letters
_CORP_COLOURS = BOARD_COLOURS


def acquire_board(view: Mapping) -> str:
    board = view.get("board") or {}
    corps = board.get("corporations") or []
    colour = {c["name"]: _CORP_COLOURS[i % len(_CORP_COLOURS)] for i, c in enumerate(corps)}
    grid = board.get("grid") or []
    cols = board.get("column_labels") or []
    rows = board.get("row_labels") or []
    head = "<tr><th></th>" + "".join(f"<th>{esc(c)}</th>" for c in cols) + "</tr>"
    body = []
    for r, row in enumerate(grid):
        cells = []
        for cell in row:
            if cell is None:
                cells.append("<td></td>")
            elif cell == "":
                cells.append('<td style="background:#9ca3af;color:#111827" title="' + attr(_("tile")) + '">·</td>')
            else:
                cells.append(f'<td style="background:{colour.get(cell, "#6b7280")};color:#fff" '
                             f'title="{attr(name(cell, "acquire corporation"))}">{esc(short_name(cell, "acquire corporation"))}</td>')
        body.append(f"<tr><th>{esc(rows[r] if r < len(rows) else r + 1)}</th>{''.join(cells)}</tr>")
    parts = [_section(_("Board"), scroll_box(f'<table class="tt-grid">{head}{"".join(body)}</table>', _("Board")))]
    trs = []
    for c in corps:
        sw = (f'<span class="tt-swatch" style="background:{colour[c["name"]]}" aria-hidden="true">'
              f'{esc(short_name(c["name"], "acquire corporation"))}</span> ')
        state = _("safe") if c.get("safe") else (_("active") if c.get("active") else _("not on the board"))
        bonuses = " / ".join(money(b) for b in c.get("bonuses") or []) or "-"
        trs.append(f"<tr><th>{sw}{esc(name(c['name'], 'acquire corporation'))}</th><td>{esc(word(c.get('tier', '')))}</td>"
                   f"<td>{esc(c.get('size', 0))}</td>"
                   f"<td>{esc(money(c.get('price')) if c.get('price') else '-')}</td><td>{esc(c.get('bank_shares'))}</td>"
                   f"<td>{esc(bonuses)}</td><td>{esc(state)}</td></tr>")
    heads = "".join("<th>" + esc(_(h)) + "</th>" for h in (N_("Corporation"), N_("Tier"), N_("Size"), N_("Price"),
                                                        N_("Shares left"), N_("Bonuses"), N_("State")))
    parts.append(_section(_("Corporations"), scroll_box(f'<table class="tt-table"><tr>{heads}</tr>{"".join(trs)}</table>',
                                                        _("Corporations"))))
    facts = [htr(N_("Tiles left {n}"), n=esc(board.get("tiles_left", "?")))]
    if board.get("merger"):
        facts.append(_merger_words(board["merger"], [p.get("name", "") for p in view.get("players") or []]))
    if board.get("end_declared_by") is not None:
        facts.append(esc(_("The end has been declared.")))
    elif board.get("end_allowed"):
        facts.append(esc(_("The end may be declared.")))
    if view.get("log_hint"):
        facts.append(f'<span class="tt-dim">{_next(view["log_hint"])}</span>')
    parts.append("<div>" + " · ".join(facts) + "</div>")
    return "".join(parts)


def _merger_words(merger: Mapping, names: Sequence[str]) -> str:
    """The merger under way in words: who made it, the corporations and their sizes, the survivor,
    whose shares are being settled, the bonuses paid so far (public facts of the view)."""
    def who(seat):
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    def corp(c):
        return name(c, "acquire corporation")
    sizes = merger.get("corporations") or {}
    merging = _(", ").join(tr("{corporation} ({n} tiles)", corporation=corp(c), n=n) for c, n in sizes.items())
    parts = [tr("{player} placed {tile}, merging {corporations}", player=who(merger.get("mergemaker")),
                tile=merger.get("tile", ""), corporations=merging)]
    if merger.get("survivor"):
        parts.append(tr("{corporation} survives", corporation=corp(merger["survivor"])))
    elif merger.get("choices"):
        parts.append(tr("{player} chooses the survivor among {corporations}", player=who(merger.get("mergemaker")),
                        corporations=_(", ").join(corp(c) for c in merger["choices"])))
    if merger.get("settling"):
        parts.append(tr("{corporation}'s shares are being sold, traded or kept", corporation=corp(merger["settling"])))
    paid = merger.get("bonuses_paid") or {}
    if paid:
        parts.append(tr("bonuses paid: {bonuses}", bonuses=_(", ").join(
            tr("{player} {amount}", player=player, amount=money(amount)) for player, amount in paid.items())))
    return esc(tr("Merger: {parts}.", parts=_("; ").join(parts)))


def acquire_private(state: State, seat: int, legal: Sequence[Action]) -> bool:
    """Private: placing a tile (the choices are the rack); with hidden money, buying too (what
    one can afford shows the money). Read from the phase and the options only."""
    if state.phase == "place":
        return True
    return bool(state.game.options.get("hidden_money")) and state.phase == "buy"


def acquire_choice_label(state: State, action: Action) -> str:
    """Ending the turn reads "ends the turn" on the button: the log line says which dead tiles
    are set aside, but only once the turn has ended (before that they are still in the rack)."""
    if type(action).__name__ == "EndTurn":
        return tr("{player} ends the turn", player=state.name(action.seat))
    return state.describe(action)


# --- Black Monday ---------------------------------------------------------------------------
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
    parts = [_section(_("Tickers"), f'<div class="tt-stocks">{"".join(tickers)}</div>')]
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
        parts.append(f'<div class="tt-dim">{_next(view["log_hint"])}</div>')
    return "".join(parts)


def always_private(state: State, seat: int, legal: Sequence[Action]) -> bool:
    """Every choice is made from a secret hand."""
    return True


# --- 時価で勝負 ----------------------------------------------------------------------------------
_SUITS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def jika_board(view: Mapping) -> str:
    board = view.get("board") or {}
    market = board.get("market") or {}
    watched = board.get("watched")
    suits = []
    for suit, m in market.items():
        red = suit in ("hearts", "diamonds")
        blocked = ('<div class="tt-owed">' + esc(_("watched: not this round")) + '</div>' if suit == watched else "")
        upper = htr(N_("upper {card}"), card=f'<b>{esc(m.get("upper_card") or "-")}</b>')
        lower = htr(N_("lower {card}"), card=f'<b>{esc(m.get("lower_card") or "-")}</b>')
        suits.append(
            f'<div class="tt-stock tt-suit"><div class="tt-stock-name" style="color:{"#b91c1c" if red else "#111"}">'
            f'{_SUITS.get(suit, "")} {esc(name(suit, "jika term"))}</div>'
            f"<div>{upper}</div><div>{lower}</div>"
            f'<div class="tt-stock-value">{esc(m.get("price"))}</div>{blocked}</div>')
    parts = [_section(_("The four suits (price = the lower of the two slots)"),
                      f'<div class="tt-stocks">{"".join(suits)}</div>')]
    shown = _(", ").join(f"{_SUITS.get(s, '')} {name(s, 'jika term')}" for s in board.get("watchers_shown") or [])
    watcher = _SUITS.get(watched, "") + " " + name(watched, "jika term") if watched else _("none yet")
    parts.append("<div>" + htr(N_("Watcher: {suit}"), suit=f"<b>{esc(watcher)}</b>")
                 + " · " + htr(N_("jacks left {n}"), n=esc(board.get("watcher_pile", "?")))
                 + (" · " + htr(N_("shown so far: {suits}"), suits=esc(shown)) if shown else "") + "</div>")
    names = [p.get("name", "") for p in view.get("players") or []]
    plays = board.get("plays") or []
    if plays:
        last = plays[-8:]
        plays_text = _(", ").join(
            tr("{player} {card} ({slot})", player=names[p["seat"]] if p["seat"] < len(names) else p["seat"],
               card=p["card"], slot=word(p["slot"]))
            for p in reversed(last))
        parts.append('<div class="tt-dim">' + esc(tr("Last plays: {plays}", plays=plays_text)) + '</div>')
    if view.get("log_hint"):
        parts.append(f'<div class="tt-dim">{_next(view["log_hint"])}</div>')
    return "".join(parts)


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


def _acquire_choices():
    try:
        from tabletop.acquire.data import EDITIONS, SOLE_HOLDER_RULES
        return {"edition": sorted(EDITIONS), "sole_holder": sorted(SOLE_HOLDER_RULES)}
    except Exception:  # the engine's data may change; the start page then offers free text
        return {}


register_ui("stockpile", TitleUI(board_html=stockpile_board, private_html=stockpile_private_html,
                                 private_decision=stockpile_private, net_worth=_worth,
                                 worth_label=N_("Money less fees owed (stock cards are face down)"),
                                 public_choices=stockpile_public_choices,
                                 picker=stockpile_rows, part_words=stockpile_part_words,
                                 part_question=stockpile_part_question,
                                 options_shown=["expert_board", "investors", "first_player"],
                                 chance_prompt=N_("Enter the card turned up")))
register_ui("acquire", TitleUI(value_unit="$", board_html=acquire_board, private_decision=acquire_private, net_worth=_worth,
                               choice_label=acquire_choice_label, picker=acquire_rows,
                               option_choices=_acquire_choices(),
                               options_shown=["edition", "sole_holder", "hidden_money"],
                               chance_prompt=N_("Enter the tile drawn")))
register_ui("black-monday", TitleUI(value_unit="$", board_html=blackmonday_board, private_decision=always_private,
                                    net_worth=_worth, picker=blackmonday_start_rows,
                                    chance_prompt=N_("Enter the card turned up")))
def _score_only(view: Mapping, seat: int) -> int | None:
    """時価で勝負: the certificates are secret until the end, so only the final score is public."""
    score = (view.get("players") or [])[seat].get("score")
    return score if isinstance(score, int) else None


register_ui("jika", TitleUI(board_html=jika_board, private_decision=always_private, net_worth=_score_only,
                            unit=" pts", worth_label=N_("Score (the certificates are secret until the end)"),
                            chance_prompt=N_("Enter the jack the watcher turns up")))
