"""Setup, the information phase and the supply phase (seeds 000 and 003)."""
import json

import pytest

from tabletop import Match
from tabletop.errors import IllegalAction, MalformedAction, NotYourTurn, OptionsError
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R

from .table import AUTO, BANK_, COSMIC, EPIC, FEE1, FEE2, LABS, STEEL, Table, refused


def test_each_player_starts_with_20000_from_the_bank():
    t = Table()
    assert t.s.money == [20_000, 20_000, 20_000]
    ledger = t.m.ledger()
    assert list(ledger["payer"]) == ["bank"] * 3 and list(ledger["reason"]) == ["starting money"] * 3


def test_two_players_start_with_30000():
    t = Table(("Alice", "Bob"))
    assert t.s.money == [30_000, 30_000]


@pytest.mark.parametrize("n, rounds", [(2, 6), (3, 7), (4, 6), (5, 5)])
def test_the_calendar_by_player_count(n, rounds):
    m = Match("stockpile", [f"P{i}" for i in range(n)])
    assert m.view()["rounds"] == rounds


def test_each_player_is_dealt_a_different_starting_stock_face_down():
    t = Table().start(EPIC, COSMIC, BANK_)
    assert t.private("Alice")["portfolio"] == {EPIC: 1}
    assert t.private("Carol")["portfolio"] == {BANK_: 1}
    public = t.m.view()
    assert [p["holdings"] for p in public["players"]] == [{"stock_cards": 1, "split_cards": 0}] * 3
    assert EPIC not in json.dumps(public["players"])
    # the other starting stocks went back into the 80-card market deck
    assert public["board"]["deck"] == 77
    assert t.m.describe_log() == ["Alice is dealt a starting stock", "Bob is dealt a starting stock",
                                  "Carol is dealt a starting stock"]
    assert t.m.describe_log(0)[0] == "Alice is dealt a starting stock of Epic Electric"


def test_a_starting_stock_the_match_dealt_another_player_is_entered_again_by_them():
    """Issue 28: "The starting Epic Electric stock has already been dealt" told Bob who held it.
    Bob's Epic Electric is his; Alice's starting stock is to enter again at her first draw, and
    meanwhile every count on the table is as if Bob's card had come from the deck."""
    t = Table().start(EPIC)
    refused(t, A.DealStartingStock(2, COSMIC), NotYourTurn, "goes to Bob")
    refused(t, A.DealStartingStock(1, "Acme"), MalformedAction, "not a Stockpile company")
    t.do(A.DealStartingStock(1, EPIC))
    public = t.m.view(None)
    assert [p["holdings"]["stock_cards"] for p in public["players"]] == [1, 1, 0]
    assert t.private("Alice")["portfolio"] == {} and t.private("Bob")["portfolio"] == {EPIC: 1}
    t.do(A.DealStartingStock(2, BANK_))
    t.info((AUTO, "+2"), (EPIC, "-3"), (STEEL, "$$"), open=(LABS, "+1"))
    while t.m.waiting_for().actions == ("DrawToStockpile",):
        t.m.apply(t.m.legal_actions()[0])
    wait = t.m.waiting_for()        # Alice holds the first-player marker: she draws first
    assert (wait.seat, wait.secret, wait.actions) == (0, True, ("DealStartingStock",))
    t.do(A.DealStartingStock(0, COSMIC))
    assert t.private("Alice")["portfolio"] == {COSMIC: 1} and t.m.waiting_for().actions == ("DrawCard",)
    assert t.m.view(None)["board"]["deck"] == public["board"]["deck"] - 1 - 3


def test_information_phase_three_players_one_face_up_pair_two_face_down():
    t = Table().start(EPIC, COSMIC, BANK_)
    t.info((AUTO, "+2"), (EPIC, "-3"), (STEEL, "$$"), open=(LABS, "+1"))
    view = t.m.view()
    assert view["phase"] == "supply"
    assert view["board"]["open_pair"] == {"company": LABS, "forecast": "+1"}
    assert view["board"]["face_down_pairs"] == 2
    assert t.private("Alice")["pairs"] == [{"company": AUTO, "forecast": "+2"}]
    assert t.private("Bob")["pairs"] == [{"company": EPIC, "forecast": "-3"}]
    assert "+2" not in json.dumps(view) and "-3" not in json.dumps(view)


