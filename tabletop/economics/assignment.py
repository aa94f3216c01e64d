"""Unit-demand assignment: houses (or Stockpile's piles) to buyers, each buyer wanting one.

``values[h][b]`` is what house ``h`` is worth to buyer ``b`` (houses x buyers, as in the
textbook example of Shapley and Shubik's housing market; ``EXAMPLE_VALUES`` below).

- ``max_welfare_assignment``: the assignment with the largest total value (Hungarian
  algorithm; ``brute_force_assignment`` checks it on small markets).
- ``vcg``: each buyer pays the harm she does to the others: the welfare the others would get
  without her minus what they get with her. In a unit-demand market these payments are the
  *minimum Walrasian prices* (Leonard, 1983).
- ``exact_auction``: Demange, Gale and Sotomayor's exact ascending auction. Prices start at 0;
  while some set of houses is overdemanded (more buyers want only houses in it than it has
  houses), raise the prices of a *minimal* overdemanded set by one step. With integer values
  and a step of 1 it stops exactly at the minimum Walrasian prices, that is at VCG.
- ``bidding_auction``: the small-step version: an unassigned buyer bids one step above the
  current price on her favourite house and displaces its holder, who bids again. It ends within
  ``min(houses, buyers)`` steps of the VCG prices, so a smaller step gets closer.
- ``ladder_auction``: the same outbid-and-rebid auction on a fixed ladder of prices (Stockpile's
  bid track: $0, 1,000, 3,000, 6,000, 10,000, 15,000, 20,000, 25,000), where every buyer must
  end with a house and a bid on the top rung cannot be beaten.

Values may be ints, ``Fraction`` s or floats; the auctions count exactly with ``Fraction`` when
the step is not an integer.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from numbers import Number
from typing import Iterable, Sequence

from ..errors import OptionsError

__all__ = [
    "EXAMPLE_VALUES", "Assignment", "max_welfare_assignment", "brute_force_assignment",
    "VCGResult", "vcg", "demand_set", "is_walrasian", "AuctionRun", "exact_auction",
    "bidding_auction", "ladder_auction", "minimal_overdemanded_set", "clears", "lowered_sets",
    "is_minimum_walrasian", "best_misreport",
]

#: the textbook market: 4 houses (rows) x 5 buyers (columns); welfare 37, VCG prices 8, 7, 6, 6
EXAMPLE_VALUES = ((10, 9, 8, 7, 6),
                  (9, 9, 7, 6, 6),
                  (8, 6, 6, 9, 4),
                  (7, 5, 6, 4, 9))

Matrix = Sequence[Sequence[Number]]


def _shape(values: Matrix) -> tuple[int, int]:
    houses = len(values)
    if houses == 0:
        raise OptionsError("A market needs at least one house.")
    buyers = len(values[0])
    if buyers == 0 or any(len(row) != buyers for row in values):
        raise OptionsError("Every house needs one value per buyer (a rectangular table of values).")
    return houses, buyers


@dataclass(frozen=True)
class Assignment:
    """Who gets which house. ``owner[h]`` is the buyer of house ``h`` (None: unsold)."""
    owner: tuple[int | None, ...]
    welfare: Number

    @property
    def house_of(self) -> dict[int, int]:
        """buyer -> house, for the buyers who get one."""
        return {b: h for h, b in enumerate(self.owner) if b is not None}

    def pairs(self) -> list[tuple[int, int]]:
        return [(h, b) for h, b in enumerate(self.owner) if b is not None]


def _hungarian(cost: Matrix) -> list[int]:
    """Minimum-cost assignment of every row to a distinct column (rows <= columns).

    The classic O(rows^2 * columns) method with row and column potentials; returns the column
    of each row.
    """
    n, m = len(cost), len(cost[0])
    inf = float("inf")
    u, v = [0] * (n + 1), [0] * (m + 1)
    row_of = [0] * (m + 1)          # row_of[j]: the row (1-based) holding column j, 0 = free
    way = [0] * (m + 1)
    for i in range(1, n + 1):
        row_of[0] = i
        j0 = 0
        least = [inf] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = row_of[j0], inf, 0
            for j in range(1, m + 1):
                if not used[j]:
                    reduced = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if reduced < least[j]:
                        least[j], way[j] = reduced, j0
                    if least[j] < delta:
                        delta, j1 = least[j], j
            for j in range(m + 1):
                if used[j]:
                    u[row_of[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            j0 = j1
            if row_of[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            row_of[j0] = row_of[j1]
            j0 = j1
    column = [0] * n
    for j in range(1, m + 1):
        if row_of[j]:
            column[row_of[j] - 1] = j - 1
    return column


def max_welfare_assignment(values: Matrix) -> Assignment:
    """The assignment of houses to buyers with the largest total value (values >= 0)."""
    houses, buyers = _shape(values)
    if any(x < 0 for row in values for x in row):
        raise OptionsError("Values must not be negative here (a buyer can always walk away).")
    owner: list[int | None] = [None] * houses
    if houses <= buyers:
        for h, b in enumerate(_hungarian([[-x for x in row] for row in values])):
            owner[h] = b
    else:
        columns = [[-values[h][b] for h in range(houses)] for b in range(buyers)]
        for b, h in enumerate(_hungarian(columns)):
            owner[h] = b
    return Assignment(tuple(owner), sum(values[h][b] for h, b in enumerate(owner) if b is not None))


def brute_force_assignment(values: Matrix) -> Assignment:
    """The same by trying every assignment (small markets only: a check on the fast one)."""
    houses, buyers = _shape(values)
    best: Assignment | None = None
    if houses <= buyers:
        for chosen in itertools.permutations(range(buyers), houses):
            w = sum(values[h][b] for h, b in enumerate(chosen))
            if best is None or w > best.welfare:
                best = Assignment(tuple(chosen), w)
    else:
        for chosen in itertools.permutations(range(houses), buyers):
            owner: list[int | None] = [None] * houses
            for b, h in enumerate(chosen):
                owner[h] = b
            w = sum(values[h][b] for b, h in enumerate(chosen))
            if best is None or w > best.welfare:
                best = Assignment(tuple(owner), w)
    assert best is not None
    return best


@dataclass(frozen=True)
class VCGResult:
    """The efficient assignment and the VCG payments (by house and by buyer)."""
    assignment: Assignment
    prices: tuple[Number, ...]          # by house; an unsold house costs 0
    payments: tuple[Number, ...]        # by buyer; a buyer without a house pays 0
    surplus: tuple[Number, ...]         # by buyer: value of her house minus her payment
    welfare_without: tuple[Number, ...]  # by buyer: the others' best welfare if she were absent

    @property
    def welfare(self) -> Number:
        return self.assignment.welfare

    @property
    def revenue(self) -> Number:
        return sum(self.payments)


def vcg(values: Matrix) -> VCGResult:
    """Vickrey-Clarke-Groves: each buyer pays the welfare the others lose because of her."""
    houses, buyers = _shape(values)
    best = max_welfare_assignment(values)
    house_of = best.house_of
    prices: list[Number] = [0] * houses
    payments: list[Number] = [0] * buyers
    surplus: list[Number] = [0] * buyers
    welfare_without: list[Number] = [best.welfare] * buyers
    for b in range(buyers):
        h = house_of.get(b)
        if h is None:
            continue                    # she harms nobody: the others already get the best
        if buyers == 1:
            without = 0
        else:
            others = [[row[c] for c in range(buyers) if c != b] for row in values]
            without = max_welfare_assignment(others).welfare
        welfare_without[b] = without
        pay = without - (best.welfare - values[h][b])
        prices[h] = payments[b] = pay
        surplus[b] = values[h][b] - pay
    return VCGResult(best, tuple(prices), tuple(payments), tuple(surplus), tuple(welfare_without))


# --- prices and demand -----------------------------------------------------------------------
def demand_set(values: Matrix, prices: Sequence[Number], buyer: int) -> frozenset:
    """The houses ``buyer`` likes best at ``prices`` (value minus price), with ``None`` in the
    set when buying nothing is as good (her best surplus is 0 or less)."""
    surplus = [values[h][buyer] - prices[h] for h in range(len(values))]
    best = max(surplus)
    if best < 0:
        return frozenset({None})
    chosen = {h for h, s in enumerate(surplus) if s == best}
    if best == 0:
        chosen.add(None)
    return frozenset(chosen)


def is_walrasian(values: Matrix, prices: Sequence[Number], owner: Sequence[int | None]) -> bool:
    """True when every buyer gets a house she demands at ``prices`` (or none, if she demands
    nothing) and every unsold house is priced at 0: the market clears."""
    houses, buyers = _shape(values)
    house_of = {b: h for h, b in enumerate(owner) if b is not None}
    for h in range(houses):
        if owner[h] is None and prices[h] != 0:
            return False
    return all(house_of.get(b) in demand_set(values, prices, b) for b in range(buyers))


def clears(values: Matrix, prices: Sequence[Number]) -> bool:
    """True when ``prices`` are Walrasian for some assignment. One efficient assignment is
    enough to try: Walrasian prices support every efficient assignment (Shapley and Shubik,
    1971: they are the dual solutions of the assignment problem)."""
    return is_walrasian(values, prices, max_welfare_assignment(values).owner)


def lowered_sets(values: Matrix, prices: Sequence[Number],
                 step: Number = 1) -> list[tuple[frozenset, bool]]:
    """Every nonempty set of houses with a positive price, and whether the market still clears
    when all of them are lowered together by ``step`` (the rest unchanged)."""
    positive = [h for h, p in enumerate(prices) if p > 0]
    out = []
    for size in range(1, len(positive) + 1):
        for chosen in itertools.combinations(positive, size):
            lower = [p - step if h in chosen else p for h, p in enumerate(prices)]
            out.append((frozenset(chosen), clears(values, lower)))
    return out


def is_minimum_walrasian(values: Matrix, prices: Sequence[Number], step: Number = 1) -> bool:
    """True when ``prices`` are the smallest Walrasian prices, for whole-number values and prices
    (``step`` 1): they clear the market, and lowering any nonempty set of positively priced houses
    together by one does not. That test is enough. The conditions that decide whether ``prices``
    clear (each buyer gets a demanded house, unsold houses are free) compare prices two at a
    time or with constants; so if lower prices ``q`` clear too, lowering by one exactly the
    houses where ``q`` is lower still clears. Lowering one house at a time is *not* enough:
    with two equal houses both wanted by two buyers, prices (5, 5) clear, no single price can
    fall, yet (0, 0) clears too."""
    return clears(values, prices) and not any(ok for _, ok in lowered_sets(values, prices, step))


def best_misreport(values: Matrix, buyer: int,
                   reports: Iterable[Sequence[Number]]) -> tuple[Number, tuple[Number, ...]]:
    """The most ``buyer`` gains, counted in her *true* values, by bidding in the exact auction as
    if her values were one of ``reports`` (one value per house) while the others bid their true
    values, and that report: her surplus then minus her surplus when she bids truthfully (her
    true values are always among the reports tried, so the gain is at least 0). It is exactly 0
    (Leonard, 1983; Demange, Gale and Sotomayor, 1986): whatever the others' values, bidding by
    one's true values is a best reply, an *ex post* equilibrium."""
    houses, buyers = _shape(values)
    if not 0 <= buyer < buyers:
        raise OptionsError(f"There is no buyer {buyer + 1}: the buyers are 1 to {buyers}.")

    def surplus(report: Sequence[Number]) -> Number:
        if len(report) != houses:
            raise OptionsError(f"A report names one value per house ({houses}), not {len(report)}.")
        bids = [[report[h] if b == buyer else values[h][b] for b in range(buyers)] for h in range(houses)]
        run = exact_auction(bids)
        mine = [h for h, b in enumerate(run.owner) if b == buyer]
        return values[mine[0]][buyer] - run.prices[mine[0]] if mine else 0

    truth = tuple(values[h][buyer] for h in range(houses))
    honest = surplus(truth)
    best, best_report = 0, truth
    for report in reports:
        gain = surplus(report) - honest
        if gain > best:
            best, best_report = gain, tuple(report)
    return best, best_report


