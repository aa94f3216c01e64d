"""A live match: the action log, the state folded from it, undo/redo, save and load.

The log is the only truth. The state is rebuilt from a checkpoint (a clone taken every
``CHECKPOINT_EVERY`` actions) plus the actions after it, which keeps ``undo`` cheap and
makes ``apply`` all-or-nothing: if the rules refuse an action, or fail half way, the state
is rebuilt from the log as it was.

A save (``to_json``) is a full backup: it holds every secret and resumes the match. A public
record (``public_record``) holds only what the whole table may know and cannot be resumed.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import random
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any, Iterable, Mapping

from .core import (CHANCE, TERMINAL, Action, Event, Game, Outcome, Position, State, Waiting, Words, _is_int,
                   shown)
from .errors import (GameIsOver, HistoryError, IllegalAction, MalformedAction, NotYourTurn,
                     OptionsError, SaveFileError, TabletopError, UnknownTitle)
from .i18n import N_, Number, tr
from .registry import get_title

__all__ = ["Match", "SAVE_FORMAT", "SAVE_VERSION", "PUBLIC_RECORD_FORMAT", "PUBLIC_RECORD_VERSION",
           "MAX_SAVE_BYTES", "MAX_SAVE_DEPTH", "MAX_NAME_LENGTH"]

SAVE_FORMAT = "tabletop-match"
SAVE_VERSION = 1
PUBLIC_RECORD_FORMAT = "tabletop-public-record"
PUBLIC_RECORD_VERSION = 1
CHECKPOINT_EVERY = 32
#: a player's name has at most this many characters (every list of matches shows every name)
MAX_NAME_LENGTH = 40
#: a save larger than this is refused unread (the longest real game is well under 1 MB)
MAX_SAVE_BYTES = 20_000_000
#: lists and tables nested deeper than this are refused before parsing (real saves nest 5 deep)
MAX_SAVE_DEPTH = 50
#: a number in a save with more digits than this is refused (Python's own limit for turning text
#: into a number; a match whose numbers are longer cannot be written either)
MAX_SAVE_DIGITS = 4300
_SAVE_KEYS = ("format", "version", "title", "players", "options", "seed", "actions", "checksum")


class Match:
    """One game being played: ``apply``, ``undo``, ``redo``, ``view``, ``save``."""

    def __init__(self, title: str, players: Iterable[str], options: Mapping[str, Any] | None = None,
                 seed: int | None = None):
        if not isinstance(title, str):
            raise UnknownTitle("A game is named by text, such as 'stockpile'; not {value}.", value=shown(title))
        self.title = get_title(title)
        if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
            raise OptionsError("The players are a list of names, not {value}.", value=shown(players))
        players = tuple(players)
        for p in players:
            if not isinstance(p, str):
                raise OptionsError("A player's name is text, not {value}.", value=shown(p))
            if len(p) > MAX_NAME_LENGTH:
                raise OptionsError("A player's name has at most {limit} characters: “{name}” has {count}.",
                                   limit=MAX_NAME_LENGTH, name=p[:20] + "…", count=Number(len(p)))
        if not self.title.min_players <= len(players) <= self.title.max_players:
            raise OptionsError("{game} is for {least} to {most} players, not {count}.",
                               game=self.title.display_name, least=self.title.min_players,
                               most=self.title.max_players, count=len(players))
        if len(set(players)) != len(players) or any(not p.strip() for p in players):
            raise OptionsError("Every player needs a name, and no two players the same name.")
        if options is not None and not isinstance(options, Mapping):
            raise OptionsError("The options are a table of option names and values, not {value}.",
                               value=shown(options))
        if seed is not None and not _is_int(seed):
            raise OptionsError("The seed is a whole number (or none), not {value}.", value=shown(seed))
        opts = self._set_up(self.title.normalize_options, dict(options or {}), len(players))
        try:  # everything a save holds must be writable as text
            _canonical({"players": players, "options": opts, "seed": seed})
        except (TypeError, ValueError, RecursionError, UnicodeEncodeError) as exc:
            raise OptionsError("Player names, options and the seed must be plain text and numbers that a "
                               "saved match can hold.") from exc
        self.game = Game(self.title.name, players, opts, seed)
        self.rng = random.Random(seed)
        self._action_types = frozenset(self.title.action_types)
        self._log: list[Action] = []
        self._redo: list[Action] = []
        self._checkpoints: dict[int, State] = {0: self._set_up(self.title.new_state, self.game)}
        self._state = self._checkpoints[0].clone()

    def _set_up(self, step, *args):
        """A title's setup step; a crash on options it did not foresee is an ``OptionsError``."""
        try:
            return step(*args)
        except TabletopError:
            raise
        except Exception as exc:
            raise OptionsError("{game} cannot use these options ({error}: {detail}).",
                               game=self.title.display_name, error=type(exc).__name__,
                               detail=shown(str(exc), 120)) from exc

    # --- reading --------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live state. Read it; change it only through ``apply``."""
        return self._state

    @property
    def log(self) -> tuple[Action, ...]:
        return tuple(self._log)

    def __len__(self) -> int:
        return len(self._log)

    def current_player(self) -> int:
        return self._state.current_player()

    def is_over(self) -> bool:
        return self._state.current_player() == TERMINAL

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def outcome(self) -> Outcome | None:
        return self._state.outcome()

    def offered_actions(self, viewer: int | None = None) -> list[Action]:
        """The entries a screen of ``viewer`` (None: the shared screen) may offer now, a function
        of what that viewer may know. At a chance node: the printed outcomes
        (``State.chance_entries``); otherwise the legal actions (screens show a decision only to
        the seat whose information it needs)."""
        viewer = self._seat(viewer)
        if self._state.current_player() == CHANCE:
            return self._state.chance_entries(viewer)
        return self._state.legal_actions()

    def waiting_for(self) -> Waiting:
        """What the match waits for, as data a script can read: who enters it (a seat, or None
        for a public chance entry and at the end), whether it is a decision, a chance entry or
        nothing (``"over"``), whether it is secret to that seat, which action types fit, and the
        table's hint in words. Everything in it is public knowledge."""
        state = self._state
        player = state.current_player()
        hint = state.hint()
        if player == TERMINAL:
            return Waiting(None, "over", False, (), hint)
        if player == CHANCE:
            owner = state.chance_owner()
            offered = state.chance_entries(None)
            return Waiting(owner, "chance", owner is not None,
                           tuple(sorted({type(a).__name__ for a in offered})), hint)
        legal = state.legal_actions()
        return Waiting(player, "decision", any(a.secret_to is not None for a in legal),
                       tuple(sorted({type(a).__name__ for a in legal})), hint)

    def _seat(self, seat: Any) -> int | None:
        """``seat`` if it is None or a seat of this game; refused in words otherwise."""
        if seat is None or (_is_int(seat) and 0 <= seat < self.game.n_players):
            return seat
        raise IllegalAction("There is no seat {seat} in this game (the seats are numbered 0 to {last}).",
                            seat=shown(seat), last=self.game.n_players - 1)

    def view(self, seat: int | None = None) -> dict:
        return self._state.view(self._seat(seat))

    def describe_log(self, seat: int | None = None) -> list[str]:
        """The log in words, as ``seat`` may read it (``None``: the public log)."""
        return [line for line, _told in self.story(seat)]

    def events(self, seat: int | None = None) -> list[Event]:
        """Every automatic consequence so far (splits, bankruptcies, bonuses, crashes, the end of
        a round or of the game...), oldest first; all public, so the same for every ``seat``."""
        self._seat(seat)
        return list(self._state.events)

    def story(self, seat: int | None = None) -> list[tuple[str, tuple[str, ...]]]:
        """The log as ``seat`` reads it, each entry with the announcements it caused:
        ``(line, (event line, ...))`` per entry."""
        seat = self._seat(seat)
        told, state = [], self._checkpoints[0].clone()
        for action in self._log:
            secret = action.secret_to
            line = (state.describe(action) if secret is None or secret == seat
                    else state.describe_hidden(action))
            before = len(state.events)
            state.apply(action)
            told.append((line, tuple(state.describe_event(e) for e in state.events[before:])))
        return told

    # --- playing ----------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Play ``action``. Refused actions raise and leave the match exactly as it was."""
        if type(action) not in self._action_types:
            raise MalformedAction("{action} is not an action of {game}.", action=shown(action, 80),
                                  game=self.title.display_name)
        action.check_fields()
        if isinstance(action, Position) and self._log:
            raise IllegalAction("A position can only be the first entry of a match, and this match already "
                                "has {count}; start a new match from the table as it is.", count=len(self._log))
        player = self._state.current_player()
        if player == TERMINAL:
            state = self._state     # the final state: nothing changes it any more

            def words() -> str:     # in the language of whoever reads the refusal
                try:
                    return state.describe(action)
                except Exception:  # well-typed but nonsense (a seat 99): name the kind only
                    return tr("this {action}", action=type(action).__name__)
            raise GameIsOver("The game is over; {action} cannot be played.", action=Words(words))
        try:
            self._state.apply(action)
        except TabletopError:
            self._rebuild(len(self._log))
            raise
        except Exception as exc:  # a rules bug must not leave a half-changed match
            self._rebuild(len(self._log))
            raise IllegalAction("{action} could not be played ({reason}).", action=type(action).__name__,
                                reason=exc) from exc
        self._log.append(action)
        self._redo.clear()
        if len(self._log) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._log)] = self._state.clone()

    def sample_chance(self) -> Action:
        """A random chance event from this match's seeded generator (simulation)."""
        if self._state.current_player() != CHANCE:
            raise NotYourTurn("No card is to be dealt or drawn now.")
        return self._state.sample_chance(self.rng)

    def play_chance(self) -> Action:
        action = self.sample_chance()
        self.apply(action)
        return action

    # --- history ----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._log)

    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undone(self) -> tuple[Action, ...]:
        """The undone actions that ``redo`` would replay, the next one first."""
        return tuple(reversed(self._redo))

    def undo(self) -> Action:
        if not self._log:
            raise HistoryError("There is nothing to undo.")
        action = self._log.pop()
        self._redo.append(action)
        self._rebuild(len(self._log))
        return action

    def redo(self) -> Action:
        if not self._redo:
            raise HistoryError("There is nothing to redo.")
        action = self._redo[-1]
        self._state.apply(action)  # it was legal in exactly this position before
        self._redo.pop()
        self._log.append(action)
        if len(self._log) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._log)] = self._state.clone()
        return action

    def undo_to(self, n: int) -> None:
        """Go back so that only the first ``n`` actions remain; they can be redone."""
        if not _is_int(n):
            raise HistoryError("Go back to an entry given by its number (0 to {last}), not {value}.",
                               last=len(self._log), value=shown(n))
        if not 0 <= n <= len(self._log):
            raise HistoryError("The log has {count} entries; cannot go back to entry {entry}.",
                               count=len(self._log), entry=n)
        undone = self._log[n:]
        del self._log[n:]
        self._redo.extend(reversed(undone))
        self._rebuild(n)

    def _rebuild(self, n: int) -> None:
        """State after the first ``n`` logged actions, from the nearest checkpoint."""
        for k in [k for k in self._checkpoints if k > n]:
            del self._checkpoints[k]
        base = max(self._checkpoints)
        state = self._checkpoints[base].clone()
        for action in self._log[base:n]:
            state.apply(action)
        self._state = state

    # --- saving -----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """A full backup: every entry, secrets included; ``from_dict`` resumes it."""
        body = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "title": self.game.title,
            "players": list(self.game.players),
            "options": dict(self.game.options),
            "seed": self.game.seed,
            "actions": [a.to_dict() for a in self._log],
        }
        body["checksum"] = _checksum(body)
        return body

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        try:
            Path(path).write_text(self.to_json(), encoding="utf-8")
        except TypeError as exc:
            raise SaveFileError("A match is saved to a file path, not {value}.", value=shown(path)) from exc
        except OSError as exc:
            raise SaveFileError("Cannot write the saved match to {path}: {reason}.", path=path,
                                reason=exc.strerror or exc) from exc

    @classmethod
    def from_dict(cls, data: Any) -> "Match":
        """Resume a match from ``to_dict``'s backup; anything else is a ``SaveFileError``."""
        if isinstance(data, Mapping) and data.get("format") == PUBLIC_RECORD_FORMAT:
            raise SaveFileError("This file is a public record of a match (what the whole table may "
                                "know, without the secrets); it cannot be resumed; a full backup can.")
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError("This is not a saved tabletop match.")
        version = data.get("version")
        if not _is_int(version) or version != SAVE_VERSION:
            raise SaveFileError("This match was saved in format version {version}; this tabletop reads "
                                "version {readable}.", version=shown(version), readable=SAVE_VERSION)
        missing = [k for k in _SAVE_KEYS if k not in data]
        unknown = sorted(shown(k) for k in data if k not in _SAVE_KEYS)
        if missing or unknown:
            if missing and unknown:
                words = N_("This saved match is incomplete or damaged (it lacks {missing}; unknown entries "
                           "{unknown}).")
            elif missing:
                words = N_("This saved match is incomplete or damaged (it lacks {missing}).")
            else:
                words = N_("This saved match is incomplete or damaged (unknown entries {unknown}).")
            raise SaveFileError(words, missing=", ".join(missing), unknown=", ".join(unknown))
        try:
            expected = _checksum({k: v for k, v in data.items() if k != "checksum"})
        except (TypeError, ValueError, RecursionError, UnicodeEncodeError) as exc:
            raise SaveFileError("This saved match holds something a save file cannot "
                                "(only text, whole numbers, true/false, lists and tables).") from exc
        if data["checksum"] != expected:
            raise SaveFileError("This saved match has been changed or damaged since it was saved "
                                "(its checksum does not match).")
        title, players, options, seed, actions = (data[k] for k in
                                                  ("title", "players", "options", "seed", "actions"))
        if not isinstance(title, str):
            raise SaveFileError("This saved match names its game by {value}, not by a name.", value=shown(title))
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise SaveFileError("This saved match's players must be a list of names.")
        if not isinstance(options, dict):
            raise SaveFileError("This saved match's options must be a table, not {value}.", value=shown(options))
        if seed is not None and not _is_int(seed):
            raise SaveFileError("This saved match's seed must be a whole number or none, not {value}.",
                                value=shown(seed))
        if not isinstance(actions, list):
            raise SaveFileError("This saved match's entries must be a list.")
        try:
            paths = sorted(set(options) & get_title(title).path_options)
            if paths:
                raise SaveFileError("This saved match names a file ({options}); a saved match carries its "
                                    "rules data, not a file path, so it is not read.", options=", ".join(paths))
            match = cls(title, players, options, seed)
            for i, raw in enumerate(actions):
                try:
                    match.apply(match.title.action_from_dict(raw))
                except TabletopError as exc:
                    raise SaveFileError("Entry {entry} of the saved log cannot be replayed: {reason}",
                                        entry=i + 1, reason=exc) from exc
        except SaveFileError:
            raise
        except TabletopError as exc:
            raise SaveFileError("This saved match cannot be read: {reason}", reason=exc) from exc
        return match

    @classmethod
    def from_json(cls, text: str | bytes) -> "Match":
        """Resume a match from the text (or UTF-8 bytes) of a save; a ``SaveFileError`` otherwise.
        Size and nesting are bounded before the text is parsed."""
        if isinstance(text, (bytes, bytearray)):
            if len(text) > MAX_SAVE_BYTES:
                raise _too_large(len(text))
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise SaveFileError("This file is not a saved match: it is not UTF-8 text (byte {byte} cannot "
                                    "be read).", byte=exc.start + 1) from exc
        elif not isinstance(text, str):
            raise SaveFileError("A saved match is text or bytes, not {value}.", value=shown(text))
        if len(text) > MAX_SAVE_BYTES:
            raise _too_large(len(text))
        text = text.removeprefix("\ufeff")  # a byte-order mark some editors add
        if _nested_too_deeply(text):
            raise SaveFileError("This file is not a saved match: its lists and tables are nested more than "
                                "{depth} deep.", depth=MAX_SAVE_DEPTH)
        try:
            data = json.loads(text, parse_int=_save_int, parse_float=_save_float,
                              parse_constant=_save_constant)
        except ValueError as exc:  # JSONDecodeError included
            raise SaveFileError("This file is not a saved match: it is not valid JSON ({reason}).",
                                reason=exc) from exc
        except RecursionError as exc:  # cannot happen after the depth check; kept as a guard
            raise SaveFileError("This file is not a saved match: it is nested too deeply.") from exc
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> "Match":
        """Read a save from a regular file (never a pipe or a device)."""
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except TypeError as exc:
            raise SaveFileError("A saved match is read from a file path, not {value}.", value=shown(path)) from exc
        except (OSError, ValueError) as exc:
            raise SaveFileError("Cannot read the saved match {path}: {reason}.", path=path,
                                reason=getattr(exc, "strerror", None) or exc) from exc
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveFileError("Cannot read the saved match {path}: it is not a regular file.", path=path)
            with os.fdopen(fd, "rb") as file:
                fd = None
                raw = file.read(MAX_SAVE_BYTES + 1)
        except OSError as exc:
            raise SaveFileError("Cannot read the saved match {path}: {reason}.", path=path,
                                reason=exc.strerror or exc) from exc
        finally:
            if fd is not None:
                os.close(fd)
        return cls.from_json(raw)

    def public_record(self) -> dict:
        """What the whole table may know of this match, as JSON-ready data: the public log, the
        public view, ledger and value history, the outcome once the game is over. It holds no
        secret of any seat (and not the seed), so it may be shared without any PIN; it cannot be
        resumed (``from_dict`` refuses it)."""
        outcome = self.outcome()
        return {
            "format": PUBLIC_RECORD_FORMAT,
            "version": PUBLIC_RECORD_VERSION,
            "title": self.game.title,
            "display_name": self.title.display_name,
            "players": list(self.game.players),
            "options": dict(self.game.options),
            "log": self.describe_log(None),
            "actions": [a.redacted() for a in self._log],
            "view": self.view(None),
            "ledger": self._ledger_rows(None),
            "value_history": self.value_rows(None),
            "outcome": None if outcome is None else {
                "scores": list(outcome.scores), "winners": list(outcome.winners),
                "reason": outcome.reason},
        }

    # --- tables for dashboards and lessons ----------------------------------------------------
    def _viewer(self, viewer: Any) -> Any:
        if isinstance(viewer, str) and viewer == "all":
            return viewer
        return self._seat(viewer)

    def _ledger_rows(self, viewer: Any = "all") -> list[dict]:
        viewer = self._viewer(viewer)
        state, names = self._state, self.game.players
        return [{"payer": names[p.payer] if isinstance(p.payer, int) else p.payer,
                 "payee": names[p.payee] if isinstance(p.payee, int) else p.payee,
                 "amount": p.amount, "reason": p.reason, "round": p.round, "phase": p.phase,
                 "kind": p.kind, "subject": p.subject}
                for p in state.payments if viewer == "all" or state.payment_visible(p, viewer)]

    def value_rows(self, viewer: Any = "all") -> list[dict]:
        """The value history as plain rows (round, phase, stock, value), without pandas: what a
        screen reads after every entry."""
        self._viewer(viewer)  # every value mark is public today; the viewer is still checked
        return [{"round": m.round, "phase": m.phase, "stock": m.stock, "value": m.value}
                for m in self._state.value_marks]

    def ledger(self, viewer: int | str | None = "all"):
        """Payments as a DataFrame: payer, payee, amount, reason, round, phase, kind (one of
        ``core.LEDGER_KINDS``: bid, fee, dividend, bonus, sale, split, correction...) and subject
        (the stock or corporation, "" if none). ``viewer``:
        ``"all"`` every payment (scripts, notebooks), ``None`` the public form, a seat what that
        seat may know (a title with hidden money leaves out other players' payments)."""
        import pandas as pd
        return pd.DataFrame(self._ledger_rows(viewer),
                            columns=["payer", "payee", "amount", "reason", "round", "phase",
                                     "kind", "subject"])

    def value_history(self, viewer: int | str | None = "all"):
        """Every stock value change as a DataFrame: round, phase, stock, value (``viewer`` as for
        ``ledger``)."""
        import pandas as pd
        return pd.DataFrame(self.value_rows(viewer), columns=["round", "phase", "stock", "value"])


