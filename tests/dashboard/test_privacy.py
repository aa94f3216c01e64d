"""The shared screen holds no secret, at every decision point of random games of every title.

Two checks, both decided from the engine and never from the dashboards' own privacy rules:
- tokens: no text that only some seat knows (their private view, their secret entries) is on
  the shared screen, nor anywhere on the page while no panel is open;
- forks: beside each game run up to three worlds with the same public history and other secrets
  (another card dealt, another tile drawn, entered the same way through their own trackers);
  wherever the public views agree, the shared screens must be identical, and so must the
  card-entry lists offered to the shared screen and to every seat whose own secrets agree.
"""
import random
from collections import Counter

import pytest

from tabletop import CHANCE, Match
from tabletop.store import Store
from tabletop.widgets import Tracker

from .privacy import (World, alternative, choose, counterpart, first_difference, fork, is_over, leaked,
                      private_views, secret_tokens, shared_offers, shared_screen, whole_page,
                      widget_strings)

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve"]

CASES = [
    ("stockpile", 4, {}, 101),
    ("stockpile", 3, {"investors": True}, 102),
    ("acquire", 4, {}, 201),
    ("acquire", 3, {"hidden_money": True}, 202),
    ("black-monday", 3, {}, 301),
    ("jika", 4, {}, 401),
]

DEBUG = False
#: how many forks run beside the game at once (at most two made at one kind of secret entry)
FORKS = 3


def compare(main: World, other: World, stats: Counter) -> None:
    """The fork and the main game agree on everything public: their shared screens and the
    entry lists of the shared screen and of every seat whose secrets agree must be identical."""
    # the notice of the last hand-over tells what happened on this screen before the fork was
    # made (a fork's tracker is new); it is checked for secrets with the rest of the screen
    # (the main game is saved and links to itself; a fork is not saved, to keep the test fast)
    a = shared_screen(main.tracker, notice=False, link=False)
    b = shared_screen(other.tracker, notice=False, link=False)
    assert a == b, f"the shared screen differs between worlds that differ only in secrets: {first_difference(a, b)}"
    assert shared_offers(main.tracker) == shared_offers(other.tracker)
    assert main.tracker.public.layout.display == other.tracker.public.layout.display
    stats["screens compared"] += 1
    m, f = main.match, other.match
    if m.current_player() == CHANCE:
        assert list(map(repr, m.offered_actions(None))) == list(map(repr, f.offered_actions(None))), \
            "the shared card-entry list depends on where hidden cards are"
        for seat, (x, y) in enumerate(zip(private_views(m), private_views(f))):
            if x == y:
                assert list(map(repr, m.offered_actions(seat))) == list(map(repr, f.offered_actions(seat))), \
                    f"{m.game.players[seat]}'s card-entry list depends on others' secrets"
                stats["entry lists compared"] += 1


def check_tokens(world: World, stats: Counter) -> None:
    """No secret token on the shared screen. A public card entry lists printed cards, some of
    which sit in hands: that list is checked by the forks instead (it must not depend on them)."""
    tracker, match = world.tracker, world.match
    tokens = secret_tokens(world)
    stats["most secret tokens at once"] = max(stats["most secret tokens at once"], len(tokens))
    skip = set()
    if match.current_player() == CHANCE and match.state.chance_owner() is None:
        skip = set(widget_strings(tracker.panel.body))
    found = leaked([s for s in shared_screen(tracker) if s not in skip], tokens)
    assert not found, f"secrets on the shared screen: {[(t, match.game.players[tokens[t]]) for t in found]}"
    if tracker.private is None:
        found = leaked([s for s in whole_page(tracker) if s not in skip], tokens)
        assert not found, f"secrets left on the page with every panel closed: {found}"


def play_with_forks(name, n, options, seed, store, forks_at_once=FORKS, max_steps=None) -> Counter:
    rng = random.Random(seed)
    main = World(Tracker(store.create(Match(name, PLAYERS[:n], options))))
    match = main.match
    forks: list[World] = []
    fork_kinds: list = []          # the secret entry each fork was made at
    stats = Counter()
    steps = 0
    while not is_over(match) and (max_steps is None or steps < max_steps):
        check_tokens(main, stats)
        for other in forks:
            compare(main, other, stats)
        stats["decision points"] += 1
        action = choose(match, rng)
        before = match.state.clone()
        spawn = None
        same_kind = sum(type(made_at) is type(action) for made_at in fork_kinds)
        if (action.secret_to is not None and match.current_player() == CHANCE and len(forks) < forks_at_once
                and same_kind < 2):      # room for forks at other kinds of secret: deals, draws...
            instead = alternative(match, action, rng)
            if instead is not None:
                spawn = (fork(main), instead)
        main.enter(action)
        for other in list(forks):
            mine = counterpart(other, before, action)
            if mine is None:
                stats["forks ended by a public entry"] += 1
            else:
                other.enter(mine)
                if other.public() == main.public():
                    continue
                stats["forks ended by a public difference"] += 1
                if DEBUG:
                    x, y = other.public(), main.public()
                    i = next(i for i in range(min(len(x), len(y))) if x[i] != y[i])
                    print("DIVERGED", action, mine, x[max(0, i - 200):i + 100], "|||", y[max(0, i - 200):i + 100])
            del fork_kinds[forks.index(other)]
            forks.remove(other)
            other.close()
        if spawn is not None:
            other, instead = spawn
            other.enter(instead)
            assert other.public() == main.public(), \
                f"the public view, shown on the shared screen, changes with a secret entry ({action} or {instead})"
            assert private_views(other.match) != private_views(match)
            forks.append(other)
            fork_kinds.append(instead)
            stats["forks"] += 1
        steps += 1
    for other in forks:
        other.close()
    main.close()
    return stats


@pytest.mark.parametrize("name,n,options,seed", CASES, ids=[f"{c[0]}-{c[1]}p-{c[3]}" for c in CASES])
def test_the_shared_screen_holds_no_secret_at_any_decision_point(name, n, options, seed, home):
    stats = play_with_forks(name, n, options, seed, Store())
    print(name, dict(stats))
    assert stats["forks"] >= 2 and stats["screens compared"] >= 50, stats
