"""The saved matches are their owner's alone (issue 28, finding 5): seat keys, secret entries and
PIN hashes must not be readable by another account of the computer.

On POSIX the database, its ``-wal`` and ``-shm`` logs and a damaged file moved aside are 0600, a
folder the store makes is 0700, and an older tabletop's wider files are tightened when the store
opens them. A folder that already exists is left as it is (``TABLETOP_HOME`` may be a shared one);
the files in it are what hold the secrets. Checked with the modes, and as another account
(``nobody``) trying to read the file, when the tests run as root.
"""
from __future__ import annotations

import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tabletop import Match
from tabletop.errors import DatabaseDamaged
from tabletop.store import Store

from .helpers import make_store, play

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def open_folder():
    """A folder every account may pass through (pytest's own temporary folder is root's alone,
    which would hide a file readable by all), with a umask as most computers have (022)."""
    folder = Path(tempfile.mkdtemp(prefix="tt-perm-"))
    folder.chmod(0o755)
    old = os.umask(0o022)
    try:
        yield folder
    finally:
        os.umask(old)
        shutil.rmtree(folder)


def readable_by_another_account(path: Path) -> bool:
    """Whether the account ``nobody`` can read ``path`` (only root can ask; others rely on the modes)."""
    if os.geteuid() != 0:
        return bool(mode(path) & 0o044)
    nobody = pwd.getpwnam("nobody")
    done = subprocess.run(["runuser", "-u", nobody.pw_name, "--", "head", "-c", "16", str(path)],
                          capture_output=True)
    return done.returncode == 0


def with_logs(path: Path) -> list[Path]:
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm")]


def test_a_new_store_its_logs_and_its_folder_are_the_owners_alone(open_folder):
    path = open_folder / "home" / "tabletop" / "matches.sqlite3"
    store = Store(path)
    try:
        saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=1))
        store.set_pin(saved.id, 0, "4711")
        store.seat_key(saved.id, 1)
        play(saved, 10)
        for file in with_logs(path):                      # the open store's logs hold the latest entries
            assert mode(file) == 0o600, file
            assert not readable_by_another_account(file), file
        assert mode(path.parent) == 0o700
        assert mode(open_folder / "home") == 0o755        # the folders above are not tabletop's
    finally:
        store.close()
    assert sorted(p.name for p in path.parent.iterdir()) == ["matches.sqlite3"]   # no draft left


def test_a_new_database_is_the_owners_alone_from_the_moment_it_has_its_name(open_folder, monkeypatch):
    """Not tightened a moment later: another account opening it in between would keep it open."""
    linked = []
    real_link = os.link

    def link(source, target, *args, **kwargs):          # the real link, its file's mode noted
        linked.append((Path(target).name, mode(source)))
        return real_link(source, target, *args, **kwargs)
    monkeypatch.setattr(os, "link", link)
    Store(open_folder / "matches.sqlite3").close()
    assert linked == [("matches.sqlite3", 0o600)]


def test_an_older_tabletops_wide_files_are_tightened_when_opened(open_folder):
    path = open_folder / "matches.sqlite3"
    make_store(path, n_matches=1)
    writer = Store(path)                                  # keeps the logs while we widen them
    try:
        play(writer.create(Match("jika", ["Dee", "Eve", "Fay"])), 5)
        for file in with_logs(path):
            file.chmod(0o644)                             # as an older tabletop left them
        assert readable_by_another_account(path)
        with Store(path) as store:
            assert len(store.list()) == 2
            for file in with_logs(path):
                assert mode(file) == 0o600, file
                assert not readable_by_another_account(file), file
    finally:
        writer.close()
    assert mode(open_folder) == 0o755                     # a folder it did not make stays as it is


def test_a_damaged_file_moved_aside_is_the_owners_alone(open_folder):
    path = open_folder / "matches.sqlite3"
    make_store(path, n_matches=1)
    path.chmod(0o644)
    with open(path, "r+b") as file:
        file.seek(4096)
        file.write(os.urandom(6 * 4096))
    with pytest.raises(DatabaseDamaged) as caught:
        Store(path)
    moved = caught.value.moved_to
    assert mode(moved) == 0o600 and not readable_by_another_account(moved)
    with Store(path):
        assert mode(path) == 0o600                        # the new one too


def test_a_copy_makes_its_target_the_owners_alone_and_leaves_its_source_as_it_was(open_folder):
    source = open_folder / "laptop.sqlite3"
    make_store(source, n_matches=1)
    source.chmod(0o644)
    target = open_folder / "usb.sqlite3"
    done = subprocess.run([str(Path(sys.executable).with_name("tabletop")), "store", "copy", str(source),
                           str(target)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert mode(target) == 0o600 and not readable_by_another_account(target)
    assert mode(source) == 0o644                          # the source is only read, not even chmodded
