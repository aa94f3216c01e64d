"""HTML for the parts of a view: header, players, stocks, a generic board, a private panel.

Pure functions from JSON-ready views to HTML strings (every value escaped). One HTML widget
per part keeps an update to a single message; title-specific boards live in ``boards``.
"""
from __future__ import annotations

import html
from typing import Any, Iterable, Mapping, Sequence

from tabletop import i18n
from tabletop.i18n import N_, _, tr, trn

__all__ = ["esc", "attr", "htr", "title_name", "and_list", "word", "name", "english_words", "money", "header_html", "players_html", "stocks_html", "generic_html",
           "private_html", "humanize", "table_html", "count", "label", "scroll_box"]


def esc(value: Any) -> str:
    """Text content, escaped (quotes are left as they are: text never sits in an attribute)."""
    return html.escape(str(value), quote=False)


def attr(value: Any) -> str:
    """An attribute value, escaped quotes included."""
    return html.escape(str(value), quote=True)


def money(value: Any, unit: str = "$") -> str:
    """$12,000 for ints, as the page's language writes amounts ('12,000 pts' style when ``unit``
    is a suffix like ' pts'); '?' for hidden (None); anything else as text."""
    if value is None:
        return "?"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        if unit != "$":
            return tr("{n} pts", n=i18n.Number(value)) if unit == " pts" else f"{i18n.number(value)}{unit}"
        return i18n.money(value)
    return str(value)


def htr(template: str, **html_params: str) -> str:
    """``template`` translated and escaped, its placeholders filled with ready HTML (escape
    the values you pass: ``htr(N_("{player} to act"), player=f"<b>{esc(name)}</b>")``)."""
    text = esc(_(template))
    try:
        return text.format_map(html_params)
    except (KeyError, IndexError, ValueError):
        return text


