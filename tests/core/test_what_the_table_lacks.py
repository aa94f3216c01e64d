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

from .fuzzing import CONFIGS, config_id, new_match, random_step
from .test_words_read_well import reads_well


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_an_entry_for_a_seat_the_table_lacks_is_refused_naming_the_seat(config):
    n = config[1]
    match, rng = new_match(config, seed=9), random.Random(9)
    tried = 0
    for step in range(5000):
        player = match.current_player()
        if player == TERMINAL:
            break
        if step % 4 == 0:
            entries = (match.state.chance_entries(None) if player == CHANCE
                       else match.legal_actions())
            with_seat = [a for a in entries if getattr(a, "seat", None) is not None]
            log = match.log
            for entry in rng.sample(with_seat, min(3, len(with_seat))):
                for bad in (n, -1, n + 3):
                    wrong = dataclasses.replace(entry, seat=bad)
                    with pytest.raises(TabletopError) as refusal:
                        match.apply(wrong)
                    assert f"seat {bad}" in str(refusal.value), (wrong, str(refusal.value))
                    # and were it described (a refusal after the end tells the entry), it reads
                    # as that seat, not as "None"
                    assert "None" not in match.state.describe(wrong), wrong
                    tried += 1
            assert match.log == log
        random_step(match, rng)
    assert tried >= 30


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_name_the_game_lacks_is_refused_naming_it(config):
    """A card, company, corporation, stock, tile or suit the game does not have (a typo in a
    script, a damaged save) is refused in words that repeat what was entered."""
    match, rng = new_match(config, seed=9), random.Random(9)
    tried = 0
    for step in range(5000):
        player = match.current_player()
        if player == TERMINAL:
            break
        if step % 4 == 0:
            entries = (match.state.chance_entries(None) if player == CHANCE
                       else match.legal_actions())
            log = match.log
            for entry in rng.sample(entries, min(3, len(entries))):
                for field in dataclasses.fields(entry):
                    if type(getattr(entry, field.name)) is not str:
                        continue
                    wrong = dataclasses.replace(entry, **{field.name: "Nonesuch"})
                    with pytest.raises(TabletopError) as refusal:
                        match.apply(wrong)
                    assert "Nonesuch" in str(refusal.value), (wrong, str(refusal.value))
                    reads_well(str(refusal.value), f"the refusal of {wrong!r}", sentence=True)
                    tried += 1
                for field in dataclasses.fields(entry):   # a number no component prints
                    if field.name == "seat" or type(getattr(entry, field.name)) is not int:
                        continue
                    wrong = dataclasses.replace(entry, **{field.name: 999})
                    with pytest.raises(TabletopError) as refusal:
                        match.apply(wrong)
                    # (a stockpile is counted from 1 in words: pile 999 is "stockpile 1000")
                    assert "999" in str(refusal.value) or "1000" in str(refusal.value), (
                        wrong, str(refusal.value))
                    reads_well(str(refusal.value), f"the refusal of {wrong!r}", sentence=True)
            assert match.log == log
        random_step(match, rng)
    assert tried >= 20