# --- the exact ascending auction ---------------------------------------------------------------
def _max_matching(demands: dict[int, frozenset], allowed: frozenset) -> tuple[dict, list[int]]:
    """Match buyers (keys of ``demands``) to houses in ``allowed`` they demand (Kuhn's method).
    Returns (house -> buyer, unmatched buyers)."""
    holder: dict[int, int] = {}

    def augment(b: int, seen: set) -> bool:
        for h in sorted(demands[b] & allowed):
            if h in seen:
                continue
            seen.add(h)
            if h not in holder or augment(holder[h], seen):
                holder[h] = b
                return True
        return False

    unmatched = [b for b in sorted(demands) if not augment(b, set())]
    return holder, unmatched


def _overdemanded_within(demands: dict[int, frozenset], allowed: frozenset) -> frozenset | None:
    """An overdemanded set of houses inside ``allowed``, or None if there is none.

    Only buyers who want nothing but houses in ``allowed`` count. If a maximum matching leaves
    one of them out, the houses she reaches by alternating paths are wanted only by her and
    their holders: one more buyer than houses.
    """
    inside = {b: d for b, d in demands.items() if d <= allowed}
    holder, unmatched = _max_matching(inside, allowed)
    if not unmatched:
        return None
    reached: set[int] = set()
    frontier = [unmatched[0]]
    while frontier:
        b = frontier.pop()
        for h in inside[b]:
            if h not in reached:
                reached.add(h)
                frontier.append(holder[h])
    return frozenset(reached)


