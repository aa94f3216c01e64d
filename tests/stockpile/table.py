"""A scripted Stockpile table for the tests: every chance event is entered by hand, as the
players at a real table would, so each test controls the deal exactly."""
from __future__ import annotations

from tabletop import Match
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R

COSMIC, BANK_, LABS, AUTO, STEEL, EPIC = ("Cosmic Computers", "Bottomline Bank", "Leading Laboratories",
                                          "American Automotive", "Stanford Steel", "Epic Electric")
FEE1, FEE2, FEE3 = "Fee $1,000", "Fee $2,000", "Fee $3,000"


class Table:
    def __init__(self, players=("Alice", "Bob", "Carol"), **options):
        self.m = Match("stockpile", players, options, seed=0)

    # --- reading
    @property
    def s(self) -> R.StockpileState:
        return self.m.state

    def seat(self, who) -> int:
        return who if isinstance(who, int) else self.m.game.players.index(who)

    def money(self, who) -> int:
        return self.s.money[self.seat(who)]

    def value(self, company) -> int:
        return self.m.view()["stocks"][company]

    def private(self, who) -> dict:
        return self.m.view(self.seat(who))["private"]

    def snapshot(self) -> str:
        from tabletop.testing import snapshot
        return snapshot(self.m)

    # --- entering
    def do(self, *actions):
        for a in actions:
            self.m.apply(a)
        return self

    def keep(self, *choices):
        """Investor setup: ``choices`` is, in dealing order, each player's dealt investors and kept ones:
        (dealt tuple, kept tuple)."""
        for dealt, _ in choices:
            for name in dealt:
                self.do(A.DealInvestor(self.s.queue[0], name))
        for _, kept in choices:
            self.do(A.KeepInvestors(self.s.actor, tuple(kept)))
        return self

    def start(self, *companies):
        for c in companies:
            self.do(A.DealStartingStock(self.s.queue[0], c))
        return self

    def info(self, *pairs, open=None):
        if open is not None:
            self.do(A.RevealOpenPair(*open))
        for c, f in pairs:
            self.do(A.DealPair(self.s.queue[0], c, f))
        return self

    def face_up(self, *cards):
        for p, card in enumerate(cards):
            self.do(A.DrawToStockpile(p, card))
        return self

    def batch(self, *hands_and_places):
        """For each player in turn order: ((card, card), ((card, pile, up), (card, pile, up))):
        that player draws the two cards, then places them, before the next player draws."""
        for (c1, c2), place in hands_and_places:
            self.do(A.DrawCard(self.s.queue[0], c1), A.DrawCard(self.s.queue[0], c2))
            self.do(A.PlaceCards(self.s.actor, tuple(place)))
        return self

    def bid(self, who, pile, amount):
        assert self.s.actor == self.seat(who), f"expected {who} to bid, {self.s.awaiting()}"
        return self.do(A.PlaceBid(self.seat(who), pile, amount))

    def result(self, *takes):
        """Auction result: for each stockpile in order, (who, amount)."""
        return self.do(A.AuctionResult(self.s.actor, tuple((self.seat(w), amt) for w, amt in takes)))

    def pass_(self, who):
        assert self.s.actor == self.seat(who), f"expected {who}, {self.s.awaiting()}"
        return self.do(A.Pass(self.seat(who)))

    def pass_all(self, step):
        while self.s.step == step:
            self.do(A.Pass(self.s.actor))
        return self

    def sell(self, who, company, split=False):
        return self.do(A.SellStock(self.seat(who), company, split))

    def collect(self, who, regular, split=0):
        c = R.COMPANIES[self.s.div[0]]
        return self.do(A.CollectDividend(self.seat(who), c, regular, split))

    def collect_all(self):
        """Every player reveals every card of the dividend company."""
        while self.s.step == R.DIVIDEND:
            seat, c = self.s.actor, self.s.div[0]
            self.do(A.CollectDividend(seat, R.COMPANIES[c], self.s.reg[seat][c], self.s.split[seat][c]))
        return self

    # --- quiet play: nobody bids above $0, nobody sells, every dividend collected in full
    def plentiful(self) -> str:
        """The stock card the market deck holds most of (keeps scripted money simple)."""
        deck = self.s.deck
        best = max(range(6), key=lambda c: deck[c])
        if not deck[best]:
            best = max(range(len(deck)), key=lambda k: deck[k])
        return self.s.R.card_names[best]

    def quiet_step(self, pairs: list) -> None:
        s = self.s
        st = s.step
        if st in (R.OPEN_PAIR, R.DEAL_PAIR, R.REVEAL, R.SEE_PAIR):
            if pairs:
                c, f = pairs.pop(0)
                if st == R.OPEN_PAIR:
                    self.do(A.RevealOpenPair(c, f))
                elif st == R.DEAL_PAIR:
                    self.do(A.DealPair(s.queue[0], c, f))
                elif st == R.REVEAL:
                    self.do(A.RevealPair(s.plan[s.plan_i][1], c, f))
                else:
                    self.do(A.SeeHiddenPair(s.actor, s.resume[1], c, f))
            else:
                self.do(s.legal_actions()[0])
        elif st == R.DRAW_PILE:
            self.do(A.DrawToStockpile(s.pile_i, self.plentiful()))
        elif st == R.DRAW_HAND:
            self.do(A.DrawCard(s.queue[0], self.plentiful()))
        elif st == R.BID:
            free = [p for p, b in enumerate(s.bids) if b is None and not any(
                b2 is not None and b2[0] == s.actor for b2 in s.bids[p:p + 1])]
            self.do(A.PlaceBid(s.actor, free[0], 0))
        elif st == R.DIVIDEND:
            c = s.div[0]
            self.do(A.CollectDividend(s.actor, R.COMPANIES[c], s.reg[s.actor][c], s.split[s.actor][c]))
        elif st in (R.SELL, R.INVESTOR_STEP, R.DEBORAH_STEP, R.ACTION):
            legal = s.legal_actions()
            passes = [a for a in legal if isinstance(a, A.Pass)]
            self.do(passes[0] if passes else legal[0])
        else:
            self.do(s.legal_actions()[0])

    def quiet_until(self, done, pairs=()) -> "Table":
        pairs = list(pairs)
        while not done(self.s):
            self.quiet_step(pairs)
        assert not pairs, f"pairs not used: {pairs}"
        return self

    def quiet_round(self, *pairs) -> "Table":
        """Play the rest of this round quietly; ``pairs`` feeds every pair that is dealt or turned
        over (face-up pair first, then the players' pairs, then the face-down pairs when turned)."""
        r = self.s.round
        return self.quiet_until(lambda s: s.round != r or s.step == R.OVER, pairs)

    def quiet_to(self, step, *pairs) -> "Table":
        return self.quiet_until(lambda s: s.step == step, pairs)


