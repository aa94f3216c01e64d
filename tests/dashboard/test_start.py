"""The start page and the app: new match with options and PINs, resume, export, import, delete."""
import base64
import json
import re

import pytest

from tabletop.store import Store
from tabletop.widgets.app import App, app, load_plugins
from tabletop.widgets.start import StartPage, available_titles
from tabletop.widgets.tracker import Tracker


def downloaded(exports) -> str:
    """The file behind an export's download link."""
    data = re.search(r'base64,([^"]+)"', exports.link.value).group(1)
    return base64.b64decode(data).decode()


def test_every_installed_title_is_offered():
    names = [name for name, _t in available_titles()]
    for name in ("stockpile", "acquire", "black-monday", "jika"):
        assert name in names


def make_start(home):
    opened = []
    store = Store()
    page = StartPage(store, opened.append)
    return page, store, opened


def set_up(page, names, title="fakemarket"):
    from tabletop.widgets.start import add_title_name
    add_title_name("fakemarket")
    page.titles = available_titles()
    page.title_pick.options = [(t.display_name, n) for n, t in page.titles]
    page.title_pick.value = title
    page.count_pick.value = len(names)
    for i, name in enumerate(names):
        page.names[i].value = name


def test_a_new_match_with_options_and_a_pin(home):
    page, store, opened = make_start(home)
    set_up(page, ["Ann", "Bob", "Cy"])
    assert set(page.option_widgets) == {"rounds", "money", "fast_news"}
    page.option_widgets["rounds"].value = 2
    page.pins[1].value = "9876"
    page.start_button.click()
    (saved,) = opened
    assert saved.match.game.players == ("Ann", "Bob", "Cy")
    assert saved.match.game.options["rounds"] == 2
    assert store.has_pin(saved.id, 1) and not store.has_pin(saved.id, 0)
    assert page.pins[1].value == ""            # the typed PIN does not stay on the page


def test_first_player_is_chosen_by_seat_and_stockpile_options_show(home):
    page, store, opened = make_start(home)
    page.title_pick.value = "stockpile"
    page.count_pick.value = 4
    assert set(page.option_widgets) == {"expert_board", "investors", "first_player"}
    assert page.option_widgets["first_player"].options[3] == ("Player 4", 3)   # no name typed yet
    page.option_widgets["first_player"].value = 2
    page.option_widgets["investors"].value = True
    for i, n in enumerate(["A", "B", "C", "D"]):
        page.names[i].value = n
    # the menu says the names typed (issue 14), and keeps the seat chosen
    assert page.option_widgets["first_player"].options == (("A", 0), ("B", 1), ("C", 2), ("D", 3))
    assert page.option_widgets["first_player"].value == 2
    page.start_button.click()
    assert opened[0].match.game.options["first_player"] == 2 and opened[0].match.game.options["investors"]


def test_refused_setup_shows_why_and_saves_nothing(home):
    page, store, opened = make_start(home)
    set_up(page, ["Ann", "Ann"])
    page.start_button.click()
    assert opened == [] and store.list() == []
    assert "no two players the same name" in page.banner.value
    set_up(page, ["Ann", "Bob"])
    page.pins[0].value = "12"
    page.start_button.click()
    assert opened == [] and "PIN is too short" in page.banner.value


def test_saved_matches_resume_export_import_delete(home):
    page, store, opened = make_start(home)
    set_up(page, ["Ann", "Bob"])
    page.start_button.click()
    first = opened.pop()
    page.refresh_saved()
    row = page.saved_box.children[0]
    assert "Fake Market" in row.children[0].value and "Ann, Bob" in row.children[0].value
    resume, delete = row.children[1].children
    resume.click()
    assert opened.pop().id == first.id
    exports = page.row_exports[first.id]
    exports.backup_button.click()             # no PIN set: the backup needs none
    text = downloaded(exports)
    assert json.loads(text)["players"] == ["Ann", "Bob"]
    copy = page.import_text(text)
    assert copy is not None and copy.id != first.id and opened.pop().id == copy.id
    page.refresh_saved()
    assert len(page.saved_box.children) == 2
    page.import_text("{not json")
    assert "not valid JSON" in page.banner.value
    row = page.saved_box.children[0]
    row.children[1].children[1].click()            # Delete asks first
    sure = row.children[2].children[0]
    assert sure.description == "Yes, delete it"
    sure.click()
    assert len(store.list()) == 1


def test_the_app_opens_a_match_from_the_url_and_goes_back_to_the_list(home, monkeypatch):
    store = Store()
    page = StartPage(store, lambda s: None)
    set_up(page, ["Ann", "Bob"])
    opened = []
    page.on_open = opened.append
    page.start_button.click()
    monkeypatch.setenv("QUERY_STRING", f"match={opened[0].id}")
    widget = app()
    assert "tt-tracker" in widget.children[0]._dom_classes
    a = App(store, opened[0].id)
    assert isinstance(a.page, Tracker)
    a.page.on_leave()
    assert isinstance(a.page, StartPage)
    b = App(store, "nosuchmatch")
    assert isinstance(b.page, StartPage) and "no saved match" in b.page.banner.value


def test_plugins_from_the_environment(monkeypatch):
    from tabletop.registry import register_title

    from .fake_title import TITLE
    monkeypatch.setenv("TABLETOP_TITLES", "tests.dashboard.fake_title")
    try:
        assert load_plugins() == ["fakemarket"]
        assert "fakemarket" in [n for n, _t in available_titles()]
    finally:
        register_title(TITLE)      # the module may load under another name: keep this test's classes


