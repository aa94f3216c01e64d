"""Investors' abilities come back every round (issue 20: abilities not reset each round went
unnoticed), and the auction entered in one go (``AuctionResult``, which random games never play)
does exactly what the same bids entered one by one do.

Rulebook (seed 000, investor expansion): Crazy Cramer moves one stock one space in the action
phase, Maverick Mark moves one card before the auction, Wise Warren looks at one stockpile's
face-down cards and Mayknow Martha at one pair, each once a round."""
import random

import pytest

from tabletop import CHANCE, TERMINAL, IllegalAction, Match
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R
from tabletop.testing import snapshot

from .table import BANK_, COSMIC, EPIC, Table

ABILITIES = {"Crazy Cramer": A.CramerMove, "Maverick Mark": A.MoveCard,
             "Wise Warren": A.PeekStockpile, "Mayknow Martha": A.PeekPair}


def uses(state, kind) -> list:
    """Alice's (seat 0) uses of her ability offered now."""
    if state.current_player() != 0:
        return []
    return [a for a in state.legal_actions() if type(a) is kind]


@pytest.mark.parametrize("investor", list(ABILITIES))
def test_an_investor_ability_is_used_once_a_round_and_again_the_next_round(investor):
    kind = ABILITIES[investor]
    t = Table(investors=True)
    t.keep(((investor, "Billionaire Bill"), (investor,)),
           (("Golden Graham", "Discount Donald"), ("Golden Graham",)),
           (("Secretive Stuart", "Dividend Deborah"), ("Secretive Stuart",)))
    t.start(EPIC, COSMIC, BANK_)
    for round_ in (1, 2):
        t.quiet_until(lambda s: bool(uses(s, kind)) or s.round > round_)
        assert t.s.round == round_, f"{investor} was not offered in round {round_}"
        use = uses(t.s, kind)[0]
        before = t.m.view(0)
        t.do(use)
        assert t.m.view(0) != before                      # it did something Alice can see
        # the same use again this round: refused, and never offered again before the round ends
        snap, length = t.snapshot(), len(t.m)
        with pytest.raises(IllegalAction):
            t.m.apply(use)
        assert t.snapshot() == snap and len(t.m) == length

        def nothing_more(s, r=round_):
            assert s.round != r or not uses(s, kind), f"{investor} offered twice in round {r}"
            return s.round != r or s.step == R.OVER
        t.quiet_until(nothing_more)


# --- the auction entered in one go ------------------------------------------------------------------
def random_result(state, rng: random.Random) -> tuple:
    """A legal outcome of the auction: each player takes their share of the stockpiles, with bids
    on printed bid spaces that together fit their cash."""
    spaces = state.view(None)["board"]["bid_spaces"]
    per = 2 if state.n == 2 else 1
    takers = [s for s in range(state.n) for _ in range(per)]
    rng.shuffle(takers)
    cash = list(state.money)
    piles = []
    for s in takers:
        amount = rng.choice([b for b in spaces if b <= cash[s]])
        cash[s] -= amount
        piles.append((s, amount))
    return tuple(piles)


def enter_bid_by_bid(m: Match, piles: tuple) -> None:
    """The same outcome entered as single bids, each player in bidding order on their own piles."""
    todo = {p: take for p, take in enumerate(piles)}
    while m.state.step == R.BID:
        seat = m.state.actor
        p = next(p for p, (s, _) in todo.items() if s == seat)
        m.apply(A.PlaceBid(seat, p, todo.pop(p)[1]))


@pytest.mark.parametrize("options", [{}, {"investors": True}], ids=["base", "investors"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_an_auction_result_does_what_the_same_bids_one_by_one_do(n, options):
    rng = random.Random(n)
    m = Match("stockpile", [f"P{i}" for i in range(n)], options, seed=n)
    auctions = 0
    while m.current_player() != TERMINAL:
        state = m.state
        if state.current_player() == CHANCE:
            m.apply(state.sample_chance(rng))
            continue
        if state.auction_result_allowed():
            piles = random_result(state, rng)
            by_bids = Match.from_json(m.to_json())
            m.apply(A.AuctionResult(state.actor, piles))
            enter_bid_by_bid(by_bids, piles)
            assert snapshot(m) == snapshot(by_bids)
            assert m.state.payments == by_bids.state.payments
            if not options:           # no Discount Donald: each pays exactly their bids
                paid = [0] * n
                for p in m.state.payments:
                    if p.reason.startswith("bid for") and p.round == state.round:
                        paid[p.payer] += p.amount
                assert paid == [sum(a for s, a in piles if s == seat) for seat in range(n)]
            auctions += 1
            continue
        legal = state.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    assert auctions == m.state.rounds
