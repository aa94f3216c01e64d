"""Stockpile's money and stock movement, computed a second time from the rulebook and compared
with the engine.

The independent side reads the rulebooks (seeds 000 and 003) and RULES-DATA.md section 1
(docs/stockpile.md): the tracks as printed (standard 1-10, start 5, split to 6; the expert
tracks' values, start and split spaces and Steel's $ spaces), a split paying $10,000 per split
card already held and turning regular cards into split cards, movement past the top carrying on
from the split space, a bankruptcy discarding every card of the company with the left-over
movement lost, a dividend of $2,000 a regular card and $4,000 a split card (Deborah's $1,000 and
$2,000), sales at the value (split cards twice) with Golden Graham's $1,000 a card, a bid paid in
full (Discount Donald the next lower space), and the end: the majority holder of each company
(split cards count 2) $10,000, tied holders $5,000 each, everything sold at the final value,
unpaid fees deducted, most money wins and equal money shares the win.

Random games give the positions: the engine's own ``move`` and end of the game are run on
thousands of positions copied out of them, and every sale, dividend and bid of the games is
compared as it is paid. Nothing of the engine's arithmetic is imported.
"""
from __future__ import annotations

import random
from collections import defaultdict

from tabletop import BANK, CHANCE, TERMINAL
from tabletop.core import Game
from tabletop.registry import get_title
from tabletop.stockpile.actions import (CollectDividend, DeclareDividend, KeepInvestors, PlaceBid, SellHalfSplit,
                                        SellStock)

COMPANIES = ("Cosmic Computers", "Bottomline Bank", "Leading Laboratories", "American Automotive",
             "Stanford Steel", "Epic Electric")
#: company -> (values left to right, start space, split space, $ spaces), spaces from 0
STANDARD = {c: (tuple(range(1, 11)), 4, 5, ()) for c in COMPANIES}
EXPERT = {
    "Cosmic Computers": ((1, 3, 5, 7, 9), 2, 2, ()),
    "Bottomline Bank": ((1, 2, 3, 4, 5, 6), 4, 3, ()),
    "Leading Laboratories": (tuple(range(1, 11)), 4, 5, ()),
    "American Automotive": ((1, 3, 5, 7, 9, 11, 13), 2, 3, ()),
    "Stanford Steel": ((1, 1, 2, 2, 3, 3, 4, 4, 5, 5), 8, 4, (1, 3, 5, 7, 9)),
    "Epic Electric": ((1, 3, 4, 5, 5, 6, 6, 7, 8, 10), 4, 3, ()),
}
FEES = {"Fee $1,000": 1000, "Fee $2,000": 2000, "Fee $3,000": 3000}


# --- a stock's move ----------------------------------------------------------------------------------
def rulebook_move(track, space: int, steps: int, regular: list[int], split: list[int]):
    """Where a stock lands and what its holders get: (space, regular, split, {seat: split
    bonus}, {seat: $ space money}, cards discarded)."""
    values, start, split_space, dollar_spaces = track
    regular, split = list(regular), list(split)
    bonus, dollars, discarded = defaultdict(int), defaultdict(int), 0
    if steps > 0:
        for _ in range(steps):
            if space == len(values) - 1:            # past the top: a split
                for seat, k in enumerate(split):
                    bonus[seat] += 10_000 * k
                split = [s + r for s, r in zip(split, regular)]
                regular = [0] * len(regular)
                space = split_space
            else:
                space += 1
                if space in dollar_spaces:           # moving onto a $ space pays for each card held
                    for seat in range(len(regular)):
                        dollars[seat] += 1000 * (regular[seat] + 2 * split[seat])
    else:
        for _ in range(-steps):
            if space == 0:                          # below the bottom: bankrupt, the rest is lost
                discarded = sum(regular) + sum(split)
                regular, split = [0] * len(regular), [0] * len(split)
                space = start
                break
            space -= 1
    return (space, regular, split, {s: v for s, v in bonus.items() if v},
            {s: v for s, v in dollars.items() if v}, discarded)


def test_the_rulebooks_movement_examples():
    epic = STANDARD["Epic Electric"]
    # Epic Electric 9, +4 -> 10, split, 6, 7, 8 (RULES-DATA)
    assert rulebook_move(epic, 8, 4, [2, 0], [0, 1])[:4] == (7, [0, 0], [2, 1], {1: 10_000})
    # a bankruptcy: from value 2, -3: 1, bankrupt, back to 5 (the last step is lost)
    assert rulebook_move(epic, 1, -3, [1, 2], [1, 0]) == (4, [0, 0], [0, 0], {}, {}, 4)
    steel = EXPERT["Stanford Steel"]
    # from space 0 up 3: onto the $ spaces 1 and 3
    assert rulebook_move(steel, 0, 3, [1, 0], [1, 2])[4] == {0: 6000, 1: 8000}


