"""Acquire started from the table as it is (a Position: board, money, shares, rack sizes; then
each player's rack), and corrections of money, shares and a square of the board."""
import json
import random

import pytest

from tabletop import Match
from tabletop.acquire import BuyShare, DeclareEnd, DrawTile, EndTurn, PlaceTile, Position
from tabletop.acquire.mergers import share_price
from tabletop.core import Correction
from tabletop.errors import IllegalAction, MalformedAction, NotYourTurn
from tabletop.testing import cut_and_restart, play_with_corrections, refused_unchanged

from .test_property import invariant

NAMES = ("Liz", "Charlie", "Courtney")
ETCH = ("1A", "2A", "3A")                      # 3 tiles: $300 a share (cheap tier)
BOLT = ("6F", "7F", "8F", "9F", "10F")         # 5 tiles: $700 (expensive tier)


def board(**corps) -> tuple:
    return tuple((tile, corp) for corp, tiles in corps.items() for tile in tiles)


def position(**changes) -> Position:
    fields = dict(round=5, first_player=2, turn=0,
                  board=board(Etch=ETCH, Bolt=BOLT) + (("9I", ""),),
                  money=(4_100, 7_300, 0), holdings=((("Etch", 3), ("Bolt", 2)), (("Bolt", 4),), ()),
                  racks=(6, 6, 6), set_aside=())
    fields.update(changes)
    return Position(**fields)


RACKS = {0: "4A 5C 1J 2J 3J 4J", 1: "5J 6J 7J 8J 9J 10J", 2: "1H 2H 3H 4H 5H 10A"}


def started(pos=None, racks=RACKS, options=None) -> Match:
    m = Match("acquire", NAMES, options, seed=0)
    m.apply(pos or position())
    while m.current_player() < 0 and not m.is_over():
        seat = m.state.chance_owner()
        m.apply(DrawTile(seat, racks[seat].split()[len(m.state.hands[seat])]))
    return m


def test_the_board_money_shares_and_racks_in_one_position_then_the_turn():
    m = Match("acquire", NAMES, seed=0)
    m.apply(position())
    w = m.waiting_for()
    assert (w.seat, w.kind, w.secret, w.actions) == (0, "chance", True, ("DrawTile",))
    m = started()
    view = m.view()
    corps = {c["name"]: c for c in view["board"]["corporations"]}
    assert (corps["Etch"]["size"], corps["Etch"]["price"], corps["Etch"]["bank_shares"]) == (3, 300, 22)
    assert (corps["Bolt"]["size"], corps["Bolt"]["price"], corps["Bolt"]["bank_shares"]) == (5, 700, 19)
    assert corps["Bolt"]["price"] == share_price(m.state.edition, "Bolt", 5)
    assert view["board"]["grid"][8][8] == "" and view["board"]["grid"][0][0] == "Etch"
    assert [p["money"] for p in view["players"]] == [4_100, 7_300, 0]
    assert view["players"][0]["holdings"] == {"Etch": 3, "Bolt": 2}
    assert view["round"] == 5 and view["first_player"] == 2 and view["board"]["tiles_left"] == 100 - 9 - 18
    assert m.view(0)["private"]["hand"] == ["4A", "5C", "1J", "2J", "3J", "4J"]   # in board order
    w = m.waiting_for()
    assert (w.seat, w.kind, w.secret) == (0, "decision", False) and w.hint == "Liz is to place a tile"
    m.apply(PlaceTile(0, "4A"))             # Etch grows to 4 tiles: $400
    m.apply(BuyShare(0, "Etch"))
    assert m.state.money[0] == 4_100 - 400
    assert m.describe_log(None)[0] == (
        "Started from the table as it is: round 5, Liz's turn (Courtney plays first); 9 tiles on "
        "the board (Etch 3, Bolt 5); money Liz $4,100, Charlie $7,300, Courtney $0")
    assert m.describe_log(None)[1] == "Liz draws a tile"


