"""Every screen in a real browser, as a person sees it (issue 29): the start page, each title's table
screen, a seat's phone, the position form of each title, the correction card, the join codes, the
charts, the exports, the classroom's teacher and student screens and its class link, at 1280x800 and
390x844, in English and Korean. On each screen every control that makes no game entry is tapped,
and after each tap the page is checked as a person would (tests/browser/crawl.py: the match still
shown, nothing wider than the window, no controls on top of each other, no label cut that would
fit, no raw key, no traceback); axe-core's WCAG 2.2 A/AA rules find no serious or critical
violation. A screenshot of each screen, width and language goes to test-artifacts/gallery/ with an
index page. Then a whole game of each title is played through the screen's own buttons, checked
after every entry, the width changing from entry to entry.
"""
from __future__ import annotations

import random
import time

import pytest

from tabletop import CHANCE, TERMINAL, Match, i18n
from tabletop.store import Store
from tabletop.widgets.render import title_name

from . import crawl
from .table import Table

PLAYERS = ["Alice", "Bob", "Carol", "Dan"]
DESK, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
LANGS = ["en", "ko"]
#: (title, entries played, seed): seeded deals, so every run shows the same screens
TITLES = [("stockpile", 40, 7), ("acquire", 30, 5), ("black-monday", 30, 7), ("jika", 20, 7)]


