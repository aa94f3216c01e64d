"""Acquire played at the table: short scripts, then the money and shares the rulebook says."""
import json

import pytest

from tabletop import CHANCE, GameIsOver, IllegalAction, MalformedAction, Match, NotYourTurn
from tabletop.acquire import (BuyShare, ChooseNextDefunct, ChooseSurvivor, DeclareEnd,
                              DisposeShares, DrawStartTile, DrawTile, EndTurn, FoundCorporation,
                              PlaceTile, Position)
from tabletop.testing import snapshot

from .table import Table

# Etch along row A (1A..7A, 7 tiles) and Bolt in the corner (9A 10A 9B 10B 9C, 5 tiles);
# 8A merges them. Turn k is played by seat k % n.
ETCH_BOLT = ["1A", "2A", "9A", "10A", "3A", "9B", "4A", "10B", "5A", "9C", "6A", "7A", "8A"]
FOUNDINGS = {1: "Etch", 3: "Bolt"}


def etch_bolt(n: int, bolt_shares: dict[int, int], options=None,
              etch_shares: dict[int, int] | None = None) -> Table:
    """Play the Etch-Bolt scenario up to (not including) the merging tile, each seat buying
    on its turns until it holds ``bolt_shares[seat]`` Bolt and ``etch_shares[seat]`` Etch
    (founder's shares included)."""
    t = Table(n, ETCH_BOLT, options)
    targets = {"Bolt": bolt_shares, "Etch": etch_shares or {}}
    for k, tile in enumerate(ETCH_BOLT[:-1]):
        seat = t.seat
        t.place(tile, FOUNDINGS.get(k))
        room = 3
        for corp, wanted in targets.items():
            if corp == "Bolt" and k < 3 or corp == "Etch" and k < 1:
                continue
            want = min(room, max(0, wanted.get(seat, 0) - t.shares(corp)[seat]))
            t.buy(*[corp] * want)
            room -= want
        t.end()
    assert t.size("Etch") == 7 and t.size("Bolt") == 5
    assert t.shares("Bolt") == [bolt_shares.get(s, 0) for s in range(n)]
    return t


# --- setup --------------------------------------------------------------------------------
def test_closest_start_tile_to_1A_plays_first_and_the_start_tiles_stay_on_the_board():
    m = Match("acquire", ["Liz", "Charlie", "Courtney"])
    assert m.current_player() == CHANCE and m.state.chance_owner() is None   # public draw
    for seat, tile in enumerate(["5B", "9A", "1B"]):          # 9A is closer to 1A than 1B
        m.apply(DrawStartTile(seat, tile))
    assert m.state.first_player == 1
    grid = m.view(None)["board"]["grid"]
    assert grid[0][8] == "" and grid[1][4] == "" and grid[1][0] == ""    # placed, in no corporation
    # then six secret draws each, from the first player clockwise
    owners = []
    pile = sorted(m.state.pile)
    while m.current_player() == CHANCE:
        owners.append(m.state.chance_owner())
        m.apply(DrawTile(owners[-1], m.state.tables.labels[pile.pop()]))
    assert owners == [1] * 6 + [2] * 6 + [0] * 6
    assert m.current_player() == 1 and m.view(None)["phase"] == "place"
    assert m.view(None)["players"][0]["money"] == 6000
    assert [p.amount for p in m.state.payments] == [6000] * 3


def test_draws_are_secret_in_the_public_log_and_view():
    t = Table(3, ["1A"])
    hand = t.m.view(0)["private"]["hand"]
    assert "1A" in hand and len(hand) == 6
    public = json.dumps(t.m.view(None))
    assert not any(f'"{tile}"' in public for tile in hand)
    log = t.m.describe_log(None)
    assert log[3] == "Liz draws a tile" and "Liz draws 1A" in t.m.describe_log(0)


