"""Classroom auctions: the class bids from its phones, the lessons analyse the class's own data.

Registry name ``classroom``; the players are the class's seats ("Seat 1" .. "Seat K"). The rules
are in ``rules.ClassroomState``, the entries in ``actions``, the results table in ``results``, the
theory to compare with in ``theory``. See docs/experiments.md.

    match = Match("classroom", [f"Seat {k}" for k in range(1, 25)], {"experiment": "first-price"})
    match.apply(Join(0, "Ann")); ...; match.apply(OpenRound())
    while match.current_player() == CHANCE: match.apply(match.sample_chance())
"""
from __future__ import annotations

from typing import Any, Mapping

from tabletop.core import Action, Title

from .actions import (ACTION_TYPES, Bid, BreakTie, CloseRound, DrawCommonValue, DrawPileValue,
                      DrawSignal, DrawValue, EndExperiment, FormGroups, Join, OpenRound, PlaceBid,
                      RandomBid, RandomPlace)
from .data import EXPERIMENTS, MAX_SEATS, MIN_SEATS, OPTION_HELP, normalize_options
from .rules import EVENT_KINDS, ClassroomState

__all__ = ["TITLE", "ClassroomTitle", "ClassroomState", "EVENT_KINDS", "EXPERIMENTS", "OPTION_HELP",
           "Join", "OpenRound", "FormGroups", "DrawValue", "DrawSignal", "DrawPileValue", "Bid",
           "PlaceBid", "CloseRound", "RandomBid", "RandomPlace", "DrawCommonValue", "BreakTie",
           "EndExperiment", "seat_labels"]


def seat_labels(capacity: int) -> list[str]:
    """The players of a classroom match: "Seat 1" .. "Seat K"."""
    return [f"Seat {k}" for k in range(1, capacity + 1)]


class ClassroomTitle(Title):
    name = "classroom"
    display_name = "Classroom auctions"
    option_help = OPTION_HELP
    min_players = MIN_SEATS
    max_players = MAX_SEATS
    state_class = ClassroomState
    action_types = ACTION_TYPES

    def action_from_dict(self, data: Mapping) -> Action:
        """A saved Join without a device (older saves, or none known) joined from no known device."""
        if isinstance(data, Mapping) and data.get("type") == "Join" and "device" not in data:
            data = {**data, "device": ""}
        return super().action_from_dict(data)

    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict:
        """``experiment``, ``group_size``, ``rounds``, ``low``, ``high``, ``noise``,
        ``missing_bid`` (docs/experiments.md)."""
        return normalize_options(options, n_players)


TITLE = ClassroomTitle()
