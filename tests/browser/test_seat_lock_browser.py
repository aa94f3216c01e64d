"""A PIN-protected seat's join link in a real browser (issue 28): before the PIN, the page and every
websocket frame it received hold none of the seat's secrets, no log line, no count of entries and
no Undo, Redo or "Back to here", in every title; a wrong PIN changes nothing of that; after the
right PIN the seat's secrets and its log show. A real Voilà server and Chromium, a phone's screen."""
from __future__ import annotations

import pytest

from privacy import oracle
from tabletop.store import Store

from dashboard.test_seat_lock import BEN, PIN, TITLES, ben_secrets, log_lines, played
from .test_privacy_browser import around, readable, without_styles

#: words of the buttons that change the match or page through the log, and the log's count
CHANGING = ("Undo", "Redo", "Back to here", "Redo to here", "Show earlier entries", "Draw for me at random",
            "Take back my entries ahead", "entries)")


def seat_link(home, match) -> str:
    store = Store(home / "matches.sqlite3")
    try:
        match_id = store.create(match).id
        store.set_pin(match_id, BEN, PIN)
        return f"?match={match_id}&seat={BEN}&key={store.seat_key(match_id, BEN)}"
    finally:
        store.close()


def nothing_of_the_seat(text: str, match, where: str) -> None:
    leaked = oracle.find_tokens(oracle.all_secret_tokens(match), text)
    assert not leaked, f"secrets in {where} before the PIN: {leaked[:5]}, e.g. ...{around(leaked[0], text)}..."
    lines = [line for line in log_lines(match) if line in text]
    assert not lines, f"log lines in {where} before the PIN: {lines[:3]}"
    words = [w for w in CHANGING if w in text]
    assert not words, f"{where} holds {words} before the PIN: ...{around(words[0], text)}..."


@pytest.mark.parametrize("title", TITLES)
def test_a_locked_seat_page_shows_only_the_pin_form_until_the_pin(page, server, home, artifacts, title):
    match = played(title, seed=TITLES.index(title) + 28)
    page.set_viewport_size({"width": 390, "height": 844})
    frames: list = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.goto(server + "/" + seat_link(home, match))
    field = page.get_by_placeholder("PIN", exact=True)
    field.wait_for(timeout=120_000)
    page.get_by_text("Ben's panel is protected: enter Ben's PIN.").wait_for()
    page.screenshot(path=str(artifacts / f"seat-locked-{title}.png"))
    field.fill("1357")
    field.press("Enter")
    page.locator(".tt-banner", has_text="That PIN is not right.").wait_for(timeout=20_000)
    page.wait_for_timeout(500)                # whatever the kernel sends after the refusal
    dom = without_styles(page.content()) + "\n" + page.inner_text("body")
    nothing_of_the_seat(dom, match, "the page")
    assert frames, "the page's kernel sent nothing?"
    for frame in frames:
        nothing_of_the_seat(readable(frame), match, "a websocket frame")
    checked = len(frames)

    field = page.get_by_placeholder("PIN", exact=True)
    field.fill(PIN)
    field.press("Enter")
    page.get_by_text("Your secrets").wait_for(timeout=20_000)
    page.locator(".tt-log .tt-section-title", has_text=f"({len(match.log)} entries)").wait_for()
    body = page.inner_text("body")
    mine = oracle.find_tokens(ben_secrets(match), body)
    assert mine, "Ben's secrets should show after his PIN"
    assert match.describe_log(BEN)[-1] in body
    assert page.get_by_role("button", name="Undo", exact=True).count() == 1
    print(f"\n{title}: {checked} frames before the PIN held nothing of Ben's; after it {mine[:3]} show")
