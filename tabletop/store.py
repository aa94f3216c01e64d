"""Saved matches: every action autosaved to a SQLite database in the data folder.

The data folder is ``$TABLETOP_HOME`` if set, otherwise the user's data directory
(``platformdirs`` when installed, else ``~/.local/share/tabletop``). A match is stored as
its setup (title, players, options, seed) and its action log, plus the undone actions that
``redo`` would replay, so a refresh, a closed tab, a restarted server or a killed process
loses no acknowledged entry.

    store = Store()                       # the default database in the data folder
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"]))
    saved.apply(action)                   # played and saved, or refused and nothing changes
    saved = store.open(saved.id)          # later, in another process: the same match
    store.export_public(saved.id)         # the public record: no secrets, no PIN needed
    store.export_backup(saved.id, {0: "4711"})  # the full save: needs every protected seat's PIN

Failures are ``StoreError`` in plain words, never a raw ``sqlite3`` error. A damaged database
file is moved aside (``<name>.damaged-<UTC time>``, with its write-ahead log) and
``DatabaseDamaged`` says where; the next ``Store()`` starts a new empty one. A locked
database is waited for ``busy_timeout`` seconds, then ``DatabaseBusy``.

Seat PINs are stored only as argon2id hashes (``argon2-cffi``, its current default
parameters). Older scrypt/PBKDF2 hashes still open and are rehashed on the next right PIN.
After 3 wrong PINs a seat waits 2 s, then 4 s, 8 s ... up to 15 minutes between attempts; the
wait is kept in the database, so a reload does not reset it. This module imports no Jupyter code.

A class whose servers share one store (JupyterHub) uses PostgreSQL instead: ``Store(url)`` with a
``postgresql://`` address, or ``Store()`` with ``$TABLETOP_DATABASE_URL`` set, returns the same
interface on that database (``tabletop/store_postgres.py``, psycopg 3; docs/classroom.md).
``copy_matches`` moves saved matches between any two stores (``tabletop store copy``).
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import json
import math
import os
import re
import secrets
import sqlite3
import stat
import time
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator, Mapping

import argon2

from .core import CHANCE, Action, Words
from .errors import (DatabaseBusy, DatabaseDamaged, HistoryError, OptionsError, PinLocked, PinRequired,
                     SaveFileError, StoreError, TabletopError)
from .i18n import DEFAULT, N_, Message, Money, Number, Term, _, language, tr, trn
from .match import Match

__all__ = ["Store", "StoredMatch", "MatchInfo", "data_home", "default_store", "StaleMatch", "AdvanceEntry",
           "copy_matches", "default_location", "is_database_url", "location_words"]

DB_NAME = "matches.sqlite3"
#: the environment variable naming a PostgreSQL database for every Store() of this process
DATABASE_URL_VARIABLE = "TABLETOP_DATABASE_URL"
SCHEMA_VERSION = 4

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    seed NUMERIC,                -- SQLite: beyond 64 bits, its decimal digits as a blob (see _seed_in)
    created REAL NOT NULL,
    updated REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0,
    n_actions INTEGER NOT NULL DEFAULT 0,
    round INTEGER NOT NULL DEFAULT 0,
    phase TEXT NOT NULL DEFAULT '',
    over INTEGER NOT NULL DEFAULT 0,
    changed_by TEXT              -- the device of the last change: 'table', 'seat:N', NULL (a script)
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
    method TEXT NOT NULL,        -- 'argon2id' (hash holds its own salt), or old 'scrypt'/'pbkdf2'
    salt BLOB NOT NULL,
    hash BLOB NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,     -- wrong PINs since the last right one
    locked_until REAL NOT NULL DEFAULT 0,    -- no attempt is checked before this time
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS seat_keys (       -- the secret in a seat device's link
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    key TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS advance (         -- a seat's secret draws entered before their turn
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    data TEXT NOT NULL,
    refused TEXT,                -- why it could not be entered when its turn came (it then waits)
    PRIMARY KEY (match_id, seat, pos)
);
"""

_SEAT_TABLES = [statement for statement in _SCHEMA.split(";")
                if "seat_keys (" in statement or "advance (" in statement]

# The steps from each older schema version to the next one.
_MIGRATIONS = {
    1: ["ALTER TABLE pins ADD COLUMN failures INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE pins ADD COLUMN locked_until REAL NOT NULL DEFAULT 0"],
    2: ["ALTER TABLE matches ADD COLUMN changed_by TEXT"] + _SEAT_TABLES,
    3: [],          # PostgreSQL widens its seed column (store_postgres.py); SQLite holds any seed as it is
}

#: a seat key's letters: no look-alikes (0/o, 1/l), so a link can be typed from the screen
_KEY_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"
KEY_LENGTH = 10

FREE_PIN_ATTEMPTS = 3
FIRST_PIN_WAIT = 2.0
LONGEST_PIN_WAIT = 15 * 60.0

_PIN_HASHER = argon2.PasswordHasher()    # argon2id, RFC 9106 parameters of the installed argon2-cffi

# sqlite3 primary result codes, by what they mean for a player
_DAMAGED = {11, 26}                      # SQLITE_CORRUPT, SQLITE_NOTADB
_BUSY = {5, 6}                           # SQLITE_BUSY, SQLITE_LOCKED
_FULL = 13                               # SQLITE_FULL

#: the first bytes of every SQLite database file
_SQLITE_MAGIC = b"SQLite format 3\x00"
#: a statement of tabletop's schema, as SQLite keeps it in the file (found even when the header is damaged)
_OUR_SCHEMA_TEXT = b"CREATE TABLE matches ("
#: the store's files hold every secret: its owner alone may read them (POSIX)
_FILE_MODE, _FOLDER_MODE = 0o600, 0o700
#: an address with a scheme (``mysql://``, ``sqlite:///``); two letters at least, so ``C:\`` stays a path
_ADDRESS = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.-]+)://")


class StaleMatch(HistoryError):
    """The match was changed elsewhere (another screen) since this copy was opened or last
    refreshed. Nothing was changed; ``StoredMatch.refresh()`` catches up."""


_STALE = N_("This match was changed on another screen since it was opened here; reload the page to "
            "continue from the latest entry. Nothing was changed.")
_NO_MATCH = N_("There is no saved match '{match}'.")
_DELETED = N_("Saved match '{match}' has been deleted.")
_CLOSED_WORDS = N_("The saved matches ({where}) were closed; reload the page to open them again.")
_BUSY_WORDS = N_("The saved matches ({where}) are in use by another program, which did not let go within "
                 "{seconds} seconds. Nothing was saved; try again in a moment.")
_UNUSABLE_WORDS = N_("The saved matches ({where}) could not be read or written ({reason}). Nothing was saved.")


@dataclass(frozen=True)
class AdvanceEntry:
    """A seat's secret draw entered before its turn (all players enter their deal at once); it is
    played when the match reaches that seat's draw. ``refused``: why it could not be played then
    (words: as text English, shown in each screen's language)."""
    seat: int
    pos: int
    data: str
    refused: str | None = None

    def __post_init__(self):
        if self.refused is not None:
            object.__setattr__(self, "refused", _refusal_words(self.refused))


# A refusal kept in the database (an advance entry's) is its message id and parameters as JSON,
# not words in the language of whichever screen played it: each screen renders it in its own.
def _refusal_data(value):
    if isinstance(value, TabletopError):
        value = Message(value.message_id, value.params) if isinstance(value.message_id, str) else str(value)
    if isinstance(value, Message):
        return {"message": value.template, "params": {k: _refusal_data(v) for k, v in value.params.items()}}
    if isinstance(value, Term):
        return {"term": str(value), "context": value.context}
    if isinstance(value, (Money, Number)):
        return {"money" if isinstance(value, Money) else "number": int(value)}
    if value is None or isinstance(value, (bool, int)):
        return value
    return str(value)       # any other words (a described action...): as English


