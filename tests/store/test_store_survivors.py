"""Store promises that sampled mutants of tabletop/store.py broke without any test noticing
(docs/testing.md, "Mutation scores"): the name a damaged file is moved aside under, a store made
on a drive without hard links, the words of an unexpected database failure, and a copy on
another device catching up with a save whose entry cannot be read."""
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tabletop import Match, SaveFileError
from tabletop.errors import DatabaseDamaged, IllegalAction, StoreError, UnknownTitle
from tabletop.i18n import Money, Number
from tabletop.stockpile.actions import DealPair, DealStartingStock, RevealOpenPair
from tabletop.store import AdvanceEntry, Store, _refusal_text, default_store, is_database_url, location_words

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


def test_a_copy_catching_up_with_an_unreadable_entry_names_it_for_a_match_with_options_too(tmp_path):
    # the whole replay after a failed catch-up is of the match as set up: here Cy holds the
    # first-player marker (docs/stockpile.md, option first_player), so her starting stock is dealt
    # first; the one damaged entry (5) is named, not entry 1 as if the match had default options
    path = tmp_path / "matches.sqlite3"
    with Store(path) as store:
        saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], {"first_player": 2}, seed=0))
        play(saved, 3)
        other = store.open(saved.id)
        play(saved, 2, seed=2)
        raw_execute(str(path), f"UPDATE actions SET data = '{{broken' WHERE match_id = '{saved.id}' "
                               f"AND kind = 'log' AND pos = 4")
        with pytest.raises(SaveFileError) as caught:
            other.refresh()
    assert str(caught.value) == f"Entry 5 of saved match '{saved.id}' is damaged and cannot be read."


def test_a_due_draw_the_database_refuses_to_save_is_told_in_words_and_nothing_changes(tmp_path):
    # docs/security.md: a failure of the database is said in words and nothing is saved; the
    # table keeps showing what was saved before (Ann's draw only), and plays Ben's once it can
    path = tmp_path / "matches.sqlite3"
    store = Store(path)
    table = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=11))
    companies = [a.company for a in table.match.legal_actions()]
    table.apply(DealStartingStock(0, companies[0]))                 # now Ben's draw
    Store(path).open(table.id, device="seat:1").add_advance(1, DealStartingStock(1, companies[1]))
    table.refresh()
    raw_execute(str(path), "CREATE TRIGGER no_room BEFORE INSERT ON actions "
                           "BEGIN SELECT RAISE(ABORT, 'the device said no'); END")
    with pytest.raises(StoreError) as caught:
        table.play_advance()
    assert str(caught.value) == (f"The saved matches ({path}) could not be read or written "
                                 f"(the device said no). Nothing was saved.")
    assert list(table.match.log) == [DealStartingStock(0, companies[0])]
    raw_execute(str(path), "DROP TRIGGER no_room")
    assert table.play_advance()
    assert list(Store(path).open(table.id).match.log) == [DealStartingStock(0, companies[0]),
                                                           DealStartingStock(1, companies[1])]


def test_a_draw_refused_when_its_turn_came_reads_in_each_screens_language_with_the_company_named(tmp_path):
    # docs/dashboards.md: an entry ahead that cannot be played waits with its reason; the reason
    # is kept as words, so a Japanese screen shows it in Japanese with the company's Japanese
    # name, as the table would have said it had Ben entered the pair there. (Issue 28: an entry
    # naming what another player was dealt is taken, so the pair names the face-up tile.)
    path = tmp_path / "matches.sqlite3"
    store = Store(path)
    table = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=11))
    companies = [a.company for a in table.match.legal_actions()]
    for seat in (0, 1):
        table.apply(DealStartingStock(seat, companies[seat]))
    Store(path).open(table.id, device="seat:1").add_advance(1, DealPair(1, companies[0], "+4"))
    for seat in (2, 3):
        table.apply(DealStartingStock(seat, companies[seat]))
    table.apply(RevealOpenPair(companies[0], "+1"))                   # Ben's tile is the face-up one
    table.apply(DealPair(0, companies[1], "+2"))
    at_the_table = Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=11)
    for action in table.match.log:
        at_the_table.apply(action)
    with pytest.raises(IllegalAction) as said:
        at_the_table.apply(DealPair(1, companies[0], "+4"))
    [waiting] = Store(path).advance_entries(table.id)
    assert waiting.refused == (f"Ben's pair: the {companies[0]} tile is already dealt this round; check the "
                               f"tile and enter it again.")
    assert waiting.refused.render("ja") == said.value.render("ja") != said.value.render("en")
    assert companies[0] == "Cosmic Computers" and "コズミック・コンピューターズ" in waiting.refused.render("ja")


