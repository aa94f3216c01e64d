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
from .errors import TabletopError
from .match import Match

__all__ = ["check_random_game", "money_from_ledger", "snapshot", "table_snapshot", "cut_and_restart",
           "play_with_corrections", "refused_unchanged"]


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


#: view entries that record what happened before (a history), not what lies on the table now:
#: a match started from a position cannot know them, so comparisons leave them out
HISTORY_KEYS = frozenset({"seen", "start_tile", "last_merger", "plays", "reshuffles"})


def _without_history(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_history(v) for k, v in value.items() if k not in HISTORY_KEYS}
    if isinstance(value, list):
        return [_without_history(v) for v in value]
    return value


def table_snapshot(match: Match) -> str:
    """What every seat sees of the table now, money, the outcome and what may be entered next,
    without the history entries (``HISTORY_KEYS``), as one comparable string."""
    n = match.game.n_players
    views = [_without_history(match.view(None))] + [_without_history(match.view(s)) for s in range(n)]
    outcome = match.outcome()
    offered = [sorted(repr(a) for a in match.offered_actions(v)) for v in (None, *range(n))]
    return json.dumps([views, match.state.money, None if outcome is None else
                       [list(outcome.scores), list(outcome.winners)], offered],
                      sort_keys=True, default=str)


def cut_and_restart(title: str, n_players: int, seed: int, options: Mapping[str, Any] | None = None,
                    max_actions: int = 20_000) -> tuple[Match, Match, int]:
    """Play a random game; cut it at a random position boundary; start a new match from that
    position (``state.position_entries()``: the public ``Position``, then each player's secret
    entries as they would enter them); replay the same later entries in it. Asserts that the new
    match shows the same table as the old one right after the cut and at the end. Returns
    (the whole game, the restarted one, the log index of the cut)."""
    rng = random.Random(seed)
    players = [f"P{i + 1}" for i in range(n_players)]
    match = Match(title, players, options, seed)
    chosen, seen = None, 0
    while not match.is_over():
        state = match.state
        if state.at_position_boundary():
            seen += 1     # keep each boundary with chance 1/seen: a uniform pick, few snapshots
            if rng.randrange(seen) == 0:
                chosen = (len(match), state.position_entries(), table_snapshot(match))
        if state.current_player() == CHANCE:
            match.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        assert len(match) < max_actions, "the game does not end"
    assert chosen, "the game never reached a position boundary"
    cut, entries, at_cut = chosen
    restarted = Match(title, players, options, seed)
    for action in entries:
        restarted.apply(action)
    assert table_snapshot(restarted) == at_cut, f"the table differs right after the restart at entry {cut}"
    for action in match.log[cut:]:
        restarted.apply(action)
    assert table_snapshot(restarted) == table_snapshot(match), f"the game cut at entry {cut} ends differently"
    assert restarted.state.money == money_from_ledger(restarted.state)
    return match, restarted, cut


def play_with_corrections(title: str, n_players: int, seed: int,
                          correction: Callable[[Match, random.Random], Any],
                          options: Mapping[str, Any] | None = None,
                          invariant: Callable[[State], None] | None = None,
                          every: int = 5, max_actions: int = 20_000) -> Match:
    """A random game in which, every few entries, ``correction(match, rng)`` may give a
    ``Correction`` to apply: a refused one must leave the match as it was; after each entry money
    equals the ledger and ``invariant`` holds; undo of a correction restores the table; the game
    ends and a save replays it."""
    rng = random.Random(seed)
    match = Match(title, [f"P{i + 1}" for i in range(n_players)], options, seed)
    applied = 0
    while not match.is_over():
        state = match.state
        if len(match) % every == 0:
            fix = correction(match, rng)
            if fix is not None:
                before = table_snapshot(match)
                try:
                    match.apply(fix)
                except TabletopError:
                    assert table_snapshot(match) == before, f"a refused {fix!r} changed the match"
                else:
                    applied += 1
                    after = table_snapshot(match)
                    match.undo()
                    assert table_snapshot(match) == before, f"undoing {fix!r} did not restore the table"
                    match.redo()
                    assert table_snapshot(match) == after
                state = match.state
                assert state.money == money_from_ledger(state), "money does not equal the ledger"
                if invariant is not None:
                    invariant(state)
                if match.is_over():
                    break
        if state.current_player() == CHANCE:
            match.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        state = match.state
        assert state.money == money_from_ledger(state), "money does not equal the ledger"
        if invariant is not None:
            invariant(state)
        assert len(match) < max_actions, "the game does not end"
    assert applied, "no correction was accepted"
    copy = Match.from_json(match.to_json())
    assert snapshot(copy) == snapshot(match), "save/load did not reproduce the match"
    return match


def refused_unchanged(match: Match, action: Any, error: type = TabletopError, *words: str) -> str:
    """Apply ``action``; it must raise ``error`` whose message holds every one of ``words``, and
    leave the match exactly as it was. Returns the message."""
    before, n = snapshot(match), len(match)
    try:
        match.apply(action)
    except error as exc:
        message = str(exc)
    else:
        raise AssertionError(f"{action!r} was accepted")
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert snapshot(match) == before and len(match) == n, "a refused entry changed the match"
    return message


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