def test_a_41_tile_corporation_in_one_entry_may_end_the_game():
    tiles = tuple(f"{c}{r}" for r in "ABCD" for c in range(1, 11)) + ("1E",)
    m = started(position(board=board(Continental=tiles), holdings=((), (("Continental", 1),), ())),
                racks={0: "12I 11I 10I 9I 8I 7I", 1: "12H 11H 10H 9H 8H 7H", 2: "12G 11G 10G 9G 8G 7G"},
                options={"edition": "classic"})
    view = m.view()
    continental = next(c for c in view["board"]["corporations"] if c["name"] == "Continental")
    assert (continental["size"], continental["price"], continental["safe"]) == (41, 1_200, True)
    assert view["board"]["end_allowed"] and DeclareEnd(0) in m.legal_actions()


def test_rack_entries_offer_every_tile_not_on_the_board_and_take_one_from_another_rack():
    m = Match("acquire", NAMES, seed=0)
    m.apply(position(set_aside=("5E",)))
    for viewer in (None, 0, 1):
        offered = {a.tile for a in m.offered_actions(viewer)}
        assert "1A" not in offered and "5E" not in offered and "9I" not in offered
        assert "4A" in offered and len(offered) == 100 - 9 - 1
    m.apply(DrawTile(0, "4A"))
    assert "4A" not in {a.tile for a in m.offered_actions(0)}
    assert "4A" in {a.tile for a in m.offered_actions(1)}        # nobody else knows Liz has it
    refused_unchanged(m, DrawTile(0, "1A"), IllegalAction, "already on the board")
    refused_unchanged(m, DrawTile(0, "5E"), IllegalAction,
                      "5E cannot be drawn: it was set aside as unplayable; check the tile and enter it again.")
    refused_unchanged(m, DrawTile(1, "3C"), NotYourTurn, "drawn by Liz")
    for tile in "5C 1J 2J 3J 4J".split():
        m.apply(DrawTile(0, tile))
    # issue 28: refusing 4A would tell Charlie that a rack holds it; Liz enters her tile again
    m.apply(DrawTile(1, "4A"))
    assert m.view(1)["private"]["hand"] == ["4A"] and "4A" not in m.view(0)["private"]["hand"]
    assert m.view(0)["private"]["tiles_to_enter_again"] == 1
    assert [p["tiles_in_hand"] for p in m.view()["players"]] == [6, 1, 0]


@pytest.mark.parametrize("changes, error, words", [
    ({"holdings": ((("Bolt", 20),), (("Bolt", 6),), ())}, IllegalAction, "Bolt has 25 shares, but the players hold 26"),
    ({"board": board(Etch=ETCH, Bolt=("4A", "5A"))}, IllegalAction, "Etch (3A) and Bolt (4A) cannot touch"),
    ({"board": board(Etch=ETCH) + (("1B", ""),)}, IllegalAction, "1B cannot stand alone next to Etch"),
    ({"board": board(Etch=("1A",))}, IllegalAction, "Etch cannot be a single tile"),
    ({"board": board(Etch=("1A", "2A", "5A", "6A"))}, IllegalAction, "one chain; 5A is not joined"),
    ({"board": board(Etch=ETCH) + (("2A", ""),)}, IllegalAction, "2A is on the board twice"),
    ({"board": board(Etch=ETCH, Boeing=("9A", "10A"))}, MalformedAction, "no corporation 'Boeing'"),
    ({"board": (("11A", ""),)}, MalformedAction, "There is no tile '11A'"),
    ({"set_aside": ("2A",)}, IllegalAction, "2A cannot be set aside"),
    ({"money": (-1, 0, 0)}, IllegalAction, "Liz cannot have -$1"),
    ({"racks": (7, 6, 6)}, IllegalAction, "rack holds 0 to 6 tiles, not 7"),
    ({"racks": (6, 6)}, IllegalAction, "racks for 2 players"),
    ({"turn": 3}, IllegalAction, "The turn is a seat from 0 to 2"),
    ({"round": 0}, IllegalAction, "1 or more"),
])
def test_impossible_positions_are_refused_and_nothing_is_stored(changes, error, words):
    m = Match("acquire", NAMES, seed=0)
    refused_unchanged(m, position(**changes), error, words)
    assert len(m) == 0 and m.state.phase == "first draw"


