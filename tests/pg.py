"""A throwaway PostgreSQL server for tests: Debian's own binaries, a new cluster in a temporary folder,
reached through a Unix socket in that folder (no port to collide on), password login (scram-sha-256).

Outside CI a machine without PostgreSQL skips these tests; under CI set to a true value they fail
instead (.ci/run installs Debian's postgresql).

    with throwaway_postgres() as pg:          # a cluster of one's own
        url = pg.create_database("x")
    server = session_postgres(request)        # one cluster for the whole test run, started on first use
    url = server.new_schema()                 # an empty schema of its own, in a shared database
"""
from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import pytest

PASSWORD = "table-top-test"


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes", "on")


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian keeps them under /usr/lib/postgresql)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def postgres_or_skip() -> Path:
    found = postgres_bin()
    if found:
        return found
    if in_ci():
        pytest.fail("CI is set but PostgreSQL is not installed (apt-get install postgresql): "
                    "the PostgreSQL store tests must run in CI.")
    pytest.skip("PostgreSQL is not installed (apt-get install postgresql); its tests skipped outside CI.")


class Server:
    """One running cluster; ``url`` logs in as the superuser ``postgres`` with ``PASSWORD``."""

    def __init__(self, folder: Path, proc: subprocess.Popen, as_user: list[str]):
        self.folder, self.proc, self._as_user = folder, proc, as_user

    def url(self, database: str = "postgres", user: str = "postgres", password: str = PASSWORD) -> str:
        return (f"postgresql://{quote(user)}:{quote(password)}@/{database}"
                f"?host={quote(str(self.folder), safe='')}")

    def psql(self, sql: str, database: str = "postgres") -> str:
        done = subprocess.run(self._as_user + [str(postgres_bin() / "psql"), "-h", str(self.folder),
                                               "-d", database, "-v", "ON_ERROR_STOP=1", "-Atc", sql],
                              env={**os.environ, "PGPASSWORD": PASSWORD, "PGUSER": "postgres"},
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def psql_script(self, script: str) -> str:
        """Run a psql script (``\\connect`` and all) as the superuser."""
        path = self.folder / f"script-{time.monotonic_ns()}.sql"
        path.write_text(script)
        path.chmod(0o644)
        done = subprocess.run(self._as_user + [str(postgres_bin() / "psql"), "-h", str(self.folder), "-d", "postgres",
                                               "-v", "ON_ERROR_STOP=1", "-qAt", "-f", str(path)],
                              env={**os.environ, "PGPASSWORD": PASSWORD, "PGUSER": "postgres"},
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def create_database(self, name: str) -> str:
        self.psql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def new_schema(self, user: str = "postgres", password: str = PASSWORD) -> str:
        """An address whose tables go to a new empty schema of the database ``stores`` (made on
        first use): cheaper than a database per test, and what a hub with a schema per course does."""
        admin = getattr(self, "_stores", None)
        if admin is None:
            import psycopg
            self.psql('CREATE DATABASE "stores"')
            admin = self._stores = psycopg.connect(self.url("stores"), autocommit=True)  # quicker than psql
        self._schemas = getattr(self, "_schemas", 0) + 1
        schema = f"s{self._schemas}"
        admin.execute(f'CREATE SCHEMA "{schema}"')
        return self.url("stores", user, password) + f"&options=-csearch_path%3D{schema}"


@contextlib.contextmanager
def throwaway_postgres(fsync: bool = False):
    """Start a new PostgreSQL cluster; stop it and delete its folder afterwards. ``fsync``: commits
    reach the disk (as in production, for bench/bench_store.py); tests need not wait for it."""
    bin_dir = postgres_or_skip()
    # a short path: a Unix socket's name may not pass 107 bytes
    folder = Path(tempfile.mkdtemp(prefix="ttpg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:                       # PostgreSQL refuses to run as root
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            pytest.fail("running as root needs Debian's 'postgres' user (apt-get install postgresql)")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data = folder / "data"
    pwfile = folder / "pw"
    pwfile.write_text(PASSWORD + "\n")
    if as_user:
        os.chown(pwfile, pwd.getpwnam("postgres").pw_uid, -1)
    subprocess.run(as_user + [str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=scram-sha-256",
                              f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
                   check=True, capture_output=True)
    log = open(folder / "server.log", "w")
    if as_user:
        os.chown(folder / "server.log", pwd.getpwnam("postgres").pw_uid, -1)
    proc = subprocess.Popen(as_user + [str(bin_dir / "postgres"), "-D", str(data), "-k", str(folder),
                                       "-c", "listen_addresses=", "-c", f"fsync={'on' if fsync else 'off'}",
                                       "-c", "max_connections=200"],
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(folder, proc, as_user)
    try:
        deadline = time.monotonic() + 60
        while not (folder / ".s.PGSQL.5432").exists():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("PostgreSQL did not start: " + (folder / "server.log").read_text()[-2000:])
            time.sleep(0.05)
        wait_ready(bin_dir, folder, deadline)
        yield server
    finally:
        if getattr(server, "_stores", None) is not None:
            server._stores.close()
        if proc.poll() is None:
            os.killpg(proc.pid, 15)              # smart shutdown would wait for clients: SIGINT is "fast"
            os.killpg(proc.pid, 2)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
                proc.wait()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


def session_postgres(request) -> Server:
    """The test run's one PostgreSQL cluster (started by the first test that asks, stopped at the
    end of the run), so the SQLite and PostgreSQL runs of the store tests cost one start."""
    config = request.config
    server = getattr(config, "_tabletop_postgres", None)
    if server is None:
        stack = contextlib.ExitStack()
        server = stack.enter_context(throwaway_postgres())
        config._tabletop_postgres = server
        config.add_cleanup(stack.close)
    return server


def wait_ready(bin_dir: Path, folder: Path, deadline: float) -> None:
    while subprocess.run([str(bin_dir / "pg_isready"), "-q", "-h", str(folder)]).returncode != 0:
        if time.monotonic() > deadline:
            raise RuntimeError("PostgreSQL did not accept connections: "
                               + (folder / "server.log").read_text()[-2000:])
        time.sleep(0.05)
