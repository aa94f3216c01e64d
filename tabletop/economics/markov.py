"""A Stockpile stock price as a Markov chain.

Each round a company's value moves on its track: first by the Boom and Bust action cards
played on it (two spaces up or down each), then by its forecast card (+4, +2, +1, -2, -3, or $$:
no move and a dividend). Running off the top of the track is a **split** (the value restarts at
the split space and the movement goes on); running off the bottom is a **bankruptcy** (every
card of the company is discarded, the value resets to the start space, the rest of the
movement is lost).

Everything is read from ``tabletop.stockpile.data``: the track (values, start and split
spaces, $ spaces of the expert board), the forecast cards, the deck (how many Boom, Bust and
other cards), the dividend, split bonus and value unit. Modelling choices, stated once:

* The forecast cards are dealt afresh each round, so a company's forecast is each of the six
  with chance 1/6, independently from round to round.
* The cards of one round are a random draw from the market deck (after the starting stocks),
  so the number of Boom and Bust cards that come out is hypergeometric. Every card drawn is won
  and played that round; as a random player would, each player aims each action card at one of
  the six companies at random, and the cards hitting one company come in a random order.
* From round to round the chain treats the rounds as independent draws (it forgets which
  action cards came out before): exact for one round, a close approximation over several.
  ``include_actions=False`` gives the forecasts-only chain, which is exactly Markov.

``simulate_track`` plays the real engine with random players to compare.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
import functools
from itertools import combinations
from math import comb, gcd
from typing import Mapping, Sequence

from ..agents import RandomAgent
from ..core import CHANCE, TERMINAL, Game
from ..errors import OptionsError
from ..batches import game_seeds, run_map
from ..registry import get_title
from ..simulate import play_game
from ..stockpile.data import (ACTION_STEPS, BOOM, BUST, COMPANIES, FORECAST_STEPS, FORECASTS, Track,
                              compile_rules, merge_rules)

__all__ = [
    "ACTION_STEPS", "track_of", "Walk", "walk", "cards_per_round", "action_hits",
    "round_outcomes", "transition_matrix", "is_irreducible", "period", "stationary", "distribution_after", "expected_value",
    "share_value", "share_values", "share_value_by_space", "TrackSimulation", "simulate_track", "ShareSimulation",
    "simulate_share_values", "ShareValuer",
]


def _rules(rules_data: Mapping | None):
    return compile_rules(merge_rules(rules_data))


def track_of(company: str = COMPANIES[0], expert: bool = False,
             rules_data: Mapping | None = None) -> Track:
    """The track a company moves on (the standard board: every company alike)."""
    if company not in COMPANIES:
        raise OptionsError(f"'{company}' is not a Stockpile company; they are {', '.join(COMPANIES)}.")
    r = _rules(rules_data)
    return (r.expert if expert else r.standard)[COMPANIES.index(company)]


@dataclass(frozen=True)
class Walk:
    """Where a move of some spaces ends and what happened on the way, in order: "split",
    "bankrupt", or ("dollar", 1 or 2) for a $ or $$ space passed or landed on going up."""
    end: int
    events: tuple


def walk(track: Track, position: int, steps: int) -> Walk:
    """Move ``steps`` spaces from ``position`` exactly as the engine does."""
    p, events = position, []
    if steps > 0:
        for _ in range(steps):
            if p == track.last:
                events.append("split")
                p = track.split
            else:
                p += 1
                if track.dollars[p]:
                    events.append(("dollar", track.dollars[p]))
    else:
        for _ in range(-steps):
            if p == 0:
                events.append("bankrupt")
                p = track.start
                break
            p -= 1
    return Walk(p, tuple(events))


def cards_per_round(n_players: int) -> int:
    """Market cards drawn in one round: a face-up card on each stockpile and two cards from each
    player (two batches of two each with 2 players and their 4 stockpiles)."""
    if not 2 <= n_players <= 5:
        raise OptionsError(f"Stockpile is for 2 to 5 players, not {n_players}.")
    return 4 + 2 * 2 * 2 if n_players == 2 else n_players + 2 * n_players


def action_hits(n_players: int, rules_data: Mapping | None = None) -> dict[tuple[int, int], Fraction]:
    """P(b Booms and u Busts hit one given company in a round), exactly: the round's cards are
    a random draw from the market deck left after the starting stocks, and each action card is
    aimed at one of the companies at random."""
    r = _rules(rules_data)
    booms, busts = r.card_counts[r.boom], r.card_counts[r.bust]
    deck = sum(r.card_counts) - n_players          # the starting stocks are out of the deck
    draw = cards_per_round(n_players)
    other = deck - booms - busts
    share = Fraction(1, len(COMPANIES))
    total = comb(deck, draw)
    out: dict[tuple[int, int], Fraction] = {}
    for kb in range(booms + 1):
        for ku in range(busts + 1):
            if kb + ku > draw:
                continue
            p_draw = Fraction(comb(booms, kb) * comb(busts, ku) * comb(other, draw - kb - ku), total)
            if not p_draw:
                continue
            for b in range(kb + 1):
                pb = comb(kb, b) * share ** b * (1 - share) ** (kb - b)
                for u in range(ku + 1):
                    pu = comb(ku, u) * share ** u * (1 - share) ** (ku - u)
                    out[(b, u)] = out.get((b, u), 0) + p_draw * pb * pu
    return out


@functools.lru_cache(maxsize=None)
def _orders(b: int, u: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct order in which ``b`` Booms and ``u`` Busts can be played."""
    out = []
    for booms_at in combinations(range(b + u), b):
        out.append(tuple(ACTION_STEPS[BOOM] if i in booms_at else ACTION_STEPS[BUST]
                         for i in range(b + u)))
    return tuple(out)