def test_hidden_money_cannot_start_from_a_position_typed_on_the_shared_screen():
    m = Match("acquire", NAMES, {"hidden_money": True}, seed=0)
    refused_unchanged(m, position(), IllegalAction, "With hidden money the money and shares are secret")


def test_a_position_only_first():
    refused_unchanged(started(), position(), IllegalAction, "only be the first entry")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_cut_at_a_turn_and_restarted_from_their_position_end_the_same(players):
    for seed in range(3):
        cut_and_restart("acquire", players, 10 * seed + players)


def test_the_same_in_the_classic_edition():
    cut_and_restart("acquire", 4, 1, {"edition": "classic"})


# --- corrections ----------------------------------------------------------------------------------

def test_money_and_share_corrections_go_through_the_ledger_and_the_bank():
    m = started()
    m.apply(Correction("money", 1, "", 6_300, "the bank paid Charlie $1,000 too much"))
    row = m.ledger().iloc[-1]
    assert (row.payer, row.payee, row.amount, row.kind) == ("Charlie", "bank", 1_000, "correction")
    m.apply(Correction("holding", 2, "Bolt", 3, "Courtney's shares were on Charlie's pile"))
    bolt = next(c for c in m.view()["board"]["corporations"] if c["name"] == "Bolt")
    assert bolt["bank_shares"] == 25 - 2 - 4 - 3 and m.view()["players"][2]["holdings"] == {"Bolt": 3}
    refused_unchanged(m, Correction("holding", 0, "Bolt", 19, "x"), IllegalAction, "the bank has only 16 more")
    m.undo()
    assert m.view()["players"][2]["holdings"] == {}


def test_a_tile_on_the_wrong_square_is_moved_by_two_corrections():
    m = started()
    # 9G was entered as 10F: put a Bolt tile on 9G first (the chain stays whole), then clear 10F
    m.apply(Correction("square", None, "9G", "Bolt", "10F was 9G"))
    m.apply(Correction("square", None, "10F", None, "10F was 9G"))
    assert m.view()["board"]["grid"][6][8] == "Bolt" and m.view()["board"]["grid"][5][9] is None
    assert next(c for c in m.view()["board"]["corporations"] if c["name"] == "Bolt")["size"] == 5
    assert m.describe_log()[-1] == "Correction: 10F is empty (10F was 9G)"
    invariant(m.state)
    # growing Bolt to 6 tiles moves its price to the next bracket ($800), in the value history
    m.apply(Correction("square", None, "5F", "Bolt", "a tile was forgotten"))
    assert m.view()["stocks"]["Bolt"] == 800 and m.value_history().iloc[-1].value == 800


@pytest.mark.parametrize("fix, words", [
    (Correction("square", None, "3B", "Bolt", "x"), "Etch (3A) and Bolt (3B) cannot touch"),
    (Correction("square", None, "4A", "Bolt", "x"), "Etch (3A) and Bolt (4A) cannot touch"),
    (Correction("square", None, "2A", None, "x"), "one chain; 3A is not joined"),
    (Correction("value", None, "Bolt", 900, "x"), "a share price follows its corporation's size"),
    (Correction("money", 0, "", 10, ""), "needs a reason"),
    (Correction("holding", 9, "Bolt", 1, "x"), "no seat 9"),
])
def test_impossible_corrections_are_refused(fix, words):
    refused_unchanged(started(), fix, Exception, words)


def _answers(m: Match, fixes) -> list:
    out = []
    for fix in fixes:
        trial = m.state.clone()
        try:
            trial.apply(fix)
        except IllegalAction as e:
            out.append((e.render("en"), e.render("ja")))
        else:
            out.append(json.dumps(trial.view(None), sort_keys=True))
    return out


