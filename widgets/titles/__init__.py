"""What the screens know about each title beyond its engine, one module per title in this
package (``stockpile.py``, ``acquire.py``, ``blackmonday.py``, ``jika.py``): how to draw its board,
which decisions must be taken in private, how to value a player's public position, its pickers,
its start-from-the-table form and its corrections, registered as one ``TitleUI``.

Every hook has a generic default that works from the view convention alone, so a new title
shows up in the tracker before it has a module of its own. ``register_ui`` adds a title's hooks;
the generic screens ask ``title_ui(name)`` and name no title (docs/adding-a-title.md).
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from tabletop.core import Action, State
from tabletop.i18n import N_, _
from tabletop.registry import get_title

from .. import render

__all__ = ["TitleUI", "title_ui", "register_ui", "has_secrets", "default_net_worth",
           "default_board_html"]


def default_board_html(view: Mapping) -> str:
    """The stock values, then the title's board as generic tables."""
    parts = []
    stocks = view.get("stocks")
    if stocks:
        parts.append(render.stocks_html(stocks))
    board = view.get("board")
    if board:
        parts.append(render.generic_html(board))
    return "".join(parts) or '<p class="tt-dim">' + render.esc(_("Nothing on the board yet.")) + '</p>'


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


def has_secrets(state: State) -> bool:
    """Does this title keep anything from some players (a secret action type, or views with a
    private part)? A fact of the title's rules, the same in every position."""
    name = state.game.title
    if name not in _HAS_SECRETS:
        secret = Action.__dict__["secret_to"]
        kinds = get_title(name).action_types
        _HAS_SECRETS[name] = (any(getattr(kind, "secret_to", secret) is not secret for kind in kinds)
                              or "private" in state.view(0))
    return _HAS_SECRETS[name]


_HAS_SECRETS: dict[str, bool] = {}


def _private_decision(state: State, seat: int, legal: Sequence[Action]) -> bool:
    """Generic rule for a title without its own: in a title that keeps secrets, every decision
    is taken in the player's panel (whether a choice would show a secret cannot be told from
    public facts alone, and the gate itself must not depend on secrets)."""
    return has_secrets(state)


@dataclass
class TitleUI:
    #: the public board from ``view(None)``
    board_html: Callable[[Mapping], str] = default_board_html
    #: a seat's secrets from ``view(seat)["private"]``
    private_html: Callable[[Any], str] = render.private_html
    #: True when the decision of ``seat`` (to act) is taken in their panel because its choices
    #: draw on their secrets. It must read only public facts (the phase, the options, the public
    #: view), never the secrets or the legal actions' contents: the gate itself is on the
    #: shared screen, so whether it shows must not tell anything
    private_decision: Callable[[State, int, Sequence[Action]], bool] = _private_decision
    #: of a private decision, the choices that may still be shown on the shared screen because
    #: they are open to that player whatever their secrets (e.g. "done selling"); ``legal`` is
    #: ``offered_actions(None)``
    public_choices: Callable[[State, int, Sequence[Action]], Sequence[Action]] = lambda state, seat, legal: ()
    #: a button's words on the shared screen, before the choice is made: only what the table may
    #: know (None: ``state.describe``, the log line, which may tell what the entry will reveal)
    choice_label: Callable[[State, Action], str] | None = None
    #: a player's public net worth for the chart, or None when it cannot be known
    net_worth: Callable[[Mapping, int], int | None] = default_net_worth
    #: what ``net_worth`` is, in the players table and on the chart (say it honestly: where the
    #: holdings are face down, the table knows only the money)
    worth_label: str = N_("Net worth (public)")
    #: allowed values of options for the start page (option name -> values)
    option_choices: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    #: options shown on the start page (None: every scalar option)
    options_shown: Sequence[str] | None = None
    #: how money is counted: "$" (dollars) or a suffix such as " pts"
    unit: str = "$"
    #: what a stock's value is counted in on the chart ("$" for a price in dollars; "" a bare value)
    value_unit: str = ""
    #: words on the shared screen when a public chance event is to be entered
    chance_prompt: str = N_("Enter what was drawn or revealed")
    #: the title's own way to draw one kind of offered action (``pickers.PickerContext`` ->
    #: rows of taps, or None for the panel's own buttons): it reads the actions, their words and
    #: the PUBLIC view only (Acquire's tiles on the board's grid, Stockpile's bids by stockpile)
    picker: Callable[[Any], Any] | None = None
    #: words for an answer to one part of a choice asked in parts: (kind, part, value, actions
    #: left) -> str, or None for words taken from the descriptions
    part_words: Callable[[str, str, Any, Sequence[Action]], str | None] | None = None
    #: the heading over the part(s) asked: (kind, part names, actions left) -> str or None
    part_question: Callable[[str, tuple, Sequence[Action]], str | None] | None = None
    #: the "Start from the table as it is" form: (players, normalized options) ->
    #: ``position.PositionForm``, or None when the title cannot start from a position
    position_form: Callable[[Sequence[str], Mapping[str, Any]], Any] | None = None
    #: what the "Correct a mistake" card offers: normalized options -> [``correct.Fix``] (None: nothing)
    corrections: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None


_UI: dict[str, TitleUI] = {}


def register_ui(name: str, ui: TitleUI) -> None:
    _UI[name] = ui


def _load_title_modules() -> None:
    """Import every module of this package once: each registers its title (found by listing the
    folder, so adding a title is adding its module; importlib, so this package imports none of
    them and none imports back a module that imports it)."""
    if not _LOADED:
        _LOADED.append(True)
        for module in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{module.name}")


_LOADED: list[bool] = []


def title_ui(name: str) -> TitleUI:
    if name not in _UI:
        _load_title_modules()
    return _UI.get(name) or TitleUI()
