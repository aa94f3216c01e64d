"""Checks every title's engine must pass, shared by the test suites of all titles.

``check_random_game`` plays one random game through a ``Match`` and asserts the core's
promises at every step: the legal actions are empty exactly at the end, each player's money
equals the ledger, undo then redo changes nothing, save/load and replay reproduce the state,
and the public view passes the title's own secret check.
"""
from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any, Callable, Mapping

from .core import BANK, CHANCE, TERMINAL, State
from .match import Match

__all__ = ["check_random_game", "money_from_ledger", "snapshot"]


def money_from_ledger(state: State) -> list[int]:
    money = defaultdict(int)
    for p in state.payments:
        if p.payer != BANK:
            money[p.payer] -= p.amount
        if p.payee != BANK:
            money[p.payee] += p.amount
    return [money[s] for s in range(state.n)]


def snapshot(match: Match) -> str:
    """Everything a player could see, from every seat, as one comparable string."""
    views = [match.view(None)] + [match.view(s) for s in range(match.game.n_players)]
    return json.dumps([views, match.state.money, len(match.state.payments)], sort_keys=True, default=str)


def check_random_game(title: str, n_players: int, seed: int, options: Mapping[str, Any] | None = None,
                      public_view_check: Callable[[State, dict], None] | None = None,
                      invariant: Callable[[State], None] | None = None,
                      undo_every: int = 7, max_actions: int = 20_000) -> Match:
    """Play one random game with all the checks; returns the finished match."""
    rng = random.Random(seed)
    match = Match(title, [f"P{i + 1}" for i in range(n_players)], options, seed)
    steps = 0
    while True:
        state = match.state
        legal = state.legal_actions()
        player = state.current_player()
        assert (player == TERMINAL) == (not legal), (
            f"legal actions {'empty' if not legal else 'present'} but current player is {player}")
        assert state.money == money_from_ledger(state), "money does not equal the ledger"
        public = match.view(None)
        json.dumps(public)
        if public_view_check is not None:
            public_view_check(state, public)
        if invariant is not None:
            invariant(state)
        if player == TERMINAL:
            break
        if steps and steps % undo_every == 0:
            before = snapshot(match)
            match.undo()
            match.redo()
            assert snapshot(match) == before, "undo then redo changed the match"
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = legal[rng.randrange(len(legal))]
        match.apply(action)
        steps += 1
        assert steps < max_actions, "the game does not end"
    assert match.outcome() is not None
    copy = Match.from_json(match.to_json())
    assert snapshot(copy) == snapshot(match), "save/load did not reproduce the match"
    assert copy.outcome() == match.outcome()
    return match
