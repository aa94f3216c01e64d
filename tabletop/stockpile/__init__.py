"""Stockpile (Nauvoo Games, 2015) for 2 to 5 players, with the expert board and the investors.

``TITLE`` is what the registry loads. Options (all optional):

- ``expert_board`` (bool): every company on its own track (the back of the board).
- ``investors`` (bool): the ten investors; each player keeps one of two (two of four with 2 players).
- ``first_player`` (seat, default 0): who holds the first-player marker in round 1.
- ``rules_file`` (path to a ``.toml`` or ``.json`` file) or ``rules_data`` (a mapping): the rules
  data entries that differ from the defaults in ``tabletop.stockpile.data``; see docs/stockpile.md.
  The file is read when the match is created and its merged data is stored in the match options
  as ``rules_data`` (the path is not kept), so a saved match replays with the data it was played
  with and never names a file on the computer that opens it.
"""
from __future__ import annotations

import argparse
import os
import stat
from typing import Any, Mapping, Sequence

from ..core import Title, shown
from ..errors import OptionsError
from ..i18n import N_, Number
from .actions import ACTION_TYPES
from .data import COMPANIES, FORECASTS, INVESTORS, load_rules_file, merge_rules
from .rules import StockpileState

__all__ = ["TITLE", "StockpileTitle", "StockpileState", "COMPANIES", "FORECASTS", "INVESTORS"]

_OPTIONS = ("expert_board", "investors", "first_player", "rules_file", "rules_data")
#: a rules file larger than this is refused unread (the full default data is about 5 KB)
MAX_RULES_FILE_BYTES = 1_000_000


def _read_rules_file(path: Any) -> dict:
    """``load_rules_file`` for a regular file of bounded size only: never a pipe, a device such
    as /dev/zero, or a directory."""
    if not isinstance(path, (str, os.PathLike)):
        raise OptionsError("The Stockpile option 'rules_file' is a file path, not {value}.", value=shown(path))
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        raise OptionsError("Cannot read the Stockpile rules file {path}: {reason}.", path=str(path),
                           reason=str(getattr(exc, 'strerror', None) or exc)) from exc
    if not stat.S_ISREG(info.st_mode):
        raise OptionsError("The Stockpile rules file {path} is not a regular file.", path=str(path))
    if info.st_size > MAX_RULES_FILE_BYTES:
        raise OptionsError("The Stockpile rules file {path} is too large ({size} bytes; at most {limit}).",
                           path=str(path), size=Number(info.st_size), limit=Number(MAX_RULES_FILE_BYTES))
    return load_rules_file(path)


class StockpileTitle(Title):
    name = "stockpile"
    # TRANSLATORS: the game's title as each edition prints it
    display_name = N_("Stockpile")
    #: each option explained in a line (marked for the catalogs: shown with ``_(text)``)
    option_help = {
        "expert_board": N_("Each company moves on its own printed track (the expert side of the board)."),
        "investors": N_("Each player is dealt investor cards and keeps one, whose ability works every round."),
        "first_player": N_("Who takes the first turn of round 1."),
        "rules_file": N_("A TOML or JSON file of rules data replacing the printed defaults."),
        "rules_data": N_("Rules data replacing the printed defaults (read from the file when the match began)."),
    }
    min_players = 2
    max_players = 5
    state_class = StockpileState
    action_types = ACTION_TYPES
    path_options = frozenset({"rules_file"})

    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict:
        if not self.min_players <= n_players <= self.max_players:
            raise OptionsError("Stockpile is for 2 to 5 players, not {count}.", count=n_players)
        unknown = sorted(set(options) - set(_OPTIONS))
        if unknown:
            raise OptionsError("Stockpile has no option {names} (its options are {options}).",
                               names=", ".join(map(repr, unknown)), options=", ".join(_OPTIONS))
        out = {}
        for key in ("expert_board", "investors"):
            value = options.get(key, False)
            if not isinstance(value, bool):
                raise OptionsError("The Stockpile option '{option}' is true or false, not {value}.", option=key,
                                   value=repr(value))
            out[key] = value
        first = options.get("first_player", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n_players:
            raise OptionsError("The first player must be a seat from 0 to {last}, not {value}.", last=n_players - 1,
                               value=repr(first))
        out["first_player"] = first
        if options.get("rules_file") is not None and options.get("rules_data") is not None:
            raise OptionsError("Give the Stockpile rules data either as a file (rules_file) or as "
                               "data (rules_data), not both.")
        overrides = options.get("rules_data")
        if options.get("rules_file") is not None:
            overrides = _read_rules_file(options["rules_file"])
        out["rules_data"] = merge_rules(overrides)
        return out

    def cli_options(self, argv: Sequence[str]) -> dict:
        parser = argparse.ArgumentParser(prog="tabletop simulate stockpile", add_help=False,
                                         exit_on_error=False)
        parser.add_argument("--expert-board", action="store_true")
        parser.add_argument("--investors", action="store_true")
        parser.add_argument("--rules", metavar="FILE")
        try:
            args, rest = parser.parse_known_args(list(argv))
        except argparse.ArgumentError as exc:
            raise OptionsError("Stockpile: {problem}", problem=str(exc)) from exc
        if rest:
            raise OptionsError("Stockpile has no option {names} (it has --expert-board, --investors and --rules "
                               "FILE).", names=" ".join(rest))
        options: dict = {"expert_board": args.expert_board, "investors": args.investors}
        if args.rules:
            options["rules_data"] = _read_rules_file(args.rules)
        return options


TITLE = StockpileTitle()
