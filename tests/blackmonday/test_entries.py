"""Card entry gives nothing away (issue 11, item 2): at every deal, start-price card and draw of
random games, the cards offered to a screen are every printed stock card (4 stocks x $1-$13, typed
below) less the cards whose every copy is in plain sight, followed from the public log alone
(price piles, cards held sideways, face-up discards since the deck was made), and for the player
drawing less their own hand; then the market-close card while it is in the deck. Forks that differ
only in the hands, the deck and the face-down discards offer the others the same list; an offered
card whose copies are all in hands or face down is accepted like a card of the deck and leaves the
same public table (issue 28: a refusal would say where they are); only a card whose copies are all
in plain sight, or in the hand of the player entering their own card, is refused."""
import random
import re
from collections import Counter

import pytest

from tabletop import CHANCE, TERMINAL, IllegalAction, Match
from tabletop.blackmonday import (BuyShares, ChangePrice, CrashStock, DealCard, DrawCard, DrawMarketClose,
                                  EndTurn, RevealStartCard, SellShares, SetStartPrice)
from tabletop.blackmonday.rules import CLOSE
from tabletop.testing import snapshot

from .helpers import CP, GG, TT, cards, new_match

# Printed: four stocks, cards $1 to $13; $11-$13 never set a start price (rulebook, seed 002).
STOCKS = ("Chewy Poultry", "Whip Burger", "Gum Gum Mine", "Tiki-Taka Tech")
VALUES = range(1, 14)
CARD = re.compile(r"(Chewy Poultry|Whip Burger|Gum Gum Mine|Tiki-Taka Tech) \$(\d+)\b")


class InPlainSight:
    """The stock cards everybody has seen and that are out of the deck, from public actions only."""

    def __init__(self):
        self.piles = {s: [] for s in STOCKS}
        self.held = Counter()           # (stock, value) held sideways by anyone
        self.discarded = Counter()      # discarded face up since the deck was made
        self.deck_number = 1

    def follow(self, action, deck_number: int) -> None:
        """``action`` was just played; ``deck_number`` is the public view's after it."""
        kind, card = type(action), (getattr(action, "stock", None), getattr(action, "value", None))
        if action.secret_to is None:
            if kind is RevealStartCard:
                if action.value <= 10 and not self.piles[action.stock]:
                    self.piles[action.stock].append(action.value)
                else:
                    self.discarded[card] += 1
            elif kind is BuyShares:
                self.held[card] += 1
            elif kind is SellShares:
                self.held[card] -= 1
                self.discarded[card] += 1
            elif kind in (ChangePrice, SetStartPrice):
                self.piles[action.stock].append(action.value)
            elif kind is CrashStock:
                self.discarded.update((action.stock, v) for v in self.piles[action.stock] + [action.value])
                for (s, v), k in list(self.held.items()):
                    if s == action.stock:
                        self.discarded[(s, v)] += k
                        del self.held[(s, v)]
                self.piles[action.stock] = []
        if deck_number != self.deck_number:    # the used cards went back into the new deck
            self.deck_number = deck_number
            self.discarded.clear()
            self.piles = {s: p[-1:] for s, p in self.piles.items()}

    def seen(self) -> Counter:
        out = self.held + self.discarded
        out.update((s, v) for s, pile in self.piles.items() for v in pile)
        return out


def expected_entries(m: Match, sight: InPlainSight, owner) -> dict:
    public = m.view(None)
    copies = m.game.options["copies"]
    phase, seat = public["phase"], public["board"]["turn"]["seat"]
    if phase == "deal":
        make = lambda s, v: DealCard(owner, s, v)          # noqa: E731
    elif phase == "start prices":
        make = RevealStartCard
    else:
        make = lambda s, v: DrawCard(seat, s, v)           # noqa: E731
    close = [DrawMarketClose(owner)] if public["board"]["market_close_in_deck"] else []
    seen = sight.seen()
    everyone = [make(s, v) for s in STOCKS for v in VALUES if seen[(s, v)] < copies] + close
    out = {v: everyone for v in [None, *range(m.game.n_players)]}
    if owner is not None:
        seen.update((h["stock"], h["value"]) for h in m.view(owner)["private"]["hand"])
        out[owner] = [make(s, v) for s in STOCKS for v in VALUES if seen[(s, v)] < copies] + close
    return out


def reshuffled(state, rng: random.Random):
    """A copy whose hands, deck and face-down discards are dealt differently (same sizes)."""
    f = state.clone()
    face_down = list((Counter(f.discard) - Counter(f.open_discard)).elements())
    deck = [c for c in f.deck if c != CLOSE]
    pool = [c for h in f.hands for c in h] + face_down + deck
    rng.shuffle(pool)
    f.hands = [[pool.pop() for _ in h] for h in f.hands]
    f.discard = f.open_discard + [pool.pop() for _ in face_down]
    f.deck = pool + [CLOSE] * (len(f.deck) - len(deck))
    assert f.view(None) == state.view(None), "the fork changed something public"
    return f


