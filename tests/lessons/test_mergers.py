"""Merger economics on top of Acquire's own money functions."""
import pytest

from tabletop.economics import mergers as G
from tabletop.errors import OptionsError


def test_seed_bonus_cases_through_merger_gains():
    # Bolt at 5 tiles pays 7,000 / 5,000 / 3,500 (2016 rulebook)
    assert G.bonus_table("2016", "Bolt", 5) == {"primary": 7000, "secondary": 5000, "tertiary": 3500}
    tie_second = {g.player: g.bonus for g in
                  G.merger_gains("2016", "Bolt", 5, "Echo", 12, {"Liz": 3, "Charlie": 2, "Courtney": 2})}
    assert tie_second == {"Liz": 7000, "Charlie": 4300, "Courtney": 4300}   # 8,500 / 2 rounded up
    tie_third = {g.player: g.bonus for g in
                 G.merger_gains("2016", "Bolt", 5, "Echo", 12, {"A": 3, "B": 2, "C": 1, "D": 1})}
    assert tie_third == {"A": 7000, "B": 5000, "C": 1800, "D": 1800}          # 3,500 / 2 rounded up


def test_trade_beats_sell_only_when_the_survivor_is_worth_two_defunct_shares():
    assert G.trade_premium("2016", "Etch", 5, "Bolt", 17) == -100             # 900 - 2 x 500
    assert G.trade_premium("2016", "Etch", 2, "Bolt", 41) == 800              # 1,200 - 2 x 200
    sell = G.best_disposal("2016", "Etch", 5, "Bolt", 17, 6)
    assert (sell.sell, sell.trade, sell.keep, sell.cash) == (6, 0, 0, 3000)
    trade = G.best_disposal("2016", "Etch", 2, "Bolt", 41, 5)
    assert (trade.sell, trade.trade, trade.survivor_shares, trade.total_now) == (1, 4, 2, 2600)
    short = G.best_disposal("2016", "Etch", 2, "Bolt", 41, 5, survivor_left=1)
    assert (short.sell, short.trade) == (3, 2)


def test_who_gains_from_a_merger():
    # Etch (3 tiles, $300) merges into Bolt (4 tiles, $600); Bolt has 8 tiles after: $800
    gains = {g.player: g for g in G.merger_gains("2016", "Etch", 3, "Bolt", 4,
                                                  {"Ann": 3, "Ben": 1}, {"Ben": 4, "Cy": 2})}
    assert gains["Ann"].bonus == 3000 and gains["Ben"].bonus == 2000       # 7.5 x 300 down to 2,000
    assert gains["Ben"].survivor_rise == 4 * 200 and gains["Cy"].survivor_rise == 400
    assert gains["Ann"].disposal_gain == 2 * (800 - 2 * 300) // 2         # trade 2 for 1 share
    assert gains["Cy"].total == 400 and gains["Cy"].bonus == 0
    with pytest.raises(OptionsError, match="cannot merge into itself"):
        G.merger_gains("2016", "Etch", 3, "Etch", 4, {"Ann": 1})


def test_majority_return():
    lone = G.majority_return("2016", "Etch", 2)
    assert (lone.shares_needed, lone.cost, lone.bonus) == (1, 200, 3500)   # primary + secondary
    lead = G.majority_return("2016", "Etch", 3, rival_shares=2)
    assert (lead.shares_needed, lead.cost, lead.bonus, lead.rival_bonus) == (3, 900, 3000, 2000)
    classic = G.majority_return("classic", "Tower", 3, rival_shares=2)
    assert (classic.bonus, classic.rival_bonus) == (3000, 1500)
    with pytest.raises(OptionsError, match="needs 2 tiles"):
        G.majority_return("2016", "Etch", 1)


def test_editions_side_by_side():
    assert G.edition_pair("Bolt", "2016", "classic") == "Imperial"
    assert G.edition_pair("Luxor", "classic", "2016") == "Etch"
    assert G.tier_corporations("classic")["medium"] == ("American", "Worldwide", "Festival")


def test_the_founders_share_is_free():
    # founding gives one share free (docs/acquire.md): alone she collects primary + secondary,
    # 2,000 + 1,500 at Etch's 2 tiles ($200), and has paid nothing
    alone = G.majority_return("2016", "Etch", 2, founder=True)
    assert (alone.shares_needed, alone.cost, alone.bonus, alone.bonus_per_dollar) == (1, 0, 3500, float("inf"))
    lead = G.majority_return("2016", "Etch", 3, rival_shares=2, founder=True)
    assert (lead.shares_needed, lead.cost) == (3, 600)                      # 2 bought at $300


def test_which_mergers_can_happen():
    # the survivor was at least as large as the defunct chain: d + d + the joining tile at least
    assert G.merger_possible("2016", 9, 19) and not G.merger_possible("2016", 9, 18)
    assert G.merger_possible("2016", 2, 5) and not G.merger_possible("2016", 2, 4)
    assert not G.merger_possible("2016", 10, 40)                            # safe at 10 tiles (2016)
    assert G.merger_possible("classic", 10, 40) and not G.merger_possible("classic", 11, 40)   # safe at 11
    assert not G.merger_possible("2016", 1, 40)                             # a chain has 2 tiles at least
