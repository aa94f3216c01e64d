"""Play whole games with agents, fast (no log, no undo), and summarise them."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .agents import Agent, RandomAgent
from .core import CHANCE, TERMINAL, Game, Outcome, State
from .registry import get_title

__all__ = ["play_game", "simulate", "Summary", "game_seeds", "run_map"]


def play_game(title: str, n_players: int, seed: int, options: Mapping[str, Any] | None = None,
              agents: Sequence[Agent] | None = None,
              on_state: Callable[[State], None] | None = None) -> State:
    """One full game from ``seed``; returns the final state. ``on_state`` sees every state."""
    t = get_title(title)
    game = Game(t.name, tuple(f"Player {i + 1}" for i in range(n_players)),
                t.normalize_options(dict(options or {}), n_players), seed)
    rng = random.Random(seed)
    agents = list(agents) if agents is not None else [RandomAgent()] * n_players
    state = t.new_state(game)
    while True:
        if on_state is not None:
            on_state(state)
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = agents[player].choose(state, player, state.legal_actions(), rng)
        state.apply(action)


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each of ``games`` games of a study started from ``seed`` (same in every process)."""
    return [seed * 1_000_003 + i for i in range(games)]


def run_map(function: Callable, argument_lists: Sequence[Sequence], executor=None) -> list:
    """``function`` over zipped argument lists, in-process or spread by any executor with a
    ``concurrent.futures``-style ``map`` (a process pool, a Dask client's ``get_executor()``)."""
    if executor is None:
        return [function(*args) for args in zip(*argument_lists)]
    return list(executor.map(function, *argument_lists))


@dataclass
class Summary:
    title: str
    n_players: int
    games: int
    seconds: float
    mean_score: list[float]
    win_share: list[float]

    def __str__(self) -> str:
        lines = [f"{self.games} games of {self.title}, {self.n_players} players, "
                 f"{self.games / self.seconds:,.0f} games per second"]
        lines.append(f"{'seat':>6} {'mean final score':>18} {'win share':>10}")
        for seat, (score, share) in enumerate(zip(self.mean_score, self.win_share)):
            lines.append(f"{seat + 1:>6} {score:>18,.0f} {share:>10.1%}")
        return "\n".join(lines)


def simulate(title: str, n_players: int, games: int, seed: int = 0,
             options: Mapping[str, Any] | None = None, executor=None) -> Summary:
    """Many games; a tied win counts as a share. ``executor`` (any ``concurrent.futures``
    executor) spreads the games over processes or a cluster."""
    start = time.perf_counter()
    outcomes = run_map(_outcome, ([title] * games, [n_players] * games, game_seeds(seed, games),
                                  [options] * games), executor)
    seconds = time.perf_counter() - start
    totals, wins = [0.0] * n_players, [0.0] * n_players
    for outcome in outcomes:
        for seat in range(n_players):
            totals[seat] += outcome.scores[seat]
        for seat in outcome.winners:
            wins[seat] += 1 / len(outcome.winners)
    return Summary(get_title(title).display_name, n_players, games, seconds,
                   [t / games for t in totals], [w / games for w in wins])


def _outcome(title: str, n_players: int, seed: int, options) -> Outcome:
    return play_game(title, n_players, seed, options).outcome()
