"""Short-hand for scripted Black Monday scenarios.

Cards are written as in a table notebook: ``CP7`` is Chewy Poultry $7, ``WB`` Whip Burger,
``GG`` Gum Gum Mine, ``TT`` Tiki-Taka Tech.
"""
from __future__ import annotations

import pytest

from tabletop import Match
from tabletop.blackmonday import (BuyShares, ChangePrice, CrashStock, DealCard, DrawCard, EndTurn,
                                  ExchangeCard, RevealStartCard, SellShares, SetStartPrice)
from tabletop.testing import snapshot

CP, WB, GG, TT = "Chewy Poultry", "Whip Burger", "Gum Gum Mine", "Tiki-Taka Tech"
_CODES = {"CP": CP, "WB": WB, "GG": GG, "TT": TT}


def card(code: str) -> tuple[str, int]:
    return _CODES[code[:2]], int(code[2:])


def cards(codes: str) -> list[tuple[str, int]]:
    return [card(c) for c in codes.split()]


# Two default hands that keep most cards out of the way.
ALICE = "CP3 CP10 CP2 WB5 GG10 TT10 CP11 TT13"
BOB = "CP5 WB2 WB9 GG1 GG2 TT4 WB12 GG13"


def new_match(hands=(ALICE, BOB), starts="CP4 WB3 GG10 TT10", players=None, options=None) -> Match:
    """Deal the given hands (each player's 8 cards in a row, from the first player), then turn up
    the given start-price cards."""
    players = players or ["Alice", "Bob", "Carol", "Dan", "Eve", "Fay"][:len(hands)]
    match = Match("black-monday", players, options, seed=1)
    first = match.game.options["first_player"]
    n = len(players)
    parsed = [cards(h) for h in hands]
    for k in range(n):
        seat = (first + k) % n
        for stock, value in parsed[seat]:
            match.apply(DealCard(seat, stock, value))
    for stock, value in cards(starts):
        match.apply(RevealStartCard(stock, value))
    return match


def buy(m, seat, code):
    m.apply(BuyShares(seat, *card(code)))


def sell(m, seat, code):
    m.apply(SellShares(seat, *card(code)))


def move(m, seat, code):
    m.apply(ChangePrice(seat, *card(code)))


def crash(m, seat, code):
    m.apply(CrashStock(seat, *card(code)))


def restart(m, seat, code):
    m.apply(SetStartPrice(seat, *card(code)))


def exchange(m, seat, code):
    m.apply(ExchangeCard(seat, *card(code)))


def end_turn(m, seat, draws: str = ""):
    """End the turn and refill the hand with the given cards."""
    m.apply(EndTurn(seat))
    for stock, value in cards(draws):
        m.apply(DrawCard(seat, stock, value))


def hand(m, seat) -> list[str]:
    codes = {v: k for k, v in _CODES.items()}
    return sorted(f"{codes[c['stock']]}{c['value']}" for c in m.view(seat)["private"]["hand"])


def refused(m, action, error, *fragments):
    """``action`` is refused with ``error`` naming every fragment, and the match is unchanged."""
    before, length = snapshot(m), len(m)
    with pytest.raises(error) as info:
        m.apply(action)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert snapshot(m) == before and len(m) == length
    return message


# --- checks shared by the property tests ---------------------------------------------------------
def public_view_check(state, view) -> None:
    """The public view holds no secret: no hand, no deck or discard contents; and it does not
    change at all when the secrets (hands, deck and discard contents) are dealt differently."""
    import json
    import random

    assert "private" not in view
    for p in view["players"]:
        assert set(p) == {"name", "money", "holdings", "held_cards", "hand_size", "worth", "owed"}
        assert isinstance(p["hand_size"], int)
    board = view["board"]
    assert isinstance(board["deck"], int) and isinstance(board["discard"], int)
    text = json.dumps(view)
    assert "hand\"" not in text
    other = state.clone()
    pool = [c for h in other.hands for c in h] + other.discard + other.deck
    random.Random(len(pool) * 7919 + len(state.payments)).shuffle(pool)
    i = 0
    for h in other.hands:
        h[:], i = pool[i:i + len(h)], i + len(h)
    other.discard, i = pool[i:i + len(other.discard)], i + len(other.discard)
    other.deck = pool[i:]
    assert other.view(None) == view, "the public view depends on a secret"


def invariant(state) -> None:
    """Every card is somewhere exactly once; shares match the held cards; limits hold."""
    from collections import Counter

    from tabletop.blackmonday import data
    from tabletop.blackmonday.rules import CLOSE, N_VALUES

    seen = Counter()
    for h in state.hands:
        seen.update(h)
        assert len(h) <= data.HAND_SIZE
    for seat, stocks in enumerate(state.held):
        for s, values in enumerate(stocks):
            seen.update(s * N_VALUES + v - 1 for v in values)
            assert state.shares[seat][s] == sum(state.rules.shares[v] for v in values)
            assert state.shares[seat][s] <= data.SHARE_CAP
    for s, pile in enumerate(state.piles):
        seen.update(s * N_VALUES + v - 1 for v in pile)
        assert all(1 <= v <= 13 for v in pile)
        if state.started and pile:
            assert 0 <= state.price(s) <= 13
        if not pile:
            assert all(state.shares[p][s] == 0 for p in range(state.n))
    seen.update(state.discard)
    seen.update(state.deck)
    assert seen.pop(CLOSE, 0) == (1 if state.close_in_deck else 0)
    assert state.close_in_deck == (state.deck_number == 2 and state.phase != "over")
    # a draw naming a card whose copies were all out of sight adds one that some record named
    # wrongly (``phantom``): the excess is exactly that count, and no card is ever lost
    assert all(seen[c] >= state.rules.copies for c in range(CLOSE)), "a card is lost"
    assert sum(seen[c] - state.rules.copies for c in range(CLOSE)) == state.phantom, "a card is doubled"
    assert len(seen) == CLOSE
    assert all(m >= 0 for m in state.money)
    assert state.buys <= data.MAX_BUYS and state.exchanged <= data.MAX_EXCHANGE
    if state.rules.restart_counts:
        assert state.changes <= data.MAX_PRICE_CHANGES
