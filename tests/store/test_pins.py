"""Seat PINs: argon2id hashes with current parameters, old hashes upgraded, guesses slowed down.

The schedule (docs/security.md): 3 wrong PINs in a row are free, then each further attempt waits
2 s, 4 s, 8 s ... doubling up to 15 minutes; the wait is kept in the database, so a reload does
not reset it; a right PIN resets it. The clock is injected, so no test sleeps. Every test runs on
SQLite and on PostgreSQL (``location``: tests/store/conftest.py).
"""
import hashlib
import sqlite3

import psycopg
import argon2
import pytest

from tabletop import Match, OptionsError
from tabletop.errors import PinLocked
from tabletop.store import Store

from .helpers import assert_plain, is_postgres, raw_rows


class Clock:
    def __init__(self, now=1_700_000_000.0):
        self.now = now

    def __call__(self):
        return self.now


# argon2id with the smallest parameters: the same code paths, without 64 MiB per attempt
QUICK_HASHER = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def make_table(path, **settings):
    clock = Clock()
    store = Store(path, clock=clock, **settings)
    match_id = store.create(Match("stockpile", ["Ann", "Ben", "Cy"])).id
    store.set_pin(match_id, 0, "4711")
    return store, match_id, clock


@pytest.fixture
def table(location):
    """A store on a fake clock with one match whose seat 0 (Ann) has the PIN 4711."""
    return make_table(location, pin_hasher=QUICK_HASHER)


@pytest.fixture
def strong_table(location):
    """The same with the hash parameters a player's store uses."""
    return make_table(location)


def pin_row(store, match_id, seat):
    return store._db.execute("SELECT method, salt, hash FROM pins WHERE match_id = ? AND seat = ?",
                             (match_id, seat)).fetchone()


def test_a_pin_is_stored_as_an_argon2id_hash_with_current_parameters(strong_table, location):
    store, match_id, _ = strong_table
    method, _, digest = pin_row(store, match_id, 0)
    encoded = digest.decode("ascii")
    params = argon2.extract_parameters(encoded)
    # RFC 9106's second recommended option: argon2id, 64 MiB, 3 passes, 16-byte salt
    assert method == "argon2id" and params.type is argon2.Type.ID
    assert params.memory_cost >= 64 * 1024 and params.time_cost >= 3 and params.salt_len >= 16
    assert argon2.PasswordHasher().verify(encoded, "4711")
    store.close()
    if is_postgres(location):                 # every row of every table, as text
        for table in ("meta", "matches", "actions", "pins", "seat_keys", "advance"):
            assert not [row for row in raw_rows(location, f"SELECT t::text FROM {table} t") if "4711" in row[0]]
        return
    for path in store.path.parent.iterdir():
        assert b"4711" not in path.read_bytes()


def test_three_wrong_pins_are_free_then_the_wait_doubles_up_to_15_minutes(table):
    store, match_id, clock = table
    assert store.pin_wait(match_id, 0) == 0.0
    for _ in range(2):
        assert store.check_pin(match_id, 0, "0000") is False
        assert store.pin_wait(match_id, 0) == 0.0
    waits = []
    for _ in range(12):
        assert store.check_pin(match_id, 0, "0000") is False
        waits.append(store.pin_wait(match_id, 0))
        clock.now += waits[-1]
    assert waits == [2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]


def test_while_locked_no_pin_is_checked_not_even_the_right_one(table):
    store, match_id, clock = table
    for _ in range(3):
        store.check_pin(match_id, 0, "1234")
    clock.now += 0.5
    with pytest.raises(PinLocked) as caught:
        store.check_pin(match_id, 0, "4711")
    assert caught.value.retry_after == pytest.approx(1.5)
    assert_plain(caught.value)
    assert "Ann" in str(caught.value) and "2 seconds" in str(caught.value)
    assert store.pin_wait(match_id, 0) == pytest.approx(1.5)     # the refused try did not count
    clock.now += 1.5
    assert store.check_pin(match_id, 0, "1234") is False
    assert store.pin_wait(match_id, 0) == 4                      # the 4th wrong PIN, not the 5th


def test_the_wait_survives_a_reload(table, location):
    store, match_id, clock = table
    for _ in range(4):
        store.check_pin(match_id, 0, "1234")
        clock.now += store.pin_wait(match_id, 0)
    store.check_pin(match_id, 0, "1234")                          # the 5th wrong PIN: wait 8 s
    store.close()
    again = Store(location, clock=clock)
    assert again.pin_wait(match_id, 0) == 8
    with pytest.raises(PinLocked):
        again.check_pin(match_id, 0, "4711")


def test_a_right_pin_resets_the_count(table):
    store, match_id, clock = table
    for _ in range(3):
        store.check_pin(match_id, 0, "1234")
    clock.now += 2
    assert store.check_pin(match_id, 0, "4711") is True
    assert store.pin_wait(match_id, 0) == 0.0
    for _ in range(2):
        store.check_pin(match_id, 0, "1234")
    assert store.pin_wait(match_id, 0) == 0.0                     # free again
    store.check_pin(match_id, 0, "1234")
    assert store.pin_wait(match_id, 0) == 2


