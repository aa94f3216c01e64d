"""One match on several devices at once, at the store: each device's copy catches up with what
the others saved, two devices entering at once never both win, seat keys stay out of every
export, and secret draws entered ahead of their turn are played when the match reaches them.
Every test runs on SQLite and on PostgreSQL (``location``: tests/store/conftest.py)."""
from __future__ import annotations

import asyncio
import dataclasses
import json
import multiprocessing
import random
import statistics
import threading
import time

import pytest

from tabletop import CHANCE, Match
from tabletop.store import SCHEMA_VERSION, StaleMatch, Store
from tabletop.testing import snapshot

from .helpers import raw_execute, raw_rows, run_async

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def played(seed: int, n: int, title: str = "stockpile") -> Match:
    match, rng = Match(title, PLAYERS, seed=seed), random.Random(seed)
    for _ in range(n):
        if match.is_over():
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def same(a: Match, b: Match) -> bool:
    return a.log == b.log and a.undone == b.undone and snapshot(a) == snapshot(b)


def test_a_second_device_catches_up_with_entries_undo_redo_and_back_to_here(location):
    path = location
    table = Store(path).create(played(1, 30))
    phone = Store(path).open(table.id, device="seat:1")
    rng = random.Random(2)
    assert phone.refresh() is False                 # nothing new
    steps = [lambda: table.apply(rng.choice(table.match.legal_actions())) for _ in range(5)]
    steps += [table.undo, table.undo, table.redo, lambda: table.undo_to(20), table.redo,
              lambda: table.apply(rng.choice(table.match.legal_actions()))]
    for step in steps:
        step()
        assert phone.refresh() is True
        assert same(phone.match, table.match)
        assert same(phone.match, Store(path).open(table.id).match)     # as a fresh reader sees it
    phone.apply(rng.choice(phone.match.legal_actions()))            # and it may enter again
    assert table.refresh() and same(table.match, phone.match)


def test_catching_up_plays_only_the_new_entries(location, monkeypatch):
    """A page follows a long match without replaying it: catching up with one new entry plays that
    entry, not the 300 before it (counted in the rules' own apply, not timed: timing on a busy
    machine decided this test once)."""
    path = location
    long = Store(path).create(played(3, 300, "acquire"))
    assert len(long.match) == 300
    phones = [Store(path).open(long.id) for _ in range(5)]
    long.apply(random.Random(1).choice(long.match.legal_actions()))
    state_class = type(long.match.state)
    played_entries = []
    original = state_class.apply

    def counted(state, action):
        played_entries.append(action)
        return original(state, action)
    monkeypatch.setattr(state_class, "apply", counted)
    for phone in phones:
        played_entries.clear()
        assert phone.refresh()
        assert same(phone.match, long.match)
        assert 1 <= len(played_entries) <= 3, f"catching up one entry played {len(played_entries)} entries"


def test_a_stale_device_is_refused_changes_nothing_and_then_catches_up(location):
    path = location
    table = Store(path).create(played(4, 12))
    phone = Store(path).open(table.id, device="seat:2")
    before = snapshot(phone.match), phone.match.log
    table.apply(table.match.legal_actions()[0])
    for change in (lambda: phone.apply(phone.match.legal_actions()[-1]), phone.undo,
                   lambda: phone.undo_to(3)):
        with pytest.raises(StaleMatch):
            change()
        assert (snapshot(phone.match), phone.match.log) == before
    assert Store(path).changed_by(table.id) is None          # a copy opened without a device
    assert phone.refresh() and same(phone.match, table.match)


# --- races -------------------------------------------------------------------------------------
def _racer(path, match_id, device, pick_last, rounds, barrier, results):
    store = Store(path, busy_timeout=10)
    saved = store.open(match_id, device=device)
    try:
        for i in range(rounds):
            saved.refresh()
            legal = saved.match.legal_actions()
            action = legal[-1] if pick_last else legal[0]
            barrier.wait(60)
            try:
                saved.apply(action)
                results.put((i, device, json.dumps(action.to_dict(), sort_keys=True)))
            except StaleMatch:
                results.put((i, device, None))
            barrier.wait(60)                  # both done before either catches up
        saved.refresh()
        results.put(("end", device, len(saved.match)))
    except BaseException as exc:             # said to the test, never a hang
        barrier.abort()
        results.put(("failed", device, f"{type(exc).__name__}: {exc}"))


