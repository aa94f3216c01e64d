"""Options (the 500-share variant and every assumed default), the command line, the registry."""
import pytest

from tabletop import Match, get_title
from tabletop.blackmonday import TITLE, data
from tabletop.cli import main
from tabletop.errors import OptionsError

from .helpers import CP, TT, new_match


def test_the_title_is_registered_as_black_monday():
    title = get_title("black-monday")
    assert title is TITLE and title.display_name == "Black Monday"
    assert (title.min_players, title.max_players) == (2, 6)
    with pytest.raises(OptionsError, match="for 2 to 6 players, not 7"):
        Match("black-monday", list("ABCDEFG"))


def test_defaults_are_filled_in_and_marked_in_the_rules_data():
    options = TITLE.normalize_options({}, 4)
    assert options == {**data.DEFAULT_OPTIONS,
                       "limits": {s: list(v) for s, v in data.LIMITS.items()}}
    assert options["limits"][CP] == [2, 3] and options["limits"][TT] == [5, 6]
    assert TITLE.normalize_options(options, 4) == options     # saved options load unchanged


def test_a_printed_copy_with_other_limits_can_be_matched():
    m = new_match(options={"limits": {CP: [1, 1]}})
    assert m.view(None)["board"]["limits"][CP] == {"down": 1, "up": 1}
    assert m.view(None)["board"]["limits"][TT] == {"down": 5, "up": 6}
    assert m.game.options["limits"][TT] == [5, 6]


def test_shares_per_card_can_be_changed():
    m = new_match(options={"shares_per_value": 50})
    assert m.view(None)["board"]["shares_per_card"]["3"] == 150


@pytest.mark.parametrize("options, message", [
    ({"five_hundred": True}, "Black Monday has no option 'five_hundred'"),
    ({"five_hundred_shares": "yes"}, "'five_hundred_shares' must be true or false"),
    ({"copies": 0}, "'copies' must be a whole number from 1 to 4, not 0"),
    ({"first_player": 2}, "'first_player' must be a whole number from 0 to 1, not 2"),
    ({"limits": {"Acme": [1, 1]}}, "'limits' names 'Acme', which is not a stock"),
    ({"limits": {CP: [0, 3]}}, "The limit of Chewy Poultry must be [down, up]"),
    ({"limits": [1, 2]}, "maps each stock to [down, up]"),
])
def test_unusable_options_are_refused_in_plain_words(options, message):
    with pytest.raises(OptionsError) as info:
        Match("black-monday", ["Alice", "Bob"], options)
    assert message in str(info.value)


def test_one_copy_of_each_card_is_too_few_for_six_hands():
    with pytest.raises(OptionsError, match="too few to deal 6 hands of 8"):
        Match("black-monday", list("ABCDEF"), {"copies": 1})


def test_command_line_flags():
    assert TITLE.cli_options([]) == {}
    assert TITLE.cli_options(["--500-shares"]) == {"five_hundred_shares": True}
    assert TITLE.cli_options(["--crash-anywhere", "--free-restart", "--copies", "3"]) == {
        "crash_within_limit": False, "restart_counts_as_change": False, "copies": 3}
    assert TITLE.cli_options(["--free-crash"]) == {"crash_counts_as_change": False}
    with pytest.raises(OptionsError, match="Black Monday has no option --turbo"):
        TITLE.cli_options(["--turbo"])
    with pytest.raises(OptionsError, match="--copies needs a whole number"):
        TITLE.cli_options(["--copies", "two"])


def test_tabletop_simulate_black_monday(capsys):
    assert main(["simulate", "black-monday", "--players", "3", "--games", "5", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "5 games of Black Monday, 3 players" in out
    assert main(["simulate", "black-monday", "--players", "2", "--games", "3", "--500-shares"]) == 0
    assert main(["simulate", "black-monday", "--players", "2", "--games", "1", "--nonsense"]) == 2
    assert "no option --nonsense" in capsys.readouterr().err
