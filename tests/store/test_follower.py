"""A device that only follows a match (a page's ``Watcher`` and the store's reading paths) while
other processes write, undo and redo: README's "nothing is lost" seen from the follower's side.

Every reading the follower makes must be a state the match really had at that revision (the
writers print what the match held after each change they saved), and whenever the writers are
quiet, the follower must show what the database holds, entry for entry (read past tabletop, with
plain SQL), also after a writer was killed with SIGKILL in the middle of a burst. Every test runs
on SQLite and on PostgreSQL (``location``: tests/store/conftest.py)."""
from __future__ import annotations

import asyncio
import json
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tabletop import Match
from tabletop.store import Store
from tabletop.testing import snapshot
from tabletop.widgets.live import Watcher

from .follow_child import fingerprint
from .helpers import raw_rows

CHILD = Path(__file__).with_name("follow_child.py")
PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def played(title: str, seed: int, n: int) -> Match:
    match, rng = Match(title, PLAYERS, seed=seed), random.Random(seed)
    for _ in range(n):
        match.apply(rng.choice(match.legal_actions()))
    return match


class Follower:
    """A device that only follows: its own connection to the store and its own copy of the match,
    and a ``Watcher`` on an event loop of its own thread (as in a page's kernel), which catches
    the copy up whenever the match changes. ``readings``: (revision, fingerprint) after each."""

    def __init__(self, location, match_id: str, poll: float | None = None):
        self.readings: list[tuple[int, str]] = []
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

        def start():
            store = Store(location)
            if poll is not None:          # SQLite polls: read as often as a notified server would
                store.POLL_EVERY = poll
            self.saved = store.open(match_id, device="seat:3")
            self.watcher = Watcher(self.saved, self._changed)
            assert self.watcher.start()
        self.call(start)

    def _changed(self) -> None:
        if self.saved.refresh():
            self.readings.append((self.saved.revision, fingerprint(self.saved.match)))

    def call(self, function):
        """``function()`` on the follower's loop, between two of the watcher's steps (never in the
        middle of catching up)."""
        async def run():
            return function()
        try:
            return asyncio.run_coroutine_threadsafe(run(), self.loop).result(15)
        except TimeoutError:
            raise AssertionError("the follower's page did not answer for 15 s: its event loop is never free") from None

    def shows(self) -> tuple[int, list, list, str]:
        def now():
            match = self.saved.match
            return (self.saved.revision, [plain(a.to_dict()) for a in match.log],
                    [plain(a.to_dict()) for a in match.undone], snapshot(match))
        return self.call(now)

    def close(self) -> None:
        async def stop():
            task = self.watcher.task
            self.watcher.stop()
            await asyncio.gather(task, return_exceptions=True)
            self.saved.store.close()
        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def plain(data):
    return json.loads(json.dumps(data, default=str))


def in_the_database(location, match_id: str) -> tuple[int, list, list, Match]:
    """The match as the database holds it, read with plain SQL (no tabletop reading path), and
    replayed from those rows by the engine alone."""
    (title, players, options, seed, revision), = raw_rows(
        location, "SELECT title, players, options, seed, revision FROM matches WHERE id = ?", match_id)
    log, redo = ([json.loads(r[0]) for r in raw_rows(
        location, "SELECT data FROM actions WHERE match_id = ? AND kind = ? ORDER BY pos", match_id, kind)]
        for kind in ("log", "redo"))
    match = Match(title, json.loads(players), json.loads(options), None if seed is None else int(seed))
    for data in log + redo:
        match.apply(match.title.action_from_dict(data))
    match.undo_to(len(log))
    return revision, log, redo, match


