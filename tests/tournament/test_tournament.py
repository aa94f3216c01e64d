"""Tournaments as a class runs them: seats rotated so moving first favours nobody, the same table
whatever the number of processes, a broken agent loses its game and the contest goes on, and
the command line gives what Python gives."""
import csv
import math
import random
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop import tournament as T
from tabletop.agents import register_agent
from tabletop.errors import OptionsError

from . import race  # noqa: F401  (registers the toy title "race")

CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes", "on")


# --- seats ----------------------------------------------------------------------------------------

def _race_first_seat_share(players: int) -> float:
    """Exact chance that seat 0 wins the race at random: from the distribution of the turns a
    player needs (1 or 2 squares a turn, goal 6), seat 0 wins when nobody needs fewer turns."""
    need = {}

    def spread(square, turn, p):
        if square >= race.GOAL:
            need[turn] = need.get(turn, 0) + p
            return
        spread(square + 1, turn + 1, p / 2)
        spread(square + 2, turn + 1, p / 2)

    spread(0, 0, 1.0)
    at_least = lambda t: sum(p for u, p in need.items() if u >= t)  # noqa: E731
    return sum(p * at_least(t) ** (players - 1) for t, p in need.items())


def test_seat_rotation_gives_every_random_agent_its_fair_share_though_seat_one_wins_far_more():
    result = T.run("race", ["random"] * 3, games=300, seed=4, progress=False)
    first = _race_first_seat_share(3)
    assert abs(first - 19109 / 32768) < 1e-12           # 58.3%: moving first is worth a lot
    seats = result.by_seat()
    # whoever sat first won about that often (within 3.3 standard errors: 1 run in 1,000 fails)
    assert abs(seats.loc[0, "win share"] - first) < 3.3 * math.sqrt(first * (1 - first) / 300)
    assert seats.loc[0, "win low"] > 1 / 3               # ... far more than a third
    for row in result.ranking().to_dict("records"):
        assert row["win low"] <= 1 / 3 <= row["win high"], row
    # every agent sat in every seat 100 times
    counts = result.games_table().groupby(["agent", "seat"]).size()
    assert len(counts) == 9 and set(counts) == {100}


def test_seating_rotates_a_drawn_order_within_each_block():
    games = [T.seating(7, g, 4) for g in range(8)]
    for block in (games[:4], games[4:]):
        assert all(sorted(s) == [0, 1, 2, 3] for s in block)
        for seat in range(4):
            assert sorted(s[seat] for s in block) == [0, 1, 2, 3]
        assert [s[1:] + s[:1] for s in block[:-1]] == block[1:]
    assert games[:4] != games[4:] or T.seating(8, 0, 4) != games[0]


# --- the same table whatever the workers ------------------------------------------------------------

LINE_UP = ["greedy", "tabletop.agents.market:JikaGreedy", "random", "random"]


def test_same_seed_same_table_with_one_or_two_processes():
    one = T.run("jika", LINE_UP, games=24, seed=11, progress=False)
    two = T.run("jika", LINE_UP, games=24, seed=11, jobs=2, progress=False)
    assert one.games_table().equals(two.games_table())
    assert one.ranking().equals(two.ranking())
    other = T.run("jika", LINE_UP, games=24, seed=12, progress=False)
    assert not one.games_table().equals(other.games_table())   # the comparison can fail


if CI:
    import distributed  # the 'cluster' extra is installed in CI: this must run there
else:
    distributed = pytest.importorskip("distributed", reason="the 'cluster' extra is not installed")


def first_legal(view, legal, rng):
    return legal[0]


def test_same_seed_same_table_on_a_local_dask_cluster():
    # a name registered here only: the workers (new processes) are sent the agent itself
    register_agent("first-legal", first_legal, "jika")
    line_up = LINE_UP[:3] + ["first-legal"]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, processes=True) as cluster, \
            distributed.Client(cluster) as client:
        spread = T.run("jika", line_up, games=24, seed=11, executor=client.get_executor(), progress=False)
    alone = T.run("jika", line_up, games=24, seed=11, progress=False)
    assert spread.games_table().equals(alone.games_table())