# --- placing, founding, growing -------------------------------------------------------------
def test_founding_gives_the_founder_a_free_share_and_sets_the_price():
    t = Table(2, ["1A", "2A", "3A"])
    t.turn("1A")
    assert t.state.phase == "draw" or t.seat == 1
    t.place("2A")
    assert t.state.phase == "found"
    assert [a.corporation for a in t.m.legal_actions()] == list(t.state.tables.corps)
    t.m.apply(FoundCorporation(1, "Bolt"))
    assert t.size("Bolt") == 2 and t.shares("Bolt") == [0, 1]
    assert t.m.view(None)["stocks"]["Bolt"] == 400
    assert t.state.bank[t.state.tables.corp_index["Bolt"]] == 24
    t.buy("Bolt", "Bolt")
    assert t.money()[1] == 6000 - 800
    t.end()
    t.turn("3A")
    assert t.size("Bolt") == 3 and t.m.view(None)["stocks"]["Bolt"] == 500


def test_a_tile_joining_a_corporation_brings_connected_lone_tiles_along():
    # 1C and 3C are lone; 2A-2B is Spark; 2C joins Spark together with 1C and 3C
    t = Table(2, ["1C", "3C", "2A", "2B", "2C"])
    t.turn("1C"); t.turn("3C"); t.turn("2A")
    t.turn("2B", found="Spark")
    assert t.size("Spark") == 2
    t.turn("2C")
    assert t.size("Spark") == 5


def test_founder_gets_no_share_when_none_are_left():
    t = Table(2, ["1A", "2A"], options={"rules": {"shares_per_corporation": 1}})
    t.turn("1A")
    t.place("2A", found="Echo")
    assert t.shares("Echo") == [0, 1]
    t.end()
    # Echo is merged away later or not: here only the count matters
    c = t.state.tables.corp_index["Echo"]
    assert t.state.bank[c] == 0


# --- buying ---------------------------------------------------------------------------------
def test_buying_up_to_three_shares_and_every_refusal_leaves_the_match_unchanged():
    t = Table(2, ["1A", "2A", "5E"])
    t.turn("1A")
    t.place("2A", found="Etch")
    t.buy("Etch", "Etch", "Etch")
    before = snapshot(t.m), len(t.m)
    with pytest.raises(IllegalAction, match="Charlie cannot buy an Etch share: 3 shares have "
                                            "already been bought this turn"):
        t.m.apply(BuyShare(1, "Etch"))
    assert (snapshot(t.m), len(t.m)) == before
    assert t.m.legal_actions() == [EndTurn(1)]
    t.end()
    t.place("5E")
    with pytest.raises(IllegalAction, match="Liz cannot buy a Bolt share: Bolt is not on the "
                                            "board"):
        t.m.apply(BuyShare(0, "Bolt"))
    with pytest.raises(MalformedAction, match="There is no corporation 'Tower'"):
        t.m.apply(BuyShare(0, "Tower"))
    with pytest.raises(NotYourTurn, match="It is Liz's turn, not Charlie's"):
        t.m.apply(BuyShare(1, "Etch"))
    assert len(t.m) == before[1] + 3      # end of turn, a draw, a placement


def test_a_player_cannot_spend_more_than_they_have():
    t = Table(2, ["1A", "2A"], options={"rules": {"start_money": 500}})
    t.turn("1A")
    t.place("2A", found="Echo")          # Echo at 2 tiles costs $400
    t.buy("Echo")
    with pytest.raises(IllegalAction, match=r"Charlie cannot buy an Echo share for \$400: "
                                            r"Charlie has only \$100"):
        t.m.apply(BuyShare(1, "Echo"))
    assert t.m.legal_actions() == [EndTurn(1)]


@pytest.mark.parametrize("corp, article", [("Etch", "an"), ("Bolt", "a")])
def test_the_bank_running_out_of_shares_stops_buying(corp, article):
    t = Table(2, ["1A", "2A"], options={"rules": {"shares_per_corporation": 3}})
    t.turn("1A")
    t.place("2A", found=corp)
    t.buy(corp, corp)
    with pytest.raises(IllegalAction) as refusal:
        t.m.apply(BuyShare(1, corp))
    assert str(refusal.value) == f"Charlie cannot buy {article} {corp} share: the bank has none left."
    bank = {c["name"]: c["bank_shares"] for c in t.m.view(None)["board"]["corporations"]}
    assert bank[corp] == 0