def and_list(names: Iterable[Any]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy' in the page's language."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return _(", ").join(names[:-1]) + _(" and ") + names[-1]


def word(value: Any) -> str:
    """A word the engine writes as data (a phase 'auction', a state 'safe'): as it is in English,
    else translated from its humanized form ('Auction')."""
    text = str(value)
    if i18n.current_language() == i18n.DEFAULT:
        return text
    found = humanize(text)
    return found if found != english_words(text) else text


def humanize(key: Any) -> str:
    """'first_player' -> 'First player'; 'PlaceBid' -> 'Place bid' (in the page's language when
    the catalogs hold those words: ``widgets/words.py`` lists the views' keys)."""
    return _(english_words(key))


def english_words(key: Any) -> str:
    """'first_player' -> 'First player', in English (the message id of ``humanize``)."""
    text = str(key).replace("_", " ").replace("-", " ")
    out = []
    for i, ch in enumerate(text):
        if ch.isupper() and i and (text[i - 1].islower() or text[i - 1].isdigit()):
            out.append(" ")
            ch = ch.lower()
        out.append(ch)
    text = "".join(out).strip()
    return text[:1].upper() + text[1:]


def count(value: Any) -> str:
    """A number of things (shares, cards) with thousands separated: '1,200'; yes/no; text."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return i18n.number(value)
    return str(value)


def label(key: Any) -> str:
    """A key the engine wrote as a word ('stock_cards') in words ('Stock cards'); a name
    ('Epic Electric', 'Tiki-Taka Tech') as it is."""
    text = str(key)
    return humanize(text) if "_" in text or (text.islower() and text.isidentifier()) else name(text)


#: the lists a component's name may belong to (the engines' ``Term`` contexts), in the order tried
NAME_CONTEXTS = ("stockpile company", "stockpile card", "acquire corporation", "blackmonday stock",
                 "blackmonday card", "jika term")


def name(text: Any, context: str | None = None) -> str:
    """A component's name shown on its own ('Epic Electric', 'Tower', 'hearts') under its
    edition's name in the page's language (``context``: its list; None: the first list that has it)."""
    text = str(text)
    if i18n.current_language() == i18n.DEFAULT or not text:
        return text
    for ctx in ((context,) if context else NAME_CONTEXTS):
        found = i18n.pgettext(ctx, text)
        if found != text:
            return found
    if text.startswith("Fee $"):    # Stockpile's trading-fee cards: the amount written per language
        from tabletop.stockpile.common import card
        return str(i18n._shown(card(text)))
    return word(text) if text.replace("_", " ").replace("-", " ").replace(" ", "").isalpha() else text


def short_name(text: Any, context: str | None = None) -> str:
    """A component's name cut to two letters for a board square ('To' for Tower, '타워' in Korean):
    cut from the name in the page's language, so no English is left on a translated board."""
    return name(text, context)[:2]


#: players' public numbers that are amounts of money (the others are counts)
MONEY_KEYS = frozenset({"worth", "score", "cash", "net_worth", "bonus"})


def _name(view: Mapping, seat: Any) -> str:
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return str(players[seat].get("name", tr("Seat {seat}", seat=seat + 1)))
    return ""


def game_over_words(names: Sequence[str], outcome) -> tuple[str, str]:
    """(who won, in words; every score) at the end of a match (``outcome``: ``Match.outcome()``)."""
    if outcome is None:
        return _("Game over"), ""
    winners = [names[s] for s in outcome.winners]
    text = trn("Game over: {winners} wins", "Game over: {winners} win", len(winners), winners=and_list(winners))
    scores = _(", ").join(tr("{player} {score}", player=names[s], score=money(outcome.scores[s]))
                          for s in range(len(names)))
    return text, scores


def title_name(display_name: str) -> str:
    """A title's name as its edition in the page's language prints it (the engines mark it)."""
    return name(_(display_name))


def header_html(view: Mapping, display_name: str, status: str) -> str:
    """Title, round, phase, first player and the big 'whose turn' line."""
    rnd = view.get("round")
    rounds = view.get("rounds")
    parts = [f'<span class="tt-title">{esc(title_name(display_name))}</span>']
    if rnd:
        chip = (htr(N_("Round {round} of {rounds}"), round=f"<b>{esc(rnd)}</b>", rounds=esc(rounds)) if rounds
                else htr(N_("Round {round}"), round=f"<b>{esc(rnd)}</b>"))
        parts.append(f'<span class="tt-chip">{chip}</span>')
    if view.get("phase"):
        parts.append('<span class="tt-chip">' + esc(_("Phase")) + f' <b>{esc(word(view["phase"]))}</b></span>')
    first = _name(view, view.get("first_player"))
    if first:
        parts.append('<span class="tt-chip">' + esc(_("First player")) + f' <b>{esc(first)}</b></span>')
    return (f'<div class="tt-header"><div class="tt-chips">{"".join(parts)}</div>'
            f'<div class="tt-status">{status}</div></div>')


def _holdings_text(holdings: Any) -> str:
    if holdings in (None, {}, []):
        return '<span class="tt-dim">' + esc(_("none")) + '</span>'
    if isinstance(holdings, Mapping):
        items = []
        for k, v in holdings.items():
            if v in (0, None, [], {}, False):
                continue
            if isinstance(v, Mapping):
                inner = ", ".join(f"{esc(humanize(a).lower())} {esc(count(b))}"
                                  for a, b in v.items() if b not in (0, None, [], {}))
                if inner:
                    items.append(f"<b>{esc(label(k))}</b> ({inner})")
            elif isinstance(v, (list, tuple)):
                items.append(f"<b>{esc(label(k))}</b> {esc(', '.join(map(count, v)))}")
            elif v is True:
                items.append(f"<b>{esc(label(k))}</b>")
            else:
                items.append(f"<b>{esc(label(k))}</b> {esc(count(v))}")
        return ", ".join(items) if items else '<span class="tt-dim">' + esc(_("none")) + '</span>'
    if isinstance(holdings, (list, tuple)):
        return esc(_(", ").join(map(name, holdings))) or '<span class="tt-dim">' + esc(_("none")) + '</span>'
    return esc(holdings)


_PLAYER_SKIP = {"name", "money", "holdings", "owed", "seat"}


def players_html(view: Mapping, worth: Iterable[int | None] | None = None, unit: str = "$",
                 worth_label: str = N_("Net worth (public)")) -> str:
    """Every player's public money, holdings and what they owe; the player to act is marked."""
    players = view.get("players") or []
    to_act, first = view.get("to_act"), view.get("first_player")
    worth = list(worth) if worth is not None else None
    extra_keys: list[str] = []
    for p in players:
        for k, v in p.items():
            scalar_list = isinstance(v, list) and all(isinstance(x, (int, str)) for x in v)
            if worth is not None and k in ("worth", "score"):   # the net worth column shows it
                continue
            if k not in _PLAYER_SKIP and k not in extra_keys and (isinstance(v, (int, str, bool)) or scalar_list):
                extra_keys.append(k)
    labels = [_("Money") if unit == "$" else _("Points"), _("Holdings"), _("Owes")] + [humanize(k) for k in extra_keys] \
        + ([_(worth_label)] if worth is not None else [])

    def td(i: int, inner: str, cls: str = "") -> str:
        # data-label: a phone shows each number with its heading beside it (the stylesheet)
        klass = f' class="{cls}"' if cls else ""
        # one span: in a phone's flex cell each bit of text would be an item of its own, never wrapped
        return f'<td{klass} data-label="{attr(labels[i])}"><span class="tt-cell">{inner}</span></td>'
    rows = []
    for seat, p in enumerate(players):
        marks = []
        if seat == to_act:
            marks.append('<span class="tt-badge tt-turn">' + esc(_("to act")) + '</span>')
        if seat == first:
            marks.append('<span class="tt-badge">' + esc(_("first")) + '</span>')
        owed = p.get("owed") or 0
        owed_txt = f'<span class="tt-owed">{esc(money(owed, unit))}</span>' if owed else '<span class="tt-dim">-</span>'
        extra = "".join(td(3 + i, esc(money(p.get(k), unit)) if k in MONEY_KEYS and isinstance(p.get(k), int)
                           else _cell(p.get(k))) for i, k in enumerate(extra_keys))
        worth_td = td(len(labels) - 1, esc(money(worth[seat], unit))) if worth is not None else ""
        rows.append(
            f'<tr class="{"tt-acting" if seat == to_act else ""}"><th>{esc(p.get("name", seat + 1))} '
            f'{"".join(marks)}</th>{td(0, esc(money(p.get("money"), unit)), "tt-money")}'
            f"{td(1, _holdings_text(p.get('holdings')))}{td(2, owed_txt)}{extra}{worth_td}</tr>")
    head = ('<tr class="tt-players-head"><th>' + esc(_('Player')) + "</th>"
            + "".join(f"<th>{esc(label)}</th>" for label in labels) + "</tr>")
    return scroll_box(f'<table class="tt-table tt-players">{head}{"".join(rows)}</table>', _("Players"))


def scroll_box(inner: str, label: str) -> str:
    """``inner`` (a table) in a box that scrolls sideways when it is wider than the screen; a
    keyboard reaches it (tabindex) to scroll it, and a screen reader names it."""
    return f'<div class="tt-scroll" tabindex="0" role="region" aria-label="{attr(label)}">{inner}</div>'


def stocks_html(stocks: Mapping | None) -> str:
    if not stocks:
        return ""
    cells = "".join(f'<div class="tt-stock"><div class="tt-stock-name">{esc(name(k))}</div>'
                    f'<div class="tt-stock-value">{esc(money(v) if isinstance(v, bool) else v)}</div></div>'
                    for k, v in stocks.items())
    return f'<div class="tt-stocks">{cells}</div>'


def table_html(rows: list[Mapping], cls: str = "tt-table") -> str:
    keys: list[str] = []
    for r in rows:
        for k in r:
            if k not in keys:
                keys.append(k)
    head = "".join(f"<th>{esc(humanize(k))}</th>" for k in keys)
    body = "".join("<tr>" + "".join(f"<td>{_cell(r.get(k))}</td>" for k in keys) + "</tr>" for r in rows)
    return scroll_box(f'<table class="{cls}"><tr>{head}</tr>{body}</table>', _("Table"))


def _cell(value: Any) -> str:
    if value is None:
        return '<span class="tt-dim">-</span>'
    if isinstance(value, (bool, int)):
        return esc(count(value))
    if isinstance(value, (list, tuple)):
        if all(not isinstance(v, (Mapping, list, tuple)) for v in value):
            return esc(", ".join(name(v) if isinstance(v, str) else count(v) for v in value)) if value \
                else '<span class="tt-dim">-</span>'
        return generic_html(value)
    if isinstance(value, Mapping):
        return generic_html(value)
    return esc(name(value)) if isinstance(value, str) else esc(value)


_MONEY = MONEY_KEYS | {"money", "price", "paid", "cost", "amount"}


def _amount(key: Any, value: Any) -> str:
    """A value under ``key``: money for the keys that hold dollars, else as any cell."""
    if key in _MONEY and isinstance(value, int) and not isinstance(value, bool):
        return esc(money(value))
    return _cell(value)


def generic_html(value: Any, depth: int = 0) -> str:
    """Any JSON value as readable HTML: mappings as definition rows, lists of records as tables."""
    if isinstance(value, Mapping):
        if not value:
            return '<span class="tt-dim">-</span>'
        if depth and all(not isinstance(v, (Mapping, list, tuple)) for v in value.values()):
            return ", ".join(f"{esc(label(k))}: <b>{_amount(k, v)}</b>" for k, v in value.items())
        rows = "".join(f'<div class="tt-kv"><div class="tt-k">{esc(label(k))}</div>'
                       f'<div class="tt-v">{_amount(k, v) if k in _MONEY else generic_html(v, depth + 1)}</div></div>'
                       for k, v in value.items())
        return f'<div class="tt-kvs">{rows}</div>'
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Mapping) for v in value):
            return table_html(list(value))
        return _cell(value)
    return _cell(value)


def private_html(private: Any) -> str:
    if private in (None, {}, []):
        return '<p class="tt-dim">' + esc(_("Nothing secret right now.")) + '</p>'
    return generic_html(private)
