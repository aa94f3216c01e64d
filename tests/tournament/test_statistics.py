"""A tournament's figures, checked against a hand computation: win shares with Wilson's interval
over every game an agent played (a forfeited game counts, as a loss), mean scores with the
normal interval over the games it finished (mean +- z standard errors, the standard error being
the sample deviation over the square root of the count), paired differences, and what each seat
won. The hand computation uses only the standard library: z from ``statistics.NormalDist``,
Wilson's interval found by bisection from its definition (the shares p whose distance from the
observed share is within z standard errors at p), never the module's formulas.

Then intervals are put to work on a known distribution: over 1,000 tournaments of games whose
scores and wins are drawn from known laws, each interval must hold the true value about 95% of
the time.
"""
from __future__ import annotations

import math
import random
import statistics

import pytest

from tabletop import tournament as T
from tabletop.tournament import GameRecord, Tournament

Z = statistics.NormalDist().inv_cdf(0.975)


def wilson_by_bisection(share: float, n: int) -> tuple[float, float]:
    """The shares p with |share - p| <= Z * sqrt(p (1 - p) / n): the score test's acceptance region."""
    def inside(p):
        return abs(share - p) <= Z * math.sqrt(p * (1 - p) / n)

    def edge(outside, in_):          # bisect between a point outside and one inside
        for _ in range(100):
            mid = (outside + in_) / 2
            outside, in_ = (outside, mid) if inside(mid) else (mid, in_)
        return in_

    low = 0.0 if inside(0.0) else edge(0.0, share)
    high = 1.0 if inside(1.0) else edge(1.0, share)
    return low, high


def normal_interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - Z * se, mean + Z * se


