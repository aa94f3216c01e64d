"""Stockpile's piles: what one is worth to a player, given what she can see, and what the
auction does with those values (the ladder's efficiency and revenue, the winner's curse).

A card in a pile is worth, to whoever wins it:

* a stock card: the dollars it brings if held to the end of the game and sold there
  (``markov.ShareValuer``: this round's movement and every later round, splits, dividends and
  bankruptcy included). This round's forecast of a company is known to the player who holds its
  pair and to everyone for the face-up pair; otherwise it is one of the forecasts not yet seen.
* a trading fee: minus its amount;
* a Boom or Bust card: 0 (what it is worth depends on how it is played; left out).

A face-down card the player did not place herself is valued at the mean over every card she has
not seen. Left out everywhere: the majority bonus at the end, and the option to sell early.

Three views of the same pile:

* ``estimate`` (a player): face-up cards, the face-down cards she placed, her insider pair;
* ``public`` (an onlooker): face-up cards and the face-up pair only;
* ``truth``: every face-down card turned over and every dealt forecast known (read from the
  engine's state; the values are still expectations over the future).

``study_piles`` plays random engine games and stops at every auction to collect these.
"""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..agents import RandomAgent
from ..core import CHANCE, TERMINAL, Game
from ..errors import OptionsError
from ..batches import game_seeds, run_map
from ..registry import get_title
from ..stockpile.data import COMPANIES, FORECASTS, compile_rules, merge_rules
from .assignment import ladder_auction
from .ladders import LadderComparison, compare_market
from .markov import ShareValuer, track_of

__all__ = ["forecast_probabilities", "PileView", "explain_pile", "PileMarket", "pile_market",
           "auction_position", "study_piles", "PileStudy"]


@functools.lru_cache(maxsize=8)
def _valuer(n_players: int) -> ShareValuer:
    return ShareValuer(track_of(), n_players, max_rounds=8)


def _rules():
    return compile_rules(merge_rules(None))


def forecast_probabilities(known: Mapping[int, int]) -> list[list[float]]:
    """Per company, the chance of each forecast this round, given the pairs one knows
    (company index -> forecast index): known ones are certain, the others share out the
    forecasts nobody known holds."""
    free = [f for f in range(len(FORECASTS)) if f not in known.values()]
    out = []
    for c in range(len(COMPANIES)):
        if c in known:
            out.append([1.0 if f == known[c] else 0.0 for f in range(len(FORECASTS))])
        else:
            out.append([1.0 / len(free) if f in free else 0.0 for f in range(len(FORECASTS))])
    return out


def _card_values(positions: Sequence[int], rounds_left: int, known: Mapping[int, int],
                 n_players: int) -> list[float]:
    """Value of one card of each kind (indexed like the rules' card names)."""
    r = _rules()
    valuer = _valuer(n_players)
    probs = forecast_probabilities(known)
    values = [valuer.value(positions[c], rounds_left, probs[c]) for c in range(len(COMPANIES))]
    for k in range(len(COMPANIES), len(r.card_names)):
        values.append(-float(r.fee_amounts[k]) if r.fee_amounts[k] else 0.0)   # Boom, Bust: 0
    return values


def _pool_mean(values: Sequence[float], unseen: Sequence[int]) -> float:
    total = sum(unseen)
    return sum(v * n for v, n in zip(values, unseen)) / total if total else 0.0


@dataclass(frozen=True)
class PileView:
    """One pile as one player values it: each card (label, dollars, how she knows it)."""
    pile: int
    rows: tuple[tuple[str, float, str], ...]

    @property
    def value(self) -> float:
        return sum(v for _, v, _ in self.rows)


def _known_pairs(view: dict) -> dict[int, int]:
    known = {}
    pairs = list(view.get("private", {}).get("pairs", []))
    if view["board"].get("open_pair"):
        pairs.append(view["board"]["open_pair"])
    for p in pairs:
        known[COMPANIES.index(p["company"])] = FORECASTS.index(p["forecast"])
    return known


def _view_values(view: dict, n_players: int, private: bool) -> tuple[list[PileView], list[float], dict]:
    r = _rules()
    names = list(r.card_names)
    positions = [view["board"]["positions"][c] for c in COMPANIES]
    rounds_left = view["rounds"] - view["round"] + 1
    priv = view.get("private", {}) if private else {}
    known = _known_pairs(view if private else {"board": view["board"]})
    values = _card_values(positions, rounds_left, known, n_players)
    unseen = list(r.card_counts)
    own_down = {(d["stockpile"], d["position"]): d["card"] for d in priv.get("known_face_down", [])}
    for pile in view["board"]["stockpiles"]:
        for card in pile["cards"]:
            if "card" in card:
                unseen[names.index(card["card"])] -= 1
    for card in own_down.values():
        unseen[names.index(card)] -= 1
    for portfolio in ("portfolio", "split_portfolio"):
        for company, count in priv.get(portfolio, {}).items():
            unseen[names.index(company)] -= count
    mean_unseen = _pool_mean(values, unseen)
    piles = []
    for p, pile in enumerate(view["board"]["stockpiles"]):
        rows = []
        for position, card in enumerate(pile["cards"]):
            if "card" in card:
                source = "face up"
                if card["card"] in COMPANIES and COMPANIES.index(card["card"]) in known and private:
                    source = "face up, forecast known"
                rows.append((card["card"], values[names.index(card["card"])], source))
            elif (p, position) in own_down:
                rows.append((own_down[(p, position)], values[names.index(own_down[(p, position)])],
                             "face down, placed by her"))
            else:
                rows.append(("?", mean_unseen, "face down, unseen"))
        piles.append(PileView(p, tuple(rows)))
    return piles, values, {"mean_unseen": mean_unseen, "known": known, "unseen": unseen}


