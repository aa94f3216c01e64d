"""``tabletop store copy SRC DST``: a teacher's laptop file into the hub's PostgreSQL database and
back. A match arrives whole (entries, undone entries, entries made ahead, PIN hashes with their
count of wrong attempts, seat keys, who changed it last); a match id the target already holds is
refused unless ``--replace``, and a refusal copies nothing."""
from __future__ import annotations

import shutil
from pathlib import Path

import argon2
import pytest

from tabletop import Match
from tabletop.cli import main
from tabletop.errors import PinLocked, SaveFileError, StoreError
from tabletop.store import Store, copy_matches
from tabletop.stockpile.actions import DealStartingStock

from .helpers import assert_plain, play, raw_rows

QUICK_HASHER = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
V1_FILE = Path(__file__).parent / "data" / "schema_v1.sqlite3"
V1_STOCKPILE = "6e2b5b25ad6f"          # Alice's PIN 4711 (scrypt), Bob's 2580 (PBKDF2): test_schema.py


class Clock:
    now = 1_700_000_000.0

    def __call__(self):
        return self.now


def laptop(path: Path, clock: Clock) -> dict:
    """A teacher's store: a match with undone entries, PINs (one with 4 wrong attempts behind it)
    and seat keys; and a match waiting for its deal with two players' draws entered ahead."""
    store = Store(path, clock=clock, pin_hasher=QUICK_HASHER)
    long = store.create(Match("acquire", ["Ann", "Ben", "Cy"], seed=2))
    play(long, 25, seed=2)
    long.undo_to(20)
    store.set_pin(long.id, 0, "4711")
    store.set_pin(long.id, 2, "2580")
    for _ in range(4):
        clock.now += store.pin_wait(long.id, 2)
        store.check_pin(long.id, 2, "0000")
    keys = [store.seat_key(long.id, seat) for seat in range(3)]
    deal = store.create(Match("stockpile", ["Dee", "Eve", "Fay"], seed=11))
    companies = [a.company for a in deal.match.legal_actions()]
    for seat in (2, 1):
        store.open(deal.id, device=f"seat:{seat}").add_advance(seat, DealStartingStock(seat, companies[seat]))
    store.close()
    return {"long": long.id, "deal": deal.id, "keys": keys, "companies": companies}


def everything(location, clock: Clock, ids) -> dict:
    """What tabletop shows of each match, read through the store's own interface."""
    with Store(location, clock=clock, pin_hasher=QUICK_HASHER) as store:
        out = {"list": sorted(store.list(), key=lambda i: i.id)}
        for match_id in ids:
            match = store.open(match_id).match
            out[match_id] = (match.to_json(), [a.to_dict() for a in match.undone],
                             store.advance_entries(match_id), store.changed_by(match_id),
                             [store.pin_wait(match_id, seat) for seat in range(3)],
                             [store.has_pin(match_id, seat) for seat in range(3)])
        return out


def test_a_laptop_file_goes_to_the_hub_database_and_back_whole(tmp_path, postgres):
    clock = Clock()
    source = tmp_path / "laptop.sqlite3"
    made = laptop(source, clock)
    ids = [made["long"], made["deal"]]
    hub = postgres.new_schema()
    assert main(["store", "copy", str(source), hub]) == 0
    before = everything(source, clock, ids)
    assert everything(hub, clock, ids) == before
    with Store(hub, clock=clock, pin_hasher=QUICK_HASHER) as store:
        assert [store.check_seat_key(made["long"], s, k) for s, k in enumerate(made["keys"])] == [True] * 3
        assert store.pin_wait(made["long"], 2) == 4                # Cy's 4 wrong PINs came along
        with pytest.raises(PinLocked):
            store.check_pin(made["long"], 2, "2580")
        assert store.check_pin(made["long"], 0, "4711") and not store.check_pin(made["long"], 0, "1234")
        deal = store.open(made["deal"])                            # Ann's draw brings the others' in
        deal.apply(DealStartingStock(0, made["companies"][0]))
        assert [a.seat for a in deal.match.log] == [0, 1, 2]
    back = tmp_path / "back.sqlite3"
    assert main(["store", "copy", hub, str(back), "--match", made["long"]]) == 0
    assert everything(back, clock, [made["long"]])[made["long"]] == before[made["long"]]
    assert [i.id for i in Store(back).list()] == [made["long"]]


