"""Stockpile started from the table as it is (a Position, then each player's face-down cards),
corrections, the ledger's kind and subject, and Match.waiting_for as data."""
import random

import pytest

from tabletop import Match
from tabletop.core import Correction
from tabletop.errors import IllegalAction, NotYourTurn
from tabletop.stockpile import actions as A
from tabletop.stockpile.data import COMPANIES
from tabletop.testing import cut_and_restart, play_with_corrections, refused_unchanged

from .table import AUTO, BANK_, COSMIC, EPIC, LABS, STEEL

PLAYERS = ("Alice", "Bob", "Carol")
START = tuple((c, 4) for c in COMPANIES)          # every company on its start space (value 5)


def position(**changes) -> A.Position:
    fields = dict(round=2, first_player=1, money=(20_000, 15_000, 9_000), spaces=START,
                  stock_cards=(3, 1, 0), split_cards=(2, 0, 0))
    fields.update(changes)
    return A.Position(**fields)


def started(pos=None, players=PLAYERS, holdings=None, **options) -> Match:
    """A match started from ``pos``; ``holdings`` per seat: (regular companies, split companies)."""
    m = Match("stockpile", players, options, seed=0)
    m.apply(pos or position())
    holdings = holdings or {0: ([EPIC, EPIC, LABS], [EPIC, STEEL]), 1: ([AUTO], [])}
    while m.state.step == 17:                    # HOLDING: each seat enters its cards
        seat = m.state.queue[0]
        regular, split = holdings[seat]
        m.apply(A.DealHolding(seat, regular.pop(0), False) if regular else A.DealHolding(seat, split.pop(0), True))
    return m


# --- a position in one entry ----------------------------------------------------------------------

def test_epic_electric_at_10_and_alice_with_2_split_and_3_regular_cards_in_a_few_entries():
    spaces = tuple((c, 9 if c == EPIC else 4) for c in COMPANIES)
    m = started(position(spaces=spaces))
    view = m.view()
    assert view["stocks"][EPIC] == 10 and view["stocks"][COSMIC] == 5
    assert view["round"] == 2 and view["first_player"] == 1
    assert [p["money"] for p in view["players"]] == [20_000, 15_000, 9_000]
    assert view["players"][0]["holdings"] == {"stock_cards": 3, "split_cards": 2}
    assert m.view(0)["private"]["portfolio"] == {EPIC: 2, LABS: 1}
    assert m.view(0)["private"]["split_portfolio"] == {EPIC: 1, STEEL: 1}
    # the round starts at once: the face-up pair is laid out, then Bob (first player) gets his
    assert m.waiting_for().actions == ("RevealOpenPair",)
    # the market deck is the 80 cards less the 6 held
    assert view["board"]["deck"] == 80 - 6 and view["board"]["discard"] == 0
    # the ledger starts with the money on the table, kind "position"
    ledger = m.ledger()
    assert list(ledger["amount"]) == [20_000, 15_000, 9_000] and set(ledger["kind"]) == {"position"}


def test_the_public_log_shows_the_position_but_not_the_face_down_cards():
    m = started()
    public = m.describe_log(None)
    assert public[0].startswith("Started from the table as it is: round 2, Bob first; money Alice $20,000")
    assert public[1:7] == (["Bob enters a face-down card of their portfolio"]
                           + ["Alice enters a face-down card of their portfolio"] * 5)
    assert "Epic" not in " ".join(public[1:])
    assert m.describe_log(0)[2:4] == ["Alice holds a regular card of Epic Electric"] * 2
    assert m.describe_log(0)[5] == "Alice holds a split card of Epic Electric"


