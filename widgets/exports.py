"""Exports offered by the tracker's footer and by each saved match on the start page.

"Export public record": what the whole table saw (the public log, views and results), no
secret of any seat, no PIN asked. "Full backup": the save file that resumes the match, every
secret included, so it asks for the PINs of the protected seats (the store refuses it
without them, and locks a seat after too many wrong PINs).

    box = ExportBox(public=lambda: text, backup=lambda pins: text, names=players, stem="acquire-1f2e")
    box.widget                    # two buttons, a PIN form when needed, the download link
"""
from __future__ import annotations

import base64
import math
from typing import Callable, Sequence

import ipywidgets as W

from tabletop.errors import PinLocked, PinRequired, TabletopError
from tabletop.i18n import N_, _, tr, trn

from . import kit
from .render import and_list, attr, esc

__all__ = ["ExportBox", "download_link", "wait_words", "pin_field"]


def wait_words(seconds: float) -> str:
    """'8 seconds', '1 second', '2 minutes' (rounded up, never 0)."""
    s = max(1, math.ceil(seconds))
    if s < 120:
        return trn("{n} second", "{n} seconds", s)
    m = math.ceil(s / 60)
    return trn("{n} minute", "{n} minutes", m)


def locked_words(name: str, seconds: float) -> str:
    return tr("Too many wrong PINs for {player}: try again in {wait}.", player=name, wait=wait_words(seconds))


def pin_field(placeholder: str, on_enter: Callable[[str], None]) -> W.Password:
    """A PIN field that submits on Enter: with ``continuous_update`` off the browser sends the
    value only on Enter (or on leaving the field), so a change of ``value`` is a submission."""
    field = W.Password(placeholder=placeholder, continuous_update=False)

    def changed(change):
        if change["new"]:
            on_enter(change["new"])
    field.observe(changed, names="value")
    return field


def download_link(text: str, name: str, note: str) -> str:
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="tt-link" download="{attr(name)}" href="data:application/json;base64,{data}">'
            '' + esc(tr("Download {file}", file=name)) + '</a><div class="tt-dim">' + esc(_(note)) + '</div>')


PUBLIC_NOTE = N_("The public record: every entry as the whole table saw it, with no secret of any "
               "player. It cannot resume the match.")
BACKUP_NOTE = N_("The full backup holds every entry, secret ones included: keep it to yourselves "
               "until the game is over. Import it to resume the match.")


class ExportBox:
    """Two buttons, a PIN form for the full backup when seats are protected, the download link.

    ``public()`` returns the public record's text; ``backup(pins)`` the full backup's text or
    raises ``PinRequired`` (with the protected ``seats``) or ``PinLocked``; ``names`` are the
    players in seat order; ``stem`` names the files."""

    def __init__(self, public: Callable[[], str], backup: Callable[[dict[int, str] | None], str],
                 names: Sequence[str] | Callable[[], Sequence[str]], stem: str | Callable[[], str],
                 pin_wait: Callable[[int], float] | None = None):
        self._public, self._backup, self._pin_wait = public, backup, pin_wait
        self._asked: tuple[int, ...] = ()
        self._right_pins: dict[int, str] = {}
        self._names, self._stem = names, stem
        self.public_button = kit.button(_("Export public record"), "tt-small", on_click=self.export_public)
        self.backup_button = kit.button(_("Full backup"), "tt-small", on_click=lambda: self.export_backup())
        self.link = kit.html()
        self.form = kit.vbox()
        self.pin_fields: dict[int, W.Password] = {}
        self.buttons = kit.box([self.public_button, self.backup_button])
        self.widget = kit.vbox([self.buttons, self.form, self.link])

    @property
    def names(self) -> Sequence[str]:
        return self._names() if callable(self._names) else self._names

    @property
    def stem(self) -> str:
        return self._stem() if callable(self._stem) else self._stem

    def clear(self) -> None:
        """Forget the link and any PIN form (after a new entry, the file would be stale)."""
        if self.link.value:
            self.link.value = ""
        self._close_form()

    def _close_form(self) -> None:
        self._right_pins = {}
        old = self.form.children
        self.form.children = ()
        self.pin_fields = {}
        for w in old:
            for c in getattr(w, "children", ()):
                c.close()
            w.close()

    def export_public(self) -> None:
        self._close_form()
        try:
            text = self._public()
        except TabletopError as exc:
            self.link.value = f'<div class="tt-banner">{esc(exc)}</div>'
            return
        self.link.value = download_link(text, f"{self.stem}-public.json", PUBLIC_NOTE)

    def export_backup(self, pins: dict[int, str] | None = None) -> None:
        """Make the backup with ``pins``; when PINs are needed, ask for them."""
        try:
            text = self._backup(pins)
        except PinLocked as exc:
            self._ask(self._asked, self._locked_message(exc))
            return
        except PinRequired as exc:
            seats = tuple(exc.seats)
            # PINs that were right are kept (not on the page) so only the others are asked again
            self._right_pins = {s: p for s, p in (pins or {}).items() if s not in seats}
            if pins:
                message = tr("{reason} Nothing was exported.", reason=exc)
            else:
                who = and_list([self.names[s] for s in seats]) or _("the protected players")
                message = tr("The full backup holds every secret, so it needs the PIN of {players}. "
                             "Enter it below (or export the public record instead).", players=who)
            self._ask(seats, message)
            return
        except TabletopError as exc:
            self._close_form()
            self.link.value = f'<div class="tt-banner">{esc(exc)}</div>'
            return
        self._close_form()
        self.link.value = download_link(text, f"{self.stem}-backup.json", BACKUP_NOTE)

    def _locked_message(self, exc: PinLocked) -> str:
        """Who is locked and for how long, as the store counts it."""
        waits = {}
        if self._pin_wait is not None:
            for seat in self._asked:
                try:
                    wait = self._pin_wait(seat)
                except TabletopError:
                    continue
                if wait > 0:
                    waits[seat] = wait
        if waits:
            return " ".join(locked_words(self.names[s], w) for s, w in waits.items())
        return str(exc) or tr("Too many wrong PINs: try again in {wait}.", wait=wait_words(exc.retry_after))

    def _ask(self, seats: Sequence[int], message: str) -> None:
        """A Password field for each protected seat; Enter in the last one (or the button) tries."""
        right = self._right_pins
        self._close_form()
        self._right_pins = right
        self._asked = tuple(seats)
        self.link.value = ""
        rows = [kit.html(f'<div class="tt-banner">{esc(message)}</div>')]
        fields = {}
        for seat in seats:
            field = pin_field(tr("{player}'s PIN", player=self.names[seat]), lambda _v: self._submit_if_complete())
            fields[seat] = field
            rows.append(kit.box([kit.html(f"<b>{esc(self.names[seat])}</b>"), field]))
        if seats:
            rows.append(kit.box([kit.button(_("Make the full backup"), "tt-primary", on_click=self._submit),
                                 kit.button(_("Cancel"), "tt-small", on_click=self._close_form)]))
        self.pin_fields = fields
        self.form.children = tuple(rows)

    def _submit_if_complete(self) -> None:
        if self.pin_fields and all(f.value for f in self.pin_fields.values()):
            self._submit()

    def _submit(self) -> None:
        pins = dict(self._right_pins)
        pins.update({seat: f.value for seat, f in self.pin_fields.items()})
        for f in self.pin_fields.values():     # a typed PIN does not stay on the page
            f.value = ""
        self.export_backup(pins)

    def close(self) -> None:
        self._close_form()
        for w in (self.public_button, self.backup_button, self.link, self.buttons, self.form, self.widget):
            w.close()

