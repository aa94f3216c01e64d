"""Bad input of every kind is refused by the core in plain words (a TabletopError, never a
TypeError) and leaves the match exactly as it was: wrong-typed action fields, wrong-typed
arguments to Match's methods, a rule that fails part way. Also the public record and the
ledger as each viewer may see it."""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from tabletop import (HistoryError, IllegalAction, MalformedAction, Match, OptionsError,
                      SaveFileError, UnknownTitle)
from tabletop.core import Action
from tabletop.match import _checksum
from tabletop.registry import register_title
from tabletop.stockpile import actions as SA
from tabletop.testing import snapshot

from . import partway
from .toy import TITLE as TOY, Buy, DrawCard, Pass, ToyState, ToyTitle

register_title(TOY)
register_title(partway.TITLE)


def dealt(title="toy", players=("Alice", "Bob")):
    m = Match(title, players, seed=1)
    m.apply(DrawCard(0, 4))
    m.apply(DrawCard(1, 2))
    return m


def unchanged_after(m: Match, call, error, message: str):
    """``call`` raises ``error`` whose text is exactly ``message``, and the match is as it was."""
    before = (m.to_json(), snapshot(m), m.describe_log(None), m.can_redo())
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message
    assert (m.to_json(), snapshot(m), m.describe_log(None), m.can_redo()) == before


# --- action fields -------------------------------------------------------------------------------

def test_a_seat_is_a_whole_number_not_a_float_or_a_bool():
    # Buy(False) and Buy(0.0) compare equal to Buy(0), the legal move: only the type tells them apart
    m = dealt()
    assert m.current_player() == 0
    unchanged_after(m, lambda: m.apply(Buy(False)), MalformedAction,
                    "Buy: seat must be a whole number, not False.")
    unchanged_after(m, lambda: m.apply(Buy(0.0)), MalformedAction,
                    "Buy: seat must be a whole number, not 0.0.")
    m.apply(Buy(0))
    assert m.state.money == [7, 10]


def test_stockpile_chance_entries_refuse_a_float_or_bool_seat_and_such_a_save_is_refused():
    # issue 11 item 7: DealStartingStock(0.0, ...) used to be accepted, then the log broke
    m = Match("stockpile", ["Alice", "Bob", "Carol"], seed=0)
    company = "Epic Electric"
    unchanged_after(m, lambda: m.apply(SA.DealStartingStock(0.0, company)), MalformedAction,
                    "DealStartingStock: seat must be a whole number, not 0.0.")
    unchanged_after(m, lambda: m.apply(SA.DealStartingStock(True, company)), MalformedAction,
                    "DealStartingStock: seat must be a whole number, not True.")
    unchanged_after(m, lambda: m.apply(SA.DealStartingStock(0, 7)), MalformedAction,
                    "DealStartingStock: company must be text, not 7.")
    data = m.to_dict()
    data["actions"].append({"type": "DealStartingStock", "seat": 0.0, "company": company})
    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    with pytest.raises(SaveFileError, match=r"^Entry 1 of the saved log cannot be replayed: "
                                            r"DealStartingStock: seat must be a whole number, not 0\.0\.$"):
        Match.from_dict(data)


def test_optional_and_tuple_fields():
    m = Match("stockpile", ["Alice", "Bob"], seed=0)
    # ``target: int | None``: None passes the type check (the rules then judge the moment)
    with pytest.raises(IllegalAction):
        m.apply(SA.PeekPair(0, None, 0))
    unchanged_after(m, lambda: m.apply(SA.PeekPair(0, "Bob", 0)), MalformedAction,
                    "PeekPair: target must be a whole number or left empty, not 'Bob'.")
    # a bare ``tuple`` holds plain values only: no list, table or float inside
    unchanged_after(m, lambda: m.apply(SA.AuctionResult(0, [(0, 1000)])), MalformedAction,
                    "AuctionResult: piles must be a tuple of whole numbers, text, true/false or "
                    "tuples of them, not [(0, 1000)].")
    unchanged_after(m, lambda: m.apply(SA.AuctionResult(0, ((0, 1000.0),))), MalformedAction,
                    "AuctionResult: piles must be a tuple of whole numbers, text, true/false or "
                    "tuples of them, not ((0, 1000.0),).")
    unchanged_after(m, lambda: m.apply(SA.SellStock(0, "Epic Electric", 1)), MalformedAction,
                    "SellStock: split must be true or false, not 1.")


