"""Every refusal of 時価で勝負: the message says what and why, and the match is left unchanged."""
import pytest

from tabletop import GameIsOver, IllegalAction, MalformedAction, Match, NotYourTurn, TabletopError
from tabletop.jika import DealCard, DealCertificate, Pass, PlayCard, RevealWatcher

from .script import PLAYERS3, PLAYERS4, deal, hands_from, move, reveal, scripted_game, unchanged
from .test_rules import PASS_CERTS, PASS_GAME
from .test_seed_examples import CERTS4, GAME4


def refused(match, action, error, message):
    before = unchanged(match)
    with pytest.raises(error) as info:
        match.apply(action)
    assert str(info.value) == message
    assert unchanged(match) == before
    assert action not in match.legal_actions()


# positions to refuse things in
def fresh():
    return Match("jika", PLAYERS4, seed=0)


def alices_market_card_due():
    m = fresh()
    m.apply(DealCertificate(0, "queen", "diamonds"))
    m.apply(DealCertificate(0, "king", "clubs"))
    m.apply(DealCard(0, "diamonds", 5))
    return m


def dealt():
    """Everything dealt for GAME4; the first jack is still to be turned up."""
    return scripted_game(PLAYERS4, CERTS4, GAME4, play=0)


def round_one():
    """GAME4, round 1, spades watched, Alice to play."""
    m = dealt()
    reveal(m, "♠")
    return m


def after_round_four():
    return scripted_game(PLAYERS4, CERTS4, GAME4, play=4)


def carol_passed():
    m = scripted_game(PLAYERS3, PASS_CERTS, PASS_GAME, leftovers={"Carol": ["7♥", "8♥"]}, play=1)
    reveal(m, "♠")
    return m


def alice_played_out():
    rounds = [("♣", ["Alice: 5♠ upper", "Bob: 6♥ upper", "Carol: 7♦ upper"])]
    m = scripted_game(PLAYERS3, PASS_CERTS, rounds, play=0)
    reveal(m, "♣")
    move(m, "Alice: 5♠ upper")
    return m


def finished():
    return scripted_game(PLAYERS4, CERTS4, GAME4)


