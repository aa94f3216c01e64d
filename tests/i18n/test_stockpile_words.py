"""Stockpile read in Korean, Japanese and Spanish: a refusal, a log line, an event (a Boom that
splits Epic Electric) and the waiting-for line, each rendered in the language of the screen that
reads it, under the names each edition prints: the Korean rulebook's 에픽 일렉트릭, 스탠퍼드 스틸,
주식 급등! (the Boom card) and '과감한' 크레이머; the Spanish edition keeps the English company
names and prints Stock Boom!; Japanese has no edition (katakana). English stays word for word
what tests/stockpile asserts.

The scripted tables are those of tests/stockpile (Epic Electric at 9, Alice holding two regular
Epic cards, Bob one split Epic card; Carol's Boom moves it past the top)."""
from __future__ import annotations

import re

import pytest

from stockpile.table import AUTO, BANK_, COSMIC, EPIC, LABS, STEEL, at_auction, positioned, to_auction
from tabletop.errors import IllegalAction
from tabletop.i18n import language
from tabletop.stockpile import actions as A
from tabletop.stockpile.steps import SELL

LANGS = ["ko", "ja", "es"]
PLAYERS = ("Alice", "Bob", "Carol")
#: each edition's names (Korean and Spanish rulebooks); Japanese: our katakana
EPIC_NAME = {"ko": "에픽 일렉트릭", "ja": "エピック・エレクトリック", "es": "Epic Electric"}
STEEL_NAME = {"ko": "스탠퍼드 스틸", "ja": "スタンフォード・スチール", "es": "Stanford Steel"}
BOOM_NAME = {"ko": "주식 급등!", "ja": "株価急騰!", "es": "Stock Boom!"}
CRAMER_NAME = {"ko": "과감한 크레이머", "ja": "クレイジー・クレイマー", "es": "Crazy Cramer"}
#: English words a Spanish sentence must not keep (its edition's names are English, so those go first)
ENGLISH = re.compile(r"\b(the|is|to|of|and|on|up|for|cannot|card|cards|splits?|sells?|collects?|plays?|"
                     r"holds?|has|reveal|dividend|space|spaces|turn|bid|become)\b")


def untranslated(lang: str, text: str, *names: str) -> list[str]:
    """What is left in English: for Korean and Japanese any Latin letters but the players' and the
    edition's names; for Spanish, English words."""
    for name in (*names, *PLAYERS):
        text = text.replace(name, "")
    return ENGLISH.findall(text) if lang == "es" else re.findall(r"[A-Za-z]+", text)


def split_by_boom():
    t = positioned(spaces=((EPIC, 8),), holdings={0: ([EPIC, EPIC], []), 1: ([], [EPIC])})
    to_auction(t, (LABS, "+1"), [(COSMIC, "-2"), (AUTO, "+2"), (STEEL, "$$")], ("Boom", AUTO, BANK_),
               [((AUTO, AUTO), 1), ((BANK_, BANK_), 2), ((LABS, LABS), 0)])
    t.result(("Carol", 3_000), ("Alice", 0), ("Bob", 1_000))
    t.do(A.PlayActionCard(2, "Boom", EPIC))          # 9 -> 10 -> past the top: split, back to 6
    return t


@pytest.fixture(scope="module")
def split_table():
    return split_by_boom()


def test_english_is_unchanged(split_table):
    t = split_table
    boom, split = t.m.events()[-2:]
    assert t.m.story()[-1][0] == "Carol plays Boom on Epic Electric"
    assert t.s.describe_event(boom) == "Carol's Boom moves Epic Electric up 2 spaces: 9 → 6 (splits on the way)"
    assert t.s.describe_event(split) == ("Epic Electric splits: 10 → 6; Alice's 2 cards become split cards; "
                                         "Bob collects $10,000 for 1 split card already held")