@dataclass(frozen=True)
class Hand(Action):
    seat: int
    cards: tuple[int, ...]
    pair: tuple[str, int]
    note: str | None = None


@pytest.mark.parametrize("hand, message", [
    (Hand(0, (2, 3), ("x", 1)), None),
    (Hand(0, (), ("x", 1), "hi"), None),
    (Hand(0, [2, 3], ("x", 1)), "Hand: cards must be a tuple, each entry a whole number, not [2, 3]."),
    (Hand(0, (2, True), ("x", 1)), "Hand: cards must be a tuple, each entry a whole number, not (2, True)."),
    (Hand(0, (2,), ("x", 1, 2)), "Hand: pair must be a tuple of 2: text, a whole number, not ('x', 1, 2)."),
    (Hand(0, (2,), (1, "x")), "Hand: pair must be a tuple of 2: text, a whole number, not (1, 'x')."),
    (Hand(0, (2,), ("x", 1), 5), "Hand: note must be text or left empty, not 5."),
    (Hand(0, (2,), ("x", 1), "x" * 100), None),
    (Hand(-1.5, (2,), ("x", 1)), "Hand: seat must be a whole number, not -1.5."),
    (Hand(0, tuple(range(100)), ("y" * 100, 1), {"a": 1}),
     "Hand: note must be text or left empty, not {'a': 1}."),
])
def test_parametrised_annotations_are_checked(hand, message):
    if message is None:
        hand.check_fields()
    else:
        with pytest.raises(MalformedAction) as info:
            hand.check_fields()
        assert str(info.value) == message


def test_not_an_action_of_this_game():
    m = dealt()
    for junk in (None, "Buy", {"type": "Buy", "seat": 0}, Buy, 0, SA.Pass(0)):
        with pytest.raises(MalformedAction, match="is not an action of Toy"):
            m.apply(junk)
    unchanged_after(m, lambda: m.apply(SA.Pass(0)), MalformedAction,
                    "Pass(seat=0) is not an action of Toy.")


# --- Match's methods ---------------------------------------------------------------------------

@pytest.mark.parametrize("call, error, message", [
    (lambda m: m.view("0"), IllegalAction,
     "There is no seat '0' in this game (the seats are numbered 0 to 1)."),
    (lambda m: m.view(True), IllegalAction,
     "There is no seat True in this game (the seats are numbered 0 to 1)."),
    (lambda m: m.view(0.0), IllegalAction,
     "There is no seat 0.0 in this game (the seats are numbered 0 to 1)."),
    (lambda m: m.view(2), IllegalAction,
     "There is no seat 2 in this game (the seats are numbered 0 to 1)."),
    (lambda m: m.describe_log("0"), IllegalAction,
     "There is no seat '0' in this game (the seats are numbered 0 to 1)."),
    (lambda m: m.offered_actions([0]), IllegalAction,
     "There is no seat [0] in this game (the seats are numbered 0 to 1)."),
    (lambda m: m.undo_to("2"), HistoryError,
     "Go back to an entry given by its number (0 to 3), not '2'."),
    (lambda m: m.undo_to(True), HistoryError,
     "Go back to an entry given by its number (0 to 3), not True."),
    (lambda m: m.undo_to(2.0), HistoryError,
     "Go back to an entry given by its number (0 to 3), not 2.0."),
    (lambda m: m.undo_to(-1), HistoryError, "The log has 3 entries; cannot go back to entry -1."),
    (lambda m: m.ledger("everyone"), IllegalAction,
     "There is no seat 'everyone' in this game (the seats are numbered 0 to 1)."),
    (lambda m: m.value_history(1.0), IllegalAction,
     "There is no seat 1.0 in this game (the seats are numbered 0 to 1)."),
    (lambda m: m.save(3.5), SaveFileError, "A match is saved to a file path, not 3.5."),
])
def test_wrong_arguments_are_refused_in_words(call, error, message):
    m = dealt()
    m.apply(Buy(0))
    unchanged_after(m, lambda: call(m), error, message)


