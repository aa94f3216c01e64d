"""One live match on several devices, through their widgets: a table screen and the players' own
devices, each with its own copy of the match and its own connection to the store (as each page
has its own kernel). Entries made on one appear on the others; two devices entering at once never
both win and the loser is told who was first; every player enters their own tip at once."""
from __future__ import annotations

import asyncio
import concurrent.futures
import random
import re
import subprocess
import sys
import time
from urllib.parse import parse_qs, urlsplit

import ipywidgets as W
import pytest

from tabletop import CHANCE, Match
from tabletop.store import Store
from tabletop.widgets.app import App
from tabletop.widgets.live import ahead_entries
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.start import StartPage
from tabletop.widgets.tracker import Tracker

from .fake_title import TIPS, Buy, DealTip, Pass

PLAYERS = ["Ann", "Bob", "Cy"]


def shown_text(widget) -> str:
    """Every string of the widgets attached under ``widget`` (what that page shows)."""
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        for name in ("value", "description", "placeholder"):
            v = getattr(w, name, None)
            if isinstance(v, str):
                out.append(v)
        stack.extend(getattr(w, "children", ()) or ())
    return "\n".join(out)


def entries(screen) -> int:
    return int(re.search(r"\((\d+) entries\)", screen.log.title.value).group(1))


def table_and_phones(home, n: int = 3, rounds: int = 2, pins: dict | None = None):
    """A saved Fake Market match, its table screen and every seat's device, each on its own
    connection to the store (as each page has its own kernel)."""
    store = Store()
    saved = store.create(Match("fakemarket", PLAYERS[:n], {"rounds": rounds}))
    for seat, pin in (pins or {}).items():
        store.set_pin(saved.id, seat, pin)
    table = Tracker(Store().open(saved.id, device="table"))
    phones = [SeatScreen(Store().open(saved.id, device=f"seat:{s}"), s) for s in range(n)]
    return store, saved.id, table, phones


def follow_all(*screens) -> None:
    for screen in screens:
        screen.follow()


def test_every_player_enters_their_own_tip_at_once_and_every_screen_follows(home):
    store, match_id, table, (ann, bob, cy) = table_and_phones(home)
    tips = {0: "Apple up", 1: "Berry down", 2: "secret deal"}
    assert "Enter your secret draw" in ann.panel.prompt.value
    for phone in (bob, cy):                      # not their turn yet: they may enter theirs ahead
        assert "Enter your next draw now" in phone.panel.prompt.value
        assert sorted(a.tip for _b, a in phone.panel.buttons()) == sorted(TIPS)
    assert cy.panel.pick(DealTip(2, tips[2]))         # clicks the button of that entry
    assert bob.panel.pick(DealTip(1, tips[1]))
    assert entries(table) == 0 and "Entered ahead" in shown_text(bob.widget)
    assert ann.panel.pick(DealTip(0, tips[0]))        # hers brings the others' in
    follow_all(table, bob, cy)
    for screen in (table, ann, bob, cy):
        assert entries(screen) == 3
        assert screen.match.log == tuple(DealTip(s, tips[s]) for s in range(3))
    assert "Entered ahead" not in shown_text(bob.widget)
    for seat, phone in enumerate((ann, bob, cy)):
        text = shown_text(phone.widget)
        assert tips[seat] in phone.secrets.value
        others = [tips[s] for s in tips if s != seat]
        assert not [t for t in others if t in text], f"{PLAYERS[seat]}'s device shows another's tip"
    assert not [t for t in tips.values() if t in shown_text(table.public)]
    # the trade begins: Ann's device offers her choices, the others wait for her
    assert "Your turn" in ann.panel.prompt.value and "Waiting for Ann" in bob.panel.prompt.value
    assert "Pass the device to Ann" in table.panel.prompt.value      # pass-around still works


def test_an_entry_on_a_phone_closes_the_same_players_panel_open_on_the_table_screen(home):
    store, match_id, table, (ann, bob, cy) = table_and_phones(home)
    table.gate_button.click()                    # Ann's panel opened on the table screen...
    assert table.private is not None and table.private.seat == 0
    assert ann.panel.pick(DealTip(0, "Berry up"))     # ...but she used her phone
    assert table.follow()
    assert table.private is None and table.public.layout.display is None
    assert "Pass the device to Bob" in table.panel.prompt.value
    assert "Berry up" not in shown_text(table.widget)


