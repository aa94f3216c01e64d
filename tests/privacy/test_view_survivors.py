"""Public fields of the shared screen's view that sampled mutants changed without any test
noticing (docs/testing.md, "Mutation scores"). Each expected value is counted from the rulebook
as docs/jika.md and docs/stockpile.md give it, or from the entries the test itself made."""
from tabletop import CHANCE, Match
from tabletop.jika import DealCard, DealCertificate, PlayCard, RevealWatcher

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