@pytest.mark.parametrize("args, error, message", [
    (("toy", "Alice"), OptionsError, "The players are a list of names, not 'Alice'."),
    (("toy", 2), OptionsError, "The players are a list of names, not 2."),
    (("toy", ["Alice", 3]), OptionsError, "A player's name is text, not 3."),
    (("toy", ["Alice", "Bob"], "ab"), OptionsError,
     "The options are a table of option names and values, not 'ab'."),
    (("toy", ["Alice", "Bob"], None, 1.5), OptionsError, "The seed is a whole number (or none), not 1.5."),
    (("toy", ["Alice", "Bob"], None, True), OptionsError, "The seed is a whole number (or none), not True."),
    ((["toy"], ["Alice", "Bob"]), UnknownTitle, "A game is named by text, such as 'stockpile'; not ['toy']."),
    (("toy", ["Alice", "\ud800"]), OptionsError,
     "Player names, options and the seed must be plain text and numbers that a saved match can hold."),
    (("toy", ["Alice", "Bob"], {"money": float("nan")}), OptionsError,
     "Player names, options and the seed must be plain text and numbers that a saved match can hold."),
    (("toy", ["Alice", "Bob"], None, 10**5000), OptionsError,
     "Player names, options and the seed must be plain text and numbers that a saved match can hold."),
])
def test_a_new_match_refuses_wrong_types_in_words(args, error, message):
    with pytest.raises(error) as info:
        Match(*args)
    assert str(info.value) == message


def test_a_title_check_that_crashes_on_odd_options_becomes_an_options_error():
    with pytest.raises(OptionsError, match=r"^Toy cannot use these options"):
        Match("toy", ["Alice", "Bob"], {"money": "lots"})  # "lots" + ... in the toy's setup


# --- all or nothing --------------------------------------------------------------------------

def test_a_rule_refusing_part_way_leaves_the_match_as_it_was():
    # BuyTwo pays for the first share before it finds there is no money for the second
    m = dealt("toy-partway")
    m.apply(partway.BuyTwo(0))                  # $3 + $4 of Alice's $10
    m.apply(Pass(1))
    assert m.state.money == [3, 10] and m.state.shares == [2, 0]
    unchanged_after(m, lambda: m.apply(partway.BuyTwo(0)), IllegalAction,
                    "Alice cannot pay for a second share of X.")
    assert m.state.money == [3, 10] and m.state.shares == [2, 0] and m.state.price == 5
    assert list(m.ledger().amount) == [10, 10, 3, 4]
    assert list(m.value_history().value) == [3, 4, 5]


def test_a_rules_bug_part_way_is_rolled_back_and_named():
    m = dealt("toy-partway")
    unchanged_after(m, lambda: m.apply(partway.Glitch(0)), IllegalAction,
                    "Glitch could not be played (division by zero).")
    assert m.state.money == [10, 10]


# --- exports and tables for each viewer -----------------------------------------------------------

class HiddenBuysState(ToyState):
    """A toy with hidden money: what a player pays for shares is known only to that player."""
    def payment_visible(self, payment, viewer):
        return payment.reason != "buy X" or payment.payer == viewer

    def clone(self):
        c = super().clone()
        c.__class__ = HiddenBuysState
        return c


class HiddenBuysTitle(ToyTitle):
    name = "toy-hidden-buys"
    state_class = HiddenBuysState


register_title(HiddenBuysTitle())


def test_ledger_for_each_viewer():
    m = dealt("toy-hidden-buys")
    m.apply(Buy(0))
    m.apply(Buy(1))
    rows = lambda frame: list(zip(frame.payer, frame.amount, frame.reason))  # noqa: E731
    start = [("bank", 10, "starting money")] * 2
    everything = start + [("Alice", 3, "buy X"), ("Bob", 4, "buy X")]
    assert rows(m.ledger()) == rows(m.ledger("all")) == everything
    assert rows(m.ledger(None)) == start
    assert rows(m.ledger(0)) == start + [("Alice", 3, "buy X")]
    assert rows(m.ledger(1)) == start + [("Bob", 4, "buy X")]
    assert list(m.value_history(None).value) == list(m.value_history().value) == [3, 4, 5]


