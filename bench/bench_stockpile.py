"""Stockpile timings: a full random 4-player game, and Match.apply / Match.undo at a 1,000-action log.

A real game is 250-420 actions long (at most about 420 with five players bidding each other up
space by space), so the 1,000-action log is built from a longer game: five players, the expert
board and investors, and the rules data stretched to 15 rounds with 40 copies of each stock
(the engine is the same; only the calendar and the deck are longer). The agent bids the
smallest raise it can and sells card by card, to make the log long.
"""
from __future__ import annotations

import random
import statistics
import time

from common import median_seconds, report

from tabletop import Match
from tabletop.simulate import play_game
from tabletop.stockpile import actions as A

LONG_RULES = {"stock_copies": 40, "rounds": {"5": 15}}


def _long_choice(match: Match, rng: random.Random):
    legal = match.legal_actions()
    bids = [a for a in legal if isinstance(a, A.PlaceBid)]
    if bids:
        raises = [a for a in bids if match.state.bids[a.pile] is not None]
        return min(raises or bids, key=lambda a: a.amount)
    half = [a for a in legal if isinstance(a, A.SellHalfSplit)]
    if half:
        return half[0]
    sells = [a for a in legal if isinstance(a, A.SellStock)]
    if sells and rng.random() < 0.7:
        return sells[0]
    return legal[rng.randrange(len(legal))]


def _next(match: Match, rng: random.Random):
    return match.sample_chance() if match.current_player() < 0 else _long_choice(match, rng)


def long_match(length: int = 1000, seed: int = 1) -> tuple[Match, random.Random]:
    rng = random.Random(seed)
    match = Match("stockpile", [f"P{i + 1}" for i in range(5)],
                  {"expert_board": True, "investors": True, "rules_data": LONG_RULES}, seed)
    while len(match) < length:
        match.apply(_next(match, rng))
    return match, rng


def main(baseline: float) -> None:
    seeds = iter(range(1_000_000))
    for _ in range(20):   # warm the caches of shared action values
        play_game("stockpile", 4, next(seeds))
    game = median_seconds(lambda: play_game("stockpile", 4, next(seeds)), 301)
    report("full random 4-player game (play_game)", game, baseline, 0.005)
    cpu = []
    for _ in range(301):
        t0 = time.thread_time()
        play_game("stockpile", 4, next(seeds))
        cpu.append(time.thread_time() - t0)
    print(f"  (same, CPU time of this thread: median {statistics.median(cpu) * 1e3:.3f} ms; "
          f"the wall-clock figure also counts time the process waited for a shared core)")
    both = median_seconds(lambda: play_game("stockpile", 4, next(seeds),
                                            {"expert_board": True, "investors": True}), 101)
    report("full random 4-player game, expert board + investors", both, baseline, 0.005)

    match, rng = long_match(1000)
    applies, undos = [], []
    for _ in range(64):            # 64 consecutive log positions from 1,000 on (checkpoints every 32)
        if match.is_over():
            break
        action = _next(match, rng)
        for _ in range(5):
            t0 = time.perf_counter()
            match.apply(action)
            t1 = time.perf_counter()
            match.undo()
            t2 = time.perf_counter()
            applies.append(t1 - t0)
            undos.append(t2 - t1)
        match.apply(action)
    print(f"  (log length {len(match) - 64} to {len(match)})")
    report("Match.apply at a 1,000-action log", statistics.median(applies), baseline, 0.001)
    report("Match.undo at a 1,000-action log", statistics.median(undos), baseline, 0.001)
    print(f"  (slowest undo of {len(undos)}: {max(undos) * 1e3:.3f} ms; an undo replays at most 31 "
          f"actions from the last checkpoint)")


if __name__ == "__main__":
    import sys
    from common import baseline_seconds
    sys.exit(main(baseline_seconds()))
