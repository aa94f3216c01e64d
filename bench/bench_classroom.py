"""A class of 30 in a first-price auction: ``nice python bench/bench_classroom.py [--pages N]``.

One Voilà server (as ``tabletop serve`` starts it). The teacher screen and N students are real
pages in Chromium (one kernel each); the other 30 - N students are entries through the same path
a page uses (``StoredMatch.apply`` of a ``Bid`` from worker processes, each with its own store
connection, tried again when another entry went in first). Three rounds: Open round in the
teacher's page, every student bids (pages by typing and Submit), Close round in the teacher's page.

Printed, not asserted:

* round close to results on every screen: the teacher's click (time taken inside its page) until
  each page shows "Round N results" (student pages) or the results table (teacher), a
  MutationObserver in each page; and until each worker process's copy of the match holds the
  results (it polls the store every 0.15 s, as a page's Watcher does). Median, 95th percentile,
  target median under 1 s;
* memory: PSS of each student page's kernel, of the teacher's, and of the Voilà server;
* nothing lost: every student's bid of every round is in the results table.

Needs Chromium at /usr/bin/chromium.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CLASS = 30
ROUNDS = 3

SEEN_JS = """
(marker) => {
  window.ttSeen = window.ttSeen || {};
  const note = () => {
    if (!(marker in window.ttSeen) && document.body.innerText.includes(marker)) window.ttSeen[marker] = Date.now();
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true});
  note();
}
"""


def _percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def _worker(db: str, match_id: str, seats: list[int], start, seen_queue) -> None:
    """Students without a page: each round, bid through StoredMatch.apply once the round is
    open, then note when this copy of the match holds the round's results."""
    from tabletop.classroom.actions import Bid
    from tabletop.errors import TabletopError
    from tabletop.store import StaleMatch, Store
    store = Store(db)
    saved = store.open(match_id, device="bench")
    rng = random.Random(seats[0])
    start.wait()
    for rnd in range(1, ROUNDS + 1):
        # wait for the round to open
        while True:
            saved.refresh()
            view = saved.match.view(None)
            if view.get("round") == rnd and view.get("phase") == "bidding":
                break
            time.sleep(0.15)
        for seat in seats:
            private = saved.match.view(seat)["private"]
            if not private.get("in_round"):
                continue
            value = private["value"]
            bid = max(0, int(value * rng.uniform(0.55, 0.9)))
            for _attempt in range(200):
                try:
                    saved.apply(Bid(seat=seat, amount=bid))
                    break
                except StaleMatch:
                    saved.refresh()
                except TabletopError:
                    break
            time.sleep(rng.uniform(0.05, 0.4))
        # wait for the close (the 0.15 s poll of a page's Watcher)
        while True:
            saved.refresh()
            rows = saved.match.view(None).get("rows") or ()
            if any(int(r["round"]) == rnd for r in rows):
                seen_queue.put((rnd, time.time() * 1000, len(seats)))
                break
            time.sleep(0.15)
    store.close()