# --- agents that break -------------------------------------------------------------------------------

def crashing(view, legal, rng):
    raise ValueError("my bidder broke")


def illegal(view, legal, rng):
    return "the blue one"


def sleepy(view, legal, rng):
    try:
        time.sleep(0.3)
    except BaseException:  # swallowing the watchdog's interrupt does not save it
        pass
    return legal[0]


def looping(view, legal, rng):
    while True:
        pass


@pytest.mark.parametrize("agent, reason", [
    (crashing, "raised ValueError: my bidder broke"),
    (illegal, "returned 'the blue one', which is not one of its"),
    (sleepy, "took longer than 0.1 s for one move"),
    (looping, "took longer than 0.1 s for one move"),
])
@pytest.mark.timeout(60)
def test_a_broken_agent_loses_each_game_with_its_reason_and_the_tournament_goes_on(agent, reason):
    result = T.run("jika", [agent, "greedy", "random"], games=3, seed=5, move_seconds=0.1, progress=False)
    ranking = result.ranking().set_index("agent")
    name = agent.__name__
    assert ranking.loc[name, "forfeits"] == 3 and ranking.loc[name, "win share"] == 0
    assert ranking.loc[name, "first forfeit"].startswith(reason)
    assert math.isnan(ranking.loc[name, "mean score"])
    table = result.games_table()
    mine = table[table.agent == name]
    assert set(mine.forfeit.str[:len(reason)]) == {reason}
    # every game was played to its end and won by one of the others
    assert table.groupby("game").win.sum().tolist() == [1.0] * 3
    assert not table.end.str.startswith("stopped").any()
    assert table[table.agent != name].score.notna().all()
    assert f"{name} forfeited 3 games: first, it {reason}" in str(result)


class FailsToStart:
    def __init__(self):
        raise RuntimeError("no model file")

    def choose(self, view, legal, rng):
        return legal[0]


def wrecker(view, legal, rng):
    choice = legal[-1]
    legal.clear()        # its own copy: the game goes on as if nothing happened
    return choice


def test_an_agent_that_fails_to_start_loses_and_one_that_wrecks_its_list_of_moves_plays_on():
    result = T.run("jika", [FailsToStart, wrecker, "random"], games=3, seed=5, progress=False)
    ranking = result.ranking().set_index("agent")
    assert ranking.loc["FailsToStart", "forfeits"] == 3
    assert ranking.loc["FailsToStart", "first forfeit"] == "raised RuntimeError: no model file when it was set up"
    assert ranking.loc["wrecker", "forfeits"] == 0


def test_forfeits_are_the_same_in_worker_processes():
    line_up = [crashing, illegal, "random"]
    alone = T.run("jika", line_up, games=6, seed=2, progress=False)
    spread = T.run("jika", line_up, games=6, seed=2, jobs=2, progress=False)
    assert alone.games_table().equals(spread.games_table())
    assert alone.ranking().set_index("agent").loc["random", "win share"] == 1


def test_refusals_in_plain_words():
    with pytest.raises(OptionsError, match="There is no agent called 'genius' for jika"):
        T.run("jika", ["genius", "random", "random"])
    with pytest.raises(OptionsError, match="is for 3 to 4 players: give that many agents, not 2"):
        T.run("jika", ["random", "random"])
    with pytest.raises(OptionsError, match="at least 1, not 0"):
        T.run("jika", ["random"] * 3, games=0)
    with pytest.raises(OptionsError, match="is not an agent"):
        T.run("jika", [42, "random", "random"])
    with pytest.raises(OptionsError, match="has no 'Nobody'"):
        T.run("jika", ["tabletop.agents.market:Nobody", "random", "random"])
    with pytest.raises(OptionsError, match="<lambda> cannot be sent to another process"):
        T.run("jika", [lambda view, legal, rng: legal[0], "random", "random"], jobs=2)



