"""Saves: a Black Monday save written before the deal went player by player no longer replays
as it is (its second card went to the second player); ``load_earlier_save`` puts its deal in the
new order and the match goes on exactly as it was. The save below was written by the engine of
commit e03ce1a (the last one dealing round the table) and is kept as it was written."""
import hashlib
import json

import pytest

from tabletop import Match
from tabletop.blackmonday.saves import load_earlier_save
from tabletop.errors import SaveFileError

from .helpers import GG

EARLIER_SAVE = '''{"format": "tabletop-match", "version": 1, "title": "black-monday", "players": ["Alice", "Bob"],
 "options": {"five_hundred_shares": false, "crash_within_limit": true, "restart_counts_as_change": true, "allow_same_price": false, "copies": 2, "shares_per_value": 100, "first_player": 0, "limits": {"Chewy Poultry": [2, 3], "Whip Burger": [3, 4], "Gum Gum Mine": [4, 5], "Tiki-Taka Tech": [5, 6]}},
 "seed": 3,
 "actions": [
  {"type": "DealCard", "seat": 0, "stock": "Whip Burger", "value": 3},
  {"type": "DealCard", "seat": 1, "stock": "Gum Gum Mine", "value": 13},
  {"type": "DealCard", "seat": 0, "stock": "Gum Gum Mine", "value": 10},
  {"type": "DealCard", "seat": 1, "stock": "Chewy Poultry", "value": 9},
  {"type": "DealCard", "seat": 0, "stock": "Whip Burger", "value": 12},
  {"type": "DealCard", "seat": 1, "stock": "Tiki-Taka Tech", "value": 3},
  {"type": "DealCard", "seat": 0, "stock": "Gum Gum Mine", "value": 6},
  {"type": "DealCard", "seat": 1, "stock": "Tiki-Taka Tech", "value": 5},
  {"type": "DealCard", "seat": 0, "stock": "Tiki-Taka Tech", "value": 2},
  {"type": "DealCard", "seat": 1, "stock": "Chewy Poultry", "value": 5},
  {"type": "DealCard", "seat": 0, "stock": "Tiki-Taka Tech", "value": 5},
  {"type": "DealCard", "seat": 1, "stock": "Chewy Poultry", "value": 1},
  {"type": "DealCard", "seat": 0, "stock": "Gum Gum Mine", "value": 8},
  {"type": "DealCard", "seat": 1, "stock": "Whip Burger", "value": 6},
  {"type": "DealCard", "seat": 0, "stock": "Tiki-Taka Tech", "value": 2},
  {"type": "DealCard", "seat": 1, "stock": "Whip Burger", "value": 4},
  {"type": "RevealStartCard", "stock": "Whip Burger", "value": 1},
  {"type": "RevealStartCard", "stock": "Gum Gum Mine", "value": 10},
  {"type": "RevealStartCard", "stock": "Tiki-Taka Tech", "value": 4},
  {"type": "RevealStartCard", "stock": "Tiki-Taka Tech", "value": 6},
  {"type": "RevealStartCard", "stock": "Gum Gum Mine", "value": 11},
  {"type": "RevealStartCard", "stock": "Gum Gum Mine", "value": 4},
  {"type": "RevealStartCard", "stock": "Tiki-Taka Tech", "value": 13},
  {"type": "RevealStartCard", "stock": "Chewy Poultry", "value": 12},
  {"type": "RevealStartCard", "stock": "Whip Burger", "value": 6},
  {"type": "RevealStartCard", "stock": "Chewy Poultry", "value": 12},
  {"type": "RevealStartCard", "stock": "Tiki-Taka Tech", "value": 7},
  {"type": "RevealStartCard", "stock": "Gum Gum Mine", "value": 5},
  {"type": "RevealStartCard", "stock": "Chewy Poultry", "value": 2},
  {"type": "BuyShares", "seat": 0, "stock": "Gum Gum Mine", "value": 6},
  {"type": "EndTurn", "seat": 0},
  {"type": "DrawCard", "seat": 0, "stock": "Whip Burger", "value": 8}],
 "checksum": "68d864657241b2f2cab0f65823add02fa60baa210a4a63bbece167aeb31dbf8e"}'''


def test_the_earlier_save_is_intact_and_its_checksum_is_plain_sha256():
    data = json.loads(EARLIER_SAVE)
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == data["checksum"]
    deal = [a["seat"] for a in data["actions"][:16]]
    assert deal == [0, 1] * 8                    # one card at a time round the table


def test_an_earlier_save_no_longer_replays_as_it_is_and_says_which_card():
    with pytest.raises(SaveFileError) as info:
        Match.from_json(EARLIER_SAVE)
    assert str(info.value) == ("Entry 2 of the saved log cannot be replayed: The next card is dealt "
                               "to Alice, not Bob; each player's 8 cards are dealt in a row.")


def test_load_earlier_save_puts_the_deal_in_order_and_the_match_goes_on_as_it_was():
    data = json.loads(EARLIER_SAVE)
    m = load_earlier_save(EARLIER_SAVE)
    assert len(m) == len(data["actions"])
    old_hands = {seat: sorted((a["stock"], a["value"]) for a in data["actions"][:16] if a["seat"] == seat)
                 for seat in (0, 1)}
    assert [a.seat for a in m.log[:16]] == [0] * 8 + [1] * 8
    assert {seat: sorted((a.stock, a.value) for a in m.log[:16] if a.seat == seat)
            for seat in (0, 1)} == old_hands
    # what the save showed: start prices from the turned-up cards, Alice's 600 Gum Gum Mine
    # shares bought at $10 ($20,000 - $6,000), her refill card drawn, Bob to play
    assert m.view()["stocks"] == {"Chewy Poultry": 2, "Whip Burger": 1, GG: 10, "Tiki-Taka Tech": 4}
    assert m.state.money == [14_000, 20_000]
    assert m.view()["players"][0]["holdings"][GG] == 600 and m.view()["to_act"] == 1
    assert m.game.options["crash_counts_as_change"] is True      # an option the save did not know
    assert Match.from_json(m.to_json()).log == m.log              # saved again, it loads as it is
    assert load_earlier_save(m.to_json()).log == m.log


def test_a_damaged_earlier_save_is_still_refused():
    damaged = EARLIER_SAVE.replace('"value": 10}', '"value": 9}', 1)
    assert damaged != EARLIER_SAVE
    with pytest.raises(SaveFileError, match="cannot be replayed|checksum"):
        load_earlier_save(damaged)
    with pytest.raises(SaveFileError):
        load_earlier_save("not a save")
