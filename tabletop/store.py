"""Saved matches: every action autosaved to a SQLite database in the data folder.

The data folder is ``$TABLETOP_HOME`` if set, otherwise the user's data directory
(``platformdirs`` when installed, else ``~/.local/share/tabletop``). A match is stored as
its setup (title, players, options, seed) and its action log, plus the undone actions that
``redo`` would replay, so a refresh, a closed tab or a restarted server loses nothing.

    store = Store()                       # the default database in the data folder
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"]))
    saved.apply(action)                   # played and saved, or refused and nothing changes
    saved = store.open(saved.id)          # later, in another process: the same match
    text = store.export_json(saved.id)    # Match.to_json(); store.import_json(text) -> new id

Seat PINs are stored only as salted scrypt hashes (PBKDF2 where scrypt is missing).
This module imports no Jupyter code.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from .core import Action
from .errors import HistoryError, SaveFileError, TabletopError
from .match import Match

__all__ = ["Store", "StoredMatch", "MatchInfo", "data_home", "default_store", "StaleMatch"]

DB_NAME = "matches.sqlite3"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0,
    n_actions INTEGER NOT NULL DEFAULT 0,
    round INTEGER NOT NULL DEFAULT 0,
    phase TEXT NOT NULL DEFAULT '',
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,          -- 'log' (played) or 'redo' (undone, next first)
    pos INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (match_id, kind, pos)
);
CREATE TABLE IF NOT EXISTS pins (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    method TEXT NOT NULL,
    salt BLOB NOT NULL,
    hash BLOB NOT NULL,
    PRIMARY KEY (match_id, seat)
);
"""


class StaleMatch(HistoryError):
    """The match was changed elsewhere (another screen) since this copy was opened."""


def data_home() -> Path:
    """The data folder: ``$TABLETOP_HOME``, else the platform's user data directory."""
    env = os.environ.get("TABLETOP_HOME")
    if env:
        return Path(env).expanduser()
    try:
        import platformdirs
        return Path(platformdirs.user_data_dir("tabletop", appauthor=False))
    except ImportError:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
        return Path(base) / "tabletop"


def default_store() -> "Store":
    return Store(data_home() / DB_NAME)


@dataclass(frozen=True)
class MatchInfo:
    """A saved match as the list of matches shows it."""
    id: str
    title: str
    players: tuple[str, ...]
    created: float
    updated: float
    n_actions: int
    round: int
    phase: str
    over: bool


def _hash_pin(pin: str, salt: bytes, method: str) -> bytes:
    data = pin.encode("utf-8")
    if method == "scrypt":
        return hashlib.scrypt(data, salt=salt, n=2 ** 14, r=8, p=1, dklen=32)
    if method == "pbkdf2":
        return hashlib.pbkdf2_hmac("sha256", data, salt, 200_000, dklen=32)
    raise SaveFileError(f"Unknown PIN hashing method {method!r}.")


def _pin_method() -> str:
    return "scrypt" if hasattr(hashlib, "scrypt") else "pbkdf2"