def test_each_player_enters_only_their_own_cards_and_the_screens_say_no_more_than_the_table():
    m = Match("stockpile", PLAYERS, seed=0)
    m.apply(position(discard=((EPIC, 9),)))      # nine Epic cards are in the discard pile
    wait = m.waiting_for()
    assert (wait.seat, wait.kind, wait.secret) == (1, "chance", True)        # Bob first
    refused_unchanged(m, A.DealHolding(0, EPIC, False), NotYourTurn, "Bob's")
    refused_unchanged(m, A.DealHolding(1, AUTO, True), IllegalAction, "no more split cards")
    m.apply(A.DealHolding(1, EPIC, False))       # Bob holds the tenth Epic
    # Alice's screen and the shared screen still offer Epic: only the discard pile is public
    assert A.DealHolding(0, EPIC, False) in m.offered_actions(0)
    assert A.DealHolding(0, EPIC, False) in m.offered_actions(None)
    # issue 28: refusing Alice's Epic ("No Epic Electric card is left") told her that someone held
    # the tenth; it is taken as any card would be, and the table sees the same as for another
    epic, auto = m.state.clone(), m.state.clone()
    epic.apply(A.DealHolding(0, EPIC, False))
    auto.apply(A.DealHolding(0, AUTO, False))
    assert epic.view(None) == auto.view(None)
    m.apply(A.DealHolding(0, EPIC, False))
    # a copy the player knows is not there (all discarded, or her own) is refused in words
    refused_unchanged(m, A.DealHolding(0, EPIC, False), IllegalAction, "No Epic Electric card is left")
    # Bob, entering for himself, would not be offered an Epic: he holds the last one
    assert all(a.company != EPIC for a in m.state.chance_entries(1)) or m.state.queue[0] != 1


# --- bad positions are refused in words, and nothing is stored ------------------------------------

@pytest.mark.parametrize("changes, words", [
    ({"money": (20_000, -1, 0)}, "Bob cannot have -$1: money is never below $0"),
    ({"money": (1, 2)}, "money for 2 players; this match has 3"),
    ({"round": 8}, "rounds 1 to 7; there is no round 8"),
    ({"first_player": 3}, "seat from 0 to 2"),
    ({"spaces": START[:5]}, "missing: Epic Electric"),
    ({"spaces": START[:5] + ((EPIC, 10),)}, "spaces 0 to 9"),
    ({"discard": ((EPIC, 11),)}, "The game has 10 Epic Electric cards"),
    ({"discard": (("Boom", 5),)}, "The game has 4 Boom cards"),
    ({"stock_cards": (30, 20, 9), "split_cards": (0, 0, 2)}, "hold 61 stock cards, but only 60"),
    ({"stock_cards": (20, 20, 10)}, "The market deck would hold 28 cards, but rounds 2 to 7 need 54"),
    ({"unpaid_fees": ((), ("Fee $3,000",), ())}, "Bob cannot owe the Fee $3,000 card while having $15,000"),
    ({"unpaid_fees": ((), (EPIC,), ())}, "not a trading fee card"),
    ({"investors": (("Crazy Cramer",), (), ())}, "played without investors"),
    ({"discard": ((EPIC, 1), (EPIC, 1))}, "lists Epic Electric twice"),
    ({"stock_cards": (0, -1, 0)}, "negative number of cards"),
])
def test_impossible_positions_are_refused_and_the_match_is_unchanged(changes, words):
    m = Match("stockpile", PLAYERS, seed=0)
    refused_unchanged(m, position(**changes), IllegalAction, words)
    assert len(m) == 0


def test_investors_each_player_keeps_one_and_no_investor_twice():
    m = Match("stockpile", PLAYERS, {"investors": True}, seed=0)
    refused_unchanged(m, position(), IllegalAction, "each player keeps 1; Alice keeps 0")
    twice = (("Crazy Cramer",), ("Crazy Cramer",), ("Wise Warren",))
    refused_unchanged(m, position(investors=twice), IllegalAction, "Crazy Cramer cannot be kept by two")
    m.apply(position(investors=(("Crazy Cramer",), ("Golden Graham",), ("Wise Warren",)),
                     stock_cards=(0, 0, 0), split_cards=(0, 0, 0)))
    assert [p["investors"] for p in m.view()["players"]] == [["Crazy Cramer"], ["Golden Graham"], ["Wise Warren"]]
    # capital is not paid again: the money is what the table said
    assert m.state.money == [20_000, 15_000, 9_000]


def test_a_position_only_as_the_first_entry():
    m = Match("stockpile", PLAYERS, seed=0)
    m.apply(A.DealStartingStock(0, EPIC))
    refused_unchanged(m, position(), IllegalAction, "only be the first entry")
    m2 = started()
    refused_unchanged(m2, position(), IllegalAction, "only be the first entry")


