"""Store promises that sampled mutants of tabletop/store.py broke without any test noticing
(docs/testing.md, "Mutation scores"): the name a damaged file is moved aside under, a store made
on a drive without hard links, the words of an unexpected database failure, and a copy on
another device catching up with a save whose entry cannot be read."""
import os
import sqlite3
from datetime import datetime, timezone

import pytest

from tabletop import Match, SaveFileError
from tabletop.errors import DatabaseDamaged
from tabletop.store import Store

from .helpers import make_store, play, raw_execute

# 2026-12-01 12:34:56 UTC, counted by hand: the name shows it as the ISO 8601 basic stamp
NOON = datetime(2026, 12, 1, 12, 34, 56, tzinfo=timezone.utc).timestamp()


def damage_and_open(path):
    make_store(path, n_matches=1, entries=5)
    with open(path, "r+b") as file:                # docs/security.md: a damaged file is moved aside
        file.write(b"\0" * 16)
    with pytest.raises(DatabaseDamaged) as caught:
        Store(path, clock=lambda: NOON)
    return caught.value.moved_to


def test_damaged_files_are_moved_aside_under_the_time_and_then_numbered_2_3(tmp_path):
    # docs/security.md: "moved aside (matches.sqlite3.damaged-<time>)"; a second and third file
    # damaged in the same second get the next numbers, so none overwrites another
    path = tmp_path / "matches.sqlite3"
    names = [damage_and_open(path).name for _ in range(3)]
    stamp = "matches.sqlite3.damaged-20261201T123456Z"
    assert names == [stamp, stamp + "-2", stamp + "-3"]
    assert sorted(p.name for p in tmp_path.glob("*.damaged-*")) == sorted(names)


def test_a_store_is_made_on_a_drive_without_hard_links(tmp_path, monkeypatch):
    # some drives (FAT, many network shares) refuse hard links: the new file is moved into place
    def no_links(*args, **kwargs):
        raise PermissionError(1, "Operation not permitted")
    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "matches.sqlite3"
    with Store(path) as store:
        saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=0))
        play(saved, 5)
        assert [info.n_actions for info in store.list()] == [5]
    assert path.exists() and not list(tmp_path.glob("*.new-*"))    # no draft left behind
    with Store(path) as again:
        assert [info.n_actions for info in again.list()] == [5]


def test_an_unexpected_database_failure_quotes_its_reason_without_a_doubled_full_stop(tmp_path):
    # the reason is quoted inside our own sentence, which ends the sentence itself
    with Store(tmp_path / "matches.sqlite3") as store:
        words = str(store._store_error(sqlite3.OperationalError("the device said no.")))
    assert words == (f"The saved matches ({tmp_path / 'matches.sqlite3'}) could not be read or written "
                     f"(the device said no). Nothing was saved.")


def test_a_copy_catching_up_with_an_unreadable_entry_is_told_which_entry_in_words(tmp_path):
    # a copy on another device replays the whole match when the difference cannot be played;
    # an entry that cannot be read is then named in words (the store's bad-row promise)
    path = tmp_path / "matches.sqlite3"
    with Store(path) as store:
        saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=0))
        play(saved, 3)
        other = store.open(saved.id)
        play(saved, 2, seed=2)                    # two more entries, saved by the first device
        raw_execute(str(path), f"UPDATE actions SET data = '{{broken' WHERE match_id = '{saved.id}' "
                               f"AND kind = 'log' AND pos = 4")
        with pytest.raises(SaveFileError) as caught:
            other.refresh()
    assert str(caught.value) == f"Entry 5 of saved match '{saved.id}' is damaged and cannot be read."
