"""Dashboard speed in a real browser: ``nice python bench/run.py dashboard``.

One Voilà server (``serve.Voila``, as ``tabletop serve`` starts it: tabletop's template, no
preheated kernels) serves two notebooks from one folder: a bare page with one label and a
button, and the tabletop dashboard. Measured in one run, medians:

* page loads, alternating bare / tracker / start page, each in a fresh page (and kernel):
  navigation -> the bare label shown (the baseline); ``?match=<id>`` -> the tracker's action
  buttons shown (interactive; target 1.3x the bare page); navigation -> the start page shown;
* charts, in each fresh tracker page, 1 s after it is interactive: tap "Show charts" -> both
  plotly figures of the charts' card drawn with their lines (issue 14: within 2 s; it measured
  16-27 s the first time), with what came meanwhile (the websocket's messages, files fetched) and
  how long the page's main thread was busy. The tracker has the page start plotly.js on a hidden
  one-point figure 3 s after it is built (``ChartsPanel.warm_up``), outside the card: a tap in a
  page's first 2-3 s still waits for plotly's first start (1.3-3 s on 2 busy cores);
* clicks, timed inside the page from the click to the screen's change, alternating between
  three open pages: a one-label click on the bare page (the floor: Voilà's round trip), an action
  button -> the log's "(N entries)" (target 150 ms), Undo -> the log one entry shorter (target
  100 ms), "Open Alice's panel" -> her panel shown (target 150 ms) and closing it -> the panel
  gone and the table shown (target 150 ms).

Then a first chart's work in a kernel (a fresh Python with tabletop.widgets loaded). Needs Chromium at /usr/bin/chromium. ``python bench/bench_dashboard.py browser``
runs only the browser part.

Taps (headless, no browser: ``python bench/bench_dashboard.py taps``): a table plays through
the tracker's own buttons and every tap is counted (opening a player's panel, each button of a
choice asked in parts or of a picker's steps; a tap that makes several entries counts once, and
an entry the tracker makes by itself none), with one device passed around (the gate counts) and
with each player on their own phone (it does not). Two tables: the random one (any legal action,
each as likely) and one that plays like people (``people_table``: the agents of
``tabletop.agents``). 9 games each; the medians per 4-player Stockpile round (round 2) and per
Acquire turn, and where the taps go. Targets: at most 35 and at most 3.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from common import report  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# as tests/browser/conftest.py: a container's small /dev/shm crashes tabs; no network but the server
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 120_000

BARE = {"cells": [{"cell_type": "code", "execution_count": None, "id": "bare", "metadata": {}, "outputs": [],
                   "source": ["import ipywidgets as w\n",
                              "label, tap, n = w.Label('bare page ready'), w.Button(description='tap'), [0]\n",
                              "def count(_):\n", "    n[0] += 1\n", "    label.value = f'bare page ready {n[0]} taps'\n",
                              "tap.on_click(count)\n", "w.VBox([label, tap])"]}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}

# every websocket message the page receives: (time, size), in the page's clock
WS_RECORDER = """
(() => {
  performance.setResourceTimingBufferSize(100000);    // the page loads more files than the default 250
  const Original = window.WebSocket;
  window.__ws = [];
  window.WebSocket = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        const d = e.data;
        window.__ws.push([performance.now(), typeof d === "string" ? d.length : (d.byteLength ?? d.size ?? 0)]);
      });
    }
  };
})();
"""

# Click the first element of `click` = [selector, text] (text: contained in its words) and
# resolve when every condition [selector, text, present] holds (present: some element matching
# selector whose words contain text is on the page and visible; not present: none is attached).
# Milliseconds from the click, or -1 after timeoutMs.
CLICK_JS = """
async ([click, conditions, timeoutMs]) => {
  const find = (sel, text) => [...document.querySelectorAll(sel)].filter(e => e.textContent.includes(text || ""));
  const holds = () => conditions.every(([sel, text, present]) => {
    const found = find(sel, text);
    return present ? found.some(e => e.offsetParent !== null) : found.length === 0;
  });
  const target = find(click[0], click[1])[0];
  if (!target) return -2;
  const t0 = performance.now();
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (holds()) { obs.disconnect(); clearTimeout(timer); resolve(performance.now() - t0); }
    });
    const timer = setTimeout(() => { obs.disconnect(); resolve(-1); }, timeoutMs);
    obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    target.click();
  });
}
"""

# Tap "Show charts"; resolve with the times (ms from the tap) at which the button says it loads,
# both figures are on the page, both have their lines (a trace drawn in each), and the
# websocket messages received meanwhile.
CHARTS_JS = """
async (timeoutMs) => {
  const button = [...document.querySelectorAll(".tt-charts button")].find(b => b.textContent.includes("Show charts"));
  if (!button) return null;
  const out = {loading: null, first: null, framed: null, drawn: null, longtasks: []};
  const t0 = performance.now();
  let longtasks = null;
  try {     // the page's main thread busy (tasks over 50 ms): parsing and running plotly.js
    longtasks = new PerformanceObserver((list) => list.getEntries().forEach(
      (e) => out.longtasks.push([e.startTime - t0, e.duration])));
    longtasks.observe({type: "longtask"});
  } catch (e) { longtasks = null; }
  const check = () => {
    const t = performance.now() - t0;
    if (out.loading === null && button.textContent.includes("Loading")) out.loading = t;
    const plots = [...document.querySelectorAll(".tt-charts .tt-chart-box .js-plotly-plot")];
    if (out.first === null && plots.length >= 1) out.first = t;
    if (out.framed === null && plots.length >= 2) out.framed = t;
    return plots.length >= 2 && plots.every(p => p.querySelector(".scatterlayer .trace"));
  };
  await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (check()) { out.drawn = performance.now() - t0; obs.disconnect(); clearTimeout(timer); resolve(); }
    });
    const timer = setTimeout(() => { obs.disconnect(); resolve(); }, timeoutMs);
    obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    button.click();
  });
  await new Promise((resolve) => setTimeout(resolve, 100));     // the last long task is reported
  if (longtasks) longtasks.disconnect();
  out.fetched = performance.getEntriesByType("resource").filter((e) => e.startTime >= t0)
    .map((e) => [e.name.split("?")[0].split("/").slice(-1)[0], e.startTime - t0, e.responseEnd - t0,
                 e.transferSize || e.encodedBodySize || 0]);
  out.ws = (window.__ws || []).filter(([t]) => t >= t0).map(([t, n]) => [t - t0, n]);
  out.traces = [...document.querySelectorAll(".tt-charts .tt-chart-box .js-plotly-plot")]
    .map(p => p.querySelectorAll(".scatterlayer .trace").length);
  return out;
}
"""


def _stockpile_match(stop) -> "Match":
    """A 4-player Stockpile game played at random (seed 3) up to the first state where ``stop``."""
    from tabletop import CHANCE, Match
    match = Match("stockpile", ["Alice", "Bob", "Carol", "Dan"])
    rng = random.Random(3)
    while not stop(match):
        state = match.state
        legal = match.legal_actions()
        match.apply(match.sample_chance() if state.current_player() == CHANCE else legal[rng.randrange(len(legal))])
    return match


def _saved_matches(home: Path) -> tuple[str, str, str]:
    """Two saved matches: one at a public decision of round 2 (the auction: bid buttons on the shared
    screen, and some rounds for the charts), one where the shared screen shows the gate to a
    player's panel (a decision that would show her secrets); and that player's name."""
    from tabletop.store import Store
    from tabletop.widgets.titles import title_ui
    ui = title_ui("stockpile")

    def auction(match):
        s = match.state
        p = s.current_player()
        return s.round >= 2 and p >= 0 and s.phase == "demand" and \
            not ui.private_decision(s, p, match.offered_actions(None))

    def gate(match):
        s = match.state
        p = s.current_player()
        return p >= 0 and bool(ui.private_decision(s, p, match.offered_actions(None)))
    store = Store(home / "matches.sqlite3")
    try:
        bidding = store.create(_stockpile_match(auction))
        gated_match = _stockpile_match(gate)
        gated = store.create(gated_match)
        return bidding.id, gated.id, gated_match.game.players[gated_match.current_player()]
    finally:
        store.close()


class Bench:
    """The server, the browser and the timed steps."""

    def __init__(self, pw, server, base: str):
        self.server, self.base = server, base
        self.browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        self.context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
        self.context.add_init_script(WS_RECORDER)

    def open(self, path: str, selector: str):
        """A fresh page (its own kernel) at ``path``: (the page, seconds until ``selector`` is shown)."""
        page = self.context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        t0 = time.perf_counter()
        page.goto(self.base + path)
        page.locator(selector).first.wait_for(timeout=TIMEOUT_MS)
        return page, time.perf_counter() - t0

    def close(self, page) -> None:
        """Close the page and wait (bounded) until Voilà has shut its kernel down, as the browser
        tests do: the next measurement does not share the cores with a kernel going away."""
        before = set(self.server.kernel_pids())
        page.close(run_before_unload=True)
        deadline = time.monotonic() + 10
        while before & set(self.server.kernel_pids()) and time.monotonic() < deadline:
            time.sleep(0.1)

    @staticmethod
    def click(page, click: list, conditions: list, what: str) -> float:
        ms = page.evaluate(CLICK_JS, [click, conditions, TIMEOUT_MS])
        if ms < 0:
            raise RuntimeError(f"{what}: {'no such button' if ms == -2 else 'the screen did not change'} "
                               f"({click!r} -> {conditions!r})")
        return ms / 1000


def _entries(page) -> int:
    words = page.locator(".tt-log .tt-section-title").inner_text()
    return int(words.split("(")[1].split()[0])


def measure(loads: int = 7, rounds: int = 15) -> dict[str, list]:
    """Every browser figure of one run: name -> the times in seconds (charts: dicts)."""
    from playwright.sync_api import sync_playwright
    from tabletop import serve
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-bench-"))
    folder, home = tmp / "pages", tmp / "home"
    folder.mkdir()
    home.mkdir()
    (folder / "bare.ipynb").write_text(json.dumps(BARE))
    shutil.copy(serve.notebook_path(), folder / "tabletop.ipynb")
    bidding, gated, name = _saved_matches(home)
    out: dict[str, list] = {k: [] for k in ("bare", "tracker", "start", "charts", "bare click", "click",
                                            "undo", "open panel", "close panel")}
    with open(home / "voila.log", "w") as log, serve.Voila(port=0, home=home, notebook=folder, stdout=log) as server, \
            sync_playwright() as pw:
        bench = Bench(pw, server, server.url().rstrip("/"))
        try:
            pages = [("bare", "/voila/render/bare.ipynb", "text=bare page ready"),
                     ("tracker", f"/voila/render/tabletop.ipynb?match={bidding}", ".tt-actions .tt-act"),
                     ("start", "/voila/render/tabletop.ipynb", ".tt-start .tt-toggle")]
            for i in range(loads + 1):            # the first round warms up and is not counted
                for kind, path, selector in pages:
                    page, seconds = bench.open(path, selector)
                    if i:
                        out[kind].append(seconds)
                    if kind == "tracker":         # the charts' first time, in this fresh page
                        time.sleep(1.0)
                        charts = page.evaluate(CHARTS_JS, TIMEOUT_MS)
                        charts["counted"] = bool(i)
                        out["charts"].append(charts)
                    bench.close(page)
            # clicks: three pages open, one kind of click after the other
            bare, _ = bench.open("/voila/render/bare.ipynb", "text=bare page ready")
            table, _ = bench.open(f"/voila/render/tabletop.ipynb?match={bidding}", ".tt-actions .tt-act")
            gate, _ = bench.open(f"/voila/render/tabletop.ipynb?match={gated}", ".tt-turn .tt-primary")
            time.sleep(2.0)
            n = _entries(table)
            log_title = ".tt-log .tt-section-title"
            for r in range(rounds + 1):           # the first round warms up and is not counted
                times = {
                    "bare click": bench.click(bare, [".widget-button", "tap"],
                                              [[".widget-label", f"ready {r + 1} taps", True]], "bare click"),
                    "click": bench.click(table, [".tt-actions .tt-act", ""], [[log_title, f"({n + 1} entries)", True]],
                                         "action button"),
                    "undo": bench.click(table, [".tt-log .tt-btn", "Undo"], [[log_title, f"({n} entries)", True]],
                                        "Undo"),
                    "open panel": bench.click(gate, [".tt-turn .tt-primary", f"Open {name}'s panel"],
                                              [[".tt-private .tt-private-title", f"{name}'s panel", True],
                                               [".tt-private .tt-private-actions .tt-act", "", True]], "open panel"),
                    "close panel": bench.click(gate, [".tt-private .tt-primary", f"Close {name}'s panel"],
                                               [[".tt-private", "", False], [".tt-turn .tt-primary",
                                                                              f"Open {name}'s panel", True]],
                                               "close panel"),
                }
                if r:
                    for k, v in times.items():
                        out[k].append(v)
            for page in (bare, table, gate):
                bench.close(page)
        finally:
            bench.browser.close()
    shutil.rmtree(tmp, ignore_errors=True)       # kept when something failed: home/voila.log
    return out


def _charts_words(c: dict) -> str:
    """One tap on "Show charts" in words: when each step was seen on the page (s from the tap)."""
    def at(ms):
        return "never" if ms is None else f"{ms / 1000:.2f} s"
    sizes = [n for _t, n in c["ws"]]
    big = max(c["ws"], key=lambda tn: tn[1]) if c["ws"] else None      # the figures' data, or plotly.js
    big = "none" if big is None else f"{big[1] / 1e3:.1f} kB at {at(big[0])}"
    drawn = c["drawn"] if c["drawn"] is not None else float("inf")
    busy = sum(d for t, d in c["longtasks"] if t <= drawn)
    return (f"charts{'' if c['counted'] else ' (warm-up)'}: drawn {at(c['drawn'])}; 'Loading' on the button "
            f"{at(c['loading'])}; {len(sizes)} websocket messages, {sum(sizes) / 1e6:.1f} MB, the largest {big}; "
            f"first figure on the page {at(c['first'])}, both {at(c['framed'])}; the page's main thread busy "
            f"{busy / 1000:.1f} s in {len(c['longtasks'])} long tasks; traces {c['traces']}; fetched: "
            + (", ".join(f"{name} ({n / 1e6:.1f} MB, {t0 / 1000:.1f}-{t1 / 1000:.1f} s)"
                         for name, t0, t1, n in c["fetched"]) or "nothing"))


KERNEL_STEPS = r"""
import json, sys, time
from tabletop import Match
import tabletop.widgets            # what the dashboard's kernel holds before the first tap
from tabletop.widgets.charts import ChartsPanel
from tabletop.widgets.titles import title_ui
match = Match.from_json(sys.stdin.read())
ui = title_ui(match.game.title)
panel = ChartsPanel(lambda: match, ui.net_worth)
t0 = time.perf_counter()
panel.show()
steps = {"ChartsPanel.show() (both figures built and sent)": time.perf_counter() - t0,
         "figures' JSON bytes": len(json.dumps([dict(o) for o in panel.box.outputs])),
         "plotly imported in the kernel": "plotly" in sys.modules}
