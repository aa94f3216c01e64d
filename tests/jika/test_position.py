"""時価で勝負 started from the table as it is (the market, hand sizes, passes, the watcher's jacks;
then each player's certificates and hand), and corrections of a market card."""
import json
import random

import pytest

from tabletop import Match
from tabletop.core import Correction
from tabletop.errors import IllegalAction, MalformedAction, TabletopError
from tabletop.jika import DealCard, DealCertificate, Pass, PlayCard, Position, RevealWatcher
from tabletop.testing import cut_and_restart, play_with_corrections, refused_unchanged

from .script import PLAYERS3, deal, move

MARKET = (("spades", 7, 4), ("hearts", None, 1), ("diamonds", 3, 1), ("clubs", 9, 10))


def position(**changes) -> Position:
    fields = dict(round=4, market=MARKET, hands=(6, 6, 5), passed=(False, False, False),
                  watchers_shown=("hearts", "clubs"))
    fields.update(changes)
    return Position(**fields)


def started(pos=None) -> Match:
    m = Match("jika", PLAYERS3, seed=0)
    m.apply(pos or position())
    deal(m, {0: ("♦", "♣"), 1: ("♠", "♥"), 2: ("♣", "♦")},
         {0: "2♠ 3♠ 5♥ 6♥ 8♦ 9♦".split(), 1: "2♥ 3♥ 4♥ 2♦ 4♦ 5♦".split(), 2: "2♣ 3♣ 4♣ 5♣ 6♣".split()})
    return m


def test_a_position_then_everyone_enters_their_cards_then_the_next_jack():
    m = started()
    view = m.view()
    assert view["stocks"] == {"spades": 4, "hearts": 1, "diamonds": 1, "clubs": 9}
    assert view["board"]["market"]["spades"]["buy_price"] == 7
    assert [p["hand"] for p in view["players"]] == [6, 6, 5]
    assert view["board"]["watchers_shown"] == ["hearts", "clubs"] and view["board"]["watcher_pile"] == 2
    # 17 in hands, 5 market cards showing: 14 of the 36 market cards are out of the game
    assert view["board"]["removed_unseen"] == {"market_cards": 14, "certificates": 2}
    assert m.view(1)["private"]["certificates"] == {"queen": "spades", "king": "hearts"}
    assert m.view(1)["private"]["score_now"] == 4 + 2 * 1
    w = m.waiting_for()
    assert (w.seat, w.kind, w.secret, w.actions) == (None, "chance", False, ("RevealWatcher",))
    refused_unchanged(m, RevealWatcher("clubs"), IllegalAction, "already face up")
    m.apply(RevealWatcher("spades"))
    assert m.view()["round"] == 4 and m.view()["board"]["watched"] == "spades"
    move(m, "Alice: 8♦ lower")
    assert m.view()["stocks"]["diamonds"] == 3
    assert m.describe_log(None)[0] == (
        "Started from the table as it is: round 4 is next; market (upper/lower) spades 7/4, "
        "hearts ace/ace, diamonds 3/ace, clubs 9/10; cards in hand Alice 6, Bob 6, Carol 5; "
        "jacks shown: hearts, clubs")
    assert m.describe_log(None)[1] == "Alice is dealt a queen share certificate, face down"


def test_the_cards_showing_are_not_offered_to_anyone_and_a_dealt_card_is_refused():
    m = Match("jika", PLAYERS3, seed=0)
    m.apply(position())
    m.apply(DealCertificate(0, "queen", "spades"))
    m.apply(DealCertificate(0, "king", "hearts"))
    for viewer in (None, 0, 1):
        offered = m.offered_actions(viewer)
        assert DealCard(0, "spades", 7) not in offered and DealCard(0, "spades", 8) in offered
    refused_unchanged(m, DealCard(0, "spades", 7), IllegalAction, "The 7 of spades is on the table")
    refused_unchanged(m, DealCard(1, "spades", 8), IllegalAction, "Alice's market card")


