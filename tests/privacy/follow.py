"""Forks that follow a secret after its owner uses it.

``differential.py`` forks a game at a secret and replays the same entries in both forks: once
the owner acts on the secret (places the card face down, exchanges it) fork B refuses fork A's
entry and the comparison stops, so what the game remembers of a used secret was never compared.
Here fork B plays fork A's game *mapped*: the owner's secret entries that use card X in fork A
use card Y in fork B (the card placed face down in A is the corresponding card in B), and a
later secret draw of X or Y by anyone is swapped too (so the decks agree). The forks are
followed to the end of the game, or until the secret goes public by the rules:

* the owner shows X face up (a card played, sold or placed face up, a tile placed): fork B
  refuses that entry, or for Stockpile's face-up placement the fork stops there;
* a rule turns it face up by itself: Acquire's unplayable tiles set aside, 時価で勝負's
  certificates at the end of the game;
* Stockpile's auction ends (the stockpiles, face-down cards and all, go to their winners);
* fork B refuses the mapped entry (the two cards are not interchangeable there).

Who may tell the forks apart grows as the game goes: the owner, and whoever later draws X or Y.
At every step every other seat's view, decision and entry lists and announcements, and the
shared screen's, must be the same in both forks; where a fork ends, the logs too.
"""
from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field

from tabletop import CHANCE, TERMINAL, Match, TabletopError

from .differential import PLAYERS, _difference, _goto, random_game
from .oracle import private_decision


# --- what the secret card of a chance entry is, per title -----------------------------------------
def token(action):
    """The card a secret chance entry hands its owner, as a comparable value, or None."""
    kind = type(action).__name__
    if action.secret_to is None or not action.chance:
        return None
    if kind in ("DealCard", "DrawCard") and hasattr(action, "value"):        # Black Monday, 時価で勝負
        return (getattr(action, "stock", None) or action.suit, action.value)
    if kind == "DealCertificate":
        return ("certificate", action.rank, action.suit)
    if kind == "DrawTile":
        return action.tile
    if kind == "DrawCard":                                                    # Stockpile's market card
        return action.card
    return None


def with_token(action, value):
    """``action`` handing ``value`` instead."""
    kind = type(action).__name__
    if kind == "DealCertificate":
        return dataclasses.replace(action, suit=value[2])
    if kind == "DrawTile":
        return dataclasses.replace(action, tile=value)
    if kind == "DrawCard" and not hasattr(action, "value"):
        return dataclasses.replace(action, card=value)
    field_name = "stock" if hasattr(action, "stock") else "suit"
    return dataclasses.replace(action, **{field_name: value[0], "value": value[1]})


def _card_fields(action) -> set:
    """What a public entry names: each (stock or suit, value) pair and each plain string."""
    data = {k: v for k, v in action.to_dict().items() if k not in ("type", "seat")}
    names = set()
    pair = (data.get("stock") or data.get("suit"), data.get("value"))
    if pair[1] is not None:
        names.add(pair)

    def leaves(v):
        if isinstance(v, (list, tuple)):
            for x in v:
                yield from leaves(x)
        elif isinstance(v, str):
            yield v
    names.update(leaves(list(data.values())))
    return names


def used_secretly(action, x, owner: int):
    """B's entry for the owner's secret decision ``action`` of fork A that uses ``x`` (None if it
    does not use it), and whether it shows ``x`` face up."""
    kind = type(action).__name__
    if action.secret_to != owner or action.chance:
        return None, False
    if kind == "ExchangeCard" and (action.stock, action.value) == x:
        return "exchange", False
    if kind == "PlaceCards":
        face_up = [card for card, _pile, up in action.placements if up]
        face_down = [card for card, _pile, up in action.placements if not up]
        if x in face_up:
            return None, True
        if x in face_down:
            return "face down", False
    return None, False


def mapped(action, x, y, owner: int):
    """Fork B's entry for fork A's ``action``."""
    t = token(action)
    if t == x:
        return with_token(action, y)
    if t == y:
        return with_token(action, x)
    use, _shown = used_secretly(action, x, owner)
    if use == "exchange":
        return dataclasses.replace(action, stock=y[0], value=y[1])
    if use == "face down":
        placements, done = [], False
        for card, pile, up in action.placements:
            if card == x and not up and not done:
                card, done = y, True
            placements.append((card, pile, up))
        return dataclasses.replace(action, placements=tuple(placements))
    return action


def goes_public(match: Match, action, x, y) -> bool:
    """Does ``action`` (about to be entered in fork A) show the owner's X face up? (A public
    entry that names X or Y is entered in both forks as it is: fork B refuses it where it is the
    owner's card, and where it is another copy both forks show the same.)"""
    _use, shown = used_secretly(action, x, action.secret_to) if action.secret_to is not None else (None, False)
    return shown


def public_by_rule(match: Match, x, y) -> bool:
    """A rule has turned X or Y face up by itself (or will, for the screen now shown)."""
    title = match.game.title
    view = match.view(None)
    if title == "acquire":
        return bool({x, y} & set(view["board"]["set_aside"]))
    if title == "jika" and match.is_over():
        return isinstance(x, tuple) and x[0] == "certificate"
    if title == "stockpile":
        return view["phase"] not in ("supply", "demand")
    return False