@pytest.mark.parametrize("n, hidden", [(3, 2), (4, 1), (5, 0)])
def test_face_down_pairs_by_player_count(n, hidden):
    m = Match("stockpile", [f"P{i}" for i in range(n)])
    while m.state.phase != "supply":
        m.play_chance()
    assert m.view()["board"]["face_down_pairs"] == hidden
    assert m.view()["board"]["open_pair"] is not None


def test_the_american_automotive_plus_2_example_moves_it_two_spaces():
    t = Table().start(EPIC, COSMIC, BANK_)
    # face-up pair, the three players' pairs, then the first face-down pair (the last one is
    # whatever is left, so nobody needs to enter it)
    t.quiet_round((LABS, "+1"), (AUTO, "+2"), (EPIC, "+4"), (STEEL, "-2"), (COSMIC, "-3"))
    assert t.value(AUTO) == 7
    assert t.m.view()["board"]["revealed_pairs"] == [] and t.s.round == 2


def test_a_tile_or_forecast_is_dealt_once_a_round():
    t = Table().start(EPIC, COSMIC, BANK_).info(open=(LABS, "+1"))
    refused(t, A.DealPair(0, LABS, "+2"), IllegalAction, "Leading Laboratories tile is already dealt")
    refused(t, A.DealPair(0, AUTO, "+1"), IllegalAction, "+1 forecast card is already dealt")
    refused(t, A.DealPair(0, AUTO, "+7"), MalformedAction, "not a forecast card")
    refused(t, A.DealPair(1, AUTO, "+2"), NotYourTurn, "go to Alice")


def supply_ready():
    t = Table().start(EPIC, COSMIC, BANK_)
    t.info((AUTO, "+2"), (EPIC, "-3"), (STEEL, "$$"), open=(LABS, "+1"))
    return t


def test_supply_one_card_face_up_per_stockpile_then_two_each_placed_one_up_one_down():
    t = supply_ready().face_up(AUTO, FEE1, "Boom")
    t.do(A.DrawCard(0, EPIC), A.DrawCard(0, FEE2))
    assert t.private("Alice")["hand"] == [EPIC, FEE2]
    assert t.m.view()["players"][0]["hand"] == 2
    assert t.s.actor == 0                 # Alice places her two cards before Bob draws
    t.do(A.PlaceCards(0, ((FEE2, 2, False), (EPIC, 0, True))))   # order given does not matter
    piles = t.m.view()["board"]["stockpiles"]
    assert piles[0]["cards"] == [{"card": AUTO}, {"card": EPIC}]
    assert piles[2]["cards"] == [{"card": "Boom"}, {"face_down": True}]
    assert t.private("Alice")["known_face_down"] == [{"stockpile": 2, "position": 1, "card": FEE2}]
    assert t.private("Bob")["known_face_down"] == []
    assert t.m.describe_log()[-1] == "Alice places Epic Electric face up on stockpile 1 and a card face down on stockpile 3"
    assert FEE2 not in json.dumps(t.m.view())
    t.do(*(A.DrawCard(s, c) for s, c in [(1, COSMIC), (1, LABS)]))
    t.do(A.PlaceCards(1, ((COSMIC, 1, True), (LABS, 0, False))))
    t.do(*(A.DrawCard(s, c) for s, c in [(2, BANK_), (2, "Bust")]))
    t.do(A.PlaceCards(2, ((BANK_, 2, True), ("Bust", 1, False))))
    assert t.s.phase == "demand"


def test_each_player_draws_then_places_before_the_next_player_draws():
    t = supply_ready().face_up(AUTO, FEE1, "Boom")
    order = []
    while t.s.phase == "supply":
        seat = t.s.chance_owner() if t.m.current_player() < 0 else t.m.current_player()
        order.append((seat, "place" if t.m.current_player() >= 0 else "draw"))
        t.do(t.m.legal_actions()[0])
    assert order == [(0, "draw"), (0, "draw"), (0, "place"), (1, "draw"), (1, "draw"), (1, "place"),
                     (2, "draw"), (2, "draw"), (2, "place")]


