"""The log in words, each entry with what it caused; undo, redo and "back to here" on any line;
the announcements of the latest entries.

``Story`` is the log as one viewer reads it: per entry its line and the events it caused (a
split, a bankruptcy, the end of a round: ``State.describe_event``), kept in step with the match
incrementally (a new entry is played once more on a copy of the state before it, an undo or a
redo moves entries between the lists), so an update never replays the whole game. ``LogPanel``
draws it: the latest entries first, their events indented under them, undone entries greyed
(all of them, paged), a player's run of secret entries as one line ("Dana is dealt 7 cards"),
and "Back to here" across a round boundary asks first. ``Announcements`` is the box at the top
of a turn card: the events the latest change caused, newest first, or what an undo took back.
"""
from __future__ import annotations

import re
from typing import Callable, NamedTuple, Sequence

import ipywidgets as W

from tabletop.core import Action
from tabletop.i18n import DEFAULT, _, current_language, tr, trn
from tabletop.match import Match

from . import kit
from .render import esc

__all__ = ["public_line", "line_for", "Entry", "Change", "Story", "LogPanel", "Announcements",
           "group_line", "STORY_CSS"]

PAGE = 8
#: at most this many "Undone: ..." lines in the announcement box (the rest are counted)
UNDONE_TOLD = 4

STORY_CSS = """<style>
.tt-told { background: #fff8e1; border: 2px solid #f2b01e; border-radius: 8px; padding: 6px 12px;
           margin-bottom: 8px; }
.tt-told-title { font-weight: 600; color: #6b4e00; }
.tt-told-line { margin: 2px 0; }
.tt-told-undone { color: #5f6b7a; }
.tt-log-events { margin: 2px 0 2px 1.6em; padding-left: 8px; border-left: 3px solid #f2b01e; color: #4a3b00; }
.tt-log-confirm { background: #fdecea; border: 1px solid #d93025; border-radius: 8px; padding: 6px 12px;
                  align-items: center; }
</style>"""


def public_line(state, action) -> str:
    """How the public log shows ``action`` played in ``state`` (before it is applied)."""
    return state.describe(action) if action.secret_to is None else state.describe_hidden(action)


def line_for(state, action, viewer: int | None) -> str:
    """How ``viewer``'s log shows ``action`` (None: the public log; a seat reads its own secrets)."""
    return state.describe(action) if action.secret_to in (None, viewer) else state.describe_hidden(action)


class Entry(NamedTuple):
    """One log entry as a viewer reads it."""
    action: Action
    line: str
    events: tuple[str, ...]      # what it caused, in words, in order
    round: int | None            # the round the match is in after it (where going back to it leads)
    hidden: int | None           # the seat whose secret it is, when this viewer may not read it


class Change(NamedTuple):
    """What one update of a ``Story`` found: entries played or redone, entries undone, or a
    change it could not follow step by step (``reread``: the whole log was read again)."""
    added: tuple[Entry, ...] = ()
    removed: tuple[Entry, ...] = ()
    reread: bool = False


def _play(state, action: Action, viewer: int | None) -> Entry:
    """Play ``action`` on ``state`` (the state before it) and the entry it makes."""
    try:
        line = line_for(state, action, viewer)
    except Exception:  # describing is best effort; the rules decide
        line = type(action).__name__
    before = len(state.events)
    state.apply(action)
    events = tuple(state.describe_event(e) for e in state.events[before:])
    hidden = action.secret_to if action.secret_to not in (None, viewer) else None
    return Entry(action, line, events, getattr(state, "round", None), hidden)


def _common_prefix(a: Sequence, b: Sequence) -> int:
    n = min(len(a), len(b))
    if n and a[n - 1] == b[n - 1] and a[0] == b[0]:     # the usual case: one list extends the other
        if all(a[i] == b[i] for i in range(n - 1, -1, -1)):
            return n
    k = 0
    while k < n and a[k] == b[k]:
        k += 1
    return k


