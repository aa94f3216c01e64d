"""The tracker, clicked through like a table would: every title's game ends exactly where the
engine alone ends; the shared screen never holds a secret; errors change nothing."""
import pytest

from tabletop import CHANCE, Match
from tabletop.store import Store
from tabletop.testing import snapshot
from tabletop.widgets import Tracker
from tabletop.widgets.actions import group_actions
from tabletop.widgets.pickers import compact_labels

from .clicking import click_through, engine_alone, live_widget_text, same_state
from .privacy import shared_screen
from .fake_title import Buy, DealTip, News, Pass, UseDeal

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_clicking_a_whole_fake_game_ends_exactly_where_the_engine_does(seed, home):
    store = Store()
    saved = store.create(Match("fakemarket", PLAYERS[:3], {"rounds": 3}))
    tracker = Tracker(saved)
    click_through(tracker, seed, check_secrets_every=1, undo_every=5)
    alone = engine_alone("fakemarket", PLAYERS[:3], {"rounds": 3}, seed)
    assert same_state(tracker.match, alone)
    assert same_state(store.open(saved.id).match, alone)       # and every entry was saved
    assert "Game over" in tracker.header.value


def deal_all(tracker, tips=("Apple up", "Berry down", "secret deal")):
    for seat, tip in enumerate(tips):
        tracker.gate_button.click()
        assert tracker.private.seat == seat
        assert tracker.private.actions.pick(DealTip(seat, tip))


def test_the_privacy_gate_shows_secrets_only_inside_the_open_panel():
    tracker = Tracker(Match("fakemarket", PLAYERS[:3]))
    assert "Pass the device to Ann" in tracker.panel.prompt.value
    deal_all(tracker)
    assert tracker.private is None and tracker.public.layout.display is None
    assert "panel is closed" in tracker.notice.value
    text = live_widget_text()
    for secret in ("Apple up", "Berry down", "secret deal"):
        assert secret not in text
    tracker.seat_buttons[1].click()            # Bob looks at his tip
    assert "Berry down" in tracker.private.secrets.value
    assert tracker.public.layout.display == "none"
    tracker.private.close_button.click()
    assert "Berry down" not in live_widget_text()   # closed, not just hidden


def test_a_choice_that_shows_a_secret_is_made_inside_the_panel():
    tracker = Tracker(Match("fakemarket", ["Ann", "Bob", "Cy"]))
    deal_all(tracker, ("secret deal", "Apple up", "Apple up"))
    assert tracker.needs_private(0)
    shared = [a for _b, a in tracker.panel.buttons()]
    assert UseDeal(0, "secret deal") not in shared and Pass(0) in shared      # open choices stay here
    assert "Pass the device to Ann" in tracker.panel.prompt.value
    assert tracker.gate_button in tracker.panel.body.children
    tracker.gate_button.click()
    labels = [b.description for b, _a in tracker.private.actions.buttons()]
    assert any("deal" in label for label in labels)
    assert tracker.private.actions.pick(UseDeal(0, "secret deal"))
    assert tracker.private is None and tracker.match.state.money[0] == 15
    assert "Ann uses their deal" in tracker.log.rows_box.children[0].children[0].value


def test_the_gate_shows_the_same_whether_or_not_the_player_holds_a_secret_choice():
    """Holding the secret deal or not, Ann's turn looks the same on the shared screen."""
    screens = []
    for tip in ("secret deal", "Apple up"):
        tracker = Tracker(Match("fakemarket", ["Ann", "Bob"]))
        deal_all(tracker, (tip, "Berry up"))
        screens.append(shared_screen(tracker, notice=False))
        tracker.close()
    assert screens[0] == screens[1]


def test_buttons_come_from_legal_actions_and_are_labelled_by_describe():
    tracker = Tracker(Match("fakemarket", ["Ann", "Bob"]))
    deal_all(tracker, ("Apple up", "Berry up"))
    legal = tracker.match.legal_actions()
    offered = [a for _b, a in tracker.panel.buttons()]
    assert offered == legal
    labels = {a: b.description for b, a in tracker.panel.buttons()}
    assert labels[Buy(0, "Apple")] == "Apple"         # under the heading "Ann buys … for $5"
    assert [g.heading for g in tracker.panel.groups] == ["Ann buys … for $5", "Pass"]
    assert "Ann</span> to act" in tracker.header.value and "Ann" in tracker.panel.prompt.value


