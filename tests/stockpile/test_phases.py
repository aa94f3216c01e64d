"""Action phase (Boom/Bust), selling (including half of a split card) and the movement phase
(forecasts, splits, bankruptcy, dividends with partial reveal)."""
from tabletop.errors import IllegalAction, MalformedAction, NotYourTurn
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R
from tabletop.stockpile.data import COMPANIES

from .table import (AUTO, BANK_, COSMIC, EPIC, FEE1, LABS, STEEL, Table, at_auction, labs_supply, positioned,
                    refused)


def at_action():
    t = at_auction()
    t.bid("Alice", 2, 0).bid("Bob", 0, 0).bid("Carol", 1, 0)   # Alice: Boom; Carol: Bust
    assert t.s.phase == "action"
    return t


# --- action phase -------------------------------------------------------------------------------

def test_boom_raises_two_and_bust_lowers_two_in_turn_order():
    t = at_action()
    refused(t, A.PlayActionCard(2, "Bust", COSMIC), NotYourTurn, "Alice is to play action cards")
    refused(t, A.Pass(0), IllegalAction, "must first play every Boom and Bust card")
    refused(t, A.PlayActionCard(0, "Bust", COSMIC), IllegalAction, "Alice has no Bust card")
    refused(t, A.PlayActionCard(0, FEE1, COSMIC), IllegalAction, "not an action card")
    refused(t, A.PlayActionCard(0, "Boom", "Acme"), MalformedAction, "not a Stockpile company")
    t.do(A.PlayActionCard(0, "Boom", EPIC))
    assert t.value(EPIC) == 7 and t.s.actor == 2          # Bob has no action card: skipped
    t.do(A.PlayActionCard(2, "Bust", COSMIC))
    assert t.value(COSMIC) == 3 and t.s.phase == "selling"
    assert t.m.view()["board"]["discard"] == 4            # two fees and two action cards


def test_a_boom_can_split_a_stock():
    t = Table().start(EPIC, COSMIC, BANK_)
    t.quiet_round((LABS, "+1"), (EPIC, "+4"), (AUTO, "+2"), (STEEL, "-2"), (COSMIC, "-3"))
    assert t.value(EPIC) == 9
    t.info((LABS, "+1"), (AUTO, "+2"), (STEEL, "$$"), open=(BANK_, "-2"))
    t.face_up("Boom", EPIC, EPIC)
    t.quiet_to(R.BID)
    t.result(("Bob", 0), ("Carol", 0), ("Alice", 0))
    held = t.private("Alice")["portfolio"][EPIC]            # her starting Epic and the ones she took
    t.do(A.PlayActionCard(1, "Boom", EPIC))                 # 9 -> 10 -> split -> 6
    assert t.value(EPIC) == 6
    assert t.private("Alice")["split_portfolio"] == {EPIC: held}
    assert EPIC not in t.private("Alice")["portfolio"]


def test_a_bust_can_bankrupt_a_stock():
    t = Table().start(EPIC, COSMIC, BANK_)
    t.quiet_round((LABS, "+1"), (COSMIC, "-3"), (AUTO, "+2"), (STEEL, "-2"), (EPIC, "+4"))
    assert t.value(COSMIC) == 2
    t.info((LABS, "+1"), (AUTO, "+2"), (STEEL, "$$"), open=(BANK_, "-2"))
    t.face_up("Bust", EPIC, EPIC)
    t.quiet_to(R.BID)
    t.result(("Carol", 0), ("Alice", 0), ("Bob", 0))
    t.do(A.PlayActionCard(2, "Bust", COSMIC))               # 2 -> 1 -> bankrupt -> 5
    assert t.value(COSMIC) == 5
    assert COSMIC not in t.private("Bob")["portfolio"]      # Bob's starting Cosmic is gone


# --- selling --------------------------------------------------------------------------------------

def test_selling_at_the_current_value_in_turn_order():
    t = at_action()
    t.do(A.PlayActionCard(0, "Boom", EPIC), A.PlayActionCard(2, "Bust", COSMIC))
    refused(t, A.SellStock(1, AUTO, False), NotYourTurn, "Alice is selling")
    refused(t, A.SellStock(0, AUTO, False), IllegalAction, "Alice cannot sell American Automotive: Alice has no regular")
    t.sell("Alice", EPIC)                                      # Epic is at 7
    assert t.money("Alice") == 20_000 - 2_000 + 7_000
    t.pass_("Alice")
    t.sell("Bob", EPIC).sell("Bob", AUTO).pass_("Bob")
    assert t.money("Bob") == 20_000 + 7_000 + 5_000
    t.pass_("Carol")
    assert t.s.phase == "movement"


