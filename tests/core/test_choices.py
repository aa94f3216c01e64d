"""Choosing an action part by part (tabletop/choices.py) on every title's random games: at every
point, for the shared screen and for a seat, every sequence of answers ends in an offered action,
every offered action is reached by exactly one sequence, nothing else is reached, and no question
is asked whose answer is already decided. Stockpile's placement is asked as a player says it:
which card goes face up, on which stockpile, where the other card goes."""
from __future__ import annotations

from collections import Counter

import pytest

from tabletop import Match, TabletopError
from tabletop.choices import KIND, Narrowing
from tabletop.core import CHANCE, TERMINAL
from tabletop.stockpile.actions import PlaceCards

from .fuzzing import CONFIGS, config_id, finished_log, key, new_match

PLAYED = [c for c in CONFIGS if c[1] in (2, 4) or c[2]]


def leaves(narrowing: Narrowing, asked: list) -> list:
    """Every action reached by some sequence of answers (with repeats, if any is reached twice)."""
    if narrowing.done:
        return [narrowing.action] if narrowing.remaining else []
    values = narrowing.values()
    asked.append(len(values))
    out = []
    for v in values:
        step = narrowing.choose(v)
        assert step.back().remaining == narrowing.remaining, "Back does not return to the same choices"
        out += leaves(step, asked)
    return out


def viewers(match: Match) -> list:
    if match.current_player() != CHANCE:
        return [None]
    owner = match.state.chance_owner()
    return [None] + ([owner] if owner is not None else []) + ([0] if owner != 0 else [])


@pytest.mark.parametrize("config", PLAYED, ids=[config_id(c) for c in PLAYED])
def test_every_sequence_of_answers_ends_in_exactly_one_offered_action(config):
    match = new_match(config, 0)
    points = 0
    for action in finished_log(config, 0) + (None,):
        for viewer in viewers(match):
            offered = match.offered_actions(viewer)
            asked: list = []
            reached = leaves(Narrowing(offered), asked)
            assert None not in reached, "a sequence of answers ended in nothing"
            assert Counter(map(key, reached)) == Counter(map(key, set(offered))), \
                "the answers reach other actions than the offered ones, or one of them twice"
            assert all(n >= 2 for n in asked), "a question was asked whose answer was decided already"
            points += 1
        if action is not None:
            match.apply(action)
    assert points > 50


def _supply(investors: bool = False) -> Match:
    """A 3-player Stockpile match at Ann's placement (her two cards drawn)."""
    match = Match("stockpile", ["Ann", "Bob", "Cy"], {"investors": investors}, 7)
    while not (match.current_player() >= 0 and match.state.phase == "supply"
               and isinstance(match.legal_actions()[0], PlaceCards)):
        match.apply(match.sample_chance() if match.current_player() == CHANCE else match.legal_actions()[0])
    return match


def test_the_placement_is_asked_card_face_up_then_its_stockpile_then_the_others():
    match = _supply()
    seat = match.current_player()
    hand = match.view(seat)["private"]["hand"]
    piles = len(match.view(None)["board"]["stockpiles"])
    n = Narrowing(match.offered_actions(seat))
    assert n.part.name == "face_up_card" and sorted(n.values()) == sorted(set(hand))
    up = hand[0]
    n = n.choose(up)
    assert n.part.name == "first_pile" and n.values() == list(range(piles))
    n = n.choose(1)
    assert n.part.name == "second_pile" and n.values() == list(range(piles))
    n = n.choose(0)
    assert n.done
    down = hand[1] if hand[0] == up else hand[0]
    assert n.action == PlaceCards(seat, ((up, 1, True), (down, 0, False)))
    assert n.action in match.legal_actions()


def test_a_part_all_actions_agree_on_is_decided_by_itself():
    # both cards in hand the same: which goes face up needs no answer
    same = [PlaceCards(0, (("Boom", p, True), ("Boom", q, False))) for p in range(3) for q in range(3)]
    n = Narrowing(same)
    assert n.part.name == "first_pile"
    assert Narrowing(same[:1]).done and Narrowing(same[:1]).action == same[0]


def test_several_kinds_are_told_apart_first_and_back_returns_a_part():
    match = _supply()
    n = Narrowing(match.offered_actions(match.current_player()) + [match.legal_actions()[0]])
    assert n.part.name == "face_up_card"            # duplicates are one action, one kind: no kind question
    bids = Match("stockpile", ["Ann", "Bob"], {}, 3)
    while bids.current_player() < 0 or bids.state.phase != "demand":
        bids.apply(bids.sample_chance() if bids.current_player() == CHANCE else bids.legal_actions()[0])
    offered = bids.offered_actions(None)
    n = Narrowing(offered)
    kinds = {type(a).__name__ for a in offered}
    if len(kinds) > 1:
        assert n.part is KIND and sorted(n.values()) == sorted(kinds)
    step = n.choose(n.values()[0])
    assert step.back().part.name == n.part.name and step.back().remaining == n.remaining
    assert n.back() is n


def test_an_answer_not_offered_is_refused_in_words_and_changes_nothing():
    match = _supply()
    n = Narrowing(match.offered_actions(match.current_player()))
    with pytest.raises(TabletopError, match="not a choice for the face up card"):
        n.choose("Gold")
    assert n.part.name == "face_up_card" and not n.chosen
    done = Narrowing(match.offered_actions(match.current_player())[:1])
    with pytest.raises(TabletopError, match="already made"):
        done.choose(0)


def test_secretive_stuart_may_place_both_face_down():
    for seed in range(40):
        match = _find_stuart(seed)
        if match is not None:
            break
    assert match is not None, "no game gave Secretive Stuart a placement"
    n = Narrowing(match.legal_actions())
    assert None in n.values()                        # "both face down" is an answer
    both = n.choose(None)
    assert all(not up for a in both.remaining for _c, _p, up in a.placements)


def _find_stuart(seed: int) -> Match | None:
    import random
    rng = random.Random(seed)
    match = Match("stockpile", ["Ann", "Bob", "Cy"], {"investors": True}, seed)
    for _ in range(400):
        if match.current_player() == TERMINAL:
            return None
        if match.current_player() >= 0:
            legal = match.legal_actions()
            if isinstance(legal[0], PlaceCards) and any(not a.placements[0][2] for a in legal):
                return match
            match.apply(legal[rng.randrange(len(legal))])
        else:
            match.apply(match.sample_chance())
    return None
