"""Trading: buying with at most two cards laid sideways, the 1,200-share cap, selling held cards.

Every scenario starts from the same table: Chewy Poultry $4, Whip Burger $3, Gum Gum Mine $10,
Tiki-Taka Tech $10; Alice holds CP3 CP10 CP2 WB5 GG10 TT10 CP11 TT13 and plays first.
"""
from tabletop.blackmonday import BuyShares, ChangePrice, EndTurn, SellShares
from tabletop.errors import IllegalAction, MalformedAction, NotYourTurn

from .helpers import CP, GG, TT, WB, buy, crash, end_turn, hand, move, new_match, refused, sell


def test_a_card_laid_sideways_buys_its_shares_at_the_current_price():
    m = new_match()
    buy(m, 0, "CP3")
    v = m.view(None)
    assert v["players"][0]["money"] == 20_000 - 300 * 4
    assert v["players"][0]["holdings"][CP] == 300
    assert v["players"][0]["held_cards"][CP] == [3]          # holdings are public
    assert v["players"][0]["hand_size"] == 7
    assert m.state.payments[-1].reason == "bought 300 Chewy Poultry at $4"
    assert m.describe_log(None)[-1] == (
        "Alice lays Chewy Poultry $3 sideways and buys 300 shares at $4 for $1,200.")


def test_at_most_two_cards_buy_in_one_turn():
    m = new_match()
    buy(m, 0, "CP3")
    buy(m, 0, "CP2")
    refused(m, BuyShares(0, GG, 10), IllegalAction,
            "Alice cannot buy Gum Gum Mine with a third card: at most 2 cards")
    assert m.state.money[0] == 20_000 - 1_200 - 800
    # selling is not limited
    sell(m, 0, "CP3")
    sell(m, 0, "CP2")
    assert m.state.money[0] == 20_000


def test_nobody_holds_more_than_1200_shares_of_one_stock():
    m = new_match()
    buy(m, 0, "CP10")
    refused(m, BuyShares(0, CP, 3), IllegalAction,
            "Alice cannot buy 300 more Chewy Poultry shares: Alice would hold 1,300, "
            "over the limit of 1,200 shares of one stock.")
    buy(m, 0, "CP2")
    assert m.view(None)["players"][0]["holdings"][CP] == 1_200


def test_a_buy_costs_shares_times_price_and_needs_the_cash():
    m = new_match()
    buy(m, 0, "GG10")                 # 1,000 x $10
    buy(m, 0, "TT10")                 # 1,000 x $10
    assert m.state.money[0] == 0
    end_turn(m, 0, "CP1 WB1")
    end_turn(m, 1)                    # Bob passes with a full hand
    refused(m, BuyShares(0, CP, 3), IllegalAction,
            "Alice cannot buy 300 Chewy Poultry shares at $4 for $1,200: Alice has only $0.")


def test_buy_and_sell_in_any_order_then_sell_at_the_new_price():
    m = new_match()
    buy(m, 0, "CP3")
    end_turn(m, 0, "WB1")
    move(m, 1, "CP5")                 # Bob moves Chewy Poultry from $4 to $5
    end_turn(m, 1, "WB4")
    sell(m, 0, "CP3")                 # 300 x $5
    buy(m, 0, "CP10")
    assert m.state.money[0] == 20_000 - 1_200 + 1_500 - 5_000
    assert m.describe_log(None)[-2] == "Alice sells Chewy Poultry $3: 300 shares at $5 for $1,500."
    assert m.view(None)["players"][0]["held_cards"][CP] == [10]


def test_only_held_cards_can_be_sold_and_only_hand_cards_can_buy():
    m = new_match()
    refused(m, SellShares(0, CP, 3), IllegalAction,
            "Alice cannot sell Chewy Poultry $3: Alice holds no such card.")
    refused(m, BuyShares(0, WB, 9), IllegalAction,
            "Alice cannot buy Whip Burger with Whip Burger $9: there is no such card in Alice's hand.")


def test_11_to_13_cards_buy_nothing_in_the_basic_game():
    m = new_match()
    refused(m, BuyShares(0, CP, 11), IllegalAction,
            f"Alice cannot buy {CP} with the $11 card: $11 to $13 cards show \"0$\", not a number of "
            "shares (the 500-share variant is off).")


def test_the_500_share_variant_lets_11_to_13_cards_buy_500_shares():
    m = new_match(options={"five_hundred_shares": True})
    buy(m, 0, "CP11")                 # 500 x $4
    assert m.state.money[0] == 18_000
    assert m.view(None)["players"][0]["holdings"][CP] == 500
    refused(m, BuyShares(0, CP, 10), IllegalAction, "Alice would hold 1,500")
    sell(m, 0, "CP11")
    assert m.state.money[0] == 20_000
    assert m.view(None)["board"]["shares_per_card"]["12"] == 500


def test_trading_comes_before_price_changes():
    m = new_match()
    move(m, 0, "CP2")
    refused(m, BuyShares(0, CP, 3), IllegalAction,
            "Alice cannot buy shares now: trading comes before price changes")
    buy_then = new_match()
    buy(buy_then, 0, "CP3")
    move(buy_then, 0, "CP2")
    refused(buy_then, SellShares(0, CP, 3), IllegalAction, "trading comes before price changes")


def test_only_the_player_whose_turn_it_is_acts():
    m = new_match()
    refused(m, BuyShares(1, WB, 2), NotYourTurn, "It is Alice's turn, not Bob's.")
    refused(m, EndTurn(1), NotYourTurn, "It is Alice's turn, not Bob's.")
    refused(m, BuyShares(7, WB, 2), MalformedAction, "There is no seat 7")
    refused(m, ChangePrice(0, "Acme", 2), MalformedAction, "'Acme' is not a Black Monday stock")


def test_a_delisted_stock_cannot_be_bought():
    m = new_match(hands=("TT13 TT10 CP3 CP10 CP2 WB5 GG10 CP11", "CP5 WB2 WB9 GG1 GG2 TT4 WB12 GG13"))
    crash(m, 0, "TT13")
    end_turn(m, 0, "GG3")
    refused(m, BuyShares(1, TT, 4), IllegalAction,
            "Bob cannot buy Tiki-Taka Tech: it is delisted (crashed to $0) until someone sets a new "
            "start price.")
    assert "TT4" in hand(m, 1)
