"""Acquire's refusals word for word, where a table meets them: a corporation founded twice, a
tile drawn by the wrong player (the words say who draws next, not only that it is refused)."""
from __future__ import annotations

import pytest

from tabletop.acquire import DrawTile, EndTurn, FoundCorporation, PlaceTile
from tabletop.errors import IllegalAction, MalformedAction, NotYourTurn

from .table import Table


def test_a_corporation_already_on_the_board_cannot_be_founded_again():
    t = Table(2, ["1A", "2A", "5A", "6A"])
    t.turn("1A")
    t.turn("2A", found="Etch")                 # Charlie founds Etch with 1A-2A
    t.turn("5A")
    t.place("6A")                              # Charlie founds again, with 5A-6A
    log = t.m.log
    with pytest.raises(IllegalAction) as refusal:
        t.m.apply(FoundCorporation(1, "Etch"))
    assert str(refusal.value) == "Charlie cannot found Etch: it is already on the board."
    assert t.m.log == log
    t.m.apply(FoundCorporation(1, "Rove"))
    assert t.size("Rove") == 2


def test_a_tile_drawn_by_the_wrong_player_names_who_draws_next():
    t = Table(2, ["1A", "2A"])
    t.place("1A")
    t.m.apply(EndTurn(0))
    assert t.m.state.chance_owner() == 0       # Liz draws her tile at the end of her turn
    log = t.m.log
    with pytest.raises(NotYourTurn) as refusal:
        t.m.apply(DrawTile(1, t.fillers[0]))
    assert str(refusal.value) == "The next tile is drawn by Liz, not Charlie."
    assert t.m.log == log


@pytest.mark.parametrize("edition,board,last", [("2016", "10 x 10", "10J"), ("classic", "12 x 9", "12I")])
def test_a_tile_the_board_lacks_is_refused_with_the_boards_first_and_last_tiles(edition, board, last):
    """The 2016 board is 10 by 10 (1A to 10J), the classic one 12 by 9 (1A to 12I)."""
    t = Table(2, ["1A"], options={"edition": edition}, start=("1I", "3I"), fillers="GH")
    with pytest.raises(MalformedAction) as refusal:
        t.m.apply(PlaceTile(0, "13A"))
    assert str(refusal.value) == (f"There is no tile '13A' on the {board} board (tiles are named like "
                                  f"1A to {last}).")
