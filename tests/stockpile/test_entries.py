"""Card entry gives nothing away (issue 11, item 2): at every chance node of random games, the
entries offered to a screen are the printed components (typed below from the rulebook, not read
from the engine) less only what is face up, and, for the player who receives the card, less their
own cards. Forks that differ only in the secrets offer the others the same lists. An offered entry
naming what the match has elsewhere out of sight (issue 28) is accepted and, for a secret entry,
leaves the same public table as the entry made; one refused (every copy in plain sight) is refused
in words naming no other card, and leaves the match as it was."""
import random

import pytest

from tabletop import CHANCE, TERMINAL, IllegalAction, Match
from tabletop.stockpile import actions as A
from tabletop.testing import snapshot

from .table import AUTO, BANK_, COSMIC, EPIC, LABS, STEEL, Table, at_auction

# Printed components (rulebook, seeds 000/003; docs/stockpile.md): 6 company tiles, 6 forecast
# cards, 10 investors, and the market deck's card kinds.
COMPANIES = ("Cosmic Computers", "Bottomline Bank", "Leading Laboratories", "American Automotive",
             "Stanford Steel", "Epic Electric")
FORECASTS = ("+4", "+2", "+1", "-2", "-3", "$$")
INVESTORS = ("Billionaire Bill", "Broker Bernie", "Crazy Cramer", "Discount Donald", "Dividend Deborah",
             "Golden Graham", "Mayknow Martha", "Maverick Mark", "Secretive Stuart", "Wise Warren")
MARKET = COMPANIES + ("Fee $1,000", "Fee $2,000", "Fee $3,000", "Boom", "Bust")
NAMES = set(COMPANIES + FORECASTS + INVESTORS + MARKET)
PAIR_KINDS = (A.RevealOpenPair, A.DealPair, A.RevealPair, A.SeeHiddenPair)


def expected_entries(m: Match, real, viewer):
    """What a screen of ``viewer`` must offer for the event ``real`` came from, built from the
    printed components, the public view and (for the card's owner only) the owner's own view."""
    kind, owner = type(real), real.secret_to
    mine = viewer is not None and viewer == owner
    if kind is A.DealInvestor:
        own = m.view(viewer)["private"]["investor_cards"] if mine else []
        return [A.DealInvestor(real.seat, i) for i in INVESTORS if i not in own]
    if kind is A.DealStartingStock:
        return [A.DealStartingStock(real.seat, c) for c in COMPANIES]
    if kind is A.DrawToStockpile:
        return [A.DrawToStockpile(real.pile, k) for k in MARKET]
    if kind is A.DrawCard:
        return [A.DrawCard(real.seat, k) for k in MARKET]
    board = m.view(None)["board"]
    known = [board["open_pair"]] if board["open_pair"] else []
    known += board["revealed_pairs"]
    if mine:
        private = m.view(viewer)["private"]
        known += private["pairs"]
        known += [s for s in private["seen"] if s["what"] == "pair" and s["round"] == m.view(None)["round"]]
    tiles = {k["company"] for k in known}
    forecasts = {k["forecast"] for k in known}
    fixed = {A.DealPair: (real.seat if kind is A.DealPair else None,),
             A.RevealPair: (getattr(real, "index", None),),
             A.SeeHiddenPair: (getattr(real, "seat", None), getattr(real, "index", None)),
             A.RevealOpenPair: ()}[kind]
    return [kind(*fixed, c, f) for c in COMPANIES if c not in tiles for f in FORECASTS if f not in forecasts]


def reshuffled(state, rng: random.Random):
    """A copy of ``state`` with its secrets dealt differently: the market cards in the deck, the
    hands and face down on the stockpiles; the tiles and forecasts not face up; the investor
    cards not kept. Its public view must be the same."""
    f = state.clone()
    pool = ([k for k, count in enumerate(f.deck) for _ in range(count)] + [k for h in f.hands for k in h]
            + [k for p in f.piles for k, up, _ in p if not up])
    rng.shuffle(pool)
    cards = iter(pool)
    f.hands = [[next(cards) for _ in h] for h in f.hands]
    f.piles = [[(k, up, mask) if up else (next(cards), up, mask) for k, up, mask in p] for p in f.piles]
    f.deck = [0] * len(f.deck)
    for k in cards:
        f.deck[k] += 1
    shown = {item for item, _, _ in f.revealed}
    slots = [("p", s, i) for s in range(f.n) for i in range(len(f.ppairs[s])) if ("player", s, i) not in shown]
    slots += [("h", k) for k, pair in enumerate(f.hidden) if pair is not None and ("hidden", k) not in shown]

    def pair_at(slot):
        return f.ppairs[slot[1]][slot[2]] if slot[0] == "p" else f.hidden[slot[1]]
    tiles = [pair_at(x)[0] for x in slots] + f.tiles_left
    fcs = [pair_at(x)[1] for x in slots] + f.fc_left
    rng.shuffle(tiles)
    rng.shuffle(fcs)
    f.ppairs = [list(p) for p in f.ppairs]
    f.hidden = list(f.hidden)
    for i, slot in enumerate(slots):
        if slot[0] == "p":
            f.ppairs[slot[1]][slot[2]] = (tiles[i], fcs[i])
        else:
            f.hidden[slot[1]] = (tiles[i], fcs[i])
    f.tiles_left, f.fc_left = tiles[len(slots):], fcs[len(slots):]
    invs = [i for h in f.inv_hand for i in h] + f.inv_left
    rng.shuffle(invs)
    f.inv_hand = [tuple(invs.pop() for _ in h) for h in f.inv_hand]
    f.inv_left = invs
    assert f.view(None) == state.view(None), "the fork changed something public"
    return f


