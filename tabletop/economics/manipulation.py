"""Manipulating a price: how far one player can move it, and what that is worth.

Two games, two ways of setting a price:

* **時価で勝負** (``tabletop.jika``): a suit's price is the *lower* of its two face-up cards, and
  a player overwrites either card with one from her hand. One card can knock the price down to
  its own value, but can lift it no higher than the other card: raising takes two cards, and
  the other players move in between.
* **Black Monday** (``tabletop.blackmonday``): a player lays a card of a stock upright on its
  price pile and the card's value becomes the price, but only within the stock's limit
  (Chewy Poultry $2 down / $3 up ... Tiki-Taka Tech $5 / $6), at most twice a turn, and only
  *after* trading. An $11-$13 card within the limit may instead crash the stock to $0.

The component data (card values, limits, multipliers, copies, share cap) is read from the
engines' data modules. Besides the exact reach of one turn, two pairs of simple agents play the
real engines: a greedy price mover against players who never steer a price on purpose.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping, Sequence

from ..agents import RandomAgent
from ..blackmonday import data as bm
from ..core import Action, State
from ..errors import OptionsError
from ..batches import game_seeds, run_map
from ..jika import data as jk
from ..simulate import play_game

__all__ = [
    "jika_price", "jika_play_price", "jika_reachable", "jika_one_card_reach", "jika_reach_table",
    "jika_min_distribution", "jika_stakes", "JikaGreedyAgent",
    "bm_limits", "bm_reachable", "bm_turn_swing", "bm_reach_odds", "bm_swing_worth",
    "BlackMondayPumper", "BlackMondayHolder", "AGENTS", "AgentStudy", "study_agents",
]


# --- 時価で勝負: the lower of two cards ------------------------------------------------------------
def jika_price(upper: int | None, lower: int) -> int:
    """A suit's price: the lower of its two cards (the lower card alone while the upper is empty)."""
    return lower if upper is None or lower < upper else upper


def jika_play_price(upper: int | None, lower: int, value: int, slot: str) -> int:
    """The price after ``value`` is played on ``slot`` ("upper" or "lower")."""
    if slot == "upper":
        return jika_price(value, lower)
    if slot == "lower":
        if upper is None:
            raise OptionsError("The first card of a suit goes on the upper card, above the ace.")
        return jika_price(upper, value)
    raise OptionsError(f"{slot!r} is not a slot; a card goes on the 'upper' or the 'lower' card.")


def jika_reachable(upper: int | None, lower: int, hand: Sequence[int]) -> set[int]:
    """Every price a suit can show after its owner of ``hand`` plays any number of those cards on
    it, one at a time, on either card, with nobody else moving in between (the price now
    included). While the upper card is empty, a card can only go there."""
    seen = {jika_price(upper, lower)}
    frontier = [(upper, lower, tuple(sorted(hand)))]
    while frontier:
        up, low, cards = frontier.pop()
        for i, v in enumerate(cards):
            rest = cards[:i] + cards[i + 1:]
            for slot in (("upper",) if up is None else jk.SLOTS):
                after = (v, low) if slot == "upper" else (up, v)
                seen.add(jika_price(*after))
                frontier.append((*after, rest))
    return seen


def jika_one_card_reach(upper: int, lower: int,
                        values: Sequence[int] = jk.MARKET_VALUES) -> tuple[int, int]:
    """(largest rise, largest fall) of the price that one card from ``values`` can make when
    both cards are down: a card can lift the price no higher than the other card."""
    now = jika_price(upper, lower)
    after = [jika_play_price(upper, lower, v, slot) for v in values for slot in jk.SLOTS]
    return max(after) - now, now - min(after)


def jika_reach_table(values: Sequence[int] = jk.MARKET_VALUES) -> dict[tuple[int, int], tuple[int, int]]:
    """``jika_one_card_reach`` for every pair of market cards (upper, lower)."""
    return {(u, l): jika_one_card_reach(u, l, values) for u in values for l in values}


