"""The screens speak the page's language: ``?lang=``, else the browser's, else English; the start
page, a table screen and a seat device built in Korean, Japanese or Spanish show their frame words
(buttons, headings, gates) in it, the addresses they write keep ``lang=``, and English is exactly
as before when no language is asked for."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tabletop import i18n
from tabletop.match import Match
from tabletop.store import Store
from tabletop.widgets import language as page_lang
from tabletop.widgets.app import App
from tabletop.widgets.language import page_language, url_language
from tabletop.widgets.render import money
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.start import StartPage
from tabletop.widgets.tracker import Tracker

PLAYERS = ["Ann", "Bob", "Cy"]
OTHER = ["ko", "ja", "es"]
LATIN = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(autouse=True)
def english_after(tmp_path, monkeypatch):
    """Each test sets the kernel's language as a page does; every other test reads English."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    yield
    i18n.set_language("en")
    page_lang._asked = False


def _latin_words(text: str, allowed=("PIN", *PLAYERS)) -> list[str]:
    """The words in Latin letters left in ``text`` (tags stripped), less names and 'PIN'."""
    text = re.sub(r"<[^>]+>", " ", text)
    return [w for w in LATIN.findall(text) if w not in allowed]


# --- choosing -------------------------------------------------------------------------------------
def test_the_query_wins_then_the_browser_then_english():
    assert page_language({"lang": ["ja"]}, "ko-KR,ko;q=0.9") == "ja"
    assert page_language({}, "ko-KR,ko;q=0.9,en;q=0.8") == "ko"
    assert page_language({}, "fr-FR,es-MX;q=0.7,en;q=0.5") == "es"       # the first one we have
    assert page_language({}, "en-US,ko;q=0.8") == "en"
    assert page_language({"lang": ["xx"]}, "fr-FR") == "en"               # neither: English
    assert page_language({}, "") == "en"


def test_the_browser_language_comes_from_the_request_header(monkeypatch):
    """``tabletop serve`` hands Voilà's kernel the Accept-Language header as HTTP_ACCEPT_LANGUAGE."""
    from tabletop.serve import voila_command
    assert "--VoilaConfiguration.http_header_envs=Accept-Language" in voila_command()
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "es-ES,es;q=0.9")
    assert page_language({}) == "es"
    monkeypatch.setenv("QUERY_STRING", "lang=ko")
    from tabletop.widgets.app import app
    widget = app()
    assert i18n.current_language() == "ko"
    start = next(c for c in widget.children if "tt-start" in getattr(c, "_dom_classes", ()))
    assert "저장된" in start.children[3].children[0].value or not _latin_words(start.children[3].children[0].value)
    monkeypatch.setenv("QUERY_STRING", "lang=en")          # English asked for on a Spanish browser: kept
    widget = app()
    assert i18n.current_language() == "en" and 'data-url="?lang=en"' in widget.children[-1].value


# --- the start page -------------------------------------------------------------------------------
def _start_words(page: StartPage) -> list[str]:
    return [page.start_button.description, page.position_button.description, page.names[0].placeholder,
            page.pins[0].placeholder, page.upload.description]


def test_the_start_page_speaks_english_when_no_language_is_asked():
    page = StartPage(Store(), lambda s: None)
    assert _start_words(page) == ["Start the match", "Start from the table as it is", "Seat 1 name",
                                  "PIN (optional)", "Import a match (JSON file)"]


@pytest.mark.parametrize("lang", OTHER)
def test_the_start_page_in_each_language(lang):
    i18n.set_language("en")
    english = _start_words(StartPage(Store(), lambda s: None))
    i18n.set_language(lang)
    page = StartPage(Store(), lambda s: None)
    words = _start_words(page)
    assert all(w != e for w, e in zip(words, english)), words
    if lang in ("ko", "ja"):
        assert _latin_words(" ".join(words), allowed=("PIN", "JSON")) == [], words
    # the import button's words are drawn by the stylesheet: the page overrides them in its language
    assert words[-1] in page.widget.children[1].children[0].value


# --- the table screen and a seat ------------------------------------------------------------------
def _tracker_words(t: Tracker) -> dict[str, str]:
    return {"gate": t.gate_button.description, "undo": t.log.undo_button.description,
            "redo": t.log.redo_button.description, "seat": t.seat_buttons[0].description,
            "charts": t.charts.toggle.description, "correct": t.correct.open_button.description,
            "export": t.exports.public_button.description, "join": t.join.show_button.description,
            "log": t.log.title.value, "status": t.panel.prompt.value}


def _stockpile_dealing() -> Match:
    """Stockpile at its first secret draw: the shared screen shows the gate to Ann's panel."""
    return Match("stockpile", PLAYERS, {})


def test_a_tracker_speaks_english_when_no_language_is_asked():
    words = _tracker_words(Tracker(_stockpile_dealing()))
    assert words["gate"] == "Open Ann's panel" and words["undo"] == "Undo" and words["redo"] == "Redo"
    assert words["seat"] == "Ann's panel" and "Log" in words["log"] and "Pass the device to Ann" in words["status"]