def _refusal_text(error: TabletopError) -> str:
    with language(DEFAULT):
        return json.dumps(_refusal_data(error), ensure_ascii=False, sort_keys=True)


def _refusal_value(data):
    if isinstance(data, dict):
        if isinstance(data.get("message"), str) and isinstance(data.get("params"), dict):
            return Message(data["message"], {str(k): _refusal_value(v) for k, v in data["params"].items()})
        if isinstance(data.get("term"), str) and isinstance(data.get("context"), str):
            return Term(data["context"], data["term"])
        if _is_whole(data.get("money")):
            return Money(data["money"])
        if _is_whole(data.get("number")):
            return Number(data["number"])
    return data if data is None or isinstance(data, (bool, int, str)) else str(data)


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _refusal_words(text: str) -> str:
    """A stored refusal as words (a ``Message``; an older database's plain text stays as it is)."""
    try:
        words = _refusal_value(json.loads(text)) if text.startswith("{") else text
    except (ValueError, TypeError, RecursionError):
        words = text
    return words if isinstance(words, str) else text


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


def is_database_url(location) -> bool:
    """Whether ``location`` is a PostgreSQL address (``postgresql://...``) rather than a file."""
    return isinstance(location, str) and "://" in location \
        and location.partition("://")[0].lower() in ("postgresql", "postgres")


def default_location() -> str | Path:
    """``$TABLETOP_DATABASE_URL`` when set, else the SQLite file in the data folder."""
    url = os.environ.get(DATABASE_URL_VARIABLE, "").strip()
    if not url:
        return data_home() / DB_NAME
    if not is_database_url(url):
        raise StoreError("{variable} should be a PostgreSQL address (postgresql://user:password@host/database), "
                         "but it does not start with postgresql://. Correct it, or unset it to keep the matches "
                         "in a file.", variable=DATABASE_URL_VARIABLE)
    return url


def masked(text) -> str:
    """``text`` (an address, a path) with any password in it shown as ``***``."""
    text = re.sub(r"(://[^/?#@\s]*?:)[^@\s]*@", r"\1***@", str(text))           # user:password@
    return re.sub(r"(password\s*=\s*)('[^']*'|[^&\s]*)", r"\1***", text, flags=re.IGNORECASE)   # ?password=


def _refuse_address(location) -> None:
    """Refuse, in words, an address of a kind tabletop does not keep matches in (``mysql://``,
    ``http://``, ``sqlite:///``): taken as a file name, it would make folders named after it."""
    found = _ADDRESS.match(location) if isinstance(location, str) else None
    if found is None or is_database_url(location):
        return
    if found.group(1).lower() in ("sqlite", "sqlite3", "file"):
        raise StoreError("The address {location} is not a file: tabletop keeps saved matches in a file named by "
                         "its path (such as ~/matches.sqlite3) or in a PostgreSQL database (postgresql://...). "
                         "Give the file's path itself; nothing was changed.",
                         location=masked(location))
    raise StoreError("Saved matches cannot be kept at {location}: tabletop keeps them in a file named by its "
                     "path, or in a PostgreSQL database (postgresql://...), not at {scheme} addresses. Nothing was "
                     "changed.", location=masked(location), scheme=found.group(1).lower() + "://")


def location_words(location) -> str:
    """Where a store is, for a person: the file, or the database and server without any password
    (words, rendered in the reader's language; as text, English)."""
    if not is_database_url(location):
        return masked(location)
    from urllib.parse import parse_qs, unquote, urlsplit
    try:
        parts = urlsplit(location)
    except ValueError:                                   # e.g. an unclosed [ in the server's name
        return masked(location)
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    try:
        port = parts.port
    except ValueError:
        port = None
    user = unquote(parts.username or "") or query.get("user", "")
    host = query.get("host") or unquote(parts.hostname or "") or Message(N_("this computer"), {})
    # what libpq fills in when the address does not say: PGDATABASE, else the user's name, which
    # is PGUSER, else the computer's
    name = (unquote(parts.path.lstrip("/")) or query.get("dbname") or os.environ.get("PGDATABASE")
            or user or os.environ.get("PGUSER") or _computer_user())
    server = Message("{host}:{port}", {"host": host, "port": port}) if port else host
    if user:
        return Message(N_("the PostgreSQL database '{name}' on {server} as user '{user}'"),
                       {"name": name, "server": server, "user": user})
    return Message(N_("the PostgreSQL database '{name}' on {server}"), {"name": name, "server": server})


def _computer_user() -> str:
    try:
        import pwd
        return pwd.getpwuid(os.geteuid()).pw_name        # libpq's own way, not $USER
    except (ImportError, KeyError):                      # Windows; a user id with no name
        import getpass
        return getpass.getuser()


def default_store(**settings) -> "Store":
    return Store(default_location(), **settings)


def _seed_out(value):
    """A seed as the database returned it, as the whole number it is (SQLite: a number, or a blob of
    digits; PostgreSQL: a ``Decimal``). Anything else is left for ``Match`` to refuse in words."""
    import decimal
    if isinstance(value, (bytes, str)):
        try:
            return int(value)
        except ValueError:
            return value
    if isinstance(value, decimal.Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)
    return value


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


def _info_from_row(row) -> MatchInfo:
    match_id, title, players, created, updated, n_actions, round_, phase, over = row
    try:
        names = json.loads(players)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError("players is not a list of names")
        return MatchInfo(str(match_id), str(title), tuple(names), float(created), float(updated),
                         int(n_actions), int(round_), str(phase), bool(over))
    except (ValueError, TypeError, RecursionError) as exc:
        raise SaveFileError("Saved match '{match}' could not be listed: its stored details (players, times or "
                            "progress) are damaged.", match=match_id) from exc


# --- PIN hashes ------------------------------------------------------------------------------
def _legacy_pin_hash(pin: str, salt: bytes, method: str) -> bytes:
    data = pin.encode("utf-8")
    if method == "scrypt":
        return hashlib.scrypt(data, salt=salt, n=2 ** 14, r=8, p=1, dklen=32)
    return hashlib.pbkdf2_hmac("sha256", data, salt, 200_000, dklen=32)


def _pin_matches(pin: str, method: str, salt: bytes, digest: bytes) -> bool:
    if method == "argon2id":
        try:
            return _PIN_HASHER.verify(bytes(digest).decode("ascii"), pin)
        except argon2.exceptions.VerificationError:
            return False
        except (argon2.exceptions.InvalidHashError, UnicodeDecodeError) as exc:
            raise StoreError("A stored PIN is damaged and cannot be checked; "
                             "remove that seat's PIN and set a new one.") from exc
    if method in ("scrypt", "pbkdf2"):
        return hmac.compare_digest(_legacy_pin_hash(pin, bytes(salt), method), bytes(digest))
    raise StoreError("A stored PIN uses an unknown method ({method}) and cannot be checked; remove that seat's "
                     "PIN and set a new one.", method=repr(method))


def _pin_is_current(method: str, digest: bytes, hasher: argon2.PasswordHasher) -> bool:
    return method == "argon2id" and not hasher.check_needs_rehash(bytes(digest).decode("ascii"))


def _pin_wait_after(failures: int) -> float:
    """The wait before the next attempt after ``failures`` wrong PINs in a row."""
    if failures < FREE_PIN_ATTEMPTS:
        return 0.0
    return min(FIRST_PIN_WAIT * 2.0 ** min(failures - FREE_PIN_ATTEMPTS, 20), LONGEST_PIN_WAIT)


