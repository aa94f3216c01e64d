"""The expert board (seed 000): own track per company, bankruptcy to the start space, split to
the octagon space, Stanford Steel's $ spaces; Boom/Bust follow the same rules."""
from tabletop.stockpile import actions as A

from .table import AUTO, BANK_, COSMIC, STEEL, Table, at_auction, bare_state

CC, BB, LL, AA, SS, EE = range(6)


def test_every_company_starts_at_5_on_its_own_track():
    t = Table(expert_board=True)
    view = t.m.view()
    assert set(view["stocks"].values()) == {5}
    assert view["board"]["tracks"][COSMIC] == [1, 3, 5, 7, 9]
    assert view["board"]["positions"][STEEL] == 8


def test_a_company_moves_space_by_space_on_its_own_track():
    s = bare_state(expert_board=True)
    s.move(CC, 1)
    s.move(AA, 2)
    assert s.value(CC) == 7 and s.value(AA) == 9


def test_a_split_restarts_at_the_octagon_space_and_keeps_moving():
    s = bare_state(expert_board=True)
    s.reg[0][BB] = 2
    s.move(BB, 2)                  # Bank 5 -> 6 -> split -> octagon (4)
    assert s.value(BB) == 4 and s.split[0][BB] == 2
    s.move(EE, 6)                  # Epic 5 (space 4): 6, 6, 7, 8, 10, split -> space 3 (5)
    assert s.value(EE) == 5 and s.pos[EE] == 3
    s.pos[EE] = 9
    s.split[1][EE] = 1
    s.move(EE, 2)                  # split at once, then one more space: 5 -> 5 (space 4)
    assert s.pos[EE] == 4 and s.money[1] == 30_000


def test_a_bankruptcy_resets_to_the_start_space():
    s = bare_state(expert_board=True)
    s.reg[1][AA] = 3
    s.pos[AA] = 0                  # Automotive at 1
    s.move(AA, -2)
    assert s.value(AA) == 5 and s.pos[AA] == 2 and s.reg[1][AA] == 0
    s.pos[SS] = 1                  # Steel at 1 (its second space)
    s.move(SS, -3)
    assert s.pos[SS] == 8 and s.value(SS) == 5


def test_stanford_steel_pays_1000_a_card_for_each_dollar_space_reached_or_passed():
    s = bare_state(expert_board=True)
    s.reg[0][SS] = 2               # Alice: two Steel
    s.split[1][SS] = 1             # Bob: one split Steel (counts double)
    s.pos[SS] = 0
    s.move(SS, 4)                  # spaces 1 and 3 are $ spaces: paid twice
    assert s.money[0] == 20_000 + 2 * 2_000
    assert s.money[1] == 20_000 + 2 * 2_000
    assert s.money[2] == 20_000
    s.move(SS, -2)                 # moving left, even past a $ space, pays nothing
    assert s.money[0] == 24_000
    s.move(SS, 1)                  # moving right onto a $ space again pays again
    assert s.money[0] == 26_000


def test_a_double_dollar_space_pays_2000_a_card():
    s = bare_state(expert_board=True,
                   rules_data={"expert_tracks": {STEEL: {"dollar": [1], "double_dollar": [2]}}})
    s.reg[2][SS] = 1
    s.pos[SS] = 0
    s.move(SS, 2)
    assert s.money[2] == 20_000 + 1_000 + 2_000


def test_the_standard_board_has_no_dollar_spaces():
    s = bare_state()
    s.reg[0][SS] = 5
    s.move(SS, 3)
    assert s.money[0] == 20_000


def test_a_boom_on_steel_pays_the_dollar_space_then_splits_to_the_octagon():
    t = at_auction(start=(STEEL, COSMIC, BANK_), expert_board=True)
    t.bid("Alice", 2, 0).bid("Bob", 0, 0).bid("Carol", 1, 0)      # Alice takes the Boom
    t.do(A.PlayActionCard(0, "Boom", STEEL))
    # Steel from its start (space 8) onto space 9 ($: $1,000 for Alice's card), then the split
    assert t.value(STEEL) == 3 and t.s.pos[SS] == 4
    assert [(p.payee, p.amount, p.reason) for p in t.s.payments[-1:]] == [(0, 1_000, "Stanford Steel $ space")]
    assert t.private("Alice")["split_portfolio"] == {STEEL: 1}


def test_boom_and_bust_move_two_spaces_of_the_companys_own_track():
    t = at_auction(expert_board=True)
    t.bid("Alice", 1, 0).bid("Bob", 0, 0).bid("Carol", 2, 0)      # Alice takes the Bust
    t.do(A.PlayActionCard(0, "Bust", COSMIC))                      # Cosmic 5 -> 3 -> 1
    t.do(A.PlayActionCard(2, "Boom", AUTO))                        # Automotive 5 -> 7 -> 9
    assert t.value(COSMIC) == 1 and t.value(AUTO) == 9
