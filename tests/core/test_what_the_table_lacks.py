"""Entries for what the table does not have: a seat (one past the last, negative, far off) or a
name (a card, company, corporation, stock, tile or suit) is refused in words that repeat it, and
changes nothing. At points of random games in every title, legal entries (decisions and chance
entries) with one field changed so."""
from __future__ import annotations

import dataclasses
import random

import pytest

from tabletop import TabletopError
from tabletop.core import CHANCE, TERMINAL

from .fuzzing import CONFIGS, config_id, new_match, random_step, reads_well


def sampled_entries(config, seed: int = 9, per_point: int = 3):
    """(match, entry) for a few entries (decisions or chance entries) at every fourth point of a
    random game of ``config``; the match is checked unchanged after each point's refusals."""
    match, rng = new_match(config, seed), random.Random(seed)
    while match.current_player() != TERMINAL:
        if len(match.log) % 4 == 0:
            entries = (match.state.chance_entries(None) if match.current_player() == CHANCE
                       else match.legal_actions())
            log = match.log
            for entry in rng.sample(entries, min(per_point, len(entries))):
                yield match, entry
            assert match.log == log, "a refused entry changed the log"
        random_step(match, rng)


def refusal_of(match, wrong) -> str:
    with pytest.raises(TabletopError) as refusal:
        match.apply(wrong)
    return str(refusal.value)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_an_entry_for_a_seat_the_table_lacks_is_refused_naming_the_seat(config):
    n, tried = config[1], 0
    for match, entry in sampled_entries(config):
        if getattr(entry, "seat", None) is None:
            continue
        for bad in (n, -1, n + 3):
            wrong = dataclasses.replace(entry, seat=bad)
            words = refusal_of(match, wrong)
            assert f"seat {bad}" in words, (wrong, words)
            # and were it described (a refusal after the end tells the entry), it reads as that
            # seat, not as "None"
            reads_well(match.state.describe(wrong), f"the words of {wrong!r}")
            tried += 1
    assert tried >= 30


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_name_or_number_the_game_lacks_is_refused_naming_it(config):
    """A card, company, corporation, stock, tile or suit the game does not have (a typo in a
    script, a damaged save), or a number no component prints, is refused in words that repeat
    what was entered."""
    tried = 0
    for match, entry in sampled_entries(config):
        for field in dataclasses.fields(entry):
            value = getattr(entry, field.name)
            if type(value) is str:
                wrong = dataclasses.replace(entry, **{field.name: "Nonesuch"})
                shown = ("Nonesuch",)
            elif type(value) is int and field.name != "seat":
                wrong = dataclasses.replace(entry, **{field.name: 999})
                shown = ("999", "1000")      # a stockpile is counted from 1 in words
            else:
                continue
            words = refusal_of(match, wrong)
            assert any(s in words for s in shown), (wrong, words)
            reads_well(words, f"the refusal of {wrong!r}", sentence=True)
            tried += 1
    assert tried >= 20
