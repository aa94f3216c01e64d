"""What a screen holds, how a table enters an action through the tracker, and forks of a game
that differ only in secrets: the tools of the privacy tests.

What is secret is decided here from the engine alone (each seat's ``view(seat)["private"]`` and
the contents of secret actions, against the public view and the public log), never from the
dashboards' own rules (``needs_private``, ``public_choices``): those are what is tested.
"""
from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Iterable

from tabletop import CHANCE, TERMINAL, Match
from tabletop.widgets import Tracker
from tabletop.widgets.log import public_line


# --- what a screen holds ------------------------------------------------------------------------
def widget_strings(widget) -> list[str]:
    """Every string a widget tree sends to the page (values, labels, options, placeholders)."""
    out: list[str] = []
    stack = [widget]
    while stack:
        w = stack.pop()
        for name in ("value", "description", "placeholder", "tooltip", "_options_labels"):
            v = getattr(w, name, None)
            if isinstance(v, str):
                if v:
                    out.append(v)
            elif isinstance(v, (list, tuple)):
                out.extend(str(x) for x in v)
        stack.extend(reversed(getattr(w, "children", ()) or ()))
    return out


def pool_strings(tracker: Tracker) -> list[str]:
    """The private panels' pooled buttons, rows and pickers, attached or not: a closed panel
    must leave no text in them."""
    pool = getattr(tracker, "_private_pool", None)
    if pool is None:
        return []
    widgets = [pool.prompt, *pool._buttons, *(w for row in pool._rows for w in row),
               *(w for pick in pool._pickers for w in pick)]
    return [s for w in widgets for s in widget_strings(w)]


def shared_screen(tracker: Tracker, notice: bool = True, link: bool = True) -> list[str]:
    """What the shared screen shows (its widgets hold it even while a panel covers them); without
    the notice of the last hand-over if ``notice`` is False, without the link to the saved match
    if ``link`` is False."""
    strings = widget_strings(tracker.public)
    if not notice and tracker.notice.value:
        strings.remove(tracker.notice.value)
    if not link and tracker.link.value:
        strings.remove(tracker.link.value)
    return strings


def whole_page(tracker: Tracker) -> list[str]:
    """Everything the tracker's page holds: the shared screen, the panel area and the pool."""
    return widget_strings(tracker.widget) + pool_strings(tracker)


def shared_offers(tracker: Tracker) -> list[str]:
    """The actions behind the shared screen's buttons and pickers, in the order shown."""
    panel = tracker.panel
    action_of = {id(b): a for b, a in panel.buttons()}
    pickers = {id(dd): panel._picker_actions[k] for k, (dd, _go) in enumerate(panel._pickers[:panel._active_pickers])}
    out = []
    for row in panel.body.children:
        for w in getattr(row, "children", ()):
            if id(w) in action_of:
                out.append(repr(action_of[id(w)]))
            elif id(w) in pickers:
                out.extend(map(repr, pickers[id(w)]))
    return out


# --- what is secret, from the engine ------------------------------------------------------------
def _leaves(value) -> Iterable[str]:
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v)
    elif value is not None and not isinstance(value, bool):
        yield str(value)


_NUMBER = re.compile(r"[-+$]?[\d,.]+%?")
_patterns: dict[frozenset, re.Pattern] = {}


def _finder(tokens: Iterable[str]) -> re.Pattern:
    """One pattern for all ``tokens``, each as a whole word (longest first)."""
    key = frozenset(tokens)
    pattern = _patterns.get(key)
    if pattern is None:
        words = "|".join(re.escape(t) for t in sorted(key, key=len, reverse=True))
        pattern = _patterns[key] = re.compile(r"(?<![\w$+-])(?:" + words + r")(?!\w)")
    return pattern


def found_in(tokens: Iterable[str], text: str) -> set[str]:
    tokens = list(tokens)
    if not tokens:
        return set()
    return set(_finder(tokens).findall(text))


def secret_tokens(world: "World") -> dict[str, int]:
    """Text that some seat knows and the table does not: the leaves of each seat's private
    view and of the secret entries so far, minus anything the public view (but its hint) or the
    public log shows; bare numbers are left out (amounts and counts are everywhere on a screen).
    -> token: the seat whose secret it is."""
    match = world.match
    found: dict[str, int] = dict(world.secret_leaves)
    for seat in range(match.game.n_players):
        for leaf in _leaves(match.view(seat).get("private")):
            found.setdefault(leaf, seat)
    found = {t: s for t, s in found.items() if len(t) >= 2 and not _NUMBER.fullmatch(t)}
    # the hint is prose about the state: what it names must be public elsewhere in the view
    view = {k: v for k, v in match.view(None).items() if k != "log_hint"}
    # events are public by contract (announced on every screen); that none depends on a secret
    # is the forks' business: their screens, log and announcements included, must be the same
    told = [match.state.describe_event(e) for e in match.events()]
    public = json.dumps(view, ensure_ascii=False) + "\n" + "\n".join(world.lines + told)
    shown = found_in(found, public)
    return {t: s for t, s in found.items() if t not in shown}


