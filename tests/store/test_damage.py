"""A damaged, locked or full database, and one bad row: plain-words errors, nothing deleted.

Each damaged file must be moved aside whole (the same bytes under ``<name>.damaged-<time>``),
the user told where it went, and the next Store() must start a new empty store. A damaged file
is never silently replaced. A bad row is the same on PostgreSQL (its own failures: test_postgres.py).
"""
import json
import os
import random
import sqlite3
import time
import warnings

import pytest

from tabletop import Match, SaveFileError
from tabletop.errors import DatabaseBusy, DatabaseDamaged, StoreError
from tabletop.store import Store

from .helpers import assert_plain, make_store, play, raw_execute

PAGE = 4096      # SQLite's default page size


def truncate_to(size):
    def damage(path):
        os.truncate(path, size(os.path.getsize(path)))
    return damage


def overwrite(offset, length, seed=0):
    def damage(path):
        rng = random.Random(seed)
        with open(path, "r+b") as file:
            file.seek(offset)
            file.write(bytes(rng.randrange(256) for _ in range(length)))
    return damage


DAMAGE = {
    "truncated to half": truncate_to(lambda n: n // 2),
    "truncated inside the last page": truncate_to(lambda n: n - 1000),
    "truncated inside the header": truncate_to(lambda n: 50),
    "random bytes over a page": overwrite(2 * PAGE, PAGE, seed=1),
    "random bytes over the schema page": overwrite(0 + 100, PAGE - 100, seed=2),
    "random bytes over every page after the first": overwrite(PAGE, 40 * PAGE, seed=3),
    "header damaged": overwrite(0, 16, seed=4),
    "zero length": truncate_to(lambda n: 0),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_database_is_moved_aside_and_a_new_store_starts_next_time(tmp_path, kind):
    path = tmp_path / "matches.sqlite3"
    make_store(path)
    DAMAGE[kind](path)
    damaged = path.read_bytes()
    with pytest.raises(DatabaseDamaged) as caught:
        Store(path)
    moved = caught.value.moved_to
    assert_plain(caught.value, path, moved)
    assert str(moved) in str(caught.value) and "new empty store" in str(caught.value)
    assert moved.name.startswith("matches.sqlite3.damaged-") and moved.parent == path.parent
    assert moved.read_bytes() == damaged           # moved whole, not deleted or changed
    assert not path.exists()
    with Store(path) as fresh:                     # next time: a new empty store
        assert fresh.list() == []
    assert moved.read_bytes() == damaged


def test_a_damaged_file_keeps_its_write_ahead_log_with_it(tmp_path):
    path = tmp_path / "matches.sqlite3"
    make_store(path, n_matches=1)
    store = Store(path)
    play(store.create(Match("jika", ["Dee", "Eve", "Fay"])), 5)   # committed, still only in the log
    log = path.with_name(path.name + "-wal")
    assert log.stat().st_size > 0
    kept = log.read_bytes()
    overwrite(0, 16)(path)
    with pytest.raises(DatabaseDamaged) as caught:
        Store(path)
    moved = caught.value.moved_to
    assert (moved.with_name(moved.name + "-wal")).read_bytes() == kept
    assert not log.exists()                        # not replayed into the next, new store
    with Store(path) as fresh:
        assert fresh.list() == []


def test_a_folder_where_the_database_should_be_is_left_alone_and_named(tmp_path):
    path = tmp_path / "matches.sqlite3"
    path.mkdir()
    (path / "notes.txt").write_text("mine")
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert not isinstance(caught.value, DatabaseDamaged)
    assert_plain(caught.value, path)
    assert "folder" in str(caught.value)
    assert (path / "notes.txt").read_text() == "mine"      # not moved, not deleted


def test_a_file_of_another_program_is_refused_and_left_unchanged(tmp_path):
    path = tmp_path / "matches.sqlite3"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.commit()
    other.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert_plain(caught.value, path)
    assert path.read_bytes() == before


def hold_exclusive(path):
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    return other


def test_a_locked_database_waits_the_bounded_time_then_says_nothing_was_saved(tmp_path):
    path = tmp_path / "matches.sqlite3"
    ids = make_store(path, n_matches=1, entries=10)
    store = Store(path, busy_timeout=0.5)
    saved = store.open(ids[0])
    before = saved.match.log
    other = hold_exclusive(path)
    try:
        for attempt in (lambda: saved.apply(saved.match.legal_actions()[0]),
                        lambda: store.create(Match("jika", ["Dee", "Eve", "Fay"])),
                        lambda: store.delete(ids[0])):
            start = time.monotonic()
            with pytest.raises(DatabaseBusy) as caught:
                attempt()
            waited = time.monotonic() - start
            assert 0.45 <= waited < 2.5, waited
            assert_plain(caught.value, path)
            assert "Nothing was saved" in str(caught.value)
        assert saved.match.log == before
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert [i.id for i in store.list()] == ids and store.open(ids[0]).match.log == before
    saved.apply(saved.match.legal_actions()[0])      # free again: entries are saved
    assert len(store.open(ids[0]).match) == len(before) + 1


def test_by_default_a_locked_database_is_waited_for_about_three_seconds(tmp_path):
    path = tmp_path / "matches.sqlite3"
    make_store(path, n_matches=0)
    store = Store(path)
    other = hold_exclusive(path)
    try:
        start = time.monotonic()
        with pytest.raises(DatabaseBusy):
            store.create(Match("jika", ["Dee", "Eve", "Fay"]))
        assert 2.5 <= time.monotonic() - start < 6
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_full_disk_is_said_in_plain_words_and_the_match_stays_as_saved(tmp_path):
    path = tmp_path / "matches.sqlite3"
    store = Store(path)
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"]))
    play(saved, 5)
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")     # the file may not grow: a full disk
    with pytest.raises(StoreError) as caught:
        play(saved, 400, seed=2)
    assert_plain(caught.value, path)
    assert "is full" in str(caught.value) and "free some space" in str(caught.value)
    assert "Nothing was saved" in str(caught.value)
    held = len(saved.match)
    assert Store(path).open(saved.id).match.log == saved.match.log and held >= 5


def test_a_read_only_database_is_said_in_plain_words(tmp_path):
    path = tmp_path / "matches.sqlite3"
    store = Store(path)
    store._db.execute("PRAGMA query_only = ON")
    with pytest.raises(StoreError) as caught:
        store.create(Match("jika", ["Dee", "Eve", "Fay"]))
    assert_plain(caught.value, path)
    assert Store(path).list() == []


def test_one_bad_row_is_skipped_with_a_warning_and_the_others_are_listed(location):
    path = location
    ids = make_store(path, n_matches=3, entries=5)
    raw_execute(path, f"UPDATE matches SET players = '[\"Ann\", \"Ben\"' WHERE id = '{ids[1]}'")  # cut JSON
    store = Store(path)
    with pytest.warns(UserWarning, match=ids[1]):
        listed = store.list()
    assert sorted(i.id for i in listed) == sorted([ids[0], ids[2]])
    assert all(i.players == ("Ann", "Ben", "Cy") for i in listed)
    assert len(store.list_problems) == 1 and ids[1] in store.list_problems[0]
    assert_plain(store.list_problems[0], path)
    with pytest.raises(SaveFileError) as caught:
        store.open(ids[1])
    assert_plain(caught.value, path)
    store.delete(ids[1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(store.list()) == 2
    assert store.list_problems == []               # reset on each call


@pytest.mark.parametrize("cell, value", [
    ("players", json.dumps({"Ann": 1})),          # JSON, but not a list of names
    ("players", json.dumps([1, 2])),
])
def test_other_bad_cells_are_skipped_too(location, cell, value):
    ids = make_store(location, n_matches=2, entries=3)
    raw_execute(location, f"UPDATE matches SET {cell} = '{value}' WHERE id = '{ids[0]}'")
    store = Store(location)
    with pytest.warns(UserWarning):
        assert [i.id for i in store.list()] == [ids[1]]


@pytest.mark.parametrize("cell, value", [("created", "yesterday"), ("n_actions", "many")])
def test_cells_of_the_wrong_type_are_skipped_too(tmp_path, cell, value):
    """SQLite keeps any value in any column (PostgreSQL refuses them when they are written)."""
    path = tmp_path / "matches.sqlite3"
    ids = make_store(path, n_matches=2, entries=3)
    raw = sqlite3.connect(path)
    raw.execute(f"UPDATE matches SET {cell} = ? WHERE id = ?", (value, ids[0]))
    raw.commit()
    raw.close()
    store = Store(path)
    with pytest.warns(UserWarning):
        assert [i.id for i in store.list()] == [ids[1]]


def test_a_damaged_entry_row_makes_that_match_unreadable_in_plain_words(location):
    path = location
    ids = make_store(path, n_matches=2, entries=6)
    raw_execute(path, f"UPDATE actions SET data = '{{\"type\": ' WHERE match_id = '{ids[0]}' AND pos = 2")
    store = Store(path)
    with pytest.raises(SaveFileError) as caught:
        store.open(ids[0])
    assert_plain(caught.value, path)
    assert len(store.open(ids[1]).match) == 6     # the other match is untouched


def test_damage_found_during_play_moves_the_file_aside_too(tmp_path):
    path = tmp_path / "matches.sqlite3"
    ids = make_store(path, n_matches=3, entries=120)
    store = Store(path)
    store._db.execute("PRAGMA cache_size = 1")      # read pages from the disk again, as a long session would
    overwrite(3 * PAGE, 20 * PAGE, seed=5)(path)    # another program damages the file meanwhile
    damaged = path.read_bytes()
    with pytest.raises(DatabaseDamaged) as caught:
        for match_id in ids:
            store.open(match_id)
    assert_plain(caught.value, path, caught.value.moved_to)
    assert caught.value.moved_to.read_bytes() == damaged and not path.exists()
    with pytest.raises(StoreError) as caught:       # this store is closed now; the next one is new
        store.list()
    assert_plain(caught.value, path)
    assert Store(path).list() == []