def _action_phase(track: Track, position: int, hits: Mapping) -> dict[tuple[int, tuple], object]:
    """Where the action cards of a round leave a company at ``position``: {(space, events): p}."""
    out: dict[tuple[int, tuple], object] = {}
    for (b, u), p_hits in hits.items():
        orders = _orders(b, u)
        for order in orders:
            pos, events = position, ()
            for steps in order:
                w = walk(track, pos, steps)
                pos, events = w.end, events + w.events
            key = (pos, events)
            out[key] = out.get(key, 0) + p_hits / len(orders)
    return out


def round_outcomes(track: Track, position: int, n_players: int = 4, include_actions: bool = True,
                   rules_data: Mapping | None = None) -> list[tuple[Fraction, int, tuple]]:
    """Every way one round can go for a company at ``position``: (probability, end position,
    events in order). Events are those of ``walk`` plus "dividend" for the $$ forecast."""
    return list(_round_table(track, n_players, include_actions, rules_data)[position])


def _round_table(track: Track, n_players: int, include_actions: bool,
                 rules_data: Mapping | None) -> tuple[tuple[tuple[Fraction, int, tuple], ...], ...]:
    """``round_outcomes`` from every space (kept for the standard rules: the lessons ask often)."""
    if rules_data is None:
        return _standard_round_table(track, n_players, include_actions)
    hits = action_hits(n_players, rules_data) if include_actions else None
    return tuple(tuple(_outcomes(track, i, hits)) for i in range(track.last + 1))


@functools.lru_cache(maxsize=32)
def _standard_round_table(track: Track, n_players: int, include_actions: bool):
    hits = action_hits(n_players) if include_actions else None
    return tuple(tuple(_outcomes(track, i, hits)) for i in range(track.last + 1))


def _outcomes(track: Track, position: int, hits: Mapping | None) -> list[tuple[Fraction, int, tuple]]:
    hits = hits if hits is not None else {(0, 0): Fraction(1)}
    forecast_p = Fraction(1, len(FORECASTS))
    merged: dict[tuple[int, tuple], Fraction] = {}
    for (pos, events), p_actions in _action_phase(track, position, hits).items():
        for steps in FORECAST_STEPS:
            if steps is None:
                end, more = pos, ("dividend",)
            else:
                w = walk(track, pos, steps)
                end, more = w.end, w.events
            key = (end, events + more)
            merged[key] = merged.get(key, 0) + p_actions * forecast_p
    return [(p, end, events) for (end, events), p in sorted(merged.items(), key=lambda kv: kv[0][0])]


