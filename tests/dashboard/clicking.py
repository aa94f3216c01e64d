"""Drive a tracker through its own buttons, as players at the table would, with a random agent."""
from __future__ import annotations

import json
import random

from ipywidgets.widgets.widget import _instances

from tabletop import CHANCE, TERMINAL, Match
from tabletop.testing import snapshot
from tabletop.widgets import Tracker
from tabletop.widgets.titles import secret_tokens


def live_widget_text() -> str:
    """Every string held by any live widget: what the page's front end could know."""
    out = []
    for widget in list(_instances.values()):
        for name in ("value", "description", "placeholder", "tooltip", "_options_labels"):
            v = getattr(widget, name, None)
            if isinstance(v, str):
                out.append(v)
            elif isinstance(v, (list, tuple)):
                out.extend(str(x) for x in v)
    return "\n".join(out)


def public_secrets(match: Match) -> set[str]:
    """What the secret entries of the log really say (the public log shows them hidden), and
    the card-level secrets each seat holds now that the public view does not show."""
    secrets = set()
    state = match.title.new_state(match.game)
    for action in match.log:
        if action.secret_to is not None:
            true, hidden = state.describe(action), state.describe_hidden(action)
            if true != hidden:
                secrets.add(true)
        state.apply(action)
    return secrets


def choose(state, rng: random.Random):
    legal = state.legal_actions()
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    return legal[rng.randrange(len(legal))]


def engine_alone(title, players, options, seed) -> Match:
    match = Match(title, players, options)
    rng = random.Random(seed)
    while match.current_player() != TERMINAL:
        match.apply(choose(match.state, rng))
    return match


def click_through(tracker: Tracker, seed: int, check_secrets_every: int = 0, undo_every: int = 0,
                  max_steps: int = 20_000) -> int:
    """Play to the end by clicking; returns the number of clicks on action buttons."""
    rng = random.Random(seed)
    clicks = 0
    steps = 0
    while tracker.match.current_player() != TERMINAL:
        state = tracker.match.state
        player = state.current_player()
        action = choose(state, rng)
        legal = state.legal_actions()
        if tracker.private is None:
            if tracker.needs_private(state.chance_owner() if player == CHANCE else player):
                assert tracker.gate_button in tracker.panel.body.children
                quick = [] if player == CHANCE else list(tracker.ui.public_choices(state, player, legal))
                assert [a for _b, a in tracker.panel.buttons()] == quick and tracker.panel._active_pickers == 0, \
                    "a private choice must not be on the shared screen"
                if check_secrets_every and steps % check_secrets_every == 0:
                    text = live_widget_text()
                    leaked = [s for s in public_secrets(tracker.match) if s in text]
                    assert not leaked, f"secrets on the shared screen: {leaked}"
                if action not in quick:
                    tracker.gate_button.click()
                    clicks += 1
            else:
                offered = [a for _b, a in tracker.panel.buttons()]
                offered += [a for k in range(tracker.panel._active_pickers) for a in tracker.panel._picker_actions[k]]
                assert sorted(map(repr, offered)) == sorted(map(repr, legal)), "buttons differ from legal_actions()"
                if check_secrets_every and steps % check_secrets_every == 0:
                    text = live_widget_text()
                    leaked = [s for s in public_secrets(tracker.match) if s in text]
                    assert not leaked, f"secrets on the shared screen: {leaked}"
        if undo_every and steps and steps % undo_every == 0 and tracker.private is None:
            before = snapshot(tracker.match)
            tracker.log.undo_button.click()
            tracker.log.redo_button.click()
            assert snapshot(tracker.match) == before
        panel = tracker.private.actions if tracker.private is not None else tracker.panel
        assert panel.pick(action), f"no button for {action!r}"
        clicks += 1
        if tracker.banner.layout.display is None:
            raise AssertionError(f"refused: {tracker.banner.value}")
        if tracker.private is not None and tracker.private.banner.layout.display is None:
            raise AssertionError(f"refused in private: {tracker.private.banner.value}")
        steps += 1
        assert steps < max_steps
    return clicks


def same_state(a: Match, b: Match) -> bool:
    return (snapshot(a) == snapshot(b) and a.log == b.log
            and json.dumps(a.outcome().__dict__ if a.outcome() else None, default=str)
            == json.dumps(b.outcome().__dict__ if b.outcome() else None, default=str))