def minimal_overdemanded_set(values: Matrix, prices: Sequence[Number]) -> frozenset | None:
    """A minimal overdemanded set of houses at ``prices`` (no overdemanded set inside it), or
    None when the market can clear. Buyers happy to buy nothing never overdemand."""
    houses, buyers = _shape(values)
    demands = {}
    for b in range(buyers):
        d = demand_set(values, prices, b)
        if None not in d:
            demands[b] = d
    found = _overdemanded_within(demands, frozenset(range(houses)))
    if found is None:
        return None
    shrinking = True
    while shrinking:
        shrinking = False
        for h in sorted(found):
            smaller = _overdemanded_within(demands, found - {h})
            if smaller is not None:
                found, shrinking = smaller, True
                break
    return found


def _clearing_owner(values: Matrix, prices: Sequence[Number]) -> tuple[int | None, ...]:
    """At prices where nothing is overdemanded: give every buyer who must have a house one she
    demands, then sell every house with a positive price to someone who demands it."""
    houses, buyers = _shape(values)
    demands = {b: demand_set(values, prices, b) for b in range(buyers)}
    holder: dict[int, int] = {}

    def augment(b: int, seen: set) -> bool:
        for h in sorted(x for x in demands[b] if x is not None):
            if h in seen:
                continue
            seen.add(h)
            if h not in holder or augment(holder[h], seen):
                holder[h] = b
                return True
        return False

    for b in range(buyers):
        if None not in demands[b]:
            augment(b, set())
    # positive-priced houses still unsold: follow an alternating path from the house to a
    # buyer who is as happy without a house, or who holds a house priced at 0 (left unsold)
    buyer_house = {b: h for h, b in holder.items()}
    for h in range(houses):
        if h in holder or prices[h] == 0:
            continue
        takes: dict[int, int] = {}                  # buyer -> the house she moves to
        queue, seen_houses, found = [h], {h}, None
        while queue and found is None:
            house = queue.pop(0)
            for b in range(buyers):
                if house not in demands[b] or b in takes:
                    continue
                takes[b] = house
                mine = buyer_house.get(b)
                if (mine is None and None in demands[b]) or (mine is not None and prices[mine] == 0):
                    found = b
                    break
                if mine is not None and mine not in seen_houses:
                    seen_houses.add(mine)
                    queue.append(mine)
        if found is None:
            continue
        b = found
        freed = buyer_house.get(b)
        if freed is not None:
            del holder[freed]
        while True:
            house = takes[b]
            previous = holder.get(house)
            holder[house] = b
            buyer_house[b] = house
            if previous is None:
                break
            b = previous
    return tuple(holder.get(h) for h in range(houses))