@pytest.mark.parametrize("amount, english", [(Money(500), "$500"), (Number(1200), "1,200")])
def test_a_kept_refusal_with_an_amount_still_reads_as_money_or_a_count(amount, english):
    # tabletop/errors.py: a refusal is its message id and parameters, so a kept one renders its
    # money as money and its count with grouped digits, in English and in every other language
    error = IllegalAction("{player} has only {money}.", player="Ben", money=amount)
    kept = AdvanceEntry(1, 0, "{}", _refusal_text(error)).refused
    assert kept == f"Ben has only {english}."
    assert kept.render("ja") == error.render("ja")


def saved_then_changed(tmp_path, *statements):
    """A saved 3-entry Stockpile match, then changed past tabletop; returns (path, id, entries)."""
    path = tmp_path / "matches.sqlite3"
    with Store(path) as store:
        saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=0))
        play(saved, 3)
    raw_execute(str(path), *statements)
    return path, saved.id, list(saved.match.log)


def test_a_saved_entry_the_rules_refuse_is_named_with_the_match_and_the_rules_reason(tmp_path):
    # docs/security.md: a match that cannot be replayed is refused by its id, in words; here
    # Ben's starting stock was changed to a seat whose turn it is not
    path = tmp_path / "matches.sqlite3"
    with Store(path) as store:
        saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=0))
        play(saved, 3)
    ann, ben = saved.match.log[0], saved.match.log[1]
    raw_execute(str(path), "UPDATE actions SET data = replace(data, '\"seat\":1', '\"seat\":2') "
                           f"WHERE match_id = '{saved.id}' AND pos = 1")
    at_the_table = Match("stockpile", ["Ann", "Ben", "Cy"], seed=0)
    at_the_table.apply(ann)
    with pytest.raises(IllegalAction) as said:
        at_the_table.apply(DealStartingStock(2, ben.company))
    with pytest.raises(SaveFileError) as caught:
        Store(path).open(saved.id)
    assert str(caught.value) == f"Entry 2 of saved match '{saved.id}' cannot be replayed: {said.value}"


def test_a_saved_match_of_a_game_this_tabletop_does_not_know_is_named_with_the_reason(tmp_path):
    path, match_id, _ = saved_then_changed(tmp_path, "UPDATE matches SET title = 'chess'")
    with pytest.raises(UnknownTitle) as said:
        Match("chess", ["Ann", "Ben", "Cy"], seed=0)
    with pytest.raises(SaveFileError) as caught:
        Store(path).open(match_id)
    assert str(caught.value) == f"Saved match '{match_id}' cannot be read: {said.value}"
    assert "chess" in str(said.value)


@pytest.mark.parametrize("stored", ["soon", "0"])
def test_a_database_version_that_is_no_version_is_refused_as_unknown_naming_the_file(tmp_path, stored):
    # the words say the version is unknown (neither the text nor a version 0 that never existed)
    path = tmp_path / "matches.sqlite3"
    make_store(path, n_matches=1, entries=3)
    raw_execute(str(path), f"UPDATE meta SET value = '{stored}' WHERE key = 'schema'")
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert str(caught.value) == (f"The saved matches in {path} were written by a newer or unknown version of "
                                 f"tabletop (database version unknown; this tabletop reads versions 1 to 4). "
                                 f"Update tabletop to open them; nothing was changed.")


