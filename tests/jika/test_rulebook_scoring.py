"""時価で勝負's prices, points and winners, computed a second time from the rulebook and compared
with the engine over thousands of random games.

The independent side knows only the entries of the game (which certificates were dealt, which
cards were played on which slot) and the rulebook (seed 001, RULES-DATA.md section 4,
docs/jika.md): a suit shows its ace until a card goes above it; a card covers the upper or the
lower card; the price is the lower of the two visible cards; a queen scores the price once, a
king twice (both of one suit: three times); the highest total wins, a tie goes to the higher
queen (the price of the queen's suit), and a tie on that too is a shared win. It imports nothing
of the engine's arithmetic.
"""
from __future__ import annotations

import random
from collections import defaultdict

from tabletop import CHANCE, TERMINAL
from tabletop.core import Game
from tabletop.jika.actions import DealCertificate, PlayCard
from tabletop.registry import get_title

SUITS = ("spades", "hearts", "diamonds", "clubs")


class Market:
    """The table as the rulebook lays it out: per suit the upper card (none at first) and the
    lower card (the ace, 1)."""

    def __init__(self):
        self.upper = {s: None for s in SUITS}
        self.lower = {s: 1 for s in SUITS}

    def play(self, suit: str, value: int, slot: str) -> None:
        if slot == "upper":
            self.upper[suit] = value
        else:
            assert self.upper[suit] is not None, "a lower card played on a suit showing only its ace"
            self.lower[suit] = value

    def price(self, suit: str) -> int:
        shown = [v for v in (self.upper[suit], self.lower[suit]) if v is not None]
        return min(shown)


def rulebook_result(certificates: dict, market: Market) -> tuple[list[int], set[int], str]:
    """(points by seat, winners, how the winner was found)."""
    seats = sorted(certificates)
    points = []
    for seat in seats:
        queen, king = certificates[seat]["queen"], certificates[seat]["king"]
        points.append(market.price(queen) + 2 * market.price(king))
    best = max(points)
    tied = [s for s in seats if points[s] == best]
    if len(tied) == 1:
        return points, set(tied), "most points"
    queens = {s: market.price(certificates[s]["queen"]) for s in tied}
    top = max(queens.values())
    winners = {s for s in tied if queens[s] == top}
    return points, winners, "higher queen" if len(winners) == 1 else "shared win"


def test_the_rulebooks_scoring_example():
    market = Market()
    for suit, upper, lower in (("diamonds", 5, 4), ("clubs", 6, 7), ("hearts", 2, 3)):
        market.play(suit, upper, "upper")
        market.play(suit, lower, "lower")
    assert market.price("spades") == 1                      # its ace alone
    market.play("spades", 9, "upper")
    assert market.price("spades") == 1                      # the ace still shows below the 9
    certs = {0: {"queen": "diamonds", "king": "clubs"}, 1: {"queen": "hearts", "king": "hearts"}}
    points, winners, _how = rulebook_result(certs, market)
    assert points == [16, 6] and winners == {0}


def play_and_check(n: int, seed: int, options: dict) -> str:
    """A random game; after every play the engine's prices are the rulebook's, and at the end its
    points, ledger and winners are. Returns how the winner was found."""
    title = get_title("jika")
    game = Game("jika", tuple(f"P{i}" for i in range(n)), title.normalize_options(options, n), seed)
    state = title.new_state(game)
    rng = random.Random(seed)
    market = Market()
    certificates: dict = defaultdict(dict)
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        if isinstance(action, DealCertificate):
            certificates[action.seat][action.rank] = action.suit
        elif isinstance(action, PlayCard):
            market.play(action.suit, action.value, action.slot)
            assert state.prices() == {s: market.price(s) for s in SUITS}, (seed, action)
    points, winners, how = rulebook_result(dict(certificates), market)
    outcome = state.outcome()
    where = f"{n} players, seed {seed}, {options}: certificates {dict(certificates)}, prices " \
            f"{ {s: market.price(s) for s in SUITS} }"
    assert list(outcome.scores) == points, where
    assert set(outcome.winners) == winners, f"{how}: {where}"
    # the score sheet: each certificate credited at its price times its multiplier
    sheet: dict = defaultdict(int)
    for p in state.payments:
        assert p.kind == "score"
        sheet[p.payee] += p.amount
    assert [sheet[s] for s in range(n)] == points, where
    return how


def test_points_and_winners_of_thousands_of_random_games_are_the_rulebooks():
    """Short hands (1 to 3 cards) leave prices low and ties frequent; whole games too."""
    found: dict = defaultdict(int)
    seed = 0
    for n in (3, 4):
        for options in ({}, {"hand_size": 1}, {"hand_size": 2}, {"hand_size": 3},
                        {"first_player": 2, "hand_size": 2}):
            for _ in range(300 if options else 200):
                seed += 1
                found[play_and_check(n, seed, dict(options))] += 1
    print(dict(found))
    # every way of winning was met many times
    assert found["most points"] >= 500 and found["higher queen"] >= 30 and found["shared win"] >= 100, dict(found)
