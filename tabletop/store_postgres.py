"""Saved matches on PostgreSQL, for a class whose servers share one store (JupyterHub).

    store = Store("postgresql://tabletop:secret@db.example.org/tabletop")   # a PostgresStore
    store = Store()                           # the same, with $TABLETOP_DATABASE_URL set

The same tables, statements and promises as the SQLite store (``tabletop.store``); only what a
server database does differently lives here:

- psycopg 3 in autocommit mode, transactions begun and ended by the store itself. A writer
  locks the match's row (``SELECT ... FOR UPDATE``) before it compares revisions, so of two
  servers entering at once exactly one wins, as with SQLite's whole-file lock. ``busy_timeout``
  becomes the session's ``lock_timeout``: a row held longer is ``DatabaseBusy``.
- Live pages: every change ``NOTIFY``s the channel ``tabletop_changes`` with the match's id, at
  commit. ``changed()`` awaits that notification (a listening connection in a thread of its own)
  instead of polling; it still reads the revision every ``RECHECK_EVERY`` seconds, so a
  notification lost while the listener reconnects costs seconds, never an update.
- The schema is built on first use in the role's current schema (the first one on its
  ``search_path`` that exists; ``?options=-csearch_path%3Dtabletop`` picks one), under an
  advisory lock, so two servers starting at once build it once. Upgrades work the same way.
- Errors in plain words: the server unreachable, a wrong password, no such database, a role
  without the rights it needs, a schema newer than this tabletop.

Each open store holds one connection, and a second one while a page waits in ``changed()``.
"""
from __future__ import annotations

import asyncio
import functools
import re
import threading
import weakref

import psycopg
from psycopg.pq import TransactionStatus

from .core import Words
from .errors import DatabaseBusy, StoreError
from .i18n import N_, Message
from .store import (_BUSY_WORDS, _CLOSED_WORDS, _UNUSABLE_WORDS, SCHEMA_VERSION, Store, _guarded,
                    default_location, location_words)

__all__ = ["PostgresStore", "CHANNEL"]

#: the NOTIFY channel of every change (payload: the match id)
CHANNEL = "tabletop_changes"
#: an advisory-lock key (any bigint agreed by every tabletop): held while the schema is built
_SCHEMA_LOCK = 0x7AB1E70B
_OUR_TABLES = {"meta", "matches", "actions", "pins", "seat_keys", "advance"}
#: SQLite's types as PostgreSQL spells them (REAL is 4 bytes in PostgreSQL: times need 8)
_TYPES = [(re.compile(r"\bREAL\b"), "DOUBLE PRECISION"), (re.compile(r"\bBLOB\b"), "BYTEA"),
          (re.compile(r"\bINTEGER\b"), "BIGINT")]

# SQLSTATE codes by what they mean for a player
_BUSY = {"55P03", "40P01", "40001", "57014"}   # lock not available, deadlock, serialization, cancelled
_NO_RIGHTS = "42501"
_DISK_FULL = {"53100", "53200"}
_READ_ONLY = "25006"
_NO_SCHEMA = "3F000"


class _Connection:
    """A psycopg connection behind the few sqlite3 methods the store uses (``?`` placeholders)."""

    def __init__(self, raw: psycopg.Connection):
        self.raw = raw

    def execute(self, sql: str, args=()):
        # the store's statements hold no literal '?' or '%': placeholders translate one to one
        return self.raw.execute(sql.replace("?", "%s"), tuple(args))

    def executemany(self, sql: str, rows) -> None:
        with self.raw.cursor() as cursor:
            cursor.executemany(sql.replace("?", "%s"), list(rows))

    @property
    def in_transaction(self) -> bool:
        return self.raw.info.transaction_status != TransactionStatus.IDLE

    def close(self) -> None:
        self.raw.close()


