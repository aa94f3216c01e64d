"""The privacy rule, by differential forks: fork random games of every title and player count at
every secret chance event, give the owner another secret in one fork, play on identically, and
nothing anybody but the owner may see differs (views, logs, entry lists, decision lists, public
record, ledger, value history, and what the table is told: the event lines and the story). See
differential.py."""
import time

import pytest

from tabletop import Match

from . import conftest, differential
from .differential import HAS_PUBLIC_RECORD, LEDGER_BY_VIEWER, VALUES_BY_VIEWER, fork_game


def with_announcements(artifacts):
    """``artifacts`` plus what every screen announces: each viewer's event lines at every
    comparison, and each viewer's story (the log with the announcements of each entry, a replay)
    where a fork's comparison ends. An event that tells a secret makes the forks differ."""
    def public(match, owner, full):
        out = artifacts(match, owner, full)
        for v in [None] + [s for s in range(match.game.n_players) if s != owner]:
            if full:
                out[f"story({v})"] = match.story(v)
            else:
                out[f"events({v})"] = [match.state.describe_event(e) for e in match.events(v)]
        return out
    return public


@pytest.fixture(autouse=True)
def _announcements_are_compared(monkeypatch):
    monkeypatch.setattr(differential, "public_artifacts", with_announcements(differential.public_artifacts))

#: title, players, options, seed: every player count of every title, and the options that hide more
CASES = ([("stockpile", n, {}, 100 + n) for n in (2, 3, 4, 5)]
         + [("stockpile", 4, {"investors": True}, 111), ("stockpile", 3, {"expert_board": True, "investors": True}, 112)]
         + [("acquire", n, {}, 200 + n) for n in (2, 3, 4, 5, 6)]
         + [("acquire", 4, {"edition": "classic", "hidden_money": True}, 211)]
         + [("black-monday", n, {}, 300 + n) for n in (2, 3, 4, 5, 6)]
         + [("jika", n, {}, 400 + n) for n in (3, 4)])
FOLLOW = 4          # entries replayed in both forks after the secret event
FULL_EVERY = 8      # logs, record, ledger and values compared at every 8th fork (they replay the log)


def test_the_public_artifacts_exist():
    """The differential compares a public record and per-viewer ledgers and value histories."""
    assert HAS_PUBLIC_RECORD, "Match.public_record() (an export without PINs) is missing"
    assert LEDGER_BY_VIEWER, "Match.ledger(viewer) is missing: the ledger has no public form"
    assert VALUES_BY_VIEWER, "Match.value_history(viewer) is missing"


@pytest.mark.parametrize("title,n,options,seed", CASES,
                         ids=[f"{c[0]}-{c[1]}p{'-' + '+'.join(c[2]) if c[2] else ''}" for c in CASES])
def test_a_different_secret_changes_nothing_anybody_else_sees(title, n, options, seed):
    start = time.perf_counter()
    figures = fork_game(title, n, options, seed, follow=FOLLOW, full_every=FULL_EVERY)
    conftest.TOTALS.add(figures)
    assert figures.forks >= 10, f"only {figures.forks} forks: the game has too few secret events to test"
    assert figures.owner_sees_difference == figures.forks, "a fork did not change the owner's secret"
    leaks = figures.leaks
    assert not leaks, (f"{len(leaks)} differences between forks that only the owner may tell apart, e.g.:\n"
                       + "\n".join(f"{w}, {s} entries later, {k}: {d}" for w, s, k, d in leaks[:5]))
    print(f"{title} {n}p: {figures.forks} forks, {figures.comparisons} comparisons, "
          f"{time.perf_counter() - start:.1f} s")


def test_the_forks_see_a_leak_planted_in_the_public_view():
    """The comparison is able to fail: a public view that shows one seat's secret is caught."""
    class Leaky(Match):
        def view(self, seat=None):
            view = super().view(seat)
            if seat is None:
                view["leak"] = super().view(0).get("private")
            return view

    from . import differential
    real = differential.Match
    differential.Match = Leaky
    try:
        figures = fork_game("jika", 3, {}, 5, follow=1, full_every=1000)
    finally:
        differential.Match = real
    assert figures.forks and any(k == "view(None)" for _w, _s, k, _d in figures.leaks)


def test_the_forks_see_a_leak_planted_in_an_event():
    """The announcements are compared too: an event that tells one seat's secret is caught."""
    from tabletop.core import Event

    class Leaky(Match):
        def events(self, seat=None):
            secret = repr(self.view(0).get("private"))
            return super().events(seat) + [Event(self.state.round, self.state.phase, "leak", (("secret", secret),))]

    real = differential.Match
    differential.Match = Leaky
    try:
        figures = differential.fork_game("stockpile", 3, {}, 5, follow=1, full_every=1000)
    finally:
        differential.Match = real
    assert figures.forks and any(k.startswith("events(") for _w, _s, k, _d in figures.leaks)
