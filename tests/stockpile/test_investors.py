"""The investor expansion (seed 000): setup, each investor's ability, turn order, and what
Mayknow Martha and Wise Warren see (their own view only, for the rest of the game)."""
import json


from tabletop.errors import IllegalAction, NotYourTurn
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R
from tabletop.stockpile.data import COMPANIES, INVESTORS

from .table import (AUTO, BANK_, COSMIC, EPIC, FEE1, FEE2, LABS, SPACES_TO_FIVE, STEEL, Table, at_auction,
                    last_round_to_five, positioned, refused)

BILL, BERNIE, CRAMER, DONALD, DEBORAH, GRAHAM, MARTHA, MARK, STUART, WARREN = INVESTORS


def dealt(*kept, per_player=1):
    """Each player is dealt what they keep plus investors nobody keeps, and keeps the first."""
    kept = [k if isinstance(k, tuple) else (k,) for k in kept]
    spare = [i for i in INVESTORS if not any(i in k for k in kept)]
    out = []
    for k in kept:
        extra = tuple(spare.pop(0) for _ in range(len(k)))
        out.append((k + extra, k))
    return out


# --- setup --------------------------------------------------------------------------------------

def test_deal_two_keep_one_and_start_with_its_capital():
    t = Table(investors=True)
    t.do(A.DealInvestor(0, BILL), A.DealInvestor(0, BERNIE))
    assert t.private("Alice")["investor_cards"] == [BILL, BERNIE]
    assert "investor_cards" not in json.dumps(t.m.view()["players"]) and BERNIE not in json.dumps(t.m.view())
    refused(t, A.DealInvestor(0, CRAMER), NotYourTurn, "goes to Bob")
    t.do(A.DealInvestor(1, CRAMER), A.DealInvestor(1, DONALD), A.DealInvestor(2, MARTHA), A.DealInvestor(2, MARK))
    refused(t, A.KeepInvestors(0, (CRAMER,)), IllegalAction, "Alice cannot keep Crazy Cramer: that investor was not dealt")
    refused(t, A.KeepInvestors(0, (BILL, BERNIE)), IllegalAction, "must keep exactly 1")
    refused(t, A.KeepInvestors(1, (CRAMER,)), NotYourTurn)
    t.do(A.KeepInvestors(0, (BILL,)), A.KeepInvestors(1, (DONALD,)), A.KeepInvestors(2, (MARK,)))
    assert t.s.money == [32_000, 13_000, 25_000]
    assert [p["investors"] for p in t.m.view()["players"]] == [[BILL], [DONALD], [MARK]]
    assert t.m.describe_log()[:2] == ["Alice is dealt an investor card"] * 2
    assert t.s.phase == "setup" and t.s.step == R.START_STOCK


def test_an_investor_the_match_dealt_another_player_is_dealt_and_named_when_keeping():
    """Issue 28: "Billionaire Bill has already been dealt" told Bob that someone held Bill. Bob's
    Bill is his; Alice holds an investor the match no longer knows, and names it when keeping."""
    t = Table(investors=True)
    t.do(A.DealInvestor(0, BILL), A.DealInvestor(0, BERNIE), A.DealInvestor(1, BILL), A.DealInvestor(1, DONALD),
         A.DealInvestor(2, MARTHA), A.DealInvestor(2, MARK))
    assert t.private("Alice")["investor_cards"] == [BERNIE] and t.private("Bob")["investor_cards"] == [BILL, DONALD]
    # her choices (in her own panel): Bernie, or any investor nobody kept, Bill included (a Bill
    # left out would tell her that Bob holds it)
    keeps = {a.investors for a in t.m.legal_actions()}
    assert keeps == {(name,) for name in INVESTORS}
    refused(t, A.KeepInvestors(0, (BILL, GRAHAM)), IllegalAction, "must keep exactly 1")
    t.do(A.KeepInvestors(0, (GRAHAM,)), A.KeepInvestors(1, (BILL,)))
    assert (GRAHAM,) not in {a.investors for a in t.m.legal_actions()}       # kept: in plain sight
    refused(t, A.KeepInvestors(2, (GRAHAM,)), IllegalAction, "Carol cannot keep Golden Graham")
    t.do(A.KeepInvestors(2, (MARK,)))
    assert [p["investors"] for p in t.m.view()["players"]] == [[GRAHAM], [BILL], [MARK]]


