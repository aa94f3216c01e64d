"""What every study that plays many games shares (simulations, tournaments, the lessons'
experiments): the seed of each game, and a map that runs in-process or on any executor."""
from __future__ import annotations

from typing import Callable, Sequence

__all__ = ["game_seeds", "run_map"]


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each of ``games`` games of a study started from ``seed`` (same in every process)."""
    return [seed * 1_000_003 + i for i in range(games)]


def run_map(function: Callable, argument_lists: Sequence[Sequence], executor=None) -> list:
    """``function`` over zipped argument lists, in-process or spread by any executor with a
    ``concurrent.futures``-style ``map`` (a process pool, a Dask client's ``get_executor()``)."""
    if executor is None:
        return [function(*args) for args in zip(*argument_lists)]
    return list(executor.map(function, *argument_lists))
