"""The experiments' fixed facts: their names, the options and their sentences, the ladder."""
from __future__ import annotations

from typing import Any, Mapping

from tabletop.errors import OptionsError

__all__ = ["FIRST", "SECOND", "COMMON", "LADDER", "EXPERIMENTS", "EXPERIMENT_WORDS", "OPTION_HELP",
           "LADDER_UNIT", "MAX_NICKNAME", "MAX_DEVICE", "MIN_SEATS", "MAX_SEATS", "ladder_rungs", "money",
           "missing_rule", "normalize_options"]

FIRST, SECOND, COMMON, LADDER = "first-price", "second-price", "common-value", "ladder"
EXPERIMENTS = (FIRST, SECOND, COMMON, LADDER)
EXPERIMENT_WORDS = {
    FIRST: "First-price sealed-bid auction: the highest bid wins and pays its bid.",
    SECOND: "Second-price sealed-bid auction: the highest bid wins and pays the second-highest bid.",
    COMMON: "Common-value auction: the item is worth the same to everyone, but each bidder sees only "
            "a noisy signal of its value; the highest bid wins and pays its bid.",
    LADDER: "Stockpile's ladder auction: each group bids on its piles on Stockpile's bid track, in "
            "turns; an outbid bidder bids again, until every bidder holds a pile.",
}
OPTION_HELP = {
    "experiment": "Which auction the class plays: first-price, second-price, common value (the "
                  "winner's curse) or Stockpile's ladder.",
    "group_size": "How many students bid against each other in one group (the ladder: one pile per "
                  "bidder).",
    "rounds": "How many rounds the class plays; new groups and values are drawn each round.",
    "low": "The lowest value a student can be given (and the lowest bid).",
    "high": "The highest value a student can be given (and the highest bid).",
    "noise": "Common value: each signal is the true value plus or minus at most this many dollars.",
    "missing_bid": "What happens to a student who has not bid when the teacher closes the round: "
                   "no bid, or a random bid.",
}
#: ladder values are multiples of Stockpile's value unit
LADDER_UNIT = 1_000
MAX_NICKNAME = 40
#: a Join's device tag: letters and digits
MAX_DEVICE = 64
MIN_SEATS, MAX_SEATS = 2, 60
_OPTIONS = ("experiment", "group_size", "rounds", "low", "high", "noise", "missing_bid")
_MAX_SPREAD = 1_000            # sealed bids: every whole dollar is a listed action
_MAX_LADDER_HIGH = 100_000


def ladder_rungs() -> tuple[int, ...]:
    """The amounts of Stockpile's bid track, from the game's own data."""
    from tabletop.stockpile.data import DEFAULT_RULES
    return tuple(DEFAULT_RULES["bid_spaces"])


def money(amount: int) -> str:
    """$63, $1,000, -$5."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def missing_rule(options: Mapping[str, Any]) -> str:
    """The teacher's missing-bid rule as every screen states it."""
    if options["experiment"] == LADDER:
        if options["missing_bid"] == "random":
            return ("A student holding no pile when the teacher closes the round takes a pile nobody "
                    "holds, drawn at random, at $0.")
        return "A student holding no pile when the teacher closes the round passes and wins nothing."
    if options["missing_bid"] == "random":
        return (f"A student who has not bid when the teacher closes the round bids a random amount "
                f"from {money(options['low'])} to {money(options['high'])}.")
    return "A student who has not bid when the teacher closes the round does not bid."


def _whole(options: Mapping, name: str, default: int, lo: int, hi: int, what: str) -> int:
    value = options.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise OptionsError(f"{what} is a whole number from {lo:,} to {hi:,}, not {value!r}.")
    return value


def normalize_options(options: Mapping[str, Any], n_players: int) -> dict:
    unknown = sorted(map(str, set(options) - set(_OPTIONS)))
    if unknown:
        raise OptionsError(f"Classroom auctions have no option {', '.join(map(repr, unknown))}; the "
                           f"options are {', '.join(_OPTIONS)}.")
    if not MIN_SEATS <= n_players <= MAX_SEATS:
        raise OptionsError(f"A class has {MIN_SEATS} to {MAX_SEATS} seats, not {n_players}.")
    experiment = options.get("experiment", FIRST)
    if experiment not in EXPERIMENTS:
        raise OptionsError(f"The experiment is one of {', '.join(EXPERIMENTS)}; not {experiment!r}.")
    ladder = experiment == LADDER
    group_size = _whole(options, "group_size", 4 if ladder else 3, 2, 5 if ladder else 8,
                        "The ladder's group size (one pile per bidder)" if ladder else "The group size")
    if group_size > n_players:
        raise OptionsError(f"A class of {n_players} seats cannot form a group of {group_size}.")
    rounds = _whole(options, "rounds", 3, 1, 20, "The number of rounds")
    if ladder:
        low = _whole(options, "low", 0, 0, _MAX_LADDER_HIGH, "The lowest value")
        high = _whole(options, "high", 25_000, 0, _MAX_LADDER_HIGH, "The highest value")
        if low % LADDER_UNIT or high % LADDER_UNIT:
            raise OptionsError(f"On the ladder, values are multiples of $1,000: the lowest and highest "
                               f"values must be too (got {money(low)} and {money(high)}).")
    else:
        low = _whole(options, "low", 0, 0, 1_000_000, "The lowest value")
        high = _whole(options, "high", 100, 0, 1_000_000, "The highest value")
    if low >= high:
        raise OptionsError(f"The highest value must be above the lowest ({money(low)} and {money(high)}).")
    if not ladder and high - low > _MAX_SPREAD:
        raise OptionsError(f"The lowest and highest values are at most {money(_MAX_SPREAD)} apart "
                           f"(got {money(low)} and {money(high)}).")
    noise = _whole(options, "noise", 20, 0, 500, "The common value's noise")
    missing = options.get("missing_bid", "none")
    if missing not in ("none", "random"):
        raise OptionsError(f"The missing-bid rule is 'none' (no bid) or 'random' (a random bid), "
                           f"not {missing!r}.")
    return {"experiment": experiment, "group_size": group_size, "rounds": rounds, "low": low,
            "high": high, "noise": noise, "missing_bid": missing}