def test_two_devices_entering_at_once_100_times_exactly_one_applies_and_nothing_is_lost(location):
    path = location
    start = played(5, 10)
    match_id = Store(path).create(start).id
    rounds = 100
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    racers = [ctx.Process(target=_racer, args=(str(path), match_id, f"seat:{k}", k == 1, rounds, barrier, results))
              for k in (0, 1)]
    for p in racers:
        p.start()
    got, ended = [], 0
    try:
        while ended < 2:
            item = results.get(timeout=60)
            got.append(item)
            ended += item[0] in ("end", "failed")
    finally:
        for p in racers:
            p.join(10)
            if p.is_alive():
                p.kill()
    failed = [f"{device}: {why}" for kind, device, why in got if kind == "failed"]
    assert not failed, f"a device stopped: {failed}"
    by_round: dict = {}
    for i, device, value in got:
        by_round.setdefault(i, {})[device] = value
    winners = []
    for i in range(rounds):
        entered = [v for v in by_round[i].values() if v is not None]
        assert len(entered) == 1, f"round {i}: {len(entered)} devices' entries applied"
        winners.append(entered[0])
    final = Store(path).open(match_id).match
    assert [json.dumps(a.to_dict(), sort_keys=True) for a in final.log[len(start):]] == winners
    assert by_round["end"] == {"seat:0": len(final), "seat:1": len(final)}
    assert len(final) == len(start) + rounds


def _history_racer(path, match_id, device, kinds, barrier, results):
    """Each round, undo or redo (``kinds``) at the same moment as the other device; a refused
    change must leave this copy as it was, and catching up must show the other's change."""
    store = Store(path, busy_timeout=10)
    saved = store.open(match_id, device=device)
    try:
        for i, kind in enumerate(kinds):
            saved.refresh()
            before = (saved.match.log, saved.match.undone, snapshot(saved.match))
            barrier.wait(60)
            try:
                getattr(saved, kind)()
                results.put((i, device, "applied", len(saved.match)))
            except StaleMatch as exc:
                unchanged = (saved.match.log, saved.match.undone, snapshot(saved.match)) == before
                results.put((i, device, str(exc) if unchanged else "changed after the refusal", None))
            barrier.wait(60)                  # both done before either catches up
            saved.refresh()
            results.put((i, device, "now", (len(saved.match), len(saved.match.undone))))
        results.put(("end", device, None, None))
    except BaseException as exc:             # said to the test, never a hang
        barrier.abort()
        results.put(("failed", device, f"{type(exc).__name__}: {exc}", None))


def test_two_devices_undoing_or_redoing_at_once_100_times_exactly_one_applies(location):
    """Undo and redo from any device follow the entries' rule (issue 13): two devices tapping Undo
    (or Redo) at the same moment change the match once; the other is refused in words, keeps
    what it showed, and then catches up with the change."""
    path = location
    start = played(7, 40)
    match_id = Store(path).create(start).id
    kinds = ["undo", "undo", "redo", "redo"] * 25          # 100 races; back where it began
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    racers = [ctx.Process(target=_history_racer, args=(str(path), match_id, f"seat:{k}", kinds, barrier, results))
              for k in (0, 1)]
    for p in racers:
        p.start()
    got, ended = [], 0
    try:
        while ended < 2:
            item = results.get(timeout=60)
            got.append(item)
            ended += item[0] in ("end", "failed")
    finally:
        for p in racers:
            p.join(10)
            if p.is_alive():
                p.kill()
    failed = [f"{device}: {why}" for i, device, why, _ in got if i == "failed"]
    assert not failed, f"a device stopped: {failed}"
    length, undone = len(start), 0
    for i, kind in enumerate(kinds):
        said = [(device, why, n) for k, device, why, n in got if k == i and why != "now"]
        applied = [n for _d, why, n in said if why == "applied"]
        told = [why for _d, why, _n in said if why != "applied"]
        assert len(said) == 2 and len(applied) == 1, f"race {i} ({kind}): {said}"
        assert "changed on another screen" in told[0] and "Nothing was changed" in told[0], told[0]
        step = -1 if kind == "undo" else 1
        length, undone = length + step, undone - step
        assert applied == [length], f"race {i} ({kind}): the match has {applied[0]} entries, not {length}"
        caught_up = [n for k, _device, why, n in got if k == i and why == "now"]
        assert caught_up == [(length, undone)] * 2, f"race {i}: the devices show {caught_up}"
    final = Store(path).open(match_id).match
    assert same(final, start)


