"""Timing helpers: medians, and a baseline measured in the same run to report ratios against."""
from __future__ import annotations

import random
import statistics
import time
from typing import Callable


def median_seconds(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def baseline_seconds(n_choices: int = 1000, repeats: int = 51) -> float:
    """Median time of ``n_choices`` bare random choices from a list: the machine's pace of
    the simplest possible 'game loop', so figures compare across machines as ratios."""
    items = list(range(20))

    def loop():
        rng = random.Random(1)
        for _ in range(n_choices):
            items[rng.randrange(len(items))]
    return median_seconds(loop, repeats)


def report(name: str, seconds: float, baseline: float, target: float | None = None,
           against: str = "baseline") -> str:
    """One line: the median, its ratio to ``baseline`` (named ``against``), and the target if any."""
    line = f"{name:<55} median {seconds * 1e3:9.3f} ms   {seconds / baseline:8.1f}x {against}"
    if target is not None:
        line += f"   target {target * 1e3:.1f} ms: {'met' if seconds <= target else 'MISSED'}"
    print(line)
    return line
