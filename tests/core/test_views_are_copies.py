"""A view belongs to its reader: a screen, a notebook or a tournament agent that edits the dict it was
given (every nested list and dict of it) changes nothing in the game."""
from __future__ import annotations

import json
import random

import pytest

from .fuzzing import CONFIGS, config_id, new_match, random_step


def scribble(value):
    """Edit every dict and list reachable from ``value`` in place."""
    if isinstance(value, dict):
        for key in list(value):
            scribble(value[key])
            value[key] = "scribbled"
        value["added"] = 1
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")
        value[0] = "scribbled"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_editing_a_view_changes_nothing_in_the_game(config):
    match = new_match(config, seed=7)
    rng = random.Random(7)
    viewers = [None, *range(config[1])]
    for step in range(3000):
        if match.is_over():
            break
        if step % 7 == 0:
            for viewer in viewers:
                before = json.dumps(match.view(viewer), sort_keys=True, default=str)
                scribble(match.view(viewer))
                after = json.dumps(match.view(viewer), sort_keys=True, default=str)
                assert after == before, f"editing seat {viewer}'s view at step {step} changed the game"
        random_step(match, rng)
