"""Choosing among the offered actions one part at a time, as a player would say it.

    narrowing = Narrowing(match.offered_actions(viewer))
    narrowing.part.name, narrowing.values()      # "kind", ["PlaceBid", "Pass"]
    narrowing = narrowing.choose("PlaceBid")     # then "pile", then "amount" ...
    narrowing.action                             # the one offered action left, once done

What is narrowed is always what a screen may offer (``Match.offered_actions(viewer)``, or the
legal actions): the narrowing only splits that list, so every sequence of choices ends in one of
its actions and each of its actions is reached by exactly one sequence. A part whose remaining
actions all agree is decided by itself (nobody taps for it). The parts of an action are, in
order: its kind (when more than one kind is left), the parts its title gives for that action type
(``register_parts``; Stockpile's placement: which card goes face up, the stockpile of the first
card, the stockpile of the other), then the action's dataclass fields in order, skipping ``seat``
only because it seldom varies (it is asked like any other field when it does).
Pure Python: no widget, no title imported.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

from .core import Action
from .errors import IllegalAction

__all__ = ["Part", "KIND", "Narrowing", "parts_for", "register_parts", "has_given_parts", "values_of"]


@dataclass(frozen=True)
class Part:
    """One question about an action: its ``name`` and how to read the answer off an action."""
    name: str
    value_of: Callable[[Action], Any]

    def __repr__(self) -> str:
        return f"Part({self.name!r})"


#: the kind of action (its type's name): asked first when the remaining actions are of several kinds
KIND = Part("kind", lambda a: type(a).__name__)
#: the last resort: actions that no part tells apart are told apart by themselves
_WHOLE = Part("action", lambda a: a)

_GIVEN: dict[str, Callable[[], Sequence[Part]]] = {}


def _type_key(action_type: type) -> str:
    return f"{action_type.__module__}.{action_type.__qualname__}"


def register_parts(action_type: type | str, parts: Sequence[Part] | Callable[[], Sequence[Part]]) -> None:
    """A title's own order of questions for ``action_type`` (the class, or its dotted name)."""
    key = action_type if isinstance(action_type, str) else _type_key(action_type)
    _GIVEN[key] = parts if callable(parts) else (lambda: tuple(parts))


def has_given_parts(action_type: type) -> bool:
    """Does a title give its own parts for ``action_type`` (a choice meant to be asked in parts)?"""
    return _type_key(action_type) in _GIVEN


@functools.lru_cache(maxsize=None)
def _field_part(name: str) -> Part:
    return Part(name, lambda a: getattr(a, name))


def parts_for(action_type: type) -> tuple[Part, ...]:
    """The questions for actions of ``action_type``: the title's own, then every dataclass
    field (those the title's parts already decide are then decided by themselves)."""
    given = _GIVEN.get(_type_key(action_type))
    parts = list(given()) if given is not None else []
    if dataclasses.is_dataclass(action_type):
        names = [f.name for f in dataclasses.fields(action_type)]
        # seat last: in a decision every action is the same seat's, so it is skipped anyway
        names = [n for n in names if n != "seat"] + [n for n in names if n == "seat"]
        taken = {p.name for p in parts}
        parts += [_field_part(n) for n in names if n not in taken]
    return tuple(parts) + (_WHOLE,)


def _key(value: Any) -> Hashable:
    try:
        hash(value)
        return (0, value)
    except TypeError:
        return (1, repr(value))


def values_of(part: Part, actions: Sequence[Action]) -> list:
    """The distinct values of ``part`` among ``actions``, in the order they first appear."""
    seen: dict[Hashable, Any] = {}
    for a in actions:
        v = part.value_of(a)
        seen.setdefault(_key(v), v)
    return list(seen.values())


class Narrowing:
    """The offered actions narrowed by the answers chosen so far (immutable: ``choose`` and
    ``back`` return a new narrowing)."""

    def __init__(self, offered: Sequence[Action], chosen: Sequence[tuple[Part, Any]] = ()):
        unique: dict[Action, None] = {}
        for a in offered:
            unique.setdefault(a, None)
        self.offered: tuple[Action, ...] = tuple(unique)
        self.chosen: tuple[tuple[Part, Any], ...] = tuple(chosen)
        left = self.offered
        for part, value in self.chosen:
            key = _key(value)
            left = tuple(a for a in left if _key(part.value_of(a)) == key)
        self.remaining: tuple[Action, ...] = left
        self.part: Part | None = self._next_part()

    def _parts(self) -> tuple[Part, ...]:
        kinds = {type(a) for a in self.remaining}
        if len(kinds) > 1:
            return (KIND,)
        return parts_for(next(iter(kinds))) if kinds else ()

    def _next_part(self) -> Part | None:
        if len(self.remaining) <= 1:
            return None
        asked = {p.name for p, _v in self.chosen}
        for part in self._parts():
            if part.name not in asked and len(values_of(part, self.remaining)) > 1:
                return part
        return None   # unreachable: the whole action tells any two apart

    @property
    def done(self) -> bool:
        return self.part is None

    @property
    def action(self) -> Action | None:
        """The one action left once every part is decided (None while there is a choice, or
        when nothing was offered)."""
        return self.remaining[0] if len(self.remaining) == 1 else None

    def values(self) -> list:
        """The answers to the next part (empty when done)."""
        return values_of(self.part, self.remaining) if self.part is not None else []

    def choose(self, value: Any) -> "Narrowing":
        if self.part is None:
            raise IllegalAction("Nothing is left to choose: the choice is already made.")
        if _key(value) not in {_key(v) for v in self.values()}:
            shown = ", ".join(repr(v) for v in self.values())
            raise IllegalAction("{value} is not a choice for the {part} now (the choices are {choices}).",
                                value=repr(value), part=self.part.name.replace("_", " "), choices=shown)
        return Narrowing(self.offered, self.chosen + ((self.part, value),))

    def choose_toward(self, action: Action) -> "Narrowing":
        """The next answer on the way to ``action`` (which must be among the remaining)."""
        if action not in self.remaining:
            raise IllegalAction("{action} is not among the choices left.", action=repr(action))
        return self.choose(self.part.value_of(action))

    def back(self) -> "Narrowing":
        """One answer undone (the same narrowing when nothing was chosen yet)."""
        return Narrowing(self.offered, self.chosen[:-1]) if self.chosen else self

    def path(self, action: Action) -> list[tuple[Part, Any]]:
        """The answers that lead from here to ``action``: one per part that is asked."""
        out, here = [], self
        while not here.done:
            here = here.choose_toward(action)
            out.append(here.chosen[-1])
        return out

    def __repr__(self) -> str:
        return (f"Narrowing({len(self.remaining)} of {len(self.offered)} left, "
                f"next {self.part.name if self.part else 'none'})")


# --- parts given by the titles (by dotted name, so nothing is imported) --------------------------
def _stockpile_placement() -> tuple[Part, ...]:
    """Stockpile's placement ``((card, pile, face_up), (card, pile, face_up))``, face-up first:
    which card goes face up (None: both face down, Secretive Stuart), the first card's stockpile,
    the other card's stockpile."""
    return (Part("face_up_card", lambda a: next((c for c, _p, up in a.placements if up), None)),
            Part("first_pile", lambda a: a.placements[0][1]),
            Part("second_pile", lambda a: a.placements[1][1]))


register_parts("tabletop.stockpile.actions.PlaceCards", _stockpile_placement)
