"""The start page follows the privacy rule (docs/security.md): what it offers depends only on
what its viewer may know.

- A classroom experiment is on no start page: a student who opens the server's root address
  (the class link's token logs them in) must not find its full backup, which holds every drawn
  value and sealed bid of the open round, nor its Delete. The teacher reaches both through the
  teacher screen, which opens with the teacher's own link (``teacher=KEY``), never with the
  match's address alone nor with a student's class or seat key.
- Deleting a match whose seats have PINs needs those PINs, as its full backup does.
- An import over the 20 MB save limit is told in words, with its size, and nothing is imported.
- A player's name has at most 40 characters, said on the page and refused in words; a longer
  name already in a store is shown cut, never whole.
"""
from __future__ import annotations

import base64
import json
import re
import sqlite3
from urllib.parse import parse_qs

import pytest

from tabletop.classroom.actions import Join
from tabletop.match import MAX_SAVE_BYTES, Match
from tabletop.store import Store
from tabletop.widgets import classroom
from tabletop.widgets.app import App
from tabletop.widgets.start import StartPage
from tabletop.widgets.tracker import Tracker

NICKNAMES = ["Ann", "Ben", "Cy", "Dee"]


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "m.sqlite3")
    yield s
    s.close()


def words_of(widget) -> str:
    """Every value, description and placeholder in a widget tree (what the page receives)."""
    out = []
    stack = [widget]
    while stack:
        w = stack.pop()
        for name in ("value", "description", "placeholder"):
            v = getattr(w, name, None)
            if isinstance(v, str):
                out.append(v)
        stack.extend(getattr(w, "children", ()))
    return "\n".join(out)


def downloaded(html: str) -> str:
    return base64.b64decode(re.search(r'base64,([^"]+)"', html).group(1)).decode()


def classroom_with_an_open_round(store) -> tuple[str, Match]:
    """Four students joined, round 1 open: each has a secret value drawn by the server."""
    saved = store.create(Match("classroom", [f"Seat {k}" for k in range(1, 5)],
                               {"experiment": "first-price", "group_size": 2, "rounds": 2}))
    for seat, nick in enumerate(NICKNAMES):
        saved.apply(Join(seat=seat, nickname=nick))
    open_round = next(a for a in saved.match.state.actions_for(None) if type(a).__name__ == "OpenRound")
    classroom.enter_with_draws(saved, open_round)
    return saved.id, saved.match


def drawn_values(match: Match) -> list[int]:
    return [a.value for a in match.log if type(a).__name__ == "DrawValue"]


def url_query(app: App) -> dict:
    marker = re.search(r'data-url="([^"]*)"', app.url.value).group(1).replace("&amp;", "&")
    return {k: v[0] for k, v in parse_qs(marker.lstrip("?")).items()}


def test_a_students_start_page_offers_no_classroom_match_nor_its_backup_or_delete(store):
    class_id, match = classroom_with_an_open_round(store)
    table_id = store.create(Match("stockpile", ["Eve", "Fay", "Gus"], seed=2)).id
    page = StartPage(store, lambda stored: None)
    listed = words_of(page.saved_box)
    assert "Eve, Fay, Gus" in listed and table_id in page.row_exports
    assert class_id not in page.row_exports and len(page.row_exports) == 1
    assert "Seat 1" not in listed and "Classroom" not in listed.replace("Classroom experiments are not", "")
    assert "Classroom experiments are not listed here" in listed
    # the one row's backup is the stockpile's, not the experiment's
    page.row_exports[table_id].backup_button.click()
    assert json.loads(downloaded(page.row_exports[table_id].link.value))["title"] == "stockpile"
    # the match's address alone, a student's class key or seat key: no teacher screen
    class_key = classroom.class_key(store, class_id)
    for teacher in (None, class_key, store.seat_key(class_id, 0), "0" * 16):
        app = App(store, class_id, teacher=teacher)
        assert app.teacher is None and app.start is None, teacher
        said = words_of(app.widget)
        assert "teacher link" in said, said
        assert not any(str(v) in said for v in drawn_values(match) if v > 9)
    student = App(store, class_id, "0", store.seat_key(class_id, 0))      # a student's own screen still opens
    assert student.student is not None