def _snapshots(n: int, seed: int, options: dict, every: int):
    """States copied out of a random game, one every ``every`` entries."""
    title = get_title("stockpile")
    game = Game("stockpile", tuple(f"P{i}" for i in range(n)), title.normalize_options(options, n), seed)
    state = title.new_state(game)
    rng = random.Random(seed)
    step = 0
    while state.current_player() != TERMINAL:
        if step % every == every - 1 and state.phase not in ("setup",):
            yield state.clone()
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        step += 1


def _since(payments, start: int, kind: str) -> dict:
    out = defaultdict(int)
    for p in payments[start:]:
        if p.kind == kind and p.payer == BANK:
            out[p.payee] += p.amount
    return dict(out)


def test_every_move_of_a_stock_on_thousands_of_positions_is_the_rulebooks():
    rng = random.Random(7)
    cases = defaultdict(int)
    for n, seed, options in ([(n, s, {}) for n in (2, 3, 4, 5) for s in range(4)]
                             + [(n, 50 + s, {"expert_board": True}) for n in (3, 4, 5) for s in range(5)]):
        tracks = EXPERT if options else STANDARD
        for state in _snapshots(n, seed, options, every=7):
            for _ in range(3):
                c = rng.randrange(6)
                name = COMPANIES[c]
                steps = rng.choice([-4, -3, -2, -1, 1, 2, 3, 4, 6, 9])
                # put the stock near an end of its track half the time: splits and bankruptcies
                if rng.random() < 0.5:
                    state.pos[c] = rng.choice([0, 1, len(tracks[name][0]) - 2, len(tracks[name][0]) - 1])
                reg = [state.reg[s][c] for s in range(n)]
                split = [state.split[s][c] for s in range(n)]
                discard = state.discard[c]
                expected = rulebook_move(tracks[name], state.pos[c], steps, reg, split)
                start = len(state.payments)
                where = f"{name} from space {state.pos[c]} by {steps}, regular {reg}, split {split} ({options})"
                state.move(c, steps)
                space, reg_after, split_after, bonus, dollars, lost = expected
                assert state.pos[c] == space, where
                assert [state.reg[s][c] for s in range(n)] == reg_after, where
                assert [state.split[s][c] for s in range(n)] == split_after, where
                assert _since(state.payments, start, "split") == bonus, where
                assert _since(state.payments, start, "dividend") == dollars, where
                assert state.discard[c] == discard + lost, where
                assert state.value_marks[-1].value == tracks[name][0][space], where
                cases["split" if bonus or split_after != split else "bankruptcy" if space == tracks[name][1]
                      and steps < 0 else "$ space" if dollars else "plain"] += 1
    print(dict(cases))
    assert min(cases.values()) >= 30 and len(cases) == 4, dict(cases)


# --- the end of the game ------------------------------------------------------------------------------
def rulebook_end(money, regular, split, values, graham: int | None, owed) -> tuple[list[int], list[int]]:
    """(scores, winners) when the game ends now: regular[seat][company], values[company] in
    thousands, owed[seat] the unpaid fees."""
    n = len(money)
    final = list(money)
    for c in range(6):
        counts = [regular[s][c] + 2 * split[s][c] for s in range(n)]
        top = max(counts)
        if top:
            leaders = [s for s in range(n) if counts[s] == top]
            for s in leaders:
                final[s] += 10_000 if len(leaders) == 1 else 5_000
        for s in range(n):
            final[s] += counts[s] * values[c] * 1000
            if s == graham:
                final[s] += counts[s] * 1000
    scores = [final[s] - owed[s] for s in range(n)]
    best = max(scores)
    return scores, [s for s in range(n) if scores[s] == best]


def test_the_end_of_the_game_on_thousands_of_positions_is_the_rulebooks():
    """The engine's end of the game (what the last round's end runs) on positions taken from
    random games, with the investors' Golden Graham among them; the holdings are redrawn now and
    then so that ties for a majority and equal scores come up."""
    rng = random.Random(11)
    kinds = defaultdict(int)
    for n, seed, options in ([(n, s, {}) for n in (2, 3, 4, 5) for s in range(4)]
                             + [(n, 80 + s, {"investors": True}) for n in (2, 3, 4, 5) for s in range(3)]
                             + [(4, 90 + s, {"expert_board": True, "investors": True}) for s in range(3)]):
        tracks = EXPERT if options.get("expert_board") else STANDARD
        graham_name = "Golden Graham"
        for state in _snapshots(n, seed, options, every=9):
            if state.phase in ("game end", "game over") or state.div is not None:
                continue
            if rng.random() < 0.4:     # small equal holdings: ties for the majority and the win
                for s in range(n):
                    state.reg[s] = [rng.randint(0, 2) for _ in range(6)]
                    state.split[s] = [rng.randint(0, 1) for _ in range(6)]
                    state.money[s] = state.money[0]
            graham = next((s for s in range(n) if graham_name in _kept(state, s)), None)
            values = [tracks[c][0][state.pos[i]] for i, c in enumerate(COMPANIES)]
            owed = [sum(FEES[state.R.card_names[k]] for k in state.owed[s]) for s in range(n)]
            expected = rulebook_end(list(state.money), [list(r) for r in state.reg],
                                    [list(r) for r in state.split], values, graham, owed)
            state._end_game()
            where = f"{n} players {options}, seed {seed}, round {state.round}"
            assert list(state.outcome().scores) == expected[0], where
            assert list(state.outcome().winners) == expected[1], where
            kinds["shared win" if len(expected[1]) > 1 else "one winner"] += 1
            kinds["Graham"] += graham is not None
            kinds["unpaid fee"] += any(owed)
    print(dict(kinds))
    assert kinds["shared win"] >= 20 and kinds["Graham"] >= 20 and kinds["one winner"] >= 200, dict(kinds)