@pytest.mark.parametrize("lang", OTHER)
def test_a_tracker_in_each_language(lang):
    english = _tracker_words(Tracker(_stockpile_dealing()))
    i18n.set_language(lang)
    tracker = Tracker(_stockpile_dealing())
    words = _tracker_words(tracker)
    for key, text in words.items():
        assert text != english[key], (key, text)
        assert "Ann" in text or key not in ("gate", "seat", "status")
    if lang in ("ko", "ja"):
        assert _latin_words(" ".join(words.values())) == [], words
    # the gate opens in the same language: the private panel's frame words are translated too
    tracker.open_gate(0)
    panel = tracker.private
    assert panel.close_button.description not in ("Close Ann's panel", "") and "Ann" in panel.close_button.description
    if lang in ("ko", "ja"):
        assert _latin_words(panel.title.value + panel.close_button.description) == []


@pytest.mark.parametrize("lang", OTHER)
def test_a_seat_device_in_each_language(lang):
    i18n.set_language(lang)
    store = Store()
    stored = store.create(_stockpile_dealing())
    screen = SeatScreen(store.open(stored.id, device="seat:1"), 1)
    words = screen.own.children[1].value + screen.take_back.description + screen.random_button.description
    assert "Bob's device" not in words and "Bob" in words
    if lang in ("ko", "ja"):
        assert _latin_words(words) == []


# --- the addresses keep the language --------------------------------------------------------------
def _links(tracker: Tracker) -> list[dict]:
    tracker.join.show_button.click()
    return [parse_qs(urlsplit(link.replace("&amp;", "&")).query)
            for link in re.findall(r'href="([^"]+)"', tracker.join.codes.value)]


def test_the_seat_links_carry_the_table_screens_language():
    store = Store()
    stored = store.create(_stockpile_dealing())
    i18n.set_language("ja")
    app = App(store, stored.id, lang="ja")
    assert isinstance(app.page, Tracker) and f'data-url="?match={stored.id}&amp;lang=ja"' in app.url.value
    queries = _links(app.page)
    assert len(queries) == 3 and all(q["lang"] == ["ja"] for q in queries)
    # a phone opening its link reads Japanese, and its link back to the table keeps it
    seat = App(Store(), stored.id, queries[1]["seat"][0], queries[1]["key"][0], lang=queries[1]["lang"][0])
    assert isinstance(seat.page, SeatScreen) and "lang=ja" in seat.url.value
    assert "lang=ja" in seat.page.widget.children[-1].children[0].value


def test_english_addresses_are_unchanged_unless_english_was_picked():
    store = Store()
    stored = store.create(_stockpile_dealing())
    app = App(store, stored.id)
    assert url_language() is None and f'data-url="?match={stored.id}"' in app.url.value
    assert all("lang" not in q for q in _links(app.page))
    app.switch_language("en")              # picked on a screen of a Korean browser: kept after a reload
    assert f'data-url="?match={stored.id}&amp;lang=en"' in app.url.value


def test_the_picker_rebuilds_the_page_in_the_new_language():
    store = Store()
    stored = store.create(_stockpile_dealing())
    app = App(store, stored.id)
    before = app.page
    app.language.widget.value = "ko"
    assert app.page is not before and isinstance(app.page, Tracker)
    assert i18n.current_language() == "ko" and "lang=ko" in app.url.value
    assert _latin_words(app.page.gate_button.description + app.page.log.undo_button.description) == []
    app.page.on_leave()                     # the start page keeps the language too
    assert isinstance(app.page, StartPage) and 'data-url="?lang=ko"' in app.url.value
    assert app.page.start_button.description != "Start the match"


# --- amounts --------------------------------------------------------------------------------------
def test_amounts_are_written_per_language_and_english_is_unchanged():
    assert money(6000) == "$6,000" and money(-500) == "-$500" and money(12000, " pts") == "12,000 pts"
    with i18n.language("es"):
        assert money(16000) == "16.000 $"
    with i18n.language("ko"):
        assert money(16000) == "$16,000" and money(12000, " pts") == "12,000점"


def test_an_unpaid_trading_fee_in_the_players_table_reads_in_each_language():
    """A Stockpile player who could not pay a fee card owes it: the players' table names the card
    as each language does (seen in CI: "Fee $3,000" left in English on Korean, Japanese and
    Spanish screens)."""
    from tabletop.i18n import language
    from tabletop.widgets.render import players_html
    view = {"players": [{"name": "Bob", "money": 0, "unpaid_fees": ["Fee $3,000"]}], "to_act": 0}
    with language("en"):
        assert "Fee $3,000" in players_html(view)
    for lang, fee in (("ko", "거래 수수료 $3,000"), ("ja", "手数料$3,000"), ("es", "Tarifa 3.000 $")):
        with language(lang):
            table = players_html(view)
        assert fee in table and "Fee" not in table, lang
