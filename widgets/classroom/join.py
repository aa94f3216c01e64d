"""The class link's page: a nickname, then the lowest free seat (one phone, one seat)."""
from __future__ import annotations

import hashlib
import re
import time
from typing import Any, Callable, Sequence

import ipywidgets as W

from tabletop.classroom.data import MAX_NICKNAME
from tabletop.errors import TabletopError
from tabletop.i18n import _, tr
from tabletop.store import StaleMatch

from .. import kit
from ..render import esc
from ..style import CSS
from .common import EXTRA_CSS, RETRIES, _action_type, _card, _close_tree, _header, _nicknames, rule_words


# --- joining -----------------------------------------------------------------------------------
def device_tag(match_id: str, secret: Any) -> str | None:
    """What a Join keeps of the phone that joined: a digest of the browser's own secret (32 hex
    digits, made and kept by tabletop's page template) and the match, so the save never holds
    the secret and one phone's tags in two experiments differ. None for anything else."""
    if not isinstance(secret, str) or not re.fullmatch(r"[0-9a-f]{32}", secret):
        return None
    return hashlib.sha256(f"tabletop-device|{match_id}|{secret}".encode()).hexdigest()[:32]


class JoinPage:
    """The class link's page: a nickname, then the lowest free seat. Two students joining at once:
    the store's optimistic check lets one in, the other takes the next free seat. One phone holds
    one seat: the page learns the phone's secret from the browser (``device``, a hidden field the
    page template fills in), and a phone that has joined already is given its own seat again.
    ``on_joined(seat)`` opens that seat's screen."""

    def __init__(self, saved, on_joined: Callable[[int], None]):
        self.saved, self.on_joined = saved, on_joined
        match = saved.match
        self.nickname = W.Text(placeholder=_("Your nickname (no real name needed)"), continuous_update=False,
                               _dom_classes=("tt-nick",))
        self.button = kit.button(_("Join"), "tt-primary", on_click=self.join)
        self.button.disabled = True             # until the browser has said which phone this is
        self.message = kit.html()
        self.device = W.Text(layout=W.Layout(display="none"), _dom_classes=("tt-device",))
        self.tag: str | None = None
        self.device.observe(lambda _change: self._device_known(), names="value")
        form = kit.vbox([
            kit.html(CSS + EXTRA_CSS),
            _card(kit.html(_header(match, _("Join the class")))),
            _card(kit.html('<div class="tt-big">' + esc(_("Choose a nickname")) + '</div><div class="tt-dim">'
                           + esc(_("Only your nickname is shown to the class. Use a nickname, not your full name."))
                           + " " + esc(tr("Up to {n} characters.", n=MAX_NICKNAME)) + "</div>"),
                  self.nickname, kit.box([self.button]), self.message,
                  kit.html(f'<div class="tt-rule">{esc(rule_words(match))}</div>')),
        ], "tt-app", "tt-exp", "tt-join-page")
        self.widget = W.VBox([form, self.device])      # beside the form: its one input is the nickname

    def _say(self, words: str) -> None:
        self.message.value = f'<div class="tt-banner">{esc(words)}</div>'

    def _free_seat(self, taken: Sequence[int]) -> int | None:
        view = self.saved.match.view(None)
        joined = _nicknames(view)
        for seat in range(len(self.saved.match.game.players)):
            if seat not in joined and seat not in taken:
                return seat
        return None

    def _device_known(self) -> None:
        """The browser has told this phone's secret: a phone that joined already gets its seat."""
        tag = device_tag(self.saved.id or "", self.device.value)
        if tag is None or self.tag is not None:
            return
        self.tag = tag
        self.button.disabled = False
        try:
            if self.saved.store is not None:
                self.saved.refresh()
        except TabletopError as exc:
            self._say(str(exc))
            return
        seat = self.saved.match.state.seat_of_device(tag)
        if seat is not None:
            self.on_joined(seat)

    def join(self) -> int | None:
        """Take the lowest free seat under the nickname typed (this phone's own seat if it has
        one already); the seat, or None (said why)."""
        nickname = (self.nickname.value or "").strip()
        if self.tag is None:
            self._say(_("This page is still starting: press Join again in a moment."))
            return None
        if not nickname:
            self._say(_("Type a nickname first."))
            return None
        if len(nickname) > MAX_NICKNAME:
            self._say(tr("A nickname has at most {n} characters; this one has {count}. Shorten it, then press Join.",
                         n=MAX_NICKNAME, count=len(nickname)))
            return None
        try:
            kind = _action_type(self.saved.match, "Join")
            for attempt in range(RETRIES):
                if self.saved.store is not None:
                    self.saved.refresh()
                seat = self.saved.match.state.seat_of_device(self.tag)
                if seat is not None:        # joined already from this phone (another tab): that seat
                    break
                seat = self._free_seat(())
                if seat is None:
                    self._say(_("The class is full: every seat is taken. Ask your teacher."))
                    return None
                try:
                    if self.saved.store is None:
                        self.saved.match.apply(kind(seat=seat, nickname=nickname, device=self.tag))
                    else:
                        self.saved.apply(kind(seat=seat, nickname=nickname, device=self.tag))
                    break
                except StaleMatch:          # another student was first: the next free seat
                    time.sleep(0.005 * (attempt % 5))
                    continue
            else:
                raise TabletopError("The class is busy joining: press Join again.")
        except TabletopError as exc:
            self._say(str(exc))
            return None
        self.message.value = ""
        self.on_joined(seat)
        return seat

    def close(self) -> None:
        _close_tree(self.widget)