def test_two_players_deal_four_keep_two_and_sum_the_two_player_capitals():
    t = Table(("Alice", "Bob"), investors=True)
    t.keep(((BILL, DONALD, GRAHAM, MARK), (BILL, DONALD)), ((WARREN, STUART, CRAMER, BERNIE), (WARREN, STUART)))
    assert t.s.money == [35_000 + 4_000, 23_000 + 16_000]
    assert t.s.step == R.START_STOCK   # then the starting stocks are dealt


# --- abilities ------------------------------------------------------------------------------------

def test_broker_bernie_takes_fees_as_a_bonus_after_paying_the_bid():
    t = at_auction(investors=dealt(BERNIE, BILL, CRAMER))
    assert t.money("Alice") == 16_000
    refused(t, A.PlaceBid(0, 2, 20_000), IllegalAction, "Alice has only $16,000")   # the bonus cannot fund it
    t.bid("Alice", 2, 15_000).bid("Bob", 0, 0).bid("Carol", 1, 0)
    assert t.money("Alice") == 16_000 - 15_000 + 2_000
    mine = [(p.payer, p.payee, p.amount, p.reason) for p in t.s.payments if 0 in (p.payer, p.payee)][1:]
    assert mine == [(0, "bank", 15_000, "bid for stockpile 3"),
                    ("bank", 0, 2_000, "trading fee paid as a bonus (Broker Bernie)")]
    assert t.m.view()["players"][0]["owed"] == 0


def test_crazy_cramer_moves_one_stock_one_space_once_before_or_after_his_cards():
    t = at_auction(investors=dealt(CRAMER, BILL, BERNIE))
    t.bid("Alice", 2, 0).bid("Bob", 0, 0).bid("Carol", 1, 0)     # Alice: Boom; Carol: Bust
    assert t.s.actor == 0
    refused(t, A.CramerMove(0, EPIC, 2), IllegalAction, "exactly one space")
    t.do(A.CramerMove(0, EPIC, -1))
    assert t.value(EPIC) == 4
    refused(t, A.CramerMove(0, EPIC, 1), IllegalAction, "already moved a stock this round")
    t.do(A.PlayActionCard(0, "Boom", EPIC))
    assert t.value(EPIC) == 6 and t.s.actor == 2
    refused(t, A.CramerMove(2, EPIC, 1), IllegalAction, "Carol is not Crazy Cramer")


def test_crazy_cramer_gets_a_turn_without_action_cards_and_may_decline():
    t = at_auction(investors=dealt(BILL, CRAMER, BERNIE))
    t.bid("Alice", 2, 0).bid("Bob", 0, 0).bid("Carol", 1, 0)
    t.do(A.PlayActionCard(0, "Boom", EPIC))
    assert t.s.actor == 1 and A.Pass(1) in t.m.legal_actions()
    t.pass_("Bob")
    assert t.s.actor == 2


def test_discount_donald_pays_the_next_lower_space():
    """Seed 000: a $10,000 bid pays $6,000."""
    t = at_auction(investors=dealt(DONALD, BILL, CRAMER))
    t.bid("Alice", 0, 10_000).bid("Bob", 1, 1_000).bid("Carol", 2, 0)
    paid = [p.amount for p in t.s.payments if p.reason.startswith("bid")]
    assert paid[0] == 6_000 and paid[1] == 1_000
    assert t.money("Alice") == 13_000 - 6_000


def test_discount_donald_on_both_meeples_with_two_players_and_zero_stays_zero():
    t = Table(("Alice", "Bob"), investors=True)
    t.keep(((DONALD, BILL, GRAHAM, MARK), (DONALD, BILL)), ((WARREN, STUART, CRAMER, BERNIE), (CRAMER, BERNIE)))
    t.start(EPIC, COSMIC)
    t.quiet_to(R.BID)
    t.result(("Alice", 10_000), ("Bob", 0), ("Alice", 1_000), ("Bob", 0))
    # $10,000 pays $6,000; $1,000 pays the $0 space, so no payment at all
    assert [p.amount for p in t.s.payments if p.reason.startswith("bid") and p.payer == 0] == [6_000]
    assert t.money("Alice") == 35_000 + 4_000 - 6_000