def transition_matrix(track: Track, n_players: int = 4, include_actions: bool = True,
                      rules_data: Mapping | None = None) -> list[list[Fraction]]:
    """``P[i][j]``: chance that a company at space ``i`` is at space ``j`` one round later."""
    size = track.last + 1
    matrix = [[Fraction(0)] * size for _ in range(size)]
    for i, outcomes in enumerate(_round_table(track, n_players, include_actions, rules_data)):
        for p, end, _ in outcomes:
            matrix[i][end] += p
    return matrix


def stationary(matrix: Sequence[Sequence[Fraction]]) -> list[Fraction]:
    """The long-run distribution ``pi`` with ``pi P = pi``, exactly (Gauss-Jordan on fractions)."""
    n = len(matrix)
    # (P^T - I) pi = 0 with the last equation replaced by sum(pi) = 1
    a = [[Fraction(matrix[j][i]) - (1 if i == j else 0) for j in range(n)] + [Fraction(0)]
         for i in range(n)]
    a[-1] = [Fraction(1)] * n + [Fraction(1)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] for i in range(n)]


def _reachable(matrix: Sequence[Sequence[Fraction]], start: int, forward: bool = True) -> set[int]:
    n = len(matrix)
    seen, frontier = {start}, [start]
    while frontier:
        i = frontier.pop()
        for j in range(n):
            if j not in seen and (matrix[i][j] if forward else matrix[j][i]) > 0:
                seen.add(j)
                frontier.append(j)
    return seen


def is_irreducible(matrix: Sequence[Sequence[Fraction]]) -> bool:
    """True when every space can be reached from every other one (in some number of rounds)."""
    every = set(range(len(matrix)))
    return _reachable(matrix, 0) == every == _reachable(matrix, 0, forward=False)


def period(matrix: Sequence[Sequence[Fraction]]) -> int:
    """The period of an irreducible chain: the greatest common divisor of the lengths of all the
    ways back to a space (1: aperiodic). Found from the rounds ``level`` at which a breadth-first
    walk first reaches each space: every move ``i -> j`` closes a cycle of length
    ``level[i] + 1 - level[j]``."""
    if not is_irreducible(matrix):
        raise OptionsError("The period is defined here for an irreducible chain only.")
    n = len(matrix)
    level, frontier = {0: 0}, [0]
    while frontier:
        nxt = []
        for i in frontier:
            for j in range(n):
                if matrix[i][j] > 0 and j not in level:
                    level[j] = level[i] + 1
                    nxt.append(j)
        frontier = nxt
    g = 0
    for i in range(n):
        for j in range(n):
            if matrix[i][j] > 0:
                g = gcd(g, level[i] + 1 - level[j])
    return g


def distribution_after(matrix: Sequence[Sequence[Fraction]], start: int, rounds: int) -> list[Fraction]:
    """Where a company starting at space ``start`` is after ``rounds`` rounds."""
    dist = [Fraction(0)] * len(matrix)
    dist[start] = Fraction(1)
    for _ in range(rounds):
        dist = [sum(dist[i] * matrix[i][j] for i in range(len(matrix))) for j in range(len(matrix))]
    return dist


def expected_value(track: Track, dist: Sequence[Fraction]) -> Fraction:
    """Mean track value under a distribution over spaces."""
    return sum(p * v for p, v in zip(dist, track.values))


# --- what one share is worth, held for k rounds -------------------------------------------------
REGULAR, SPLIT, GONE = "regular", "split", "gone"


def _apply_events(kind: str, events: tuple, data: Mapping) -> tuple[str, int]:
    """A card's kind after a round's events, and the cash it earned its holder."""
    cash = 0
    for e in events:
        if kind == GONE:
            break
        if e == "split":
            if kind == SPLIT:
                cash += data["split_bonus"]
            kind = SPLIT
        elif e == "bankrupt":
            kind = GONE
        elif e == "dividend":
            cash += data["dividend"] * (2 if kind == SPLIT else 1)
        else:                                   # ("dollar", signs)
            cash += data["dollar_space"] * e[1] * (2 if kind == SPLIT else 1)
    return kind, cash


