"""What the dashboards need to know about a title beyond its engine: how to draw its board,
which decisions must be taken in private, how to value a player's public position.

Every hook has a generic default that works from the view convention alone, so a new title
shows up in the tracker before it has a board of its own. ``register_ui`` adds a title's hooks.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from tabletop.core import Action, State

from . import render

__all__ = ["TitleUI", "title_ui", "register_ui", "secret_tokens", "reveals_secret",
           "default_net_worth", "default_board_html"]


def default_board_html(view: Mapping) -> str:
    """The stock values, then the title's board as generic tables."""
    parts = []
    stocks = view.get("stocks")
    if stocks:
        parts.append(render.stocks_html(stocks))
    board = view.get("board")
    if board:
        parts.append(render.generic_html(board))
    return "".join(parts) or '<p class="tt-dim">Nothing on the board yet.</p>'


def default_net_worth(view: Mapping, seat: int) -> int | None:
    """Public net worth: money, plus visible holdings of a stock at its value, minus what is owed."""
    player = (view.get("players") or [])[seat]
    cash = player.get("money")
    if not isinstance(cash, int):
        return None
    stocks = view.get("stocks") or {}
    total = cash - int(player.get("owed") or 0)
    holdings = player.get("holdings")
    if isinstance(holdings, Mapping):
        for stock, count in holdings.items():
            value = stocks.get(stock)
            if isinstance(count, int) and not isinstance(count, bool) and isinstance(value, int):
                total += count * value
    return total


def secret_tokens(state: State, seat: int) -> set[str]:
    """Text in ``seat``'s private view that the public view does not show."""
    private = state.view(seat).get("private")
    if not private:
        return set()
    public = set(render.string_leaves(state.view(None)))
    return {s for s in render.string_leaves(private, keys=False) if s not in public}


def reveals_secret(action: Action, tokens: set[str]) -> bool:
    for f in dataclasses.fields(action):
        if f.name == "seat":
            continue
        for leaf in render.string_leaves(getattr(action, f.name)):
            if leaf in tokens:
                return True
    return False


def _private_decision(state: State, seat: int, legal: Sequence[Action]) -> bool:
    """Generic guess: the choice is private when any choice names something only ``seat`` knows
    (a card in hand, a tile on the rack). Titles register an exact rule."""
    if any(a.secret_to is not None for a in legal):
        return True
    tokens = secret_tokens(state, seat)
    return bool(tokens) and any(reveals_secret(a, tokens) for a in legal)


@dataclass
class TitleUI:
    #: the public board from ``view(None)``
    board_html: Callable[[Mapping], str] = default_board_html
    #: a seat's secrets from ``view(seat)["private"]``
    private_html: Callable[[Any], str] = render.private_html
    #: True when the choices of ``seat`` (to act) would show a secret on the shared screen
    private_decision: Callable[[State, int, Sequence[Action]], bool] = _private_decision
    #: of a private decision, the choices that may still be shown on the shared screen because
    #: they are open to that player whatever their secrets (e.g. "done selling")
    public_choices: Callable[[State, int, Sequence[Action]], Sequence[Action]] = lambda state, seat, legal: ()
    #: a player's public net worth for the chart, or None when it cannot be known
    net_worth: Callable[[Mapping, int], int | None] = default_net_worth
    #: allowed values of options for the start page (option name -> values)
    option_choices: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    #: options shown on the start page (None: every scalar option)
    options_shown: Sequence[str] | None = None
    #: how money is counted: "$" (dollars) or a suffix such as " pts"
    unit: str = "$"
    #: words on the shared screen when a public chance event is to be entered
    chance_prompt: str = "Enter what was drawn or revealed"


_UI: dict[str, TitleUI] = {}


def register_ui(name: str, ui: TitleUI) -> None:
    _UI[name] = ui


def title_ui(name: str) -> TitleUI:
    if name not in _UI:
        from . import boards  # noqa: F401  (registers the built-in titles)
    return _UI.get(name) or TitleUI()
