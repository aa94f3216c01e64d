"""The form for "Start from the table as it is": what the whole table sees (money, values,
holdings that lie face up, the board), typed on the shared screen, turned into the title's
``Position`` entry. Each player's secrets (face-down cards, rack, hand) are entered afterwards
in their own panel, as the match asks (``Match.waiting_for``).

``position_form(title, players, options)`` returns a ``PositionForm``: ``.widget`` to show,
``.action()`` the ``Position`` (or a ``TabletopError`` in plain words for text it cannot read).
The rules check the position when it is applied: a match refuses an impossible one in words
and stays as it was.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as W

from tabletop.core import Action
from tabletop.errors import MalformedAction
from tabletop.i18n import N_, _, tr
from tabletop.registry import get_title

from . import kit
from .render import esc, name

__all__ = ["PositionForm", "position_form"]


_SEPARATOR = re.compile(r"\s+|,(?!\d{3}(?!\d))")   # a comma before three digits groups thousands


def _numbers(text: str, what: str) -> list[int]:
    """Whole numbers separated by spaces or commas: "4 6", "4, 6", "$1,000 $3,000"."""
    out = []
    for word in filter(None, _SEPARATOR.split(text)):
        digits = word.lstrip("$").replace(",", "")
        if not digits.isdigit():
            raise MalformedAction("{what}: {word} is not a whole number.", what=what, word=repr(word))
        out.append(int(digits))
    return out


def _words(text: str) -> list[str]:
    return [w for w in _SEPARATOR.split(text) if w]


class PositionForm:
    """A title's position form: ``widget`` and ``action()``."""

    def __init__(self, rows: Sequence[W.Widget], build: Callable[[], Action]):
        self.widget = kit.vbox(list(rows), "tt-position")
        self._build = build

    def action(self) -> Action:
        """The ``Position`` the form describes now."""
        return self._build()


def _head(title: str, note: str = "") -> W.HTML:
    """A form's heading in bold, and a note after it."""
    return kit.html("<b>" + esc(_(title)) + "</b>" + (" " + esc(_(note)) if note else ""))


def _labelled(widget: W.Widget, width: str = "initial") -> W.Widget:
    """``widget`` with its whole label (ipywidgets cuts a label to 80 px with an ellipsis: "First
    pla…"); on a phone the label goes above the control (``tt-stacked``, the stylesheet)."""
    widget.style.description_width = width
    widget.add_class("tt-stacked")
    return widget


def _seat_dropdown(players: Sequence[str], label: str, value: int = 0) -> W.Dropdown:
    return _labelled(W.Dropdown(options=[(player, i) for i, player in enumerate(players)], value=value,
                                description=_(label)))


def _grid(rows: Sequence[str], columns: Sequence[str], make: Callable[[], W.Widget]) -> tuple[W.GridBox, list]:
    """A table of widgets, one per (row, column), with headings; returns it and the widgets. Each
    input is named by its row and column for screen readers (its label is drawn for them only)."""
    cells = [[make() for _n in columns] for _n in rows]
    for heading, row in zip(rows, cells):
        for column, cell in zip(columns, row):
            cell.description = tr("{row}: {column}", row=_(heading), column=name(_(column)))
            cell.add_class("tt-sr-label")
    children: list[W.Widget] = [kit.html("<span></span>", "tt-grid-head")] + [kit.html("<b>" + esc(name(_(c))) + "</b>", "tt-grid-head")
                                                                  for c in columns]
    for heading, row in zip(rows, cells):
        children += [kit.html(esc(_(heading)), "tt-grid-row")] + row
    # columns as narrow as their numbers allow, so that a table of nine fits a laptop's screen; on a
    # phone (or a narrow window) the stylesheet lays the inputs out one under another, each with its
    # label shown, instead of a table wider than the screen
    grid = W.GridBox(children, _dom_classes=("tt-position-grid",),
                     layout=W.Layout(grid_template_columns=f"minmax(5em, max-content) repeat({len(columns)}, minmax(4.5em, 7em))",
                                     max_width="100%"))
    return grid, cells


def _small(kind, **kw) -> W.Widget:
    return kind(**kw)


# --- Stockpile ---------------------------------------------------------------------------------------

