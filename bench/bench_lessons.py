"""Lesson pages in Voilà: ``python bench/run.py lessons``.

One Voilà server, started as the lessons' browser test starts it (``tabletop serve``'s command, no
preheated kernels), serves a temporary folder holding a bare one-label notebook and a copy of
notebooks/lessons. Measured in the same run, one page at a time, in rounds (the first round
warms the disk cache and is not counted):

* navigation -> the page is interactive: every cell rendered, the page's app started, every widget
  view attached, every figure drawn (the test's READY_JS);
* the ratio of each lesson's median to the bare page's median;
* each cell's share: Voilà sends a cell's HTML once the cell has run, so the time between one cell
  arriving and the next is (about) the next cell's run time; the slowest cells are listed.

The kernels write and read compiled bytecode (``PYTHONPYCACHEPREFIX``, a folder of the run's own;
``PYTHONDONTWRITEBYTECODE`` dropped): an installed tabletop has its ``.pyc`` files, while a shell
that forbids writing them would make every lesson's kernel compile tabletop's modules again (0.2-0.3
s a page), a cost no class pays and the bare page, importing only ipywidgets, does not have. A page
whose kernel is gone once it is interactive (died or culled while Voilà ran it: its widgets are dead)
is an error, not a time.

Target (issue 12): each lesson interactive within 2x the bare page. Needs /usr/bin/chromium.
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.browser.conftest import ARGS  # noqa: E402
from tests.browser.test_lessons_render import (  # noqa: E402
    LESSONS, LESSONS_DIR, READY_JS, LessonServer, offline_context)

CHROMIUM = "/usr/bin/chromium"
ROUNDS = 3
TARGET_RATIO = 2.0
BARE = "bare.ipynb"
BARE_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "bare", "metadata": {}, "outputs": [],
               "source": ["import ipywidgets as w\n", "w.Label('bare page ready')"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5}
UNSHOWN_JS = "() => document.querySelectorAll('script[type=\"application/vnd.voila.cell-output+json\"]').length"
#: when each cell's HTML arrives (ms since the response began)
ARRIVALS_JS = """
window.__arrivals = [];
new MutationObserver(changes => { for (const c of changes) for (const n of c.addedNodes)
  if (n.nodeType === 1 && n.hasAttribute('cell-index')) window.__arrivals.push([n.getAttribute('cell-index'), performance.now()]);
}).observe(document, {childList: true, subtree: true});
"""
CELL_TIMES_JS = """() => {
  let last = performance.getEntriesByType('navigation')[0].responseStart;
  return window.__arrivals.map(([index, t]) => {
    const cell = document.querySelector(`[cell-index="${index}"] [id^="cell-id="]`);
    const gap = t - last; last = t;
    return [cell ? cell.id.slice(8) : index, gap / 1000];
  });
}"""


def wait(condition, within: float, what: str, every: float = 0.05):
    deadline = time.monotonic() + within
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise RuntimeError(f"after {within} s: {what}")
        time.sleep(every)
    return value


def interactive_seconds(browser, server, name: str) -> tuple[float, int, dict[str, float]]:
    """Navigation -> interactive, how many outputs the page never shows, and each cell's run time;
    the page's kernel is gone when this returns (so the next page has the machine to itself)."""
    outside: list[str] = []
    context = offline_context(browser, server.base(), outside)
    context.add_init_script(ARRIVALS_JS)
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(f"{server.base()}/voila/render/{name}", wait_until="commit", timeout=300_000)
        wait(lambda: page.evaluate(READY_JS), 300, f"{name} never became interactive")
        seconds = time.perf_counter() - start
        if not server.kernel_pids():
            raise RuntimeError(f"{name}: the page is shown but its kernel is gone (see the run's voila.log)")
        unshown = page.evaluate(UNSHOWN_JS)
        cells = dict(page.evaluate(CELL_TIMES_JS))
        # what the page's beacon does when it is left (a closing headless page does not always
        # deliver it, and then the kernel would wait 30-45 s for the culler)
        kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        xsrf = next((c["value"] for c in context.cookies() if c["name"] == "_xsrf"), "")
        context.request.post(f"{server.base()}/voila/api/shutdown/{kernel}", form={"_xsrf": xsrf})
        page.close()
        wait(lambda: not server.kernel_pids(), 60, f"{name}'s kernel still runs", every=0.1)
    finally:
        context.close()
    if outside:
        raise RuntimeError(f"{name} asked for things outside the server: {outside}")
    return seconds, unshown, cells


def measure(rounds: int = ROUNDS) -> tuple[dict[str, list[float]], dict[str, int], dict[str, dict[str, list[float]]]]:
    from playwright.sync_api import sync_playwright
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-bench-lessons-"))
    folder, home = tmp / "pages", tmp / "home"
    shutil.copytree(LESSONS_DIR, folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    home.mkdir()
    (folder / BARE).write_text(json.dumps(BARE_NOTEBOOK))
    names = [BARE] + LESSONS
    times: dict[str, list[float]] = {name: [] for name in names}
    unshown: dict[str, int] = {}
    cells: dict[str, dict[str, list[float]]] = {name: {} for name in names}
    saved = {name: os.environ.get(name) for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")      # the server's env is a copy of ours
    try:
        with open(home / "voila.log", "w") as log, LessonServer(folder, home, log) as server, \
                sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for round_ in range(rounds + 1):
                for name in names:
                    seconds, unshown[name], cell_times = interactive_seconds(browser, server, name)
                    if round_:
                        times[name].append(seconds)
                        for cell, run in cell_times.items():
                            cells[name].setdefault(cell, []).append(run)
            browser.close()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(tmp, ignore_errors=True)
    return times, unshown, cells


def main(baseline: float | None = None) -> None:
    if not os.path.exists(CHROMIUM):
        print("bench_lessons: Chromium not found at /usr/bin/chromium; skipped")
        return
    times, unshown, cells = measure(ROUNDS)
    bare = statistics.median(times[BARE])
    print(f"navigation -> interactive, one page at a time, median of {ROUNDS} rounds on one Voila server "
          f"(target: each lesson within {TARGET_RATIO:g}x the bare page, {TARGET_RATIO * bare:.1f} s)")
    print(f"{'page':<36} {'median s':>8} {'x bare':>7}  {'runs (s)':<20} {'never shown':>11}  target")
    for name, runs in times.items():
        median = statistics.median(runs)
        verdict = "" if name == BARE else ("met" if median <= TARGET_RATIO * bare else "MISSED")
        print(f"{name:<36} {median:>8.2f} {median / bare:>7.2f}  {' '.join(f'{r:.1f}' for r in runs):<20} "
              f"{unshown[name]:>11}  {verdict}")
    print("'never shown': outputs the page has no renderer for (figures missing from the page; "
          "they take no time to draw)")
    print("slowest cells (median run time, s):")
    for name in LESSONS:
        slowest = sorted(((statistics.median(runs), cell) for cell, runs in cells[name].items()), reverse=True)[:4]
        print(f"  {name:<34} " + ", ".join(f"{cell} {run:.1f}" for run, cell in slowest))


if __name__ == "__main__":
    main()
