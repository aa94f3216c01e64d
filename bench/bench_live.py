"""One live match on five devices: ``python bench/run.py live``.

One Voilà server (as ``tabletop serve`` starts it), Chromium with five contexts: the table screen
and four seat devices of a 4-player Stockpile match, each page with its own kernel. The agent of
the browser tests (tests/browser/test_live.py) plays the setup and the whole first round, every
seat entering its own secrets on its own device (the deals all at once, entered ahead).

Measured in the same run:

* propagation: a tap on device A (time taken inside A's page) until device B's page shows the new
  entry (a MutationObserver inside B's page), for every entry and every other device; target:
  median under 300 ms, 95th percentile under 1 s. Baseline: the same tap until A's own page shows
  it (the round trip of a page to its own kernel), and the ratio to it;
* memory per connected device: PSS of each page's kernel (and of the Voilà server), five pages
  connected;
* taps per player and hand-overs for the round, and the same round on one device passed around
  (the privacy gate: "Pass the device to Alice"; a hand-over is a panel opened), as a baseline.

Needs Chromium at /usr/bin/chromium.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

SEEN_JS = """
() => {
  if (window.ttSeen) return;
  window.ttSeen = {};
  const note = () => {
    const el = document.querySelector('.tt-log .tt-section-title');
    const m = el && /\\((\\d+) entries\\)/.exec(el.textContent);
    if (m && !(m[1] in window.ttSeen)) window.ttSeen[m[1]] = Date.now();
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true});
  note();
}
"""


def _percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def handovers(entered) -> int:
    """Hand-overs of a run: ``entered`` is (device, action) for every entry tapped, in order. A
    device changes hands when the person behind its next private entry (a seat's secret draw or
    decision, ``widgets.live.concerns``) is not the one behind its last; public cards need nobody
    in particular (whoever sits at the table screen enters them). On their own devices every seat
    taps only its own entries and the table screen only public cards, so the count is 0 by
    construction; it is counted, not printed as a constant, so a driver or a screen that sent a
    seat's entry to another device would show."""
    from tabletop.widgets.live import concerns

    holder: dict = {}
    count = 0
    for device, action in entered:
        public_card = action.secret_to is None and getattr(action, "seat", None) is None
        person = None if public_card else concerns(action)
        if person is None:
            continue
        if device in holder and holder[device] != person:
            count += 1
        holder[device] = person
    return count


def live_round(browser, server: str, home: Path, voila) -> dict:
    from browser.test_live import PLAYERS, Device, Table, close_all, open_devices, saved_match
    from tabletop import Match

    presses: list[tuple[float, Device]] = []
    entered: list[tuple[Device, object]] = []

    class TimedDevice(Device):
        def press(self, button) -> None:
            # the tap's time is taken inside the page, just before the click event
            presses.append((button.evaluate("b => { const t = Date.now(); b.click(); return t; }"), self))

        def click(self, action, offered, state) -> None:
            entered.append((self, action))
            super().click(action, offered, state)

    match_id = saved_match(home, Match("stockpile", PLAYERS, {}, 3))
    # the start page watches nothing: its kernel is the baseline of an idle kernel
    start = browser.new_page()
    start.goto(server + "/")
    start.locator(".tt-start").wait_for(timeout=120_000)
    start_kernels = set(voila.kernel_pids())
    started = time.monotonic()
    devices = open_devices(browser, server, home, match_id, device_class=TimedDevice)
    opened = time.monotonic() - started
    for d in devices:
        d.page.evaluate(SEEN_JS)
    memory = _memory(voila, exclude=start_kernels)
    watching = [pid for pid in voila.kernel_pids() if pid not in start_kernels]
    idle = _idle_cpu(watching), _idle_cpu(sorted(start_kernels))
    start.close(run_before_unload=True)
    table = Table(devices, home, match_id, seed=3)
    started = time.monotonic()
    end = table.play(lambda m: m.state.round >= 2)
    played = time.monotonic() - started
    seen = [{int(k): v for k, v in d.page.evaluate("window.ttSeen").items()} for d in devices]
    close_all(devices, voila)

    own, other = [], []
    for count in range(1, len(end.log) + 1):
        first = min((s[count] for s in seen if count in s), default=None)
        if first is None:                   # entered together with others (a deal): not shown alone
            continue
        taps = [(t, d) for t, d in presses if t <= first]
        if not taps:
            continue
        t, by = max(taps, key=lambda p: p[0])
        for d, s in zip(devices, seen):
            if count in s:
                (own if d is by else other).append((s[count] - t) / 1000)
    return {"entries": len(end.log), "opened": opened, "played": played, "own": own, "other": other,
            "memory": memory, "idle": idle, "taps": [d.taps for d in devices], "handovers": handovers(entered)}


