"""Every refusal of a classroom experiment: the words say what and why; the match is unchanged."""
import pytest

from tabletop.classroom import (Bid, BreakTie, CloseRound, DrawCommonValue, DrawPileValue, DrawSignal,
                                DrawValue, EndExperiment, FormGroups, Join, OpenRound, PlaceBid, seat_labels)
from tabletop.errors import GameIsOver, IllegalAction, MalformedAction, OptionsError
from tabletop.match import Match

from .helpers import bids, new_class, open_round, refused


@pytest.mark.parametrize("seats, options, message", [
    (3, {"experiment": "dutch"}, "The experiment is one of first-price, second-price, common-value, ladder; not 'dutch'."),
    (3, {"colour": "red"}, "Classroom auctions have no option 'colour'; the options are experiment, group_size, "
                           "rounds, low, high, noise, missing_bid."),
    (10, {"group_size": 9}, "The group size is a whole number from 2 to 8, not 9."),
    (10, {"group_size": 1}, "The group size is a whole number from 2 to 8, not 1."),
    (10, {"group_size": 3.0}, "The group size is a whole number from 2 to 8, not 3.0."),
    (10, {"experiment": "ladder", "group_size": 6},
     "The ladder's group size (one pile per bidder) is a whole number from 2 to 5, not 6."),
    (3, {"group_size": 4}, "A class of 3 seats cannot form a group of 4."),
    (3, {"rounds": 0}, "The number of rounds is a whole number from 1 to 20, not 0."),
    (3, {"rounds": 21}, "The number of rounds is a whole number from 1 to 20, not 21."),
    (3, {"low": 50, "high": 50}, "The highest value must be above the lowest ($50 and $50)."),
    (3, {"low": -1}, "The lowest value is a whole number from 0 to 1,000,000, not -1."),
    (3, {"high": 5000}, "The lowest and highest values are at most $1,000 apart (got $0 and $5,000)."),
    (4, {"experiment": "ladder", "high": 25_500},
     "On the ladder, values are multiples of $1,000: the lowest and highest values must be too (got $0 and $25,500)."),
    (3, {"noise": -1}, "The common value's noise is a whole number from 0 to 500, not -1."),
    (3, {"missing_bid": "skip"}, "The missing-bid rule is 'none' (no bid) or 'random' (a random bid), not 'skip'."),
])
def test_options_refused_in_words(seats, options, message):
    with pytest.raises(OptionsError) as info:
        Match("classroom", seat_labels(seats), options)
    assert str(info.value) == message


def test_class_size_bounds():
    with pytest.raises(OptionsError, match="is for 2 to 60 players, not 61"):
        Match("classroom", seat_labels(61))
    assert Match("classroom", seat_labels(60)).view(None)["seats"][59]["label"] == "Seat 60"


def test_join_refusals():
    m = new_class(seats=4, joined=2)
    refused(m, Join(2, ""), IllegalAction, "Seat 3 cannot join as '': a nickname has 1 to 40 characters; this one is empty.")
    refused(m, Join(2, "   "), IllegalAction, "Seat 3 cannot join as '   ': a nickname has 1 to 40 characters; this one is empty.")
    refused(m, Join(2, "x" * 41), IllegalAction,     # the nickname quoted up to 40 characters, then cut
            f"Seat 3 cannot join as '{'x' * 36}...: a nickname has 1 to 40 characters; this one has 41.")
    refused(m, Join(2, "ANN"), IllegalAction,
            "Seat 3 cannot join as 'ANN': the nickname 'ANN' is taken by another student; choose another.")
    refused(m, Join(2, "a\nb"), IllegalAction,
            "Seat 3 cannot join as 'a\\nb': a nickname is one line of ordinary characters (no line breaks or tabs).")
    refused(m, Join(9, "Zed"), IllegalAction, "There is no seat 10: this class has seats 1 to 4.")
    refused(m, Join(2, 5), MalformedAction, "Join: nickname must be text, not 5.")
    m.apply(Join(0, "ann"))              # renaming oneself, even to another case, is fine
    assert m.describe_log(None)[-1] == "Seat 1 (Ann) is now called ann"


def test_teacher_refusals():
    m = new_class(seats=4, joined=2)
    refused(m, OpenRound(), IllegalAction,
            "The teacher cannot open a round: A round needs at least 3 students (one group); 2 have joined.")
    refused(m, CloseRound(), IllegalAction, "The teacher cannot close a round: no round is open.")
    m.apply(Join(2, "Cy"))
    m.apply(OpenRound())
    refused(m, OpenRound(), IllegalAction, "The teacher cannot open a round: Round 1 is still open; close it first.")
    refused(m, CloseRound(), IllegalAction,
            "The teacher cannot close round 1 yet: its groups and values are still being drawn.")
    refused(m, EndExperiment(), IllegalAction,
            "The teacher cannot end the experiment while round 1 is open; close it first.")