def test_an_old_laptop_file_keeps_its_old_pins_on_the_hub(tmp_path, postgres):
    source = tmp_path / "old.sqlite3"
    shutil.copyfile(V1_FILE, source)                      # tabletop's first file format
    hub = postgres.new_schema()
    copied = copy_matches(source, hub)
    assert sorted(copied) == sorted(i.id for i in Store(source).list()) and len(copied) == 2
    with Store(hub, pin_hasher=QUICK_HASHER) as store:
        assert len(store.open(V1_STOCKPILE).match) == 37 and len(store.open(V1_STOCKPILE).match.undone) == 3
        assert store.check_pin(V1_STOCKPILE, 1, "2580") and not store.check_pin(V1_STOCKPILE, 0, "4712")
        assert raw_rows(hub, "SELECT method FROM pins WHERE seat = 1") == [("argon2id",)]   # rehashed there


def test_a_match_the_target_holds_is_refused_unless_replaced(tmp_path, postgres, capsys):
    clock = Clock()
    source = tmp_path / "laptop.sqlite3"
    made = laptop(source, clock)
    hub = postgres.new_schema()
    copy_matches(source, hub, [made["long"]])
    on_hub = Store(hub).open(made["long"], device="table")        # a page shows it on the hub
    on_hub.undo()                                                  # one change on the hub,
    Store(source).open(made["long"]).redo()                        # one on the laptop: the same revision
    assert Store(source).revision(made["long"]) == on_hub.revision
    other = Store(hub).create(Match("jika", ["Gus", "Hal", "Ida"]))
    held = everything(hub, clock, [made["long"], other.id])
    assert main(["store", "copy", str(source), hub]) == 2          # the deal is new, the other is held
    error = capsys.readouterr().err
    assert error.startswith("tabletop: ") and made["long"] in error and "--replace" in error
    assert_plain(error[len("tabletop: "):].strip())
    assert everything(hub, clock, [made["long"], other.id]) == held   # nothing copied, not even the deal
    assert not Store(hub).exists(made["deal"])
    assert main(["store", "copy", str(source), hub, "--replace"]) == 0
    assert "copied 2 matches" in capsys.readouterr().out
    assert everything(hub, clock, [made["long"]])[made["long"]] == everything(source, clock, [made["long"]])[made["long"]]
    assert on_hub.refresh()                                        # the open page notices and catches up
    assert len(on_hub.match.undone) == 4 and on_hub.match.log == Store(source).open(made["long"]).match.log
    assert Store(hub).exists(other.id)                             # the target's other matches stay


def test_what_cannot_be_copied_is_said_and_nothing_is_made(tmp_path, postgres, capsys):
    missing = tmp_path / "nothing-here.sqlite3"
    target = tmp_path / "target.sqlite3"
    with pytest.raises(StoreError) as caught:
        copy_matches(missing, target)
    assert_plain(caught.value, missing)
    assert not missing.exists() and not target.exists()
    hub = postgres.new_schema()
    saved = Store(hub).create(Match("stockpile", ["Ann", "Ben", "Cy"]))
    with pytest.raises(SaveFileError) as caught:
        copy_matches(hub, target, [saved.id, "0123456789ab"])
    assert "0123456789ab" in str(caught.value) and "nothing was copied" in str(caught.value)
    assert Store(target).list() == []
    assert main(["store", "copy", str(missing), str(target)]) == 2
    assert "no such file" in capsys.readouterr().err
