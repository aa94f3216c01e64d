"""Black Monday saves written before the deal went player by player.

    from tabletop.blackmonday.saves import load_earlier_save
    match = load_earlier_save(open("match.json", encoding="utf-8").read())

Until issue 14 the dealer's 8 cards each went one at a time round the table; now each player's
8 cards come in a row (one hand-over of a shared device per player). A save with the old order
no longer replays (``Match.from_json`` refuses its second card). The order of the deal changes
nothing else: the same cards end in the same hands and leave the same deck. So this rewrites the
deal of such a save into the new order, checks the save's checksum as it was written, and replays
it; any other save is loaded as it is.
"""
from __future__ import annotations

import json

from ..errors import SaveFileError
from ..match import Match, _checksum
from . import data

__all__ = ["load_earlier_save"]


def load_earlier_save(text: str) -> Match:
    try:
        return Match.from_json(text)
    except SaveFileError as refused:
        first_error = refused
    try:
        saved = json.loads(text)
        actions = saved["actions"]
        body = {k: v for k, v in saved.items() if k != "checksum"}
        intact = saved.get("title") == "black-monday" and _checksum(body) == saved["checksum"]
    except (ValueError, TypeError, KeyError, AttributeError):
        raise first_error from None
    if not intact:
        raise first_error
    n = len(saved["players"])
    first = (saved.get("options") or {}).get("first_player", 0)
    deal = n * data.HAND_SIZE
    dealt = actions[:deal]
    if len(dealt) < deal or any(not isinstance(a, dict) or a.get("type") != "DealCard" for a in dealt):
        raise SaveFileError("{refusal} The save's deal is not complete, so it cannot be put in the "
                            "new order (each player's 8 cards in a row): enter the deal again.",
                            refusal=first_error)
    order = [(first + k) % n for k in range(n)]
    # card k of the old deal went to seat (first + k) mod n
    by_seat = {seat: [a for k, a in enumerate(dealt) if order[k % n] == seat] for seat in order}
    if any(a.get("seat") != seat for seat, cards in by_seat.items() for a in cards):
        raise first_error
    saved["actions"] = [a for seat in order for a in by_seat[seat]] + actions[deal:]
    del saved["checksum"]
    saved["checksum"] = _checksum(saved)
    return Match.from_dict(saved)
