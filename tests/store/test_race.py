"""Two devices in two processes enter different decisions for the same seat at the same moment
(a barrier releases both): a Black Monday buy, a Stockpile sale, an Acquire share. The loser does
what every screen does (``live.after_race``): it catches up, and since the winner's entry
concerned the same seat, it does not enter its own again but is told, in words, who was first and
with what. README: of two racing devices exactly one entry goes in. Several races in a row per
title, on SQLite and on PostgreSQL (``location``: tests/store/conftest.py)."""
from __future__ import annotations

import multiprocessing
import random

from tabletop import CHANCE, Match
from tabletop.acquire.actions import BuyShare
from tabletop.blackmonday.actions import BuyShares
from tabletop.stockpile.actions import SellStock
from tabletop.store import StaleMatch, Store

PLAYERS = ["Ann", "Ben", "Cy"]
KINDS = {"black-monday": BuyShares, "stockpile": SellStock, "acquire": BuyShare}
RACES = 6


def choices(match, kind) -> tuple[int, list]:
    """The seat to decide and its different entries of ``kind`` (fewer than two: no race here)."""
    seat = match.current_player()
    return seat, list(dict.fromkeys(a for a in match.legal_actions() if isinstance(a, kind)))


def to_the_next_choice(saved, kind, rng: random.Random) -> None:
    match = saved.match
    for _ in range(3000):
        seat, mine = choices(match, kind)
        if seat != CHANCE and len(mine) >= 2:
            return
        saved.apply(match.sample_chance() if seat == CHANCE else rng.choice(match.legal_actions()))
    raise AssertionError(f"no choice of two {kind.__name__} entries in 3000 entries")


def _racer(location, matches, number, barrier, results):
    """Device 0 is the deciding player's phone (it also plays on between races, as the other
    players would); device 1 is the table screen. Each enters its own pick of the same seat."""
    from tabletop.widgets.live import after_race        # in the child: what every screen runs
    store = Store(location, busy_timeout=10)
    try:
        for title, match_id in matches:
            kind = KINDS[title]
            saved = store.open(match_id)
            rng = random.Random(len(title))
            for race in range(RACES):
                if number == 0:
                    to_the_next_choice(saved, kind, rng)
                barrier.wait(60)
                saved.refresh()
                seat, mine = choices(saved.match, kind)
                before = len(saved.match)
                action = mine[0] if number == 0 else mine[-1]
                saved.device = f"seat:{seat}" if number == 0 else "table"
                viewer = seat if number == 0 else None
                barrier.wait(60)
                try:
                    saved.apply(action)
                    told = None
                except StaleMatch:
                    told = after_race(saved, action, viewer, saved.apply)
                barrier.wait(60)                   # both done before either catches up
                saved.refresh()
                results.put((title, race, number, before, len(saved.match), action.to_dict(), viewer, told))
                barrier.wait(60)                   # both caught up before the phone plays on
        results.put(("end", number))
    except BaseException as exc:                  # said to the test, never a hang
        barrier.abort()
        results.put(("failed", number, f"{type(exc).__name__}: {exc}"))


def test_two_devices_deciding_for_one_seat_at_once_one_goes_in_the_other_is_told(location):
    matches = [(title, Store(location).create(Match(title, PLAYERS, seed=6)).id) for title in KINDS]
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    racers = [ctx.Process(target=_racer, args=(str(location), matches, k, barrier, results)) for k in (0, 1)]
    for p in racers:
        p.start()
    got, ended = [], 0
    try:
        while ended < 2:
            item = results.get(timeout=120)
            got.append(item)
            ended += item[0] in ("end", "failed")
    finally:
        for p in racers:
            p.join(10)
            if p.is_alive():
                p.kill()
    failed = [item for item in got if item[0] == "failed"]
    assert not failed, f"a device stopped: {failed}"
    stored = {title: Store(location).open(match_id).match for title, match_id in matches}
    won = {0: 0, 1: 0}
    for title, _id in matches:
        for race in range(RACES):
            pair = sorted((r for r in got if r[:2] == (title, race)), key=lambda r: r[2])
            assert len(pair) == 2, f"{title} race {race}: {pair}"
            before = pair[0][3]
            assert [r[3] for r in pair] == [before, before] and [r[4] for r in pair] == [before + 1] * 2, \
                f"{title} race {race}: {pair[0][4] - before} entries went in"
            entered = stored[title].log[before].to_dict()
            winners = [r for r in pair if r[7] is None]
            assert [r[5] for r in winners] == [entered], f"{title} race {race}: {pair}"
            (loser,) = [r for r in pair if r[7] is not None]
            who = f"{PLAYERS[stored[title].log[before].seat]}'s device" if winners[0][2] == 0 else "The table screen"
            line = stored[title].describe_log(loser[6])[before]
            assert loser[7] == (f"{who} entered that first: {line}. Your entry was not made; this screen now "
                                "shows the match as it is."), f"{title} race {race}: the loser was told {loser[7]!r}"
            won[winners[0][2]] += 1
    print(f"\nraces: {len(KINDS) * RACES}, won by the phone {won[0]}, by the table screen {won[1]}")