def test_split_cards_sell_for_double_or_half_of_one_for_the_value():
    # Alice holds two split Epic cards and Epic is at 6 (space 5); quietly to the selling phase
    t = positioned(spaces={EPIC: 5}, holdings={0: ((), (EPIC, EPIC))}).quiet_to(R.SELL)
    assert t.s.actor == 0 and t.value(EPIC) == 6
    before = t.money("Alice")
    t.do(A.SellHalfSplit(0, EPIC))                    # one share of a split card: 1 x value
    assert t.money("Alice") == before + 6_000
    assert t.private("Alice")["split_portfolio"] == {EPIC: 1} and t.private("Alice")["portfolio"][EPIC] >= 1
    t.do(A.SellStock(0, EPIC, True))                  # a whole split card: 2 x value
    assert t.money("Alice") == before + 18_000 and EPIC not in t.private("Alice")["split_portfolio"]
    refused(t, A.SellHalfSplit(0, EPIC), IllegalAction, "has none")
    refused(t, A.SellStock(0, EPIC, True), IllegalAction, "cannot sell a split Epic Electric card")


# --- movement ---------------------------------------------------------------------------------------

def test_epic_electric_at_9_with_plus_4_splits_and_ends_at_8():
    """Seed 000 / 003: Epic Electric at 9, paired with +4: two steps reach the split space,
    the value restarts at 6 and moves the last two steps to 8."""
    t = Table().start(EPIC, COSMIC, BANK_)
    t.quiet_round((LABS, "+1"), (EPIC, "+4"), (AUTO, "+2"), (STEEL, "-2"), (COSMIC, "-3"))
    assert t.value(EPIC) == 9
    t.quiet_to(R.SELL, (LABS, "+1"), (AUTO, "+2"), (EPIC, "+4"), (STEEL, "-2"))
    held = [epic_cards(t, p)[1] for p in range(3)]
    t.quiet_round((COSMIC, "-3"))
    assert t.value(EPIC) == 8
    # every Epic card held went to the split portfolio
    assert [epic_cards(t, p) for p in range(3)] == [(n, 0) for n in held]


def epic_cards(t, who):
    """(split, regular) Epic Electric cards in ``who``'s portfolio, as their own screen shows them."""
    private = t.private(who)
    return private["split_portfolio"].get(EPIC, 0), private["portfolio"].get(EPIC, 0)


def test_a_split_pays_10000_per_card_already_split_and_they_stay_split():
    # from the table as it is: Epic at 9; Alice one split card and two regular, Bob one regular
    t = positioned(spaces={EPIC: 8}, holdings={0: ([EPIC, EPIC], [EPIC]), 1: ([EPIC], [])})
    labs_supply(t, (LABS, "+2"), [(EPIC, "+1"), (AUTO, "-2"), (STEEL, "-3")],
                face_up=("Boom", LABS, LABS), alice=("Boom", "Boom"))          # Alice wins three Booms
    t.do(A.PlayActionCard(0, "Boom", EPIC), A.PlayActionCard(0, "Boom", EPIC))   # 4 spaces up from 9
    assert t.value(EPIC) == 8
    assert t.money("Alice") == 20_000 + 10_000 and t.money("Bob") == 20_000
    assert epic_cards(t, "Alice") + epic_cards(t, "Bob") == (3, 0, 1, 0)
    assert t.m.ledger().iloc[-1].reason == "Epic Electric split: bonus for split cards"
    t.do(A.PlayActionCard(0, "Boom", EPIC))                                    # Epic at 10
    t.pass_all(R.SELL)                # Alice's Epic +1: a second split in the same round pays again
    assert t.money("Alice") == 20_000 + 10_000 + 30_000 and t.money("Bob") == 30_000 and t.value(EPIC) == 6


