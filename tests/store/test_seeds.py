"""Any seed a save may hold is stored and comes back whole (issue 28, the seed part of finding 6).

A save's seed is any whole number of up to 4,300 digits (``Match``'s own bound). SQLite's numbers
end at 64 bits, PostgreSQL's BIGINT too: a save with a seed of 2**63 or more used to fail with a raw
``OverflowError`` on SQLite (the start page showed nothing). Every test runs on both backends
(``location``: tests/store/conftest.py), and through ``tabletop store copy`` between them.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import Match
from tabletop.store import SCHEMA_VERSION, Store

from .helpers import play, raw_execute, raw_rows

SEEDS = {
    "the largest 64-bit": 2 ** 63 - 1,
    "one past 64 bits": 2 ** 63,
    "the smallest 64-bit": -(2 ** 63),
    "one below 64 bits": -(2 ** 63) - 1,
    "65 bits": 2 ** 64 + 1,
    "4,001 digits": 10 ** 4000 + 7,
    "4,300 digits, negative": -(10 ** 4299 + 12345),
    "none": None,
}


def a_save(seed) -> tuple[str, Match]:
    """A played match's full save, as the start page imports it."""
    match = Match("stockpile", ["Ann", "Ben", "Cy"], seed=seed)
    match.apply(match.legal_actions()[0])
    return match.to_json(), match


@pytest.mark.parametrize("kind", list(SEEDS))
def test_a_save_with_any_seed_is_kept_and_comes_back_whole(location, kind):
    seed = SEEDS[kind]
    text, _ = a_save(seed)
    with Store(location) as store:
        saved = store.import_json(text)                  # the start page's "open a save file"
        play(saved, 6)
        log = saved.match.log
        assert [i.id for i in store.list()] == [saved.id]
    with Store(location) as again:                       # another process, later
        back = again.open(saved.id).match
        assert back.game.seed == seed and type(back.game.seed) is type(seed)
        assert back.log == log
        assert Match.from_json(again.export_backup(saved.id)).game.seed == seed


def test_a_big_seed_goes_from_a_laptop_to_the_hub_and_back_with_the_command(tmp_path, postgres):
    laptop = tmp_path / "laptop.sqlite3"
    seeds = [2 ** 64 + 1, -(2 ** 70), 10 ** 300 + 1, 5]
    with Store(laptop) as store:
        ids = {store.import_json(a_save(seed)[0]).id: seed for seed in seeds}
    hub, back = postgres.new_schema(), tmp_path / "back.sqlite3"
    tabletop = str(Path(sys.executable).with_name("tabletop"))
    for source, target in ((str(laptop), hub), (hub, str(back))):
        done = subprocess.run([tabletop, "store", "copy", source, target], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("copied 4 matches")
    for where in (hub, back):
        with Store(where) as store:
            assert {match_id: store.open(match_id).match.game.seed for match_id in ids} == ids


def test_a_version_3_hub_is_upgraded_by_its_owner_and_then_holds_big_seeds(postgres):
    """A class database made by the previous tabletop (its seed column a 64-bit BIGINT)."""
    hub = postgres.new_schema()
    Store(hub).close()
    raw_execute(hub, "ALTER TABLE matches ALTER COLUMN seed TYPE BIGINT",
                "UPDATE meta SET value = '3' WHERE key = 'schema'")
    Store(hub).close()                                   # opened by its owner: upgraded
    assert raw_rows(hub, "SELECT value FROM meta WHERE key = 'schema'") == [(str(SCHEMA_VERSION),)]
    assert raw_rows(hub, "SELECT data_type FROM information_schema.columns WHERE table_schema = "
                         "current_schema() AND table_name = 'matches' AND column_name = 'seed'") == [("numeric",)]
    with Store(hub) as store:
        saved = store.import_json(a_save(2 ** 80)[0])
    with Store(hub) as store:
        assert store.open(saved.id).match.game.seed == 2 ** 80


def test_a_version_3_hub_copied_from_stays_version_3(tmp_path, postgres):
    hub = postgres.new_schema()
    with Store(hub) as store:
        saved = store.import_json(a_save(2 ** 62)[0])
    raw_execute(hub, "ALTER TABLE matches ALTER COLUMN seed TYPE BIGINT",
                "UPDATE meta SET value = '3' WHERE key = 'schema'")
    done = subprocess.run([str(Path(sys.executable).with_name("tabletop")), "store", "copy", hub,
                           str(tmp_path / "laptop.sqlite3")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert raw_rows(hub, "SELECT value FROM meta WHERE key = 'schema'") == [("3",)]     # only read
    with Store(tmp_path / "laptop.sqlite3") as store:
        assert store.open(saved.id).match.game.seed == 2 ** 62


def test_the_start_page_opens_and_lists_a_save_with_a_seed_beyond_64_bits(location):
    """What a player saw: the start page's "open a save file" showed nothing at all."""
    from tabletop.widgets.start import StartPage
    opened = []
    with Store(location) as store:
        page = StartPage(store, opened.append)
        text, match = a_save(2 ** 64 + 1)
        assert page.import_text(text) is not None
        assert "tt-banner" not in page.banner.value         # no error shown
        assert [o.match.log for o in opened] == [match.log]
        page.refresh_saved()
        assert len(page.saved_box.children) == 1
        assert "Ann, Ben" in page.saved_box.children[0].children[0].value
