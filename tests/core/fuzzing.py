"""Shared pieces of the engine and save fuzz tests: the titles and player counts played, real
games to start from, and values of the wrong type for each kind of action field.

The wrong values are written by hand per annotation (not taken from the checker under test)."""
from __future__ import annotations

import dataclasses
import functools
import random
import re
import typing

from tabletop import Match
from tabletop.core import CHANCE, TERMINAL, Action

#: (title, players, options): every player count of every title, and the main variants
CONFIGS = (
    [("stockpile", n, None) for n in range(2, 6)]
    + [("stockpile", 3, {"expert_board": True, "investors": True}),
       ("stockpile", 2, {"investors": True})]
    + [("acquire", n, None) for n in range(2, 7)]
    + [("acquire", 4, {"edition": "classic", "hidden_money": True})]
    + [("black-monday", n, None) for n in range(2, 7)]
    + [("black-monday", 3, {"five_hundred_shares": True, "crash_within_limit": False,
                            "restart_counts_as_change": False})]
    + [("jika", n, None) for n in (3, 4)]
)


def config_id(config) -> str:
    title, n, options = config
    return f"{title}-{n}" + ("-" + "-".join(sorted(options)) if options else "")


def new_match(config, seed: int) -> Match:
    title, n, options = config
    return Match(title, [f"P{i + 1}" for i in range(n)], options, seed)


def random_step(match: Match, rng: random.Random) -> Action:
    """One random move (or chance event) of ``match``, applied."""
    if match.current_player() == CHANCE:
        action = match.sample_chance()
    else:
        legal = match.legal_actions()
        action = legal[rng.randrange(len(legal))]
    match.apply(action)
    return action


_LOGS: dict[tuple[str, int], tuple[Action, ...]] = {}


def finished_log(config, seed: int) -> tuple[Action, ...]:
    """The log of one random game played to its end (played once per test session)."""
    if (config_id(config), seed) not in _LOGS:
        match, rng = new_match(config, seed), random.Random(seed)
        while match.current_player() != TERMINAL:
            random_step(match, rng)
        _LOGS[config_id(config), seed] = match.log
    return _LOGS[config_id(config), seed]


def replayed(config, seed: int, steps: int | None = None) -> Match:
    """A match after the first ``steps`` entries of a finished random game (all if None)."""
    match = new_match(config, seed)
    for action in finished_log(config, seed)[:steps]:
        match.apply(action)
    return match


def key(action) -> tuple:
    """Equality that also tells True from 1 and 1.0 from 1 (dataclass == does not)."""
    return type(action), repr(action)


class Odd:
    """An object no action field should hold."""
    def __repr__(self):
        return "Odd()"


_WRONG_INT = [0.0, 1.0, -0.0, True, False, "0", "1", None, (0,), [0], {"seat": 0}, b"0", 1j, Odd()]
_WRONG_STR = [0, 1, 1.5, None, True, ("x",), ["x"], b"x", {"x": 1}, Odd()]
_WRONG_BOOL = [0, 1, 0.0, "true", "", None, (True,), Odd()]
_WRONG_TUPLE = ["x", None, 0, {"a": 1}, b"x", (1.5,), ({"a": 1},), ([1],), (b"x",), (None, Odd()),
                ((((((1,),),),),),), frozenset({1})]
_WRONG_NONE = [0, "x", False, 0.0, (), Odd()]


def wrong_values(annotation) -> list:
    """Values of the wrong type for a field annotated ``annotation``."""
    if annotation is int:
        return _WRONG_INT
    if annotation is str:
        return _WRONG_STR
    if annotation is bool:
        return _WRONG_BOOL
    if annotation is tuple:
        return _WRONG_TUPLE
    if annotation is type(None) or annotation is None:
        return _WRONG_NONE
    args = typing.get_args(annotation)
    if set(args) == {int, type(None)}:
        return [v for v in _WRONG_INT if v is not None]
    raise AssertionError(f"no wrong values written for {annotation!r}")


@functools.lru_cache(maxsize=None)
def field_annotations(kind: type) -> tuple[tuple[str, object], ...]:
    hints = typing.get_type_hints(kind)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(kind))


def with_field(action: Action, name: str, value) -> Action:
    """``action`` with one field replaced, built without running its checks or normalisation
    (as a buggy caller, or an object edited in place, would hand it over)."""
    copy = object.__new__(type(action))
    for f in dataclasses.fields(action):
        object.__setattr__(copy, f.name, value if f.name == name else getattr(action, f.name))
    return copy


# --- words a player reads ---------------------------------------------------------------------

NONE = re.compile(r"\bNone\b")
# a few words in capitals are names (PIN, VCG); a run of them is shouting
SHOUT = re.compile(r"\b[A-Z]{2,}(?:[\s,.;:!?'-]+[A-Z]{2,}){2,}\b")


def reads_well(text: str, what: str, sentence: bool = False) -> None:
    """``text`` (``what`` it is, for the failure) is written out in full; ``sentence``: it also
    starts with a capital, as a refusal does."""
    assert isinstance(text, str) and text.strip(), f"{what} says nothing"
    assert not NONE.search(text), f"{what} reads 'None': {text!r}"
    assert "{" not in text and "}" not in text, f"{what} has a placeholder left: {text!r}"
    assert "XX" not in text, f"{what} reads {text!r}"
    assert not SHOUT.search(text), f"{what} shouts: {text!r}"
    if sentence:
        first = next((ch for ch in text if ch.isalpha()), "")
        assert not first or first.isupper(), f"{what} does not start as a sentence: {text!r}"