def check_node(m: Match, real, sight: InPlainSight, rng: random.Random, counts: dict) -> None:
    state = m.state
    phase = m.view(None)["phase"]
    owner = {"deal": getattr(real, "seat", None), "start prices": None,
             "refill": m.view(None)["board"]["turn"]["seat"]}[phase]
    viewers = [None] + list(range(state.n))
    offered = {v: state.chance_entries(v) for v in viewers}
    assert offered == expected_entries(m, sight, owner)
    assert real in offered[None] and (owner is None or real in offered[owner])
    fork = reshuffled(state, rng)
    for v in viewers:
        if v is None or v != owner:
            assert fork.chance_entries(v) == offered[v], "a card list depends on a secret"
    legal = set(state.legal_actions())
    impossible = [e for e in offered[None] if e not in legal]     # every copy in a hand or face down
    drawn = state.clone()
    drawn.apply(real)                                  # a card of the deck, as the game goes on
    copies = m.game.options["copies"]
    for e in impossible:
        trial = state.clone()
        try:
            trial.apply(e)
        except IllegalAction as info:
            assert str(info) == (f"No {e.stock} ${e.value} card is left in the deck: all {copies} copies "
                                 f"are already out; check the card and enter it again.")
            if owner is not None:
                hand = m.view(owner)["private"]["hand"]
                assert {"stock": e.stock, "value": e.value} in hand, "refused for a copy out of the drawer's sight"
            continue
        if owner is not None and type(real) is type(e):   # (a start-price card is shown)
            for v in [None] + [s for s in range(state.n) if s != owner]:
                assert trial.view(v) == drawn.view(v), f"a card from a hand shows on {v}'s screen"
    if impossible and counts.get("nodes", 0) % 5 == 0:
        before, length = snapshot(m), len(m)
        try:
            m.apply(impossible[0])
        except IllegalAction:
            pass
        else:
            m.undo()
        assert snapshot(m) == before and len(m) == length
    counts["nodes"] = counts.get("nodes", 0) + 1
    counts[type(real).__name__] = counts.get(type(real).__name__, 0) + 1
    counts["impossible"] = counts.get("impossible", 0) + len(impossible)


def play(m: Match, rng: random.Random, at_chance=None) -> dict:
    sight, counts = InPlainSight(), {}
    while m.current_player() != TERMINAL:
        if m.current_player() == CHANCE:
            real = m.state.sample_chance(rng)
            if at_chance is not None:
                at_chance(m, real, sight, rng, counts)
        else:
            legal = m.legal_actions()
            real = legal[rng.randrange(len(legal))]
        m.apply(real)
        sight.follow(real, m.view(None)["board"]["deck_number"])
    return counts


@pytest.mark.parametrize("n,options", [(2, {}), (3, {}), (4, {}), (5, {}), (6, {}),
                                       (3, {"copies": 1}), (4, {"copies": 3, "five_hundred_shares": True})])
def test_every_chance_node_of_random_games_offers_only_what_the_viewer_may_know(n, options):
    m = Match("black-monday", [f"P{i}" for i in range(n)], options, seed=n)
    counts = play(m, random.Random(n), at_chance=check_node)
    assert counts["DealCard"] == 8 * n and counts["RevealStartCard"] >= 4 and counts["DrawCard"] > 0, counts
    assert counts["DrawMarketClose"] == 1 and counts["impossible"] > 0


# --- the leak of issue 11, and the impossible entries ------------------------------------------------
def test_the_shared_start_price_entry_offers_every_card_not_all_in_plain_sight():
    hands = ["CP1 CP1 CP2 CP2 WB3 WB3 GG4 GG4", "TT5 TT5 CP6 CP6 WB7 WB7 GG8 GG8"]
    m = new_match(hands=hands, starts="")
    # both copies of eight cards sit in the hands, but the table is not told which
    shared = m.offered_actions(None)
    assert len(shared) == 52 and shared == [RevealStartCard(s, v) for s in STOCKS for v in VALUES]
    assert len(m.legal_actions()) == 44
    m.apply(RevealStartCard(GG, 12))                    # skipped: over $10, discarded face up
    m.apply(RevealStartCard(GG, 12))                    # the second copy: both now in plain sight
    assert RevealStartCard(GG, 12) not in m.offered_actions(None)
    assert len(m.offered_actions(None)) == 51
    with pytest.raises(IllegalAction) as info:
        m.apply(RevealStartCard(GG, 12))                # both copies in plain sight: refused
    assert str(info.value) == ("No Gum Gum Mine $12 card is left in the deck: all 2 copies are "
                               "already out; check the card and enter it again.")
    # both copies of CP1 are in Alice's hand: taken as a card of the deck would be (issue 28),
    # and nobody's hand changes (Alice's would tell her what the deck held)
    deck, alices = m.view(None)["board"]["deck"], m.view(0)["private"]
    m.apply(RevealStartCard(CP, 1))
    assert m.view(None)["stocks"][CP] == 1 and m.view(None)["board"]["deck"] == deck - 1
    assert m.view(0)["private"] == alices


def test_the_player_drawing_is_offered_every_card_but_those_in_plain_sight_or_in_their_hand():
    m = new_match()                                     # Alice: CP3 CP10 CP2 WB5 GG10 TT10 CP11 TT13
    m.apply(BuyShares(0, TT, 10))                        # Tiki-Taka Tech is at $10: TT10 held sideways
    m.apply(ChangePrice(0, TT, 13))                      # on the pile over the start card TT10
    m.apply(EndTurn(0))
    # two copies of TT10 are in plain sight (start price and held), so nobody is offered it
    for viewer in (None, 0, 1):
        assert DrawCard(0, TT, 10) not in m.offered_actions(viewer)
    # GG10: one copy is the start price, the other in Alice's hand: only Alice may leave it out.
    # CP11: one copy is hers, the other may be anywhere
    alices = m.offered_actions(0)
    assert DrawCard(0, GG, 10) not in alices and DrawCard(0, GG, 10) in m.offered_actions(1)
    assert DrawCard(0, CP, 11) in alices and len(alices) == 50
    assert m.offered_actions(1) == m.offered_actions(None) and len(m.offered_actions(None)) == 51
    assert DrawCard(0, *cards("WB12")[0]) in alices     # in Bob's hand, still offered to Alice
