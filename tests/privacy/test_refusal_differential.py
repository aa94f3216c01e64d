"""The privacy rule for what the rules *answer*: forks of random games that differ only in one
seat's secret (differential.py) must answer every correction the "Correct a mistake" card could
send, and every entry a viewer other than that seat could try, in the same way: accepted in both,
or refused in both with the very same words (in English and in Korean). An accepted try must also
leave the same public table in both forks (a count that moved in one fork only would tell the
secret as surely as a refusal).

A refusal whose words or whose mere existence depend on where a hidden card lies lets anyone at
the shared screen find the card by trying (issue 28: a square correction found all 18 rack tiles
in 49 s). ``TABLETOP_REFUSAL_SWEEP=1`` runs more games and more points of each fork.
"""
from __future__ import annotations

import dataclasses
import json
import os
import random
import time

import pytest

from tabletop import CHANCE, TERMINAL, Match, TabletopError
from tabletop.core import Correction

from .differential import PLAYERS, _goto, random_game
from .oracle import private_decision

WIDE = os.environ.get("TABLETOP_REFUSAL_SWEEP", "").lower() in ("1", "true", "yes")
#: the other language every refusal is compared in (a translation may carry a parameter the
#: English leaves out)
OTHER = "ko"
JUNK = ("", "nothing", "13Z", "0A", "Boeing", None, -1, 10**6, True)


