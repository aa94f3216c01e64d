"""The pieces every title is built from: actions, states, payments, outcomes, titles.

A title (one game) supplies a ``Title`` (static facts and a factory) and a ``State``
subclass that knows the rules. A match is a fold of actions over the initial state:
``state.apply(action)`` for each action of the log, chance events included.
"""
from __future__ import annotations

import copy
import dataclasses
import random
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, NamedTuple, Sequence

from .errors import MalformedAction
from .i18n import N_, _, tr

__all__ = [
    "CHANCE", "TERMINAL", "BANK", "Action", "Position", "Correction", "Payment", "ValueMark",
    "Event", "Outcome", "Waiting", "Game", "State", "Title", "shown", "LEDGER_KINDS", "Words",
]

#: ``current_player()`` when the next action is a chance event (a deal, a draw, a reveal).
CHANCE = -1
#: ``current_player()`` when the game is over.
TERMINAL = -2
#: payer or payee of a payment that is not a player.
BANK = "bank"


def _tupled(value: Any) -> Any:
    """JSON lists back to tuples, so actions read from a file stay hashable."""
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def _listed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listed(v) for v in value]
    return value


def shown(value: Any, limit: int = 40) -> str:
    """A value as an error message may quote it: short, whatever was passed."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, or an int too long to print
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


class Words:
    """Words put together when they are read, in the reader's language: a refusal's part that is
    itself words (what a field wants, an action described, a list of names). ``render`` makes them."""
    __slots__ = ("_render",)

    def __init__(self, render: Callable[[], str]):
        self._render = render

    def __str__(self) -> str:
        return self._render()

    def __format__(self, spec: str) -> str:
        return format(self._render(), spec)

    def __reduce__(self):      # an error sent to another process carries the English words
        from .i18n import DEFAULT, language
        with language(DEFAULT):
            return (str, (self._render(),))


def _either(wanted: Sequence[Callable[[], str]]) -> Callable[[], str]:
    return lambda: _(" or ").join(w() for w in wanted)


# --- action field checks -------------------------------------------------------------------
# Every action field is checked against its annotation once, here, for every title: rules code
# may then trust that a seat is an int (not True, not 0.0) and a card is a str.

#: how deeply tuples may nest inside a bare ``tuple`` field (the deepest real one is 2)
_PLAIN_DEPTH = 4


def _is_int(value: Any) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _is_plain(value: Any, depth: int = 0) -> bool:
    """A value a save file can hold inside a list: None, true/false, whole number, text, list."""
    if value is None or isinstance(value, (str, int)):
        return True
    return (isinstance(value, tuple) and depth < _PLAIN_DEPTH
            and all(_is_plain(v, depth + 1) for v in value))


def _checker(hint: Any) -> tuple[Callable[[Any], bool], Callable[[], str], type | None]:
    """A predicate for values of the annotation ``hint``, what it wants in words (made when read,
    in the reader's language), and the one exact type that needs no further look (None if every
    value needs the predicate)."""
    if hint is Any:
        return (lambda v: True), (lambda: tr("anything")), None
    if hint is None or hint is type(None):
        return (lambda v: v is None), (lambda: tr("left empty")), type(None)
    if hint is bool:
        return (lambda v: v is True or v is False), (lambda: tr("true or false")), bool
    if hint is int:
        return _is_int, (lambda: tr("a whole number")), int
    if hint is str:
        return (lambda v: isinstance(v, str)), (lambda: tr("text")), str
    if hint is tuple:
        return ((lambda v: isinstance(v, tuple) and all(_is_plain(x, 1) for x in v)),
                (lambda: tr("a tuple of whole numbers, text, true/false or tuples of them")), None)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        arms = [_checker(a) for a in args]
        exact = [t for _, _, t in arms if t is not None and t is not type(None)]
        return ((lambda v: any(ok(v) for ok, _, _ in arms)),
                _either([wanted for _, wanted, _ in arms]), exact[0] if exact else None)
    if origin is typing.Literal:
        return ((lambda v: any(type(v) is type(a) and v == a for a in args)),
                _either([(lambda a=a: repr(a)) for a in args]), None)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            ok, wanted, _exact = _checker(args[0])
            return ((lambda v: isinstance(v, tuple) and all(ok(x) for x in v)),
                    (lambda: tr("a tuple, each entry {wanted}", wanted=wanted())), None)
        parts = [_checker(a) for a in args]
        return ((lambda v: isinstance(v, tuple) and len(v) == len(parts)
                 and all(ok(x) for (ok, _, _), x in zip(parts, v))),
                (lambda: tr("a tuple of {count}: {parts}", count=len(parts),
                            parts=_(", ").join(wanted() for _, wanted, _ in parts))), None)
    if isinstance(hint, type):
        return (lambda v: isinstance(v, hint)), (lambda: tr("a {type}", type=hint.__name__)), hint
    raise TypeError(f"tabletop cannot check an action field annotated {hint!r}")


class _FieldChecks(NamedTuple):
    usual: Callable[[Any], bool]   # True when every field has its exact usual type (fast path)
    checks: tuple[tuple[str, Callable[[Any], bool], Callable[[], str]], ...]


_FIELD_CHECKS: dict[type, _FieldChecks] = {}


def _field_checks(kind: type) -> _FieldChecks:
    hints = typing.get_type_hints(kind)
    parts = [(f.name, *_checker(hints[f.name])) for f in dataclasses.fields(kind)]
    if any(exact is None for *_, exact in parts):
        usual = (lambda action: False)
    else:  # one expression such as ``type(a.seat) is _0 and type(a.card) is _1``: ~4x a loop
        usual = eval("lambda a: " + (" and ".join(f"type(a.{name}) is _{i}"
                                                   for i, (name, *_) in enumerate(parts)) or "True"),
                     {f"_{i}": exact for i, (*_, exact) in enumerate(parts)})
    found = _FieldChecks(usual, tuple((name, ok, wanted) for name, ok, wanted, _ in parts))
    _FIELD_CHECKS[kind] = found
    return found


@dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses named after the rulebook.

    ``seat`` is who takes the action; ``None`` for a chance event that nobody owns.
    A chance event whose result only one player may know sets ``secret_to`` (a seat).
    """

    #: chance events (deals, draws, reveals) set this to True
    chance: ClassVar[bool] = False

    def to_dict(self) -> dict:
        data = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            data[f.name] = _listed(getattr(self, f.name))
        return data

    @classmethod
    def from_dict(cls, data: Mapping, action_types: Mapping[str, type["Action"]]) -> "Action":
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise MalformedAction("An action must be a mapping with a 'type' (a name); got {value}.",
                                  value=shown(data))
        kind = action_types.get(data["type"])
        if kind is None:
            raise MalformedAction("{value} is not an action of this game.", value=shown(data["type"]))
        names = {f.name for f in dataclasses.fields(kind)}
        given = set(data) - {"type"}
        if given != names:
            missing, extra = sorted(names - given), sorted(map(str, given - names))
            if missing and extra:
                words = N_("{action} needs the fields {fields}; missing {missing}; unexpected {extra}.")
            elif missing:
                words = N_("{action} needs the fields {fields}; missing {missing}.")
            else:
                words = N_("{action} needs the fields {fields}; unexpected {extra}.")
            raise MalformedAction(words, action=kind.__name__, fields=sorted(names), missing=missing,
                                  extra=extra)
        try:
            return kind(**{k: _tupled(data[k]) for k in names})
        except (TypeError, ValueError) as exc:  # a title's __post_init__ that met odd values
            raise MalformedAction("{action} cannot hold these values ({reason}).", action=kind.__name__,
                                  reason=exc) from exc

    def check_fields(self) -> None:
        """Raise ``MalformedAction`` unless every field holds a value of its annotated type
        (an ``int`` is not a bool or a float; a ``tuple`` holds only plain values)."""
        kind = type(self)
        try:
            found = _FIELD_CHECKS[kind]
        except KeyError:
            found = _field_checks(kind)
        if found.usual(self):
            return
        for name, ok, wanted in found.checks:
            value = getattr(self, name)
            if not ok(value):
                raise MalformedAction("{action}: {field} must be {wanted}, not {value}.",
                                      action=kind.__name__, field=name, wanted=Words(wanted),
                                      value=shown(value))

    @property
    def secret_to(self) -> int | None:
        """The only seat allowed to know this action's content, or None if it is public."""
        return None

    def redacted(self) -> dict:
        """What the public may know of this action (used for the public log)."""
        if self.secret_to is None:
            return self.to_dict()
        return {"type": type(self).__name__, "seat": self.secret_to, "hidden": True}


