"""Acquire's component data, one ``Edition`` per printing. The rules code reads only these values.

Two editions are known:

* ``"2016"`` -- the 2016 printing (10 x 10 board, seven corporations including Etch and Bolt,
  primary, secondary and tertiary bonuses). Its rulebook gives the bonus rules, the safe size (10),
  the end size (38) and one point of the chart (Bolt at 5 tiles pays 7,000 / 5,000 / 3,500); the
  rest of its chart is not public, so it is **assumed** (see ``ASSUMED``).
* ``"classic"`` -- the long-running printing (12 x 9 board, majority and minority bonuses).

Every assumed value can be replaced through the match option ``rules`` (a mapping of field name
to value, e.g. ``{"shares_per_corporation": 20}``) without touching any code.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import OptionsError
from ..i18n import Message, N_

__all__ = ["Edition", "EDITIONS", "ASSUMED", "SOLE_HOLDER_RULES", "OVERRIDABLE", "build_edition",
           "get_edition", "tile_label", "ROW_LETTERS"]

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: The classic share-price chart: (smallest size of the bracket, cheap, medium, expensive).
CLASSIC_CHART = (
    (2, 200, 300, 400),
    (3, 300, 400, 500),
    (4, 400, 500, 600),
    (5, 500, 600, 700),
    (6, 600, 700, 800),
    (11, 700, 800, 900),
    (21, 800, 900, 1000),
    (31, 900, 1000, 1100),
    (41, 1000, 1100, 1200),
)

#: How a lone shareholder is paid, by option value: the indexes of the bonuses they collect.
SOLE_HOLDER_RULES = {
    "primary+secondary": (0, 1),
    "primary+tertiary": (0, 2),
}


@dataclass(frozen=True)
class Edition:
    """Everything that differs between printings of Acquire. All fields are plain data.

    Bonuses: bonus ``i`` of a corporation is ``bonus_percents[i]`` percent of its share price,
    rounded down to a multiple of ``bonus_steps[i]``. Index 0 is the primary (majority) bonus,
    1 the secondary (minority), 2 the tertiary when the edition has one. Tied holders pool the
    bonuses of the places they occupy and split them, each share rounded up to ``tie_rounding``.
    """

    name: str
    display_name: str
    columns: int
    rows: int
    hand_size: int
    start_money: int
    shares_per_corporation: int
    safe_size: int
    end_size: int
    max_buys: int
    corporations: tuple[str, ...]
    tier_names: tuple[str, ...]
    tiers: tuple[tuple[str, str], ...]          # (corporation, tier name)
    price_chart: tuple[tuple[int, ...], ...]    # (min size, price for each tier in tier_names)
    bonus_names: tuple[str, ...]
    bonus_percents: tuple[int, ...]
    bonus_steps: tuple[int, ...]
    sole_holder: tuple[int, ...]                # indexes of bonuses a lone shareholder collects
    tie_rounding: int
    assumed: tuple[str, ...] = ()

    # --- derived lookups (cheap; the engine precomputes its own tables) ---------------------
    @property
    def n_tiles(self) -> int:
        return self.columns * self.rows

    def tier_of(self, corporation: str) -> str:
        for corp, tier in self.tiers:
            if corp == corporation:
                return tier
        # (the names as the rules data spells them: what is typed, so not translated)
        raise OptionsError("There is no corporation called {name} in the {edition}; they are "
                           "{corporations}.", name=repr(corporation), edition=self.words(),
                           corporations=", ".join(self.corporations))

    def words(self) -> Message:
        """The edition's name ("2016 edition") as a parameter, in the reader's language."""
        return Message(self.display_name, {})

    def to_dict(self) -> dict:
        data = dataclasses.asdict(self)
        data["tiers"] = dict(self.tiers)
        data["price_chart"] = [list(row) for row in self.price_chart]
        return data


def tile_label(index: int, columns: int) -> str:
    """The printed name of tile ``index`` (row-major from 1A): column number then row letter."""
    row, col = divmod(index, columns)
    return f"{col + 1}{ROW_LETTERS[row]}"


EDITIONS: dict[str, Edition] = {
    "2016": Edition(
        name="2016",
        display_name=N_("2016 edition"),
        columns=10, rows=10, hand_size=6, start_money=6000,
        shares_per_corporation=25,
        safe_size=10, end_size=38, max_buys=3,
        corporations=("Etch", "Rove", "Fleet", "Nestor", "Spark", "Bolt", "Echo"),
        tier_names=("cheap", "medium", "expensive"),
        tiers=(("Etch", "cheap"), ("Rove", "cheap"), ("Fleet", "medium"), ("Nestor", "medium"),
               ("Spark", "medium"), ("Bolt", "expensive"), ("Echo", "expensive")),
        price_chart=CLASSIC_CHART,
        bonus_names=("primary", "secondary", "tertiary"),
        bonus_percents=(1000, 750, 500),
        bonus_steps=(100, 500, 100),
        sole_holder=SOLE_HOLDER_RULES["primary+secondary"],
        tie_rounding=100,
        assumed=("shares_per_corporation", "tiers", "price_chart", "bonus_percents",
                 "bonus_steps", "sole_holder"),
    ),
    "classic": Edition(
        name="classic",
        display_name=N_("classic edition"),
        columns=12, rows=9, hand_size=6, start_money=6000,
        shares_per_corporation=25,
        safe_size=11, end_size=41, max_buys=3,
        corporations=("Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial",
                      "Continental"),
        tier_names=("cheap", "medium", "expensive"),
        tiers=(("Tower", "cheap"), ("Luxor", "cheap"), ("American", "medium"),
               ("Worldwide", "medium"), ("Festival", "medium"), ("Imperial", "expensive"),
               ("Continental", "expensive")),
        price_chart=CLASSIC_CHART,
        bonus_names=("majority", "minority"),
        bonus_percents=(1000, 500),
        bonus_steps=(100, 100),
        sole_holder=(0, 1),
        tie_rounding=100,
        assumed=(),
    ),
}

#: Which values of ``EDITIONS`` are this project's assumptions rather than printed facts.
ASSUMED = {name: ed.assumed for name, ed in EDITIONS.items()}

#: Fields a user may replace through the ``rules`` option.
OVERRIDABLE = ("hand_size", "start_money", "shares_per_corporation", "safe_size", "end_size",
               "max_buys", "tiers", "price_chart", "bonus_percents", "bonus_steps", "tie_rounding")


def get_edition(edition: "Edition | str") -> Edition:
    """An ``Edition`` from itself or its name ("2016" or "classic")."""
    if isinstance(edition, Edition):
        return edition
    key = str(edition)
    if key not in EDITIONS:
        raise OptionsError("Acquire has no edition {edition}; choose one of {editions}.",
                           edition=repr(edition), editions=", ".join(EDITIONS))
    return EDITIONS[key]


def _positive_int(name: str, value: Any, least: int = 1) -> int:
    if type(value) is not int or value < least:
        raise OptionsError("The rule {rule} must be a whole number of at least {least}, not "
                           "{value}.", rule=name, least=least, value=repr(value))
    return value


def build_edition(edition: str = "2016", rules: Mapping[str, Any] | None = None,
                  sole_holder: str | None = None) -> Edition:
    """The edition ``edition`` with the replacements in ``rules`` and the sole-holder rule.

    Raises ``OptionsError`` in plain words for anything that cannot be used.
    """
    base = get_edition(edition)
    changes: dict[str, Any] = {}
    rules = dict(rules or {})
    unknown = sorted(set(rules) - set(OVERRIDABLE))
    if unknown:
        raise OptionsError("Acquire's rules have no setting {unknown}; the settings that can be "
                           "changed are {settings}.", unknown=", ".join(unknown),
                           settings=", ".join(OVERRIDABLE))
    for key in ("hand_size", "start_money", "shares_per_corporation", "max_buys", "tie_rounding"):
        if key in rules:
            changes[key] = _positive_int(key, rules[key], 0 if key == "max_buys" else 1)
    for key in ("safe_size", "end_size"):
        if key in rules:
            changes[key] = _positive_int(key, rules[key], 2)
    if "tiers" in rules:
        tiers = rules["tiers"]
        if not isinstance(tiers, Mapping) or set(tiers) != set(base.corporations):
            raise OptionsError("The rule tiers must name the tier of every corporation: "
                               "{corporations}.", corporations=", ".join(base.corporations))
        for corp, tier in tiers.items():
            if tier not in base.tier_names:
                raise OptionsError("{corporation} cannot be in tier {tier}; the tiers are {tiers}.",
                                   corporation=corp, tier=repr(tier),
                                   tiers=", ".join(base.tier_names))
        changes["tiers"] = tuple((c, tiers[c]) for c in base.corporations)
    if "price_chart" in rules:
        chart = rules["price_chart"]
        width = 1 + len(base.tier_names)
        rows = []
        try:
            for row in chart:
                row = tuple(row)
                if (len(row) != width or any(type(v) is not int for v in row)
                        or any(v < 1 for v in row[1:])):
                    raise TypeError
                rows.append(row)
        except TypeError:
            raise OptionsError("Each row of the rule price_chart must be {width} whole numbers: "
                               "the smallest size of the bracket, then the price (at least 1) "
                               "for each tier ({tiers}).", width=width,
                               tiers=", ".join(base.tier_names)) from None
        if not rows or rows[0][0] != 2 or any(b[0] <= a[0] for a, b in zip(rows, rows[1:])):
            raise OptionsError("The rule price_chart must start at size 2 and list brackets in "
                               "growing size.")
        changes["price_chart"] = tuple(rows)
    for key in ("bonus_percents", "bonus_steps"):
        if key in rules:
            vals = rules[key]
            if (not isinstance(vals, (list, tuple)) or len(vals) != len(base.bonus_names)
                    or any(type(v) is not int or v < (0 if key == "bonus_percents" else 1)
                           for v in vals)):
                raise OptionsError("The rule {rule} must give {n} whole numbers, one for each "
                                   "bonus ({bonuses}).", rule=key, n=len(base.bonus_names),
                                   bonuses=", ".join(base.bonus_names))
            changes[key] = tuple(vals)
    if sole_holder is not None:
        if sole_holder not in SOLE_HOLDER_RULES:
            raise OptionsError("The sole-holder rule must be one of {rules}, not {value}.",
                               rules=", ".join(SOLE_HOLDER_RULES), value=repr(sole_holder))
        idx = SOLE_HOLDER_RULES[sole_holder]
        if max(idx) >= len(base.bonus_names):
            raise OptionsError("The {edition} has no tertiary bonus, so a sole holder cannot be "
                               "paid {rule}.", edition=base.words(), rule=sole_holder)
        if idx != base.sole_holder:
            changes["sole_holder"] = idx
    result = dataclasses.replace(base, **changes) if changes else base
    if result.end_size < result.safe_size:
        raise OptionsError("The end size ({end}) cannot be below the safe size ({safe}).",
                           end=result.end_size, safe=result.safe_size)
    return result
