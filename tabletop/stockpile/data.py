"""Stockpile component data, the defaults this project assumes, and the editable rules data.

Everything that a printed copy might print differently lives in one plain dictionary,
``DEFAULT_RULES``. A player whose copy differs writes only the entries that differ into a small
TOML or JSON file (see ``docs/stockpile.md``) and passes it as the ``rules_file`` option; the
merged and checked data is stored in the match options, so a saved match replays with the
same data. Entries marked *assumed* below are not printed in any rulebook we could read.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..errors import OptionsError
from ..i18n import N_, Message, Term

__all__ = [
    "COMPANIES", "FORECASTS", "FORECAST_STEPS", "INVESTORS", "DEFAULT_RULES", "ASSUMED",
    "Rules", "Track", "merge_rules", "load_rules_file", "compile_rules", "default_rules",
]

#: the six companies, in the order they are stored everywhere
COMPANIES = ("Cosmic Computers", "Bottomline Bank", "Leading Laboratories",
             "American Automotive", "Stanford Steel", "Epic Electric")

#: the six forecast cards; ``$$`` means "pays a dividend" (the company does not move)
FORECASTS = ("+4", "+2", "+1", "-2", "-3", "$$")
FORECAST_STEPS = (4, 2, 1, -2, -3, None)

#: the ten investors of the investor expansion
INVESTORS = ("Billionaire Bill", "Broker Bernie", "Crazy Cramer", "Discount Donald",
             "Dividend Deborah", "Golden Graham", "Mayknow Martha", "Maverick Mark",
             "Secretive Stuart", "Wise Warren")
(BILL, BERNIE, CRAMER, DONALD, DEBORAH, GRAHAM, MARTHA, MARK, STUART, WARREN) = range(10)

#: the two action cards, and how many spaces each moves the company its player names (rulebook)
BOOM, BUST = "Boom", "Bust"
ACTION_STEPS = {BOOM: 2, BUST: -2}

# Every number a printed copy could differ on. Track spaces are counted from the left,
# the first space being 0. ``start`` is the dark circle (start, and reset after a bankruptcy);
# ``split`` is where the value restarts after a split (6 on the standard board, the octagon
# on the expert board). ``dollar`` / ``double_dollar`` list the spaces printed with $ / $$.
DEFAULT_RULES: dict[str, Any] = {
    "starting_money": 20_000,
    "value_unit": 1_000,
    "two_player_starting_money": 30_000,
    "bid_spaces": [0, 1_000, 3_000, 6_000, 10_000, 15_000, 20_000, 25_000],
    "stock_copies": 10,
    "trading_fees": [1_000, 2_000, 3_000],
    "trading_fee_copies": 4,
    "booms": 4,
    "busts": 4,
    "rounds": {"2": 6, "3": 7, "4": 6, "5": 5},
    "majority_bonus": 10_000,
    "tied_majority_bonus": 5_000,
    "split_bonus": 10_000,
    "dividend": 2_000,
    "dollar_space": 1_000,
    "deborah_dividend": 1_000,
    "graham_bonus": 1_000,
    "standard_track": {"values": list(range(1, 11)), "start": 4, "split": 5},
    "expert_tracks": {
        "Cosmic Computers": {"values": [1, 3, 5, 7, 9], "start": 2, "split": 2},
        "Bottomline Bank": {"values": [1, 2, 3, 4, 5, 6], "start": 4, "split": 3},
        "Leading Laboratories": {"values": list(range(1, 11)), "start": 4, "split": 5},
        "American Automotive": {"values": [1, 3, 5, 7, 9, 11, 13], "start": 2, "split": 3},
        "Stanford Steel": {"values": [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], "start": 8, "split": 4,
                           "dollar": [1, 3, 5, 7, 9], "double_dollar": []},
        "Epic Electric": {"values": [1, 3, 4, 5, 5, 6, 6, 7, 8, 10], "start": 4, "split": 3},
    },
    "investors": {
        "Billionaire Bill": {"capital": 32_000, "two_player_capital": 35_000},
        "Broker Bernie": {"capital": 16_000, "two_player_capital": 16_000},
        "Crazy Cramer": {"capital": 18_000, "two_player_capital": 12_000},
        "Discount Donald": {"capital": 13_000, "two_player_capital": 4_000},
        "Dividend Deborah": {"capital": 20_000, "two_player_capital": 14_000},
        "Golden Graham": {"capital": 16_000, "two_player_capital": 6_000},
        "Mayknow Martha": {"capital": 22_000, "two_player_capital": 20_000},
        "Maverick Mark": {"capital": 25_000, "two_player_capital": 22_000},
        "Secretive Stuart": {"capital": 22_000, "two_player_capital": 16_000},
        "Wise Warren": {"capital": 20_000, "two_player_capital": 23_000},
    },
}

#: the entries no rulebook we read prints; docs/stockpile.md explains each
ASSUMED = (
    "trading_fees", "expert_tracks", "expert_tracks.Stanford Steel.dollar",
    "investors.*.capital",
)

_TOP_KEYS = tuple(DEFAULT_RULES)
_TRACK_KEYS = ("values", "start", "split", "dollar", "double_dollar")
_INVESTOR_KEYS = ("capital", "two_player_capital")


_DEFAULT_JSON = json.dumps(DEFAULT_RULES)


def _words(template: str, **params) -> Message:
    """Words of a refusal's parameter (``template`` marked with ``N_``), rendered when read."""
    return Message(template, params)