def test_a_square_correction_answers_the_same_for_a_tile_in_a_rack_and_one_in_the_bag():
    """Issue 28: the card's square correction told a tile in a rack from one in the bag by its
    refusal; trying the 100 squares found all 18 rack tiles. Liz holds 4A in one match and not
    in the other: every square correction, in English and Japanese, and the public table after
    an accepted one, must be the same."""
    held = started()
    bagged = started(racks={**RACKS, 0: "6A 5C 1J 2J 3J 4J"})
    assert "4A" in held.view(0)["private"]["hand"] and "4A" not in bagged.view(0)["private"]["hand"]
    fixes = [Correction("square", None, tile, to, "x") for tile in ("4A", "6A")
             for to in (None, "", "Etch", "Bolt", "Rove")]
    assert _answers(held, fixes) == _answers(bagged, fixes)
    # 4A joins Etch in both; Liz holds a tile to enter again and draws it with her next tile
    held.apply(Correction("square", None, "4A", "Etch", "4A was placed but not entered"))
    assert held.view()["board"]["grid"][0][3] == "Etch"
    assert held.view()["players"][0]["tiles_in_hand"] == 6 and held.view(0)["private"]["tiles_to_enter_again"] == 1
    held.apply(PlaceTile(0, "5C"))
    held.apply(EndTurn(0))
    assert held.waiting_for().hint == "Liz is to draw a tile"
    held.apply(DrawTile(0, "7A"))            # the tile she really holds
    held.apply(DrawTile(0, "8A"))            # the new one
    assert held.current_player() == 1 and "tiles_to_enter_again" not in held.view(0)["private"]
    assert held.view(0)["private"]["hand"] == ["7A", "8A", "1J", "2J", "3J", "4J"]
    invariant(held.state)


def _random_correction(m: Match, rng: random.Random):
    st = m.state
    kind = rng.choice(("money", "holding", "square", "square"))
    seat = rng.randrange(st.n)
    if kind == "money":
        return Correction(kind, seat, "", rng.randrange(0, 20_000, 100), "fix")
    corp = rng.choice(st.tables.corps)
    if kind == "holding":
        return Correction(kind, seat, corp, rng.randrange(0, 8), "fix")
    tile = rng.choice(st.tables.labels)
    return Correction(kind, None, tile, rng.choice((None, "", corp)), "fix")


@pytest.mark.parametrize("players", [3, 5])
def test_random_games_with_corrections_keep_every_tile_and_share_once(players):
    play_with_corrections("acquire", players, players, _random_correction, invariant=invariant, every=3)


def test_ledger_kinds_name_the_corporation():
    m = started()
    m.apply(PlaceTile(0, "4A"))
    m.apply(BuyShare(0, "Bolt"))
    m.apply(EndTurn(0))
    row = m.ledger().iloc[-1]
    assert (row.kind, row.subject, row.amount, row.reason) == ("purchase", "Bolt", 700, "bought a Bolt share")


def test_a_tile_between_two_safe_corporations_is_refused_and_said_to_be_set_aside():
    """2016: a corporation of 10 tiles is safe; 1B would join Etch (row A) and Bolt (row C)."""
    etch, bolt = tuple(f"{c}A" for c in range(1, 11)), tuple(f"{c}C" for c in range(1, 11))
    m = started(position(board=board(Etch=etch, Bolt=bolt), holdings=((), (), ())),
                racks={0: "1B 5E 6E 7E 8E 9E", 1: "5G 6G 7G 8G 9G 10G", 2: "1I 2I 3I 4I 5I 6I"})
    assert PlaceTile(0, "1B") not in m.legal_actions()
    refused_unchanged(m, PlaceTile(0, "1B"), IllegalAction,
                      "Liz cannot place 1B: it would merge Etch and Bolt, which are both safe, and safe "
                      "corporations never merge. It is set aside at the end of the turn.")


def test_the_end_is_declared_once():
    """2016: a corporation of 38 tiles lets the end be declared; a second declaration is refused."""
    etch = tuple(f"{c}{r}" for r in "ABC" for c in range(1, 11)) + tuple(f"{c}D" for c in range(1, 9))
    m = started(position(board=board(Etch=etch), holdings=((), (), ())),
                racks={0: "1G 3G 5G 7G 9G 1I", 1: "2G 4G 6G 8G 10G 2I", 2: "3I 4I 5I 6I 7I 8I"})
    m.apply(PlaceTile(0, "1G"))
    m.apply(DeclareEnd(0))
    assert not m.is_over()                   # the turn goes on: Liz may still buy
    refused_unchanged(m, DeclareEnd(0), IllegalAction,
                      "Liz cannot declare the end: it has already been declared.")
    assert "Liz declares the end of the game" in m.describe_log()