class Writer:
    """A writing device in a process of its own (follow_child.py)."""

    def __init__(self, location, match_id: str, seed: int):
        self.proc = subprocess.Popen([sys.executable, str(CHILD), str(location), match_id, str(seed)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out = b""
        self.acks: list[tuple[int, str]] = []
        assert self.line(30) == "ready", self.failure()

    def line(self, timeout: float) -> str | None:
        """The next line the writer prints (None: it ended); ``ack`` lines are recorded."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.out:
            left = deadline - time.monotonic()
            assert left > 0, f"the writer said nothing for {timeout} s: {self.failure()}"
            if select.select([self.proc.stdout], [], [], left)[0]:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    return None
                self.out += chunk
        line, _, self.out = self.out.partition(b"\n")
        text = line.decode()
        if text.startswith("ack "):
            _word, revision, print_ = text.split()
            self.acks.append((int(revision), print_))
        return text

    def burst(self, n: int) -> None:
        self.proc.stdin.write(f"burst {n}\n".encode())
        self.proc.stdin.flush()

    def until_quiet(self) -> None:
        while not (self.line(60) or "").startswith("quiet"):
            assert self.proc.poll() is None, self.failure()

    def kill_after(self, acks: int, rng: random.Random) -> None:
        """SIGKILL once ``acks`` more changes were saved, a random moment into the next one."""
        target = len(self.acks) + acks
        self.burst(100_000)
        while len(self.acks) < target:
            self.line(60)
        time.sleep(rng.uniform(0, 0.005))
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        while self.line(5) is not None:          # the acknowledgements printed before it died
            pass
        self.close()

    def failure(self) -> str:
        if self.proc.poll() is None:
            return "still running"
        return self.proc.stderr.read().decode(errors="replace")[-3000:]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(30)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except BrokenPipeError:             # a killed writer's unread input
                pass


def assert_follower_shows_the_database(follower: Follower, location, match_id: str, moment: str) -> None:
    """At a quiet moment: the follower catches up (within 10 s) and then shows the database's
    entries and undone entries, one by one, and the same table."""
    revision, log, redo, replayed = in_the_database(location, match_id)
    deadline = time.monotonic() + 10
    while (shown := follower.shows())[0] != revision:
        assert time.monotonic() < deadline, f"{moment}: the follower stays at revision {shown[0]}, not {revision}"
        time.sleep(0.01)
    _revision, shown_log, shown_redo, shown_table = shown
    assert len(shown_log) == len(log), f"{moment}: the follower shows {len(shown_log)} entries, the store holds {len(log)}"
    for k, (seen, kept) in enumerate(zip(shown_log, log)):
        assert seen == kept, f"{moment}: entry {k + 1} differs: the follower shows {seen}, the store holds {kept}"
    assert shown_redo == redo, f"{moment}: the follower could redo {len(shown_redo)} entries, the store {len(redo)}"
    assert shown_table == snapshot(replayed), f"{moment}: the follower's table is not the stored match's"


def test_a_follower_shows_every_change_of_writers_in_other_processes_and_loses_nothing(location):
    """Two writer processes make bursts of random entries, undos, redos and jumps back (racing
    each other); some bursts end in a SIGKILL mid-change. The follower's every reading is a state
    the match had at that revision, and at each quiet moment it shows the stored match exactly."""
    rng = random.Random(30)
    saved = Store(location).create(played("acquire", 30, 60))
    match_id = saved.id
    saved.store.close()
    follower = Follower(location, match_id, poll=0.001)
    writers = [Writer(location, match_id, seed) for seed in (1, 2)]
    known: dict[int, str] = {}                 # revision -> what the match held then (the writers' word)
    quiet = kills = 0
    try:
        for moment in range(14):
            if moment % 4 == 3:                 # one writer dies mid-burst; a new device takes its place
                victim = rng.randrange(2)
                writers[1 - victim].burst(rng.randrange(5, 30))
                writers[victim].kill_after(rng.randrange(1, 20), rng)
                writers[1 - victim].until_quiet()
                known.update(writers[victim].acks)
                writers[victim] = Writer(location, match_id, 100 + moment)
                kills += 1
            else:
                for writer in writers:
                    writer.burst(rng.randrange(1, 40))
                for writer in writers:
                    writer.until_quiet()
            for writer in writers:
                known.update(writer.acks)
            assert_follower_shows_the_database(follower, location, match_id, f"quiet moment {moment + 1}")
            quiet += 1
    finally:
        for writer in writers:
            writer.close()
        follower.close()
    wrong = [(revision, print_) for revision, print_ in follower.readings
             if revision in known and known[revision] != print_]
    assert not wrong, f"the follower read {len(wrong)} states the match never had at their revision: {wrong[:3]}"
    checked = sum(revision in known for revision, _ in follower.readings)
    print(f"\nfollower: {quiet} quiet moments ({kills} after a kill -9), {len(known)} changes, "
          f"{len(follower.readings)} readings ({checked} checked against the writers)")
    assert quiet == 14 and kills >= 3 and len(known) > 150 and checked > 30


def test_an_undone_entry_entered_again_by_hand_leaves_the_follower_nothing_to_redo(location):
    """Three entries undone on the table screen, the first of them entered again by hand (not with
    Redo): entering forgets what was undone, so the store has nothing to redo, and a following
    device must not offer Redo of the two others either (found by the test above: it kept them,
    and its Redo would have brought back entries the match had dropped)."""
    table = Store(location).create(played("acquire", 3, 40))
    phone = Store(location).open(table.id, device="seat:1")
    for _ in range(3):
        table.undo()
    assert phone.refresh() and len(phone.match.undone) == 3
    table.apply(table.match.undone[0])
    assert table.match.undone == ()
    assert phone.refresh()
    assert phone.match.log == table.match.log
    assert phone.match.undone == () and not phone.match.can_redo()
    assert snapshot(phone.match) == snapshot(in_the_database(location, table.id)[3])


def test_a_change_saved_in_the_middle_of_a_followers_reading_is_seen_whole_or_not_at_all(location):
    """The follower, one change behind, reads the revision, the entries and the undone entries;
    another device saves a change right in between (before the entries are read, after them,
    after the undone ones). Whatever the follower then shows is a state the match had at the
    revision it holds, and when it looks again it shows the match as stored. (The random test
    above catches a reading split over two moments in most runs; this one on every run.)"""
    table = Store(location).create(played("acquire", 5, 30))
    phone = Store(location).open(table.id, device="seat:2")
    had = {table.revision: fingerprint(table.match)}
    rng = random.Random(5)
    def enter():
        table.apply(rng.choice(table.match.legal_actions()))
    # (a change the follower has not seen yet, the change saved in the middle of its reading)
    changes = [(enter, enter), (enter, table.undo), (table.undo, table.redo), (table.undo, table.undo),
               (enter, lambda: table.undo_to(len(table.match) - 2)), (table.redo, enter)]
    read = phone.store._actions
    for when in ("before log", "after log", "after redo"):
        for lead, change in changes:
            lead()
            had[table.revision] = fingerprint(table.match)
            pending = [change]

            def reading(match_id, kind):
                # the other device's change lands here, once: a moment a scheduler may pick
                if pending and when == f"before {kind}":
                    pending.pop()()
                rows = read(match_id, kind)
                if pending and when == f"after {kind}":
                    pending.pop()()
                return rows
            phone.store._actions = reading
            try:
                phone.refresh()
            finally:
                phone.store._actions = read
            had[table.revision] = fingerprint(table.match)
            assert not pending
            assert had.get(phone.revision) == fingerprint(phone.match), \
                f"{when}: the follower holds at revision {phone.revision} entries the match never had then"
            for _ in range(3):
                if not phone.refresh():
                    break
            revision, log, redo, _match = in_the_database(location, table.id)
            assert phone.revision == revision, f"{when}: the follower stopped at revision {phone.revision}, not {revision}"
            assert [plain(a.to_dict()) for a in phone.match.log] == log, f"{when}: the follower lost entries"
            assert [plain(a.to_dict()) for a in phone.match.undone] == redo


def test_a_failed_redraw_does_not_stop_the_following_and_a_deleted_match_is_said(location):
    """The page's redraw fails once (a widget error): the watcher keeps following and the next
    attempt catches up. Then another device deletes the match: the page is told so, in words."""
    saved = Store(location).create(played("stockpile", 8, 10))
    writer = Store(location).open(saved.id)
    failures, gone = [], []
    follower = Follower(location, saved.id, poll=0.01)

    def redraw():
        if not failures:
            failures.append("the first redraw")
            raise RuntimeError("a redraw failed")
        follower._changed()
    follower.call(lambda: setattr(follower.watcher, "on_change", redraw))
    follower.call(lambda: setattr(follower.watcher, "on_gone", gone.append))
    try:
        writer.apply(writer.match.legal_actions()[0])
        assert_follower_shows_the_database(follower, location, saved.id, "after a failed redraw")
        assert failures == ["the first redraw"]
        writer.store.delete(saved.id)
        deadline = time.monotonic() + 10
        while not follower.call(lambda: list(gone)):
            assert time.monotonic() < deadline, "the page was not told that the match was deleted"
            time.sleep(0.01)
        assert gone == [f"There is no saved match '{saved.id}'."]   # the screen adds that it was deleted
        assert follower.call(lambda: follower.watcher.task.done())      # and it stops watching
    finally:
        follower.close()