def _records(value) -> Iterable[dict]:
    """Every mapping inside a JSON value."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _records(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _records(v)


def _has_record(data, record: dict) -> bool:
    return any(all(k in d and d[k] == v for k, v in record.items()) for d in _records(data))


def secret_records(world: "World") -> list[tuple[dict, int]]:
    """Secrets that are records rather than words (a card as {"stock": "Lehman", "value": 5}):
    the flat records of each seat's private view and the fields of the secret entries so far,
    less those the public view, the public value history or a public entry holds (a card dealt
    in secret and played later). -> (record, seat)."""
    match = world.match
    public = [match.view(None), match.value_history(None).to_dict("records"),
              [a.to_dict() for a in match.log if a.secret_to is None]]
    found = []
    for seat in range(match.game.n_players):
        for rec in _records(match.view(seat).get("private")):
            if rec and all(isinstance(v, (str, int)) for v in rec.values()):
                found.append((rec, seat))
    for action in world.secret_actions:
        rec = {k: v for k, v in action.to_dict().items() if k not in ("type", "seat")}
        if rec and all(isinstance(v, (str, int)) for v in rec.values()):
            found.append((rec, action.secret_to))
    return [(rec, seat) for rec, seat in found if len(rec) >= 2 and not _has_record(public, rec)]


def records_in(data, records: list[tuple[dict, int]]) -> list[tuple[dict, int]]:
    return [(rec, seat) for rec, seat in records if _has_record(data, rec)]


def leaked(texts: Iterable[str], tokens: dict[str, int]) -> list[str]:
    return sorted(found_in(tokens, "\n".join(texts)))


# --- entering an action as the table does --------------------------------------------------------
def seat_for(match: Match) -> int | None:
    """Whose entry is next: the acting seat, or the owner of a secret chance event."""
    state = match.state
    player = state.current_player()
    return state.chance_owner() if player == CHANCE else player


class World:
    """A match at the table through its tracker, with what the engine says the table has seen:
    the public log line of every entry (taken before it is played) and the contents of the
    secret entries."""

    def __init__(self, tracker: Tracker):
        self.tracker = tracker
        match = tracker.match
        self.lines = match.describe_log(None)
        self.secret_leaves: dict[str, int] = {}
        self.secret_actions: list = []
        for action in match.log:
            self._remember(action)

    @property
    def match(self) -> Match:
        return self.tracker.match

    def _remember(self, action) -> None:
        if action.secret_to is not None:
            self.secret_actions.append(action)
            for field in dataclasses.fields(action):
                if field.name != "seat":
                    for leaf in _leaves(getattr(action, field.name)):
                        self.secret_leaves.setdefault(leaf, action.secret_to)

    def public(self) -> str:
        """The public view and log, to compare two worlds."""
        return json.dumps([self.match.view(None), self.lines], sort_keys=True, default=str)

    def enter(self, action) -> str:
        state = self.match.state
        line = state.describe(action) if action.secret_to is None else state.describe_hidden(action)
        n = len(self.match)
        where = enter(self.tracker, action)
        self.lines.append(line)
        self._remember(action)
        # what the tracker entered by itself after it (a forced entry, state.forced_entry) is public
        self.lines += self.match.describe_log(None)[n + 1:]
        return where

    def close(self) -> None:
        self.tracker.close()


def enter(tracker: Tracker, action) -> str:
    """Enter ``action`` as the table would: its button on the shared screen if it is there,
    otherwise through the gate in the panel of the seat whose entry it is. Returns where."""
    if tracker.private is None and tracker.panel.pick(action):
        where = "shared"
    else:
        seat = seat_for(tracker.match)
        if tracker.private is None or tracker.private.seat != seat:
            tracker.open_gate(seat)
        assert tracker.private is not None and tracker.private.seat == seat, "the panel did not open"
        assert tracker.private.actions.pick(action), f"{action!r} is offered neither on the shared screen nor in the panel"
        where = "panel"
    assert tracker.banner.layout.display == "none", f"refused: {tracker.banner.value}"
    if tracker.private is not None:
        assert tracker.private.banner.layout.display == "none", f"refused: {tracker.private.banner.value}"
    return where


def choose(match: Match, rng: random.Random):
    state = match.state
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


# --- forks that differ only in secrets -----------------------------------------------------------
def private_views(match: Match) -> list[str]:
    return [json.dumps(match.view(s).get("private"), sort_keys=True, default=str)
            for s in range(match.game.n_players)]


def fork(world: World, store=None) -> World:
    """The same game so far, with its own tracker; saved anew in ``store`` if one is given."""
    match = world.match
    copy = Match(match.game.title, match.game.players, match.game.options)
    for action in match.log:
        copy.apply(action)
    return World(Tracker(store.create(copy) if store is not None else copy))


def alternative(match: Match, action, rng: random.Random):
    """Another outcome of the secret chance event ``action`` that reads the same in the public
    log (another card dealt to the same seat), or None. Whether the public view then agrees too
    is for the caller to check: a secret draw must never change it."""
    state = match.state
    line = public_line(state, action)
    options = [a for a in state.legal_actions()
               if type(a) is type(action) and a != action and a.secret_to == action.secret_to]
    rng.shuffle(options)
    for other in options[:12]:
        if public_line(state, other) == line:
            return other
    return None


def counterpart(fork: World, main_state_before, action):
    """The action the fork plays for the main game's ``action``: the same one when it is legal
    there, else one the table cannot tell apart from it (a different face-down card), else None."""
    state = fork.match.state
    legal = state.legal_actions()
    if action in legal:
        return action
    line = public_line(main_state_before, action)
    probe = main_state_before.clone()
    probe.apply(action)
    want = json.dumps(probe.view(None), sort_keys=True, default=str)
    seat = getattr(action, "seat", None)
    for other in legal:
        if type(other) is not type(action) or getattr(other, "seat", None) != seat:
            continue
        if public_line(state, other) != line:
            continue
        p = state.clone()
        p.apply(other)
        if json.dumps(p.view(None), sort_keys=True, default=str) == want:
            return other
    return None


def first_difference(a: list[str], b: list[str]) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"item {i}: {x[:300]!r} != {y[:300]!r}"
    return f"lengths {len(a)} != {len(b)}"


def is_over(match: Match) -> bool:
    return match.current_player() == TERMINAL
