"""Stockpile action, selling and movement phases, dividends, the end of the round and the
game end, and stock movement on the tracks. A mixin of ``StockpileState``."""
from __future__ import annotations


from ..errors import IllegalAction, MalformedAction
from ..i18n import N_
from . import actions as A
from .common import _int, _mk, card, company, investor, words
from .data import ACTION_STEPS, BOOM, BUST, COMPANIES, CRAMER, DEBORAH, FORECAST_STEPS, FORECASTS, GRAHAM
from .steps import ACTION, DEBORAH_STEP, DIVIDEND, OVER, REENTER, REVEAL, SELL

__all__ = ["PlayRules"]


# The makers of events' facts (see ``StockpileState._tell_later``): the state they get is read for
# its rules data and tracks only, and a move's for the value it marked in the value history (an
# append-only record); the rest are values of the moment the event was told.
def _move_facts(state, c: int, steps: int, start: int, mark: int) -> tuple:
    """A move of ``steps`` from space ``start``: its values before and after (the one it marked),
    and whether it went past the top (a split) or below the bottom (a bankruptcy) on the way."""
    track = state.tracks[c]
    end = start + steps
    through = ("split",) if end > track.last else ("bankruptcy",) if end < 0 else ()
    return (("stock", COMPANIES[c]), ("steps", steps), ("old", track.values[start]),
            ("new", state.value_marks[mark].value), ("through", through))


def _dividend_facts(state, c: int, rate: int, source: str, order: tuple, start: int, end: int) -> tuple:
    """What each seat collected of a dividend: its payments, entries ``start`` to ``end`` of the
    ledger (an append-only record)."""
    name = COMPANIES[c]
    paid = dict.fromkeys(order, 0)
    for p in state.payments[start:end]:
        if p.kind == "dividend" and p.subject == name:
            paid[p.payee] += p.amount
    return ("stock", name), ("per_card", rate), ("source", source), ("paid", tuple(paid.items()))


def _moved(state, c: int, steps: int, start: int, mark: int, seat: int) -> tuple:
    return (("seat", seat),) + _move_facts(state, c, steps, start, mark)


def _forecast_moved(state, c: int, steps: int, start: int, mark: int, item: tuple, f: int) -> tuple:
    source = item[0]
    whose = (("seat", item[1]),) if source == "player" else (("pair", item[1]),) if source == "hidden" else ()
    head = (("source", source),) + whose + (("forecast", FORECASTS[f]),)
    if steps:
        return head + _move_facts(state, c, steps, start, mark)
    return head + (("stock", COMPANIES[c]), ("per_card", state.R.data["dividend"]))


def _split_facts(state, c: int, order: tuple, regular: list, split: list) -> tuple:
    track, per_card = state.tracks[c], state.R.data["split_bonus"]
    return (("stock", COMPANIES[c]), ("old", track.values[track.last]), ("new", track.values[track.split]),
            ("became_split", tuple((s, regular[s]) for s in order if regular[s])),
            ("bonus", tuple((s, per_card * split[s]) for s in order if split[s])), ("per_card", per_card))


def _bankrupt_facts(state, c: int, order: tuple, regular: list, split: list) -> tuple:
    track = state.tracks[c]
    return (("stock", COMPANIES[c]), ("old", track.values[0]), ("new", track.values[track.start]),
            ("lost", tuple((s, regular[s], split[s]) for s in order if regular[s] or split[s])))


def _dollar_facts(state, c: int, signs: int, order: tuple, regular: list, split: list) -> tuple:
    rate = state.R.data["dollar_space"] * signs
    return (("stock", COMPANIES[c]), ("signs", signs), ("per_card", rate),
            ("paid", tuple((s, rate * (regular[s] + 2 * split[s])) for s in order if regular[s] or split[s])))


def _sold(state, seat: int, cards: tuple, pos: tuple, graham: bool) -> tuple:
    """A player's final sale: ``cards`` (regular, split counts by company) at the values of ``pos``."""
    regular, split = cards
    values = [state.tracks[c].values[pos[c]] for c in range(6)]
    shares = sum((regular[c] + 2 * split[c]) for c in range(6))
    return (("seat", seat),
            ("cards", tuple((COMPANIES[c], regular[c], split[c]) for c in range(6) if regular[c] or split[c])),
            ("amount", sum((regular[c] + 2 * split[c]) * values[c] for c in range(6)) * state.unit),
            ("graham_bonus", shares * state.R.data["graham_bonus"] if graham else 0))


