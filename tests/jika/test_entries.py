"""Card entry gives nothing away (issue 11, item 2): at every deal and watcher of random games the
cards offered to a screen are the printed ones (typed below from the rules, seed 001): a
certificate of any of the four suits; any of the 36 market cards (2 to 10), less the player's own
hand for that player; any jack not face up. Forks that differ only in the hands, the
certificates and the unseen cards offer the others the same lists; a card or certificate the match
already has in another hand is accepted like an undealt one and leaves the same public table
(issue 28: a refusal would say who holds it); that hand keeps its count."""
import random
import re

import pytest

from tabletop import CHANCE, TERMINAL, IllegalAction, Match
from tabletop.jika import DealCard, DealCertificate, RevealWatcher
from tabletop.testing import snapshot

SUITS = ("spades", "hearts", "diamonds", "clubs")
MARKET = [(s, v) for s in SUITS for v in range(2, 11)]
CARD = re.compile(r"\b(?:\d+|ace|jack|queen|king) of (?:spades|hearts|diamonds|clubs)\b")


def expected_entries(m: Match, real) -> dict:
    viewers = [None, *range(m.game.n_players)]
    if isinstance(real, RevealWatcher):
        shown = m.view(None)["board"]["watchers_shown"]
        return {v: [RevealWatcher(s) for s in SUITS if s not in shown] for v in viewers}
    if isinstance(real, DealCertificate):
        return {v: [DealCertificate(real.seat, real.rank, s) for s in SUITS] for v in viewers}
    out = {v: [DealCard(real.seat, s, n) for s, n in MARKET] for v in viewers}
    hand = {(c["suit"], c["value"]) for c in m.view(real.seat)["private"]["hand"]}
    out[real.seat] = [DealCard(real.seat, s, n) for s, n in MARKET if (s, n) not in hand]
    return out


def reshuffled(state, rng: random.Random):
    """A copy whose hands, certificates and undealt cards are dealt differently (same sizes)."""
    f = state.clone()
    pool = [c for h in f.hands for c in h] + f.undealt
    rng.shuffle(pool)
    f.hands = [sorted(pool.pop() for _ in h) for h in f.hands]
    f.undealt = pool
    for kind in (0, 1):
        suits = [c[kind] for c in f.certs if c[kind] is not None] + f.certs_left[kind]
        rng.shuffle(suits)
        for c in f.certs:
            if c[kind] is not None:
                c[kind] = suits.pop()
        f.certs_left[kind] = suits
    assert f.view(None) == state.view(None), "the fork changed something public"
    return f


def check_node(m: Match, real, rng: random.Random, counts: dict) -> None:
    state = m.state
    owner = real.secret_to
    viewers = [None] + list(range(state.n))
    offered = {v: state.chance_entries(v) for v in viewers}
    assert offered == expected_entries(m, real)
    assert real in offered[None] and (owner is None or real in offered[owner])
    fork = reshuffled(state, rng)
    for v in viewers:
        if v is None or v != owner:
            assert fork.chance_entries(v) == offered[v], "a card list depends on a secret"
    legal = set(state.legal_actions())
    impossible = [e for e in offered[None] if e not in legal]     # already in a hand
    drawn = state.clone()
    drawn.apply(real)
    for e in impossible:
        trial = state.clone()
        trial.apply(e)
        assert trial.view(None) == drawn.view(None), "a card from a hand shows on the table"
    if impossible:
        before, length = snapshot(m), len(m)
        m.apply(impossible[0])
        m.undo()
        assert snapshot(m) == before and len(m) == length
    counts[type(real).__name__] = counts.get(type(real).__name__, 0) + 1
    counts["impossible"] = counts.get("impossible", 0) + len(impossible)


@pytest.mark.parametrize("n,options", [(3, {}), (4, {}), (3, {"first_player": 2, "hand_size": 5}),
                                       (4, {"first_player": 1, "hand_size": 9})])
def test_every_chance_node_of_random_games_offers_only_what_the_viewer_may_know(n, options):
    rng = random.Random(n + len(options))
    m = Match("jika", [f"P{i}" for i in range(n)], options, seed=n)
    counts: dict = {}
    while m.current_player() != TERMINAL:
        if m.current_player() == CHANCE:
            real = m.state.sample_chance(rng)
            check_node(m, real, rng, counts)
        else:
            legal = m.legal_actions()
            real = legal[rng.randrange(len(legal))]
        m.apply(real)
    hand = options.get("hand_size", {3: 9, 4: 7}[n])
    assert counts["DealCertificate"] == 2 * n and counts["DealCard"] == hand * n
    assert counts["RevealWatcher"] >= 1 and counts["impossible"] > 0


def test_the_last_player_dealt_is_offered_every_market_card_not_in_their_hand():
    m = Match("jika", ["Alice", "Bob", "Carol"], seed=1)
    rng = random.Random(1)
    while m.view(None)["log_hint"] != "Deal Carol's next market card.":
        m.apply(m.state.sample_chance(rng))
    # Alice's and Bob's 18 cards are gone from the deck; Carol's list does not say which
    assert len(m.offered_actions(2)) == 36 and len(m.legal_actions()) == 18
    assert m.offered_actions(None) == m.offered_actions(0) == m.offered_actions(2)
    # a card the match gave Alice is Carol's if she says so (issue 28: a refusal would tell her
    # someone holds it); Alice keeps 9 cards, one of which she names when she plays it
    taken = m.view(0)["private"]["hand"][0]
    m.apply(DealCard(2, taken["suit"], taken["value"]))
    assert [p["hand"] for p in m.view(None)["players"]] == [9, 9, 1]
    assert m.view(0)["private"]["cards_to_enter_again"] == 1
