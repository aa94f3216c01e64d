"""時価で勝負 and Black Monday players: lesson 5's agents (``tabletop.economics.manipulation``)
behind the view-only interface.

- ``JikaGreedy``: plays the card that moves prices most in its favour now (its multiplier minus
  an opponent's expected multiplier, times the change of the price).
- ``JikaBacker``: backs its own certificates: raises the price of the suit of its king, then of its
  queen, as far as one card can; with no such card it lowers the suit it holds nothing of.
- ``BlackMondayHolder``: buys the most shares it can with one card a turn and holds them.
- ``BlackMondayPumper``: buys what it can push up this turn, then pushes prices its way.

Lesson 5's agents read nothing but their own seat's view; here they are handed that view and
nothing else (``_SeatView`` answers ``view(seat)`` with it).
"""
from __future__ import annotations

import random

from ..core import Action
from ..economics import manipulation

__all__ = ["JikaGreedy", "JikaBacker", "BlackMondayHolder", "BlackMondayPumper"]


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


class JikaBacker:
    """Backs its own certificates: the play that raises its king's suit most, else its queen's;
    with neither, the play that lowers most a suit it holds no certificate of; otherwise the
    first offered action (a pass). Reads only its own view."""
    name = "backer"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if type(a).__name__ == "PlayCard"]
        if not plays:
            return legal[0]
        certs = view["private"]["certificates"]
        market = view["board"]["market"]

        def change(a) -> int:
            m = market[a.suit]
            return manipulation.jika_play_price(m["upper"], m["lower"], a.value, a.slot) - m["price"]
        for suit in (certs["king"], certs["queen"]):
            rises = [a for a in plays if a.suit == suit and change(a) > 0]
            if rises:
                top = max(change(a) for a in rises)
                return rng.choice([a for a in rises if change(a) == top])
        theirs = [a for a in plays if a.suit not in (certs["king"], certs["queen"])]
        falls = [a for a in theirs if change(a) < 0]
        if falls:
            low = min(change(a) for a in falls)
            return rng.choice([a for a in falls if change(a) == low])
        return rng.choice(plays)


class BlackMondayHolder(_Lesson5):
    __doc__ = manipulation.BlackMondayHolder.__doc__
    name = "holder"
    engine_agent = manipulation.BlackMondayHolder


class BlackMondayPumper(_Lesson5):
    __doc__ = manipulation.BlackMondayPumper.__doc__
    name = "pumper"
    engine_agent = manipulation.BlackMondayPumper