def test_the_teacher_link_opens_the_teacher_screen_with_the_backup_and_delete(store):
    app = App(store)
    card = app.start.classroom
    card.class_size.value = 4
    card.group_size.value = 2
    card.button.click()
    teacher = app.teacher
    assert teacher is not None
    query = url_query(app)
    match_id, key = query["match"], query["teacher"]
    assert key == classroom.teacher_key(store, match_id)
    assert key != classroom.class_key(store, match_id)
    assert key not in {store.seat_key(match_id, s) for s in range(4)}
    for seat, nick in enumerate(NICKNAMES):
        teacher.saved.apply(Join(seat=seat, nickname=nick))
    teacher.follow()
    assert teacher.open_round()
    values = drawn_values(teacher.match)
    assert len(values) == 4
    # the address bar's link opens the same screen again (a reload, a bookmark)
    again = App(store, match_id, teacher=key)
    assert again.teacher is not None and url_query(again)["teacher"] == key
    exports = again.teacher.exports
    exports.public_button.click()
    public = downloaded(exports.link.value)
    assert json.loads(public)["format"] == "tabletop-public-record"
    exports.backup_button.click()                 # no seat has a PIN: the teacher's link is the guard
    backup = json.loads(downloaded(exports.link.value))
    assert sorted(a["value"] for a in backup["actions"] if a.get("type") == "DrawValue") == sorted(values)
    # Delete asks first, then deletes and goes back to the start page
    again.teacher.delete_button.click()
    assert "Delete this experiment for good?" in words_of(again.teacher.widget)
    assert store.exists(match_id)
    again.teacher.sure_button.click()
    assert not store.exists(match_id)
    assert again.start is not None


def test_deleting_a_match_with_a_pin_needs_that_pin(store):
    saved = store.create(Match("stockpile", ["Ann", "Bob", "Cy"], seed=4))
    store.set_pin(saved.id, 1, "2468")
    page = StartPage(store, lambda stored: None)
    row = page.saved_box.children[0]
    row.children[1].children[1].click()                     # Delete
    asked = words_of(row)
    assert "Delete this match for good?" in asked and "Bob's PIN" in asked
    (field,) = page.delete_pins.values()

    def sure():
        row = page.saved_box.children[0]
        next(b for box in row.children for b in getattr(box, "children", ())
             if getattr(b, "description", "") == "Yes, delete it").click()
    sure()                                                  # no PIN typed
    assert store.exists(saved.id) and "needs the PIN of Bob" in words_of(page.saved_box)
    field.value = "1111"
    sure()
    assert store.exists(saved.id) and "not right" in words_of(page.saved_box) and "nothing was deleted" in \
        words_of(page.saved_box)
    assert field.value == ""                                # a typed PIN does not stay on the page
    field.value = "2468"
    sure()
    assert not store.exists(saved.id)
    # a match without PINs is deleted on "Yes" alone, as before
    other = store.create(Match("stockpile", ["Ann", "Bob", "Cy"], seed=5))
    page.refresh_saved()
    row = page.saved_box.children[0]
    row.children[1].children[1].click()
    assert page.delete_pins == {}
    sure()
    assert not store.exists(other.id)


@pytest.mark.parametrize("size", [MAX_SAVE_BYTES + 1, 30_000_000])
def test_an_import_over_the_limit_is_told_with_its_size_and_nothing_is_imported(store, size):
    opened = []
    page = StartPage(store, opened.append)
    # the page sends a file over the limit unread (its template): its size, no content
    content = b" " * size if size < 25_000_000 else b""
    page.upload.set_state({"value": [{"name": "big.json", "type": "application/json", "size": size,
                                      "content": memoryview(content), "last_modified": 0}]})
    assert f"This file is too large to be a saved match ({size:,} bytes; at most 20,000,000)." in page.banner.value
    assert opened == [] and store.list() == [] and page.upload.value == ()


def test_names_have_at_most_40_characters_said_on_the_page_and_refused_in_words(store):
    opened = []
    page = StartPage(store, opened.append)
    page.title_pick.value = "stockpile"
    page.count_pick.value = 3
    assert "A name has at most 40 characters." in words_of(page.widget)
    for i, name in enumerate(["A" * 41, "Ben", "Cy"]):
        page.names[i].value = name
    page.start_button.click()
    assert opened == [] and store.list() == []
    assert "has at most 40 characters" in page.banner.value and "A" * 21 not in page.banner.value
    page.names[0].value = "A" * 40
    page.start_button.click()
    assert len(opened) == 1


def test_a_long_name_already_stored_is_shown_cut_and_its_match_refused_in_words(store):
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=6))
    db = sqlite3.connect(store.path)            # a store written before the limit
    db.execute("UPDATE matches SET players = ? WHERE id = ?", (json.dumps(["A" * 1_000_000, "Ben", "Cy"]), saved.id))
    db.commit()
    db.close()
    opened = []
    page = StartPage(store, opened.append)
    (row,) = page.saved_box.children
    assert len(words_of(row)) < 2_000 and "A" * 40 + "…" in words_of(row)
    app = App(store)
    app.start.resume(saved.id)
    assert not isinstance(app.page, Tracker) and "at most 40 characters" in app.start.banner.value
