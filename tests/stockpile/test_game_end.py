"""Game end: majority bonuses (split cards count 2, ties share $5,000 each), the final sale,
unpaid fees, winners."""
from tabletop.core import BANK
from tabletop.stockpile.data import COMPANIES

from .table import BANK_, COSMIC, EPIC, STEEL, Table, bare_state

E, C, S = COMPANIES.index(EPIC), COMPANIES.index(COSMIC), COMPANIES.index(STEEL)


def test_majority_bonus_split_cards_count_two_and_ties_get_5000_each():
    s = bare_state()
    s.reg[0][E] = 3                  # Alice: 3 Epic
    s.split[1][E] = 2                # Bob: 2 split Epic = 4: majority holder
    s.reg[0][C], s.reg[2][C] = 2, 2  # Cosmic: Alice and Carol tie
    s.split[2][S] = 1                # Steel: Carol alone (a split card counts 2)
    s._end_game()
    bonus = [(p.payee, p.amount, p.reason) for p in s.payments if "majority" in p.reason]
    assert bonus == [(0, 5_000, "tied majority holder of Cosmic Computers"),
                     (2, 5_000, "tied majority holder of Cosmic Computers"),
                     (2, 10_000, "majority holder of Stanford Steel"),
                     (1, 10_000, "majority holder of Epic Electric")]
    # then everything is sold at its final value (all at 5), split cards for double
    assert s.money == [20_000 + 5_000 + 5 * 5_000, 20_000 + 10_000 + 4 * 5_000,
                       20_000 + 15_000 + 2 * 5_000 + 2 * 5_000]
    assert s.outcome().winners == (2,)
    assert s.outcome().scores == tuple(s.money)


def test_a_fee_still_unpaid_at_the_end_is_deducted_from_the_final_money():
    s = bare_state()
    s.pay(0, BANK, 20_000, "arranged: Alice spent everything")
    s.owed[0] = [s.R.first_fee + 2]   # a $3,000 fee waiting
    s.reg[0][E] = 0
    s._end_game()
    assert s.money[0] == 0 and s.scores[0] == -3_000
    s2 = bare_state()
    s2.pay(0, BANK, 20_000, "arranged")
    s2.owed[0] = [s2.R.first_fee + 2]
    s2.reg[0][E] = 1                  # the final sale brings $5,000: the fee is paid from it
    s2._end_game()
    assert s2.scores[0] == 2_000 + 10_000 and s2.owed[0] == []


def test_a_tie_for_most_money_is_shared():
    s = bare_state()
    s._end_game()
    assert s.outcome().winners == (0, 1, 2) and s.outcome().scores == (20_000,) * 3


def test_a_full_quiet_game_ends_after_the_calendar_and_reveals_everything():
    t = Table()
    t.start(EPIC, COSMIC, BANK_)
    for _ in range(7):
        assert not t.m.is_over()
        t.quiet_round()
    assert t.m.is_over() and t.m.legal_actions() == []
    view = t.m.view()
    assert view["phase"] == "game over" and view["to_act"] is None
    holdings = [p["holdings"] for p in view["players"]]
    assert all(set(h) == {"regular", "split"} for h in holdings)
    outcome = t.m.outcome()
    assert outcome.scores == tuple(p["score"] for p in view["players"])
    assert set(outcome.winners) == {i for i, sc in enumerate(outcome.scores) if sc == max(outcome.scores)}
    assert sum(t.s.card_census()) == 80