# --- refusals when placing ------------------------------------------------------------------
def test_placing_a_tile_one_does_not_hold_is_refused():
    t = Table(2, ["1A"])
    before = snapshot(t.m)
    with pytest.raises(IllegalAction, match="Liz cannot place 4D: it is not one of Liz's tiles"):
        t.m.apply(PlaceTile(0, "4D"))
    with pytest.raises(MalformedAction, match="There is no tile '11A' on the 10 x 10 board"):
        t.m.apply(PlaceTile(0, "11A"))
    with pytest.raises(IllegalAction, match="Liz cannot end the turn now: Liz is to place a tile"):
        t.m.apply(EndTurn(0))
    with pytest.raises(IllegalAction, match="cannot declare the end: no corporation has 38"):
        t.m.apply(DeclareEnd(0))
    with pytest.raises(NotYourTurn, match="It is Liz's turn, not Charlie's"):
        t.m.apply(PlaceTile(1, "1A"))
    with pytest.raises(NotYourTurn, match="Liz is to place a tile"):
        t.m.apply(DrawTile(0, "4D"))
    assert snapshot(t.m) == before


SEVEN = [("1A", "2A"), ("4A", "5A"), ("7A", "8A"), ("1C", "2C"), ("4C", "5C"), ("7C", "8C"),
         ("1E", "2E")]


def test_a_tile_that_would_found_an_eighth_corporation_cannot_be_placed_and_is_kept():
    corps = ["Etch", "Rove", "Fleet", "Nestor", "Spark", "Bolt", "Echo"]
    turns = [tile for pair in SEVEN for tile in pair] + ["4E", "6G"]
    t = Table(2, turns, extra={0: ["5E"]})
    for (a, b), corp in zip(SEVEN, corps):
        t.turn(a)
        t.turn(b, found=corp)
    t.turn("4E")                       # Liz: a lone tile
    assert t.seat == 1
    t.turn("6G")                       # Charlie
    assert t.seat == 0 and "5E" in t.m.view(0)["private"]["hand"]
    before = snapshot(t.m)
    with pytest.raises(IllegalAction, match="Liz cannot place 5E: it would found an eighth "
                                            "corporation, and all 7 are already on the board"):
        t.m.apply(PlaceTile(0, "5E"))
    assert snapshot(t.m) == before
    assert PlaceTile(0, "5E") not in t.m.legal_actions()
    assert {"tile": "5E", "effect": "would found an eighth corporation"} in t.m.view(0)["private"]["rack"]
    # it is not an unplayable tile: it stays in the hand at the end of the turn
    t.place(next(a.tile for a in t.m.legal_actions() if isinstance(a, PlaceTile)))
    t.end()
    assert "5E" in t.m.view(0)["private"]["hand"]
    assert t.m.view(None)["board"]["set_aside"] == []


