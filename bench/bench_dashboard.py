"""Dashboard speed in a real browser: ``python bench/run.py dashboard``.

One Voilà server (as ``tabletop serve`` starts it: tabletop's template, preheated kernels)
serves two notebooks from one folder: a bare page with one label, and the tabletop dashboard.
Measured in the same run, alternating:

* navigation -> the bare label is shown (the bare page);
* navigation to ``?match=<id>`` -> the tracker's action buttons are shown (interactive);
* navigation -> the start page is shown;
* a click on an action button (and on Undo) -> the screen shows the new log length
  (median over many clicks, timed inside the page).

Targets: the tracker within 1.3x the bare page; a click under 150 ms. The same is measured
without preheated kernels, to show what preheating buys. Needs Chromium at /usr/bin/chromium.

Taps (headless, no browser: ``python bench/bench_dashboard.py taps``): a random table plays on
one shared screen through the tracker's own buttons, and every tap is counted (opening a
player's panel, each button of a choice asked in parts); the medians per 4-player Stockpile
round and per Acquire turn, and where the taps go. Targets: at most 35 and at most 3.
"""
from __future__ import annotations

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
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

BARE = {"cells": [{"cell_type": "code", "execution_count": None, "id": "bare", "metadata": {}, "outputs": [],
                   "source": ["import ipywidgets as w\n",
                              "label, tap, n = w.Label('bare page ready'), w.Button(description='tap'), [0]\n",
                              "def count(_):\n", "    n[0] += 1\n", "    label.value = f'bare page ready {n[0]} taps'\n",
                              "tap.on_click(count)\n", "w.VBox([label, tap])"]}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}

CLICK_JS = """
async ([selector, expect, watch]) => {
  const title = () => document.querySelector(watch || '.tt-log .tt-section-title');
  const button = document.querySelectorAll(selector)[0];
  const t0 = performance.now();
  await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (title() && title().textContent.includes(expect)) { obs.disconnect(); resolve(); }
    });
    obs.observe(document.body, {subtree: true, childList: true, characterData: true});
    button.click();
  });
  return performance.now() - t0;
}
"""


def _bidding_match(home: Path) -> str:
    """A saved 4-player Stockpile match stopped at a public decision (the auction)."""
    from tabletop import CHANCE, Match
    from tabletop.store import Store
    from tabletop.widgets.titles import title_ui
    match = Match("stockpile", ["Alice", "Bob", "Carol", "Dan"])
    rng = random.Random(3)
    ui = title_ui("stockpile")
    while True:
        state = match.state
        player = state.current_player()
        if player >= 0 and state.phase == "demand" and not ui.private_decision(state, player, state.legal_actions()):
            break
        legal = match.legal_actions()
        match.apply(match.sample_chance() if player == CHANCE else legal[rng.randrange(len(legal))])
    store = Store(home / "matches.sqlite3")
    saved = store.create(match)
    store.close()
    return saved.id


def _serve(folder: Path, home: Path, preheat: bool):
    from tabletop import serve
    port = serve.free_port()
    # culling off: the culler would stop a pooled kernel as soon as a page takes it
    cmd = serve.voila_command(port, preheat=preheat, pool_size=1, notebook=folder / "tabletop.ipynb",
                              cull_idle_timeout=0)
    cmd[3] = str(folder)                  # serve the folder: both notebooks, one server
    log = open(home / f"voila-{preheat}.log", "w")
    proc = subprocess.Popen(cmd, env=serve.voila_env(home), cwd=str(folder), stdout=log, stderr=subprocess.STDOUT)
    if not serve.wait_until_listening("127.0.0.1", port, timeout=90, proc=proc):
        raise RuntimeError((home / f"voila-{preheat}.log").read_text())
    return proc, f"http://127.0.0.1:{port}", log


def measure(preheat: bool, loads: int, clicks: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright
    from tabletop import serve
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-bench-"))
    folder, home = tmp / "pages", tmp / "home"
    folder.mkdir()
    home.mkdir()
    import json
    (folder / "bare.ipynb").write_text(json.dumps(BARE))
    shutil.copy(serve.notebook_path(), folder / "tabletop.ipynb")
    os.environ["TABLETOP_HOME"] = str(home)
    match_id = _bidding_match(home)
    proc, base, log = _serve(folder, home, preheat)
    out: dict[str, list[float]] = {"bare": [], "tracker": [], "start": [], "click": [], "bare click": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
            pages = [("bare", "/voila/render/bare.ipynb", "text=bare page ready"),
                     ("tracker", f"/voila/render/tabletop.ipynb?match={match_id}", ".tt-actions .tt-act"),
                     ("start", "/voila/render/tabletop.ipynb", ".tt-start .tt-toggle")]
            settle = 8.0 if preheat else 1.0      # let the pool of preheated kernels fill again
            time.sleep(settle + 4)
            for i in range(loads + 1):            # the first round warms up and is not counted
                for name, path, selector in pages:
                    page = context.new_page()
                    t0 = time.perf_counter()
                    page.goto(base + path)
                    page.locator(selector).first.wait_for(timeout=120_000)
                    if i:
                        out[name].append(time.perf_counter() - t0)
                    if name == "tracker" and i == loads:
                        time.sleep(settle)        # steady state: not while a new kernel warms up
                        out["click"] = _clicks(page, clicks)
                    if name == "bare" and i == loads:
                        time.sleep(settle)
                        out["bare click"] = [page.evaluate(CLICK_JS, [".widget-button", f"ready {k + 1} taps",
                                                                      ".widget-label"]) / 1000
                                             for k in range(2 * clicks)]
                    page.goto("about:blank")      # Voilà shuts the page's kernel down
                    page.close()
                    time.sleep(settle)
            browser.close()
    finally:
        serve._stop(proc)
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)
    return {k: statistics.median(v) for k, v in out.items() if v}


def _clicks(page, n: int) -> list[float]:
    """Alternate: an action button (one more log entry), then Undo (one fewer)."""
    times = []
    title = page.locator(".tt-log .tt-section-title")
    for _ in range(n):
        entries = int(title.inner_text().split("(")[1].split()[0])
        times.append(page.evaluate(CLICK_JS, [".tt-actions .tt-act", f"({entries + 1} entries)", None]) / 1000)
        undo = "[...document.querySelectorAll('.tt-log button')].filter(b => b.textContent === 'Undo')[0]"
        page.evaluate(f"window.__undo = {undo}; window.__undo.classList.add('tt-bench-undo')")
        times.append(page.evaluate(CLICK_JS, [".tt-bench-undo", f"({entries} entries)", None]) / 1000)
    return times


# --- taps ---------------------------------------------------------------------------------------
def _tap_trace(title: str, players: list[str], seed: int, options: dict | None = None, until=None):
    """Play a random game on one shared screen by tapping; yields (state before the entry, the
    entry, taps it took) for each entry. A tap is a click on a button: the gate ("Open Ann's
    panel") or any button of the action panel (``ActionPanel.pick`` walks a choice's parts)."""
    from tabletop import CHANCE, TERMINAL, Match
    from tabletop.widgets import Tracker
    tracker = Tracker(Match(title, players, options or {}))
    rng = random.Random(seed)
    try:
        while tracker.match.current_player() != TERMINAL:
            match = tracker.match
            state = match.state
            if until is not None and until(state):
                return
            action = state.sample_chance(rng) if state.current_player() == CHANCE else \
                rng.choice(match.legal_actions())
            taps = 0
            if tracker.private is None and not _offers(tracker.panel, action):
                tracker.gate_button.click()
                taps += 1
            panel = tracker.private.actions if tracker.private is not None else tracker.panel
            made = panel.pick(action)
            assert made, f"no button for {action!r}"
            taps += int(made)
            yield state, action, taps
    finally:
        tracker.close()


def _offers(panel, action) -> bool:
    offered = getattr(panel, "offered", None)
    if offered is not None:
        return action in offered()
    shown = [a for _b, a in panel.buttons()]
    shown += [a for k in range(panel._active_pickers) for a in panel._picker_actions[k]]
    return action in shown


def stockpile_round_taps(seed: int) -> tuple[int, dict[str, int]]:
    """Taps of round 2 of a 4-player Stockpile game (round 1 also holds the setup), by action type."""
    kinds: dict[str, int] = {}
    total = 0
    for state, action, taps in _tap_trace("stockpile", ["Ann", "Bob", "Cy", "Dee"], seed,
                                          until=lambda s: s.round >= 3):
        if state.round == 2:
            total += taps
            kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + taps
    return total, kinds


def acquire_turn_taps(seed: int, turns: int = 12) -> tuple[list[int], dict[str, int]]:
    """Taps of each of the first full ``turns`` turns of a 4-player Acquire game (from placing a
    tile to the next player's tile), by action type."""
    per_turn: list[int] = []
    kinds: dict[str, int] = {}
    current = None
    for state, action, taps in _tap_trace("acquire", ["Ann", "Bob", "Cy", "Dee"], seed):
        if type(action).__name__ == "PlaceTile":
            if current is not None:
                per_turn.append(current)
                if len(per_turn) >= turns:
                    return per_turn, kinds
            current = 0
        if current is not None:
            current += taps
            kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + taps
    return per_turn, kinds


def taps_main(seeds: int = 9) -> None:
    rounds, where = [], {}
    for seed in range(seeds):
        total, kinds = stockpile_round_taps(seed)
        rounds.append(total)
        for k, v in kinds.items():
            where[k] = where.get(k, 0) + v
    spread = ", ".join(f"{k} {v / seeds:.1f}" for k, v in sorted(where.items(), key=lambda kv: -kv[1]))
    print(f"taps per 4-player Stockpile round (round 2, {seeds} random games): median "
          f"{statistics.median(rounds)} (min {min(rounds)}, max {max(rounds)}), target 35: "
          f"{'met' if statistics.median(rounds) <= 35 else 'MISSED'}; per round: {spread}")
    turns, where = [], {}
    for seed in range(seeds):
        per_turn, kinds = acquire_turn_taps(seed)
        turns += per_turn
        for k, v in kinds.items():
            where[k] = where.get(k, 0) + v
    spread = ", ".join(f"{k} {v / len(turns):.1f}" for k, v in sorted(where.items(), key=lambda kv: -kv[1]))
    print(f"taps per 4-player Acquire turn ({len(turns)} turns): median {statistics.median(turns)} "
          f"(min {min(turns)}, max {max(turns)}), target 3: "
          f"{'met' if statistics.median(turns) <= 3 else 'MISSED'}; per turn: {spread}")


def main(baseline: float) -> None:
    taps_main()
    if not os.path.exists(CHROMIUM):
        print("bench_dashboard: Chromium not found at /usr/bin/chromium; skipped")
        return
    for preheat, loads in ((True, 5), (False, 3)):
        m = measure(preheat, loads, clicks=15 if preheat else 5)
        label = "preheated kernels" if preheat else "no preheating"
        print(f"[{label}] bare page {m['bare']:.2f} s, tracker {m['tracker']:.2f} s "
              f"({m['tracker'] / m['bare']:.2f}x bare), start page {m['start']:.2f} s "
              f"({m['start'] / m['bare']:.2f}x bare)")
        report(f"dashboard [{label}]: bare Voila page, navigation to shown", m["bare"], m["bare"])
        report(f"dashboard [{label}]: tracker interactive (vs bare page)", m["tracker"], m["bare"],
               target=1.3 * m["bare"])
        report(f"dashboard [{label}]: start page shown (vs bare page)", m["start"], m["bare"],
               target=1.3 * m["bare"])
        if "click" in m:
            report(f"dashboard [{label}]: bare page, click to updated label", m["bare click"], baseline)
            report(f"dashboard [{label}]: click to updated screen", m["click"], baseline, target=0.150)
            print(f"[{label}] click: tracker {m['click'] * 1e3:.0f} ms vs a one-label update on the bare page "
                  f"{m['bare click'] * 1e3:.0f} ms (the Voila round trip on this machine)")


if __name__ == "__main__":
    if sys.argv[1:] == ["taps"]:
        taps_main()
    else:
        from common import baseline_seconds
        main(baseline_seconds())
