"""The start page in a real browser: a student's start page offers no classroom match (nor its
backup or delete), the teacher reaches them by the teacher link only; an import larger than the
save limit is refused in words at once, and one between the websocket's old 10 MiB limit and
the save limit imports."""
from __future__ import annotations

import json
import re
import time
from urllib.parse import parse_qs, urlsplit

from tabletop import Match
from tabletop.match import MAX_SAVE_BYTES
from tabletop.store import Store


def _upload(page, path) -> None:
    """Pick ``path`` with the start page's import button (ipywidgets' file input is not in the
    page: the file chooser is answered as the player would)."""
    with page.expect_file_chooser() as chooser:
        page.locator(".tt-upload").click()
    chooser.value.set_files(str(path))


def test_an_import_over_the_limit_is_refused_in_words_and_one_of_15_mb_imports(page, server, home, tmp_path,
                                                                              artifacts):
    page.goto(f"{server}/")
    page.locator(".tt-start").wait_for()
    # over the server's websocket limit too: only the page's not reading it gets the words through
    big = tmp_path / "too-big.json"
    size = 30_000_000
    big.write_bytes(b"{" + b" " * (size - 2) + b"}")
    started = time.monotonic()
    _upload(page, big)
    words = f"This file is too large to be a saved match ({size:,} bytes; at most {MAX_SAVE_BYTES:,})."
    page.locator(".tt-banner", has_text=words).wait_for(timeout=20_000)
    told = time.monotonic() - started
    page.screenshot(path=str(artifacts / "start-upload-too-large.png"), full_page=True)
    assert told < 10, f"the refusal took {told:.1f} s"
    # a real save padded to 15 MB (over the websocket's default 10 MiB) resumes the match
    save = Match("stockpile", ["Ann", "Ben", "Cy"], seed=3).to_json()
    padded = tmp_path / "padded.json"
    padded.write_text(save[:-1] + " " * (15_000_000 - len(save)) + "}", encoding="utf-8")
    assert Match.from_json(padded.read_text()).game.players == ("Ann", "Ben", "Cy")
    _upload(page, padded)
    page.locator(".tt-tracker").wait_for(timeout=60_000)
    assert "Ann" in page.locator(".tt-tracker").inner_text()


def test_a_students_start_page_offers_no_classroom_backup_and_the_teacher_link_does(page, browser, server, home,
                                                                                    artifacts):
    from tabletop.classroom.actions import Join
    from tabletop.widgets import classroom
    with Store(home / "matches.sqlite3") as store:
        saved = store.create(Match("classroom", [f"Seat {k}" for k in range(1, 5)],
                                   {"experiment": "first-price", "group_size": 2, "rounds": 2}))
        for seat, nick in enumerate(["Ann", "Ben", "Cy", "Dee"]):
            saved.apply(Join(seat=seat, nickname=nick))
        classroom.enter_with_draws(saved, next(a for a in saved.match.state.actions_for(None)
                                                if type(a).__name__ == "OpenRound"))
        values = [a.value for a in saved.match.log if type(a).__name__ == "DrawValue"]
        match_id, teacher = saved.id, classroom.teacher_key(store, saved.id)
        join = classroom.class_key(store, match_id)
    # a student: the class link, then the server's root address in the same browser
    page.goto(f"{server}/?match={match_id}&join={join}")
    page.locator(".tt-join-page").wait_for()
    page.goto(f"{server}/")
    page.locator(".tt-start").wait_for()
    listed = page.locator(".tt-start").inner_text()
    page.screenshot(path=str(artifacts / "start-student-no-classroom.png"), full_page=True)
    assert "Classroom experiments are not listed here" in listed
    assert "Seat 1" not in listed.split("New match")[0]
    for row in page.locator(".tt-match-row").all():
        assert "Seat 1" not in row.inner_text()
    # the match's address alone opens no teacher screen
    page.goto(f"{server}/?match={match_id}")
    page.get_by_text("This is a classroom experiment.").wait_for()
    assert page.locator(".tt-teacher").count() == 0 and page.get_by_role("button", name="Full backup").count() == 0
    # the teacher's link: the backup, with every value drawn in the open round
    page.goto(f"{server}/?match={match_id}&teacher={teacher}")
    page.locator(".tt-teacher").wait_for()
    page.get_by_role("button", name="Full backup").click()
    link = page.locator("a[download$='-backup.json']")
    with page.expect_download() as download:
        link.click()
    backup = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert sorted(a["value"] for a in backup["actions"] if a["type"] == "DrawValue") == sorted(values)
    page.locator(".tt-keep").screenshot(path=str(artifacts / "teacher-keep-card.png"))
    assert parse_qs(urlsplit(page.url).query)["teacher"] == [teacher]      # a reload keeps the link