# --- mergers ----------------------------------------------------------------------------------
def test_standard_merger_pays_the_seed_bonuses_then_holders_dispose_from_the_mergemaker():
    t = etch_bolt(3, {0: 3, 1: 2})
    assert t.seat == 0
    money = t.money()
    t.place("8A")
    view = t.m.view(None)
    assert view["phase"] == "merge"
    assert view["board"]["merger"]["survivor"] == "Etch"
    assert view["board"]["merger"]["announced_shares"] == {"Liz": 3, "Charlie": 2}
    assert t.payments("bonus for Bolt") == [("Liz", 7000), ("Charlie", 5000)]
    assert [t.money()[s] - money[s] for s in range(3)] == [7000, 5000, 0]
    # Liz (the mergemaker) decides first
    assert t.seat == 0
    before = snapshot(t.m)
    with pytest.raises(NotYourTurn, match="It is Liz's turn, not Charlie's"):
        t.m.apply(DisposeShares(1, "Bolt", 2, 0))
    with pytest.raises(IllegalAction, match="Liz cannot trade 1 Bolt share: they are traded two "
                                            "for one Etch share"):
        t.m.apply(DisposeShares(0, "Bolt", 0, 1))
    with pytest.raises(IllegalAction, match="Liz cannot sell 2 and trade 2 Bolt shares: Liz holds "
                                            "only 3"):
        t.m.apply(DisposeShares(0, "Bolt", 2, 2))
    with pytest.raises(IllegalAction, match="Etch is the survivor|Bolt is being settled"):
        t.m.apply(DisposeShares(0, "Etch", 1, 0))
    assert snapshot(t.m) == before
    legal = t.m.legal_actions()
    assert DisposeShares(0, "Bolt", 1, 2) in legal and len(legal) == 6
    t.dispose("Bolt", sell=1, trade=2)            # $700 for one, two for one Etch, none kept
    assert t.money()[0] - money[0] == 7000 + 700
    assert t.shares("Bolt")[0] == 0 and t.shares("Etch")[0] == 1
    assert t.seat == 1
    t.dispose("Bolt")                             # Charlie keeps both
    assert t.shares("Bolt")[1] == 2
    # the merger is over: Bolt is gone, Etch has 7 + 5 + the merging tile
    assert t.size("Etch") == 13 and t.size("Bolt") == 0
    view = t.m.view(None)
    assert view["stocks"]["Bolt"] == 0 and view["stocks"]["Etch"] == 700
    assert view["phase"] == "buy" and t.seat == 0
    assert "Liz sells 1 Bolt share for $700 and trades 2 for 1 Etch share" in t.m.describe_log()
    assert "Charlie keeps 2 Bolt shares" in t.m.describe_log()
    assert "Liz places 8A, merging Etch (7 tiles) and Bolt (5 tiles)" in t.m.describe_log()
    assert view["board"]["last_merger"] == {
        "tile": "8A", "mergemaker": 0, "survivor": "Etch", "sizes": {"Etch": 7, "Bolt": 5},
        "bonuses": {"Bolt": {"Liz": 7000, "Charlie": 5000}}}
    # Bolt may be founded again later; kept shares count again then
    t.end()


@pytest.mark.parametrize("n, holdings, paid", [
    (3, {0: 3, 1: 3, 2: 1}, [("Liz", 6000), ("Charlie", 6000), ("Courtney", 3500)]),
    (3, {0: 3, 1: 2, 2: 2}, [("Liz", 7000), ("Charlie", 4300), ("Courtney", 4300)]),
    (4, {0: 4, 1: 3, 2: 1, 3: 1}, [("Liz", 7000), ("Charlie", 5000), ("Courtney", 1800),
                                   ("Amanda", 1800)]),
    (4, {0: 3, 1: 2, 2: 2, 3: 1}, [("Liz", 7000), ("Charlie", 4300), ("Courtney", 4300)]),
])
def test_the_seed_tie_examples_paid_by_the_engine(n, holdings, paid):
    t = etch_bolt(n, holdings)
    assert t.seat == 0
    t.place("8A")
    assert sorted(t.payments("bonus for Bolt")) == sorted(paid)


def test_a_tables_own_rounding_of_tied_bonuses_is_used_in_a_merger():
    """Charlie and Courtney tie for Bolt's secondary: ($5,000 + $3,500) / 2 = $4,250 each, rounded
    up to $4,300 by the rulebook's $100, or to $5,000 by a table that rounds to $1,000."""
    t = etch_bolt(3, {0: 3, 1: 2, 2: 2}, options={"rules": {"tie_rounding": 1000}})
    t.place("8A")
    assert sorted(t.payments("bonus for Bolt")) == [("Charlie", 5000), ("Courtney", 5000), ("Liz", 7000)]


def test_sole_holder_rule_option_in_the_engine():
    for option, amount in (("primary+secondary", 12000), ("primary+tertiary", 10500)):
        t = etch_bolt(3, {0: 1}, options={"sole_holder": option})
        t.place("8A")
        assert t.payments("bonus for Bolt") == [("Liz", amount)]


