"""One phone, one seat, in a real browser against a real Voilà server: a student opens the class
link in two tabs, joins as Ann in one, reloads it, then joins as Bob in the other and opens the
class link once more; every tab of that browser shows Ann's seat and the class has one student.
A second browser (another phone) takes the next seat. The phone's secret stays in its cookie:
the saved match holds only a digest of it."""
from __future__ import annotations

import re

from tabletop.match import Match
from tabletop.store import Store
from tabletop.widgets.classroom import class_key, class_query

from .conftest import wait_for

TIMEOUT = 120_000          # a kernel starts per tab; the machine is shared


def new_class(home) -> tuple[str, str]:
    store = Store(home / "matches.sqlite3")
    try:
        match_id = store.create(Match("classroom", [f"Seat {k}" for k in range(1, 7)],
                                      {"experiment": "first-price"})).id
        return match_id, class_query(match_id, class_key(store, match_id))
    finally:
        store.close()


def saved_match(home, match_id: str) -> Match:
    store = Store(home / "matches.sqlite3")
    try:
        return store.open(match_id).match
    finally:
        store.close()


def phone(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(server):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    context.route("**/*", route)
    return context, outside


def tab(context):
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    return page


def join(page, nickname: str) -> None:
    page.locator(".tt-join-page input").fill(nickname)
    page.get_by_role("button", name="Join").click()


def seat_shown(page) -> tuple[int, str]:
    """(the seat in the address bar, the student screen's header) once the student screen is up."""
    page.locator(".tt-student").wait_for()
    wait_for(lambda: "seat=" in page.url, 20, "the address bar shows the seat link")
    return int(re.search(r"seat=(\d+)", page.url).group(1)), page.locator(".tt-student .tt-header").inner_text()


def test_a_phone_keeps_one_seat_through_reloads_new_tabs_and_a_second_nickname(browser, server, home, artifacts):
    match_id, link = new_class(home)
    url = f"{server}/{link}"
    ann_phone, outside = phone(browser, server)
    other_phone, outside_other = phone(browser, server)
    try:
        first, second = tab(ann_phone), tab(ann_phone)
        for page in (first, second):        # two tabs on the join page before the phone has joined
            page.goto(url)
            page.locator(".tt-join-page input").wait_for()
        first.get_by_role("button", name="Join").locator("xpath=self::*[not(@disabled)]").wait_for()
        assert "Up to 40 characters." in first.inner_text(".tt-join-page")
        first.screenshot(path=str(artifacts / "classroom-join-page.png"))
        join(first, "Ann")
        assert seat_shown(first)[0] == 0
        first.reload()
        seat, header = seat_shown(first)
        assert seat == 0 and "Ann" in header, header
        join(second, "Bob")                 # the same phone again, under another nickname
        seat, header = seat_shown(second)
        second.screenshot(path=str(artifacts / "classroom-join-same-phone.png"))
        assert seat == 0 and "Ann" in header and "Bob" not in second.inner_text("body"), header
        third = tab(ann_phone)              # the code scanned again: the phone's seat, no nickname asked
        third.goto(url)
        seat, header = seat_shown(third)
        assert seat == 0 and "Ann" in header, header
        joined = saved_match(home, match_id).view(None)["joined"]
        assert joined == [0], f"one phone, one student: {joined}"
        # another phone takes the next seat
        fourth = tab(other_phone)
        fourth.goto(url)
        join(fourth, "Cy")
        seat, header = seat_shown(fourth)
        assert seat == 1 and "Cy" in header, header
        match = saved_match(home, match_id)
        assert [(d["seat"], d["nickname"]) for d in match.view(None)["seats"] if d["nickname"]] == [(0, "Ann"), (1, "Cy")]
        # the secret stays in the phone's cookie; the save holds a digest of it
        cookies = {c["name"]: c["value"] for c in ann_phone.cookies()}
        secret = cookies.get("tt_device", "")
        assert re.fullmatch(r"[0-9a-f]{32}", secret), cookies.keys()
        tags = [a.device for a in match.log if type(a).__name__ == "Join"]
        assert len(set(tags)) == 2 and all(tags) and secret not in match.to_json()
    finally:
        for context in (ann_phone, other_phone):
            for page in context.pages:
                page.close(run_before_unload=True)
            context.close()
    assert outside == [] and outside_other == []