def test_a_database_another_program_holds_is_said_with_the_seconds_waited(tmp_path):
    path = tmp_path / "matches.sqlite3"
    store = Store(path, busy_timeout=0.2)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")                 # another program writing, and not letting go
    try:
        with pytest.raises(StoreError) as caught:
            store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=0))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.list() == []                        # nothing was saved
    assert str(caught.value) == (f"The saved matches ({path}) are in use by another program, which did not let "
                                 f"go within 0.2 seconds. Nothing was saved; try again in a moment.")


def test_a_match_played_after_its_store_was_closed_says_so_with_the_file(tmp_path):
    path = tmp_path / "matches.sqlite3"
    store = Store(path)
    table = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=0))
    store.close()
    with pytest.raises(StoreError) as caught:
        play(table, 1)
    assert str(caught.value) == f"The saved matches ({path}) were closed; reload the page to open them again."
    assert len(table.match) == 0


def test_a_failure_without_a_reason_is_said_as_an_unknown_reason(tmp_path):
    with Store(tmp_path / "matches.sqlite3") as store:
        words = str(store._store_error(sqlite3.OperationalError("")))
    assert words == (f"The saved matches ({tmp_path / 'matches.sqlite3'}) could not be read or written "
                     f"(unknown reason). Nothing was saved.")


def test_a_damaged_file_that_cannot_be_moved_aside_says_why_and_what_to_do(tmp_path, monkeypatch):
    # docs/security.md: a damaged file is moved aside, never deleted; when even that fails the
    # player is told the reason and to move it themselves
    path = tmp_path / "matches.sqlite3"
    make_store(path, n_matches=1, entries=3)
    with open(path, "r+b") as file:
        file.write(b"\0" * 16)

    def refuse(self, target):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(type(path), "rename", refuse)
    with pytest.raises(DatabaseDamaged) as caught:
        Store(path)
    assert str(caught.value) == (f"The saved matches file {path} is damaged and cannot be read, and it could not "
                                 f"be moved aside (Permission denied). Move or rename it yourself; a new empty "
                                 f"store will then be started.")
    assert path.exists()


def test_a_store_closed_by_another_thread_in_the_middle_of_a_change_says_so_with_the_file(tmp_path):
    # the page's other thread may close the store while a change is under way: sqlite then says
    # "closed database", and the player reads the same words as for a store closed before
    store = Store(tmp_path / "matches.sqlite3")
    store.close()
    words = str(store._store_error(sqlite3.ProgrammingError("Cannot operate on a closed database.")))
    assert words == (f"The saved matches ({tmp_path / 'matches.sqlite3'}) were closed; reload the page to "
                     f"open them again.")


def test_a_draw_entered_ahead_whose_saved_entry_is_damaged_waits_as_could_not_be_read(tmp_path):
    # the reason a player reads is ours in words, never Python's message about JSON
    path = tmp_path / "matches.sqlite3"
    store = Store(path)
    table = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=11))
    companies = [a.company for a in table.match.legal_actions()]
    Store(path).open(table.id, device="seat:1").add_advance(1, DealStartingStock(1, companies[1]))
    raw_execute(str(path), f"UPDATE advance SET data = '{{broken' WHERE match_id = '{table.id}'")
    table.apply(DealStartingStock(0, companies[0]))
    [waiting] = Store(path).advance_entries(table.id)
    assert waiting.refused == "That entry could not be read."
    assert list(table.match.log) == [DealStartingStock(0, companies[0])]


