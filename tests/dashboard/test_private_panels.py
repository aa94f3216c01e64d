"""A player's own panel counts stockpiles, places in a pile and face-down pairs from 1, as the
board, the bids ("Stockpile 1" is the first) and the table do."""
import random
import re

from tabletop import Match
from tabletop.core import CHANCE
from tabletop.widgets.titles import title_ui


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_known_face_down_cards_are_on_stockpiles_counted_from_one():
    found = set()
    for seed in range(40):
        match, rng = Match("stockpile", ("Ann", "Bob", "Cy"), seed=seed), random.Random(seed)
        for _ in range(80):
            state = match.state
            match.apply(state.sample_chance(rng) if state.current_player() == CHANCE else rng.choice(match.legal_actions()))
            private = match.view(0)["private"]
            for card in private["known_face_down"]:
                pile, place = card["stockpile"], card["position"]     # the view counts from 0
                shown = words(title_ui("stockpile").private_html(private))
                assert f"{pile + 1} {place + 1} {card['card']}" in shown, shown
                found.add(pile)
            if 0 in found:
                break
        if 0 in found and len(found) >= 2:
            break
    assert 0 in found, "a card on the first stockpile was seen"
