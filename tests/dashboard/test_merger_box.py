"""A merger's bonuses stay in the table screen's "Just happened" box while its shareholders
dispose of their shares, entry by entry, and leave when the next turn starts (issue 29 item 2)."""
from __future__ import annotations

import random

from tabletop import CHANCE, TERMINAL, Match
from tabletop.widgets.tracker import Tracker

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def test_a_mergers_bonus_stays_in_view_until_the_merger_is_over():
    match, rng = Match("acquire", PLAYERS, seed=7), random.Random(7)
    tracker = Tracker(match)

    def step():
        action = match.sample_chance() if match.current_player() == CHANCE else rng.choice(match.legal_actions())
        tracker._play_all([action])

    tested = 0
    while tested < 2 and match.current_player() != TERMINAL:
        step()
        if match.state.merger is None:
            continue
        bonus = next((line for line in tracker.told.lines if "bonus" in line.lower()), None)
        if bonus is None:
            continue
        disposals = 0
        while match.state.merger is not None:
            step()
            disposals += 1
            assert bonus in tracker.told.widget.value, f"the bonus left the box after disposal {disposals}"
        step()                                   # the next turn's first entry
        assert bonus not in tracker.told.widget.value
        tested += disposals >= 2
    assert tested == 2, "too few mergers with two disposals or more in this game"
    tracker.close()