CASES = [
    # --- the deal
    (fresh, DealCertificate(1, "queen", "hearts"), NotYourTurn,
     "The next card dealt is Alice's queen certificate, not Bob's queen certificate."),
    (fresh, DealCertificate(0, "king", "hearts"), NotYourTurn,
     "The next card dealt is Alice's queen certificate, not Alice's king certificate."),
    (fresh, DealCard(0, "hearts", 7), NotYourTurn,
     "The next card dealt is Alice's queen certificate, not Alice's market card."),
    (alices_market_card_due, DealCertificate(0, "queen", "spades"), NotYourTurn,
     "The next card dealt is Alice's market card, not Alice's queen certificate."),
    (alices_market_card_due, DealCard(0, "diamonds", 11), MalformedAction,
     "Only the 2 to 10 of each suit are market cards; 11 of diamonds is not one."),
    (alices_market_card_due, DealCard(0, "diamonds", 1), MalformedAction,
     "Only the 2 to 10 of each suit are market cards; 1 of diamonds is not one."),
    (alices_market_card_due, DealCard(0, "stars", 5), MalformedAction,
     "'stars' is not a suit; the suits are spades, hearts, diamonds, clubs."),
    (fresh, DealCertificate(0, "jack", "hearts"), MalformedAction,
     "'jack' is not a share certificate; they are the queen and the king."),
    (dealt, DealCard(0, "spades", 7), NotYourTurn,
     "The deal is over: every hand and certificate has been dealt."),
    # --- the watcher
    (alices_market_card_due, RevealWatcher("hearts"), NotYourTurn,
     "The deal is not finished; the watcher's first jack is turned up after it."),
    (round_one, RevealWatcher("hearts"), NotYourTurn,
     "No jack is turned up now: it is Alice's turn in round 1."),
    (lambda: scripted_game(PLAYERS4, CERTS4, GAME4, play=1), RevealWatcher("spades"), IllegalAction,
     "The jack of spades is not in the watcher's pile: it is already face up."),
    (dealt, RevealWatcher("hearts", seat=0), MalformedAction,
     "RevealWatcher: seat must be left empty, not 0."),
    # --- playing and passing
    (fresh, PlayCard(0, "diamonds", 5, "upper"), NotYourTurn,
     "Alice cannot play the 5 of diamonds yet: the deal is not finished."),
    (dealt, PlayCard(0, "diamonds", 5, "upper"), NotYourTurn,
     "Alice cannot play the 5 of diamonds yet: the watcher's next jack must be turned up first."),
    (after_round_four, Pass(0), NotYourTurn,
     "Alice cannot pass yet: the watcher's next jack must be turned up first."),
    (round_one, PlayCard(1, "hearts", 7, "upper"), NotYourTurn, "It is Alice's turn, not Bob's."),
    (round_one, PlayCard(0, "spades", 4, "upper"), IllegalAction,
     "Alice cannot play the 4 of spades: the watcher is on spades this round, so no spades may be played."),
    (round_one, PlayCard(0, "diamonds", 5, "lower"), IllegalAction,
     "Alice cannot play the 5 of diamonds on the lower card: diamonds shows only its ace, so the "
     "first card goes above the ace, on the upper card."),
    (round_one, PlayCard(0, "hearts", 7, "upper"), IllegalAction,
     "Alice cannot play the 7 of hearts: it is not in Alice's hand."),
    (round_one, Pass(0), IllegalAction,
     "Alice cannot pass: the 5 of diamonds can be played. Passing is allowed only when the watcher "
     "blocks every card in hand."),
    (carol_passed, PlayCard(2, "hearts", 7, "upper"), NotYourTurn,
     "Carol passed earlier and takes no further part in the game."),
    (alice_played_out, PlayCard(0, "spades", 5, "upper"), NotYourTurn,
     "Alice has played every card and takes no further part."),
    (round_one, PlayCard(0, "diamonds", 5, "middle"), MalformedAction,
     "'middle' is not a place to play; a card goes on the 'upper' or the 'lower' card of its suit."),
    (round_one, PlayCard(0, "diamonds", "5", "upper"), MalformedAction,
     "PlayCard: value must be a whole number, not '5'."),
    (round_one, PlayCard(7, "diamonds", 5, "upper"), MalformedAction,
     "There is no seat 7 at this table (seats 0 to 3)."),
    (round_one, Pass(True), MalformedAction, "Pass: seat must be a whole number, not True."),
    # --- after the end
    (finished, PlayCard(0, "hearts", 3, "upper"), GameIsOver,
     "The game is over; Alice plays the 3 of hearts on the upper card of hearts (price 2 → 3) "
     "cannot be played."),
    (finished, RevealWatcher("hearts"), GameIsOver,
     "The game is over; The watcher turns up the jack of hearts: no hearts may be played this round "
     "cannot be played."),
]


def _after(match, *actions):
    for a in actions:
        match.apply(a)
    return match


@pytest.mark.parametrize("position, action, error, message", CASES,
                         ids=[f"{i:02d}-{type(c[1]).__name__}" for i, c in enumerate(CASES)])
def test_refusal(position, action, error, message):
    refused(position(), action, error, message)


def test_an_action_of_another_game_is_refused():
    m = round_one()
    before = unchanged(m)
    with pytest.raises(MalformedAction, match="is not an action of 時価で勝負"):
        m.apply("play the 5 of diamonds")
    assert unchanged(m) == before


def test_the_state_itself_refuses_before_changing_anything():
    # without a Match around it: the rules validate first, so a refused action leaves no trace
    s = round_one().state
    before = s.view(0), s.view(None), list(s.value_marks)
    for action in (PlayCard(0, "spades", 4, "upper"), Pass(0), PlayCard(0, "diamonds", 5, "lower"),
                   RevealWatcher("clubs"), DealCard(0, "hearts", 2)):
        with pytest.raises(TabletopError):
            s.apply(action)
        assert (s.view(0), s.view(None), list(s.value_marks)) == before
    with pytest.raises(GameIsOver):
        finished().state.apply(Pass(0))


def test_scripts_use_the_real_deal_helpers():
    # guard for the helpers themselves: a 3-player deal fills 9 cards each
    rounds = [("♣", ["Alice: 5♠ upper", "Bob: 6♥ upper", "Carol: 7♦ upper"])]
    m = Match("jika", PLAYERS3, {"hand_size": 1})
    deal(m, PASS_CERTS, hands_from(PLAYERS3, rounds))
    assert m.state.phase == "watch"
