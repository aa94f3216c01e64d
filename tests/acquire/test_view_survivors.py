"""Public facts of Acquire's shared screen that sampled mutants of `view` changed without any test
noticing (docs/testing.md, "Mutation scores"). Expected values come from docs/acquire.md, the
2016 rulebook's standard merger (Etch, 7 tiles, takes over Bolt, 5; Liz holds 3 Bolt shares and
gets $7,000, Charlie 2 and $5,000), or from the tiles the test itself placed."""
import html

import pytest

from tabletop import Match
from tabletop.acquire import ChooseSurvivor, DrawStartTile
from tabletop.widgets.titles.acquire import acquire_board

from .table import Table
from .test_rules import ETCH10, THREE, build, etch_bolt


def merger_words(view) -> str:
    """The merger line of the shared board, as the table reads it."""
    text = html.unescape(acquire_board(view))
    start = text.index("Merger: ")
    return text[start:text.index(".", start) + 1]


def test_the_start_tiles_drawn_in_the_open_are_on_the_shared_screen():
    # docs/acquire.md: each player draws a tile in public, which goes straight on the board
    t = Table(3, [])
    assert [p["start_tile"] for p in t.m.view(None)["players"]] == ["1J", "3J", "5J"]
    assert [p["start_tile"] for p in t.m.view(2)["players"]] == ["1J", "3J", "5J"]


def test_a_merger_on_the_shared_board_names_its_maker_and_the_bonuses_paid():
    t = etch_bolt(3, {0: 3, 1: 2})             # Liz 3 Bolt shares, Charlie 2
    t.place("8A")
    assert merger_words(t.m.view(None)) == (
        "Merger: Liz placed 8A, merging Etch (7 tiles), Bolt (5 tiles); Etch survives; "
        "Bolt's shares are being sold, traded or kept; bonuses paid: Liz $7,000, Charlie $5,000.")


def test_a_tie_for_survivor_is_on_the_shared_board_as_the_makers_choice():
    # Rove 2E 3E 4E and Spark 6E 7E 8E, 3 tiles each, meet at 5E: the mergemaker chooses
    turns = ["2E", "3E", "4E", "6E", "7E", "8E", "9J", "5E"]
    t = Table(2, turns, start=("1I", "3I"), fillers="GHJ")
    for tile in turns[:-1]:
        t.turn(tile, found={"3E": "Rove", "7E": "Spark"}.get(tile))
    assert t.seat == 1                         # the 8th turn: Charlie's
    t.place("5E")
    assert merger_words(t.m.view(None)) == (
        "Merger: Charlie placed 5E, merging Rove (3 tiles), Spark (3 tiles); "
        "Charlie chooses the survivor among Rove, Spark.")
    t.m.apply(ChooseSurvivor(1, "Spark"))
    assert "Spark survives" in merger_words(t.m.view(None))


def test_a_three_way_merger_shows_which_defunct_is_settled_and_which_is_being_settled():
    # Fleet (5 tiles) takes over Rove (3) and Spark (2) at 5E; the larger defunct goes first
    t = build(THREE + ["5E"])
    t.place("5E")
    merger = t.m.view(None)["board"]["merger"]
    assert (merger["settled"], merger["settling"], merger["still_to_settle"]) == ([], "Rove", ["Spark"])
    t.dispose("Rove", sell=1)                  # Rove's only holder, its founder
    merger = t.m.view(None)["board"]["merger"]
    assert (merger["settled"], merger["settling"], merger["still_to_settle"]) == (["Rove"], "Spark", [])


@pytest.mark.parametrize("edition,columns,rows", [("2016", 10, "ABCDEFGHIJ"), ("classic", 12, "ABCDEFGHI")])
def test_the_shared_board_is_the_editions_grid_headed_by_numbers_and_letters(edition, columns, rows):
    # docs/acquire.md: the 2016 board is 10 x 10 (1A-10J), the classic one 12 x 9 (1A-12I)
    view = Match("acquire", ["Liz", "Charlie"], {"edition": edition}).view(None)
    board = view["board"]
    assert (board["columns"], board["rows"]) == (columns, len(rows))
    assert board["column_labels"] == [str(c) for c in range(1, columns + 1)]
    assert board["row_labels"] == list(rows)
    shown = acquire_board(view)
    assert "<tr><th></th>" + "".join(f"<th>{c}</th>" for c in range(1, columns + 1)) + "</tr>" in shown
    assert all(f"<tr><th>{r}</th>" in shown for r in rows)


