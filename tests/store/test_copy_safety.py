"""``tabletop store copy SRC DST`` never destroys, moves or leaks (issue 28, finding 4).

Every test runs the real command (``.venv/bin/tabletop store copy ...`` in a subprocess) on real
files, real SQLite and the test run's real PostgreSQL. The source is only read: its folder is the
same, byte for byte, name for name, mode for mode, afterwards. A target must be new (in a folder
that exists) or tabletop's own saved matches; anything else is refused and left as it is. An
address tabletop does not keep matches at is refused in words, and no password is ever printed.
Every refusal exits with a non-zero status.
"""
from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from pg import PASSWORD
from tabletop import Match
from tabletop.store import Store

from .helpers import assert_plain, make_store, play, raw_rows

TABLETOP = Path(sys.executable).with_name("tabletop")
PASSWD_LIKE = b"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"


def copy(*args, cwd=None, timeout=60) -> subprocess.CompletedProcess:
    """The real command, as a teacher types it."""
    return subprocess.run([str(TABLETOP), "store", "copy", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)


def folder_state(folder: Path) -> dict:
    """Every entry of ``folder`` (not following links): its kind, mode, size, time and content."""
    out = {}
    for entry in sorted(folder.iterdir()):
        found = entry.lstat()
        content = hashlib.sha256(entry.read_bytes()).hexdigest() if stat.S_ISREG(found.st_mode) else None
        out[entry.name] = (stat.S_IFMT(found.st_mode), stat.S_IMODE(found.st_mode), found.st_size,
                           found.st_mtime_ns, content)
    return out


def refused(done: subprocess.CompletedProcess, *secrets: str) -> str:
    """The command failed with one plain sentence after ``tabletop:``, and no secret in any output."""
    assert done.returncode != 0, done.stdout
    for secret in secrets:
        assert secret not in done.stdout + done.stderr, f"a password was printed: {done.stderr}"
    assert done.stdout == ""
    assert done.stderr.startswith("tabletop: "), done.stderr
    text = done.stderr[len("tabletop: "):].strip()
    assert "\n" not in text, done.stderr                    # no traceback
    # file names and addresses may say "sqlite": the words around them may not
    assert_plain(re.sub(r"[A-Za-z][\w+.-]*://\S*|~?/[^\s,;]*[^\s,;.)]", "<file>", text))
    return text


def laptop_store(folder: Path, n_matches: int = 2) -> tuple[Path, list[str]]:
    folder.mkdir(exist_ok=True)
    path = folder / "matches.sqlite3"
    return path, make_store(path, n_matches=n_matches, entries=30)


def ids_in(path) -> list[str]:
    with Store(path) as store:
        return sorted(info.id for info in store.list())


# --- what is not a database -------------------------------------------------------------------
def test_a_file_that_is_not_a_database_is_refused_either_way_and_stays_as_it_was(tmp_path):
    other = tmp_path / "etc"
    other.mkdir()
    passwd = other / "passwd"
    passwd.write_bytes(PASSWD_LIKE)
    passwd.chmod(0o644)
    source, ids = laptop_store(tmp_path / "laptop")
    before, laptop_before = folder_state(other), folder_state(source.parent)

    text = refused(copy(passwd, tmp_path / "new.sqlite3"))
    assert str(passwd) in text and "left it as it is" in text and "Nothing was copied" in text
    assert not (tmp_path / "new.sqlite3").exists()

    text = refused(copy(source, passwd))
    assert str(passwd) in text and "not tabletop's saved matches" in text and "left it as it is" in text
    assert folder_state(other) == before                    # not renamed, not written, not chmodded
    assert passwd.read_bytes() == PASSWD_LIKE
    assert folder_state(source.parent) == laptop_before


def own_device(folder: Path) -> Path:
    """A character device of the test's own, the same as /dev/null (as root: one can be made, and
    the real /dev/null is not put at risk by a tabletop that would move it aside)."""
    if os.geteuid() != 0:
        return Path("/dev/null")                         # nobody but root could move it
    device = folder / "null"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return device


def test_a_device_or_a_pipe_is_refused_at_once_either_way_and_left_alone(tmp_path):
    source, _ = laptop_store(tmp_path / "laptop")
    things = tmp_path / "things"
    things.mkdir()
    device = own_device(things)
    pipe = things / "pipe"
    os.mkfifo(pipe)
    before = folder_state(things)
    for thing in (device, pipe):
        for args in ((thing, tmp_path / "new.sqlite3"), (source, thing)):
            text = refused(copy(*args, timeout=20))          # a pipe opened for reading would wait for ever
            assert str(thing) in text and "a device, a pipe or a socket" in text
    assert folder_state(things) == before
    assert stat.S_ISCHR(device.stat().st_mode) and stat.S_ISFIFO(pipe.stat().st_mode)
    assert not (tmp_path / "new.sqlite3").exists()


def test_a_folder_is_refused_either_way(tmp_path):
    source, _ = laptop_store(tmp_path / "laptop")
    folder = tmp_path / "a-folder"
    folder.mkdir()
    for args in ((folder, tmp_path / "new.sqlite3"), (source, folder)):
        assert "but that is a folder" in refused(copy(*args))
    assert list(folder.iterdir()) == []


# --- addresses ----------------------------------------------------------------------------------
@pytest.mark.parametrize("address, said", [
    ("mysql://teacher:hunter2@db.example.org/tabletop", "mysql://"),
    ("http://teacher:hunter2@example.org/matches.sqlite3", "http://"),
    ("HTTPS://example.org/matches.sqlite3?password=hunter2", "https://"),
    ("sqlite:///matches.sqlite3", "Give the file's path itself"),
    ("file:///tmp/matches.sqlite3", "Give the file's path itself"),
])
def test_an_address_of_another_kind_is_refused_in_words_without_its_password(tmp_path, address, said):
    source, _ = laptop_store(tmp_path / "laptop")
    work = tmp_path / "work"
    work.mkdir()
    laptop_before = folder_state(source.parent)
    for args in ((address, source.parent / "new.sqlite3"), (source, address)):
        text = refused(copy(*args, cwd=work), "hunter2")
        assert said in text and "nothing was changed" in text.lower()
        if "hunter2" in address:
            assert "***" in text                           # the address is named, its password masked
    assert list(work.iterdir()) == []                      # no folder named after the address
    assert folder_state(source.parent) == laptop_before


def test_a_postgresql_password_is_never_printed(tmp_path, postgres):
    source, ids = laptop_store(tmp_path / "laptop")
    hub = postgres.new_schema()
    assert PASSWORD in hub
    done = copy(source, hub)
    assert done.returncode == 0, done.stderr
    assert PASSWORD not in done.stdout + done.stderr and "copied 2 matches" in done.stdout
    wrong = postgres.new_schema(password="not-the-password")
    for args in ((wrong, tmp_path / "back.sqlite3"), (source, wrong)):
        text = refused(copy(*args), "not-the-password", PASSWORD)
        assert "refused the password" in text
    in_query = hub.replace(f":{PASSWORD}@", "@") + "&password=not-the-password"
    refused(copy(in_query, tmp_path / "back.sqlite3"), "not-the-password", PASSWORD)
    assert not (tmp_path / "back.sqlite3").exists()


# --- the source is only read ----------------------------------------------------------------------
def test_the_source_file_is_only_read(tmp_path):
    source, ids = laptop_store(tmp_path / "laptop")
    source.chmod(0o640)                # even its mode stays: the source is not tabletop's to tighten
    before = folder_state(source.parent)
    done = copy(source, tmp_path / "copy.sqlite3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("copied 2 matches")
    assert folder_state(source.parent) == before           # no -wal, no -shm, no lock file left behind
    assert ids_in(tmp_path / "copy.sqlite3") == sorted(ids)


def test_an_old_tabletops_file_is_copied_and_stays_old(tmp_path):
    laptop = tmp_path / "laptop"
    laptop.mkdir()
    source = laptop / "old.sqlite3"
    source.write_bytes((Path(__file__).parent / "data" / "schema_v1.sqlite3").read_bytes())
    before = folder_state(laptop)
    done = copy(source, tmp_path / "copy.sqlite3")
    assert done.returncode == 0, done.stderr
    assert folder_state(laptop) == before                   # upgraded in memory only
    assert raw_rows(str(source), "SELECT value FROM meta WHERE key = 'schema'") == [("1",)]
    assert len(ids_in(tmp_path / "copy.sqlite3")) == 2


def test_a_source_in_use_gives_its_latest_entries_and_keeps_them(tmp_path):
    source, _ = laptop_store(tmp_path / "laptop", n_matches=1)
    store = Store(source)                                   # a server playing on it right now
    live = store.create(Match("jika", ["Dee", "Eve", "Fay"], seed=3))
    play(live, 12, seed=3)
    assert Path(f"{source}-wal").stat().st_size > 0         # the entries are in the log, not the file yet
    try:
        done = copy(source, tmp_path / "copy.sqlite3", "--match", live.id)
        assert done.returncode == 0, done.stderr
        with Store(tmp_path / "copy.sqlite3") as copied:
            assert copied.open(live.id).match.log == live.match.log
        play(live, 3, seed=4)                               # the server goes on saving
        with Store(source) as again:
            assert again.open(live.id).match.log == live.match.log
    finally:
        store.close()


def test_a_postgresql_source_is_neither_built_nor_upgraded(tmp_path, postgres):
    empty = postgres.new_schema()
    text = refused(copy(empty, tmp_path / "copy.sqlite3"), PASSWORD)
    assert "none of tabletop's tables" in text
    assert raw_rows(empty, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()") == [(0,)]
    assert not (tmp_path / "copy.sqlite3").exists()


# --- damaged files --------------------------------------------------------------------------------
def damaged_store(folder: Path) -> Path:
    path, _ = laptop_store(folder)
    with open(path, "r+b") as file:                 # SQLite's header intact, pages after it garbage
        file.seek(4096)
        file.write(os.urandom(8 * 4096))
    return path


def test_a_damaged_source_or_target_is_refused_and_stays_where_it_is(tmp_path):
    damaged = damaged_store(tmp_path / "damaged")
    good, _ = laptop_store(tmp_path / "good")
    before = folder_state(damaged.parent)
    for args in ((damaged, tmp_path / "new.sqlite3"), (good, damaged)):
        text = refused(copy(*args))
        assert str(damaged) in text and "damaged" in text and "left it as it is" in text
        assert folder_state(damaged.parent) == before      # never moved aside, never changed
    assert not (tmp_path / "new.sqlite3").exists()


# --- what a target may be ----------------------------------------------------------------------------
def test_a_target_that_is_not_tabletops_is_refused_and_left_as_it_is(tmp_path):
    source, _ = laptop_store(tmp_path / "laptop")
    others = tmp_path / "others"
    others.mkdir()
    (others / "empty").write_bytes(b"")
    db = sqlite3.connect(others / "contacts.sqlite3")
    db.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    db.execute("INSERT INTO contacts VALUES ('Ann', '555-0100')")
    db.commit()
    db.close()
    db = sqlite3.connect(others / "no-tables.sqlite3")
    db.execute("PRAGMA user_version = 7")                  # a database file with no table in it
    db.close()
    before = folder_state(others)
    for name in ("empty", "contacts.sqlite3", "no-tables.sqlite3"):
        text = refused(copy(source, others / name))
        assert str(others / name) in text and "nothing" in text.lower()
    assert folder_state(others) == before


def test_a_missing_target_is_made_but_never_a_folder(tmp_path):
    source, ids = laptop_store(tmp_path / "laptop")
    nowhere = tmp_path / "typo" / "deeper" / "matches.sqlite3"
    text = refused(copy(source, nowhere))
    assert "There is no folder" in text and str(nowhere.parent) in text
    assert not (tmp_path / "typo").exists()
    made = tmp_path / "usb" / "matches.sqlite3"
    made.parent.mkdir()
    done = copy(source, made)
    assert done.returncode == 0, done.stderr
    assert ids_in(made) == sorted(ids)
    assert stat.S_IMODE(made.stat().st_mode) == 0o600           # it holds every secret


def test_a_target_of_saved_matches_takes_the_copy_and_keeps_its_own(tmp_path):
    source, ids = laptop_store(tmp_path / "laptop")
    target, held = laptop_store(tmp_path / "desk", n_matches=1)
    with Store(target) as store:
        theirs = store.create(Match("jika", ["Gus", "Hal", "Ida"])).id
    done = copy(source, target)
    assert done.returncode == 0, done.stderr
    assert ids_in(target) == sorted(ids + held + [theirs])
    assert [p.name for p in target.parent.iterdir() if ".damaged-" in p.name] == []


def test_a_file_copied_onto_itself_is_refused(tmp_path):
    source, _ = laptop_store(tmp_path / "laptop")
    before = folder_state(source.parent)
    text = refused(copy(source, source.parent / "." / source.name, "--replace"))
    assert "are the same file" in text
    assert folder_state(source.parent) == before


# --- the app's own file -------------------------------------------------------------------------------
def test_the_apps_own_file_is_moved_aside_only_when_it_may_be_tabletops(tmp_path):
    """TABLETOP_HOME pointed at a folder that holds someone else's ``matches.sqlite3``: a file that
    was never a database is left as it is, in words; a damaged SQLite file is moved aside, as before."""
    home = tmp_path / "home"
    home.mkdir()
    theirs = home / "matches.sqlite3"
    theirs.write_bytes(PASSWD_LIKE * 100)
    before = folder_state(home)
    done = subprocess.run([sys.executable, "-c", "from tabletop.store import default_store; default_store()"],
                          env={**os.environ, "TABLETOP_HOME": str(home)}, capture_output=True, text=True)
    assert done.returncode != 0 and "StoreError" in done.stderr
    said = done.stderr.strip().splitlines()[-1].partition(": ")[2]
    assert "is not tabletop's saved matches: it is not a database at all" in said
    assert_plain(said, theirs)
    assert folder_state(home) == before
    assert Path(f"{theirs}-wal").exists() is False and Path(f"{theirs}-shm").exists() is False
    damaged = damaged_store(tmp_path / "home2")
    done = subprocess.run([sys.executable, "-c", "from tabletop.store import default_store; default_store()"],
                          env={**os.environ, "TABLETOP_HOME": str(damaged.parent)}, capture_output=True, text=True)
    assert "DatabaseDamaged" in done.stderr and "moved aside" in done.stderr
    assert [p.name.startswith("matches.sqlite3.damaged-") for p in damaged.parent.iterdir()] == [True]
