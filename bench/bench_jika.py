"""時価で勝負 benchmarks: a full random game (the simulator's loop), and the same game
through a Match (log, checkpoints) as a table would drive it."""
from __future__ import annotations

import random

from common import median_seconds, report

from tabletop import CHANCE, TERMINAL, Match
from tabletop.simulate import play_game


def _match_game(n: int, seed: int) -> None:
    rng = random.Random(seed)
    m = Match("jika", [f"P{i}" for i in range(n)], seed=seed)
    while (p := m.current_player()) != TERMINAL:
        if p == CHANCE:
            m.play_chance()
        else:
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])


def main(baseline: float) -> None:
    for n in (3, 4):
        seeds = iter(range(10_000))
        t = median_seconds(lambda: play_game("jika", n, next(seeds)), 301)
        report(f"jika: full random game, {n} players", t, baseline, target=0.005)
    seeds = iter(range(10_000))
    t = median_seconds(lambda: _match_game(4, next(seeds)), 101)
    report("jika: full random game through a Match, 4 players", t, baseline, target=0.010)