def test_public_record_holds_what_the_table_may_know_and_no_secret():
    m = dealt("toy-hidden-buys")
    m.apply(Buy(0))
    record = m.public_record()
    assert json.loads(json.dumps(record)) == record
    assert record["format"] == "tabletop-public-record" and record["version"] == 1
    assert (record["title"], record["display_name"], record["players"]) == ("toy-hidden-buys", "Toy",
                                                                            ["Alice", "Bob"])
    assert record["log"] == ["Alice draws a card", "Bob draws a card", "Alice buys X"]
    assert record["actions"] == [{"type": "DrawCard", "seat": 0, "hidden": True},
                                 {"type": "DrawCard", "seat": 1, "hidden": True},
                                 {"type": "Buy", "seat": 0}]
    assert record["view"] == m.view(None) and "private" not in record["view"]
    assert [r["reason"] for r in record["ledger"]] == ["starting money"] * 2   # the buy is hidden
    assert [r["value"] for r in record["value_history"]] == [3, 4]
    assert record["outcome"] is None
    assert "seed" not in record and "checksum" not in record
    # the same match with other secret cards gives the same record
    other = Match("toy-hidden-buys", ["Alice", "Bob"], seed=2)
    for a in (DrawCard(0, 1), DrawCard(1, 5), Buy(0)):
        other.apply(a)
    assert other.public_record() == record
    m.apply(Pass(1))
    m.apply(Pass(0))
    assert m.public_record()["outcome"] == {"scores": [11, 10], "winners": [0], "reason": "game over"}


def test_a_public_record_cannot_be_resumed():
    record = dealt().public_record()
    message = ("This file is a public record of a match (what the whole table may know, without "
               "the secrets); it cannot be resumed; a full backup can.")
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(record)
    assert str(info.value) == message
    with pytest.raises(SaveFileError) as info:
        Match.from_json(json.dumps(record))
    assert str(info.value) == message


@pytest.mark.parametrize("title, n", [("stockpile", 3), ("acquire", 4), ("black-monday", 3), ("jika", 4)])
def test_a_public_record_is_the_same_whatever_the_secret_entries(title, n):
    """Fork real games at secret entries (a dealt card, a drawn tile): the public records of the
    forks are equal, while the full backups differ."""
    import random
    rng, forks = random.Random(5), 0
    m = Match(title, [f"P{i}" for i in range(n)], seed=5)
    while not m.is_over() and forks < 12:
        legal = m.legal_actions()
        secret = [a for a in legal if a.secret_to is not None]
        if m.current_player() < 0 and len(secret) > 1 and rng.random() < 0.3:
            one, other = rng.sample(secret, 2)
            records, backups = [], []
            for entry in (one, other):
                m.apply(entry)
                records.append(m.public_record())
                backups.append(m.to_dict())
                m.undo()
            assert records[0] == records[1], (one, other)
            assert backups[0] != backups[1]
            forks += 1
        m.apply(m.sample_chance() if m.current_player() < 0 else rng.choice(legal))
    assert forks >= 8


@dataclass(frozen=True)
class Picky(Action):
    """An action whose own __post_init__ trips over odd values (as a title's may)."""
    seat: int

    def __post_init__(self):
        if self.seat < 0:
            raise ValueError("a seat is never negative")


def test_an_action_that_cannot_be_built_from_a_save_is_malformed():
    kinds = {"Picky": Picky}
    assert Action.from_dict({"type": "Picky", "seat": 1}, kinds) == Picky(1)
    for seat, why in (("x", "'<' not supported"), (-1, "a seat is never negative")):
        with pytest.raises(MalformedAction, match=f"^Picky cannot hold these values \\({why}"):
            Action.from_dict({"type": "Picky", "seat": seat}, kinds)
    with pytest.raises(MalformedAction, match=r"^An action must be a mapping with a 'type' \(a name\)"):
        Action.from_dict({"type": ["Picky"], "seat": 1}, kinds)


def test_an_error_quotes_a_wrong_value_whole_up_to_40_characters_then_cut():
    """A refusal quotes what was given, shortened so that a huge value cannot flood the message:
    40 characters whole, a longer one as its first 37 and "..."; a value that cannot even be
    written out is named by its kind."""
    def refusal(title) -> str:
        with pytest.raises(UnknownTitle) as info:
            Match(title, ["Ann", "Ben"])
        return str(info.value)
    said = "A game is named by text, such as 'stockpile'; not {}."
    assert refusal(b"x" * 37) == said.format("b'" + "x" * 37 + "'")          # 40 characters
    assert refusal(b"x" * 38) == said.format("b'" + "x" * 35 + "...")        # 41: cut to 37 + ...

    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")
    assert refusal(Hostile()) == said.format("a Hostile")
