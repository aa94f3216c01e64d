"""Widget builders that share one Layout and one Style between all the widgets that never
change them. A plain ipywidget is three models (itself, its layout, its style); sharing makes
it one, which roughly halves what the page has to create and the time until it is usable.
Widgets whose layout is changed later (shown and hidden) get their own with ``own_layout``.
The shared Layout refuses every change (``SharedLayoutError``): hiding one widget that shares it
would hide every widget on the screen that shares it (the whole page went blank once).
"""
from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as W
from ipywidgets.widgets.widget_string import HTMLStyle

__all__ = ["html", "button", "box", "vbox", "hidden", "show", "SharedLayoutError"]

_shared: dict[str, W.Widget] = {}


class SharedLayoutError(RuntimeError):
    """A change to the Layout that many widgets share (a programming error, loud in every test)."""


class _SharedLayout(W.Layout):
    """The one Layout of every widget built without ``own_layout``: frozen once built."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._frozen = True

    def __setattr__(self, key, value):
        if getattr(self, "_frozen", False) and not key.startswith("_") and key in self.keys:
            raise SharedLayoutError(
                f"layout.{key} of a widget that shares kit's Layout would change every widget sharing it: "
                "build that widget with own_layout=True")
        super().__setattr__(key, value)


def _get(kind: str, factory) -> W.Widget:
    w = _shared.get(kind)
    if w is None or w.comm is None:       # none yet, or closed
        w = _shared[kind] = factory()
    return w


def _layout(own: bool) -> W.Layout:
    return W.Layout() if own else _get("layout", _SharedLayout)


# CSS classes are given to the constructors: add_class() afterwards would cost a message each
def html(value: str = "", *classes: str, own_layout: bool = False) -> W.HTML:
    return W.HTML(value, layout=_layout(own_layout), style=_get("html_style", HTMLStyle),
                  _dom_classes=classes)


def button(label: str, *classes: str, on_click: Callable[[], None] | None = None,
           own_layout: bool = False) -> W.Button:
    b = W.Button(description=label, layout=_layout(own_layout), style=_get("button_style", W.ButtonStyle),
                 _dom_classes=("tt-btn",) + classes)
    if on_click is not None:
        b.on_click(lambda _b: on_click())
    return b


def box(children: Sequence[W.Widget] = (), *classes: str, own_layout: bool = False) -> W.Box:
    return W.Box(list(children), layout=_layout(own_layout), _dom_classes=("tt-wrap",) + classes)


def vbox(children: Sequence[W.Widget] = (), *classes: str, own_layout: bool = False) -> W.VBox:
    return W.VBox(list(children), layout=_layout(own_layout), _dom_classes=classes)


def _own(widget: W.Widget) -> W.Layout:
    if isinstance(widget.layout, _SharedLayout):
        raise SharedLayoutError(f"a {type(widget).__name__} that shares kit's Layout cannot be shown or "
                                "hidden: build it with own_layout=True")
    return widget.layout


def hidden(widget: W.Widget) -> W.Widget:
    _own(widget).display = "none"
    return widget


def show(widget: W.Widget, visible: bool = True) -> None:
    want = None if visible else "none"
    layout = _own(widget)
    if layout.display != want:
        layout.display = want
