"""Lesson pages in Voilà: ``python bench/run.py lessons``.

One Voilà server, started as the lessons' browser test starts it (``tabletop serve``'s command, no
preheated kernels), serves a temporary folder holding a bare one-label notebook and a copy of
notebooks/lessons. Measured in the same run, one page at a time, in rounds (the first round
warms the disk cache and is not counted):

* navigation -> the page is interactive: every cell rendered, the page's app started, every widget
  view attached, every figure drawn (the test's READY_JS);
* the ratio of each lesson's median to the bare page's median.

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
from tests.browser.test_lessons_render import (  # noqa: E402
    ARGS, LESSONS, LESSONS_DIR, READY_JS, LessonServer, offline_context)

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


def wait(condition, within: float, what: str, every: float = 0.05):
    deadline = time.monotonic() + within
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise RuntimeError(f"after {within} s: {what}")
        time.sleep(every)
    return value


def interactive_seconds(browser, server, name: str) -> tuple[float, int]:
    """Navigation -> interactive, and how many outputs the page never shows; the page's kernel is
    gone when this returns (so the next page has the machine to itself)."""
    outside: list[str] = []
    context = offline_context(browser, server.base(), outside)
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(f"{server.base()}/voila/render/{name}", wait_until="commit", timeout=300_000)
        wait(lambda: page.evaluate(READY_JS), 300, f"{name} never became interactive")
        seconds = time.perf_counter() - start
        unshown = page.evaluate(UNSHOWN_JS)
        page.close(run_before_unload=True)          # the page's beacon shuts its kernel down...
        wait(lambda: not server.kernel_pids(), 60, f"{name}'s kernel still runs", every=0.1)
    finally:
        context.close()                             # ...if the context lives until it is sent
    if outside:
        raise RuntimeError(f"{name} asked for things outside the server: {outside}")
    return seconds, unshown


def measure(rounds: int = ROUNDS) -> tuple[dict[str, list[float]], dict[str, int]]:
    from playwright.sync_api import sync_playwright
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-bench-lessons-"))
    folder, home = tmp / "pages", tmp / "home"
    shutil.copytree(LESSONS_DIR, folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    home.mkdir()
    (folder / BARE).write_text(json.dumps(BARE_NOTEBOOK))
    names = [BARE] + LESSONS
    times: dict[str, list[float]] = {name: [] for name in names}
    unshown: dict[str, int] = {}
    try:
        with open(home / "voila.log", "w") as log, LessonServer(folder, home, log) as server, \
                sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for round_ in range(rounds + 1):
                for name in names:
                    seconds, unshown[name] = interactive_seconds(browser, server, name)
                    if round_:
                        times[name].append(seconds)
            browser.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return times, unshown


def main(baseline: float | None = None) -> None:
    if not os.path.exists(CHROMIUM):
        print("bench_lessons: Chromium not found at /usr/bin/chromium; skipped")
        return
    times, unshown = measure()
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


if __name__ == "__main__":
    main()