@dataclass(frozen=True)
class Position(Action):
    """Base of each title's ``Position``: the table as it is at a round (or turn) boundary,
    entered as the first entry of a match instead of the deal ("start from the table as it
    is"). It carries only what the whole table sees; each player's secrets (face-down cards,
    rack, hand) follow as that seat's secret chance entries. ``Match.apply`` refuses it
    anywhere but first."""


@dataclass(frozen=True)
class Correction(Action):
    """A public fix of what the table did, with the ``reason`` the table typed: ``kind`` says
    what is fixed (``"money"``, ``"holding"``, ``"space"``, ``"square"``... each title lists its
    own), ``seat`` whose (None for the board), ``subject`` which stock, corporation or square
    (empty if none) and ``to`` what it is from now on. The ledger records a money fix with the
    kind ``"correction"``. Not offered among the legal actions: it is typed, not picked."""
    kind: str
    seat: int | None
    subject: str
    to: int | str | None
    reason: str


#: the kinds a ledger row may carry (``Payment.kind``), one word each
LEDGER_KINDS = ("start", "position", "bid", "purchase", "fee", "dividend", "bonus", "sale",
                "split", "score", "correction")


class Payment(NamedTuple):
    """One movement of money. ``payer``/``payee`` are seats or ``BANK``. ``kind`` is one of
    ``LEDGER_KINDS`` and ``subject`` the stock or corporation concerned ("" if none).
    (A NamedTuple, not a dataclass: games make many and these are several times cheaper to build.)"""
    payer: int | str
    payee: int | str
    amount: int
    reason: str
    round: int
    phase: str
    kind: str = ""
    subject: str = ""


