"""Every title, clicked through its tracker to the end by a random agent (chance entered on the
shared screen or, when secret, in the owner's panel): the match ends exactly where the engine
alone ends, the shared screen offers exactly what the docs' privacy table allows, and it never
holds a secret token (judged by tests/privacy/oracle.py, not by the tracker's own rules)."""
import time

import pytest

from tabletop import Match, get_title
from tabletop.store import Store
from tabletop.widgets import Tracker

from .clicking import click_through, engine_alone, same_state, widget_ids

CASES = [
    ("stockpile", 4, {}, 11),
    ("stockpile", 2, {"investors": True}, 12),
    ("stockpile", 5, {"expert_board": True, "investors": True}, 13),
    ("acquire", 4, {}, 21),
    ("acquire", 3, {"edition": "classic", "hidden_money": True}, 22),
    ("black-monday", 4, {}, 31),
    ("black-monday", 2, {}, 32),
    ("jika", 4, {}, 41),
    ("jika", 3, {}, 42),
]


@pytest.mark.parametrize("name,n,options,seed", CASES, ids=[f"{c[0]}-{c[1]}p-{c[3]}" for c in CASES])
def test_clicking_a_whole_game_ends_exactly_where_the_engine_does(name, n, options, seed, home):
    players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"][:n]
    store = Store()
    saved = store.create(Match(name, players, options))
    before = widget_ids()
    tracker = Tracker(saved)
    start = time.perf_counter()
    clicks = click_through(tracker, seed, check_secrets_every=7, undo_every=23, before=before)
    alone = engine_alone(name, players, options, seed)
    assert same_state(tracker.match, alone)
    assert same_state(store.open(saved.id).match, alone)
    assert "Game over" in tracker.header.value
    assert clicks >= len(alone.log)
    print(f"{name} {n}p: {len(alone.log)} entries, {clicks} clicks, {time.perf_counter() - start:.1f} s")


def test_every_title_has_its_own_board():
    from tabletop.widgets.titles import TitleUI, title_ui
    for name in ("stockpile", "acquire", "black-monday", "jika"):
        get_title(name)                  # every engine ships with tabletop: a missing one fails
        ui = title_ui(name)
        assert ui.board_html is not TitleUI().board_html
        match = Match(name, ["Ann", "Bob", "Cy", "Dee"])
        html = ui.board_html(match.view(None))
        assert html and "<" in html
