"""Black Monday read in Korean, Japanese and Spanish: a refusal, a log line, a crash, a ledger line
and what the game waits for, each in the language of the screen that reads it, with the Korean
edition's names (츄이 폴트리 for Chewy Poultry, 티키-타카 테크 for Tiki-Taka Tech, 장 종료 카드 for
the market-close card, 상장폐지 for delisted); English unchanged.

The table: Alice and Bob with the helpers' hands; the dealer turned up Chewy Poultry $4, Whip
Burger $3, Gum Gum Mine $10 and Tiki-Taka Tech $10. Alice lays her Tiki-Taka Tech $10 sideways
(1,000 shares at $10: $10,000 of her $20,000) and crashes the stock with her $13 card."""
from __future__ import annotations

import pickle
import re

import pytest

from blackmonday.helpers import new_match
from tabletop.blackmonday import BuyShares, ChangePrice, CrashStock, DrawMarketClose
from tabletop.errors import IllegalAction
from tabletop.i18n import language, pgettext

CP, TT = "Chewy Poultry", "Tiki-Taka Tech"
ENGLISH_WORDS = re.compile(r"\b(cannot|move|lays|buys|shares|crash|delisted|may|sell|prices)\b")


def latin_left(text: str) -> str:
    """The Latin letters left once the players' names are taken out."""
    return "".join(re.findall(r"[A-Za-z]", re.sub(r"Alice|Bob", "", text)))


@pytest.fixture
def match():
    return new_match()


def crashed(match):
    match.apply(BuyShares(0, TT, 10))
    match.apply(CrashStock(0, TT, 13))
    return match


def test_the_korean_names_are_the_editions():
    with language("ko"):
        assert [pgettext("blackmonday stock", s) for s in
                ("Chewy Poultry", "Whip Burger", "Gum Gum Mine", "Tiki-Taka Tech")] == \
            ["츄이 폴트리", "휩 버거", "검검 마인", "티키-타카 테크"]
    with language("es"):    # no Spanish edition: the names stay as printed
        assert pgettext("blackmonday stock", "Gum Gum Mine") == "Gum Gum Mine"


def test_a_refusal_keeps_its_words_as_data_and_reads_in_each_language(match):
    with language("ko"):    # refused on a Korean screen ...
        with pytest.raises(IllegalAction) as refused:
            match.apply(ChangePrice(0, CP, 10))
    error = refused.value
    # ... read in English by a script: the English sentence of today
    assert str(error) == ("Alice cannot move Chewy Poultry from $4 to $10: Chewy Poultry may move "
                          "at most $2 down or $3 up at a time.")
    korean = error.render("ko")
    assert "츄이 폴트리" in korean and "$4" in korean and "$10" in korean, korean
    assert "$2" in korean and "$3" in korean and latin_left(korean) == "", korean
    japanese = error.render("ja")
    assert "$4" in japanese and "$10" in japanese and latin_left(japanese) == "", japanese
    spanish = error.render("es")
    assert "Chewy Poultry" in spanish and "4 $" in spanish and "10 $" in spanish, spanish
    assert not ENGLISH_WORDS.search(spanish), spanish
    assert match.view()["stocks"][CP] == 4      # refused: nothing changed


def test_a_purchase_reads_in_each_language_with_the_amounts_written_its_way(match):
    match.apply(BuyShares(0, TT, 10))
    english = "Alice lays Tiki-Taka Tech $10 sideways and buys 1,000 shares at $10 for $10,000."
    assert match.describe_log()[-1] == english
    with language("ko"):
        korean = match.describe_log()[-1]
    assert "티키-타카 테크" in korean and "1,000" in korean and "$10,000" in korean, korean
    assert latin_left(korean) == "", korean
    with language("ja"):
        japanese = match.describe_log()[-1]
    assert "1,000" in japanese and "$10,000" in japanese and latin_left(japanese) == "", japanese
    with language("es"):
        spanish = match.describe_log()[-1]
    # Spanish groups digits with a point, and writes the $ after the amount
    assert "Tiki-Taka Tech" in spanish and "1.000" in spanish and "10.000 $" in spanish, spanish
    assert not ENGLISH_WORDS.search(spanish), spanish
    assert match.describe_log()[-1] == english


def test_the_ledger_line_written_at_play_reads_in_the_readers_language(match):
    match.apply(BuyShares(0, TT, 10))
    reason = match.state.payments[-1].reason
    assert reason == "bought 1,000 Tiki-Taka Tech at $10"
    korean = reason.render("ko")
    assert "티키-타카 테크" in korean and "1,000" in korean and latin_left(korean) == "", korean
    # the words survive a trip to another process (a tournament's workers pickle what they send)
    assert pickle.loads(pickle.dumps(reason)).render("ko") == korean


def test_a_crash_is_announced_in_each_language(match):
    event = crashed(match).events()[-1]
    describe = match.state.describe_event
    assert describe(event) == (
        "Alice crashes Tiki-Taka Tech from $10 to $0 with the $13 card: every Tiki-Taka Tech card "
        "held sideways is discarded, and Alice loses 1,000 shares worth $10,000. Tiki-Taka Tech is "
        "delisted until someone sets a new start price; the crash used one of the turn's two price "
        "changes and ended trading.")
    with language("ko"):
        korean = describe(event)
    assert "티키-타카 테크" in korean and "상장폐지" in korean and "$10,000" in korean, korean
    assert latin_left(korean) == "", korean
    with language("ja"):
        japanese = describe(event)
    assert "上場廃止" in japanese and "$10,000" in japanese and latin_left(japanese) == "", japanese
    with language("es"):
        spanish = describe(event)
    assert "Tiki-Taka Tech" in spanish and "10.000 $" in spanish, spanish
    assert not ENGLISH_WORDS.search(spanish), spanish


def test_what_the_game_waits_for_reads_in_each_language(match):
    assert match.waiting_for().hint == ("Alice may buy (with up to 2 more cards) and sell, then "
                                        "change prices; or exchange cards instead.")
    match.apply(BuyShares(0, TT, 10))
    # English has always said "1 more cards"; Spanish tells one card from two
    assert match.waiting_for().hint == ("Alice may buy (with up to 1 more cards) and sell, then "
                                        "change prices.")
    with language("es"):
        assert "1 carta más" in match.waiting_for().hint
    crashed_hint = {}
    match.apply(CrashStock(0, TT, 13))
    for lang in ("ko", "ja", "es"):
        with language(lang):
            crashed_hint[lang] = match.waiting_for().hint
    assert match.waiting_for().hint == "Alice may change prices (1 left)."
    assert "1" in crashed_hint["ko"] and latin_left(crashed_hint["ko"]) == "", crashed_hint
    assert "1" in crashed_hint["ja"] and latin_left(crashed_hint["ja"]) == "", crashed_hint
    assert not ENGLISH_WORDS.search(crashed_hint["es"]), crashed_hint


def test_the_market_close_card_has_the_editions_name():
    match = new_match(starts="")        # dealt; the dealer is turning up start prices
    with pytest.raises(IllegalAction) as refused:
        match.apply(DrawMarketClose(None))
    assert str(refused.value) == ("The market-close card is not in the deck yet: it joins the deck "
                                  "only when the first deck runs out.")
    assert "장 종료 카드" in refused.value.render("ko")
    assert "大引けカード" in refused.value.render("ja")
    assert "carta de cierre del mercado" in refused.value.render("es")
