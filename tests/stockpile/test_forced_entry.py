"""What a player cannot but enter, told from public facts only (``StockpileState.forced_entry``):
the rulebook's selling is of the cards one holds and a dividend pays per card shown, so a player
holding no stock card can only be done selling and collects nothing. A player holding cards,
none of the dividend's company, is still asked: which companies they hold is their secret, and
the screens must not tell it by skipping them."""
import random

from tabletop import CHANCE, TERMINAL, Match
from tabletop.stockpile.actions import CollectDividend, Pass


def _cards(match, seat) -> int:
    return sum(match.view(None)["players"][seat]["holdings"].values())      # public counts


def test_forced_only_when_the_public_counts_say_the_player_holds_nothing():
    seen = {"sell": 0, "dividend": 0, "secret": 0}
    for seed in range(12):
        match = Match("stockpile", ["Ann", "Bob", "Cy", "Dee"])
        rng = random.Random(seed)
        while match.current_player() != TERMINAL:
            state = match.state
            seat = state.current_player()
            if seat >= 0 and state.phase in ("selling", "movement"):
                forced = state.forced_entry()
                legal = match.legal_actions()
                if _cards(match, seat) == 0:
                    expected = Pass(seat) if state.phase == "selling" else \
                        CollectDividend(seat, legal[0].company, 0, 0)
                    assert forced == expected and legal == [expected]
                    seen["sell" if state.phase == "selling" else "dividend"] += 1
                else:
                    assert forced is None
                    if isinstance(legal[0], CollectDividend) and len(legal) == 1:
                        seen["secret"] += 1      # no card of that company: still asked
            match.apply(state.sample_chance(rng) if seat == CHANCE else rng.choice(match.legal_actions()))
    assert all(seen.values()), seen
