"""A simulated draw is a fair draw: each kind of market card comes up as often as it has copies
left in the deck (a simulated game, a tournament or a lesson's statistics lean on this)."""
from __future__ import annotations

import collections
import random

from tabletop import CHANCE, Match
from tabletop.stockpile.actions import DrawToStockpile


def first_market_draw(seed: int):
    """The state when the first market card of a random game is to be turned onto a stockpile."""
    match, rng = Match("stockpile", ["Alice", "Bob", "Carol"], seed=seed), random.Random(seed)
    while not (match.current_player() == CHANCE
               and isinstance(match.state.chance_entries(None)[0], DrawToStockpile)):
        if match.current_player() == CHANCE:
            match.apply(match.sample_chance())
        else:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    return match.state


def test_market_cards_are_drawn_in_proportion_to_the_copies_left_in_the_deck():
    state = first_market_draw(seed=3)
    # the copies of each card still in the deck
    left = {entry.card: copies for entry, copies in zip(state.tab.draw_pile[state.pile_i], state.deck)}
    total = sum(left.values())
    draws = collections.Counter(state.sample_chance(random.Random(i)).card for i in range(4000))
    assert set(draws) <= {card for card, copies in left.items() if copies}
    for card, copies in left.items():
        assert abs(draws[card] / 4000 - copies / total) < 0.03, (card, draws[card], copies, total)
