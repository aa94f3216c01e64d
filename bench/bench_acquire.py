"""Acquire: median time of one full random 4-player classic game (target under 5 ms).

For scale: a public pure-Python Acquire engine needs about 21 ms for such a game on this kind
of machine.
"""
import itertools

from common import median_seconds, report

from tabletop.simulate import play_game

TARGET = 0.005


def main(baseline: float) -> None:
    seeds = itertools.count(1)
    play_game("acquire", 4, 0, {"edition": "classic"})  # build the edition's tables once
    classic = median_seconds(lambda: play_game("acquire", 4, next(seeds), {"edition": "classic"}),
                             301)
    report("acquire: full random 4-player classic game", classic, baseline, TARGET)
    edition_2016 = median_seconds(lambda: play_game("acquire", 4, next(seeds), {}), 101)
    report("acquire: full random 4-player 2016 game", edition_2016, baseline)