def test_bid_refusals():
    m = new_class(seats=4, joined=3, rounds=1)
    refused(m, Bid(0, 50), IllegalAction, "Ann cannot bid: no round is open.")
    m.apply(OpenRound())
    refused(m, Bid(0, 50), IllegalAction, "Ann cannot bid yet: round 1's values are still being drawn.")
    m.apply(FormGroups(1, (0, 1, 2)))
    for seat, value in ((0, 63), (1, 40), (2, 81)):
        m.apply(DrawValue(seat, value))
    m.apply(Join(3, "Di"))
    refused(m, Bid(3, 50), IllegalAction,
            "Di cannot bid: Di is not in round 1 (a student who joins during a round takes part from the next).")
    refused(m, Bid(0, 101), IllegalAction, "Ann cannot bid $101: a bid is a whole number of dollars from $0 to $100.")
    refused(m, Bid(0, -1), IllegalAction, "Ann cannot bid -$1: a bid is a whole number of dollars from $0 to $100.")
    refused(m, Bid(0, 50.5), MalformedAction, "Bid: amount must be a whole number, not 50.5.")
    refused(m, Bid(0, True), MalformedAction, "Bid: amount must be a whole number, not True.")
    refused(m, Bid(7, 50), IllegalAction, "There is no seat 8: this class has seats 1 to 4.")
    refused(m, PlaceBid(0, 0, 0), IllegalAction, "This experiment takes sealed bids: a bid is an amount, not a pile.")
    m.apply(Bid(0, 50))
    refused(m, Bid(0, 60), IllegalAction, "Ann has already bid in round 1; one bid per round.")
    m.apply(CloseRound())
    refused(m, Bid(1, 30), GameIsOver, "The game is over; Bob bids $30 cannot be played.")


def test_ladder_refusals():
    m = new_class("ladder", seats=2, group_size=2)
    open_round(m, (0, 1), {0: (10_000, 4_000), 1: (8_000, 1_000)})
    refused(m, Bid(0, 50), IllegalAction, "This experiment bids on the ladder: a bid names a pile and a rung.")
    refused(m, PlaceBid(1, 0, 0), IllegalAction, "It is Ann's turn to bid in Bob's group.")
    refused(m, PlaceBid(0, 2, 0), IllegalAction, "Ann's group bids on piles 1 to 2, not pile 3.")
    refused(m, PlaceBid(0, 0, 2_000), IllegalAction,
            "Ann cannot bid $2,000: bids are $0, $1,000, $3,000, $6,000, $10,000, $15,000, $20,000, $25,000.")
    m.apply(PlaceBid(0, 0, 3_000))
    refused(m, PlaceBid(1, 0, 3_000), IllegalAction,
            "Bob cannot bid $3,000 on pile 1: Ann already bid $3,000 there, and a bid must go higher.")
    refused(m, PlaceBid(0, 1, 0), IllegalAction,
            "Ann holds pile 1 and bids again only if outbid; it is Bob's turn.")
    m.apply(PlaceBid(1, 1, 0))
    refused(m, PlaceBid(1, 0, 6_000), IllegalAction,
            "Bob already holds a pile, and every bidder of the group holds one.")


def test_draw_refusals():
    m = new_class(seats=3)
    m.apply(OpenRound())
    refused(m, FormGroups(1, (0, 1)), IllegalAction,
            "The groups of round 1 are an order of its 3 participants (Ann, Bob and Cy), each once.")
    refused(m, FormGroups(2, (0, 1, 2)), IllegalAction, "The groups drawn now are round 1's, not round 2's.")
    refused(m, DrawValue(0, 5), IllegalAction, "DrawValue is not the draw due now (the groups).")
    m.apply(FormGroups(1, (2, 0, 1)))
    refused(m, DrawValue(0, 5), IllegalAction, "The draw due now is Cy's, not Seat 1's.")
    refused(m, DrawValue(2, 101), IllegalAction, "A value is a whole number of dollars from $0 to $100, not $101.")

    c = new_class("common-value", seats=3, noise=20)
    c.apply(OpenRound())
    c.apply(FormGroups(1, (0, 1, 2)))
    refused(c, DrawSignal(0, 121), IllegalAction,
            "A signal is the common value plus noise from -$20 to $20: from -$20 to $120, not $121.")
    c.apply(DrawSignal(0, 10))
    refused(c, DrawSignal(1, 51), IllegalAction,
            "A signal of $51 cannot be drawn in this group: one group's signals lie within $40 of each other.")
    c.apply(DrawSignal(1, 30))
    c.apply(DrawSignal(2, 20))
    c.apply(CloseRound())
    refused(c, DrawCommonValue(1, 0, 31), IllegalAction,
            "Group 1's common value lies within $20 of every signal and from $0 to $100: $10 to $30, not $31.")

    t = new_class(seats=3)
    open_round(t, (0, 1, 2), {0: 1, 1: 2, 2: 3})
    bids(t, {0: 9, 1: 9, 2: 5})
    t.apply(CloseRound())
    refused(t, BreakTie(1, 0, 2), IllegalAction, "The tie due now is group 1's of round 1, between Ann and Bob.")

    ladder = new_class("ladder", seats=2, group_size=2)
    ladder.apply(OpenRound())
    ladder.apply(FormGroups(1, (0, 1)))
    refused(ladder, DrawPileValue(0, 1, 1_000), IllegalAction, "The value due now is of pile 1, not pile 2.")
    refused(ladder, DrawPileValue(0, 0, 1_500), IllegalAction,
            "A pile's value is a multiple of $1,000 from $0 to $25,000, not $1,500.")
