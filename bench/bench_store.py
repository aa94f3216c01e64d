"""Store benchmarks for a class on one database: PostgreSQL against SQLite in the same run.

- Entry to visible: one process saves entries (at random moments), another waits in
  ``Store.changed`` as a live page does; the time from ``apply`` returning in the first to
  ``changed`` returning in the second (CLOCK_MONOTONIC is one clock for every process). SQLite
  reads the revision every 150 ms; PostgreSQL is told by LISTEN/NOTIFY. Median and 95th percentile.
- Entries per second with 30 writers: 30 processes (a class of 30 tables), each playing random
  legal entries of its own Stockpile match as fast as it can for a few seconds, all at once.

Both durable: SQLite with ``synchronous = FULL`` (tabletop's setting), PostgreSQL with fsync on (a
throwaway cluster of Debian's binaries in a temporary folder, tests/pg.py). On a 2-core machine
30 writers share 2 cores with the database: the figure is the machine's, shown against SQLite's.

``python bench/bench_store.py`` (or ``python bench/run.py store``)."""
from __future__ import annotations

import asyncio
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
from common import baseline_seconds  # noqa: E402

ENTRIES = 40            # entries timed per backend for the latency
WRITERS = 30
WRITE_SECONDS = 6.0


def _watch(location: str, match_id: str, revision: int, n: int, seen) -> None:
    """A live page in a process of its own: report each revision as ``changed`` returns it."""
    from tabletop.store import Store
    store = Store(location)

    async def follow(revision: int) -> None:
        for _ in range(n):
            revision = await store.changed(match_id, revision)
            seen.put((revision, time.monotonic()))
    seen.put(("ready", time.monotonic()))
    asyncio.run(follow(revision))
    store.close()


def latency(location: str) -> list[float]:
    from tabletop import Match
    from tabletop.store import Store
    store = Store(location)
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=1))
    ctx = multiprocessing.get_context("spawn")
    seen = ctx.Queue()
    page = ctx.Process(target=_watch, args=(location, saved.id, saved.revision, ENTRIES, seen))
    page.start()
    assert seen.get(timeout=120)[0] == "ready"
    time.sleep(1.0)                                   # it is waiting (and, on PostgreSQL, listening)
    rng, saved_at = random.Random(2), {}
    for _ in range(ENTRIES):
        time.sleep(rng.uniform(0.15, 0.35))           # at any moment of SQLite's reading cycle
        saved.apply(rng.choice(saved.match.legal_actions()))
        saved_at[saved.revision] = time.monotonic()
    delays = []
    for _ in range(ENTRIES):
        revision, at = seen.get(timeout=60)
        delays.append(at - saved_at[revision])
    page.join(30)
    store.close()
    return delays


def _write(location: str, k: int, start, until_ready, counts) -> None:
    from tabletop import Match
    from tabletop.errors import StoreError
    from tabletop.store import Store
    store = Store(location, busy_timeout=60)
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=k))
    rng, entries, busy = random.Random(k), 0, 0
    until_ready.wait(300)
    while start.value > 1e8:                          # set once every writer is ready
        time.sleep(0.001)
    begin = start.value
    while time.monotonic() < begin:
        time.sleep(0.001)
    while time.monotonic() < begin + WRITE_SECONDS:
        if saved.match.is_over():
            saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=k + 1000 * entries))
        try:
            saved.apply(rng.choice(saved.match.legal_actions()))
            entries += 1
        except StoreError:
            busy += 1
    counts.put((entries, busy))
    store.close()


def throughput(location: str) -> tuple[float, int]:
    from tabletop.store import Store
    Store(location).close()                            # the schema exists before the writers race
    ctx = multiprocessing.get_context("spawn")
    ready, start, counts = ctx.Barrier(WRITERS + 1), ctx.Value("d", 1e9), ctx.Queue()   # 1e9: not yet
    writers = [ctx.Process(target=_write, args=(location, k, start, ready, counts)) for k in range(WRITERS)]
    for w in writers:
        w.start()
    ready.wait(300)
    start.value = time.monotonic() + 0.2
    results = [counts.get(timeout=300) for _ in writers]
    for w in writers:
        w.join(30)
    return sum(e for e, _ in results) / WRITE_SECONDS, sum(b for _, b in results)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main(base: float | None = None) -> None:
    from pg import throwaway_postgres
    if base is not None:
        print(f"(baseline given: {base * 1e3:.3f} ms; the store's baseline here is SQLite, measured in this run)")
    with tempfile.TemporaryDirectory() as folder, throwaway_postgres(fsync=True) as pg:
        locations = {"SQLite": str(Path(folder) / "latency.sqlite3"), "PostgreSQL": pg.create_database("latency")}
        delays = {name: latency(location) for name, location in locations.items()}
        for name, d in delays.items():
            print(f"entry to visible in another process, {name:<10}  median {statistics.median(d) * 1e3:7.1f} ms"
                  f"   95th percentile {p95(d) * 1e3:7.1f} ms   ({len(d)} entries)")
        print(f"  PostgreSQL / SQLite: median {statistics.median(delays['PostgreSQL']) / statistics.median(delays['SQLite']):.2f}x")
        locations = {"SQLite": str(Path(folder) / "writers.sqlite3"), "PostgreSQL": pg.create_database("writers")}
        rates = {}
        for name, location in locations.items():
            rates[name], busy = throughput(location)
            print(f"entries per second, {WRITERS} writers at once, {name:<10}  {rates[name]:7.1f}"
                  f"   ({busy} refused as busy)")
        print(f"  PostgreSQL / SQLite: {rates['PostgreSQL'] / rates['SQLite']:.2f}x")


if __name__ == "__main__":
    main(baseline_seconds())
