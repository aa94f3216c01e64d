"""The log in words: the latest entries first, undo, redo, and "back to here" on any line.

The lines are the public log (a secret entry reads as its hidden description), kept in step
with the match incrementally so an update never replays the whole game.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

from tabletop.match import Match

from .render import esc

__all__ = ["public_line", "LogPanel"]

PAGE = 12


def public_line(state, action) -> str:
    """How the public log shows ``action`` played in ``state`` (before it is applied)."""
    return state.describe(action) if action.secret_to is None else state.describe_hidden(action)


def undone_lines(match: Match) -> list[str]:
    """Public lines of the actions ``redo`` would replay, the next one first."""
    if not match.undone:
        return []
    state = match.state.clone()
    lines = []
    for action in match.undone:
        lines.append(public_line(state, action))
        state.apply(action)
    return lines


class LogPanel:
    """``on_undo()``, ``on_redo()``, ``on_back_to(n)`` (keep the first n entries)."""

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None],
                 on_back_to: Callable[[int], None]):
        self.on_back_to = on_back_to
        self.lines: list[str] = []
        self.undone: list[str] = []      # next to redo first
        self.shown = PAGE
        self.undo_button = W.Button(description="Undo")
        self.redo_button = W.Button(description="Redo")
        for b, cb in ((self.undo_button, on_undo), (self.redo_button, on_redo)):
            b.add_class("tt-btn")
            b.on_click(lambda _b, cb=cb: cb())
        self.title = W.HTML()
        self.more = W.Button(description="Show earlier entries")
        self.more.add_class("tt-btn")
        self.more.add_class("tt-small")
        self.more.on_click(lambda _b: self._show_more())
        self._rows: list[tuple[W.HTML, W.Button, W.Box]] = []
        self._row_target: list[int] = []
        self.rows_box = W.VBox()
        controls = W.Box([self.undo_button, self.redo_button])
        controls.add_class("tt-wrap")
        self.widget = W.VBox([self.title, controls, self.rows_box])
        self.widget.add_class("tt-card")
        self.widget.add_class("tt-log")

    # --- keeping in step with the match ------------------------------------------------------
    def reset(self, match: Match) -> None:
        self.lines = match.describe_log(None)
        self.undone = undone_lines(match)
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
    def _row(self, i: int):
        while len(self._rows) <= i:
            k = len(self._rows)
            text = W.HTML()
            text.add_class("tt-log-text")
            button = W.Button()
            button.add_class("tt-btn")
            button.add_class("tt-small")
            button.on_click(lambda _b, k=k: self._back(k))
            box = W.Box([text, button])
            box.add_class("tt-log-line")
            self._rows.append((text, button, box))
            self._row_target.append(0)
        return self._rows[i]

    def _back(self, k: int) -> None:
        self.on_back_to(self._row_target[k])

    def _show_more(self) -> None:
        self.shown += PAGE * 2
        self.render()

    def render(self) -> None:
        n = len(self.lines)
        self.undo_button.disabled = n == 0
        self.redo_button.disabled = not self.undone
        self.redo_button.description = f"Redo ({len(self.undone)})" if self.undone else "Redo"
        self.title.value = f'<div class="tt-section-title">Log <span class="tt-dim">({n} entries)</span></div>'
        rows = []
        i = 0
        # undone entries (greyed), the furthest first, each can be redone up to itself
        for j in reversed(range(min(len(self.undone), 3))):
            text, button, box = self._row(i)
            text.value = f'<span class="tt-log-undone">{n + j + 1}. {esc(self.undone[j])} (undone)</span>'
            button.description = "Redo to here"
            self._row_target[i] = n + j + 1
            rows.append(box)
            i += 1
        for idx in range(n - 1, max(-1, n - 1 - self.shown), -1):
            text, button, box = self._row(i)
            text.value = f"{idx + 1}. {esc(self.lines[idx])}"
            if idx == n - 1:
                button.description = "Undo this"
                self._row_target[i] = idx
            else:
                button.description = "Back to here"
                self._row_target[i] = idx + 1
            rows.append(box)
            i += 1
        if n > self.shown:
            rows.append(self.more)
        if tuple(rows) != self.rows_box.children:
            self.rows_box.children = tuple(rows)

    def row_buttons(self) -> list[tuple[str, W.Button, int]]:
        """(line text, its button, the log length the button goes to), as shown."""
        out = []
        for k, box in enumerate(self.rows_box.children):
            for i, row in enumerate(self._rows):
                if row[2] is box:
                    out.append((row[0].value, row[1], self._row_target[i]))
        return out