class Story:
    """The log of a match as ``viewer`` reads it (None: the public log), each entry with its events."""

    def __init__(self, viewer: int | None = None):
        self.viewer = viewer
        self.done: list[Entry] = []
        self.undone: list[Entry] = []         # the next to redo first
        self.start_round: int | None = None
        self.round_now: int | None = None
        self.names: tuple[str, ...] = ()

    def reset(self, match: Match) -> Change:
        """Read the whole log again: ``Match.story``'s fold, keeping each entry's round and whose
        secret it is as well (for grouping a player's secret entries and for asking before going
        back across a round)."""
        self.names = tuple(match.game.players)
        state = match.title.new_state(match.game)
        self.start_round = getattr(state, "round", None)
        self.done = [_play(state, action, self.viewer) for action in match.log]
        self.undone = [_play(state, action, self.viewer) for action in match.undone]
        self.round_now = getattr(match.state, "round", None)
        return Change(reread=True)

    def sync(self, match: Match, before=None) -> Change:
        """Bring the story to ``match`` from where it was, replaying only what changed: undone
        entries move to the undone list, redone ones back, new ones are played on ``before`` (a
        copy of the state at the end of this story's log, taken before the change). A change it
        cannot follow that way (without ``before``, or after another device undid and entered
        meanwhile) reads the whole log again."""
        log = match.log
        mine = [e.action for e in self.done]
        k = _common_prefix(mine, log)
        if k < len(mine) and k < len(log):
            return self.reset(match)
        added: list[Entry] = []
        removed: list[Entry] = []
        if k < len(mine):                                 # entries undone
            removed = self.done[k:]
            del self.done[k:]
            self.undone[:0] = removed
        else:
            new = log[k:]
            j = 0
            while j < len(new) and j < len(self.undone) and self.undone[j].action == new[j]:
                j += 1
            added = self.undone[:j]                       # redone: their words are known
            del self.undone[:j]
            rest = new[j:]
            if rest:
                if before is None or j:
                    return self.reset(match)
                try:
                    added = [_play(before, action, self.viewer) for action in rest]
                except Exception:  # the copy could not follow: read it all again
                    return self.reset(match)
                self.undone = []
            self.done.extend(added)
        if tuple(e.action for e in self.undone) != match.undone:
            state = match.state.clone()
            self.undone = [_play(state, action, self.viewer) for action in match.undone]
        self.round_now = getattr(match.state, "round", None)
        return Change(tuple(added), tuple(removed))

    @property
    def lines(self) -> list[str]:
        return [e.line for e in self.done]

    def round_at(self, n: int) -> int | None:
        """The round the match is in after its first ``n`` entries."""
        return self.done[n - 1].round if n else self.start_round


class Item(NamedTuple):
    """A shown line: entries ``start`` to ``end`` (exclusive) of the done or undone list."""
    start: int
    end: int
    line: str
    events: tuple[str, ...]


def group_line(lines: Sequence[str], who: str) -> str:
    """One line for a player's run of secret entries: "Dana is dealt 7 cards" from seven
    "Dana is dealt a card"; runs of different entries count them."""
    n = len(lines)
    if n == 1:
        return lines[0]
    if current_language() != DEFAULT:      # the English plural below reads English words only
        if len(set(lines)) == 1:
            return tr("{line} (×{n})", line=lines[0], n=n)
        return trn("{player} enters {n} secret card", "{player} enters {n} secret cards", n, player=who)
    if len(set(lines)) == 1:
        found = list(re.finditer(r"\b(a|an) ([^,.;:]+?)(?=$|[,.;:])", lines[0]))
        if len(found) == 1 and " and " not in found[0].group(2):
            m = found[0]
            words = m.group(2).split(" ")
            words[-1] = _plural(words[-1])
            return lines[0][:m.start()] + f"{n} " + " ".join(words) + lines[0][m.end():]
    if all(" is dealt " in line for line in lines):
        return tr("{player} is dealt {n} cards", player=who, n=n)
    return tr("{player} enters {n} secret cards", player=who, n=n)


def _plural(word: str) -> str:
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def items(entries: Sequence[Entry], names: Sequence[str], start: int, stop: int, step: int,
          limit: int) -> tuple[list[Item], bool]:
    """Up to ``limit`` shown lines of ``entries[start:stop:step]`` (step 1 or -1), a run of the
    same seat's hidden entries as one; and whether more remain."""
    out: list[Item] = []
    i = start
    while (i < stop if step > 0 else i > stop) and len(out) < limit:
        j = i
        seat = entries[i].hidden
        if seat is not None:
            while (j + step < stop if step > 0 else j + step > stop) and entries[j + step].hidden == seat:
                j += step
        lo, hi = min(i, j), max(i, j) + 1
        run = entries[lo:hi]
        who = names[seat] if seat is not None and seat < len(names) else ""
        line = group_line([e.line for e in run], who) if len(run) > 1 else run[0].line
        out.append(Item(lo, hi, line, tuple(ev for e in run for ev in e.events)))
        i = j + step
    return out, (i < stop if step > 0 else i > stop)


def _events_html(events: Sequence[str]) -> str:
    if not events:
        return ""
    return '<div class="tt-log-events">' + "".join(f"<div>{esc(e)}</div>" for e in events) + "</div>"


