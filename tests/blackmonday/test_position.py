"""Black Monday started from the table as it is (a Position, then each player's hand), and
corrections of money, held cards and prices."""
import json
import random

import pytest

from tabletop import Match
from tabletop.blackmonday import BuyShares, DealCard, Position
from tabletop.core import Correction
from tabletop.errors import IllegalAction, MalformedAction, NotYourTurn
from tabletop.testing import cut_and_restart, play_with_corrections, refused_unchanged

from .helpers import CP, GG, TT, WB, cards, hand, invariant

PILES = ((CP, (4, 6)), (WB, (3,)), (GG, (10, 14 - 5)), (TT, ()))   # Tiki-Taka Tech delisted


def position(**changes) -> Position:
    fields = dict(round=3, seat=1, money=(12_000, 30_000), held=(((CP, 5), (CP, 7)), ((GG, 2),)),
                  piles=PILES, discard=((TT, 12), (TT, 4), (WB, 9)))
    fields.update(changes)
    return Position(**fields)


HANDS = {1: "CP3 CP10 CP2 WB5 GG10 TT10 CP11 TT13", 0: "CP5 WB2 WB9 GG1 GG2 TT4 WB12 GG13"}


def started(pos=None, players=("Alice", "Bob"), hands=HANDS, options=None) -> Match:
    m = Match("black-monday", players, options, seed=0)
    m.apply(pos or position())
    dealt = dict.fromkeys(hands, 0)
    # the public way: the match says whose card is dealt next (each owner enters their own)
    while (wait := m.waiting_for()).actions == ("DealCard",):
        assert wait.seat == m.state.chance_owner() and wait.secret
        m.apply(DealCard(wait.seat, *cards(hands[wait.seat])[dealt[wait.seat]]))
        dealt[wait.seat] += 1
    return m


def test_a_position_then_the_hands_then_the_turn_of_the_player_named():
    m = Match("black-monday", ("Alice", "Bob"), seed=0)
    m.apply(position())
    wait = m.waiting_for()
    assert (wait.seat, wait.kind, wait.secret, wait.actions) == (1, "chance", True, ("DealCard",))
    m = started()
    view = m.view()
    assert view["stocks"] == {CP: 6, WB: 3, GG: 9, TT: 0} and view["board"]["delisted"] == [TT]
    assert [p["money"] for p in view["players"]] == [12_000, 30_000]
    assert view["players"][0]["holdings"][CP] == 1_200 and view["players"][1]["held_cards"][GG] == [2]
    assert view["round"] == 3 and view["to_act"] == 1 and view["phase"] == "trade"
    assert view["board"]["discard"] == 3 and view["board"]["deck_number"] == 1
    # 104 cards: 2 + 1 held, 5 in piles, 3 discarded, 16 in hands; the deck holds the rest
    assert view["board"]["deck"] == 104 - 3 - 5 - 3 - 16
    assert hand(m, 1) == sorted("CP3 CP10 CP2 WB5 GG10 TT10 CP11 TT13".split())
    # Bob plays on: 500 Whip Burger shares at $3
    m.apply(BuyShares(1, WB, 5))
    assert m.view()["players"][1]["money"] == 30_000 - 500 * 3
    assert m.describe_log(None)[0] == (
        "Started from the table as it is: round 3, Bob's turn; money Alice $12,000, Bob $30,000; "
        "prices Chewy Poultry $6, Whip Burger $3, Gum Gum Mine $9, Tiki-Taka Tech delisted; "
        "Alice holds Chewy Poultry $5, Chewy Poultry $7; Bob holds Gum Gum Mine $2; "
        "3 cards in the discard pile")
    assert m.describe_log(None)[1] == "Bob is dealt a card."


def test_hand_entries_offer_what_the_viewer_may_know_and_refuse_a_third_copy():
    m = Match("black-monday", ("Alice", "Bob"), seed=0)
    m.apply(position(discard=((TT, 12), (TT, 12))))
    # both Tiki-Taka $12 are in the discard pile (public): nobody is offered one
    for viewer in (None, 0, 1):
        offered = m.offered_actions(viewer)
        assert DealCard(1, TT, 12) not in offered and DealCard(1, TT, 11) in offered
    refused_unchanged(m, DealCard(1, TT, 12), IllegalAction, "No Tiki-Taka Tech $12 card is left")
    refused_unchanged(m, DealCard(0, TT, 11), IllegalAction, "dealt to Bob")
    m.apply(DealCard(1, TT, 11))
    m.apply(DealCard(1, TT, 11))
    # Bob, entering his own hand, is not offered a third $11; the others' screens still offer it
    assert DealCard(1, TT, 11) not in m.offered_actions(1)
    assert DealCard(1, TT, 11) in m.offered_actions(0) and DealCard(1, TT, 11) in m.offered_actions(None)