def test_a_refused_entry_shows_a_banner_and_changes_nothing(home):
    saved = Store().create(Match("fakemarket", ["Ann", "Bob"]))
    tracker = Tracker(saved)
    deal_all(tracker, ("Apple up", "Berry up"))
    before = snapshot(tracker.match), len(tracker.log.lines), saved.store.revision(saved.id)
    tracker._play(Buy(1, "Apple"))            # Bob out of turn, as a stale button would
    assert "It is Ann's turn, not Bob's" in tracker.banner.value
    assert tracker.banner.layout.display is None
    assert (snapshot(tracker.match), len(tracker.log.lines), saved.store.revision(saved.id)) == before
    tracker.panel.pick(Pass(0))
    assert tracker.banner.layout.display == "none"


def test_undo_redo_and_back_to_here_from_the_log(home):
    saved = Store().create(Match("fakemarket", ["Ann", "Bob"]))
    tracker = Tracker(saved)
    deal_all(tracker, ("Apple up", "Berry up"))
    tracker.panel.pick(Buy(0, "Apple"))
    tracker.panel.pick(Pass(1))
    tracker.panel.pick(News("Apple", 2))
    assert len(tracker.match) == 5
    rows = tracker.log.row_buttons()
    assert rows[0][0].startswith("5. News: Apple +2") and rows[0][2] == 4
    assert rows[2][0].startswith("3. Ann buys Apple") and rows[2][2] == 3
    rows[2][1].click()                        # back to here: keep entries 1-3, in round 1 again
    question, yes, _no = tracker.log.confirm.children
    assert question.value == "<b>Go back to round 1? This undoes 2 entries.</b>" and len(tracker.match) == 5
    yes.click()
    assert len(tracker.match) == 3 and len(tracker.match.undone) == 2
    rows = tracker.log.row_buttons()
    assert "(undone)" in rows[0][0] and rows[0][1].description == "Redo to here"
    rows[0][1].click()                        # redo everything again
    assert len(tracker.match) == 5
    tracker.log.undo_button.click()
    assert len(tracker.match) == 4 and saved.store.open(saved.id).match.undone == (News("Apple", 2),)
    tracker.log.redo_button.click()
    assert len(tracker.match) == 5
    assert tracker.log.lines == tracker.match.describe_log(None)


def test_public_chance_is_entered_on_the_shared_screen():
    tracker = Tracker(Match("fakemarket", ["Ann", "Bob"]))
    deal_all(tracker, ("Apple up", "Berry up"))
    tracker.panel.pick(Pass(0))
    tracker.panel.pick(Pass(1))
    assert tracker.match.current_player() == CHANCE and tracker.match.state.chance_owner() is None
    assert tracker.random_button in tracker.panel.body.children
    groups = [g.heading for g in tracker.panel.groups]
    assert groups == ["News: …"]
    assert tracker.panel.pick(News("Berry", -1))
    assert tracker.match.state.values["Berry"] == 4 and tracker.match.state.round == 2


def test_pin_protected_panel(home):
    store = Store()
    saved = store.create(Match("fakemarket", ["Ann", "Bob"]))
    store.set_pin(saved.id, 0, "2468")
    tracker = Tracker(saved)
    tracker.gate_button.click()
    assert tracker.private is None and "PIN" in tracker.private_box.children[0].children[0].value
    tracker.open_gate(0, pin="1111")
    assert tracker.private is None and "not right" in tracker.private_box.children[0].children[0].value
    tracker.open_gate(0, pin="2468")
    assert tracker.private is not None and tracker.private.seat == 0