def jika_min_distribution(values: Sequence[int] = jk.MARKET_VALUES) -> dict[int, Fraction]:
    """The price when both cards are two different market cards of one suit at random:
    ``P(min = m)`` exactly. The rule biases prices low: the mean is well under the mean card."""
    pairs = [(a, b) for a in values for b in values if a != b]
    out: dict[int, Fraction] = {}
    for a, b in pairs:
        m = min(a, b)
        out[m] = out.get(m, 0) + Fraction(1, len(pairs))
    return dict(sorted(out.items()))


def jika_stakes(queen: str, king: str) -> dict[str, tuple[int, Fraction]]:
    """For a player holding the queen of ``queen`` and the king of ``king``: per suit, her own
    multiplier and the expected multiplier of one opponent.

    The other queens and kings are dealt from what is left (at 3 players one of each is
    removed unseen), so each opponent holds a given other suit's queen with chance 1/3 and
    its king with chance 1/3, at 3 players as at 4.
    """
    for suit in (queen, king):
        if suit not in jk.SUITS:
            raise OptionsError(f"'{suit}' is not a suit; the suits are {', '.join(jk.SUITS)}.")
    q, k = jk.MULTIPLIER["queen"], jk.MULTIPLIER["king"]
    others = len(jk.SUITS) - 1
    out = {}
    for s in jk.SUITS:
        mine = (q if s == queen else 0) + (k if s == king else 0)
        theirs = Fraction((q if s != queen else 0) + (k if s != king else 0), others)
        out[s] = (mine, theirs)
    return out


class JikaGreedyAgent:
    """Plays the card that best moves prices in her favour *now*: the change of the price times
    (her multiplier minus an opponent's expected multiplier), ties broken at random. Reads only
    what her seat may see."""

    def choose(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if type(a).__name__ == "PlayCard"]
        if not plays:
            return legal[0]
        view = state.view(seat)
        certs = view["private"]["certificates"]
        stakes = jika_stakes(certs["queen"], certs["king"])
        market = view["board"]["market"]
        best, chosen = None, []
        for a in plays:
            m = market[a.suit]
            delta = jika_play_price(m["upper"], m["lower"], a.value, a.slot) - m["price"]
            mine, theirs = stakes[a.suit]
            gain = (mine - theirs) * delta
            if best is None or gain > best:
                best, chosen = gain, [a]
            elif gain == best:
                chosen.append(a)
        return chosen[rng.randrange(len(chosen))]


# --- Black Monday: limits per move ----------------------------------------------------------------
def bm_limits(options: Mapping | None = None) -> dict[str, tuple[int, int]]:
    """(down, up) per stock: the engine's defaults, with a match's ``limits`` option (any subset
    of the stocks) laid over them."""
    limits = {**bm.LIMITS, **(options or {}).get("limits", {})}
    unknown = [s for s in limits if s not in bm.STOCKS]
    if unknown:
        raise OptionsError(f"'{unknown[0]}' is not a Black Monday stock; they are {', '.join(bm.STOCKS)}.")
    return {s: tuple(limits[s]) for s in bm.STOCKS}