def _exact(x):
    if isinstance(x, float):
        return Fraction(str(x))
    return x


@dataclass(frozen=True)
class AuctionRun:
    """The end of an ascending auction and how the prices got there."""
    prices: tuple[Number, ...]
    owner: tuple[int | None, ...]
    history: tuple[tuple[Number, ...], ...]     # the prices after each round (start included)
    rounds: int

    def welfare(self, values: Matrix) -> Number:
        return sum(values[h][b] for h, b in enumerate(self.owner) if b is not None)

    @property
    def revenue(self) -> Number:
        return sum(p for p, b in zip(self.prices, self.owner) if b is not None)


def exact_auction(values: Matrix, step: Number = 1, max_rounds: int = 100_000) -> AuctionRun:
    """Demange-Gale-Sotomayor's exact auction: raise a minimal overdemanded set by ``step``
    until none is left. With integer values and ``step`` 1 it ends at the VCG prices."""
    houses, _ = _shape(values)
    step = _exact(step)
    if step <= 0:
        raise OptionsError(f"The price step must be positive, not {step}.")
    prices: list[Number] = [0] * houses
    history = [tuple(prices)]
    for rounds in range(max_rounds):
        over = minimal_overdemanded_set(values, prices)
        if over is None:
            return AuctionRun(tuple(prices), _clearing_owner(values, prices), tuple(history), rounds)
        for h in over:
            prices[h] += step
        history.append(tuple(prices))
    raise OptionsError(f"The auction did not end within {max_rounds} rounds; use a larger step.")


