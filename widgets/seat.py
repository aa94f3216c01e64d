"""A seat's own device (a player's phone): the public board and that seat's own panel.

The panel shows the seat's secrets and offers what the seat enters: its secret draws, its
decisions (public or not: on its own device nothing has to be hidden from the seat itself) and,
while the others enter their own draws of a deal, its next draw ahead of its turn
(``live.ahead_entries``; it goes in by itself when its turn comes). Everything else on the page
is the public view, and the log is the seat's own (its secret entries in full, the others'
hidden, a run of another player's secret entries as one line). Whatever another device enters
appears here by itself (``live.Watcher``), and what it caused (a split, the end of a round) is
told in the box at the top of the seat's own card, as on the table screen.

A seat with a PIN: until the PIN is given the page is the game's name, the seat's name and the
PIN form, nothing else. The rest (log, board, Undo...) is not made until then, because the
browser receives every widget the kernel makes, shown or not; the locked page only keeps its
copy of the match current.

    screen = SeatScreen(store.open(match_id, device="seat:1"), seat=1)
    screen.widget                       # display this
"""
from __future__ import annotations

from typing import Callable

from tabletop.core import CHANCE, TERMINAL, Action
from tabletop.errors import IllegalAction, PinLocked, TabletopError
from tabletop.i18n import N_, _, tr
from tabletop.store import StaleMatch

from . import kit
from .actions import ActionPanel
from .exports import locked_words, pin_field
from .join import table_query
from .language import url_language
from .live import Watcher, after_race, ahead_entries, race_words
from .log import Announcements, LogPanel
from .render import attr, esc, game_over_words, header_html, htr, players_html, title_name
from .style import CSS
from .titles import title_ui
from .tracker import random_draws

__all__ = ["SeatScreen"]


def _then_forced(match, actions):
    """``actions``, then each entry forced after them (``state.forced_entry``), as they come due."""
    yield from actions
    for _ in range(64):
        forced = getattr(match.state, "forced_entry", None)
        action = forced() if forced is not None else None
        if action is None:
            return
        yield action


def _card(*children, cls: str = ""):
    return kit.vbox(list(children), "tt-card", *([cls] if cls else []))


