"""A player whose bid is overtaken is told so, on the table screen's "Just happened" box and on
their own phone (issue 29 item 8). Stockpile's bids lie open on the bid tracks, so this is a
public fact, told to every screen; only Stockpile has bids that can be overtaken (the
classroom's bids are sealed)."""
from __future__ import annotations

import random
import re

from tabletop import CHANCE, Match
from tabletop.stockpile.actions import AuctionResult, PlaceBid
from tabletop.store import Store
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.tracker import Tracker

PLAYERS = ["Ann", "Bob", "Cy"]


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" ,", ",").strip()


def to_the_auction(seed: int) -> Match:
    """A Stockpile match played at random up to its first bid."""
    match, rng = Match("stockpile", PLAYERS, seed=seed), random.Random(seed)
    while True:
        if match.current_player() == CHANCE:
            match.play_chance()
            continue
        legal = match.legal_actions()
        if any(isinstance(a, PlaceBid) for a in legal):
            return match
        legal = [a for a in legal if not isinstance(a, AuctionResult)]
        match.apply(legal[rng.randrange(len(legal))])


def test_an_outbid_player_is_told_on_the_table_screen_and_on_their_phone(home):
    match = to_the_auction(3)
    first = match.current_player()
    low = min((a for a in match.legal_actions() if isinstance(a, PlaceBid)), key=lambda a: a.amount)
    match.apply(low)
    second = match.current_player()
    assert second not in (first, CHANCE)
    higher = [a for a in match.legal_actions() if isinstance(a, PlaceBid) and a.pile == low.pile and a.amount > low.amount]
    over = min(higher, key=lambda a: a.amount)
    saved = Store().create(match)
    table = Tracker(Store().open(saved.id, device="table"))
    phones = [SeatScreen(Store().open(saved.id, device=f"seat:{s}"), s) for s in range(len(PLAYERS))]
    loser, winner = PLAYERS[first], PLAYERS[second]
    said = f"{loser} was outbid on stockpile {low.pile + 1} by {winner} (${over.amount:,})"
    assert said not in words(table.told.widget.value)          # nothing said before the bid

    Store().open(saved.id, device=f"seat:{second}").apply(over)  # entered on the winner's phone
    for screen in (table, *phones):
        screen.follow()
    assert said in words(table.told.widget.value)
    assert said in words(phones[first].told.widget.value)
    assert f"{winner} was outbid" not in words(phones[second].told.widget.value)
    assert said in table.log.story.done[-1].events          # and the log keeps it under the bid
    for screen in (table, *phones):
        screen.close()