def _value_rounds(track: Track, rounds: int, n_players: int, include_actions: bool,
                  rules_data: Mapping | None) -> list[dict[tuple[int, str], Fraction]]:
    """For 0, 1, ..., ``rounds`` rounds: the expected dollars of a card of each kind from each
    space, {(space, kind): dollars} (backward induction over every space at once)."""
    data = merge_rules(rules_data)
    unit = data["value_unit"]
    size = track.last + 1
    outcomes = _round_table(track, n_players, include_actions, rules_data)
    live = (REGULAR, SPLIT)
    value = {(i, k): Fraction(track.values[i] * unit * (2 if k == SPLIT else 1))
             for i in range(size) for k in live}
    steps = [[[(p, end, *_apply_events(k, events, data)) for p, end, events in outcomes[i]]
              for k in live] for i in range(size)]
    out = [value]
    for _ in range(rounds):
        new = {}
        for i in range(size):
            for ki, k in enumerate(live):
                total = Fraction(0)
                for p, end, k2, cash in steps[i][ki]:
                    total += p * (cash + (value[(end, k2)] if k2 != GONE else 0))
                new[(i, k)] = total
        value = new
        out.append(value)
    return out


def share_values(track: Track, rounds: int, start: int | None = None, n_players: int = 4,
                 include_actions: bool = True, rules_data: Mapping | None = None,
                 kind: str = REGULAR) -> list[Fraction]:
    """Expected dollars from one card held 0, 1, ..., ``rounds`` rounds from space ``start`` and
    then sold: dividends (revealed every time), $ spaces, split bonuses, and the sale (a split
    card sells for twice the value; a card lost in a bankruptcy is worth nothing)."""
    start = track.start if start is None else start
    return [value[(start, kind)] for value in _value_rounds(track, rounds, n_players, include_actions,
                                                            rules_data)]


def share_value(track: Track, rounds: int, start: int | None = None, n_players: int = 4,
                include_actions: bool = True, rules_data: Mapping | None = None,
                kind: str = REGULAR) -> Fraction:
    """``share_values`` for ``rounds`` rounds only."""
    return share_values(track, rounds, start, n_players, include_actions, rules_data, kind)[-1]


def share_value_by_space(track: Track, rounds: int, n_players: int = 4, include_actions: bool = True,
                         rules_data: Mapping | None = None, kind: str = REGULAR) -> list[Fraction]:
    """``share_value`` from every space of the track (index = space), all in one computation."""
    last = _value_rounds(track, rounds, n_players, include_actions, rules_data)[-1]
    return [last[(i, kind)] for i in range(track.last + 1)]


