"""The worked examples of the 時価で勝負 rules text, played out at the table."""
from tabletop.core import BANK

from .script import PLAYERS3, PLAYERS4, move, reveal, scripted_game

# A full 4-player game at the rules' hand size (7 cards). Alice holds the queen of diamonds
# and the king of clubs; Bob holds the queen and the king of hearts (the seed's players A and B).
CERTS4 = [("♦", "♣"), ("♥", "♥"), ("♠", "♦"), ("♣", "♠")]
GAME4 = [
    ("♠", ["Alice: 5♦ upper", "Bob: 7♥ upper", "Carol: 9♣ upper", "Dave: 8♦ lower"]),
    ("♥", ["Alice: 10♣ lower", "Bob: 3♠ upper", "Carol: 6♦ upper", "Dave: 2♣ upper"]),
    ("♦", ["Alice: 4♠ lower", "Bob: 8♥ lower", "Carol: 7♣ upper", "Dave: 10♥ upper"]),
    ("♣", ["Alice: 9♦ lower", "Bob: 2♥ upper", "Carol: 5♠ upper", "Dave: 7♦ upper"]),
    # the watcher pile is empty: the four jacks are shuffled and the hearts comes up again
    ("♥", ["Alice: 6♣ lower", "Bob: 8♠ lower", "Carol: 4♦ upper", "Dave: 9♠ upper"]),
    ("♠", ["Alice: 8♣ upper", "Bob: 9♥ lower", "Carol: 10♦ lower", "Dave: 4♥ lower"]),
    ("♦", ["Alice: 10♠ upper", "Bob: 6♥ lower", "Carol: 2♠ lower", "Dave: 6♠ lower"]),
]


def test_seed_scoring_example_16_points_and_6_points():
    m = scripted_game(PLAYERS4, CERTS4, GAME4)
    assert m.game.options["hand_size"] == 7            # the rules' hand at 4 players
    assert m.is_over()
    assert m.view()["stocks"] == {"spades": 6, "hearts": 2, "diamonds": 4, "clubs": 6}
    out = m.outcome()
    # Alice: diamonds 4 x1 (queen) + clubs 6 x2 (king) = 4 + 12 = 16
    assert out.scores[0] == 16
    # Bob: queen and king of hearts, hearts 2 -> 2 x3 = 6
    assert out.scores[1] == 6
    assert out.scores == (16, 6, 14, 18)
    assert out.winners == (3,)
    assert out.reason == "Dave wins with 18 points."
    # the ledger is the score sheet: one credit per certificate, from the bank
    alice = [(p.payer, p.amount, p.reason) for p in m.state.payments if p.payee == 0]
    assert alice == [(BANK, 4, "queen of diamonds at 4 x1"), (BANK, 12, "king of clubs at 6 x2")]
    bob = [(p.amount, p.reason) for p in m.state.payments if p.payee == 1]
    assert bob == [(2, "queen of hearts at 2 x1"), (4, "king of hearts at 2 x2")]
    assert m.state.money == [16, 6, 14, 18]
    # at the end the certificates are shown to everybody
    pub = m.view()["players"]
    assert pub[0]["certificates"] == {"queen": "diamonds", "king": "clubs"}
    assert pub[1]["holdings"] == {"hearts": 3}
    assert pub[0]["holdings"] == {"diamonds": 1, "clubs": 2}


def test_seed_price_example_lower_card_is_the_price_and_only_top_cards_count():
    # "diamonds shows 6 and 7: its price is 6. Clubs shows 7 and the ace: its price is 1.
    #  A 2 of diamonds played on the 7 of diamonds makes the price 2, neither 6 nor 7."
    rounds = [
        ("♠", ["Alice: 7♦ upper", "Bob: 6♦ lower", "Carol: 7♣ upper"]),
        ("♥", ["Alice: 2♦ upper", "Bob: 3♣ upper", "Carol: 9♠ upper"]),
    ]
    m = scripted_game(PLAYERS3, [("♠", "♥"), ("♦", "♣"), ("♣", "♦")], rounds, play=0)
    reveal(m, "♠")
    move(m, "Alice: 7♦ upper")
    assert m.view()["stocks"]["diamonds"] == 1     # 7 above the ace: the ace is lower
    move(m, "Bob: 6♦ lower")
    assert m.view()["board"]["market"]["diamonds"]["upper_card"] == "7♦"
    assert m.view()["board"]["market"]["diamonds"]["lower_card"] == "6♦"
    assert m.view()["stocks"]["diamonds"] == 6
    move(m, "Carol: 7♣ upper")
    assert m.view()["stocks"]["clubs"] == 1
    reveal(m, "♥")
    move(m, "Alice: 2♦ upper")
    assert m.view()["stocks"]["diamonds"] == 2
    assert m.view()["board"]["market"]["diamonds"]["buy_price"] == 6


def test_value_history_records_each_price_change():
    m = scripted_game(PLAYERS4, CERTS4, GAME4)
    hist = m.value_history()
    diamonds = hist[hist.stock == "diamonds"]["value"].tolist()
    assert diamonds == [1, 5, 6, 7, 4]
    assert hist.groupby("stock")["value"].last().to_dict() == {
        "spades": 6, "hearts": 2, "diamonds": 4, "clubs": 6}
