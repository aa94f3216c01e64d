"""Orchard on the screens: everything tabletop's screens know about it, in one module (as
``widgets/titles/<title>.py`` is for a built-in title). ``TABLETOP_TITLES=orchard.screens`` (or
``load_plugins("orchard.screens")``) registers the title and this ``UI``."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as W

from tabletop.i18n import N_
from tabletop.widgets.correct import Fix
from tabletop.widgets.position import PositionForm, labelled, section_heading, seat_dropdown, typed_numbers
from tabletop.widgets.render import esc
from tabletop.widgets.titles import TitleUI

from .game import TITLE, data
from .game.actions import Position

__all__ = ["TITLE", "UI"]


def orchard_board(view: Mapping) -> str:
    """The two stock tracks, a marker on each stock's value, and the last harvest."""
    rows = []
    for stock, value in (view.get("stocks") or {}).items():
        cells = "".join(f'<span class="tt-space{" tt-here" if v == value else ""}">{v}</span>'
                        for v in range(data.LOWEST, data.HIGHEST + 1))
        rows.append(f'<div class="tt-track-row"><div class="tt-track-name">{esc(stock)} <b>{value}</b></div>'
                    f'<div class="tt-track">{cells}</div></div>')
    harvest = (view.get("board") or {}).get("last harvest")
    return "".join(rows) + (f'<p class="tt-dim">Last harvest: {esc(harvest)}</p>' if harvest else "")


def private_decision(state, seat: int, legal: Sequence) -> bool:
    """A trade never draws on the tip: buying, selling and passing are public facts."""
    return False


def start_position_form(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    round_ = W.BoundedIntText(value=1, min=1, max=options["rounds"], description="Round")
    first = seat_dropdown(players, "First player")
    values = {s: W.BoundedIntText(value=data.START_VALUE, min=data.LOWEST, max=data.HIGHEST, description=s)
              for s in data.STOCKS}
    rows = {p: W.Text(value=f"{data.START_MONEY} 0 0", description=p) for p in players}

    def build():
        money, shares = [], []
        for p in players:
            m, apple, pear = (typed_numbers(rows[p].value, p) + [0, 0, 0])[:3]
            money.append(m)
            shares.append((("Apple", apple), ("Pear", pear)))
        return Position(round=round_.value, first_player=first.value, money=tuple(money), shares=tuple(shares),
                        values=tuple((s, w.value) for s, w in values.items()))
    return PositionForm([round_, first, section_heading(N_("Stock values")), *values.values(),
                         section_heading(N_("Money, Apple shares, Pear shares")),
                         *(labelled(w) for w in rows.values())], build)


def corrections(options: Mapping[str, Any]) -> list[Fix]:
    return [Fix("money", N_("A player's money"), N_("Money now")),
            Fix("value", N_("A stock's value"), N_("Value now"), board=True,
                subjects=[(s, s) for s in data.STOCKS],
                values=lambda _stock: [(str(v), v) for v in range(data.LOWEST, data.HIGHEST + 1)])]


UI = TitleUI(board_html=orchard_board, private_decision=private_decision, position_form=start_position_form,
             corrections=corrections, value_unit="$", chance_prompt=N_("Enter the card turned up"))
