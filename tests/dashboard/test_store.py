"""Saved matches: autosave after every action, resume exactly, JSON export/import, PINs as hashes.
Each test runs twice: with the data folder's SQLite file, and with ``TABLETOP_DATABASE_URL`` set
to a PostgreSQL database (an empty schema in the test run's cluster, tests/pg.py)."""
import json
import random
import sqlite3

import argon2
import psycopg
import pytest

from pg import session_postgres

from tabletop import HistoryError, IllegalAction, Match, OptionsError, SaveFileError
from tabletop.errors import DatabaseBusy
from tabletop.store import StaleMatch, Store, data_home, default_store
from tabletop.testing import snapshot

from .fake_title import DealTip


@pytest.fixture(params=["sqlite", "postgresql"])
def home(request, tmp_path, monkeypatch):
    """A fresh data folder; for "postgresql" also a fresh database named by TABLETOP_DATABASE_URL."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    if request.param == "postgresql":
        monkeypatch.setenv("TABLETOP_DATABASE_URL", session_postgres(request).new_schema())
    else:
        monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    return tmp_path / "home"


def on_postgres() -> bool:
    return Store().path is None


def new_match():
    return Match("fakemarket", ["Alice", "Bob", "Cy"], {"rounds": 2})


def play_some(saved, n, seed=3):
    rng = random.Random(seed)
    for _ in range(n):
        legal = saved.match.legal_actions()
        if not legal:
            break
        saved.apply(legal[rng.randrange(len(legal))])


def test_data_folder_comes_from_TABLETOP_HOME(home):
    assert data_home() == home
    store = default_store()
    if on_postgres():                      # the database named by TABLETOP_DATABASE_URL, no file
        assert store.where.startswith("the PostgreSQL database 'stores'") and not home.exists()
        return
    assert store.path.parent == home and store.path.exists()


def test_every_action_is_saved_and_a_new_process_resumes_exactly(home):
    store = Store()
    saved = store.create(new_match())
    play_some(saved, 9)
    again = Store().open(saved.id)           # as a restarted server would
    assert again.match.log == saved.match.log
    assert snapshot(again.match) == snapshot(saved.match)
    info = store.list()[0]
    assert (info.id, info.title, info.players, info.n_actions) == (saved.id, "fakemarket",
                                                                    ("Alice", "Bob", "Cy"), 9)


def test_undone_actions_survive_a_reload_and_can_be_redone(home):
    store = Store()
    saved = store.create(new_match())
    play_some(saved, 8)
    full = snapshot(saved.match)
    saved.undo()
    saved.undo_to(3)
    again = store.open(saved.id)
    assert len(again.match) == 3 and len(again.match.undone) == 5
    for _ in range(5):
        again.redo()
    assert snapshot(again.match) == full
    assert snapshot(store.open(saved.id).match) == full


def test_a_new_action_after_undo_drops_the_redo_entries_from_the_database(home):
    store = Store()
    saved = store.create(new_match())
    play_some(saved, 6)
    saved.undo_to(2)
    saved.apply(saved.match.legal_actions()[-1])
    again = store.open(saved.id)
    assert len(again.match) == 3 and again.match.undone == ()
    rows = store._db.execute("SELECT count(*) FROM actions WHERE match_id = ?", (saved.id,)).fetchone()[0]
    assert rows == 3


def test_a_refused_action_changes_nothing_in_memory_or_on_disk(home):
    store = Store()
    saved = store.create(new_match())
    saved.apply(DealTip(0, "Apple up"))
    before = snapshot(saved.match), store.revision(saved.id)
    with pytest.raises(IllegalAction):
        saved.apply(DealTip(2, "Apple up"))
    with pytest.raises(HistoryError):
        saved.redo()
    assert (snapshot(saved.match), store.revision(saved.id)) == before
    assert snapshot(store.open(saved.id).match) == before[0]


def test_two_screens_on_one_match_cannot_overwrite_each_other(home):
    store = Store()
    first = store.create(new_match())
    second = Store().open(first.id)
    first.apply(DealTip(0, "Apple up"))
    with pytest.raises(StaleMatch, match="changed on another screen"):
        second.apply(DealTip(0, "Berry down"))
    assert second.match.log == ()          # nothing changed on the stale screen
    assert store.open(first.id).match.log == (DealTip(0, "Apple up"),)


def test_a_database_failure_leaves_the_match_as_saved(home):
    store = Store(busy_timeout=0.2)
    saved = store.create(new_match())
    saved.apply(DealTip(0, "Apple up"))
    before = snapshot(saved.match)
    if on_postgres():
        other = psycopg.connect(store.url, autocommit=True)
        other.execute("BEGIN")
        other.execute("LOCK TABLE matches IN EXCLUSIVE MODE")     # another program holds the matches
    else:
        other = sqlite3.connect(store.path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")      # another program holds the database
    try:
        with pytest.raises(DatabaseBusy, match="Nothing was saved"):
            saved.apply(DealTip(1, "Apple up"))
        assert snapshot(saved.match) == before
    finally:
        other.execute("ROLLBACK")
        other.close()
    saved.apply(DealTip(1, "Apple up"))       # free again: the same entry is accepted
    assert len(store.open(saved.id).match) == 2


def test_export_and_import_json(home, tmp_path):
    store = Store()
    saved = store.create(new_match())
    play_some(saved, 7)
    text = store.export_json(saved.id)
    assert json.loads(text)["format"] == "tabletop-match"
    assert Match.from_json(text).log == saved.match.log
    copy = Store(tmp_path / "other.sqlite3").import_json(text)
    assert copy.id != saved.id and snapshot(copy.match) == snapshot(saved.match)
    with pytest.raises(SaveFileError, match="checksum"):
        store.import_json(text.replace('"Alice"', '"Alicia"'))


def test_list_and_delete(home):
    store = Store()
    a = store.create(new_match())
    b = store.create(Match("fakemarket", ["Dee", "Eve"]))
    b.apply(DealTip(0, "Apple up"))
    assert [i.id for i in store.list()] == [b.id, a.id]       # most recently played first
    store.delete(a.id)
    assert [i.id for i in store.list()] == [b.id]
    with pytest.raises(SaveFileError) as gone:
        store.open(a.id)
    assert str(gone.value) == f"There is no saved match '{a.id}'."    # the page says which one
    with pytest.raises(SaveFileError):
        store.delete(a.id)


def test_a_finished_match_is_listed_as_over(home):
    store = Store()
    saved = store.create(Match("fakemarket", ["Dee", "Eve"], {"rounds": 1}))
    play_some(saved, 100)
    assert saved.match.is_over()
    assert store.list()[0].over


def test_pins_are_stored_only_as_salted_hashes(home):
    # argon2's parameters are tested in tests/store/test_pins.py: the database's side here, quickly
    store = Store(pin_hasher=argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)) \
        if on_postgres() else Store()
    saved = store.create(new_match())
    assert store.check_pin(saved.id, 0, "anything")      # no PIN set: open
    store.set_pin(saved.id, 0, "4711")
    store.set_pin(saved.id, 1, "4711")
    assert store.has_pin(saved.id, 0) and not store.has_pin(saved.id, 2)
    assert store.check_pin(saved.id, 0, "4711") and not store.check_pin(saved.id, 0, "4712")
    rows = store._db.execute("SELECT method, hash FROM pins").fetchall()
    assert [r[0] for r in rows] == ["argon2id", "argon2id"]
    assert rows[0][1] != rows[1][1]           # the same PIN, two hashes: each has its own salt
    if on_postgres():                         # every row of every table, as text
        for table in ("matches", "actions", "pins", "seat_keys", "advance"):
            assert "4711" not in " ".join(r[0] for r in store._db.execute(f"SELECT t::text FROM {table} t"))
    else:
        for path in store.path.parent.iterdir():      # the database and its write-ahead log
            assert b"4711" not in path.read_bytes()
    with pytest.raises(OptionsError, match="at least 4"):
        store.set_pin(saved.id, 2, "12")
    store.set_pin(saved.id, 0, None)
    assert not store.has_pin(saved.id, 0)
    assert "pin" not in store.export_json(saved.id, {1: "4711"}).lower()


def test_the_page_says_when_the_class_database_cannot_be_used(request, monkeypatch, tmp_path):
    """A hub whose TABLETOP_DATABASE_URL is wrong: every page says why in a sentence (docs/classroom.md),
    without the password, and starts nothing."""
    from tabletop.widgets.app import App
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    wrong_password = session_postgres(request).new_schema(password="not-the-password")
    for url, words, secret in [(wrong_password, "refused the password", "not-the-password"),
                               ("mysql://root:hunter2@db/x", "should be a PostgreSQL address", "hunter2")]:
        monkeypatch.setenv("TABLETOP_DATABASE_URL", url)
        app = App()
        shown = app.page.widget.value
        assert app.store is None and words in shown and secret not in shown
    assert list(tmp_path.iterdir()) == []             # no file made instead