def test_dividend_deborah_declares_a_1000_dividend_at_the_end_of_the_round():
    t = at_auction(investors=dealt(BILL, DEBORAH, BERNIE))
    t.result(("Bob", 0), ("Carol", 0), ("Alice", 0))
    t.do(A.PlayActionCard(0, "Boom", LABS), A.PlayActionCard(2, "Bust", LABS))
    t.pass_all(R.SELL)
    t.collect_all()
    t.do(A.RevealPair(0, COSMIC, "-3"))
    assert t.s.step == R.DEBORAH_STEP and t.s.actor == 1 and t.s.phase == "round end"
    refused(t, A.DeclareDividend(0, EPIC), NotYourTurn)
    t.do(A.DeclareDividend(1, EPIC))
    # Bob took stockpile 1 (Epic, Epic) and was dealt no starting Epic; Alice started with one
    assert t.m.view()["board"]["dividend"] == {"company": EPIC, "per_card": 1_000}
    before = list(t.s.money)
    t.collect("Alice", 1).collect("Bob", 1).collect("Carol", 0)      # Bob shows only one of two
    assert [m - b for m, b in zip(t.s.money, before)] == [1_000, 1_000, 0]
    assert t.s.round == 2


def test_dividend_deborah_may_declare_nothing():
    t = at_auction(investors=dealt(DEBORAH, BILL, BERNIE))
    t.result(("Bob", 0), ("Carol", 0), ("Alice", 0))
    t.quiet_to(R.DEBORAH_STEP, (COSMIC, "-3"))
    t.pass_("Alice")
    assert t.s.round == 2


def test_split_cards_collect_double_from_deborah():
    # Alice holds Deborah; Bob one regular and two split Epic cards; to the end of the round
    t = positioned(kept=(DEBORAH, BILL, GRAHAM), holdings={1: ((EPIC,), (EPIC, EPIC))})
    t.quiet_to(R.DEBORAH_STEP, (LABS, "+1"), (COSMIC, "+2"), (AUTO, "-2"), (STEEL, "-3"),
               (BANK_, "+4"))       # the last face-down pair, Epic $$, is what is left
    t.do(A.DeclareDividend(0, EPIC))
    t.collect("Alice", 0)
    before = t.money("Bob")
    t.collect("Bob", 1, 2)
    assert t.money("Bob") == before + 1_000 * (1 + 2 * 2)


def test_golden_graham_gets_1000_more_per_card_sold_split_counting_two_and_at_the_end():
    t = at_auction(investors=dealt(BILL, GRAHAM, BERNIE))
    t.result(("Bob", 0), ("Carol", 0), ("Alice", 0))
    t.do(A.PlayActionCard(0, "Boom", LABS), A.PlayActionCard(2, "Bust", LABS))
    t.pass_("Alice")
    before = t.money("Bob")
    t.sell("Bob", EPIC)
    assert t.money("Bob") == before + 5_000 + 1_000
    # the last round, from the table as it is: Carol is Golden Graham, with $0, one Epic and one split Epic
    t = positioned(round=7, spaces=SPACES_TO_FIVE, kept=(BILL, DONALD, GRAHAM), money=(20_000, 20_000, 0),
                   holdings={2: ([EPIC], [EPIC])})
    last_round_to_five(t)      # majority ($10,000), 3 shares at $5,000, and $3,000 from Graham
    assert t.m.view()["players"][2]["money"] == 0 + 10_000 + 15_000 + 3_000


def test_golden_graham_selling_half_a_split_card_is_one_card():
    t = positioned(kept=(GRAHAM, BILL, DEBORAH), holdings={0: ((), (EPIC,))}).quiet_to(R.SELL)
    before = t.money("Alice")
    t.do(A.SellHalfSplit(0, EPIC))
    assert t.money("Alice") - before == t.value(EPIC) * 1_000 + 1_000