def _stockpile(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    from tabletop.stockpile import actions as A
    from tabletop.stockpile.data import COMPANIES, INVESTORS, compile_rules
    rules = compile_rules(options["rules_data"])
    tracks = rules.expert if options.get("expert_board") else rules.standard
    n = len(players)
    rounds = rules.data["rounds"][str(n)]
    start_money = rules.data["two_player_starting_money" if n == 2 else "starting_money"]
    round_ = _labelled(W.BoundedIntText(value=1, min=1, max=rounds, description=_("Round")))
    first = _seat_dropdown(players, N_("First player"), options.get("first_player", 0))
    spaces = [_labelled(W.Dropdown(options=[(tr("{value} (space {space})", value=v, space=i), i)
                                            for i, v in enumerate(t.values)], value=t.start,
                                   description=name(company, "stockpile company")), "12em")
              for company, t in zip(COMPANIES, tracks)]
    seats, cells = _grid(players, [N_("money"), N_("stock cards"), N_("split cards")], lambda: _small(W.IntText, value=0))
    for row in cells:
        row[0].value = start_money
    fees = [_labelled(W.Text(description=name, placeholder=_("e.g. 3,000 1,000")), "8em") for name in players]
    investors = [_labelled(W.SelectMultiple(options=INVESTORS, description=name, rows=4)) for name in players]
    discard, counts = _grid([N_("discard pile")], rules.card_names, lambda: _small(W.IntText, value=0))

    def build() -> Action:
        return A.Position(
            round=round_.value, first_player=first.value,
            money=tuple(row[0].value for row in cells),
            spaces=tuple((c, w.value) for c, w in zip(COMPANIES, spaces)),
            stock_cards=tuple(row[1].value for row in cells),
            split_cards=tuple(row[2].value for row in cells),
            unpaid_fees=tuple(tuple(f"Fee ${amount:,}" for amount in _numbers(w.value, tr("{player}'s unpaid fees", player=w.description)))
                              for w in fees),
            investors=tuple(tuple(w.value) for w in investors) if options.get("investors") else (),
            discard=tuple((card, w.value) for card, w in zip(rules.card_names, counts[0]) if w.value))

    rows = [kit.box([round_, first]), _head(N_("Stock values")), W.VBox(spaces),
            _head(N_("Players")), seats,
            _head(N_("Unpaid fees"), N_("(the face-up fee cards' amounts, oldest first)")), W.VBox(fees)]
    if options.get("investors"):
        rows += [_head(N_("Investors kept")), kit.box(investors)]
    rows += [_head(N_("Discard pile"), N_("(cards of each kind)")), discard]
    return PositionForm(rows, build)


# --- Acquire -------------------------------------------------------------------------------------------

def _acquire(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    from tabletop.acquire import Position
    from tabletop.acquire.rules import tables_for
    edition = tables_for(options).edition
    corps = edition.corporations
    round_ = _labelled(W.BoundedIntText(value=1, min=1, max=999, description=_("Round")))
    first = _seat_dropdown(players, N_("First player"))
    turn = _seat_dropdown(players, N_("Whose turn"))
    tiles = [_labelled(W.Text(description=c, placeholder=_("tiles, e.g. 1A 2A 3A")), "9em") for c in corps]
    lone = _labelled(W.Text(description=_("No corporation"), placeholder=_("tiles on the board in no corporation")), "9em")
    aside = _labelled(W.Text(description=_("Set aside"), placeholder=_("unplayable tiles laid aside")), "9em")
    seats, cells = _grid(players, [N_("money"), N_("tiles in rack"), *corps], lambda: _small(W.IntText, value=0))
    for row in cells:
        row[0].value, row[1].value = edition.start_money, edition.hand_size

    def build() -> Action:
        board = [(t, c) for c, w in zip(corps, tiles) for t in _words(w.value)]
        board += [(t, "") for t in _words(lone.value)]
        return Position(
            round=round_.value, first_player=first.value, turn=turn.value, board=tuple(board),
            money=tuple(row[0].value for row in cells),
            holdings=tuple(tuple((c, w.value) for c, w in zip(corps, row[2:]) if w.value) for row in cells),
            racks=tuple(row[1].value for row in cells), set_aside=tuple(_words(aside.value)))

    return PositionForm([kit.box([round_, first, turn]), _head(N_("The board")), W.VBox(tiles + [lone, aside]),
                         _head(N_("Players"), N_("(money, rack size, shares of each corporation)")), seats], build)


# --- Black Monday --------------------------------------------------------------------------------------

def _black_monday(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    from tabletop.blackmonday import Position
    from tabletop.blackmonday.data import STARTING_MONEY, STOCKS
    round_ = _labelled(W.BoundedIntText(value=1, min=1, max=999, description=_("Round")))
    turn = _seat_dropdown(players, N_("Whose turn"), options.get("first_player", 0))
    money = [_labelled(W.IntText(value=STARTING_MONEY, description=player)) for player in players]
    held, held_cells = _grid(players, STOCKS, lambda: _small(W.Text, placeholder=_("values")))
    piles, pile_cells = _grid([N_("price pile (bottom first)"), N_("discard pile")], STOCKS,
                              lambda: _small(W.Text, placeholder=_("values")))
    second = W.Checkbox(value=False, description=_("The first deck has run out (second deck)"), indent=False)

    def build() -> Action:
        return Position(
            round=round_.value, seat=turn.value, money=tuple(w.value for w in money),
            held=tuple(tuple((stock, v) for stock, w in zip(STOCKS, row)
                             for v in _numbers(w.value, tr("{player}'s {stock} cards", player=name, stock=stock)))
                       for name, row in zip(players, held_cells)),
            piles=tuple((stock, tuple(_numbers(w.value, tr("{stock}'s price pile", stock=stock))))
                        for stock, w in zip(STOCKS, pile_cells[0])),
            discard=tuple((stock, v) for stock, w in zip(STOCKS, pile_cells[1])
                          for v in _numbers(w.value, tr("the discard pile's {stock} cards", stock=stock))),
            second_deck=second.value)

    money_row = kit.box(money)
    return PositionForm([kit.box([round_, turn]), _head(N_("Money")), money_row,
                         _head(N_("Cards held sideways"), N_("(their values)")), held,
                         _head(N_("Prices and discards")), piles, second], build)


# --- 時価で勝負 -----------------------------------------------------------------------------------------

def _jika(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    from tabletop.jika import Position
    from tabletop.jika.data import HAND_SIZE, MARKET_VALUES, SUITS
    round_ = _labelled(W.BoundedIntText(value=1, min=1, max=99, description=_("Next round")))
    upper = [_labelled(W.Dropdown(options=[(_("nothing"), None)] + [(str(v), v) for v in MARKET_VALUES], value=None,
                                  description=tr("{suit} upper", suit=name(s, "jika term"))), "9em") for s in SUITS]
    lower = [_labelled(W.Dropdown(options=[(_("ace"), 1)] + [(str(v), v) for v in MARKET_VALUES], value=1,
                                  description=tr("{suit} lower", suit=name(s, "jika term"))), "9em") for s in SUITS]
    default = options.get("hand_size", HAND_SIZE.get(len(players), 7))
    hands = [_labelled(W.BoundedIntText(value=default, min=0, max=default, description=player), "8em")
             for player in players]
    passed = [W.Checkbox(value=False, description=_("passed"), indent=False) for _n in players]
    shown = _labelled(W.Text(description=_("Jacks up"), placeholder=_("suits turned up since the last shuffle, in order")),
                      "6em")
    covered = _labelled(W.Text(description=_("Covered"), placeholder=_("covered cards, e.g. hearts 7, clubs 3")), "6em")

    def build() -> Action:
        words = _words(covered.value)
        if len(words) % 2:
            raise MalformedAction("Covered cards are written as a suit then a value, e.g. 'hearts 7'.")
        pairs = tuple((words[i], _numbers(words[i + 1], tr("the covered {card}", card=words[i]))[0])
                      for i in range(0, len(words), 2))
        return Position(round=round_.value,
                        market=tuple((s, u.value, lw.value) for s, u, lw in zip(SUITS, upper, lower)),
                        hands=tuple(w.value for w in hands), passed=tuple(w.value for w in passed),
                        watchers_shown=tuple(_words(shown.value)), covered=pairs)

    seats = W.VBox([kit.box([h, p]) for h, p in zip(hands, passed)])
    return PositionForm([round_, _head(N_("The market")),
                         W.VBox([kit.box([u, lw]) for u, lw in zip(upper, lower)]),
                         _head(N_("Cards in each hand")), seats, shown, covered], build)


_FORMS = {"stockpile": _stockpile, "acquire": _acquire, "black-monday": _black_monday, "jika": _jika}


def position_form(title: str, players: Sequence[str], options: Mapping[str, Any] | None = None) -> PositionForm:
    """The position form of ``title`` for these players and options (options as the title
    normalizes them; missing ones take their defaults)."""
    t = get_title(title)
    if title not in _FORMS:
        raise MalformedAction("{title} cannot start from a position.", title=t.display_name)
    return _FORMS[title](list(players), t.normalize_options(dict(options or {}), len(players)))