def _idle_cpu(pids, seconds: float = 5.0) -> float:
    """Share of one core a kernel uses while nothing happens (median of ``pids``)."""
    import psutil
    kernels = [psutil.Process(pid) for pid in pids]
    before = [sum(k.cpu_times()[:2]) for k in kernels]
    time.sleep(seconds)
    after = [sum(k.cpu_times()[:2]) for k in kernels]
    return statistics.median((b - a) / seconds for a, b in zip(before, after))


def _memory(voila, exclude=()) -> dict:
    """PSS (MB) of the Voilà server and of each kernel, five pages connected."""
    import psutil
    procs = voila.processes()
    kernels = set(voila.kernel_pids()) - set(exclude)

    def mb(p, kind: str) -> float:
        try:
            info = p.memory_full_info()
            return getattr(info, kind, info.rss) / 2 ** 20
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            return float("nan")
    return {"server": mb(procs[0], "pss") if procs else float("nan"),
            "kernels": [mb(p, "pss") for p in procs[1:] if p.pid in kernels],
            "unique": [mb(p, "uss") for p in procs[1:] if p.pid in kernels]}


def pass_around_round(browser, server: str, home: Path, voila) -> dict:
    """The same round on the table screen alone, passed around (the tests' one-device driver)."""
    from browser.table import Table as OneDevice
    from browser.test_live import PLAYERS, saved_match
    from tabletop import Match

    match_id = saved_match(home, Match("stockpile", PLAYERS, {}, 3))
    context = browser.new_context(viewport={"width": 900, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(f"{server}/?match={match_id}")
    page.locator(".tt-tracker").wait_for()
    handovers = []
    one = OneDevice(page, home, match_id, seed=3, on_open_panel=handovers.append)
    one.play_until(lambda m: m.state.round >= 2)
    entries = len(one.match().log)
    page.close(run_before_unload=True)
    context.close()
    return {"entries": entries, "taps": one.taps, "handovers": len(handovers)}


def main(base: float | None = None) -> None:
    from playwright.sync_api import sync_playwright

    from browser.conftest import ARGS, chromium_path
    from tabletop import serve
    from tabletop.store import Store

    chromium = chromium_path()
    if chromium is None:
        print("Chromium is not installed: apt-get install chromium")
        return
    home = Path(tempfile.mkdtemp(prefix="bench-live-"))
    with open(home / "voila.log", "w") as log, serve.Voila(port=0, home=home, stdout=log) as voila:
        server = voila.url().rstrip("/")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
            live = live_round(browser, server, home, voila)
            alone = pass_around_round(browser, server, home, voila)
            browser.close()
    own, other = live["own"], live["other"]
    med_own, med = statistics.median(own), statistics.median(other)
    p95 = _percentile(other, 0.95)
    kernels = live["memory"]["kernels"]
    print(f"5 devices (table screen + 4 seats) of a 4-player Stockpile match, setup and round 1: "
          f"{live['entries']} entries; pages open in {live['opened']:.1f} s, round played in {live['played']:.1f} s")
    print(f"{'baseline: tap -> the same device shows it':<55} median {med_own * 1e3:7.0f} ms   ({len(own)} taps)")
    print(f"{'propagation: tap on A -> device B shows it':<55} median {med * 1e3:7.0f} ms   "
          f"{med / med_own:5.2f}x baseline   target 300 ms: {'met' if med < 0.3 else 'MISSED'}")
    print(f"{'propagation, 95th percentile':<55}        {p95 * 1e3:7.0f} ms   "
          f"{p95 / med_own:5.2f}x baseline   target 1000 ms: {'met' if p95 < 1.0 else 'MISSED'}"
          f"   ({len(other)} samples, max {max(other) * 1e3:.0f} ms)")
    watching, still = live["idle"]
    print(f"idle kernel, its watcher polling the store every {Store.POLL_EVERY * 1e3:.0f} ms: "
          f"{watching * 100:.2f}% of a core (the start page's kernel, watching nothing: {still * 100:.2f}%)")
    print(f"memory per connected device (kernel PSS): median {statistics.median(kernels):.0f} MB "
          f"(kernels {', '.join(f'{k:.0f}' for k in kernels)} MB; Voila server {live['memory']['server']:.0f} MB); "
          f"its own memory (USS) {statistics.median(live['memory']['unique']):.0f} MB")
    taps = live["taps"]
    print(f"taps, own devices: table screen {taps[0]}, players {taps[1:]} = {sum(taps[1:]) / 4:.1f} per player, "
          f"{sum(taps)} in all; hand-overs {live['handovers']} (a device's entries changing person)")
    print(f"taps, one device passed around (baseline, {alone['entries']} entries): {alone['taps']} in all = "
          f"{alone['taps'] / 4:.1f} per player; hand-overs {alone['handovers']}")


if __name__ == "__main__":
    main()
