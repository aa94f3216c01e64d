"""Acquire (Sid Sackson): the 2016 edition and the classic edition, as data on one engine.

Options (all optional):

* ``edition``: ``"2016"`` (default) or ``"classic"``.
* ``sole_holder``: how a lone shareholder is paid, ``"primary+secondary"`` (default) or
  ``"primary+tertiary"`` (the 2016 rulebook's literal wording; 2016 edition only).
* ``hidden_money``: ``True`` keeps money and holdings off the table screen (the bank's shares
  stay public); default ``False`` (open).
* ``rules``: replacements for the edition's data, e.g. ``{"shares_per_corporation": 20}``
  (see ``tabletop.acquire.data.OVERRIDABLE``).

The merger arithmetic is in ``tabletop.acquire.mergers``.
"""
from __future__ import annotations

import argparse
import functools
import json
from typing import Any, Mapping, Sequence

from ..core import Title
from ..errors import OptionsError
from ..i18n import N_
from . import mergers
from .actions import (ACTION_TYPES, BuyShare, ChooseNextDefunct, ChooseSurvivor, Correction, DeclareEnd,
                      DisposeShares, DrawStartTile, DrawTile, EndTurn, FoundCorporation, PlaceTile,
                      Position)
from .data import EDITIONS, SOLE_HOLDER_RULES, Edition, build_edition, get_edition
from .rules import AcquireState

__all__ = ["TITLE", "AcquireTitle", "AcquireState", "Edition", "EDITIONS", "get_edition",
           "build_edition", "mergers", "DrawStartTile", "DrawTile", "PlaceTile",
           "FoundCorporation", "ChooseSurvivor", "ChooseNextDefunct", "DisposeShares", "BuyShare",
           "DeclareEnd", "EndTurn", "Position", "Correction"]

OPTION_NAMES = ("edition", "sole_holder", "hidden_money", "rules")


@functools.lru_cache(maxsize=None)
def _plain_edition(edition: str, sole_holder: str) -> Edition:
    return build_edition(edition, None, sole_holder)


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise OptionsError("Acquire: {message}.", message=message)


class AcquireTitle(Title):
    name = "acquire"
    display_name = "Acquire"
    option_help = {
        "edition": N_("Which printing's price chart, bonuses and safe and end sizes to use (2016 or "
                      "classic)."),
        "sole_holder": N_("What a player who alone holds a merged corporation's shares receives."),
        "hidden_money": N_("Players keep their money face down; each screen shows only its own "
                           "player's."),
        "rules": N_("Replacements for the edition's data (e.g. another end size)."),
    }
    min_players = 2
    max_players = 6
    state_class = AcquireState
    action_types = ACTION_TYPES

    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict:
        unknown = sorted(set(options) - set(OPTION_NAMES))
        if unknown:
            raise OptionsError("Acquire has no option {unknown}; its options are {options}.",
                               unknown=", ".join(unknown), options=", ".join(OPTION_NAMES))
        edition = str(options.get("edition", "2016"))
        get_edition(edition)
        sole = options.get("sole_holder")
        if sole is None:
            sole = "primary+secondary"
        hidden = options.get("hidden_money", False)
        if not isinstance(hidden, bool):
            raise OptionsError("The option hidden_money must be true or false, not {value}.",
                               value=repr(hidden))
        rules = options.get("rules") or {}
        if not isinstance(rules, Mapping):
            raise OptionsError("The option rules must be a mapping of rule name to value.")
        if rules:
            rules = json.loads(json.dumps(dict(rules)))  # plain JSON data, as it will be saved
            ed = build_edition(edition, rules, sole)
        else:
            rules = {}
            ed = _plain_edition(edition, sole)
        need = n_players * (ed.hand_size + 1)
        if need > ed.n_tiles:
            raise OptionsError("{players} players need {need} tiles to start, but the {edition} "
                               "board has only {tiles}.", players=n_players, need=need,
                               edition=ed.words(), tiles=ed.n_tiles)
        return {"edition": edition, "sole_holder": sole, "hidden_money": hidden, "rules": rules}

    def cli_options(self, argv: Sequence[str]) -> dict:
        parser = _Parser(prog="tabletop simulate acquire", add_help=False)
        parser.add_argument("--edition", choices=sorted(EDITIONS), default="2016")
        parser.add_argument("--sole-holder", choices=sorted(SOLE_HOLDER_RULES), default=None)
        parser.add_argument("--hidden-money", action="store_true")
        parser.add_argument("--rules", default=None,
                            help='JSON replacements for edition data, e.g. \'{"end_size": 41}\'')
        args = parser.parse_args(list(argv))
        options: dict[str, Any] = {"edition": args.edition}
        if args.sole_holder:
            options["sole_holder"] = args.sole_holder
        if args.hidden_money:
            options["hidden_money"] = True
        if args.rules:
            try:
                options["rules"] = json.loads(args.rules)
            except json.JSONDecodeError as exc:
                raise OptionsError("--rules must be JSON ({error}).", error=str(exc)) from exc
        return options


TITLE = AcquireTitle()
