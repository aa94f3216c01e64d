"""The table screen's "Correct a mistake" card in a real browser (issues 28 and 29): opening it
keeps the whole screen in view (it once hid every button sharing its open button's Layout), and
its answers tell nobody what a rack holds: Liz holds 4A in one match and not in the other, and
every square correction the table tries gets the same words on the card, and the same frames from
the kernel but for the match's own id, in both. A real Voilà server and Chromium."""
from __future__ import annotations

import re

from tabletop.store import Store

from acquire.test_position import RACKS, started
from .test_privacy_browser import readable

#: (square, what it holds now) as the table types and picks them
TRIES = [("4A", "a Bolt tile"), ("6A", "a Bolt tile"), ("4A", "empty"), ("4A", "a tile in no corporation")]


def _phrases(text: str) -> set[str]:
    """The runs of three or more words in what the kernel sent: its sentences, not its ids."""
    return set(re.findall(r"[A-Za-z][a-z]+(?: [a-z]+){2,}", text))


def _saved(home, match) -> str:
    store = Store(home / "matches.sqlite3")
    try:
        return store.create(match).id
    finally:
        store.close()


def _answers(page, server, match_id, artifacts, name) -> tuple[list[str], list[str]]:
    frames: list = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.goto(f"{server}/?match={match_id}")
    page.locator(".tt-tracker").wait_for(timeout=120_000)
    answers, said = [], []
    for square, holds in TRIES:
        page.get_by_role("button", name="Correct a mistake").click()
        form = page.locator(".tt-correct-form")
        form.wait_for()
        # the rest of the screen is still there: the board, the players, the log, Undo
        for shown in (".tt-players", ".tt-log", ".tt-actions"):
            assert page.locator(shown).first.is_visible(), f"{shown} vanished when the card opened"
        form.get_by_role("combobox", name="What", exact=True).select_option(label="A square of the board")
        form.get_by_placeholder("the square: its number, then its letter").fill(square)
        form.get_by_role("combobox", name="The square holds", exact=True).select_option(label=holds)
        form.get_by_placeholder(re.compile("what went wrong")).fill("the tile was misread")
        before = len(frames)
        form.get_by_role("button", name="Enter the correction").click()
        answer = page.locator(".tt-correct .tt-banner, .tt-correct .tt-notice").first
        answer.wait_for(timeout=20_000)
        page.wait_for_timeout(500)            # whatever else the kernel sends after the answer
        answers.append(answer.inner_text().strip())
        said.append("\n".join(readable(f) for f in frames[before:]).replace(match_id, "ID"))
        if form.is_visible():
            form.get_by_role("button", name="Cancel").click()
        page.locator(".tt-correct").get_by_role("button", name="Correct a mistake").wait_for()
    page.screenshot(path=str(artifacts / f"correction-{name}.png"), full_page=True)
    return answers, said


def test_a_square_correction_on_the_card_answers_the_same_whatever_a_rack_holds(page, server, home, artifacts):
    held = started()
    bagged = started(racks={**RACKS, 0: "6A 5C 1J 2J 3J 4J"})
    assert "4A" in held.view(0)["private"]["hand"] and "4A" not in bagged.view(0)["private"]["hand"]
    page.set_viewport_size({"width": 1280, "height": 800})
    held_answers, held_frames = _answers(page, server, _saved(home, held), artifacts, "held")
    bagged_answers, bagged_frames = _answers(page, server, _saved(home, bagged), artifacts, "bagged")
    assert held_answers == bagged_answers, (
        "the card's answers tell whether Liz holds 4A:\n" + "\n".join(
            f"  {t}: {a!r} / {b!r}" for t, a, b in zip(TRIES, held_answers, bagged_answers) if a != b))
    for tried, a, b in zip(TRIES, held_frames, bagged_frames):
        a_words, b_words = _phrases(a), _phrases(b)
        assert a_words == b_words, (f"after {tried} the kernel sent other words when Liz holds 4A: "
                                    f"{sorted(a_words ^ b_words)[:4]}")
    print(f"\n{len(TRIES)} square corrections: the same answers {held_answers}")
