"""The core's promises, on a tiny game: atomic apply, undo/redo, saves, views, errors, ledger."""
import subprocess
import sys

import pytest

from tabletop import (CHANCE, GameIsOver, HistoryError, IllegalAction, MalformedAction, Match,
                      NotYourTurn, OptionsError, SaveFileError, UnknownTitle, get_title)
from tabletop.registry import register_title
from tabletop.testing import check_random_game, snapshot

from .toy import TITLE, Buy, DrawCard, Pass

register_title(TITLE)


def dealt(players=("Alice", "Bob")):
    m = Match("toy", players, seed=1)
    for seat, card in enumerate([4, 2, 5, 1][:len(players)]):
        m.apply(DrawCard(seat, card))
    return m


def test_chance_is_an_action_and_entered_like_any_other():
    m = Match("toy", ["Alice", "Bob"])
    assert m.current_player() == CHANCE
    assert m.state.chance_owner() == 0
    m.apply(DrawCard(0, 4))
    assert m.state.chance_owner() == 1
    m.apply(DrawCard(1, 2))
    assert m.current_player() == 0
    assert m.view(0)["private"] == {"card": 4}


def test_refused_action_leaves_the_match_exactly_as_it_was():
    m = dealt()
    before = snapshot(m), len(m), m.to_json()
    with pytest.raises(NotYourTurn, match="It is Alice's turn, not Bob's"):
        m.apply(Buy(1))
    with pytest.raises(MalformedAction, match="not an action of Toy"):
        m.apply("buy")
    assert (snapshot(m), len(m), m.to_json()) == before


def test_undo_redo_and_a_new_action_clears_redo():
    m = dealt()
    m.apply(Buy(0))
    assert m.state.money == [7, 10]
    assert m.undo() == Buy(0)
    assert m.state.money == [10, 10]
    m.redo()
    assert m.state.money == [7, 10]
    m.undo()
    m.apply(Pass(0))
    assert not m.can_redo()
    with pytest.raises(HistoryError, match="nothing to redo"):
        m.redo()


def test_undo_to_goes_back_and_can_be_redone():
    m = dealt()
    for a in [Buy(0), Buy(1), Pass(0), Buy(1)]:
        m.apply(a)
    m.undo_to(2)
    assert len(m) == 2 and m.state.money == [10, 10]
    for _ in range(4):
        m.redo()
    assert m.state.money == [7, 1]
    with pytest.raises(HistoryError, match="cannot go back to entry 9"):
        m.undo_to(9)
    empty = Match("toy", ["A", "B"])
    with pytest.raises(HistoryError, match="nothing to undo"):
        empty.undo()


def test_long_log_undo_crosses_checkpoints():
    m = Match("toy", ["A", "B"], {"money": 100_000}, seed=3)
    m.apply(DrawCard(0, 1)); m.apply(DrawCard(1, 1))
    while len(m) < 80:
        m.apply(Buy(m.current_player()))
    target = snapshot(m)
    n = len(m)
    m.undo_to(1)
    for _ in range(n - 1):
        m.redo()
    assert snapshot(m) == target


def test_game_over_refuses_everything():
    m = dealt()
    m.apply(Pass(0)); m.apply(Pass(1))
    assert m.is_over() and m.legal_actions() == []
    assert m.outcome().winners == (0, 1)
    with pytest.raises(GameIsOver, match="The game is over"):
        m.apply(Pass(0))


def test_save_and_load_round_trip(tmp_path):
    m = dealt()
    m.apply(Buy(0))
    path = tmp_path / "match.json"
    m.save(path)
    loaded = Match.load(path)
    assert snapshot(loaded) == snapshot(m)
    assert loaded.log == m.log


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(version=99), "format version 99"),
    (lambda d: d["actions"][2].update(seat=1), "changed or damaged"),
    (lambda d: d.update(format="x"), "not a saved tabletop match"),
])
def test_damaged_saves_are_refused_clearly(damage, message):
    m = dealt()
    m.apply(Buy(0))
    data = m.to_dict()
    damage(data)
    with pytest.raises(SaveFileError, match=message):
        Match.from_dict(data)


def test_a_consistent_but_illegal_log_is_refused():
    from tabletop.match import _checksum
    m = dealt()
    data = m.to_dict()
    data["actions"].append({"type": "Buy", "seat": 1})
    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    with pytest.raises(SaveFileError, match="Entry 3 of the saved log cannot be replayed: It is Alice's turn"):
        Match.from_dict(data)


def test_not_json_and_missing_file_are_clear(tmp_path):
    with pytest.raises(SaveFileError, match="not valid JSON"):
        Match.from_json("{nope")
    with pytest.raises(SaveFileError, match="Cannot read"):
        Match.load(tmp_path / "missing.json")


def test_actions_round_trip_and_unknown_fields_are_refused():
    a = DrawCard(1, 3)
    assert TITLE.action_from_dict(a.to_dict()) == a
    with pytest.raises(MalformedAction, match="'Sell' is not an action"):
        TITLE.action_from_dict({"type": "Sell", "seat": 0})
    with pytest.raises(MalformedAction, match="missing \\['card'\\]"):
        TITLE.action_from_dict({"type": "DrawCard", "seat": 0})


def test_public_log_hides_secret_draws():
    m = dealt()
    assert m.describe_log(None)[:2] == ["Alice draws a card", "Bob draws a card"]
    assert m.describe_log(0)[:2] == ["Alice draws card 4", "Bob draws a card"]
    assert "private" not in m.view(None)


def test_ledger_and_value_history():
    m = dealt()
    m.apply(Buy(0)); m.apply(Buy(1))
    ledger = m.ledger()
    assert list(ledger.amount) == [10, 10, 3, 4]
    assert list(ledger.payer[2:]) == ["Alice", "Bob"]
    assert list(m.value_history().value) == [3, 4, 5]


def test_setup_errors_are_clear():
    with pytest.raises(UnknownTitle, match="no game called 'chess'"):
        get_title("chess")
    with pytest.raises(OptionsError, match="2 to 4 players, not 1"):
        Match("toy", ["Solo"])
    with pytest.raises(OptionsError, match="no two players the same name"):
        Match("toy", ["Al", "Al"])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_property_random_games(n):
    for seed in range(20):
        check_random_game("toy", n, seed, undo_every=3)


def test_import_tabletop_loads_no_jupyter():
    code = ("import sys, tabletop, tabletop.match, tabletop.simulate; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'IPython', 'plotly', 'voila', 'ipykernel', 'pandas')]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