def test_charts_load_on_demand_and_follow_play():
    tracker = Tracker(Match("fakemarket", ["Ann", "Bob"]))
    assert not tracker.charts.loaded
    deal_all(tracker, ("Apple up", "Berry up"))
    tracker.panel.pick(Buy(0, "Apple"))
    tracker.charts.toggle.click()
    assert tracker.charts.loaded
    names = list(tracker.charts.traces(0))
    assert names == ["Apple", "Berry"]
    tracker.panel.pick(Pass(1))
    tracker.panel.pick(News("Apple", 2))
    apple = tracker.charts.traces(0)["Apple"]
    assert apple == ([1, 2], [7, 7])                               # round 2 begun: carried over
    worth = {name: y for name, (x, y) in tracker.charts.traces(1).items()}
    assert worth["Ann"][-1] == 12 - 5 - 1 + 7          # cash after buying and the fee, plus Apple at 7
    tracker.log.undo_button.click()
    assert tracker.charts.traces(0)["Apple"][1] == [5]
    # the worth axis is in dollars with thousands separated (no bare "1000" on screen)
    layout = tracker.charts.box.outputs[1]["data"]["application/vnd.plotly.v1+json"]["layout"]
    assert layout["yaxis"]["tickprefix"] == "$" and layout["yaxis"]["tickformat"] == ","


def test_grouping_compacts_shared_words():
    heading, short = compact_labels(["Bob bids $1,000 on pile 2", "Bob bids $3,000 on pile 2"])
    assert heading == "Bob bids … on pile 2" and short == ["$1,000", "$3,000"]
    assert compact_labels(["Ann passes"]) == ("", ["Ann passes"])
    groups = group_actions([News(s, c) for s in ("Apple", "Berry") for c in (-2, -1, 1, 2)] * 1,
                           lambda a: f"News: {a.stock} {a.change:+d}")
    assert [len(g.actions) for g in groups] == [8]      # 8 is small enough for one group


def test_a_large_group_differing_in_several_words_is_split_by_them():
    from tabletop.widgets.actions import _split_by_words
    labels = [f"Ann puts X on pile {a} and Y on pile {b}" for a in range(1, 5) for b in range(1, 5)]
    parts = _split_by_words(list(range(16)), labels)
    assert [len(p[0]) for p in parts] == [4, 4, 4, 4]
    assert compact_labels(parts[1][1]) == ("Ann puts X on pile 2 and Y on pile …", ["1", "2", "3", "4"])


def test_the_set_pin_field_saves_on_enter(home):
    saved = Store().create(Match("fakemarket", ["Ann", "Bob"]))
    tracker = Tracker(saved)
    tracker.seat_buttons[1].click()
    field = tracker.private.pin_field
    assert field.continuous_update is False
    field.value = "8642"                   # what the page sends when Bob presses Enter
    assert saved.store.has_pin(saved.id, 1) and field.value == ""
    assert "PIN saved" in tracker.private.pin_status.value


def test_with_hidden_money_the_players_table_and_charts_show_no_ones_money():
    """Acquire with hidden money: the table and the net-worth chart know no player's money."""
    import random
    match = Match("acquire", ["Ann", "Bob", "Cy"], {"hidden_money": True})
    rng = random.Random(5)
    for _ in range(120):                   # a few turns: money has moved
        state = match.state
        legal = state.legal_actions()
        match.apply(state.sample_chance(rng) if match.current_player() == CHANCE else rng.choice(legal))
    tracker = Tracker(match)
    money = [match.view(s)["private"]["money"] for s in range(3)]
    assert len(set(money)) > 1 or money[0] != 6000, "money never moved"
    table = tracker.players.value
    for amount in money:
        assert f"${amount:,}" not in table
    assert table.count('<td class="tt-money" data-label="Money"><span class="tt-cell">?</span></td>') == 3
    tracker.charts.toggle.click()
    worth = tracker.charts.traces(1)
    assert set(worth) == {"Ann", "Bob", "Cy"} and all(y is None for _x, ys in worth.values() for y in ys)


def test_a_store_that_cannot_be_opened_is_said_in_words(home):
    from tabletop.widgets.app import App
    (home / "matches.sqlite3").mkdir(parents=True)       # a folder where the file should be
    app = App()
    text = app.widget.children[0].value
    assert "is a folder" in text and "Reload the page" in text