def explain_pile(state, seat: int | None, pile: int) -> PileView:
    """How ``seat`` (None: an onlooker) values ``pile`` at an auction, card by card."""
    view = state.view(seat)
    if view["phase"] != "demand":
        raise OptionsError("Piles are valued at the auction (the demand phase).")
    return _view_values(view, state.n, seat is not None)[0][pile]


def _truth(state) -> list[float]:
    """Every pile with every face-down card turned over and every dealt forecast known."""
    known: dict[int, int] = {}
    for pairs in state.ppairs:
        for c, f in pairs:
            known[c] = f
    for pair in [state.open_pair, *state.hidden]:
        if pair is not None:
            known[pair[0]] = pair[1]
    view = state.view(None)
    positions = [view["board"]["positions"][c] for c in COMPANIES]
    values = _card_values(positions, view["rounds"] - view["round"] + 1, known, state.n)
    return [sum(values[k] for k, *_ in pile) for pile in state.piles]


@dataclass(frozen=True)
class PileMarket:
    """One auction of a real game: values by pile and player, and the cash each may bid."""
    round: int
    estimates: tuple[tuple[float, ...], ...]    # [pile][seat]
    public: tuple[float, ...]                   # [pile]
    truth: tuple[float, ...]                    # [pile]
    money: tuple[int, ...]                      # [seat]


def pile_market(state) -> PileMarket:
    """The values at the start of an auction (``state`` in the demand phase, before any bid)."""
    if state.view(None)["phase"] != "demand":
        raise OptionsError("Piles are valued at the auction (the demand phase).")
    per_seat = [[pv.value for pv in _view_values(state.view(s), state.n, True)[0]] for s in range(state.n)]
    public = [pv.value for pv in _view_values(state.view(None), state.n, False)[0]]
    n_piles = len(public)
    return PileMarket(state.round, tuple(tuple(per_seat[s][p] for s in range(state.n)) for p in range(n_piles)),
                      tuple(public), tuple(_truth(state)), tuple(state.money))


def auction_position(n_players: int = 4, seed: int = 0, round_: int = 1):
    """The engine's state at the start of round ``round_``'s auction of a game played at random
    from ``seed`` (for looking at one real auction)."""
    title = get_title("stockpile")
    names = tuple(f"Player {i + 1}" for i in range(n_players))
    state = title.new_state(Game("stockpile", names, title.normalize_options({}, n_players), seed))
    rng, agent = random.Random(seed), RandomAgent()
    while not (state.phase == "demand" and state.round == round_ and not any(state.bids)):
        player = state.current_player()
        if player == TERMINAL:
            raise OptionsError(f"The game from seed {seed} has no round {round_}.")
        state.apply(state.sample_chance(rng) if player == CHANCE
                    else agent.choose(state, player, state.legal_actions(), rng))
    return state


def _markets_of_game(n_players: int, seed: int) -> list[PileMarket]:
    title = get_title("stockpile")
    names = tuple(f"P{i + 1}" for i in range(n_players))
    state = title.new_state(Game("stockpile", names, title.normalize_options({}, n_players), seed))
    rng, agent = random.Random(seed), RandomAgent()
    out, seen_round = [], 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return out
        if state.phase == "demand" and state.round != seen_round:
            seen_round = state.round
            out.append(pile_market(state))
        action = state.sample_chance(rng) if player == CHANCE else agent.choose(
            state, player, state.legal_actions(), rng)
        state.apply(action)


def _rounded(values, unit: int) -> list[list[int]]:
    return [[int(round(v / unit)) * unit for v in row] for row in values]


