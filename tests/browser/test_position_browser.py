"""A Stockpile game already under way, typed on the start page ("Start from the table as it is"),
then played for a whole round by clicking, each player entering their face-down cards in their panel."""
from __future__ import annotations

from tabletop import TERMINAL

from .table import Table
from .test_dashboard_browser import PLAYERS, assert_no_secret, newest_match_id, open_start_page

MONEY = [18_000, 25_000, 7_000, 30_000]


def test_a_stockpile_game_under_way_starts_from_the_start_page_and_plays_a_round(page, server, home, artifacts):
    open_start_page(page, server)
    page.locator(".tt-start .tt-toggle button", has_text="Stockpile").click()
    page.locator(".tt-start .tt-toggle button", has_text="4").first.click()
    for i, name in enumerate(PLAYERS):
        page.get_by_placeholder(f"Seat {i + 1} name").fill(name)
    page.get_by_role("button", name="Start from the table as it is").click()
    form = page.locator(".tt-position")
    form.wait_for()
    form.get_by_label("Round").fill("3")
    form.get_by_label("First player").select_option(label="Bob")
    form.get_by_label("Epic Electric", exact=True).select_option(index=9)   # not "discard pile: Epic Electric"
    cells = form.locator(".widget-gridbox input")            # per seat: money, stock cards, split cards
    for seat, amount in enumerate(MONEY):
        cells.nth(3 * seat).fill(str(amount))
        cells.nth(3 * seat + 1).fill("3")
    cells.nth(3 * 3).press("Tab")                             # the last value typed reaches the kernel
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "position-form-390x844.png"), full_page=True)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 392, f"the position form widens a 390 px phone's page to {wide} px"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_role("button", name="Start from this position").click()
    page.locator(".tt-tracker").wait_for()

    table = Table(page, home, newest_match_id(home), seed=11)
    match = table.match()
    assert type(match.log[0]).__name__ == "Position"
    view = match.view(None)
    assert view["round"] == 3 and view["first_player"] == 1
    assert [p["money"] for p in view["players"]] == MONEY
    assert table.shown_money() == table.engine_money()
    assert "Pass the device to Bob" in page.locator(".tt-turn").inner_text()   # Bob's cards first

    table.play_until(lambda m: m.state.round >= 4 or m.current_player() == TERMINAL)
    match = table.match()
    assert match.state.round == 4
    assert table.shown_money() == table.engine_money()
    assert_no_secret(page, match)