def test_the_hand_computations_give_textbook_values():
    low, high = wilson_by_bisection(0.5, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson_by_bisection(0.0, 10)          # no win in 10: 0 to 0.2775
    assert low == 0.0 and round(high, 4) == 0.2775
    mean, low, high = normal_interval([1, 2, 3, 4, 5, 6])
    assert mean == 3.5 and high - mean == pytest.approx(Z * math.sqrt(3.5) / math.sqrt(6)) == pytest.approx(1.49695, abs=1e-5)


# --- a tournament built by hand, with forfeits -------------------------------------------------------
def _records(games: list[dict]) -> tuple:
    """Two agents, "a" in seat 0 of even games, seat 1 of odd ones; each game: a's and b's score,
    who won, whether a forfeited."""
    out = []
    for g, game in enumerate(games):
        seating = (0, 1) if g % 2 == 0 else (1, 0)
        seat_a = seating.index(0)
        scores = [0, 0]
        scores[seat_a], scores[1 - seat_a] = game["a"], game["b"]
        winners = tuple(seating.index(w) for w in game["won"])
        forfeits = ((seat_a, "raised ValueError: broke"),) if game["forfeit"] else ()
        out.append(GameRecord(g, 1000 + g, seating, tuple(scores), winners, forfeits, "done", 50))
    return tuple(out)


def _hand_built(rng: random.Random, games: int, p_forfeit: float) -> tuple[Tournament, list[dict]]:
    plan = []
    for _ in range(games):
        forfeit = rng.random() < p_forfeit
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        won = ("b",) if forfeit or b > a else ("a",) if a > b else ("a", "b")
        plan.append({"a": a, "b": b, "won": tuple(0 if w == "a" else 1 for w in won), "forfeit": forfeit})
    return Tournament("jika", ("a", "b"), 0, _records(plan)), plan


def test_intervals_of_a_tournament_with_forfeits_are_over_the_games_each_figure_covers():
    result, plan = _hand_built(random.Random(5), 40, 0.25)
    forfeits = sum(g["forfeit"] for g in plan)
    assert 5 <= forfeits <= 15
    ranking = result.ranking().set_index("agent")
    # a: a forfeited game is a game played and lost; its score is not a score
    wins_a = [0.0 if g["forfeit"] else (1 / len(g["won"]) if 0 in g["won"] else 0.0) for g in plan]
    share = sum(wins_a) / 40
    low, high = wilson_by_bisection(share, 40)
    row = ranking.loc["a"]
    assert row["games"] == 40 and row["forfeits"] == forfeits
    assert row["win share"] == pytest.approx(share)
    assert (row["win low"], row["win high"]) == pytest.approx((low, high), abs=1e-9)
    # over the finished games only, the interval would be another one: the test tells them apart
    assert abs(wilson_by_bisection(sum(wins_a) / (40 - forfeits), 40 - forfeits)[0] - low) > 0.01
    mean, s_low, s_high = normal_interval([g["a"] for g in plan if not g["forfeit"]])
    assert (row["mean score"], row["score low"], row["score high"]) == pytest.approx((mean, s_low, s_high), abs=1e-9)
    # b finished all 40
    mean_b, b_low, b_high = normal_interval([g["b"] for g in plan])
    assert (ranking.loc["b", "score low"], ranking.loc["b", "score high"]) == pytest.approx((b_low, b_high), abs=1e-9)
    # paired: the win difference over all 40 games, the score difference over the games both finished
    wins_b = [0.0 if 1 not in g["won"] else 1 / len(g["won"]) for g in plan]
    compared = result.compare("a", "b")
    w_mean, w_low, w_high = normal_interval([x - y for x, y in zip(wins_a, wins_b)])
    d_mean, d_low, d_high = normal_interval([g["a"] - g["b"] for g in plan if not g["forfeit"]])
    assert compared["games"] == 40
    assert (compared["win difference"], compared["win low"], compared["win high"]) == \
        pytest.approx((w_mean, w_low, w_high), abs=1e-9)
    assert (compared["score difference"], compared["score low"], compared["score high"]) == \
        pytest.approx((d_mean, d_low, d_high), abs=1e-9)
    # what each seat won, whoever sat there, over all 40 games
    seats = result.by_seat()
    for seat in (0, 1):
        won = sum(1 / len(r.winners) for r in result.records if seat in r.winners)
        assert (seats.loc[seat, "win low"], seats.loc[seat, "win high"]) == \
            pytest.approx(wilson_by_bisection(won / 40, 40), abs=1e-9)


def flaky(view, legal, rng):
    """A student's player that breaks now and then (about one game in three at 時価で勝負)."""
    if rng.random() < 0.05:
        raise ValueError("index out of range")
    return legal[rng.randrange(len(legal))]


def test_a_real_tournament_with_forfeits_ranks_by_the_hand_computation():
    result = T.run("jika", [flaky, "greedy", "random"], games=30, seed=8, progress=False)
    table = result.games_table()
    ranking = result.ranking().set_index("agent")
    mine = table[table.agent == "flaky"]
    forfeits = int((mine.forfeit != "").sum())
    assert 3 <= forfeits <= 27, forfeits
    for agent in ("flaky", "greedy", "random"):
        rows = table[table.agent == agent]
        share = rows.win.sum() / 30
        scores = [float(s) for s in rows.score if s is not None and not (isinstance(s, float) and math.isnan(s))]
        mean, low, high = normal_interval(scores)
        row = ranking.loc[agent]
        assert row["games"] == 30
        assert (row["win low"], row["win high"]) == pytest.approx(wilson_by_bisection(share, 30), abs=1e-9)
        assert (row["mean score"], row["score low"], row["score high"]) == pytest.approx((mean, low, high), abs=1e-9)
    assert len([s for s in mine.score if s is not None and s == s]) == 30 - forfeits


# --- a known distribution ---------------------------------------------------------------------------
def test_the_intervals_hold_the_true_values_about_95_percent_of_the_time():
    """1,000 tournaments of 50 games: a wins when its die beats b's (ties share), forfeits one
    game in five. True values: a's mean score 3.5 over the games it finishes; its win share
    0.8 x (15 + 6 / 2) / 36 = 0.4 over the games it plays; the score difference 0."""
    rng = random.Random(2024)
    hits = {"mean score": 0, "win share": 0, "score difference": 0}
    runs = 1000
    for _ in range(runs):
        result, _plan = _hand_built(rng, 50, 0.2)
        row = result.ranking().set_index("agent").loc["a"]
        hits["mean score"] += row["score low"] <= 3.5 <= row["score high"]
        hits["win share"] += row["win low"] <= 0.4 <= row["win high"]
        c = result.compare("a", "b")
        hits["score difference"] += c["score low"] <= 0 <= c["score high"]
    # 95% +- 2.2 points (3 standard errors of 1,000 tries), less a little for the normal
    # interval of 40 or so scores (its t correction would be about 1%)
    for name, count in hits.items():
        assert 0.915 <= count / runs <= 0.975, (name, count / runs)