def test_a_match_another_device_deletes_while_this_one_saves_says_it_was_deleted(tmp_path, monkeypatch):
    # the other device deletes it just after this one checked it was up to date (while it looks
    # for draws entered ahead): the entry is refused in words and the match here is unchanged
    path = tmp_path / "matches.sqlite3"
    store = Store(path)
    table = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=11))
    companies = [a.company for a in table.match.legal_actions()]
    look_for_draws = Store.advance_entries

    def deleted_meanwhile(self, match_id):
        Store(path).delete(match_id)
        return look_for_draws(self, match_id)
    monkeypatch.setattr(Store, "advance_entries", deleted_meanwhile)
    with pytest.raises(SaveFileError) as caught:
        table.apply(DealStartingStock(0, companies[0]))
    assert str(caught.value) == f"Saved match '{table.id}' has been deleted."
    assert len(table.match) == 0


def test_a_file_of_another_program_is_refused_naming_the_file_and_left_unchanged(tmp_path):
    path = tmp_path / "notes.sqlite3"
    raw_execute(str(path), "CREATE TABLE notes (text TEXT)", "INSERT INTO notes VALUES ('milk')")
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert str(caught.value) == (f"The file {path} is a database of some other program, not tabletop's saved "
                                 f"matches; nothing in it was changed.")
    assert sqlite3.connect(path).execute("SELECT text FROM notes").fetchall() == [("milk",)]


def test_a_postgres_address_is_a_database_and_its_port_is_said_after_the_server():
    # libpq takes both postgresql:// and postgres:// (its documentation's connection URIs)
    assert is_database_url("postgres://ann@db.school.example/games")
    assert str(location_words("postgresql://ann:secret@db.school.example:5433/games")) == \
        "the PostgreSQL database 'games' on db.school.example:5433 as user 'ann'"


def test_a_new_store_has_no_skipped_rows_to_report_and_the_default_store_takes_its_settings(tmp_path,
                                                                                          monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    with default_store(busy_timeout=0.5) as store:
        assert store.list_problems == [] and store.busy_timeout == 0.5


def test_a_right_pin_hashed_the_way_of_today_is_kept_as_it_is_not_hashed_again(tmp_path):
    # docs/security.md: PINs are argon2id hashes (about 0.2 s each); only older hashes are
    # rehashed on a right PIN, so opening one's panel with today's hash rewrites nothing
    path = tmp_path / "matches.sqlite3"
    with Store(path) as store:
        match_id = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=0)).id
        store.set_pin(match_id, 0, "4711")
        stored = sqlite3.connect(path).execute("SELECT method, hash FROM pins WHERE seat = 0").fetchall()
        assert store.check_pin(match_id, 0, "4711") is True
        assert sqlite3.connect(path).execute("SELECT method, hash FROM pins WHERE seat = 0").fetchall() == stored
    assert stored[0][0] == "argon2id"


def test_a_log_left_behind_by_a_deleted_file_is_moved_aside_not_replayed_into_the_new_store(tmp_path):
    # someone deleted matches.sqlite3 by hand but not its -wal log: the new, empty store must not
    # take the old matches' pages from that log, and the log is kept aside (docs/security.md:
    # nothing is deleted)
    path = tmp_path / "matches.sqlite3"
    store = Store(path)
    store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=0))
    log = Path(f"{path}-wal").read_bytes()              # the change is still only in the log
    store.close()
    path.unlink()
    Path(f"{path}-shm").unlink(missing_ok=True)
    Path(f"{path}-wal").write_bytes(log)
    with Store(path, clock=lambda: NOON) as new:
        assert new.list() == []
    assert (tmp_path / "matches.sqlite3.damaged-20261201T123456Z-wal").read_bytes() == log


def test_a_pin_for_a_match_that_is_not_saved_is_refused_naming_the_match(tmp_path):
    with Store(tmp_path / "matches.sqlite3") as store:
        with pytest.raises(SaveFileError) as caught:
            store.set_pin("a1b2c3d4e5f6", 0, "4711")
    assert str(caught.value) == "There is no saved match 'a1b2c3d4e5f6'."