@pytest.mark.parametrize("changes, error, words", [
    ({"money": (-100, 0)}, IllegalAction, "Alice cannot have -$100"),
    ({"money": (1,)}, IllegalAction, "for 1 and 2 players; this match has 2"),
    ({"seat": 2}, IllegalAction, "a seat from 0 to 1"),
    ({"round": 0}, IllegalAction, "1 or more"),
    ({"held": (((CP, 12),), ())}, IllegalAction, "cannot hold Chewy Poultry $12 sideways"),
    ({"held": (((CP, 10), (CP, 10)), ())}, IllegalAction, "cannot hold 2,000 Chewy Poultry shares"),
    ({"held": (((CP, 4), (CP, 4)), ())}, IllegalAction, "The game has 2 Chewy Poultry $4 cards, but the position shows 3"),
    ({"piles": ((CP, (4, 8)),) + PILES[1:]}, IllegalAction, "cannot go from $4 to $8"),
    ({"piles": ((CP, (12,)),) + PILES[1:]}, IllegalAction, "bottom price card is $12"),
    ({"piles": PILES[:3]}, IllegalAction, "missing: Tiki-Taka Tech"),
    ({"piles": PILES + ((TT, ()),)}, IllegalAction, "price pile twice"),
    ({"discard": (("Bitcoin", 3),)}, MalformedAction, "not a Black Monday stock"),
    ({"discard": ((CP, 14),)}, IllegalAction, "worth $1 to $13"),
])
def test_impossible_positions_are_refused_and_nothing_is_stored(changes, error, words):
    m = Match("black-monday", ("Alice", "Bob"), seed=0)
    refused_unchanged(m, position(**changes), error, words)
    assert len(m) == 0 and m.state.phase == "deal"


def test_too_few_cards_left_for_the_hands():
    m = Match("black-monday", ("Alice", "Bob"), {"copies": 1}, seed=0)
    everything = tuple((s, v) for s in (CP, WB, GG) for v in range(1, 14)) + tuple((TT, v) for v in range(1, 3))
    refused_unchanged(m, position(held=((), ()), piles=((CP, ()), (WB, ()), (GG, ()), (TT, ())),
                                  discard=everything), IllegalAction, "Only 11 cards are left", "need 16")


def test_a_position_only_first():
    m = started()
    refused_unchanged(m, position(), IllegalAction, "only be the first entry")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_cut_at_a_turn_and_restarted_from_their_position_end_the_same(players):
    for seed in range(3):
        match, _, _ = cut_and_restart("black-monday", players, 10 * seed + players)
        assert match.state.deck_number == 2     # the games ran through the rebuilt deck


def test_the_same_with_the_500_share_variant_and_three_copies():
    cut_and_restart("black-monday", 3, 7, {"five_hundred_shares": True, "copies": 3})


# --- corrections ----------------------------------------------------------------------------------

def test_corrections_of_money_held_cards_and_prices():
    m = started()
    m.apply(Correction("money", 0, "", 13_000, "the dealer short-changed Alice"))
    row = m.ledger().iloc[-1]
    assert (row.payee, row.amount, row.kind, row.reason) == ("Alice", 1_000, "correction",
                                                             "correction: the dealer short-changed Alice")
    m.apply(Correction("remove holding", 0, CP, 7, "Alice sold it last turn"))
    assert m.view()["players"][0]["held_cards"][CP] == [5] and m.view()["board"]["discard"] == 4
    m.apply(Correction("add holding", 1, WB, 1, "Bob bought it last turn"))
    assert m.view()["players"][1]["holdings"][WB] == 100
    m.apply(Correction("price", None, CP, 8, "the $8 card was played, not the $6"))
    assert m.view()["stocks"][CP] == 8 and m.value_history().iloc[-1].value == 8
    m.apply(Correction("price", None, TT, 5, "Tiki-Taka was relisted at $5"))
    assert m.view()["board"]["delisted"] == []
    assert m.describe_log()[-1] == "Correction: Tiki-Taka Tech is at $5 (Tiki-Taka was relisted at $5)"
    invariant(m.state)
    m.undo()
    assert m.view()["stocks"][TT] == 0


