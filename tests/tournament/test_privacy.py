"""An agent is handed its own seat's view and nothing else: walking everything reachable from
the arguments of ``choose`` finds no game state, not the dealer's random generator, and no value
that is not in its own view or its own legal actions (so no other player's secret: another
player's Acquire tiles, for one, never turn up).

The spy reads the truth from the tournament loop's frame (only a test does that: Python cannot
hide a caller's frame from code that goes looking; the promise is about the arguments)."""
import gc
import sys
import types

import pytest

from tabletop import tournament as T
from tabletop.core import Action, State
from tabletop.match import Match

#: not followed: what any code can import anyway (classes lead to modules and their globals)
_STOP = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType,
         types.MethodType)


def reachable(*roots) -> list:
    seen, todo = {}, list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if not isinstance(obj, _STOP):
            todo.extend(gc.get_referents(obj))
    return list(seen.values())


def leaves(obj) -> set:
    """Every plain value (text, number, true/false, None) inside ``obj``."""
    out = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            out |= leaves(k) | leaves(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out |= leaves(v)
    elif isinstance(obj, Action):
        out |= leaves(tuple(getattr(obj, f) for f in obj.__dataclass_fields__))
    else:
        out.add((type(obj), obj))
    return out


def spy(found: list, looked: list, moves: int = 30):
    """An agent that checks, at each of its first ``moves`` moves, what it was handed against the
    game's truth. (A function: a tournament copies agent objects for each game, notes and all.)"""

    def choose(view, legal, rng):
        if len(looked) < moves:
            looked.append(1)
            check(found, view, legal, rng, sys._getframe(1))
        return legal[rng.randrange(len(legal))]
    return choose


def check(found, view, legal, rng, runner):
    assert runner.f_code.co_name == "_play"
    state, dealer = runner.f_locals["state"], runner.f_locals["dealer"]
    seat = state.current_player()
    everything = reachable(view, legal, rng)
    ids = {id(o) for o in everything}
    if any(isinstance(o, (State, Match)) for o in everything) or id(state) in ids:
        found.append("a game state is reachable from the arguments")
    if id(dealer) in ids:
        found.append("the dealer's random generator is reachable from the arguments")
    if view != {**state.view(seat), "seat": seat}:
        found.append("the view is not the seat's own view")
    if legal != state.legal_actions():
        found.append("the legal actions are not the seat's")
    allowed = leaves(view) | leaves(legal)
    for obj in everything:
        if isinstance(obj, (str, int, float)) and not isinstance(obj, bool) and (type(obj), obj) not in allowed:
            found.append(f"{obj!r} is reachable but in neither the view nor the legal actions")
    if state.game.title == "acquire":
        for other in range(state.n):
            if other != seat:
                for tile in state.view(other)["private"]["hand"]:
                    if any(o == tile for o in everything if isinstance(o, str)):
                        found.append(f"another player's tile {tile} is reachable")


@pytest.mark.parametrize("title, players", [("stockpile", 4), ("acquire", 4), ("black-monday", 3), ("jika", 4)])
def test_an_agent_is_handed_only_its_own_seats_view(title, players):
    found = []
    for seed in (1, 2):
        looked = []
        T.play(title, [spy(found, looked)] + ["random"] * (players - 1), seed=seed)
        assert len(looked) >= 5         # the spy looked at its moves (up to 30) of each game
    assert found == []
