"""Exports honour PINs: the public record needs none and holds no secret; the full backup (the
save that resumes the match, with every secret) needs the PIN of every protected seat. On SQLite
and on PostgreSQL (``location``: tests/store/conftest.py)."""
import json

import argon2
import pytest

from tabletop import Match
from tabletop.errors import PinLocked, PinRequired
from tabletop.store import Store

from .helpers import assert_plain, play

QUICK_HASHER = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


class Clock:
    now = 1_700_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture
def store(location):
    return Store(location, clock=Clock(), pin_hasher=QUICK_HASHER)


def played(store, seed=4):
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=seed))
    play(saved, 30, seed=seed)
    assert any(a.secret_to is not None for a in saved.match.log)     # secrets to protect
    return saved


def test_without_pins_the_full_backup_resumes_the_match(store):
    saved = played(store)
    text = store.export_backup(saved.id)
    assert json.loads(text)["format"] == "tabletop-match"
    assert Match.from_json(text).log == saved.match.log
    assert store.export_json(saved.id) == text


def test_the_full_backup_needs_every_protected_seats_pin(store):
    saved = played(store)
    store.set_pin(saved.id, 0, "4711")
    store.set_pin(saved.id, 2, "2580")
    for export in (store.export_backup, store.export_json):
        with pytest.raises(PinRequired) as caught:
            export(saved.id)
        assert caught.value.seats == (0, 2)
        assert_plain(caught.value)
        assert "Ann and Cy" in str(caught.value)
    with pytest.raises(PinRequired) as caught:
        store.export_backup(saved.id, {0: "4711"})
    assert caught.value.seats == (2,) and "Cy" in str(caught.value) and "Ann" not in str(caught.value)
    with pytest.raises(PinRequired) as caught:
        store.export_backup(saved.id, {0: "4711", 2: "0000"})          # a wrong PIN
    assert caught.value.seats == (2,)
    text = store.export_backup(saved.id, {0: "4711", 2: "2580", 1: "not needed"})
    assert Match.from_json(text).log == saved.match.log


def test_wrong_pins_for_a_backup_count_as_attempts(store):
    saved = played(store)
    store.set_pin(saved.id, 1, "4711")
    for _ in range(3):
        with pytest.raises(PinRequired):
            store.export_backup(saved.id, {1: "1234"})
    assert store.pin_wait(saved.id, 1) == 2
    with pytest.raises(PinLocked):
        store.export_backup(saved.id, {1: "4711"})
    with pytest.raises(PinRequired):
        store.export_backup(saved.id)          # asking without a PIN is not an attempt
    assert store.pin_wait(saved.id, 1) == 2


def test_the_public_record_needs_no_pin_and_holds_no_secret(store):
    saved = played(store)
    store.set_pin(saved.id, 0, "4711")
    record = json.loads(store.export_public(saved.id))
    assert record["format"] == "tabletop-public-record"
    assert record["players"] == ["Ann", "Ben", "Cy"]
    # Fork the match at a secret entry: two matches that differ only in that secret (the public
    # log says the same of both) have the same public record, while their full backups differ.
    log = list(saved.match.log)
    for k in reversed(range(len(log))):
        replay = Match("stockpile", ["Ann", "Ben", "Cy"], seed=4)
        for action in log[:k]:
            replay.apply(action)
        hidden = replay.state.describe_hidden          # what the public log says of a secret entry
        same_in_public = [a for a in replay.legal_actions()
                          if a.secret_to is not None and hidden(a) == hidden(log[k])]
        if len(same_in_public) >= 2:
            break
    else:
        pytest.fail("no secret entry with two choices the public cannot tell apart")
    forks = []
    for secret in (same_in_public[0], same_in_public[-1]):
        fork = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=4))
        for action in log[:k] + [secret]:
            fork.apply(action)
        forks.append(fork)
    assert forks[0].match.log[-1] != forks[1].match.log[-1]
    assert store.export_backup(forks[0].id) != store.export_backup(forks[1].id)
    assert store.export_public(forks[0].id) == store.export_public(forks[1].id)
