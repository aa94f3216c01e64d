"""Differential secret test: fork a random game at a secret event, give the owner a different
secret in fork B, play the same following entries in both forks, and compare everything anybody
but the owner may see. Any difference is a leak: it lets a viewer tell the two secrets apart.

Only the public API is used: ``Match``, ``legal_actions``, ``sample_chance``/``play_chance``,
``offered_actions``, ``view``, ``describe_log``, ``public_record``, ``ledger``, ``value_history``.
"""
from __future__ import annotations

import inspect
import json
import random
from dataclasses import dataclass, field

from tabletop import CHANCE, TERMINAL, Match, TabletopError

from .oracle import private_decision

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")


def _takes_viewer(method) -> bool:
    return len(inspect.signature(method).parameters) >= 2          # self and a viewer


#: artifacts of the privacy contract that may not have landed yet (their own test says so)
HAS_PUBLIC_RECORD = hasattr(Match, "public_record")
LEDGER_BY_VIEWER = _takes_viewer(Match.ledger)
VALUES_BY_VIEWER = _takes_viewer(Match.value_history)


@dataclass
class Figures:
    games: int = 0
    entries: int = 0
    secret_events: int = 0
    forks: int = 0
    owner_sees_difference: int = 0
    no_other_outcome: int = 0
    comparisons: int = 0
    decision_lists: int = 0
    leaks: list = field(default_factory=list)

    def add(self, other: "Figures") -> None:
        for name in ("games", "entries", "secret_events", "forks", "owner_sees_difference",
                     "no_other_outcome", "comparisons", "decision_lists"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.leaks.extend(other.leaks)


def random_game(title: str, n: int, options: dict, seed: int, max_entries: int = 5000) -> Match:
    """A seeded random game to the end: chance from the match's own generator, choices uniform."""
    match = Match(title, PLAYERS[:n], options, seed)
    rng = random.Random(seed)
    while not match.is_over():
        if match.current_player() == CHANCE:
            match.play_chance()
        else:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        assert len(match) < max_entries, "the game does not end"
    return match


def _goto(match: Match, log, n: int) -> None:
    """Bring ``match`` to the first ``n`` entries of ``log`` (its own log is a prefix of ``log``
    up to where it may differ; undo back to the common part, then play forward)."""
    common = 0
    mine = match.log
    while common < min(len(mine), n) and mine[common] == log[common]:
        common += 1
    if len(mine) > common:
        match.undo_to(common)
    for action in log[common:n]:
        match.apply(action)


def _frame(frame) -> str:
    return json.dumps([list(frame.columns)] + frame.values.tolist(), default=str)


def _lists(match: Match, owner: int, viewers) -> dict:
    """The lists each screen may be offered now. At a chance node every viewer's entry list; at a
    decision, the legal choices when they may be seen by anyone but the owner: another seat's
    decision, or the owner's own decision when the docs' table puts it on the shared screen."""
    player = match.current_player()
    if player == TERMINAL:
        return {}
    if player == CHANCE:
        return {f"offered_actions({v})": repr(match.offered_actions(v)) for v in viewers}
    if player != owner or not private_decision(match):
        return {f"legal_actions() of seat {player}": repr(match.legal_actions())}
    return {}


def public_artifacts(match: Match, owner: int, full: bool) -> dict:
    """Everything a viewer other than ``owner`` may see, by name: the views and the lists offered
    now, or (``full``) the log, the public record, the ledger and the value history, which
    replay or tabulate the whole log and are compared where a fork's comparison ends."""
    viewers = [None] + [s for s in range(match.game.n_players) if s != owner]
    if not full:
        out = {f"view({v})": json.dumps(match.view(v), sort_keys=True, default=str) for v in viewers}
        out.update(_lists(match, owner, viewers))
        return out
    out = {}
    for v in viewers:
        out[f"describe_log({v})"] = match.describe_log(v)
        if LEDGER_BY_VIEWER:
            out[f"ledger({v})"] = _frame(match.ledger(v))
        if VALUES_BY_VIEWER:
            out[f"value_history({v})"] = _frame(match.value_history(v))
    if not LEDGER_BY_VIEWER:       # the one ledger there is, as the charts show it to all
        out["ledger()"] = _frame(match.ledger())
    if not VALUES_BY_VIEWER:
        out["value_history()"] = _frame(match.value_history())
    if HAS_PUBLIC_RECORD:
        out["public_record()"] = json.dumps(match.public_record(), sort_keys=True, default=str)
    return out


def fork_game(title: str, n: int, options: dict, seed: int, follow: int = 6,
              full_every: int = 1) -> Figures:
    """Play one random game, then fork it at every secret chance event. ``follow``: how many of
    the following entries are replayed in both forks (while both accept them); the full
    comparison runs at every ``full_every``-th fork, the cheap one (views, lists) at all."""
    figures = Figures(games=1)
    game = random_game(title, n, options, seed)
    log = game.log
    figures.entries = len(log)
    a = Match(title, PLAYERS[:n], options, seed)
    b = Match(title, PLAYERS[:n], options, seed)
    rng = random.Random(seed * 31 + 7)
    for i, actual in enumerate(log):
        owner = actual.secret_to
        if not actual.chance or owner is None:
            continue
        figures.secret_events += 1
        _goto(b, log, i)
        others = [o for o in b.legal_actions() if o != actual and o.secret_to == owner]
        rng.shuffle(others)
        for other in others:
            try:
                b.apply(other)
            except TabletopError:
                continue
            break
        else:
            figures.no_other_outcome += 1
            continue
        figures.forks += 1
        full = figures.forks % full_every == 0
        _goto(a, log, i + 1)
        where = f"{title} {n}p {options or ''} seed {seed}, entry {i + 1} ({type(actual).__name__} for seat {owner})"
        # the fork must change a secret the owner can see, or the comparisons below prove nothing
        figures.owner_sees_difference += a.view(owner) != b.view(owner)
        step = 0
        while True:
            _compare(figures, where, step, public_artifacts(a, owner, False), public_artifacts(b, owner, False))
            if step == follow or i + 1 + step >= len(log):
                break
            following = log[i + 1 + step]
            try:
                b.apply(following)
            except TabletopError:
                break              # fork B refuses what fork A played: the forks part here
            a.apply(following)
            step += 1
        if full:
            _compare(figures, where, step, public_artifacts(a, owner, True), public_artifacts(b, owner, True))
    return figures


def _compare(figures: Figures, where: str, step: int, seen_a: dict, seen_b: dict) -> None:
    figures.comparisons += len(seen_a)
    figures.decision_lists += sum(k.startswith("legal_actions") for k in seen_a)
    for key in seen_a:
        if seen_a[key] != seen_b.get(key):
            figures.leaks.append((where, step, key, _difference(seen_a[key], seen_b.get(key))))


def _difference(x, y) -> str:
    """The first place two artifacts differ, briefly."""
    x, y = (json.dumps(v, default=str, ensure_ascii=False) if not isinstance(v, str) else v for v in (x, y))
    k = next((j for j, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
    return f"A: ...{x[max(0, k - 60):k + 60]}...  B: ...{y[max(0, k - 60):k + 60]}..."
