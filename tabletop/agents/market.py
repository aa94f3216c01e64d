"""時価で勝負 and Black Monday players: lesson 5's agents (``tabletop.economics.manipulation``)
behind the view-only interface.

- ``JikaGreedy``: plays the card that moves prices most in its favour now (its multiplier minus
  an opponent's expected multiplier, times the change of the price).
- ``BlackMondayHolder``: buys the most shares it can with one card a turn and holds them.
- ``BlackMondayPumper``: buys what it can push up this turn, then pushes prices its way.

Lesson 5's agents read nothing but their own seat's view; here they are handed that view and
nothing else (``_SeatView`` answers ``view(seat)`` with it).
"""
from __future__ import annotations

import random

from ..core import Action
from ..economics import manipulation

__all__ = ["JikaGreedy", "BlackMondayHolder", "BlackMondayPumper"]


class _SeatView:
    """Stands in for the State lesson 5's agents were written against: it knows one view."""
    __slots__ = ("_view",)

    def __init__(self, view: dict):
        self._view = view

    def view(self, seat: int | None) -> dict:
        return self._view


class _Lesson5:
    engine_agent: type

    def __init__(self):
        self._agent = self.engine_agent()

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        return self._agent.choose(_SeatView(view), view["seat"], legal, rng)


class JikaGreedy(_Lesson5):
    __doc__ = manipulation.JikaGreedyAgent.__doc__
    name = "greedy"
    engine_agent = manipulation.JikaGreedyAgent


class BlackMondayHolder(_Lesson5):
    __doc__ = manipulation.BlackMondayHolder.__doc__
    name = "holder"
    engine_agent = manipulation.BlackMondayHolder


class BlackMondayPumper(_Lesson5):
    __doc__ = manipulation.BlackMondayPumper.__doc__
    name = "pumper"
    engine_agent = manipulation.BlackMondayPumper