@pytest.mark.parametrize("changes, error, words", [
    ({"market": MARKET[:3]}, IllegalAction, "missing: clubs"),
    ({"market": (("spades", None, 4),) + MARKET[1:]}, IllegalAction, "ace of spades is covered by the 4"),
    ({"market": (("spades", 7, 7),) + MARKET[1:]}, IllegalAction, "7 of spades cannot be on the table twice"),
    ({"market": (("spades", 11, 4),) + MARKET[1:]}, MalformedAction, "11 of spades is not one"),
    ({"covered": (("clubs", 9),)}, IllegalAction, "9 of clubs cannot be on the table twice"),
    ({"hands": (6, 6)}, IllegalAction, "hands for 2 players"),
    ({"hands": (6, 10, 5)}, IllegalAction, "Bob cannot hold 10 market cards"),
    ({"hands": (0, 0, 3), "passed": (False, False, True)}, IllegalAction, "that game is over"),
    ({"watchers_shown": ("hearts", "hearts")}, IllegalAction, "different suits"),
    ({"round": 0}, IllegalAction, "1 or more"),
    ({"covered": tuple(("spades", v) for v in (2, 3, 5, 6, 8, 9, 10)) + tuple(("hearts", v) for v in range(2, 11))
      + tuple(("diamonds", v) for v in (2, 4, 5, 6, 7, 8, 9, 10))},
     IllegalAction, "The hands hold 17 cards and 29 are on the table"),
])
def test_impossible_positions_are_refused_and_nothing_is_stored(changes, error, words):
    m = Match("jika", PLAYERS3, seed=0)
    refused_unchanged(m, position(**changes), error, words)
    assert len(m) == 0


def test_a_position_only_first():
    m = Match("jika", PLAYERS3, seed=0)
    m.apply(DealCertificate(0, "queen", "spades"))
    refused_unchanged(m, position(), IllegalAction, "only be the first entry")


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_cut_between_rounds_and_restarted_from_their_position_end_the_same(players):
    for seed in range(6):
        cut_and_restart("jika", players, seed)


# --- corrections ----------------------------------------------------------------------------------

def test_a_market_card_corrected_from_the_cards_out_of_the_game():
    m = started()
    m.apply(Correction("square", None, "spades lower", 5, "the 5 was played, not the 4"))
    assert m.view()["stocks"]["spades"] == 5 and m.value_history().iloc[-1].value == 5
    assert m.view()["board"]["removed_unseen"]["market_cards"] == 14    # the 5 in, the 4 out
    m.apply(Correction("square", None, "clubs lower", 1, "the 10 went on the upper card"))
    assert m.view()["board"]["market"]["clubs"]["lower_card"] == "A♣" and m.view()["stocks"]["clubs"] == 1
    m.apply(Correction("square", None, "diamonds upper", None, "nobody played a diamond"))
    assert m.view()["board"]["market"]["diamonds"]["upper"] is None
    assert m.describe_log()[-1] == "Correction: diamonds upper shows nothing (nobody played a diamond)"
    assert m.ledger().empty       # no money moves in this game until the end
    m.undo()
    assert m.view()["board"]["market"]["diamonds"]["upper"] == 3


@pytest.mark.parametrize("fix, words", [
    (Correction("square", None, "spades lower", 7, "x"), "The 7 of spades is already on the table"),
    (Correction("square", None, "spades upper", None, "x"), "spades shows the 4 over its ace"),
    (Correction("square", None, "hearts lower", 8, "x"), "shows only its ace"),
    (Correction("square", None, "spades middle", 8, "x"), "'<suit> upper' or '<suit> lower'"),
    (Correction("money", 0, "", 8, "x"), "no money during play"),
    (Correction("square", None, "spades lower", 8, " "), "needs a reason"),
])
def test_impossible_corrections_are_refused(fix, words):
    refused_unchanged(started(), fix, IllegalAction, words)


def _answers(m: Match, fixes) -> list:
    out = []
    for fix in fixes:
        trial = m.state.clone()
        try:
            trial.apply(fix)
        except TabletopError as e:
            out.append((e.render("en"), e.render("ja")))
        else:
            out.append(json.dumps(trial.view(None), sort_keys=True))
    return out


def test_a_market_card_correction_answers_the_same_whether_a_hand_or_the_unseen_cards_hold_it():
    """Issue 28: "The 2 of spades is not among the cards out of the game" told the table that a
    hand held it. Alice holds the 2 of spades in one match, the 10 of spades in the other: every
    correction of a market card (in English and Japanese) and the public table after an accepted
    one are the same; a card on the table is refused in both."""
    held = started()
    unseen = Match("jika", PLAYERS3, seed=0)
    unseen.apply(position())
    deal(unseen, {0: ("♦", "♣"), 1: ("♠", "♥"), 2: ("♣", "♦")},
         {0: "10♠ 3♠ 5♥ 6♥ 8♦ 9♦".split(), 1: "2♥ 3♥ 4♥ 2♦ 4♦ 5♦".split(), 2: "2♣ 3♣ 4♣ 5♣ 6♣".split()})
    fixes = [Correction("square", None, f"{suit} {slot}", v, "x") for suit in ("spades", "diamonds")
             for slot in ("upper", "lower") for v in (None, 1, 2, 7, 10)]
    assert _answers(held, fixes) == _answers(unseen, fixes)
    # the 2 goes on the market from Alice's hand: she keeps 6 cards, one she names when she plays it
    held.apply(Correction("square", None, "spades lower", 2, "the 2 was played, not the 4"))
    assert [p["hand"] for p in held.view()["players"]] == [6, 6, 5]
    assert held.view(0)["private"]["cards_to_enter_again"] == 1
    held.apply(RevealWatcher("spades"))
    names = {(a.suit, a.value) for a in held.legal_actions()}
    assert ("hearts", 7) in names and ("spades", 10) not in names     # spades is watched
    held.apply(PlayCard(0, "hearts", 7, "upper"))                       # the card she really holds
    assert "cards_to_enter_again" not in held.view(0)["private"] and held.view()["players"][0]["hand"] == 5
    assert held.view()["board"]["market"]["hearts"]["upper"] == 7