def test_trades_are_limited_by_the_survivors_shares_left_in_the_bank():
    t = etch_bolt(3, {0: 4}, options={"rules": {"shares_per_corporation": 4}},
                  etch_shares={1: 3})
    assert t.state.bank[t.state.tables.corp_index["Etch"]] == 1
    t.place("8A")
    assert t.payments("bonus for Bolt") == [("Liz", 7000 + 5000)]     # sole holder
    legal = t.m.legal_actions()
    assert max(a.trade for a in legal) == 2 and len(legal) == 5 + 3
    before = snapshot(t.m)
    with pytest.raises(IllegalAction, match="Liz cannot trade 4 Bolt shares: the bank has only 1 "
                                            "Etch share left"):
        t.m.apply(DisposeShares(0, "Bolt", 0, 4))
    assert snapshot(t.m) == before
    money = t.money()[0]
    t.dispose("Bolt", sell=2, trade=2)             # sold at Bolt's price at 5 tiles: $700
    assert t.money()[0] - money == 1400
    assert t.shares("Etch") == [1, 3, 0] and t.state.bank[t.state.tables.corp_index["Etch"]] == 0


# three corporations around 5E: Fleet north (5A 5B 5C 5D 6A: 5 tiles), Rove west
# (2E 3E 4E: 3 tiles), Spark east (6E 7E: 2 tiles); Echo south (5F 5G: 2 tiles) in the 4-way case
THREE = ["5A", "5B", "5C", "5D", "6A", "2E", "3E", "4E", "6E", "7E"]
THREE_FOUND = {"5B": "Fleet", "3E": "Rove", "7E": "Spark", "5G": "Echo"}


def build(turns, n=2, **kw):
    t = Table(n, turns, **kw)
    for tile in turns[:-1]:
        t.turn(tile, found=THREE_FOUND.get(tile))
    return t


def test_three_way_merger_resolves_the_defunct_largest_first():
    t = build(THREE + ["5E"])
    # shares so far: founders only. Liz founded Fleet (turn 2), Charlie: nothing? check:
    founders = {c: t.shares(c) for c in ("Fleet", "Rove", "Spark")}
    t.place("5E")
    reasons = [p.reason for p in t.state.payments if "bonus" in p.reason]
    assert reasons == ["shareholder bonus for Rove (merger)"]       # Spark's come after Rove's
    # Rove is settled first: its holder decides first
    rove_holder = founders["Rove"].index(1)
    assert t.seat == rove_holder
    assert t.m.view(None)["board"]["merger"]["settling"] == "Rove"
    t.dispose("Rove", sell=1)
    reasons = [p.reason for p in t.state.payments if "bonus" in p.reason]
    assert reasons[-1] == "shareholder bonus for Spark (merger)"
    # Rove is gone before Spark is settled
    assert t.size("Rove") == 0 and t.size("Fleet") == 8
    assert t.m.view(None)["board"]["merger"]["settling"] == "Spark"
    t.dispose("Spark")
    assert t.size("Fleet") == 5 + 3 + 2 + 1
    assert t.state.phase == "buy" and t.seat == 0          # back to the mergemaker


def test_a_tie_in_size_is_broken_by_the_mergemaker():
    # Rove 2E 3E 4E (3) and Spark 6E 7E 8E (3) meet at 5E
    turns = ["2E", "3E", "4E", "6E", "7E", "8E", "9J", "5E"]
    t = Table(2, turns, start=("1I", "3I"), fillers="GHJ")
    found = {"3E": "Rove", "7E": "Spark"}
    for tile in turns[:-1]:
        t.turn(tile, found=found.get(tile))
    assert t.size("Rove") == 3 and t.size("Spark") == 3
    maker = t.seat
    t.place("5E")
    assert t.state.phase == "merge"
    assert t.m.legal_actions() == [ChooseSurvivor(maker, "Rove"), ChooseSurvivor(maker, "Spark")]
    assert t.payments("bonus") == []                  # nothing paid before the choice
    with pytest.raises(MalformedAction):
        t.m.apply(ChooseSurvivor(maker, "Nowhere"))
    with pytest.raises(IllegalAction) as refusal:         # a corporation not in the tie
        t.m.apply(ChooseSurvivor(maker, "Etch"))
    assert str(refusal.value) == (f"{t.state.name(maker)} cannot choose Etch to survive: only Rove "
                                  "and Spark are the largest in this merger.")
    with pytest.raises(IllegalAction, match="cannot buy a Rove share now"):
        t.m.apply(BuyShare(maker, "Rove"))
    t.m.apply(ChooseSurvivor(maker, "Spark"))
    assert t.m.view(None)["board"]["merger"]["survivor"] == "Spark"
    assert t.m.describe_log()[-1] == f"{t.state.name(maker)} chooses Spark to survive the merger"
    who = t.state.name(t.seat)
    with pytest.raises(MalformedAction) as refusal:
        t.m.apply(DisposeShares(t.seat, "Rove", -1, 0))
    assert str(refusal.value) == ("Shares sold and traded must be whole numbers of at least 0, "
                                  "not -1 and 0.")
    with pytest.raises(IllegalAction) as refusal:
        t.m.apply(DisposeShares(t.seat, "Spark", 0, 0))
    assert str(refusal.value) == f"{who} cannot dispose of Spark shares now: Rove is being settled."
    while t.state.phase == "merge":
        t.dispose("Rove")
    assert t.size("Spark") == 7 and t.size("Rove") == 0