def bm_reachable(price: int, hand_values: Sequence[int], down: int, up: int,
                 changes: int = bm.MAX_PRICE_CHANGES, *, restart: bool = True,
                 options: Mapping | None = None) -> set[int]:
    """Every price one player can leave a listed stock at this turn with her cards of that stock
    (``hand_values``): up to ``changes`` plays, each to a card value within ``down``/``up`` of
    the price of the moment and different from it. 0 means she crashed it (an $11-$13 card
    within the limit). With ``restart`` she may then list it again at any $1-$10 card of
    hers, ignoring the limit; this costs one of her changes unless the match's options say
    otherwise. The price she starts from is included (she may leave it alone).

    The rule readings follow the match ``options`` (``crash_within_limit``,
    ``restart_counts_as_change``, ``allow_same_price``; defaults from the engine's data).
    """
    if price <= 0:
        raise OptionsError("A delisted stock has no price to move; it needs a new start price.")
    opts = {**bm.DEFAULT_OPTIONS, **(options or {})}
    crash_within = opts["crash_within_limit"]
    restart_counts = opts["restart_counts_as_change"]
    allow_same = opts["allow_same_price"]
    seen = {price}
    frontier = [(price, tuple(sorted(hand_values)), 0)]
    done = set()
    while frontier:
        state = frontier.pop()
        if state in done:
            continue
        done.add(state)
        p, cards, used = state
        for i, v in enumerate(cards):
            if i and cards[i - 1] == v:
                continue
            rest = cards[:i] + cards[i + 1:]
            if p == 0:
                if restart and v <= bm.START_PRICE_MAX and (used < changes or not restart_counts):
                    seen.add(v)
                    frontier.append((v, rest, used + (1 if restart_counts else 0)))
                continue
            if used >= changes:
                continue
            within = p - down <= v <= p + up
            if within and (v != p or allow_same):
                seen.add(v)
                frontier.append((v, rest, used + 1))
            if v in bm.CRASH_VALUES and (within or not crash_within):
                seen.add(0)
                frontier.append((0, rest, used + 1))
    return seen


def bm_turn_swing(stock: str, options: Mapping | None = None) -> tuple[int, int]:
    """(largest rise, largest fall) in one turn with ideal cards: two plays to the limit."""
    down, up = bm_limits(options)[stock]
    return bm.MAX_PRICE_CHANGES * up, bm.MAX_PRICE_CHANGES * down


def bm_swing_worth(stock: str, options: Mapping | None = None) -> int:
    """What the largest one-turn rise is worth to a player holding the most shares allowed."""
    return bm.SHARE_CAP * bm_turn_swing(stock, options)[0]


@dataclass(frozen=True)
class ReachOdds:
    """Chance that a random hand can move one stock from ``price`` by at least k this turn."""
    stock: str
    price: int
    hands: int
    rise_at_least: dict[int, float]      # k -> P(max reachable price >= price + k)
    fall_at_least: dict[int, float]      # k -> P(min listed reachable price <= price - k)
    crash: float                         # P(she can crash it)


def bm_reach_odds(stock: str, price: int, hands: int = 20_000, seed: int = 0,
                  hand_size: int = bm.HAND_SIZE, options: Mapping | None = None) -> ReachOdds:
    """Deal ``hands`` random hands from the full first deck (every stock x value x copies) and
    see how far each could move ``stock`` from ``price`` in one turn, the stock staying listed
    (a crash followed by a new start price wipes every holding: no use to a manipulator)."""
    if stock not in bm.STOCKS:
        raise OptionsError(f"'{stock}' is not a Black Monday stock; they are {', '.join(bm.STOCKS)}.")
    copies = (options or {}).get("copies", bm.COPIES)
    deck = [(s, v) for s in bm.STOCKS for v in bm.VALUES for _ in range(copies)]
    down, up = bm_limits(options)[stock]
    rng = random.Random(seed)
    rises, falls, crashes = [0] * (up * 2 + 1), [0] * (down * 2 + 1), 0
    for _ in range(hands):
        mine = [v for s, v in rng.sample(deck, hand_size) if s == stock]
        reach = bm_reachable(price, mine, down, up, restart=False, options=options)
        listed = [p for p in reach if p > 0]
        for k in range(1, len(rises)):
            if max(listed) >= price + k:
                rises[k] += 1
        for k in range(1, len(falls)):
            if min(listed) <= price - k:
                falls[k] += 1
        crashes += 0 in reach
    return ReachOdds(stock, price, hands,
                     {k: rises[k] / hands for k in range(1, len(rises))},
                     {k: falls[k] / hands for k in range(1, len(falls))}, crashes / hands)


def _bm_seat_view(view: dict, seat: int):
    names = list(view["stocks"])
    shares = [[p["holdings"][s] for s in names] for p in view["players"]]
    return names, shares