def played(title: str, steps: int, seed: int, players=PLAYERS, options=None) -> Match:
    match = Match(title, players, options or {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.current_player() == TERMINAL:
            break
        legal = match.legal_actions()
        match.apply(match.sample_chance() if match.current_player() == CHANCE else legal[rng.randrange(len(legal))])
    return match


@pytest.fixture(scope="module")
def saved(home):
    """Each title's match a few entries in, a classroom experiment, and their seats' keys."""
    from tabletop.widgets.classroom import class_key, teacher_key
    store = Store(home / "matches.sqlite3")
    try:
        out = {}
        for title, steps, seed in TITLES:
            match_id = store.create(played(title, steps, seed)).id
            out[title] = (match_id, store.seat_key(match_id, 0))
        classroom = Match("classroom", [f"Seat {k}" for k in range(1, 9)],
                          {"experiment": "first-price", "rounds": 3, "missing_bid": "none", "group_size": 3})
        match_id = store.create(classroom).id
        out["classroom"] = (match_id, store.seat_key(match_id, 0), class_key(store, match_id),
                            teacher_key(store, match_id))
        return out
    finally:
        store.close()


def display(title: str, lang: str) -> str:
    from tabletop.registry import get_title
    with i18n.language(lang):
        return title_name(get_title(title).display_name)


class Crawl:
    """Counts taps, checks and what was found, screen by screen."""

    def __init__(self, page, gallery: crawl.Gallery):
        self.page, self.gallery = page, gallery
        self.taps = self.checks = self.axe_runs = 0
        self.found: dict[str, list[str]] = {}
        self.axe_found: dict[str, list[str]] = {}
        self.axe_clean: list[str] = []

    def check(self, where: str, headers) -> None:
        self.checks += 1
        for problem in crawl.problems(self.page, headers):
            self.found.setdefault(where, []).append(problem)

    def axe(self, where: str) -> None:
        self.axe_runs += 1
        bad = crawl.serious(crawl.axe(self.page))
        if bad:
            self.axe_found[where] = bad
        else:
            self.axe_clean.append(where)

    def size(self, size: dict) -> None:
        if self.page.viewport_size != size:
            self.page.set_viewport_size(size)

    def screen(self, name: str, lang: str, headers, axe_width: int | None) -> None:
        """Check the screen shown now at both widths, axe at ``axe_width``, a screenshot of each."""
        for size in (DESK, PHONE):
            self.size(size)
            where = f"{name} [{size['width']}, {lang}]"
            self.check(where, headers)
            if size["width"] == axe_width:
                self.axe(where)
            self.gallery.shoot(self.page, name, lang)

    def tap_all(self, name: str, lang: str, headers, width: dict, reload=None, after=None,
                screens: dict | None = None, axe_width: int | None = None) -> None:
        """Tap every control the screen shows now (``crawl.controls``) at ``width``, checking after each;
        ``after(control)`` puts the screen back where it needs to be (closes a panel); a tap whose
        label is in ``screens`` opens a screen of its own (its name), checked at both widths."""
        self.size(width)
        for control in crawl.controls(self.page, lang):
            if not crawl.tap(self.page, control):
                if reload is None:
                    continue
                reload()
                self.size(width)
                if not crawl.tap(self.page, control):
                    continue
            self.taps += 1
            crawl.settle(self.page)
            self.check(f"{name} [{width['width']}, {lang}] after tapping {control.label!r}", headers)
            if screens and control.label in screens:
                if ".tt-charts" in screens[control.label][1]:      # the charts are drawn, then checked
                    self.page.locator(".tt-charts .main-svg").first.wait_for(timeout=90_000)
                    crawl.settle(self.page, 0.4, 20)
                self.screen(screens[control.label][0], lang, headers, axe_width)
                self.size(width)
            if after is not None:
                self.taps += after(control)


def _close_panel(page, lang: str):
    """After a tap on a seat's panel button: the panel opens in place of the table screen; close it."""
    with i18n.language(lang):
        panels = {i18n.tr("{player}'s panel", player=p) for p in PLAYERS}

    def after(control) -> int:
        if control.label not in panels:
            return 0
        button = page.locator(".tt-private button.tt-primary").last      # the panel's close button
        button.wait_for()
        button.click()
        page.locator(".tt-tracker .tt-seats").first.wait_for()
        crawl.settle(page)
        return 1
    return after


def test_every_screen_at_both_widths_in_two_languages(page, server, saved, artifacts):
    started = time.monotonic()
    run = Crawl(page, crawl.Gallery(artifacts / "gallery"))

    def load(query: str, root: str) -> None:
        began = time.monotonic()
        page.goto(f"{server}/{query}")
        try:
            page.locator(root).first.wait_for(timeout=120_000)
        except Exception:
            raise AssertionError(f"{query} never showed {root}; the page reads:\n{page.inner_text('body')[:2000]}")
        crawl.settle(page, 0.4)
        loads.append(time.monotonic() - began)
    loads: list[float] = []

    for lang in LANGS:
        print(f"\n{lang}: from {time.monotonic() - started:.0f} s", flush=True)
        q = f"lang={lang}"
        # taps on a phone in English and on a laptop in Korean: every control at each width and in each
        # language; axe-core once a screen (5 s a run on a busy machine), on the phone in English
        tap_width, axe_width = (PHONE, 390) if lang == "en" else (DESK, None)
        with i18n.language(lang):
            start_words = ("tabletop", i18n._("Start from the table as it is"))

        # the start page, then its position form for each title
        load(f"?{q}", ".tt-start")
        run.screen("start page", lang, "tabletop", axe_width)
        run.tap_all("start page", lang, "tabletop", tap_width, reload=lambda: load(f"?{q}", ".tt-start"))
        for title, _steps, _seed in TITLES:
            page.locator(".tt-start .tt-toggle button", has_text=display(title, lang)).first.click()
            crawl.settle(page)
            page.get_by_role("button", name=start_words[1]).click()
            page.locator(".tt-position").wait_for()
            crawl.settle(page)
            run.taps += 2
            run.screen(f"position form, {title}", lang, "tabletop", axe_width)

        # each title's table screen (Stockpile's also with the correction card, the join codes, the
        # charts and the exports open, as its taps open them), and a seat's phone
        with i18n.language(lang):
            opened = {i18n._("Correct a mistake"): ("correction card", ".tt-correct"),
                      i18n._("Show the seats' join codes"): ("join codes", ".tt-join"),
                      i18n._("Show charts"): ("charts", ".tt-charts"),
                      i18n._("Export public record"): ("exports", ".tt-footer")}
        for title, _steps, _seed in TITLES:
            match_id, key = saved[title]
            headers = [display(title, lang)] + PLAYERS
            tracker = f"?match={match_id}&{q}"
            load(tracker, ".tt-tracker")
            run.screen(f"table screen, {title}", lang, headers, axe_width)
            run.tap_all(f"table screen, {title}", lang, headers, tap_width,
                        reload=lambda: load(tracker, ".tt-tracker"), after=_close_panel(page, lang),
                        screens={k: (f"{n}, {title}", sel) for k, (n, sel) in opened.items()} if title == "stockpile" else None,
                        axe_width=axe_width)
            load(f"?match={match_id}&seat=0&key={key}&{q}", ".tt-seat")
            run.screen(f"seat phone, {title}", lang, [display(title, lang)], axe_width)
            run.tap_all(f"seat phone, {title}", lang, [display(title, lang)], tap_width)

        # the classroom: the teacher's screen, the class link's page and a student's screen
        match_id, key, klass, teacher = saved["classroom"]
        with i18n.language(lang):
            classroom = [i18n._("First-price sealed-bid auction")]
        load(f"?match={match_id}&teacher={teacher}&{q}", ".tt-teacher")
        run.screen("teacher screen", lang, classroom, axe_width)
        run.tap_all("teacher screen", lang, classroom, tap_width)
        load(f"?match={match_id}&join={klass}&{q}", ".tt-join-page")
        run.screen("class link", lang, classroom, axe_width)
        run.tap_all("class link", lang, classroom, tap_width)
        load(f"?match={match_id}&seat=0&key={key}&{q}", ".tt-student")
        run.screen("student screen", lang, classroom, axe_width)

    index = run.gallery.write()
    seconds = time.monotonic() - started
    print(f"\npage loads: {len(loads)}, {sum(loads):.0f} s")
    print(f"crawl: {len(run.gallery.shots)} screenshots, {run.taps} taps, {run.checks} checks, "
          f"{run.axe_runs} axe runs ({len(run.axe_clean)} clean), {seconds:.0f} s; gallery {index}")
    said = "\n".join(f"{where}:\n  " + "\n  ".join(lines[:6]) for where, lines in run.found.items())
    axe_said = "\n".join(f"{where}:\n  " + "\n  ".join(lines) for where, lines in run.axe_found.items())
    assert not run.found and not run.axe_found, (
        f"{len(run.found)} screens a person would find wrong:\n{said}\n"
        f"{len(run.axe_found)} screens with serious or critical accessibility violations:\n{axe_said}")


#: a whole game of each title, short where the rules allow it: two players (three in 時価で勝負, its
#: least), Black Monday's deck of one copy, 時価で勝負's hands of five; Acquire's players declare
#: the end as soon as they may, a table's own sizes: safe at 6 tiles, the end at 8 (the whole 41 took over 600 s)
GAMES = [("jika", ["Alice", "Bob", "Carol"], {"hand_size": 5}, 3),
         ("black-monday", PLAYERS[:2], {"copies": 1}, 1),
         ("stockpile", PLAYERS[:2], {}, 2),
         ("acquire", PLAYERS[:2], {"rules": {"safe_size": 6, "end_size": 8}}, 1)]


class CheckedTable(Table):
    """``Table`` that checks the page after every entry, at 1280 and 390 px by turns."""

    def __init__(self, page, home, match_id, seed, headers):
        super().__init__(page, home, match_id, seed)
        self.headers, self.checks, self.found = headers, 0, []

    def choose(self, match):
        ends = [a for a in match.legal_actions() if type(a).__name__ == "DeclareEnd"]
        return ends[0] if ends and match.current_player() != CHANCE else super().choose(match)

    def enter(self, match, action) -> None:
        super().enter(match, action)
        self.page.set_viewport_size(PHONE if self.checks % 2 else DESK)
        crawl.settle(self.page, 0.15)
        self.checks += 1
        self.found += [f"after entry {len(match.log) + 1} ({self.page.viewport_size['width']} px): {p}"
                       for p in crawl.problems(self.page, self.headers)]


@pytest.mark.parametrize("title,players,options,seed", GAMES, ids=["jika", "black-monday", "stockpile", "acquire"])
def test_a_whole_game_through_the_screens_own_buttons(page, server, home, artifacts, title, players, options, seed):
    started = time.monotonic()
    store = Store(home / "matches.sqlite3")
    try:
        match_id = store.create(Match(title, players, options, seed=seed)).id
    finally:
        store.close()
    page.goto(f"{server}/?match={match_id}")
    page.locator(".tt-tracker").wait_for()
    table = CheckedTable(page, home, match_id, seed, [display(title, "en")] + players)
    table.play_until(lambda m: False, max_entries=1000)
    match = table.match()
    assert match.current_player() == TERMINAL
    page.set_viewport_size(DESK)
    table.wait_entries(len(match.log))
    assert table.shown_money() == table.engine_money()
    (artifacts / "gallery").mkdir(exist_ok=True)
    page.screenshot(path=str(artifacts / "gallery" / f"game-over-{title}.png"), full_page=True)
    print(f"\n{title}: {len(match.log)} entries, {table.taps} taps, {table.checks} checks, "
          f"{time.monotonic() - started:.0f} s")
    assert not table.found, "\n".join(table.found[:12])
