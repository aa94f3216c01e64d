"""tabletop: track and teach stock-market board games.

Engines are pure Python; the dashboards live in ``tabletop.widgets`` and are never
imported from here.
"""
from .core import (BANK, CHANCE, TERMINAL, Action, Correction, Event, Game, Outcome, Payment, Position, State, Title,
                   ValueMark, Waiting)
from .errors import (GameIsOver, HistoryError, IllegalAction, MalformedAction, NotYourTurn,
                     OptionsError, SaveFileError, TabletopError, UnknownTitle)
from .match import Match
from .registry import get_title, title_names

__version__ = "0.1.0"

__all__ = [
    "Match", "Game", "Action", "State", "Title", "Outcome", "Payment", "ValueMark",
    "Position", "Correction", "Waiting", "Event",
    "CHANCE", "TERMINAL", "BANK", "get_title", "title_names",
    "TabletopError", "IllegalAction", "NotYourTurn", "GameIsOver", "MalformedAction",
    "HistoryError", "SaveFileError", "OptionsError", "UnknownTitle",
]