def _numbers(item: Item, offset: int) -> str:
    a, b = offset + item.start + 1, offset + item.end
    return f"{a}." if a == b else f"{a}–{b}."


class LogPanel:
    """``on_undo()``, ``on_redo()``, ``on_back_to(n)`` (keep the first n entries). ``viewer``:
    whose log it is (None: the public log of the shared screen; a seat's device shows its own
    secret entries in full)."""

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None],
                 on_back_to: Callable[[int], None], viewer: int | None = None):
        self.on_back_to = on_back_to
        self.viewer = viewer
        self.story = Story(viewer)
        self.shown = PAGE
        self.shown_undone = PAGE
        self.undo_button = kit.button(_("Undo"), on_click=on_undo)
        self.redo_button = kit.button(_("Redo"), on_click=on_redo)
        self.title = kit.html()
        self.more = kit.button(_("Show earlier entries"), "tt-small", on_click=self._show_more)
        self.more_undone = kit.button(_("Show more undone entries"), "tt-small", on_click=self._show_more_undone)
        self.confirm: W.Box | None = None
        self._rows: list[tuple] = []           # (text, button, box, holder) by position on the page
        self.rows_box = kit.vbox()
        self.controls = kit.box([self.undo_button, self.redo_button])
        self.widget = kit.vbox([kit.html(STORY_CSS), self.title, self.controls, self.rows_box], "tt-card", "tt-log")

    # --- keeping in step with the match ------------------------------------------------------
    def reset(self, match: Match) -> Change:
        return self.story.reset(match)

    def sync(self, match: Match, before=None) -> Change:
        return self.story.sync(match, before)

    @property
    def lines(self) -> list[str]:
        return self.story.lines

    @property
    def undone(self) -> list[str]:
        return [e.line for e in self.story.undone]

    # --- going back across a round asks first -------------------------------------------------
    def _back(self, target: int) -> None:
        story = self.story
        n = len(story.done)
        if target < n:
            to_round, now = story.round_at(target), story.round_now
            if to_round is not None and now is not None and to_round != now:
                undoes = n - target
                self._ask(trn("Go back to round {round}? This undoes {n} entry.",
                              "Go back to round {round}? This undoes {n} entries.", undoes, round=to_round), target)
                return
        self.on_back_to(target)

    def _ask(self, question: str, target: int) -> None:
        self.dismiss()
        holder = {"target": target}
        text = kit.html(f"<b>{esc(question)}</b>")
        yes = kit.button(_("Yes"), "tt-small", "tt-danger", on_click=lambda: self._answer(holder["target"]))
        no = kit.button(_("No"), "tt-small", on_click=self.dismiss)
        self.confirm = kit.box([text, yes, no], "tt-log-confirm")
        self.widget.children = self.widget.children[:3] + (self.confirm,) + self.widget.children[3:]

    def _answer(self, target: int) -> None:
        self.dismiss()
        self.on_back_to(target)

    def dismiss(self) -> None:
        """Take the question away (answered, refused, or the log moved on)."""
        box = self.confirm
        if box is None:
            return
        self.confirm = None
        self.widget.children = tuple(w for w in self.widget.children if w is not box)
        for w in box.children:
            w.close()
        box.close()

    # --- drawing -------------------------------------------------------------------------------
    # Rows are kept by their place on the page: a new entry changes the rows' words, not the
    # page's list of rows (a changed list would make the browser draw every row again).
    def _row(self, k: int):
        while len(self._rows) <= k:
            text = kit.html("", "tt-log-text")
            holder: dict = {}
            button = kit.button("", "tt-small", on_click=lambda h=holder: self._clicked(h))
            self._rows.append((text, button, kit.box([text, button], "tt-log-line"), holder))
        return self._rows[k]

    def _clicked(self, holder: dict) -> None:
        if holder.get("at_once"):
            self.on_back_to(holder["target"])
        else:
            self._back(holder["target"])

    def _show_more(self) -> None:
        self.shown += PAGE * 2
        self.render()

    def _show_more_undone(self) -> None:
        self.shown_undone += PAGE * 2
        self.render()

    def render(self) -> None:
        story = self.story
        n = len(story.done)
        if self.confirm is not None:
            self.dismiss()
        if self.undo_button.disabled != (n == 0):
            self.undo_button.disabled = n == 0
        if self.redo_button.disabled != (not story.undone):
            self.redo_button.disabled = not story.undone
        redo_label = tr("Redo ({n})", n=len(story.undone)) if story.undone else _("Redo")
        if self.redo_button.description != redo_label:
            self.redo_button.description = redo_label
        title = ('<div class="tt-section-title">' + esc(_("Log")) + ' '
                 '<span class="tt-dim">' + esc(tr("({n} entries)", n=n)) + '</span></div>')
        if self.title.value != title:
            self.title.value = title
        # (html, button label, target, whether it goes without asking: redo and undoing the last)
        shown: list[tuple[str, str, int, bool]] = []
        # undone entries (greyed), the furthest first, each can be redone up to itself
        undone, more_undone = items(story.undone, story.names, 0, len(story.undone), 1, self.shown_undone)
        for item in reversed(undone):
            undone_line = tr("{line} (undone)", line=item.line)
            shown.append((f'<span class="tt-log-undone">{_numbers(item, n)} {esc(undone_line)}</span>',
                          _("Redo to here"), n + item.end, True))
        done, more = items(story.done, story.names, n - 1, -1, -1, self.shown)
        for item in done:
            last = item.end == n
            single = item.end - item.start == 1
            label = (_("Undo this") if single else _("Undo these")) if last else _("Back to here")
            target = item.start if (last or not single) else item.end
            shown.append((f"{_numbers(item, 0)} {esc(item.line)}{_events_html(item.events)}", label, target,
                          last))
        rows = [self.more_undone] if more_undone else []
        for k, (text_html, label, target, at_once) in enumerate(shown):
            text, button, box, holder = self._row(k)
            if text.value != text_html:
                text.value = text_html
            if button.description != label:
                button.description = label
            holder["target"], holder["at_once"] = target, at_once
            rows.append(box)
        if more:
            rows.append(self.more)
        if tuple(rows) != self.rows_box.children:
            self.rows_box.children = tuple(rows)

    def row_buttons(self) -> list[tuple[str, W.Button, int]]:
        """(line text, its button, the log length the button goes to), as shown."""
        by_box = {row[2]: row for row in self._rows}
        return [(by_box[b][0].value, by_box[b][1], by_box[b][3]["target"])
                for b in self.rows_box.children if b in by_box]


