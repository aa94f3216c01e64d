"""The Stockpile track as a Markov chain, checked against the rulebook example and the engine."""
import random
from fractions import Fraction

import pytest

from tabletop.core import CHANCE, TERMINAL, Game
from tabletop.economics import markov as K
from tabletop.errors import OptionsError
from tabletop.registry import get_title
from tabletop.stockpile.data import BOOM, FORECASTS

TRACK = K.track_of()


def test_rulebook_split_example_epic_electric():
    # Epic Electric at 9 moves +4: 10, split, 6, 7, 8
    w = K.walk(K.track_of("Epic Electric"), TRACK.values.index(9), 4)
    assert TRACK.values[w.end] == 8 and w.events == ("split",)


def test_bankruptcy_resets_to_start_and_loses_the_rest():
    w = K.walk(TRACK, TRACK.values.index(2), -3)
    assert TRACK.values[w.end] == 5 and w.events == ("bankrupt",)


def test_short_expert_track_can_split_twice():
    cosmic = K.track_of("Cosmic Computers", expert=True)
    w = K.walk(cosmic, cosmic.last, 4)
    assert w.events == ("split", "split") and w.end == cosmic.split


def test_transition_matrix_rows_and_stationary():
    for actions in (True, False):
        P = K.transition_matrix(TRACK, 4, actions)
        assert all(sum(row) == 1 for row in P)
        pi = K.stationary(P)
        assert sum(pi) == 1 and all(p > 0 for p in pi)
        assert [sum(pi[i] * P[i][j] for i in range(10)) for j in range(10)] == pi


def test_forecasts_only_one_round():
    P = K.transition_matrix(TRACK, 4, include_actions=False)
    five = TRACK.start
    assert P[five][TRACK.values.index(9)] == Fraction(1, 6)        # +4
    assert P[five][five] == Fraction(1, 6)                          # $$: no move
    # one share held one round from 5: mean of 9, 7, 6, 3, 2, 5 thousand plus a $2,000 dividend / 6
    assert K.share_value(TRACK, 1, include_actions=False) == Fraction(17_000, 3)


def test_action_cards_per_company():
    hits = K.action_hits(4)
    assert sum(hits.values()) == 1
    booms = sum(b * p for (b, u), p in hits.items())
    assert booms == Fraction(12 * 4, 80 - 4) / 6                    # 12 cards from 76, 4 Booms, 6 companies
    # a face-up card on each stockpile (one per player; 4 with 2 players) and two drawn by each
    # player (two batches with 2 players): 2p 12, 3p 9, 4p 12, 5p 15 (5 x 5 rounds = the 75 cards
    # left after the starting stocks)
    assert [K.cards_per_round(n) for n in (2, 3, 4, 5)] == [12, 9, 12, 15]
    with pytest.raises(OptionsError, match="2 to 5 players, not 6"):
        K.cards_per_round(6)


def test_share_value_grows_and_includes_splits():
    values = K.share_values(TRACK, 6)
    assert values[3] == K.share_value(TRACK, 3)
    assert values[0] == 5000
    assert all(b > a for a, b in zip(values, values[1:]))
    # from 10, any rise splits and the card sells double: +4 -> split at 9 (18k), +2 -> 14k,
    # +1 -> 12k; -2 -> 8k, -3 -> 7k; $$ -> 10k and a $2,000 dividend
    top = K.share_value(TRACK, 1, start=TRACK.last, include_actions=False)
    assert top == Fraction((18 + 14 + 12 + 8 + 7 + 10 + 2) * 1000, 6)
    # a split card at 10 that splits again earns the $10,000 split bonus
    split = K.share_value(TRACK, 1, start=TRACK.last, include_actions=False, kind="split")
    assert split == Fraction((18 + 14 + 12 + 3 * 10 + 16 + 14 + 20 + 4) * 1000, 6)


def test_share_value_from_every_space_at_once():
    # one round, forecasts only, from each space: the mean over the six forecasts of the sale
    # value after the move (double after a split, nothing after a bankruptcy) plus $2,000 on $$
    from tabletop.stockpile.data import FORECAST_STEPS
    by_hand = []
    for space in range(TRACK.last + 1):
        total = 0
        for steps in FORECAST_STEPS:
            if steps is None:
                total += TRACK.values[space] * 1000 + 2000
                continue
            w = K.walk(TRACK, space, steps)
            if "bankrupt" not in w.events:
                total += TRACK.values[w.end] * 1000 * (2 if "split" in w.events else 1)
        by_hand.append(Fraction(total, 6))
    assert K.share_value_by_space(TRACK, 1, include_actions=False) == by_hand
    # with the action cards, three rounds: the same as one start at a time
    assert K.share_value_by_space(TRACK, 3) == [K.share_value(TRACK, 3, start=i) for i in range(10)]


