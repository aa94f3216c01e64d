"""Play whole games with agents, fast (no log, no undo), and summarise them.

``simulate`` (and ``tabletop simulate``) plays agents of ``tabletop.agents`` (``choose(view,
legal, rng)``: each sees only its own seat's view) in fixed seats, through the tournament's game
loop. ``play_game`` is the engine's own loop, kept for engine tests and the lessons' studies:
its agents use the older ``choose(state, seat, legal, rng)``, see the whole State and draw from
the dealer's random generator (so the lessons' numbers stay as published).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .agents import RandomAgent, load_agent
from .batches import game_seeds, run_map
from .core import CHANCE, TERMINAL, Game, State
from .errors import OptionsError
from .registry import get_title
from .tournament import MAX_ACTIONS, MOVE_SECONDS, agent_labels, play_batch

__all__ = ["play_game", "simulate", "Summary", "game_seeds", "run_map"]


def play_game(title: str, n_players: int, seed: int, options: Mapping[str, Any] | None = None,
              agents: Sequence[Any] | None = None,
              on_state: Callable[[State], None] | None = None) -> State:
    """One full game from ``seed``; returns the final state. ``on_state`` sees every state.
    The engine's loop: ``agents`` (default random) are called ``choose(state, seat, legal, rng)``
    with the whole State and the dealer's generator. Contests use ``tabletop.tournament``."""
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
             options: Mapping[str, Any] | None = None, executor=None,
             agents: Sequence[Any] | None = None) -> Summary:
    """Many games with ``agents`` in fixed seats (default: random players; names or agents
    as in ``tabletop.agents``), by seat; a tied win counts as a share. ``executor`` (any
    ``concurrent.futures`` executor) spreads the games over processes or a cluster."""
    t = get_title(title)
    if type(games) is not int or games < 1:
        raise OptionsError(f"A simulation needs a whole number of games, at least 1, not {games!r}.")
    agents = list(agents) if agents is not None else ["random"] * n_players
    if len(agents) != n_players:
        raise OptionsError(f"{n_players} players need {n_players} agents, not {len(agents)}.")
    for agent in agents:
        load_agent(agent, t.name)
    options = t.normalize_options(dict(options or {}), n_players)
    start = time.perf_counter()
    seats = tuple(range(n_players))
    plan = [(g, s, seats) for g, s in enumerate(game_seeds(seed, games))]
    batches = [plan[i:i + _BATCH] for i in range(0, games, _BATCH)]
    per_batch = run_map(play_batch, ([t.name] * len(batches), [agents] * len(batches),
                                 [agent_labels(agents)] * len(batches), [options] * len(batches),
                                 [MOVE_SECONDS] * len(batches), [MAX_ACTIONS] * len(batches),
                                 [None] * len(batches), batches), executor)
    seconds = time.perf_counter() - start
    totals, wins = [0.0] * n_players, [0.0] * n_players
    for record in (r for batch in per_batch for r in batch):
        for seat in range(n_players):
            totals[seat] += record.scores[seat]
        for seat in record.winners:
            wins[seat] += 1 / len(record.winners)
    return Summary(t.display_name, n_players, games, seconds,
                   [t / games for t in totals], [w / games for w in wins])


#: games sent to a worker at a time
_BATCH = 50
