"""``legal_actions()`` is exactly what ``apply()`` accepts, for Stockpile, Acquire and 時価で勝負
(Black Monday proves it in tests/blackmonday/test_random_games.py).

At decision points and chance events of random games: every legal action applies, and entries
made near the legal ones (an amount off by one, another seat, another stock, tile, card or
slot, a flipped flag, another action type with the same fields, an action that was legal a few
entries earlier or later) that are not legal now are refused with a TabletopError and leave the
match as it was: log, undo list, every seat's view, money and ledger. The rules' own promise
("refuse before changing anything", ``State.apply``) is checked on a copy of the state too.
One exception (issue 28): at a chance event, an entry the screens offer (``chance_entries``) that
names a tile or card the match has hidden elsewhere (another rack, hand or pair) is accepted,
since refusing it would tell where it is; such entries are tried on a copy instead.

Near values come from the game's own printed components (the values the title's actions take
anywhere in a game), never from the legal list under test. ``AuctionResult`` (Stockpile) is left
out on purpose: docs/stockpile.md says it is not listed (far too many results)."""
from __future__ import annotations

import dataclasses
import random
from collections import Counter, defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import Match, TabletopError
from tabletop.core import CHANCE, TERMINAL, Action
from tabletop.stockpile.actions import AuctionResult
from tabletop.testing import snapshot

from .fuzzing import CONFIGS, config_id, finished_log, replayed

TITLES = ("stockpile", "acquire", "jika")
PLAYED = [c for c in CONFIGS if c[0] in TITLES]
SEEDS = (0, 1)
NOT_LISTED = {AuctionResult}   # accepted but not listed, by design (docs/stockpile.md)
COUNTS: Counter = Counter()
EVERY, TRIED = 6, 32   # the random-game sweep: near misses at every EVERY-th point, TRIED of them


# --- what a title's actions can hold: its printed components ------------------------------------

_HISTORIES: dict[tuple, list] = {}


def history(config, seed: int) -> list[list[Action]]:
    """The legal actions at every point of a random game (the last: the end, empty)."""
    if (config_id(config), seed) not in _HISTORIES:
        match = new_position(config, seed, 0)
        lists = [match.legal_actions()]
        for action in finished_log(config, seed):
            match.apply(action)
            lists.append(match.legal_actions())
        _HISTORIES[config_id(config), seed] = lists
    return _HISTORIES[config_id(config), seed]


_VOCABULARY: dict[str, dict] = {}


def vocabulary(title: str) -> dict:
    """For each field name, every value the title's actions give it anywhere in the games played
    (str fields: the cards, tiles, stocks, suits, slots of the box; int fields: the numbers seen),
    and for tuple fields the leaf values found inside them."""
    if title not in _VOCABULARY:
        words: dict[str, set] = defaultdict(set)
        for config in (c for c in PLAYED if c[0] == title):
            for seed in SEEDS:
                for legal in history(config, seed):
                    _collect(words, legal)
        _VOCABULARY[title] = {name: sorted(values, key=repr) for name, values in words.items()}
    return _VOCABULARY[title]


def _collect(words: dict, actions) -> None:
    for action in actions:
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            words[f.name].add(value)
            for leaf in _leaves(value):
                words[f.name + "[]"].add(leaf)


def _leaves(value):
    if isinstance(value, tuple):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def new_position(config, seed: int, steps: int) -> Match:
    return replayed(config, seed, steps)


# --- near values ---------------------------------------------------------------------------

def near_values(value, name: str, words: dict, n_players: int) -> list:
    """Values of the same type as ``value`` near it: neighbours of a number, every seat, the
    other printed names, a flipped flag; for a tuple, one leaf changed or one part dropped."""
    if value is None:
        return list(range(n_players))          # a seat where "nobody" stood (PeekPair target)
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        seen = [v for v in words.get(name, ()) if type(v) is int]
        out = {value - 2, value - 1, value + 1, value + 2, 0, -1}
        if name in ("seat", "target"):
            out |= set(range(n_players + 1))   # every other seat, and one past the last
        out = sorted((v for v in out | set(seen) if v != value), key=repr)
        return out + [None] if name == "target" else out
    if isinstance(value, str):
        return [v for v in words.get(name, ()) if type(v) is str and v != value] + [value.lower() + " "]
    if isinstance(value, tuple):
        out = [value[:i] + value[i + 1:] for i in range(len(value))] + [value + value[-1:]]
        for i, part in enumerate(value):
            for other in near_values(part, name + "[]" if not isinstance(part, tuple) else name, words,
                                     n_players)[:12]:
                out.append(value[:i] + (other,) + value[i + 1:])
        return out
    return []


