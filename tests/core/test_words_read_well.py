"""What the table reads is written out in full: every log line, announcement, ledger line, hint
and refusal of random games in every title reads as a sentence, never "None", a raw
"{placeholder}", a shouted line or an empty one, and every payment is of a kind the ledger knows.

(The words themselves are checked per rule in each title's tests; this sweep reaches the lines
those leave out: each refusal a random table can meet, each log line of every kind of entry.)"""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from tabletop import TabletopError
from tabletop.core import CHANCE, LEDGER_KINDS, TERMINAL, Action

from .fuzzing import CONFIGS, config_id, new_match, random_step, reads_well

def try_refused(match, entries, step) -> int:
    """Enter each of ``entries`` that is not legal now; each must be refused in words."""
    state = match.state
    now = set(state.chance_entries(None) if state.current_player() == CHANCE else state.legal_actions())
    refused = 0
    for entry in entries:
        if entry in now:
            continue
        try:            # the rules' own refusal (a script or an agent may play on a state)
            state.clone().apply(entry)
        except TabletopError as refusal:
            reads_well(str(refusal), f"the rules' refusal of {entry!r} at step {step}", sentence=True)
        try:
            match.apply(entry)
        except TabletopError as refusal:
            reads_well(str(refusal), f"the refusal of {entry!r} at step {step}", sentence=True)
            refused += 1
        else:
            if state.current_player() != CHANCE:   # a chance entry may be legal without being listed
                pytest.fail(f"{entry!r} is not legal at step {step} yet was accepted")
            match.undo()
    return refused


@dataclass(frozen=True)
class NotOfThisGame(Action):
    """An action no title knows (what another program, or another game's save, might enter)."""
    seat: int = 0


def foreign_and_misplaced_chance(match, step) -> None:
    """Another game's action, entered on the match and on the rules' own state, is refused in
    words; so is asking the rules for a chance entry when none is due."""
    for target in (match, match.state.clone()):
        with pytest.raises(TabletopError) as refusal:
            target.apply(NotOfThisGame())
        reads_well(str(refusal.value), f"the refusal of another game's action at step {step}",
                   sentence=True)
    if match.current_player() != CHANCE:
        try:
            match.state.clone().sample_chance(random.Random(0))
        except TabletopError as refusal:
            reads_well(str(refusal), f"a chance entry asked for at step {step}", sentence=True)


#: short games get more seeds, so rarer lines (時価で勝負's aces, ties) are reached too
SEEDS = {"jika": (5, 6, 7, 8, 9, 10)}


@pytest.mark.parametrize("config,seed", [(c, s) for c in CONFIGS for s in SEEDS.get(c[0], (5,))],
                         ids=lambda v: config_id(v) if isinstance(v, tuple) else str(v))
def test_every_line_a_random_game_writes_reads_as_words(config, seed):
    match, rng = new_match(config, seed=seed), random.Random(seed)
    state = match.state
    elsewhere: list = []       # entries (decisions and chance) legal at other points of the game
    refusals = 0
    for step in range(5000):
        state = match.state
        player = state.current_player()
        reads_well(state.hint(), f"the hint at step {step}")
        if step % 3 == 0 or player == TERMINAL:   # at the end: a little of everything
            tries = min(6 if player != TERMINAL else 60, len(elsewhere))
            refusals += try_refused(match, rng.sample(elsewhere, tries), step)
        if player == TERMINAL:
            break
        if step % 50 == 0:
            foreign_and_misplaced_chance(match, step)
        now = state.chance_entries(None) if player == CHANCE else state.legal_actions()
        elsewhere += rng.sample(sorted(now, key=repr), min(3, len(now)))
        events, payments = len(state.events), len(state.payments)
        random_step(match, rng)
        state = match.state
        for event in state.events[events:]:
            reads_well(state.describe_event(event), f"the announcement {event!r}")
        for payment in state.payments[payments:]:
            reads_well(str(payment.reason), f"the ledger line {payment!r}")
            assert payment.kind in LEDGER_KINDS, f"{payment!r} is of no kind the ledger knows"
    assert player == TERMINAL, "the random game did not end"
    reads_well(str(match.outcome().reason), "the game's reason")
    assert all(type(score) is int for score in match.outcome().scores), match.outcome()
    for line, told in match.story():
        reads_well(line, "a log line")
    for line, told in match.story(None):
        reads_well(line, "a public log line")
    for seat in range(config[1]):
        for line, _ in match.story(seat):
            reads_well(line, f"seat {seat}'s log line")
    assert refusals >= 5
