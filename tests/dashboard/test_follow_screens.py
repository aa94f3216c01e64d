"""A screen that follows the match offers what the store holds, nothing more: after three entries
were undone on another device and the first of them entered again by hand (which forgets the
other two), neither the table screen nor Ann's phone may offer Redo of them (they did: their Redo
would have brought back entries the match had dropped)."""
from __future__ import annotations

import random

from tabletop import Match
from tabletop.store import Store
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.tracker import Tracker


def test_following_screens_offer_no_redo_of_entries_another_device_forgot(home):
    match, rng = Match("acquire", ["Ann", "Ben", "Cy"], seed=3), random.Random(3)
    for _ in range(40):
        match.apply(rng.choice(match.legal_actions()))
    saved = Store().create(match)
    table = Tracker(Store().open(saved.id, device="table"))
    phone = SeatScreen(Store().open(saved.id, device="seat:0"), 0)
    other = Store().open(saved.id, device="seat:1")
    for _ in range(3):
        other.undo()
    for screen in (table, phone):
        assert screen.follow() and screen.log.redo_button.description == "Redo (3)"
    other.apply(other.match.undone[0])        # entered anew, as a button for that entry does
    for screen in (table, phone):
        assert screen.follow()
        assert screen.log.redo_button.disabled, "the screen offers Redo of entries the match forgot"
        assert screen.match.log == Store().open(saved.id).match.log and screen.match.undone == ()


def test_a_seat_that_entered_a_draw_ahead_is_offered_its_next_one_without_that_tile(home):
    """Acquire's deal: Cy draws her six tiles first, then Ann, then Ben. Ben enters 1A ahead (the
    first tile his phone lists): his phone then offers his next tile ahead, every tile it offered
    before but 1A (Ben knows where 1A is; Cy's and Ann's tiles he does not know)."""
    from tabletop import CHANCE
    from tabletop.acquire.actions import DrawTile
    saved = Store().create(Match("acquire", ["Ann", "Ben", "Cy"], seed=2))
    driver = Store().open(saved.id)
    while not (driver.match.current_player() == CHANCE and isinstance(driver.match.legal_actions()[0], DrawTile)):
        driver.apply(driver.match.sample_chance())
    assert driver.match.state.chance_owner() == 2
    ben = SeatScreen(Store().open(saved.id, device="seat:1"), 1)
    first = ben.panel.offered()
    assert "Enter your next draw now" in ben.panel.prompt.value and DrawTile(1, "1A") == first[0]
    assert ben.panel.pick(DrawTile(1, "1A"))
    assert "1A" in ben.ahead.value                       # kept until his turn, and shown to him
    assert "Enter your next draw now" in ben.panel.prompt.value
    assert ben.panel.offered() == [a for a in first if a.tile != "1A"]