def check_node(m: Match, real, rng: random.Random, counts: dict) -> None:
    state = m.state
    owner = real.secret_to
    viewers = [None] + list(range(state.n))
    offered = {v: state.chance_entries(v) for v in viewers}
    for v, entries in offered.items():
        assert entries == expected_entries(m, real, v), f"viewer {v}: {type(real).__name__}"
        assert len(set(entries)) == len(entries)
    assert real in offered[None] and real in offered[owner if owner is not None else None]
    fork = reshuffled(state, rng)
    for v in viewers:
        if v != owner or owner is None:
            assert fork.chance_entries(v) == offered[v], "an entry list depends on a secret"
    legal = set(state.legal_actions())
    impossible = [e for e in offered[None] if e not in legal]
    made = state.clone()
    made.apply(real)
    for e in impossible:
        trial = state.clone()
        try:
            trial.apply(e)
        except IllegalAction as info:
            own_names = {getattr(e, field) for field in ("company", "forecast", "investor", "card")
                         if hasattr(e, field)}
            message = str(info)
            assert "check the" in message and "enter it again" in message, message
            for name in NAMES - own_names:
                assert name not in message, f"{message!r} names {name}"
            counts["refused"] = counts.get("refused", 0) + 1
            continue
        if owner is not None and type(e) is type(real):
            assert trial.view(None) == made.view(None), f"{e!r} shows where the secret was"
    if impossible:
        before, length = snapshot(m), len(m)
        try:
            m.apply(impossible[0])
        except IllegalAction:
            pass
        else:
            m.undo()
        assert snapshot(m) == before and len(m) == length
    counts[type(real).__name__] = counts.get(type(real).__name__, 0) + 1
    counts["impossible"] = counts.get("impossible", 0) + len(impossible)


