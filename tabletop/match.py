"""A live match: the action log, the state folded from it, undo/redo, save and load.

The log is the only truth. The state is rebuilt from a checkpoint (a clone taken every
``CHECKPOINT_EVERY`` actions) plus the actions after it, which keeps ``undo`` cheap and
makes ``apply`` all-or-nothing: if the rules refuse an action, or fail half way, the state
is rebuilt from the log as it was.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any, Iterable, Mapping

from .core import CHANCE, TERMINAL, Action, Game, Outcome, State
from .errors import (GameIsOver, HistoryError, IllegalAction, MalformedAction, NotYourTurn,
                     OptionsError, SaveFileError, TabletopError)
from .registry import get_title

__all__ = ["Match", "SAVE_FORMAT", "SAVE_VERSION"]

SAVE_FORMAT = "tabletop-match"
SAVE_VERSION = 1
CHECKPOINT_EVERY = 32


class Match:
    """One game being played: ``apply``, ``undo``, ``redo``, ``view``, ``save``."""

    def __init__(self, title: str, players: Iterable[str], options: Mapping[str, Any] | None = None,
                 seed: int | None = None):
        self.title = get_title(title)
        players = tuple(str(p) for p in players)
        if not self.title.min_players <= len(players) <= self.title.max_players:
            raise OptionsError(
                f"{self.title.display_name} is for {self.title.min_players} to "
                f"{self.title.max_players} players, not {len(players)}.")
        if len(set(players)) != len(players) or any(not p.strip() for p in players):
            raise OptionsError("Every player needs a name, and no two players the same name.")
        opts = self.title.normalize_options(dict(options or {}), len(players))
        self.game = Game(self.title.name, players, opts, seed)
        self.rng = random.Random(seed)
        self._log: list[Action] = []
        self._redo: list[Action] = []
        self._checkpoints: dict[int, State] = {0: self.title.new_state(self.game)}
        self._state = self._checkpoints[0].clone()

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
        if self._state.current_player() == CHANCE:
            return self._state.chance_entries(viewer)
        return self._state.legal_actions()

    def view(self, seat: int | None = None) -> dict:
        if seat is not None and not 0 <= seat < self.game.n_players:
            raise IllegalAction(f"There is no seat {seat} in this game.")
        return self._state.view(seat)

    def describe_log(self, seat: int | None = None) -> list[str]:
        """The log in words, as ``seat`` may read it (``None``: the public log)."""
        lines, state = [], self._checkpoints[0].clone()
        for action in self._log:
            secret = action.secret_to
            lines.append(state.describe(action) if secret is None or secret == seat
                         else state.describe_hidden(action))
            state.apply(action)
        return lines

    # --- playing ----------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Play ``action``. Refused actions raise and leave the match exactly as it was."""
        if not isinstance(action, Action) or not isinstance(action, tuple(self.title.action_types)):
            raise MalformedAction(f"{action!r} is not an action of {self.title.display_name}.")
        player = self._state.current_player()
        if player == TERMINAL:
            raise GameIsOver(f"The game is over; {self._state.describe(action)} cannot be played.")
        try:
            self._state.apply(action)
        except TabletopError:
            self._rebuild(len(self._log))
            raise
        except Exception as exc:  # a rules bug must not leave a half-changed match
            self._rebuild(len(self._log))
            raise IllegalAction(f"{type(action).__name__} could not be played ({exc}).") from exc
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
        if not 0 <= n <= len(self._log):
            raise HistoryError(f"The log has {len(self._log)} entries; cannot go back to entry {n}.")
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
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any) -> "Match":
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError("This is not a saved tabletop match.")
        if data.get("version") != SAVE_VERSION:
            raise SaveFileError(
                f"This match was saved in format version {data.get('version')!r}; "
                f"this tabletop reads version {SAVE_VERSION}.")
        if data.get("checksum") != _checksum({k: v for k, v in data.items() if k != "checksum"}):
            raise SaveFileError("This saved match has been changed or damaged since it was saved "
                                "(its checksum does not match).")
        try:
            match = cls(data["title"], data["players"], data["options"], data["seed"])
            for i, raw in enumerate(data["actions"]):
                try:
                    match.apply(match.title.action_from_dict(raw))
                except TabletopError as exc:
                    raise SaveFileError(f"Entry {i + 1} of the saved log cannot be replayed: {exc}") from exc
        except SaveFileError:
            raise
        except (TabletopError, KeyError, TypeError) as exc:
            raise SaveFileError(f"This saved match cannot be read: {exc}") from exc
        return match

    @classmethod
    def from_json(cls, text: str) -> "Match":
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise SaveFileError(f"This saved match is not valid JSON ({exc}).") from exc
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> "Match":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveFileError(f"Cannot read the saved match {path}: {exc}") from exc
        return cls.from_json(text)

    # --- tables for dashboards and lessons ----------------------------------------------------
    def ledger(self):
        """Every payment as a DataFrame: payer, payee, amount, reason, round, phase."""
        import pandas as pd
        names = self.game.players
        rows = [{"payer": names[p.payer] if isinstance(p.payer, int) else p.payer,
                 "payee": names[p.payee] if isinstance(p.payee, int) else p.payee,
                 "amount": p.amount, "reason": p.reason, "round": p.round, "phase": p.phase}
                for p in self._state.payments]
        return pd.DataFrame(rows, columns=["payer", "payee", "amount", "reason", "round", "phase"])

    def value_history(self):
        """Every stock value change as a DataFrame: round, phase, stock, value."""
        import pandas as pd
        rows = [{"round": m.round, "phase": m.phase, "stock": m.stock, "value": m.value}
                for m in self._state.value_marks]
        return pd.DataFrame(rows, columns=["round", "phase", "stock", "value"])


def _checksum(body: Mapping) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