def test_four_way_merger_with_equal_defunct_lets_the_mergemaker_pick_the_order():
    turns = THREE + ["5F", "5G", "5E"]
    t = build(turns)
    maker = t.seat
    t.place("5E")
    # Fleet (5) survives; Rove (3) settles first; Spark and Echo (2 each) are tied
    assert t.m.view(None)["board"]["merger"]["settling"] == "Rove"
    with pytest.raises(IllegalAction) as refusal:         # Rove is being settled: no choice yet
        t.m.apply(ChooseNextDefunct(t.seat, "Spark"))
    who = t.state.name(t.seat)
    assert str(refusal.value) == (f"{who} cannot choose the next defunct corporation now: {who} is "
                                  "to decide what to do with Rove shares.")
    while t.m.view(None)["board"]["merger"]["settling"] == "Rove":
        t.dispose("Rove")
    assert t.seat == maker
    assert t.m.legal_actions() == [ChooseNextDefunct(maker, "Spark"),
                                   ChooseNextDefunct(maker, "Echo")]
    with pytest.raises(IllegalAction, match="cannot settle Fleet next"):
        t.m.apply(ChooseNextDefunct(maker, "Fleet"))
    t.m.apply(ChooseNextDefunct(maker, "Echo"))
    assert t.m.view(None)["board"]["merger"]["settling"] == "Echo"
    assert t.m.describe_log()[-1] == f"{t.state.name(maker)} settles Echo next"
    reasons = [p.reason for p in t.state.payments if "bonus" in p.reason]
    assert reasons[-1] == "shareholder bonus for Echo (merger)"
    while t.state.phase == "merge":
        t.dispose(t.m.view(None)["board"]["merger"]["settling"])
    assert t.size("Fleet") == 5 + 3 + 2 + 2 + 1


# --- safe corporations, unplayable tiles, the end ---------------------------------------------
# Etch: rows A and B, columns 1-5 (10 tiles, safe); Rove: rows D and E, columns 1-5.
ETCH10 = ["1A", "2A", "3A", "4A", "5A", "1B", "2B", "3B", "4B", "5B"]
ROVE10 = ["1D", "2D", "3D", "4D", "5D", "1E", "2E", "3E", "4E", "5E"]


def test_safe_corporations_never_merge_the_tile_is_refused_and_exchanged():
    turns = ETCH10 + ROVE10 + ["9F", "8G"]
    t = Table(2, turns, extra={0: ["3C"]}, start=("1J", "3J"), fillers="HIJ")
    for tile in ETCH10:
        t.turn(tile, found="Etch" if tile == "2A" else None)
    assert t.size("Etch") == 10 and t.m.view(None)["board"]["corporations"][0]["safe"]
    # only safe corporations on the board: the end may be declared
    assert t.m.view(None)["board"]["end_allowed"]
    for tile in ROVE10:
        t.turn(tile, found="Rove" if tile == "2D" else None)
    assert t.size("Rove") == 10 and t.seat == 0
    assert "3C" in t.m.view(0)["private"]["hand"]
    before = snapshot(t.m)
    with pytest.raises(IllegalAction, match="Liz cannot place 3C: it would merge Etch and Rove, "
                                            "which are both safe"):
        t.m.apply(PlaceTile(0, "3C"))
    assert snapshot(t.m) == before
    assert PlaceTile(0, "3C") not in t.m.legal_actions()
    t.place("9F")
    t.m.apply(EndTurn(0))
    # set aside face up, and replaced by a new tile
    assert t.m.view(None)["board"]["set_aside"] == ["3C"]
    assert "Liz ends the turn and sets aside 3C (unplayable)" in t.m.describe_log()
    t.draw()
    hand = t.m.view(0)["private"]["hand"]
    assert "3C" not in hand and len(hand) == 6


