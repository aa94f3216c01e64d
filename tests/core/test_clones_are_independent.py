"""A clone shares nothing that play changes: the match keeps clones as checkpoints (undo, replay,
corrections) and the screens play on clones to see what an entry would do, so a list shared
between a clone and its original would let a tried entry, or a later one, rewrite the past."""
from __future__ import annotations

import random

import pytest

from tabletop import TERMINAL

from .fuzzing import CONFIGS, config_id, new_match, random_step


def contents(value, shared: frozenset[int] = frozenset(), seen: dict[int, object] | None = None):
    """Everything reachable from ``value`` written out as plain data (an object as its fields),
    so that two readings compare equal exactly when nothing inside changed. Objects in ``shared``
    (the edition's lookup tables, which every game of it shares and fills as it goes) are left out."""
    seen = {} if seen is None else seen
    if isinstance(value, (str, int, float, bool, type(None))):
        return value
    if id(value) in shared:
        return ("shared", type(value).__name__)
    if id(value) in seen:            # a cycle or an object reached twice: written once
        return ("seen", type(value).__name__)
    seen[id(value)] = value
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, *(contents(v, shared, seen) for v in value)]
    if isinstance(value, (set, frozenset)):
        return [type(value).__name__, *sorted(repr(v) for v in value)]
    if isinstance(value, dict):
        return ["dict", *((repr(k), contents(v, shared, seen)) for k, v in value.items())]
    fields = getattr(value, "__dict__", None)
    if fields is None and hasattr(type(value), "__slots__"):
        fields = {k: getattr(value, k) for k in type(value).__slots__ if hasattr(value, k)}
    if fields is not None and not callable(value):
        return [type(value).__name__, *((k, contents(v, shared, seen)) for k, v in sorted(fields.items()))]
    return repr(value)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_playing_on_a_clone_leaves_the_original_as_it_was(config):
    match = new_match(config, seed=11)
    rng = random.Random(11)
    # what a fresh game of the same title holds too is the edition's, shared by design
    shared = frozenset(id(v) for v in vars(new_match(config, seed=12).state).values())
    tried = 0
    for step in range(4000):
        if match.current_player() == TERMINAL:
            break
        if step < 80 or step % 5 == 0:     # every entry of the setup, then one in five
            state = match.state
            before = contents(state, shared)
            fork = state.clone()
            legal = fork.legal_actions() if match.current_player() >= 0 else []
            fork.apply(legal[rng.randrange(len(legal))] if legal else match.sample_chance())
            tried += 1
            assert contents(state, shared) == before, (
                f"an entry played on a clone at step {step} changed the original")
        random_step(match, rng)
    assert tried >= 10
