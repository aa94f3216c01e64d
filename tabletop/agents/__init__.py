"""Agents: the players of simulations and tournaments. Write your own in a notebook cell.

The interface (stable)::

    def choose(view: dict, legal: list[Action], rng: random.Random) -> Action

An agent is a plain function with that signature, or an object with a ``choose`` method with
it, or a class whose instances are such objects (a fresh instance plays each game). It is asked
only when its seat is to act, and given only what that seat may know:

- ``view``: ``state.view(seat)`` of the game so far (the public table plus the seat's own
  secrets under ``"private"``) and ``view["seat"]``, the seat it plays (0 acts first unless the
  game's options say otherwise). A fresh dict for every move: keep it or change it as you like.
- ``legal``: every action the seat may take now (never empty).
- ``rng``: the agent's own ``random.Random``, seeded from the game's seed and the seat: chance
  events (deals, draws) and the other players draw from other generators.

It returns one of ``legal`` (an equal action is accepted). An agent that raises, returns
anything else, or takes too long loses that game (``tabletop.tournament``). An agent that never
looks at the table may set ``blind = True`` (as ``RandomAgent`` does): it is then given a view
holding only ``"seat"``, which saves building the view (about 0.1 ms a move).

Worked examples, by title: ``tabletop.agents.stockpile`` (bidders: greedy, straightforward,
shading, and ``bidder`` to turn a bidding rule into a whole player), ``tabletop.agents.acquire``
(a merger-minded player and a share buyer), ``tabletop.agents.market`` (時価で勝負's greedy price
setter and Black Monday's holder and pumper, from lesson 5). ``agent_names(title)`` lists the
names a tournament knows; ``load_agent`` also takes ``"module:object"`` and ``"file.py:object"``.

``tabletop.simulate.play_game`` is the engine's own loop for engine tests and the lessons'
studies: its agents use the older ``choose(state, seat, legal, rng)``, see the whole State and
share the dealer's random generator. Contests use the interface above.
"""
from __future__ import annotations

import copy
import importlib
import importlib.util
import random
import re
import sys
from pathlib import Path
from typing import Any, Callable, Protocol

from ..core import Action
from ..errors import OptionsError

__all__ = ["Agent", "RandomAgent", "agent_names", "register_agent", "load_agent", "new_player"]


class Agent(Protocol):
    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` knowing only ``view`` (what this seat may know)."""


class RandomAgent:
    """Picks uniformly among the legal actions; never looks at the table."""

    blind = True

    def choose(self, *args: Any) -> Action:
        """``choose(view, legal, rng)``; the engine loop's ``choose(state, seat, legal, rng)``
        works too (the last two arguments are always ``legal, rng``)."""
        legal, rng = args[-2], args[-1]
        return legal[rng.randrange(len(legal))]


#: title (None: every title) -> agent name -> "module:object" (imported when first asked for)
_AGENTS: dict[str | None, dict[str, Any]] = {
    None: {"random": "tabletop.agents:RandomAgent"},
    "stockpile": {"greedy": "tabletop.agents.stockpile:GreedyBidder",
                  "straightforward": "tabletop.agents.stockpile:StraightforwardBidder",
                  "shading": "tabletop.agents.stockpile:ShadingBidder"},
    "acquire": {"merger-minded": "tabletop.agents.acquire:MergerMinded",
                "buyer": "tabletop.agents.acquire:ShareBuyer"},
    "jika": {"greedy": "tabletop.agents.market:JikaGreedy",
             "backer": "tabletop.agents.market:JikaBacker"},
    "black-monday": {"holder": "tabletop.agents.market:BlackMondayHolder",
                     "pumper": "tabletop.agents.market:BlackMondayPumper"},
}


def builtin_agents(title: str) -> set[str]:
    """The names every process knows for ``title`` (those of tabletop itself)."""
    return {name for scope in (None, title) for name, agent in _BUILT_IN.get(scope, {}).items()}


def agent_names(title: str) -> list[str]:
    """The agents known by name for ``title`` (every title knows ``random``)."""
    return [*_AGENTS[None], *_AGENTS.get(title, {})]


_BUILT_IN = {scope: dict(names) for scope, names in _AGENTS.items()}


def register_agent(name: str, agent: Any, title: str | None = None) -> None:
    """Make ``agent`` (a function, an object with ``choose``, a class, or ``"module:object"``)
    known by ``name`` for ``title`` (None: every title) in this process."""
    if not isinstance(name, str) or not name or "," in name or ":" in name:
        raise OptionsError(f"An agent's name is a word without commas or colons, not {name!r}.")
    _check_agent(agent, name)
    _AGENTS.setdefault(title, {})[name] = agent


def load_agent(spec: Any, title: str) -> Any:
    """The agent ``spec`` names: a registered name for ``title``, ``"module:object"``,
    ``"path/to/file.py:object"``, or an agent itself (returned as is once checked)."""
    if isinstance(spec, str):
        known = {**_AGENTS[None], **_AGENTS.get(title, {})}
        if spec in known:
            agent = known[spec]
            return _import(agent) if isinstance(agent, str) else agent
        if ":" not in spec:
            raise OptionsError(f"There is no agent called {spec!r} for {title}. Known agents: "
                               f"{', '.join(agent_names(title))}; or give 'module:object' "
                               f"or 'file.py:object'.")
        return _check_agent(_import(spec), spec)
    return _check_agent(spec, repr(spec))


def new_player(agent: Any) -> Callable[[dict, list, random.Random], Action]:
    """The ``choose`` of a fresh player of ``agent`` for one game: a class is instantiated,
    an object with ``choose`` copied (no memory carried from game to game), a function used."""
    if isinstance(agent, type):
        return agent().choose
    if hasattr(agent, "choose"):
        return copy.deepcopy(agent).choose
    return agent


def is_blind(agent: Any) -> bool:
    return getattr(agent, "blind", False) is True


def _check_agent(agent: Any, name: str) -> Any:
    if isinstance(agent, str) or not (callable(agent) or callable(getattr(agent, "choose", None))):
        raise OptionsError(f"{name} is not an agent: an agent is a function choose(view, legal, rng), "
                           f"or an object or class with such a choose method.")
    return agent


def _import(spec: str) -> Any:
    where, _, attribute = spec.rpartition(":")
    try:
        if where.endswith(".py"):
            path = Path(where).resolve()
            name = "tabletop_agent_" + re.sub(r"\W", "_", str(path))
            module = sys.modules.get(name)
            if module is None:
                found = importlib.util.spec_from_file_location(name, path)
                module = importlib.util.module_from_spec(found)
                found.loader.exec_module(module)
                sys.modules[name] = module
        else:
            module = importlib.import_module(where)
        agent = module
        for part in attribute.split("."):
            agent = getattr(agent, part)
    except FileNotFoundError:
        raise OptionsError(f"Cannot load agent {spec!r}: there is no file {where}.") from None
    except ImportError as exc:
        raise OptionsError(f"Cannot load agent {spec!r}: {exc}.") from None
    except AttributeError:
        raise OptionsError(f"Cannot load agent {spec!r}: {where} has no {attribute!r}.") from None
    except Exception as exc:  # the file itself fails: a syntax error, an error at import
        raise OptionsError(f"Cannot load agent {spec!r}: {type(exc).__name__}: {exc}.") from None
    return agent