def reads_of_the_revision(store: Store) -> list:
    """Every match id whose revision ``store`` reads from now on (``changed()`` reads it, then
    waits): how a test knows the page is waiting, without sleeping a fixed time."""
    reads, read = [], store.revision

    def revision(match_id):
        now = read(match_id)
        reads.append(match_id)
        return now
    store.revision = revision
    return reads


def notes_heard(store: Store) -> list:
    """The match ids of the change notifications the PostgreSQL store's listener hands on from
    now on (it exists once ``changed()`` has read the revision); SQLite has none."""
    heard, listener = [], getattr(store, "_listener", None)
    if listener is not None:
        wake = listener._wake

        def counted(match_id):
            wake(match_id)
            heard.append(match_id)
        listener._wake = counted
    return heard


def until(condition, timeout: float, what: str) -> None:
    """Poll ``condition()`` until true (from a thread, not the event loop); fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"after {timeout} s: {what}"
        time.sleep(0.01)


def test_a_write_from_another_connection_wakes_the_waiting_page(location):
    path = location
    saved = Store(path).create(played(6, 5))
    store = Store(path)
    revision = store.revision(saved.id)
    reads = reads_of_the_revision(store)
    wrote = []

    def later():
        until(lambda: reads, 10, "the page reads the revision and waits")
        saved.apply(saved.match.legal_actions()[0])
        wrote.append(time.monotonic())
    writer = threading.Thread(target=later)
    writer.start()
    new = run_async(store.changed(saved.id, revision), 10)
    woke = time.monotonic()
    writer.join()
    assert new == revision + 1 and wrote
    # SQLite: read every POLL_EVERY; PostgreSQL: the notification (without it: RECHECK_EVERY, 5 s)
    # (a bound far below the 5 s recheck, with room for a busy machine)
    assert woke - wrote[0] < 2 * Store.POLL_EVERY + 1.5


def test_a_change_to_another_match_does_not_wake_the_page(location):
    watched = Store(location).create(played(16, 5))
    other = Store(location).create(played(17, 5))
    store = Store(location)
    revision = store.revision(watched.id)
    reads = reads_of_the_revision(store)

    async def scenario():
        waiting = asyncio.ensure_future(store.changed(watched.id, revision))
        await asyncio.to_thread(until, lambda: reads, 10, "the page reads the revision and waits")
        heard = notes_heard(store)
        read_before = len(reads)
        for _ in range(3):
            await asyncio.to_thread(other.apply, other.match.legal_actions()[0])
        # the page had its chance to be woken wrongly: SQLite read the revision again since the
        # writes (it polls); PostgreSQL's listener handed on the other match's notifications
        await asyncio.to_thread(until, lambda: len(reads) > read_before or heard.count(other.id) == 3,
                                10, "the page looks again after the other match's changes")
        for _ in range(3):                                   # a wrongly woken page finishes in these turns
            await asyncio.sleep(0)
        woken_early = waiting.done()
        await asyncio.to_thread(watched.apply, watched.match.legal_actions()[0])
        return woken_early, await asyncio.wait_for(waiting, 10)
    woken_early, new = run_async(scenario())
    assert not woken_early and new == revision + 1


# --- seat keys ---------------------------------------------------------------------------------
def test_seat_keys_are_kept_checked_and_in_no_export(location):
    path = location
    store = Store(path)
    saved = store.create(played(7, 20))
    keys = [store.seat_key(saved.id, seat) for seat in range(4)]
    assert len(set(keys)) == 4 and all(len(k) >= 10 and k.isalnum() for k in keys)
    assert [Store(path).seat_key(saved.id, seat) for seat in range(4)] == keys     # kept
    assert store.check_seat_key(saved.id, 2, keys[2])
    for seat, key in ((2, keys[1]), (2, keys[2].upper()), (2, ""), (9, keys[2]), (True, keys[1]), ("2", keys[2])):
        assert not store.check_seat_key(saved.id, seat, key)
    assert not store.check_seat_key("nosuchmatch", 2, keys[2])
    exports = store.export_public(saved.id) + store.export_backup(saved.id)
    assert not [k for k in keys if k in exports]
    other = store.create(played(8, 3))
    assert not store.check_seat_key(other.id, 0, keys[0])
    store.delete(saved.id)
    assert raw_rows(path, "SELECT count(*) FROM seat_keys") == [(0,)]


def test_a_version_2_database_gains_seat_keys_and_keeps_its_matches(location):
    path = location
    saved = Store(path).create(played(9, 25))
    raw_execute(path, "DROP TABLE seat_keys", "DROP TABLE advance",      # as tabletop before seat devices
                "ALTER TABLE matches DROP COLUMN changed_by", "UPDATE meta SET value = '2' WHERE key = 'schema'")
    store = Store(path)
    assert same(store.open(saved.id).match, saved.match)
    key = store.seat_key(saved.id, 1)
    assert store.check_seat_key(saved.id, 1, key)
    assert raw_rows(path, "SELECT value FROM meta WHERE key = 'schema'") == [(str(SCHEMA_VERSION),)]
    store.add_advance(store.open(saved.id), 2, saved.match.legal_actions()[0])   # the other new table
    assert [e.seat for e in store.advance_entries(saved.id)] == [2]


# --- entering ahead ------------------------------------------------------------------------------
def at_first_deal(path) -> tuple:
    """A Stockpile match waiting for Ann's starting stock (then Ben's, Cy's and Dee's), and the
    printed companies: each player starts with a different one (rulebook)."""
    store = Store(path)
    saved = store.create(Match("stockpile", PLAYERS, seed=11))
    assert saved.match.current_player() == CHANCE and saved.match.state.chance_owner() == 0
    return store, saved, [a.company for a in saved.match.legal_actions()]


def stock(seat: int, company: str):
    from tabletop.stockpile.actions import DealStartingStock
    return DealStartingStock(seat, company)


def test_draws_entered_ahead_are_played_in_turn_when_the_match_reaches_them(location):
    path = location
    store, table, companies = at_first_deal(path)
    phones = {seat: Store(path).open(table.id, device=f"seat:{seat}") for seat in (1, 2, 3)}
    for seat in (3, 1, 2):                    # in any order, before Ann has entered hers
        phones[seat].add_advance(seat, stock(seat, companies[seat]))
    assert len(table.match) == 0 and [e.seat for e in store.advance_entries(table.id)] == [1, 2, 3]
    ann = Store(path).open(table.id, device="seat:0")
    ann.apply(stock(0, companies[0]))          # Ann's own entry brings everyone's in, in seat order
    assert list(ann.match.log) == [stock(seat, companies[seat]) for seat in range(4)]
    assert store.advance_entries(table.id) == []
    for phone in phones.values():
        assert phone.refresh() and same(phone.match, ann.match)
    assert ann.match.view(2)["private"] != ann.match.view(3)["private"]


def test_an_entry_ahead_made_on_a_stale_copy_is_refused_so_it_is_never_lost(location):
    path = location
    store, table, companies = at_first_deal(path)
    ben = Store(path).open(table.id, device="seat:1")
    table.apply(stock(0, companies[0]))        # Ann's is in: Ben's draw is due now
    with pytest.raises(StaleMatch):
        ben.add_advance(1, stock(1, companies[1]))
    assert store.advance_entries(table.id) == []
    assert ben.refresh() and ben.match.state.chance_owner() == 1


def test_an_impossible_entry_ahead_waits_with_its_reason_and_undo_forgets_entries_ahead(location):
    path = location
    store, table, companies = at_first_deal(path)
    ben = Store(path).open(table.id, device="seat:1")
    cy = Store(path).open(table.id, device="seat:2")
    # an entry that cannot go in when Ben's turn comes (issue 28: Ann's very company no longer
    # is one: it would be taken from her, since refusing it told Ben she had it)
    from tabletop.stockpile.actions import DealPair
    ben.add_advance(1, DealPair(1, companies[0], "+4"))
    cy.add_advance(2, stock(2, companies[2]))
    table.apply(stock(0, companies[0]))
    assert table.match.log == (stock(0, companies[0]),)      # Ben's waits, and Cy's behind it
    waiting = store.advance_entries(table.id)
    assert [(e.seat, bool(e.refused)) for e in waiting] == [(1, True), (2, False)]
    assert "is not possible now" in waiting[0].refused
    ben.refresh()
    store.clear_advance(table.id, 1)
    ben.apply(stock(1, companies[1]))              # Ben enters his own in turn: Cy's follows
    assert list(ben.match.log[1:]) == [stock(1, companies[1]), stock(2, companies[2])]
    dee = Store(path).open(table.id, device="seat:3")
    table.refresh()
    table.undo()                                    # back to Cy's draw, while Dee's waits ahead
    dee.refresh()
    assert dee.match.state.chance_owner() == 2
    dee.add_advance(3, stock(3, companies[3]))
    table.refresh()
    table.undo()
    assert store.advance_entries(table.id) == []      # an undo forgets every entry made ahead