def test_the_shared_screen_names_the_game_and_gives_it_no_fixed_number_of_rounds():
    # Acquire ends when a player declares the end (or no tile can be placed), never after N rounds
    view = Match("acquire", ["Liz", "Charlie"]).view(None)
    assert view["title"] == "Acquire" and "rounds" in view and view["rounds"] is None


def test_the_first_player_and_the_one_to_act_are_on_the_shared_screen_seat_0_too():
    m = Match("acquire", ["Liz", "Charlie", "Courtney"])
    for seat, tile in enumerate(["5B", "9A", "1B"]):          # 9A is closest to 1A: Charlie starts
        m.apply(DrawStartTile(seat, tile))
    assert m.view(None)["first_player"] == 1
    t = Table(3, ["1A"])                        # start tiles 1J, 3J, 5J: Liz (seat 0) starts
    assert t.m.view(None)["first_player"] == 0
    assert t.m.view(None)["to_act"] == 0 and t.m.view(2)["to_act"] == 0
    t.turn("1A")
    assert t.m.view(None)["to_act"] == 1


def test_the_shared_board_counts_the_tiles_left_to_draw():
    # the 2016 board has 100 tiles: 3 drawn to start, 6 in each of 3 racks
    t = Table(3, ["1A"])
    assert t.m.view(None)["board"]["tiles_left"] == 100 - 3 - 18
    assert "Tiles left 79" in acquire_board(t.m.view(None))
    t.turn("1A")                                # placed, and the rack refilled from the pile
    assert "Tiles left 78" in acquire_board(t.m.view(None))


def test_the_shared_screen_says_whether_money_is_hidden_and_how_many_shares_were_bought():
    assert Match("acquire", ["Liz", "Charlie"], {"hidden_money": True}).view(None)["board"]["hidden_money"] is True
    t = Table(2, ["1A", "2A"])
    assert t.m.view(None)["board"]["hidden_money"] is False
    t.turn("1A")
    t.place("2A", found="Etch")
    t.buy("Etch", "Etch")                       # up to three a turn
    assert t.m.view(None)["board"]["shares_bought_this_turn"] == 2
    t.end()
    assert t.m.view(None)["board"]["shares_bought_this_turn"] == 0


def test_liz_in_seat_0_declaring_the_end_is_on_the_shared_board():
    # Etch grows along rows A and B to 10 tiles, safe and the only corporation: the end may be
    # declared (docs/acquire.md); with 3 players the 10th tile is Liz's
    t = Table(3, ETCH10, start=("1J", "3J", "5J"), fillers="GIJ")
    for tile in ETCH10[:-1]:
        t.turn(tile, found="Etch" if tile == "2A" else None)
    assert t.seat == 0
    t.place(ETCH10[-1])
    assert "The end may be declared." in acquire_board(t.m.view(None))
    t.declare()
    assert t.m.view(None)["board"]["end_declared_by"] == 0
    shown = acquire_board(t.m.view(None))
    assert "The end has been declared." in shown and "may be declared" not in shown


def test_the_shared_board_says_what_is_awaited_next():
    t = etch_bolt(3, {0: 3, 1: 2})
    t.place("8A")                              # the mergemaker decides first (the rulebook)
    assert "Next: Liz is to decide what to do with Bolt shares" in acquire_board(t.m.view(None))


def test_a_players_own_screen_says_what_each_tile_in_the_rack_would_do():
    # docs/acquire.md: view(seat)["private"]["rack"], e.g. {"tile": "2A", "effect": "founds a corporation"}
    t = Table(2, ["1A", "2A"])
    t.turn("1A")                                # a lone tile: 2A beside it would found a corporation
    rack = t.m.view(1)["private"]["rack"]
    assert {"tile": "2A", "effect": "founds a corporation"} in rack
    assert sorted(r["tile"] for r in rack) == sorted(t.m.view(1)["private"]["hand"]) and len(rack) == 6