@dataclass(frozen=True)
class PileStudy:
    """Auctions of real games (random play), valued three ways, and what follows."""
    n_players: int
    games: int
    markets: tuple[PileMarket, ...]
    ladder: tuple[int, ...]

    # -- the ladder against VCG, values = the players' estimates ------------------------------
    def ladder_results(self, ladder: Sequence[int] | None = None, unit: int = 100,
                       cash: bool = True) -> LadderComparison:
        """Each auction run on ``ladder`` (default: the game's) with each player bidding her own
        estimates straightforwardly, within her cash if ``cash`` (as in the game; ``cash=False``
        shows what the ladder alone does), against VCG on the same estimates (which ignores
        cash and has no top rung)."""
        ladder = tuple(ladder or self.ladder)
        return LadderComparison(tuple(compare_market(_rounded(m.estimates, unit), ladder,
                                                     m.money if cash else None)
                                      for m in self.markets))

    # -- information -------------------------------------------------------------------------------
    def estimate_error(self) -> float:
        """Mean of (a player's estimate - the truth) over every pile and player: about 0 if the
        estimates are unbiased."""
        diffs = [e - m.truth[p] for m in self.markets for p, row in enumerate(m.estimates) for e in row]
        return sum(diffs) / len(diffs)

    def _insider_gains(self) -> list[float]:
        gains = []
        for m in self.markets:
            public = max(range(len(m.truth)), key=lambda p: m.public[p])
            for s in range(len(m.money)):
                mine = max(range(len(m.truth)), key=lambda p: m.estimates[p][s])
                gains.append(m.truth[mine] - m.truth[public])
        return gains

    def insider_value(self) -> tuple[float, float]:
        """(mean, standard error) of the true value of the pile a player likes best with her own
        information, minus that of the pile she would pick knowing only what an onlooker knows."""
        gains = self._insider_gains()
        n = len(gains)
        mean = sum(gains) / n
        var = sum((g - mean) ** 2 for g in gains) / max(n - 1, 1)
        return mean, (var / n) ** 0.5

    def estimate_errors(self) -> tuple[float, float]:
        """Root-mean-square error of (the onlooker's values, the players' own estimates) against
        the truth: private information makes the estimates closer."""
        public = [(m.public[p] - m.truth[p]) ** 2 for m in self.markets for p in range(len(m.truth))
                  for _ in m.money]
        own = [(e - m.truth[p]) ** 2 for m in self.markets for p, row in enumerate(m.estimates) for e in row]
        return (sum(public) / len(public)) ** 0.5, (sum(own) / len(own)) ** 0.5

    def spread(self) -> float:
        """Mean absolute gap between a player's estimate and the onlooker's, per pile."""
        gaps = [abs(e - m.public[p]) for m in self.markets for p, row in enumerate(m.estimates) for e in row]
        return sum(gaps) / len(gaps)

    def _ladder_runs(self, unit: int, shade: float):
        """Every auction on the game's ladder, within cash, each player bidding straightforwardly
        on ``shade`` times her estimate: (market, run) pairs."""
        if not 0 < shade <= 1:
            raise OptionsError(f"A bid is a share of the estimate between 0 and 1 (not {shade}).")
        for m in self.markets:
            bids = [[e * shade for e in row] for row in m.estimates]
            yield m, ladder_auction(_rounded(bids, unit), self.ladder, m.money)

    def curse_samples(self, unit: int = 100, shade: float = 1.0) -> tuple[list[float], list[float]]:
        """(estimate - truth for each pile's winner, estimate - truth for every player and pile)
        when every auction is run on the game's ladder, within cash, with straightforward bids
        on ``shade`` times each estimate (1: the raw estimate; 0.8: bid 80% of it)."""
        winners, everyone = [], []
        for m, run in self._ladder_runs(unit, shade):
            for p, seat in enumerate(run.owner):
                everyone.extend(e - m.truth[p] for e in m.estimates[p])
                if seat is not None:                    # (2 players: 4 piles, 2 unsold)
                    winners.append(m.estimates[p][seat] - m.truth[p])
        return winners, everyone

    def winners_curse(self, unit: int = 100, shade: float = 1.0) -> tuple[float, float]:
        """The means of ``curse_samples``. The first is larger: a pile goes to whoever thinks
        most of it, so its winner has, on average, overestimated it."""
        winners, everyone = self.curse_samples(unit, shade)
        return sum(winners) / len(winners), sum(everyone) / len(everyone)

    def winners_profit(self, unit: int = 100, shade: float = 1.0) -> tuple[float, float]:
        """(mean truth - price paid, mean estimate - price paid) of the winners on the ladder,
        bidding on ``shade`` times their estimates: what they really make on average, and what
        they expect to make."""
        real, hoped = [], []
        for m, run in self._ladder_runs(unit, shade):
            for p, seat in enumerate(run.owner):
                if seat is not None:
                    real.append(m.truth[p] - run.prices[p])
                    hoped.append(m.estimates[p][seat] - run.prices[p])
        return sum(real) / len(real), sum(hoped) / len(hoped)


def study_piles(n_players: int = 4, games: int = 100, seed: int = 0, executor=None) -> PileStudy:
    """Stop at every auction of ``games`` random engine games and value every pile.
    ``executor.map`` spreads the games."""
    if games < 1:
        raise OptionsError("A study needs at least one game.")
    per_game = run_map(_markets_of_game, ([n_players] * games, game_seeds(seed, games)), executor)
    markets = tuple(m for g in per_game for m in g)
    return PileStudy(n_players, games, markets, tuple(_rules().bid_spaces))
