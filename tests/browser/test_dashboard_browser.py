"""The dashboards in a real browser against a real Voilà server, with no internet."""
from __future__ import annotations

import random

import pytest

from tabletop import CHANCE, TERMINAL, Match
from tabletop.store import Store

from .conftest import wait_for
from .table import Table, secret_descriptions

PLAYERS = ["Alice", "Bob", "Carol", "Dan"]
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}


def page_width(page) -> int:
    """The width of the page and of the app in it (the widest, tables scroll inside their own
    boxes) once the browser has laid it out at the current viewport: the window reports the new
    size and two animation frames have been painted since."""
    return page.evaluate("""width => new Promise(done => {
        const widest = () => Math.max(document.documentElement.scrollWidth,
            ...[...document.querySelectorAll(".tt-app")].map(app => app.scrollWidth));
        let frames = 0;      // bounded: after 2 s of frames the width is read anyway
        const check = () => (window.innerWidth === width || ++frames > 120)
            ? requestAnimationFrame(() => requestAnimationFrame(() => done(widest())))
            : requestAnimationFrame(check);
        check();
    })""", page.viewport_size["width"])


def at_phone_width(page, slack: int = 2, selector: str | None = None) -> int:
    """Resize to a 390-wide phone and wait (bounded) until the page, and ``selector``'s box if
    given (a chart that redraws itself on resize), fit in it; returns the page width."""
    page.set_viewport_size(PHONE)

    def fits():
        width = page_width(page)
        if selector is not None:
            box = page.locator(selector).first.bounding_box()
            if box is None or box["x"] + box["width"] > PHONE["width"] + slack:
                return False
        return width if width <= PHONE["width"] + slack else False
    return wait_for(fits, 15, f"waited for the page{' and ' + selector if selector else ''} to fit a "
                              f"{PHONE['width']}px phone")


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
    at_phone_width(page)
    page.screenshot(path=str(artifacts / "start-390x844.png"), full_page=True)
    page.set_viewport_size(DESK)
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
    at_phone_width(page)
    page.set_viewport_size(DESK)
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

    # refresh: the address keeps the match shown, so the page comes back to it as it was
    assert f"match={table.match_id}" in page.url
    page.reload()
    page.locator(".tt-tracker").wait_for()
    table.wait_entries(n - 1)
    assert page.locator(".tt-log button", has_text="Redo (1)").count() == 1
    assert table.shown_money() == table.engine_money()
    # a closed tab: the start page lists the match; resume it and find it as it was
    open_start_page(page, server)
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
    at_phone_width(page)
    page.screenshot(path=str(artifacts / f"{title}-390x844.png"), full_page=False)
    table = Table(page, home, saved.id)
    assert table.shown_money() == table.engine_money()
    assert not [u for u in requested if "fontawesome" in u.lower()]
    if title == "stockpile":
        # the charts are drawn on demand by jupyterlab-plotly (its plotly.js comes from this server)
        page.set_viewport_size(DESK)
        page.locator(".tt-charts button", has_text="Show charts").click()
        page.locator(".tt-charts .main-svg").first.wait_for(timeout=90_000)
        # plotly draws the frame first, then the lines: 6 stocks and 4 players' money
        wait_for(lambda: page.locator(".tt-charts .scatterlayer .trace").count() >= 6 + 4, 30,
                 "the charts draw a line per stock and per player")
        page.locator(".tt-charts").screenshot(path=str(artifacts / "stockpile-charts.png"))
        # the charts redraw themselves at the card's new width (plotly responsive)
        at_phone_width(page, selector=".tt-charts .main-svg")
        page.locator(".tt-charts").screenshot(path=str(artifacts / "stockpile-charts-390.png"))