@pytest.mark.parametrize("options", [{}, {"investors": True, "expert_board": True}],
                         ids=["base", "investors+expert"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_chance_node_of_random_games_offers_only_what_the_viewer_may_know(n, options):
    rng = random.Random(n * 10 + len(options))
    m = Match("stockpile", [f"P{i}" for i in range(n)], options, seed=n)
    counts: dict = {}
    while m.current_player() != TERMINAL:
        if m.current_player() == CHANCE:
            real = m.state.sample_chance(rng)
            check_node(m, real, rng, counts)
        else:
            legal = m.legal_actions()
            real = legal[rng.randrange(len(legal))]
        m.apply(real)
    # every kind of entry of this setup was met, and impossible entries were tried
    kinds = {"DealStartingStock", "DealPair", "DrawToStockpile", "DrawCard"}
    kinds |= {"DealInvestor"} if options else set()
    kinds |= {"RevealOpenPair"} if n > 2 else set()
    kinds |= {"RevealPair"} if n < 4 else set()     # 4 and 5 players: the last pair needs no entry
    assert kinds <= set(counts) and counts["impossible"] > 0, counts


# --- the leaks of issue 11, one by one ---------------------------------------------------------
def test_bobs_pair_list_still_holds_alices_secret_company_and_forecast():
    t = Table().start(EPIC, COSMIC, BANK_)
    t.do(A.RevealOpenPair(LABS, "+1"), A.DealPair(0, EPIC, "+4"))
    bobs = t.m.offered_actions(1)
    assert {a.company for a in bobs} == set(COMPANIES) - {LABS}       # Epic Electric still there
    assert {a.forecast for a in bobs} == set(FORECASTS) - {"+1"}      # +4 still there
    assert len(bobs) == 25
    assert t.m.offered_actions(None) == bobs == t.m.offered_actions(2)
    # issue 28: "the Epic Electric tile is already dealt" told Bob that a player held it. Bob's
    # Epic Electric is his; Alice's pair keeps its +4 and she enters it again at her turn to draw
    public = t.m.view(None)
    t.m.apply(A.DealPair(1, EPIC, "+2"))
    assert t.m.view(0)["private"]["pairs"] == [{"company": None, "forecast": "+4"}]
    assert t.m.view(1)["private"]["pairs"] == [{"company": EPIC, "forecast": "+2"}]
    t.do(A.DealPair(2, STEEL, "$$"))
    assert t.m.view(None)["phase"] == "supply" and public["board"]["deck"] == t.m.view(None)["board"]["deck"]
    while t.m.waiting_for().actions == ("DrawToStockpile",):
        t.m.apply(t.m.legal_actions()[0])
    wait = t.m.waiting_for()                    # Alice draws first: she enters her pair again first
    assert (wait.seat, wait.secret, wait.actions) == (0, True, ("DealPair",))
    assert wait.hint == "Alice is to enter again a card another entry named"
    assert len(t.m.offered_actions(0)) == 25    # her +4 too: the pair is entered whole
    t.m.apply(A.DealPair(0, AUTO, "+4"))          # the tile she really holds
    assert t.m.view(0)["private"]["pairs"] == [{"company": AUTO, "forecast": "+4"}]
    assert t.m.waiting_for().actions == ("DrawCard",)


def test_the_last_player_to_enter_a_pair_cannot_tell_the_face_down_pair():
    t = Table(("Alice", "Bob", "Carol", "Dan")).start(EPIC, COSMIC, BANK_, LABS)
    t.do(A.RevealOpenPair(LABS, "+1"), A.DealPair(0, EPIC, "+4"), A.DealPair(1, AUTO, "+2"),
         A.DealPair(2, STEEL, "$$"))
    # two tiles and two forecasts are left for Dan's pair and the face-down pair: Dan is offered
    # every tile and forecast not face up, so his list does not show which two
    dans = t.m.offered_actions(3)
    assert len(dans) == 25 and len(t.m.legal_actions()) == 4


def test_martha_enters_what_she_sees_from_every_pair_not_face_up_and_not_her_own():
    t = at_auction(investors=[(("Billionaire Bill", "Golden Graham"), ("Billionaire Bill",)),
                              (("Mayknow Martha", "Broker Bernie"), ("Mayknow Martha",)),
                              (("Crazy Cramer", "Discount Donald"), ("Crazy Cramer",))])
    t.pass_("Bob")
    t.bid("Alice", 0, 0)
    t.do(A.PeekPair(1, None, 1))
    # Bob (Martha) has Automotive +2; Labs +1 is face up. The tiles left are Cosmic and Bank, but
    # his list does not say so: it still has Alice's Epic and Carol's Steel
    own = t.m.offered_actions(1)
    assert {a.company for a in own} == set(COMPANIES) - {LABS, AUTO}
    assert {a.forecast for a in own} == set(FORECASTS) - {"+1", "+2"}
    assert len(own) == 16 and len(t.m.legal_actions()) == 4
    assert len(t.m.offered_actions(None)) == len(t.m.offered_actions(0)) == 25
    # issue 28: Alice's Epic Electric named for the face-down pair is taken as a tile not dealt
    # would be; Alice enters her tile again before her pair is turned over
    public = t.m.view(None)
    trial = t.m.state.clone()
    trial.apply(A.SeeHiddenPair(1, 1, EPIC, "-2"))
    other = t.m.state.clone()
    other.apply(A.SeeHiddenPair(1, 1, BANK_, "-2"))
    assert trial.view(None) == other.view(None) and public["phase"] == trial.view(None)["phase"]
    assert trial.view(0)["private"]["pairs"][0]["company"] is None
    t.do(A.SeeHiddenPair(1, 1, BANK_, "-2"))


def test_alices_own_entered_cards_narrow_her_holding_list_and_no_one_elses():
    # docs/stockpile.md: a screen offers every company with copies left outside the discard pile,
    # less, for the player entering, the copies she entered already. 10 Epic Electric cards are
    # printed (the engine refuses an eleventh); 9 are in the discard pile, so one is left.
    m = Match("stockpile", ["Alice", "Bob", "Carol"], seed=0)
    m.apply(A.Position(round=2, first_player=0, money=(20_000, 15_000, 9_000),
                       spaces=tuple((c, 4) for c in COMPANIES), stock_cards=(2, 0, 0),
                       split_cards=(0, 0, 0), discard=((EPIC, 9),)))
    first = [a.company for a in m.offered_actions(0)]
    assert first == list(COMPANIES)
    m.apply(A.DealHolding(0, EPIC, False))
    # the last Epic Electric card is Alice's now: her own list drops it
    assert [a.company for a in m.offered_actions(0)] == [c for c in COMPANIES if c != EPIC]
    # the others cannot know where it is: their lists, and the shared screen's, still hold it
    for viewer in (None, 1, 2):
        assert [a.company for a in m.offered_actions(viewer)] == list(COMPANIES), viewer
