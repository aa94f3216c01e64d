"""One live match across devices: what every screen of a match shares.

Each page has its own kernel and its own copy of the match (``StoredMatch``). A ``Watcher`` runs
in the kernel's event loop: it awaits ``Store.changed`` (the store's one "what changed" signal)
and, when another device or program saved something, calls the screen's ``follow()``, which
catches the copy up (``StoredMatch.refresh``: only the difference is played) and redraws. The
watcher and the buttons' callbacks run on the same loop, one at a time, so a redraw never
interleaves with a click.

Two devices entering at once: the store's optimistic check lets exactly one win; the other's
screen catches up and says who was first, in words (``lost_race``).

Entering ahead (``ahead_entries``): while the match waits for other players' secret draws (the
deal: every player enters their own cards), a seat device already offers that seat's own next
draw. What it offers is the engine's ``chance_entries(seat)`` at that seat's draw, reached on a
copy where the others' draws are filled in with any legal outcome: what one seat is offered
never depends on another seat's secrets (tests/privacy), so any filling gives the same list.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Callable, Sequence

from tabletop.core import CHANCE, Action
from tabletop.errors import SaveFileError, TabletopError
from tabletop.i18n import _, tr

__all__ = ["Watcher", "device_words", "lost_race", "after_race", "ahead_entries", "concerns", "AHEAD_LIMIT"]

log = logging.getLogger("tabletop.live")

#: draws of other seats a seat device looks past to offer its own (a deal of 8 cards to 6 players)
AHEAD_LIMIT = 64


class Watcher:
    """Calls ``on_change()`` whenever the saved match's revision moves (not for this copy's own
    changes: ``follow`` then finds nothing new). ``on_gone(message)`` when the match is deleted.
    Runs only inside a running event loop (a kernel); elsewhere (tests) ``start`` does nothing
    and a test calls the screen's ``follow()`` itself."""

    def __init__(self, saved, on_change: Callable[[], object], on_gone: Callable[[str], None] | None = None):
        self.saved, self.on_change, self.on_gone = saved, on_change, on_gone
        self.task: asyncio.Task | None = None

    def start(self) -> bool:
        if self.saved.store is None:
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self.task = loop.create_task(self._run())
        return True

    async def _run(self) -> None:
        store = self.saved.store
        while True:
            try:
                await store.changed(self.saved.id, self.saved.revision)
                self.on_change()
            except asyncio.CancelledError:
                raise
            except SaveFileError as exc:       # deleted on another screen
                if self.on_gone is not None:
                    self.on_gone(str(exc))
                return
            except Exception:                  # a failed redraw must not stop the watching
                log.exception("following the match failed")
                await asyncio.sleep(1.0)

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None


def device_words(device: str | None, players: Sequence[str]) -> str:
    """'Bob's device', 'The table screen' or 'Another screen' (a script, an older page)."""
    if device == "table":
        return _("The table screen")
    if device and device.startswith("seat:"):
        try:
            return tr("{player}'s device", player=players[int(device[5:])])
        except (ValueError, IndexError):
            pass
    return _("Another screen")


def concerns(action: Action) -> int | None:
    """The seat an entry is about: the owner of a secret draw, or the seat that acts."""
    if action.secret_to is not None:
        return action.secret_to
    seat = getattr(action, "seat", None)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def lost_race(old_log: Sequence[Action], match, device: str | None, viewer: int | None) -> str:
    """What a device that was beaten to it is told, in words ``viewer`` may read: who changed the
    match first and how (the first entry it did not know of, or what was undone)."""
    new_log = match.log
    k = 0
    while k < min(len(old_log), len(new_log)) and old_log[k] == new_log[k]:
        k += 1
    who = device_words(device, match.game.players)
    if len(new_log) > k:
        line = match.describe_log(viewer)[k]
        first = tr("{device} entered that first: {entry}.", device=who, entry=line)
    elif len(old_log) > k:
        first = tr("{device} undid an entry first.", device=who)
    else:
        first = tr("{device} changed the match first.", device=who)
    return tr("{first} Your entry was not made; this screen now shows the match as it is.", first=first)


def race_words(saved, old_log: Sequence[Action], viewer: int | None) -> Callable[[], str]:
    """What a retired button says when tapped after ``saved`` caught up with another device
    (``old_log``: the entries the screen showed before)."""
    match = saved.match

    def why() -> str:
        try:
            device = saved.store.changed_by(saved.id)
        except TabletopError:
            device = None
        return lost_race(old_log, match, device, viewer)
    return why


def after_race(saved, action: Action | None, viewer: int | None, enter: Callable[[Action], object]) -> str | None:
    """``saved`` was refused because another device changed the match first: catch up, then
    ``enter(action)`` again when nothing that came in meanwhile concerns the seat the entry is
    about (two players entering their own draws at once both go in); otherwise, or when it is
    refused now, say who was first (None: it went in after all). ``action`` None: an undo or redo,
    never repeated."""
    old = saved.match.log
    try:
        saved.refresh()
    except TabletopError as exc:
        return str(exc)
    new = saved.match.log
    seat = None if action is None else concerns(action)
    if seat is not None and new[:len(old)] == old and not any(concerns(a) == seat for a in new[len(old):]):
        try:
            enter(action)
            return None
        except TabletopError:
            pass
    try:
        device = saved.store.changed_by(saved.id)
    except TabletopError:
        device = None
    return lost_race(old, saved.match, device, viewer)


def ahead_entries(match, seat: int, entered: Sequence[Action] = ()) -> list[Action]:
    """The draws ``seat`` may enter now although the match waits for other seats' secret draws
    first; ``entered``: the seat's own entries already made ahead (played first, in order).
    Empty when anything but other seats' secret draws comes before the seat's own (a decision,
    a public card), or when the seat's own draw is due now (it is entered the ordinary way)."""
    state = match.state
    if state.current_player() != CHANCE or state.chance_owner() in (None, seat):
        return []
    state = state.clone()
    queue = list(entered)
    taken = {_fields(a) for a in entered}
    for _ in range(AHEAD_LIMIT):
        if state.current_player() != CHANCE:
            return []
        owner = state.chance_owner()
        if owner is None:
            return []
        if owner == seat:
            if not queue:
                entries = list(state.chance_entries(seat))
                # only a secret draw of the seat's own is entered ahead (never a public card)
                return entries if entries and all(a.secret_to == seat for a in entries) else []
            try:
                state.apply(queue.pop(0))
            except TabletopError:
                return []
            continue
        # another seat's secret draw: any legal outcome that is not one of this seat's own
        filler = next((a for a in state.legal_actions() if _fields(a) not in taken), None)
        if filler is None or filler.secret_to != owner:      # a public card comes first: wait for it
            return []
        try:
            state.apply(filler)
        except TabletopError:
            return []
    return []


def _fields(action: Action) -> tuple:
    data = action.to_dict()
    return tuple(sorted((k, repr(v)) for k, v in data.items() if k != "seat"))
