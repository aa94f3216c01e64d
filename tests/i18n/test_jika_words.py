"""時価で勝負 read in Korean, Japanese and Spanish: a refusal, a log line, a price change, the end
of the game and what the game waits for, each in the language of the screen that reads it, in the
Japanese rulebook's terms (監視員 the watcher, 監視対象 the suit it watches, 株券 the
certificates, 相場価格 the price, 上側 the upper card, ダイヤ and クローバー); English unchanged.

The table: Alice, Bob and Carol with two market cards each. Certificates: Alice the queen of
diamonds and the king of clubs, Bob the queen and king of hearts, Carol the queen of spades and
the king of diamonds. Round 1 the watcher shows the jack of hearts (the rulebook's own example:
no hearts may be played); Alice plays 7♦ on the upper card, Bob 6♦ on the lower (the price of
diamonds is now the lower of 7 and 6: 6), Carol 7♣. Round 2 the jack of spades: Alice plays 5♥,
Bob 2♥ on the lower card, and Carol, holding only 3♠, must pass. Final prices: spades 1, hearts 2,
diamonds 6, clubs 1; Alice 6 + 1 x2 = 8, Bob 2 x3 = 6, Carol 1 + 6 x2 = 13: Carol wins."""
from __future__ import annotations

import re

import pytest

from tabletop import Match
from tabletop.errors import IllegalAction
from tabletop.i18n import language, pgettext
from tabletop.jika import DealCard, DealCertificate, Pass, PlayCard, RevealWatcher

CERTS = [("diamonds", "clubs"), ("hearts", "hearts"), ("spades", "diamonds")]
HANDS = [[("diamonds", 7), ("hearts", 5)], [("diamonds", 6), ("hearts", 2)],
         [("clubs", 7), ("spades", 3)]]
ENGLISH_WORDS = re.compile(r"\b(cannot|plays|watcher|price|round|hearts|diamonds|wins|points)\b",
                           re.IGNORECASE)


def latin_left(text: str) -> str:
    """The Latin letters left once the players' names and the card ranks A, J, Q, K are taken
    out (the rulebook writes ダイヤのQ)."""
    return "".join(re.findall(r"[A-Za-z]", re.sub(r"Alice|Bob|Carol|(?<![A-Za-z])[AJQK](?![A-Za-z])",
                                                   "", text)))


@pytest.fixture
def match() -> Match:
    """Dealt, the jack of hearts turned up: Alice to play round 1."""
    m = Match("jika", ["Alice", "Bob", "Carol"], {"hand_size": 2}, seed=1)
    for seat in range(3):
        m.apply(DealCertificate(seat, "queen", CERTS[seat][0]))
        m.apply(DealCertificate(seat, "king", CERTS[seat][1]))
        for card in HANDS[seat]:
            m.apply(DealCard(seat, *card))
    m.apply(RevealWatcher("hearts"))
    return m


def played_out(m: Match) -> Match:
    for action in (PlayCard(0, "diamonds", 7, "upper"), PlayCard(1, "diamonds", 6, "lower"),
                   PlayCard(2, "clubs", 7, "upper"), RevealWatcher("spades"),
                   PlayCard(0, "hearts", 5, "upper"), PlayCard(1, "hearts", 2, "lower"), Pass(2)):
        m.apply(action)
    return m


def test_the_japanese_terms_are_the_rulebooks():
    with language("ja"):
        assert [pgettext("jika term", s) for s in ("spades", "hearts", "diamonds", "clubs")] == \
            ["スペード", "ハート", "ダイヤ", "クローバー"]
        assert pgettext("jika term", "upper") == "上側" and pgettext("jika term", "lower") == "下側"
        assert pgettext("jika term", "時価で勝負 (Market Price Showdown)") == "時価で勝負"


def test_a_refusal_under_the_watcher_reads_in_each_language(match):
    match.apply(PlayCard(0, "diamonds", 7, "upper"))
    with language("ja"):
        with pytest.raises(IllegalAction) as refused:
            match.apply(PlayCard(1, "hearts", 2, "upper"))
    error = refused.value
    assert str(error) == ("Bob cannot play the 2 of hearts: the watcher is on hearts this round, "
                          "so no hearts may be played.")
    japanese = error.render("ja")
    assert "ハートの2" in japanese and "監視対象" in japanese and latin_left(japanese) == "", japanese
    korean = error.render("ko")
    assert "하트 2" in korean and "감시원" in korean and latin_left(korean) == "", korean
    spanish = error.render("es")
    assert "2 de corazones" in spanish and "vigilante" in spanish, spanish
    assert not ENGLISH_WORDS.search(spanish), spanish
    assert match.waiting_for().seat == 1      # refused: still Bob's turn, nothing played


def test_a_play_and_the_price_it_makes_read_in_each_language(match):
    match.apply(PlayCard(0, "diamonds", 7, "upper"))
    match.apply(PlayCard(1, "diamonds", 6, "lower"))
    assert match.describe_log()[-2] == ("Alice plays the 7 of diamonds on the upper card of diamonds "
                                        "(price stays 1)")
    price = [e for e in match.events() if e.kind == "price"][-1]
    describe = match.state.describe_event
    assert describe(price) == "The price of diamonds rises from 1 to 6 (the lower of its cards, 7 and 6)."
    with language("ja"):
        line, said = match.describe_log()[-2], describe(price)
    assert "ダイヤの7" in line and "上側" in line and latin_left(line) == "", line
    assert "ダイヤ" in said and "相場価格" in said and "7" in said and "6" in said, said
    assert latin_left(said) == "", said
    with language("ko"):
        line, said = match.describe_log()[-2], describe(price)
    assert "다이아몬드 7" in line and latin_left(line) == "" and latin_left(said) == "", (line, said)
    with language("es"):
        line, said = match.describe_log()[-2], describe(price)
    assert "7 de diamantes" in line and "superior" in line, line
    assert not ENGLISH_WORDS.search(line) and not ENGLISH_WORDS.search(said), (line, said)


def test_the_end_of_the_game_reads_in_each_language(match):
    played_out(match)
    assert match.outcome().scores == (8, 6, 13)
    assert match.waiting_for().hint == "Carol wins with 13 points."
    over = match.events()[-1]
    assert over.kind == "game_over"
    with language("ja"):
        said, waiting = match.state.describe_event(over), match.waiting_for().hint
        ledger = [p.reason.render() for p in match.state.payments if p.payee == 0]
    assert "ダイヤのQ" in said and "クローバーのK" in said and "13点" in said, said
    assert latin_left(said) == "", said
    assert "Carol" in waiting and "13点" in waiting and latin_left(waiting) == "", waiting
    assert ledger[0].startswith("ダイヤのQ") and "6" in ledger[0], ledger      # the score sheet
    with language("ko"):
        waiting = match.waiting_for().hint
    assert "13점" in waiting and latin_left(waiting) == "", waiting
    with language("es"):
        waiting = match.waiting_for().hint
    assert "13 puntos" in waiting and not ENGLISH_WORDS.search(waiting), waiting
    assert match.outcome().reason == "Carol wins with 13 points."


def test_what_the_game_waits_for_reads_in_each_language(match):
    assert match.waiting_for().hint == "Round 1: Alice to play; no hearts this round."
    for lang, suit in (("ja", "ハート"), ("ko", "하트"), ("es", "corazones")):
        with language(lang):
            hint = match.waiting_for().hint
        assert suit in hint and "1" in hint, hint
        assert latin_left(hint) == "" if lang != "es" else not ENGLISH_WORDS.search(hint), hint
    assert match.waiting_for().hint == "Round 1: Alice to play; no hearts this round."
