"""The dashboard application: the start page, the table screen of the match picked there, and
the players' own devices.

``app()`` is the one call of the Voilà notebook. Under Voilà with preheated kernels, the heavy
imports run before the page is asked for; the query string is read once the request arrives:

    /                            the start page
    /?match=ID                   the table screen of a saved match (the public view only)
    /?match=ID&seat=N&key=K      seat N's own device (its key is in the table screen's QR code)
    ...&lang=ko                  in Korean (ko, ja, es, en; else the browser's language, else English)

A classroom experiment (``widgets/classroom/``) has screens of its own:
``/?match=ID&teacher=KEY`` is the teacher screen (``/?match=ID`` alone opens nothing of it),
``/?match=ID&seat=N&key=K`` a student's screen, and ``/?match=ID&join=CLASSKEY`` the class link
where a student picks a nickname and a free seat.

The page's address follows what it shows (a hidden marker that tabletop's page template copies
into the address bar), so a refresh returns to the same screen.
"""
from __future__ import annotations

import importlib
import os
from urllib.parse import parse_qs

import ipywidgets as W

from tabletop.errors import DatabaseDamaged, StoreError, TabletopError
from tabletop.i18n import N_, _, current_language
from tabletop.registry import register_title
from tabletop.store import Store, StoredMatch, default_store

from . import classroom, kit
from .language import LanguagePicker, choose, page_language, url_language
from .join import seat_query, table_query
from .render import attr, esc
from .seat import SeatScreen
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
    """Start page <-> table screen, in one widget; or one seat's device."""

    def __init__(self, store: Store | None = None, match_id: str | None = None, seat: str | int | None = None,
                 key: str | None = None, join: str | None = None, lang: str | None = None,
                 teacher: str | None = None):
        if lang is not None:       # the page's language (app() reads it from the request)
            choose(lang, asked=False)
        # the address bar shows this (tabletop's page template copies it there)
        self.url = kit.hidden(kit.html(own_layout=True))
        # each device may speak its own language: the picker rebuilds the page shown in the new one
        self.language = LanguagePicker(self.switch_language)
        self.widget = W.VBox([self.url])
        self.widget.add_class("tt-root")
        self.page = None
        self._again = lambda: None          # builds the page shown again (after a change of language)
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
        if match_id and seat is not None:
            self.open_seat(match_id, seat, key)
            return
        if match_id and join is not None:
            self.open_join(match_id, join)
            return
        if match_id:
            try:
                stored = self.store.open(match_id, device="table")
                # the teacher screen holds the experiment's backup and Delete: the teacher's link only
                if classroom.is_classroom(stored) and not classroom.check_teacher_key(self.store, match_id, teacher):
                    self._again = lambda: self._swap(_Notice(_(_NOT_TEACHER)))
                    self._again()
                    return
                self.open(stored)
                return
            except TabletopError as exc:
                self.show_start(exc)     # said in the page's language, also after a change
                return
        self.show_start()

    def _swap(self, page, query: str | None = None) -> None:
        old = self.page
        self.page = page
        self.widget.children = (page.widget, self.language.widget, self.url)
        self.url.value = "" if query is None else f'<span class="tt-url" data-url="{attr(query)}"></span>'
        if old is not None:
            old.close()

    def switch_language(self, lang: str) -> None:
        """Show the same page in ``lang`` (the page is built again; the address keeps ``lang=``)."""
        if lang == current_language() and url_language() == lang:
            return
        choose(lang)
        self._again()

    def show_start(self, message: str | Exception | None = None) -> None:
        self._again = lambda: self.show_start(message)
        lang = url_language()
        self._swap(StartPage(self.store, self.open, message), f"?lang={lang}" if lang else "")

    def open(self, stored: StoredMatch) -> None:
        self._again = lambda: self.open(stored)
        stored.device = stored.device or "table"
        query = table_query(stored.id, url_language()) if stored.id else ""
        if classroom.is_classroom(stored):
            page = classroom.TeacherScreen(stored, on_leave=self.show_start)
            if stored.id:       # the address bar keeps the teacher link: a reload or bookmark returns
                query = classroom.teacher_query(stored.id, classroom.teacher_key(self.store, stored.id),
                                                 url_language())
        else:
            page = Tracker(stored, on_leave=self.show_start)
        self._swap(page, query)

    def open_join(self, match_id: str, key: str) -> None:
        """The class link of a classroom experiment: a nickname, then the lowest free seat's screen."""
        self._again = lambda: self.open_join(match_id, key)
        try:
            right = classroom.check_class_key(self.store, match_id, key)
            stored = self.store.open(match_id, device="join") if right else None
        except TabletopError as exc:
            self._swap(_Notice(str(exc)))
            return
        if stored is None or not classroom.is_classroom(stored):
            self._swap(_Notice(_("This class link is not right (or it belongs to another experiment). Scan the "
                                 "code on your teacher's screen again.")))
            return

        def joined(seat: int) -> None:
            self.open_seat(match_id, seat, self.store.seat_key(match_id, seat))
        self._swap(classroom.JoinPage(stored, joined), classroom.class_query(match_id, key))

    def open_seat(self, match_id: str, seat: str | int, key: str | None) -> None:
        """Seat ``seat``'s device, if ``key`` is that seat's key; otherwise a notice that says so."""
        self._again = lambda: self.open_seat(match_id, seat, key)
        try:
            number = int(seat)
        except (TypeError, ValueError):
            number = -1
        try:
            right = self.store.check_seat_key(match_id, number, key or "")
            stored = self.store.open(match_id, device=f"seat:{number}") if right else None
        except TabletopError as exc:
            self._swap(_Notice(str(exc)))
            return
        if stored is None:
            self._swap(_Notice(_("This seat link is not right (or it belongs to another match). Scan your seat's "
                                 "code on the table screen again."), table_query(match_id, url_language())))
            return
        page = classroom.StudentScreen(stored, number) if classroom.is_classroom(stored) else SeatScreen(stored, number)
        self._swap(page, seat_query(match_id, number, key, url_language()))

    @property
    def tracker(self) -> Tracker | None:
        return self.page if isinstance(self.page, Tracker) else None

    @property
    def seat(self) -> SeatScreen | None:
        return self.page if isinstance(self.page, SeatScreen) else None

    @property
    def teacher(self):
        return self.page if isinstance(self.page, classroom.TeacherScreen) else None

    @property
    def student(self):
        return self.page if isinstance(self.page, classroom.StudentScreen) else None

    @property
    def joining(self):
        return self.page if isinstance(self.page, classroom.JoinPage) else None

    @property
    def start(self) -> StartPage | None:
        return self.page if isinstance(self.page, StartPage) else None


