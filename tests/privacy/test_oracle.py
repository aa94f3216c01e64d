"""The privacy oracle is the documentation: the table "Privacy rules per game" in
docs/dashboards.md is typed into oracle.py, and this checks the document still says the same.
Plus Acquire's "public view unchanged when the secrets change", as the other titles have."""
import random

import pytest

from tabletop.testing import check_random_game

from .oracle import (DASHBOARDS_MD, PRIVACY_TABLE, SHARED_EXCEPTIONS, doc_privacy_table,
                     doc_shared_exceptions, find_tokens)


def test_the_docs_privacy_table_is_the_one_the_tests_use():
    assert doc_privacy_table() == {game: row[0] for game, row in PRIVACY_TABLE.items()}, (
        "docs/dashboards.md changed its privacy table: change tests/privacy/oracle.py with it")


def test_the_choices_the_docs_keep_on_the_shared_screen_are_the_ones_the_tests_allow():
    assert sorted(doc_shared_exceptions()) == sorted(SHARED_EXCEPTIONS), (
        "docs/dashboards.md names other choices open to everyone: change tests/privacy/oracle.py with it")


def test_the_table_reader_sees_a_changed_row():
    text = DASHBOARDS_MD.read_text(encoding="utf-8").replace("placing a tile (the choices are the rack); ", "")
    assert doc_privacy_table(text)["Acquire"] != PRIVACY_TABLE["Acquire"][0]


def test_tokens_are_found_as_whole_words_only():
    assert find_tokens({"5C", "6♥"}, "Next: Ann places 5C") == ["5C"]
    assert find_tokens({"5C"}, "15C 5CD") == []
    assert find_tokens({"6♥"}, "plays 6♥.") == ["6♥"]
    assert find_tokens({"-3", "+4"}, "d='m1.4-3.6 +40' -3. (+4)") == ["+4", "-3"]


def _shuffled_racks(state, keep: int | None, rng: random.Random):
    """A copy of ``state`` whose racks (all but ``keep``'s) and draw pile hold other tiles:
    the same sizes, the same tiles on the board and set aside."""
    other = state.clone()
    seats = [s for s in range(state.n) if s != keep]
    pool = [t for s in seats for t in other.hands[s]] + list(other.pile)
    rng.shuffle(pool)
    i = 0
    for s in seats:
        k = len(other.hands[s])
        other.hands[s] = pool[i:i + k]
        for t in other.hands[s]:
            other.where[t] = s
        i += k
    other.pile = pool[i:]
    for t in other.pile:
        other.where[t] = -1          # the draw pile (rules.PILE)
    return other


def _acquire_public_view_check(state, view):
    rng = random.Random(len(state.payments) * 7919 + len(state.pile))
    assert _shuffled_racks(state, None, rng).view(None) == view, "the public view depends on a rack"
    for seat in range(state.n):
        mine = state.view(seat)
        assert _shuffled_racks(state, seat, rng).view(seat) == mine, \
            f"seat {seat}'s view depends on another rack"


@pytest.mark.parametrize("n,options", [(2, {}), (4, {}), (6, {}), (3, {"hidden_money": True})])
def test_acquire_public_view_is_unchanged_when_the_racks_change(n, options):
    check_random_game("acquire", n, 50 + n, options, public_view_check=_acquire_public_view_check)