class Waiting(NamedTuple):
    """What a match waits for, as data (``Match.waiting_for``): ``seat`` who enters it (None:
    anyone at the table, for a public chance entry, or nobody once the game is over), ``kind``
    ``"decision"`` (a player's choice), ``"chance"`` (a card, tile or pair to enter) or
    ``"over"``, ``secret`` whether only ``seat`` may see what is entered, ``actions`` the names
    of the action types that fit now, and ``hint`` the same in words."""
    seat: int | None
    kind: str
    secret: bool
    actions: tuple[str, ...]
    hint: str


class ValueMark(NamedTuple):
    """A stock value after a change, for the value history."""
    round: int
    phase: str
    stock: str
    value: int


class Event(NamedTuple):
    """An automatic consequence of an entry that the whole table is told of: a split, a
    bankruptcy, a dividend, a Boom or Bust, a won stockpile, the end of a round, a founding, a
    merger's bonuses, a crash, the end of the game... ``kind`` is one word (each title lists its
    own in ``EVENT_KINDS``), ``params`` the facts as ``(name, value)`` pairs of plain values, so
    the words can be rendered in any language (``State.describe_event``). Only public facts go
    in an event: it is announced on every screen."""
    round: int
    phase: str
    kind: str
    params: tuple = ()

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def to_dict(self) -> dict:
        return {"round": self.round, "phase": self.phase, "kind": self.kind,
                **{key: _listed(value) for key, value in self.params}}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: each seat's score and the winning seats (a tie shares the win)."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = "game over"


@dataclass(frozen=True)
class Game:
    """A game's static setup: which title, with what options, for which players, from what seed."""
    title: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None

    @property
    def n_players(self) -> int:
        return len(self.players)


