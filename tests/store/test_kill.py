"""kill -9 during a burst of entries loses no acknowledged entry and leaves a database that opens.

A child process plays random legal entries on a stored match and prints each entry's number once
``apply`` has returned; this test kills it with SIGKILL at random moments (after a random number
of acknowledgements plus a random fraction of a moment, or while it is still starting up and
creating its database), reopens the store and checks that every acknowledged entry is there, in
order, and that the match replays. Some runs start from no database at all, so a kill can land
while the database file is being created. The same loop runs on PostgreSQL (fewer runs: each
costs a process start), where a fresh run starts from an empty schema, so a kill can land while
the tables are being built.
"""
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

from pg import session_postgres

CHILD = Path(__file__).with_name("burst_child.py")
TITLES = ["stockpile", "acquire", "jika", "black-monday"]
RUNS = 30
POSTGRES_RUNS = 8


def burst(path, match, seed, rng, startup):
    """Run the child and kill it at a random moment: while it opens (creates) the store and
    its match when ``startup``, else after a random number of acknowledged entries. Returns the
    new match id and the acknowledged entries."""
    child = subprocess.Popen([sys.executable, str(CHILD), str(path), match, str(seed)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20                   # the child must answer within 20 s
    target = rng.randrange(1, 60)                      # acknowledged entries before the kill
    out, kill_at, ended = b"", None, False
    while True:
        now = time.monotonic()
        if kill_at is None and startup and out.startswith(b"opening\n"):
            kill_at = now + rng.uniform(0, 0.06)        # a random moment while the store is opened
        if kill_at is None and not startup and out.count(b"\nentry ") >= target:
            kill_at = now + rng.uniform(0, 0.03)        # a random moment into the next entries
        wait_until = kill_at if kill_at is not None else deadline
        if now >= wait_until:
            break
        ready, _, _ = select.select([child.stdout], [], [], wait_until - now)
        if ready:
            chunk = os.read(child.stdout.fileno(), 65536)
            if not chunk:                               # the child ended by itself
                ended = True
                break
            out += chunk
    assert ended or kill_at is not None, f"nothing acknowledged for 20 s: {child.stderr.read()!r}"
    if not ended:
        child.send_signal(signal.SIGKILL)
    out += child.stdout.read()                           # what it acknowledged before it died
    child.wait()
    if child.returncode != -signal.SIGKILL:
        error = child.stderr.read().decode(errors="replace")
        assert child.returncode == 0, f"the child failed by itself:\n{error}"
    child.stdout.close()
    child.stderr.close()
    new_id, entries = None, []
    for line in out.split(b"\n")[:-1]:                   # a last line without newline was cut by the kill
        word, _, rest = line.decode().partition(" ")
        if word == "match":
            new_id = rest
        elif word == "entry":
            number, _, action = rest.partition(" ")
            entries.append((int(number), json.loads(action)))
    return new_id, entries


def kill_loop(runs: int, new_location) -> tuple[int, int, int, int]:
    """``runs`` bursts killed at random; every 6th starts at ``new_location(run)`` (no store yet).
    Returns (acknowledged, lost, killed before any entry, drafts left behind)."""
    rng = random.Random(20240611)
    acknowledged = lost = killed_in_startup = drafts_left = 0
    match_id = None
    for run in range(runs):
        fresh = run % 6 == 0                             # a fresh store: the kill hits its creation
        if fresh:
            path, match_id = new_location(run), None
        match = match_id or f"new:{TITLES[run % len(TITLES)]}"
        new_id, entries = burst(path, match, run, rng, startup=fresh)
        match_id = new_id or match_id
        acknowledged += len(entries)
        killed_in_startup += not entries
        if isinstance(path, Path):
            if fresh:   # a draft left behind: killed while building the database file
                drafts_left += path.parent.exists() and any(path.parent.glob("*.new-*"))
            if not path.exists():
                assert match_id is None, "a match was acknowledged but its database is gone"
                continue
        with Store(path) as store:                        # never damaged: no DatabaseDamaged here
            for info in store.list():
                store.open(info.id)                       # every stored match replays
            assert store.list_problems == []
            assert not isinstance(path, Path) or not list(path.parent.glob("*.damaged-*"))
            if match_id is None:
                continue
            log = store.open(match_id).match.log
            lost += sum(1 for number, action in entries
                        if number > len(log) or log[number - 1].to_dict() != action)
            if entries:                                   # at most the one entry being saved when killed
                assert len(log) <= entries[-1][0] + 1
            copy = Match.from_json(store.open(match_id).match.to_json())   # it replays from a save too
            assert copy.log == log
            if copy.is_over():
                match_id = None
    return acknowledged, lost, killed_in_startup, drafts_left


def test_kill_9_during_a_burst_of_entries_loses_no_acknowledged_entry(tmp_path):
    start = time.monotonic()
    acknowledged, lost, killed_in_startup, drafts_left = kill_loop(
        RUNS, lambda run: tmp_path / f"db{run}" / "matches.sqlite3")
    elapsed = time.monotonic() - start
    print(f"\nkill -9: {RUNS} runs ({killed_in_startup} killed before any entry, {drafts_left} of "
          f"them while building the database file), {acknowledged} entries acknowledged, {lost} lost, {elapsed:.1f} s")
    assert lost == 0
    assert acknowledged > 200 and RUNS - killed_in_startup >= RUNS // 2
    assert elapsed < 40


def test_kill_9_on_postgresql_loses_no_acknowledged_entry(request):
    server = session_postgres(request)
    start = time.monotonic()
    acknowledged, lost, killed_in_startup, _ = kill_loop(POSTGRES_RUNS, lambda run: server.new_schema())
    elapsed = time.monotonic() - start
    print(f"\nkill -9 on PostgreSQL: {POSTGRES_RUNS} runs ({killed_in_startup} killed before any entry), "
          f"{acknowledged} entries acknowledged, {lost} lost, {elapsed:.1f} s")
    assert lost == 0
    assert acknowledged > 40 and POSTGRES_RUNS - killed_in_startup >= POSTGRES_RUNS // 2
    assert elapsed < 30


def test_a_new_database_file_never_appears_empty(tmp_path):
    """An empty file is taken for a damaged one, so tabletop must never leave one, even when killed
    while creating its store: the file appears whole. A second thread watches the files' sizes
    while stores are created."""
    paths = [tmp_path / f"s{i}" / "matches.sqlite3" for i in range(10)]
    sizes, stop = [], threading.Event()

    def watch():
        while not stop.is_set():
            for path in paths:
                try:
                    sizes.append(path.stat().st_size)
                except FileNotFoundError:
                    pass
    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        for path in paths:
            Store(path).close()
    finally:
        stop.set()
        watcher.join()
    assert len(sizes) > 100 and min(sizes) > 0
