"""Setup: the dealer's money and hands, one secret card at a time, and the start prices."""
from tabletop import CHANCE, Match
from tabletop.blackmonday import BuyShares, DealCard, DrawMarketClose, RevealStartCard
from tabletop.errors import IllegalAction, MalformedAction, NotYourTurn

from .helpers import ALICE, BOB, CP, GG, TT, WB, card, hand, new_match, refused


def test_the_dealer_gives_everyone_20000_and_deals_each_player_eight_cards_in_a_row():
    m = Match("black-monday", ["Alice", "Bob", "Carol"], seed=1)
    assert m.state.money == [20_000, 20_000, 20_000]
    assert [p.reason for p in m.state.payments] == ["starting money from the dealer"] * 3
    # Alice's 8 cards first, then Bob's, then Carol's: a shared device changes hands twice
    assert m.current_player() == CHANCE and m.state.chance_owner() == 0
    assert {a.seat for a in m.legal_actions()} == {0}
    for code in ALICE.split():
        assert m.state.chance_owner() == 0
        m.apply(DealCard(0, *card(code)))
    assert m.state.chance_owner() == 1
    refused(m, DealCard(0, CP, 4), IllegalAction, "The next card is dealt to Bob, not Alice; each player's 8 cards are dealt in a row.")
    m.apply(DealCard(1, WB, 7))
    assert m.state.chance_owner() == 1
    assert hand(m, 0) == sorted(ALICE.split())
    assert [p["hand_size"] for p in m.view(None)["players"]] == [8, 1, 0]
    assert m.state.hint() == "The dealer is dealing a card to Bob."


def test_a_dealt_card_is_a_secret_of_its_owner():
    m = new_match()
    assert hand(m, 0) == sorted(ALICE.split())
    assert hand(m, 1) == sorted(BOB.split())
    assert "private" not in m.view(None)
    public_log = m.describe_log(None)
    assert public_log[:8] == ["Alice is dealt a card."] * 8 and public_log[8] == "Bob is dealt a card."
    assert m.describe_log(0)[0] == "Alice is dealt Chewy Poultry $3."
    assert m.describe_log(0)[1] == "Alice is dealt Chewy Poultry $10."
    assert m.describe_log(0)[8] == "Bob is dealt a card."
    assert m.log[0].redacted() == {"type": "DealCard", "seat": 0, "hidden": True}


def test_a_card_goes_to_the_seat_whose_turn_it_is_to_receive_one():
    m = Match("black-monday", ["Alice", "Bob"], seed=1)
    refused(m, DealCard(1, CP, 3), IllegalAction, "The next card is dealt to Alice, not Bob;")


def test_there_are_only_two_copies_of_each_card():
    m = Match("black-monday", ["Alice", "Bob"], seed=1)
    m.apply(DealCard(0, CP, 5))
    m.apply(DealCard(0, CP, 5))
    refused(m, DealCard(0, CP, 5), IllegalAction, "No Chewy Poultry $5 card is left in the deck")


def test_start_prices_skip_cards_over_10_and_stocks_already_priced():
    m = new_match(starts="")
    assert m.state.phase == "start prices" and m.state.chance_owner() is None
    for code in "CP12 CP4 CP7 WB3 GG11 GG10 TT1".split():
        m.apply(RevealStartCard(*card(code)))
    v = m.view(None)
    assert v["stocks"] == {CP: 4, WB: 3, GG: 10, TT: 1}
    assert v["board"]["discard"] == 3          # CP12, CP7 and GG11 were skipped
    assert v["board"]["price_cards"] == {CP: 1, WB: 1, GG: 1, TT: 1}
    assert v["phase"] == "trade" and v["to_act"] == 0
    assert [(mk.stock, mk.value) for mk in m.state.value_marks] == [(CP, 4), (WB, 3), (GG, 10), (TT, 1)]
    log = m.describe_log(None)[-7:]
    assert log[0] == "The dealer turns up Chewy Poultry $12: skipped (over $10)."
    assert log[2] == "The dealer turns up Chewy Poultry $7: skipped (Chewy Poultry already has a price)."
    assert log[1] == "The dealer turns up Chewy Poultry $4: Chewy Poultry starts at $4."


def test_start_price_cards_are_public_chance_events():
    m = new_match(starts="CP4 WB3 GG10")
    assert m.state.chance_owner() is None
    assert all(isinstance(a, RevealStartCard) for a in m.legal_actions())
    refused(m, DrawMarketClose(None), IllegalAction, "market-close card is not in the deck yet")
    refused(m, DealCard(0, TT, 2), NotYourTurn, "the dealer is turning up cards for the start prices")
    refused(m, RevealStartCard("Acme", 3), MalformedAction, "'Acme' is not a Black Monday stock")
    refused(m, RevealStartCard(TT, 14), MalformedAction, "$1 to $13, not 14")


def test_nobody_trades_before_the_start_prices_are_set():
    m = new_match(starts="CP4 WB3")
    refused(m, BuyShares(0, CP, 3), NotYourTurn,
            "Alice cannot act now: the dealer is turning up cards for the start prices.")


def test_the_first_player_can_be_chosen():
    m = new_match(options={"first_player": 1})
    assert m.view(None)["to_act"] == 1 and m.view(None)["first_player"] == 1
    assert m.describe_log(1)[0] == "Bob is dealt Chewy Poultry $5."
