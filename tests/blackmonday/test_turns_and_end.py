"""Exchanging cards, refilling to 8, the first deck running out, the market-close card, scoring."""
from collections import Counter

import pytest

from tabletop import CHANCE, TERMINAL, Match
from tabletop.blackmonday import (BuyShares, ChangePrice, DrawCard, DrawMarketClose, EndTurn,
                                  ExchangeCard, RevealStartCard)
from tabletop.blackmonday.rules import CLOSE, N_VALUES
from tabletop.errors import GameIsOver, IllegalAction, NotYourTurn

from .helpers import (CP, GG, TT, WB, buy, end_turn, exchange, hand, move, new_match,
                      public_view_check, refused)


def test_exchange_up_to_four_cards_instead_of_trading_then_refill():
    m = new_match()
    for code in ("CP3", "CP10", "CP2", "WB5"):
        exchange(m, 0, code)
    refused(m, ExchangeCard(0, GG, 10), IllegalAction,
            "Alice has already exchanged 4 cards, the most in one turn.")
    refused(m, BuyShares(0, GG, 10), IllegalAction,
            "Alice cannot buy shares: Alice is exchanging cards this turn, which replaces trading")
    refused(m, ChangePrice(0, TT, 13), IllegalAction, "exchanging cards this turn")
    v = m.view(None)
    assert v["players"][0]["hand_size"] == 4 and v["board"]["discard"] == 4
    assert m.describe_log(None)[-1] == "Alice exchanges a card."        # face down
    assert m.describe_log(0)[-1] == "Alice exchanges Whip Burger $5."
    end_turn(m, 0, "WB1 WB4 GG5 GG6")
    assert hand(m, 0) == sorted("GG10 TT10 CP11 TT13 WB1 WB4 GG5 GG6".split())
    assert m.view(None)["to_act"] == 1


def test_no_exchange_after_trading_or_changing_a_price():
    m = new_match()
    buy(m, 0, "CP3")
    refused(m, ExchangeCard(0, CP, 10), IllegalAction,
            "Alice cannot exchange cards: an exchange replaces trading and price changes, and "
            "Alice has already traded this turn.")
    other = new_match()
    move(other, 0, "CP2")
    refused(other, ExchangeCard(0, CP, 10), IllegalAction, "Alice has already changed a price this turn.")


def test_the_hand_is_refilled_to_eight_one_secret_card_at_a_time():
    m = new_match()
    buy(m, 0, "CP3")
    buy(m, 0, "CP2")
    move(m, 0, "TT13")
    m.apply(EndTurn(0))
    assert m.current_player() == CHANCE and m.state.chance_owner() == 0
    assert all(isinstance(a, DrawCard) and a.seat == 0 for a in m.legal_actions())
    refused(m, DrawCard(1, WB, 1), IllegalAction, "Alice is refilling their hand, not Bob.")
    refused(m, EndTurn(1), NotYourTurn, "Alice is drawing cards to refill their hand.")
    m.apply(DrawCard(0, WB, 1))
    m.apply(DrawCard(0, WB, 1))
    refused(m, DrawCard(0, WB, 1), IllegalAction, "No Whip Burger $1 card is left in the deck")
    refused(m, DrawMarketClose(0), IllegalAction, "The market-close card is not in the deck yet: it "
            "joins the deck only when the first deck runs out.")
    m.apply(DrawCard(0, GG, 4))
    assert m.view(None)["players"][0]["hand_size"] == 8
    assert m.view(None)["to_act"] == 1
    assert m.describe_log(None)[-1] == "Alice draws a card."
    assert m.describe_log(0)[-1] == "Alice draws Gum Gum Mine $4."
    # a player who uses no card has nothing to draw; the round ends when the turn returns to Alice
    assert m.view(None)["round"] == 1
    m.apply(EndTurn(1))
    assert m.view(None)["to_act"] == 0 and m.view(None)["round"] == 2


def test_no_card_is_drawn_while_a_player_is_to_act():
    m = new_match()
    refused(m, DrawCard(0, WB, 1), NotYourTurn, "It is Alice's turn; no card is to be dealt or drawn now.")


def _run_until(m, stop, chance_pick=None):
    """Play exchange turns (the four lowest cards) and draw the lowest cards until ``stop(m)``."""
    while not stop(m):
        state = m.state
        if m.current_player() == CHANCE:
            legal = m.legal_actions()
            m.apply(chance_pick(legal) if chance_pick else legal[0])
        elif state.phase == "trade":
            for code in hand(m, state.seat)[:4]:
                exchange(m, state.seat, code)
        else:
            m.apply(EndTurn(state.seat))


def _no_close(legal):
    return next(a for a in legal if not isinstance(a, DrawMarketClose))


def test_when_the_first_deck_runs_out_the_used_cards_and_the_market_close_card_make_a_new_deck():
    m = new_match()
    buy(m, 0, "CP3")
    move(m, 0, "CP2")                 # Chewy Poultry pile: 4, 2
    end_turn(m, 0, "CP1 CP1")
    move(m, 1, "CP5")                 # Chewy Poultry pile: 4, 2, 5
    end_turn(m, 1, "GG3")
    _run_until(m, lambda m: len(m.state.deck) == 1 and m.current_player() == CHANCE)
    state = m.state
    assert state.deck_number == 1 and not m.view(None)["board"]["market_close_in_deck"]
    used = Counter(state.discard)
    used.update([0 * N_VALUES + 4 - 1, 0 * N_VALUES + 2 - 1])   # the CP cards under the current $5
    used[CLOSE] += 1
    held = Counter(c for h in state.hands for c in h)
    m.apply(m.legal_actions()[0])     # the last card of the first deck
    state = m.state
    assert state.deck_number == 2
    assert Counter(state.deck) == used
    assert state.discard == [] and [len(p) for p in state.piles] == [1, 1, 1, 1]
    assert m.view(None)["stocks"][CP] == 5
    assert m.view(None)["players"][0]["held_cards"][CP] == [3]   # held cards stay in front
    assert sum(held.values()) + 1 == sum(len(h) for h in state.hands)
    v = m.view(None)["board"]
    assert v["deck_number"] == 2 and v["market_close_in_deck"] and v["deck"] == sum(used.values())