def test_two_devices_entering_the_same_decision_at_once_one_wins_the_other_is_told(home):
    store, match_id, table, (ann, bob, cy) = table_and_phones(home)
    for seat, phone in enumerate((ann, bob, cy)):
        phone.panel.pick(DealTip(seat, "Apple down"))
    follow_all(table, ann, bob, cy)
    assert entries(table) == 3 and "Your turn" in ann.panel.prompt.value
    money = table.match.state.money[0]
    # both screens show Ann's turn: her phone passes, the table screen (not caught up yet) buys
    assert ann.panel.pick(Pass(0))
    assert table.panel.pick(Buy(0, "Apple"))
    assert table.banner.layout.display is None
    assert table.banner.value.count("Ann's device entered that first: Ann passes.") == 1
    assert "Your entry was not made" in table.banner.value
    assert entries(table) == 4 and table.match.log[-1] == Pass(0) and table.match.state.money[0] == money
    assert "Bob" in table.header.value                                 # the new state is shown
    assert len(Store().open(match_id).match.log) == 4                   # one entry, not two


def test_a_tap_that_arrives_after_the_screen_caught_up_enters_nothing_and_says_why(home):
    """The table screen had caught up with Ann's pass before its tap arrived: the button the
    player saw ("Ann buys Apple") must not enter what that button now means (Bob's buy)."""
    store, match_id, table, (ann, bob, cy) = table_and_phones(home)
    for seat, phone in enumerate((ann, bob, cy)):
        phone.panel.pick(DealTip(seat, "Apple down"))
    follow_all(table, ann)
    seen = {a: b for b, a in table.panel.buttons()}
    assert Buy(0, "Apple") in seen
    assert ann.panel.pick(Pass(0))
    assert table.follow()                       # the watcher redraws first...
    seen[Buy(0, "Apple")].click()               # ...then the tap on what the player saw arrives
    assert "Ann's device entered that first: Ann passes." in table.banner.value
    assert Store().open(match_id).match.log[-1] == Pass(0) and len(table.match.log) == 4
    assert {a for _b, a in table.panel.buttons()} >= {Buy(1, "Apple"), Pass(1)}    # Bob's turn now
    assert seen[Buy(0, "Apple")].description == ""


def test_two_devices_undoing_at_once_undo_one_entry(home):
    store, match_id, table, (ann, bob, cy) = table_and_phones(home)
    for seat, phone in enumerate((ann, bob, cy)):
        phone.panel.pick(DealTip(seat, "Berry up"))
    follow_all(table, ann, bob, cy)
    bob.log.undo_button.click()
    table.log.undo_button.click()
    assert "Bob's device undid an entry first." in table.banner.value
    assert len(Store().open(match_id).match.log) == 2 and entries(table) == 2
    bob.log.redo_button.click()
    table.follow()
    assert entries(table) == 3


def test_two_devices_redoing_at_once_redo_one_entry_and_the_other_is_told(home):
    store, match_id, table, (ann, bob, cy) = table_and_phones(home)
    for seat, phone in enumerate((ann, bob, cy)):
        phone.panel.pick(DealTip(seat, "Berry up"))
    follow_all(table, ann, bob, cy)
    bob.log.undo_button.click()
    follow_all(table, bob)
    assert entries(table) == 2 and not table.log.redo_button.disabled
    # both screens offer Redo: Bob's device taps first, the table screen (not caught up) next
    bob.log.redo_button.click()
    table.log.redo_button.click()
    assert table.banner.layout.display is None
    assert table.banner.value.count("Bob's device entered that first: ") == 1
    assert "Your entry was not made" in table.banner.value and "Berry up" not in table.banner.value
    assert len(Store().open(match_id).match.log) == 3 and entries(table) == 3     # redone once
    assert table.match.log == Store().open(match_id).match.log and not table.match.undone
    assert table.log.redo_button.disabled                                      # the new state