def bidding_auction(values: Matrix, step: Number = 1, max_bids: int = 1_000_000) -> AuctionRun:
    """The small-step ascending auction. Buyers without a house, in turn, bid on the house with
    the best surplus at the price they would pay: its price if nobody holds it, one ``step``
    more if someone does (who is then displaced and bids again). A buyer for whom every house
    would cost more than it is worth drops out. ``history`` holds the prices after each bid."""
    houses, buyers = _shape(values)
    step = _exact(step)
    if step <= 0:
        raise OptionsError(f"The price step must be positive, not {step}.")
    prices: list[Number] = [0] * houses
    owner: list[int | None] = [None] * houses
    waiting = list(range(buyers))
    history = [tuple(prices)]
    bids = 0
    while waiting:
        b = waiting.pop(0)
        best, best_h = None, None
        for h in range(houses):
            price = prices[h] + (step if owner[h] is not None else 0)
            s = values[h][b] - price
            if best is None or s > best:
                best, best_h = s, h
        if best < 0:
            continue                    # drops out
        h = best_h
        if owner[h] is not None:
            prices[h] += step
            waiting.append(owner[h])
        owner[h] = b
        history.append(tuple(prices))
        bids += 1
        if bids > max_bids:
            raise OptionsError(f"The auction did not end within {max_bids} bids; use a larger step.")
    return AuctionRun(tuple(prices), tuple(owner), tuple(history), bids)


def ladder_auction(values: Matrix, ladder: Sequence[Number], budgets: Sequence[Number] | None = None,
                   must_buy: bool = True) -> AuctionRun:
    """The outbid-and-rebid auction on a fixed ladder of bids, as on Stockpile's tracks.

    A house nobody holds can be taken at the lowest rung; a held house only at the next rung
    above its current bid, and a bid on the top rung cannot be beaten. Buyers bid
    straightforwardly: the best surplus at the rung they would have to pay, within their budget.
    With ``must_buy`` (Stockpile: as many piles as players, everyone wins one) a buyer bids even
    when every surplus is negative; otherwise she drops out. ``prices`` are the winning bids.
    """
    houses, buyers = _shape(values)
    ladder = sorted(ladder)
    if not ladder or len(set(ladder)) != len(ladder):
        raise OptionsError("A ladder needs at least one rung and no rung twice.")
    if must_buy and houses < buyers:
        raise OptionsError(f"With {houses} houses, {buyers} buyers cannot all buy one.")
    budgets = list(budgets) if budgets is not None else [float("inf")] * buyers
    rung: list[int | None] = [None] * houses          # index on the ladder of the holder's bid
    owner: list[int | None] = [None] * houses
    waiting = list(range(buyers))
    history = [tuple(0 for _ in range(houses))]
    bids = 0
    while waiting:
        b = waiting.pop(0)
        best, best_h, best_r = None, None, None
        for h in range(houses):
            r = 0 if rung[h] is None else rung[h] + 1
            if r >= len(ladder) or ladder[r] > budgets[b]:
                continue
            s = values[h][b] - ladder[r]
            if best is None or s > best:
                best, best_h, best_r = s, h, r
        if best is None or (best < 0 and not must_buy):
            if must_buy:
                raise OptionsError(f"Buyer {b + 1} cannot afford any open bid.")
            continue
        if owner[best_h] is not None:
            waiting.append(owner[best_h])
        owner[best_h], rung[best_h] = b, best_r
        history.append(tuple(0 if r is None else ladder[r] for r in rung))
        bids += 1
    prices = tuple(0 if r is None else ladder[r] for r in rung)
    return AuctionRun(prices, tuple(owner), tuple(history), bids)