def _game_ended(state, scores: tuple, money: tuple) -> tuple:
    best = max(scores)
    return (("scores", tuple(enumerate(scores))),
            ("owed", tuple((s, m - v) for s, (m, v) in enumerate(zip(money, scores)) if m != v)),
            ("winners", tuple(s for s, v in enumerate(scores) if v == best)))


def _round_ended(state, rounds: int, pos: tuple, money: tuple) -> tuple:
    best = max(money)
    return (("rounds", rounds),
            ("values", tuple((COMPANIES[c], state.tracks[c].values[pos[c]]) for c in range(6))),
            ("money", tuple(enumerate(money))),
            ("leaders", tuple(s for s in range(len(money)) if money[s] == best)))


def _graham_bonus():
    """A ledger line's words (rendered when read)."""
    return words(N_("{investor} bonus on a sale"), investor=investor("Golden Graham"))


class PlayRules:
    """Action, selling, movement and end handlers of ``StockpileState``."""

    # ----------------------------------------------------------------- action phase
    def _start_action(self):
        self.phase = "action"
        cramer = self.holder[CRAMER]
        self.queue = [s for s in self.order
                      if self.pending[s][0] or self.pending[s][1] or s == cramer]
        if self.queue:
            self.actor = self.queue[0]
            self.step = ACTION
        else:
            self._start_selling()

    def _next_action(self):
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
        else:
            self._start_selling()

    def _legal_action(self):
        seat = self.actor
        out = []
        pend = self.pending[seat]
        if pend[0]:
            out += self.tab.boom[seat]
        if pend[1]:
            out += self.tab.bust[seat]
        if self.holder[CRAMER] == seat and not self.used[CRAMER]:
            out += self.tab.cramer[seat]
        if not pend[0] and not pend[1]:
            out.append(self.tab.pass_[seat])
        return out

    def _action_done(self, seat):
        pend = self.pending[seat]
        if not pend[0] and not pend[1] and (self.holder[CRAMER] != seat or self.used[CRAMER]):
            self._next_action()

    def _apply_action_card(self, a):
        if self.step != ACTION:
            self._refuse_step(N_("Playing a Boom or Bust card"))
        seat = self._check_actor(a, "PlayActionCard")
        k = self._card(a.card)
        if k == self.R.boom:
            slot, steps = 0, ACTION_STEPS[BOOM]
        elif k == self.R.bust:
            slot, steps = 1, ACTION_STEPS[BUST]
        else:
            raise IllegalAction("{card} is not an action card; only {boom} and {bust} are played.", card=card(a.card),
                                boom=card(BOOM), bust=card(BUST))
        if not self.pending[seat][slot]:
            raise IllegalAction("{player} has no {card} card to play this round.", player=self.name(seat),
                                card=card(a.card))
        c = self._company(a.company)
        self.pending[seat][slot] -= 1
        self.discard[k] += 1
        self.move(c, steps, "bust" if slot else "boom", _moved, seat)
        self._action_done(seat)

    def _apply_cramer(self, a):
        if self.step != ACTION:
            self._refuse_step(N_("Crazy Cramer's move"))
        seat = self._check_actor(a, "CramerMove")
        who = self.name(seat)
        if self.holder[CRAMER] != seat:
            raise IllegalAction("{player} is not {investor} and cannot move a stock by one.", player=who,
                                investor=investor("Crazy Cramer"))
        if self.used[CRAMER]:
            raise IllegalAction("{player} has already moved a stock this round ({investor} moves one a round).",
                                player=who, investor=investor("Crazy Cramer"))
        if a.steps not in (1, -1) or not _int(a.steps):
            raise IllegalAction("{investor} moves a stock exactly one space: steps must be 1 or -1, not {steps}.",
                                investor=investor("Crazy Cramer"), steps=repr(a.steps))
        c = self._company(a.company)
        self.used[CRAMER] = True
        self.move(c, a.steps, "cramer", _moved, seat)
        self._action_done(seat)

    # ----------------------------------------------------------------- stock movement
    def move(self, c: int, steps: int, kind: str | None = None, make=None, *facts) -> None:
        """Move company ``c`` by ``steps`` spaces, with splits, bankruptcy and $ spaces. With a
        ``kind``, the table is told of the move (``make(state, c, steps, start space, value mark,
        *facts)`` names its facts) before the split or bankruptcy it causes."""
        track = self.tracks[c]
        p = self.pos[c]
        if kind is not None:
            self._told.append((self.round, self.phase, kind, make, (c, steps, p, len(self.value_marks)) + facts))
        if steps > 0:
            last, dollars = track.last, track.dollars
            for _ in range(steps):
                if p == last:
                    self._split(c)
                    p = track.split
                else:
                    p += 1
                    if dollars[p]:
                        self._dollar_space(c, dollars[p])
        else:
            for _ in range(-steps):
                if p == 0:
                    self._bankrupt(c)
                    p = track.start
                    break
                p -= 1
        self.pos[c] = p
        self.mark_value(COMPANIES[c], track.values[p])

    def _split(self, c: int) -> None:
        bonus = self.R.data["split_bonus"]
        name = COMPANIES[c]
        # the rules have every holder show their cards of the company: who holds how many is public
        self._tell_later("split", _split_facts, c, self.order, [r[c] for r in self.reg], [r[c] for r in self.split])
        for s in self.order:
            if self.split[s][c]:
                self.receive(s, bonus * self.split[s][c], words(N_("{company} split: bonus for split cards"),
                                                                company=company(name)), "split", name)
        for s in range(self.n):
            self.split[s][c] += self.reg[s][c]
            self.reg[s][c] = 0

    def _bankrupt(self, c: int) -> None:
        # every holder discards their cards of the company: who loses how many is public
        self._tell_later("bankruptcy", _bankrupt_facts, c, self.order, [r[c] for r in self.reg],
                         [r[c] for r in self.split])
        for s in range(self.n):
            self.discard[c] += self.reg[s][c] + self.split[s][c]
            self.reg[s][c] = self.split[s][c] = 0

    def _dollar_space(self, c: int, signs: int) -> None:
        rate = self.R.data["dollar_space"] * signs
        name = COMPANIES[c]
        self._tell_later("dollar_space", _dollar_facts, c, signs, self.order, [r[c] for r in self.reg],
                         [r[c] for r in self.split])
        for s in self.order:
            k = self.reg[s][c] + 2 * self.split[s][c]
            if k:
                self.receive(s, rate * k, words(N_("{company} {signs} space"), company=company(name), signs="$" * signs),
                             "dividend", name)

    # ----------------------------------------------------------------- selling phase
    def _start_selling(self):
        self.phase = "selling"
        self.queue = list(self.order)
        self.actor = self.queue[0]
        self.step = SELL

    def _legal_sell(self):
        seat = self.actor
        out = []
        reg, split = self.reg[seat], self.split[seat]
        row = self.tab.sell[seat]
        for c in range(6):
            if reg[c]:
                out.append(row[c][0])
            if split[c]:
                out += row[c][1:]
        out.append(self.tab.pass_[seat])
        return out

    def _apply_sell(self, a):
        if self.step != SELL:
            self._refuse_step(N_("Selling stock"))
        seat = self._check_actor(a, "SellStock")
        c = self._company(a.company)
        who, name = self.name(seat), COMPANIES[c]
        if not isinstance(a.split, bool):
            raise MalformedAction("SellStock: 'split' must be true or false.")
        v = self.price(c)
        if a.split:
            if not self.split[seat][c]:
                raise IllegalAction("{player} cannot sell a split {company} card: {player} has none.", player=who,
                                    company=company(name))
            self.split[seat][c] -= 1
            shares = 2
        else:
            if not self.reg[seat][c]:
                raise IllegalAction(N_("{player} cannot sell {company}: {player} has no regular {company} card (a "
                                       "split card is sold with split true, or half of it with SellHalfSplit).")
                                    if self.split[seat][c] else
                                    N_("{player} cannot sell {company}: {player} has no regular {company} card."),
                                    player=who, company=company(name))
            self.reg[seat][c] -= 1
            shares = 1
        self.discard[c] += 1
        self.receive(seat, shares * v, words(N_("sold a split {company}") if a.split else N_("sold {company}"),
                                             company=company(name)), "sale", name)
        if self.has(seat, GRAHAM):
            self.receive(seat, shares * self.R.data["graham_bonus"], _graham_bonus(), "bonus", name)

    def _apply_sell_half(self, a):
        if self.step != SELL:
            self._refuse_step(N_("Selling half of a split card"))
        seat = self._check_actor(a, "SellHalfSplit")
        c = self._company(a.company)
        who, name = self.name(seat), COMPANIES[c]
        if not self.split[seat][c]:
            raise IllegalAction("{player} cannot sell half of a split {company} card: {player} has none.",
                                player=who, company=company(name))
        self.split[seat][c] -= 1
        self.reg[seat][c] += 1
        self.receive(seat, self.price(c), words(N_("sold half of a split {company}"), company=company(name)),
                     "sale", name)
        if self.has(seat, GRAHAM):
            self.receive(seat, self.R.data["graham_bonus"], _graham_bonus(), "bonus", name)

    # ----------------------------------------------------------------- movement phase
    def _start_movement(self):
        self.phase = "movement"
        plan = [("player", s, i) for s in self.order for i in range(self.pairs_per)]
        if self.open_pair is not None:
            plan.append(("open", 0))
        plan += [("hidden", k) for k in range(self.n_hidden)]
        self.plan = plan
        self.plan_i = 0
        self.actor = None
        self._next_move()

    def _next_move(self):
        plan = self.plan
        while self.plan_i < len(plan):
            item = plan[self.plan_i]
            kind = item[0]
            if kind == "player":
                pair = self.ppairs[item[1]][item[2]]
                if None in pair:       # a part a later entry took: its owner enters it again
                    self.queue = [item[1]]
                    self.actor = None
                    self.resume_after = "move"
                    self.step = REENTER
                    return
            elif kind == "open":
                pair = self.open_pair
            else:
                pair = self.hidden[item[1]]
                if pair is None:
                    if len(self.tiles_left) == 1:
                        pair = self.hidden[item[1]] = self._take_pair(self.tiles_left[0], self.fc_left[0])
                    else:
                        self.actor = None
                        self.step = REVEAL
                        return
            self.plan_i += 1
            self.revealed.append((item, pair[0], pair[1]))
            steps = FORECAST_STEPS[pair[1]]
            if steps is None:
                rate = self.R.data["dividend"]
                self._tell_later("forecast", _forecast_moved, pair[0], 0, 0, 0, item, pair[1])
                self._start_dividend(pair[0], rate, "forecast")
                return
            self.move(pair[0], steps, "forecast", _forecast_moved, item, pair[1])
        self._end_round()

    def _legal_reveal(self):
        k = self.plan[self.plan_i][1]
        return self._pairs(lambda c, f: _mk(A.RevealPair, k, c, f))

    def _apply_reveal(self, a):
        if self.step != REVEAL:
            self._refuse_step(N_("Turning over a face-down pair"))
        k = self.plan[self.plan_i][1]
        if a.index != k:
            raise IllegalAction("Face-down pair {number} (index {index}) is the one to turn over now, not index "
                                "{given}.", number=k + 1, index=k, given=repr(a.index))
        c, f = self._check_pair(a.company, a.forecast, words(N_("Face-down pair {number}"), number=k + 1))
        self.hidden[k] = self._take_pair(c, f)
        self._next_move()

    def _start_dividend(self, c: int, rate: int, source: str):
        self.div = (c, rate, source, len(self.payments))
        self.queue = list(self.order)
        self.actor = self.queue[0]
        self.step = DIVIDEND

    def _legal_dividend(self):
        seat = self.actor
        c = self.div[0]
        name = COMPANIES[c]
        return [_mk(A.CollectDividend, seat, name, r, s)
                for r in range(self.reg[seat][c] + 1) for s in range(self.split[seat][c] + 1)]

    def _apply_dividend(self, a):
        if self.step != DIVIDEND:
            self._refuse_step(N_("Collecting a dividend"))
        seat = self._check_actor(a, "CollectDividend")
        c, rate, source, _ = self.div
        who, name = self.name(seat), COMPANIES[c]
        if self._company(a.company) != c:
            raise IllegalAction("The dividend now is paid by {company}, not {other}.", company=company(name),
                                other=company(a.company))
        r, s = a.regular, a.split
        if not _int(r) or not _int(s) or r < 0 or s < 0:
            raise MalformedAction("CollectDividend: the numbers of cards revealed must be whole numbers, 0 or more.")
        if r > self.reg[seat][c] or s > self.split[seat][c]:
            # (marked outside the refusal: Babel reads no marks nested in a marked call's arguments)
            regular = words(N_("{count} regular card") if r == 1 else N_("{count} regular cards"), count=r)
            split = words(N_("{count} split card") if s == 1 else N_("{count} split cards"), count=s)
            raise IllegalAction("{player} cannot reveal {regular} and {split} of {company}: {player} does not hold "
                                "that many.", player=who, company=company(name), regular=regular, split=split)
        why = (words(N_("{company} dividend"), company=company(name)) if source == "forecast" else
               words(N_("{company} dividend declared by {investor}"), company=company(name),
                     investor=investor("Dividend Deborah")))
        self.receive(seat, rate * (r + 2 * s), why, "dividend", name)
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
            return
        self._tell_later("dividend", _dividend_facts, c, rate, source, self.order, self.div[3], len(self.payments))
        self.div = None
        if source == "forecast":
            self._next_move()
        else:
            self._finish_round()

    # ----------------------------------------------------------------- end of round, end of game
    def _end_round(self):
        d = self.holder[DEBORAH]
        if d >= 0:
            self.phase = "round end"
            self.actor = d
            self.step = DEBORAH_STEP
            return
        self._finish_round()

    def _legal_deborah(self):
        seat = self.actor
        return self.tab.declare[seat] + [self.tab.pass_[seat]]

    def _apply_declare(self, a):
        if self.step != DEBORAH_STEP:
            self._refuse_step(N_("Declaring a dividend"))
        self._check_actor(a, "DeclareDividend")
        c = self._company(a.company)
        self._start_dividend(c, self.R.data["deborah_dividend"], "deborah")

    def _finish_round(self):
        self._tell_later("round_end", _round_ended, self.rounds, tuple(self.pos), tuple(self.money))
        if self.round >= self.rounds:
            self._end_game()
            return
        self.round += 1
        self.first = (self.first + 1) % self.n
        self.order = tuple((self.first + i) % self.n for i in range(self.n))
        self._start_round()

    def _end_game(self):
        self.phase = "game end"
        self.actor = None
        data = self.R.data
        self.final = [(tuple(self.reg[s]), tuple(self.split[s])) for s in range(self.n)]
        for c in range(6):
            counts = [self.reg[s][c] + 2 * self.split[s][c] for s in range(self.n)]
            top = max(counts)
            if not top:
                continue
            tied = [s for s in self.order if counts[s] == top]
            if len(tied) == 1:
                self._tell("majority", ("stock", COMPANIES[c]), ("seats", (tied[0],)), ("shares", top),
                           ("bonus", data["majority_bonus"]))
                self.receive(tied[0], data["majority_bonus"], words(N_("majority holder of {company}"),
                                                                      company=company(COMPANIES[c])), "bonus",
                             COMPANIES[c])
            else:
                self._tell("majority", ("stock", COMPANIES[c]), ("seats", tuple(tied)), ("shares", top),
                           ("bonus", data["tied_majority_bonus"]))
                for s in tied:
                    self.receive(s, data["tied_majority_bonus"], words(N_("tied majority holder of {company}"),
                                                                       company=company(COMPANIES[c])),
                                 "bonus", COMPANIES[c])
        graham = self.holder[GRAHAM]
        pos = tuple(self.pos)
        for s in self.order:
            if any(self.final[s][0]) or any(self.final[s][1]):
                self._tell_later("final_sale", _sold, s, self.final[s], pos, s == graham)
            for c in range(6):
                shares = self.reg[s][c] + 2 * self.split[s][c]
                if shares:
                    self.receive(s, shares * self.price(c), words(N_("final sale of {company}"),
                                                                  company=company(COMPANIES[c])), "sale", COMPANIES[c])
                    if s == graham:
                        self.receive(s, shares * data["graham_bonus"], _graham_bonus(), "bonus", COMPANIES[c])
                self.discard[c] += self.reg[s][c] + self.split[s][c]
                self.reg[s][c] = self.split[s][c] = 0
        self.scores = [self.money[s] - self.owed_total(s) for s in range(self.n)]
        self._tell_later("game_end", _game_ended, tuple(self.scores), tuple(self.money))
        self.phase = "game over"
        self.step = OVER