def test_an_impossible_entry_ahead_is_said_on_that_players_device_and_entered_again(home):
    """Ben's entry ahead cannot go in when his turn comes (a pair where his starting stock is
    due; issue 28: Ann's very company no longer is such an entry, it is taken from her). His
    device says so, and offers his own draw again."""
    store = Store()
    match = Match("stockpile", ["Ann", "Ben", "Cy", "Dee"], seed=11)
    saved = store.create(match)
    companies = [a.company for a in match.legal_actions()]
    ann = SeatScreen(Store().open(saved.id, device="seat:0"), 0)
    ben = SeatScreen(Store().open(saved.id, device="seat:1"), 1)
    from tabletop.stockpile.actions import DealPair
    Store().open(saved.id, device="seat:1").add_advance(1, DealPair(1, companies[0], "+4"))
    assert ann.panel.pick(stock(0, companies[0]))
    ben.follow()
    assert "could not go in when its turn came" in ben.banner.value
    assert "is not possible now" in ben.banner.value and ben.banner.layout.display is None
    assert "Entered ahead" not in shown_text(ben.widget) and store.advance_entries(saved.id) == []
    assert "Enter your secret draw" in ben.panel.prompt.value           # his own turn now
    assert ben.panel.pick(stock(1, companies[1]))
    assert len(Store().open(saved.id).match.log) == 2 and ben.banner.layout.display == "none"


def test_entries_ahead_can_be_taken_back(home):
    store, match_id, table, (ann, bob, cy) = table_and_phones(home)
    assert cy.panel.pick(DealTip(2, "Apple up"))
    assert "Entered ahead" in shown_text(cy.widget)
    cy.take_back.click()
    assert "Entered ahead" not in shown_text(cy.widget) and store.advance_entries(match_id) == []
    assert ann.panel.pick(DealTip(0, "Apple down")) and bob.panel.pick(DealTip(1, "Apple down"))
    cy.follow()
    assert "Enter your secret draw" in cy.panel.prompt.value and len(cy.match.log) == 2


def stock(seat: int, company: str):
    from tabletop.stockpile.actions import DealStartingStock
    return DealStartingStock(seat, company)


def test_a_seat_link_opens_that_seat_only_with_its_key_and_pin(home):
    store, match_id, table, phones = table_and_phones(home, pins={1: "2468"})
    table.join.show_button.click()
    links = re.findall(r'href="([^"]+)"', table.join.codes.value)
    assert table.join.codes.value.count("<svg") == 3 and len(links) == 3
    queries = [parse_qs(urlsplit(link.replace("&amp;", "&")).query) for link in links]
    assert [q["seat"] for q in queries] == [["0"], ["1"], ["2"]] and all(q["match"] == [match_id] for q in queries)
    ann = App(Store(), match_id, queries[0]["seat"][0], queries[0]["key"][0])
    assert isinstance(ann.page, SeatScreen) and ann.page.seat == 0
    assert f'data-url="?match={match_id}&amp;seat=0&amp;key={queries[0]["key"][0]}"' in ann.url.value
    wrong = App(Store(), match_id, "0", queries[1]["key"][0])          # Bob's key for Ann's seat
    assert not isinstance(wrong.page, SeatScreen) and "not right" in wrong.page.widget.value
    bob = App(Store(), match_id, "1", queries[1]["key"][0]).page
    assert not bob.unlocked and bob.panel.buttons() == [] and "PIN" in shown_text(bob.pin_box)
    assert bob.unlock("1357") is False and "not right" in shown_text(bob.pin_box)
    assert bob.unlock("2468") is True and "Your secrets" in bob.secrets.value
    table.join.hide_button.click()
    assert "<svg" not in table.join.codes.value


def test_the_address_follows_the_screen(home):
    store = Store()
    app = App(store)
    assert isinstance(app.page, StartPage) and 'data-url=""' in app.url.value
    app.page.title_pick.value = "stockpile"
    app.page.count_pick.value = 3
    for i, name in enumerate(PLAYERS):
        app.page.names[i].value = name
    app.page.start_button.click()
    assert isinstance(app.page, Tracker)
    assert f'data-url="?match={app.page.saved.id}"' in app.url.value
    assert app.page.saved.device == "table"
    app.page.on_leave()
    assert 'data-url=""' in app.url.value