class SeatScreen:
    """One seat's device. ``unlocked``: the seat's PIN was given (or it has none)."""

    def __init__(self, saved, seat: int, on_leave: Callable[[], None] | None = None):
        self.saved, self.seat, self.on_leave = saved, seat, on_leave
        match = saved.match
        self.ui = title_ui(match.game.title)
        self.display_name = match.title.display_name
        self.name = match.game.players[seat]
        self.header = kit.html()
        self.banner = kit.hidden(kit.html(own_layout=True))
        self.notice = kit.hidden(kit.html(own_layout=True))
        self.pin_box = kit.vbox()
        # wordless until the seat's panel is shown (a locked page keeps it off the page)
        self.panel = ActionPanel(self._play, css_class="tt-private-actions", on_stale=self._error,
                                 on_entries=self._play_all)
        device = tr("{player}'s device", player=self.name)
        only = tr("Only {player} should look at this screen.", player=self.name)
        self.title = kit.html(f'<div class="tt-private-title">{esc(device)}</div><div class="tt-dim">{esc(only)}</div>')
        self.own = _card(self.title, self.banner, self.notice, self.pin_box, cls="tt-private")
        self.own.add_class("tt-seat-panel")
        self.head = _card(self.header, cls="tt-head-card")
        self.widget = kit.vbox([kit.html(CSS), self.head, self.own], "tt-app", "tt-seat")
        try:
            self.unlocked = saved.store is None or not saved.store.has_pin(saved.id, seat)
        except TabletopError as exc:
            self.unlocked = False
            self._error(str(exc))
        if self.unlocked:
            self._build()
        else:
            # A locked page is the seat's name and the PIN form: every other widget (the log, its
            # Undo, the board, the counts) is made only once the PIN is given, since the browser
            # receives each widget the kernel makes, shown or not.
            self.header.value = ('<div class="tt-header"><div class="tt-chips"><span class="tt-title">'
                                 f'{esc(title_name(self.display_name))}</span></div></div>')
            self._ask_pin(None)
        self.watcher = Watcher(saved, self.follow, self._gone)
        self.watcher.start()

    def _build(self) -> None:
        """The unlocked page: the seat's panel, the public board and players, the seat's log."""
        self.random_button = kit.button(_("Draw for me at random"), "tt-small", on_click=self._random)
        self.ahead = kit.html()
        self.take_back = kit.button(_("Take back my entries ahead"), "tt-small", on_click=self._take_back)
        self.ahead_box = kit.vbox()
        self.secrets = kit.html()
        self.board = kit.html()
        self.players = kit.html()
        self.log = LogPanel(self.undo, self.redo, self.back_to, viewer=self.seat)
        self.told = Announcements()
        saved = self.saved
        table = kit.html(f'<a class="tt-link" href="{attr(table_query(saved.id, url_language()))}">'
                         '' + esc(_("The table screen")) + '</a>'
                         if saved.id else "")
        self.own.children = (self.told.widget, self.title, self.banner, self.notice, self.pin_box,
                             self.panel.widget, self.ahead_box, self.secrets)
        self.log.reset(self.match)
        self.told.arrive(self.log.story)          # a player who arrives sees what just happened
        self.refresh()
        css, head, own = self.widget.children[:3]
        self.widget.children = (
            css, head, own,
            _card(kit.html('<div class="tt-section-title">' + esc(_("Board")) + '</div>'), self.board, cls="tt-board"),
            _card(kit.html('<div class="tt-section-title">' + esc(_("Players")) + '</div>'), self.players,
                  cls="tt-players-card"),
            self.log.widget,
            _card(table, cls="tt-footer"),
        )

    @property
    def match(self):
        return self.saved.match

    # --- the PIN ---------------------------------------------------------------------------
    def _ask_pin(self, problem: str | None) -> None:
        field = pin_field(_("PIN"), lambda value: self.unlock(value))
        self.pin_field = field
        old = self.pin_box.children
        protected = htr(N_("{player}'s panel is protected: enter {player}'s PIN."), player=esc(self.name))
        self.pin_box.children = (
            kit.html(f"<div>{protected}</div>"
                     + (f'<div class="tt-banner">{esc(problem)}</div>' if problem else "")),
            kit.box([field, kit.button(_("Open"), "tt-primary", on_click=lambda: self.unlock(field.value))]))
        for w in old:
            _close(w)

    def unlock(self, pin: str) -> bool:
        """Open the seat's panel with its PIN (tries count as at the table screen's gate)."""
        if self.unlocked or not pin:
            return self.unlocked
        self.pin_field.value = ""             # a typed PIN does not stay on the page
        store = self.saved.store
        try:
            right = store.check_pin(self.saved.id, self.seat, pin)
        except PinLocked as exc:
            self._ask_pin(locked_words(self.name, store.pin_wait(self.saved.id, self.seat) or exc.retry_after))
            return False
        except TabletopError as exc:
            self._ask_pin(str(exc))
            return False
        if not right:
            wait = store.pin_wait(self.saved.id, self.seat)
            self._ask_pin(_("That PIN is not right.") + (" " + locked_words(self.name, wait) if wait > 0 else ""))
            return False
        self.unlocked = True
        old = self.pin_box.children
        self.pin_box.children = ()
        for w in old:
            _close(w)
        self._build()
        return True

    # --- what is shown -----------------------------------------------------------------------
    def _entered_ahead(self):
        if self.saved.store is None:
            return []
        return self.saved.store.advance_entries(self.saved.id, self.seat)

    def refresh(self) -> None:
        if not self.unlocked:
            return
        match, state = self.match, self.match.state
        view = match.view(None)
        names = match.game.players
        player = state.current_player()
        owner = state.chance_owner() if player == CHANCE else None
        if player == TERMINAL:
            status = game_over_words(names, match.outcome())[0]
        elif player == CHANCE:
            status = (htr(N_("Secret draw for {player}"), player=f'<span class="tt-turn-name">{esc(names[owner])}</span>')
                      if owner is not None else esc(_("The next card is entered at the table")))
        else:
            status = htr(N_("{player} to act"), player=f'<span class="tt-turn-name">{esc(names[player])}</span>')
        self.header.value = header_html(view, self.display_name, status)
        self.board.value = self.ui.board_html(view)
        worth = [self.ui.net_worth(view, s) for s in range(state.n)]
        self.players.value = players_html(view, worth if any(w is not None for w in worth) else None, self.ui.unit,
                                          self.ui.worth_label)
        self.log.render()
        self.secrets.value = ('<div class="tt-section-title">' + esc(_("Your secrets")) + '</div>'
                              + self.ui.private_html(match.view(self.seat).get("private")))
        ahead = self._entered_ahead()
        if any(e.refused for e in ahead):
            ahead = self._refused(ahead)
        self._show_ahead(ahead)
        if player == TERMINAL:
            scores = game_over_words(names, match.outcome())[1]
            self.panel.clear('<div class="tt-status">' + esc(_("Game over")) + f'</div><div>{esc(scores)}</div>')
        elif player == CHANCE and owner == self.seat:
            self.panel.show('<div class="tt-status">' + esc(_("Enter your secret draw")) + '</div>',
                            match.offered_actions(self.seat),
                            state.describe, [self.random_button], state=state, viewer=self.seat)
        elif player == self.seat:
            self.panel.show('<div class="tt-status">' + esc(_("Your turn")) + '</div>', match.offered_actions(self.seat),
                            state.describe, state=state, viewer=self.seat)
        else:
            early = ahead_entries(match, self.seat, self._ahead_actions(ahead))
            waiting = names[owner] if owner is not None else (names[player] if player >= 0 else None)
            wait = (htr(N_("Waiting for {player}"), player=esc(waiting)) if waiting
                    else esc(_("Waiting for the table screen's entry")))
            if early:
                self.panel.show('<div class="tt-status">' + esc(_("Enter your next draw now")) + '</div>'
                                '<div>' + htr(N_("It goes in by itself when your turn comes. {waiting}."), waiting=wait) + '</div>',
                                early, state.describe, state=state)
            else:
                self.panel.clear(f'<div class="tt-status">{wait}</div>')

    def _ahead_actions(self, ahead) -> list[Action]:
        out = []
        for entry in ahead:
            try:
                out.append(self.saved._decode(entry.data))
            except (TabletopError, ValueError, TypeError, KeyError):
                break
        return out

    def _refused(self, ahead) -> list:
        """An entry ahead that could not go in when its turn came (the card was somebody else's,
        say): it and those after it are dropped, and the player is told why, to enter it again."""
        refused = next(e for e in ahead if e.refused)
        try:
            words = self.match.state.describe(self.saved._decode(refused.data))
        except Exception:  # describing is best effort
            words = _("your entry")
        try:
            self.saved.store.clear_advance(self.saved.id, self.seat)
        except TabletopError as exc:
            self._error(str(exc))
            return ahead
        self._error(tr("Your entry made ahead ({entry}) could not go in when its turn came: {reason}",
                       entry=words, reason=refused.refused))
        return []

    def _show_ahead(self, ahead) -> None:
        if not ahead:
            if self.ahead_box.children:
                self.ahead_box.children = ()
            return
        state = self.match.state
        lines = []
        for action in self._ahead_actions(ahead):
            try:
                words = state.describe(action)
            except Exception:  # describing is best effort
                words = type(action).__name__
            lines.append(f"<li>{esc(words)}</li>")
        self.ahead.value = ('<div class="tt-section-title">' + esc(_("Entered ahead")) + '</div>'
                            '<div class="tt-dim">' + esc(_("These go in by themselves when your turn comes.")) + '</div>'
                            f"<ul>{''.join(lines)}</ul>")
        self.ahead_box.children = (self.ahead, self.take_back)

    def _error(self, message: str | None) -> None:
        if message:
            self.banner.value = f'<div class="tt-banner">{esc(message)}</div>'
            kit.show(self.banner)
        elif self.banner.layout.display is None:
            kit.show(self.banner, False)
            self.banner.value = ""

    # --- entering ----------------------------------------------------------------------------
    def _submit(self, action: Action) -> None:
        """Enter ``action`` now, or keep it until its turn if it is a draw entered ahead."""
        state = self.match.state
        if state.current_player() == CHANCE and state.chance_owner() not in (None, self.seat):
            if action not in ahead_entries(self.match, self.seat, self._ahead_actions(self._entered_ahead())):
                raise IllegalAction("That draw cannot be entered ahead now; enter it when your turn comes.")
            self.saved.add_advance(self.seat, action)
        else:
            self.saved.apply(action)

    def _told(self, before=None) -> None:
        """The log catches up with the match (``before``: a copy of the state before the change,
        to read new entries from without replaying the game) and the box tells what happened."""
        self.told.tell(self.log.sync(self.match, before), self.log.story, self.match.state)

    def _play(self, action: Action) -> None:
        self._play_all((action,))

    def _play_all(self, actions) -> None:
        """Enter ``actions`` in order (one tap's entries; a refusal stops them), then what the
        seat to act cannot but enter (``state.forced_entry``, as on the table screen)."""
        if not self.unlocked:
            return
        before = self.match.state.clone()
        message = None
        for action in _then_forced(self.match, actions):
            try:
                self._submit(action)
            except StaleMatch:
                message = after_race(self.saved, action, self.seat, self._submit)
            except TabletopError as exc:
                message = str(exc)
            if message is not None:
                break
        self._told(before)
        self._error(message)
        self.refresh()

    def _random(self) -> None:
        if not self.unlocked:
            return
        state = self.match.state
        if state.current_player() != CHANCE or state.chance_owner() != self.seat:
            self._error(_("Nothing secret is to be drawn for you now."))
            return
        self._play_all(random_draws(self.match, self.seat))    # a whole hand at one tap

    def _take_back(self) -> None:
        if not self.unlocked:
            return
        try:
            self.saved.store.clear_advance(self.saved.id, self.seat)
        except TabletopError as exc:
            self._error(str(exc))
        self.refresh()

    def undo(self) -> None:
        self._history(self.saved.undo)

    def redo(self) -> None:
        self._history(self.saved.redo)

    def back_to(self, n: int) -> None:
        def go():
            current = len(self.match)
            if n < current:
                self.saved.undo_to(n)
            for _ in range(n - current):
                self.saved.redo()
        self._history(go)

    def _history(self, change: Callable[[], object]) -> None:
        if not self.unlocked:
            return
        try:
            change()
            message = None
        except StaleMatch:
            message = after_race(self.saved, None, self.seat, self.saved.apply)
        except TabletopError as exc:
            message = str(exc)
        self._error(message)
        self._told()
        self.refresh()

    # --- other devices -------------------------------------------------------------------------
    def follow(self) -> bool:
        """Catch up with what other devices saved and redraw; True when something changed. The
        buttons shown are retired: a tap already on its way is told what happened instead."""
        if self.saved.store is None:
            return False
        if not self.unlocked:                # keeps its copy current (the watcher waits on it), shows nothing
            return self.saved.refresh()
        old, before = self.match.log, self.match.state.clone()
        if not self.saved.refresh():
            return False
        self.panel.retire(race_words(self.saved, old, self.seat))
        try:
            self.saved.play_advance()        # this seat's entries ahead that came due meanwhile
        except StaleMatch:
            self.saved.refresh()
        except TabletopError as exc:
            self._error(str(exc))
        self._told(before)
        self.refresh()
        return True

    def _gone(self, message: str) -> None:
        self.panel.clear()
        self._error(tr("{message} It was deleted on another screen.", message=message))

    def close(self) -> None:
        self.watcher.stop()
        self.panel.close()
        _close(self.widget)


def _close(widget) -> None:
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()
