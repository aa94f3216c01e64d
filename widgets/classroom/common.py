"""What the classroom's screens share: what a match is, the class and teacher keys and links,
reading the engine's views, entering with the server's draws, the page's extra CSS and the
live-screen base the teacher's and the students' screens follow the match with."""
from __future__ import annotations

import hashlib
import hmac
import math
import time
from typing import Any, Callable, Mapping

import ipywidgets as W

from tabletop.core import CHANCE, Action
from tabletop.errors import TabletopError
from tabletop.i18n import N_, _, tr
from tabletop.store import StaleMatch

from .. import kit
from ..join import _with_token, page_base
from ..render import esc, money

#: the engine's registry name
TITLE_NAME = "classroom"

EXPERIMENT_NAMES = {
    "first-price": N_("First-price sealed-bid auction"),
    "second-price": N_("Second-price sealed-bid auction"),
    "common-value": N_("Common-value auction"),
    "ladder": N_("Ladder auction on 4 piles"),
}

#: how often a student's entry is tried again when others' entries keep going in first
RETRIES = 40

EXTRA_CSS = """
<style>
.tt-exp { max-width: 560px; }
.tt-teacher { max-width: 1200px; }
.tt-value { font-size: 34px; font-weight: 800; color: #5a32a3; font-variant-numeric: tabular-nums; }
.tt-big { font-size: 22px; font-weight: 700; }
.tt-rule { font-size: 14px; color: #4b5563; border-left: 4px solid #8fa3b8; padding: 2px 8px; margin: 6px 0; }
.tt-class-code svg { width: 220px; height: 220px; }
.tt-class-url { font-size: 18px; word-break: break-all; }
.tt-names { display: flex; flex-wrap: wrap; gap: 6px; }
.tt-name { background: #eef2f6; border-radius: 999px; padding: 4px 10px; }
.tt-name.tt-done { background: #d6f0dc; }
.tt-app .tt-amount input { font-size: 22px; min-height: 52px; width: 9em; }
.tt-app .widget-text.tt-amount, .tt-app .widget-text.tt-nick { width: 100%; }
.tt-app .tt-nick input { font-size: 20px; min-height: 52px; }
.tt-won { color: #1a7f37; font-weight: 700; }
/* a row stays one line; its .tt-scroll box scrolls sideways in the card */
.tt-results-table th, .tt-results-table td { white-space: nowrap; }
</style>
"""


# --- what a match is, and its class link ------------------------------------------------------
def is_classroom(stored) -> bool:
    return getattr(stored.match.game, "title", None) == TITLE_NAME


def class_key(store, match_id: str) -> str:
    """The class link's key: a SHA-256 of every seat's key (made on first use, then kept), so it
    needs no column of its own and tells nothing of any one seat's link."""
    n = len(store.open(match_id).match.game.players)
    keys = "|".join(store.seat_key(match_id, seat) for seat in range(n))
    return hashlib.sha256(("class|" + keys).encode()).hexdigest()[:16]


def check_class_key(store, match_id: str, key: str | None) -> bool:
    if not isinstance(key, str) or not key:
        return False
    return hmac.compare_digest(class_key(store, match_id).encode(), key.encode())


def class_query(match_id: str, key: str) -> str:
    from urllib.parse import urlencode
    return "?" + urlencode({"match": match_id, "join": key})


def teacher_key(store, match_id: str) -> str:
    """The teacher link's key, derived as the class key is but under another name: the class key
    and the seats' keys a student holds tell nothing of it."""
    n = len(store.open(match_id).match.game.players)
    keys = "|".join(store.seat_key(match_id, seat) for seat in range(n))
    return hashlib.sha256(("teacher|" + keys).encode()).hexdigest()[:16]


def check_teacher_key(store, match_id: str, key: str | None) -> bool:
    if not isinstance(key, str) or not key:
        return False
    return hmac.compare_digest(teacher_key(store, match_id).encode(), key.encode())


def teacher_query(match_id: str, key: str, lang: str | None = None) -> str:
    """The teacher screen's address (``lang``: in that language)."""
    from urllib.parse import urlencode
    return "?" + urlencode({"match": match_id, "teacher": key, **({"lang": lang} if lang else {})})


def class_link(store, match_id: str) -> tuple[str, bool]:
    """(the class link with the server's token, whether phones on the network can open it)."""
    base, reachable = page_base()
    return base + _with_token(class_query(match_id, class_key(store, match_id))), reachable


# --- reading the engine's views ----------------------------------------------------------------
def _opt(match, name: str, default=None):
    return match.game.options.get(name, default)


def rule_words(match) -> str:
    """The missing-bid rule the teacher chose, in one sentence (shown on every screen): the
    engine's own sentence when it has one."""
    said = match.view(None).get("missing_rule")
    if said:
        return str(said)
    low, high = _opt(match, "low", 0), _opt(match, "high", 100)
    if _opt(match, "experiment") == "ladder":
        if _opt(match, "missing_bid", "none") == "random":
            return _("If you do not bid when it is your turn before the round closes, a bid is made for you "
                     "at random.")
        return _("If you do not bid when it is your turn before the round closes, you pass.")
    if _opt(match, "missing_bid", "none") == "random":
        return tr("If you have not bid when the round closes, a bid is drawn for you at random between "
                  "{low} and {high}.", low=money(low), high=money(high))
    return _("If you have not bid when the round closes, you do not bid (and cannot win this round).")


