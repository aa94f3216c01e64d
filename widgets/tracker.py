"""The tracker: one match at the table, on a shared screen.

The shared screen shows only the public view: round, phase, first player, whose turn; what the
latest entry caused (the announcement box at the top of the turn card: a split, a bankruptcy,
the end of a round); the board; every player's public money, holdings and debts; the public log,
each entry with its events; charts. Every list a screen offers is
``match.offered_actions(viewer)``: the shared screen's with viewer None, a seat's panel with
that seat, so what a screen offers depends only on what its viewer may know. A secret step (a
card only Alice may see, a choice that draws on her hand) goes through the privacy gate: "pass
the device to Alice", Alice opens her panel (with her PIN, if she set one), enters it, and
closing the panel blanks every secret in it (its secrets, its pooled choice buttons, a typed
PIN) and takes it off the page, so the page then holds no secret at all; the next opening fills
the same widgets in for its seat instead of building new ones. Whether a decision is secret is
decided from public facts (``TitleUI.private_decision``), so the gate itself tells nothing.

    tracker = Tracker(store.open(match_id))   # autosaves every entry
    tracker.widget                            # display this (the builder never displays)
"""
from __future__ import annotations

import json
from typing import Callable

import ipywidgets as W

from tabletop.core import CHANCE, TERMINAL, Action
from tabletop.errors import PinLocked, TabletopError
from tabletop.i18n import N_, _, tr
from tabletop.match import Match
from tabletop.store import StaleMatch

from . import kit
from .actions import ActionPanel
from .charts import ChartsPanel
from .correct import CorrectionCard
from .exports import ExportBox, locked_words, pin_field
from .join import JoinCard, table_query
from .language import url_language
from .live import Watcher, after_race, race_words
from .log import Announcements, LogPanel
from .render import attr, esc, game_over_words, header_html, htr, players_html
from .style import CSS
from .titles import title_ui

__all__ = ["Tracker", "Unsaved", "PrivatePanel"]


class Unsaved:
    """A plain Match played through the StoredMatch interface (nothing is written)."""

    store = None
    id = None

    def __init__(self, match: Match):
        self.match = match

    def apply(self, action: Action) -> None:
        self.match.apply(action)

    def undo(self) -> Action:
        return self.match.undo()

    def redo(self) -> Action:
        return self.match.redo()

    def undo_to(self, n: int) -> None:
        self.match.undo_to(n)


def _button(label: str, *classes: str, on_click: Callable[[], None] | None = None) -> W.Button:
    return kit.button(label, *classes, on_click=on_click)


def _card(*children: W.Widget, cls: str = "") -> W.VBox:
    return kit.vbox(list(children), "tt-card", *([cls] if cls else []))


def _close_tree(widget: W.Widget) -> None:
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()


def random_draws(match: Match, owner: int | None) -> list[Action]:
    """Every draw ``owner`` (None: the table) makes in a row from now, at random from the match's
    seeded generator: one tap of "Draw ... at random" deals a whole hand, not one card of it."""
    state, draws = match.state.clone(), []
    while state.current_player() == CHANCE and state.chance_owner() == owner:
        draw = state.sample_chance(match.rng)
        state.apply(draw)
        draws.append(draw)
    return draws