def _company(name: str) -> Term:
    return Term("stockpile company", name)


def _investor(name: str) -> Term:
    return Term("stockpile investor", name)


def default_rules() -> dict:
    """A fresh copy of the default rules data."""
    return json.loads(_DEFAULT_JSON)


def load_rules_file(path: str | Path) -> dict:
    """Read a TOML (``.toml``) or JSON file of rules data (only the entries that differ)."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise OptionsError("Cannot read the Stockpile rules file {path}: {reason}.", path=str(path),
                           reason=str(exc.strerror or exc)) from exc
    try:
        if path.suffix.lower() == ".toml":
            import tomllib
            data = tomllib.loads(raw.decode("utf-8"))
        else:
            data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        kind = "TOML" if path.suffix.lower() == ".toml" else "JSON"
        raise OptionsError("The Stockpile rules file {path} is not valid {kind}: {problem}", path=str(path), kind=kind,
                           problem=str(exc)) from exc
    if not isinstance(data, dict):
        raise OptionsError("The Stockpile rules file {path} must hold a table of entries, not {kind}.",
                           path=str(path), kind=type(data).__name__)
    return data


def merge_rules(overrides: Mapping[str, Any] | None) -> dict:
    """The default data with ``overrides`` laid over it, checked; raises ``OptionsError``.

    Tables merge one level down: a file that gives only ``expert_tracks."Stanford Steel".dollar``
    keeps every other number. A track given new ``values`` must also give its ``start`` and
    ``split`` spaces, since the old ones would point at the wrong spaces.
    """
    if overrides is None:
        return _DEFAULT_SHARED
    if not isinstance(overrides, Mapping):
        raise OptionsError("Stockpile rules data must be a table of entries.")
    if not overrides:
        return _DEFAULT_SHARED
    data = default_rules()
    for key, value in overrides.items():
        if key not in _TOP_KEYS:
            raise OptionsError("Stockpile rules data has an unknown entry '{key}'. Known entries: {keys}.", key=key,
                               keys=", ".join(_TOP_KEYS))
        if key == "expert_tracks":
            _merge_tracks(data, value)
        elif key == "investors":
            _merge_investors(data, value)
        elif key == "standard_track":
            data[key] = _merged_track(_words(N_("the standard track")), data[key], value)
        elif key == "rounds":
            if not isinstance(value, Mapping):
                raise OptionsError("Stockpile rules data: 'rounds' must map player counts (\"2\" to \"5\") to rounds.")
            data[key] = {**data[key], **{str(k): v for k, v in value.items()}}
        else:
            data[key] = copy.deepcopy(value)
    _check(data)
    return data


def _merge_tracks(data: dict, value: Any) -> None:
    if not isinstance(value, Mapping):
        raise OptionsError("Stockpile rules data: 'expert_tracks' must map company names to tracks.")
    for company, track in value.items():
        if company not in COMPANIES:
            raise OptionsError("Stockpile rules data: '{name}' is not a Stockpile company (the companies are "
                               "{companies}).", name=company, companies=", ".join(COMPANIES))
        data["expert_tracks"][company] = _merged_track(_expert_track(company), data["expert_tracks"][company], track)


def _expert_track(company: str) -> Message:
    return _words(N_("the expert track of {company}"), company=_company(company))


def _merged_track(label: Message, old: dict, new: Any) -> dict:
    if not isinstance(new, Mapping):
        raise OptionsError("Stockpile rules data: {track} must be a table with values, start and split.", track=label)
    for k in new:
        if k not in _TRACK_KEYS:
            raise OptionsError("Stockpile rules data: {track} has an unknown entry '{key}' (known: {keys}).",
                               track=label, key=k, keys=", ".join(_TRACK_KEYS))
    if "values" in new:
        for k in ("start", "split"):
            if k not in new:
                raise OptionsError("Stockpile rules data: {track} gives new values but no {space}; add '{key}' as a "
                                   "space index counted from 0.", track=label, space=_SPACES[k], key=k)
    merged = {**copy.deepcopy(old), **copy.deepcopy(dict(new))}
    if "values" in new and "dollar" not in new:
        merged.pop("dollar", None)
        merged.pop("double_dollar", None)
    return merged


def _merge_investors(data: dict, value: Any) -> None:
    if not isinstance(value, Mapping):
        raise OptionsError("Stockpile rules data: 'investors' must map investor names to capitals.")
    for name, entry in value.items():
        if name not in INVESTORS:
            raise OptionsError("Stockpile rules data: '{name}' is not a Stockpile investor (the investors are "
                               "{investors}).", name=name, investors=", ".join(INVESTORS))
        if not isinstance(entry, Mapping) or any(k not in _INVESTOR_KEYS for k in entry):
            raise OptionsError("Stockpile rules data: the entry for {investor} may only give {keys}.",
                               investor=_investor(name), keys=" and ".join(_INVESTOR_KEYS))
        data["investors"][name] = {**data["investors"][name], **dict(entry)}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _amount(data: dict, key: str, label: str | None = None) -> None:
    value = data[key]
    if not _whole(value) or value < 0:
        raise OptionsError("Stockpile rules data: {entry} must be a whole number of dollars, $0 or more; got {value}.",
                           entry=label or repr(key), value=repr(value))


#: the two marked spaces of a track, in words
_SPACES = {"start": _words(N_("start space (the dark circle)")),
           "split": _words(N_("split space (where the value restarts after a split)"))}


def _check_track(label: Message, track: dict) -> None:
    values = track.get("values")
    if (not isinstance(values, list) or len(values) < 2 or not all(_whole(v) and v > 0 for v in values)):
        raise OptionsError("Stockpile rules data: {track} needs 'values', a list of at least two positive whole "
                           "numbers, lowest first.", track=label)
    if any(b < a for a, b in zip(values, values[1:])):
        raise OptionsError("Stockpile rules data: the values of {track} must not go down from left to right.",
                           track=label)
    last = len(values) - 1
    for k in ("start", "split"):
        if k not in track:
            raise OptionsError("Stockpile rules data: {track} has no {space}.", track=label, space=_SPACES[k])
        if not _whole(track[k]) or not 0 <= track[k] <= last:
            raise OptionsError("Stockpile rules data: the {space} of {track} must be a space from 0 to {last}; got "
                               "{value}.", space=_SPACES[k], track=label, last=last, value=repr(track[k]))
    for k in ("dollar", "double_dollar"):
        spaces = track.get(k, [])
        if not isinstance(spaces, list) or not all(_whole(i) and 0 <= i <= last for i in spaces):
            raise OptionsError("Stockpile rules data: '{key}' of {track} must list spaces from 0 to {last}.", key=k,
                               track=label, last=last)
    if set(track.get("dollar", [])) & set(track.get("double_dollar", [])):
        raise OptionsError("Stockpile rules data: a space of {track} cannot be both $ and $$.", track=label)


def _check(data: dict) -> None:
    for key in ("starting_money", "value_unit", "two_player_starting_money", "majority_bonus", "tied_majority_bonus",
                "split_bonus", "dividend", "dollar_space", "deborah_dividend", "graham_bonus"):
        _amount(data, key)
    for key in ("stock_copies", "trading_fee_copies", "booms", "busts"):
        if not _whole(data[key]) or data[key] < 0:
            raise OptionsError("Stockpile rules data: '{key}' must be a whole number of cards, 0 or more; got {value}.",
                               key=key, value=repr(data[key]))
    fees = data["trading_fees"]
    if not isinstance(fees, list) or not fees:
        raise OptionsError("Stockpile rules data: 'trading_fees' must list the amount of each kind of trading fee card.")
    for fee in fees:
        if not _whole(fee) or fee < 0:
            raise OptionsError("Stockpile rules data: a trading fee must be a whole number of dollars, $0 or more; "
                               "got {value}.", value=repr(fee))
    if len(set(fees)) != len(fees):
        raise OptionsError("Stockpile rules data: two kinds of trading fee card have the same amount; "
                           "list each amount once and set 'trading_fee_copies'.")
    spaces = data["bid_spaces"]
    if (not isinstance(spaces, list) or len(spaces) < 2 or not all(_whole(v) and v >= 0 for v in spaces)
            or any(b <= a for a, b in zip(spaces, spaces[1:]))):
        raise OptionsError("Stockpile rules data: 'bid_spaces' must be at least two amounts of $0 or more, "
                           "each higher than the one before.")
    if spaces[0] != 0:
        raise OptionsError("Stockpile rules data: the first bid space must be $0, so that every player "
                           "can always bid.")
    _check_track(_words(N_("the standard track")), data["standard_track"])
    for company in COMPANIES:
        _check_track(_expert_track(company), data["expert_tracks"][company])
    for name in INVESTORS:
        for k in _INVESTOR_KEYS:
            v = data["investors"][name].get(k)
            if not _whole(v) or v < 0:
                raise OptionsError(N_("Stockpile rules data: the capital of {investor} must be a whole number of "
                                      "dollars, $0 or more; got {value}.") if k == "capital" else
                                   N_("Stockpile rules data: the two player capital of {investor} must be a whole "
                                      "number of dollars, $0 or more; got {value}."),
                                   investor=_investor(name), value=repr(v))
    rounds = data["rounds"]
    deck = 6 * data["stock_copies"] + len(fees) * data["trading_fee_copies"] + data["booms"] + data["busts"]
    if data["stock_copies"] < 1:
        raise OptionsError("Stockpile rules data: each company needs at least one stock card.")
    for n in range(2, 6):
        r = rounds.get(str(n))
        if not _whole(r) or r < 1:
            raise OptionsError("Stockpile rules data: 'rounds' for {count} players must be a whole number, 1 or more; "
                               "got {value}.", count=n, value=repr(r))
        per_round = 4 + 8 if n == 2 else 3 * n
        need = n + r * per_round
        if need > deck:
            raise OptionsError("Stockpile rules data: {rounds} rounds with {count} players need {need} market cards, "
                               "but the deck has only {deck}.", rounds=r, count=n, need=need, deck=deck)
    extra = set(rounds) - {"2", "3", "4", "5"}
    if extra:
        raise OptionsError("Stockpile rules data: 'rounds' lists player counts {counts}; Stockpile is for 2 to 5 "
                           "players.", counts=str(sorted(extra)))


# --- the compiled form the rules engine reads ------------------------------------------------

@dataclass(frozen=True)
class Track:
    values: tuple[int, ...]
    start: int
    split: int
    dollars: tuple[int, ...]   # per space: 0, 1 ($) or 2 ($$)

    @property
    def last(self) -> int:
        return len(self.values) - 1


@dataclass(frozen=True)
class Rules:
    """Checked rules data in the shape the engine uses (built by ``compile_rules``)."""
    data: Mapping[str, Any]
    card_names: tuple[str, ...]      # stocks (6), trading fees, Boom, Bust
    card_counts: tuple[int, ...]
    fee_amounts: tuple[int, ...]     # per card kind; 0 for non-fee cards
    first_fee: int
    boom: int
    bust: int
    bid_spaces: tuple[int, ...]
    standard: tuple[Track, ...]
    expert: tuple[Track, ...]
    capitals: tuple[int, ...]
    two_player_capitals: tuple[int, ...]


def _track(t: Mapping) -> Track:
    dollars = [0] * len(t["values"])
    for i in t.get("dollar", []):
        dollars[i] = 1
    for i in t.get("double_dollar", []):
        dollars[i] = 2
    return Track(tuple(t["values"]), t["start"], t["split"], tuple(dollars))


_compiled: dict[str, Rules] = {}
_by_id: dict[int, tuple] = {}


def compile_rules(data: Mapping[str, Any]) -> Rules:
    """The engine's view of checked rules data (cached by content)."""
    hit = _by_id.get(id(data))
    if hit is not None and hit[0] is data and hit[1] == data:
        return hit[2]
    key = json.dumps(data, sort_keys=True)
    rules = _compiled.get(key)
    if rules is None:
        rules = _compile(data)
        if len(_compiled) > 64:
            _compiled.clear()
        _compiled[key] = rules
    if len(_by_id) > 64:
        _by_id.clear()
    _by_id[id(data)] = (data, copy.deepcopy(data), rules)
    return rules


def _compile(data: Mapping[str, Any]) -> Rules:
    fees = tuple(data["trading_fees"])
    names = COMPANIES + tuple(f"Fee ${f:,}" for f in fees) + (BOOM, BUST)
    counts = ((data["stock_copies"],) * 6 + (data["trading_fee_copies"],) * len(fees)
              + (data["booms"], data["busts"]))
    std = _track(data["standard_track"])
    rules = Rules(
        data=data, card_names=names, card_counts=counts,
        fee_amounts=(0,) * 6 + fees + (0, 0), first_fee=6,
        boom=6 + len(fees), bust=7 + len(fees),
        bid_spaces=tuple(data["bid_spaces"]),
        standard=(std,) * 6,
        expert=tuple(_track(data["expert_tracks"][c]) for c in COMPANIES),
        capitals=tuple(data["investors"][i]["capital"] for i in INVESTORS),
        two_player_capitals=tuple(data["investors"][i]["two_player_capital"] for i in INVESTORS),
    )
    return rules


_check(default_rules())  # the defaults themselves must pass the checks users' data passes
#: the default data, shared by every match that does not replace any of it (do not change it)
_DEFAULT_SHARED = default_rules()