# --- store errors in plain words --------------------------------------------------------------
def test_a_damaged_saved_match_is_reported_and_the_others_still_listed(home):
    import sqlite3
    page, store, opened = make_start(home)
    for names in (["Ann", "Bob"], ["Cy", "Dee"]):
        set_up(page, names)
        page.start_button.click()
    damaged = opened[0].id
    db = sqlite3.connect(store.path)
    db.execute("UPDATE matches SET players = '{not a list' WHERE id = ?", (damaged,))
    db.commit()
    db.close()
    with pytest.warns(UserWarning, match="could not be listed"):       # the store warns too
        page.refresh_saved()
    rows = [row for row in page.saved_box.children if "tt-match-row" in row._dom_classes]
    assert len(rows) == 1 and "Cy, Dee" in rows[0].children[0].value
    assert damaged in page.problems.value and "damaged" in page.problems.value


def test_a_busy_database_is_said_in_plain_words_and_nothing_is_started(home):
    import sqlite3
    store = Store(home / "busy.sqlite3", busy_timeout=0.2)
    opened = []
    page = StartPage(store, opened.append)
    set_up(page, ["Ann", "Bob"])
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")          # another program writes and does not let go
    try:
        page.start_button.click()
        assert opened == [] and "in use by another program" in page.banner.value
    finally:
        other.execute("ROLLBACK")
        other.close()
    page.start_button.click()
    assert len(opened) == 1 and page.banner.value == ""


def test_a_file_that_is_no_database_is_left_alone_and_said(home):
    """A foreign file under the saved matches' name is never moved or changed: the page says so."""
    home.mkdir(parents=True, exist_ok=True)
    foreign = b"this is not a database" * 100
    (home / "matches.sqlite3").write_bytes(foreign)
    app = App()
    assert not isinstance(app.page, StartPage)
    assert "not tabletop's saved matches" in app.page.widget.value and "Nothing was changed" in app.page.widget.value
    assert (home / "matches.sqlite3").read_bytes() == foreign and not list(home.glob("*.damaged*"))


def test_a_damaged_database_file_is_set_aside_and_said(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "matches.sqlite3").write_bytes(b"SQLite format 3\x00" + b"damaged pages" * 1000)
    app = App()
    assert isinstance(app.page, StartPage)
    assert "damaged" in app.page.banner.value and "moved aside" in app.page.banner.value
    assert list(home.glob("matches.sqlite3.damaged*"))          # kept, not deleted
    set_up(app.page, ["Ann", "Bob"])
    app.page.start_button.click()                              # a fresh store works
    assert isinstance(app.page, Tracker)


def _widgets_in(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets_in(child)


def _position_page(home, money):
    """The start page with Stockpile's position form open and filled in: round 3, Bob first."""
    import ipywidgets as W
    page, store, opened = make_start(home)
    page.title_pick.value = "stockpile"
    page.count_pick.value = 4
    for i, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.names[i].value = name
    page.position_button.click()
    form = list(_widgets_in(page.position_box))
    by_description = {getattr(w, "description", None): w for w in form}
    by_description["Round"].value = 3
    by_description["First player"].value = 1
    by_description["Epic Electric"].value = 9
    grid = next(w for w in form if isinstance(w, W.GridBox))
    cells = [w for w in grid.children if isinstance(w, W.IntText)]     # per seat: money, stock, split
    for seat, amount in enumerate(money):
        cells[3 * seat].value, cells[3 * seat + 1].value = amount, 3
    start = [w for w in form if isinstance(w, W.Button) and w.description == "Start from this position"]
    return page, store, opened, start[0]


def test_a_game_under_way_starts_from_the_table_as_it_is(home):
    page, store, opened, start = _position_page(home, [18_000, 25_000, 7_000, 30_000])
    start.click()
    (saved,) = opened
    first = store.open(saved.id).match.log[0]             # the position is the log's first entry
    assert type(first).__name__ == "Position"
    view = saved.match.view(None)
    assert view["round"] == 3 and view["first_player"] == 1
    assert [p["money"] for p in view["players"]] == [18_000, 25_000, 7_000, 30_000]
    waiting = saved.match.waiting_for()                   # then each player's face-down cards
    assert waiting.secret and waiting.seat == 1


def test_an_impossible_position_is_refused_in_words_and_nothing_is_stored(home):
    page, store, opened, start = _position_page(home, [18_000, -500, 7_000, 30_000])
    start.click()
    assert opened == [] and store.list() == []
    assert "money" in page.banner.value.lower() and "Bob" in page.banner.value


def test_every_option_the_start_page_shows_is_explained_in_a_sentence(home):
    """Issue 14: every option has a one-line explanation ("Crash within limit", "Copies"...)."""
    from tabletop.store import Store
    from tabletop.widgets.start import StartPage
    home.mkdir(parents=True, exist_ok=True)
    page = StartPage(Store(home / "t.db"), lambda stored: None)
    for name in ("stockpile", "acquire", "black-monday", "jika"):    # not the tests' own titles
        page.title_pick.value = name
        for key, widget in page.option_widgets.items():
            box = next(row for row in page.options_box.children if widget in row.children)
            words = [w.value for w in box.children if w is not widget]
            assert words and len(words[0]) > 30 and words[0].rstrip("</div>").endswith("."), (name, key, words)
    page.close()
