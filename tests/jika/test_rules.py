"""Each rule of 時価で勝負 as a short scripted scenario."""
import json

from tabletop import CHANCE, TERMINAL, Match
from tabletop.jika import DealCard, DealCertificate, Pass, PlayCard, RevealWatcher

from .script import PLAYERS3, PLAYERS4, deal, hands_from, move, reveal, scripted_game
from .test_seed_examples import CERTS4, GAME4


# --- the deal ---------------------------------------------------------------------------------------
def test_deal_is_one_card_at_a_time_each_player_entering_their_own():
    m = Match("jika", PLAYERS3)
    s = m.state
    assert s.current_player() == CHANCE and s.phase == "deal"
    # Alice's queen certificate first: any of the four queens
    assert s.chance_owner() == 0
    assert s.legal_actions() == [DealCertificate(0, "queen", x)
                                 for x in ("spades", "hearts", "diamonds", "clubs")]
    m.apply(DealCertificate(0, "queen", "hearts"))
    m.apply(DealCertificate(0, "king", "hearts"))     # the same suit as her queen is possible
    assert s.chance_owner() == 0 and len(s.legal_actions()) == 36      # 2 to 10 of four suits
    m.apply(DealCard(0, "diamonds", 7))
    assert DealCard(0, "diamonds", 7) not in m.state.legal_actions()
    assert len(m.state.legal_actions()) == 35
    for value in range(2, 10):
        m.apply(DealCard(0, "spades", value))
    # nine cards at three players: Bob's turn to be dealt, his queen first; hearts is gone
    assert m.state.chance_owner() == 1
    assert [a.suit for a in m.state.legal_actions()] == ["spades", "diamonds", "clubs"]


def test_hand_sizes_9_at_three_players_and_7_at_four():
    assert Match("jika", PLAYERS3).state.deal_total == 3 * (2 + 9)
    assert Match("jika", PLAYERS4).state.deal_total == 4 * (2 + 7)


def test_cards_nobody_is_dealt_are_out_of_the_game_unseen():
    # 3 players: 27 of the 36 market cards dealt, 9 out unseen; the spare queen and king too
    m = Match("jika", PLAYERS3, seed=5)
    while m.state.phase == "deal":
        m.play_chance()
    assert m.view()["board"]["removed_unseen"] == {"market_cards": 9, "certificates": 2}
    assert m.state.phase == "watch" and m.current_player() == CHANCE
    m = Match("jika", PLAYERS4, seed=5)
    while m.state.phase == "deal":
        m.play_chance()
    assert m.view()["board"]["removed_unseen"] == {"market_cards": 8, "certificates": 0}


def test_hands_and_certificates_are_secret_until_the_end():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=2)
    public = m.view()
    text = json.dumps(public, ensure_ascii=False)
    assert "private" not in public
    assert [p["hand"] for p in public["players"]] == [5, 5, 5, 5]
    assert all(p["certificates"] is None and p["holdings"] == {} for p in public["players"])
    assert "queen" not in text and "king" not in text
    mine = m.view(0)["private"]
    assert mine["certificates"] == {"queen": "diamonds", "king": "clubs"}
    assert [c["label"] for c in mine["hand"]] == ["4♠", "10♠", "9♦", "6♣", "8♣"]
    assert mine["score_now"] == m.state.price(2) + 2 * m.state.price(3)
    # the public log shows that cards were dealt, never which
    log = m.describe_log()
    assert log[:3] == ["Alice is dealt a queen share certificate, face down",
                       "Alice is dealt a king share certificate, face down",
                       "Alice is dealt a market card, face down"]
    own = m.describe_log(0)
    assert own[:3] == ["Alice is dealt the queen of diamonds as a share certificate",
                       "Alice is dealt the king of clubs as a share certificate",
                       "Alice is dealt the 5 of diamonds"]
    assert own[9] == "Bob is dealt a queen share certificate, face down"


def test_start_player_option_sets_who_is_dealt_first_and_opens_every_round():
    certs = [("♠", "♥"), ("♦", "♣"), ("♣", "♦")]
    rounds = [("♠", ["Bob: 5♦ upper", "Carol: 6♣ upper", "Alice: 7♥ upper"]),
              ("♥", ["Bob: 2♦ lower", "Carol: 3♣ lower", "Alice: 9♠ upper"])]
    m = Match("jika", PLAYERS3, {"first_player": 1, "hand_size": 2})
    assert m.state.chance_owner() == 1
    deal(m, certs, hands_from(PLAYERS3, rounds))
    reveal(m, "♠")
    assert m.current_player() == 1 and m.view()["first_player"] == 1
    for text in rounds[0][1]:
        move(m, text)
    reveal(m, "♥")
    assert m.current_player() == 1      # the joker never moves: Bob opens round 2 too
    for text in rounds[1][1]:
        move(m, text)
    assert m.is_over()


