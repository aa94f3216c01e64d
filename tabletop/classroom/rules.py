"""The rules of a classroom auction experiment as a ``State``: several seats act at once.

A round: the teacher opens it (``OpenRound``); the server draws the groups, then each
participant's value (or signal, or pile values) in group order; every participant bids (a sealed
``Bid``, or the ladder's ``PlaceBid`` in turns within each group); the teacher closes it
(``CloseRound``); the server draws what the close needs (random bids for missing bidders under the
teacher's rule, each group's common value, tie-breaks); the results are computed and told.

Privacy: a value, a signal and a sealed bid are ``secret_to`` their seat; no public view, no
offered chance entry and no event depends on them before the close. After ``CloseRound`` the round's
values, signals and bids are public (the class sees its results table). The ladder's bids are
public, as on Stockpile's board: bidders must see the track to outbid.

Every refusal raises before anything changes.
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core import BANK, CHANCE, TERMINAL, Action, Event, Outcome, State, shown
from tabletop.errors import IllegalAction, NotYourTurn

from .actions import (Bid, BreakTie, CloseRound, DrawCommonValue, DrawPileValue, DrawSignal,
                      DrawValue, EndExperiment, FormGroups, Join, OpenRound, PlaceBid, RandomBid,
                      RandomPlace)
from .data import (COMMON, EXPERIMENT_WORDS, FIRST, LADDER, LADDER_UNIT, MAX_DEVICE, MAX_NICKNAME,
                   SECOND, ladder_rungs, missing_rule, money)

__all__ = ["ClassroomState", "EVENT_KINDS", "group_slices"]

#: what every screen is told happened by itself (all public facts)
EVENT_KINDS = {
    "round_opened": "the teacher opened a round: how many students take part",
    "all_bids_in": "every participant of the open round has bid (ladder: every group has finished)",
    "ladder_group_done": "ladder: every bidder of a group holds a pile",
    "group_result": "a group's result at the close: the winner (or the piles), price and profit",
    "round_closed": "a round closed: its groups' results are public",
    "experiment_over": "the last round closed, or the teacher ended the experiment",
}


def group_slices(order: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    """Consecutive slices of ``size``; a remainder of 2 or more is a smaller group, a remainder of
    1 joins the last group."""
    groups = [tuple(order[i:i + size]) for i in range(0, len(order), size)]
    if len(groups) > 1 and len(groups[-1]) == 1:
        last = groups.pop()
        groups[-1] += last
    return groups


class ClassroomState(State):
    """One moment of a classroom experiment. Read it; change it only with ``apply``."""

    def __init__(self, game):
        super().__init__(game)
        o = game.options
        self.experiment: str = o["experiment"]
        self.group_size: int = o["group_size"]
        self.rounds: int = o["rounds"]
        self.low: int = o["low"]
        self.high: int = o["high"]
        self.noise: int = o["noise"]
        self.missing_bid: str = o["missing_bid"]
        self.ladder = self.experiment == LADDER
        self.rungs: tuple[int, ...] = ladder_rungs() if self.ladder else ()
        self.money = [0] * self.n
        self.phase = "waiting"
        self.nick: list[str | None] = [None] * self.n
        self.device_seat: dict[str, int] = {}   # a joined device's tag -> its one seat
        self.rows: list[dict] = []              # results of the closed rounds (without nicknames)
        self._reset_round()
        self._legal: list[Action] | None = None

    def _reset_round(self) -> None:
        self.participants: tuple[int, ...] = ()
        self.groups: list[tuple[int, ...]] = []
        self.group_of: dict[int, int] = {}
        self.queue: list[tuple] = []            # the server's draws still due, in order
        self.values: dict[int, int] = {}        # value or signal, by seat
        self.pile_values: dict[int, list[int]] = {}
        self.bids: dict[int, int] = {}          # sealed bids (own or random), by seat
        self.rule_of: dict[int, str] = {}       # "bid" / "random", by seat
        self.tracks: list[dict] = []            # ladder: per group {holder, rung, turn}
        self.common: dict[int, int] = {}        # common value by group (drawn at the close)
        self.tie_winner: dict[int, int] = {}

    def clone(self) -> "ClassroomState":
        c = object.__new__(ClassroomState)
        d = dict(self.__dict__)
        for key in ("money", "payments", "value_marks", "events", "nick", "rows", "groups", "queue"):
            d[key] = list(d[key])
        for key in ("group_of", "values", "bids", "rule_of", "common", "tie_winner", "device_seat"):
            d[key] = dict(d[key])
        d["pile_values"] = {s: list(v) for s, v in self.pile_values.items()}
        d["tracks"] = [{"holder": list(t["holder"]), "rung": list(t["rung"]), "turn": t["turn"],
                        "placed": dict(t["placed"])} for t in self.tracks]
        c.__dict__ = d
        return c

    # --- words ----------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.nick[seat] or self.game.players[seat]

    def _names(self, seats) -> str:
        names = [self.name(s) for s in seats]
        if not names:
            return "nobody"
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def _seat_words(self, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool):
            return f"Seat {seat + 1}" if 0 <= seat < self.n else f"seat {seat + 1}"
        return f"seat {seat!r}"

    # --- reading --------------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.phase in ("drawing", "bidding", "closing")

    def joined(self) -> list[int]:
        return [s for s in range(self.n) if self.nick[s] is not None]

    def missing(self, round: int | None = None) -> list[int]:
        """Seats of the open round still to bid (ladder: holding no pile), sorted; empty when no
        round is open or ``round`` is not the open round."""
        if self.phase not in ("bidding", "drawing") or round not in (None, self.round):
            return []
        if self.ladder:
            held = {s for t in self.tracks for s in t["holder"] if s is not None}
            return [s for s in sorted(self.participants) if s not in held]
        return [s for s in sorted(self.participants) if s not in self.bids]

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.queue:
            return CHANCE
        if self.phase == "bidding":
            if self.ladder:
                turns = [t["turn"] for t in self.tracks if t["turn"] is not None]
                return min(turns) if turns else 0
            waiting = self.missing()
            return waiting[0] if waiting else 0
        return 0

    def chance_owner(self) -> int | None:
        if self.queue and self.queue[0][0] in ("value", "signal", "pile"):
            return self.queue[0][1]
        return None

    def can_open(self) -> str | None:
        """None if the teacher may open a round now, else why not in words."""
        if self.phase == "over":
            return "The experiment is over."
        if self.is_open:
            return f"Round {self.round} is still open; close it first."
        if self.round >= self.rounds:
            return f"All {self.rounds} rounds have been played."
        joined = len(self.joined())
        if joined < self.group_size:
            return (f"A round needs at least {self.group_size} students (one group); "
                    f"{joined} {'has' if joined == 1 else 'have'} joined.")
        return None

    def seat_of_device(self, device: str) -> int | None:
        """The seat the device tagged ``device`` joined, or None."""
        return self.device_seat.get(device) if device else None

    def can_join(self, seat: Any, nickname: Any, device: Any = "") -> str | None:
        """None if ``Join(seat, nickname, device)`` would be accepted, else the refusal in words."""
        if self.phase == "over":
            return "The experiment is over; nobody can join now."
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            return f"There is no {self._seat_words(seat)}: this class has seats 1 to {self.n}."
        if not isinstance(nickname, str):
            return "A nickname is text."
        name = nickname.strip()
        if not 1 <= len(name) <= MAX_NICKNAME:
            return f"A nickname has 1 to {MAX_NICKNAME} characters; {shown_len(name)}."
        if not name.isprintable():
            return "A nickname is one line of ordinary characters (no line breaks or tabs)."
        for other in range(self.n):
            if other != seat and self.nick[other] is not None and self.nick[other].casefold() == name.casefold():
                return f"The nickname {name!r} is taken by another student; choose another."
        if not isinstance(device, str) or len(device) > MAX_DEVICE or (device and not (device.isascii()
                                                                                   and device.isalnum())):
            return f"A device tag is up to {MAX_DEVICE} letters and digits, not {shown(device)}."
        held = self.seat_of_device(device)
        if held is not None and held != seat:
            return f"This device already holds {self._seat_words(held)} ({self.name(held)}); a device takes one seat."
        if device and any(s == seat and d != device for d, s in self.device_seat.items()):
            return "This seat was taken from another device."
        return None

    def _teacher_actions(self) -> list[Action]:
        if self.phase == "over" or self.queue:
            return []
        if self.phase == "bidding":
            return [CloseRound()]
        out: list[Action] = []
        if self.can_open() is None:
            out.append(OpenRound())
        out.append(EndExperiment())
        return out

    def _seat_actions(self, seat: int) -> list[Action]:
        if self.phase != "bidding" or self.queue or seat not in self.group_of:
            return []
        if not self.ladder:
            if seat in self.bids:
                return []
            return [Bid(seat, a) for a in range(self.low, self.high + 1)]
        track = self.tracks[self.group_of[seat]]
        if track["turn"] != seat:
            return []
        out = []
        for p, holder in enumerate(track["holder"]):
            start = 0 if holder is None else track["rung"][p] + 1
            out += [PlaceBid(seat, p, amount) for amount in self.rungs[start:]]
        return out

    def actions_for(self, seat: int | None) -> list[Action]:
        """What ``seat`` may take now (None: the teacher), a subset of ``legal_actions()``;
        ``Join`` is typed and never listed."""
        if seat is None:
            return self._teacher_actions()
        return self._seat_actions(seat)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            if self.phase == "over":
                self._legal = []
            elif self.queue:
                self._legal = self._chance_outcomes(legal=True)
            else:
                out = self._teacher_actions()
                for seat in sorted(self.participants):
                    out += self._seat_actions(seat)
                self._legal = out
        return list(self._legal)

    def chance_entries(self, viewer: int | None) -> list[Action]:
        """The draw due now, as any screen may offer it: the whole range of a value or signal,
        never narrowed by another seat's draws (a signal inconsistent with them is refused by
        ``apply``); after the close the round's draws and bids are public."""
        if not self.queue:
            return self.legal_actions()
        return self._chance_outcomes(legal=False)

    def _posterior(self, group: int) -> tuple[int, int]:
        """The whole dollars V may be, given the group's signals drawn so far."""
        signals = [self.values[s] for s in self.groups[group] if s in self.values]
        if not signals:
            return self.low, self.high
        return max(self.low, max(signals) - self.noise), min(self.high, min(signals) + self.noise)

    def _chance_outcomes(self, legal: bool) -> list[Action]:
        step = self.queue[0]
        kind = step[0]
        if kind == "groups":
            return [FormGroups(self.round, tuple(sorted(self.participants)))]
        if kind == "value":
            return [DrawValue(step[1], v) for v in range(self.low, self.high + 1)]
        if kind == "signal":
            lo, hi = self.low, self.high
            if legal:
                lo, hi = self._posterior(self.group_of[step[1]])
            return [DrawSignal(step[1], v) for v in range(lo - self.noise, hi + self.noise + 1)]
        if kind == "pile":
            return [DrawPileValue(step[1], step[2], v) for v in range(self.low, self.high + 1, LADDER_UNIT)]
        if kind == "random":
            return [RandomBid(step[1], a) for a in range(self.low, self.high + 1)]
        if kind == "place":
            track = self.tracks[self.group_of[step[1]]]
            return [RandomPlace(step[1], p) for p, h in enumerate(track["holder"]) if h is None]
        if kind == "common":
            lo, hi = self._posterior(step[1]) if legal else (self.low, self.high)
            return [DrawCommonValue(self.round, step[1], v) for v in range(lo, hi + 1)]
        if kind == "tie":
            return [BreakTie(self.round, step[1], s) for s in self._tied(step[1])]
        raise AssertionError(kind)

    def sample_chance(self, rng: random.Random) -> Action:
        if not self.queue:
            raise NotYourTurn("Nothing is to be drawn now.")
        step = self.queue[0]
        kind = step[0]
        if kind == "groups":
            order = list(sorted(self.participants))
            rng.shuffle(order)
            return FormGroups(self.round, tuple(order))
        if kind == "value":
            return DrawValue(step[1], rng.randint(self.low, self.high))
        if kind == "signal":
            lo, hi = self._posterior(self.group_of[step[1]])
            return DrawSignal(step[1], rng.randint(lo, hi) + rng.randint(-self.noise, self.noise))
        if kind == "pile":
            return DrawPileValue(step[1], step[2],
                                 rng.randint(self.low // LADDER_UNIT, self.high // LADDER_UNIT) * LADDER_UNIT)
        if kind == "random":
            return RandomBid(step[1], rng.randint(self.low, self.high))
        if kind == "common":
            lo, hi = self._posterior(step[1])
            return DrawCommonValue(self.round, step[1], rng.randint(lo, hi))
        return rng.choice(self._chance_outcomes(legal=True))   # a free pile, a tied seat

    # --- applying -------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(f"{type(action).__name__} is not an entry of a classroom experiment.")
        handler(self, action)
        self._legal = None

    def _apply_join(self, a: Join) -> None:
        refusal = self.can_join(a.seat, a.nickname, a.device)
        if refusal and not 0 <= a.seat < self.n:
            raise IllegalAction(refusal)
        if refusal:
            raise IllegalAction(f"{self._seat_words(a.seat)} cannot join as {shown(a.nickname)}: "
                                f"{refusal[0].lower()}{refusal[1:]}")
        self.nick[a.seat] = a.nickname.strip()
        if a.device:
            self.device_seat[a.device] = a.seat

    def _apply_open(self, a: OpenRound) -> None:
        refusal = self.can_open()
        if refusal:
            raise IllegalAction(f"The teacher cannot open a round: {refusal}")
        self._reset_round()
        self.round += 1
        self.phase = "drawing"
        self.participants = tuple(self.joined())
        self.queue = [("groups",)]
        self.announce("round_opened", participants=len(self.participants))

    def _expect(self, action: Action, kind: str) -> tuple:
        """The draw due now if it is of ``kind``; the refusal in words otherwise."""
        what = type(action).__name__
        if not self.queue:
            raise IllegalAction(f"{what}: nothing is to be drawn now.")
        step = self.queue[0]
        if step[0] != kind:
            raise IllegalAction(f"{what} is not the draw due now ({_DUE_WORDS[step[0]]}).")
        return step

    def _apply_groups(self, a: FormGroups) -> None:
        self._expect(a, "groups")
        if a.round != self.round:
            raise IllegalAction(f"The groups drawn now are round {self.round}'s, not round {a.round}'s.")
        if sorted(a.order) != sorted(self.participants):
            raise IllegalAction(f"The groups of round {self.round} are an order of its "
                                f"{len(self.participants)} participants ({self._names(sorted(self.participants))}), "
                                f"each once.")
        self.groups = group_slices(a.order, self.group_size)
        self.group_of = {s: g for g, seats in enumerate(self.groups) for s in seats}
        order = [s for seats in self.groups for s in seats]
        self.queue.pop(0)
        if self.ladder:
            self.queue = [("pile", s, p) for s in order for p in range(len(self.groups[self.group_of[s]]))]
            self.tracks = [{"holder": [None] * len(seats), "rung": [None] * len(seats),
                            "turn": seats[0], "placed": {}} for seats in self.groups]
        else:
            self.queue = [("signal" if self.experiment == COMMON else "value", s) for s in order]

    def _check_draw_seat(self, a, step) -> None:
        if a.seat != step[1]:
            raise IllegalAction(f"The draw due now is {self.name(step[1])}'s, not {self._seat_words(a.seat)}'s.")

    def _apply_value(self, a: DrawValue) -> None:
        step = self._expect(a, "value")
        self._check_draw_seat(a, step)
        if not self.low <= a.value <= self.high:
            raise IllegalAction(f"A value is a whole number of dollars from {money(self.low)} to "
                                f"{money(self.high)}, not {money(a.value)}.")
        self.values[a.seat] = a.value
        self._drawn()

    def _apply_signal(self, a: DrawSignal) -> None:
        step = self._expect(a, "signal")
        self._check_draw_seat(a, step)
        lo, hi = self.low - self.noise, self.high + self.noise
        if not lo <= a.signal <= hi:
            raise IllegalAction(f"A signal is the common value plus noise from -{money(self.noise)} to "
                                f"{money(self.noise)}: from {money(lo)} to {money(hi)}, not {money(a.signal)}.")
        low_v, high_v = self._posterior(self.group_of[a.seat])
        if not (max(low_v, a.signal - self.noise) <= min(high_v, a.signal + self.noise)):
            raise IllegalAction(f"A signal of {money(a.signal)} cannot be drawn in this group: "
                                f"one group's signals lie within {money(2 * self.noise)} of each other.")
        self.values[a.seat] = a.signal
        self._drawn()

    def _apply_pile_value(self, a: DrawPileValue) -> None:
        step = self._expect(a, "pile")
        self._check_draw_seat(a, step)
        if a.pile != step[2]:
            raise IllegalAction(f"The value due now is of pile {step[2] + 1}, not pile {a.pile + 1}.")
        if not self.low <= a.value <= self.high or a.value % LADDER_UNIT:
            raise IllegalAction(f"A pile's value is a multiple of {money(LADDER_UNIT)} from "
                                f"{money(self.low)} to {money(self.high)}, not {money(a.value)}.")
        self.pile_values.setdefault(a.seat, []).append(a.value)
        self._drawn()

    def _drawn(self) -> None:
        self.queue.pop(0)
        if not self.queue:
            self.phase = "bidding"

    def _bidder(self, a, what: str) -> None:
        who = self.name(a.seat) if 0 <= a.seat < self.n else self._seat_words(a.seat)
        if not 0 <= a.seat < self.n:
            raise IllegalAction(f"There is no {who}: this class has seats 1 to {self.n}.")
        if not self.is_open:
            raise IllegalAction(f"{who} cannot {what}: no round is open.")
        if a.seat not in self.participants:
            raise IllegalAction(f"{who} cannot {what}: {who} is not in round {self.round} "
                                f"(a student who joins during a round takes part from the next).")
        if self.phase == "drawing":
            raise IllegalAction(f"{who} cannot {what} yet: round {self.round}'s values are still "
                                f"being drawn.")
        if self.phase == "closing":
            raise IllegalAction(f"{who} cannot {what}: round {self.round} is closed.")

    def _apply_bid(self, a: Bid) -> None:
        if self.ladder:
            raise IllegalAction("This experiment bids on the ladder: a bid names a pile and a rung.")
        self._bidder(a, "bid")
        who = self.name(a.seat)
        if a.seat in self.bids:
            raise IllegalAction(f"{who} has already bid in round {self.round}; one bid per round.")
        if not self.low <= a.amount <= self.high:
            raise IllegalAction(f"{who} cannot bid {money(a.amount)}: a bid is a whole number of "
                                f"dollars from {money(self.low)} to {money(self.high)}.")
        self.bids[a.seat] = a.amount
        self.rule_of[a.seat] = "bid"
        if not self.missing():
            self.announce("all_bids_in")

    def _apply_place(self, a: PlaceBid) -> None:
        if not self.ladder:
            raise IllegalAction("This experiment takes sealed bids: a bid is an amount, not a pile.")
        self._bidder(a, "bid")
        who = self.name(a.seat)
        g = self.group_of[a.seat]
        track = self.tracks[g]
        if track["turn"] is None:
            raise IllegalAction(f"{who} already holds a pile, and every bidder of the group holds one.")
        if track["turn"] != a.seat:
            if a.seat in track["holder"]:
                raise IllegalAction(f"{who} holds pile {track['holder'].index(a.seat) + 1} and bids "
                                    f"again only if outbid; it is {self.name(track['turn'])}'s turn.")
            raise IllegalAction(f"It is {self.name(track['turn'])}'s turn to bid in {who}'s group.")
        piles = len(track["holder"])
        if not 0 <= a.pile < piles:
            raise IllegalAction(f"{who}'s group bids on piles 1 to {piles}, not pile {a.pile + 1}.")
        if a.amount not in self.rungs:
            raise IllegalAction(f"{who} cannot bid {money(a.amount)}: bids are "
                                f"{', '.join(money(r) for r in self.rungs)}.")
        rung = self.rungs.index(a.amount)
        holder = track["holder"][a.pile]
        if holder is not None and rung <= track["rung"][a.pile]:
            raise IllegalAction(f"{who} cannot bid {money(a.amount)} on pile {a.pile + 1}: "
                                f"{self.name(holder)} already bid {money(self.rungs[track['rung'][a.pile]])} "
                                f"there, and a bid must go higher.")
        track["holder"][a.pile], track["rung"][a.pile] = a.seat, rung
        track["placed"][a.seat] = "bid"
        seats = self.groups[g]
        held = set(track["holder"])
        k = seats.index(a.seat)
        track["turn"] = next((seats[(k + i) % len(seats)] for i in range(1, len(seats) + 1)
                              if seats[(k + i) % len(seats)] not in held), None)
        if track["turn"] is None:
            self.announce("ladder_group_done", group=g,
                          piles=tuple((p, s, self.rungs[r]) for p, (s, r)
                                      in enumerate(zip(track["holder"], track["rung"]))))
            if all(t["turn"] is None for t in self.tracks):
                self.announce("all_bids_in")

    def _apply_close(self, a: CloseRound) -> None:
        if not self.is_open:
            raise IllegalAction("The teacher cannot close a round: no round is open.")
        if self.phase != "bidding":
            raise IllegalAction(f"The teacher cannot close round {self.round} yet: its groups and "
                                f"values are still being drawn.")
        missing = self.missing()
        self.phase = "closing"
        if self.ladder:
            self.queue = [("place", s) for seats in self.groups for s in seats
                          if s in missing] if self.missing_bid == "random" else []
            for t in self.tracks:
                t["turn"] = None
        else:
            self.queue = [("random", s) for s in missing] if self.missing_bid == "random" else []
        if self.experiment == COMMON:
            self.queue += [("common", g) for g in range(len(self.groups))]
        self._closing_step()

    def _apply_random_bid(self, a: RandomBid) -> None:
        step = self._expect(a, "random")
        self._check_draw_seat(a, step)
        if not self.low <= a.amount <= self.high:
            raise IllegalAction(f"A random bid is drawn from {money(self.low)} to {money(self.high)}, "
                                f"not {money(a.amount)}.")
        self.bids[a.seat] = a.amount
        self.rule_of[a.seat] = "random"
        self.queue.pop(0)
        self._closing_step()

    def _apply_random_place(self, a: RandomPlace) -> None:
        step = self._expect(a, "place")
        self._check_draw_seat(a, step)
        track = self.tracks[self.group_of[a.seat]]
        free = [p for p, h in enumerate(track["holder"]) if h is None]
        if a.pile not in free:
            raise IllegalAction(f"{self.name(a.seat)} takes a pile nobody holds "
                                f"({', '.join(str(p + 1) for p in free)}), not pile {a.pile + 1}.")
        track["holder"][a.pile], track["rung"][a.pile] = a.seat, 0
        track["placed"][a.seat] = "random"
        self.queue.pop(0)
        self._closing_step()

    def _apply_common(self, a: DrawCommonValue) -> None:
        step = self._expect(a, "common")
        if (a.round, a.group) != (self.round, step[1]):
            raise IllegalAction(f"The common value due now is group {step[1] + 1}'s of round "
                                f"{self.round}, not group {a.group + 1}'s of round {a.round}.")
        lo, hi = self._posterior(step[1])
        if not lo <= a.value <= hi:
            raise IllegalAction(f"Group {step[1] + 1}'s common value lies within {money(self.noise)} of "
                                f"every signal and from {money(self.low)} to {money(self.high)}: "
                                f"{money(lo)} to {money(hi)}, not {money(a.value)}.")
        self.common[step[1]] = a.value
        self.queue.pop(0)
        self._closing_step()

    def _apply_tie(self, a: BreakTie) -> None:
        step = self._expect(a, "tie")
        tied = self._tied(step[1])
        if (a.round, a.group) != (self.round, step[1]) or a.seat not in tied:
            raise IllegalAction(f"The tie due now is group {step[1] + 1}'s of round {self.round}, "
                                f"between {self._names(tied)}.")
        self.tie_winner[step[1]] = a.seat
        self.queue.pop(0)
        self._closing_step()

    def _apply_end(self, a: EndExperiment) -> None:
        if self.is_open:
            raise IllegalAction(f"The teacher cannot end the experiment while round {self.round} is "
                                f"open; close it first.")
        self._finish()

    # --- the close ------------------------------------------------------------------------------
    def _group_bids(self, g: int) -> dict[int, int]:
        return {s: self.bids[s] for s in self.groups[g] if s in self.bids}

    def _tied(self, g: int) -> list[int]:
        bids = self._group_bids(g)
        if not bids:
            return []
        top = max(bids.values())
        return [s for s in self.groups[g] if bids.get(s) == top]

    def _closing_step(self) -> None:
        """After each draw of the close: the next one, a tie to break, or the results."""
        if self.queue:
            return
        if not self.ladder:
            for g in range(len(self.groups)):
                if g not in self.tie_winner and len(self._tied(g)) > 1:
                    self.queue.append(("tie", g))
                    return
        self._results()

    def _results(self) -> None:
        rows_before = len(self.rows)
        for g, seats in enumerate(self.groups):
            if self.ladder:
                self._ladder_rows(g, seats)
            else:
                self._sealed_rows(g, seats)
        for row in self.rows[rows_before:]:
            profit, seat = row["profit"], row["seat"] - 1
            if profit > 0:
                self.pay(BANK, seat, profit, f"profit in round {self.round}", "score")
            elif profit < 0:
                self.pay(seat, BANK, -profit, f"loss in round {self.round}", "score")
        self.announce("round_closed", groups=len(self.groups),
                      revenue=sum(r["price"] for r in self.rows[rows_before:]))
        self.phase = "waiting"
        self.participants = ()
        if self.round >= self.rounds:
            self._finish()

    def _row(self, g: int, seat: int, **facts) -> dict:
        row = {"round": self.round, "experiment": self.experiment, "group": g + 1, "seat": seat + 1,
               "value": None, "common_value": None, "bid": None, "bid_rule": "missing", "won": False,
               "price": 0, "profit": 0, "pile": None, "pile_values": None, "vcg_price": None}
        row.update(facts)
        self.rows.append(row)
        return row

    def _sealed_rows(self, g: int, seats: tuple[int, ...]) -> None:
        bids = self._group_bids(g)
        winner, price = None, 0
        if bids:
            tied = self._tied(g)
            winner = tied[0] if len(tied) == 1 else self.tie_winner[g]
            if self.experiment == SECOND:
                others = sorted((b for s, b in bids.items() if s != winner), reverse=True)
                price = others[0] if others else self.low
            else:
                price = bids[winner]
        common = self.common.get(g)
        for s in seats:
            won = s == winner
            worth = common if common is not None else self.values[s]
            self._row(g, s, value=self.values[s], common_value=common, bid=bids.get(s),
                      bid_rule=self.rule_of.get(s, "missing"), won=won,
                      price=price if won else 0, profit=worth - price if won else 0)
        self.announce("group_result", group=g, winner=winner, price=price,
                      value=None if winner is None else (common if common is not None else self.values[winner]),
                      profit=0 if winner is None else (common if common is not None else self.values[winner]) - price,
                      bids=len(bids))

    def _ladder_rows(self, g: int, seats: tuple[int, ...]) -> None:
        from tabletop.economics.assignment import vcg
        track = self.tracks[g]
        # houses x buyers, as tabletop.economics.assignment reads a market
        matrix = [[self.pile_values[s][p] for s in seats] for p in range(len(seats))]
        vcg_prices = vcg(matrix).prices
        pile_of = {s: p for p, s in enumerate(track["holder"]) if s is not None}
        for s in seats:
            p = pile_of.get(s)
            values = " ".join(str(v) for v in self.pile_values[s])
            if p is None:
                self._row(g, s, pile_values=values)
                continue
            amount = self.rungs[track["rung"][p]]
            self._row(g, s, value=self.pile_values[s][p], bid=amount, bid_rule=track["placed"][s],
                      won=True, price=amount, profit=self.pile_values[s][p] - amount, pile=p + 1,
                      pile_values=values, vcg_price=vcg_prices[p])
        self.announce("group_result", group=g,
                      piles=tuple((p, track["holder"][p],
                                   None if track["rung"][p] is None else self.rungs[track["rung"][p]],
                                   vcg_prices[p]) for p in range(len(seats))))

    def _finish(self) -> None:
        self.phase = "over"
        self.queue = []
        best = max((self.money[s] for s in self.joined()), default=0)
        self.announce("experiment_over", rounds=self.round,
                      leaders=tuple(s for s in self.joined() if self.money[s] == best))

    # --- the end --------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        joined = self.joined() or list(range(self.n))
        best = max(self.money[s] for s in joined)
        return Outcome(tuple(self.money), tuple(s for s in joined if self.money[s] == best),
                       "the experiment is over: the highest total profit")

    # --- views ----------------------------------------------------------------------------------
    def result_rows(self) -> list[dict]:
        """The closed rounds' results, with each seat's nickname as it is now."""
        return [{**r, "nickname": self.name(r["seat"] - 1)} for r in self.rows]

    def view(self, seat: int | None) -> dict:
        bidding = self.phase == "bidding"
        view = {
            "experiment": self.experiment,
            "experiment_words": EXPERIMENT_WORDS[self.experiment],
            "options": dict(self.game.options),
            "rounds": self.rounds,
            "round": self.round,
            "phase": self.phase,
            "open": self.is_open,
            "missing_bid": self.missing_bid,
            "missing_rule": missing_rule(self.game.options),
            "seats": [{"seat": s, "label": self.game.players[s], "nickname": self.nick[s]}
                      for s in range(self.n)],
            "joined": self.joined(),
            "participants": list(self.participants),
            "groups": [list(g) for g in self.groups],
            "have_bid": ([] if self.ladder else sorted(s for s in self.bids if self.rule_of[s] == "bid"))
                        if bidding else [],
            "to_bid": self.missing(),
            "ladder": [{"piles": [{"holder": h, "amount": None if r is None else self.rungs[r]}
                                  for h, r in zip(t["holder"], t["rung"])],
                        "to_act": t["turn"], "done": t["turn"] is None}
                       for t in self.tracks] if self.ladder and self.phase != "waiting" else [],
            "ladder_rungs": list(self.rungs),
            "rows": self.result_rows(),
            "profits": list(self.money),
            "log_hint": self._hint(),
            "private": None if seat is None else self._private(seat),
        }
        return view

    def _private(self, seat: int) -> dict:
        in_round = seat in self.group_of and self.is_open
        g = self.group_of.get(seat) if in_round else None
        mine = [r for r in self.rows if r["seat"] == seat + 1]
        last = [r for r in mine if r["round"] == mine[-1]["round"]] if mine else []
        private = {
            "seat": seat, "nickname": self.nick[seat], "in_round": in_round,
            "group": g, "group_seats": list(self.groups[g]) if g is not None else [],
            "value": None, "signal": None, "pile_values": None,
            "bid": self.bids.get(seat) if in_round and self.rule_of.get(seat) == "bid" else None,
            "to_act": bool(self._seat_actions(seat)),
            "last_result": {**last[0], "nickname": self.name(seat)} if last else None,
            "profit": self.money[seat],
        }
        if in_round:
            if self.ladder:
                private["pile_values"] = list(self.pile_values.get(seat, []))
            elif self.experiment == COMMON:
                private["signal"] = self.values.get(seat)
            else:
                private["value"] = self.values.get(seat)
        return private

    def _hint(self) -> str:
        if self.phase == "over":
            return "The experiment is over."
        if self.phase == "waiting":
            refusal = self.can_open()
            if refusal is None:
                return f"The teacher opens round {self.round + 1} of {self.rounds} when ready."
            return refusal
        if self.phase == "drawing":
            return f"Round {self.round}: drawing the groups and values."
        if self.phase == "closing":
            return f"Round {self.round} is closing: drawing {_DUE_WORDS[self.queue[0][0]]}."
        if self.ladder:
            busy = sum(t["turn"] is not None for t in self.tracks)
            if busy:
                return (f"Round {self.round}: {busy} of {len(self.tracks)} groups still bidding on the "
                        f"ladder; the teacher may close the round.")
        else:
            left = len(self.missing())
            if left:
                return (f"Round {self.round}: {left} of {len(self.participants)} bidders still to bid; "
                        f"the teacher may close the round.")
        return f"Round {self.round}: every bid is in; the teacher closes the round."

    # --- words for the log ----------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        t = type(action)
        if t is Join:
            old = self.nick[action.seat] if 0 <= action.seat < self.n else None
            label = self._seat_words(action.seat)
            if old is None:
                return f"{label} joins as {action.nickname.strip()}"
            return f"{label} ({old}) is now called {action.nickname.strip()}"
        if t is OpenRound:
            return f"The teacher opens round {self.round + 1}"
        if t is FormGroups:
            groups = group_slices(action.order, self.group_size)
            return (f"Round {action.round} groups: "
                    + "; ".join(f"{i + 1}: {self._names(g)}" for i, g in enumerate(groups)))
        if t is DrawValue:
            return f"{self.name(action.seat)}'s value: {money(action.value)}"
        if t is DrawSignal:
            return f"{self.name(action.seat)}'s signal: {money(action.signal)}"
        if t is DrawPileValue:
            return f"{self.name(action.seat)}'s value of pile {action.pile + 1}: {money(action.value)}"
        if t is Bid:
            return f"{self.name(action.seat)} bids {money(action.amount)}"
        if t is PlaceBid:
            return f"{self.name(action.seat)} bids {money(action.amount)} on pile {action.pile + 1}"
        if t is CloseRound:
            return f"The teacher closes round {self.round}"
        if t is RandomBid:
            return (f"{self.name(action.seat)} did not bid: a random bid of {money(action.amount)} "
                    f"(the teacher's rule)")
        if t is RandomPlace:
            return (f"{self.name(action.seat)} held no pile: takes pile {action.pile + 1} at $0, drawn "
                    f"at random (the teacher's rule)")
        if t is DrawCommonValue:
            return f"Group {action.group + 1}'s common value: {money(action.value)}"
        if t is BreakTie:
            return f"Group {action.group + 1}'s tie is drawn: {self.name(action.seat)} wins it"
        if t is EndExperiment:
            return "The teacher ends the experiment"
        return super().describe(action)

    def describe_hidden(self, action: Action) -> str:
        who = self.name(action.secret_to)
        if isinstance(action, Bid):
            return f"{who} bids (sealed)"
        if isinstance(action, DrawSignal):
            return f"{who}'s signal is drawn (only {who} sees it)"
        if isinstance(action, DrawPileValue):
            return f"{who}'s value of pile {action.pile + 1} is drawn (only {who} sees it)"
        return f"{who}'s value is drawn (only {who} sees it)"

    def describe_event(self, event: Event) -> str:
        p = dict(event.params)
        kind = event.kind
        if kind == "round_opened":
            return f"Round {event.round} is open: {p['participants']} students take part."
        if kind == "all_bids_in":
            return f"Every bid of round {event.round} is in."
        if kind == "ladder_group_done":
            return (f"Group {p['group'] + 1} has finished bidding: "
                    + "; ".join(f"pile {pile + 1} to {self.name(s)} at {money(a)}" for pile, s, a in p["piles"])
                    + ".")
        if kind == "group_result":
            if "piles" in p:
                parts = [f"pile {pile + 1} " + ("unsold" if s is None else f"to {self.name(s)} at {money(a)}")
                         + f" (minimum Walrasian price {money(v)})" for pile, s, a, v in p["piles"]]
                return f"Round {event.round}, group {p['group'] + 1}: " + "; ".join(parts) + "."
            if p["winner"] is None:
                return f"Round {event.round}, group {p['group'] + 1}: nobody bid, so nobody wins."
            who = self.name(p["winner"])
            profit = p["profit"]
            return (f"Round {event.round}, group {p['group'] + 1}: {who} wins at {money(p['price'])}; "
                    f"worth {money(p['value'])} to {who}, a {'loss' if profit < 0 else 'profit'} of "
                    f"{money(abs(profit))}.")
        if kind == "round_closed":
            return f"Round {event.round} is closed: the results of its {p['groups']} " \
                   f"group{'s' if p['groups'] != 1 else ''} are on every screen."
        if kind == "experiment_over":
            leaders = p["leaders"]
            lead = f" Highest total profit: {self._names(leaders)}." if leaders else ""
            return f"The experiment is over after {p['rounds']} round{'s' if p['rounds'] != 1 else ''}.{lead}"
        return super().describe_event(event)


def shown_len(text: str) -> str:
    return "this one is empty" if not text else f"this one has {len(text)}"


_DUE_WORDS = {"groups": "the groups", "value": "a student's value", "signal": "a student's signal",
              "pile": "a student's pile values", "random": "a missing bidder's random bid",
              "place": "a pile for a bidder holding none", "common": "a group's common value",
              "tie": "a tie between equal bids"}

_HANDLERS = {
    Join: ClassroomState._apply_join, OpenRound: ClassroomState._apply_open,
    FormGroups: ClassroomState._apply_groups, DrawValue: ClassroomState._apply_value,
    DrawSignal: ClassroomState._apply_signal, DrawPileValue: ClassroomState._apply_pile_value,
    Bid: ClassroomState._apply_bid, PlaceBid: ClassroomState._apply_place,
    CloseRound: ClassroomState._apply_close, RandomBid: ClassroomState._apply_random_bid,
    RandomPlace: ClassroomState._apply_random_place, DrawCommonValue: ClassroomState._apply_common,
    BreakTie: ClassroomState._apply_tie, EndExperiment: ClassroomState._apply_end,
}
