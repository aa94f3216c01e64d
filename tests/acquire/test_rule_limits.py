"""Safe and end sizes exactly at their edges, in both editions (issue 20: a classic safe size of 12
instead of 11 went unnoticed), and the mergemaker's choice of which tied defunct corporation is
settled next, which random games never reach.

Numbers typed from the rulebooks: the 2016 edition (seed 004) calls a corporation of ten tiles or
more safe and lets the end be declared at 38 tiles; the classic edition (RULES-DATA.md, section 2)
at 11 and 41. The end may also be declared when every corporation on the board is safe."""
import random

import pytest

from tabletop import IllegalAction
from tabletop.acquire import ChooseNextDefunct, ChooseSurvivor, DeclareEnd, PlaceTile
from tabletop.testing import snapshot

from .table import Table

EDITIONS = {   # edition: (safe size, end size, columns, a corporation's name, another's, start tiles, fillers)
    "2016": (10, 38, 10, "Etch", "Rove", ("1J", "10J"), "HIJ"),
    "classic": (11, 41, 12, "Tower", "Luxor", ("1I", "12I"), "HI"),
}


def row_major(count: int, columns: int, first_row: str = "A") -> list[str]:
    """``count`` tiles filling rows from ``first_row`` left to right: one connected chain."""
    rows = "ABCDEFGHIJ"["ABCDEFGHIJ".index(first_row):]
    return [f"{k % columns + 1}{rows[k // columns]}" for k in range(count)]


def table(edition: str, turns: list[str]) -> Table:
    start, fillers = EDITIONS[edition][5:]
    return Table(2, turns, {"edition": edition}, start=start, fillers=fillers)


def corporation(t: Table, name: str) -> dict:
    return next(c for c in t.m.view(None)["board"]["corporations"] if c["name"] == name)


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_a_corporation_is_safe_from_the_safe_size_on_and_only_safe_ones_allow_the_end(edition):
    safe, end, columns, name = EDITIONS[edition][:4]
    turns = row_major(safe + 1, columns)
    t = table(edition, turns)
    for k, tile in enumerate(turns):
        seat = t.seat
        t.place(tile, found=name if k == 1 else None)
        size = k + 1
        if size >= 2:
            assert t.size(name) == size
            assert corporation(t, name)["safe"] == (size >= safe), size
            # the only corporation on the board: the end may be declared once it is safe
            assert (DeclareEnd(seat) in t.m.legal_actions()) == (size >= safe), size
        if size == safe - 1:
            before = snapshot(t.m)
            with pytest.raises(IllegalAction, match=f"no corporation has {end} tiles or more, and not "
                                                    f"every corporation on the board is safe \\({safe} "
                                                    f"tiles or more\\)"):
                t.m.apply(DeclareEnd(seat))
            assert snapshot(t.m) == before
        t.end()


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_the_end_may_be_declared_from_the_end_size_on(edition):
    _, end, columns, name, small = EDITIONS[edition][:5]
    big = row_major(end, columns)
    t = table(edition, ["1F", "2F"] + big)     # a small corporation keeps "every one safe" false
    t.turn("1F")
    t.turn("2F", found=small)
    for k, tile in enumerate(big):
        seat = t.seat
        t.place(tile, found=name if k == 1 else None)
        size = k + 1
        if size >= 2:
            assert (DeclareEnd(seat) in t.m.legal_actions()) == (size >= end), size
        if size == end - 1:
            with pytest.raises(IllegalAction, match=f"no corporation has {end} tiles or more"):
                t.m.apply(DeclareEnd(seat))
        if size == end:
            t.declare()
        t.end()
    assert t.size(name) == end and t.size(small) == 2
    assert t.m.is_over() and "declared the end" in t.m.outcome().reason


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("second", ["one below safe", "safe"])
def test_a_corporation_one_tile_below_the_safe_size_can_still_be_merged(edition, second):
    safe, _, columns, first_name, second_name = EDITIONS[edition][:5]
    first = row_major(safe, columns)                                    # row A: safe
    size = safe - 1 if second == "one below safe" else safe
    other = row_major(size, columns, "C")                               # row C
    t = table(edition, first + other + ["1B"])
    for k, tile in enumerate(first + other):
        t.turn(tile, found=first_name if k == 1 else second_name if k == len(first) + 1 else None)
    seat = t.seat
    if second == "one below safe":
        assert PlaceTile(seat, "1B") in t.m.legal_actions()
        t.place("1B")                                                    # merges: the smaller is defunct
        assert t.m.view(None)["board"]["merger"]["survivor"] == first_name
    else:
        assert PlaceTile(seat, "1B") not in t.m.legal_actions()
        with pytest.raises(IllegalAction, match="which are both safe"):
            t.m.apply(PlaceTile(seat, "1B"))


