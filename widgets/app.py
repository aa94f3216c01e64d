"""The dashboard application: the start page, and the tracker of the match picked there.

``app()`` is the one call of the Voilà notebook. Under Voilà with preheated kernels, the heavy
imports run before the page is asked for; the query string (``?match=<id>`` opens a saved match
directly) is read once the request arrives.
"""
from __future__ import annotations

import importlib
import os
from urllib.parse import parse_qs

import ipywidgets as W

from tabletop.errors import DatabaseDamaged, StoreError, TabletopError
from tabletop.registry import register_title
from tabletop.store import Store, StoredMatch, default_store

from .render import esc
from .start import StartPage, add_title_name, available_titles
from .titles import register_ui, title_ui
from .tracker import Tracker

__all__ = ["App", "app", "load_plugins"]


def load_plugins(spec: str | None = None) -> list[str]:
    """Register titles from ``$TABLETOP_TITLES`` ("module, module"): each module's ``TITLE``
    (and ``UI``, a TitleUI, if it has one). Returns their names."""
    spec = os.environ.get("TABLETOP_TITLES", "") if spec is None else spec
    names = []
    for module_name in filter(None, (s.strip() for s in spec.split(","))):
        module = importlib.import_module(module_name)
        title = module.TITLE
        register_title(title)
        add_title_name(title.name)
        if getattr(module, "UI", None) is not None:
            register_ui(title.name, module.UI)
        names.append(title.name)
    return names


class App:
    """Start page <-> tracker, in one widget."""

    def __init__(self, store: Store | None = None, match_id: str | None = None):
        self.widget = W.VBox()
        self.widget.add_class("tt-root")
        self.page = None
        message = None
        if store is None:
            store, message = _open_default_store()
        self.store = store
        if store is None:
            self._swap(_Notice(message))
            return
        if message:
            self.show_start(message)
            return
        if match_id:
            try:
                self.open(self.store.open(match_id))
                return
            except TabletopError as exc:
                self.show_start(str(exc))
                return
        self.show_start()

    def _swap(self, page) -> None:
        old = self.page
        self.page = page
        self.widget.children = (page.widget,)
        if old is not None:
            old.close()

    def show_start(self, message: str | None = None) -> None:
        self._swap(StartPage(self.store, self.open, message))

    def open(self, stored: StoredMatch) -> None:
        self._swap(Tracker(stored, on_leave=self.show_start))

    @property
    def tracker(self) -> Tracker | None:
        return self.page if isinstance(self.page, Tracker) else None

    @property
    def start(self) -> StartPage | None:
        return self.page if isinstance(self.page, StartPage) else None


def _open_default_store() -> tuple[Store | None, str | None]:
    """The data folder's store, and what to tell the players about it. A damaged database has
    been moved aside by the store, so a fresh one is opened after saying so."""
    try:
        return default_store(), None
    except DatabaseDamaged as exc:
        first = str(exc)
    except StoreError as exc:
        return None, str(exc)
    try:
        return default_store(), first
    except StoreError as exc:
        return None, f"{first} {exc}"


class _Notice:
    """A page that only says why the saved matches cannot be used (the database is busy...)."""

    def __init__(self, message: str | None):
        self.widget = W.HTML(f'<div class="tt-banner">{esc(message or "The saved matches cannot be opened.")}</div>'
                             "<div>Reload the page to try again.</div>")

    def close(self) -> None:
        self.widget.close()


def _query() -> dict[str, list[str]]:
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import wait_for_request
        wait_for_request()
    return parse_qs(os.environ.get("QUERY_STRING", "") or "")


def app(match_id: str | None = None, store: Store | None = None) -> W.Widget:
    """The dashboard: the start page, or the tracker of ``match_id`` (or ``?match=`` in the URL)."""
    load_plugins()
    for name, _title in available_titles():   # import every engine before the page is asked for
        title_ui(name)
    if match_id is None:
        match_id = (_query().get("match") or [None])[0]
    return App(store, match_id).widget
