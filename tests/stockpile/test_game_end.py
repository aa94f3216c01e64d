"""Game end: majority bonuses (split cards count 2, ties share $5,000 each), the final sale,
unpaid fees, winners."""
from .table import (BANK_, COSMIC, EPIC, FEE3, SPACES_TO_FIVE, STEEL, Table, last_round_to_five, paid_to,
                    positioned)


def test_majority_bonus_split_cards_count_two_and_ties_get_5000_each():
    # the last round, from the table as it is: Alice 3 Epic and 2 Cosmic; Bob 2 split Epic (= 4
    # shares: the majority); Carol 2 Cosmic (a tie with Alice) and 1 split Steel (alone)
    t = positioned(round=7, spaces=SPACES_TO_FIVE, holdings={0: ([EPIC] * 3 + [COSMIC] * 2, []),
                                                              1: ([], [EPIC, EPIC]),
                                                              2: ([COSMIC, COSMIC], [STEEL])})
    last_round_to_five(t)
    assert paid_to(t, "majority") == [(0, 5_000, "tied majority holder of Cosmic Computers"),
                                      (2, 5_000, "tied majority holder of Cosmic Computers"),
                                      (2, 10_000, "majority holder of Stanford Steel"),
                                      (1, 10_000, "majority holder of Epic Electric")]
    # then everything is sold at its final value (all at 5), split cards for double
    money = [p["money"] for p in t.m.view()["players"]]
    assert money == [20_000 + 5_000 + 5 * 5_000, 20_000 + 10_000 + 4 * 5_000,
                     20_000 + 15_000 + 2 * 5_000 + 2 * 5_000]
    assert t.m.outcome().winners == (2,)
    assert t.m.outcome().scores == tuple(money)


def test_a_fee_still_unpaid_at_the_end_is_deducted_from_the_final_money():
    # Alice has spent everything and a $3,000 fee waits; she holds no card
    t = positioned(round=7, spaces=SPACES_TO_FIVE, money=(0, 20_000, 20_000), unpaid_fees=((FEE3,), (), ()))
    last_round_to_five(t)
    alice = t.m.view()["players"][0]
    assert alice["money"] == 0 and alice["score"] == -3_000
    # with one Epic card: the final sale brings $5,000 (and the $10,000 majority): the fee is paid from it
    t2 = positioned(round=7, spaces=SPACES_TO_FIVE, money=(0, 20_000, 20_000), unpaid_fees=((FEE3,), (), ()),
                    holdings={0: ([EPIC], [])})
    last_round_to_five(t2)
    alice = t2.m.view()["players"][0]
    assert alice["score"] == 2_000 + 10_000 and alice["unpaid_fees"] == []


def test_a_tie_for_most_money_is_shared():
    t = last_round_to_five(positioned(round=7, spaces=SPACES_TO_FIVE))
    assert t.m.outcome().winners == (0, 1, 2) and t.m.outcome().scores == (20_000,) * 3


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