def _action_type(match, name: str):
    for kind in match.title.action_types:
        if kind.__name__ == name:
            return kind
    raise TabletopError("{title} has no {entry} entry.", title=match.title.display_name, entry=name)


def _nicknames(view: Mapping) -> dict[int, str]:
    """seat -> nickname, of the seats that have joined."""
    return {int(d["seat"]): str(d["nickname"]) for d in view.get("seats") or () if d.get("nickname")}


def _seats_bid(view: Mapping) -> set[int]:
    return {int(s) for s in (view.get("have_bid") or ())}


def _round_of(view: Mapping) -> int:
    return int(view.get("round") or 0)


def _is_open(view: Mapping) -> bool:
    return bool(view.get("open"))


def _closed_rows(view: Mapping) -> list[Mapping]:
    """The closed rounds' results rows (seat and group 1-based, as on screen)."""
    return list(view.get("rows") or ())


def _nan(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def _whole(x):
    """A number from the results table as a whole number when it is one ($63, not $63.0)."""
    if isinstance(x, float) and not math.isnan(x) and x.is_integer():
        return int(x)
    try:
        import numpy as np
        if isinstance(x, np.integer):
            return int(x)
    except ImportError:
        pass
    return x


# --- entering ----------------------------------------------------------------------------------
def _play_draws(match) -> int:
    n = 0
    while match.state.current_player() == CHANCE:
        match.apply(match.sample_chance())
        n += 1
    return n


def enter_with_draws(saved, action: Action, attempts: int = RETRIES) -> None:
    """Enter ``action`` and every chance entry due after it (groups, values, random bids), drawn
    here on the server, in one save: the round is never seen half drawn. Another device's entry
    going in first (a late bid as Close round is pressed) is caught up with and ``action`` is
    tried again; a refusal by the rules raises in words."""
    for attempt in range(attempts):
        if saved.store is not None:
            saved.refresh()
        match = saved.match

        def do():
            match.apply(action)          # refused: raises, nothing changed
            try:
                _play_draws(match)
            except BaseException:
                saved._follow(saved._saved_log, saved._saved_redo)
                raise
        try:
            if saved.store is None:
                do()
            else:
                saved._change(do)        # one save for the entry and its draws (StoredMatch's own path)
            return
        except StaleMatch:
            if attempt == attempts - 1:
                raise
            time.sleep(0.01 * (attempt + 1))


def enter_retrying(saved, make: Callable[[Any], Action | None], attempts: int = RETRIES) -> Action | None:
    """Enter the action ``make(match)`` builds from the match as it is now (None: nothing to
    enter), trying again while other seats' entries go in first (a class bidding at once)."""
    for attempt in range(attempts):
        action = make(saved.match)
        if action is None:
            return None
        try:
            if saved.store is None:
                saved.match.apply(action)
            else:
                saved.apply(action)
            return action
        except StaleMatch:
            if attempt == attempts - 1:
                raise
            saved.refresh()
            time.sleep(0.005 * (attempt % 5))
    return None


def _close_tree(widget) -> None:
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()


def _deleted(message: str) -> str:
    return tr("{message} It was deleted on another screen.", message=message)


def _big(line: str, note: str = "") -> str:
    """A big line and a dim note under it, in the page's language."""
    return '<div class="tt-big">' + esc(_(line)) + '</div>' + ('<div class="tt-dim">' + esc(_(note)) + '</div>' if note else "")


def _title(text: str) -> W.HTML:
    return kit.html('<div class="tt-section-title">' + esc(_(text)) + '</div>')


def _card(*children, cls: str = "") -> W.VBox:
    return kit.vbox(list(children), "tt-card", *([cls] if cls else []))


def _header(match, extra: str = "") -> str:
    name = _(EXPERIMENT_NAMES.get(_opt(match, "experiment"), match.title.display_name))
    return (f'<div class="tt-header"><span class="tt-title">{esc(name)}</span>'
            f'<span class="tt-dim">{esc(extra)}</span></div>')


# --- following the match -----------------------------------------------------------------------
class _LiveScreen:
    """What the teacher's and the students' screens share: following the match through the store's
    watcher (``saved``, ``widget``, ``problem``, ``refresh`` and ``watcher`` are the screen's)."""

    def follow(self) -> bool:
        if self.saved.store is None or not self.saved.refresh():
            return False
        self.refresh()
        return True

    def _gone(self, message: str) -> None:
        self.problem.value = f'<div class="tt-banner">{esc(_deleted(message))}</div>'

    def close(self) -> None:
        self.watcher.stop()
        _close_tree(self.widget)
