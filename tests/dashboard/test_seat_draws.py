"""A player who asks their own phone to draw for them gets every draw due to them in a row at
one tap (a whole hand), as on the table screen's panel (issue 29 item 10)."""
from __future__ import annotations

import pytest

from tabletop import CHANCE, Match
from tabletop.store import Store
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.tracker import Tracker

PLAYERS = ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize("title", ["acquire", "jika", "stockpile", "black-monday"])
def test_one_tap_of_draw_at_random_on_a_phone_makes_every_draw_due_in_a_row(home, title):
    saved = Store().create(Match(title, PLAYERS, seed=5))
    table = Tracker(Store().open(saved.id, device="table"))
    phones = [SeatScreen(Store().open(saved.id, device=f"seat:{s}"), s) for s in range(len(PLAYERS))]
    screens = [table, *phones]
    taps = 0
    match = table.match
    while match.current_player() == CHANCE and taps < 20:
        owner = match.state.chance_owner()
        before = len(match)
        if owner is None:
            table.random_button.click()
        else:
            phones[owner].follow()
            phones[owner].random_button.click()
        taps += 1
        for screen in screens:
            screen.follow()
        match = table.match
        assert len(match) > before, f"{owner!r}'s tap drew nothing"
        still = match.current_player() == CHANCE and match.state.chance_owner() == owner
        assert not still, f"after one tap on seat {owner!r}'s phone, it still has a draw to make"
    assert match.current_player() != CHANCE, "the opening draws took a tap per seat at most"
    assert phones[0].banner.layout.display == "none"   # no refusal on the phone
    for screen in screens:
        screen.close()
