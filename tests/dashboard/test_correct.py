"""The table screen's "Correct a mistake" card, clicked as the table would: for every title a
correction typed on the card changes what the screen shows, reads in the log as a correction
with its reason, is saved, and Undo takes it back; a correction the rules refuse, or one without
a reason, is said in words and changes nothing. Expected values are the numbers the table typed
and the rulebook's tracks, never the card's own."""
import re

import pytest

from tabletop import Match
from tabletop.acquire import DrawTile, Position as AcquirePosition
from tabletop.blackmonday import DealCard, Position as BlackMondayPosition
from tabletop.jika import Position as JikaPosition
from tabletop.stockpile import actions as S
from tabletop.stockpile.data import COMPANIES
from tabletop.store import Store
from tabletop.testing import snapshot
from tabletop.widgets import Tracker

from jika.script import deal as jika_deal


def words(html: str) -> str:
    """What a player reads in an HTML part: tags dropped, spaces folded."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def log_lines(tracker) -> list[str]:
    return [words(text) for text, _button, _target in tracker.log.row_buttons()]


# --- each title, a few entries into a game started from the table as it is ---------------------

def stockpile() -> Match:
    m = Match("stockpile", ("Ann", "Bob", "Cy"), seed=0)
    m.apply(S.Position(round=2, first_player=1, money=(20_000, 15_000, 9_000),
                       spaces=tuple((c, 4) for c in COMPANIES),          # every stock at 5
                       stock_cards=(1, 1, 0), split_cards=(0, 0, 0)))
    for company in ("Bottomline Bank", "Cosmic Computers"):             # Bob's card, then Ann's
        m.apply(S.DealHolding(m.waiting_for().seat, company, False))
    return m


def acquire(options=None) -> Match:
    m = Match("acquire", ("Ann", "Bob", "Cy"), options, seed=0)
    m.apply(AcquirePosition(round=5, first_player=2, turn=0,
                            board=(("1A", "Etch"), ("2A", "Etch"), ("3A", "Etch"), ("6F", "Bolt"), ("7F", "Bolt"),
                                   ("8F", "Bolt"), ("9F", "Bolt"), ("10F", "Bolt")),
                            money=(4_100, 7_300, 0), holdings=((("Etch", 3), ("Bolt", 2)), (("Bolt", 4),), ()),
                            racks=(6, 6, 6), set_aside=()))
    racks = {0: "4A 5C 1J 2J 3J 4J", 1: "5J 6J 7J 8J 9J 10J", 2: "1H 2H 3H 4H 5H 10A"}
    while m.waiting_for().kind == "chance":
        seat = m.waiting_for().seat
        m.apply(DrawTile(seat, racks[seat].split()[len(m.view(seat)["private"]["hand"])]))
    return m


def black_monday() -> Match:
    cp, wb, gg, tt = "Chewy Poultry", "Whip Burger", "Gum Gum Mine", "Tiki-Taka Tech"
    m = Match("black-monday", ("Ann", "Bob"), seed=0)
    m.apply(BlackMondayPosition(round=3, seat=1, money=(12_000, 30_000), held=(((cp, 5), (cp, 7)), ((gg, 2),)),
                                piles=((cp, (4, 6)), (wb, (3,)), (gg, (10, 9)), (tt, ())),
                                discard=((tt, 12), (tt, 4), (wb, 9))))
    hands = {0: [(cp, 3), (cp, 10), (cp, 2), (wb, 5), (gg, 10), (tt, 10), (cp, 11), (tt, 13)],
             1: [(cp, 5), (wb, 2), (wb, 9), (gg, 1), (gg, 2), (tt, 4), (wb, 12), (gg, 13)]}
    dealt = {0: 0, 1: 0}
    while m.waiting_for().kind == "chance":
        seat = m.waiting_for().seat
        m.apply(DealCard(seat, *hands[seat][dealt[seat]]))
        dealt[seat] += 1
    return m


def jika() -> Match:
    m = Match("jika", ("Ann", "Bob", "Cy"), seed=0)
    m.apply(JikaPosition(round=4, market=(("spades", 7, 4), ("hearts", None, 1), ("diamonds", 3, 1), ("clubs", 9, 10)),
                         hands=(6, 6, 5), passed=(False, False, False), watchers_shown=("hearts", "clubs")))
    jika_deal(m, {0: ("♦", "♣"), 1: ("♠", "♥"), 2: ("♣", "♦")},
              {0: "2♠ 3♠ 5♥ 6♥ 8♦ 9♦".split(), 1: "2♥ 3♥ 4♥ 2♦ 4♦ 5♦".split(), 2: "2♣ 3♣ 4♣ 5♣ 6♣".split()})
    return m


# (match, a correction the table types, where the screen shows it: a player's row or None for the
#  board, what it shows there before and after, the log line, a correction the rules refuse and
#  their words)
CASES = {
    "stockpile-money": (stockpile, dict(kind="money", seat=0, to="$19,000", reason="the bank paid Ann $1,000 too much"),
                        "Ann", "Ann $20,000", "Ann $19,000",
                        "Correction: Ann's money is $19,000 (the bank paid Ann $1,000 too much)",
                        dict(kind="money", seat=2, to="-500", reason="a typo"), "whole number, 0 or more"),
    # the standard track: space 7 is value 8 (spaces 0 to 9 hold 1 to 10)
    "stockpile-space": (stockpile, dict(kind="space", subject="Bottomline Bank", to=7, reason="the marker was knocked"),
                        None, "Bottomline Bank 5", "Bottomline Bank 8",
                        "Correction: Bottomline Bank is on space 7 (value 8) (the marker was knocked)",
                        dict(kind="holding", seat=2, subject="Epic Electric", to="30", reason="a mistake"),
                        "face-down cards are theirs to know"),        # issue 28: said whatever Cy holds
    "acquire-holding": (acquire, dict(kind="holding", seat=2, subject="Bolt", to="3",
                                      reason="Cy's shares were on Bob's pile"),
                        "Cy", "$0 none", "$0 Bolt 3",
                        "Correction: Cy holds 3 Bolt shares (Cy's shares were on Bob's pile)",
                        dict(kind="holding", seat=0, subject="Bolt", to="22", reason="x"), "the bank has only 19 more"),
    "acquire-money": (acquire, dict(kind="money", seat=1, to="6300", reason="the bank paid Bob $1,000 too much"),
                      "Bob", "Bob $7,300", "Bob $6,300",
                      "Correction: Bob's money is $6,300 (the bank paid Bob $1,000 too much)",
                      dict(kind="square", subject="2A", to=None, reason="x"), "one chain; 3A is not joined"),
    "acquire-square": (acquire, dict(kind="square", subject="5F", to="Bolt", reason="a tile was forgotten"),
                       None, "Bolt 700", "Bolt 800",        # 6 tiles: the next price bracket
                       "Correction: 5F belongs to Bolt (a tile was forgotten)",
                       dict(kind="square", subject="3B", to="Bolt", reason="x"), "Etch (3A) and Bolt (3B) cannot touch"),
    "black-monday-price": (black_monday, dict(kind="price", subject="Chewy Poultry", to=8,
                                              reason="the $8 card was played, not the $6"),
                           None, "Chewy Poultry 6", "Chewy Poultry 8",
                           "Correction: Chewy Poultry is at $8 (the $8 card was played, not the $6)",
                           dict(kind="remove holding", seat=1, subject="Chewy Poultry", to=5, reason="oops"),
                           "Bob holds no Chewy Poultry $5 card sideways"),
    "black-monday-money": (black_monday, dict(kind="money", seat=0, to="13,000", reason="the dealer short-changed Ann"),
                           "Ann", "$12,000", "$13,000",
                           "Correction: Ann's money is $13,000 (the dealer short-changed Ann)",
                           dict(kind="price", subject="Tiki-Taka Tech", to=11, reason="relisted"),
                           "its new price is a start price, $1 to $10"),
    "black-monday-holding": (black_monday, dict(kind="add holding", seat=1, subject="Whip Burger", to=1,
                                                reason="Bob bought it last turn"),
                             # 100 more shares at Whip Burger's $3: Bob's worth $31,800 + $300
                             "Bob", "$30,000 Gum Gum Mine 200 - 8 $31,800", "$30,000 Whip Burger 100, Gum Gum Mine 200 - 8 $32,100",
                             "Correction: Bob holds Whip Burger $1 sideways (Bob bought it last turn)",
                             dict(kind="add holding", seat=0, subject="Chewy Poultry", to=1, reason="oops"),
                             "would hold 1,300 Chewy Poultry shares"),
    "jika-square": (jika, dict(kind="square", subject="spades lower", to=5, reason="the 5 was played, not the 4"),
                    None, "spades 4", "spades 5", "Correction: spades lower shows the 5 (the 5 was played, not the 4)",
                    dict(kind="square", subject="clubs upper", to=None, reason="nobody played it"),
                    "clubs shows the 10 over its ace, so an upper card stays"),
}


def shown(tracker, where) -> str:
    """What the screen shows of a player (their row of the players' table) or of the board (the
    board, and the stock values as the public view holds them, for boards that draw a value as a
    card rather than a number)."""
    if where is not None:
        rows = [words(r) for r in re.findall(r"<tr.*?</tr>", tracker.players.value)]
        return next(r for r in rows if r.startswith(where + " "))
    values = " ".join(f"{name} {value}" for name, value in tracker.match.view(None)["stocks"].items())
    return words(tracker.board.value) + " " + values


@pytest.mark.parametrize("case", list(CASES))
def test_a_correction_typed_on_the_card_changes_the_screen_is_logged_with_its_reason_and_undone(case, home):
    make, fix, where, before_words, after_words, line, _bad, _refusal = CASES[case]
    saved = Store().create(make())
    tracker = Tracker(saved)
    card = tracker.correct
    assert card.form.layout.display == "none" and card.open_button.layout.display is None   # collapsed
    assert before_words in shown(tracker, where) and after_words not in shown(tracker, where)
    entries = len(tracker.match.log)

    card.open_button.click()
    card.choose(**fix)
    card.enter_button.click()

    assert after_words in shown(tracker, where) and before_words not in shown(tracker, where)
    assert log_lines(tracker)[0] == f"{entries + 1}. {line}"
    assert line in card.message.value and "tt-notice" in card.message.value
    assert card.form.layout.display == "none" and card.reason.value == ""
    reopened = Store().open(saved.id).match                    # saved like any entry
    assert reopened.describe_log(None)[-1] == line

    tracker.log.undo_button.click()
    assert before_words in shown(tracker, where) and after_words not in shown(tracker, where)
    assert len(tracker.match.log) == entries
    assert [row for row in log_lines(tracker) if line in row] == [f"{entries + 1}. {line} (undone)"]
    assert len(Store().open(saved.id).match.log) == entries


@pytest.mark.parametrize("case", list(CASES))
def test_a_correction_the_rules_refuse_is_said_on_the_card_and_changes_nothing(case, home):
    make, _fix, where, _before, _after, _line, bad, refusal = CASES[case]
    saved = Store().create(make())
    tracker = Tracker(saved)
    card = tracker.correct
    before = snapshot(tracker.match), shown(tracker, where), log_lines(tracker), saved.store.revision(saved.id)
    card.open_button.click()
    card.choose(**bad)
    card.enter_button.click()
    assert refusal in card.message.value and "tt-banner" in card.message.value
    assert (snapshot(tracker.match), shown(tracker, where), log_lines(tracker), saved.store.revision(saved.id)) == before
    assert card.form.layout.display is None           # still open, as typed, to be fixed
    assert card.reason.value == bad["reason"]


@pytest.mark.parametrize("make", [stockpile, acquire, black_monday, jika], ids=lambda f: f.__name__)
def test_a_correction_without_a_reason_is_refused_in_words(make, home):
    saved = Store().create(make())
    tracker = Tracker(saved)
    card = tracker.correct
    before = snapshot(tracker.match), saved.store.revision(saved.id)
    card.open_button.click()
    card.what.value = 0
    if card.fix.values is None:
        card.typed.value = "1000"
    card.reason.value = "   "
    card.enter_button.click()
    assert "A correction needs a reason, typed by the table (what went wrong)." in card.message.value
    assert (snapshot(tracker.match), saved.store.revision(saved.id)) == before


def test_a_number_the_card_cannot_read_is_said_and_nothing_is_entered(home):
    saved = Store().create(stockpile())
    tracker = Tracker(saved)
    card = tracker.correct
    revision = saved.store.revision(saved.id)
    card.open_button.click()
    card.choose("money", seat=0, to="lots", reason="a typo")
    card.enter_button.click()
    assert "Money now: type a whole number such as 6000 or $6,000, not 'lots'." in card.message.value
    assert saved.store.revision(saved.id) == revision


def test_the_card_offers_each_titles_kinds_whose_and_which_as_the_table_sees_them():
    card = Tracker(stockpile()).correct
    assert [label for label, _i in card.what.options] == [
        "A player's money", "A player's stock cards", "A player's split stock cards", "A stock's value"]
    card.choose("space", subject="Epic Electric", to=9, reason="")
    assert [label for label, _v in card.whose.options] == ["the board"]
    assert [label for label, _v in card.picked.options][-1] == "10 (space 9)"
    card.choose("holding", seat=1, subject="Epic Electric", to="2", reason="")
    assert [label for label, _v in card.whose.options] == ["Ann", "Bob", "Cy"]
    assert card.picked.layout.display == "none" and card.typed.layout.display is None

    card = Tracker(jika()).correct
    card.choose("square", subject="hearts upper", to=None, reason="")
    assert [label for label, _v in card.picked.options][:2] == ["nothing", "2"]
    card.choose("square", subject="hearts lower", to=1, reason="")
    assert [label for label, _v in card.picked.options][:2] == ["the ace", "2"]


def test_with_hidden_money_the_card_offers_only_the_board():
    """Money and shares are secret then: typing them on the shared screen would show them to all."""
    card = Tracker(Match("acquire", ("Ann", "Bob", "Cy"), {"hidden_money": True})).correct
    assert [f.kind for f in card.fixes] == ["square"]


def test_the_card_holds_nothing_secret():
    """What the card offers is the same whatever the players hold in secret."""
    texts = []
    for company in ("Cosmic Computers", "Epic Electric"):
        m = Match("stockpile", ("Ann", "Bob"), seed=0)
        m.apply(S.Position(round=2, first_player=0, money=(20_000, 15_000), spaces=tuple((c, 4) for c in COMPANIES),
                           stock_cards=(1, 0), split_cards=(0, 0)))
        m.apply(S.DealHolding(0, company, False))
        card = Tracker(m).correct
        card.open_button.click()
        texts.append([(w.options if hasattr(w, "options") else w.value)
                      for w in (card.what, card.whose, card.which, card.picked, card.typed)])
    assert texts[0] == texts[1]


def test_a_square_is_typed_not_picked_from_a_list_that_would_name_the_racks_tiles(home):
    """A list of every square would hold the tiles in the players' racks too."""
    tracker = Tracker(acquire())
    card = tracker.correct
    card.open_button.click()
    card.choose("square", subject="5f", to="Bolt", reason="a tile was forgotten")
    labels = [label for w in (card.what, card.whose, card.which, card.picked) for label, _v in w.options]
    assert not {"4A", "5C", "1J", "5J", "1H", "10A"} & set(labels)          # Ann's, Bob's and Cy's tiles
    card.enter_button.click()
    assert tracker.match.describe_log(None)[-1] == "Correction: 5F belongs to Bolt (a tile was forgotten)"