# --- the watcher -------------------------------------------------------------------------------------
def test_the_watched_suit_cannot_be_played_that_round():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=0)
    reveal(m, "♠")
    assert m.view()["board"]["watched"] == "spades"
    assert m.view()["board"]["watcher_pile"] == 3
    assert all(a.suit != "spades" for a in m.legal_actions())
    # Alice holds two spades (4 and 10); neither is offered
    assert {(a.suit, a.value) for a in m.legal_actions()} == {
        ("diamonds", 5), ("diamonds", 9), ("clubs", 10), ("clubs", 6), ("clubs", 8)}


def test_a_round_is_every_player_once_then_the_watcher_moves():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=1)
    s = m.state
    assert s.current_player() == CHANCE and s.phase == "watch" and s.round == 1
    assert s.legal_actions() == [RevealWatcher(x) for x in ("hearts", "diamonds", "clubs")]
    reveal(m, "♥")
    assert m.state.round == 2 and m.current_player() == 0 and m.state.phase == "play"
    assert m.view()["board"]["watchers_shown"] == ["spades", "hearts"]


def test_the_four_jacks_are_reshuffled_when_the_watcher_pile_is_empty():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=4)
    board = m.view()["board"]
    assert board["watcher_pile"] == 4 and board["watchers_shown"] == [] and board["reshuffles"] == 1
    # all four jacks are back, the one just watched (clubs) included
    assert [a.suit for a in m.legal_actions()] == ["spades", "hearts", "diamonds", "clubs"]
    assert m.describe_log()[-1].startswith("Dave plays")
    reveal(m, "♣")
    assert m.describe_log()[-1] == ("The four jacks are shuffled into a new watcher pile; the watcher "
                                    "turns up the jack of clubs: no clubs may be played this round")
    assert m.view()["board"]["watched"] == "clubs" and m.state.round == 5


# --- playing a card ----------------------------------------------------------------------------------
def test_the_first_card_of_a_suit_goes_above_the_ace_then_either_card_may_be_covered():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=0)
    reveal(m, "♠")
    assert PlayCard(0, "diamonds", 5, "upper") in m.legal_actions()
    assert PlayCard(0, "diamonds", 5, "lower") not in m.legal_actions()
    move(m, "Alice: 5♦ upper")
    assert m.view()["board"]["market"]["diamonds"] == {
        "upper": 5, "lower": 1, "upper_card": "5♦", "lower_card": "A♦", "price": 1, "buy_price": 5}
    move(m, "Bob: 7♥ upper")
    move(m, "Carol: 9♣ upper")
    # diamonds now shows two cards: Dave may cover either
    assert {a.slot for a in m.legal_actions() if a.suit == "diamonds" and a.value == 8} == {"upper", "lower"}
    move(m, "Dave: 8♦ lower")
    assert m.view()["stocks"]["diamonds"] == 5
    assert m.describe_log()[-1] == "Dave plays the 8 of diamonds on the lower card of diamonds (price 1 → 5)"


def test_every_card_played_stays_in_the_public_record():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=1)
    plays = m.view()["board"]["plays"]
    assert [(p["seat"], p["card"], p["slot"]) for p in plays] == [
        (0, "5♦", "upper"), (1, "7♥", "upper"), (2, "9♣", "upper"), (3, "8♦", "lower")]


# --- passing -----------------------------------------------------------------------------------------
PASS_CERTS = [("♠", "♥"), ("♦", "♣"), ("♣", "♦")]
PASS_GAME = [("♥", ["Alice: 5♦ upper", "Bob: 6♣ upper", "Carol: pass"]),
             ("♠", ["Alice: 3♦ lower", "Bob: 2♣ lower"])]