def rebuilt(kind: type, fields: dict):
    """``kind(**fields)`` as a caller builds it (its own normalising runs); None if it cannot be."""
    try:
        return kind(**fields)
    except (TypeError, ValueError):
        return None


def neighbours(action: Action, match: Match, words: dict) -> list[Action]:
    """Every entry one change away from ``action``: one field moved to a near value, or the same
    fields under another action type of the title."""
    n = match.game.n_players
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    out = []
    for name, value in fields.items():
        for other in near_values(value, name, words, n):
            out.append(rebuilt(type(action), {**fields, name: other}))
    for kind in match.title.action_types:
        names = [f.name for f in dataclasses.fields(kind)]
        if kind is not type(action) and set(names) <= set(fields):
            out.append(rebuilt(kind, {k: fields[k] for k in names}))
    return [a for a in out if a is not None and type(a) not in NOT_LISTED]


# --- the checks ------------------------------------------------------------------------------

def fingerprint(state, original) -> dict:
    """Every attribute of ``state`` (a clone of ``original``), nested containers included, in a
    comparable form; attributes the clone shares with the original (rules tables, the game's
    setup) by identity only."""
    return {name: ("shared", id(value)) if value is getattr(original, name, None) else _plain(value, set())
            for name, value in vars(state).items()}


def _plain(value, seen: set):
    if type(value) in (list, tuple):
        try:   # payments, value marks and other lists of plain values: their hash is quick
            return ("hash", len(value), hash(tuple(value)))
        except TypeError:
            pass
    text = repr(value)   # fast for the usual lists, tuples, dicts and bytearrays of plain values
    if " at 0x" not in text:
        return text
    if id(value) in seen:
        return "<shared>"
    if isinstance(value, dict):
        return sorted(((repr(k), _plain(v, seen)) for k, v in value.items()), key=repr)
    if isinstance(value, (list, tuple)):
        return [type(value).__name__] + [_plain(v, seen) for v in value]
    if isinstance(value, type) or callable(value):
        return text
    slots = [name for kind in type(value).__mro__ for name in getattr(kind, "__slots__", ())]
    fields = {name: getattr(value, name) for name in slots if hasattr(value, name)}
    fields.update(getattr(value, "__dict__", {}))
    return [type(value).__name__, _plain(fields, seen | {id(value)})] if fields else text


def legal_applies(match: Match, action: Action) -> None:
    assert type(action) in match.title.action_types
    action.check_fields()
    trial = match.state.clone()
    trial.apply(action)        # raises if the rules refuse what they listed
    COUNTS["legal applied"] += 1


def refused(match: Match, entry: Action, pristine=None, before: dict | None = None) -> None:
    """``entry`` (not legal now) is refused in words and leaves the log, the undo list and the
    money as they were, and the rules refused it before changing the state. (What every seat
    sees is compared once after all the refusals at a point: ``unchanged``.)"""
    log, undone, money = match.log, match.undone, list(match.state.money)
    try:
        match.apply(entry)
    except TabletopError as exc:
        assert str(exc).strip(), f"the refusal of {entry!r} says nothing"
    else:
        pytest.fail(f"{entry!r} is not among the legal actions, yet apply() accepted it")
    assert match.log == log and match.undone == undone and match.state.money == money, entry
    if pristine is None:
        pristine = match.state.clone()
        before = fingerprint(pristine.clone(), pristine)
    trial = pristine.clone()
    with pytest.raises(TabletopError):
        trial.apply(entry)
    after = fingerprint(trial, pristine)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"the rules changed {', '.join(changed)} before refusing {entry!r}"
    COUNTS["near misses refused"] += 1


def hidden_elsewhere(match: Match) -> set:
    """At a chance event, the offered entries the rules may accept though not legal (issue 28)."""
    state = match.state
    if match.current_player() != CHANCE:
        return set()
    return set(state.chance_entries(None)) | set(state.chance_entries(state.chance_owner()))


def named_hidden(match: Match, entry: Action) -> None:
    """An offered entry naming what is hidden elsewhere: taken, or refused in words, on a copy."""
    trial = match.state.clone()
    try:
        trial.apply(entry)
    except TabletopError as exc:
        assert str(exc).strip(), f"the refusal of {entry!r} says nothing"
    COUNTS["hidden elsewhere tried"] += 1


def check_entry(match: Match, entry: Action, legal: set) -> None:
    if entry in legal:
        legal_applies(match, entry)
    elif entry in hidden_elsewhere(match):
        named_hidden(match, entry)
    else:
        refused(match, entry)


def unchanged(match: Match, seen: str, entries) -> None:
    assert snapshot(match) == seen, f"refusing one of {entries!r} changed what players see"