# --- the fork ---------------------------------------------------------------------------------------
@dataclass
class Followed:
    forks: int = 0
    steps: int = 0
    comparisons: int = 0
    used: int = 0                   # forks followed past the owner's secret use of the card
    steps_after_use: int = 0
    to_the_end: int = 0
    went_public: int = 0
    parted: int = 0
    leaks: list = field(default_factory=list)
    ends: list = field(default_factory=list)   # (fork entry, how it ended, at entry, the owner's use)

    def add(self, other: "Followed") -> None:
        for name in ("forks", "steps", "comparisons", "used", "steps_after_use", "to_the_end",
                     "went_public", "parted"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.leaks.extend(other.leaks)


def seen_by_others(match: Match, knowers: set, full: bool) -> dict:
    """What every seat but ``knowers``, and the shared screen, see now."""
    viewers = [None] + [s for s in range(match.game.n_players) if s not in knowers]
    out = {}
    for v in viewers:
        out[f"view({v})"] = json.dumps(match.view(v), sort_keys=True, default=str)
        out[f"events({v})"] = [match.state.describe_event(e) for e in match.events(v)]
        if full:
            out[f"describe_log({v})"] = match.describe_log(v)
            out[f"ledger({v})"] = match.ledger(v).to_json()
    player = match.current_player()
    if player == CHANCE:
        for v in viewers:
            out[f"offered_actions({v})"] = repr(match.offered_actions(v))
    elif player != TERMINAL and (player not in knowers or not private_decision(match)):
        out[f"legal_actions() of seat {player}"] = repr(match.legal_actions())
    return out


def _compare(result: Followed, where: str, step: int, a: dict, b: dict) -> None:
    result.comparisons += len(a)
    for key in a:
        if a[key] != b.get(key):
            result.leaks.append((where, step, key, _difference(a[key], b.get(key))))


def follow_forks(title: str, n: int, options: dict, seed: int, forks: int = 12,
                 game: Match | None = None) -> Followed:
    """Play a random game; fork it at up to ``forks`` secret chance events (those whose card the
    owner later uses in a secret entry first) and follow each fork to its end."""
    result = Followed()
    game = game or random_game(title, n, options, seed)
    log = game.log
    rng = random.Random(seed * 17 + 3)
    candidates = [i for i, act in enumerate(log) if token(act) is not None]

    def later_use(i) -> int | None:
        """Where the owner next uses the card of entry ``i`` in a secret entry."""
        x, owner = token(log[i]), log[i].secret_to
        return next((j for j in range(i + 1, len(log)) if used_secretly(log[j], x, owner)[0]), None)

    uses = {i: later_use(i) for i in candidates}
    used_first = [i for i in candidates if uses[i] is not None]
    rest = [i for i in candidates if uses[i] is None]
    rng.shuffle(used_first)
    rng.shuffle(rest)
    chosen = used_first[:max(forks // 2, forks - len(rest))]
    chosen += rest[:forks - len(chosen)]
    a = Match(title, PLAYERS[:n], options, seed)
    b = Match(title, PLAYERS[:n], options, seed)
    for i in sorted(chosen):
        actual = log[i]
        owner, x = actual.secret_to, token(actual)
        _goto(b, log, i)
        others = [o for o in b.legal_actions() if type(o) is type(actual) and token(o) not in (None, x)
                  and o.secret_to == owner]
        rng.shuffle(others)
        if uses[i] is not None:
            # a card the table does not name before the owner's use, so the fork gets that far
            named = set().union(*[_card_fields(e) for e in log[i + 1:uses[i] + 1] if e.secret_to is None])
            others.sort(key=lambda o: token(o) in named)
        for other in others:
            try:
                b.apply(other)
            except TabletopError:
                continue
            break
        else:
            continue
        y = token(other)
        _goto(a, log, i + 1)
        result.forks += 1
        knowers = {owner}
        used = False
        where = f"{title} {n}p {options or ''} seed {seed}, entry {i + 1} ({x!r} or {y!r} to seat {owner})"
        j = i + 1
        step = 0
        comparable = True               # the forks' present state may be compared
        while True:
            if public_by_rule(a, x, y) or public_by_rule(b, x, y):
                result.went_public += 1
                comparable = False
                result.ends.append((i, "public by rule", j, uses[i]))
                break
            _compare(result, where, step, seen_by_others(a, knowers, False), seen_by_others(b, knowers, False))
            result.steps += 1
            result.steps_after_use += used
            if j >= len(log):
                result.to_the_end += 1
                result.ends.append((i, "the end", j, uses[i]))
                break
            action = log[j]
            if goes_public(a, action, x, y):
                result.went_public += 1
                result.ends.append((i, f"public: {action!r}", j, uses[i]))
                break
            other_action = mapped(action, x, y, owner)
            try:
                b.apply(other_action)
            except TabletopError as exc:
                result.parted += 1
                result.ends.append((i, f"B refused {other_action!r}: {exc}", j, uses[i]))
                break
            a.apply(action)
            if token(action) in (x, y):
                knowers.add(action.secret_to)          # a later draw of either card: that seat knows
            used = used or used_secretly(action, x, owner)[0] is not None
            j += 1
            step += 1
        result.used += used
        if comparable:                  # where the fork ends, the logs and ledgers too
            _compare(result, where, step, seen_by_others(a, knowers, True), seen_by_others(b, knowers, True))
    return result
