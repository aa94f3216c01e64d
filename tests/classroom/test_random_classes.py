"""Random classes of 2 to 40 seats in each experiment.

- Privacy (a differential check): two forks of a class that differ only in one seat's secret draws
  and sealed bid show every other seat, and the public screen, exactly the same thing until the
  round closes: views, offered entries, what the match waits for, the log's words, the events.
- The results table equals the entries made (winners, prices and profits worked out here from the
  log, independently of the engine), and a save, a load, undo and redo give the same results.
"""
from __future__ import annotations

import json
import math
import random
from itertools import permutations

import pytest

from tabletop.classroom import (Bid, BreakTie, CloseRound, DrawCommonValue, DrawPileValue, DrawSignal,
                                DrawValue, FormGroups, Join, OpenRound, PlaceBid, RandomBid, RandomPlace,
                                seat_labels)
from tabletop.classroom.results import results
from tabletop.classroom.rules import group_slices
from tabletop.core import CHANCE
from tabletop.match import Match

EXPERIMENTS = ("first-price", "second-price", "common-value", "ladder")
SIZES = (2, 3, 5, 8, 13, 21, 40)
DRAWS = (DrawValue, DrawSignal, DrawPileValue)


def class_options(experiment: str, size: int, rng: random.Random) -> dict:
    top = 5 if experiment == "ladder" else 8
    return {"experiment": experiment, "group_size": rng.randint(2, min(top, size)),
            "rounds": rng.randint(1, 3), "missing_bid": rng.choice(["none", "random"]),
            "noise": rng.choice([0, 5, 20])}


class Class:
    """A class played by scripted students. ``shared`` decides everything public (who joins, who
    bids and when, the groups, the ladder's moves); each seat's secrets come from its own stream,
    except ``fork_seat``'s in the last round, which come from ``fork_seed``."""

    def __init__(self, experiment: str, size: int, seed: int, fork_seat: int | None = None,
                 fork_seed: int = 0):
        self.rng = random.Random(seed)
        self.options = class_options(experiment, size, self.rng)
        self.match = Match("classroom", seat_labels(size), self.options, seed=seed)
        self.seed, self.fork_seat, self.fork_seed = seed, fork_seat, fork_seed
        self.always_bids = None     # a seat that bids in the last round whatever ``shared`` says
        self.joined = self.rng.randint(self.options["group_size"], size)
        for seat in range(self.joined):
            self.match.apply(Join(seat, f"Student {seat + 1}"))

    def secret_rng(self, seat: int, what: str) -> random.Random:
        state = self.match.state
        if seat == self.fork_seat and state.round == self.options["rounds"]:
            return random.Random(f"{self.fork_seed}-{seat}-{what}-{len(self.match)}")
        return random.Random(f"{self.seed}-{seat}-{what}-{len(self.match)}")

    def draw(self) -> None:
        """The server's draw due now: public ones from ``shared``, secret ones from the seat's."""
        m, state = self.match, self.match.state
        legal = m.legal_actions()
        first = legal[0]
        if isinstance(first, FormGroups):
            order = sorted(state.participants)
            self.rng.shuffle(order)
            m.apply(FormGroups(state.round, tuple(order)))
        elif isinstance(first, DRAWS):
            m.apply(self.secret_rng(first.seat, "draw").choice(legal))
        else:
            m.apply(self.rng.choice(legal))

    def open(self) -> None:
        self.match.apply(OpenRound())

    def bidding_steps(self):
        """Each student's entry of the round, one at a time (yield after each)."""
        m, state = self.match, self.match.state
        while m.current_player() == CHANCE:
            self.draw()
            yield
        if state.ladder:
            for _ in range(200):
                turns = [t["turn"] for t in state.tracks if t["turn"] is not None]
                if not turns or self.rng.random() < 0.03:
                    break
                seat = self.rng.choice(turns)
                m.apply(self.rng.choice(state.actions_for(seat)))
                yield
        else:
            bidders = [s for s in state.participants
                       if self.rng.random() < 0.85 or (s == self.always_bids
                                                       and state.round == self.options["rounds"])]
            self.rng.shuffle(bidders)
            for seat in bidders:
                m.apply(Bid(seat, self.secret_rng(seat, "bid").randint(state.low, state.high)))
                yield

    def close(self) -> None:
        self.match.apply(CloseRound())
        while self.match.current_player() == CHANCE:
            self.draw()

    def play(self) -> Match:
        while not self.match.is_over():
            self.open()
            for _ in self.bidding_steps():
                pass
            self.close()
        return self.match


