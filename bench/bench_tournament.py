"""Tournament benchmarks: games per second on one core for each title through the tournament
path (``tabletop.tournament.run``, random agents, one process) against the bare engine loop
(``simulate.play_game``) in the same run: the overhead of seat rotation, per-seat generators,
the move clock and the watchdog, the legality check and the records (target: under 10%).
Time is this process's CPU time (a busy machine, or other helpers' jobs, stretch wall time but
not the CPU a game takes); rounds alternate between the two paths; medians of rounds.

Random players are drawn by the tournament loop itself (tabletop's own random player needs no
clock and no check). Also shown, without a target: the same random play by an agent of your own
(a function: every move timed, watched and checked), agents that read the table (every move
builds the seat's view, which costs more than the rest of a random game) and two processes.

``python bench/bench_tournament.py`` (or ``python bench/run.py tournament``)."""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from common import baseline_seconds  # noqa: E402

from tabletop import tournament  # noqa: E402
from tabletop.simulate import play_game  # noqa: E402

TITLES = {"stockpile": 150, "acquire": 150, "black-monday": 200, "jika": 500}   # games per round
ROUNDS = 11
READERS = {"stockpile": ["straightforward", "shading", "greedy", "random"],
           "acquire": ["merger-minded", "buyer", "random", "random"],
           "black-monday": ["holder", "pumper", "random", "random"],
           "jika": ["greedy", "greedy", "random", "random"]}


def _bare(title: str, games: int, first_seed: int) -> float:
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        play_game(title, 4, seed)
    return time.process_time() - start


def _tournament(title: str, agents, games: int, seed: int) -> float:
    start = time.process_time()
    tournament.run(title, agents, games=games, seed=seed, progress=False)
    return time.process_time() - start


def random_function(view, legal, rng):
    """Random play as a student would write it: the tournament cannot tell it is harmless."""
    return legal[rng.randrange(len(legal))]


random_function.blind = True


def _two_processes(title: str, games: int) -> float:
    start = time.perf_counter()   # wall time: the work is in the two worker processes
    tournament.run(title, ["random"] * 4, games=games, seed=0, jobs=2, progress=False)
    return time.perf_counter() - start


def main(baseline: float) -> None:
    print(f"{'title':<14}{'bare loop':>14}{'tournament':>14}{'overhead':>10}   target <10%"
          f"{'own random function':>24}{'agents reading views':>24}{'2 processes':>14}")
    for title, games in TITLES.items():
        _bare(title, 5, 0)
        _tournament(title, ["random"] * 4, 5, 0)
        bare, tour, checked = [], [], []
        for r in range(ROUNDS):
            bare.append(games / _bare(title, games, 1_000 * r))
            tour.append(games / _tournament(title, ["random"] * 4, games, r))
            checked.append(games / _tournament(title, [random_function] * 4, games, r))
        readers = statistics.median(games / _tournament(title, READERS[title], games, r) for r in range(3))
        pair = games * 4 / _two_processes(title, games * 4)
        b, t, c = statistics.median(bare), statistics.median(tour), statistics.median(checked)
        overhead = b / t - 1
        print(f"{title:<14}{b:>10,.0f} g/s{t:>10,.0f} g/s{overhead:>9.1%}   "
              f"{'met' if overhead < 0.10 else 'MISSED':<11}{c:>10,.0f} g/s ({b / c - 1:+.0%})"
              f"{readers:>20,.0f} g/s{pair:>10,.0f} g/s")
    print(f"(games per second of CPU time on one core, medians of {ROUNDS} alternating rounds, 4 "
          f"players; 2 processes: games per second of wall time in all; baseline "
          f"{baseline * 1e3:.3f} ms per 1,000 bare random choices)")


if __name__ == "__main__":
    main(baseline_seconds())