class State:
    """Base of a title's game state. Subclasses implement the rules.

    A subclass must set ``money`` (a list, one int per seat) and keep ``round`` and ``phase``
    up to date; it records every payment through ``pay`` and every value change
    through ``mark_value`` so that the ledger and the value history come for free.
    """

    title: ClassVar["Title"]

    def __init__(self, game: Game):
        self.game = game
        self.n = game.n_players
        self.money: list[int] = []
        self.round = 0
        self.phase = "setup"
        self.payments: list[Payment] = []
        self.value_marks: list[ValueMark] = []
        self.events: list[Event] = []

    # --- the rules: every title implements these -------------------------------------
    def current_player(self) -> int:
        """Seat to act, ``CHANCE`` for a chance event, ``TERMINAL`` when the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Every action allowed now; empty exactly when the game is over."""
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        """Play one action. Raise a ``TabletopError`` before changing anything if it is refused."""
        raise NotImplementedError

    def sample_chance(self, rng: random.Random) -> Action:
        """A chance event drawn at random, for simulation (the table enters them instead)."""
        raise NotImplementedError

    def chance_entries(self, viewer: int | None) -> list[Action]:
        """At a chance node: the outcomes a table entry offers to ``viewer`` (None: the shared
        screen). It must depend only on what ``viewer`` may know: the game's printed components,
        narrowed only by public facts (and the viewer's own secrets), never by where hidden cards
        are. An offered outcome that is impossible is refused by ``apply`` in words that say no
        more than the entry itself. Titles override this; the default (every legal outcome) is
        only right for a title whose chance outcomes are all public knowledge."""
        return self.legal_actions()

    def payment_visible(self, payment: Payment, viewer: int | None) -> bool:
        """May ``viewer`` (None: everyone) know of this payment? Titles with hidden money say no
        for other players' payments."""
        return True

    def chance_owner(self) -> int | None:
        """At a chance node: the seat whose secret the event is (they enter it at the table),
        or None for a public event (anyone enters it)."""
        return None

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know (JSON-ready). ``None`` is the public table view, with no secret."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def describe(self, action: Action) -> str:
        """The action in a player's words (for the log)."""
        return f"{type(action).__name__}"

    def describe_event(self, event: Event) -> str:
        """An event in a player's words (for the announcements and the log). Titles override."""
        kind = event.kind.replace("_", " ").capitalize()    # the kind and the facts' names are data
        if not event.params:
            return kind
        return tr("{event}: {facts}", event=kind,
                  facts=_(", ").join(f"{key} {value}" for key, value in event.params))

    def describe_hidden(self, action: Action) -> str:
        """A secret action as everybody else may read it."""
        return tr("{player}: a secret entry", player=self.name(action.secret_to))

    def hint(self) -> str:
        """What the game waits for, in words safe for the public table."""
        return str(self.view(None).get("log_hint", ""))

    def at_position_boundary(self) -> bool:
        """Is this a point where a match may be cut and restarted from a ``Position`` (the
        start of a round, or of a turn, as the title defines it)?"""
        return False

    def position_entries(self) -> list[Action]:
        """This table as the entries that start a new match from it: the title's ``Position``,
        then each player's secret entries, in the order the new match takes them. Only where
        ``at_position_boundary()``; a title that cannot refuses in words."""
        from .errors import IllegalAction
        raise IllegalAction("{state} cannot be written as a position.", state=type(self).__name__)

    # --- shared helpers ----------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def clone(self) -> "State":
        """An independent copy. Titles may override with something faster."""
        return copy.deepcopy(self)

    def pay(self, payer: int | str, payee: int | str, amount: int, reason: str,
            kind: str = "", subject: str = "") -> None:
        if amount == 0:
            return
        if payer != BANK:
            self.money[payer] -= amount
        if payee != BANK:
            self.money[payee] += amount
        self.payments.append(Payment(payer, payee, amount, reason, self.round, self.phase,
                                     kind, subject))

    def set_money(self, seat: int, amount: int, reason: str, kind: str) -> None:
        """Bring ``seat``'s money to ``amount`` through the ledger (a position, a correction)."""
        change = amount - self.money[seat]
        if change > 0:
            self.pay(BANK, seat, change, reason, kind)
        elif change < 0:
            self.pay(seat, BANK, -change, reason, kind)

    def announce(self, kind: str, **params: Any) -> None:
        """Record an automatic consequence the table must be told of (public facts only)."""
        self.events.append(Event(self.round, self.phase, kind, tuple(params.items())))

    def mark_value(self, stock: str, value: int) -> None:
        self.value_marks.append(ValueMark(self.round, self.phase, stock, value))

    def name(self, seat: int) -> str:
        return self.game.players[seat]


class Title:
    """Static facts about a game and the factory of its initial state."""

    name: ClassVar[str]            # registry name, e.g. "stockpile"
    display_name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_class: ClassVar[type[State]]
    action_types: ClassVar[Sequence[type[Action]]]
    #: options that name a file on this computer: read when a match is created here, never
    #: taken from a saved match (a save carries the data read, not the path)
    path_options: ClassVar[frozenset[str]] = frozenset()
    #: each option in one sentence a player understands (the start page shows it)
    option_help: ClassVar[Mapping[str, str]] = {}

    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict:
        """Options with defaults filled in; raise ``OptionsError`` for anything unusable."""
        return dict(options)

    def cli_options(self, argv: Sequence[str]) -> dict:
        """Title-specific command-line flags for ``tabletop simulate`` turned into options."""
        if argv:
            from .errors import OptionsError
            raise OptionsError("{game} has no option {option}.", game=self.display_name, option=" ".join(argv))
        return {}

    def new_state(self, game: Game) -> State:
        return self.state_class(game)

    def action_from_dict(self, data: Mapping) -> Action:
        return Action.from_dict(data, {t.__name__: t for t in self.action_types})
