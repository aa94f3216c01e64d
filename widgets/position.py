"""The form for "Start from the table as it is": what the whole table sees (money, values,
holdings that lie face up, the board), typed on the shared screen, turned into the title's
``Position`` entry. Each player's secrets (face-down cards, rack, hand) are entered afterwards
in their own panel, as the match asks (``Match.waiting_for``).

``position_form(title, players, options)`` returns a ``PositionForm``: ``.widget`` to show,
``.action()`` the ``Position`` (or a ``TabletopError`` in plain words for text it cannot read).
The rules check the position when it is applied: a match refuses an impossible one in words
and stays as it was.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as W

from tabletop.core import Action
from tabletop.errors import MalformedAction
from tabletop.i18n import _, tr
from tabletop.registry import get_title

from . import kit
from .titles import title_ui
from .render import esc, name

__all__ = ["PositionForm", "position_form", "section_heading", "labelled", "seat_dropdown", "entry_grid",
           "small_entry", "typed_numbers", "typed_words"]


_SEPARATOR = re.compile(r"\s+|,(?!\d{3}(?!\d))")   # a comma before three digits groups thousands


def typed_numbers(text: str, what: str) -> list[int]:
    """Whole numbers separated by spaces or commas: "4 6", "4, 6", "$1,000 $3,000"."""
    out = []
    for word in filter(None, _SEPARATOR.split(text)):
        digits = word.lstrip("$").replace(",", "")
        if not digits.isdigit():
            raise MalformedAction("{what}: {word} is not a whole number.", what=what, word=repr(word))
        out.append(int(digits))
    return out


def typed_words(text: str) -> list[str]:
    return [w for w in _SEPARATOR.split(text) if w]


class PositionForm:
    """A title's position form: ``widget`` and ``action()``."""

    def __init__(self, rows: Sequence[W.Widget], build: Callable[[], Action]):
        self.widget = kit.vbox(list(rows), "tt-position")
        self._build = build

    def action(self) -> Action:
        """The ``Position`` the form describes now."""
        return self._build()


def section_heading(title: str, note: str = "") -> W.HTML:
    """A form's heading in bold, and a note after it."""
    return kit.html("<b>" + esc(_(title)) + "</b>" + (" " + esc(_(note)) if note else ""))


def labelled(widget: W.Widget, width: str = "initial") -> W.Widget:
    """``widget`` with its whole label (ipywidgets cuts a label to 80 px with an ellipsis: "First
    pla…"); on a phone the label goes above the control (``tt-stacked``, the stylesheet)."""
    widget.style.description_width = width
    widget.add_class("tt-stacked")
    return widget


def seat_dropdown(players: Sequence[str], label: str, value: int = 0) -> W.Dropdown:
    return labelled(W.Dropdown(options=[(player, i) for i, player in enumerate(players)], value=value,
                                description=_(label)))


def entry_grid(rows: Sequence[str], columns: Sequence[str], make: Callable[[], W.Widget]) -> tuple[W.GridBox, list]:
    """A table of widgets, one per (row, column), with headings; returns it and the widgets. Each
    input is named by its row and column for screen readers (its label is drawn for them only)."""
    cells = [[make() for _n in columns] for _n in rows]
    for heading, row in zip(rows, cells):
        for column, cell in zip(columns, row):
            cell.description = tr("{row}: {column}", row=_(heading), column=name(_(column)))
            cell.add_class("tt-sr-label")
    children: list[W.Widget] = [kit.html("<span></span>", "tt-grid-head")] + [kit.html("<b>" + esc(name(_(c))) + "</b>", "tt-grid-head")
                                                                  for c in columns]
    for heading, row in zip(rows, cells):
        children += [kit.html(esc(_(heading)), "tt-grid-row")] + row
    # columns as narrow as their numbers allow, so that a table of nine fits a laptop's screen; on a
    # phone (or a narrow window) the stylesheet lays the inputs out one under another, each with its
    # label shown, instead of a table wider than the screen
    grid = W.GridBox(children, _dom_classes=("tt-position-grid",),
                     layout=W.Layout(grid_template_columns=f"minmax(5em, max-content) repeat({len(columns)}, minmax(4.5em, 7em))",
                                     max_width="100%"))
    return grid, cells


def small_entry(kind, **kw) -> W.Widget:
    return kind(**kw)


def position_form(title: str, players: Sequence[str], options: Mapping[str, Any] | None = None) -> PositionForm:
    """The position form of ``title`` for these players and options (options as the title
    normalizes them; missing ones take their defaults)."""
    t = get_title(title)
    make = title_ui(title).position_form
    if make is None:
        raise MalformedAction("{title} cannot start from a position.", title=t.display_name)
    return make(list(players), t.normalize_options(dict(options or {}), len(players)))

