"""Exports honour PINs, and the PIN gate answers as a player expects.

- "Export public record" (tracker footer, start page) asks no PIN and its file holds no secret
  of any seat: every secret token the engine knows of is searched for in the file, and two
  worlds that differ only in secrets export the same file.
- "Full backup" asks for the PINs of the protected seats, is refused without them and made
  with them, and resumes the match; a plain Match (no store) needs no PIN.
- Too many wrong PINs: "Too many wrong PINs for Ann: try again in 2 seconds." (the store's
  documented wait: 3 free attempts, then 2 s doubling), on an injected clock.
- Enter submits a PIN field (ipywidgets sends a field's value on Enter when
  ``continuous_update`` is off, so a change of value is a submission).
"""
import base64
import json
import random
import re

import pytest

from tabletop import CHANCE, Match
from tabletop.store import Store
from tabletop.widgets import Tracker
from tabletop.widgets.start import StartPage

from .privacy import (World, alternative, choose, counterpart, fork, is_over, records_in, secret_records,
                      secret_tokens, widget_strings)

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
#: title, players, options, entries played before forking (時価で勝負 deals everything first)
TITLES = [("stockpile", 4, {}, 60), ("acquire", 4, {}, 60), ("acquire", 3, {"hidden_money": True}, 60),
          ("black-monday", 3, {}, 60), ("jika", 4, {}, 9)]


def downloaded(exports) -> str:
    """The file behind an export's download link."""
    found = re.search(r'base64,([^"]+)"', exports.link.value)
    assert found, f"no download link: {exports.link.value!r}"
    return base64.b64decode(found.group(1)).decode("utf-8")


