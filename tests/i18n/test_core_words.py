"""The core's and the store's refusals in Korean, Japanese and Spanish, rendered when they are read
(a refusal raised on one screen reads in the language of the screen that shows it), and in English
word for word as before. Expected English sentences are typed from the words the tests of the core
and the store have always asserted (tests/core/test_match.py, tests/store/test_words.py), not taken
from the code; the other languages are checked for what a reader notices: no English left but names
and data, the numbers and names in place, plural forms."""
from __future__ import annotations

import dataclasses
import pickle
import re

import argon2
import pytest

from tabletop import Match
from tabletop.core import Event, State
from tabletop.errors import HistoryError, MalformedAction, PinLocked, PinRequired, SaveFileError, StoreError
from tabletop.i18n import language
from tabletop.store import AdvanceEntry, Store, _refusal_text, location_words

QUICK_HASHER = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)   # tests only

TRANSLATED = ["ko", "ja", "es"]
#: words a reader meets in English too: what the table typed (names, match ids) and what the code
#: names (PIN, a field or action name quoted as data)
ENGLISH_WORDS = re.compile(r"\b(the|is|are|to|nothing|there|try|again|in|of|and|seconds?|minutes?|wrong|"
                           r"saved|match|must|be|not|needs?|without|them|it|export|record|public)\b",
                           re.IGNORECASE)


def letters_left(text: str, *allowed: str) -> list[str]:
    """The runs of Latin letters left in ``text`` once the ``allowed`` words are taken out."""
    for word in allowed:
        text = text.replace(word, "")
    return re.findall(r"[A-Za-z]+", text)


def english_left(text: str) -> list[str]:
    return ENGLISH_WORDS.findall(text)


def refusal(call, kind=Exception):
    with pytest.raises(kind) as info:
        call()
    return info.value


class Clock:
    def __init__(self, now=1_700_000_000.0):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture
def table(tmp_path):
    clock = Clock()
    store = Store(tmp_path / "matches.sqlite3", clock=clock, pin_hasher=QUICK_HASHER)
    match_id = store.create(Match("stockpile", ["Ann", "Ben", "Cy", "Dee"])).id
    yield store, match_id, clock
    store.close()


# --- a core rule: undo with nothing to undo ------------------------------------------------------
def test_nothing_to_undo_reads_in_each_language_and_in_english_as_before():
    match = Match("stockpile", ["Ann", "Ben", "Cy"])
    error = refusal(match.undo, HistoryError)
    assert str(error) == "There is nothing to undo."
    assert error.render("en") == "There is nothing to undo."
    for lang in ("ko", "ja"):
        words = error.render(lang)
        assert words and letters_left(words) == [], (lang, words)
    spanish = error.render("es")
    assert spanish != str(error) and english_left(spanish) == [], spanish


def test_a_refusal_reads_in_the_language_of_the_screen_that_shows_it_not_the_one_that_raised_it():
    match = Match("stockpile", ["Ann", "Ben", "Cy"])
    with language("ko"):
        error = refusal(lambda: match.undo_to(7), HistoryError)
        korean = str(error)
    assert str(error) == "The log has 0 entries; cannot go back to entry 7."     # read outside: English
    assert korean != str(error) and letters_left(korean) == [] and "0" in korean and "7" in korean
    with language("ja"):
        assert str(error) == error.render("ja") != str(error.render("en"))


def test_a_field_of_the_wrong_type_is_named_in_each_language_with_what_it_wants():
    match = Match("stockpile", ["Ann", "Ben", "Cy"])
    deal = match.state.chance_entries(None)[0]
    wrong = dataclasses.replace(deal, seat=1.5)
    error = refusal(lambda: match.apply(wrong), MalformedAction)
    assert str(error) == f"{type(deal).__name__}: seat must be a whole number, not 1.5."
    for lang in ("ko", "ja"):
        words = error.render(lang)
        assert letters_left(words, type(deal).__name__, "seat") == [] and "1.5" in words, (lang, words)
    assert "whole number" not in error.render("es") and "1.5" in error.render("es")
    assert match.log == ()                               # refused: nothing changed


def test_the_core_words_of_a_secret_entry_and_of_an_event_in_each_language():
    match = Match("stockpile", ["Ann", "Ben", "Cy"])
    deal = match.state.chance_entries(0)[0]
    assert State.describe_hidden(match.state, deal) == "Ann: a secret entry"
    event = Event(1, "play", "round_end", (("round", 1),))
    assert State.describe_event(match.state, event) == "Round end: round 1"
    for lang in TRANSLATED:
        with language(lang):
            hidden = State.describe_hidden(match.state, deal)
        assert hidden.startswith("Ann") and english_left(hidden) == [] and hidden != "Ann: a secret entry"


# --- the store: a wrong PIN's wait, a backup's PINs, a missing match ------------------------------
def lock_after_wrong_pins(store, match_id, clock, waited: float) -> PinLocked:
    """Seat 0 locked by a 3rd wrong PIN (a 2 s wait), ``waited`` seconds later."""
    for _ in range(3):
        assert store.check_pin(match_id, 0, "0000") is False
    clock.now += waited
    return refusal(lambda: store.check_pin(match_id, 0, "4711"), PinLocked)