def test_undo_and_save_replay_a_match_started_from_a_position():
    m = started()
    copy = Match.from_json(m.to_json())
    assert copy.view(0) == m.view(0) and copy.log == m.log
    while m.can_undo():
        m.undo()
    assert m.view()["round"] == 1 and m.state.money == [20_000] * 3


# --- cut at a random round, restarted from its position, the same game ----------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_cut_at_a_round_and_restarted_from_their_position_end_the_same(players):
    for seed in range(4):
        cut_and_restart("stockpile", players, seed)


def test_the_same_with_investors_and_the_expert_board():
    for seed in range(3):
        cut_and_restart("stockpile", 3 + seed % 2, seed, {"investors": True, "expert_board": True})


# --- corrections ----------------------------------------------------------------------------------

def test_a_money_correction_is_public_logged_undoable_and_its_own_ledger_kind():
    m = started()
    fix = Correction("money", 0, "", 19_000, "the bank paid Alice $1,000 too much")
    m.apply(fix)
    assert m.state.money[0] == 19_000
    row = m.ledger().iloc[-1]
    assert (row.payer, row.payee, row.amount, row.kind) == ("Alice", "bank", 1_000, "correction")
    assert row.reason == "correction: the bank paid Alice $1,000 too much"
    assert m.describe_log(None)[-1] == ("Correction: Alice's money is $19,000 "
                                        "(the bank paid Alice $1,000 too much)")
    assert fix.secret_to is None and fix not in m.legal_actions()
    m.undo()
    assert m.state.money[0] == 20_000 and len(m.ledger()) == 3


def test_a_correction_that_brings_money_pays_an_unpaid_fee_at_once():
    m = started(position(money=(500, 15_000, 9_000), unpaid_fees=(("Fee $1,000",), (), ())))
    m.apply(Correction("money", 0, "", 1_500, "Alice sold a card the app missed"))
    assert m.state.money[0] == 500 and m.view()["players"][0]["unpaid_fees"] == []


def test_unpaid_fees_are_settled_in_the_order_the_position_lists_them():
    m = started(position(money=(500, 15_000, 9_000), unpaid_fees=(("Fee $2,000", "Fee $1,000"), (), ())))
    m.apply(Correction("money", 0, "", 2_500, "Alice's sale was missed"))
    # the older $2,000 fee is paid first; the $1,000 one waits for more money
    assert m.state.money[0] == 500 and m.view()["players"][0]["unpaid_fees"] == ["Fee $1,000"]


def test_a_space_correction_moves_the_value():
    m = started()
    m.apply(Correction("space", None, BANK_, 7, "the Bank marker was knocked"))
    assert m.view()["stocks"][BANK_] == 8 and m.value_history().iloc[-1].value == 8


HOLDING_REFUSED = ("A player's face-down cards are theirs to know, so a correction on the shared screen cannot "
                   "set them (the change would show what they held). Undo back to the mistake, or start a new "
                   "match from the table as it is, where each player enters their own cards.")


def test_a_face_down_holding_is_not_corrected_on_the_shared_screen_whatever_it_holds():
    """Issue 28: "Bob cannot be given 20 more Epic Electric cards: the market deck has only 6"
    said where the hidden cards were, and an accepted correction moved Bob's public card count by
    the difference, which said what he held. Whatever Bob holds, every holding correction is
    refused in the same words, and nothing changes."""
    for bobs in ([AUTO], [EPIC]):
        m = started(holdings={0: ([EPIC, EPIC, LABS], [EPIC, STEEL]), 1: (bobs, [])})
        for kind in ("holding", "split holding"):
            for seat, to in ((1, 0), (1, 3), (1, 20), (0, 2), (7, 1)):
                assert refused_unchanged(m, Correction(kind, seat, EPIC, to, "x"), IllegalAction) == HOLDING_REFUSED


