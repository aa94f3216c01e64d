"""Core promises that sampled mutants of tabletop/core.py changed without the core tests and
Black Monday's noticing (docs/testing.md, "Mutation scores"): a correction that lowers a
player's money goes through the ledger as a payment to the bank; an event read as a dict holds
its public facts as plain JSON values; an action's fields are checked against their annotations
(true or false, one of the listed words, tuples nested at most 4 deep in a bare tuple), in words.
Expected values come from the entries each test makes and docs/black-monday.md."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

import pytest

from tabletop import MalformedAction
from tabletop.core import Action, Correction

# pytest puts tests/ on the path: Black Monday's scripted deal
from blackmonday.helpers import new_match


def test_a_correction_lowering_money_is_paid_to_the_bank_in_the_ledger():
    # docs/black-monday.md: everyone starts with $20,000; a money correction's difference is
    # recorded in the ledger, kind "correction"
    m = new_match()
    m.apply(Correction("money", 0, "", 15_000, "the bank paid Alice $5,000 too much"))
    assert m.view(None)["players"][0]["money"] == 15_000 and m.view(None)["players"][1]["money"] == 20_000
    row = m.ledger().iloc[-1]
    assert (row.payer, row.payee, row.amount, row.kind) == ("Alice", "bank", 5_000, "correction")


def test_an_event_as_a_dict_holds_its_public_facts_as_plain_values():
    m = new_match(starts="CP4 WB3 GG10 TT10")      # the start cards turned up, in this order
    opened = [e for e in m.events() if e.kind == "market_open"]
    assert len(opened) == 1
    as_dict = opened[0].to_dict()
    assert as_dict == {"round": 1, "phase": "trade", "kind": "market_open", "seat": 0,
                       "prices": [["Chewy Poultry", 4], ["Whip Burger", 3], ["Gum Gum Mine", 10],
                                  ["Tiki-Taka Tech", 10]]}
    assert json.loads(json.dumps(as_dict)) == as_dict



@dataclass(frozen=True)
class Order(Action):
    """A title's action with the field kinds the titles use seldom: a flag (Stockpile's
    SellStock.split), one of some words, a bare tuple (Stockpile's AuctionResult.piles)."""
    seat: int
    split: bool
    side: Literal["buy", "sell"]
    piles: tuple


FOUR_DEEP = ((((1,),),),)                      # the bare tuple and 3 more inside it


@pytest.mark.parametrize("order, refusal", [
    (Order(0, True, "buy", FOUR_DEEP), None),
    (Order(0, False, "sell", ()), None),
    (Order(0, 1, "buy", ()), "Order: split must be true or false, not 1."),
    (Order(0, True, "hold", ()), "Order: side must be 'buy' or 'sell', not 'hold'."),
    (Order(0, True, "buy", (FOUR_DEEP,)), "Order: piles must be a tuple of whole numbers, text, "
                                         "true/false or tuples of them, not (((((1,),),),),)."),
])
def test_flags_words_and_nested_tuples_are_checked_in_words(order, refusal):
    if refusal is None:
        order.check_fields()
    else:
        with pytest.raises(MalformedAction) as info:
            order.check_fields()
        assert str(info.value) == refusal


def test_a_saved_action_with_a_field_too_many_or_too_few_is_refused_naming_them():
    data = {"type": "Order", "seat": 0, "split": True, "side": "buy", "piles": [], "colour": "red"}
    with pytest.raises(MalformedAction) as info:
        Action.from_dict(data, {"Order": Order})
    assert str(info.value) == "Order needs the fields ['piles', 'seat', 'side', 'split']; unexpected ['colour']."
    del data["colour"], data["side"]
    with pytest.raises(MalformedAction) as info:
        Action.from_dict(data, {"Order": Order})
    assert str(info.value) == "Order needs the fields ['piles', 'seat', 'side', 'split']; missing ['side']."
