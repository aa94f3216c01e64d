"""The expert board (seed 000): own track per company, bankruptcy to the start space, split to
the octagon space, Stanford Steel's $ spaces; Boom/Bust follow the same rules."""
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R

from .table import AUTO, BANK_, COSMIC, EPIC, LABS, STEEL, Table, at_auction, labs_supply, positioned


def test_every_company_starts_at_5_on_its_own_track():
    t = Table(expert_board=True)
    view = t.m.view()
    assert set(view["stocks"].values()) == {5}
    assert view["board"]["tracks"][COSMIC] == [1, 3, 5, 7, 9]
    assert view["board"]["positions"][STEEL] == 8


def spaces(t) -> dict:
    return t.m.view()["board"]["positions"]


def test_a_company_moves_space_by_space_on_its_own_track():
    t = positioned(expert_board=True)
    labs_supply(t, (LABS, "+4"), [(COSMIC, "+1"), (AUTO, "+2"), (STEEL, "-2")])
    t.pass_all(R.SELL)                                 # the players' pairs, then the face-up pair
    assert t.value(COSMIC) == 7 and t.value(AUTO) == 9


def test_a_split_restarts_at_the_octagon_space_and_keeps_moving():
    t = positioned(expert_board=True, holdings={0: ([BANK_, BANK_], [])})
    labs_supply(t, (LABS, "+1"), [(BANK_, "+2"), (EPIC, "+4"), (STEEL, "-2")], face_up=("Boom", LABS, LABS))
    t.do(A.PlayActionCard(0, "Boom", EPIC))            # Epic 5 (space 4): 6, 6
    t.pass_all(R.SELL)
    # Bank 5 -> 6 -> split -> octagon (4); Epic's +4: 7, 8, 10, split -> space 3 (5)
    assert t.value(BANK_) == 4 and t.private("Alice")["split_portfolio"] == {BANK_: 2}
    assert t.value(EPIC) == 5 and spaces(t)[EPIC] == 3
    # Epic on its top space, Bob with one split card: split at once, then one more space: 5 -> 5 (space 4)
    t2 = positioned(expert_board=True, spaces={EPIC: 9}, holdings={1: ([], [EPIC])})
    labs_supply(t2, (LABS, "+1"), [(EPIC, "+2"), (AUTO, "+4"), (STEEL, "-2")])
    t2.pass_all(R.SELL)
    assert spaces(t2)[EPIC] == 4 and t2.money("Bob") == 30_000


def test_a_bankruptcy_resets_to_the_start_space():
    # Automotive at 1 (its first space) with Bob's three cards; Steel at 1 (its second space)
    t = positioned(expert_board=True, spaces={AUTO: 0, STEEL: 1}, holdings={1: ([AUTO] * 3, [])})
    labs_supply(t, (LABS, "+1"), [(AUTO, "-2"), (STEEL, "-3"), (COSMIC, "+2")])
    t.pass_all(R.SELL)
    assert t.value(AUTO) == 5 and spaces(t)[AUTO] == 2 and AUTO not in t.private("Bob")["portfolio"]
    assert spaces(t)[STEEL] == 8 and t.value(STEEL) == 5


def test_stanford_steel_pays_1000_a_card_for_each_dollar_space_reached_or_passed():
    # Steel on its first space; Alice two Steel, Bob one split Steel (counts double)
    t = positioned(expert_board=True, spaces={STEEL: 0}, holdings={0: ([STEEL, STEEL], []), 1: ([], [STEEL])})
    labs_supply(t, (LABS, "+4"), [(STEEL, "+1"), (AUTO, "+2"), (EPIC, "-2")],
                face_up=("Boom", LABS, LABS), alice=("Boom", "Bust"))      # Alice wins two Booms and a Bust
    t.do(A.PlayActionCard(0, "Boom", STEEL), A.PlayActionCard(0, "Boom", STEEL))
    # four spaces: spaces 1 and 3 are $ spaces: paid twice
    assert t.money("Alice") == 20_000 + 2 * 2_000
    assert t.money("Bob") == 20_000 + 2 * 2_000
    assert t.money("Carol") == 20_000
    t.do(A.PlayActionCard(0, "Bust", STEEL))        # moving left, even past a $ space, pays nothing
    assert t.money("Alice") == 24_000
    t.pass_all(R.SELL)                              # Alice's Steel +1: onto a $ space again pays again
    assert t.money("Alice") == 26_000


def test_a_double_dollar_space_pays_2000_a_card():
    t = positioned(expert_board=True, rules_data={"expert_tracks": {STEEL: {"dollar": [1], "double_dollar": [2]}}},
                   spaces={STEEL: 0}, holdings={2: ([STEEL], [])})
    labs_supply(t, (LABS, "+1"), [(STEEL, "+2"), (AUTO, "+4"), (EPIC, "-2")])
    t.pass_all(R.SELL)
    assert t.money("Carol") == 20_000 + 1_000 + 2_000


def test_the_standard_board_has_no_dollar_spaces():
    t = positioned(holdings={0: ([STEEL] * 5, [])})
    labs_supply(t, (LABS, "+1"), [(STEEL, "+4"), (AUTO, "+2"), (EPIC, "-2")])
    t.pass_all(R.SELL)
    assert t.value(STEEL) == 9 and t.money("Alice") == 20_000


def test_a_boom_on_steel_pays_the_dollar_space_then_splits_to_the_octagon():
    t = at_auction(start=(STEEL, COSMIC, BANK_), expert_board=True)
    t.bid("Alice", 2, 0).bid("Bob", 0, 0).bid("Carol", 1, 0)      # Alice takes the Boom
    t.do(A.PlayActionCard(0, "Boom", STEEL))
    # Steel from its start (space 8) onto space 9 ($: $1,000 for Alice's card), then the split
    assert t.value(STEEL) == 3 and spaces(t)[STEEL] == 4
    assert [(p.payee, p.amount, p.reason) for p in t.s.payments[-1:]] == [(0, 1_000, "Stanford Steel $ space")]
    assert t.private("Alice")["split_portfolio"] == {STEEL: 1}


def test_boom_and_bust_move_two_spaces_of_the_companys_own_track():
    t = at_auction(expert_board=True)
    t.bid("Alice", 1, 0).bid("Bob", 0, 0).bid("Carol", 2, 0)      # Alice takes the Bust
    t.do(A.PlayActionCard(0, "Bust", COSMIC))                      # Cosmic 5 -> 3 -> 1
    t.do(A.PlayActionCard(2, "Boom", AUTO))                        # Automotive 5 -> 7 -> 9
    assert t.value(COSMIC) == 1 and t.value(AUTO) == 9
