"""Which language a page speaks, and the picker that changes it.

Each device is its own Voilà page with its own kernel, so the language is the kernel's
(``tabletop.i18n.set_language``): ``?lang=ko|ja|es|en`` in the address, else the browser's
Accept-Language (``tabletop serve`` passes it to the kernel as ``HTTP_ACCEPT_LANGUAGE``), else
English. The addresses a page writes (its own, the table screen's, the seats' links and QR codes)
carry ``lang=`` once a language other than the default was chosen, so a match keeps the language
it was started in on each screen, and each device may pick its own.

    lang = page_language(query)          # in app(): the language of this page
    picker = LanguagePicker(on_pick)     # on_pick(lang) rebuilds the page in that language
"""
from __future__ import annotations

import os
from typing import Callable, Mapping, Sequence

import ipywidgets as W

from tabletop.i18n import DEFAULT, LANGUAGES, _, current_language, negotiate, set_language

__all__ = ["page_language", "choose", "url_language", "LanguagePicker"]

# whether this kernel's language was asked for (a query or the picker), so English chosen on a
# screen of a Korean browser stays English after a reload
_asked = False


def page_language(query: Mapping[str, Sequence[str]] | None = None, accept_language: str | None = None) -> str:
    """``?lang=`` if it names a language we have, else the browser's preference, else English."""
    asked = ((query or {}).get("lang") or [None])[0]
    if accept_language is None:
        accept_language = os.environ.get("HTTP_ACCEPT_LANGUAGE", "")
    return negotiate(asked, accept_language)


def choose(lang: str, asked: bool = True) -> str:
    """Make ``lang`` this kernel's language (``asked``: picked by a person, kept in the address)."""
    global _asked
    _asked = asked
    return set_language(lang)


def url_language() -> str | None:
    """The ``lang=`` the addresses this page writes carry (None: the default, never asked for)."""
    lang = current_language()
    return lang if lang != DEFAULT or _asked else None


class LanguagePicker:
    """A small menu of the languages, each named in its own words; ``on_pick(lang)`` on a change."""

    def __init__(self, on_pick: Callable[[str], None]):
        self.widget = W.Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                 value=current_language(), layout=W.Layout(width="auto"),
                                 _dom_classes=("tt-lang",))
        self.widget.tooltip = _("Language")
        self.widget.observe(lambda change: on_pick(change["new"]), names="value")

    def close(self) -> None:
        self.widget.close()
