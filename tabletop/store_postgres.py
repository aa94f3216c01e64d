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

from .errors import DatabaseBusy, StoreError
from .store import SCHEMA_VERSION, Store, _guarded, default_location, location_words

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
        if self._schema_version() < SCHEMA_VERSION:
            self._migrate()

    @property
    def _conn(self) -> _Connection:
        if self._closed or self._db is None:
            raise StoreError(f"The saved matches ({self.where}) were closed; reload the page to open them again.")
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

    def _lock_schema(self, db) -> None:
        db.execute("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))

    def _schema_version(self) -> int:
        db = self._db
        tables = {row[0] for row in db.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'f')")}
        if "meta" not in tables:
            if tables & _OUR_TABLES:
                raise StoreError(f"{self.where[0].upper()}{self.where[1:]} holds tables named like tabletop's "
                                 f"({', '.join(sorted(tables & _OUR_TABLES))}) that are not tabletop's saved "
                                 f"matches; nothing in it was changed. Give tabletop a database or schema of "
                                 f"its own.")
            return 0                               # none of ours: build the schema
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if row is None:
            raise StoreError(f"The table 'meta' in {self.where} belongs to some other program, not to "
                             f"tabletop's saved matches; nothing in it was changed. Give tabletop a database "
                             f"or schema of its own.")
        return self._readable_version(row[0])

    def _migrate(self) -> None:
        try:
            super()._migrate()
        except psycopg.errors.InsufficientPrivilege:
            raise StoreError(f"{self._user_words()} may not create tabletop's tables in {self.where}, and "
                             f"they are not there yet (or need an upgrade). Ask the database's administrator "
                             f"to grant CREATE on the schema, or to open it once with tabletop as a role "
                             f"that may (docs/classroom.md). Nothing was changed.") from None

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
    def _user_words(self) -> str:
        from psycopg.conninfo import conninfo_to_dict
        try:
            user = conninfo_to_dict(self.url).get("user")
        except psycopg.Error:
            user = None
        return f"The database user '{user}'" if user else "This database user"

    def _connect_error(self, exc: psycopg.Error) -> StoreError:
        text = str(exc).lower()
        where = self.where
        if "password authentication failed" in text or "no password supplied" in text:
            return StoreError(f"The database server refused the password for {where}. Check the password in "
                              f"the database address (TABLETOP_DATABASE_URL or --database) or in PGPASSWORD; "
                              f"nothing was changed.")
        if re.search(r'role "[^"]*" does not exist', text):
            return StoreError(f"The database server has no user of that name ({where}). Check the user name in "
                              f"the database address; nothing was changed.")
        if re.search(r'database "[^"]*" does not exist', text):
            return StoreError(f"The database server has no database of that name ({where}). Ask its "
                              f"administrator to create it, or correct the address; nothing was changed.")
        if "pg_hba.conf" in text or "not permitted to log in" in text:
            return StoreError(f"The database server does not let this user in from this computer ({where}). Ask "
                              f"its administrator to allow it; nothing was changed.")
        if "timeout" in text or "timed out" in text:
            why = f"it did not answer within {self.CONNECT_TIMEOUT} seconds"
        elif "translate host name" in text or "name or service not known" in text:
            why = "no computer of that name was found"
        else:
            why = "nothing answered at that address"
        return StoreError(f"The database server for the saved matches could not be reached ({where}): {why}. "
                          f"Check that it is running and that the address is right; nothing was changed.")

    def _store_error(self, exc: psycopg.Error) -> StoreError:
        where = f"The saved matches ({self.where})"
        state = getattr(exc, "sqlstate", None) or ""
        if state in _BUSY:
            return DatabaseBusy(f"{where} are in use by another program, which did not let go within "
                                f"{self.busy_timeout:g} seconds. Nothing was saved; try again in a moment.")
        if state in _DISK_FULL:
            return StoreError(f"The disk of the database server holding {where[4:]} is full. Nothing was saved; "
                              f"ask its administrator to free some space.")
        if state == _NO_RIGHTS:
            return StoreError(f"{self._user_words()} may not read or change {where[4:]}: it needs SELECT, "
                              f"INSERT, UPDATE and DELETE on tabletop's tables (docs/classroom.md). "
                              f"Nothing was saved.")
        if state == _READ_ONLY:
            return StoreError(f"{where} may only be read on this database server (a read-only copy?). "
                              f"Nothing was saved.")
        if state == _NO_SCHEMA:
            return StoreError(f"{where} have no schema to live in: none of the schemas on the user's search "
                              f"path exists. Ask the database's administrator to create one (docs/classroom.md); "
                              f"nothing was changed.")
        if self._closed:
            return StoreError(f"{where} were closed; reload the page to open them again.")
        if isinstance(exc, psycopg.OperationalError) or (self._db is not None and self._db.raw.closed):
            return StoreError(f"The connection to the database server was lost ({where[4:]}). Nothing was "
                              f"saved; try again in a moment (tabletop connects again by itself).")
        reason = (getattr(getattr(exc, "diag", None), "message_primary", None) or str(exc)).splitlines()
        reason = (reason[0] if reason else "").rstrip(".") or "unknown reason"
        return StoreError(f"{where} could not be read or written ({reason}). Nothing was saved.")


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
