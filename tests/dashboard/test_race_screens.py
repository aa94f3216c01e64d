"""Two devices enter different decisions for the same seat at once (README: of two racing devices
exactly one entry goes in): Ann's phone and her tablet, or her phone and the table screen, both
show her turn; the phone enters one Black Monday buy, Stockpile sale or Acquire share, the other
device (not caught up yet) another. The phone's goes in; the other's does not (not even
afterwards, although a second buy would be legal), and that device says so in words: who was
first, with what, and that its entry was not made. Several races in a row, in one match."""
from __future__ import annotations

import random

import pytest

from tabletop import CHANCE, Match
from tabletop.acquire.actions import BuyShare
from tabletop.blackmonday.actions import BuyShares
from tabletop.stockpile.actions import SellStock
from tabletop.store import Store
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.tracker import Tracker

PLAYERS = ["Ann", "Ben", "Cy"]
KINDS = {"black-monday": BuyShares, "stockpile": SellStock, "acquire": BuyShare}
RACES = 4


def shown_text(widget) -> str:
    """Every string of the widgets attached under ``widget`` (what that page shows)."""
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        for name in ("value", "description", "placeholder"):
            v = getattr(w, name, None)
            if isinstance(v, str):
                out.append(v)
        stack.extend(getattr(w, "children", ()) or ())
    return "\n".join(out)


def to_the_next_choice(driver, kind, rng: random.Random) -> tuple[int, list]:
    """Play on (another program's entries) until a player must decide and has two or more
    different entries of ``kind``; that seat and those entries."""
    match = driver.match
    for _ in range(3000):
        seat = match.current_player()
        mine = list(dict.fromkeys(a for a in match.legal_actions() if isinstance(a, kind)))
        if seat != CHANCE and len(mine) >= 2:
            return seat, mine
        assert not match.is_over(), "the game ended before the next race"
        driver.apply(match.sample_chance() if seat == CHANCE else rng.choice(match.legal_actions()))
    raise AssertionError(f"no choice of two {kind.__name__} entries in 3000 entries")


@pytest.mark.parametrize("title", list(KINDS))
def test_two_devices_entering_different_decisions_for_one_seat_one_goes_in_the_other_is_told(home, title):
    kind = KINDS[title]
    saved = Store().create(Match(title, PLAYERS, seed=4))
    driver = Store().open(saved.id)
    table = Tracker(Store().open(saved.id, device="table"))
    phones = [SeatScreen(Store().open(saved.id, device=f"seat:{s}"), s) for s in range(3)]
    tablets = [SeatScreen(Store().open(saved.id, device=f"seat:{s}"), s) for s in range(3)]
    rng = random.Random(4)
    for race in range(RACES):
        seat, mine = to_the_next_choice(driver, kind, rng)
        for screen in [table, *phones, *tablets]:
            screen.follow()
        if table.private is not None:
            table.private.close_button.click()
        before = len(driver.match.log)
        first, second = mine[0], mine[-1]
        assert phones[seat].panel.pick(first), f"race {race}: the phone does not offer {first}"
        if race % 2 == 0:
            loser = tablets[seat]
            assert loser.panel.pick(second), f"race {race}: the tablet does not offer {second}"
        else:
            loser = table
            if table.needs_private(seat):          # a decision on secrets: in the player's panel
                table.gate_button.click()
                assert table.private.actions.pick(second), f"race {race}: the panel does not offer {second}"
            else:
                assert table.panel.pick(second), f"race {race}: the table screen does not offer {second}"
        stored = Store().open(saved.id).match
        new = stored.log[before:]
        assert new[:1] == (first,), f"race {race}: the phone's {first} is not in"
        assert second not in new and [a for a in new if isinstance(a, kind)] == [first], \
            f"race {race}: {len(new)} entries went in: {new}"
        line = stored.describe_log(seat if loser is not table else None)[before]
        told = shown_text(loser.widget)
        name = PLAYERS[seat]
        assert f"{name}'s device entered that first: {line}." in told, f"race {race}: the loser shows {told[:400]}"
        assert "Your entry was not made; this screen now shows the match as it is." in told
        assert loser.match.log == stored.log, f"race {race}: the losing device does not show the match as it is"
        assert "entered that first" not in shown_text(phones[seat].widget)
        driver.refresh()