def play(world: World, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if is_over(world.match):
            return
        world.enter(choose(world.match, rng))


class Clock:
    """A clock the test moves by hand (the store's PIN waits are counted on it)."""

    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


# --- the public record ------------------------------------------------------------------------
@pytest.mark.parametrize("name,n,options,first", TITLES,
                         ids=[f"{t[0]}-{t[1]}p{'-hidden' if t[2] else ''}" for t in TITLES])
def test_the_public_record_holds_no_secret_of_any_seat(name, n, options, first, home):
    store = Store()
    rng = random.Random(7)
    main = World(Tracker(store.create(Match(name, PLAYERS[:n], options))))
    play(main, rng, first)
    # a second world with the same public history: another card or tile dealt at the next secret
    other = None
    for _ in range(400):
        match = main.match
        if is_over(match):
            break
        action = choose(match, rng)
        if other is None and action.secret_to is not None and match.current_player() == CHANCE:
            instead = alternative(match, action, rng)
            if instead is not None:
                other = fork(main, store)
                main.enter(action)
                other.enter(instead)
                break
        main.enter(action)
    assert other is not None, "no secret entry to fork at"
    for _ in range(25):               # both go on while the table cannot tell them apart
        if is_over(main.match):
            break
        before = main.match.state.clone()
        action = choose(main.match, rng)
        mine = counterpart(other, before, action)
        if mine is None:
            break
        main.enter(action)
        other.enter(mine)
        if other.public() != main.public():
            break
    for seat in (0, 2):
        store.set_pin(main.tracker.saved.id, seat, "2468")

    exports = main.tracker.exports
    exports.public_button.click()
    assert exports.pin_fields == {}, "the public record asked for a PIN"
    text = downloaded(exports)
    tokens, records = secret_tokens(main), secret_records(main)
    assert tokens or records, "the test found no secret to look for"
    found = sorted(t for t in tokens if t in text)
    assert not found, f"secrets in the public record: {[(t, PLAYERS[tokens[t]]) for t in found]}"
    found = records_in(json.loads(text), records)
    assert not found, f"secrets in the public record: {found}"
    assert "seed" not in json.loads(text)

    page = StartPage(store, lambda s: None)
    page.row_exports[main.tracker.saved.id].public_button.click()
    assert downloaded(page.row_exports[main.tracker.saved.id]) == text

    if other.public() == main.public():
        other.tracker.exports.public_button.click()
        assert downloaded(other.tracker.exports) == text, "the public record depends on a secret"
    page.close()


def test_the_old_unprotected_export_is_gone(home):
    store = Store()
    saved = store.create(Match("fakemarket", PLAYERS[:2]))
    store.set_pin(saved.id, 0, "2468")
    tracker = Tracker(saved)
    page = StartPage(store, lambda s: None)
    labels = [s for s in widget_strings(tracker.widget) + widget_strings(page.widget)]
    assert "Export public record" in labels and "Full backup" in labels
    assert not [label for label in labels if label in ("Export", "Export match (JSON)")]
    for exports in (tracker.exports, page.row_exports[saved.id]):
        exports.backup_button.click()
        assert "base64" not in exports.link.value          # nothing to download without Ann's PIN


# --- the full backup --------------------------------------------------------------------------
def test_a_full_backup_asks_for_the_pins_of_the_protected_seats(home):
    store = Store()
    saved = store.create(Match("fakemarket", PLAYERS[:3]))
    tracker = Tracker(saved)
    for seat, tip in enumerate(("secret deal", "Apple up", "Berry down")):
        tracker.open_gate(seat)
        tracker.private.actions.pick(next(a for a in tracker.match.offered_actions(seat) if a.tip == tip))
    store.set_pin(saved.id, 0, "2468")
    store.set_pin(saved.id, 2, "1357")

    exports = tracker.exports
    exports.backup_button.click()
    assert "base64" not in exports.link.value
    assert sorted(exports.pin_fields) == [0, 2]            # Ann and Cy, not Bob
    form = " ".join(widget_strings(exports.form))
    assert "Ann" in form and "Cy" in form and "PIN" in form
    assert all(field.continuous_update is False for field in exports.pin_fields.values())

    exports.pin_fields[0].value = "2468"                   # Enter in Ann's field: Cy's still empty
    assert "base64" not in exports.link.value
    exports.pin_fields[2].value = "9999"                   # Enter in Cy's field: tried, refused
    assert "base64" not in exports.link.value
    form = " ".join(widget_strings(exports.form))
    assert "Cy" in form and "Nothing was exported" in form
    assert sorted(exports.pin_fields) == [2]               # Ann's was right: only Cy's is asked again
    assert all(not f.value for f in exports.pin_fields.values())   # typed PINs do not stay

    exports.pin_fields[2].value = "1357"
    text = downloaded(exports)
    assert exports.pin_fields == {}
    resumed = store.import_json(text).match
    assert resumed.log == tracker.match.log
    assert [resumed.view(s)["private"] for s in range(3)] == [tracker.match.view(s)["private"] for s in range(3)]

    page = StartPage(store, lambda s: None)              # the start page asks the same
    row = page.row_exports[saved.id]
    row.backup_button.click()
    assert sorted(row.pin_fields) == [0, 2] and "base64" not in row.link.value
    row.pin_fields[0].value = "2468"
    row.pin_fields[2].value = "1357"
    assert json.loads(downloaded(row))["actions"] == json.loads(text)["actions"]
    page.close()


def test_without_a_store_the_backup_needs_no_pin():
    tracker = Tracker(Match("fakemarket", PLAYERS[:2]))
    tracker.exports.backup_button.click()
    assert tracker.exports.pin_fields == {}
    assert Match.from_json(downloaded(tracker.exports)).log == tracker.match.log
    tracker.exports.public_button.click()
    assert json.loads(downloaded(tracker.exports))["players"] == PLAYERS[:2]


# --- the PIN gate -----------------------------------------------------------------------------
def test_enter_submits_the_pin(home):
    store = Store()
    saved = store.create(Match("fakemarket", PLAYERS[:2]))
    store.set_pin(saved.id, 0, "2468")
    tracker = Tracker(saved)
    tracker.gate_button.click()
    assert tracker.private is None
    field = tracker.pin_field
    assert isinstance(field.continuous_update, bool) and not field.continuous_update
    field.value = "2468"                  # what the page sends when Ann presses Enter
    assert tracker.private is not None and tracker.private.seat == 0
    assert field.value == ""


def test_too_many_wrong_pins_are_said_with_the_wait(home):
    clock = Clock()
    store = Store(home / "pins.sqlite3", clock=clock)
    saved = store.create(Match("fakemarket", PLAYERS[:2]))
    store.set_pin(saved.id, 0, "2468")
    tracker = Tracker(saved)

    def gate_text():
        return " ".join(widget_strings(tracker.private_box))

    tracker.gate_button.click()
    for attempt in range(3):              # three free attempts, each said to be wrong
        tracker.pin_field.value = "1111"
        assert tracker.private is None and "That PIN is not right." in gate_text()
    assert "Too many wrong PINs for Ann: try again in 2 seconds." in gate_text()
    tracker.pin_field.value = "2468"      # even the right PIN waits
    assert tracker.private is None
    assert "Too many wrong PINs for Ann: try again in 2 seconds." in gate_text()
    clock.now += 1.2
    tracker.close_private()
    tracker.gate_button.click()           # the wait is shown as soon as the gate opens
    assert "Too many wrong PINs for Ann: try again in 1 second." in gate_text()
    clock.now += 1.0
    tracker.pin_field.value = "2468"
    assert tracker.private is not None and tracker.private.seat == 0

    for attempt in range(3):              # the backup's PIN form says the same
        tracker.exports.backup_button.click()
        tracker.exports.pin_fields[0].value = "0000"
    tracker.exports.pin_fields[0].value = "2468"
    assert "Too many wrong PINs for Ann: try again in 2 seconds." in " ".join(widget_strings(tracker.exports.form))
    assert "base64" not in tracker.exports.link.value