def test_a_player_whose_every_card_is_watched_must_pass_and_is_out_for_good():
    m = scripted_game(PLAYERS3, PASS_CERTS, PASS_GAME, leftovers={"Carol": ["7♥", "8♥"]}, play=0)
    reveal(m, "♥")
    move(m, "Alice: 5♦ upper")
    move(m, "Bob: 6♣ upper")
    assert m.legal_actions() == [Pass(2)]        # only hearts in hand, and hearts is watched
    move(m, "Carol: pass")
    assert m.describe_log()[-1] == ("Carol passes: the watcher blocks every card in hand, "
                                    "and a pass is for the rest of the game")
    reveal(m, "♠")        # hearts could be played now, but Carol has passed: she is skipped
    move(m, "Alice: 3♦ lower")
    assert m.current_player() == 1
    move(m, "Bob: 2♣ lower")
    # Alice and Bob have no cards, Carol has passed: the game ends, no further jack is turned
    assert m.current_player() == TERMINAL and m.view()["board"]["watcher_pile"] == 2
    pub = m.view()["players"]
    assert pub[2]["passed"] and pub[2]["out"] and pub[2]["hand"] == 2
    # Carol's unplayed hearts are simply out of the game; her certificates still score
    assert m.outcome().scores == (1 + 2 * 1, 3 + 2 * 2, 2 + 2 * 3)
    assert "private" not in m.view() and "7♥" not in json.dumps(m.view(), ensure_ascii=False)


def test_the_game_ends_as_soon_as_everyone_has_played_out_or_passed():
    # Carol passes in round 1; in round 2 Alice plays her last card and Bob must pass
    rounds = [("♥", ["Alice: 5♦ upper", "Bob: 6♣ upper", "Carol: pass"]),
              ("♣", ["Alice: 2♦ lower", "Bob: pass"])]
    m = scripted_game(PLAYERS3, PASS_CERTS, rounds,
                      leftovers={"Bob": ["3♣"], "Carol": ["7♥", "8♥"]})
    assert m.is_over() and m.legal_actions() == []
    assert m.state.round == 2 and m.state.phase == "over"
    assert m.view()["to_act"] is None


# --- the end: scoring and ties --------------------------------------------------------------------------
def test_a_tie_on_points_goes_to_the_higher_queen():
    certs = [("♠", "♦"), ("♥", "♣"), ("♣", "♠")]
    rounds = [("♠", ["Alice: 5♦ upper", "Bob: 5♥ upper", "Carol: 9♣ upper"]),
              ("♣", ["Alice: 2♦ lower", "Bob: 3♥ lower", "Carol: 7♠ upper"])]
    m = scripted_game(PLAYERS3, certs, rounds)
    assert m.view()["stocks"] == {"spades": 1, "hearts": 3, "diamonds": 2, "clubs": 1}
    out = m.outcome()
    assert out.scores == (1 + 2 * 2, 3 + 2 * 1, 1 + 2 * 1) == (5, 5, 3)
    assert out.winners == (1,)
    assert out.reason == "Alice and Bob tie on 5 points; Bob wins on the higher queen (hearts at 3)."


def test_a_tie_on_points_and_queens_is_a_shared_win():
    certs = [("♠", "♥"), ("♥", "♠"), ("♦", "♣")]
    rounds = [("♦", ["Alice: 5♠ upper", "Bob: 6♥ upper", "Carol: 9♣ upper"]),
              ("♣", ["Alice: 2♥ lower", "Bob: 2♠ lower", "Carol: 8♦ upper"])]
    m = scripted_game(PLAYERS3, certs, rounds)
    out = m.outcome()
    assert out.scores == (6, 6, 3) and out.winners == (0, 1)
    assert out.reason == ("Alice and Bob tie on 6 points and on their queens' value (2): "
                          "Alice and Bob share the win.")


def test_three_way_tie_where_two_queens_are_higher():
    certs = [("♠", "♥"), ("♥", "♠"), ("♣", "♦")]
    rounds = [("♣", ["Alice: 5♠ upper", "Bob: 3♠ lower", "Carol: 6♥ upper"]),
              ("♠", ["Alice: 3♥ lower", "Bob: 7♦ upper", "Carol: 4♦ lower"])]
    m = scripted_game(PLAYERS3, certs, rounds)
    out = m.outcome()
    assert m.view()["stocks"] == {"spades": 3, "hearts": 3, "diamonds": 4, "clubs": 1}
    assert out.scores == (9, 9, 9) and out.winners == (0, 1)
    assert out.reason == ("Alice, Bob and Carol tie on 9 points; Alice and Bob have the higher "
                          "queens (3): Alice and Bob share the win.")


def test_untouched_suits_stay_at_the_ace_price_of_1():
    certs = [("♠", "♥"), ("♥", "♦"), ("♦", "♠")]
    rounds = [("♣", ["Alice: 5♠ upper", "Bob: 6♥ upper", "Carol: 7♦ upper"])]
    m = scripted_game(PLAYERS3, certs, rounds)
    assert m.view()["stocks"] == {"spades": 1, "hearts": 1, "diamonds": 1, "clubs": 1}
    assert m.outcome().scores == (3, 3, 3) and m.outcome().winners == (0, 1, 2)
