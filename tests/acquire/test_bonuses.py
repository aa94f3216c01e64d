"""Seed 004's bonus examples and the classic chart, through the merger-math library."""
import pytest

from tabletop.acquire import mergers
from tabletop.acquire.data import build_edition
from tabletop.errors import OptionsError

B5 = ("2016", "Bolt", 5)


def test_bolt_at_five_tiles_pays_7000_5000_3500():
    assert mergers.share_price(*B5) == 700
    assert mergers.bonus_schedule(*B5) == (7000, 5000, 3500)


def test_standard_merger_liz_primary_charlie_secondary_courtney_nothing():
    assert mergers.merger_bonuses(*B5, {"Liz": 3, "Charlie": 2, "Courtney": 0}) == \
        {"Liz": 7000, "Charlie": 5000}


def test_tie_for_primary_splits_primary_and_secondary_next_gets_tertiary():
    assert mergers.merger_bonuses(*B5, {"Liz": 3, "Charlie": 3, "Courtney": 1}) == \
        {"Liz": 6000, "Charlie": 6000, "Courtney": 3500}


def test_tie_for_secondary_splits_secondary_and_tertiary_rounded_up():
    paid = mergers.merger_bonuses(*B5, {"Liz": 3, "Charlie": 2, "Courtney": 2, "Amanda": 1})
    assert paid == {"Liz": 7000, "Charlie": 4300, "Courtney": 4300}   # Amanda: nothing left


def test_tie_for_tertiary_splits_tertiary_rounded_up():
    assert mergers.merger_bonuses(*B5, {"Liz": 4, "Charlie": 3, "Courtney": 1, "Amanda": 1}) == \
        {"Liz": 7000, "Charlie": 5000, "Courtney": 1800, "Amanda": 1800}


def test_three_tied_for_primary_pool_all_three_bonuses():
    # assumed default: 15,500 / 3 = 5,166.67 -> 5,200 each
    assert mergers.merger_bonuses(*B5, {"A": 2, "B": 2, "C": 2, "D": 1}) == \
        {"A": 5200, "B": 5200, "C": 5200}


def test_sole_holder_primary_and_secondary_by_default_or_the_literal_reading():
    assert mergers.merger_bonuses(*B5, {"Liz": 5}) == {"Liz": 12000}
    literal = build_edition("2016", sole_holder="primary+tertiary")
    assert mergers.merger_bonuses(literal, "Bolt", 5, {"Liz": 5}) == {"Liz": 10500}
    # with two holders the literal option changes nothing
    assert mergers.merger_bonuses(literal, "Bolt", 5, {"Liz": 3, "Charlie": 1}) == \
        {"Liz": 7000, "Charlie": 5000}


def test_2016_secondary_is_three_quarters_of_primary_rounded_down_to_500():
    # assumed chart: Etch (cheap) at 2 tiles is $200 -> 2,000 / 1,500 / 1,000
    assert mergers.bonus_schedule("2016", "Etch", 2) == (2000, 1500, 1000)
    # Nestor (medium) at 3 tiles is $400 -> 4,000 / 3,000 / 2,000
    assert mergers.bonus_schedule("2016", "Nestor", 3) == (4000, 3000, 2000)
    # Spark at 4 tiles is $500 -> 5,000 / 3,750 rounded down to 3,500 / 2,500
    assert mergers.bonus_schedule("2016", "Spark", 4) == (5000, 3500, 2500)


@pytest.mark.parametrize("size, cheap, medium, expensive", [
    (0, 0, 0, 0), (1, 0, 0, 0),
    (2, 200, 300, 400), (3, 300, 400, 500), (4, 400, 500, 600), (5, 500, 600, 700),
    (6, 600, 700, 800), (10, 600, 700, 800), (11, 700, 800, 900), (20, 700, 800, 900),
    (21, 800, 900, 1000), (30, 800, 900, 1000), (31, 900, 1000, 1100), (40, 900, 1000, 1100),
    (41, 1000, 1100, 1200), (108, 1000, 1100, 1200),
])
def test_classic_price_chart_bracket_by_bracket(size, cheap, medium, expensive):
    for corp in ("Tower", "Luxor"):
        assert mergers.share_price("classic", corp, size) == cheap
    for corp in ("American", "Worldwide", "Festival"):
        assert mergers.share_price("classic", corp, size) == medium
    for corp in ("Imperial", "Continental"):
        assert mergers.share_price("classic", corp, size) == expensive


