"""In a real browser, the PIN field submits on Enter: the player types the PIN and presses Enter
(no tap on "Open"), and their panel opens; a wrong PIN pressed with Enter is refused in words.
The headless tests set the field's value as the page would; this proves the page does send it."""
from __future__ import annotations

from tabletop import Match
from tabletop.store import Store


def test_the_pin_gate_opens_the_panel_on_enter(page, server, home):
    store = Store(home / "matches.sqlite3")
    try:
        saved = store.create(Match("stockpile", ["Alice", "Bob", "Carol"], seed=5))
        store.set_pin(saved.id, 0, "2468")
        match_id = saved.id
    finally:
        store.close()
    page.goto(f"{server}/?match={match_id}")
    page.locator(".tt-tracker").wait_for()
    page.get_by_role("button", name="Alice's panel", exact=True).click()
    field = page.get_by_placeholder("PIN", exact=True)
    field.fill("1111")
    field.press("Enter")
    page.locator(".tt-gate .tt-banner", has_text="That PIN is not right.").wait_for(timeout=20_000)
    assert page.locator(".tt-private-title").count() == 0
    field = page.get_by_placeholder("PIN", exact=True)
    field.fill("2468")
    field.press("Enter")
    page.locator(".tt-private-title", has_text="Alice's panel").wait_for(timeout=20_000)
    assert page.get_by_placeholder("PIN", exact=True).count() == 0     # the gate is gone
