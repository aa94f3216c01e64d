"""Acquire's round counter: play passes to the left, one turn each, and a round is once around the
table from the first player; the counter counts those, whatever happens in a turn (a merger's
holders acting, no playable tile, an empty draw pile at the end of the game)."""
from __future__ import annotations

import random

import pytest

from tabletop import CHANCE, TERMINAL, Match
from tabletop.acquire.actions import PlaceTile


def turns_and_rounds(players: int, seed: int):
    """Each turn's (turns begun before it, the round the table reads as it begins) of a random
    game played to its end, and whether the game drew its pile empty."""
    match, rng = Match("acquire", [f"P{i}" for i in range(players)], seed=seed), random.Random(seed)
    seen, last_seat = [], None
    while match.current_player() != TERMINAL:
        if match.current_player() == CHANCE:
            match.apply(match.sample_chance())
            continue
        if match.state.turn != last_seat:     # a turn begins (turns pass to the left, one each)
            seen.append((len(seen), match.view(None)["round"]))
            last_seat = match.state.turn
        legal = match.legal_actions()
        placing = [a for a in legal if isinstance(a, PlaceTile)]
        match.apply(rng.choice(placing or legal))
    return seen, not match.state.pile


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_the_round_goes_up_each_time_play_comes_back_to_the_first_player(players, seed):
    seen, _ = turns_and_rounds(players, seed)
    assert len(seen) > 3 * players
    for turns_before, round_read in seen:
        assert round_read == 1 + turns_before // players, (turns_before, round_read)


def test_the_round_still_counts_when_the_draw_pile_is_empty():
    for seed in range(40):
        seen, emptied = turns_and_rounds(2, seed)
        if emptied:
            break
    else:
        pytest.fail("no random 2-player game drew the pile empty")
    for turns_before, round_read in seen:
        assert round_read == 1 + turns_before // 2, (seed, turns_before, round_read)
