"""Random games for every player count and option set, with the core's checks at every step:
every card accounted for, money equal to the ledger, undo/redo, save/load, replay, and a public
view that holds no secret. Plus: every legal action applies, every other candidate is refused."""
import pytest

from tabletop import TabletopError
from tabletop.blackmonday import (BuyShares, ChangePrice, CrashStock, EndTurn, ExchangeCard,
                                  SellShares, SetStartPrice)
from tabletop.blackmonday.data import STOCKS, VALUES
from tabletop.simulate import play_game
from tabletop.testing import check_random_game

from .helpers import invariant, public_view_check

OPTION_SETS = [
    {},
    {"five_hundred_shares": True},
    {"crash_within_limit": False, "restart_counts_as_change": False, "allow_same_price": True,
     "first_player": 1},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["basic", "500-shares", "loose-rules"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_promise(players, options):
    for seed in range(2 if not options else 1):
        match = check_random_game("black-monday", players, seed * 100 + players, options,
                                  public_view_check=public_view_check, invariant=invariant,
                                  undo_every=11)
        state = match.state
        assert state.phase == "over" and state.deck_number == 2
        assert match.outcome().scores == tuple(state.worth(p) for p in range(players))


def test_a_bigger_deck_plays_through_too():
    match = check_random_game("black-monday", 3, 5, {"copies": 3},
                              public_view_check=public_view_check, invariant=invariant, undo_every=23)
    assert match.state.deck_number == 2 and match.is_over()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_always_run_through_the_deck_and_end(players):
    lengths = []
    for seed in range(40):
        steps = [0]
        state = play_game("black-monday", players, seed,
                          {"five_hundred_shares": bool(seed % 2)},
                          on_state=lambda s: steps.__setitem__(0, steps[0] + 1))
        assert state.phase == "over" and state.outcome() is not None
        assert state.deck_number == 2
        lengths.append(steps[0])
    assert max(lengths) < 1_000


def _candidates(state):
    seat = state.seat
    out = [EndTurn(seat)]
    for kind in (BuyShares, SellShares, ChangePrice, CrashStock, SetStartPrice, ExchangeCard):
        out += [kind(seat, stock, value) for stock in STOCKS for value in VALUES]
    return out


#: the option sets whose rules change what a turn may do (each reading the rulebook leaves open)
LEGAL_OPTION_SETS = [
    {},
    {"five_hundred_shares": True},
    {"crash_within_limit": False, "crash_counts_as_change": False},
    {"restart_counts_as_change": False, "allow_same_price": True},
    {"crash_counts_as_change": False},
]


@pytest.mark.parametrize("options", LEGAL_OPTION_SETS,
                         ids=["basic", "500-shares", "crash-anywhere-free", "restart-free-same-price",
                              "crash-free"])
@pytest.mark.parametrize("players", [2, 5])
def test_legal_actions_are_exactly_the_actions_that_apply(players, options):
    checked = 0
    for seed in range(2):
        states = []
        play_game("black-monday", players, seed, options,
                  on_state=lambda s: states.append(s.clone()))
        for state in states[::5]:
            if state.current_player() < 0:
                continue
            legal = set(state.legal_actions())
            for action in _candidates(state):
                trial = state.clone()
                if action in legal:
                    trial.apply(action)
                else:
                    before = _signature(trial)
                    with pytest.raises(TabletopError):
                        trial.apply(action)
                    assert _signature(trial) == before, f"{action} changed the state"
                checked += 1
    assert checked > 2_000


def _signature(state):
    return (state.phase, state.seat, state.buys, state.changes, state.exchanged, state.traded,
            str(state.hands), str(state.held), str(state.piles), tuple(state.money),
            len(state.payments), len(state.value_marks), len(state.discard), len(state.deck))