def test_mayknow_martha_looks_at_another_players_pair_once_a_round_privately():
    t = at_auction(investors=dealt(MARTHA, BILL, BERNIE))
    assert t.s.step == R.INVESTOR_STEP and t.s.actor == 0
    refused(t, A.PeekPair(0, 0, 0), IllegalAction, "already knows her own pair")
    t.do(A.PeekPair(0, 1, 0))
    seen = {"round": 1, "what": "pair", "whose": "Bob", "index": 0, "company": AUTO, "forecast": "+2"}
    assert t.private("Alice")["seen"] == [seen]
    assert t.private("Bob")["seen"] == [] and t.private("Carol")["seen"] == []
    assert "+2" not in json.dumps(t.m.view())
    assert t.m.describe_log()[-1] == "Alice (Mayknow Martha) looks at Bob's pair"
    assert t.s.step == R.BID                        # she had nothing else to do before the auction
    assert not [a for a in t.m.legal_actions() if isinstance(a, A.PeekPair)]
    refused(t, A.PeekPair(0, 2, 0), IllegalAction, "once a round")
    t.quiet_round((COSMIC, "-3"))
    assert t.private("Alice")["seen"] == [seen]     # still known in round 2


def test_mayknow_martha_may_look_at_a_face_down_pair_with_four_or_fewer_players():
    t = at_auction(investors=dealt(BILL, MARTHA, BERNIE))
    t.pass_("Bob")                      # not before the auction: she may still look during it
    t.bid("Alice", 0, 0)
    assert t.s.actor == 1
    t.do(A.PeekPair(1, None, 1))
    # nobody has seen that pair: Bob enters what Martha sees, a secret only she may know
    assert t.m.current_player() < 0 and t.s.chance_owner() == 1
    t.do(A.SeeHiddenPair(1, 1, BANK_, "-2"))
    assert t.private("Bob")["seen"] == [{"round": 1, "what": "pair", "whose": "face-down pair 2", "index": 1,
                                         "company": BANK_, "forecast": "-2"}]
    assert t.m.describe_log()[-1] == "Bob looks at face-down pair 2"
    assert t.m.describe_log(1)[-1] == "Bob sees face-down pair 2: Bottomline Bank -2"
    assert t.s.actor == 1                           # still Bob's turn to bid
    t.bid("Bob", 1, 0).bid("Carol", 2, 0)
    t.do(A.PlayActionCard(1, "Bust", LABS), A.PlayActionCard(2, "Boom", LABS))
    t.pass_all(R.SELL)
    t.collect_all()
    # face-down pair 1 is what is left (Cosmic -3): nobody needs to turn anything over by hand
    assert t.s.round == 2 and t.value(BANK_) == 3 and t.value(COSMIC) == 2


def test_mayknow_martha_has_no_face_down_pair_to_look_at_with_five_players():
    t = Table(("A", "B", "C", "D", "E"), investors=True)
    t.keep(*dealt(MARTHA, BILL, BERNIE, CRAMER, DONALD))
    t.start(EPIC, COSMIC, BANK_, LABS, AUTO)
    t.quiet_to(R.INVESTOR_STEP)
    refused(t, A.PeekPair(0, None, 0), IllegalAction, "With 5 players there is no face-down pair")


def test_mayknow_martha_with_two_players_sees_one_of_the_two_pairs():
    t = Table(("Alice", "Bob"), investors=True)
    t.keep(((MARTHA, BILL, GRAHAM, MARK), (MARTHA, BILL)), ((WARREN, STUART, CRAMER, BERNIE), (CRAMER, BERNIE)))
    t.start(EPIC, COSMIC)
    t.quiet_to(R.INVESTOR_STEP, (AUTO, "+2"), (EPIC, "-3"), (STEEL, "$$"), (LABS, "+1"))
    t.do(A.PeekPair(0, 1, 1))
    assert t.private("Alice")["seen"][0]["company"] == LABS
    refused(t, A.PeekPair(0, 1, 0), IllegalAction, "once a round")