def test_each_seat_has_its_own_count_and_seats_without_pin_are_open(table):
    store, match_id, clock = table
    store.set_pin(match_id, 1, "2580")
    for _ in range(3):
        store.check_pin(match_id, 0, "1234")
    assert store.pin_wait(match_id, 1) == 0.0 and store.check_pin(match_id, 1, "2580")
    assert store.check_pin(match_id, 2, "anything") and store.pin_wait(match_id, 2) == 0.0


def test_a_clock_set_back_never_locks_longer_than_the_longest_wait(table):
    store, match_id, clock = table
    for _ in range(3):
        store.check_pin(match_id, 0, "1234")
    clock.now -= 86_400                                           # the computer's clock went back a day
    assert store.pin_wait(match_id, 0) == 15 * 60


# The PIN hashes tabletop wrote before argon2id (tabletop/store.py at 403fd55), computed here.
def old_scrypt(pin, salt):
    return hashlib.scrypt(pin.encode(), salt=salt, n=2 ** 14, r=8, p=1, dklen=32)


def old_pbkdf2(pin, salt):
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, 200_000, dklen=32)


# (argon2 at full strength is slow: one old hash on PostgreSQL shows its bytes are rewritten there too)
@pytest.mark.parametrize("backend, method, old_hash", [("sqlite", "scrypt", old_scrypt), ("sqlite", "pbkdf2", old_pbkdf2),
                                                       ("postgresql", "pbkdf2", old_pbkdf2)])
def test_old_hashes_still_open_and_are_rehashed_to_argon2id_on_a_right_pin(strong_table, method, old_hash):
    store, match_id, _ = strong_table
    salt = bytes(range(16))
    store._db.execute("UPDATE pins SET method = ?, salt = ?, hash = ? WHERE match_id = ? AND seat = 0",
                      (method, salt, old_hash("4711", salt), match_id))
    assert store.check_pin(match_id, 0, "9999") is False
    assert pin_row(store, match_id, 0)[0] == method                # a wrong PIN changes no hash
    assert store.check_pin(match_id, 0, "4711") is True
    new_method, _, digest = pin_row(store, match_id, 0)
    assert new_method == "argon2id" and argon2.PasswordHasher().verify(digest.decode(), "4711")
    assert argon2.extract_parameters(digest.decode()).memory_cost >= 64 * 1024
    assert store.check_pin(match_id, 0, "4711") and not store.check_pin(match_id, 0, "4712")


def test_weak_argon2_parameters_are_rehashed_on_a_right_pin(strong_table):
    store, match_id, _ = strong_table
    weak = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash("4711")
    store._db.execute("UPDATE pins SET hash = ? WHERE match_id = ? AND seat = 0", (weak.encode(), match_id))
    assert store.check_pin(match_id, 0, "4711")
    params = argon2.extract_parameters(pin_row(store, match_id, 0)[2].decode())
    assert params.memory_cost >= 64 * 1024


def test_a_pin_for_a_seat_that_does_not_exist_is_refused(table):
    store, match_id, _ = table
    for seat in (3, -1, True, "0"):
        with pytest.raises(OptionsError):
            store.set_pin(match_id, seat, "4711")
    assert [r[0] for r in store._db.execute("SELECT seat FROM pins")] == [0]


def test_a_damaged_pin_hash_is_said_in_plain_words(table):
    store, match_id, _ = table
    store._db.execute("UPDATE pins SET hash = ? WHERE match_id = ?", (b"\x00\xff", match_id))
    with pytest.raises(Exception) as caught:
        store.check_pin(match_id, 0, "4711")
    assert not isinstance(caught.value, (sqlite3.Error, psycopg.Error))
    assert_plain(caught.value)


def test_guesses_from_several_devices_at_once_are_each_counted(table, location):
    """Six wrong PINs sent at the same moment from six devices: the three free attempts are
    checked one after the other and the other three are told to wait (2 s after the third), as
    if they had come one by one; no guess slips past the count."""
    import threading
    _, match_id, clock = table
    stores = [Store(location, clock=clock, pin_hasher=QUICK_HASHER) for _ in range(6)]
    start, outcomes = threading.Barrier(6), []

    def guess(store):
        start.wait(30)
        try:
            outcomes.append(store.check_pin(match_id, 0, "0000"))
        except PinLocked as exc:
            outcomes.append(exc.retry_after)
    threads = [threading.Thread(target=guess, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(outcomes, key=float) == [False, False, False, 2, 2, 2]
    assert stores[0].pin_wait(match_id, 0) == 2
    clock.now += 2
    assert stores[0].check_pin(match_id, 0, "0000") is False and stores[0].pin_wait(match_id, 0) == 4
