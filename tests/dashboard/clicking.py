"""Drive a tracker through its own buttons, as players at the table would, with a random agent,
and judge every shared screen by the privacy oracle (tests/privacy/oracle.py: the docs' table and
the engine's private views), never by the tracker's own rules."""
from __future__ import annotations

import json
import random

from ipywidgets.widgets.widget import _instances

from privacy import oracle
from tabletop import CHANCE, TERMINAL, Match
from tabletop.testing import snapshot
from tabletop.widgets import Tracker


def widget_ids() -> set:
    """The live widgets now; a test passes this to ``live_widget_text`` to leave out widgets that
    earlier tests left alive (the registry is shared by the whole session)."""
    return set(_instances)


def _strings(widget) -> list[str]:
    out = []
    for name in ("value", "description", "placeholder", "tooltip", "_options_labels"):
        v = getattr(widget, name, None)
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, (list, tuple)):
            out.extend(str(x) for x in v)
    return out


def live_widget_text(before: set | None = None, skip: set | None = None) -> str:
    """Every string held by a live widget made since ``before`` (but those in ``skip``): what
    the page's front end could know (a page has its own kernel, so only its own widgets)."""
    return "\n".join(s for key, widget in list(_instances.items())
                     if (before is None or key not in before) and (skip is None or widget not in skip)
                     for s in _strings(widget))


def _tree(widget) -> list:
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        out.append(w)
        stack.extend(getattr(w, "children", ()) or ())
    return out


def page_text(tracker: Tracker, before: set | None = None) -> str:
    """What the page holds: every live widget of this test, except the shared action panel's
    pooled buttons that are detached (they keep labels of earlier public choices for reuse)."""
    attached = {id(w) for w in _tree(tracker.widget)}
    panel = tracker.panel
    pooled = list(panel._buttons) + [w for row in panel._rows for w in row] + [w for p in panel._pickers for w in p]
    skip = {w for w in pooled if id(w) not in attached}
    return live_widget_text(before, skip)


def public_secrets(match: Match) -> set[str]:
    """Bare secret tokens (a tile "5C", a card "6♥", a tip "Berry down") that some seat's private
    view or a secret entry holds and nothing public shows."""
    return oracle.all_secret_tokens(match)


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


def _keys(actions) -> list[str]:
    """The distinct choices (Acquire's x1/x2/x3 buttons of one corporation all lead to its buy)."""
    return sorted(set(map(repr, actions)))


def check_shared_screen(tracker: Tracker, before: set | None = None, text: bool = True) -> None:
    """The shared screen (no panel open) offers what the oracle allows and shows no secret token."""
    match = tracker.match
    shown = [a for _b, a in tracker.panel.buttons()]
    shown += [a for k in range(tracker.panel._active_pickers) for a in tracker.panel._picker_actions[k]]
    gate = tracker.gate_button in tracker.panel.body.children
    if oracle.judged_by_table(match):
        owner = oracle.gate_owner(match)
        assert gate == (owner is not None), (
            f"the gate is {'shown' if gate else 'missing'}, but the docs' privacy table says the next "
            f"entry is {'private to seat %s' % owner if owner is not None else 'public'}")
        allowed = oracle.shared_choices(match)
        assert _keys(shown) == _keys(allowed), (
            "the shared screen offers other choices than the docs allow: "
            f"{sorted(set(_keys(shown)) ^ set(_keys(allowed)))[:6]}")
    else:
        assert set(_keys(shown)) <= set(_keys(match.offered_actions(None))), \
            "a shared-screen button is not on offer"
    if shown and match.current_player() >= 0:
        tokens = oracle.secret_tokens(match)
        named = [a for a in shown if oracle.names_secret(a, tokens)]
        assert not named, f"shared-screen choices name a secret: {named[:3]}"
    if text:
        tokens = public_secrets(match)
        if match.current_player() == CHANCE and match.state.chance_owner() is None:
            # a public entry list is the game's printed set (its narrowing is the differential
            # test's business): the cards it names are on the screen whoever holds them
            tokens -= {s for a in match.offered_actions(None) for s in oracle.field_strings(a)}
        leaked = oracle.find_tokens(tokens, page_text(tracker, before))
        assert not leaked, f"secrets on the page while no panel is open: {leaked[:5]}"


def click_through(tracker: Tracker, seed: int, check_secrets_every: int = 0, undo_every: int = 0,
                  max_steps: int = 20_000, before: set | None = None) -> int:
    """Play to the end by clicking; returns the number of clicks on action buttons. The choices
    on the shared screen are judged at every step, its text every ``check_secrets_every`` steps
    (widgets alive in ``before`` are another test's)."""
    rng = random.Random(seed)
    clicks = 0
    steps = 0
    while tracker.match.current_player() != TERMINAL:
        state = tracker.match.state
        action = choose(state, rng)
        if tracker.private is None:
            check_shared_screen(tracker, before,
                                text=bool(check_secrets_every) and steps % check_secrets_every == 0)
            shared = [a for _b, a in tracker.panel.buttons()]
            shared += [a for k in range(tracker.panel._active_pickers) for a in tracker.panel._picker_actions[k]]
            if action not in shared:
                assert tracker.gate_button in tracker.panel.body.children, f"no button for {action!r}"
                tracker.gate_button.click()
                clicks += 1
        if undo_every and steps and steps % undo_every == 0 and tracker.private is None:
            before_undo = snapshot(tracker.match)
            tracker.log.undo_button.click()
            tracker.log.redo_button.click()
            assert snapshot(tracker.match) == before_undo
        panel = tracker.private.actions if tracker.private is not None else tracker.panel
        n = len(tracker.match)
        assert panel.pick(action), f"no button for {action!r}"
        clicks += 1
        for _ in range(len(tracker.match) - n - 1):   # entered by the tracker itself (state.forced_entry):
            rng.randrange(1)                          # engine_alone drew its one legal action
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
