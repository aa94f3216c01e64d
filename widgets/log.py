"""The log in words: the latest entries first, undo, redo, and "back to here" on any line.

The lines are the public log (a secret entry reads as its hidden description), kept in step
with the match incrementally so an update never replays the whole game.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

from tabletop.match import Match

from . import kit
from .render import esc

__all__ = ["public_line", "line_for", "LogPanel"]

PAGE = 8


def public_line(state, action) -> str:
    """How the public log shows ``action`` played in ``state`` (before it is applied)."""
    return state.describe(action) if action.secret_to is None else state.describe_hidden(action)


def line_for(state, action, viewer: int | None) -> str:
    """How ``viewer``'s log shows ``action`` (None: the public log; a seat reads its own secrets)."""
    return state.describe(action) if action.secret_to in (None, viewer) else state.describe_hidden(action)


def undone_lines(match: Match, viewer: int | None = None) -> list[str]:
    """Lines of the actions ``redo`` would replay, the next one first, as ``viewer`` reads them."""
    if not match.undone:
        return []
    state = match.state.clone()
    lines = []
    for action in match.undone:
        lines.append(line_for(state, action, viewer))
        state.apply(action)
    return lines


class LogPanel:
    """``on_undo()``, ``on_redo()``, ``on_back_to(n)`` (keep the first n entries). ``viewer``:
    whose log it is (None: the public log of the shared screen; a seat's device shows its own
    secret entries in full)."""

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None],
                 on_back_to: Callable[[int], None], viewer: int | None = None):
        self.on_back_to = on_back_to
        self.viewer = viewer
        self.lines: list[str] = []
        self.undone: list[str] = []      # next to redo first
        self.shown = PAGE
        self.undo_button = kit.button("Undo", on_click=on_undo)
        self.redo_button = kit.button("Redo", on_click=on_redo)
        self.title = kit.html()
        self.more = kit.button("Show earlier entries", "tt-small", on_click=self._show_more)
        self._cache: dict[tuple, tuple] = {}
        self.rows_box = kit.vbox()
        controls = kit.box([self.undo_button, self.redo_button])
        self.widget = kit.vbox([self.title, controls, self.rows_box], "tt-card", "tt-log")

    # --- keeping in step with the match ------------------------------------------------------
    def reset(self, match: Match) -> None:
        self.lines = match.describe_log(self.viewer)
        self.undone = undone_lines(match, self.viewer)
        self.render()

    def played(self, line: str) -> None:
        self.lines.append(line)
        self.undone.clear()

    def undid(self) -> None:
        self.undone.insert(0, self.lines.pop())

    def redid(self) -> None:
        self.lines.append(self.undone.pop(0))

    def went_back_to(self, n: int) -> None:
        self.undone[:0] = self.lines[n:]
        del self.lines[n:]

    # --- drawing -------------------------------------------------------------------------------
    # A shown line is a row widget kept for as long as it is shown: a new entry then costs one
    # new row and a re-ordering, instead of re-writing every line of the page.
    def _row(self, key: tuple, text_html: str):
        row = self._cache.get(key)
        if row is None:
            text = kit.html(text_html, "tt-log-text")
            holder: dict = {}
            button = kit.button("", "tt-small", on_click=lambda: self.on_back_to(holder["target"]))
            box = kit.box([text, button], "tt-log-line")
            row = self._cache[key] = (text, button, box, holder)
        return row

    def _show_more(self) -> None:
        self.shown += PAGE * 2
        self.render()

    def render(self) -> None:
        n = len(self.lines)
        if self.undo_button.disabled != (n == 0):
            self.undo_button.disabled = n == 0
        if self.redo_button.disabled != (not self.undone):
            self.redo_button.disabled = not self.undone
        redo_label = f"Redo ({len(self.undone)})" if self.undone else "Redo"
        if self.redo_button.description != redo_label:
            self.redo_button.description = redo_label
        self.title.value = f'<div class="tt-section-title">Log <span class="tt-dim">({n} entries)</span></div>'
        rows, keys = [], set()

        def put(key, text_html, label, target):
            text, button, box, holder = self._row(key, text_html)
            if button.description != label:
                button.description = label
            holder["target"] = target
            rows.append(box)
            keys.add(key)
        # undone entries (greyed), the furthest first, each can be redone up to itself
        for j in reversed(range(min(len(self.undone), 3))):
            put(("undone", n + j, self.undone[j]),
                f'<span class="tt-log-undone">{n + j + 1}. {esc(self.undone[j])} (undone)</span>',
                "Redo to here", n + j + 1)
        for idx in range(n - 1, max(-1, n - 1 - self.shown), -1):
            last = idx == n - 1
            put(("done", idx, self.lines[idx]), f"{idx + 1}. {esc(self.lines[idx])}",
                "Undo this" if last else "Back to here", idx if last else idx + 1)
        if n > self.shown:
            rows.append(self.more)
        if tuple(rows) != self.rows_box.children:
            self.rows_box.children = tuple(rows)
        for key in [k for k in self._cache if k not in keys]:
            text, button, box, _holder = self._cache.pop(key)
            for w in (text, button, box):
                w.close()

    def row_buttons(self) -> list[tuple[str, W.Button, int]]:
        """(line text, its button, the log length the button goes to), as shown."""
        by_box = {row[2]: row for row in self._cache.values()}
        return [(by_box[b][0].value, by_box[b][1], by_box[b][3]["target"])
                for b in self.rows_box.children if b in by_box]
