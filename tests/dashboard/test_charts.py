"""The net-worth chart agrees with what the table is told at the end of each round: a round's
point is the table after the entry that ended it (the round's last dividend or sale in), in
every round, as the charts follow play and when they are first drawn from the whole log."""
import random

import pytest

from tabletop import Match
from tabletop.core import CHANCE, TERMINAL
from tabletop.widgets.charts import ChartsPanel
from tabletop.widgets.titles import title_ui

NAMES = ("Ann", "Bob", "Cy", "Dan")


def _play(match: Match, rng: random.Random) -> None:
    state = match.state
    action = state.sample_chance(rng) if state.current_player() == CHANCE else rng.choice(match.legal_actions())
    match.apply(action)


@pytest.mark.parametrize("seed", range(4))
def test_each_rounds_point_is_the_money_the_end_of_round_summary_tells(seed):
    match = Match("stockpile", NAMES, seed=seed)
    rng = random.Random(seed)
    charts = ChartsPanel(lambda: match, title_ui("stockpile").net_worth, unit="$")
    charts.show()
    summaries = {}                 # round -> {player: money less what is owed}, as told when it ended
    while match.state.current_player() != TERMINAL:
        told = len(match.events())
        _play(match, rng)
        charts.refresh()
        for event in match.events()[told:]:
            if event.kind == "round_end":
                owed = [p.get("owed") or 0 for p in match.view(None)["players"]]
                summaries[event.round] = {NAMES[s]: money - owed[s] for s, money in event.get("money")}
    assert len(summaries) >= 3
    followed = charts.traces(1)
    drawn = ChartsPanel(lambda: match, title_ui("stockpile").net_worth, unit="$")
    drawn.show()
    for traces in (followed, drawn.traces(1)):
        for rnd, told in summaries.items():
            for player, (rounds, worth) in traces.items():
                if rnd != max(summaries):        # the last round's point is the final score
                    assert worth[rounds.index(rnd)] == told[player], (rnd, player)


def test_the_round_axis_has_whole_rounds_and_both_axes_have_titles():
    match = Match("stockpile", NAMES, seed=1)
    charts = ChartsPanel(lambda: match, title_ui("stockpile").net_worth, "Money less fees owed by round",
                         unit="$", worth_axis="Money less fees owed")
    charts.show()                                    # one round so far: no 0.6 or 1.4 on the axis
    for figure, y_title in zip(charts.figures, ("Value", "Money less fees owed")):
        x, y = figure["layout"]["xaxis"], figure["layout"]["yaxis"]
        assert x["title"]["text"] == "Round" and y["title"]["text"] == y_title
        assert x["dtick"] == 1 and x["tickmode"] == "linear" and float(x["tick0"]).is_integer()
        low, high = x["range"]
        assert high - low < 2, "a single round's axis shows that round alone"