@pytest.mark.parametrize("lang", LANGS)
def test_a_split_is_told_in_each_language_under_the_edition_s_names(split_table, lang):
    t = split_table
    boom, split = t.m.events()[-2:]
    with language(lang):
        told = t.s.describe_event(split)
        moved = t.s.describe_event(boom)
        line = t.m.story()[-1][0]
    # the company under its edition's name, the values, the bonus in the language's money
    assert EPIC_NAME[lang] in told and "10 → 6" in told and "Alice" in told and "Bob" in told
    assert ("10.000 $" if lang == "es" else "$10,000") in told
    assert EPIC_NAME[lang] in moved and BOOM_NAME[lang] in moved and "9 → 6" in moved
    # the log line: who played which card on which company
    assert "Carol" in line and EPIC_NAME[lang] in line and BOOM_NAME[lang] in line
    for text in (told, moved, line):
        assert untranslated(lang, text, EPIC_NAME[lang], BOOM_NAME[lang]) == [], text


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_reads_in_the_language_of_the_screen_that_shows_it(lang):
    t = at_auction()
    t.bid("Alice", 2, 3_000).bid("Bob", 0, 1_000).bid("Carol", 1, 0)
    t.quiet_to(SELL)                                  # on to the selling phase
    seat = t.s.actor
    who = PLAYERS[seat]
    before = t.m.view(None)
    with pytest.raises(IllegalAction) as info:
        t.m.apply(A.SellStock(seat, STEEL, False))    # nobody holds Stanford Steel
    error = info.value
    assert t.m.view(None) == before                    # the match is as it was
    # raised on an English screen, read on a screen of each language
    assert str(error) == f"{who} cannot sell Stanford Steel: {who} has no regular Stanford Steel card."
    text = error.render(lang)
    assert text.count(STEEL_NAME[lang]) == 2 and text.count(who) == 2
    assert untranslated(lang, text, STEEL_NAME[lang]) == [], text
    with language(lang):
        assert str(error) == text                      # str() reads the current language


@pytest.mark.parametrize("lang", LANGS)
def test_a_bid_refusal_writes_the_money_as_the_language_does(lang):
    t = at_auction()
    with pytest.raises(IllegalAction) as info:
        t.m.apply(A.PlaceBid(0, 0, 25_000))
    assert str(info.value) == "Alice cannot bid $25,000 on stockpile 1: Alice has only $20,000."
    text = info.value.render(lang)
    assert ("25.000 $" in text and "20.000 $" in text) if lang == "es" else ("$25,000" in text and "$20,000" in text)
    assert untranslated(lang, text) == [], text


@pytest.mark.parametrize("lang", LANGS)
def test_the_waiting_for_line_names_who_and_the_dividend_s_company(lang):
    t = split_by_boom()
    t.quiet_until(lambda s: s.div is not None)         # on to the $$ forecast of Stanford Steel
    who = PLAYERS[t.s.actor]
    english = t.s.awaiting()
    assert english == f"{who} is to reveal cards for the Stanford Steel dividend"
    with language(lang):
        waiting = t.s.awaiting()
        hint = t.m.view(None)["log_hint"]
    assert waiting == hint and who in waiting and STEEL_NAME[lang] in waiting
    assert untranslated(lang, waiting, STEEL_NAME[lang]) == [], waiting
    assert t.s.awaiting() == english                   # English again outside the block


@pytest.mark.parametrize("lang", LANGS)
def test_an_investor_is_named_as_the_edition_names_it(lang):
    t = positioned(kept=("Crazy Cramer", "Billionaire Bill", "Golden Graham"))
    to_auction(t, (LABS, "+1"), [(EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$")], (LABS, LABS, LABS),
               [((LABS, LABS), 0), ((LABS, LABS), 1), ((LABS, LABS), 2)])
    t.result(("Alice", 0), ("Bob", 0), ("Carol", 0))
    t.do(A.CramerMove(0, EPIC, 1))
    assert t.m.story()[-1][0] == "Alice (Crazy Cramer) moves Epic Electric up one space"
    with language(lang):
        line = t.m.story()[-1][0]
    assert CRAMER_NAME[lang] in line and EPIC_NAME[lang] in line and "Alice" in line
    assert untranslated(lang, line, CRAMER_NAME[lang], EPIC_NAME[lang]) == [], line


@pytest.mark.parametrize("lang", LANGS)
def test_a_ledger_line_reads_in_each_language(split_table, lang):
    bonus = [p for p in split_table.s.payments if p.kind == "split"][-1]     # Bob's split bonus
    assert (bonus.payee, bonus.amount, bonus.reason) == (1, 10_000, "Epic Electric split: bonus for split cards")
    text = bonus.reason.render(lang)
    assert EPIC_NAME[lang] in text
    assert untranslated(lang, text, EPIC_NAME[lang]) == [], text
