"""Agents choose actions in simulation. Implement ``Agent.choose`` to write your own."""
from __future__ import annotations

import random
from typing import Protocol, Sequence

from .core import Action, State

__all__ = ["Agent", "RandomAgent"]


class Agent(Protocol):
    def choose(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` for ``seat``. A fair agent reads only ``state.view(seat)``."""


class RandomAgent:
    """Picks uniformly among the legal actions."""

    def choose(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