class ShareValuer:
    """``share_values`` in floating point, fast enough to value every card of every pile in many
    engine positions, and able to fix this round's forecast: ``value(space, rounds_left,
    forecast_probs)`` where ``forecast_probs[f]`` is the chance that the company's forecast this
    round is ``FORECASTS[f]`` (a player who holds its pair knows it; the others know which
    forecasts are already taken). Later rounds use uniform forecasts."""

    def __init__(self, track: Track, n_players: int = 4, max_rounds: int = 8,
                 include_actions: bool = True, rules_data: Mapping | None = None):
        data = merge_rules(rules_data)
        self.track = track
        unit = data["value_unit"]
        hits = action_hits(n_players, rules_data) if include_actions else {(0, 0): Fraction(1)}
        size = track.last + 1
        live = (REGULAR, SPLIT)
        # fixed[i][f][kind] -> [(probability, end, kind after, cash)], forecast f certain
        self._fixed = []
        float_hits = {k: float(p) for k, p in hits.items()}
        for i in range(size):
            actions = _action_phase(track, i, float_hits)
            per_f = []
            for steps in FORECAST_STEPS:
                merged: dict[tuple[int, tuple], float] = {}
                for (pos, events), p_actions in actions.items():
                    if steps is None:
                        end, more = pos, ("dividend",)
                    else:
                        w = walk(track, pos, steps)
                        end, more = w.end, w.events
                    key = (end, events + more)
                    merged[key] = merged.get(key, 0.0) + p_actions
                per_f.append({k: [(p, end, *_apply_events(k, ev, data)) for (end, ev), p in merged.items()]
                              for k in live})
            self._fixed.append(per_f)
        self._tables = [{(i, k): float(track.values[i] * unit * (2 if k == SPLIT else 1))
                         for i in range(size) for k in live}]
        uniform = [1 / len(FORECASTS)] * len(FORECASTS)
        for _ in range(max_rounds):
            self._tables.append({(i, k): self._step(i, k, uniform, self._tables[-1])
                                 for i in range(size) for k in live})

    def _step(self, i: int, kind: str, probs: Sequence[float], later: Mapping) -> float:
        total = 0.0
        for f, pf in enumerate(probs):
            if not pf:
                continue
            for p, end, k2, cash in self._fixed[i][f][kind]:
                total += pf * p * (cash + (later[(end, k2)] if k2 != GONE else 0.0))
        return total

    def value(self, space: int, rounds_left: int, forecast_probs: Sequence[float] | None = None,
              kind: str = REGULAR) -> float:
        """Expected dollars from one card at ``space`` held ``rounds_left`` rounds (this round's
        movement included) and sold at the end."""
        if not 0 <= rounds_left < len(self._tables):
            raise OptionsError(f"The valuer was built for up to {len(self._tables) - 1} rounds, "
                               f"not {rounds_left}.")
        if rounds_left == 0:
            return self._tables[0][(space, kind)]
        if forecast_probs is None:
            return self._tables[rounds_left][(space, kind)]
        return self._step(space, kind, forecast_probs, self._tables[rounds_left - 1])


# --- the engine, for comparison ------------------------------------------------------------------
@dataclass(frozen=True)
class TrackSimulation:
    """Values of every company after each round of many engine games (random players)."""
    n_players: int
    games: int
    values_after: tuple[tuple[int, ...], ...]     # [round - 1] -> every company's value, all games

    def distribution(self, round_: int, track: Track) -> list[float]:
        """Share of companies at each space after ``round_`` rounds."""
        seen = self.values_after[round_ - 1]
        index = {v: i for i, v in enumerate(track.values)}
        if len(index) != len(track.values):
            raise OptionsError("Values repeat on this track: spaces cannot be told apart by value.")
        counts = [0] * len(track.values)
        for v in seen:
            counts[index[v]] += 1
        return [c / len(seen) for c in counts]

    def mean(self, round_: int) -> float:
        seen = self.values_after[round_ - 1]
        return sum(seen) / len(seen)


def _values_by_round(n_players: int, seed: int) -> list[list[int]]:
    rows: list[list[int]] = []
    seen = {"round": 1}

    def record(state):
        over = state.is_terminal()
        if state.round > seen["round"] or (over and len(rows) < state.round):
            rows.append([state.value(c) for c in range(len(COMPANIES))])
            seen["round"] = state.round

    play_game("stockpile", n_players, seed, on_state=record)
    return rows


def simulate_track(n_players: int = 4, games: int = 200, seed: int = 0,
                   executor=None) -> TrackSimulation:
    """Play ``games`` base games with random players and record every company's value after
    each round's movement. ``executor.map`` spreads the games."""
    if games < 1:
        raise OptionsError("A simulation needs at least one game.")
    per_game = run_map(_values_by_round, ([n_players] * games, game_seeds(seed, games)), executor)
    rounds = min(len(g) for g in per_game)
    values = tuple(tuple(v for g in per_game for v in g[r]) for r in range(rounds))
    return TrackSimulation(n_players, games, values)


@dataclass(frozen=True)
class ShareSimulation:
    """The value of one card of each company held from the start of an engine game, by rounds:
    ``mean[k]`` dollars (cash received plus the sale value after k rounds) and its standard error."""
    n_players: int
    games: int
    mean: tuple[float, ...]
    std_error: tuple[float, ...]


