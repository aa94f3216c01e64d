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
        raise OptionsError(f"The Stockpile option 'rules_file' is a file path, not {shown(path)}.")
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        raise OptionsError(f"Cannot read the Stockpile rules file {path}: "
                           f"{getattr(exc, 'strerror', None) or exc}.") from exc
    if not stat.S_ISREG(info.st_mode):
        raise OptionsError(f"The Stockpile rules file {path} is not a regular file.")
    if info.st_size > MAX_RULES_FILE_BYTES:
        raise OptionsError(f"The Stockpile rules file {path} is too large ({info.st_size:,} bytes; "
                           f"at most {MAX_RULES_FILE_BYTES:,}).")
    return load_rules_file(path)


class StockpileTitle(Title):
    name = "stockpile"
    display_name = "Stockpile"
    option_help = {
        "expert_board": "Each company moves on its own printed track (the expert side of the board).",
        "investors": "Each player is dealt investor cards and keeps one, whose ability works every round.",
        "first_player": "Who takes the first turn of round 1.",
        "rules_file": "A TOML or JSON file of rules data replacing the printed defaults.",
        "rules_data": "Rules data replacing the printed defaults (read from the file when the match began).",
    }
    min_players = 2
    max_players = 5
    state_class = StockpileState
    action_types = ACTION_TYPES
    path_options = frozenset({"rules_file"})

    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict:
        if not self.min_players <= n_players <= self.max_players:
            raise OptionsError(f"Stockpile is for 2 to 5 players, not {n_players}.")
        unknown = sorted(set(options) - set(_OPTIONS))
        if unknown:
            raise OptionsError(f"Stockpile has no option {', '.join(map(repr, unknown))} "
                               f"(its options are {', '.join(_OPTIONS)}).")
        out = {}
        for key in ("expert_board", "investors"):
            value = options.get(key, False)
            if not isinstance(value, bool):
                raise OptionsError(f"The Stockpile option '{key}' is true or false, not {value!r}.")
            out[key] = value
        first = options.get("first_player", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n_players:
            raise OptionsError(f"The first player must be a seat from 0 to {n_players - 1}, not {first!r}.")
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
            raise OptionsError(f"Stockpile: {exc}") from exc
        if rest:
            raise OptionsError(f"Stockpile has no option {' '.join(rest)} "
                               f"(it has --expert-board, --investors and --rules FILE).")
        options: dict = {"expert_board": args.expert_board, "investors": args.investors}
        if args.rules:
            options["rules_data"] = _read_rules_file(args.rules)
        return options


TITLE = StockpileTitle()