def test_declaring_the_end_pays_final_bonuses_and_buys_back_every_share():
    t = Table(2, ETCH10 + ["8H"], start=("1J", "3J"), fillers="GIJ")
    for tile in ETCH10[:-1]:
        t.turn(tile, found="Etch" if tile == "2A" else None)
    assert not t.m.view(None)["board"]["end_allowed"]
    seat = t.seat
    t.place(ETCH10[-1])                   # Etch reaches 10: safe, and the only corporation
    assert DeclareEnd(seat) in t.m.legal_actions()
    t.declare()
    with pytest.raises(IllegalAction, match="already been declared"):
        t.m.apply(DeclareEnd(seat))
    t.buy("Etch")                         # the declarer finishes the turn
    etch = t.shares("Etch")
    money = t.money()
    t.m.apply(EndTurn(seat))
    assert t.m.is_over() and t.m.legal_actions() == []
    # Etch (cheap) at 10 tiles: $600 a share, bonuses 6,000 / 4,500 / 3,000 (10, 7.5 and 5 times
    # the price; /work/shared/rules). Seat 1, the only holder (the founder's free share and one
    # bought), takes the first two bonuses and sells both shares back at $600
    assert etch == [0, 2]
    final = [money[0], money[1] + 6_000 + 4_500 + 2 * 600]
    assert t.money() == final
    assert t.shares("Etch") == [0, 0]
    out = t.m.outcome()
    assert out.scores == tuple(final) and "declared the end" in out.reason
    with pytest.raises(GameIsOver):
        t.m.apply(EndTurn(seat))


def test_end_declaration_refused_while_not_allowed():
    t = Table(2, ["1A", "2A"])
    t.turn("1A")
    t.place("2A", found="Etch")
    with pytest.raises(IllegalAction, match="no corporation has 38 tiles or more, and not every "
                                            "corporation on the board is safe"):
        t.m.apply(DeclareEnd(1))


# --- hidden money ------------------------------------------------------------------------------
def test_hidden_money_shows_only_what_the_table_may_know():
    t = Table(2, ["1A", "2A"], options={"hidden_money": True})
    t.turn("1A")
    t.place("2A", found="Nestor")
    t.buy("Nestor")
    public = t.m.view(None)
    assert all(p["money"] is None and p["holdings"] is None for p in public["players"])
    nestor = next(c for c in public["board"]["corporations"] if c["name"] == "Nestor")
    assert nestor["bank_shares"] == 23          # the bank's shares are always public
    own = t.m.view(1)
    assert own["players"][1]["money"] == 6000 - 300 and own["players"][0]["money"] is None
    assert own["private"]["holdings"] == {"Nestor": 2}
    assert "private" not in public


def test_open_money_is_on_the_table():
    t = Table(2, ["1A", "2A"])
    t.turn("1A")
    t.place("2A", found="Nestor")
    assert t.m.view(None)["players"][1]["holdings"] == {"Nestor": 1}


# --- whole matches -------------------------------------------------------------------------------
def test_save_load_undo_redo_through_a_merger(tmp_path):
    t = etch_bolt(3, {0: 3, 1: 2})
    t.place("8A")
    t.dispose("Bolt", sell=1, trade=2)
    path = tmp_path / "acquire.json"
    t.m.save(path)
    loaded = Match.load(path)
    assert snapshot(loaded) == snapshot(t.m)
    before = snapshot(t.m)
    t.m.undo(); t.m.undo()
    assert t.m.view(None)["phase"] == "place"
    t.m.redo(); t.m.redo()
    assert snapshot(t.m) == before