def _kept(state, seat: int) -> set:
    return {i for i in state.view(None)["players"][seat].get("investors") or ()}


# --- sales, dividends and bids as random games pay them ----------------------------------------------
def play_and_check(n: int, seed: int, options: dict) -> dict:
    title = get_title("stockpile")
    game = Game("stockpile", tuple(f"P{i}" for i in range(n)), title.normalize_options(options, n), seed)
    state = title.new_state(game)
    tracks = EXPERT if options.get("expert_board") else STANDARD
    rng = random.Random(seed)
    kept: dict = {}
    bids: dict = {}
    deborah = False
    seen = defaultdict(int)
    spaces = (0, 1000, 3000, 6000, 10_000, 15_000, 20_000, 25_000)
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        value = {c: tracks[c][0][state.pos[i]] for i, c in enumerate(COMPANIES)}
        phase = state.phase
        start = len(state.payments)
        state.apply(action)
        where = f"{n} players {options}, seed {seed}: {action!r}"
        graham = kept.get("Golden Graham") == getattr(action, "seat", -1)
        if isinstance(action, KeepInvestors):
            for name in action.investors:
                kept[name] = action.seat
        elif isinstance(action, SellStock):
            cards = 2 if action.split else 1
            assert _since(state.payments, start, "sale") == {action.seat: cards * value[action.company] * 1000}, where
            assert _since(state.payments, start, "bonus") == ({action.seat: 1000 * cards} if graham else {}), where
            seen["sale"] += 1
            seen["Graham's sale"] += graham
        elif isinstance(action, SellHalfSplit):
            assert _since(state.payments, start, "sale") == {action.seat: value[action.company] * 1000}, where
            assert _since(state.payments, start, "bonus") == ({action.seat: 1000} if graham else {}), where
            seen["half a split card"] += 1
        elif isinstance(action, CollectDividend):
            rate = 1000 if deborah else 2000
            got = rate * (action.regular + 2 * action.split)
            # the last collection lets the movement go on in the same entry: a $ space may pay next
            paid = [(p.payee, p.amount) for p in state.payments[start:]
                    if p.kind == "dividend" and p.subject == action.company]
            if got:
                assert paid[:1] == [(action.seat, got)], where
            else:
                assert not paid or action.company == "Stanford Steel" and options.get("expert_board"), where
            seen["Deborah's dividend" if deborah else "dividend"] += bool(got)
        elif isinstance(action, PlaceBid):
            bids[action.pile] = (action.seat, action.amount)      # a higher bid takes the track
        if isinstance(action, DeclareDividend):
            deborah = True
        elif not isinstance(action, CollectDividend):
            deborah = False
        if phase == "demand" and state.phase != "demand" and bids:
            paid = defaultdict(int)
            for seat, amount in bids.values():
                if kept.get("Discount Donald") == seat and amount:
                    amount = spaces[spaces.index(amount) - 1]
                    seen["Donald's discount"] += 1
                paid[seat] += amount
            got = defaultdict(int)
            for p in state.payments[start:]:
                if p.kind == "bid":
                    got[p.payer] += p.amount
            assert dict(got) == {s: a for s, a in paid.items() if a}, where
            seen["auction"] += 1
            bids = {}
    outcome = state.outcome()
    fees_owed = [sum(FEES[state.R.card_names[k]] for k in state.owed[s]) for s in range(n)]
    scores = [state.money[s] - fees_owed[s] for s in range(n)]
    assert list(outcome.scores) == scores
    assert set(outcome.winners) == {s for s in range(n) if scores[s] == max(scores)}
    return seen


def test_every_sale_dividend_and_bid_of_random_games_is_the_rulebooks():
    seen = defaultdict(int)
    for n, seed, options in ([(n, s, {}) for n in (2, 3, 4, 5) for s in range(8)]
                             + [(n, 200 + s, {"investors": True}) for n in (2, 3, 4, 5) for s in range(10)]
                             + [(n, 300 + s, {"expert_board": True, "investors": True}) for n in (3, 5) for s in range(6)]):
        for kind, count in play_and_check(n, seed, options).items():
            seen[kind] += count
    print(dict(seen))
    for kind in ("sale", "Graham's sale", "half a split card", "dividend", "Deborah's dividend",
                 "Donald's discount", "auction"):
        assert seen[kind] >= 10, dict(seen)