_PAIR_ACTIONS = ("RevealOpenPair", "DealPair", "SeeHiddenPair", "RevealPair")


def _phantom_game(n_players: int, seed: int) -> list[list[int]]:
    """One engine game with random players. A phantom card of each company, held from the start,
    follows the round's real events: the action cards played on the company and its forecast,
    read from the game's own actions (the one pair nobody sees is the leftover company and
    forecast). The phantom's track position is checked against the engine's after every round."""
    title = get_title("stockpile")
    data = merge_rules(None)
    unit = data["value_unit"]
    names = tuple(f"P{i + 1}" for i in range(n_players))
    state = title.new_state(Game("stockpile", names, title.normalize_options({}, n_players), seed))
    rng, agent = random.Random(seed), RandomAgent()
    tracks = [track_of(c) for c in COMPANIES]
    pos = [t.start for t in tracks]
    kind = [REGULAR] * len(COMPANIES)
    cash = [0] * len(COMPANIES)
    history = [[t.values[t.start] * unit] for t in tracks]
    played: dict[int, list[int]] = {c: [] for c in range(len(COMPANIES))}
    pairs: dict[int, int] = {}
    current = state.round
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = agent.choose(state, player, state.legal_actions(), rng)
        kind_name = type(action).__name__
        if kind_name == "PlayActionCard":
            played[COMPANIES.index(action.company)].append(ACTION_STEPS[action.card])
        elif kind_name in _PAIR_ACTIONS:
            pairs[COMPANIES.index(action.company)] = FORECASTS.index(action.forecast)
        state.apply(action)
        if state.round == current and not state.is_terminal():
            continue
        current = state.round
        missing_c = [c for c in range(len(COMPANIES)) if c not in pairs]
        missing_f = [f for f in range(len(FORECASTS)) if f not in pairs.values()]
        if len(missing_c) == 1 and len(missing_f) == 1:
            pairs[missing_c[0]] = missing_f[0]
        engine_pos = state.view(None)["board"]["positions"]
        for c, track in enumerate(tracks):
            events = []
            for steps in played[c]:
                w = walk(track, pos[c], steps)
                pos[c], events = w.end, events + list(w.events)
            f = FORECAST_STEPS[pairs[c]]
            if f is None:
                events.append("dividend")
            else:
                w = walk(track, pos[c], f)
                pos[c], events = w.end, events + list(w.events)
            if pos[c] != engine_pos[COMPANIES[c]]:
                raise AssertionError(f"{COMPANIES[c]}: the phantom is at space {pos[c]}, the engine "
                                     f"at {engine_pos[COMPANIES[c]]} (seed {seed}).")
            if kind[c] != GONE:
                kind[c], got = _apply_events(kind[c], tuple(events), data)
                cash[c] += got
            sale = 0 if kind[c] == GONE else track.values[pos[c]] * unit * (2 if kind[c] == SPLIT else 1)
            history[c].append(cash[c] + sale)
        played = {c: [] for c in range(len(COMPANIES))}
        pairs = {}
    return history


def simulate_share_values(n_players: int = 4, games: int = 200, seed: int = 0,
                          executor=None) -> ShareSimulation:
    """``share_values`` estimated on the engine: every company's phantom card in ``games``
    random games (see ``_phantom_game``). ``executor.map`` spreads the games."""
    if games < 1:
        raise OptionsError("A simulation needs at least one game.")
    per_game = run_map(_phantom_game, ([n_players] * games, game_seeds(seed, games)), executor)
    cards = [h for g in per_game for h in g]
    rounds = min(len(h) for h in cards)
    means, errors = [], []
    for k in range(rounds):
        xs = [h[k] for h in cards]
        m = sum(xs) / len(xs)
        var = sum((x - m) ** 2 for x in xs) / max(len(xs) - 1, 1)
        means.append(m)
        errors.append((var / len(xs)) ** 0.5)
    return ShareSimulation(n_players, games, tuple(means), tuple(errors))
