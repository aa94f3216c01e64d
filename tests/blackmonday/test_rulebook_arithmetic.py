"""Black Monday's money, prices and winners, kept a second time from the rulebook alongside random
games and compared with the engine after every entry.

The independent side (``Table``) reads only the entries and the rulebook (seed 002,
RULES-DATA.md section 3, docs/black-monday.md): $20,000 each; the first $1-$10 card of a stock
turned up sets its start price; a card laid sideways buys value x 100 shares ($11-$13: none, or
500 in the variant) at the current price, never past 1,200 shares of a stock; a sold card pays
its shares at the current price; a price change plays a card within the stock's limit; a crash
card sends the stock to $0 and every sideways card of it is lost, unpaid; a new start price
relists it; the score is cash plus shares at the closing prices, and equal scores share the
win. It imports nothing of the engine's arithmetic.
"""
from __future__ import annotations

import random
from collections import defaultdict

from tabletop import CHANCE, TERMINAL
from tabletop.blackmonday.actions import (BuyShares, ChangePrice, CrashStock, DealCard, DrawCard, DrawMarketClose,
                                          EndTurn, ExchangeCard, Position, RevealStartCard, SellShares,
                                          SetStartPrice)
from tabletop.core import Game
from tabletop.registry import get_title

STOCKS = ("Chewy Poultry", "Whip Burger", "Gum Gum Mine", "Tiki-Taka Tech")
#: how far one price change may move each stock: (down, up) (RULES-DATA 3, assumed defaults)
LIMITS = {"Chewy Poultry": (2, 3), "Whip Burger": (3, 4), "Gum Gum Mine": (4, 5), "Tiki-Taka Tech": (5, 6)}


class Table:
    """What lies on the table, from the entries alone."""

    def __init__(self, n: int, options: dict):
        self.n = n
        self.limits = {**LIMITS, **{k: tuple(v) for k, v in options.get("limits", {}).items()}}
        self.per_dollar = options.get("shares_per_value", 100)
        self.variant = options.get("five_hundred_shares", False)
        self.same_ok = options.get("allow_same_price", False)
        self.money = [20_000] * n
        self.price = {s: None for s in STOCKS}      # None: no start price yet; 0: crashed
        self.sideways = [defaultdict(list) for _ in range(n)]
        self.hands = [[] for _ in range(n)]
        self._new_turn()

    def _new_turn(self) -> None:
        self.changes = 0
        self.exchanging = False

    def shares_of(self, value: int) -> int:
        if value > 10:
            return 500 if self.variant else 0
        return value * self.per_dollar

    def held(self, seat: int, stock: str) -> int:
        return sum(self.shares_of(v) for v in self.sideways[seat][stock])

    def within(self, stock: str, value: int) -> bool:
        down, up = self.limits[stock]
        return self.price[stock] - down <= value <= self.price[stock] + up

    def price_changes_offered(self, seat: int) -> set:
        """The price changes the rulebook lets ``seat`` make now with the cards in hand."""
        if self.exchanging or self.changes >= 2:
            return set()
        return {ChangePrice(seat, s, v) for s, v in self.hands[seat]
                if self.price[s] and self.within(s, v) and (v != self.price[s] or self.same_ok)}

    def apply(self, a) -> None:
        if isinstance(a, (DealCard, DrawCard)):
            self.hands[a.seat].append((a.stock, a.value))
        elif isinstance(a, RevealStartCard):
            if self.price[a.stock] is None and a.value <= 10:
                self.price[a.stock] = a.value
        elif isinstance(a, BuyShares):
            self.hands[a.seat].remove((a.stock, a.value))
            assert self.held(a.seat, a.stock) + self.shares_of(a.value) <= 1200, "past 1,200 shares"
            self.money[a.seat] -= self.shares_of(a.value) * self.price[a.stock]
            assert self.money[a.seat] >= 0, "bought with money the player lacks"
            self.sideways[a.seat][a.stock].append(a.value)
        elif isinstance(a, SellShares):
            self.sideways[a.seat][a.stock].remove(a.value)
            self.money[a.seat] += self.shares_of(a.value) * self.price[a.stock]
        elif isinstance(a, ChangePrice):
            self.hands[a.seat].remove((a.stock, a.value))
            assert self.within(a.stock, a.value), "a price change beyond the limit"
            self.price[a.stock] = a.value
            self.changes += 1
        elif isinstance(a, CrashStock):
            self.hands[a.seat].remove((a.stock, a.value))
            assert a.value > 10 and self.within(a.stock, a.value), "a crash the rules forbid"
            self.price[a.stock] = 0
            for seat in range(self.n):
                self.sideways[seat][a.stock] = []        # lost: nobody is paid
            self.changes += 1
        elif isinstance(a, SetStartPrice):
            self.hands[a.seat].remove((a.stock, a.value))
            assert self.price[a.stock] == 0 and a.value <= 10
            self.price[a.stock] = a.value
            self.changes += 1
        elif isinstance(a, ExchangeCard):
            self.hands[a.seat].remove((a.stock, a.value))
            self.exchanging = True
        elif isinstance(a, EndTurn):
            self._new_turn()

    def scores(self) -> list[int]:
        return [self.money[seat] + sum(self.held(seat, s) * (self.price[s] or 0) for s in STOCKS)
                for seat in range(self.n)]