def test_bankruptcy_discards_every_card_even_split_and_resets_to_5():
    # from the table as it is: Cosmic at 2; Alice three Cosmic, Bob two split Cosmic
    t = positioned(spaces={COSMIC: 1}, holdings={0: ([COSMIC] * 3, []), 1: ([], [COSMIC, COSMIC])})
    labs_supply(t, (LABS, "+1"), [(COSMIC, "-3"), (AUTO, "+2"), (STEEL, "-2")])
    discarded = t.m.view()["board"]["discard"]
    t.pass_all(R.SELL)                                  # Alice's Cosmic -3: 2 -> 1 -> bankrupt; the last step is lost
    assert t.value(COSMIC) == 5
    assert COSMIC not in t.private("Alice")["portfolio"] and COSMIC not in t.private("Bob")["split_portfolio"]
    assert t.m.view()["board"]["discard"] - discarded == 5


def test_movement_order_players_from_the_first_then_face_up_then_face_down():
    t = at_action()
    t.do(A.PlayActionCard(0, "Boom", LABS), A.PlayActionCard(2, "Bust", LABS))
    t.pass_all(R.SELL)
    # Alice's Epic +4 and Bob's Automotive +2 are applied, then Carol's Steel $$ waits for reveals
    view = t.m.view()
    assert [p["from"] for p in view["board"]["revealed_pairs"]] == ["Alice", "Bob", "Carol"]
    assert view["stocks"][EPIC] == 9 and view["stocks"][AUTO] == 7
    assert view["board"]["dividend"] == {"company": STEEL, "per_card": 2_000}
    t.collect_all()
    assert view["stocks"][LABS] == 5 and t.value(LABS) == 6            # face-up Labs +1
    assert t.s.step == R.REVEAL and t.m.view()["board"]["face_down_pairs"] == 2
    refused(t, A.RevealPair(1, COSMIC, "-3"), IllegalAction, "Face-down pair 1 (index 0) is the one")
    refused(t, A.RevealPair(0, COSMIC, "+4"), IllegalAction, "+4 forecast card is already dealt")
    t.do(A.RevealPair(0, COSMIC, "-3"))
    # the last face-down pair is what is left: Bank -2, turned over without an entry
    assert t.value(COSMIC) == 2 and t.value(BANK_) == 3 and t.s.round == 2
    assert t.m.describe_log()[-1] == "Face-down pair 1 is turned over: Cosmic Computers -3"


def test_a_dividend_pays_2000_a_card_4000_a_split_card_for_the_cards_revealed():
    t = at_action()
    t.do(A.PlayActionCard(0, "Boom", LABS), A.PlayActionCard(2, "Bust", LABS))
    t.pass_all(R.SELL)
    assert t.s.div[0] == COMPANIES.index(STEEL)
    seat = t.s.actor
    # nobody holds Steel here; arrange nothing, just check the refusal and the zero reveal
    refused(t, A.CollectDividend(seat, STEEL, 1, 0), IllegalAction, "does not hold that many")
    refused(t, A.CollectDividend(seat, EPIC, 0, 0), IllegalAction, "paid by Stanford Steel")
    refused(t, A.CollectDividend(seat, STEEL, -1, 0), MalformedAction)
    assert t.m.legal_actions() == [A.CollectDividend(seat, STEEL, 0, 0)]


def test_partial_reveal_each_player_chooses_how_many_cards_to_show():
    # from the table as it is: Alice three Epic and a split Epic, Carol two Epic; Alice's pair is Epic $$
    t = positioned(holdings={0: ([EPIC] * 3, [EPIC]), 2: ([EPIC] * 2, [])})
    labs_supply(t, (LABS, "+1"), [(EPIC, "$$"), (AUTO, "+2"), (STEEL, "-2")])
    t.pass_all(R.SELL)
    assert t.m.view()["board"]["dividend"] == {"company": EPIC, "per_card": 2_000} and t.m.waiting_for().seat == 0
    legal = t.m.offered_actions(0)
    assert len(legal) == 4 * 2                       # 0..3 regular x 0..1 split
    t.do(A.CollectDividend(0, EPIC, 2, 1))           # Alice shows 2 of 3 regular and her split card
    assert t.money("Alice") == 20_000 + 2 * 2_000 + 4_000
    t.do(A.CollectDividend(1, EPIC, 0, 0))
    t.do(A.CollectDividend(2, EPIC, 0, 0))           # Carol prefers to keep her holding secret
    assert t.money("Carol") == 20_000
