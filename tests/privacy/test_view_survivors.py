"""Public fields of the shared screen's view that sampled mutants changed without any test
noticing (docs/testing.md, "Mutation scores"). Each expected value is counted from the rulebook
as docs/jika.md and docs/stockpile.md give it, or from the entries the test itself made."""
from tabletop import CHANCE, Match
from tabletop.jika import DealCard, DealCertificate, PlayCard, RevealWatcher
from tabletop.stockpile import rules as R

# pytest puts tests/ on the path (the root of its test packages): the Stockpile tests' scripted table
from stockpile.table import AUTO, BANK_, COSMIC, EPIC, LABS, STEEL, Table, at_auction

JIKA_SUITS = ("spades", "hearts", "diamonds", "clubs")


def jika_dealt(players=("Alice", "Bob", "Carol")) -> Match:
    """A 3-player deal written out: each player gets a queen, a king and 9 market cards
    (docs/jika.md); here seat k holds the queen, king and 2..10 of the k-th suit."""
    m = Match("jika", list(players), seed=0)
    cards = [(s, v) for s in JIKA_SUITS for v in range(2, 11)]
    for seat in range(len(players)):
        m.apply(DealCertificate(seat, "queen", JIKA_SUITS[seat]))
        m.apply(DealCertificate(seat, "king", JIKA_SUITS[seat]))
        for _ in range(9):
            m.apply(DealCard(seat, *cards.pop(0)))
    return m


def test_jika_the_shared_screen_counts_the_deck_while_dealing_and_what_left_unseen_after():
    # docs/jika.md: 36 market cards; 9 each at 3 players; the other 9 and the spare queen and
    # king leave the game unseen once the deal is over (not before: nobody knows which yet)
    m = Match("jika", ["Alice", "Bob", "Carol"], seed=0)
    board = m.view(None)["board"]
    assert (board["deck"], board["removed_unseen"]) == (36, {"market_cards": 0, "certificates": 0})
    m.apply(DealCertificate(0, "queen", "spades"))
    m.apply(DealCertificate(0, "king", "hearts"))
    m.apply(DealCard(0, "clubs", 7))
    board = m.view(None)["board"]
    assert (board["deck"], board["removed_unseen"]) == (35, {"market_cards": 0, "certificates": 0})
    m = jika_dealt()
    board = m.view(None)["board"]
    assert m.view(None)["phase"] != "deal"
    assert (board["deck"], board["removed_unseen"]) == (0, {"market_cards": 9, "certificates": 2})


def test_jika_seat_0_to_play_is_shown_as_the_one_to_act():
    m = jika_dealt()
    assert m.current_player() == CHANCE and m.view(None)["to_act"] is None    # the watcher's jack
    m.apply(RevealWatcher("clubs"))
    assert m.current_player() == 0                # Alice starts (option first_player, default 0)
    assert m.view(None)["to_act"] == 0 and m.view(1)["to_act"] == 0
    m.apply(PlayCard(0, "spades", 5, "upper"))
    assert m.view(None)["to_act"] == 1


def test_jika_every_card_played_is_on_the_shared_screen_with_its_suit():
    # docs/jika.md: the public view shows every card played
    m = jika_dealt()
    m.apply(RevealWatcher("clubs"))
    m.apply(PlayCard(0, "spades", 5, "upper"))
    m.apply(PlayCard(1, "hearts", 3, "upper"))
    plays = m.view(None)["board"]["plays"]
    assert [(p["seat"], p["suit"], p["value"], p["slot"]) for p in plays] == [
        (0, "spades", 5, "upper"), (1, "hearts", 3, "upper")]


def test_jika_title_is_written_as_the_docs_write_it_and_has_no_fixed_number_of_rounds():
    # docs/jika.md's heading: 時価で勝負 ("Market Price Showdown"); the game ends when all are out
    view = Match("jika", ["Alice", "Bob", "Carol"], seed=0).view(None)
    assert view["title"] == "時価で勝負 (Market Price Showdown)"
    assert "rounds" in view and view["rounds"] is None


# --- Stockpile ---------------------------------------------------------------------------------
def stockpile_auction_won():
    """tests/stockpile/table.py's first auction (its docstring lists every card), each player
    taking the stockpile in front of their turn for $0: Alice 1, Bob 2, Carol 3."""
    t = at_auction()
    t.bid("Alice", 0, 0)
    t.bid("Bob", 1, 0)
    t.bid("Carol", 2, 0)
    return t


def test_stockpile_face_down_cards_in_front_of_a_player_count_boom_and_bust_not_yet_played():
    # counted from the deal: a starting stock each, then Alice's Automotive, Epic, Epic; Bob's
    # Cosmic and face-down Bust (his $1,000 fee lies face up); Carol's Boom and Bank (her face-down
    # $2,000 fee is a fee, not a card she keeps)
    t = stockpile_auction_won()
    assert [p["holdings"]["stock_cards"] for p in t.m.view(None)["players"]] == [4, 3, 3]


def test_stockpile_meeples_waiting_shows_only_during_the_auction():
    t = Table().start(EPIC, COSMIC, BANK_)
    t.info((EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$"), open=(LABS, "+1"))
    assert [p["meeples_waiting"] for p in t.m.view(None)["players"]] == [0, 0, 0]
    t = at_auction()
    # 3 players: one bidding meeple each (docs/stockpile.md: two only in the 2-player game)
    assert [p["meeples_waiting"] for p in t.m.view(None)["players"]] == [1, 1, 1]
    t.bid("Alice", 0, 0)
    assert [p["meeples_waiting"] for p in t.m.view(None)["players"]] == [0, 1, 1]
    t.bid("Bob", 1, 0)
    t.bid("Carol", 2, 0)
    assert [p["meeples_waiting"] for p in t.m.view(None)["players"]] == [0, 0, 0]


def test_stockpile_each_turned_pair_says_where_it_came_from():
    # docs/stockpile.md, movement: the players' pairs from the first player, then the face-up
    # pair, then the face-down pairs (3 players: two of them, numbered here 1 and 2). The last
    # round's pairs stay on the table at the end of the game.
    t = stockpile_auction_won()
    t.quiet_until(lambda s: s.step == R.OVER)
    view = t.m.view(None)
    first = view["first_player"]
    players = ["Alice", "Bob", "Carol"]
    expected = [players[(first + k) % 3] for k in range(3)]
    expected += ["face-up pair", "face-down pair 1", "face-down pair 2"]
    assert [p["from"] for p in view["board"]["revealed_pairs"]] == expected
    # six different tiles and six different forecasts: every one turned over once
    assert len({p["company"] for p in view["board"]["revealed_pairs"]}) == 6
    assert len({p["forecast"] for p in view["board"]["revealed_pairs"]}) == 6


def test_stockpile_shared_screen_names_the_game_and_says_whether_investors_are_played():
    assert Table().m.view(None)["title"] == "Stockpile"              # docs/stockpile.md's heading
    assert Table().m.view(None)["board"]["investors"] is False
    assert Table(investors=True).m.view(None)["board"]["investors"] is True