# --- ChooseNextDefunct: four corporations meet, the defunct ones tied in size -------------------
# Around 5E of the 2016 board: an arm up (5D, 5C, ...), down (5F, 5G, ...), left (4E, 3E, ...)
# and right (6E, 7E, ...). Each arm is one corporation; 5E merges all four.
ARMS = {"up": lambda k: f"5{'DCBA'[k]}", "down": lambda k: f"5{'FGH'[k]}",
        "left": lambda k: f"{4 - k}E", "right": lambda k: f"{6 + k}E"}
NAMES = ("Etch", "Rove", "Fleet", "Nestor")


@pytest.mark.parametrize("seed", range(12))
def test_random_four_way_mergers_settle_the_largest_first_and_let_the_mergemaker_break_ties(seed):
    rng = random.Random(seed)
    sizes = {arm: rng.choice((2, 3)) for arm in ARMS}     # three defunct of 2 or 3 tiles: two tie
    arms = {arm: [ARMS[arm](k) for k in range(sizes[arm])][::-1] for arm in ARMS}   # outer end first
    turns = [tile for arm in ARMS for tile in arms[arm]] + ["5E"]
    t = Table(2, turns, start=("1J", "10J"), fillers="IJ")
    name_of = {}
    for arm, name in zip(ARMS, NAMES):
        for k, tile in enumerate(arms[arm]):
            t.turn(tile, found=name if k == 1 else None)
        name_of[name] = arm
    maker = t.seat
    t.place("5E")
    biggest = [c for c in NAMES if sizes[name_of[c]] == max(sizes.values())]
    settled, choices_seen = [], 0
    while t.state.phase == "merge":
        merger = t.m.view(None)["board"]["merger"]
        legal = t.m.legal_actions()
        if merger["survivor"] is None:
            assert legal == [ChooseSurvivor(maker, c) for c in biggest]
            survivor = rng.choice(biggest)
            t.m.apply(ChooseSurvivor(maker, survivor))
            continue
        if merger["settling"] is None:                       # the mergemaker picks among the tied
            left = [c for c in NAMES if c != merger["survivor"] and c not in settled]
            top = max(sizes[name_of[c]] for c in left)
            tied = [c for c in left if sizes[name_of[c]] == top]
            assert len(tied) > 1 and legal == [ChooseNextDefunct(maker, c) for c in tied]
            wrong = next((c for c in left if c not in tied), merger["survivor"])
            before = snapshot(t.m)
            with pytest.raises(IllegalAction):
                t.m.apply(ChooseNextDefunct(maker, wrong))
            assert snapshot(t.m) == before
            chosen = rng.choice(tied)
            t.m.apply(ChooseNextDefunct(maker, chosen))
            assert t.m.view(None)["board"]["merger"]["settling"] == chosen
            choices_seen += 1
            continue
        if not settled or settled[-1] != merger["settling"]:
            settled.append(merger["settling"])
        t.dispose(merger["settling"], sell=0, trade=0)
    survivor = t.m.view(None)["board"]["last_merger"]["survivor"]
    defunct = [c for c in NAMES if c != survivor]
    size_of = [sizes[name_of[c]] for c in defunct]
    assert sorted(settled) == sorted(defunct)
    assert [sizes[name_of[c]] for c in settled] == sorted(size_of, reverse=True)   # largest first
    # every founder holds a share, so each defunct corporation pays its bonuses when it is settled
    order = []
    for p in t.state.payments:
        if p.reason.endswith("(merger)"):
            corp = p.reason.removeprefix("shareholder bonus for ").removesuffix(" (merger)")
            if corp not in order:
                order.append(corp)
    assert order == settled
    # the mergemaker chose once for each corporation tied with another still to be settled
    assert choices_seen == sum(size_of.count(k) - 1 for k in set(size_of)) >= 1
    assert t.size(survivor) == sum(sizes.values()) + 1
