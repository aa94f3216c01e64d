"""What only a database server does: it may be unreachable, refuse a password or a role's rights,
hold a row for another server, drop a connection. Each is said in plain words, never with the
password, and leaves the matches as they were. The rest of the store's behaviour is tested on both
backends by the other files here."""
from __future__ import annotations

import asyncio
import threading
import time

import argon2
import psycopg
import pytest

from pg import PASSWORD
from tabletop import Match
from tabletop.errors import DatabaseBusy, StoreError
from tabletop.store import SCHEMA_VERSION, Store, location_words

from .helpers import assert_plain, play, raw_rows, run_async


def plain_and_secret(exc, *secrets) -> str:
    """The message, checked: plain words, and no password in it."""
    text = str(exc)
    assert_plain(text)
    for secret in secrets:
        assert secret not in text, f"a password in the message: {text}"
    return text


def test_a_wrong_password_is_said_and_the_password_is_not(postgres):
    url = postgres.new_schema(password="not-the-password")
    with pytest.raises(StoreError) as caught:
        Store(url)
    text = plain_and_secret(caught.value, "not-the-password", PASSWORD)
    assert "refused the password" in text and "'stores'" in text


@pytest.mark.parametrize("address", [
    "postgresql://tabletop:s3cret@/tabletop?host=/nonexistent-folder",     # no server on this socket
    "postgresql://tabletop:s3cret@127.0.0.1:9/tabletop",                   # nothing listens on the port
])
def test_an_unreachable_server_is_said_quickly(address):
    started = time.monotonic()
    with pytest.raises(StoreError) as caught:
        Store(address)
    text = plain_and_secret(caught.value, "s3cret")
    assert "could not be reached" in text and "nothing answered" in text
    assert time.monotonic() - started < 5


def test_a_database_that_does_not_exist_is_said(postgres):
    with pytest.raises(StoreError) as caught:
        Store(postgres.url("no_such_database"))
    text = plain_and_secret(caught.value, PASSWORD)
    assert "no database of that name" in text and "'no_such_database'" in text


