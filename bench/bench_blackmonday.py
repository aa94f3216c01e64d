"""Black Monday: median time of one full random game (deal to market close), per player count.

Target: under 5 ms for a 4-player game; the 2-player game is the longest (the most turns before
the rebuilt deck turns up the market-close card).
"""
import itertools

from common import median_seconds, report

from tabletop.simulate import play_game

TARGET = 0.005


def main(baseline: float) -> None:
    seeds = itertools.count(1)
    play_game("black-monday", 4, 0)  # import and build the action tables once
    for players in (2, 4, 6):
        seconds = median_seconds(lambda: play_game("black-monday", players, next(seeds)), 201)
        report(f"black-monday: full random {players}-player game", seconds, baseline,
               TARGET if players == 4 else None)
    variant = median_seconds(
        lambda: play_game("black-monday", 4, next(seeds), {"five_hundred_shares": True}), 201)
    report("black-monday: full random 4-player game, 500-share variant", variant, baseline)
