"""Connection lost: when the server stops, the page says so in a banner (its buttons would do
nothing); when a server is back on the same address, the page reloads by itself and shows the
same screen (the address kept the match). Needs a server of its own, stopped and started again."""
from __future__ import annotations

from tabletop import Match, serve
from tabletop.store import Store

from .conftest import wait_for


def reloaded(page) -> bool:
    try:
        return page.evaluate("window.ttBeforeTheStop === undefined")
    except Exception:  # the page is between two documents
        return False


def test_a_stopped_server_is_said_and_the_page_comes_back_to_the_same_match(browser, tmp_path):
    # the session's browser: a second sync_playwright() in a run is refused (its loop already runs)
    store = Store(tmp_path / "matches.sqlite3")
    match_id = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=1)).id
    store.close()
    log = open(tmp_path / "voila.log", "w")
    first = serve.Voila(port=0, home=tmp_path, stdout=log)     # binds a free port itself
    second = None
    try:
        with first:
            port = first.port      # the restart comes back on the address the page knows
            context = browser.new_context()
            page = context.new_page()
            page.set_default_timeout(90_000)
            page.goto(f"{first.url()}?match={match_id}")
            page.locator(".tt-tracker").wait_for()
            banner = page.locator("#tt-connection")
            assert banner.count() == 0 or not banner.is_visible()
            first.stop()
            banner.wait_for(state="visible", timeout=15_000)
            page.get_by_text("the table server cannot be reached", exact=False).wait_for(timeout=15_000)
            page.evaluate("window.ttBeforeTheStop = true")
            second = serve.Voila(port=port, home=tmp_path, stdout=log)
            assert second.wait_until_listening() == port
            wait_for(lambda: reloaded(page), 60, "the page reloads by itself")
            page.locator(".tt-tracker").wait_for()
            assert page.evaluate("location.search") == f"?match={match_id}"
            assert not page.locator("#tt-connection").is_visible()
            page.close(run_before_unload=True)
            context.close()
    finally:
        if second is not None:
            second.stop()
        log.close()