@pytest.mark.parametrize("waited,english", [(0.0, "2 seconds"), (1.2, "1 second")])
def test_a_wrong_pin_lock_says_the_wait_in_each_language(table, waited, english):
    store, match_id, clock = table
    store.set_pin(match_id, 0, "4711")
    error = lock_after_wrong_pins(store, match_id, clock, waited)
    assert str(error) == f"Too many wrong PINs for Ann: try again in {english}."
    seconds = english.split()[0]
    for lang in ("ko", "ja"):
        words = error.render(lang)
        assert letters_left(words, "Ann", "PIN") == [] and seconds in words, (lang, words)
    spanish = error.render("es")
    assert "Ann" in spanish and english_left(spanish.replace("PIN", "")) == [], spanish
    # Spanish tells one second from two: the two waits read differently beyond their digit
    assert (" segundo." in spanish) == (seconds == "1"), spanish


def test_a_wait_of_minutes_and_seconds_keeps_both_numbers_in_order(table):
    store, match_id, clock = table
    store.set_pin(match_id, 0, "4711")
    for wait in (0, 0, 0, 2, 4, 8, 16, 32):              # the 8th wrong PIN locks for 64 s
        clock.now += wait
        assert store.check_pin(match_id, 0, "0000") is False
    error = refusal(lambda: store.check_pin(match_id, 0, "4711"), PinLocked)
    assert str(error) == "Too many wrong PINs for Ann: try again in 1 minute 4 seconds."
    for lang in TRANSLATED:
        words = error.render(lang)
        assert re.search(r"1\D+4\D", words), (lang, words)
        assert english_left(words.replace("PIN", "")) == [], (lang, words)


def test_a_backup_names_the_players_whose_pins_it_needs_in_each_language(table):
    store, match_id, clock = table
    store.set_pin(match_id, 0, "4711")
    store.set_pin(match_id, 1, "1234")
    error = refusal(lambda: store.export_backup(match_id), PinRequired)
    assert str(error) == ("A full backup holds every player's secrets, so it needs the PINs of Ann and Ben. "
                          "Without them, export the public record instead.")
    assert error.seats == (0, 1)
    for lang in ("ko", "ja"):
        words = error.render(lang)
        assert letters_left(words, "Ann", "Ben", "PIN") == [] and words.index("Ann") < words.index("Ben")
    spanish = error.render("es")
    assert "Ann y Ben" in spanish and english_left(spanish.replace("PIN", "")) == [], spanish
    one = refusal(lambda: store.export_backup(match_id, {1: "1234"}), PinRequired)
    assert str(one) == ("A full backup holds every player's secrets, so it needs the PIN of Ann. "
                        "Without it, export the public record instead.")


def test_a_missing_match_and_a_closed_store_are_said_in_each_language(table, tmp_path):
    store, match_id, _clock = table
    missing = refusal(lambda: store.open("nope"), SaveFileError)
    assert str(missing) == "There is no saved match 'nope'."
    for lang in ("ko", "ja"):
        assert letters_left(missing.render(lang), "nope") == [], missing.render(lang)
    assert "nope" in missing.render("es") and english_left(missing.render("es")) == []
    store.close()
    closed = refusal(store.list, StoreError)
    path = str(tmp_path / "matches.sqlite3")
    assert str(closed) == f"The saved matches ({path}) were closed; reload the page to open them again."
    for lang in ("ko", "ja"):
        assert letters_left(closed.render(lang).replace(path, "")) == [], closed.render(lang)


def test_where_a_database_is_reads_in_each_language_and_in_english_as_before():
    where = location_words("postgresql:///tabletop")
    assert where == "the PostgreSQL database 'tabletop' on this computer"
    for lang in ("ko", "ja"):
        with language(lang):
            assert letters_left(where.render(), "PostgreSQL", "tabletop") == [], where.render()


# --- a refusal kept or sent: still data -----------------------------------------------------------
def test_a_refusal_kept_for_an_entry_made_ahead_reads_in_each_screens_language():
    """An advance entry refused on one screen is kept as the refusal's id and parameters, so the
    seat's own screen reads it in its own language (and the database holds no screen's words)."""
    match = Match("stockpile", ["Ann", "Ben", "Cy"])
    error = refusal(match.undo, HistoryError)
    with language("ja"):                                 # the screen that played it speaks Japanese
        kept = _refusal_text(error)
    assert "取り消す" not in kept
    entry = AdvanceEntry(1, 0, "{}", kept)
    assert entry.refused == "There is nothing to undo."
    with language("ko"):
        assert entry.refused.render() == error.render("ko")
    assert AdvanceEntry(1, 0, "{}", "Older words.").refused == "Older words."    # an older database's text


def test_a_refusal_whose_words_are_made_when_read_survives_pickling(table):
    store, match_id, clock = table
    store.set_pin(match_id, 0, "4711")
    error = lock_after_wrong_pins(store, match_id, clock, 0)
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == "Too many wrong PINs for Ann: try again in 2 seconds."


def test_a_move_after_the_end_is_described_in_the_language_it_is_read_in():
    match = Match("stockpile", ["Ann", "Ben", "Cy"], seed=3)
    while not match.is_over():
        if match.current_player() == -1:
            match.play_chance()
        else:
            match.apply(match.legal_actions()[-1])
    late = match.log[-1]
    error = refusal(lambda: match.apply(late))
    assert str(error) == f"The game is over; {match.state.describe(late)} cannot be played."
    for lang in TRANSLATED:
        with language(lang):
            described = match.state.describe(late)
        assert described in error.render(lang) and "The game is over" not in error.render(lang), lang