class Store:
    """The SQLite database of saved matches. Cheap to create; one connection per Store."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else data_home() / DB_NAME
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), timeout=10, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute("PRAGMA foreign_keys = ON")
        try:
            self._db.execute("PRAGMA journal_mode = WAL")
        except sqlite3.OperationalError:  # e.g. a network drive; the default journal works too
            pass
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.executescript(_SCHEMA)
        row = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if row is None:
            self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(row[0]) > SCHEMA_VERSION:
            raise SaveFileError(f"The saved matches in {self.path} were written by a newer tabletop "
                                f"(database version {row[0]}); update tabletop to open them.")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    class _Tx:
        def __init__(self, db):
            self.db = db

        def __enter__(self):
            self.db.execute("BEGIN IMMEDIATE")
            return self.db

        def __exit__(self, kind, exc, tb):
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")

    def _transaction(self) -> "_Tx":
        return Store._Tx(self._db)

    # --- matches ---------------------------------------------------------------------------
    def create(self, match: Match) -> "StoredMatch":
        """Save a new match (with any log it already has); returns it as a StoredMatch."""
        match_id = secrets.token_hex(6)
        now = time.time()
        with self._transaction() as db:
            db.execute("INSERT INTO matches (id, title, players, options, seed, created, updated) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (match_id, match.game.title, json.dumps(list(match.game.players), ensure_ascii=False),
                        json.dumps(dict(match.game.options), ensure_ascii=False, sort_keys=True),
                        match.game.seed, now, now))
        stored = StoredMatch(self, match_id, match, revision=0, saved_log=[], saved_redo=[])
        stored.save()
        return stored

    def open(self, match_id: str) -> "StoredMatch":
        """The saved match, replayed to where it was (undone actions can still be redone)."""
        row = self._db.execute("SELECT title, players, options, seed, revision FROM matches WHERE id = ?",
                               (match_id,)).fetchone()
        if row is None:
            raise SaveFileError(f"There is no saved match '{match_id}'.")
        title, players, options, seed, revision = row
        log = self._actions(match_id, "log")
        redo = self._actions(match_id, "redo")
        match = _replay(match_id, title, json.loads(players), json.loads(options), seed, log, redo)
        return StoredMatch(self, match_id, match, revision, saved_log=log, saved_redo=redo)

    def _actions(self, match_id: str, kind: str) -> list[str]:
        return [r[0] for r in self._db.execute(
            "SELECT data FROM actions WHERE match_id = ? AND kind = ? ORDER BY pos", (match_id, kind))]

    def list(self) -> list[MatchInfo]:
        """Every saved match, the most recently played first."""
        rows = self._db.execute(
            "SELECT id, title, players, created, updated, n_actions, round, phase, over "
            "FROM matches ORDER BY updated DESC, id").fetchall()
        return [MatchInfo(r[0], r[1], tuple(json.loads(r[2])), r[3], r[4], r[5], r[6], r[7], bool(r[8]))
                for r in rows]

    def info(self, match_id: str) -> MatchInfo:
        for info in self.list():
            if info.id == match_id:
                return info
        raise SaveFileError(f"There is no saved match '{match_id}'.")

    def exists(self, match_id: str) -> bool:
        return self._db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is not None

    def delete(self, match_id: str) -> None:
        with self._transaction() as db:
            cur = db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
        if cur.rowcount == 0:
            raise SaveFileError(f"There is no saved match '{match_id}'.")

    def revision(self, match_id: str) -> int:
        row = self._db.execute("SELECT revision FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise SaveFileError(f"There is no saved match '{match_id}'.")
        return row[0]

    # --- JSON files ------------------------------------------------------------------------
    def export_json(self, match_id: str) -> str:
        """The match as a save file (``Match.to_json``); undone actions and PINs are not included."""
        return self.open(match_id).match.to_json()

    def import_json(self, text: str) -> "StoredMatch":
        """A save file (from ``export_json`` or ``Match.save``) as a new saved match."""
        return self.create(Match.from_json(text))

    # --- PINs ------------------------------------------------------------------------------
    def set_pin(self, match_id: str, seat: int, pin: str | None) -> None:
        """Protect ``seat``'s private panel with ``pin`` (stored as a salted hash); None removes it."""
        if not self.exists(match_id):
            raise SaveFileError(f"There is no saved match '{match_id}'.")
        with self._transaction() as db:
            if pin is None or pin == "":
                db.execute("DELETE FROM pins WHERE match_id = ? AND seat = ?", (match_id, seat))
                return
            pin = str(pin)
            if len(pin) < 4:
                from .errors import OptionsError
                raise OptionsError("A PIN needs at least 4 characters.")
            method, salt = _pin_method(), secrets.token_bytes(16)
            db.execute("INSERT OR REPLACE INTO pins VALUES (?, ?, ?, ?, ?)",
                       (match_id, seat, method, salt, _hash_pin(pin, salt, method)))

    def has_pin(self, match_id: str, seat: int) -> bool:
        return self._db.execute("SELECT 1 FROM pins WHERE match_id = ? AND seat = ?",
                                (match_id, seat)).fetchone() is not None

    def check_pin(self, match_id: str, seat: int, pin: str) -> bool:
        """True when ``pin`` opens ``seat``'s panel (always True for a seat without a PIN)."""
        row = self._db.execute("SELECT method, salt, hash FROM pins WHERE match_id = ? AND seat = ?",
                               (match_id, seat)).fetchone()
        if row is None:
            return True
        method, salt, digest = row
        return hmac.compare_digest(_hash_pin(str(pin), salt, method), digest)

    # --- used by StoredMatch ---------------------------------------------------------------
    def _sync(self, stored: "StoredMatch", log: list[str], redo: list[str]) -> int:
        match = stored.match
        state = match.state
        with self._transaction() as db:
            row = db.execute("SELECT revision FROM matches WHERE id = ?", (stored.id,)).fetchone()
            if row is None:
                raise SaveFileError(f"Saved match '{stored.id}' has been deleted.")
            if row[0] != stored.revision:
                raise StaleMatch("This match was changed on another screen since it was opened here; "
                                 "reload the page to continue from the latest entry. Nothing was changed.")
            for kind, old, new in (("log", stored._saved_log, log), ("redo", stored._saved_redo, redo)):
                k = _common_prefix(old, new)
                if k < len(old):
                    db.execute("DELETE FROM actions WHERE match_id = ? AND kind = ? AND pos >= ?",
                               (stored.id, kind, k))
                if k < len(new):
                    db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?)",
                                   [(stored.id, kind, i, new[i]) for i in range(k, len(new))])
            revision = row[0] + 1
            db.execute("UPDATE matches SET updated = ?, revision = ?, n_actions = ?, round = ?, phase = ?, "
                       "over = ? WHERE id = ?",
                       (time.time(), revision, len(log), int(state.round or 0), str(state.phase or ""),
                        int(match.is_over()), stored.id))
        return revision