# --- random games: every point, every legal action, sampled neighbours ---------------------------

def actor(legal: list[Action]):
    """Who acts at a point: the seat and kind of entry (a chance event's kind too)."""
    return (getattr(legal[0], "seat", None), type(legal[0]).chance) if legal else None


def reseated(action: Action, seat) -> Action | None:
    """``action`` as if ``seat`` had entered it (None if the action names no seat)."""
    if "seat" not in {f.name for f in dataclasses.fields(action)} or action.seat == seat:
        return None
    return rebuilt(type(action), {**{f.name: getattr(action, f.name)
                                     for f in dataclasses.fields(action)}, "seat": seat})


def legal_elsewhere(lists: list[list[Action]], i: int) -> list[Action]:
    """What was legal a few points before and after point ``i``, and at the nearest two points
    before and after where the same seat made the same kind of entry (its own last and next
    turns), also as if the seat acting at ``i`` had entered it."""
    who = actor(lists[i])
    near = [k for k in range(i - 3, i + 4) if 0 <= k < len(lists) and k != i]
    same = [k for k in range(len(lists)) if abs(k - i) > 3 and actor(lists[k]) == who]
    near += [k for k in same if k < i][-2:] + [k for k in same if k > i][:2]
    found = [a for k in near for a in lists[k]]
    if who is not None and who[0] is not None:
        found += [r for a in found if (r := reseated(a, who[0])) is not None]
    return [a for a in found if type(a) not in NOT_LISTED]


@pytest.mark.parametrize("config", PLAYED, ids=config_id)
def test_every_legal_action_applies_and_near_misses_are_refused(config):
    """At every point of a random game every legal action applies; at every sixth point
    entries near the legal ones (one field changed, what was legal on the seat's own last and
    next turns and around this point) that are not legal now are refused."""
    words = vocabulary(config[0])
    seed = 0
    lists = history(config, seed)
    rng = random.Random(config_id(config))
    match = new_position(config, seed, 0)
    for i, action in enumerate(finished_log(config, seed)):
        legal = set(lists[i])
        for entry in lists[i]:
            legal_applies(match, entry)
        if i % EVERY == 0:
            seen, pristine = snapshot(match), match.state.clone()   # pristine: never applied to
            before = fingerprint(pristine.clone(), pristine)
            near = legal_elsewhere(lists, i)
            for base in rng.sample(lists[i], min(8, len(lists[i]))):
                near += neighbours(base, match, words)
            hidden = hidden_elsewhere(match)
            near = [a for a in dict.fromkeys(near) if a not in legal]
            tried = rng.sample(near, min(TRIED, len(near)))
            for entry in tried:
                if entry in hidden:
                    named_hidden(match, entry)
                else:
                    refused(match, entry, pristine, before)
            unchanged(match, seen, tried)
            COUNTS["points"] += 1
        match.apply(action)
    assert match.current_player() == TERMINAL and match.legal_actions() == []


# --- Hypothesis: any point of any game, one or two changes to a legal action ---------------------

@st.composite
def near_entry(draw, match: Match, elsewhere: list[Action]):
    """A legal action of ``match``, or one legal elsewhere in the game, changed in none, one or
    two fields (or its type), by Hypothesis."""
    words = vocabulary(match.game.title)
    entry = draw(st.sampled_from(match.legal_actions() + elsewhere))
    for _ in range(draw(st.integers(0 if elsewhere else 1, 2))):
        options = neighbours(entry, match, words)
        if not options:
            break
        entry = draw(st.sampled_from(options))
    return entry


@pytest.mark.parametrize("title", TITLES)
@settings(max_examples=75, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(pick=st.integers(0, 10**6), seed=st.sampled_from(SEEDS), at=st.floats(0, 1),
       data=st.data())
def test_hypothesis_near_misses_are_refused_and_legal_entries_apply(title, pick, seed, at, data):
    configs = [c for c in PLAYED if c[0] == title]
    config = configs[pick % len(configs)]
    steps = int(at * len(finished_log(config, seed)))
    match = new_position(config, seed, steps)
    if match.current_player() == TERMINAL:
        return
    entry = data.draw(near_entry(match, legal_elsewhere(history(config, seed), steps)))
    seen = snapshot(match)
    check_entry(match, entry, set(match.legal_actions()))
    unchanged(match, seen, [entry])
    COUNTS["hypothesis entries"] += 1


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    """Prints the totals of this module at its end (run pytest with -s to see them)."""
    yield
    print(f"\nlegal equals apply: {COUNTS['points']} points swept, {COUNTS['legal applied']} legal "
          f"actions applied, {COUNTS['near misses refused']} near misses refused "
          f"({COUNTS['hypothesis entries']} entries from Hypothesis)")
