"""Acquire's money, computed a second time from the rulebook and compared with the engine.

Everything the engine pays is recomputed here by small functions written from the rulebook
(seed 004, /work/shared/rules/RULES-DATA.md section 2, docs/acquire.md), not imported from the
engine: the price chart, the bonuses of each place, who shares which bonus in a tie, the sole
holder, a sale at a merger, a purchase, the final sale and who wins. They are compared with
``mergers.merger_bonuses`` over thousands of drawn holdings and with every payment of random
games of both editions, whatever the player count and options.
"""
from __future__ import annotations

import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import BANK, CHANCE, TERMINAL
from tabletop.acquire import mergers
from tabletop.acquire.actions import BuyShare, DisposeShares
from tabletop.acquire.data import build_edition
from tabletop.core import Game
from tabletop.registry import get_title

# --- the rulebook's numbers ------------------------------------------------------------------------
#: price tier of each corporation: 0 cheap, 1 medium, 2 expensive (RULES-DATA 2)
TIER = {"Etch": 0, "Rove": 0, "Fleet": 1, "Nestor": 1, "Spark": 1, "Bolt": 2, "Echo": 2,
        "Tower": 0, "Luxor": 0, "American": 1, "Worldwide": 1, "Festival": 1, "Imperial": 2,
        "Continental": 2}
#: the smallest size of each bracket of the chart: 2, 3, 4, 5, 6-10, 11-20, 21-30, 31-40, 41+
BRACKETS = (2, 3, 4, 5, 6, 11, 21, 31, 41)


def price(corporation: str, size: int) -> int:
    """The chart: $200 (cheap), $300 (medium) or $400 (expensive) at 2 tiles, $100 more for each
    bracket above; nothing off the board."""
    if size < 2:
        return 0
    bracket = sum(1 for b in BRACKETS if size >= b) - 1
    return 200 + 100 * TIER[corporation] + 100 * bracket