def _in_words(seconds: float) -> Words:
    """A wait in minutes and seconds, in the reader's language."""
    seconds = max(1, math.ceil(seconds))
    minutes, rest = divmod(seconds, 60)

    def words() -> str:
        parts = ([trn("{n} minute", "{n} minutes", minutes)] if minutes else []) + \
                ([trn("{n} second", "{n} seconds", rest)] if rest else [])
        return " ".join(parts)
    return Words(words)


def _names(players: list[str], seats) -> Words:
    """The players of ``seats`` as one list, in the reader's language ("Ann, Ben and Cy")."""
    def words() -> str:
        names = [players[s] if 0 <= s < len(players) else tr("seat {seat}", seat=s + 1) for s in seats]
        if len(names) == 1:
            return names[0]
        return tr("{names} and {last}", names=_(", ").join(names[:-1]), last=names[-1])
    return Words(words)


def _guarded(method):
    """Turn any sqlite3 or file-system failure inside ``method`` into a StoreError in plain words."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except self._DRIVER_ERRORS as exc:
            raise self._store_error(exc) from exc
        except OSError as exc:
            raise StoreError("The saved matches ({where}) could not be read or written: {reason}. Nothing was "
                             "saved.", where=self.path, reason=exc.strerror or exc) from exc
    return wrapper


class Store:
    """The SQLite database of saved matches. Cheap to create; one connection per Store.

    ``busy_timeout``: seconds to wait for another program holding the database before
    ``DatabaseBusy``. ``clock``: the time source (seconds, like ``time.time``) for PIN waits
    and timestamps. ``pin_hasher``: the argon2id parameters for new PIN hashes (default: the
    installed argon2-cffi's current ones; tests may pass cheaper ones).

    ``Store(url)`` with a ``postgresql://`` address (or ``Store()`` with ``$TABLETOP_DATABASE_URL``
    set) is a ``PostgresStore``: the same methods on a database several servers share.

    ``access``: ``"app"``, the app's own store (made when missing, upgraded, a damaged file moved
    aside); ``"read"``, a copy's source (read as it is: never made, upgraded, locked for writing,
    tightened or moved aside; a SQLite file is read into memory, where an older one is upgraded);
    ``"write"``, a copy's target (a missing file is made, in a folder that exists; an existing one
    must be tabletop's; never moved aside).

    On POSIX the store's files (the database, its ``-wal`` and ``-shm`` logs, damaged files moved
    aside) are its owner's alone (0600) and a folder it makes is 0700; an existing file that others
    may read is tightened when the store opens it.
    """

    # what the database's driver raises, and the few statements in which the backends differ
    _DRIVER_ERRORS: tuple = (sqlite3.Error,)
    _BEGIN_WRITE = "BEGIN IMMEDIATE"          # SQLite: the whole database is the writer's at once
    _BEGIN_READ = "BEGIN"
    _LOCK_ROW = ""                            # appended to a read of the row a writer then changes

    def __new__(cls, path: str | Path | None = None, **settings):
        if cls is Store and is_database_url(default_location() if path is None else path):
            try:
                from .store_postgres import PostgresStore     # psycopg is needed only for a database server
            except ImportError:
                raise StoreError("The saved matches are in a PostgreSQL database, which needs the driver "
                                 "psycopg: pip install 'tabletop[postgres]'. Nothing was changed.") from None
            return super().__new__(PostgresStore)
        return super().__new__(cls)

    def __init__(self, path: str | Path | None = None, *, busy_timeout: float = 3.0,
                 clock: Callable[[], float] = time.time, pin_hasher: argon2.PasswordHasher | None = None,
                 access: str = "app"):
        if access not in ("app", "read", "write"):
            raise ValueError(f"access is 'app', 'read' or 'write', not {access!r}")
        self.access = access
        self._place(path)
        self.busy_timeout = float(busy_timeout)
        self._clock = clock
        self._pin_hasher = pin_hasher or _PIN_HASHER
        if self._pin_hasher.type is not argon2.Type.ID:
            raise OptionsError("PINs are hashed with argon2id; another argon2 type was given.")
        self.list_problems: list[str] = []       # plain messages of the rows the last list() skipped
        self._db: sqlite3.Connection | None = None
        try:
            self._open()
        except BaseException:
            self._close_quietly()
            raise

    def _place(self, path) -> None:
        _refuse_address(path)
        self.path = Path(path) if path is not None else data_home() / DB_NAME

    @property
    def where(self) -> str:
        """Where this store is, in words (a file, or a database without its password)."""
        return str(self.path)

    def _ddl(self, statement: str) -> str:
        """A statement of the schema in this database's words."""
        return statement

    def _lock_schema(self, db) -> None:
        """Keep other processes from building or upgrading the schema at the same time."""

    def _announce(self, db, match_id: str) -> None:
        """Tell the other servers' pages, at commit, that ``match_id`` changed (SQLite: they read)."""

    @_guarded
    def _open(self) -> None:
        if self.access == "read":
            self._open_copy()
            return
        found = self._file_kind()
        if found is None:
            if not self.path.parent.is_dir():
                if self.access == "write":        # a copy makes its file, not folders named after a typo
                    raise StoreError("There is no folder {folder} to make {path} in; nothing was copied. Make "
                                     "the folder first, or give another path.", folder=self.path.parent,
                                     path=self.path)
                self.path.parent.mkdir(mode=_FOLDER_MODE, parents=True, exist_ok=True)
            self._create_file()
        elif found.st_size == 0:                  # tabletop never leaves an empty file: it was damaged
            raise self._damaged()                 # (a copy's target: refused, left as it is)
        self._db = sqlite3.connect(str(self.path), timeout=self.busy_timeout, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute("PRAGMA foreign_keys = ON")
        # FULL: an entry is on the disk before apply() returns, so not even a power cut loses an
        # acknowledged entry (about 4 ms per entry; NORMAL survives kill -9 but not a power cut).
        self._db.execute("PRAGMA synchronous = FULL")
        if self._db.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
            raise self._damaged()
        version = self._schema_version()
        if version == 0 and self.access == "write":    # an empty database of someone else's
            raise self._not_our_target()
        self._keep_private()                      # only once it is known to be tabletop's
        if version < SCHEMA_VERSION:
            self._migrate()
        if self._db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            try:
                self._db.execute("PRAGMA journal_mode = WAL")
            except sqlite3.OperationalError:  # e.g. a network drive; the default journal works too
                pass

    def _file_kind(self) -> os.stat_result | None:
        """The store's file as it is (None: there is none); a folder, a device, a pipe or a link to
        nothing is refused in words, untouched (SQLite would wait on a pipe, or make the link's target)."""
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            if os.path.lexists(self.path):
                raise StoreError("The saved matches should be in the file {path}, but that is a link to a file that "
                                 "does not exist. Remove or correct the link (tabletop will not touch it); nothing "
                                 "was changed.", path=self.path) from None
            return None
        if stat.S_ISDIR(found.st_mode):
            raise StoreError("The saved matches should be in the file {path}, but that is a folder. Rename or "
                             "remove the folder (tabletop will not touch it); nothing was changed.", path=self.path)
        if not stat.S_ISREG(found.st_mode):
            raise StoreError("The saved matches should be in a file, but {path} is a device, a pipe or a socket. "
                             "tabletop leaves it as it is; give the path of a file. Nothing was changed.",
                             path=self.path)
        return found

    def _not_our_target(self) -> StoreError:
        self._close_quietly()
        return StoreError("The file {path} is not tabletop's saved matches, so nothing was copied into it; tabletop "
                          "left it as it is. Copy into a file of saved matches, or into a new file.", path=self.path)

    def _keep_private(self, *paths: Path) -> None:
        """Take away other users' access to the store's files (``paths``: default the database and
        its logs), which hold every secret entry, seat key and PIN hash. A file this user may not
        change is left as it is."""
        if os.name != "posix":
            return
        for path in paths or [Path(f"{self.path}{suffix}") for suffix in ("", "-wal", "-shm")]:
            try:
                found = os.stat(path)
                if stat.S_ISREG(found.st_mode) and found.st_mode & 0o077:
                    os.chmod(path, stat.S_IMODE(found.st_mode) & ~0o077)
            except OSError:
                pass

    def _open_copy(self) -> None:
        """A copy's source, read into a database in memory: the file is only read (no lock held
        for writing, no log made when it has none), and an older tabletop's file is upgraded in
        that copy alone."""
        found = self._file_kind()
        if found is None:
            raise StoreError("There are no saved matches at {location}: no such file. Nothing was copied.",
                             location=self.path)
        self._db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        image = self._image(found)
        if image is not None:
            self._db.deserialize(image)
        else:
            from urllib.parse import quote
            source = sqlite3.connect(f"file:{quote(str(self.path.absolute()))}?mode=ro", uri=True,
                                     timeout=self.busy_timeout)
            try:
                source.backup(self._db)
            finally:
                source.close()
        if self._db.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
            raise self._damaged()
        version = self._schema_version()
        if version == 0:
            raise StoreError("There are no saved matches in {path}: it is an empty file or database, not "
                             "tabletop's. Nothing was copied.", path=self.path)
        if version < SCHEMA_VERSION:
            self._migrate()

    def _image(self, found: os.stat_result) -> bytes | None:
        """The whole database file as bytes, when the file alone holds it and nobody wrote it while
        it was read; else None (SQLite then reads it, with its log, read-only)."""
        logs = [Path(f"{self.path}{suffix}") for suffix in ("-wal", "-journal")]
        if any(log.exists() for log in logs) or not hasattr(self._db, "deserialize"):
            return None
        with open(self.path, "rb") as file:
            image = bytearray(file.read())
        again = os.stat(self.path)
        if (again.st_ino, again.st_size, again.st_mtime_ns) != (found.st_ino, found.st_size, found.st_mtime_ns) \
                or any(log.exists() for log in logs):
            return None
        if image[:16] == _SQLITE_MAGIC and image[18:20] == b"\x02\x02":
            image[18:20] = b"\x01\x01"       # WAL mode, which a database in memory cannot use
        return bytes(image)

    def _create_file(self) -> None:
        """A new database, built aside and linked into place whole, so no half-made file is seen.
        It is its owner's alone from the start; SQLite gives its logs the file's permissions."""
        aside = self._aside_name()
        for suffix in ("-wal", "-shm"):       # an orphan log must not be replayed into the new file
            orphan = Path(f"{self.path}{suffix}")
            if orphan.exists():
                orphan.rename(Path(f"{aside}{suffix}"))
                self._keep_private(Path(f"{aside}{suffix}"))
        draft = self.path.with_name(f"{self.path.name}.new-{secrets.token_hex(4)}")
        os.close(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _FILE_MODE))
        try:
            db = sqlite3.connect(str(draft), isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode = WAL")
                db.executescript("BEGIN;" + _SCHEMA + f"INSERT INTO meta VALUES ('schema', '{SCHEMA_VERSION}');"
                                 "COMMIT;")
            finally:
                db.close()
            try:
                os.link(draft, self.path)         # fails if another process made the file first
            except FileExistsError:
                pass
            except OSError:                       # a drive without hard links
                if not self.path.exists():
                    os.replace(draft, self.path)
        finally:
            draft.unlink(missing_ok=True)

    def _schema_version(self) -> int:
        db = self._db
        if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
            if db.execute("SELECT 1 FROM sqlite_master").fetchone() is not None:
                raise StoreError("The file {path} is a database of some other program, not tabletop's saved "
                                 "matches; nothing in it was changed.", path=self.path)
            return 0                               # an empty database: build the schema
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        return self._readable_version(1 if row is None else row[0])

    def _readable_version(self, value) -> int:
        """The schema version stored as ``value``, refused in words when this tabletop cannot read it."""
        try:
            version = int(value)
        except (TypeError, ValueError):
            version = -1
        if not 0 < version <= SCHEMA_VERSION:
            shown = value if version > 0 else Message(N_("unknown"), {})
            raise StoreError("The saved matches in {where} were written by a newer or unknown version of tabletop "
                             "(database version {version}; this tabletop reads versions 1 to {readable}). Update "
                             "tabletop to open them; nothing was changed.", where=self.where, version=shown,
                             readable=SCHEMA_VERSION)
        return version

    def _migration(self, version: int) -> list[str]:
        """The statements that take this database from ``version`` to the next one."""
        return _MIGRATIONS[version]

    def _seed_in(self, seed):
        """A seed as this database keeps it. SQLite's numbers end at 64 bits (binding a bigger one
        fails, and text would become an inexact real), so a bigger seed is kept as its digits, in a
        blob, which SQLite keeps as it is; ``_seed_out`` reads either back."""
        if isinstance(seed, int) and not -2 ** 63 <= seed < 2 ** 63:
            return str(seed).encode("ascii")
        return seed

    def _migrate(self) -> None:
        with self._transaction() as db:
            self._lock_schema(db)
            version = self._schema_version()       # again: another process may have done it meanwhile
            if version == 0:
                for statement in _SCHEMA.split(";"):   # executescript would end the transaction
                    if statement.strip():
                        db.execute(self._ddl(statement))
                version = SCHEMA_VERSION
            while version < SCHEMA_VERSION:
                for statement in self._migration(version):
                    db.execute(self._ddl(statement))
                version += 1
            db.execute("INSERT INTO meta VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       (str(version),))

    # --- failures ----------------------------------------------------------------------------
    def _store_error(self, exc: sqlite3.Error) -> StoreError:
        code = getattr(exc, "sqlite_errorcode", None)
        code = None if code is None else code & 0xFF
        where = self.path
        if code in _DAMAGED:
            return self._damaged()
        if code in _BUSY:
            return DatabaseBusy(_BUSY_WORDS, where=where, seconds=format(self.busy_timeout, "g"))
        if code == _FULL:
            return StoreError("The disk holding saved matches ({where}) is full. Nothing was saved; free some "
                              "space and try again.", where=where)
        if isinstance(exc, sqlite3.ProgrammingError) and self._db is None:
            return StoreError(_CLOSED_WORDS, where=where)
        reason = str(exc).rstrip(".") or Message(N_("unknown reason"), {})
        return StoreError(_UNUSABLE_WORDS, where=where, reason=reason)

    def _aside_name(self) -> Path:
        stamp = datetime.fromtimestamp(self._clock(), timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        target, n = self.path.with_name(f"{self.path.name}.damaged-{stamp}"), 1
        while target.exists() or Path(f"{target}-wal").exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        return target

    def _damaged(self) -> StoreError:
        """Move the app's damaged file (and its logs) aside, never deleting it; say where it went.
        Only a file that may have been tabletop's is moved: a copy's source or target, and a file
        that was never a database (someone else's file where tabletop looks), are left as they are."""
        self._close_quietly()
        if self.access != "app":
            return StoreError("The file {path} is damaged, or it is not tabletop's saved matches; tabletop left it "
                              "as it is. Nothing was copied.", path=self.path)
        if not self._could_be_ours():
            return StoreError("The file {path} is not tabletop's saved matches: it is not a database at all. "
                              "tabletop leaves it as it is; move or rename it, or keep the saved matches in another "
                              "folder (TABLETOP_HOME). Nothing was changed.", path=self.path)
        target = self._aside_name()
        try:
            # the logs first: a log left behind would be replayed into the next, new database
            for suffix in ("-wal", "-shm", ""):
                source = Path(f"{self.path}{suffix}")
                if source.exists():
                    source.rename(Path(f"{target}{suffix}"))
                    self._keep_private(Path(f"{target}{suffix}"))
        except OSError as exc:
            return DatabaseDamaged("The saved matches file {path} is damaged and cannot be read, and it could not "
                                   "be moved aside ({reason}). Move or rename it yourself; a new empty store will "
                                   "then be started.", path=self.path, reason=exc.strerror or exc)
        return DatabaseDamaged("The saved matches file {path} is damaged and cannot be read. It was moved aside to "
                               "{target} (nothing was deleted); a new empty store will be started the next time "
                               "tabletop opens its saved matches.", moved_to=target, path=self.path, target=target)

    def _could_be_ours(self) -> bool:
        """Whether the file may be a damaged store of tabletop's: empty (nothing to lose), a SQLite
        file, or one whose first megabyte still holds tabletop's schema (its header overwritten)."""
        try:
            with open(self.path, "rb") as file:
                head = file.read(1 << 20)
        except OSError:
            return False
        return not head or head.startswith(_SQLITE_MAGIC) or _OUR_SCHEMA_TEXT in head

    def _close_quietly(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            try:
                db.close()
            except self._DRIVER_ERRORS:
                pass

    @_guarded
    def close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError(_CLOSED_WORDS, where=self.path)
        return self._db

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._conn
        db.execute(self._BEGIN_WRITE)
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except self._DRIVER_ERRORS:
                    pass
            raise

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """Several reads that see one moment of the database (no writer's half in between)."""
        db = self._conn
        if db.in_transaction:
            yield db
            return
        db.execute(self._BEGIN_READ)
        try:
            yield db
        finally:
            if db.in_transaction:
                db.execute("COMMIT")

    def _players(self, match_id: str) -> list[str]:
        row = self._conn.execute("SELECT players FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise SaveFileError(_NO_MATCH, match=match_id)
        try:
            players = json.loads(row[0])
            return [str(p) for p in players]
        except (ValueError, TypeError, RecursionError) as exc:
            raise SaveFileError("Saved match '{match}' cannot be read: its player names are damaged.",
                                match=match_id) from exc

    # --- matches ---------------------------------------------------------------------------
    @_guarded
    def create(self, match: Match) -> "StoredMatch":
        """Save a new match (with any log it already has); returns it as a StoredMatch."""
        match_id = secrets.token_hex(6)
        now = self._clock()
        with self._transaction() as db:
            db.execute("INSERT INTO matches (id, title, players, options, seed, created, updated) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (match_id, match.game.title, json.dumps(list(match.game.players), ensure_ascii=False),
                        json.dumps(dict(match.game.options), ensure_ascii=False, sort_keys=True),
                        self._seed_in(match.game.seed), now, now))
        stored = StoredMatch(self, match_id, match, revision=0, saved_log=[], saved_redo=[])
        stored.save()
        return stored

    @_guarded
    def open(self, match_id: str, device: str | None = None) -> "StoredMatch":
        """The saved match, replayed to where it was (undone actions can still be redone).
        ``device`` names who changes it through this copy (``'table'``, ``'seat:2'``): the other
        devices of the match are told who entered something first."""
        with self._reading() as db:
            row = db.execute("SELECT title, options, seed, revision FROM matches WHERE id = ?",
                             (match_id,)).fetchone()
            if row is None:
                raise SaveFileError(_NO_MATCH, match=match_id)
            title, options, seed, revision = row
            players = self._players(match_id)
            log = self._actions(match_id, "log")
            redo = self._actions(match_id, "redo")
        try:
            options = json.loads(options)
        except (ValueError, TypeError, RecursionError) as exc:
            raise SaveFileError("Saved match '{match}' cannot be read: its options are damaged.",
                                match=match_id) from exc
        match = _replay(match_id, title, players, options, _seed_out(seed), log, redo)
        return StoredMatch(self, match_id, match, revision, saved_log=log, saved_redo=redo, device=device)

    @_guarded
    def _entries(self, match_id: str) -> tuple[int, list[str], list[str]]:
        """(revision, log, redo) as one consistent reading."""
        with self._reading() as db:
            row = db.execute("SELECT revision FROM matches WHERE id = ?", (match_id,)).fetchone()
            if row is None:
                raise SaveFileError(_DELETED, match=match_id)
            return row[0], self._actions(match_id, "log"), self._actions(match_id, "redo")

    def _actions(self, match_id: str, kind: str) -> list[str]:
        return [r[0] for r in self._conn.execute(
            "SELECT data FROM actions WHERE match_id = ? AND kind = ? ORDER BY pos", (match_id, kind))]

    _INFO = "SELECT id, title, players, created, updated, n_actions, round, phase, over FROM matches"

    @_guarded
    def list(self) -> list[MatchInfo]:
        """Every saved match, the most recently played first. A damaged row is skipped with a
        warning; its plain message is in ``list_problems`` until the next call."""
        self.list_problems = []
        infos = []
        for row in self._conn.execute(self._INFO + " ORDER BY updated DESC, id").fetchall():
            try:
                infos.append(_info_from_row(row))
            except SaveFileError as exc:
                self.list_problems.append(str(exc))
                warnings.warn(str(exc), stacklevel=2)
        return infos

    @_guarded
    def info(self, match_id: str) -> MatchInfo:
        row = self._conn.execute(self._INFO + " WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise SaveFileError(_NO_MATCH, match=match_id)
        return _info_from_row(row)

    @_guarded
    def exists(self, match_id: str) -> bool:
        return self._conn.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is not None

    @_guarded
    def delete(self, match_id: str) -> None:
        """Delete the match with its entries and PINs."""
        with self._transaction() as db:
            cur = db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
            self._announce(db, match_id)
        if cur.rowcount == 0:
            raise SaveFileError(_NO_MATCH, match=match_id)

    @_guarded
    def revision(self, match_id: str) -> int:
        """The match's change counter: it goes up by one with every saved change (an entry, an
        undo, a redo), whoever made it. This is the live pages' "what changed" signal."""
        row = self._conn.execute("SELECT revision FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise SaveFileError(_NO_MATCH, match=match_id)
        return row[0]

    #: how often ``changed`` reads the revision (seconds): half of it is the mean delay it adds
    POLL_EVERY = 0.15

    async def changed(self, match_id: str, revision: int) -> int:
        """Wait until the match's revision is no longer ``revision``; return the new one.

        The one place where a live page learns that another device (or another program) changed
        the match. SQLite cannot push, so this reads the revision every ``POLL_EVERY`` seconds
        (a primary-key read, a few microseconds); the PostgreSQL store awaits the database's
        notification here instead. A deleted match raises ``SaveFileError``."""
        import asyncio
        while True:
            now = self.revision(match_id)
            if now != revision:
                return now
            await asyncio.sleep(self.POLL_EVERY)

    @_guarded
    def changed_by(self, match_id: str) -> str | None:
        """The device of the last change (``'table'``, ``'seat:N'``), None when not known."""
        row = self._conn.execute("SELECT changed_by FROM matches WHERE id = ?", (match_id,)).fetchone()
        return None if row is None else row[0]

    # --- seat devices ----------------------------------------------------------------------
    @_guarded
    def seat_key(self, match_id: str, seat: int) -> str:
        """The secret that a seat device's link carries (made on first use, then kept). It is in
        no export: the public record and the backup hold the match, not who may join it."""
        players = self._players(match_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
            raise OptionsError("There is no seat {seat} in this match.", seat=repr(seat))
        key = "".join(secrets.choice(_KEY_LETTERS) for _ in range(KEY_LENGTH))
        with self._transaction() as db:
            db.execute("INSERT INTO seat_keys VALUES (?, ?, ?) ON CONFLICT DO NOTHING", (match_id, seat, key))
            return db.execute("SELECT key FROM seat_keys WHERE match_id = ? AND seat = ?",
                              (match_id, seat)).fetchone()[0]

    @_guarded
    def check_seat_key(self, match_id: str, seat, key) -> bool:
        """Whether ``key`` is ``seat``'s key of this match (False for a seat or match that does not
        exist, or a seat that has no key yet)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(key, str):
            return False
        row = self._conn.execute("SELECT key FROM seat_keys WHERE match_id = ? AND seat = ?",
                                 (match_id, seat)).fetchone()
        return row is not None and hmac.compare_digest(row[0].encode(), key.encode())

    @_guarded
    def advance_entries(self, match_id: str, seat: int | None = None) -> list[AdvanceEntry]:
        """The secret draws entered ahead of their turn (of ``seat``, or of everyone), in order."""
        sql = "SELECT seat, pos, data, refused FROM advance WHERE match_id = ?"
        args: tuple = (match_id,)
        if seat is not None:
            sql, args = sql + " AND seat = ?", (match_id, seat)
        return [AdvanceEntry(*row) for row in self._conn.execute(sql + " ORDER BY seat, pos", args)]

    def _lock_if_fresh(self, db, stored: "StoredMatch") -> None:
        """Lock the match's row for this transaction, refusing if it is gone or changed since
        ``stored`` last read it (the optimistic check every write makes)."""
        row = db.execute("SELECT revision FROM matches WHERE id = ?" + self._LOCK_ROW, (stored.id,)).fetchone()
        if row is None:
            raise SaveFileError(_DELETED, match=stored.id)
        if row[0] != stored.revision:
            raise StaleMatch(_STALE)

    @_guarded
    def add_advance(self, stored: "StoredMatch", seat: int, action: Action) -> None:
        """Keep ``seat``'s secret draw ``action`` until the match reaches it. Refused with
        ``StaleMatch`` when the match changed since ``stored`` last read it (it may be due now)."""
        with self._transaction() as db:
            self._lock_if_fresh(db, stored)
            last = db.execute("SELECT max(pos) FROM advance WHERE match_id = ? AND seat = ?",
                              (stored.id, seat)).fetchone()[0]
            db.execute("INSERT INTO advance (match_id, seat, pos, data) VALUES (?, ?, ?, ?)",
                       (stored.id, seat, 0 if last is None else last + 1, _encode(action)))

    @_guarded
    def clear_advance(self, match_id: str, seat: int) -> None:
        """Forget ``seat``'s entries made ahead of their turn."""
        with self._transaction() as db:
            db.execute("DELETE FROM advance WHERE match_id = ? AND seat = ?", (match_id, seat))

    # --- files -----------------------------------------------------------------------------
    def export_public(self, match_id: str) -> str:
        """The public record (``Match.public_record()`` as JSON): the setup and what the shared
        screen shows of every entry, the public view and ledger. It holds no secret of anyone and
        needs no PIN; it cannot resume the match."""
        return json.dumps(self.open(match_id).match.public_record(), ensure_ascii=False, indent=1)

    @_guarded
    def export_backup(self, match_id: str, pins: Mapping[int, str] | None = None) -> str:
        """The full save (``Match.to_json()``): setup, seed and every entry with every player's
        secrets; ``import_json`` resumes the match from it. Undone entries and PINs are not in it.

        Needs the PIN of every PIN-protected seat in ``pins`` (seat -> PIN): otherwise
        ``PinRequired`` names those players. Each PIN given counts as an attempt, so a wrong one
        may lead to ``PinLocked``."""
        players = self._players(match_id)
        pins = pins or {}
        protected = [r[0] for r in self._conn.execute(
            "SELECT seat FROM pins WHERE match_id = ? ORDER BY seat", (match_id,))]
        missing = [seat for seat in protected
                   if pins.get(seat) is None or not self.check_pin(match_id, seat, pins[seat])]
        if missing:
            words = (N_("A full backup holds every player's secrets, so it needs the PIN of {players}. Without "
                        "it, export the public record instead.") if len(missing) == 1 else
                     N_("A full backup holds every player's secrets, so it needs the PINs of {players}. Without "
                        "them, export the public record instead."))
            raise PinRequired(words, seats=missing, players=_names(players, missing))
        return self.open(match_id).match.to_json()

    def export_json(self, match_id: str, pins: Mapping[int, str] | None = None) -> str:
        """The full save, as ``export_backup`` (the same PINs are needed)."""
        return self.export_backup(match_id, pins)

    def import_json(self, text: str) -> "StoredMatch":
        """A save file (from ``export_backup`` or ``Match.save``) as a new saved match."""
        return self.create(Match.from_json(text))

    # --- PINs ------------------------------------------------------------------------------
    @_guarded
    def set_pin(self, match_id: str, seat: int, pin: str | None) -> None:
        """Protect ``seat``'s private panel with ``pin`` (stored as an argon2id hash); None removes it."""
        players = self._players(match_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
            raise OptionsError("There is no seat {seat} in this match.", seat=repr(seat))
        if pin is None or pin == "":
            with self._transaction() as db:
                db.execute("DELETE FROM pins WHERE match_id = ? AND seat = ?", (match_id, seat))
            return
        pin = str(pin)
        if len(pin) < 4:
            raise OptionsError("A PIN needs at least 4 characters.")
        digest = self._pin_hasher.hash(pin).encode("ascii")      # slow on purpose: outside the transaction
        with self._transaction() as db:     # a new PIN starts with no wrong attempts
            db.execute("INSERT INTO pins (match_id, seat, method, salt, hash) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT (match_id, seat) DO UPDATE SET method = excluded.method, "
                       "salt = excluded.salt, hash = excluded.hash, failures = 0, locked_until = 0",
                       (match_id, seat, "argon2id", b"", digest))

    @_guarded
    def has_pin(self, match_id: str, seat: int) -> bool:
        return self._conn.execute("SELECT 1 FROM pins WHERE match_id = ? AND seat = ?",
                                  (match_id, seat)).fetchone() is not None

    @_guarded
    def pin_wait(self, match_id: str, seat: int) -> float:
        """Seconds before ``seat``'s PIN may be tried again (0.0 when it may be tried now)."""
        row = self._conn.execute("SELECT locked_until FROM pins WHERE match_id = ? AND seat = ?",
                                 (match_id, seat)).fetchone()
        if row is None:
            return 0.0
        # a clock set back must not lock a seat for longer than the longest wait
        return float(min(max(row[0] - self._clock(), 0.0), LONGEST_PIN_WAIT))

    @_guarded
    def check_pin(self, match_id: str, seat: int, pin: str) -> bool:
        """True when ``pin`` opens ``seat``'s panel (always True for a seat without a PIN).

        After 3 wrong PINs in a row each further attempt must wait (2 s, doubling up to 15 min);
        meanwhile ``PinLocked`` is raised without checking the PIN. A right PIN resets the count."""
        with self._transaction() as db:
            row = db.execute("SELECT method, salt, hash, failures FROM pins WHERE match_id = ? AND seat = ?"
                             + self._LOCK_ROW, (match_id, seat)).fetchone()
            if row is None:
                return True
            wait = self.pin_wait(match_id, seat)
            if wait > 0:
                raise PinLocked("Too many wrong PINs for {player}: try again in {wait}.", retry_after=wait,
                                player=_names(self._players(match_id), [seat]), wait=_in_words(wait))
            method, salt, digest, failures = row
            # the attempt counts as wrong until proved right, so parallel guesses are all counted
            db.execute("UPDATE pins SET failures = ?, locked_until = ? WHERE match_id = ? AND seat = ?",
                       (failures + 1, self._clock() + _pin_wait_after(failures + 1), match_id, seat))
        pin = str(pin)
        if not _pin_matches(pin, method, salt, digest):
            return False
        fresh = (None if _pin_is_current(method, digest, self._pin_hasher)
                 else self._pin_hasher.hash(pin).encode("ascii"))
        with self._transaction() as db:
            db.execute("UPDATE pins SET failures = 0, locked_until = 0 WHERE match_id = ? AND seat = ?",
                       (match_id, seat))
            if fresh is not None:     # an old or weaker hash: store today's (unless the PIN changed meanwhile)
                db.execute("UPDATE pins SET method = 'argon2id', salt = ?, hash = ? "
                           "WHERE match_id = ? AND seat = ? AND hash = ?", (b"", fresh, match_id, seat, digest))
        return True

    # --- moving matches between stores (copy_matches) -------------------------------------------
    @_guarded
    def _rows_of(self, match_ids: list[str] | None) -> tuple[list[str], dict[str, list[tuple]]]:
        """The ids (None: every match) and every row that belongs to them, as one reading."""
        with self._reading() as db:
            ids = match_ids if match_ids is not None else \
                [r[0] for r in db.execute("SELECT id FROM matches ORDER BY created, id")]
            missing = [m for m in ids if db.execute("SELECT 1 FROM matches WHERE id = ?", (m,)).fetchone() is None]
            if missing:
                raise SaveFileError("There is no saved match {matches} in {where}; nothing was copied.",
                                    matches=", ".join(repr(m) for m in missing), where=self.where)
            rows = {table: [tuple(r) for m in ids for r in db.execute(
                f"SELECT {', '.join(columns)} FROM {table} WHERE {columns[0]} = ?", (m,))]
                for table, columns in _COPIED.items()}
        at = _COPIED["matches"].index("seed")        # as the whole number it is, for either database
        rows["matches"] = [r[:at] + (_seed_out(r[at]),) + r[at + 1:] for r in rows["matches"]]
        return ids, rows

    @_guarded
    def _add_rows(self, ids: list[str], rows: Mapping[str, list[tuple]], replace: bool) -> None:
        """Insert another store's rows of ``ids``, all or nothing. A match already here is refused
        unless ``replace``; a replaced match's revision moves past its old one, so pages showing
        it here catch up."""
        with self._transaction() as db:
            held = {}
            for match_id in ids:
                row = db.execute("SELECT revision FROM matches WHERE id = ?" + self._LOCK_ROW, (match_id,)).fetchone()
                if row is not None:
                    held[match_id] = row[0]
            if held and not replace:
                raise StoreError("The target ({where}) already holds {count} of these matches ({matches}); nothing "
                                 "was copied. To overwrite them, copy again with --replace, or leave them out with "
                                 "--match.", where=self.where, count=len(held), matches=", ".join(sorted(held)))
            for match_id in held:
                db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
            at = _COPIED["matches"].index("revision")
            matches = [r[:at] + (max(r[at], held[r[0]] + 1) if r[0] in held else r[at],) + r[at + 1:]
                       for r in rows["matches"]]
            at = _COPIED["matches"].index("seed")
            matches = [r[:at] + (self._seed_in(r[at]),) + r[at + 1:] for r in matches]
            for table, columns in _COPIED.items():
                table_rows = matches if table == "matches" else rows[table]
                if table_rows:
                    db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
                                   f"({', '.join('?' * len(columns))})", table_rows)
            for match_id in ids:
                self._announce(db, match_id)

    # --- used by StoredMatch ---------------------------------------------------------------
    @_guarded
    def _sync(self, stored: "StoredMatch", log: list[str], redo: list[str],
              played: Mapping[int, list[int]] | None = None, refused: Mapping[tuple[int, int], str] | None = None,
              clear_advance: bool = False) -> int:
        """Write the change, if nobody else changed the match since ``stored`` read it. ``played``:
        the advance entries (seat -> positions) this change played; ``refused``: (seat, position)
        -> why one could not be played; ``clear_advance``: an undo or redo forgets them all."""
        match = stored.match
        state = match.state
        with self._transaction() as db:
            self._lock_if_fresh(db, stored)
            for seat, positions in (played or {}).items():
                gone = db.execute(f"DELETE FROM advance WHERE match_id = ? AND seat = ? AND refused IS NULL "
                                  f"AND pos IN ({', '.join('?' * len(positions))})",
                                  (stored.id, seat, *positions)).rowcount
                if gone != len(positions):     # taken back meanwhile: play the change again
                    raise StaleMatch(_STALE)
            for (seat, pos), why in (refused or {}).items():
                db.execute("UPDATE advance SET refused = ? WHERE match_id = ? AND seat = ? AND pos = ?",
                           (why, stored.id, seat, pos))
            if clear_advance:
                db.execute("DELETE FROM advance WHERE match_id = ?", (stored.id,))
            for kind, old, new in (("log", stored._saved_log, log), ("redo", stored._saved_redo, redo)):
                k = _common_prefix(old, new)
                if k < len(old):
                    db.execute("DELETE FROM actions WHERE match_id = ? AND kind = ? AND pos >= ?",
                               (stored.id, kind, k))
                if k < len(new):
                    db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?)",
                                   [(stored.id, kind, i, new[i]) for i in range(k, len(new))])
            revision = stored.revision + 1       # the row holds it: _lock_if_fresh checked
            db.execute("UPDATE matches SET updated = ?, revision = ?, n_actions = ?, round = ?, phase = ?, "
                       "over = ?, changed_by = ? WHERE id = ?",
                       (self._clock(), revision, len(log), int(state.round or 0), str(state.phase or ""),
                        int(match.is_over()), stored.device, stored.id))
            self._announce(db, stored.id)
        return revision


#: what a saved match is made of, table by table (the first column names the match)
_COPIED = {
    "matches": ("id", "title", "players", "options", "seed", "created", "updated", "revision", "n_actions",
                "round", "phase", "over", "changed_by"),
    "actions": ("match_id", "kind", "pos", "data"),
    "pins": ("match_id", "seat", "method", "salt", "hash", "failures", "locked_until"),
    "seat_keys": ("match_id", "seat", "key"),
    "advance": ("match_id", "seat", "pos", "data", "refused"),
}


def copy_matches(source, target, match_ids: list[str] | None = None, replace: bool = False) -> list[str]:
    """Copy saved matches from ``source`` to ``target``: each a SQLite file, a ``postgresql://``
    address or an open ``Store`` (e.g. a teacher's laptop file into the hub's database). A match
    goes whole: setup, entries, undone entries, entries made ahead, PIN hashes with their count of
    wrong attempts and wait, seat keys, who changed it last. ``match_ids``: only these (default:
    every match). Every match is replayed first, so a damaged one is refused by its id. A match the
    target already holds is refused, and then nothing is copied, unless ``replace``. Returns the
    ids copied.

    The source is only read: a file is read into memory (an older tabletop's is upgraded there
    alone), a database is neither built nor upgraded, and neither is ever moved aside. The target
    is a new file (in a folder that exists), tabletop's saved matches, or a PostgreSQL database;
    anything else is refused, left as it is. Every refusal is a ``StoreError`` in words, with no
    password in them."""
    for location in (source, target):
        _refuse_address(location)           # before either is opened: a refusal changes nothing
    if not isinstance(source, Store) and not isinstance(target, Store) and not is_database_url(source) \
            and not is_database_url(target):
        try:
            same = os.path.samefile(source, target)
        except OSError:                      # either is missing: they are not one file
            same = False
        if same:
            raise StoreError("The source and the target are the same file ({path}); nothing was copied.",
                             path=source)
    opened = []

    def store(location, access: str) -> Store:
        if isinstance(location, Store):
            return location
        opened.append(Store(location, access=access))
        return opened[-1]
    try:
        source_store = store(source, "read")
        target_store = store(target, "write")
        ids, rows = source_store._rows_of(None if match_ids is None else list(dict.fromkeys(match_ids)))
        for match_id in ids:
            source_store.open(match_id)           # replays, or says which match is damaged
        target_store._add_rows(ids, rows, replace)
        return ids
    finally:
        for s in opened:
            s.close()


def _replay(match_id: str, title: str, players, options, seed, log: list[str], redo: list[str]) -> Match:
    try:
        match = Match(title, players, options, seed)
        for i, raw in enumerate(log + redo):
            try:
                data = json.loads(raw)
            except (ValueError, TypeError, RecursionError) as exc:
                raise SaveFileError("Entry {entry} of saved match '{match}' is damaged and cannot be read.",
                                    entry=i + 1, match=match_id) from exc
            try:
                match.apply(match.title.action_from_dict(data))
            except TabletopError as exc:
                raise SaveFileError("Entry {entry} of saved match '{match}' cannot be replayed: {reason}",
                                    entry=i + 1, match=match_id, reason=exc) from exc
        if redo:
            match.undo_to(len(log))
    except SaveFileError:
        raise
    except TabletopError as exc:
        raise SaveFileError("Saved match '{match}' cannot be read: {reason}", match=match_id, reason=exc) from exc
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
    """A match that saves itself after every change. Play it through these methods.

    Several copies of one match (one per device) stay in step: ``refresh()`` catches up with
    what the others saved, and a change made on a copy that missed another's is refused with
    ``StaleMatch`` (the optimistic check), so of two devices entering at once exactly one wins."""

    def __init__(self, store: Store, match_id: str, match: Match, revision: int,
                 saved_log: list[str], saved_redo: list[str], device: str | None = None):
        self.store = store
        self.id = match_id
        self.match = match
        self.revision = revision
        self.device = device
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

    def _decode(self, code: str) -> Action:
        action = self.match.title.action_from_dict(json.loads(code))
        self._encoded[id(action)] = (action, code)
        return action

    def save(self, played=None, refused=None, clear_advance: bool = False) -> None:
        """Write the match's log and undone actions (only what changed since the last save)."""
        log = [self._code(a) for a in self.match.log]
        redo = [self._code(a) for a in self.match.undone]
        if log == self._saved_log and redo == self._saved_redo and self.revision and not refused:
            return
        self.revision = self.store._sync(self, log, redo, played, refused, clear_advance)
        self._saved_log, self._saved_redo = log, redo

    def _check_fresh(self) -> None:
        if self.store.revision(self.id) != self.revision:
            raise StaleMatch(_STALE)

    def refresh(self) -> bool:
        """Catch up with the store: what other devices or programs saved since this copy last
        read or wrote it. True when something changed. Only the difference is played (new
        entries applied, undone ones undone), not the whole match."""
        revision, log, redo = self.store._entries(self.id)
        if revision == self.revision:
            return False
        self._follow(log, redo)
        self.revision = revision
        return True

    def _follow(self, log: list[str], redo: list[str]) -> None:
        """Bring the match in memory to ``log`` and ``redo`` (encoded), from where it is."""
        match = self.match
        try:
            k = _common_prefix([self._code(a) for a in match.log], log)
            if k < len(match):
                match.undo_to(k)
            for code in log[k:]:
                undone = match.undone
                if undone and self._code(undone[0]) == code:
                    match.redo()
                else:
                    match.apply(self._decode(code))
            if [self._code(a) for a in match.undone] != redo:
                n = len(match)
                for code in redo:
                    match.apply(self._decode(code))
                match.undo_to(n)
            # (undone entries too: one redone here may have been entered anew there, which forgot the rest)
            if [self._code(a) for a in match.log] != log or [self._code(a) for a in match.undone] != redo:
                raise SaveFileError("the log differs")
        except (TabletopError, ValueError, TypeError, KeyError, RecursionError):
            game = match.game            # anything odd: replay the whole match as saved
            self.match = _replay(self.id, game.title, game.players, game.options, game.seed, log, redo)
        self._saved_log, self._saved_redo = list(log), list(redo)

    def _due_advance(self) -> tuple[dict[int, list[int]], dict[tuple[int, int], str]]:
        """Play, in memory, the advance entries that are due now (the match waits for the secret
        draw of a seat that entered it ahead). Returns what was played and what was refused."""
        state = self.match.state
        if state.current_player() != CHANCE or state.chance_owner() is None:
            return {}, {}
        queues: dict[int, list[AdvanceEntry]] = {}
        for entry in self.store.advance_entries(self.id):
            queues.setdefault(entry.seat, []).append(entry)
        played: dict[int, list[int]] = {}
        refused: dict[tuple[int, int], str] = {}
        while self.match.state.current_player() == CHANCE:
            seat = self.match.state.chance_owner()
            queue = queues.get(seat)
            if seat is None or not queue or queue[0].refused is not None:
                break
            entry = queue.pop(0)
            try:
                self.match.apply(self._decode(entry.data))
            except (TabletopError, ValueError, TypeError, KeyError, RecursionError) as exc:
                refused[(seat, entry.pos)] = _refusal_text(
                    exc if isinstance(exc, TabletopError) else SaveFileError(N_("That entry could not be read.")))
                break
            played.setdefault(seat, []).append(entry.pos)
        return played, refused

    def _change(self, do, history: bool = False) -> object:
        self._check_fresh()
        log_before, redo_before = self._saved_log, self._saved_redo
        result = do()
        try:
            played, refused = ({}, {}) if history else self._due_advance()
            self.save(played, refused, clear_advance=history)
        except BaseException:
            # the database refused the change (or another device changed the match first): go
            # back to what this copy last saved, so nothing changed; refresh() then catches up
            self._follow(log_before, redo_before)
            raise
        return result

    def apply(self, action: Action) -> None:
        """Play and save ``action``; a refused action raises and changes nothing. Advance entries
        that come due after it are played with it."""
        self._change(lambda: self.match.apply(action))

    def play_advance(self) -> bool:
        """Play the advance entries that are due now (after another device's change); True when
        something was played or refused."""
        self._check_fresh()
        log_before, redo_before = self._saved_log, self._saved_redo
        try:
            played, refused = self._due_advance()
            if not played and not refused:
                return False
            self.save(played, refused)
        except BaseException:
            self._follow(log_before, redo_before)
            raise
        return True

    def add_advance(self, seat: int, action: Action) -> None:
        """Keep ``seat``'s secret draw until the match reaches it (``StaleMatch``: refresh first)."""
        self.store.add_advance(self, seat, action)

    def undo(self) -> Action:
        return self._change(self.match.undo, history=True)

    def redo(self) -> Action:
        return self._change(self.match.redo, history=True)

    def undo_to(self, n: int) -> None:
        self._change(lambda: self.match.undo_to(n), history=True)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.match.log)