_NOT_TEACHER = N_("This is a classroom experiment. Its teacher screen opens with the teacher link only (the "
                  "address the teacher screen showed); a student joins with the class link.")


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
    """A page that only says why it cannot show more (the database is busy, a wrong seat link...)."""

    def __init__(self, message: str | None, link: str | None = None):
        more = (f'<a class="tt-link" href="{attr(link)}">' + esc(_("The table screen")) + '</a>' if link
                else "<div>" + esc(_('Reload the page to try again.')) + "</div>")
        self.widget = W.HTML('<div class="tt-banner">' + (esc(message or _("The saved matches cannot be opened."))) + '</div>'
                             + more)

    def close(self) -> None:
        self.widget.close()


def _query() -> dict[str, list[str]]:
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import wait_for_request
        wait_for_request()
    return parse_qs(os.environ.get("QUERY_STRING", "") or "")


def app(match_id: str | None = None, store: Store | None = None) -> W.Widget:
    """The dashboard: the start page, the table screen of ``match_id`` (or ``?match=`` in the URL;
    a classroom experiment's teacher screen with ``&teacher=KEY``),
    a seat's device (``?match=ID&seat=N&key=K``), or a classroom experiment's class link
    (``?match=ID&join=CLASSKEY``); ``&lang=`` (else the browser's language, else English) says in
    which language."""
    load_plugins()
    for name, _title in available_titles():   # import every engine before the page is asked for
        title_ui(name)
    seat = key = join = teacher = None
    query = _query() if match_id is None else {}
    lang = page_language(query)
    # an address that asks for its language keeps asking (English asked for on a Korean browser too)
    choose(lang, asked=(query.get("lang") or [None])[0] == lang)
    if match_id is None:
        match_id = (query.get("match") or [None])[0]
        seat = (query.get("seat") or [None])[0]
        key = (query.get("key") or [None])[0]
        join = (query.get("join") or [None])[0]
        teacher = (query.get("teacher") or [None])[0]
    return App(store, match_id, seat, key, join, teacher=teacher).widget