# --- what may be tried --------------------------------------------------------------------------
def _corrections(match: Match) -> list[Correction]:
    """Every correction the table screen's card could send (each kind, seat, subject and a set of
    values), and junk typed into its text fields."""
    title, st, n = match.game.title, match.state, match.game.n_players
    seats = list(range(n)) + [None, n, -1]
    out: list[Correction] = []

    def add(kind, seat, subject, values):
        out.extend(Correction(kind, seat, subject, v, "fix") for v in values)

    if title == "acquire":
        corps = list(st.tables.corps)
        for s in seats:
            add("money", s, "", (0, 6_000, 123_456, -100, "6000"))
            for c in corps + ["Boeing"]:
                add("holding", s, c, (0, 1, 4, 25, 26, -1))
        # every square, typed: empty, a lone tile, three corporations (a cheap, a middle and an
        # expensive one: each board check is of the corporation's neighbours) and a name no edition has
        values = [None, "", corps[0], corps[len(corps) // 2], corps[-1]] + (corps[1:-1] if WIDE else []) + ["Boeing"]
        for square in list(st.tables.labels) + ["13A", "1J", "", "A1"]:
            add("square", None, square, values)
        add("value", None, "Tower", (900,))
    elif title == "black-monday":
        from tabletop.blackmonday.data import STOCKS
        values = list(range(0, 15))
        for s in seats:
            add("money", s, "", (0, 25_000, -1))
            for stock in list(STOCKS) + ["Nope"]:
                add("add holding", s, stock, values)
                add("remove holding", s, stock, values)
        for stock in list(STOCKS) + ["Nope"]:
            add("price", None, stock, values)
    elif title == "jika":
        from tabletop.jika.data import SLOTS, SUITS
        for suit in list(SUITS) + ["stars"]:
            for slot in list(SLOTS) + ["middle"]:
                add("square", None, f"{suit} {slot}", [None] + list(range(0, 13)))
        add("money", 0, "", (10,))
    elif title == "stockpile":
        from tabletop.stockpile.data import COMPANIES
        for s in seats:
            add("money", s, "", (0, 9_000, -1))
            for c in list(COMPANIES) + ["Nope"]:
                add("holding", s, c, (0, 1, 2, 5, 12, -1))
                add("split holding", s, c, (0, 1, 3, -1))
        for c in list(COMPANIES) + ["Nope"]:
            add("space", None, c, range(-1, 22))
    out.append(Correction("money", 0, "", 5, "  "))       # no reason given
    return out


def _reseated(action, seat):
    try:
        return dataclasses.replace(action, seat=seat)
    except TypeError:          # an action without a seat
        return None


def _entries(a: Match, b: Match, owner: int) -> list:
    """The entries a viewer other than ``owner`` could try now: at a chance event that is not the
    owner's, every outcome either fork offers or allows; at a decision, the choices of a seat that
    is not the owner (or the owner's, when the docs put that decision on the shared screen), and
    the same choices sent for every other seat (out of turn)."""
    player = a.current_player()
    if player == TERMINAL:
        return []
    if player == CHANCE:
        if a.state.chance_owner() == owner:
            return []            # the owner's own entry, made in the owner's panel
        found = {}
        for m in (a, b):
            for act in list(m.offered_actions(None)) + list(m.legal_actions()):
                found[repr(act)] = act
        return list(found.values())
    if player == owner and private_decision(a):
        legal = []               # the owner's own decision, in the owner's panel
    else:
        found = {}
        for m in (a, b):
            for act in m.legal_actions():
                found[repr(act)] = act
        legal = list(found.values())
    out = list(legal)
    # the same kinds of choice for the other seats, out of turn
    for act in legal[:40]:
        for seat in range(a.game.n_players):
            if seat != player:
                moved = _reseated(act, seat)
                if moved is not None:
                    out.append(moved)
    return out


# --- how a try is answered -----------------------------------------------------------------------
def _answer(match: Match, action) -> tuple[tuple, object]:
    """How ``match`` answers ``action`` (on a copy of its state): ("accepted",) or the refusal
    in English and in ``OTHER``; and the copy after an accepted try (else None)."""
    try:
        action.check_fields()
    except TabletopError as e:
        return (type(e).__name__, e.render("en"), e.render(OTHER)), None
    state = match.state.clone()
    state.told = len(state.events)
    try:
        state.apply(action)
    except TabletopError as e:
        return (type(e).__name__, e.render("en"), e.render(OTHER)), None
    except Exception as e:   # noqa: BLE001  a crash is an answer too (Match words it the same way)
        return ("crash", type(e).__name__, str(e)), None
    return ("accepted",), state


def _public_after(state) -> str:
    """What the whole table sees once a try is accepted: the public view and the announcements."""
    return json.dumps([state.view(None), [state.describe_event(e) for e in state.events[state.told:]]],
                      sort_keys=True, default=str)


@dataclasses.dataclass
class Tally:
    points: int = 0
    tries: int = 0
    refusals: int = 0
    accepted: int = 0
    tables_compared: int = 0       # accepted tries whose public table after was compared
    unequal_points: int = 0        # points where the forks' public tables already differed
    differences: list = dataclasses.field(default_factory=list)


def compare_point(tally: Tally, a: Match, b: Match, owner: int, where: str) -> None:
    tries = [("correction", c) for c in _corrections(a)] + [("entry", e) for e in _entries(a, b, owner)]
    tally.points += 1
    # the table after an accepted try is compared only where it was the same before: the forks may
    # already differ in public by the rules (a bankruptcy discards the cards held, a dividend shows
    # them), and test_differential.py judges those
    same_before = json.dumps(a.view(None), sort_keys=True) == json.dumps(b.view(None), sort_keys=True)
    tally.unequal_points += not same_before
    for what, action in tries:
        said_a, after_a = _answer(a, action)
        said_b, after_b = _answer(b, action)
        tally.tries += 1
        if said_a != said_b:
            tally.differences.append((where, what, action, said_a, said_b))
            continue
        if after_a is None:
            tally.refusals += 1
            continue
        tally.accepted += 1
        if not same_before:
            continue
        tally.tables_compared += 1
        seen_a, seen_b = _public_after(after_a), _public_after(after_b)
        if seen_a != seen_b:
            k = next(i for i, (x, y) in enumerate(zip(seen_a, seen_b)) if x != y)
            tally.differences.append((where, what, action, "public table after it: " + seen_a[max(0, k - 80):k + 80],
                                      seen_b[max(0, k - 80):k + 80]))


def fork_and_try(title: str, n: int, options: dict, seed: int, forks: int, points: int,
                 horizon: int = 80) -> Tally:
    """Fork a random game at up to ``forks`` secret events (spread over the game); follow each
    fork pair while both accept the game's entries (up to ``horizon`` entries) and compare the
    answers right after the fork, one entry later and at ``points`` - 2 entries drawn from the
    rest of the way (a deal's secret matters most once play begins)."""
    tally = Tally()
    log = random_game(title, n, options, seed).log
    a, b = Match(title, PLAYERS[:n], options, seed), Match(title, PLAYERS[:n], options, seed)
    rng = random.Random(seed)
    secret = [i for i, act in enumerate(log) if act.chance and act.secret_to is not None]
    chosen = sorted(rng.sample(secret, min(forks, len(secret))))
    for i in chosen:
        owner = log[i].secret_to
        _goto(b, log, i)
        others = [o for o in b.legal_actions() if o != log[i] and o.secret_to == owner]
        rng.shuffle(others)
        for other in others:
            try:
                b.apply(other)
            except TabletopError:
                continue
            break
        else:
            continue
        _goto(a, log, i + 1)
        later = min(horizon, len(log) - i - 1)
        steps = {0, 1} | set(rng.sample(range(2, later), min(points - 2, max(0, later - 2)))) if later > 2 else {0}
        for step in range(max(steps) + 1):
            if step in steps:
                where = f"{title} {n}p {options or ''} seed {seed}, forked at entry {i + 1} (seat {owner}), {step} later"
                compare_point(tally, a, b, owner, where)
            if i + 1 + step >= len(log):
                break
            following = log[i + 1 + step]
            try:
                b.apply(following)
            except TabletopError:
                break          # fork B refuses what fork A played: the forks part here
            a.apply(following)
    return tally


CASES = ([("acquire", n, {}, 500 + n) for n in (2, 3, 4, 6)]
         + [("acquire", 4, {"edition": "classic", "hidden_money": True}, 511)]
         + [("black-monday", n, {}, 600 + n) for n in (2, 3, 5)]
         + [("jika", n, {}, 700 + n) for n in (3, 4)]
         + [("stockpile", n, {}, 800 + n) for n in (2, 3, 5)]
         + [("stockpile", 4, {"investors": True}, 811)])
FORKS, POINTS = (40, 6) if WIDE else (5, 3)
TOTAL = Tally()


@pytest.mark.parametrize("title,n,options,seed", CASES,
                         ids=[f"{c[0]}-{c[1]}p{'-' + '+'.join(c[2]) if c[2] else ''}" for c in CASES])
def test_a_try_is_answered_the_same_whatever_another_seat_holds(title, n, options, seed):
    start = time.perf_counter()
    tally = fork_and_try(title, n, options, seed, FORKS, POINTS)
    TOTAL.points += tally.points
    TOTAL.tries += tally.tries
    TOTAL.refusals += tally.refusals
    TOTAL.accepted += tally.accepted
    print(f"\n{title} {n}p: {tally.points} points, {tally.tries} tries each answered by both forks "
          f"({tally.refusals} refusals compared word for word, {tally.accepted} accepted), "
          f"{time.perf_counter() - start:.1f} s; all so far: {TOTAL.refusals} refusals, {TOTAL.accepted} accepted")
    assert tally.points, "no fork to compare"
    assert not tally.differences, (
        f"{len(tally.differences)} answers differ between forks that differ only in a secret, e.g.:\n"
        + "\n".join(f"{w}: {what} {act!r}\n   A: {x}\n   B: {y}" for w, what, act, x, y in tally.differences[:6]))


# --- the comparison can fail: the leaks of issue 28 planted back ----------------------------------
def test_the_forks_catch_a_square_correction_refused_for_a_tile_in_a_rack(monkeypatch):
    from tabletop.acquire.position import PositionRules
    from tabletop.errors import IllegalAction
    fixed = PositionRules._correct_square

    def old(self, label, to):
        tile = self._tile(label)
        if self.where[tile] >= 0:        # the words of issue 28, for a tile in a rack only
            raise IllegalAction("{tile} cannot go on the board: it is not among the tiles left to draw; "
                                "check the tile and enter it again.", tile=label)
        fixed(self, label, to)

    monkeypatch.setattr(PositionRules, "_correct_square", old)
    tally = fork_and_try("acquire", 3, {}, 503, 3, 3)
    assert any(what == "correction" and act.kind == "square" for _w, what, act, _a, _b in tally.differences)


def test_the_forks_catch_a_deal_refused_for_a_card_in_another_hand(monkeypatch):
    from tabletop.errors import IllegalAction
    from tabletop.jika.rules import JikaState
    fixed = JikaState._take_hidden

    def old(self, card):
        if card not in self.undealt:     # the words before issue 28, for a card in a hand
            raise IllegalAction("The {card} has already been dealt; {player} cannot receive it.",
                                card=str(card), player="someone")
        fixed(self, card)

    monkeypatch.setattr(JikaState, "_take_hidden", old)
    tally = fork_and_try("jika", 4, {}, 704, 4, 3)
    assert any(what == "entry" for _w, what, _act, _a, _b in tally.differences)