def play_and_check(n: int, seed: int, options: dict) -> dict:
    title = get_title("black-monday")
    game = Game("black-monday", tuple(f"P{i}" for i in range(n)), title.normalize_options(options, n), seed)
    state = title.new_state(game)
    table = Table(n, options)
    rng = random.Random(seed)
    seen: dict = defaultdict(int)
    while state.current_player() != TERMINAL:
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            assert {a for a in legal if isinstance(a, ChangePrice)} == table.price_changes_offered(player), (
                f"price changes offered: seed {seed}, prices {table.price}, hand {table.hands[player]}")
            # buying leans towards the random player's other choices: favour it a little
            buys = [a for a in legal if isinstance(a, (BuyShares, SellShares))]
            action = (buys or legal)[rng.randrange(len(buys or legal))] if rng.random() < 0.3 else \
                legal[rng.randrange(len(legal))]
        state.apply(action)
        table.apply(action)
        seen[type(action).__name__] += 1
        where = f"{n} players, seed {seed}, {options}, after {action!r}"
        assert state.money == table.money, where
        assert [state.price(i) for i in range(4)] == [table.price[s] or 0 for s in STOCKS], where
        assert [state.worth(i) for i in range(n)] == table.scores(), where
        seen["positions"] += 1
    outcome = state.outcome()
    scores = table.scores()
    assert list(outcome.scores) == scores, f"seed {seed}: prices {table.price}"
    best = max(scores)
    assert set(outcome.winners) == {s for s in range(n) if scores[s] == best}
    seen["shared win" if len(outcome.winners) > 1 else "one winner"] += 1
    seen["shares held at the end"] += sum(table.held(s, k) > 0 for s in range(n) for k in STOCKS)
    return seen


GAMES = ([(n, seed, {}) for n in range(2, 7) for seed in range(12)]
         + [(3, seed, {"five_hundred_shares": True}) for seed in range(8)]
         + [(4, seed, {"shares_per_value": 50, "allow_same_price": True}) for seed in range(8)]
         + [(4, seed, {"limits": {"Chewy Poultry": [1, 1], "Tiki-Taka Tech": [9, 9]}}) for seed in range(8)])


def test_money_prices_scores_and_winners_of_random_games_are_the_rulebooks():
    seen: dict = defaultdict(int)
    for n, seed, options in GAMES:
        for kind, count in play_and_check(n, seed, options).items():
            seen[kind] += count
    print(dict(seen))
    for kind in ("BuyShares", "SellShares", "ChangePrice", "CrashStock", "SetStartPrice", "ExchangeCard",
                 "shares held at the end"):
        assert seen[kind] >= 30, dict(seen)
    assert seen["positions"] >= 20_000, dict(seen)


