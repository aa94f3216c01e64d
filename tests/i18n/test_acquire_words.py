"""Acquire read in Korean, Japanese and Spanish: a refusal, a tile placement's log line, a merger's
bonuses and what the game waits for, each in the language of the screen that reads it, with the
Korean rulebook's names (에치 for Etch, 볼트 for Bolt; 주요 and 차원 for the primary and secondary
bonuses); English unchanged.

The table is the Korean rulebook's bonus example: Etch (7 tiles) takes over Bolt (5 tiles);
Liz holds 3 Bolt shares and Charlie 2, so Liz is paid the primary bonus, $7,000, and Charlie the
secondary, $5,000 (the rulebook's chart for Bolt at 5 tiles)."""
from __future__ import annotations

import re

import pytest

from tabletop import Match
from tabletop.acquire import DisposeShares, DrawTile, PlaceTile, Position
from tabletop.errors import IllegalAction
from tabletop.i18n import language, money, pgettext

NAMES = ["Liz", "Charlie", "Courtney"]
ETCH = ("1A", "2A", "3A", "4A", "5A", "6A", "7A")
BOLT = ("9A", "10A", "9B", "10B", "9C")
RACKS = [["8A", "1J", "2J", "3J", "4J", "5J"], ["6J", "7J", "8J", "9J", "10J", "1I"],
         ["2I", "3I", "4I", "5I", "6I", "7I"]]
# what a screen may show in Latin letters whatever its language: the players' names, tile labels
ALLOWED = re.compile(r"Liz|Charlie|Courtney|(?<![0-9A-Za-z])\d+[A-J](?![A-Za-z])")


@pytest.fixture
def match() -> Match:
    """Liz to play 8A, which joins Etch (1A-7A) and Bolt (9A-10A, 9B-10B, 9C)."""
    m = Match("acquire", NAMES, {}, seed=1)
    m.apply(Position(round=1, first_player=0, turn=0,
                     board=tuple((t, "Etch") for t in ETCH) + tuple((t, "Bolt") for t in BOLT),
                     money=(6000, 6000, 6000),
                     holdings=((("Bolt", 3),), (("Bolt", 2),), ()), racks=(6, 6, 6)))
    for seat, rack in enumerate(RACKS):
        for tile in rack:
            m.apply(DrawTile(seat, tile))
    return m


def latin_left(text: str) -> str:
    """The Latin letters left once names and tile labels are taken out."""
    return "".join(re.findall(r"[A-Za-z]", ALLOWED.sub("", text)))


def test_the_korean_names_are_the_rulebooks():
    with language("ko"):
        assert pgettext("acquire corporation", "Etch") == "에치"
        assert pgettext("acquire corporation", "Bolt") == "볼트"
        assert pgettext("acquire bonus", "primary") == "주요"
        assert pgettext("acquire bonus", "secondary") == "차원"
        assert pgettext("acquire bonus", "tertiary") == "삼차"


def test_a_tile_placement_reads_in_each_language(match):
    placing = PlaceTile(0, "8A")
    assert match.state.describe(placing) == "Liz places 8A, merging Etch (7 tiles) and Bolt (5 tiles)"
    with language("ko"):
        line = match.state.describe(placing)
    assert "에치" in line and "볼트" in line and "8A" in line and "7" in line and "5" in line
    assert latin_left(line) == "", line
    with language("ja"):
        line = match.state.describe(placing)
    assert "8A" in line and "7" in line and "5" in line and latin_left(line) == "", line
    with language("es"):
        line = match.state.describe(placing)
    assert "Etch" in line and "Bolt" in line and "8A" in line and "tiles" not in line, line
    assert match.state.describe(placing) == "Liz places 8A, merging Etch (7 tiles) and Bolt (5 tiles)"