def test_maverick_mark_moves_one_card_between_stockpiles_and_may_empty_one():
    t = at_auction(investors=dealt(BILL, MARK, BERNIE))
    assert t.s.step == R.INVESTOR_STEP and t.s.actor == 1
    refused(t, A.MoveCard(1, 0, 0, 0), IllegalAction, "different stockpile")
    refused(t, A.MoveCard(1, 0, 5, 1), IllegalAction, "it holds 3 cards")
    refused(t, A.MoveCard(0, 0, 0, 1), NotYourTurn)
    t.do(A.MoveCard(1, 0, 2, 1))     # Alice's face-down Epic moves, still face down
    piles = t.m.view()["board"]["stockpiles"]
    assert piles[0]["cards"] == [{"card": AUTO}, {"card": EPIC}]
    assert piles[1]["cards"][-1] == {"face_down": True}
    assert t.private("Alice")["known_face_down"][0] == {"stockpile": 1, "position": 3, "card": EPIC}
    # Mark does not see what he moves (he knows only the fee he placed himself)
    assert t.private("Bob")["known_face_down"] == [{"stockpile": 2, "position": 1, "card": FEE2}]
    assert t.s.step == R.BID


def test_maverick_mark_may_empty_a_stockpile_and_the_auction_still_has_it():
    t = Table(investors=True)
    t.keep(*dealt(MARK, BILL, BERNIE))
    t.start(EPIC, COSMIC, BANK_)
    t.info((EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$"), open=(LABS, "+1"))
    t.face_up(AUTO, FEE1, "Boom")
    t.batch(((EPIC, EPIC), ((EPIC, 1, True), (EPIC, 1, False))),
            ((FEE2, COSMIC), ((COSMIC, 1, True), (FEE2, 2, False))),
            ((BANK_, "Bust"), ((BANK_, 2, True), ("Bust", 1, False))))
    t.do(A.MoveCard(0, 0, 0, 2))
    assert t.m.view()["board"]["stockpiles"][0]["cards"] == []
    t.bid("Alice", 0, 0).bid("Bob", 1, 0).bid("Carol", 2, 0)
    assert t.s.phase == "action"


def test_secretive_stuart_may_place_both_cards_face_down():
    t = Table(investors=True)
    t.keep(*dealt(STUART, BILL, BERNIE))
    t.start(EPIC, COSMIC, BANK_)
    t.info((EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$"), open=(LABS, "+1"))
    t.face_up(AUTO, FEE1, "Boom")
    t.do(*(A.DrawCard(s, c) for s, c in [(0, EPIC), (0, FEE2)]))
    t.do(A.PlaceCards(0, ((EPIC, 0, False), (FEE2, 1, False))))
    assert t.m.describe_log()[-1] == "Alice places a card face down on stockpile 1 and a card face down on stockpile 2"
    t.do(*(A.DrawCard(s, c) for s, c in [(1, COSMIC), (1, LABS)]))
    refused(t, A.PlaceCards(1, ((COSMIC, 0, False), (LABS, 1, False))), IllegalAction, "one card face up and one face down")


def test_wise_warren_sees_the_face_down_cards_of_one_stockpile_for_the_rest_of_the_game():
    t = at_auction(investors=dealt(BILL, BERNIE, WARREN))
    t.pass_("Carol")                    # she may look before the auction or on any of her bid turns
    t.bid("Alice", 0, 0).bid("Bob", 1, 0)
    refused(t, A.PeekStockpile(1, 2), NotYourTurn)
    t.do(A.PeekStockpile(2, 1))
    seen = {"round": 1, "what": "stockpile", "stockpile": 1, "face_down_cards": ["Bust"]}
    assert t.private("Carol")["seen"] == [seen]
    assert t.private("Carol")["known_face_down"] == [{"stockpile": 1, "position": 2, "card": "Bust"}]
    assert t.private("Alice")["seen"] == [] and "Bust" not in json.dumps(t.m.view()["board"])
    refused(t, A.PeekStockpile(2, 0), IllegalAction, "already looked at a stockpile this round")
    t.bid("Carol", 2, 0)
    t.quiet_round((COSMIC, "-3"))
    assert t.private("Carol")["seen"] == [seen] and t.private("Carol")["known_face_down"] == []


def test_warren_then_mark_in_turn_order_the_seed_example():
    """Seed 000: Wise Warren starts the round and looks at all face-down cards of a stockpile;
    next Maverick Mark moves a face-down card from another stockpile onto that one."""
    t = at_auction(investors=dealt(WARREN, MARK, BILL))
    assert t.s.step == R.INVESTOR_STEP and t.s.actor == 0
    t.do(A.PeekStockpile(0, 2))
    assert t.private("Alice")["known_face_down"] == [{"stockpile": 0, "position": 2, "card": EPIC},
                                                     {"stockpile": 2, "position": 1, "card": FEE2}]
    assert t.s.actor == 1               # nothing else for Warren to do: on to Mark
    t.do(A.MoveCard(1, 1, 2, 2))
    assert t.m.view()["board"]["stockpiles"][2]["cards"][-1] == {"face_down": True}
    # Warren knows the cards she saw, not the one Mark added
    assert {"stockpile": 2, "position": 3, "card": "Bust"} not in t.private("Alice")["known_face_down"]
    assert t.private("Carol")["known_face_down"] == [{"stockpile": 2, "position": 3, "card": "Bust"}]


def test_abilities_resolve_in_turn_order_from_the_first_player():
    t = at_auction(investors=dealt(MARK, WARREN, MARTHA))
    order = []
    while t.s.step == R.INVESTOR_STEP:
        order.append(t.s.actor)
        t.pass_(t.s.actor)
    assert order == [0, 1, 2]
    t.result(("Bob", 0), ("Carol", 0), ("Alice", 0))
    t.quiet_round((COSMIC, "-3"))
    t.quiet_to(R.INVESTOR_STEP)
    order = []
    while t.s.step == R.INVESTOR_STEP:
        order.append(t.s.actor)
        t.pass_(t.s.actor)
    assert order == [1, 2, 0]       # Bob holds the first-player marker in round 2


def test_two_players_expert_board_and_investors_together():
    t = Table(("Alice", "Bob"), investors=True, expert_board=True)
    t.keep(((DONALD, STUART, GRAHAM, MARK), (DONALD, STUART)), ((WARREN, MARTHA, CRAMER, BERNIE), (WARREN, MARTHA)))
    assert t.s.money == [4_000 + 16_000, 23_000 + 20_000]
    t.start(STEEL, COSMIC)
    t.info((STEEL, "+1"), (EPIC, "-3"), (AUTO, "$$"), (LABS, "+2"))
    t.face_up(STEEL, FEE1, "Boom", LABS)
    # Stuart places all four of his cards face down, in both batches
    t.batch(((EPIC, EPIC), ((EPIC, 0, False), (EPIC, 1, False))), ((COSMIC, LABS), ((COSMIC, 2, True), (LABS, 3, False))))
    t.batch(((STEEL, BANK_), ((STEEL, 3, False), (BANK_, 3, False))), ((COSMIC, LABS), ((COSMIC, 2, True), (LABS, 3, False))))
    assert t.s.step == R.INVESTOR_STEP and t.s.actor == 1      # Bob: Warren and Martha
    t.do(A.PeekStockpile(1, 3))
    t.do(A.PeekPair(1, 0, 0))
    assert [r["what"] for r in t.private("Bob")["seen"]] == ["stockpile", "pair"]
    assert t.private("Bob")["seen"][1]["company"] == STEEL
    assert t.s.step == R.BID and t.s.actor == 0
    t.result(("Alice", 10_000), ("Bob", 0), ("Bob", 3_000), ("Alice", 6_000))
    # Donald pays the lower space on both meeples: 6,000 + 3,000 out of 20,000
    assert t.money("Alice") == 20_000 - 9_000
    t.do(A.PlayActionCard(1, "Boom", LABS))          # Bob took the Boom (stockpile 3)
    t.pass_all(R.SELL)
    # Alice's Steel +1 on the expert board: start space 8 (value 5) to 9, a $ space; she holds
    # three Steel cards (her starting stock, the face-up one and the one she hid herself)
    assert t.value(STEEL) == 5 and t.m.view()["board"]["positions"][STEEL] == 9
    steel = [(p.payee, p.amount) for p in t.s.payments if p.reason == "Stanford Steel $ space"]
    assert steel == [(0, 3_000)]
    assert t.s.step == R.DIVIDEND and t.s.div[0] == COMPANIES.index(AUTO)   # Bob's Automotive $$