# --- the score and the winners of thousands of tables --------------------------------------------
def drawn_position(n: int, rng: random.Random, even: bool) -> Position:
    """A table as the rulebook allows it, drawn at random: money from a few round sums, cards held
    sideways within 1,200 shares of a stock, each price pile a walk within the limits (or empty:
    delisted), the market-close card in the deck. ``even``: every seat has the same money and
    holds nothing (so the scores stay equal until someone's shares move)."""
    piles = []
    for stock in STOCKS:
        if rng.random() < 0.15:
            piles.append((stock, ()))
            continue
        down, up = LIMITS[stock]
        values = [rng.randint(1, 10)]
        for _ in range(rng.randrange(3)):
            values.append(rng.choice([v for v in range(1, 14) if v != values[-1]
                                      and values[-1] - down <= v <= values[-1] + up]))
        piles.append((stock, tuple(values)))
    used = defaultdict(int)
    for stock, values in piles:
        for v in values:
            used[stock, v] += 1
    held = []
    for _seat in range(n):
        cards = []
        for stock in STOCKS:
            for _ in range(0 if even else rng.randrange(3)):
                v = rng.randint(1, 10)
                if used[stock, v] < 2 and sum(x for k, x in cards if k == stock) + v <= 12:
                    used[stock, v] += 1
                    cards.append((stock, v))
        held.append(tuple(cards))
    money = (rng.choice((5_000, 20_000)),) * n if even else \
        tuple(rng.choice((0, 2_000, 5_000, 10_000, 20_000)) for _ in range(n))
    return Position(round=rng.randint(1, 9), seat=rng.randrange(n), money=money, held=tuple(held),
                    piles=tuple(piles), second_deck=True)


def table_at(a: Position, n: int) -> Table:
    table = Table(n, {})
    table.money = list(a.money)
    table.price = {stock: (values[-1] if values else 0) for stock, values in a.piles}
    for seat, cards in enumerate(a.held):
        for stock, value in cards:
            table.sideways[seat][stock].append(value)
    return table


def test_the_score_and_the_winners_of_thousands_of_drawn_tables_are_the_rulebooks():
    """Each drawn table is entered as a position, played on at random, and the market closes at
    a refill draw chosen at random: every seat's worth after every entry, and the scores and
    the winners (equal scores share the win) when it closes, are the rulebook's."""
    title = get_title("black-monday")
    rng = random.Random(2026)
    seen: dict = defaultdict(int)
    for game in range(2_000):
        n = 2 + game % 5
        state = title.new_state(Game("black-monday", tuple(f"P{i}" for i in range(n)),
                                     title.normalize_options({}, n), game))
        even = game % 4 == 0            # these close at the first refill
        position = drawn_position(n, rng, even)
        state.apply(position)
        table = table_at(position, n)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                close = DrawMarketClose(state.seat)
                action = close if state.phase == "refill" and (even or rng.random() < 0.4) and close in state.legal_actions() \
                    else state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            table.apply(action)
            assert [state.worth(i) for i in range(n)] == table.scores(), f"game {game}, after {action!r}"
            seen["positions"] += 1
        outcome = state.outcome()
        scores = table.scores()
        assert list(outcome.scores) == scores, f"game {game}: {position}"
        assert set(outcome.winners) == {s for s in range(n) if scores[s] == max(scores)}, f"game {game}: {position}"
        seen["shared win" if len(outcome.winners) > 1 else "one winner"] += 1
        seen["delisted at the end"] += sum(1 for s in STOCKS if not table.price[s])
        seen["shares held at the end"] += sum(table.held(s, k) > 0 for s in range(n) for k in STOCKS)
    print(dict(seen))
    assert seen["shared win"] >= 100 and seen["one winner"] >= 1_000, dict(seen)
    assert seen["delisted at the end"] >= 300 and seen["shares held at the end"] >= 3_000, dict(seen)
