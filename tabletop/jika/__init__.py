"""時価で勝負 ("Market Price Showdown"): a stock game for 3 or 4 players and a deck of cards.

Registry name ``jika``. ``TITLE`` is the title; the rules are in ``rules.JikaState``, the
component data in ``data``, the actions in ``actions``. ``OPTION_HELP`` says each option in one
sentence; ``EVENT_KINDS`` lists what the table is told.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from tabletop.core import Title
from tabletop.errors import OptionsError
from tabletop.i18n import Term

from . import data
from .actions import (ACTION_TYPES, Correction, DealCard, DealCertificate, Pass, PlayCard, Position,
                      RevealWatcher)
from .data import OPTION_HELP
from .rules import EVENT_KINDS, JikaState

__all__ = ["TITLE", "JikaTitle", "JikaState", "DealCertificate", "DealCard", "RevealWatcher",
           "PlayCard", "Pass", "Position", "Correction", "OPTION_HELP", "EVENT_KINDS"]

_OPTION_FLAGS = {"--first-player": "first_player", "--hand-size": "hand_size"}
# TRANSLATORS: the game's name; Japanese tables know it as 時価で勝負 (the rulebook's title)
_NAME = Term("jika term", "時価で勝負 (Market Price Showdown)")


class JikaTitle(Title):
    name = "jika"
    display_name = "時価で勝負 (Market Price Showdown)"
    option_help = OPTION_HELP
    min_players = 3
    max_players = 4
    state_class = JikaState
    action_types = ACTION_TYPES

    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict:
        """Options: ``first_player`` (seat holding the joker; default 0, the table's choice)
        and ``hand_size`` (market cards per hand; the rules say 9 at 3 players, 7 at 4)."""
        if not self.min_players <= n_players <= self.max_players:
            raise OptionsError("{title} is for {least} to {most} players, not {players}.",
                               title=_NAME, least=self.min_players, most=self.max_players,
                               players=n_players)
        unknown = sorted(set(options) - {"first_player", "hand_size"})
        if unknown:
            raise OptionsError("{title} has no option {unknown}; its options are 'first_player' and "
                               "'hand_size'.", title=_NAME, unknown=", ".join(map(repr, unknown)))
        first = options.get("first_player", data.DEFAULT_FIRST_PLAYER)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n_players:
            raise OptionsError("The start player must be a seat from 0 to {last}; got {value}.",
                               last=n_players - 1, value=repr(first))
        default_hand = data.HAND_SIZE.get(n_players)
        hand = options.get("hand_size", default_hand)
        most = len(data.MARKET_CARDS) // n_players
        if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= most:
            raise OptionsError("With {players} players a hand holds 1 to {most} market cards (the "
                               "rules say {usual}); got {value}.", players=n_players, most=most,
                               usual=default_hand, value=repr(hand))
        return {"first_player": first, "hand_size": hand}

    def cli_options(self, argv: Sequence[str]) -> dict:
        """``--first-player N`` and ``--hand-size N``."""
        options: dict[str, Any] = {}
        args = list(argv)
        while args:
            token = args.pop(0)
            flag, _, value = token.partition("=")
            if flag not in _OPTION_FLAGS:
                raise OptionsError("{title} has no option {option}; it knows --first-player and "
                                   "--hand-size.", title=_NAME, option=token)
            if not value:
                if not args:
                    raise OptionsError("{option} needs a number after it.", option=flag)
                value = args.pop(0)
            try:
                options[_OPTION_FLAGS[flag]] = int(value)
            except ValueError:
                raise OptionsError("{option} needs a whole number, not {value}.", option=flag,
                                   value=repr(value)) from None
        return options


TITLE = JikaTitle()
