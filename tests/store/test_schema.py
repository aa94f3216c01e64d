"""The database's own format: upgrades from version 1, refuses newer ones, deletes whole matches,
is built once when several servers start at the same moment (SQLite and PostgreSQL)."""
import json
import shutil
import sqlite3
import threading
from pathlib import Path

import argon2
import pytest

from tabletop import Match
from tabletop.errors import DatabaseDamaged, StoreError
from tabletop.store import SCHEMA_VERSION, Store

from .helpers import assert_plain, is_postgres, play, raw_execute
from .helpers import raw_rows as rows_at

# Made by tabletop at commit 403fd55 (schema version 1): a Stockpile match of Alice, Bob and Cy
# with 40 entries of which 3 were undone, Alice's PIN 4711 (scrypt) and Bob's PIN 2580 (PBKDF2,
# as on a Python without scrypt); and a 時価で勝負 match of Dee, Eve and Fay with 10 entries.
V1_FILE = Path(__file__).parent / "data" / "schema_v1.sqlite3"
V1_STOCKPILE, V1_JIKA = "6e2b5b25ad6f", "30e62efc8e5a"


@pytest.fixture
def v1_copy(tmp_path):
    path = tmp_path / "matches.sqlite3"
    shutil.copyfile(V1_FILE, path)
    return path


def raw_rows(path, sql, *args):
    db = sqlite3.connect(path)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def test_a_version_1_file_opens_with_its_matches_entries_and_pins(v1_copy):
    assert raw_rows(v1_copy, "SELECT value FROM meta WHERE key = 'schema'") == [("1",)]
    entries = {(m, kind): [r[0] for r in raw_rows(
        v1_copy, "SELECT data FROM actions WHERE match_id = ? AND kind = ? ORDER BY pos", m, kind)]
        for m in (V1_STOCKPILE, V1_JIKA) for kind in ("log", "redo")}
    store = Store(v1_copy)
    assert sorted((i.id, i.title, i.players, i.n_actions) for i in store.list()) == sorted([
        (V1_STOCKPILE, "stockpile", ("Alice", "Bob", "Cy"), 37), (V1_JIKA, "jika", ("Dee", "Eve", "Fay"), 10)])
    for match_id in (V1_STOCKPILE, V1_JIKA):
        match = store.open(match_id).match
        assert [a.to_dict() for a in match.log] == [json.loads(d) for d in entries[(match_id, "log")]]
        assert len(match.undone) == len(entries[(match_id, "redo")])
    assert len(store.open(V1_STOCKPILE).match.undone) == 3
    assert store.has_pin(V1_STOCKPILE, 0) and store.has_pin(V1_STOCKPILE, 1)
    assert not store.has_pin(V1_STOCKPILE, 2) and not store.has_pin(V1_JIKA, 0)
    assert not store.check_pin(V1_STOCKPILE, 0, "4712")
    assert store.check_pin(V1_STOCKPILE, 0, "4711") and store.check_pin(V1_STOCKPILE, 1, "2580")
    assert raw_rows(v1_copy, "SELECT value FROM meta WHERE key = 'schema'") == [(str(SCHEMA_VERSION),)]
    store.close()
    again = Store(v1_copy)                         # upgraded once; opens as a current file
    assert again.check_pin(V1_STOCKPILE, 1, "2580") and len(again.open(V1_STOCKPILE).match) == 37


def contents(location):
    """Everything in the store, as another program reads it."""
    if not is_postgres(location):
        return location.read_bytes(), sorted(location.parent.iterdir())
    return {table: sorted(rows_at(location, f"SELECT t::text FROM {table} t"))
            for table in ("meta", "matches", "actions", "pins", "seat_keys", "advance")}


def test_a_newer_database_is_refused_in_plain_words_and_left_as_it_is(location):
    with Store(location) as store:
        play(store.create(Match("stockpile", ["Ann", "Ben", "Cy"])), 5)
    raw_execute(location, f"UPDATE meta SET value = '{SCHEMA_VERSION + 1}' WHERE key = 'schema'")
    before = contents(location)
    with pytest.raises(StoreError) as caught:
        Store(location)
    assert not isinstance(caught.value, DatabaseDamaged)
    assert_plain(caught.value, location)
    assert "newer" in str(caught.value) and "Update tabletop" in str(caught.value)
    assert contents(location) == before


def test_stores_opened_at_once_on_a_new_database_build_it_once(location):
    """Servers starting at the same moment (a class opening the lesson) on a database without
    tabletop's tables yet: every one opens, and the schema is there once."""
    opened, failed = [], []
    start = threading.Barrier(8)

    def open_one():
        try:
            start.wait(30)
            with Store(location) as store:
                opened.append(store.list())
        except Exception as exc:                     # said below, with what it was
            failed.append(f"{type(exc).__name__}: {exc}")
    threads = [threading.Thread(target=open_one) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert failed == [] and opened == [[]] * 8
    assert rows_at(location, "SELECT key, value FROM meta") == [("schema", str(SCHEMA_VERSION))]
    with Store(location) as store:
        assert store.create(Match("jika", ["Dee", "Eve", "Fay"])).id in [i.id for i in store.list()]


def test_deleting_a_match_deletes_its_entries_and_pins_and_nothing_else(location):
    path = location
    store = Store(path, pin_hasher=argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
    gone = store.create(Match("stockpile", ["Ann", "Ben", "Cy"]))
    kept = store.create(Match("stockpile", ["Dee", "Eve"]))
    for saved in (gone, kept):
        play(saved, 12)
        saved.undo()                               # a 'redo' row as well
        store.set_pin(saved.id, 0, "4711")

    def rows(match_id):
        return [rows_at(path, f"SELECT count(*) FROM {table} WHERE match_id = ?", match_id)[0][0]
                for table in ("actions", "pins")]
    assert rows(gone.id) == [12, 1] and rows(kept.id) == [12, 1]
    store.delete(gone.id)
    assert rows(gone.id) == [0, 0]
    assert rows(kept.id) == [12, 1]
    assert not store.exists(gone.id) and len(store.open(kept.id).match) == 11