def _canonical(body: Mapping) -> bytes:
    return json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def _checksum(body: Mapping) -> str:
    """SHA-256 of the save's canonical text. It is unkeyed: it catches damage (a truncated copy,
    a changed byte, an edit that forgot a field), not a deliberate edit, since anyone can
    recompute it. A save is trusted no more than any file a player hands over: every entry
    is still checked by the rules on loading."""
    return hashlib.sha256(_canonical(body)).hexdigest()


def _too_large(size: int) -> SaveFileError:
    return SaveFileError("This file is too large to be a saved match ({size} bytes; at most {limit}).",
                         size=Number(size), limit=Number(MAX_SAVE_BYTES))


_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_DEPTH_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _nested_too_deeply(text: str) -> bool:
    """Do lists and tables nest more than ``MAX_SAVE_DEPTH`` deep in JSON ``text``? (Brackets
    inside strings do not count.) Linear time, at C speed for all but a real save's few
    thousand brackets."""
    # Escaped backslashes, then escaped quotes, go first; the quotes left delimit the strings.
    # (Where this reads invalid JSON differently, the parser stops there too.)
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(unescaped.split('"')[::2]).encode("ascii", "ignore")
    skeleton = outside.translate(None, _NOT_BRACKETS)
    if skeleton.count(b"[") + skeleton.count(b"{") <= MAX_SAVE_DEPTH:
        return False
    if len(skeleton) <= 100_000:
        return max(accumulate(map(_DEPTH_STEP.__getitem__, skeleton))) > MAX_SAVE_DEPTH
    import numpy  # only for a huge file (pandas brings it)
    step = numpy.full(256, -1, dtype=numpy.int8)
    step[[ord("["), ord("{")]] = 1
    depth = 0
    for start in range(0, len(skeleton), 1 << 20):
        running = step[numpy.frombuffer(skeleton, numpy.uint8, min(1 << 20, len(skeleton) - start),
                                        start)].cumsum(dtype=numpy.int32)
        if depth + int(running.max()) > MAX_SAVE_DEPTH:
            return True
        depth += int(running[-1])
    return False


def _save_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_SAVE_DIGITS:
        raise SaveFileError("This saved match holds a number with {digits} digits, more than a save may "
                            "hold ({limit}).", digits=Number(len(digits.lstrip("-"))),
                            limit=Number(MAX_SAVE_DIGITS))
    return int(digits)


def _save_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SaveFileError("This saved match holds the number {value}, which is too large.", value=shown(text))
    return value


def _save_constant(name: str):
    raise SaveFileError("This saved match holds {value}, which is not a number a match uses.", value=name)