@pytest.mark.parametrize("fix, words", [
    (Correction("price", None, TT, 11, "relisted"), "its new price is a start price, $1 to $10"),
    (Correction("remove holding", 1, CP, 5, "oops"), "Bob holds no Chewy Poultry $5 card sideways"),
    (Correction("add holding", 0, CP, 1, "oops"), "would hold 1,300 Chewy Poultry shares"),
    (Correction("add holding", 0, WB, 12, "oops"), "never held sideways"),
    (Correction("money", 0, "", 5, ""), "needs a reason"),
    (Correction("square", None, CP, 5, "oops"), "fixes money, add holding, remove holding, price"),
])
def test_impossible_corrections_are_refused(fix, words):
    m = started(hands={1: "CP3 CP3 CP10 CP2 WB5 GG10 TT10 CP11", 0: "CP5 WB2 WB9 GG1 GG2 TT4 WB12 GG13"})
    refused_unchanged(m, fix, IllegalAction, words)


def _answers(m: Match, fixes) -> list:
    out = []
    for fix in fixes:
        trial = m.state.clone()
        try:
            trial.apply(fix)
        except IllegalAction as e:
            out.append((e.render("en"), e.render("es")))
        else:
            out.append(json.dumps(trial.view(None), sort_keys=True))
    return out


def test_a_card_correction_answers_the_same_whether_a_hand_or_the_deck_holds_the_card():
    """Issue 28: "No Chewy Poultry $3 card is left in the deck" told the table that both copies
    were in hands. Bob holds both CP3 in one match and neither in the other: every correction
    naming a card (in English and Spanish) and the public table after an accepted one are the
    same; only a card whose copies are all in plain sight is refused."""
    both = started(hands={1: "CP3 CP3 CP10 CP2 WB5 GG10 TT10 CP11", 0: HANDS[0]})
    none = started(hands={1: "CP1 CP1 CP10 CP2 WB5 GG10 TT10 CP11", 0: HANDS[0]})
    fixes = [Correction(kind, seat, stock, v, "x") for kind, seat in (("add holding", 0), ("add holding", 1),
                                                                       ("price", None))
             for stock in (CP, WB, TT) for v in (1, 3, 4, 12)]
    assert _answers(both, fixes) == _answers(none, fixes)
    # the $3 goes on the pile; Bob's hand is not touched (that would tell him what the deck held)
    hand_before, deck_before = both.view(1)["private"], both.view()["board"]["deck"]
    both.apply(Correction("price", None, CP, 3, "the $3 was played"))
    assert both.view(1)["private"] == hand_before and both.view()["board"]["deck"] == deck_before - 1
    invariant(both.state)
    # both copies of CP4 in plain sight (a price card and a face-up discard): refused in words
    seen = started(position(discard=((CP, 4), (TT, 12), (WB, 9))))
    refused_unchanged(seen, Correction("price", None, CP, 4, "x"), IllegalAction,
                      "No Chewy Poultry $4 card is left in the deck: all 2 copies are already out")


def test_no_correction_during_the_deal():
    m = Match("black-monday", ("Alice", "Bob"), seed=0)
    refused_unchanged(m, Correction("money", 0, "", 5, "early"), IllegalAction, "wait until the hands are dealt")


def _random_correction(m: Match, rng: random.Random):
    st = m.state
    seat, s, v = rng.randrange(st.n), rng.randrange(4), rng.randrange(1, 14)
    stock = (CP, WB, GG, TT)[s]
    kind = rng.choice(("money", "add holding", "remove holding", "price"))
    if kind == "money":
        return Correction(kind, seat, "", max(0, st.money[seat] + rng.choice((-2_000, 500, 3_000))), "fix")
    if kind == "remove holding" and any(st.held[seat]):
        s = next(i for i in range(4) if st.held[seat][i])
        return Correction(kind, seat, (CP, WB, GG, TT)[s], st.held[seat][s][0], "fix")
    return Correction(kind, None if kind == "price" else seat, stock, v, "fix")


@pytest.mark.parametrize("players", [2, 5])
def test_random_games_with_corrections_keep_every_card_once(players):
    play_with_corrections("black-monday", players, players, _random_correction, invariant=invariant)


def test_ledger_kinds_of_purchases_and_sales_name_the_stock():
    m = started()
    m.apply(BuyShares(1, WB, 5))
    row = m.ledger().iloc[-1]
    assert (row.kind, row.subject, row.amount) == ("purchase", WB, 1_500)
    start = Match("black-monday", ("Alice", "Bob"), seed=0).ledger()
    assert list(start["kind"]) == ["start", "start"] and list(start["subject"]) == ["", ""]


def test_waiting_for_a_turn_is_a_public_decision():
    m = started()
    w = m.waiting_for()
    assert (w.seat, w.kind, w.secret) == (1, "decision", True)      # an exchange would be secret
    assert {"BuyShares", "ChangePrice", "EndTurn", "ExchangeCard"} <= set(w.actions)
    assert w.hint.startswith("Bob may buy")
    with pytest.raises(NotYourTurn):
        m.apply(BuyShares(0, CP, 5))
