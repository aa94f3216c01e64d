"""What a player reads from the store, word for word, and where it keeps its file. The PIN and
backup words and names as written run on both backends (``location``: SQLite and PostgreSQL);
the tests of the SQLite file itself (empty, damaged, the data folder) are SQLite's alone, and
PostgreSQL's own errors are in test_postgres.py.

Expected sentences are typed from docs/security.md's schedule (3 wrong PINs free, then 2 s,
doubling up to 15 minutes) and the docs' words, not taken from the code."""
import sqlite3
import sys

import pytest

from tabletop import Match
from tabletop.errors import DatabaseDamaged, PinLocked, PinRequired
from tabletop.store import Store, data_home

from .helpers import make_store, play
from .test_pins import QUICK_HASHER, Clock


@pytest.fixture
def table(location):
    clock = Clock()
    store = Store(location, clock=clock, pin_hasher=QUICK_HASHER)
    match_id = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"])).id
    store.set_pin(match_id, 0, "4711")
    yield store, match_id, clock
    store.close()


def locked_words(store, match_id) -> str:
    with pytest.raises(PinLocked) as info:
        store.check_pin(match_id, 0, "4711")
    return str(info.value)


def test_a_locked_pin_says_how_long_to_wait_in_minutes_and_seconds(table):
    store, match_id, clock = table
    start = clock.now
    for _ in range(3):                                    # three wrong PINs are free
        assert store.check_pin(match_id, 0, "0000") is False
    expected = {0.0: "2 seconds", 0.5: "2 seconds", 1.2: "1 second", 1.99: "1 second"}
    for waited, words in expected.items():
        clock.now = start + waited
        assert locked_words(store, match_id) == f"Too many wrong PINs for Ann: try again in {words}."
    # wrong guesses 4 to 8 each wait their turn: 2, 4, 8, 16 and 32 s, so the 8th locks for 64 s
    for wait in (2, 4, 8, 16, 32):
        clock.now += wait
        assert store.check_pin(match_id, 0, "0000") is False
    locked_at = clock.now
    for left, words in {64: "1 minute 4 seconds", 61: "1 minute 1 second", 60.5: "1 minute 1 second",
                        60: "1 minute", 59.2: "1 minute", 2: "2 seconds"}.items():
        clock.now = locked_at + 64 - left
        assert locked_words(store, match_id) == f"Too many wrong PINs for Ann: try again in {words}."
    for wait in (64, 128, 256):                           # guesses 9 to 11; the 11th locks for 512 s
        clock.now += wait
        assert store.check_pin(match_id, 0, "0000") is False
    assert locked_words(store, match_id).endswith("try again in 8 minutes 32 seconds.")
    clock.now += 512                                      # the 12th would wait 1,024 s: 15 minutes at most
    assert store.check_pin(match_id, 0, "0000") is False
    assert locked_words(store, match_id).endswith("try again in 15 minutes.")
    clock.now += 120
    assert locked_words(store, match_id).endswith("try again in 13 minutes.")


def test_a_backup_names_the_players_whose_pins_it_needs(table):
    store, match_id, _ = table
    store.set_pin(match_id, 1, "1234")
    store.set_pin(match_id, 3, "9876")

    def asked(pins):
        with pytest.raises(PinRequired) as info:
            store.export_backup(match_id, pins)
        return str(info.value), list(info.value.seats)

    assert asked({}) == ("A full backup holds every player's secrets, so it needs the PINs of Ann, Ben "
                         "and Dee. Without them, export the public record instead.", [0, 1, 3])
    assert asked({0: "4711"}) == ("A full backup holds every player's secrets, so it needs the PINs of "
                                  "Ben and Dee. Without them, export the public record instead.", [1, 3])
    assert asked({0: "4711", 3: "9876", 1: "1111"}) == (
        "A full backup holds every player's secrets, so it needs the PIN of Ben. Without it, export "
        "the public record instead.", [1])
    assert '"format": "tabletop-match"' in store.export_backup(match_id, {0: "4711", 1: "1234", 3: "9876"})


def test_a_pin_row_for_a_seat_the_match_lacks_is_named_by_its_number(table):
    """An edited database may hold a PIN for seat 5 of a 4-player match: the message says "seat 5"
    (seats are counted from 1 for people) instead of failing."""
    store, match_id, _ = table
    store._db.execute("INSERT INTO pins (match_id, seat, method, salt, hash) VALUES (?, 4, 'argon2id', ?, ?)",
                      (match_id, b"", b"x"))
    with pytest.raises(PinRequired) as info:
        store.export_backup(match_id, {})
    assert "needs the PINs of Ann and seat 5." in str(info.value)


def test_the_public_record_shows_names_as_written(location):
    with Store(location) as store:
        saved = store.create(Match("jika", ["Zoë", "時価", "Ólafur"], seed=2))
        play(saved, 10)
        text = store.export_public(saved.id)
    assert '"Zoë"' in text and '"時価"' in text


def test_an_empty_database_file_gets_the_saved_matches_tables(tmp_path):
    """An SQLite file with no tables yet (made by another tool, or left by an interrupted setup)."""
    path = tmp_path / "matches.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE scratch (x)")
    db.execute("DROP TABLE scratch")
    db.commit()
    db.close()
    assert path.stat().st_size > 0
    with Store(path) as store:
        saved = store.create(Match("jika", ["A", "B", "C"], seed=1))
        play(saved, 5)
    with Store(path) as store:
        assert [m.id for m in store.list()] == [saved.id] and len(store.open(saved.id).match) == 5


def test_a_damaged_file_takes_both_its_logs_with_it(tmp_path):
    path = tmp_path / "matches.sqlite3"
    make_store(path, n_matches=1, entries=20)
    open_store = Store(path)          # an open store keeps its -wal and -shm files
    play(open_store.create(Match("jika", ["Dee", "Eve", "Fay"])), 5)
    logs = {suffix: path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")}
    assert all(log.exists() for log in logs.values())
    with open(path, "r+b") as f:
        f.write(b"\0" * 16)           # the header
    with pytest.raises(DatabaseDamaged) as caught:
        Store(path)
    open_store._close_quietly()
    moved = caught.value.moved_to
    for suffix, log in logs.items():
        assert not log.exists(), f"the {suffix} file stayed beside the next, new store"
        assert moved.with_name(moved.name + suffix).exists()


def test_the_data_folder_is_tabletop_home_or_the_user_data_folder(tmp_path, monkeypatch):
    """README: saved in $TABLETOP_HOME, default the user data folder (~/.local/share/tabletop on
    Linux, or $XDG_DATA_HOME/tabletop); the same without the platformdirs package."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("TABLETOP_HOME", "~/games")
    assert data_home() == tmp_path / "games"
    monkeypatch.delenv("TABLETOP_HOME")
    for hidden in (False, True):
        if hidden:
            monkeypatch.setitem(sys.modules, "platformdirs", None)   # as if it were not installed
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        assert data_home() == tmp_path / ".local" / "share" / "tabletop"
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
        assert data_home() == tmp_path / "xdg" / "tabletop"
