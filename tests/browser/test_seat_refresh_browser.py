"""A seat device's page reloaded (issue 13): the address holds the match, the seat and its key, so
a refresh comes back to the same seat's screen, its name, its secrets and the entry it made,
not to the start page. A real Voilà server and Chromium, one phone."""
from __future__ import annotations

import time

from tabletop import Match
from tabletop.stockpile import actions as A
from tabletop.store import Store

from .test_live import PLAYERS, Device, close_all, engine_now, saved_match


def test_a_seat_device_reloaded_comes_back_to_the_same_seat_with_its_secrets(browser, server, voila, home):
    match = Match("stockpile", PLAYERS, {}, 3)
    match_id = saved_match(home, match)
    # Alice's starting stock is dealt first (entered on her device; here through the store), then
    # Bob enters his own on his phone: a secret only his page may show
    store = Store(home / "matches.sqlite3")
    try:
        key = store.seat_key(match_id, 1)
        store.open(match_id).apply(A.DealStartingStock(0, "Cosmic Computers"))
    finally:
        store.close()
    address = f"{server}/?match={match_id}&seat=1&key={key}"
    (phone,) = devices = [Device(browser, server, 1, address)]
    started = time.monotonic()
    try:
        phone.page.goto(address)
        phone.page.locator(phone.root).wait_for(timeout=120_000)
        match = engine_now(home, match_id)
        mine = A.DealStartingStock(1, "Epic Electric")
        phone.click(mine, match.offered_actions(1), match.state)
        phone.wait_entries(2)
        assert engine_now(home, match_id).log[-1] == mine

        def screen() -> str:
            return phone.page.locator(".tt-seat").inner_text()
        before = screen()
        assert "Bob" in before and "Epic Electric" in phone.page.locator(".tt-seat-panel").inner_text()
        phone.page.evaluate("window.ttBeforeTheReload = true")
        phone.page.reload()
        phone.page.locator(".tt-app").first.wait_for(timeout=120_000)      # whichever screen it is
        assert phone.page.evaluate("window.ttBeforeTheReload === undefined"), "the page was reloaded"
        search = phone.page.evaluate("location.search")
        assert search == f"?match={match_id}&seat=1&key={key}", f"the address after the reload: {search}"
        assert phone.page.locator(".tt-seat").count() == 1, "the reload did not come back to Bob's device"
        phone.wait_entries(2)
        after = screen()
        panel = phone.page.locator(".tt-seat-panel").inner_text()
        assert "Bob" in after and "Epic Electric" in panel, f"Bob's secret is not back: {panel!r}"
        assert "Bob is dealt a starting stock of Epic Electric" in after, "Bob's own entry, in his words"
        assert "Cosmic Computers" not in panel and "Alice is dealt a starting stock of" not in after, \
            "Alice's starting stock stays hers"
        assert not phone.page.locator(".tt-start").count(), "the start page"
    finally:
        close_all(devices, voila)
    print(f"\nseat page opened, entered, reloaded and back in {time.monotonic() - started:.1f} s")
