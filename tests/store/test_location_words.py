"""The words for a PostgreSQL address name the database the store really opens, also when the
address leaves the database or the user out. libpq's rules (PostgreSQL manual, "Parameter Key
Words" and "Environment Variables"): a missing user is PGUSER, else the computer's user name; a
missing database is PGDATABASE, else the user's name. The expected database is the one the
server says holds the store's tables, not what the words function computes."""
from __future__ import annotations

import os
import pwd
from urllib.parse import quote

import pytest

from pg import PASSWORD
from tabletop.store import Store, location_words

OS_USER = pwd.getpwuid(os.geteuid()).pw_name        # what libpq logs in as when nobody says


def role_with_database(postgres, role: str, database: str) -> None:
    """A login role (the tests' password) owning a database, made once per test run's cluster."""
    if not postgres.psql(f"SELECT 1 FROM pg_roles WHERE rolname = '{role}'").strip():
        postgres.psql(f"CREATE ROLE \"{role}\" LOGIN PASSWORD '{PASSWORD}'")
    if not postgres.psql(f"SELECT 1 FROM pg_database WHERE datname = '{database}'").strip():
        postgres.psql(f'CREATE DATABASE "{database}" OWNER "{role}"')


def holds_the_store(postgres, database: str) -> bool:
    return postgres.psql("SELECT count(*) FROM pg_tables WHERE tablename = 'matches'", database).strip() == "1"


@pytest.mark.parametrize("user_in_address,environment,role,database", [
    # nothing said: the computer's user, and the database of that name
    ("", {}, OS_USER, OS_USER),
    # PGUSER gives the user, and so the database's name
    ("", {"PGUSER": "ann"}, "ann", "ann"),
    # PGDATABASE names the database even when the address gives a user
    ("bob", {"PGDATABASE": "club"}, "bob", "club"),
])
def test_an_address_without_a_database_is_said_with_the_database_the_store_opens(
        postgres, monkeypatch, user_in_address, environment, role, database):
    for name in ("PGUSER", "PGDATABASE", "PGSERVICE", "PGHOST", "PGPASSWORD"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    role_with_database(postgres, role, database)
    socket_folder = quote(str(postgres.folder), safe="")
    url = f"postgresql://{user_in_address}@/?host={socket_folder}&password={PASSWORD}"
    assert not holds_the_store(postgres, database)
    Store(url).close()
    assert holds_the_store(postgres, database)              # where the server put its tables
    as_user = f" as user '{user_in_address}'" if user_in_address else ""
    assert location_words(url) == f"the PostgreSQL database '{database}' on {postgres.folder}{as_user}"


@pytest.mark.parametrize("location, words", [
    # no host in the address: libpq's Unix socket on this computer
    ("postgresql://ann@/games", "the PostgreSQL database 'games' on this computer as user 'ann'"),
    # the database's name whole, whatever letter it begins with
    ("postgresql://ann@db.example/Xmas", "the PostgreSQL database 'Xmas' on db.example as user 'ann'"),
    # a file is said as its path
    ("/srv/tabletop/matches.sqlite3", "/srv/tabletop/matches.sqlite3"),
])
def test_an_address_without_a_server_says_this_computer_and_a_file_is_its_path(location, words):
    assert str(location_words(location)) == words