def test_the_table_screen_follows_another_program_by_itself(home, tmp_path):
    """In a kernel the watcher runs on the event loop; an entry that another process writes
    through the store appears on the screen without anyone touching it."""
    store = Store()
    saved = store.create(Match("fakemarket", PLAYERS, {"rounds": 2}))
    script = ("import sys; sys.path.insert(0, 'tests');"
              "from tabletop.registry import register_title; from dashboard.fake_title import TITLE, DealTip;"
              "register_title(TITLE); from tabletop.store import Store;"
              f"s = Store().open({saved.id!r}); s.apply(DealTip(0, 'Berry up'))")

    async def scenario():
        table = Tracker(Store().open(saved.id, device="table"))
        assert table.watcher.task is not None
        writer = subprocess.Popen([sys.executable, "-c", script])
        deadline = time.monotonic() + 30
        while entries(table) == 0:
            assert time.monotonic() < deadline, "the entry did not appear"
            await asyncio.sleep(0.02)
        shown = time.monotonic()
        assert writer.wait(30) == 0
        table.close()
        return table, shown
    # a loop of its own thread: Playwright's browser tests, earlier in a whole run, leave an event
    # loop running in this one, where asyncio.run() is refused
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        table, _shown = pool.submit(asyncio.run, scenario()).result()
    assert "Pass the device to Bob" in table.panel.prompt.value
    assert "Berry up" not in shown_text(table.public)
    W.Widget.close_all()


@pytest.mark.parametrize("title", ["stockpile", "acquire", "black-monday", "jika"])
def test_a_seat_is_offered_ahead_exactly_what_it_is_offered_in_its_turn(title):
    """While others enter their secret draws, a seat's device offers its own next draw: the list
    must be the one the engine offers that seat when its draw is due (reached here with the others'
    real draws, not the device's filling), and nothing when a decision or a public card comes first."""
    rng = random.Random(7)
    match = Match(title, ["Ann", "Bob", "Cy", "Dee"], seed=7)
    offered = empty = 0
    for _ in range(70):
        state = match.state
        owner = state.chance_owner() if state.current_player() == CHANCE else None
        if owner is not None and match.legal_actions()[0].secret_to == owner:
            for seat in range(4):
                if seat == owner:
                    continue
                ahead = ahead_entries(match, seat)
                future = state.clone()          # the others' true draws, from the engine's deck
                while (future.current_player() == CHANCE and future.chance_owner() not in (None, seat)
                       and future.legal_actions()[0].secret_to == future.chance_owner()):
                    future.apply(future.sample_chance(rng))
                due = future.current_player() == CHANCE and future.chance_owner() == seat
                expected = list(future.chance_entries(seat)) if due else []
                assert ahead == expected, f"{title}: seat {seat} is offered ahead {len(ahead)}, in turn {len(expected)}"
                offered += bool(ahead)
                empty += not ahead
        match.apply(match.sample_chance() if match.current_player() == CHANCE
                    else rng.choice(match.legal_actions()))
    assert offered >= 3 and empty >= 1, (offered, empty)


def test_join_codes_give_phones_the_network_address_and_the_token(home, monkeypatch):
    """A table screen opened on the server itself (127.0.0.1) of a LAN server gives the phones the
    computer's network address, with the server's token; a loopback server's codes say they work
    on this computer only."""
    store, match_id, table, phones = table_and_phones(home)
    monkeypatch.setenv("VOILA_REQUEST_URL", f"http://127.0.0.1:8866/?match={match_id}")
    monkeypatch.setenv("TABLETOP_SERVE_HOST", "192.168.1.5")
    monkeypatch.setenv("JUPYTER_TOKEN", "t0ken")
    links = table.join.links()
    for seat, link in enumerate(links):
        parts = urlsplit(link)
        query = parse_qs(parts.query)
        assert (parts.scheme, parts.hostname, parts.port, parts.path) == ("http", "192.168.1.5", 8866, "/")
        assert query["match"] == [match_id] and query["seat"] == [str(seat)] and query["token"] == ["t0ken"]
        assert store.check_seat_key(match_id, seat, query["key"][0])
    table.join.show()
    assert "this computer only" not in table.join.codes.value
    monkeypatch.setenv("TABLETOP_SERVE_HOST", "127.0.0.1")
    monkeypatch.delenv("JUPYTER_TOKEN")
    assert table.join.links()[0].startswith(f"http://127.0.0.1:8866/?match={match_id}&seat=0&key=")
    table.join.show()
    assert "this computer only" in table.join.codes.value