def test_ranking_intervals_by_formula_and_shares_by_counting():
    # the Wilson interval of 50 wins in 100 games: 0.4038 to 0.5962 (textbook value)
    low, high = T._wilson(0.5, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    result = T.run("jika", LINE_UP, games=12, seed=3, progress=False)
    shares = {}
    for r in result.records:
        for seat in r.winners:
            agent = result.agents[r.seating[seat]]
            shares[agent] = shares.get(agent, 0) + 1 / len(r.winners) / 12
    ranking = result.ranking()
    assert sorted(ranking["win share"], reverse=True) == ranking["win share"].tolist()
    for row in ranking.to_dict("records"):
        assert row["win share"] == pytest.approx(shares.get(row["agent"], 0))


# --- the command line ---------------------------------------------------------------------------------

def test_the_command_ranks_a_students_file_and_writes_the_same_table_as_python(tmp_path):
    (tmp_path / "mine.py").write_text("def first(view, legal, rng):\n    return legal[0]\n")
    script = Path(sys.executable).with_name("tabletop")
    out = subprocess.run([str(script), "tournament", "jika", "--agents", "greedy,mine.py:first,random",
                          "--games", "6", "--seed", "2", "--csv", "games.csv"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "6 games of 時価で勝負" in out.stdout and "mine.py:first" in out.stdout
    assert "wrote 18 rows (one per game and agent) to games.csv" in out.stdout
    with open(tmp_path / "games.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 18 and {r["agent"] for r in rows} == {"greedy", "mine.py:first", "random"}
    here = T.run("jika", ["greedy", str(tmp_path / "mine.py") + ":first", "random"], games=6, seed=2,
                 progress=False)
    assert [float(r["win"]) for r in rows] == here.games_table().win.tolist()
    assert [r["score"] for r in rows] == [str(s) for s in here.games_table().score]
    bad = subprocess.run([str(script), "tournament", "jika", "--agents", "greedy,random,nobody"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "There is no agent called 'nobody' for jika" in bad.stderr


def test_every_title_has_two_or_more_example_agents_besides_random_and_they_play_whole_games():
    from tabletop.agents import agent_names
    for title in ("stockpile", "acquire", "black-monday", "jika"):
        examples = [name for name in agent_names(title) if name != "random"]
        assert len(examples) >= 2, (title, examples)
        result = T.run(title, examples + ["random"] * (3 - len(examples)) if len(examples) < 3 else examples[:4],
                       games=3, seed=11, progress=False)
        assert result.ranking()["forfeits"].sum() == 0, title


def test_the_backer_raises_its_kings_suit_when_a_card_can():
    """A suit's price is the lower of its two cards (the rulebook): spades shows 3 over 9, so an 8
    on the upper card makes it 8 (+5), a 5 makes it 5 (+2)."""
    from tabletop.agents.market import JikaBacker
    from tabletop.jika import PlayCard
    market = {"spades": {"upper": 3, "lower": 9, "price": 3}, "hearts": {"upper": 5, "lower": 6, "price": 5},
              "diamonds": {"upper": None, "lower": 1, "price": 1}, "clubs": {"upper": 7, "lower": 8, "price": 7}}
    view = {"seat": 0, "private": {"certificates": {"king": "spades", "queen": "hearts"}},
            "board": {"market": market}}
    legal = [PlayCard(seat=0, suit="spades", value=8, slot="upper"),     # spades 3 -> min(8, 9) = 8
             PlayCard(seat=0, suit="spades", value=5, slot="upper"),     # spades -> 5
             PlayCard(seat=0, suit="clubs", value=2, slot="upper"),      # clubs 7 -> 2
             PlayCard(seat=0, suit="hearts", value=9, slot="upper")]     # hearts 5 -> 6
    assert JikaBacker().choose(view, legal, random.Random(0)) == legal[0]
    legal = legal[2:]   # no spades: its queen's suit, hearts, rises
    assert JikaBacker().choose(view, legal, random.Random(0)) == legal[1]
    legal = legal[:1]   # neither: it pushes clubs, which it holds nothing of, down
    assert JikaBacker().choose(view, legal, random.Random(0)) == legal[0]
