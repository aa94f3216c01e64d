"""The core's side of issue 15, for every title: a Position only as the first entry, a
Correction's fields checked like any action's, Match.waiting_for as data that agrees with the
offered entries and the chance owner, and the ledger's added kind and subject columns."""
import random

import pytest

from tabletop import Match
from tabletop.core import CHANCE, LEDGER_KINDS, TERMINAL, Correction, Position, Waiting
from tabletop.errors import IllegalAction, MalformedAction
from tabletop.testing import refused_unchanged

GAMES = [("stockpile", 3), ("acquire", 3), ("black-monday", 2), ("jika", 3)]


def positions(title: str, n: int):
    """A title's table at its first position boundary of a random game, as position entries."""
    m = Match(title, [f"P{i}" for i in range(n)], seed=5)
    rng = random.Random(5)
    while not m.state.at_position_boundary():
        m.apply(m.sample_chance() if m.current_player() == CHANCE else rng.choice(m.legal_actions()))
    return m.state.position_entries()


@pytest.mark.parametrize("title, n", GAMES)
def test_a_position_is_refused_after_the_first_entry_whatever_the_title(title, n):
    position = positions(title, n)[0]
    m = Match(title, [f"P{i}" for i in range(n)], seed=1)
    m.apply(m.sample_chance())
    refused_unchanged(m, position, IllegalAction, "only be the first entry", "already has 1")


@pytest.mark.parametrize("title, n", GAMES)
def test_every_title_writes_its_table_as_a_position_that_starts_a_new_match(title, n):
    entries = positions(title, n)
    assert isinstance(entries[0], Position) and entries[0].secret_to is None
    assert all(e.secret_to is not None for e in entries[1:]), "each player's secrets are entered as secrets"
    m = Match(title, [f"P{i}" for i in range(n)], seed=5)
    for e in entries:
        m.apply(e)
    assert m.state.at_position_boundary()


@pytest.mark.parametrize("bad, words", [
    (Correction("money", True, "", 5, "x"), "seat must be a whole number or left empty, not True"),
    (Correction("money", 0, "", 5.5, "x"), "to must be a whole number or text or left empty, not 5.5"),
    (Correction("money", 0, None, 5, "x"), "subject must be text, not None"),
    (Correction("money", 0, "", 5, None), "reason must be text, not None"),
])
def test_correction_fields_are_checked_like_any_action(bad, words):
    m = Match("black-monday", ["A", "B"], seed=1)
    refused_unchanged(m, bad, MalformedAction, words)


def test_a_correction_reads_back_from_a_save():
    m = Match("stockpile", ["A", "B", "C"], seed=1)
    for _ in range(3):
        m.play_chance()
    m.apply(Correction("money", 1, "", 25_000, "a $5,000 note was missed"))
    copy = Match.from_json(m.to_json())
    assert copy.log[-1] == Correction("money", 1, "", 25_000, "a $5,000 note was missed")
    assert copy.state.money == m.state.money == [20_000, 25_000, 20_000]


@pytest.mark.parametrize("title, n", GAMES)
def test_waiting_for_agrees_with_the_turn_the_chance_owner_and_the_offered_entries(title, n):
    m = Match(title, [f"P{i}" for i in range(n)], seed=2)
    rng = random.Random(2)
    while True:
        w = m.waiting_for()
        assert isinstance(w, Waiting) and w.hint
        player = m.current_player()
        if player == TERMINAL:
            assert (w.seat, w.kind, w.secret, w.actions) == (None, "over", False, ())
            break
        offered = m.offered_actions(None)
        assert set(w.actions) == {type(a).__name__ for a in offered}
        if player == CHANCE:
            owner = m.state.chance_owner()
            assert (w.seat, w.kind, w.secret) == (owner, "chance", owner is not None)
            m.apply(m.sample_chance())
        else:
            assert (w.seat, w.kind) == (player, "decision")
            assert w.secret == any(a.secret_to is not None for a in offered)
            m.apply(rng.choice(offered))


@pytest.mark.parametrize("title, n", GAMES)
def test_the_ledger_adds_kind_and_subject_and_keeps_its_old_columns(title, n):
    m = Match(title, [f"P{i}" for i in range(n)], seed=3)
    rng = random.Random(3)
    while not m.is_over():
        m.apply(m.sample_chance() if m.current_player() == CHANCE else rng.choice(m.legal_actions()))
    ledger = m.ledger()
    assert list(ledger.columns) == ["payer", "payee", "amount", "reason", "round", "phase", "kind", "subject"]
    assert set(ledger["kind"]) <= set(LEDGER_KINDS) and "" not in set(ledger["kind"])
    names = set(m.view()["stocks"])
    assert set(ledger["subject"]) <= names | {""}
    record = m.public_record()["ledger"]
    assert record and set(record[0]) >= {"kind", "subject"}
