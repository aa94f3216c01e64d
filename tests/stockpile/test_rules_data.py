"""Editable rules data: a small TOML or JSON file replaces the assumed component data; it is
checked with clear errors and stored in the saved match, so a replay uses the same data."""
import json

import pytest

from tabletop import Match
from tabletop.cli import main as cli
from tabletop.errors import OptionsError
from tabletop.stockpile import TITLE
from tabletop.stockpile.data import DEFAULT_RULES, merge_rules

from .table import STEEL, Table


def play_out(m: Match) -> Match:
    while not m.is_over():
        m.apply(m.sample_chance() if m.current_player() < 0 else m.legal_actions()[0])
    return m


TOML = """
# my printed copy
trading_fees = [500, 1500, 2500]

[expert_tracks."Stanford Steel"]
dollar = [1, 3]
double_dollar = [9]

[investors."Billionaire Bill"]
capital = 30000
"""


def test_a_toml_file_replaces_only_what_it_names(tmp_path):
    path = tmp_path / "copy.toml"
    path.write_text(TOML)
    m = Match("stockpile", ["A", "B", "C"], {"rules_file": str(path), "expert_board": True}, seed=3)
    data = m.game.options["rules_data"]
    assert data["trading_fees"] == [500, 1500, 2500]
    assert data["expert_tracks"][STEEL]["double_dollar"] == [9]
    assert data["expert_tracks"][STEEL]["values"] == DEFAULT_RULES["expert_tracks"][STEEL]["values"]
    assert data["investors"]["Billionaire Bill"] == {"capital": 30_000, "two_player_capital": 35_000}
    assert "rules_file" not in m.game.options
    assert "Fee $1,500" in m.state.R.card_names
    assert m.state.tracks[4].dollars == (0, 1, 0, 1, 0, 0, 0, 0, 0, 2)


def test_a_json_file_works_too_and_the_saved_match_replays_without_it(tmp_path):
    path = tmp_path / "copy.json"
    path.write_text(json.dumps({"trading_fees": [1000, 2000, 4000], "split_bonus": 12000}))
    m = play_out(Match("stockpile", ["A", "B", "C"], {"rules_file": str(path)}, seed=5))
    saved = m.to_json()
    path.unlink()                       # the file is gone; the saved match holds the data
    again = Match.from_json(saved)
    assert again.game.options["rules_data"]["split_bonus"] == 12_000
    assert again.outcome() == m.outcome()
    assert "Fee $4,000" in again.state.R.card_names


def test_rules_data_can_be_given_directly():
    t = Table(rules_data={"starting_money": 25_000})
    assert t.s.money == [25_000] * 3


@pytest.mark.parametrize("overrides, words", [
    ({"expert_tracks": {"Epic Electricity": {"start": 1}}}, "'Epic Electricity' is not a Stockpile company"),
    ({"trading_fees": [1000, -2000, 3000]}, "a trading fee must be a whole number of dollars, $0 or more; got -2000"),
    ({"expert_tracks": {STEEL: {"values": [1, 2, 3], "split": 1}}}, "gives new values but no start space"),
    ({"expert_tracks": {STEEL: {"start": 12}}}, "start space (the dark circle) of the expert track of Stanford Steel must be a space from 0 to 9"),
    ({"expert_tracks": {STEEL: {"values": [3, 2, 1], "start": 1, "split": 1}}}, "must not go down"),
    ({"expert_tracks": {STEEL: {"dollar": [10]}}}, "must list spaces from 0 to 9"),
    ({"standard_track": {"values": [1, 2, 3]}}, "the standard track gives new values but no start space"),
    ({"bid_spaces": [0, 3000, 1000]}, "each higher than the one before"),
    ({"bid_spaces": [500, 1000]}, "the first bid space must be $0"),
    ({"trading_fees": [1000, 1000, 3000]}, "same amount"),
    ({"investors": {"Lucky Luke": {"capital": 1}}}, "'Lucky Luke' is not a Stockpile investor"),
    ({"investors": {"Wise Warren": {"capital": -5}}}, "capital of Wise Warren"),
    ({"rounds": {"5": 9}}, "9 rounds with 5 players need 140 market cards, but the deck has only 80"),
    ({"colour": "red"}, "unknown entry 'colour'"),
    ({"expert_tracks": {STEEL: {"values": [1, 2], "start": 0, "split": 1, "octagon": 1}}}, "unknown entry 'octagon'"),
])
def test_bad_rules_data_is_refused_in_plain_words(overrides, words):
    with pytest.raises(OptionsError) as exc:
        Match("stockpile", ["A", "B", "C"], {"rules_data": overrides})
    assert words in str(exc.value)


def test_a_broken_file_is_refused(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("trading_fees = [1000,")
    with pytest.raises(OptionsError, match="not valid TOML"):
        Match("stockpile", ["A", "B"], {"rules_file": str(bad)})
    with pytest.raises(OptionsError, match="Cannot read the Stockpile rules file"):
        Match("stockpile", ["A", "B"], {"rules_file": str(tmp_path / "missing.json")})
    with pytest.raises(OptionsError, match="either as a file"):
        Match("stockpile", ["A", "B"], {"rules_file": str(bad), "rules_data": {}})


def test_defaults_are_shared_but_a_change_is_noticed():
    data = merge_rules(None)
    assert merge_rules({}) is data and data == DEFAULT_RULES


def test_cli_flags(capsys, tmp_path):
    assert TITLE.cli_options(["--expert-board"]) == {"expert_board": True, "investors": False}
    assert TITLE.cli_options(["--investors"]) == {"expert_board": False, "investors": True}
    path = tmp_path / "r.toml"
    path.write_text("split_bonus = 11000\n")
    assert TITLE.cli_options(["--rules", str(path)])["rules_data"] == {"split_bonus": 11_000}
    assert cli(["simulate", "stockpile", "--players", "2", "--games", "3", "--seed", "1",
                "--expert-board", "--investors"]) == 0
    out = capsys.readouterr().out
    assert "3 games of Stockpile, 2 players" in out and "win share" in out
    assert cli(["simulate", "stockpile", "--players", "3", "--games", "1", "--colour"]) == 2
    assert "no option --colour" in capsys.readouterr().err
