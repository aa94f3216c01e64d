"""Price changes within each stock's limits, crashes to $0, and new start prices.

Table: Chewy Poultry $4 (-2/+3), Whip Burger $3 (-3/+4), Gum Gum Mine $10 (-4/+5),
Tiki-Taka Tech $10 (-5/+6). Alice: CP3 CP10 CP2 WB5 GG10 TT10 CP11 TT13. Bob: CP5 WB2 WB9 GG1
GG2 TT4 WB12 GG13.
"""
from tabletop.blackmonday import ChangePrice, CrashStock, SetStartPrice
from tabletop.errors import IllegalAction

from .helpers import CP, GG, TT, WB, buy, crash, end_turn, hand, move, new_match, refused, restart


def test_a_card_played_upright_sets_the_price_within_the_stock_limit():
    m = new_match()
    refused(m, ChangePrice(0, CP, 10), IllegalAction,
            "Alice cannot move Chewy Poultry from $4 to $10: Chewy Poultry may move at most $2 "
            "down or $3 up at a time.")
    move(m, 0, "CP2")                 # $4 -> $2: two down, the most allowed
    move(m, 0, "CP3")                 # the same stock twice in one turn is fine
    assert m.view(None)["stocks"][CP] == 3
    assert m.view(None)["board"]["price_cards"][CP] == 3
    assert [(v.stock, v.value) for v in m.state.value_marks[-2:]] == [(CP, 2), (CP, 3)]
    assert m.describe_log(None)[-1] == "Alice moves Chewy Poultry from $2 to $3."


def test_at_most_two_price_changes_a_turn():
    m = new_match()
    move(m, 0, "CP2")
    move(m, 0, "TT13")                # $11-$13 cards also work upright: Tiki-Taka Tech $10 -> $13
    assert m.view(None)["stocks"][TT] == 13
    refused(m, ChangePrice(0, CP, 3), IllegalAction,
            "Alice has already changed prices 2 times this turn, the most allowed.")


def test_each_stock_has_its_own_limit():
    m = new_match()
    end_turn(m, 0)
    refused(m, ChangePrice(1, WB, 9), IllegalAction, "Whip Burger may move at most $3 down or $4 up")
    move(m, 1, "GG13")                # Gum Gum Mine may rise 5: $10 -> $13
    refused(m, ChangePrice(1, GG, 2), IllegalAction,
            "Bob cannot move Gum Gum Mine from $13 to $2: Gum Gum Mine may move at most $4 down")


def test_playing_the_current_price_changes_nothing_and_is_refused_unless_allowed():
    m = new_match()
    refused(m, ChangePrice(0, GG, 10), IllegalAction, "the price is already $10")
    loose = new_match(options={"allow_same_price": True})
    move(loose, 0, "GG10")
    assert loose.view(None)["board"]["price_cards"][GG] == 2


def test_an_11_to_13_card_laid_on_the_ticker_crashes_the_stock_and_every_held_card_of_it():
    m = new_match()
    buy(m, 0, "TT10")                 # Alice: 1,000 Tiki-Taka Tech
    end_turn(m, 0, "CP1")
    buy(m, 1, "TT4")                  # Bob: 400 Tiki-Taka Tech
    end_turn(m, 1, "TT5")             # ... and a Tiki-Taka Tech card in hand
    discard_before = m.view(None)["board"]["discard"]
    crash(m, 0, "TT13")
    v = m.view(None)
    assert v["stocks"][TT] == 0 and v["board"]["delisted"] == [TT]
    assert v["players"][0]["holdings"][TT] == 0 and v["players"][1]["holdings"][TT] == 0
    assert v["players"][0]["held_cards"][TT] == [] and v["players"][1]["held_cards"][TT] == []
    assert "TT5" in hand(m, 1)        # hands are not touched
    assert v["board"]["discard"] == discard_before + 4   # old price card, crash card, two held cards
    assert v["board"]["price_cards"][TT] == 0
    assert m.state.money == [10_000, 16_000]               # nobody is paid for a crash
    assert (m.state.value_marks[-1].stock, m.state.value_marks[-1].value) == (TT, 0)
    assert m.describe_log(None)[-1] == (
        "Alice crashes Tiki-Taka Tech from $10 to $0 with the $13 card; every held "
        "Tiki-Taka Tech card is discarded.")


def test_a_crash_needs_an_11_to_13_card_within_the_limit():
    m = new_match()
    refused(m, CrashStock(0, CP, 10), IllegalAction,
            "Alice cannot crash Chewy Poultry with its $10 card: only the $11, $12 and $13 cards")
    refused(m, CrashStock(0, CP, 11), IllegalAction,
            "Alice cannot crash Chewy Poultry at $4 with the $11 card: the crash card must lie "
            "within the limit")
    anywhere = new_match(options={"crash_within_limit": False})
    crash(anywhere, 0, "CP11")
    assert anywhere.view(None)["stocks"][CP] == 0


def test_a_delisted_stock_waits_for_a_new_start_price_from_1_to_10():
    m = new_match(hands=("TT13 CP3 CP10 CP2 WB5 GG10 TT10 CP11", "TT12 WB2 WB9 GG1 GG2 TT4 CP5 GG13"))
    crash(m, 0, "TT13")
    end_turn(m, 0, "GG3")
    refused(m, ChangePrice(1, TT, 4), IllegalAction,
            "Bob cannot move Tiki-Taka Tech: it is delisted; Bob may set a new start price "
            "($1 to $10) instead.")
    refused(m, CrashStock(1, TT, 12), IllegalAction, "it is already at $0 (delisted)")
    refused(m, SetStartPrice(1, TT, 12), IllegalAction,
            "Bob cannot set Tiki-Taka Tech's new start price at $12: a start price must be $1 to $10.")
    refused(m, SetStartPrice(1, CP, 5), IllegalAction,
            "Bob cannot set a start price for Chewy Poultry: it is not delisted (its price is $4).")
    restart(m, 1, "TT4")              # no limit applies to a new start price
    v = m.view(None)
    assert v["stocks"][TT] == 4 and v["board"]["delisted"] == []
    assert m.describe_log(None)[-1] == "Bob lists Tiki-Taka Tech again at a start price of $4."
    move(m, 1, "CP5")                 # a new start price is one of the two changes
    refused(m, ChangePrice(1, WB, 2), IllegalAction, "already changed prices 2 times")
    end_turn(m, 1, "WB1 WB1")
    buy(m, 0, "CP3")
    buy(m, 0, "TT10")                 # trading again: 1,000 x $4
    assert m.view(None)["players"][0]["holdings"][TT] == 1_000


def test_a_free_restart_option_leaves_both_changes():
    m = new_match(hands=("TT13 CP3 CP10 CP2 WB5 GG10 TT10 CP11", "TT4 WB2 WB9 GG1 GG2 TT12 CP5 GG13"),
                  options={"restart_counts_as_change": False})
    crash(m, 0, "TT13")
    end_turn(m, 0, "GG3")
    restart(m, 1, "TT4")
    move(m, 1, "CP5")
    move(m, 1, "WB2")
    assert m.view(None)["stocks"] == {CP: 5, WB: 2, GG: 10, TT: 4}