def test_a_database_url_that_is_not_postgresql_is_refused(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    monkeypatch.setenv("TABLETOP_DATABASE_URL", "mysql://root:hunter2@db/tabletop")
    with pytest.raises(StoreError) as caught:             # what the start page shows, as any store failure
        Store()
    plain_and_secret(caught.value, "hunter2")
    assert list(tmp_path.iterdir()) == []                     # no file made instead
    monkeypatch.setenv("TABLETOP_DATABASE_URL", "")           # empty: the data folder's file
    assert Store().path == tmp_path / "matches.sqlite3"


def test_where_a_store_is_never_shows_its_password(postgres):
    url = postgres.new_schema()
    assert PASSWORD not in location_words(url) and PASSWORD not in Store(url).where
    assert location_words("postgresql://ann:pw@db.example.org:6432/class7") == \
        "the PostgreSQL database 'class7' on db.example.org:6432 as user 'ann'"


def test_tables_of_another_program_are_refused_and_left_alone(postgres):
    url = postgres.new_schema()
    with psycopg.connect(url, autocommit=True) as other:
        other.execute("CREATE TABLE matches (home TEXT, away TEXT, score TEXT)")
        other.execute("INSERT INTO matches VALUES ('Leeds', 'Hull', '2-1')")
    with pytest.raises(StoreError) as caught:
        Store(url)
    assert "not tabletop's" in plain_and_secret(caught.value, PASSWORD)
    assert raw_rows(url, "SELECT * FROM matches") == [("Leeds", "Hull", "2-1")]
    assert raw_rows(url, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()") == [(1,)]


# --- rights of a class's role ----------------------------------------------------------------------
def make_role(postgres, name: str) -> None:
    postgres.psql(f"DROP ROLE IF EXISTS {name}; CREATE ROLE {name} LOGIN PASSWORD 'pupil-pw'")


def test_a_role_that_may_not_create_the_tables_is_told_what_to_ask_for(postgres):
    make_role(postgres, "pupil1")
    url = postgres.new_schema()
    schema = url.rsplit("%3D", 1)[1]
    postgres.psql(f"GRANT CONNECT ON DATABASE stores TO pupil1; GRANT USAGE ON SCHEMA {schema} TO pupil1",
                  "stores")
    with pytest.raises(StoreError) as caught:
        Store(url.replace(f"postgres:{PASSWORD}@", "pupil1:pupil-pw@"))
    text = plain_and_secret(caught.value, "pupil-pw", PASSWORD)
    assert "may not create tabletop's tables" in text and "grant CREATE" in text and "'pupil1'" in text
    assert raw_rows(url, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()") == [(0,)]


def test_a_role_that_may_only_read_is_told_that_nothing_was_saved(postgres):
    make_role(postgres, "pupil2")
    url = postgres.new_schema()
    schema = url.rsplit("%3D", 1)[1]
    with Store(url) as owner:                                   # the owner built the tables
        saved = owner.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=3))
        play(saved, 6)
    postgres.psql(f"GRANT USAGE ON SCHEMA {schema} TO pupil2; "
                  f"GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO pupil2", "stores")
    store = Store(url.replace(f"postgres:{PASSWORD}@", "pupil2:pupil-pw@"))
    mine = store.open(saved.id)                                  # reading is allowed
    assert mine.match.log == saved.match.log
    with pytest.raises(StoreError) as caught:
        mine.apply(mine.match.legal_actions()[0])
    text = plain_and_secret(caught.value, "pupil-pw", PASSWORD)
    assert "'pupil2' may not read or change" in text and "Nothing was saved" in text
    assert mine.match.log == saved.match.log and store.open(saved.id).match.log == saved.match.log


# --- another server holds a row; the connection drops ----------------------------------------------------------
def test_a_row_held_by_another_server_is_waited_for_then_busy(postgres):
    url = postgres.new_schema()
    store = Store(url, busy_timeout=0.5)
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=5))
    play(saved, 4)
    before = saved.match.log
    with psycopg.connect(url, autocommit=True) as other:
        other.execute("BEGIN")
        other.execute("SELECT 1 FROM matches WHERE id = %s FOR UPDATE", (saved.id,))
        started = time.monotonic()
        with pytest.raises(DatabaseBusy) as caught:
            saved.apply(saved.match.legal_actions()[0])
        waited = time.monotonic() - started
        assert 0.45 <= waited < 2.5, waited
        assert "Nothing was saved" in plain_and_secret(caught.value, PASSWORD)
        assert saved.match.log == before
        other.execute("ROLLBACK")
    saved.apply(saved.match.legal_actions()[0])                # free again: the entry is saved
    assert len(Store(url).open(saved.id).match) == len(before) + 1


def test_a_read_only_server_is_said_in_plain_words(postgres):
    url = postgres.new_schema()
    store = Store(url)
    store._db.execute("SET default_transaction_read_only = on")  # as on a read-only replica
    with pytest.raises(StoreError) as caught:
        store.create(Match("jika", ["Dee", "Eve", "Fay"]))
    assert "may only be read" in plain_and_secret(caught.value, PASSWORD)
    assert Store(url).list() == []


def terminate(url: str, where: str) -> int:
    """Cut the server side of tabletop's connections that match ``where`` (as a restart would)."""
    with psycopg.connect(url, autocommit=True) as admin:
        return len(admin.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                 f"WHERE pid <> pg_backend_pid() AND datname = 'stores' AND {where}").fetchall())


def test_a_dropped_connection_loses_nothing_and_the_store_connects_again(postgres):
    url = postgres.new_schema()
    store = Store(url)
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=7))
    play(saved, 5)
    before = saved.match.log
    pid = store._db.raw.info.backend_pid
    assert terminate(url, f"pid = {pid}") == 1
    with pytest.raises(StoreError) as caught:
        saved.apply(saved.match.legal_actions()[0])
    text = plain_and_secret(caught.value, PASSWORD)
    assert "connection to the database server was lost" in text and "Nothing was saved" in text
    assert saved.match.log == before
    saved.apply(saved.match.legal_actions()[0])                # the next entry connects again
    assert store._db.raw.info.backend_pid != pid
    assert Store(url).open(saved.id).match.log == saved.match.log and len(saved.match) == len(before) + 1