def at_auction(players=("Alice", "Bob", "Carol"), start=(EPIC, COSMIC, BANK_), investors=None, **options):
    """A 3-player table at its first auction (or at the investor step before it, when someone
    holds Mark, Warren or Martha). Stockpiles: 1 = Automotive, Epic, Epic (face down);
    2 = $1,000 fee, Cosmic, Bust (face down); 3 = Boom, $2,000 fee (face down), Bank.
    Pairs: Alice Epic +4, Bob Automotive +2, Carol Steel $$, face up Labs +1.
    ``investors``: per player in turn order, (dealt, kept)."""
    if investors is not None:
        options["investors"] = True
    t = Table(players, **options)
    if investors is not None:
        t.keep(*investors)
    t.start(*start)
    t.info((EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$"), open=(LABS, "+1"))
    t.face_up(AUTO, FEE1, "Boom")
    t.batch(((EPIC, EPIC), ((EPIC, 0, True), (EPIC, 0, False))),
            ((FEE2, COSMIC), ((COSMIC, 1, True), (FEE2, 2, False))),
            ((BANK_, "Bust"), ((BANK_, 2, True), ("Bust", 1, False))))
    assert t.s.step in (R.BID, R.INVESTOR_STEP)
    return t


def positioned(players=("Alice", "Bob", "Carol"), round=1, first_player=0, money=None, spaces=(),
               holdings=None, kept=(), unpaid_fees=(), **options) -> Table:
    """A table started from the table as it is, the public way: a ``Position`` (every company on its
    start space unless ``spaces`` maps it elsewhere; $20,000 each unless ``money``), then each
    player's face-down cards entered as they would enter them. ``holdings`` maps a seat to
    (regular companies, split companies); ``kept`` each seat's investor (the expansion is then on);
    ``unpaid_fees`` each seat's fee cards still owed."""
    if kept:
        options["investors"] = True
    t = Table(players, **options)
    n, holdings = len(players), holdings or {}
    tracks = t.s.tracks
    start = dict(((c, tracks[i].start) for i, c in enumerate(R.COMPANIES)), **dict(spaces))
    t.do(A.Position(round=round, first_player=first_player, money=tuple(money or (20_000,) * n),
                    spaces=tuple(start.items()),
                    stock_cards=tuple(len(holdings.get(s, ((), ()))[0]) for s in range(n)),
                    split_cards=tuple(len(holdings.get(s, ((), ()))[1]) for s in range(n)),
                    investors=tuple((i,) if isinstance(i, str) else tuple(i) for i in kept),
                    unpaid_fees=tuple(tuple(f) for f in unpaid_fees)))
    cards = {s: [(c, False) for c in regular] + [(c, True) for c in split]
             for s, (regular, split) in holdings.items()}
    while t.s.step == R.HOLDING:
        seat = t.s.queue[0]
        t.do(A.DealHolding(seat, *cards[seat].pop(0)))
    return t


def to_auction(t: Table, open_pair, pairs, face_up, hands) -> Table:
    """Information and supply of a 3-player round: the face-up pair, each player's pair, the
    face-up cards, then each player's two cards: ((card, card), pile), first face up."""
    t.info(*pairs, open=open_pair)
    t.face_up(*face_up)
    t.batch(*(((c1, c2), ((c1, pile, True), (c2, pile, False))) for (c1, c2), pile in hands))
    assert t.s.step == R.BID
    return t


def labs_supply(t: Table, open_pair, pairs, face_up=(LABS, LABS, LABS), alice=(LABS, LABS)) -> Table:
    """A 3-player round to its action phase where the market cards are Leading Laboratories but
    what ``face_up`` and Alice's two cards (``alice``) say: each seat places its two cards on its
    own stockpile and takes it for $0 (nobody pays a bid or a fee)."""
    to_auction(t, open_pair, pairs, face_up, [(alice, 0), ((LABS, LABS), 1), ((LABS, LABS), 2)])
    return t.result(("Alice", 0), ("Bob", 0), ("Carol", 0))


#: track spaces (standard board) from which ``last_round_to_five`` brings every company to 5
SPACES_TO_FIVE = {COSMIC: 2, BANK_: 3, LABS: 0, AUTO: 6, STEEL: 7, EPIC: 0}


def last_round_to_five(t: Table) -> Table:
    """Play the last round of a 3-player table positioned at its last round on ``SPACES_TO_FIVE``
    so that nothing but the values changes and every company ends at 5: the market cards are
    Leading Laboratories (at 1) but one Bust, Alice's, which she plays on Labs, a bankruptcy that
    discards every Labs card; nobody bids or sells; Labs's $$ pays nobody. The game then ends."""
    assert t.s.round == t.s.rounds and t.value(LABS) == 1
    labs_supply(t, (LABS, "$$"), [(COSMIC, "+2"), (BANK_, "+1"), (AUTO, "-2")], face_up=("Bust", LABS, LABS))
    t.do(A.PlayActionCard(0, "Bust", LABS))          # 1 -> below the track: bankrupt, back to 5
    t.pass_all(R.SELL)
    t.collect_all()                                  # Labs $$: nobody holds Labs now
    t.do(A.RevealPair(0, STEEL, "-3"))               # the last pair, Epic +4, is what is left
    assert t.m.is_over()
    return t


def paid_to(t: Table, *words) -> list[tuple]:
    """The ledger's payments to a player whose reason holds any of ``words``, read the public way
    (``Match.ledger``): (seat, amount, reason) in the order they were made."""
    ledger = t.m.ledger()
    return [(t.seat(r.payee), r.amount, r.reason) for r in ledger.itertuples()
            if r.payee in t.m.game.players and any(w in r.reason for w in words)]


def refused(t: Table, action, error, *words) -> str:
    """Apply ``action``, expect ``error`` whose message holds ``words``; the match is unchanged."""
    import pytest
    before, n = t.snapshot(), len(t.m)
    with pytest.raises(error) as exc:
        t.m.apply(action)
    message = str(exc.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert t.snapshot() == before and len(t.m) == n
    return message
