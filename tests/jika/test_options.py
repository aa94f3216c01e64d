"""Options, the command line and simulation of 時価で勝負."""
import subprocess
import sys

import pytest

from tabletop import Match, OptionsError, get_title
from tabletop.cli import main
from tabletop.simulate import simulate

TITLE = get_title("jika")


def test_defaults_follow_the_rules():
    assert TITLE.normalize_options({}, 3) == {"first_player": 0, "hand_size": 9}
    assert TITLE.normalize_options({}, 4) == {"first_player": 0, "hand_size": 7}
    assert TITLE.normalize_options({"first_player": 3, "hand_size": 4}, 4) == {"first_player": 3, "hand_size": 4}


@pytest.mark.parametrize("options, n, message", [
    ({"jokers": True}, 3, "時価で勝負 (Market Price Showdown) has no option 'jokers'; its options are "
                          "'first_player' and 'hand_size'."),
    ({"first_player": 3}, 3, "The start player must be a seat from 0 to 2; got 3."),
    ({"first_player": "Bob"}, 4, "The start player must be a seat from 0 to 3; got 'Bob'."),
    ({"hand_size": 10}, 4, "With 4 players a hand holds 1 to 9 market cards (the rules say 7); got 10."),
    ({"hand_size": 0}, 3, "With 3 players a hand holds 1 to 12 market cards (the rules say 9); got 0."),
])
def test_unusable_options_are_refused_in_plain_words(options, n, message):
    with pytest.raises(OptionsError) as info:
        TITLE.normalize_options(options, n)
    assert str(info.value) == message


def test_three_or_four_players_only():
    with pytest.raises(OptionsError, match=r"is for 3 to 4 players, not 2"):
        Match("jika", ["Alice", "Bob"])
    with pytest.raises(OptionsError, match=r"is for 3 to 4 players, not 5"):
        Match("jika", ["A", "B", "C", "D", "E"])


def test_command_line_flags():
    assert TITLE.cli_options([]) == {}
    assert TITLE.cli_options(["--first-player", "2", "--hand-size=5"]) == {"first_player": 2, "hand_size": 5}
    with pytest.raises(OptionsError, match="has no option --jokers"):
        TITLE.cli_options(["--jokers"])
    with pytest.raises(OptionsError, match="--hand-size needs a whole number, not 'many'"):
        TITLE.cli_options(["--hand-size", "many"])
    with pytest.raises(OptionsError, match="--first-player needs a number after it"):
        TITLE.cli_options(["--first-player"])


def test_simulate_summary(capsys):
    summary = simulate("jika", 4, 40, seed=3)
    assert summary.games == 40 and len(summary.win_share) == 4
    assert abs(sum(summary.win_share) - 1) < 1e-9
    assert all(2 <= s <= 30 for s in summary.mean_score)   # certificates score 3 to 30
    assert main(["simulate", "jika", "--players", "3", "--games", "5", "--first-player", "1"]) == 0
    assert "5 games of 時価で勝負" in capsys.readouterr().out
    assert main(["simulate", "jika", "--players", "5", "--games", "1"]) == 2
    assert "is for 3 to 4 players, not 5" in capsys.readouterr().err


def test_the_tabletop_command():
    out = subprocess.run([sys.executable, "-m", "tabletop.cli", "simulate", "jika", "--players", "4",
                          "--games", "20"], capture_output=True, text=True, check=True).stdout
    assert "20 games of 時価で勝負 (Market Price Showdown), 4 players" in out
