"""Random games for both editions and 2-6 players, with the core's checks at every step and
Acquire's own: every tile and share accounted for, sizes and prices agree with the board,
and the table screen never shows a secret."""
import json

import pytest

from tabletop.acquire.mergers import share_price
from tabletop.acquire.rules import ASIDE, BOARD, EMPTY, PILE
from tabletop.cli import main as cli_main
from tabletop.simulate import play_game, simulate
from tabletop.testing import check_random_game


def invariant(state) -> None:
    t, ed = state.tables, state.edition
    where = state.where
    # tiles: each exactly in one place
    assert sorted(state.pile) == [x for x in range(t.n_tiles) if where[x] == PILE]
    assert sorted(state.aside) == [x for x in range(t.n_tiles) if where[x] == ASIDE]
    for seat, hand in enumerate(state.hands):
        assert sorted(hand) == [x for x in range(t.n_tiles) if where[x] == seat]
        assert len(hand) + state.unentered[seat] <= ed.hand_size
    for x in range(t.n_tiles):
        assert (where[x] == BOARD) == (state.board[x] != EMPTY)
    # shares: bank + holders = the printed count
    for c in range(t.nc):
        assert state.bank[c] + sum(h[c] for h in state.held) == ed.shares_per_corporation
        assert state.bank[c] >= 0
    # corporations: size = their cells on the board (during a merger the defunct keep theirs)
    for c, name in enumerate(t.corps):
        assert state.size[c] == state.board.count(c)
        assert state.price[c] == share_price(ed, name, state.size[c])
        assert state.size[c] == 0 or state.size[c] >= 2
    assert state.n_active == sum(1 for s in state.size if s)
    # the cached safe set and end condition agree with the sizes
    assert state.safe == {c for c in range(t.nc) if state.size[c] >= ed.safe_size}
    assert state.n_safe == len(state.safe)
    active = [s for s in state.size if s]
    assert state.end_allowed() == (bool(active) and (max(active) >= ed.end_size
                                                     or min(active) >= ed.safe_size))
    assert all(m >= 0 for m in state.money)
    if state.phase == "over":
        assert all(not any(h) for h in state.held)


def public_view_check(state, view) -> None:
    assert "private" not in view
    text = json.dumps(view)
    for hand in state.hands:
        for x in hand:
            assert f'"{state.tables.labels[x]}"' not in text, "a hand's tile is on the table screen"
    for x in state.pile:
        assert f'"{state.tables.labels[x]}"' not in text
    for p in view["players"]:
        assert isinstance(p["tiles_in_hand"], int)
        if state.hidden:
            assert p["money"] is None and p["holdings"] is None
    assert all(isinstance(c["bank_shares"], int) for c in view["board"]["corporations"])


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_keep_every_promise(edition, n):
    options = {"edition": edition, "hidden_money": n % 2 == 1}
    if edition == "2016" and n == 3:
        options["sole_holder"] = "primary+tertiary"
    m = check_random_game("acquire", n, seed=100 + n, options=options,
                          public_view_check=public_view_check, invariant=invariant, undo_every=11)
    assert m.outcome() is not None
    # the ledger explains every dollar: start money, bonuses, sales in; purchases out
    start = m.state.edition.start_money
    for seat in range(n):
        assert m.state.money[seat] == start + sum(
            p.amount if p.payee == seat else -p.amount for p in m.state.payments
            if seat in (p.payer, p.payee) and p.reason != "starting money")


def test_many_fast_games_end_and_agree_with_the_rules_checks():
    for seed in range(40):
        for edition in ("2016", "classic"):
            state = play_game("acquire", 2 + seed % 5, seed, {"edition": edition})
            assert state.outcome() is not None
            invariant(state)


def test_simulate_from_the_command_line(capsys):
    assert cli_main(["simulate", "acquire", "--edition", "classic", "--players", "4",
                     "--games", "5", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "5 games of Acquire, 4 players" in out
    assert cli_main(["simulate", "acquire", "--players", "3", "--games", "2", "--hidden-money",
                     "--sole-holder", "primary+tertiary"]) == 0
    assert cli_main(["simulate", "acquire", "--players", "3", "--edition", "deluxe"]) == 2
    assert "invalid choice: 'deluxe'" in capsys.readouterr().err
    assert cli_main(["simulate", "acquire", "--players", "2", "--games", "1",
                     "--rules", '{"shares_per_corporation": 20, "end_size": 30}']) == 0
    assert cli_main(["simulate", "acquire", "--players", "2", "--rules", '{"colour": 1}']) == 2
    assert "no setting colour" in capsys.readouterr().err
    assert cli_main(["simulate", "acquire", "--players", "2", "--turbo"]) == 2
    assert "unrecognized arguments: --turbo" in capsys.readouterr().err


def test_simulation_is_reproducible():
    a = simulate("acquire", 4, 10, seed=3, options={"edition": "classic"})
    b = simulate("acquire", 4, 10, seed=3, options={"edition": "classic"})
    assert a.mean_score == b.mean_score and a.win_share == b.win_share


class NeverDeclares:
    """Plays at random but never declares the end: the game must still finish."""

    def choose(self, state, seat, legal, rng):
        from tabletop.acquire import DeclareEnd
        options = [a for a in legal if not isinstance(a, DeclareEnd)] or legal
        return options[rng.randrange(len(options))]


def test_without_a_declaration_the_game_ends_when_nobody_can_place_a_tile():
    for seed in range(6):
        n = 2 + seed % 5
        state = play_game("acquire", n, seed, {"edition": ("2016", "classic")[seed % 2]},
                          agents=[NeverDeclares()] * n)
        assert state.outcome().reason == "no player could place a tile"
        invariant(state)
        assert not state.pile or all(not state.playable_tiles(s) for s in range(n))