class PrivatePanel:
    """One seat's panel: their secrets and their secret entries. One panel serves every seat in
    turn: opening it for a seat fills it in, closing it blanks every secret in it (the secrets,
    the pooled choice buttons, a typed PIN), so the page then holds no secret at all, and the
    next opening changes words instead of building widgets (which is what made opening slow)."""

    def __init__(self, tracker: "Tracker"):
        self.tracker, self.seat = tracker, None
        self.title = kit.html()
        self.secrets = kit.html()
        self.banner = kit.hidden(kit.html(own_layout=True))
        self.actions = tracker._private_actions()
        self.random_button = _button(_("Draw for me at random"), "tt-small", on_click=tracker._random_private)
        self.close_button = _button(_("Close the panel"), "tt-primary", on_click=tracker.close_private)
        self.pin_box = kit.vbox()
        # the PIN form: Enter saves it, as the button does
        self.pin_field = pin_field(_("new PIN (4+ characters)"), lambda _value: self._save_pin())
        self.pin_status = kit.html()
        self.save_pin = _button(_("Set a PIN"), "tt-small", on_click=self._save_pin)
        self.remove_pin = _button(_("Remove PIN"), "tt-small", "tt-danger", on_click=self._remove_pin)
        self.pin_row = kit.box([self.pin_field, self.save_pin])
        self.pin_problem = kit.html()
        self.widget = _card(self.title, self.banner, self.actions.widget, self.secrets, self.pin_box,
                            self.close_button, cls="tt-private")

    def open(self, seat: int) -> None:
        self.seat = seat
        name = self.tracker.match.game.players[seat]
        title, only = tr("{player}'s panel", player=name), tr("Only {player} should look at the screen now.", player=name)
        _set(self.title, f'<div class="tt-private-title">{esc(title)}</div><div class="tt-dim">{esc(only)}</div>')
        _set(self.close_button, tr("Close {player}'s panel", player=name), "description")
        self.banner.layout.display = "none"
        self._build_pin()
        self.refresh()

    def _build_pin(self, status: str | None = None) -> None:
        store, match_id = self.tracker.saved.store, self.tracker.saved.id
        if store is None:
            return
        try:
            has = store.has_pin(match_id, self.seat)
        except TabletopError as exc:
            _set(self.pin_problem, f'<span class="tt-dim">{esc(exc)}</span>')
            _children(self.pin_box, (self.pin_problem,))
            return
        _set(self.save_pin, _("Change PIN") if has else _("Set a PIN"), "description")
        _children(self.pin_row, (self.pin_field, self.save_pin) + ((self.remove_pin,) if has else ()))
        _set(self.pin_status, status or ('<span class="tt-dim">' + esc(_("This panel is protected by a PIN.") if has else
                                                                   _("Protect this panel with a PIN:")) + "</span>"))
        _children(self.pin_box, (self.pin_status, self.pin_row))

    def _save_pin(self) -> None:
        pin = self.pin_field.value
        if not pin or self.seat is None:
            return
        self.pin_field.value = ""         # a typed PIN does not stay on the page
        try:
            self.tracker.saved.store.set_pin(self.tracker.saved.id, self.seat, pin)
        except TabletopError as exc:
            self.show_error(str(exc))
            return
        self._build_pin('<span class="tt-dim">' + esc(_("PIN saved. It is asked for every time this panel opens.")) + '</span>')

    def _remove_pin(self) -> None:
        if self.seat is None:
            return
        try:
            self.tracker.saved.store.set_pin(self.tracker.saved.id, self.seat, None)
        except TabletopError as exc:
            self.show_error(str(exc))
            return
        self._build_pin()

    def show_error(self, message: str) -> None:
        self.banner.value = f'<div class="tt-banner">{esc(message)}</div>'
        self.banner.layout.display = None

    def refresh(self) -> None:
        t = self.tracker
        state = t.match.state
        view = t.match.view(self.seat)
        self.secrets.value = ('<div class="tt-section-title">' + esc(_("Your secrets")) + '</div>'
                              + t.ui.private_html(view.get("private")))
        if t.panel_goes_on(self.seat):
            offered = t.match.offered_actions(self.seat)
            if state.current_player() == CHANCE:
                prompt = '<div class="tt-status">' + esc(_("Enter your secret draw")) + '</div>'
                extra = [self.random_button]
            else:
                prompt = '<div class="tt-status">' + esc(_("Your choice")) + '</div>'
                extra = []
            self.actions.show(prompt, offered, state.describe, extra, state=state, viewer=self.seat)
        else:
            self.actions.clear('<div class="tt-dim">' + esc(_("Nothing for you to enter right now.")) + '</div>')

    def close(self) -> None:
        """Blank every secret it shows (the pooled buttons keep no secret label either)."""
        self.actions.blank()
        self.seat = None
        _set(self.secrets, "")
        _set(self.banner, "")
        self.banner.layout.display = "none"
        _set(self.pin_field, "")

    def destroy(self) -> None:
        self.close()
        _close_tree(self.widget)


