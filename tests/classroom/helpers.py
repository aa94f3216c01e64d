"""Scripted classroom matches: a class joins, rounds are opened with the draws typed by hand."""
from __future__ import annotations

import json

import pytest

from tabletop.classroom import (Bid, CloseRound, DrawPileValue, DrawSignal, DrawValue, FormGroups,
                                Join, OpenRound, seat_labels)
from tabletop.core import CHANCE
from tabletop.match import Match

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def new_class(experiment="first-price", seats=3, joined=None, seed=0, **options) -> Match:
    """A class of ``seats`` seats where the first ``joined`` (default all) have joined as NAMES."""
    match = Match("classroom", seat_labels(seats), {"experiment": experiment, **options}, seed=seed)
    for seat in range(seats if joined is None else joined):
        match.apply(Join(seat, NAMES[seat] if seat < len(NAMES) else f"Student {seat + 1}"))
    return match


def draw_all(match: Match) -> None:
    while match.current_player() == CHANCE:
        match.apply(match.sample_chance())


def open_round(match: Match, order, values) -> None:
    """Open the next round with the groups drawn in ``order`` and each seat's ``values[seat]``
    (a value, a signal, or a ladder's tuple of pile values), entered in the draw order."""
    match.apply(OpenRound())
    match.apply(FormGroups(match.state.round, tuple(order)))
    experiment = match.state.experiment
    for seat in order:
        if experiment == "ladder":
            for pile, value in enumerate(values[seat]):
                match.apply(DrawPileValue(seat, pile, value))
        elif experiment == "common-value":
            match.apply(DrawSignal(seat, values[seat]))
        else:
            match.apply(DrawValue(seat, values[seat]))


def bids(match: Match, amounts: dict) -> None:
    for seat, amount in amounts.items():
        match.apply(Bid(seat, amount))


def snapshot(match: Match) -> tuple:
    """Everything a refusal must leave as it was."""
    return (match.to_json(), json.dumps(match.view(None), sort_keys=True, default=str),
            tuple(match.legal_actions()), len(match.events()))


def refused(match: Match, action, error, message: str) -> None:
    before = snapshot(match)
    with pytest.raises(error) as info:
        match.apply(action)
    assert str(info.value) == message, str(info.value)
    assert snapshot(match) == before


def row(df, seat: int, round: int = 1) -> dict:
    """The results row of ``seat`` (0-based, as in actions) in ``round``."""
    part = df[(df["seat"] == seat + 1) & (df["round"] == round)]
    assert len(part) == 1
    return part.iloc[0].to_dict()


__all__ = ["NAMES", "new_class", "draw_all", "open_round", "bids", "snapshot", "refused", "row",
           "CloseRound"]
