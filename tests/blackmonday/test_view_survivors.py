"""Public facts of Black Monday's shared screen that sampled mutants of `view` changed without
any test noticing (docs/testing.md, "Mutation scores"). Expected values from docs/black-monday.md
(the limits table, 104 stock cards and the market-close card, 8 cards a hand, 1,200 shares) and
the cards each test turns up."""
import html

from tabletop import Match
from tabletop.widgets.titles.blackmonday import blackmonday_board
from tabletop.widgets.render import players_html

from .helpers import buy, crash, move, new_match

LIMITS = {"Chewy Poultry": (2, 3), "Whip Burger": (3, 4), "Gum Gum Mine": (4, 5), "Tiki-Taka Tech": (5, 6)}


def board_text(m) -> str:
    return html.unescape(blackmonday_board(m.view(None)))


def test_nobody_owes_anything_on_the_shared_players_table():
    # docs/black-monday.md: a purchase is never more than one's cash, and nothing else costs
    # money, so no player can owe the bank: the "Owes" column stays empty
    m = new_match()
    buy(m, 0, "CP3")                           # Alice lays her $3 Chewy Poultry card sideways
    view = m.view(None)
    assert [p["owed"] for p in view["players"]] == [0, 0]
    shown = players_html(view)
    # (a cell's data-label is its column's heading, which a phone shows beside it)
    assert 'class="tt-owed"' not in shown and shown.count('<td data-label="Owes"><span class="tt-cell"><span class="tt-dim">-</span></span></td>') == 2


def test_each_ticker_on_the_shared_board_shows_its_price_and_its_limits():
    m = new_match(starts="CP4 WB3 GG10 TT10")
    shown = board_text(m)
    for stock, price in (("Chewy Poultry", 4), ("Whip Burger", 3), ("Gum Gum Mine", 10), ("Tiki-Taka Tech", 10)):
        down, up = LIMITS[stock]
        assert (f'<div class="tt-stock-name">{stock}</div><div class="tt-stock-value">${price}</div>'
                f'<div class="tt-dim">down {down} / up {up}</div>') in shown


def test_the_shared_board_counts_the_deck_and_says_the_share_cap():
    # 104 stock cards: 8 in each of 2 hands, 4 turned up for the start prices (the market-close
    # card is set aside while the first deck lasts)
    assert "Deck 84 (deck 1) · discard 0 · cap 1,200 shares a stock" in board_text(new_match())


def test_the_turns_price_changes_are_counted_on_the_shared_board():
    m = new_match()
    move(m, 0, "CP2")                          # Chewy Poultry $4 -> $2: $2 down is its limit
    assert "this turn: 0 bought, 1 price changes" in board_text(m)


def test_a_crashed_stock_is_shown_delisted_at_0():
    m = new_match()
    crash(m, 0, "TT13")                        # $13 lies within Tiki-Taka's $6 up from $10
    assert m.view(None)["board"]["delisted"] == ["Tiki-Taka Tech"]
    assert '<div class="tt-stock-name">Tiki-Taka Tech</div><div class="tt-stock-value">$0</div>' in board_text(m)
    assert "delisted ($0)" in board_text(m)


def test_the_shared_screen_names_the_game_and_says_whether_500_share_cards_are_played():
    m = new_match()
    assert m.view(None)["title"] == "Black Monday" and m.view(None)["rounds"] is None
    assert m.view(None)["board"]["five_hundred_shares"] is False
    variant = Match("black-monday", ["Alice", "Bob"], {"five_hundred_shares": True})
    assert variant.view(None)["board"]["five_hundred_shares"] is True


def test_the_shared_players_table_marks_who_is_to_act():
    m = new_match()                            # Alice takes the first turn (option first_player 0)
    view = m.view(None)
    assert view["to_act"] == 0
    assert '<th>Alice <span class="tt-badge tt-turn">to act</span>' in players_html(view)