class BlackMondayPumper:
    """Buys the stock she can push up this turn with the rest of her hand, then pushes prices
    to gain the most against the average opponent (held cards are public, so she also knocks
    down what the others hold). Never sells; a turn with nothing to do swaps her lowest card."""

    def choose(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        view = state.view(seat)
        prices = view["stocks"]
        limits = view["board"]["limits"]
        names, shares = _bm_seat_view(view, seat)
        n = len(shares)
        hand = [(c["stock"], c["value"]) for c in view["private"]["hand"]]
        per_card = view["board"]["shares_per_card"]
        best, choice = 0, None
        for a in legal:
            kind = type(a).__name__
            if kind in ("ChangePrice", "CrashStock"):
                s = names.index(a.stock)
                new = a.value if kind == "ChangePrice" else 0
                delta = new - prices[a.stock]
                mine = shares[seat][s] * delta
                theirs = sum(shares[o][s] * delta for o in range(n) if o != seat) / (n - 1)
                gain = mine - theirs
            elif kind == "BuyShares":
                rest = list(hand)
                rest.remove((a.stock, a.value))
                lim = limits[a.stock]
                reach = bm_reachable(prices[a.stock], [v for s, v in rest if s == a.stock],
                                     lim["down"], lim["up"], restart=False)
                gain = per_card[str(a.value)] * (max(reach) - prices[a.stock])
            else:
                continue
            if gain > best:
                best, choice = gain, a
        if choice is not None:
            return choice
        return _bm_end_turn(view, legal)


def _bm_end_turn(view: dict, legal: Sequence[Action]) -> Action:
    """End the turn; but a turn that played no card swaps the lowest card instead, so that cards
    keep coming off the deck and the market-close card is reached."""
    turn = view["board"]["turn"]
    if not (turn["buys"] or turn["price_changes"] or turn["exchanged"] or turn["traded"]):
        swaps = [a for a in legal if type(a).__name__ == "ExchangeCard"]
        if swaps:
            return min(swaps, key=lambda a: (a.value, a.stock))
    for a in legal:
        if type(a).__name__ == "EndTurn":
            return a
    return legal[0]


class BlackMondayHolder:
    """Buys the most shares she can with one card a turn and holds them; never moves a price on
    purpose and never sells (a turn with nothing to buy swaps her lowest card)."""

    def choose(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        buys = [a for a in legal if type(a).__name__ == "BuyShares"]
        view = state.view(seat)
        if buys and view["board"]["turn"]["buys"] == 0:
            per_card = view["board"]["shares_per_card"]
            return max(buys, key=lambda a: (per_card[str(a.value)], a.stock))
        return _bm_end_turn(view, legal)


#: agents by name (names keep simulations picklable for process pools and Dask)
AGENTS: dict[str, Callable[[], object]] = {
    "random": RandomAgent,
    "jika-greedy": JikaGreedyAgent,
    "bm-pumper": BlackMondayPumper,
    "bm-holder": BlackMondayHolder,
}


@dataclass(frozen=True)
class AgentStudy:
    """Many games with the same line-up of agents: mean score and win share by seat."""
    title: str
    agents: tuple[str, ...]
    games: int
    mean_score: tuple[float, ...]
    win_share: tuple[float, ...]
    final_prices: tuple[dict, ...]       # the public stock values at the end of each game

    def by_agent(self) -> dict[str, tuple[float, float]]:
        """agent name -> (mean score, win share per seat), averaged over the seats it plays."""
        out = {}
        for name in dict.fromkeys(self.agents):
            seats = [i for i, a in enumerate(self.agents) if a == name]
            out[name] = (sum(self.mean_score[i] for i in seats) / len(seats),
                         sum(self.win_share[i] for i in seats) / len(seats))
        return out


#: a game longer than this many actions is stopped as a runaway (agents that never end it)
MAX_ACTIONS = 50_000


def _one_game(title: str, agents: tuple[str, ...], seed: int, options) -> tuple[tuple, tuple, dict]:
    line_up = [AGENTS[a]() for a in agents]
    steps = [0]

    def count(_state):
        steps[0] += 1
        if steps[0] > MAX_ACTIONS:
            raise OptionsError(f"A game of {title} with agents {', '.join(agents)} passed "
                               f"{MAX_ACTIONS:,} actions without ending (seed {seed}).")

    state = play_game(title, len(agents), seed, options, line_up, on_state=count)
    outcome = state.outcome()
    return outcome.scores, outcome.winners, dict(state.view(None)["stocks"])


def study_agents(title: str, agents: Sequence[str], games: int = 200, seed: int = 0,
                 options: Mapping | None = None, executor=None) -> AgentStudy:
    """Play ``games`` games of ``title`` with ``agents`` (names from ``AGENTS``, one per seat)
    on the real engine; a tied win counts as a share. ``executor.map`` spreads the games."""
    agents = tuple(agents)
    unknown = [a for a in agents if a not in AGENTS]
    if unknown:
        raise OptionsError(f"Unknown agent {unknown[0]!r}; the agents are {', '.join(AGENTS)}.")
    if games < 1:
        raise OptionsError("A study needs at least one game.")
    results = run_map(_one_game, ([title] * games, [agents] * games, game_seeds(seed, games),
                                  [options] * games), executor)
    n = len(agents)
    totals, wins = [0.0] * n, [0.0] * n
    for scores, winners, _ in results:
        for s in range(n):
            totals[s] += scores[s]
        for s in winners:
            wins[s] += 1 / len(winners)
    return AgentStudy(title, agents, games, tuple(t / games for t in totals),
                      tuple(w / games for w in wins), tuple(r[2] for r in results))


@dataclass(frozen=True)
class SeatRotation:
    """One ``agent`` against the line-up ``others``, ``games_per_seat`` games in each seat, so
    that the advantage of a seat (moving first, say) cancels out."""
    title: str
    agent: str
    others: tuple[str, ...]
    games_per_seat: int
    seats: tuple[AgentStudy, ...]        # seats[k]: the games with the agent in seat k

    @property
    def games(self) -> int:
        return self.games_per_seat * len(self.seats)

    @property
    def win_share(self) -> float:
        """The agent's share of the wins (a tie counts as a share), over every seat."""
        return sum(study.win_share[k] for k, study in enumerate(self.seats)) / len(self.seats)

    @property
    def win_std_error(self) -> float:
        """Standard error of ``win_share`` (as for independent games won or lost)."""
        p = self.win_share
        return (p * (1 - p) / self.games) ** 0.5

    @property
    def fair_share(self) -> float:
        """1 / players: what a seat wins when nobody plays better than anybody else."""
        return 1 / (len(self.others) + 1)

    @property
    def mean_score(self) -> float:
        return sum(study.mean_score[k] for k, study in enumerate(self.seats)) / len(self.seats)

    @property
    def others_mean_score(self) -> float:
        """The mean score of the other players, over every seat and game."""
        n = len(self.others) + 1
        return sum(sum(study.mean_score) - study.mean_score[k]
                   for k, study in enumerate(self.seats)) / (len(self.seats) * (n - 1))


def rotate_seats(title: str, agent: str, others: Sequence[str], games_per_seat: int = 100,
                 seed: int = 0, options: Mapping | None = None, executor=None) -> SeatRotation:
    """Play ``agent`` in every seat in turn, the ``others`` (names from ``AGENTS``) filling the
    other seats in their order, ``games_per_seat`` games each (``study_agents`` for each seat,
    seed ``seed * players + seat``)."""
    others = tuple(others)
    n = len(others) + 1
    seats = []
    for k in range(n):
        line_up = list(others[:k]) + [agent] + list(others[k:])
        seats.append(study_agents(title, line_up, games_per_seat, seed * n + k, options, executor))
    return SeatRotation(title, agent, others, games_per_seat, tuple(seats))


__all__ += ["SeatRotation", "rotate_seats"]
