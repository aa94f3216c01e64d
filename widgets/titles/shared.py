"""What several titles' screens draw alike: a board's section and its next-step line, a
public worth read from the view, the rule that every decision is taken in private.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from tabletop.core import Action, State
from tabletop.i18n import tr

from ..render import esc
from . import default_net_worth


def public_worth(view: Mapping, seat: int) -> int | None:
    """A finished game's score, a title's own public worth, or money plus visible holdings."""
    player = (view.get("players") or [])[seat]
    for key in ("score", "worth"):
        if isinstance(player.get(key), int):
            return player[key]
    return default_net_worth(view, seat)


def board_section(title: str, body: str) -> str:
    return f'<div class="tt-board-part"><div class="tt-subtitle"><b>{esc(title)}</b></div>{body}</div>'


def next_hint(hint) -> str:
    return esc(tr("Next: {hint}", hint=hint))


def always_private(state: State, seat: int, legal: Sequence[Action]) -> bool:
    """Every choice is made from a secret hand."""
    return True