def screens(match: Match, seats) -> str:
    """Everything the public screen and ``seats`` may see now, as one text to compare."""
    state = match.state
    out = {"public": match.view(None), "waiting": list(match.waiting_for()),
           "current": match.current_player(), "owner": state.chance_owner(),
           "offered": repr(match.offered_actions(None)),
           "teacher": repr(state.actions_for(None)), "hint": state.hint(),
           "events": [e.to_dict() for e in match.events()], "missing": state.missing()}
    for seat in seats:
        out[f"seat {seat}"] = {"view": match.view(seat), "offered": repr(match.offered_actions(seat)),
                     "mine": repr(state.actions_for(seat))}
    return json.dumps(out, sort_keys=True, default=str)


CASES = [(e, s, k) for e in EXPERIMENTS for k, s in enumerate(SIZES)]


def advance(c: Class, rounds: int) -> None:
    while c.match.state.round < rounds:
        c.open()
        for _ in c.bidding_steps():
            pass
        c.close()


@pytest.mark.parametrize("experiment, size, seed", CASES)
def test_other_seats_see_the_same_until_the_close(experiment, size, seed):
    probe = Class(experiment, size, seed)
    last = probe.options["rounds"]
    advance(probe, last - 1)
    probe.open()
    probe.draw()                                          # the last round's groups
    # the forked seat: for the common value the last of its group to be drawn, so the other
    # signals stay possible in both forks
    fork_seat = random.Random(seed).choice(probe.match.state.groups)[-1]
    a = Class(experiment, size, seed, fork_seat, fork_seed=seed)        # the class as it is
    b = Class(experiment, size, seed, fork_seat, fork_seed=seed + 1000)  # the seat's secrets redrawn
    for c in (a, b):
        c.always_bids = fork_seat
        advance(c, last - 1)
        c.open()
    others = [s for s in range(size) if s != fork_seat]
    mates = [s for g in probe.match.state.groups if fork_seat in g for s in g if s != fork_seat]
    watched = sorted(set(mates) | set(random.Random(seed).sample(others, min(4, len(others)))))
    steps = [a.bidding_steps(), b.bidding_steps()]
    differed = False
    while True:
        done = [next(step, "done") for step in steps]
        assert done[0] == done[1]
        assert screens(a.match, watched if done[0] != "done" else others) == \
            screens(b.match, watched if done[0] != "done" else others)
        differed = differed or a.match.view(fork_seat) != b.match.view(fork_seat)
        if done[0] == "done":
            break
    for seat in [None] + others[:3]:
        assert a.match.describe_log(seat) == b.match.describe_log(seat)
        assert a.match.story(seat) == b.match.story(seat)
    assert differed, "the forks never differed for the forked seat: the check would prove nothing"
    # the close makes the round public: now the public screen does show the difference
    a.close(), b.close()
    assert a.match.view(None)["rows"] != b.match.view(None)["rows"]


# --- the results table against the entries ----------------------------------------------------
def expected_rows(match: Match) -> list[dict]:
    """The results worked out from the log alone (not from the engine's state)."""
    options = match.game.options
    experiment, group_size, low = options["experiment"], options["group_size"], options["low"]
    nick = {a.seat: a.nickname for a in match.log if isinstance(a, Join)}   # the latest nickname
    rounds, current = [], None
    for action in match.log:
        if isinstance(action, OpenRound):
            current = []
            rounds.append(current)
        elif current is not None:
            current.append(action)
    rows = []
    for rnd, entries in enumerate(rounds, start=1):
        if not any(isinstance(a, CloseRound) for a in entries):
            continue
        groups = group_slices(next(a for a in entries if isinstance(a, FormGroups)).order, group_size)
        group_of = {s: g for g, seats in enumerate(groups) for s in seats}
        value, piles, bid, rule, common, tie = {}, {}, {}, {}, {}, {}
        holder = [dict() for _ in groups]
        for a in entries:
            t = type(a)
            if t is DrawValue:
                value[a.seat] = a.value
            elif t is DrawSignal:
                value[a.seat] = a.signal
            elif t is DrawPileValue:
                piles.setdefault(a.seat, []).append(a.value)
            elif t in (Bid, RandomBid):
                bid[a.seat], rule[a.seat] = a.amount, "bid" if t is Bid else "random"
            elif t is PlaceBid:
                holder[group_of[a.seat]][a.pile] = (a.seat, a.amount, "bid")
            elif t is RandomPlace:
                holder[group_of[a.seat]][a.pile] = (a.seat, 0, "random")
            elif t is DrawCommonValue:
                common[a.group] = a.value
            elif t is BreakTie:
                tie[a.group] = a.seat
        for g, seats in enumerate(groups):
            if experiment == "ladder":
                vcg_prices = brute_vcg_prices([[piles[s][p] for s in seats] for p in range(len(seats))])
                held = {s: (p, amount, how) for p, (s, amount, how) in holder[g].items()}
                for s in seats:
                    text = " ".join(map(str, piles[s]))
                    if s in held:
                        p, amount, how = held[s]
                        rows.append(_row(rnd, experiment, g, s, nick, piles[s][p], None, amount, how, True,
                                         amount, piles[s][p] - amount, p + 1, text, vcg_prices[p]))
                    else:
                        rows.append(_row(rnd, experiment, g, s, nick, None, None, None, "missing", False,
                                         0, 0, None, text, None))
                continue
            placed = {s: bid[s] for s in seats if s in bid}
            winner, price = None, 0
            if placed:
                top = max(placed.values())
                tied = [s for s in seats if placed.get(s) == top]
                winner = tied[0] if len(tied) == 1 else tie[g]
                rest = sorted((v for s, v in placed.items() if s != winner), reverse=True)
                price = (rest[0] if rest else low) if experiment == "second-price" else top
            for s in seats:
                won = s == winner
                worth = common.get(g, value[s])
                rows.append(_row(rnd, experiment, g, s, nick, value[s], common.get(g), placed.get(s),
                                 rule.get(s, "missing"), won, price if won else 0,
                                 worth - price if won else 0, None, None, None))
    return rows


