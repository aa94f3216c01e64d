"""The demand phase: bids, outbids and re-bids, the $25,000 lock, the cash limit, trading fees,
the two-player limits, and the auction entered as its final result."""

from tabletop.errors import IllegalAction, MalformedAction, NotYourTurn
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R

from .table import AUTO, BANK_, COSMIC, EPIC, FEE1, FEE2, FEE3, LABS, STEEL, Table, at_auction, refused


def test_bids_outbid_rebid_then_pay_and_take_the_cards():
    t = at_auction()
    t.bid("Alice", 0, 3_000)
    t.bid("Bob", 0, 6_000)                      # Alice is outbid and takes her meeple back
    assert t.m.view()["board"]["stockpiles"][0]["bid"] == {"seat": 1, "amount": 6_000}
    assert t.m.view()["players"][0]["meeples_waiting"] == 1
    t.bid("Carol", 1, 0)                        # she re-bids only after everyone bid once
    t.bid("Alice", 2, 1_000)
    # Bob pays $6,000; Carol bid $0 and pays nothing but the $1,000 fee; Alice $1,000 + $2,000 fee
    assert t.s.money == [17_000, 14_000, 19_000]
    assert t.private("Bob")["portfolio"] == {AUTO: 1, EPIC: 2, COSMIC: 1}
    assert t.private("Carol")["action_cards"] == {"Boom": 0, "Bust": 1}
    assert t.private("Alice")["action_cards"] == {"Boom": 1, "Bust": 0}
    reasons = list(t.m.ledger()["reason"])[3:]
    assert reasons == ["bid for stockpile 3", "bid for stockpile 1", "trading fee", "trading fee"]
    assert t.s.phase == "action"
    # the fee cards were discarded face up, the rest went to the portfolios
    assert t.m.view()["board"]["discard"] == 2


def test_several_outbid_players_rebid_clockwise():
    t = Table(("Alice", "Bob", "Carol", "Dave")).start(EPIC, COSMIC, BANK_, LABS)
    t.quiet_to(R.BID)
    t.bid("Alice", 0, 0).bid("Bob", 0, 1_000).bid("Carol", 1, 0).bid("Dave", 1, 1_000)
    # Alice and Carol were outbid: Alice (after Dave, clockwise) then Carol
    t.bid("Alice", 1, 3_000)       # outbids Dave
    t.bid("Carol", 2, 0)
    t.bid("Dave", 3, 0)
    assert t.s.phase != "demand"


def test_a_bid_must_be_higher_and_on_a_real_space():
    t = at_auction()
    t.bid("Alice", 0, 3_000)
    refused(t, A.PlaceBid(1, 0, 3_000), IllegalAction, "Alice already bid $3,000", "must go higher")
    refused(t, A.PlaceBid(1, 0, 1_000), IllegalAction, "must go higher")
    refused(t, A.PlaceBid(1, 0, 5_000), IllegalAction, "bids are $0, $1,000, $3,000, $6,000")
    refused(t, A.PlaceBid(1, 3, 0), IllegalAction, "no stockpile 4")
    refused(t, A.PlaceBid(2, 1, 0), NotYourTurn, "Carol cannot act now", "Bob's turn to bid")


def test_nobody_bids_more_than_their_cash():
    t = at_auction()
    msg = refused(t, A.PlaceBid(0, 0, 25_000), IllegalAction)
    assert msg == "Alice cannot bid $25,000 on stockpile 1: Alice has only $20,000."
    assert max(a.amount for a in t.m.legal_actions()) == 20_000


def test_a_25000_bid_locks_the_track():
    t = two_player_auction()          # two players start with $30,000
    t.bid("Alice", 0, 25_000)
    assert not [a for a in t.m.legal_actions() if isinstance(a, A.PlaceBid) and a.pile == 0]
    refused(t, A.PlaceBid(1, 0, 25_000), IllegalAction,
            "Bob cannot bid $25,000 on stockpile 1: Alice already bid $25,000 there, and a bid must go higher.")


def test_bidding_zero_takes_a_stockpile_for_nothing():
    t = at_auction()
    t.bid("Alice", 0, 0).bid("Bob", 1, 0).bid("Carol", 2, 0)
    assert [p.reason for p in t.s.payments[3:]] == ["trading fee", "trading fee"]
    assert t.s.money == [20_000, 19_000, 18_000]


def test_a_fee_that_cannot_be_paid_waits_and_is_paid_when_money_arrives():
    t = at_auction()
    t.bid("Alice", 0, 1_000).bid("Bob", 1, 20_000).bid("Carol", 2, 0)
    # Bob paid $20,000 and cannot pay the $1,000 fee: it stays face up in front of him
    assert t.money("Bob") == 0
    view = t.m.view()
    assert view["players"][1]["owed"] == 1_000 and view["players"][1]["unpaid_fees"] == [FEE1]
    # action phase: Bob holds the Bust, Carol the Boom (Carol took stockpile 3)
    t.do(A.PlayActionCard(1, "Bust", LABS), A.PlayActionCard(2, "Boom", EPIC))
    t.pass_("Alice")
    t.sell("Bob", COSMIC)            # $5,000 arrives; the fee is paid at once
    assert t.money("Bob") == 4_000 and t.m.view()["players"][1]["owed"] == 0
    assert list(t.m.ledger()["reason"])[-2:] == ["sold Cosmic Computers", "trading fee paid late"]


