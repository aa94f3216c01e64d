"""A seat device whose seat has a PIN holds nothing of its seat until the PIN is given (issue 28):
no log line, no count of entries, no secret, no button that changes the match (Undo, Redo, "Back
to here", entries), in any widget the page's kernel holds (each widget's whole state is what the
browser receives). The locked page is the seat's name and the PIN form, nothing else. After a
wrong PIN it is the same page with the refusal; after the right one, the seat's secrets, its log
and its buttons appear as on a seat without a PIN. The table screen's gate, asking for a PIN,
holds no secret of that seat either.

Secrets are the privacy oracle's bare tokens (tests/privacy/oracle.py), decided from the engine,
never from the dashboard."""
from __future__ import annotations

import json
import random
import re

import pytest
from ipywidgets.widgets.widget import _instances

from privacy import oracle
from tabletop import CHANCE, TERMINAL, Match
from tabletop.store import Store
from tabletop.widgets.app import App
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.tracker import Tracker

PLAYERS = ["Alice", "Ben", "Cleo"]
BEN, PIN = 1, "2468"
TITLES = ["stockpile", "acquire", "black-monday", "jika"]
#: words of the buttons that change the match or page through the log, and the log's count
CHANGING = ("Undo", "Redo", "Back to here", "Show earlier entries", "Draw for me at random",
            "Take back my entries ahead", "entries)")


def played(title: str, seed: int, entries: int = 40) -> Match:
    """A match the engine played until it has ``entries`` entries, Ben's secret ones among them."""
    match = Match(title, PLAYERS, {}, seed)
    rng = random.Random(seed)
    while len(match.log) < entries or not any(a.secret_to == BEN for a in match.log):
        assert match.current_player() != TERMINAL
        if match.current_player() == CHANCE:
            match.play_chance()
        else:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    return match


def kernel_text() -> str:
    """The state of every live widget, as JSON (what the page's front end receives of each
    model), less the style sheets (colours like #2f6 are no words on the page)."""
    text = "\n".join(json.dumps(w.get_state(), ensure_ascii=False, default=str) for w in list(_instances.values()))
    return re.sub(r"<style\b[^>]*>.*?</style>", "", text, flags=re.S)


def ben_secrets(match: Match) -> set[str]:
    """Ben's secret tokens: in his private view or his secret entries, not in anything public."""
    return {t for t in oracle.all_secret_tokens(match)
            if t in set(oracle._leaves(match.view(BEN).get("private")))
            | set(oracle._composites(match.view(BEN).get("private")))
            | {s for a in match.log if a.secret_to == BEN for s in oracle.field_strings(a)}}


def log_lines(match: Match) -> set[str]:
    """Every log line Ben's device or the public log may show (his secrets in full or hidden)."""
    return set(match.describe_log(BEN)) | set(match.describe_log(None))


def assert_holds_nothing(match: Match) -> None:
    text = kernel_text()
    leaked = oracle.find_tokens(oracle.all_secret_tokens(match), text)
    assert not leaked, f"secrets held by the locked page: {leaked[:5]}"
    lines = [line for line in log_lines(match) if line in text]
    assert not lines, f"log lines held by the locked page: {lines[:3]}"
    buttons = [word for word in CHANGING if word in text]
    assert not buttons, f"the locked page holds {buttons}"


def saved(home, match: Match) -> tuple[str, str]:
    store = Store()
    try:
        match_id = store.create(match).id
        store.set_pin(match_id, BEN, PIN)
        return match_id, store.seat_key(match_id, BEN)
    finally:
        store.close()


@pytest.fixture(params=TITLES)
def locked(request, home):
    """Ben's device opened from his join link: an ``App`` on a store of its own, locked."""
    match = played(request.param, seed=TITLES.index(request.param) + 28)
    match_id, key = saved(home, match)
    app = App(Store(), match_id, str(BEN), key)
    assert isinstance(app.page, SeatScreen) and not app.page.unlocked
    return match, match_id, app.page


def test_a_locked_seat_page_holds_the_pin_form_and_nothing_of_the_seat(locked):
    match, match_id, ben = locked
    assert ben_secrets(match), "Ben should have secrets here"
    assert_holds_nothing(match)
    text = kernel_text()
    assert "Ben's panel is protected: enter Ben's PIN." in text and "Ben's device" in text

    ben.unlock("1357")
    assert "That PIN is not right." in kernel_text()
    assert_holds_nothing(match)

    # the same page open while the table plays on: it follows, still holding nothing
    table = Store().open(match_id, device="table")
    while table.match.current_player() not in (CHANCE, TERMINAL):
        table.apply(table.match.legal_actions()[0])
    if table.match.current_player() == CHANCE:
        table.apply(table.match.sample_chance())
    ben.follow()
    assert len(ben.match.log) == len(table.match.log) > len(match.log)
    assert_holds_nothing(table.match)

    assert ben.unlock(PIN) is True
    now = table.match
    words = now.describe_log(BEN)
    assert words[-1] in kernel_text() and "Your secrets" in kernel_text()
    # his latest secret entry in his own words, the earlier entries shown as far back as it
    latest = words[max(i for i, a in enumerate(now.log) if a.secret_to == BEN)]
    for _ in range(len(now.log)):
        if latest in kernel_text():
            break
        ben.log.more.click()
    text = kernel_text()
    mine = oracle.find_tokens(ben_secrets(now), text)
    assert latest in text and mine, "Ben's secrets should show once his PIN is given"
    assert f"({len(table.match.log)} entries)" in text and "Undo" in text and "Back to here" in text
    others = oracle.all_secret_tokens(now) - set(ben_secrets(now))
    assert not oracle.find_tokens(others - set(mine), text), "only Ben's own secrets"


def test_a_locked_seat_page_changes_nothing_in_the_match(locked):
    """Undo, redo and "back to here" are not on the page; asked for anyway, they change nothing."""
    match, match_id, ben = locked
    ben.undo()
    ben.back_to(5)
    ben.redo()
    ben._play_all(match.offered_actions(BEN)[:1])
    assert Store().open(match_id).match.log == match.log
    assert_holds_nothing(match)


def test_the_table_screens_gate_holds_no_secret_of_the_seat_it_asks_a_pin_for(home):
    match = played("stockpile", seed=28)
    match_id, _key = saved(home, match)
    table = Tracker(Store().open(match_id, device="table"))
    table.open_gate(0)                         # Alice's panel, no PIN: open, then handed back
    table.close_private()
    table.open_gate(BEN)
    assert "enter Ben's PIN" in kernel_text()
    leaked = oracle.find_tokens(oracle.all_secret_tokens(match), kernel_text())
    assert not leaked, f"secrets held while the gate asks for Ben's PIN: {leaked[:5]}"
    table.open_gate(BEN, pin="1357")
    assert "That PIN is not right." in kernel_text()
    assert not oracle.find_tokens(oracle.all_secret_tokens(match), kernel_text())
    assert table.private is None and len(Store().open(match_id).match.log) == len(match.log)