def _random_state(n, seed):
    title = get_title("stockpile")
    return title.new_state(Game("stockpile", tuple(f"P{i}" for i in range(n)),
                                title.normalize_options({}, n), seed))


def test_action_steps_and_cards_per_round_match_the_engine():
    moved = 0
    for n in (2, 3, 4, 5):
        state, rng = _random_state(n, n), random.Random(n)
        sizes = {}
        while state.current_player() != TERMINAL:
            sizes.setdefault(state.round, state.deck_size if state.phase != "setup" else None)
            if state.current_player() == CHANCE:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            if type(action).__name__ == "PlayActionCard":
                c = K.COMPANIES.index(action.company)
                expected = K.walk(state.tracks[c], state.pos[c], K.ACTION_STEPS[action.card])
                state.apply(action)
                assert state.pos[c] == expected.end
                moved += 1
                continue
            state.apply(action)
        drawn = [sizes[r] - sizes[r + 1] for r in range(1, state.round) if sizes.get(r) and sizes.get(r + 1)]
        assert drawn and set(drawn) == {K.cards_per_round(n)}
    assert moved > 0
    assert K.ACTION_STEPS[BOOM] == 2 and len(FORECASTS) == 6


def test_chain_agrees_with_engine_simulation():
    sim = K.simulate_track(4, games=150, seed=3)
    P = K.transition_matrix(TRACK, 4)
    assert len(sim.values_after) == 6
    for r in range(1, 7):
        exact = K.distribution_after(P, TRACK.start, r)
        seen = sim.distribution(r, TRACK)
        assert sum(abs(float(a) - b) for a, b in zip(exact, seen)) / 2 < 0.08
        assert abs(float(K.expected_value(TRACK, exact)) - sim.mean(r)) < 0.25


def test_simulation_with_an_executor_is_the_same():
    from concurrent.futures import ThreadPoolExecutor
    alone = K.simulate_track(3, games=6, seed=1)
    with ThreadPoolExecutor(2) as pool:
        assert K.simulate_track(3, games=6, seed=1, executor=pool) == alone


def test_share_value_agrees_with_phantom_cards_on_the_engine():
    # the phantom's position is asserted against the engine's after every round of every game
    sim = K.simulate_share_values(4, games=60, seed=5)
    exact = K.share_values(TRACK, 6)
    assert len(sim.mean) == 7 and sim.mean[0] == 5000
    for k in range(1, 7):
        assert abs(sim.mean[k] - float(exact[k])) < 4 * sim.std_error[k]


def test_irreducible_and_aperiodic_chains_by_hand():
    half = Fraction(1, 2)
    flip = [[0, 1], [1, 0]]                                   # back every 2 rounds: period 2
    cycle = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]                 # period 3
    lazy = [[half, half], [half, half]]                       # a self-loop: aperiodic
    two_and_three = [[0, 1, 0, 0], [0, 0, 1, 0], [half, 0, 0, half], [1, 0, 0, 0]]   # cycles of 3 and 4
    trapped = [[1, 0], [half, half]]                          # space 0 never leaves
    assert K.is_irreducible(flip) and K.period(flip) == 2
    assert K.period(cycle) == 3 and K.period(lazy) == 1 and K.period(two_and_three) == 1
    assert not K.is_irreducible(trapped) and not K.is_irreducible([[half, half], [0, 1]])
    with pytest.raises(OptionsError, match="irreducible"):
        K.period(trapped)


@pytest.mark.parametrize("expert", [False, True])
def test_stockpile_tracks_are_irreducible_and_aperiodic(expert):
    # the $$ forecast leaves the value where it is: a self-loop on every space, so aperiodic;
    # a split goes up to the split space and a bankruptcy to the start space from anywhere
    track = K.track_of("Cosmic Computers", expert=expert)
    for include_actions in (True, False):
        P = K.transition_matrix(track, 4, include_actions=include_actions)
        assert all(P[i][i] > 0 for i in range(len(P)))
        assert K.is_irreducible(P) and K.period(P) == 1