@pytest.mark.parametrize("fix, words", [
    (Correction("money", 0, "", -5, "typo"), "whole number, 0 or more"),
    (Correction("money", 0, "", 5, "  "), "needs a reason"),
    (Correction("space", None, EPIC, 10, "a mistake"), "spaces 0 to 9"),
    (Correction("value", None, EPIC, 3, "a mistake"), "fixes money, space; not 'value'"),
    (Correction("money", 7, "", 1, "a mistake"), "no seat 7"),
])
def test_impossible_corrections_are_refused_and_change_nothing(fix, words):
    m = started(position(discard=((EPIC, 1),)))
    refused_unchanged(m, fix, Exception, words)


def _random_correction(m: Match, rng: random.Random):
    st, kind = m.state, rng.choice(("money", "money", "space"))
    seat, c = rng.randrange(st.n), rng.randrange(6)
    if kind == "money":
        to = max(0, st.money[seat] + rng.choice((-3_000, -1_000, 1_000, 5_000)))
    elif kind == "space":
        to, seat = rng.randrange(st.tracks[c].last + 1), None
    else:
        cards = st.split if kind == "split holding" else st.reg
        to = max(0, cards[seat][c] + rng.choice((-1, 1, 2)))
    return Correction(kind, seat, "" if kind == "money" else COMPANIES[c], to, "random fix")


def _census(state):
    assert state.card_census() == list(state.R.card_counts), "a card is missing or twice"
    assert min(state.money) >= 0


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_corrections_of_each_kind_keep_every_invariant(players):
    play_with_corrections("stockpile", players, players, _random_correction, invariant=_census)


# --- the ledger says what each payment is, and of which company -----------------------------------

def test_ledger_rows_carry_a_kind_and_a_subject():
    m = Match("stockpile", PLAYERS, seed=3)
    rng = random.Random(3)
    while not m.is_over():
        m.apply(m.sample_chance() if m.current_player() < 0 else rng.choice(m.legal_actions()))
    ledger = m.ledger()
    assert list(ledger.columns) == ["payer", "payee", "amount", "reason", "round", "phase", "kind", "subject"]
    kinds = dict(zip(ledger["reason"], ledger["kind"]))
    assert kinds["starting money"] == "start"
    for reason, kind in kinds.items():
        expected = ("bid" if reason.startswith("bid for") else "fee" if "trading fee" in reason
                    else "sale" if reason.startswith(("sold", "final sale")) else
                    "split" if "split: bonus" in reason else "bonus" if "majority" in reason
                    else "dividend" if "dividend" in reason or "space" in reason else "start")
        assert kind == expected, (reason, kind)
    for _, row in ledger.iterrows():
        named = [c for c in COMPANIES if c in row.reason]
        assert row.subject == (named[0] if named else ""), row.reason


# --- what the match waits for, as data ---------------------------------------------------------

def test_waiting_for_says_who_what_kind_and_whether_it_is_secret():
    m = Match("stockpile", PLAYERS, seed=0)
    w = m.waiting_for()
    assert (w.seat, w.kind, w.secret, w.actions) == (0, "chance", True, ("DealStartingStock",))
    assert w.hint == "a starting stock is to be dealt to Alice"
    for c in (EPIC, COSMIC, BANK_):
        m.apply(A.DealStartingStock(m.waiting_for().seat, c))
    w = m.waiting_for()
    assert (w.seat, w.kind, w.secret, w.actions) == (None, "chance", False, ("RevealOpenPair",))
    m.apply(A.RevealOpenPair(LABS, "+1"))
    for s, c in enumerate((EPIC, AUTO, STEEL)):
        m.apply(A.DealPair(s, c, "+2" if s == 0 else "-2" if s == 1 else "$$"))
    m.apply(A.DrawToStockpile(0, EPIC))
    for p in (1, 2):
        m.apply(A.DrawToStockpile(p, COSMIC))
    m.apply(A.DrawCard(0, EPIC))
    m.apply(A.DrawCard(0, EPIC))
    w = m.waiting_for()
    assert (w.seat, w.kind, w.secret, w.actions) == (0, "decision", True, ("PlaceCards",))
    m.apply(m.legal_actions()[0])
    for s in (1, 2):
        m.apply(A.DrawCard(s, BANK_))
        m.apply(A.DrawCard(s, BANK_))
        m.apply(m.legal_actions()[0])
    w = m.waiting_for()
    assert (w.seat, w.kind, w.secret, w.actions) == (0, "decision", False, ("PlaceBid",))
