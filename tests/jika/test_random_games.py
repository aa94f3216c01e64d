"""Random games of 時価で勝負 through the core's checks (legal actions, ledger, undo/redo,
save/load, replay), with the title's own invariant and secret check at every step."""
import json
import random
from collections import Counter

import pytest

from tabletop import TERMINAL, Match
from tabletop.jika import data
from tabletop.jika.rules import JikaState
from tabletop.simulate import play_game
from tabletop.testing import check_random_game

PLAYER_KEYS = {"name", "money", "holdings", "owed", "hand", "passed", "out", "certificates", "score"}


def invariant(s: JikaState) -> None:
    # every market card is in exactly one place: a hand, the table, or out unseen / undealt
    played = [(suit, value) for _, suit, value, _ in s.plays]
    places = [c for h in s.hands for c in h] + played + s.undealt
    assert Counter(places) == Counter(data.MARKET_CARDS), "market cards lost or doubled"
    # every certificate: dealt to one player or left over
    for kind in (0, 1):
        dealt = [c[kind] for c in s.certs if c[kind] is not None]
        assert sorted(dealt + s.certs_left[kind]) == [0, 1, 2, 3]
    # the four jacks: in the watcher pile or face up; the watched one is the top one
    assert sorted(s.pile + s.shown) == [0, 1, 2, 3]
    if s.watched is not None:
        assert s.shown[-1] == s.watched
    # the market: the visible cards are the last played on each slot (or the ace); price = lower
    for suit in range(4):
        ups = [v for p, x, v, slot in s.plays if x == suit and slot == 0]
        lows = [v for p, x, v, slot in s.plays if x == suit and slot == 1]
        assert s.upper[suit] == (ups[-1] if ups else None)
        assert s.lower[suit] == (lows[-1] if lows else 1)
        assert not lows or ups, "a lower card was played before the suit had an upper card"
        visible = [v for v in (s.upper[suit], s.lower[suit]) if v is not None]
        assert s.price(suit) == min(visible)
        assert 1 <= s.price(suit) <= 10
        last = [m.value for m in s.value_marks if m.stock == data.SUITS[suit]][-1]
        assert last == s.price(suit), "value history out of step with the price"
    # nobody plays more than one card a round; the round never exceeds the hand size
    assert 1 <= s.round <= s.hand_size
    if s.phase != "deal":
        counts = {len(s.hands[p]) for p in range(s.n) if not s.passed[p]}
        assert not counts or max(counts) - min(counts) <= 1
    # no money in this game: points are credited from the bank only at the end
    if s.current_player() == TERMINAL:
        out = s.outcome()
        assert list(out.scores) == s.money == [s.score(p) for p in range(s.n)]
        best = max(out.scores)
        assert all(out.scores[w] == best for w in out.winners)
        top_queen = max(s.queen_value(p) for p in range(s.n) if out.scores[p] == best)
        assert {w for w in out.winners} == {p for p in range(s.n)
                                            if out.scores[p] == best and s.queen_value(p) == top_queen}
    else:
        assert s.money == [0] * s.n and not s.payments and s.outcome() is None


def public_view_check(s: JikaState, view: dict) -> None:
    assert "private" not in view
    over = s.current_player() == TERMINAL
    for p, entry in enumerate(view["players"]):
        assert set(entry) == PLAYER_KEYS
        assert entry["hand"] == len(s.hands[p])            # a count, never cards
        if not over:
            assert entry["certificates"] is None and entry["score"] is None and entry["holdings"] == {}
    # the public view is the same whatever the secrets are: shuffle every hidden card
    # (hands, the undealt or unseen cards, and, before the end, the certificates) and compare
    rng = random.Random(len(s.plays) * 31 + s.deal_step)
    other = s.clone()
    pool = [c for h in other.hands for c in h] + other.undealt
    rng.shuffle(pool)
    for p in range(s.n):
        k = len(other.hands[p])
        other.hands[p], pool = sorted(pool[:k]), pool[k:]
    other.undealt = sorted(pool)
    if not over:
        for kind in (0, 1):
            seats = [p for p in range(s.n) if s.certs[p][kind] is not None]
            suits = [other.certs[p][kind] for p in seats] + other.certs_left[kind]
            rng.shuffle(suits)
            for p in seats:
                other.certs[p][kind] = suits.pop()
            other.certs_left[kind] = sorted(suits)
    assert other.view(None) == view, "the public view depends on a secret"


@pytest.mark.parametrize("n_players", [3, 4])
@pytest.mark.parametrize("seed", range(15))
def test_random_game(n_players, seed):
    check_random_game("jika", n_players, seed, public_view_check=public_view_check, invariant=invariant)


@pytest.mark.parametrize("options", [{"first_player": 2}, {"hand_size": 3}, {"first_player": 1, "hand_size": 5}])
@pytest.mark.parametrize("n_players", [3, 4])
def test_random_game_with_options(n_players, options):
    for seed in range(3):
        check_random_game("jika", n_players, 100 + seed, options,
                          public_view_check=public_view_check, invariant=invariant)


def test_simulation_and_the_table_run_the_same_rules():
    # a simulated game replays move for move through a Match to the same result
    log = []
    final = play_game("jika", 4, 7, on_state=lambda st: log.append(st.clone()))
    m = Match("jika", [f"Player {i + 1}" for i in range(4)], seed=7)
    for before, after in zip(log, log[1:]):
        diff = [a for a in before.legal_actions() if _same(_applied(before, a), after)]
        assert diff, "a simulated step is not a legal action"
        m.apply(diff[0])
    assert m.outcome() == final.outcome()
    assert json.dumps(m.view(None)) == json.dumps(final.view(None))


def _applied(state, action):
    s = state.clone()
    s.apply(action)
    return s


def _same(a, b):
    return a.view(0) == b.view(0) and a.view(1) == b.view(1) and a.view(2) == b.view(2) \
        and a.view(3) == b.view(3)


def test_many_fast_games_always_end_within_the_hand_size():
    for seed in range(100):
        for n in (3, 4):
            s = play_game("jika", n, seed)
            assert s.is_terminal() and s.round <= data.HAND_SIZE[n]
            assert len(s.outcome().scores) == n and s.outcome().winners
