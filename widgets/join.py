"""Joining a match from the players' own phones: the links and QR codes the table screen shows.

    /?match=ID                  the table screen (the public view only)
    /?match=ID&seat=N&key=K     seat N's device: the public board and that seat's own panel

The key is a random per-seat secret kept in the store (``Store.seat_key``); a seat with a PIN
still asks for it. A server on the local network (``tabletop serve --host 0.0.0.0``) needs its
token too, so the links carry it (a phone that scans the code is logged in by it). The QR codes
are drawn here (segno, inline SVG): nothing is loaded from the internet.
"""
from __future__ import annotations

import os
from urllib.parse import urlencode, urlsplit

from tabletop.errors import TabletopError
from tabletop.i18n import _, tr

from . import kit
from .language import url_language
from .render import attr, esc

__all__ = ["JoinCard", "page_base", "seat_query", "table_query", "qr_svg"]


def table_query(match_id: str, lang: str | None = None) -> str:
    """The table screen's address (``lang``: in that language)."""
    return "?" + urlencode({"match": match_id, **({"lang": lang} if lang else {})})


def seat_query(match_id: str, seat: int, key: str, lang: str | None = None) -> str:
    """Seat ``seat``'s device's address (``lang``: in that language, the table screen's)."""
    return "?" + urlencode({"match": match_id, "seat": seat, "key": key, **({"lang": lang} if lang else {})})


def page_base() -> tuple[str, bool]:
    """(the address other devices open, before its query; whether phones can reach it).

    Voilà tells the kernel the address this page was opened with. A table screen opened on the
    server itself (127.0.0.1) while the server listens on the local network gives the phones the
    computer's network address instead; a server on loopback only is reachable from this
    computer alone."""
    from tabletop.serve import is_loopback, lan_addresses
    url = urlsplit(os.environ.get("VOILA_REQUEST_URL", ""))
    if not url.hostname:
        return "", False
    host, bind = url.hostname, os.environ.get("TABLETOP_SERVE_HOST", "")
    reachable = not is_loopback(host)
    if not reachable and bind and not is_loopback(bind):
        addresses = [bind] if bind not in ("0.0.0.0", "::", "") else lan_addresses()
        if addresses:
            host, reachable = addresses[0], True
    if ":" in host:
        host = f"[{host}]"
    port = f":{url.port}" if url.port else ""
    return f"{url.scheme}://{host}{port}{url.path or '/'}", reachable


def _with_token(query: str) -> str:
    token = os.environ.get("JUPYTER_TOKEN")
    return query + "&" + urlencode({"token": token}) if token else query


def _link_words(name: str) -> str:
    return tr("{player}'s link", player=name)


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as inline SVG (no file, no network)."""
    import segno
    return segno.make(text, error="m").svg_inline(scale=3, border=2)


class JoinCard:
    """The table screen's "Play on your own phones" card: a QR code and a link per seat, shown on
    request (anyone looking at the screen can scan them, so a seat that cares sets a PIN)."""

    def __init__(self, saved):
        self.saved = saved
        self.codes = kit.html()
        self.show_button = kit.button(_("Show the seats' join codes"), "tt-small", on_click=self.show)
        self.hide_button = kit.button(_("Hide the join codes"), "tt-small", on_click=self.hide)
        self.buttons = kit.box([self.show_button])
        self.widget = kit.vbox([
            kit.html('<div class="tt-section-title">' + esc(_("Play on your own phones")) + '</div>'
                     '<div class="tt-dim">' + esc(_("Each player scans their seat's code (or opens its link): their "
                                                    "phone shows the board and their own panel, and entries appear "
                                                    "on every screen by themselves.")) + "</div>"),
            self.buttons, self.codes], "tt-card", "tt-join")

    def links(self) -> list[str]:
        """Each seat's join address, in seat order (in this screen's language)."""
        store, match_id = self.saved.store, self.saved.id
        base, _reachable = page_base()
        return [base + _with_token(seat_query(match_id, seat, store.seat_key(match_id, seat), url_language()))
                for seat in range(len(self.saved.match.game.players))]

    def show(self) -> None:
        if self.saved.store is None:
            self.codes.value = '<div class="tt-dim">' + esc(_("This match is not saved, so phones cannot join it.")) + '</div>'
            self.buttons.children = (self.hide_button,)
            return
        try:
            links = self.links()
        except TabletopError as exc:
            self.codes.value = f'<div class="tt-banner">{esc(exc)}</div>'
            return
        _base, reachable = page_base()
        note = "" if reachable else (
            '<div class="tt-dim">' + esc(_("This server can be reached from this computer only: start it with "
                                           "{command} for phones on the same network.")).format(
                command="<code>tabletop serve --host 0.0.0.0</code>") + "</div>")
        cells = "".join(
            f'<div class="tt-join-seat"><b>{esc(name)}</b>{qr_svg(link)}'
            f'<a class="tt-link tt-join-link" href="{attr(link)}" target="_blank">{esc(_link_words(name))}</a>'
            f'<span class="tt-join-url">{esc(link)}</span></div>'
            for name, link in zip(self.saved.match.game.players, links))
        self.codes.value = f'{note}<div class="tt-join-codes">{cells}</div>'
        self.buttons.children = (self.hide_button,)

    def hide(self) -> None:
        self.codes.value = ""
        self.buttons.children = (self.show_button,)

    def close(self) -> None:
        for w in (self.codes, self.show_button, self.hide_button, self.buttons, self.widget):
            w.close()
