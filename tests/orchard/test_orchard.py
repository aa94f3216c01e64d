"""A sixth title added as docs/adding-a-title.md says, and nothing else: Orchard's engine package
(``orchard/game``) and its screen module (``orchard/screens.py``), registered as a plugin. Its
engine, its table screen, its seat pages, its start-from-the-table form and its corrections all
work through tabletop's generic modules, none of which names it."""
from __future__ import annotations

import random
import re
from pathlib import Path

import ipywidgets
import pytest

from tabletop import CHANCE, Match
from tabletop.store import Store
from tabletop.testing import check_random_game
from tabletop.widgets import Tracker, load_plugins, title_ui
from tabletop.widgets import start as start_page
from tabletop.widgets.position import position_form
from tabletop.widgets.seat import SeatScreen

from orchard import screens
from privacy.test_seat_pages import page_strings as strings     # every string a widget tree sends
from orchard.game import Buy, DealTip, Pass

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("Ann", "Bob", "Cy")
TIPS = {0: "Apple up", 1: "Pear down", 2: "Apple down"}     # a different secret per seat


@pytest.fixture(autouse=True)
def orchard(tmp_path, monkeypatch):
    """Orchard registered the way a plugin is (``$TABLETOP_TITLES``), in a fresh data folder;
    the start page's list is put back after (other tests count the titles it offers)."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(start_page, "_extra_titles", list(start_page._extra_titles))
    ipywidgets.Widget.close_all()
    assert load_plugins("orchard.screens") == ["orchard"]
    yield
    ipywidgets.Widget.close_all()


def dealt() -> Match:
    """Round 1 of a 3-player game, each player's tip dealt, Ann to trade."""
    match = Match("orchard", list(PLAYERS), seed=1)
    for seat in range(3):
        match.apply(DealTip(seat, TIPS[seat]))
    return match


def test_orchard_is_added_by_its_own_package_and_screen_module_and_no_generic_module_names_it():
    assert title_ui("orchard") is screens.UI
    assert "orchard" in [name for name, _title in start_page.available_titles()]
    generic = [*(ROOT / "tabletop").glob("*.py"), *(ROOT / "widgets").glob("*.py"), ROOT / "widgets/titles/__init__.py"]
    naming = [p.name for p in generic if re.search("orchard", p.read_text(encoding="utf-8"), re.I)]
    assert not naming, naming


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_of_orchard_pass_every_engine_check(n):
    """Undo and redo, saves that replay, money equal to the ledger, the public view free of tips."""
    def no_tip_in_public(state, view):
        assert "private" not in view and not any(t in str(view) for t in TIPS.values())
    for seed in range(4):
        match = check_random_game("orchard", n, seed, public_view_check=no_tip_in_public)
        assert match.is_over() and sum(match.outcome().scores) > 0


def test_the_table_screen_draws_orchards_board_offers_its_trades_and_shows_no_tip():
    saved = Store().create(dealt())
    tracker = Tracker(saved)
    board = re.sub(r"<[^>]+>", " ", tracker.board.value)
    assert "Apple 5" in " ".join(board.split()) and "Pear 5" in " ".join(board.split())
    text = strings(tracker.widget)
    assert "Ann buys … for $5" in text and "Ann passes" in text       # the trades, grouped, on the shared screen
    assert not [t for t in TIPS.values() if t in text]


def test_each_seat_page_shows_its_own_tip_and_nobody_elses():
    saved = Store().create(dealt())
    for seat, tip in TIPS.items():
        page = SeatScreen(Store().open(saved.id, device=f"seat:{seat}"), seat)
        assert tip in page.secrets.value
        others = [t for s, t in TIPS.items() if s != seat]
        assert not [t for t in others if t in strings(page.widget)], (seat, others)
        page.close()


def test_the_position_form_starts_orchard_from_the_table_as_it_is():
    form = position_form("orchard", list(PLAYERS))
    fields = {w.description: w for w in _walk(form.widget) if getattr(w, "description", "")}
    fields["Round"].value = 2
    fields["First player"].value = 1
    fields["Pear"].value = 7
    fields["Bob"].value = "$4 2 1"          # $4, two Apple shares, one Pear share
    position = form.action()
    match = Match("orchard", list(PLAYERS), seed=0)
    match.apply(position)
    view = match.view(None)
    assert view["round"] == 2 and view["stocks"] == {"Apple": 5, "Pear": 7}
    assert [p["money"] for p in view["players"]] == [10, 4, 10]
    assert view["players"][1]["holdings"] == {"Apple": 2, "Pear": 1}
    assert match.current_player() == CHANCE and match.state.chance_owner() == 1   # Bob's tip first
    fields["Bob"].value = "four"
    with pytest.raises(Exception, match="'four' is not a whole number"):
        form.action()


def _walk(widget):
    stack = [widget]
    while stack:
        w = stack.pop(0)
        yield w
        stack[0:0] = list(getattr(w, "children", ()))


def test_the_correction_card_fixes_orchards_values_and_money_and_undo_takes_them_back():
    saved = Store().create(dealt())
    tracker = Tracker(saved)
    card = tracker.correct
    card.open_button.click()
    card.choose(kind="value", subject="Pear", to=8, reason="the marker was knocked")
    card.enter_button.click()
    assert "Correction: Pear is at 8 (the marker was knocked)" in card.message.value
    assert tracker.match.view(None)["stocks"]["Pear"] == 8 and "Pear 8" in " ".join(
        re.sub(r"<[^>]+>", " ", tracker.board.value).split())
    card.open_button.click()
    card.choose(kind="money", seat=2, to="$7", reason="Cy paid too much")
    card.enter_button.click()
    assert tracker.match.view(None)["players"][2]["money"] == 7
    assert Store().open(saved.id).match.describe_log(None)[-1] == "Correction: Cy's money is $7 (Cy paid too much)"
    tracker.log.undo_button.click()
    tracker.log.undo_button.click()
    assert tracker.match.view(None)["stocks"]["Pear"] == 5 and tracker.match.view(None)["players"][2]["money"] == 10


def test_a_trade_entered_on_the_table_screen_reaches_every_seat_page():
    saved = Store().create(dealt())
    page = SeatScreen(Store().open(saved.id, device="seat:1"), 1)
    writer = Store().open(saved.id)
    writer.apply(Buy(0, "Apple"))
    page.follow()
    assert page.match.view(None)["players"][0]["holdings"]["Apple"] == 1
    assert page.match.legal_actions() == [Buy(1, "Apple"), Buy(1, "Pear"), Pass(1)]
    page.close()


def test_a_random_orchard_game_entered_through_the_store_ends_with_its_winners():
    saved = Store().create(Match("orchard", list(PLAYERS), seed=5))
    rng = random.Random(5)
    while not saved.match.is_over():
        m = saved.match
        saved.apply(m.state.sample_chance(rng) if m.current_player() == CHANCE else rng.choice(m.legal_actions()))
    outcome = Store().open(saved.id).match.outcome()
    assert set(outcome.winners) == {s for s, v in enumerate(outcome.scores) if v == max(outcome.scores)}