class PostgresStore(Store):
    """The saved matches in a PostgreSQL database (see the module's text). ``path``: the
    ``postgresql://`` address (default ``$TABLETOP_DATABASE_URL``); ``self.path`` is None."""

    _DRIVER_ERRORS = (psycopg.Error,)
    _BEGIN_WRITE = "BEGIN"
    _BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"   # one moment for several reads
    _LOCK_ROW = " FOR UPDATE"

    #: seconds to wait for the server to answer a new connection
    CONNECT_TIMEOUT = 10
    #: ``changed()`` reads the revision at least this often (seconds), notification or not
    RECHECK_EVERY = 5.0

    def _place(self, path) -> None:
        self.url = str(default_location() if path is None else path)
        self.path = None
        self._listener: _Listener | None = None
        self._closed = False

    @property
    def where(self) -> str:
        return location_words(self.url)

    def _connect(self) -> psycopg.Connection:
        try:
            return _open_connection(self.url, self.busy_timeout, self.CONNECT_TIMEOUT)
        except psycopg.Error as exc:
            raise self._connect_error(exc) from None

    @_guarded
    def _open(self) -> None:
        self._db = _Connection(self._connect())
        version = self._schema_version()
        if self.access == "read":            # a copy's source is only read: never built or upgraded
            if version == 0:
                raise StoreError("There are no saved matches in {where}: it holds none of tabletop's tables. Nothing "
                                 "was copied, and nothing was made there.", where=self.where)
            return
        if version < SCHEMA_VERSION:
            self._migrate()

    @property
    def _conn(self) -> _Connection:
        if self._closed or self._db is None:
            raise StoreError(_CLOSED_WORDS, where=self.where)
        if self._db.raw.closed:                   # the server restarted or the network dropped: connect again
            self._db = _Connection(self._connect())
        return self._db

    def close(self) -> None:
        self._closed = True
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop()
        self._close_quietly()

    # --- the schema --------------------------------------------------------------------------
    def _ddl(self, statement: str) -> str:
        for word, spelled in _TYPES:
            statement = word.sub(spelled, statement)
        return statement

    def _migration(self, version: int) -> list[str]:
        # version 4: seeds beyond 64 bits (NUMERIC holds any whole number a save may hold)
        return super()._migration(version) + (["ALTER TABLE matches ALTER COLUMN seed TYPE NUMERIC"]
                                              if version == 3 else [])

    def _seed_in(self, seed):
        return seed                          # psycopg sends a big whole number as NUMERIC

    def _lock_schema(self, db) -> None:
        db.execute("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))

    def _schema_version(self) -> int:
        db = self._db
        tables = {row[0] for row in db.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'f')")}
        if "meta" not in tables:
            if tables & _OUR_TABLES:
                raise StoreError("{where} holds tables named like tabletop's ({tables}) that are not tabletop's "
                                 "saved matches; nothing in it was changed. Give tabletop a database or schema of "
                                 "its own.", where=_capitalized(self.where),
                                 tables=", ".join(sorted(tables & _OUR_TABLES)))
            return 0                               # none of ours: build the schema
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if row is None:
            raise StoreError("The table 'meta' in {where} belongs to some other program, not to tabletop's saved "
                             "matches; nothing in it was changed. Give tabletop a database or schema of its own.",
                             where=self.where)
        return self._readable_version(row[0])

    def _migrate(self) -> None:
        try:
            super()._migrate()
        except psycopg.errors.InsufficientPrivilege:
            raise StoreError("{user} may not create tabletop's tables in {where}, and they are not there yet (or "
                             "need an upgrade). Ask the database's administrator to grant CREATE on the schema, or "
                             "to open it once with tabletop as a role that may (docs/classroom.md). Nothing was "
                             "changed.", user=self._user_words(), where=self.where) from None

    def _announce(self, db, match_id: str) -> None:
        db.execute("SELECT pg_notify(?, ?)", (CHANNEL, match_id))     # delivered when the change commits

    # --- live pages ------------------------------------------------------------------------
    async def changed(self, match_id: str, revision: int) -> int:
        """Wait until the match's revision is no longer ``revision``; return the new one. Awaits
        the database's notification of a change to this match (checked against the revision, so
        another match's or a late notification only costs a read). ``SaveFileError``: deleted."""
        if self._listener is None or not self._listener.alive():
            self._conn                                    # a closed store says so here
            # the thread must not keep the store alive: it gets the address, and stops with the store
            self._listener = _Listener(functools.partial(_open_connection, self.url, self.busy_timeout,
                                                         self.CONNECT_TIMEOUT))
            weakref.finalize(self, self._listener.stop)
        listener = self._listener
        if not listener.listening.is_set():               # LISTEN before the first read, or a change slips by
            await asyncio.to_thread(listener.listening.wait, self.CONNECT_TIMEOUT)
        while True:
            waiter = listener.expect(match_id)            # armed before the read, for the same reason
            try:
                now = self.revision(match_id)
                if now != revision:
                    return now
                timeout = self.RECHECK_EVERY if listener.listening.is_set() else self.POLL_EVERY
                try:
                    await asyncio.wait_for(waiter, timeout)
                except asyncio.TimeoutError:
                    pass
            finally:
                listener.forget(match_id, waiter)

    # --- failures ----------------------------------------------------------------------------
    def _user_words(self) -> Message:
        from psycopg.conninfo import conninfo_to_dict
        try:
            user = conninfo_to_dict(self.url).get("user")
        except psycopg.Error:
            user = None
        # TRANSLATORS: the start of a sentence ("... may not read or change ...")
        return Message(N_("The database user '{user}'"), {"user": user}) if user else \
            Message(N_("This database user"), {})

    def _connect_error(self, exc: psycopg.Error) -> StoreError:
        text = str(exc).lower()
        where = self.where
        if "password authentication failed" in text or "no password supplied" in text:
            return StoreError("The database server refused the password for {where}. Check the password in the "
                              "database address (TABLETOP_DATABASE_URL or --database) or in PGPASSWORD; nothing was "
                              "changed.", where=where)
        if re.search(r'role "[^"]*" does not exist', text):
            return StoreError("The database server has no user of that name ({where}). Check the user name in the "
                              "database address; nothing was changed.", where=where)
        if re.search(r'database "[^"]*" does not exist', text):
            return StoreError("The database server has no database of that name ({where}). Ask its administrator "
                              "to create it, or correct the address; nothing was changed.", where=where)
        if "pg_hba.conf" in text or "not permitted to log in" in text:
            return StoreError("The database server does not let this user in from this computer ({where}). Ask its "
                              "administrator to allow it; nothing was changed.", where=where)
        if "timeout" in text or "timed out" in text:
            why = Message(N_("it did not answer within {seconds} seconds"), {"seconds": self.CONNECT_TIMEOUT})
        elif "translate host name" in text or "name or service not known" in text:
            why = Message(N_("no computer of that name was found"), {})
        else:
            why = Message(N_("nothing answered at that address"), {})
        return StoreError("The database server for the saved matches could not be reached ({where}): {why}. Check "
                          "that it is running and that the address is right; nothing was changed.",
                          where=where, why=why)

    def _store_error(self, exc: psycopg.Error) -> StoreError:
        where = self.where
        state = getattr(exc, "sqlstate", None) or ""
        if state in _BUSY:
            return DatabaseBusy(_BUSY_WORDS, where=where, seconds=format(self.busy_timeout, "g"))
        if state in _DISK_FULL:
            return StoreError("The disk of the database server holding saved matches ({where}) is full. "
                              "Nothing was saved; ask its administrator to free some space.", where=where)
        if state == _NO_RIGHTS:
            return StoreError("{user} may not read or change saved matches ({where}): it needs SELECT, INSERT, "
                              "UPDATE and DELETE on tabletop's tables (docs/classroom.md). Nothing was saved.",
                              user=self._user_words(), where=where)
        if state == _READ_ONLY:
            return StoreError("The saved matches ({where}) may only be read on this database server (a read-only "
                              "copy?). Nothing was saved.", where=where)
        if state == _NO_SCHEMA:
            return StoreError("The saved matches ({where}) have no schema to live in: none of the schemas on the "
                              "user's search path exists. Ask the database's administrator to create one "
                              "(docs/classroom.md); nothing was changed.", where=where)
        if self._closed:
            return StoreError(_CLOSED_WORDS, where=where)
        if isinstance(exc, psycopg.OperationalError) or (self._db is not None and self._db.raw.closed):
            return StoreError("The connection to the database server was lost (saved matches ({where})). Nothing "
                              "was saved; try again in a moment (tabletop connects again by itself).", where=where)
        reason = (getattr(getattr(exc, "diag", None), "message_primary", None) or str(exc)).splitlines()
        reason = (reason[0] if reason else "").rstrip(".") or Message(N_("unknown reason"), {})
        return StoreError(_UNUSABLE_WORDS, where=where, reason=reason)


def _capitalized(words: str) -> Words:
    """``words`` at the start of a sentence, in the reader's language."""
    def rendered() -> str:
        text = words.render() if isinstance(words, Message) else str(words)
        return text[:1].upper() + text[1:]
    return Words(rendered)


def _open_connection(url: str, busy_timeout: float, connect_timeout: float) -> psycopg.Connection:
    raw = psycopg.connect(url, autocommit=True, connect_timeout=connect_timeout)
    try:
        # a row another server holds is waited for this long, then DatabaseBusy (as SQLite's busy_timeout)
        raw.execute(f"SET lock_timeout = {max(1, round(busy_timeout * 1000))}")
    except BaseException:
        raw.close()
        raise
    return raw


class _Listener:
    """A connection in a thread of its own that LISTENs to the change channel and wakes the
    waiting ``changed()`` calls of the match each notification names (in their own event loops).
    When the connection drops it connects again and wakes everyone (they read the revision)."""

    def __init__(self, connect):
        self._connect = connect
        self._waiters: dict[str, set] = {}
        self._lock = threading.Lock()
        self.listening = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tabletop-listen", daemon=True)
        self._thread.start()

    def alive(self) -> bool:
        return self._thread.is_alive() and not self._stopping.is_set()

    def expect(self, match_id: str) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        with self._lock:
            self._waiters.setdefault(match_id, set()).add(future)
        return future

    def forget(self, match_id: str, future: asyncio.Future) -> None:
        with self._lock:
            waiting = self._waiters.get(match_id)
            if waiting is not None:
                waiting.discard(future)
                if not waiting:
                    del self._waiters[match_id]

    def stop(self) -> None:
        self._stopping.set()

    def _wake(self, match_id: str | None) -> None:
        with self._lock:
            futures = [f for m, waiting in self._waiters.items() if match_id is None or m == match_id
                       for f in waiting]
        for future in futures:
            try:
                future.get_loop().call_soon_threadsafe(_settle, future)
            except RuntimeError:                # that loop has closed meanwhile
                pass

    def _run(self) -> None:
        while not self._stopping.is_set():
            conn = None
            try:
                conn = self._connect()
                conn.execute(f"LISTEN {CHANNEL}")
                self.listening.set()
                self._wake(None)                   # whatever happened while not listening is read now
                while not self._stopping.is_set():
                    for note in conn.notifies(timeout=0.5):
                        self._wake(note.payload)
            except psycopg.Error:
                self.listening.clear()
                self._stopping.wait(1.0)           # the server is away: try again in a second
            finally:
                if conn is not None:
                    try:
                        conn.close()
                    except psycopg.Error:
                        pass
        self.listening.clear()


def _settle(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)
