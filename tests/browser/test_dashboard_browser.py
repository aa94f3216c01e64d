"""The dashboards in a real browser against a real Voilà server, with no internet."""
from __future__ import annotations

import random

import pytest

from tabletop import CHANCE, TERMINAL, Match
from tabletop.store import Store

from .table import Table, secret_descriptions

PLAYERS = ["Alice", "Bob", "Carol", "Dan"]


def open_start_page(page, server):
    page.goto(server + "/")
    page.locator(".tt-start").wait_for()


def newest_match_id(home) -> str:
    store = Store(home / "matches.sqlite3")
    try:
        return store.list()[0].id
    finally:
        store.close()


def assert_no_secret(page, match):
    html = page.content()
    leaked = [s for s in secret_descriptions(match) if s in html]
    assert not leaked, f"secrets in the public page: {leaked[:3]}"


def test_a_stockpile_round_from_the_start_page_survives_undo_and_refresh(page, server, home, artifacts):
    open_start_page(page, server)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    page.screenshot(path=str(artifacts / "start-390x844.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(artifacts / "start-1280x800.png"))
    page.locator(".tt-start .tt-toggle button", has_text="Stockpile").click()
    page.locator(".tt-start .tt-toggle button", has_text="4").first.click()
    for i, name in enumerate(PLAYERS):
        page.get_by_placeholder(f"Seat {i + 1} name").fill(name)
    page.get_by_role("button", name="Start the match").click()
    page.locator(".tt-tracker").wait_for()
    table = Table(page, home, newest_match_id(home), seed=5)
    assert "Pass the device to Alice" in page.locator(".tt-turn").inner_text()

    # setup and the whole of round 1, every entry by clicking the dashboard's own buttons
    checks = 0

    def round_over(match):
        nonlocal checks
        if not table.private_open() and len(match.log) % 9 == 0:
            assert_no_secret(page, match)
            checks += 1
        return match.state.round >= 2 or match.current_player() == TERMINAL
    table.play_until(round_over)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    page.set_viewport_size({"width": 1280, "height": 800})
    match = table.match()
    assert match.state.round == 2 and checks > 0
    n = len(match.log)
    print(f"\nStockpile 4 players: setup and round 1 = {n} entries, {table.taps} taps")
    page.screenshot(path=str(artifacts / "stockpile-round-1.png"), full_page=True)
    assert table.shown_money() == table.engine_money()

    # undo the last entry
    page.locator(".tt-log button", has_text="Undo").first.click()
    table.wait_entries(n - 1)
    after_undo = table.match()
    assert len(after_undo.log) == n - 1 and len(after_undo.undone) == 1

    # refresh: the start page lists the match; resume it and find it as it was
    page.reload()
    page.locator(".tt-start").wait_for()
    assert "Stockpile" in page.locator(".tt-match-row").first.inner_text()
    page.locator(".tt-match-row").first.get_by_role("button", name="Resume").click()
    page.locator(".tt-tracker").wait_for()
    table.wait_entries(n - 1)
    assert page.locator(".tt-log button", has_text="Redo (1)").count() == 1
    assert table.shown_money() == table.engine_money()
    assert_no_secret(page, table.match())
    text = page.locator(".tt-head-card").inner_text()
    assert "Round" in text and "Stockpile" in text


SCREENS = [("stockpile", {}, 120), ("acquire", {}, 60), ("black-monday", {}, 70), ("jika", {}, 30)]


@pytest.mark.parametrize("title,options,steps", SCREENS, ids=[s[0] for s in SCREENS])
def test_each_title_at_tablet_and_phone_size_with_no_secret_on_the_page(page, server, home, artifacts,
                                                                          title, options, steps):
    match = Match(title, PLAYERS, options)
    rng = random.Random(7)
    for _ in range(steps):
        if match.current_player() == TERMINAL:
            break
        legal = match.legal_actions()
        match.apply(match.sample_chance() if match.current_player() == CHANCE
                    else legal[rng.randrange(len(legal))])
    store = Store(home / "matches.sqlite3")
    saved = store.create(match)
    store.close()
    requested = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(f"{server}/?match={saved.id}")
    page.locator(".tt-tracker").wait_for()
    Table(page, home, saved.id).wait_entries(len(match.log))
    assert_no_secret(page, match)
    assert page.locator(".tt-private").count() == 0
    page.screenshot(path=str(artifacts / f"{title}-1280x800.png"), full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 2, f"the page is {width}px wide on a 390px phone"
    page.screenshot(path=str(artifacts / f"{title}-390x844.png"), full_page=False)
    table = Table(page, home, saved.id)
    assert table.shown_money() == table.engine_money()
    assert not [u for u in requested if "jupyterlab-plotly" in u or "fontawesome" in u.lower()]
    if title == "stockpile":
        # the charts load on demand (plotly is not on the first render path), offline
        page.set_viewport_size({"width": 1280, "height": 800})
        page.locator(".tt-charts button", has_text="Show charts").click()
        page.locator(".tt-charts .main-svg").first.wait_for(timeout=90_000)
        page.locator(".tt-charts").screenshot(path=str(artifacts / "stockpile-charts.png"))
        assert page.locator(".tt-charts .scatterlayer .trace").count() >= 6 + 4   # 6 stocks, 4 players
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(800)
        assert page.evaluate("document.documentElement.scrollWidth") <= 392
        page.locator(".tt-charts").screenshot(path=str(artifacts / "stockpile-charts-390.png"))