def test_fees_are_paid_smallest_first_and_the_rest_wait():
    t = Table().start(EPIC, COSMIC, BANK_)
    t.info((EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$"), open=(LABS, "+1"))
    t.face_up(FEE3, EPIC, EPIC)
    t.batch(((FEE2, FEE1), ((FEE2, 0, True), (FEE1, 0, False))),
            ((COSMIC, COSMIC), ((COSMIC, 1, True), (COSMIC, 1, False))),
            ((BANK_, BANK_), ((BANK_, 2, True), (BANK_, 2, False))))
    t.bid("Alice", 0, 15_000).bid("Bob", 1, 0).bid("Carol", 2, 0)
    # $5,000 left for fees of $3,000, $2,000 and $1,000: the $1,000 and $2,000 are paid
    assert t.money("Alice") == 2_000
    assert t.m.view()["players"][0]["unpaid_fees"] == [FEE3]
    assert [p.amount for p in t.s.payments if p.reason == "trading fee"] == [1_000, 2_000]


def test_the_auction_result_entered_at_once_equals_the_bids_one_by_one():
    one = at_auction()
    one.bid("Alice", 0, 3_000).bid("Bob", 0, 6_000).bid("Carol", 1, 0).bid("Alice", 2, 1_000)
    two = at_auction()
    two.result(("Bob", 6_000), ("Carol", 0), ("Alice", 1_000))
    assert two.snapshot() == one.snapshot()
    assert two.m.ledger().equals(one.m.ledger())
    assert two.m.describe_log()[-1] == ("Auction result: Bob takes stockpile 1 for $6,000; "
                                        "Carol takes stockpile 2 for $0; Alice takes stockpile 3 for $1,000")


def test_the_auction_result_is_checked_by_the_same_rules():
    t = at_auction()
    refused(t, A.AuctionResult(0, ((1, 25_000), (2, 0), (0, 0))), IllegalAction,
            "Bob cannot bid $25,000 on stockpile 1: Bob has only $20,000.")
    refused(t, A.AuctionResult(0, ((1, 0), (1, 0), (0, 0))), IllegalAction, "cannot take more than one")
    refused(t, A.AuctionResult(0, ((1, 0), (2, 0))), MalformedAction, "for each of the 3 stockpiles")
    refused(t, A.AuctionResult(0, ((1, 0), (2, 2_500), (0, 0))), IllegalAction, "bids are $0")
    refused(t, A.AuctionResult(1, ((1, 0), (2, 0), (0, 0))), NotYourTurn)
    t.bid("Alice", 0, 0)
    refused(t, A.AuctionResult(1, ((0, 0), (1, 0), (2, 0))), IllegalAction, "before any bid is placed")
    assert not t.s.auction_result_allowed()


def two_player_auction():
    t = Table(("Alice", "Bob")).start(EPIC, COSMIC)
    t.info((AUTO, "+2"), (EPIC, "-3"), (STEEL, "$$"), (LABS, "+1"))
    t.face_up(AUTO, FEE1, "Boom", LABS)
    t.batch(((EPIC, EPIC), ((EPIC, 0, True), (EPIC, 1, False))), ((COSMIC, LABS), ((COSMIC, 2, True), (LABS, 3, False))))
    t.batch(((EPIC, BANK_), ((EPIC, 3, True), (BANK_, 3, False))), ((COSMIC, LABS), ((COSMIC, 2, True), (LABS, 3, False))))
    return t


def test_two_players_two_meeples_never_on_their_own_track_and_bids_together_within_cash():
    t = two_player_auction()
    t.bid("Alice", 0, 20_000).bid("Bob", 0, 25_000)
    # Alice's first meeple comes back; she has two to place
    t.bid("Alice", 1, 20_000)
    refused(t, A.PlaceBid(1, 0, 0), IllegalAction, "own meeple is already on that track")
    t.bid("Bob", 2, 0)   # Bob's second meeple: Bob has $30,000, $25,000 already bid
    refused(t, A.PlaceBid(0, 3, 15_000), IllegalAction, "together with the other bid of $20,000",
            "more than the $30,000 Alice has")
    t.bid("Alice", 3, 10_000)
    assert t.s.money == [0, 5_000]
    assert t.s.phase == "action"


def test_two_players_may_bid_twice_in_a_row():
    t = two_player_auction()
    t.bid("Alice", 0, 0).bid("Bob", 0, 1_000).bid("Alice", 1, 0).bid("Bob", 1, 1_000)
    # both of Bob's meeples are placed, both of Alice's came back: she places twice in a row
    t.bid("Alice", 2, 0)
    t.bid("Alice", 3, 0)
    assert t.s.phase == "action"


def test_two_player_auction_result_limits():
    t = two_player_auction()
    refused(t, A.AuctionResult(0, ((0, 0), (0, 0), (0, 0), (1, 0))), IllegalAction, "cannot take more than 2")
    refused(t, A.AuctionResult(0, ((0, 20_000), (0, 15_000), (1, 0), (1, 0))), IllegalAction,
            "together with the other bid of $20,000")
    t.result(("Alice", 20_000), ("Bob", 0), ("Alice", 10_000), ("Bob", 0))
    assert t.s.money == [0, 29_000]    # Bob's stockpile 2 holds the $1,000 fee