def test_placement_refusals():
    t = supply_ready().face_up(AUTO, FEE1, "Boom")
    t.do(*(A.DrawCard(s, c) for s, c in [(0, EPIC), (0, FEE2)]))
    refused(t, A.DrawCard(1, COSMIC), IllegalAction, "Drawing a market card is not possible now",
            "Alice is to place two cards")
    refused(t, A.PlaceCards(0, ((EPIC, 0, True), (FEE2, 1, True))), IllegalAction, "one card face up and one face down")
    refused(t, A.PlaceCards(0, ((EPIC, 0, False), (FEE2, 1, False))), IllegalAction, "one card face up and one face down")
    refused(t, A.PlaceCards(0, ((EPIC, 0, True), (LABS, 1, False))), IllegalAction, "the two cards in hand (Epic Electric and Fee $2,000)")
    refused(t, A.PlaceCards(0, ((EPIC, 3, True), (FEE2, 1, False))), IllegalAction, "no stockpile 4", "1 to 3")
    refused(t, A.PlaceCards(1, ((COSMIC, 0, True), (LABS, 1, False))), NotYourTurn, "Alice is to place")
    refused(t, A.PlaceCards(0, ((EPIC, 0),)), MalformedAction, "two placements")


def test_the_deal_and_draws_cannot_use_cards_the_deck_no_longer_holds():
    t = supply_ready()
    for p in range(3):
        t.do(A.DrawToStockpile(p, "Boom"))
    t.do(A.DrawCard(0, "Boom"))
    refused(t, A.DrawCard(0, "Boom"), IllegalAction, "No Boom card is left")
    refused(t, A.DrawCard(0, "Joker"), MalformedAction, "not a Stockpile market card")
    assert "Boom" not in [a.card for a in t.m.legal_actions()]


def test_two_players_two_pairs_each_no_face_up_pair_and_two_supply_batches():
    t = Table(("Alice", "Bob")).start(EPIC, COSMIC)
    t.info((AUTO, "+2"), (EPIC, "-3"), (STEEL, "$$"), (LABS, "+1"))
    view = t.m.view()
    assert view["board"]["open_pair"] is None and view["board"]["face_down_pairs"] == 2
    assert len(view["board"]["stockpiles"]) == 4
    assert t.private("Alice")["pairs"] == [{"company": AUTO, "forecast": "+2"}, {"company": EPIC, "forecast": "-3"}]
    t.face_up(AUTO, FEE1, "Boom", LABS)
    t.batch(((EPIC, EPIC), ((EPIC, 0, True), (EPIC, 1, False))), ((COSMIC, LABS), ((COSMIC, 2, True), (LABS, 3, False))))
    assert t.s.phase == "supply"          # a second batch: each player places four cards in all
    assert t.s.chance_owner() == 0        # Alice again draws two then places, then Bob
    t.batch(((EPIC, BANK_), ((EPIC, 3, True), (BANK_, 3, False))), ((COSMIC, LABS), ((COSMIC, 2, True), (LABS, 3, False))))
    assert t.s.phase == "demand"
    assert sum(len(p["cards"]) for p in t.m.view()["board"]["stockpiles"]) == 12


def test_first_player_passes_left_each_round():
    t = Table().start(EPIC, COSMIC, BANK_)
    assert t.m.view()["first_player"] == 0
    t.quiet_round()
    assert t.m.view()["first_player"] == 1 and t.s.round == 2
    t.quiet_round()
    assert t.m.view()["first_player"] == 2
    t.quiet_round()
    assert t.m.view()["first_player"] == 0


def test_options_are_checked():
    with pytest.raises(OptionsError, match="no option 'speed'"):
        Match("stockpile", ["A", "B", "C"], {"speed": 2})
    with pytest.raises(OptionsError, match="first player must be a seat from 0 to 2"):
        Match("stockpile", ["A", "B", "C"], {"first_player": 3})
    with pytest.raises(OptionsError, match="2 to 5 players"):
        Match("stockpile", ["A"])
    m = Match("stockpile", ["A", "B", "C"], {"first_player": 2})
    while m.state.step != R.BID:
        m.apply(m.sample_chance() if m.current_player() < 0 else m.legal_actions()[0])
    assert m.current_player() == 2