def test_the_merger_and_its_bonuses_read_in_each_language(match):
    match.apply(PlaceTile(0, "8A"))
    merger, bonuses = [e for e in match.events() if e.kind in ("merger", "bonuses")]
    describe = match.state.describe_event
    assert describe(merger) == "Etch (7 tiles) takes over Bolt (5 tiles) at $700 a share"
    assert describe(bonuses) == "Bolt's bonuses: Liz $7,000 (primary), Charlie $5,000 (secondary)"
    with language("ko"):
        said = describe(bonuses)
        took = describe(merger)
    assert "볼트" in said and "$7,000" in said and "$5,000" in said, said
    assert "주요" in said and "차원" in said, said
    assert said.index("Liz") < said.index("$7,000") < said.index("주요") < said.index("Charlie")
    assert "에치" in took and "볼트" in took and "$700" in took and latin_left(took) == "", took
    assert latin_left(said) == "", said
    with language("ja"):
        said = describe(bonuses)
    assert "$7,000" in said and "$5,000" in said and latin_left(said) == "", said
    with language("es"):
        said = describe(bonuses)
    # Spanish writes dollars after the number (and groups no four-digit amount)
    assert money(7000, "es") in said and money(5000, "es") in said and "$7,000" not in said, said
    assert "Bolt" in said and "primary" not in said and "bonuses" not in said, said


def test_what_the_game_waits_for_reads_in_each_language(match):
    match.apply(PlaceTile(0, "8A"))
    state = match.state
    assert state.waiting_for() == "Liz is to decide what to do with Bolt shares"
    seen = {}
    for lang in ("ko", "ja", "es"):
        with language(lang):
            seen[lang] = state.waiting_for()
            assert match.view(None)["log_hint"] == seen[lang]    # the screen's "next" line
        assert "Liz" in seen[lang] and seen[lang] != state.waiting_for(), (lang, seen[lang])
    assert "볼트" in seen["ko"] and latin_left(seen["ko"]) == "", seen["ko"]
    assert latin_left(seen["ja"]) == "", seen["ja"]
    assert "Bolt" in seen["es"] and " is to " not in seen["es"], seen["es"]
    assert match.view(None)["log_hint"] == "Liz is to decide what to do with Bolt shares"


def test_a_refusal_keeps_its_words_as_data_and_reads_in_the_readers_language(match):
    match.apply(PlaceTile(0, "8A"))
    with language("ko"):        # refused on a Korean screen...
        with pytest.raises(IllegalAction) as refused:
            match.apply(DisposeShares(0, "Bolt", 0, 1))
    error = refused.value
    # ...read in English by a script, and on each screen in its own language
    english = "Liz cannot trade 1 Bolt share: they are traded two for one Etch share, so the number must be even."
    assert str(error) == english
    assert error.render("en") == english
    ko, ja, es = error.render("ko"), error.render("ja"), error.render("es")
    assert "볼트" in ko and "에치" in ko and "1" in ko and latin_left(ko) == "", ko
    assert latin_left(ja) == "" and "1" in ja, ja
    assert "Bolt" in es and "Etch" in es and es != english, es
    assert match.state.waiting_for() == "Liz is to decide what to do with Bolt shares"   # unchanged


def test_counted_words_take_each_languages_plural(match):
    match.apply(PlaceTile(0, "8A"))
    with pytest.raises(IllegalAction) as one:
        match.apply(DisposeShares(0, "Bolt", 0, 1))
    with pytest.raises(IllegalAction) as three:
        match.apply(DisposeShares(0, "Bolt", 0, 3))
    assert "trade 1 Bolt share:" in str(one.value) and "trade 3 Bolt shares:" in str(three.value)
    # Spanish tells one from many, as English does; the count stays a number
    assert "1 acción " in one.value.render("es") and "3 acciones " in three.value.render("es")
    # Korean has one form: the two differ only by the count
    assert one.value.render("ko").replace("주식 1주를", "주식 3주를") == three.value.render("ko")


def test_a_refusal_of_another_seat_names_both_players_in_each_language(match):
    with pytest.raises(IllegalAction) as refused:
        match.apply(PlaceTile(1, "6J"))
    assert str(refused.value) == "It is Liz's turn, not Charlie's."
    for lang in ("ko", "ja"):
        words = refused.value.render(lang)
        assert "Liz" in words and "Charlie" in words and latin_left(words) == "", words