def test_a_waiting_page_keeps_following_when_its_listening_connection_drops(postgres):
    url = postgres.new_schema()
    writer = Store(url).create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=8))
    page = Store(url)
    seen: list[tuple[int, float]] = []

    async def follow(revision: int) -> None:
        while len(seen) < 2:
            revision = await page.changed(writer.id, revision)
            seen.append((revision, time.monotonic()))
    loop_done = threading.Event()
    start = page.revision(writer.id)
    runner = threading.Thread(target=lambda: (asyncio.run(asyncio.wait_for(follow(start), 30)), loop_done.set()))
    runner.start()
    deadline = time.monotonic() + 10
    while terminate(url, "query LIKE 'LISTEN%'") == 0:          # the page's listener, once it listens
        assert time.monotonic() < deadline, "the page never listened"
        time.sleep(0.05)
    writer.apply(writer.match.legal_actions()[0])               # while the listener reconnects
    first = time.monotonic()
    while len(seen) < 1 and time.monotonic() < first + 10:
        time.sleep(0.02)
    writer.apply(writer.match.legal_actions()[0])               # and after
    second = time.monotonic()
    runner.join(30)
    assert loop_done.is_set() and [r for r, _ in seen] == [start + 1, start + 2]
    # a reconnection takes about a second; without one only the 5 s recheck would find them
    assert seen[0][1] - first < 3 and seen[1][1] - second < 1.5


def test_the_schema_version_is_kept_in_the_database(postgres):
    url = postgres.new_schema()
    Store(url).close()
    assert raw_rows(url, "SELECT value FROM meta WHERE key = 'schema'") == [(str(SCHEMA_VERSION),)]
    types = dict(raw_rows(url, "SELECT column_name, data_type FROM information_schema.columns "
                               "WHERE table_schema = current_schema() AND table_name IN ('matches', 'pins')"))
    # times to the microsecond, seeds and PIN hashes as they are
    assert types["updated"] == types["locked_until"] == "double precision"
    assert types["seed"] == "numeric" and types["hash"] == "bytea"      # any whole number a save holds


def test_serve_says_a_database_it_cannot_use_before_starting(postgres, capsys):
    """``tabletop serve --database URL`` checks the database once, at the command line, instead of
    each page saying it; a wrong password or address is an exit code 2 and a sentence."""
    from tabletop.cli import main
    started = time.monotonic()
    assert main(["serve", "--no-browser", "--port", "0", "--database",
                 postgres.new_schema(password="not-the-password")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("tabletop: ") and "refused the password" in error
    assert main(["serve", "--no-browser", "--database", "mysql://root:hunter2@db/x"]) == 2
    error = capsys.readouterr().err
    assert "must be a PostgreSQL address" in error
    plain_and_secret(error[len("tabletop: "):].strip(), "not-the-password", "hunter2")
    assert time.monotonic() - started < 10                     # no Voilà was started


def test_the_administrators_recipe_in_the_docs_works_as_written(postgres):
    """docs/classroom.md's roles and rights, run as written: the class role cannot build the
    tables (and is told what to ask for), the owner role builds them, then the class role plays,
    follows changes and keeps PINs, but cannot drop or add a table."""
    import re
    from pathlib import Path
    docs = (Path(__file__).parents[2] / "docs" / "classroom.md").read_text()
    recipe = re.search(r"run as written by\s+`tests/store/test_postgres.py`:\s+```sql\n(.*?)```", docs, re.S)
    assert recipe, "the recipe is no longer in docs/classroom.md"
    postgres.psql_script(recipe.group(1))
    owner = postgres.url("tabletop", "tabletop_owner", "owner-password")
    pupils = postgres.url("tabletop", "tabletop_class", "class-password")
    with pytest.raises(StoreError) as caught:                   # before the owner's first run
        Store(pupils)
    assert "may not create tabletop's tables" in plain_and_secret(caught.value, "class-password")
    Store(owner).close()
    assert raw_rows(owner, "SELECT schemaname, count(*) FROM pg_tables WHERE tableowner = 'tabletop_owner' "
                           "GROUP BY schemaname") == [("tabletop", 6)]
    store = Store(pupils, pin_hasher=argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=9))
    store.set_pin(saved.id, 0, "4711")
    revision = store.revision(saved.id)
    other = Store(pupils).open(saved.id)
    waiting = threading.Thread(target=other.apply, args=(other.match.legal_actions()[0],))
    waiting.start()
    assert run_async(store.changed(saved.id, revision), 10) == revision + 1
    waiting.join()
    assert store.check_pin(saved.id, 0, "4711") and store.seat_key(saved.id, 1)
    for statement in ("DROP TABLE matches", "CREATE TABLE notes (t TEXT)", "ALTER TABLE pins ADD COLUMN x TEXT"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw_rows(pupils, statement)