print(json.dumps(steps))
"""


def kernel_steps() -> dict[str, object]:
    """A first chart's work in a kernel: a fresh Python with tabletop.widgets loaded, the match of
    the charts' page (round 2)."""
    from tabletop import CHANCE
    match = _stockpile_match(lambda m: m.state.round >= 2 and m.current_player() != CHANCE)
    done = subprocess.run([sys.executable, "-c", KERNEL_STEPS], input=match.to_json(), capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"


def browser_main(baseline: float, loads: int = 7, rounds: int = 15) -> None:
    print(f"[dashboard] before: {_load()}")
    m = measure(loads, rounds)
    print(f"[dashboard] after: {_load()}")
    med = {k: statistics.median(v) for k, v in m.items() if v and k != "charts"}
    bare = med["bare"]
    report("dashboard: bare Voila page, navigation to shown", bare, bare, against="bare page")
    report("dashboard: tracker interactive (vs bare page)", med["tracker"], bare, target=1.3 * bare,
           against="bare page")
    report("dashboard: start page shown (vs bare page)", med["start"], bare, target=1.3 * bare, against="bare page")
    floor = med["bare click"]
    report("dashboard: bare page, click to updated label (the floor)", floor, floor, against="bare click")
    report("dashboard: action button to updated screen", med["click"], floor, target=0.150, against="bare click")
    report("dashboard: Undo to updated screen", med["undo"], floor, target=0.100, against="bare click")
    report("dashboard: gate button to the player's panel shown", med["open panel"], floor, target=0.150,
           against="bare click")
    report("dashboard: closing the panel to the table shown", med["close panel"], floor, target=0.150,
           against="bare click")
    charts = [c for c in m["charts"] if c["counted"]]
    drawn = [c["drawn"] / 1000 if c["drawn"] is not None else float("inf") for c in charts]
    report("dashboard: Show charts to both figures drawn (fresh page)", statistics.median(drawn), bare,
           target=2.0, against="bare page")
    arrived = [max(c["ws"], key=lambda tn: tn[1])[0] / 1000 for c in charts if c["ws"]]
    busy = [sum(d for _t, d in c["longtasks"]) / 1000 for c in charts]
    if arrived:
        print(f"  charts, medians: the figures' data (the largest websocket message) on the page "
              f"{statistics.median(arrived):.2f} s after the tap, both drawn {statistics.median(drawn):.2f} s; "
              f"the page's main thread busy {statistics.median(busy):.2f} s meanwhile (long tasks)")
    for c in m["charts"]:
        print("  " + _charts_words(c))
    try:
        steps = kernel_steps()
    except (subprocess.CalledProcessError, ValueError, IndexError) as exc:
        print(f"  kernel steps not measured: {exc}")
        return
    for k, v in steps.items():
        print(f"  kernel: {k}: " + (f"{v / 1e3:.1f} kB" if "bytes" in k else str(v) if isinstance(v, bool)
                                     else f"{v * 1e3:.0f} ms"))
    print(f"[dashboard] end: {_load()}")


# --- taps ---------------------------------------------------------------------------------------
def random_table(state, seat: int, rng: random.Random):
    """The random table: any legal action, each as likely (it sells one card at a time until it
    happens to pick "done", so it overstates what friends tap)."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _seller(view: dict, legal: list):
    """A player at a table sells the cards of a company their own pair says will fall, and holds
    the rest (``play_the_rest`` holds everything)."""
    from tabletop.stockpile.data import FORECAST_STEPS, FORECASTS
    falling = {p["company"] for p in view["private"]["pairs"]
               if (FORECAST_STEPS[FORECASTS.index(p["forecast"])] or 0) < 0}
    sales = [a for a in legal if type(a).__name__ == "SellStock" and a.company in falling]
    return sales[0] if sales else next((a for a in legal if type(a).__name__ == "Pass"), None)


def people_table(title: str):
    """A table that plays like people (the agents of ``tabletop.agents``): Stockpile's
    straightforward bidders (bids on the pile worth most over its price, holds its cards, collects
    every dividend), who also sell what their own forecast says will fall; Acquire's share buyers."""
    from tabletop.agents.acquire import ShareBuyer
    from tabletop.agents.stockpile import StraightforwardBidder
    players: dict[int, object] = {}

    def choose(state, seat: int, rng: random.Random):
        if seat not in players:
            players[seat] = StraightforwardBidder() if title == "stockpile" else ShareBuyer()
        legal = state.legal_actions()
        view = dict(state.view(seat), seat=seat)
        if title == "stockpile" and state.phase == "selling":
            return _seller(view, legal)
        return players[seat].choose(view, legal, rng)
    return choose


def _who(state) -> int | None:
    from tabletop import CHANCE
    player = state.current_player()
    return state.chance_owner() if player == CHANCE else player if player >= 0 else None


def _next(state, rng: random.Random, choose):
    from tabletop import CHANCE
    player = state.current_player()
    return state.sample_chance(rng) if player == CHANCE else choose(state, player, rng)


def _plan(state, first, rng: random.Random, choose, ahead: int = 3) -> list:
    """The entries the table means to make from ``first`` on: while the same seat goes on, up to
    ``ahead`` in all (so a tap that makes several entries can be used, as a player who knows what
    they will do next would). Two secret draws of one seat are exchangeable (a shuffled deck): the
    card put face up is entered first, as the tracker's supply picker asks."""
    from tabletop import TERMINAL
    fork, plan = state.clone(), [first]
    seat = _who(fork)
    fork.apply(first)
    while len(plan) < ahead and seat is not None and fork.current_player() != TERMINAL and _who(fork) == seat:
        action = _next(fork, rng, choose)
        plan.append(action)
        fork.apply(action)
    if (len(plan) == 3 and [type(a).__name__ for a in plan] == ["DrawCard", "DrawCard", "PlaceCards"]
            and plan[2].placements[0][2] and plan[2].placements[0][0] != plan[0].card):
        plan = [plan[1], plan[0], plan[2]]
    return plan


def _tap_trace(title: str, players: list[str], seed: int, options: dict | None = None, until=None,
               own_devices: bool = False, choose=random_table):
    """Play a game on one shared screen by tapping, the table choosing by ``choose(state, seat,
    rng)``; yields (state before the tap, the entry, taps it took) for each entry (an entry made by
    the same tap as the one before, or entered by itself, took none). A tap is a click on a
    button: the gate ("Open Ann's panel") or any button of the action panel (``ActionPanel.
    pick_entries`` walks a choice's parts and a picker's steps). ``own_devices``: every player on
    their own phone, where their panel is always open (the gate costs no tap)."""
    from tabletop import TERMINAL, Match
    from tabletop.widgets import Tracker
    tracker = Tracker(Match(title, players, options or {}))
    rng = random.Random(seed)
    try:
        while tracker.match.current_player() != TERMINAL:
            match = tracker.match
            state = match.state
            if until is not None and until(state):
                return
            plan = [_next(state, rng, choose)]
            taps = 0
            if tracker.private is None and not _offers(tracker.panel, plan[0]):
                tracker.gate_button.click()
                taps += 0 if own_devices else 1
            panel = tracker.private.actions if tracker.private is not None else tracker.panel
            if any(t.entries or t.step is not None for _b, t in panel._visible_taps()):
                plan = _plan(state, plan[0], rng, choose)     # only then: the same draws as before
            n = len(match)
            clicks, made = panel.pick_entries(plan)
            assert made, f"no button for {plan[0]!r}"
            assert list(match.log[n:n + made]) == plan[:made], "the tap made other entries than planned"
            for k, action in enumerate(match.log[n:]):
                yield state, action, taps + clicks if k == 0 else 0
    finally:
        tracker.close()


def _offers(panel, action) -> bool:
    offered = getattr(panel, "offered", None)
    if offered is not None:
        return action in offered()
    shown = [a for _b, a in panel.buttons()]
    shown += [a for k in range(panel._active_pickers) for a in panel._picker_actions[k]]
    return action in shown


def stockpile_round_taps(seed: int, own_devices: bool = False, choose=random_table) -> tuple[int, dict[str, int]]:
    """Taps of round 2 of a 4-player Stockpile game (round 1 also holds the setup), by the type of
    the entry tapped for (a tap making several entries counts under the first)."""
    kinds: dict[str, int] = {}
    total = 0
    for state, action, taps in _tap_trace("stockpile", ["Ann", "Bob", "Cy", "Dee"], seed,
                                          until=lambda s: s.round >= 3, own_devices=own_devices, choose=choose):
        if state.round == 2 and taps:
            total += taps
            kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + taps
    return total, kinds


def acquire_turn_taps(seed: int, turns: int = 12, own_devices: bool = False,
                      choose=random_table) -> tuple[list[int], dict[str, int]]:
    """Taps of each of the first full ``turns`` turns of a 4-player Acquire game (from placing a
    tile to the next player's tile), by action type."""
    per_turn: list[int] = []
    kinds: dict[str, int] = {}
    current = None
    for state, action, taps in _tap_trace("acquire", ["Ann", "Bob", "Cy", "Dee"], seed, own_devices=own_devices,
                                          choose=choose):
        if type(action).__name__ == "PlaceTile":
            if current is not None:
                per_turn.append(current)
                if len(per_turn) >= turns:
                    return per_turn, kinds
            current = 0
        if current is not None and taps:
            current += taps
            kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + taps
    return per_turn, kinds


def taps_main(seeds: int = 9) -> dict:
    """Taps with one device passed around (the gate's "Open Ann's panel" counts) and with every
    player on their own phone (the same entries, no gate), for the random table and the table
    that plays like people. Returns the medians, by (table, devices, game)."""
    medians = {}
    for table in ("random", "people"):
        for own, how in ((False, "one device passed around"), (True, "each player on their own phone")):
            label = f"{table} table, {how}"
            rounds, where = [], {}
            for seed in range(seeds):
                choose = random_table if table == "random" else people_table("stockpile")
                total, kinds = stockpile_round_taps(seed, own_devices=own, choose=choose)
                rounds.append(total)
                for k, v in kinds.items():
                    where[k] = where.get(k, 0) + v
            spread = ", ".join(f"{k} {v / seeds:.1f}" for k, v in sorted(where.items(), key=lambda kv: -kv[1]))
            medians[(table, own, "stockpile")] = statistics.median(rounds)
            print(f"[{label}] taps per 4-player Stockpile round (round 2, {seeds} games): median "
                  f"{statistics.median(rounds)} (min {min(rounds)}, max {max(rounds)}), target 35: "
                  f"{'met' if statistics.median(rounds) <= 35 else 'MISSED'}; per round: {spread}")
            turns, where = [], {}
            for seed in range(seeds):
                choose = random_table if table == "random" else people_table("acquire")
                per_turn, kinds = acquire_turn_taps(seed, own_devices=own, choose=choose)
                turns += per_turn
                for k, v in kinds.items():
                    where[k] = where.get(k, 0) + v
            spread = ", ".join(f"{k} {v / len(turns):.1f}" for k, v in sorted(where.items(), key=lambda kv: -kv[1]))
            medians[(table, own, "acquire")] = statistics.median(turns)
            print(f"[{label}] taps per 4-player Acquire turn ({len(turns)} turns): median {statistics.median(turns)} "
                  f"(min {min(turns)}, max {max(turns)}), target 3: "
                  f"{'met' if statistics.median(turns) <= 3 else 'MISSED'}; per turn: {spread}")
    return medians


def main(baseline: float) -> None:
    taps_main()
    if not os.path.exists(CHROMIUM):
        print("bench_dashboard: Chromium not found at /usr/bin/chromium; skipped")
        return
    browser_main(baseline)


if __name__ == "__main__":
    from common import baseline_seconds
    if sys.argv[1:] == ["taps"]:
        taps_main()
    elif sys.argv[1:] == ["browser"]:
        browser_main(baseline_seconds())
    else:
        main(baseline_seconds())
