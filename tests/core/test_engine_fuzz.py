"""Engine fuzz, every title and player count: random games in which, at random points, malformed
and wrong-typed actions are applied: a wrong type in each field of the actions on offer, other
titles' actions, None, dicts, strings, well-typed entries that are not legal now. Each must be
refused with a TabletopError (a wrong type with MalformedAction) and leave the save
(``to_dict()``), the public view and every seat's view exactly as they were; the games then
go on and must still save and load to the same match. Hypothesis adds values nobody listed."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import MalformedAction, Match, TabletopError
from tabletop.core import CHANCE, TERMINAL, Action
from tabletop.testing import snapshot

from .fuzzing import (CONFIGS, Odd, config_id, field_annotations, finished_log, key, new_match,
                      random_step, replayed, with_field, wrong_values)

COUNTS: Counter = Counter()


def _other_titles_actions() -> dict[str, list[Action]]:
    """A sample of real actions of each title, to throw at the other titles."""
    by_title: dict[str, list[Action]] = {}
    for config in CONFIGS:
        if config[0] not in by_title:
            by_title[config[0]] = list(dict.fromkeys(finished_log(config, 0)))[:40]
    return by_title


class Junk(Action):
    """An Action that belongs to no title."""


def junk_entries(match: Match, rng: random.Random, others: dict[str, list[Action]]) -> list:
    title = match.game.title
    foreign = [a for t, acts in others.items() if t != title for a in rng.sample(acts, 3)]
    sample = (match.legal_actions() or match.log)[0]
    return foreign + [
        None, 0, "Pass", b"Pass", {"type": "Pass", "seat": 0}, sample.to_dict(), [sample],
        (sample,), type(sample), Action(), Junk(), Odd(), sample.__class__.__mro__[1],
    ]


def nonsense_values(annotation, n_players: int) -> list:
    """Values of the right type that are seldom legal."""
    if annotation is int or annotation == (int | None):
        return [-1, n_players, 10**30, -(10**30), 99]
    if annotation is str:
        return ["", "Nope", "x" * 1000, "\u6642", "Pass"]
    if annotation is tuple:
        return [(), ("Nope",), ((0, 0),) * 5, (("x", 0, True), ("y", 1, False)), (1, 2, 3)]
    return []


def candidates(match: Match, rng: random.Random) -> list[Action]:
    """Actions on offer now: legal ones, what screens offer, a sampled chance event."""
    found = list(match.legal_actions())
    for viewer in [None, *range(match.game.n_players)]:
        found += match.offered_actions(viewer)
    if match.current_player() == CHANCE:
        found.append(match.state.sample_chance(random.Random(rng.random())))
    found = list({key(a): a for a in found}.values())
    return rng.sample(found, min(3, len(found)))


def assert_refused(match: Match, entry, public: dict, wrong_type: bool) -> None:
    log, undone = match.log, match.undone
    with pytest.raises(TabletopError) as info:
        match.apply(entry)
    if wrong_type:
        assert isinstance(info.value, MalformedAction), (entry, info.value)
    assert str(info.value).strip(), "a refusal must say why"
    assert match.log == log and match.undone == undone, entry
    assert match.view(None) == public, f"the public view changed after refusing {entry!r}"
    COUNTS["refused"] += 1


def hidden_elsewhere(match: Match, entry) -> bool:
    """Issue 28: at a chance event, an offered entry naming what the match hides elsewhere (another
    rack, hand or pair) is taken, not refused (a refusal would say where it is)."""
    state = match.state
    return (match.current_player() == CHANCE
            and (entry in state.chance_entries(None) or entry in state.chance_entries(state.chance_owner())))


def battery(match: Match, rng: random.Random, others) -> None:
    """Every kind of bad entry at this point of the game."""
    saved, seen, public = match.to_dict(), snapshot(match), match.view(None)
    legal = {key(a) for a in match.legal_actions()}
    for base in candidates(match, rng):
        for name, annotation in field_annotations(type(base)):
            for value in wrong_values(annotation):
                assert_refused(match, with_field(base, name, value), public, wrong_type=True)
            for value in nonsense_values(annotation, match.game.n_players):
                entry = with_field(base, name, value)
                if key(entry) not in legal and not hidden_elsewhere(match, entry):
                    assert_refused(match, entry, public, wrong_type=False)
        if key(base) not in legal and not hidden_elsewhere(match, base):  # an offered entry impossible now
            assert_refused(match, base, public, wrong_type=False)
    for entry in junk_entries(match, rng, others):
        assert_refused(match, entry, public, wrong_type=False)
    assert match.to_dict() == saved and snapshot(match) == seen
    COUNTS["points"] += 1


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_refuse_every_malformed_entry(config):
    others = _other_titles_actions()
    for seed in range(2):
        rng = random.Random(f"{config_id(config)}/{seed}")
        match = new_match(config, seed)
        points = 0
        while match.current_player() != TERMINAL:
            if rng.random() < 0.04 and points < 6:
                battery(match, rng, others)
                points += 1
            random_step(match, rng)
            COUNTS["actions"] += 1
        # after the game ends, anything at all is refused; then save and load give the same match
        public = match.view(None)
        for entry in junk_entries(match, rng, others) + list(match.log[-3:]):
            assert_refused(match, entry, public, wrong_type=False)
        assert snapshot(Match.from_json(match.to_json())) == snapshot(match)
        COUNTS["games"] += 1


_ANY_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.binary(max_size=4) | st.just(Odd()),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=6)


def _type_is_right(value, annotation) -> bool:
    """Written from the annotations' meaning, not from the checker under test."""
    if annotation is int:
        return type(value) is int
    if annotation == (int | None):
        return value is None or type(value) is int
    if annotation is str:
        return type(value) is str
    if annotation is bool:
        return type(value) is bool
    if annotation is type(None) or annotation is None:
        return value is None

    def plain(v, depth=1):
        return (v is None or type(v) in (int, str, bool)
                or (type(v) is tuple and depth < 4 and all(plain(x, depth + 1) for x in v)))
    return type(value) is tuple and all(plain(x) for x in value)


@settings(max_examples=250, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 3), at=st.floats(0, 1),
       pick=st.integers(0, 10**6), value=_ANY_VALUE)
def test_any_value_in_any_field_is_refused_or_legal(config, seed, at, pick, value):
    match = replayed(config, seed, int(at * len(finished_log(config, seed))))
    if match.current_player() == TERMINAL:
        return
    offered = candidates(match, random.Random(pick))
    base = offered[pick % len(offered)]
    fields = field_annotations(type(base))
    name, annotation = fields[pick % len(fields)]
    entry = with_field(base, name, value)
    legal = {key(a) for a in match.legal_actions()}
    if key(entry) in legal:
        match.apply(entry)
        return
    saved, public = match.to_dict(), match.view(None)
    assert_refused(match, entry, public, wrong_type=not _type_is_right(value, annotation))
    assert match.to_dict() == saved
    COUNTS["hypothesis entries"] += 1


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    """Prints the totals of this module at its end (run pytest with -s to see them)."""
    yield
    print(f"\nengine fuzz: {COUNTS['games']} games, {COUNTS['actions']} actions played, "
          f"{COUNTS['points']} fuzz points, {COUNTS['refused']} bad entries refused "
          f"({COUNTS['hypothesis entries']} from Hypothesis)")