def test_classic_majority_is_ten_times_minority_five_times():
    assert mergers.bonus_schedule("classic", "Continental", 11) == (9000, 4500)
    assert mergers.bonus_schedule("classic", "Tower", 2) == (2000, 1000)


def test_classic_sole_holder_takes_both():
    assert mergers.merger_bonuses("classic", "Continental", 11, {"A": 1}) == {"A": 13500}


def test_classic_majority_tie_splits_majority_and_minority_nobody_gets_minority():
    assert mergers.merger_bonuses("classic", "Continental", 11, {"A": 4, "B": 4, "C": 2}) == \
        {"A": 6800, "B": 6800}          # 13,500 / 2 = 6,750 -> 6,800


def test_classic_minority_tie_splits_minority_rounded_up():
    assert mergers.merger_bonuses("classic", "Tower", 2, {"A": 5, "B": 2, "C": 2, "D": 2}) == \
        {"A": 2000, "B": 400, "C": 400, "D": 400}   # 1,000 / 3 = 333 -> 400


def test_classic_plain_majority_and_minority():
    assert mergers.merger_bonuses("classic", "Festival", 7, {"A": 5, "B": 3, "C": 1}) == \
        {"A": 7000, "B": 3500}


def test_classic_has_no_tertiary_so_the_literal_sole_holder_rule_is_refused():
    with pytest.raises(OptionsError, match="no tertiary bonus"):
        build_edition("classic", sole_holder="primary+tertiary")


def test_round_up_and_ranking():
    assert mergers.round_up(4250) == 4300 and mergers.round_up(4300) == 4300
    assert mergers.rank_shareholders({"a": 2, "b": 0, "c": 5, "d": 2}) == [["c"], ["a", "d"]]
    assert mergers.split_bonuses({}, (7000, 5000, 3500)) == {}


def test_disposal_options_and_values():
    assert mergers.disposal_options(3, 5) == [(0, 0), (1, 0), (2, 0), (3, 0), (0, 2), (1, 2)]
    # only one survivor share left: at most one pair can be traded
    assert (0, 4) not in mergers.disposal_options(4, 1) and (0, 2) in mergers.disposal_options(4, 1)
    value = mergers.disposal_value("2016", "Bolt", 5, "Etch", 13, shares=5, sell=1, trade=2)
    assert (value.cash, value.survivor_shares, value.survivor_value, value.keep) == (700, 1, 700, 2)
    assert value.keep_value_if_refounded == 800 and value.total_now == 1400
    with pytest.raises(OptionsError, match="two for one"):
        mergers.disposal_value("2016", "Bolt", 5, "Etch", 13, shares=5, sell=0, trade=3)


def test_rules_overrides_change_the_data_not_the_code():
    ed = build_edition("2016", {"tiers": {"Etch": "expensive", "Rove": "cheap", "Fleet": "medium",
                                          "Nestor": "medium", "Spark": "medium", "Bolt": "cheap",
                                          "Echo": "expensive"}})
    assert mergers.share_price(ed, "Bolt", 5) == 500
    assert mergers.share_price(ed, "Etch", 5) == 700
    ed = build_edition("classic", {"bonus_percents": [1200, 600]})
    assert mergers.bonus_schedule(ed, "Tower", 2) == (2400, 1200)


@pytest.mark.parametrize("rules, message", [
    ({"colour": 1}, "no setting colour"),
    ({"shares_per_corporation": 0}, "at least 1"),
    ({"price_chart": [[3, 1, 2, 3]]}, "start at size 2"),
    ({"price_chart": [[2, 1, 2]]}, "4 whole numbers"),
    ({"tiers": {"Etch": "cheap"}}, "every corporation"),
    ({"bonus_percents": [1000]}, "3 whole numbers"),
    ({"safe_size": 40}, "end size"),
])
def test_unusable_rules_are_refused_in_plain_words(rules, message):
    with pytest.raises(OptionsError, match=message):
        build_edition("2016", rules)