def main(pages: int, workers: int) -> None:
    import psutil
    from playwright.sync_api import sync_playwright

    from tabletop import serve
    from tabletop.match import Match
    from tabletop.store import Store

    home = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
    db = str(home / "matches.sqlite3")
    store = Store(db)
    match = Match("classroom", [f"Seat {k}" for k in range(1, CLASS + 1)],
                  {"experiment": "first-price", "group_size": 3, "rounds": ROUNDS, "missing_bid": "none"})
    saved = store.create(match)
    match_id = saved.id
    from tabletop.classroom.actions import Join
    for seat in range(CLASS):
        saved.apply(Join(seat=seat, nickname=f"Student{seat + 1:02d}"))
    keys = [store.seat_key(match_id, s) for s in range(CLASS)]
    from tabletop.widgets.classroom import teacher_key
    teacher_link = f"?match={match_id}&teacher={teacher_key(store, match_id)}"   # the teacher screen's key
    page_seats = list(range(pages))
    rest = list(range(pages, CLASS))
    print(f"class of {CLASS}: {pages} student pages in Chromium + the teacher's page, "
          f"{len(rest)} students as entries from {workers} processes")

    ctx = mp.get_context("spawn")
    start, seen_queue = ctx.Event(), ctx.Queue()
    chunks = [rest[i::workers] for i in range(workers)] if rest else []
    procs = [ctx.Process(target=_worker, args=(db, match_id, c, start, seen_queue), daemon=True) for c in chunks if c]
    for p in procs:
        p.start()

    close_to_seen: list[float] = []
    close_to_worker: list[float] = []
    teacher_seen: list[float] = []
    with open(home / "voila.log", "w") as log, serve.Voila(port=0, home=home, stdout=log) as voila, \
            sync_playwright() as pw:
        server = voila.url().rstrip("/")
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        t0 = time.monotonic()
        teacher_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        teacher = teacher_ctx.new_page()
        teacher.set_default_timeout(300_000)
        teacher.goto(f"{server}/{teacher_link}", wait_until="commit")
        teacher.locator(".tt-teacher").wait_for()
        students = []
        # pages open a few at a time: a 2-core machine starts a handful of kernels at once
        for batch in range(0, len(page_seats), 3):
            opened = []
            for s in page_seats[batch:batch + 3]:
                c = browser.new_context(viewport={"width": 390, "height": 844})
                p = c.new_page()
                p.set_default_timeout(300_000)
                p.goto(f"{server}/?match={match_id}&seat={s}&key={keys[s]}", wait_until="commit")
                opened.append((s, c, p))
            for _s, _c, p in opened:
                p.locator(".tt-student").wait_for()
            students += opened
        print(f"all pages open in {time.monotonic() - t0:.1f} s")
        start.set()
        lost = 0
        for rnd in range(1, ROUNDS + 1):
            teacher.get_by_role("button", name=f"Open round {rnd}").click()
            for s, _c, p in students:
                p.get_by_text("Your value:").wait_for()
            for s, _c, p in students:
                value = int(p.locator(".tt-value").inner_text().split("$")[1].replace(",", ""))
                p.locator(".tt-amount input").fill(str(int(value * 0.75)))
                p.get_by_role("button", name="Submit my bid").click()
            for s, _c, p in students:
                p.get_by_text("Bid received").wait_for()
            teacher.get_by_text(f"{CLASS} of {CLASS} have bid").wait_for(timeout=180_000)
            marker = f"Round {rnd} results"
            for _s, _c, p in students:
                p.evaluate(SEEN_JS, marker)
            teacher_marker = f"{rnd} of {ROUNDS} rounds played" if rnd < ROUNDS else "The experiment is over"
            teacher.evaluate(SEEN_JS, teacher_marker)
            clicked = teacher.evaluate("""() => { const b = [...document.querySelectorAll('button')]
                .find(b => b.textContent.trim().startsWith('Close round')); const t = Date.now(); b.click(); return t; }""")
            for _s, _c, p in students:
                p.wait_for_function("(m) => window.ttSeen && window.ttSeen[m]", arg=marker, timeout=60_000)
                close_to_seen.append(p.evaluate("(m) => window.ttSeen[m]", marker) - clicked)
            teacher.wait_for_function("(m) => window.ttSeen && window.ttSeen[m]", arg=teacher_marker, timeout=60_000)
            teacher_seen.append(teacher.evaluate("(m) => window.ttSeen[m]", teacher_marker) - clicked)
            got = 0
            while got < len(procs):
                r, at, _n = seen_queue.get(timeout=60)
                if r == rnd:
                    close_to_worker.append(at - clicked)
                    got += 1
            print(f"round {rnd}: close to results on {len(students)} pages: median "
                  f"{statistics.median(close_to_seen[-len(students):]):.0f} ms" if students else f"round {rnd}")
        # memory
        kernels = {}
        for proc in voila.processes()[1:]:
            try:
                if "ipykernel_launcher" in " ".join(proc.cmdline()):
                    kernels[proc.pid] = proc.memory_full_info().pss / 2**20
            except psutil.Error:
                pass
        server_mb = voila.processes()[0].memory_full_info().pss / 2**20
        for _s, c, _p in students:
            c.close()
        teacher_ctx.close()
        browser.close()
    for p in procs:
        p.join(timeout=30)
    final = Store(db).open(match_id).match
    from tabletop.classroom.results import results
    frame = results(final)
    bids = frame[frame["bid_rule"] == "bid"]
    lost = CLASS * ROUNDS - len(bids)
    print()
    print(f"round close to results, {len(close_to_seen)} page views ({pages} student pages x {ROUNDS} rounds): "
          f"median {statistics.median(close_to_seen):.0f} ms, 95th percentile {_percentile(close_to_seen, 0.95):.0f} ms, "
          f"max {max(close_to_seen):.0f} ms (target median < 1000 ms: "
          f"{'met' if statistics.median(close_to_seen) < 1000 else 'MISSED'})" if close_to_seen else "no pages")
    print(f"round close to results on the teacher's own screen: {', '.join(f'{t:.0f}' for t in teacher_seen)} ms")
    if close_to_worker:
        print(f"round close to results in the {len(procs)} entry processes' copies (0.15 s poll): median "
              f"{statistics.median(close_to_worker):.0f} ms, 95th percentile {_percentile(close_to_worker, 0.95):.0f} ms")
    if kernels:
        mbs = sorted(kernels.values())
        print(f"memory: {len(mbs)} kernels, PSS median {statistics.median(mbs):.0f} MB (min {mbs[0]:.0f}, "
              f"max {mbs[-1]:.0f}); Voilà server {server_mb:.0f} MB")
    print(f"nothing lost: {len(bids)} bids in the results of {CLASS * ROUNDS} made ({lost} lost); "
          f"{len(frame)} result rows")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=6, help="students with a real page (the rest: processes)")
    parser.add_argument("--workers", type=int, default=4, help="processes entering the other students' bids")
    args = parser.parse_args()
    main(args.pages, args.workers)
