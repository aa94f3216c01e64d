"""Refusals not covered phase by phase: wrong moment, wrong player, malformed fields, abilities
used by the wrong player or twice. Each leaves the match exactly as it was."""
from tabletop.errors import GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R
from tabletop.stockpile.data import INVESTORS

from .table import AUTO, BANK_, COSMIC, EPIC, FEE1, FEE2, LABS, STEEL, Table, at_auction, refused

BILL, BERNIE, CRAMER, DONALD, DEBORAH, GRAHAM, MARTHA, MARK, STUART, WARREN = INVESTORS


def test_actions_at_the_wrong_moment_say_what_the_game_waits_for():
    t = at_auction()
    assert refused(t, A.Pass(0), IllegalAction) == "Passing is not possible now: it is Alice's turn to bid."
    refused(t, A.SellStock(0, EPIC, False), IllegalAction, "Selling stock is not possible now")
    refused(t, A.DrawCard(0, EPIC), IllegalAction, "Drawing a market card is not possible now")
    refused(t, A.RevealPair(0, EPIC, "+4"), IllegalAction, "Turning over a face-down pair is not possible now")
    refused(t, A.DeclareDividend(0, EPIC), IllegalAction, "Declaring a dividend is not possible now")
    refused(t, A.PlaceBid(9, 0, 0), MalformedAction, "there is no seat 9")
    refused(t, A.PlaceBid(0, 0, "lots"), MalformedAction, "PlaceBid: amount must be a whole number, not 'lots'.")


def test_chance_entries_in_the_wrong_order_or_place():
    t = Table().start(EPIC, COSMIC, BANK_).info((EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$"), open=(LABS, "+1"))
    refused(t, A.DrawToStockpile(1, EPIC), IllegalAction, "goes onto stockpile 1, not stockpile 2")
    refused(t, A.DrawCard(0, EPIC), IllegalAction, "Drawing a market card is not possible now")
    t.face_up(EPIC, EPIC, EPIC)
    refused(t, A.DrawCard(1, EPIC), NotYourTurn, "drawn by Alice")


def test_investor_entries_are_checked():
    t = Table(investors=True)
    refused(t, A.DealInvestor(0, "Lucky Luke"), MalformedAction, "not a Stockpile investor")
    t.do(A.DealInvestor(0, BILL), A.DealInvestor(0, BERNIE), A.DealInvestor(1, CRAMER),
         A.DealInvestor(1, DONALD), A.DealInvestor(2, MARTHA), A.DealInvestor(2, MARK))
    refused(t, A.KeepInvestors(0, ("Lucky Luke",)), IllegalAction, "must keep exactly 1")
    refused(t, A.KeepInvestors(0, ()), IllegalAction, "must keep exactly 1")


def test_abilities_of_investors_the_player_does_not_hold():
    t = at_auction(investors=[((BILL, GRAHAM), (BILL,)), ((MARK, BERNIE), (MARK,)), ((CRAMER, DONALD), (CRAMER,))])
    assert t.s.actor == 1
    refused(t, A.PeekStockpile(1, 0), IllegalAction, "Bob is not Wise Warren")
    refused(t, A.PeekPair(1, 0, 0), IllegalAction, "Bob is not Mayknow Martha")
    refused(t, A.MoveCard(1, 0, 9, 1), IllegalAction, "cannot move card 9 of stockpile 1: it holds 3 cards")
    refused(t, A.MoveCard(1, 0, 0, 7), IllegalAction, "no stockpile 8")


def test_two_player_mark_and_warren_each_once_a_round():
    t = Table(("Alice", "Bob"), investors=True)
    t.keep(((MARK, WARREN, GRAHAM, BILL), (MARK, WARREN)), ((MARTHA, STUART, CRAMER, BERNIE), (MARTHA, STUART)))
    t.start(EPIC, COSMIC)
    t.quiet_to(R.INVESTOR_STEP)
    assert t.s.actor == 0
    t.do(A.MoveCard(0, 0, 0, 1))
    refused(t, A.MoveCard(0, 0, 0, 1), IllegalAction, "already moved a card this round")
    t.do(A.PeekStockpile(0, 0))              # (quiet play put every face-down card on stockpile 1)
    assert t.s.actor == 1                       # Alice has nothing left; Bob (Martha) is next
    refused(t, A.PeekStockpile(0, 0), NotYourTurn)
    refused(t, A.PeekPair(1, 1, 0), IllegalAction, "already knows her own pair")
    refused(t, A.PeekPair(1, 0, 2), IllegalAction, "Alice has 2 pair(s)")
    refused(t, A.PeekPair(1, 5, 0), MalformedAction, "no seat 5")
    refused(t, A.PeekPair(1, None, 2), IllegalAction, "there are 2 face-down pairs")
    t.do(A.PeekPair(1, None, 0))
    refused(t, A.SeeHiddenPair(1, 1, EPIC, "+4"), IllegalAction, "Bob is looking at face-down pair 1")


def test_warren_needs_face_down_cards_to_look_at():
    t = Table(investors=True)
    t.keep(((WARREN, BILL), (WARREN,)), ((MARK, BERNIE), (MARK,)), ((CRAMER, DONALD), (CRAMER,)))
    t.start(EPIC, COSMIC, BANK_)
    t.info((EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$"), open=(LABS, "+1"))
    t.face_up(AUTO, FEE1, "Boom")
    t.batch(((EPIC, EPIC), ((EPIC, 0, True), (EPIC, 1, False))),
            ((FEE2, COSMIC), ((COSMIC, 1, True), (FEE2, 1, False))),
            ((BANK_, "Bust"), ((BANK_, 2, True), ("Bust", 1, False))))
    refused(t, A.PeekStockpile(0, 0), IllegalAction, "stockpile 1 has no face-down card")
    refused(t, A.PeekStockpile(0, 2), IllegalAction, "stockpile 3 has no face-down card")


def test_auction_result_with_an_unknown_seat():
    t = at_auction()
    refused(t, A.AuctionResult(0, ((7, 0), (1, 0), (2, 0))), MalformedAction, "no seat 7")


def test_nothing_after_the_end():
    t = Table()
    t.start(EPIC, COSMIC, BANK_)
    for _ in range(7):
        t.quiet_round()
    refused(t, A.Pass(0), GameIsOver, "The game is over")
    assert t.m.view()["log_hint"] == "the game is over"