def _set(widget: W.Widget, value: str, name: str = "value") -> None:
    """Change a widget's words only when they change (each change is a message to the page)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)


def _children(box: W.Box, children: tuple) -> None:
    if box.children != children:
        box.children = children


class Tracker:
    """The shared-screen tracker of one match. ``widget`` is what to display."""

    def __init__(self, saved, on_leave: Callable[[], None] | None = None):
        if isinstance(saved, Match):
            saved = Unsaved(saved)
        self.saved = saved
        self.on_leave = on_leave
        match = saved.match
        self.ui = title_ui(match.game.title)
        self.display_name = match.title.display_name
        players = match.game.players

        self.header = kit.html()
        self.banner = kit.hidden(kit.html(own_layout=True))
        self.notice = kit.hidden(kit.html(own_layout=True))
        self.told = Announcements()
        self.panel = ActionPanel(self._play, on_stale=self._error, on_entries=self._play_all)
        self.gate_button = _button(_("Open panel"), "tt-primary", on_click=lambda: self.open_gate(self._gate_seat))
        self.random_button = _button(_("Draw at random"), "tt-small", on_click=self._random_public)
        self._gate_seat = 0
        self.board = kit.html()
        self.players = kit.html()
        self.seat_buttons = [_button(tr("{player}'s panel", player=name), "tt-small",
                                     on_click=lambda s=s: self.open_gate(s)) for s, name in enumerate(players)]
        seats = kit.box(self.seat_buttons)
        self.log = LogPanel(self.undo, self.redo, self.back_to)
        worth = _(self.ui.worth_label).split(" (")[0].split("（")[0]
        self.charts = ChartsPanel(lambda: self.match, self.ui.net_worth, tr("{worth} by round", worth=worth),
                                  self.ui.unit, self.ui.value_unit, worth_axis=worth)
        self.exports = ExportBox(self._public_record, self._backup, players,
                                 f"{match.game.title}-{saved.id or 'match'}", pin_wait=self._pin_wait)
        footer_row = [self.exports.widget]
        if on_leave is not None:
            footer_row.insert(0, _button(_("All matches"), "tt-small", on_click=on_leave))
        footer = kit.box(footer_row)
        self.link = kit.html()
        if saved.id:
            self.link.value = (f'<a class="tt-link" href="{attr(table_query(saved.id, url_language()))}">'
                               '' + esc(tr('Link to this match ({match})', match=saved.id)) + "</a>")
        self.join = JoinCard(saved)
        self.correct = CorrectionCard(self)      # "Correct a mistake": a public Correction with its reason
        self.public = kit.vbox([
            _card(self.header, cls="tt-head-card"),
            _card(self.told.widget, self.banner, self.notice, self.panel.widget, cls="tt-turn"),
            _card(kit.html('<div class="tt-section-title">' + esc(_("Board")) + '</div>'), self.board, cls="tt-board"),
            _card(kit.html('<div class="tt-section-title">' + esc(_("Players")) + '</div>'), self.players,
                  cls="tt-players-card"),
            _card(kit.html('<div class="tt-section-title">' + esc(_("Private panels")) + '</div><div class="tt-dim">'
                           + esc(_("Secrets are seen only here, one player at a time.")) + "</div>"),
                  seats, cls="tt-seats"),
            self.join.widget,
            self.correct.widget,
            self.log.widget,
            self.charts.widget,
            _card(footer, self.link, cls="tt-footer"),
        ], own_layout=True)
        self.private_box = kit.vbox(own_layout=True)
        self.private: PrivatePanel | None = None
        self._panel: PrivatePanel | None = None      # one panel, filled in for each seat in turn
        self.widget = kit.vbox([kit.html(CSS), self.private_box, self.public, self.charts.warm], "tt-app", "tt-tracker")
        self.log.reset(match)
        self.told.arrive(self.log.story)          # a player who arrives sees what just happened
        self.refresh()
        # entries made on the players' own devices (or by another program) appear here by themselves
        self.watcher = Watcher(saved, self.follow, self._gone)
        self.watcher.start()
        self.charts.warm_up()

    @property
    def match(self) -> Match:
        return self.saved.match

    # --- other devices -------------------------------------------------------------------------
    def follow(self) -> bool:
        """Catch up with what other devices saved and redraw; True when something changed."""
        if self.saved.store is None:
            return False
        old, before = self.match.log, self.match.state.clone()
        if not self.saved.refresh():
            return False
        self._caught_up(old, before)
        return True

    def _caught_up(self, old_log, before=None) -> None:
        """Redraw after another device's change (``old_log``: the entries this screen showed,
        ``before``: a copy of the state then, to read the new entries from). The buttons shown are
        retired: a tap already on its way is told what happened instead."""
        why = race_words(self.saved, old_log, None)
        self.panel.retire(why)
        if getattr(self, "_private_pool", None) is not None:
            self._private_pool.retire(why)
        self._told(before)
        self.exports.clear()
        panel = self.private
        if panel is not None:
            if self.panel_goes_on(panel.seat):
                panel.refresh()
            else:                      # entered meanwhile (on the player's own device, say)
                self.close_private(notice=False)
        self.refresh()

    def _gone(self, message: str) -> None:
        self.close_private(notice=False)
        self.panel.clear()
        self._error(tr("{message} It was deleted on another screen.", message=message))

    def _beaten(self, action: Action | None) -> str | None:
        """Another device changed the match first: catch up, and either the entry went in after
        all (None) or the message says who was first."""
        old, before = self.match.log, self.match.state.clone()
        message = after_race(self.saved, action, None, self.saved.apply)
        self._caught_up(old, before)
        return message

    def _private_actions(self) -> ActionPanel:
        """The private panels' buttons: one pool, blanked whenever a panel closes."""
        if getattr(self, "_private_pool", None) is None:
            self._private_pool = ActionPanel(self._play_private, css_class="tt-private-actions",
                                             on_entries=self._play_private_all,
                                             on_stale=self._stale_private)
        return self._private_pool

    # --- what is shown -----------------------------------------------------------------------
    def needs_private(self, seat: int) -> bool:
        """Is the next entry ``seat``'s secret (their draw, or a decision that draws on their
        secrets)? Decided from public facts only (see ``TitleUI.private_decision``)."""
        if seat is None:
            return False
        state = self.match.state
        player = state.current_player()
        if player == CHANCE:
            return state.chance_owner() == seat
        if player == seat:
            return bool(self.ui.private_decision(state, seat, self.match.offered_actions(None)))
        return False

    def panel_goes_on(self, seat: int | None) -> bool:
        """Does ``seat``'s open panel stay open after their entry: the next entry is theirs again,
        secret or not (Acquire: the tile placed, then the shares bought and the tile drawn, with
        the device still in their hands). The panel offers what the engine offers that seat."""
        if seat is None:
            return False
        return self.needs_private(seat) or self.match.state.current_player() == seat

    def _status(self, view) -> tuple[str, str]:
        """(status line for the header, prompt above the buttons)."""
        match, state = self.match, self.match.state
        names = match.game.players
        player = state.current_player()
        if player == TERMINAL:
            out = match.outcome()
            if out is None:
                return esc(_("Game over")), esc(_("Game over"))
            text, scores = game_over_words(names, out)
            return esc(text), f'<div class="tt-status">{esc(text)}</div><div>{esc(scores)}</div>'
        if player == CHANCE:
            owner = state.chance_owner()
            if owner is not None:
                who = esc(names[owner])
                return (htr(N_("Secret draw for {player}"), player=f'<span class="tt-turn-name">{who}</span>'),
                        '<div class="tt-status">' + htr(N_("Pass the device to {player}"), player=who) + '</div>'
                        '<div>' + htr(N_("{player} enters their secret draw in their own panel."), player=who) + '</div>')
            return esc(_("Enter the next card")), '<div class="tt-status">' + esc(_(self.ui.chance_prompt)) + '</div>'
        who = esc(names[player])
        acting = htr(N_("{player} to act"), player=f'<span class="tt-turn-name">{who}</span>')
        if self.needs_private(player):
            return (acting, '<div class="tt-status">' + htr(N_("Pass the device to {player}"), player=who) + '</div><div>'
                    + htr(N_("{player} chooses in their own panel; the choices would show their secrets."), player=who)
                    + "</div>")
        return acting, f'<div class="tt-status">{acting}</div>'

    def refresh(self) -> None:
        """Redraw the shared screen from the public view and ``offered_actions(None)``."""
        match, state = self.match, self.match.state
        view = match.view(None)
        status, prompt = self._status(view)
        self.header.value = header_html(view, self.display_name, status)
        self.board.value = self.ui.board_html(view)
        if self.charts.loaded:
            self.charts.refresh()
        worth = [self.ui.net_worth(view, s) for s in range(state.n)]
        self.players.value = players_html(view, worth if any(w is not None for w in worth) else None,
                                          self.ui.unit, self.ui.worth_label)
        player = state.current_player()
        label = state.describe if self.ui.choice_label is None else (lambda a: self.ui.choice_label(state, a))
        if player == TERMINAL:
            self.panel.clear(prompt)
        elif player == CHANCE and state.chance_owner() is None:
            self.panel.show(prompt, match.offered_actions(None), label, [self.random_button], state=state)
        elif player == CHANCE or self.needs_private(player):
            seat = state.chance_owner() if player == CHANCE else player
            quick = [] if player == CHANCE else list(self.ui.public_choices(state, seat, match.offered_actions(None)))
            self._gate_seat = seat
            # the prompt ("Pass the device to Bob") and the gate's button change together: the
            # page drew the old name above the new button while the choices were computed
            self.panel.prompt.value = prompt
            self.gate_button.description = tr("Open {player}'s panel", player=match.game.players[seat])
            self.panel.show(prompt, quick, label, [self.gate_button], state=state)
        else:
            self.panel.show(prompt, match.offered_actions(None), label, state=state)
        self.log.render()

    def _error(self, message: str | None) -> None:
        if message:
            self.banner.value = f'<div class="tt-banner">{esc(message)}</div>'
            self.banner.layout.display = None
        elif self.banner.layout.display is None:
            self.banner.layout.display = "none"
            self.banner.value = ""

    def _notify(self, message: str | None) -> None:
        if message:
            self.notice.value = f'<div class="tt-notice">{esc(message)}</div>'
            self.notice.layout.display = None
        elif self.notice.layout.display is None:
            self.notice.layout.display = "none"
            self.notice.value = ""

    # --- entering ----------------------------------------------------------------------------
    def _told(self, before=None) -> None:
        """The log catches up with the match (``before``: a copy of the state before the change,
        to read new entries from without replaying the game) and the box tells what happened."""
        self.told.tell(self.log.sync(self.match, before), self.log.story, self.match.state)

    def _enter(self, action: Action) -> str | None:
        """Play ``action``; the refusal's message, or None when it was played."""
        before = self.match.state.clone()
        try:
            self.saved.apply(action)
        except StaleMatch:
            message = self._beaten(action)      # caught up, and entered again if it still may be
            if message is None:
                self.exports.clear()
            return message
        except TabletopError as exc:
            return str(exc)
        self._told(before)            # entries made ahead that came in with it are read too
        self.exports.clear()
        return None

    def _enter_all(self, actions) -> str | None:
        """Play ``actions`` in order (one tap's entries), then whatever is forced; the first
        refusal's message (the entries before it stay in, as if tapped one by one)."""
        for action in actions:
            message = self._enter(action)
            if message is not None:
                return message
        return self._enter_forced()

    def _enter_forced(self) -> str | None:
        """Enter by itself what the seat to act cannot but enter, when public facts alone show it
        (``state.forced_entry()``: a Stockpile player with no stock card is done selling at once):
        nobody taps for it, and its log line says why."""
        for _ in range(64):
            forced = getattr(self.match.state, "forced_entry", None)
            action = forced() if forced is not None else None
            if action is None:
                return None
            message = self._enter(action)
            if message is not None:
                return message
        return None

    def _play(self, action: Action) -> None:
        """A button of the shared screen."""
        self._play_all((action,))

    def _play_all(self, actions) -> None:
        entered = len(self.match)
        message = self._enter_all(actions)
        self._error(message)
        self._notify(None)
        if message is None or len(self.match) != entered:
            self.refresh()

    def _random_public(self) -> None:
        state = self.match.state
        if state.current_player() != CHANCE or state.chance_owner() is not None:
            self._error(_("Nothing public is to be drawn now."))
            return
        self._play_all(random_draws(self.match, None))

    def undo(self) -> None:
        self._history(self.saved.undo)

    def redo(self) -> None:
        self._history(self.saved.redo)

    def back_to(self, n: int) -> None:
        """Keep the first ``n`` log entries (redo forward when ``n`` is past the end)."""
        def go():
            current = len(self.match)
            if n < current:
                self.saved.undo_to(n)
            for _ in range(n - current):
                self.saved.redo()
        self._history(go)

    def _history(self, change: Callable[[], object]) -> None:
        self.close_private(notice=False)
        try:
            change()
        except StaleMatch:
            self._error(self._beaten(None))
            return
        except TabletopError as exc:
            self._error(str(exc))
            self._told()
        else:
            self._error(None)
            self._notify(None)
            self._told()
        self.exports.clear()
        self.refresh()

    # --- the privacy gate ----------------------------------------------------------------------
    def open_gate(self, seat: int, pin: str | None = None) -> None:
        """Ask for ``seat``'s PIN if they set one, then open their panel."""
        self.close_private(notice=False)
        store, match_id = self.saved.store, self.saved.id
        try:
            protected = store is not None and store.has_pin(match_id, seat)
        except TabletopError as exc:
            self._show_pin_gate(seat, str(exc))
            return
        if not protected:
            self._open_private(seat)
            return
        if pin is None:
            wait = self._pin_wait(seat)
            self._show_pin_gate(seat, locked_words(self.match.game.players[seat], wait) if wait > 0 else None)
            return
        try:
            right = store.check_pin(match_id, seat, pin)
        except PinLocked as exc:
            wait = self._pin_wait(seat) or exc.retry_after
            self._show_pin_gate(seat, locked_words(self.match.game.players[seat], wait))
            return
        except TabletopError as exc:
            self._show_pin_gate(seat, str(exc))
            return
        if right:
            self._open_private(seat)
            return
        wait = self._pin_wait(seat)
        self._show_pin_gate(seat, _("That PIN is not right.") + (
            " " + locked_words(self.match.game.players[seat], wait) if wait > 0 else ""))

    def _pin_wait(self, seat: int) -> float:
        """Seconds before ``seat``'s PIN may be tried again, as the store counts them."""
        store = self.saved.store
        if store is None:
            return 0.0
        try:
            return float(store.pin_wait(self.saved.id, seat))
        except TabletopError:
            return 0.0

    def _show_pin_gate(self, seat: int, problem: str | None) -> None:
        name = esc(self.match.game.players[seat])
        protected = htr(N_("{player}'s panel is protected: enter {player}'s PIN."), player=name)
        message = kit.html('<div class="tt-status">' + htr(N_("Pass the device to {player}"), player=name) + '</div>'
                           f"<div>{protected}</div>"
                           + (f'<div class="tt-banner">{esc(problem)}</div>' if problem else ""))
        # Enter submits (the field sends its value on Enter); so does the button
        field = pin_field(_("PIN"), lambda value: self._submit_pin(seat, field))

        row = kit.box([field, _button(_("Open"), "tt-primary", on_click=lambda: self._submit_pin(seat, field)),
                       _button(_("Cancel"), on_click=lambda: self.close_private(notice=False))])
        gate = _card(message, row, cls="tt-gate")
        self._gate_widget = gate
        self.pin_field = field
        self._show_private((gate,))

    def _submit_pin(self, seat: int, field: W.Password) -> None:
        value = field.value
        if not value or self._gate_widget is None:
            return
        field.value = ""              # a typed PIN does not stay on the page
        self.open_gate(seat, pin=value)

    def _open_private(self, seat: int) -> None:
        if self._panel is None:
            self._panel = PrivatePanel(self)
        self._panel.open(seat)
        self.private = self._panel
        self._show_private((self._panel.widget,))

    def _show_private(self, children: tuple) -> None:
        """Put ``children`` (the panel, or the PIN gate) in place of the public screen."""
        old = self.private_box.children
        if old != children:
            self.private_box.children = children
            for w in old:
                if w not in children and (self._panel is None or w is not self._panel.widget):
                    _close_tree(w)
        kit.show(self.private_box)
        kit.show(self.public, False)

    def close_private(self, notice: bool = True) -> None:
        """Hand the device back: every secret of the panel is blanked and the panel leaves the page
        (its widgets are kept, empty, for the next opening); a PIN gate's widgets are closed."""
        was = self.private
        self.private = None
        self._gate_widget = None
        seat = None if was is None else was.seat
        if was is not None:
            was.close()
        old = self.private_box.children
        if old:
            self.private_box.children = ()
            for w in old:
                if self._panel is None or w is not self._panel.widget:
                    _close_tree(w)
        kit.show(self.private_box, False)
        if was is not None and notice:
            self._notify(tr("{player}'s panel is closed.", player=self.match.game.players[seat]))
        kit.show(self.public)

    def _play_private(self, action: Action) -> None:
        self._play_private_all((action,))

    def _play_private_all(self, actions) -> None:
        panel = self.private
        if panel is None:
            return
        seat = panel.seat
        entered = len(self.match)
        message = self._enter_all(actions)
        still_open = self.private is panel and panel.seat == seat     # not closed by a catch-up
        if message is not None:
            if still_open:
                if len(self.match) != entered:     # a tap's first entries went in: go on from there
                    panel.refresh()
                    self.refresh()
                panel.show_error(message)
            else:   # caught up with another device, the panel closed: the refusal may quote the
                    # secret entry, so the shared screen says only that it was not saved
                self._error(tr("{player}'s entry was not saved (the match changed on another device meanwhile); "
                               "open the panel again.", player=self.match.game.players[seat]))
            return
        self._error(None)
        if still_open and self.panel_goes_on(seat):
            panel.banner.layout.display = "none"
            panel.refresh()            # the same player goes on: same panel, buttons re-labelled
        else:
            self.close_private(notice=False)
            self._notify(tr("{player}'s entry is saved and the panel is closed: pass the device back.",
                            player=self.match.game.players[seat]))
        self.refresh()

    def _stale_private(self, message: str) -> None:
        if self.private is not None:
            self.private.show_error(message)
        else:
            self._error(message)

    def _random_private(self) -> None:
        if self.private is None:
            return
        state = self.match.state
        if state.current_player() != CHANCE or state.chance_owner() != self.private.seat:
            self.private.show_error(_("Nothing secret is to be drawn for you now."))
            return
        self._play_private_all(random_draws(self.match, self.private.seat))

    def close(self) -> None:
        """Close every widget of the tracker (when leaving it for the list of matches)."""
        self.watcher.stop()
        self.join.close()
        self.close_private(notice=False)
        if self._panel is not None:
            self._panel.destroy()
        self.panel.close()
        if getattr(self, "_private_pool", None) is not None:
            self._private_pool.close()
        self.charts.close()
        _close_tree(self.widget)

    # --- export ------------------------------------------------------------------------------
    def _public_record(self) -> str:
        """What the whole table saw: no secret of any seat, no PIN needed."""
        if self.saved.store is not None:
            return self.saved.store.export_public(self.saved.id)
        return json.dumps(self.match.public_record(), ensure_ascii=False, indent=1)

    def _backup(self, pins: dict[int, str] | None) -> str:
        """The save file that resumes the match; the store asks for the protected seats' PINs.
        A plain Match has no PINs, so its backup needs none."""
        if self.saved.store is not None:
            return self.saved.store.export_backup(self.saved.id, pins)
        return self.match.to_json()
