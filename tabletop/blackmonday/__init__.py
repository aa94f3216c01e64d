"""Black Monday (Sid Sackson's stock card game, Korean 2021 edition), for 2 to 6 players.

Registry name ``black-monday``. Options (all optional, see ``data.DEFAULT_OPTIONS`` and
``docs/black-monday.md``): ``five_hundred_shares`` (the rulebook's variant), and overrides of every
assumed default: ``limits``, ``copies``, ``shares_per_value``, ``crash_within_limit``,
``restart_counts_as_change``, ``crash_counts_as_change``, ``allow_same_price``, ``first_player``.
``OPTION_HELP`` says each option in one sentence; ``EVENT_KINDS`` lists what the table is told.
"""
from __future__ import annotations

import argparse
from typing import Any, Mapping, Sequence

from ..core import Title
from ..errors import OptionsError
from . import data
from .actions import *  # noqa: F401,F403  (the action classes are part of the public surface)
from .actions import __all__ as _ACTION_NAMES
from .actions import ACTION_TYPES
from .data import OPTION_HELP
from .rules import EVENT_KINDS, BlackMondayState

__all__ = ["TITLE", "BlackMondayTitle", "BlackMondayState", "data", "OPTION_HELP", "EVENT_KINDS",
           *_ACTION_NAMES]


def _flag(options: Mapping, key: str) -> bool:
    value = options[key]
    if not isinstance(value, bool):
        raise OptionsError("The Black Monday option '{option}' must be true or false, not {value}.",
                           option=key, value=repr(value))
    return value


def _int(options: Mapping, key: str, low: int, high: int) -> int:
    value = options[key]
    if type(value) is not int or not low <= value <= high:
        raise OptionsError("The Black Monday option '{option}' must be a whole number from {low} to "
                           "{high}, not {value}.", option=key, low=low, high=high, value=repr(value))
    return value


class BlackMondayTitle(Title):
    name = "black-monday"
    display_name = "Black Monday"
    option_help = OPTION_HELP
    min_players = 2
    max_players = 6
    state_class = BlackMondayState
    action_types = ACTION_TYPES

    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict:
        unknown = sorted(set(options) - set(data.DEFAULT_OPTIONS))
        if unknown:
            raise OptionsError("Black Monday has no option {unknown}; its options are {options}.",
                               unknown=", ".join(map(repr, unknown)),
                               options=", ".join(data.DEFAULT_OPTIONS))
        merged = {**data.DEFAULT_OPTIONS, **options}
        out: dict[str, Any] = {}
        for key in ("five_hundred_shares", "crash_within_limit", "restart_counts_as_change",
                    "crash_counts_as_change", "allow_same_price"):
            out[key] = _flag(merged, key)
        out["copies"] = _int(merged, "copies", 1, 4)
        out["shares_per_value"] = _int(merged, "shares_per_value", 1, 1_000)
        out["first_player"] = _int(merged, "first_player", 0, n_players - 1)
        limits = merged["limits"]
        if not isinstance(limits, Mapping):
            raise OptionsError("The Black Monday option 'limits' maps each stock to [down, up].")
        bad = sorted(set(limits) - set(data.STOCKS))
        if bad:
            named, stocks = ", ".join(map(repr, bad)), ", ".join(data.STOCKS)
            if len(bad) == 1:
                raise OptionsError("'limits' names {named}, which is not a stock; the stocks are "
                                   "{stocks}.", named=named, stocks=stocks)
            raise OptionsError("'limits' names {named}, which are not stocks; the stocks are "
                               "{stocks}.", named=named, stocks=stocks)
        out["limits"] = {}
        for stock in data.STOCKS:
            pair = limits.get(stock, data.LIMITS[stock])
            if (not isinstance(pair, (list, tuple)) or len(pair) != 2
                    or any(type(x) is not int or not 1 <= x <= 12 for x in pair)):
                raise OptionsError("The limit of {stock} must be [down, up], two whole numbers "
                                   "from 1 to 12; got {pair}.", stock=stock, pair=repr(pair))
            out["limits"][stock] = [pair[0], pair[1]]
        deck = out["copies"] * len(data.STOCKS) * len(data.VALUES)
        if deck - n_players * data.HAND_SIZE < 20:
            raise OptionsError("With {copies} copies of each card the deck has {cards} cards: "
                               "too few to deal {players} hands of {hand} and play.",
                               copies=out["copies"], cards=deck, players=n_players, hand=data.HAND_SIZE)
        return out

    def cli_options(self, argv: Sequence[str]) -> dict:
        parser = argparse.ArgumentParser(prog="tabletop simulate black-monday", add_help=False)
        parser.add_argument("--500-shares", dest="five_hundred_shares", action="store_true",
                            help="the variant: $11-$13 cards also buy 500 shares")
        parser.add_argument("--crash-anywhere", action="store_true",
                            help="a crash card need not lie within the stock's limit")
        parser.add_argument("--free-restart", action="store_true",
                            help="a new start price does not use one of the 2 price changes")
        parser.add_argument("--free-crash", action="store_true",
                            help="a crash does not use one of the 2 price changes")
        parser.add_argument("--copies", default=None, help="copies of each stock card")
        args, rest = parser.parse_known_args(list(argv))
        if rest:
            raise OptionsError("Black Monday has no option {unknown}; its flags are --500-shares, "
                               "--crash-anywhere, --free-restart, --free-crash, --copies N.",
                               unknown=" ".join(rest))
        options: dict[str, Any] = {}
        if args.five_hundred_shares:
            options["five_hundred_shares"] = True
        if args.crash_anywhere:
            options["crash_within_limit"] = False
        if args.free_restart:
            options["restart_counts_as_change"] = False
        if args.free_crash:
            options["crash_counts_as_change"] = False
        if args.copies is not None:
            if not args.copies.isdigit():
                raise OptionsError("--copies needs a whole number, not {value}.", value=repr(args.copies))
            options["copies"] = int(args.copies)
        return options


TITLE = BlackMondayTitle()