def test_options_are_checked():
    from tabletop import OptionsError
    with pytest.raises(OptionsError, match="no edition 'deluxe'"):
        Match("acquire", ["A", "B"], {"edition": "deluxe"})
    with pytest.raises(OptionsError, match="no option colour"):
        Match("acquire", ["A", "B"], {"colour": "red"})
    with pytest.raises(OptionsError, match="hidden_money must be true or false"):
        Match("acquire", ["A", "B"], {"hidden_money": "yes"})
    with pytest.raises(OptionsError, match="2 to 6 players, not 7"):
        Match("acquire", list("ABCDEFG"))
    m = Match("acquire", ["A", "B"], {"edition": "classic"})
    assert m.game.options == {"edition": "classic", "sole_holder": "primary+secondary",
                              "hidden_money": False, "rules": {}}
    assert m.view(None)["board"]["columns"] == 12 and m.view(None)["board"]["rows"] == 9


def test_when_nobody_can_place_a_tile_and_none_are_left_the_game_ends_by_itself():
    # from the table as it is: Etch on 1A-2A (Charlie holds the founder's share), every other
    # tile set aside but Liz's last one, 5E
    labels = [f"{c}{r}" for r in "ABCDEFGHIJ" for c in range(1, 11)]
    m = Match("acquire", ["Liz", "Charlie"], seed=1)
    m.apply(Position(round=3, first_player=0, turn=0, board=(("1A", "Etch"), ("2A", "Etch")),
                     money=(6000, 6000), holdings=((), (("Etch", 1),)), racks=(1, 0),
                     set_aside=tuple(x for x in labels if x not in ("1A", "2A", "5E"))))
    m.apply(DrawTile(0, "5E"))
    m.apply(PlaceTile(0, "5E"))
    m.apply(EndTurn(0))          # no tile to draw, and Charlie holds none: nobody can place
    assert m.is_over()
    assert m.outcome().reason == "no player could place a tile"
    # Charlie's founder's share was bought back: Etch (2 tiles, $200) and sole-holder bonuses
    assert list(m.state.money) == [6000, 6000 + 2000 + 1500 + 200]


def test_a_player_without_a_playable_tile_skips_the_placement():
    # from the table as it is: Etch and Rove safe (10 tiles each); Liz holds only 3C, between them
    m = Match("acquire", ["Liz", "Charlie"], seed=1)
    m.apply(Position(round=4, first_player=0, turn=0,
                     board=tuple((x, "Etch") for x in ETCH10) + tuple((x, "Rove") for x in ROVE10),
                     money=(6000, 6000), holdings=((), ()), racks=(1, 6)))
    m.apply(DrawTile(0, "3C"))
    for x in ("1H", "2H", "3H", "4H", "5H", "6H"):
        m.apply(DrawTile(1, x))
    assert m.state.phase == "buy" and m.legal_actions()[-2:] == [EndTurn(0), DeclareEnd(0)]
    m.apply(EndTurn(0))
    for x in ("1I", "2I", "3I", "4I", "5I", "6I"):
        m.apply(DrawTile(0, x))
    assert len(m.view(0)["private"]["hand"]) == 6 and "3C" in m.view(None)["board"]["set_aside"]


def test_ledger_and_value_history_record_the_game():
    t = etch_bolt(3, {0: 3, 1: 2})
    t.place("8A")
    ledger = t.m.ledger()
    assert list(ledger.amount[:3]) == [6000, 6000, 6000]
    bonus = ledger[ledger.reason == "shareholder bonus for Bolt (merger)"]
    assert list(bonus.payee) == ["Liz", "Charlie"] and list(bonus.amount) == [7000, 5000]
    history = t.m.value_history()
    bolt = list(history[history.stock == "Bolt"].value)
    assert bolt == [0, 400, 500, 600, 700]


def test_the_public_log_reads_like_the_table():
    t = etch_bolt(3, {0: 3, 1: 2})
    log = t.m.describe_log()
    assert log[0] == "Liz draws 1J for the first-player draw; it goes on the board"
    assert "Charlie places 2A, founding a corporation" in log
    assert "Charlie founds Etch and takes the founder's share" in log
    assert "Liz buys a Bolt share for $400" in log
    assert "Courtney places 9B, growing Bolt" in log
    assert "Liz ends the turn" in log