def _replay(match_id: str, title: str, players, options, seed, log: list[str], redo: list[str]) -> Match:
    try:
        match = Match(title, players, options, seed)
        for i, raw in enumerate(log + redo):
            try:
                match.apply(match.title.action_from_dict(json.loads(raw)))
            except TabletopError as exc:
                raise SaveFileError(f"Entry {i + 1} of saved match '{match_id}' cannot be replayed: "
                                    f"{exc}") from exc
        if redo:
            match.undo_to(len(log))
    except SaveFileError:
        raise
    except (TabletopError, ValueError, TypeError) as exc:
        raise SaveFileError(f"Saved match '{match_id}' cannot be read: {exc}") from exc
    return match


def _common_prefix(a: list[str], b: list[str]) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def _encode(action: Action) -> str:
    return json.dumps(action.to_dict(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class StoredMatch:
    """A match that saves itself after every change. Play it through these methods."""

    def __init__(self, store: Store, match_id: str, match: Match, revision: int,
                 saved_log: list[str], saved_redo: list[str]):
        self.store = store
        self.id = match_id
        self.match = match
        self.revision = revision
        self._saved_log = list(saved_log)
        self._saved_redo = list(saved_redo)
        self._encoded: dict[int, tuple[Action, str]] = {}

    def _code(self, action: Action) -> str:
        # actions are frozen values, so their encoding can be cached by identity
        key = id(action)
        hit = self._encoded.get(key)
        if hit is None or hit[0] is not action:
            hit = (action, _encode(action))
            self._encoded[key] = hit
        return hit[1]

    def save(self) -> None:
        """Write the match's log and undone actions (only what changed since the last save)."""
        log = [self._code(a) for a in self.match.log]
        redo = [self._code(a) for a in self.match.undone]
        if log == self._saved_log and redo == self._saved_redo and self.revision:
            return
        self.revision = self.store._sync(self, log, redo)
        self._saved_log, self._saved_redo = log, redo

    def _check_fresh(self) -> None:
        if self.store.revision(self.id) != self.revision:
            raise StaleMatch("This match was changed on another screen since it was opened here; "
                             "reload the page to continue from the latest entry. Nothing was changed.")

    def _change(self, do) -> object:
        self._check_fresh()
        result = do()
        try:
            self.save()
        except BaseException:
            # the database refused the change: go back to what it holds, so nothing changed
            game = self.match.game
            self.match = _replay(self.id, game.title, game.players, game.options, game.seed,
                                 self._saved_log, self._saved_redo)
            raise
        return result

    def apply(self, action: Action) -> None:
        """Play and save ``action``; a refused action raises and changes nothing."""
        self._change(lambda: self.match.apply(action))

    def undo(self) -> Action:
        return self._change(self.match.undo)

    def redo(self) -> Action:
        return self._change(self.match.redo)

    def undo_to(self, n: int) -> None:
        self._change(lambda: self.match.undo_to(n))

    def __iter__(self) -> Iterator[Action]:
        return iter(self.match.log)
