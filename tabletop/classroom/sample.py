"""The bundled sample: a simulated class of 24 plays 3 rounds of each experiment.

    python -m tabletop.classroom.sample            # rewrites tabletop/classroom/sample-class.csv

Every round is played through a real classroom ``Match`` (the same entries a class makes), by
simulated students who behave as laboratory classes are reported to, roughly:

- first-price: each student bids a share of the way from the lowest value to their value, a share
  of their own between 0.65 and 0.95 (theory with 3 bidders: 0.67), with noise of a few dollars;
- second-price: the value plus noise, a little above it on average (overbidding is common);
- common value: the signal less a small margin of their own (0 to 8 dollars), less than the winner's
  curse needs (10 dollars with 3 bidders and noise 20), so winners tend to lose money;
- ladder: the pile with the best surplus at the lowest open rung, one time in five one rung higher.

About one bid in twenty is missing (the student did not bid in time): the first-price and the
common-value experiments use the rule "no bid", the second-price and the ladder "a random bid".
"""
from __future__ import annotations

import random
from pathlib import Path

from tabletop.core import CHANCE
from tabletop.match import Match

from . import seat_labels
from .actions import Bid, CloseRound, Join, OpenRound, PlaceBid
from .results import SAMPLE, frame, results

__all__ = ["STUDENTS", "make_sample", "play_class", "main"]

STUDENTS = ("Ana", "Ben", "Chloe", "Dev", "Elif", "Femi", "Gus", "Hana", "Ivo", "Jade", "Kai",
            "Lena", "Milo", "Nia", "Omar", "Pia", "Quinn", "Rosa", "Sami", "Tess", "Uma", "Vik",
            "Wen", "Yara")
_MISSING = 0.05


def _draw_all(match: Match) -> None:
    while match.current_player() == CHANCE:
        match.apply(match.sample_chance())


def _sealed_bid(experiment: str, state, seat: int, rng: random.Random, shade: float, margin: float) -> int:
    private = state.view(seat)["private"]
    low, high = state.low, state.high
    if experiment == "first-price":
        bid = low + shade * (private["value"] - low) + rng.gauss(0, 3)
    elif experiment == "second-price":
        bid = private["value"] + rng.gauss(2, 5)
    else:
        bid = private["signal"] - margin + rng.gauss(0, 3)
    return max(low, min(high, round(bid)))


def _ladder_bid(state, seat: int, rng: random.Random) -> PlaceBid:
    values = state.view(seat)["private"]["pile_values"]
    options = state.actions_for(seat)
    best = {}
    for a in options:       # the lowest open rung of each pile comes first
        best.setdefault(a.pile, []).append(a)
    pile = max(best, key=lambda p: (values[p] - best[p][0].amount, -p))
    rungs = best[pile]
    return rungs[1] if len(rungs) > 1 and rng.random() < 0.2 else rungs[0]


def play_class(experiment: str, rng: random.Random, rounds: int = 3, missing_bid: str = "none",
               seed: int = 0) -> Match:
    """One simulated class playing ``rounds`` rounds of ``experiment``; returns the match."""
    match = Match("classroom", seat_labels(len(STUDENTS)),
                  {"experiment": experiment, "rounds": rounds, "missing_bid": missing_bid}, seed=seed)
    shade = {s: rng.uniform(0.65, 0.95) for s in range(len(STUDENTS))}
    margin = {s: rng.uniform(0, 8) for s in range(len(STUDENTS))}
    for seat, name in enumerate(STUDENTS):
        match.apply(Join(seat, name))
    for _ in range(rounds):
        match.apply(OpenRound())
        _draw_all(match)
        state = match.state
        if experiment == "ladder":
            late = {s for s in state.participants if rng.random() < _MISSING}
            while True:
                turns = [t["turn"] for t in state.tracks if t["turn"] is not None and t["turn"] not in late]
                if not turns:
                    break
                match.apply(_ladder_bid(state, turns[0], rng))
        else:
            for seat in state.participants:
                if rng.random() >= _MISSING:
                    match.apply(Bid(seat, _sealed_bid(experiment, state, seat, rng, shade[seat], margin[seat])))
        match.apply(CloseRound())
        _draw_all(match)
    return match


def make_sample(seed: int = 2024):
    """The sample table: 3 rounds of each experiment by the same simulated class."""
    import pandas as pd
    rng = random.Random(seed)
    plan = (("first-price", "none"), ("second-price", "random"), ("common-value", "none"),
            ("ladder", "random"))
    parts = [results(play_class(experiment, rng, missing_bid=rule, seed=seed + k))
             for k, (experiment, rule) in enumerate(plan)]
    return frame(pd.concat(parts, ignore_index=True).astype(object).to_dict("records"))


def main(path: str | Path = SAMPLE) -> Path:
    path = Path(path)
    make_sample().to_csv(path, index=False)
    return path


if __name__ == "__main__":
    print(main())