class Announcements:
    """The box at the top of a turn card: what the latest change caused, newest first, until the
    next change. Hidden while there is nothing to tell."""

    def __init__(self):
        self.widget = kit.hidden(kit.html("", "tt-told-box", own_layout=True))
        self.lines: list[str] = []
        self.ongoing = False          # a merger (Acquire) was under way after the last change

    def tell(self, change: Change, story: Story, state=None) -> None:
        """After a change found by ``Story.sync``: the events of the entries it added, or what it
        took back ("Undone: ..."); after reading the whole log again, the last entry's events.
        ``state``: the match's state now; while a merger is under way its payouts stay in view
        (the shareholders dispose of their shares entry by entry) until the entry after it."""
        during, self.ongoing = self.ongoing, getattr(state, "merger", None) is not None
        if during and change.added and not change.removed and not change.reread:
            new = [ev for e in reversed(change.added) for ev in reversed(e.events)]
            self.show(new + [line for line in self.lines if line not in new])
        elif change.reread:
            self.arrive(story)
        elif not change.added and not change.removed:
            return                    # no entry came or went (an entry made ahead, say): it stays
        elif change.removed:
            removed = change.removed
            undone, _more = items(removed, story.names, len(removed) - 1, -1, -1, len(removed))
            lines = [tr("Undone: {line}", line=item.line) for item in undone]
            if len(lines) > UNDONE_TOLD:
                rest = sum(item.end - item.start for item in undone[UNDONE_TOLD - 1:])
                lines = lines[:UNDONE_TOLD - 1] + [tr("Undone: {n} earlier entries", n=rest)]
            self.show(lines, undone=True)
        else:
            self.show([ev for e in reversed(change.added) for ev in reversed(e.events)])

    def arrive(self, story: Story) -> None:
        """What a player who arrives is told: the last entry's events."""
        self.show(list(reversed(story.done[-1].events)) if story.done else [])

    def show(self, lines: Sequence[str], undone: bool = False) -> None:
        self.lines = list(lines)
        if not lines:
            kit.show(self.widget, False)
            if self.widget.value:
                self.widget.value = ""
            return
        cls = "tt-told-line tt-told-undone" if undone else "tt-told-line"
        title = "" if undone else '<div class="tt-told-title">' + esc(_("Just happened")) + '</div>'
        self.widget.value = (f'<div class="tt-told" role="status">{title}'
                             + "".join(f'<div class="{cls}">{esc(line)}</div>' for line in lines) + "</div>")
        kit.show(self.widget)