def _row(rnd, experiment, g, s, nick, value, common, bid, rule, won, price, profit, pile, text, vcg_price):
    return {"round": rnd, "experiment": experiment, "group": g + 1, "seat": s + 1, "nickname": nick[s],
            "value": value, "common_value": common, "bid": bid, "bid_rule": rule, "won": won,
            "price": price, "profit": profit, "pile": pile, "pile_values": text, "vcg_price": vcg_price}


def brute_vcg_prices(values):
    """Each pile's VCG price, trying every assignment (a check independent of economics.assignment)."""
    piles = len(values)

    def best(bidders):
        return max(sum(values[p][b] for p, b in zip(ps, bidders))
                   for ps in permutations(range(piles), len(bidders))) if bidders else 0
    top = max(permutations(range(piles)), key=lambda owner: sum(values[p][b] for p, b in enumerate(owner)))
    welfare = sum(values[p][b] for p, b in enumerate(top))
    return [best([c for c in range(piles) if c != b]) - (welfare - values[p][b]) for p, b in enumerate(top)]


def table_rows(df) -> list[dict]:
    """A results DataFrame as plain rows (NaN as None, whole numbers as ints) to compare."""
    out = []
    for record in df.to_dict("records"):
        clean = {}
        for key, value in record.items():
            if isinstance(value, float):
                value = None if math.isnan(value) else (int(value) if value == int(value) else value)
            clean[key] = value.item() if hasattr(value, "item") else value
        out.append(clean)
    return out


@pytest.mark.parametrize("experiment, size, seed", CASES)
def test_results_equal_the_entries_and_survive_save_load_undo(experiment, size, seed, tmp_path):
    m = Class(experiment, size, seed).play()
    df = results(m)
    assert list(df.columns) == list(results.__globals__["COLUMNS"])
    assert table_rows(df) == expected_rows(m)
    assert len(df) > 0
    # a save and a load
    m.save(tmp_path / "class.json")
    loaded = Match.load(tmp_path / "class.json")
    assert table_rows(results(loaded)) == table_rows(df)
    assert loaded.story(None) == m.story(None) and loaded.outcome() == m.outcome()
    secret = [a for a in m.public_record()["actions"] if a["type"] in ("Bid", "DrawValue", "DrawSignal", "DrawPileValue")]
    assert secret and all(set(a) == {"type", "seat", "hidden"} for a in secret)   # no amount, no value
    # the CSV export read back
    from tabletop.classroom.results import load_results, to_csv
    to_csv(m, tmp_path / "class.csv")
    assert table_rows(load_results(tmp_path / "class.csv")) == table_rows(df)
    # undo to just before the last close: that round leaves the table; redo brings it back
    last_close = max(i for i, a in enumerate(m.log) if isinstance(a, CloseRound))
    end = len(m)
    m.undo_to(last_close)
    closed_before = df[df["round"] < m.state.round]
    assert table_rows(results(m)) == table_rows(closed_before.reset_index(drop=True))
    while len(m) < end:
        m.redo()
    assert table_rows(results(m)) == table_rows(df)
