"""Orchard, a small made-up stock game (the tests' sixth title).

Two stocks, Apple and Pear, start at 5 on a track from 1 to 9; each player starts with $10.
Each round every player is dealt a secret tip card (which stock the harvest will favour, as a
rumour: it may be wrong); then in turn from the first player each buys one share at its value,
sells one, or passes; then the harvest card is turned up (public) and moves one stock 1 or 2
spaces. After round 3, money plus shares at their values wins; equal scores share the win.
"""
from tabletop.core import Title
from tabletop.errors import OptionsError

from . import data
from .actions import ACTION_TYPES, Buy, DealTip, Harvest, Pass, Position, Sell
from .rules import OrchardState

__all__ = ["TITLE", "Buy", "DealTip", "Harvest", "Pass", "Position", "Sell"]


class OrchardTitle(Title):
    name = "orchard"
    display_name = "Orchard"
    min_players = 2
    max_players = 4
    state_class = OrchardState
    action_types = ACTION_TYPES
    option_help = {"rounds": "How many rounds the game lasts (1 to 9)."}

    def normalize_options(self, options, n_players):
        out = {"rounds": data.ROUNDS, **dict(options)}
        unknown = set(out) - {"rounds"}
        if unknown:
            raise OptionsError("Orchard has no option {option}.", option=", ".join(sorted(unknown)))
        if type(out["rounds"]) is not int or not 1 <= out["rounds"] <= 9:
            raise OptionsError("Orchard lasts 1 to 9 rounds, not {rounds}.", rounds=out["rounds"])
        return out


TITLE = OrchardTitle()
