"""The teacher's results table fits its card (issue 29 item 10b): on a phone (390 px) and a laptop
(1280 px), in English and Korean, the page never scrolls sideways; a table wider than the card
scrolls inside its own box, and its headers are words, not the engine's keys. (The old table
scrolled in its box too: this test guards the fit; its headers are what the old code fails.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.match import Match
from tabletop.store import Store
from tabletop.widgets.classroom import enter_with_draws, teacher_key

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def played(home) -> str:
    """A ladder class (the widest table) of 4 with two rounds closed, every bid entered."""
    with Store(home / "matches.sqlite3") as store:
        stored = store.create(Match("classroom", [f"Seat {k}" for k in range(1, 5)],
                                    {"experiment": "ladder", "rounds": 3, "missing_bid": "none", "group_size": 4}))
        for seat, nick in enumerate(["Ann", "Ben", "Cy", "Dee"]):
            kind = next(k for k in stored.match.title.action_types if k.__name__ == "Join")
            stored.apply(kind(seat=seat, nickname=nick, device=f"{seat:032x}"))
        for _rnd in (1, 2):
            enter_with_draws(stored, next(a for a in stored.match.state.actions_for(None)
                                          if type(a).__name__ == "OpenRound"))
            for _ in range(200):
                acts = [a for s in range(4) for a in stored.match.state.actions_for(s)]
                if not acts:
                    break
                enter_with_draws(stored, acts[0])
            enter_with_draws(stored, next(a for a in stored.match.state.actions_for(None)
                                          if type(a).__name__ == "CloseRound"))
        return stored.id


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_results_table_scrolls_in_its_card_not_the_page(browser, server, home, lang):
    match_id = played(home)
    with Store(home / "matches.sqlite3") as store:
        key = teacher_key(store, match_id)
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (390, 1280):
        context = browser.new_context(viewport={"width": width, "height": 900})
        try:
            page = context.new_page()
            page.set_default_timeout(120_000)
            page.goto(f"{server}/?match={match_id}&teacher={key}&lang={lang}")
            table = page.locator(".tt-results-table")
            table.wait_for()
            heads = table.locator("th").all_inner_texts()
            assert ("Price paid" if lang == "en" else "지불 가격") in heads and "vcg_price" not in heads, heads
            sizes = page.evaluate("""() => {
                const box = document.querySelector('.tt-results-scroll');
                const card = box.closest('.tt-results');
                return {page: document.documentElement.scrollWidth, view: window.innerWidth,
                        boxRight: box.getBoundingClientRect().right, cardRight: card.getBoundingClientRect().right,
                        boxScroll: box.scrollWidth, boxWidth: box.clientWidth};
            }""")
            table.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"experiment-results-{lang}-{width}.png"))
            assert sizes["page"] <= sizes["view"], f"the page scrolls sideways at {width} px: {sizes}"
            assert sizes["boxRight"] <= sizes["cardRight"] + 1, f"the table runs out of its card: {sizes}"
            if width == 390:
                assert sizes["boxScroll"] > sizes["boxWidth"], f"a phone scrolls the table in its box: {sizes}"
        finally:
            context.close()