def test_the_game_ends_the_moment_the_market_close_card_is_drawn():
    m = new_match()
    buy(m, 0, "CP3")                  # 300 Chewy Poultry for $1,200
    move(m, 0, "CP2")                 # ... now worth $600
    end_turn(m, 0, "WB1 WB1")
    _run_until(m, lambda m: m.state.deck_number == 2, _no_close)
    _run_until(m, lambda m: m.current_player() == CHANCE and m.state.phase == "refill", _no_close)
    seat = m.state.seat
    assert DrawMarketClose(seat) in m.legal_actions()
    refused(m, DrawMarketClose(1 - seat), IllegalAction, f"not by {m.game.players[1 - seat]}")
    refused(m, DrawMarketClose(None), IllegalAction,
            f"The next card is drawn by {m.game.players[seat]}, not by the dealer.")
    m.apply(DrawMarketClose(seat))
    assert m.current_player() == TERMINAL and m.legal_actions() == []
    assert m.view(None)["phase"] == "over" and m.view(None)["board"]["market_closed_by"] == seat
    assert m.state.hands[seat].__len__() < 8         # no more cards: the game ended at once
    assert m.describe_log(None)[-1] == (
        f"{m.game.players[seat]} draws the market-close card: the market closes and the game ends.")
    out = m.outcome()
    assert out.scores == (20_000 - 1_200 + 300 * 2, 20_000)
    assert out.winners == (1,)
    assert "cash plus shares" in out.reason
    with pytest.raises(GameIsOver):
        m.apply(EndTurn(seat))


def test_equal_fortunes_share_the_win():
    m = new_match()
    _run_until(m, lambda m: m.state.deck_number == 2, _no_close)
    _run_until(m, lambda m: m.is_over())          # the lowest card is the first, then the close card
    assert m.outcome().scores == (20_000, 20_000)
    assert m.outcome().winners == (0, 1)


def test_a_match_saves_and_replays_mid_game():
    m = new_match()
    buy(m, 0, "CP3")
    exchange_free = new_match()
    exchange(exchange_free, 0, "CP3")
    for match in (m, exchange_free):
        copy = Match.from_json(match.to_json())
        assert copy.view(None) == match.view(None) and copy.view(0) == match.view(0)
        redacted = [a.redacted() for a in match.log]
        assert all(r.get("hidden") for r in redacted if r["type"] in ("DealCard", "ExchangeCard"))
    m.undo()
    assert m.state.money[0] == 20_000 and "CP3" in hand(m, 0)
    m.redo()
    assert m.state.money[0] == 18_800


def test_even_the_start_price_search_can_run_into_the_market_close_card():
    # One copy of each card and four hands holding nearly every $1-$10 card: turning up start
    # prices empties the first deck, and the rebuilt deck can turn up the market-close card.
    hands = ("WB1 WB2 WB3 WB4 WB5 WB6 WB7 WB8", "WB9 WB10 GG1 GG2 GG3 GG4 GG5 GG6",
             "GG7 GG8 GG9 GG10 TT1 TT2 TT3 TT4", "TT5 TT6 TT7 TT8 TT9 TT10 CP9 CP10")
    high = " ".join(f"{s}{v}" for s in ("CP", "WB", "GG", "TT") for v in (11, 12, 13))
    m = new_match(hands=hands, starts=high + " CP1 CP2 CP3 CP4 CP5 CP6 CP7",
                  options={"copies": 1})
    assert m.state.deck_number == 1 and len(m.state.deck) == 1
    m.apply(RevealStartCard(CP, 8))   # skipped; the first deck is used up
    assert m.state.deck_number == 2 and len(m.state.deck) == 12 + 7 + 1
    assert m.view(None)["stocks"] == {CP: 1, WB: 0, GG: 0, TT: 0}
    assert m.view(None)["board"]["delisted"] == []          # never listed yet, not delisted
    m.apply(DrawMarketClose(None))
    assert m.is_over() and m.outcome().winners == (0, 1, 2, 3)
    assert m.describe_log(None)[-1] == (
        "The dealer draws the market-close card: the market closes and the game ends.")


def test_the_public_view_of_a_scripted_table_keeps_hands_secret():
    m = new_match()
    buy(m, 0, "CP3")
    exchange_match = new_match()
    exchange(exchange_match, 0, "TT13")
    for match in (m, exchange_match):
        public = match.view(None)
        public_view_check(match.state, public)
        assert "private" not in public and match.view(0)["private"]["hand"]
    assert m.view(None)["log_hint"] == "Alice may buy (with up to 1 more cards) and sell, then change prices."
    assert m.view(None)["players"][0]["worth"] == 20_000


def test_a_draw_entered_while_the_dealer_deals_says_what_comes_next():
    m = Match("black-monday", ["Alice", "Bob"], seed=1)
    refused(m, DrawCard(0, WB, 1), NotYourTurn,
            "Drawing a card is not the next chance event: the dealer is dealing a card to Alice.")
    refused(m, DrawMarketClose(0), NotYourTurn, "Drawing the market-close card is not the next "
            "chance event: the dealer is dealing a card to Alice.")