def bonuses(edition: str, corporation: str, size: int) -> list[int]:
    """2016: primary 10x the price, secondary 7.5x rounded down to $500, tertiary 5x (the one
    printed point: Bolt at 5 tiles, 7,000 / 5,000 / 3,500). Classic: majority 10x, minority 5x."""
    p = price(corporation, size)
    if edition == "classic":
        return [10 * p, 5 * p]
    return [10 * p, (p * 15 // 2) // 500 * 500, 5 * p]


def rulebook_payout(shares: dict, places: list[int], sole: tuple = (0, 1), step: int = 100) -> dict:
    """Who gets what, read from the rulebook a holder at a time.

    A holder's place is the number of holders with more shares; the holders tied with them
    occupy that place and the next ones, and each gets the average of those places' bonuses
    (places past the last bonus pay nothing), rounded up to ``step`` when shared. So a tie for
    primary shares primary + secondary and the next holder is tertiary; a tie for secondary
    shares secondary + tertiary; a tie for tertiary shares it. A holder alone collects the bonuses
    ``sole``. Holders without shares get nothing."""
    holders = {who: k for who, k in shares.items() if k > 0}
    if len(holders) == 1:
        (who,) = holders
        return {who: sum(places[i] for i in sole)}
    paid = {}
    for who, k in holders.items():
        above = sum(1 for other in holders.values() if other > k)
        tied = sum(1 for other in holders.values() if other == k)
        pool = sum(places[above:above + tied])
        if tied == 1:
            each = pool
        else:
            each = -(-pool // (tied * step)) * step        # the share, rounded up to the step
        if each:
            paid[who] = each
    return paid


# --- the rulebook's own examples, through the independent functions (so they are right) ------------
def test_the_independent_functions_give_the_rulebooks_worked_examples():
    assert bonuses("2016", "Bolt", 5) == [7000, 5000, 3500]
    b = bonuses("2016", "Bolt", 5)
    assert rulebook_payout({"Liz": 3, "Charlie": 2, "Courtney": 0}, b) == {"Liz": 7000, "Charlie": 5000}
    assert rulebook_payout({"Liz": 3, "Charlie": 3, "Courtney": 1}, b) == \
        {"Liz": 6000, "Charlie": 6000, "Courtney": 3500}
    assert rulebook_payout({"Liz": 3, "Charlie": 2, "Courtney": 2, "Amanda": 1}, b) == \
        {"Liz": 7000, "Charlie": 4300, "Courtney": 4300}
    assert rulebook_payout({"Liz": 4, "Charlie": 3, "Courtney": 1, "Amanda": 1}, b) == \
        {"Liz": 7000, "Charlie": 5000, "Courtney": 1800, "Amanda": 1800}
    assert [price("Tower", s) for s in (1, 2, 5, 6, 10, 11, 41)] == [0, 200, 500, 600, 600, 700, 1000]
    assert price("Continental", 41) == 1200 and price("Worldwide", 31) == 1000


# --- the merger library against them, over drawn holdings -------------------------------------------
CORPS = {"2016": ("Etch", "Rove", "Fleet", "Nestor", "Spark", "Bolt", "Echo"),
         "classic": ("Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial", "Continental")}


def drawn_merger(rng: random.Random):
    """A corporation, its size and everyone's shares; few distinct counts, so ties of every kind
    come up often (0: a player without shares)."""
    edition = rng.choice(["2016", "classic"])
    corporation = rng.choice(CORPS[edition])
    size = rng.randint(2, 60)
    top = rng.choice([3, 5, 25])
    shares = {f"seat {i}": rng.randint(0, top) for i in range(rng.randint(1, 6))}
    return edition, corporation, size, shares


@st.composite
def mergers_drawn(draw):
    return drawn_merger(random.Random(draw(st.integers(0, 2**32))))


def test_the_merger_library_pays_what_the_rulebook_says_over_20_000_drawn_holdings():
    rng = random.Random(2016)
    kinds: dict = defaultdict(int)
    for _ in range(20_000):
        edition, corporation, size, shares = drawn_merger(rng)
        assert mergers.share_price(edition, corporation, size) == price(corporation, size)
        assert list(mergers.bonus_schedule(edition, corporation, size)) == bonuses(edition, corporation, size)
        expected = rulebook_payout(shares, bonuses(edition, corporation, size))
        assert mergers.merger_bonuses(edition, corporation, size, shares) == expected, (
            f"{corporation} ({edition}) at {size} tiles, shares {shares}")
        counts = sorted((k for k in shares.values() if k), reverse=True)
        kinds["each alone in their rank" if len(set(counts)) == len(counts) >= 3 else
              "tie for the first place" if len(counts) > 1 and counts[0] == counts[1] else
              "sole holder" if len(counts) == 1 else "other"] += 1
    assert min(kinds.values()) >= 1000, dict(kinds)


@settings(max_examples=300, deadline=None)
@given(mergers_drawn(), st.sampled_from([100, 500, 1000]))
def test_a_sole_holder_and_a_tables_own_rounding_of_ties_follow_the_rulebook(case, step):
    edition, corporation, size, shares = case
    if edition == "2016":
        literal = build_edition("2016", {"tie_rounding": step}, sole_holder="primary+tertiary")
        expected = rulebook_payout(shares, bonuses("2016", corporation, size), sole=(0, 2), step=step)
        assert mergers.merger_bonuses(literal, corporation, size, shares) == expected, shares
    edition_rounded = build_edition(edition, {"tie_rounding": step})
    expected = rulebook_payout(shares, bonuses(edition, corporation, size), step=step)
    assert mergers.merger_bonuses(edition_rounded, corporation, size, shares) == expected, shares


def test_a_bonus_nobody_shares_is_paid_whole_whatever_the_tables_rounding_of_ties():
    """The rounding is the rulebook's for a shared bonus; a table that rounds ties to $1,000 still
    pays a lone secondary holder of Etch at 2 tiles its $1,500 (found by the test above: it was
    paid $2,000)."""
    edition = build_edition("2016", {"tie_rounding": 1000})
    assert mergers.merger_bonuses(edition, "Etch", 2, {"Liz": 2, "Charlie": 1}) == \
        {"Liz": 2000, "Charlie": 1500}
    # tied, it is rounded: (1,500 + 1,000) / 2 = 1,250 -> 2,000 each
    assert mergers.merger_bonuses(edition, "Etch", 2, {"Liz": 2, "Charlie": 1, "Courtney": 1}) == \
        {"Liz": 2000, "Charlie": 2000, "Courtney": 2000}


# --- every payment of random games -------------------------------------------------------------------
def _paid(payments, kind: str) -> dict:
    """{subject: {seat: amount}} of the bank's payments of ``kind``."""
    out: dict = defaultdict(lambda: defaultdict(int))
    for p in payments:
        if p.kind == kind and p.payer == BANK:
            out[p.subject][p.payee] += p.amount
    return {c: dict(v) for c, v in out.items()}


def play_and_check(n: int, seed: int, options: dict) -> dict:
    """A random game in which every payment is compared with the rulebook's; returns how many of
    each kind of case were seen."""
    title = get_title("acquire")
    game = Game("acquire", tuple(f"P{i}" for i in range(n)), title.normalize_options(options, n), seed)
    state = title.new_state(game)
    edition = options.get("edition", "2016")
    sole = (0, 2) if options.get("sole_holder") == "primary+tertiary" else (0, 1)
    step = options.get("rules", {}).get("tie_rounding", 100)
    corps = state.tables.corps
    rng = random.Random(seed)
    seen = defaultdict(int)
    defunct_paid = {c: False for c in corps}
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        held = [dict(zip(corps, row)) for row in state.held]
        size = dict(zip(corps, state.size))
        start = len(state.payments)
        state.apply(action)
        new = state.payments[start:]
        where = f"{n} players, seed {seed}, {options}, after {action!r}"
        over = state.current_player() == TERMINAL
        # bonuses: a defunct corporation at a merger, every active one at the end
        for corp, got in _paid(new, "bonus").items():
            shares = {s: held[s][corp] for s in range(n)}
            expected = rulebook_payout(shares, bonuses(edition, corp, size[corp]), sole, step)
            assert got == expected, f"{corp} at {size[corp]} tiles, shares {shares}: {where}"
            holders = sorted(shares.values(), reverse=True)
            holders = [k for k in holders if k]
            seen["alone in each rank" if len(set(holders)) == len(holders) >= 3 else
                 "sole holder" if len(holders) == 1 else "tie"] += 1
            if not over:
                defunct_paid[corp] = True
        if over:
            # the end: every corporation on the board paid its bonuses, its shares sold back at
            # the chart price; shares of a corporation off the board are worth nothing
            expected_bonus = {}
            for corp in corps:
                shares = {s: held[s][corp] for s in range(n)}
                if size[corp] and any(shares.values()):
                    expected_bonus[corp] = rulebook_payout(shares, bonuses(edition, corp, size[corp]), sole, step)
            assert {c: v for c, v in _paid(new, "bonus").items()} == \
                {c: v for c, v in expected_bonus.items() if v}, where
            expected_sale = {corp: {s: held[s][corp] * price(corp, size[corp]) for s in range(n)
                                    if held[s][corp] and size[corp]} for corp in corps}
            assert _paid(new, "sale") == {c: v for c, v in expected_sale.items() if v}, where
            scores = state.outcome().scores
            assert list(scores) == state.money
            best = max(scores)
            assert set(state.outcome().winners) == {s for s in range(n) if scores[s] == best}, where
            seen["shared win" if len(state.outcome().winners) > 1 else "one winner"] += 1
            break
        if isinstance(action, DisposeShares):
            assert _paid(new, "sale") == ({action.corporation: {action.seat: action.sell * price(
                action.corporation, size[action.corporation])}} if action.sell else {}), where
            assert state.held[action.seat][corps.index(action.corporation)] == \
                held[action.seat][action.corporation] - action.sell - action.trade, where
            seen["disposal"] += 1
        elif isinstance(action, BuyShare):
            assert [(p.payer, p.payee, p.amount) for p in new] == \
                [(action.seat, BANK, price(action.corporation, size[action.corporation]))], where
            seen["purchase"] += 1
        else:
            assert not _paid(new, "sale"), where
        # a corporation that left the board was paid for at the merger that took it over
        for corp in corps:
            if size[corp] and not state.size[corps.index(corp)] and state.merger is None:
                if any(held[s][corp] for s in range(n)):
                    assert defunct_paid[corp], f"{corp} left the board unpaid: {where}"
                defunct_paid[corp] = False
    return seen


GAMES = ([(n, seed, {}) for n in (2, 3, 4, 5, 6) for seed in range(12)]
         + [(4, seed, {"edition": "classic"}) for seed in range(12)]
         + [(3, seed, {"edition": "classic", "hidden_money": True}) for seed in range(6)]
         + [(4, seed, {"sole_holder": "primary+tertiary"}) for seed in range(10)]
         + [(5, seed, {"rules": {"tie_rounding": 1000}}) for seed in range(6)])


def test_every_payment_of_random_games_is_the_rulebooks():
    seen: dict = defaultdict(int)
    for n, seed, options in GAMES:
        opts = dict(options)
        for kind, count in play_and_check(n, seed, opts).items():
            seen[kind] += count
    # the games reached every case the rulebook names, many times
    for kind in ("alone in each rank", "sole holder", "tie", "disposal", "purchase", "one winner"):
        assert seen[kind] >= 20, dict(seen)
    print(dict(seen))