def _random_correction(m: Match, rng: random.Random):
    suit = rng.choice(("spades", "hearts", "diamonds", "clubs"))
    slot = rng.choice(("upper", "lower"))
    return Correction("square", None, f"{suit} {slot}", rng.choice((None, 1, *range(2, 11))), "random fix")


def _no_card_twice(state):
    visible = [(s, v) for s in range(4) for v in (state.upper[s], state.lower[s]) if v not in (None, 1)]
    places = [c for h in state.hands for c in h] + state.undealt + visible
    assert len(places) == len(set(places)), "a market card is in two places"
    assert all(len(h) + k <= state.hand_size for h, k in zip(state.hands, state.unentered))
    assert all(state.lower[s] == 1 for s in range(4) if state.upper[s] is None)


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_with_corrections_keep_every_card_once(players):
    play_with_corrections("jika", players, players, _random_correction, invariant=_no_card_twice, every=3)


def test_the_final_score_sheet_names_each_certificate_and_suit():
    m2 = Match("jika", PLAYERS3, seed=0)
    m2.apply(position(hands=(1, 0, 0)))
    deal(m2, {0: ("♦", "♣"), 1: ("♠", "♥"), 2: ("♣", "♦")}, {0: ["2♠"], 1: [], 2: []})
    m2.apply(RevealWatcher("spades"))          # Alice's only card is blocked: she must pass
    assert [type(a).__name__ for a in m2.legal_actions()] == ["Pass"]
    m2.apply(m2.legal_actions()[0])
    assert m2.is_over()
    ledger = m2.ledger()
    assert list(ledger["kind"]) == ["score"] * 6
    assert list(ledger["subject"])[:2] == ["diamonds", "clubs"]
    assert list(ledger["amount"])[:2] == [1, 2 * 9]


def test_a_certificate_the_match_gave_another_player_is_taken_and_entered_again_before_the_scoring():
    """Issue 28: "The queen of diamonds has already been dealt" told Bob that someone held it.
    Bob's queen of diamonds is accepted like an undealt one; Alice's is then to be entered again,
    which she does once everyone is out, before the certificates are scored."""
    m = Match("jika", PLAYERS3, seed=0)
    m.apply(position(hands=(1, 0, 0)))
    m.apply(DealCertificate(0, "queen", "diamonds"))
    m.apply(DealCertificate(0, "king", "clubs"))
    m.apply(DealCard(0, "spades", 2))
    m.apply(DealCertificate(1, "queen", "diamonds"))         # the match had it as Alice's
    m.apply(DealCertificate(1, "king", "spades"))
    m.apply(DealCertificate(2, "queen", "clubs"))
    m.apply(DealCertificate(2, "king", "diamonds"))
    assert m.view()["board"]["removed_unseen"]["certificates"] == 2 and m.view(0)["private"]["certificates"]["queen"] is None
    m.apply(RevealWatcher("spades"))          # Alice's only card is blocked: she passes
    m.apply(Pass(0))
    assert not m.is_over() and m.waiting_for().seat == 0 and m.waiting_for().secret
    assert m.waiting_for().hint == "Alice enters their queen certificate again before the scoring."
    refused_unchanged(m, RevealWatcher("hearts"), IllegalAction,
                      "Every player is out: Alice is to enter a certificate again, then the game is scored.")
    assert m.offered_actions(None) == [DealCertificate(0, "queen", s) for s in ("spades", "hearts", "diamonds", "clubs")]
    m.apply(DealCertificate(0, "queen", "hearts"))
    assert m.is_over()
    assert m.view()["players"][0]["certificates"] == {"queen": "hearts", "king": "clubs"}
