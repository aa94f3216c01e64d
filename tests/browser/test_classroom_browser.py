"""A classroom experiment in a real browser against a real Voilà server: the teacher screen and 6
students (seven Chromium contexts, a kernel per page) run 3 rounds of each experiment (first-price,
second-price, common value, the ladder). The students join by the class link; each types or taps
their bids; one student misses a round. The teacher screen's CSV holds exactly the entries made,
and it is the engine's export. Before each close, each student's page (its markup, its text and
every websocket frame it received) holds its own value and bid only, and the teacher's page
nobody's. One server and the six student contexts serve all four experiments."""
from __future__ import annotations

import base64
import math
import re
import time

from tabletop.match import Match
from tabletop.store import Store

from .conftest import wait_for
from .test_privacy_browser import readable

NICKNAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fox"]
EXPERIMENTS = ["ladder", "first-price", "second-price", "common-value"]


def dollars(amount: int) -> re.Pattern:
    """$5 as the screens write it: not inside $50, $5,000 or -$5 (a signal below $0 is -$5)."""
    if amount < 0:
        return re.compile(re.escape(f"-${-amount:,}") + r"(?![\d,])")
    return re.compile(r"(?<!-)" + re.escape(f"${amount:,}") + r"(?![\d,])")


WITHOUT_TICKS = """() => {
    const copy = document.documentElement.cloneNode(true);
    copy.querySelectorAll('.xaxislayer-above > g, .yaxislayer-above > g').forEach(e => e.remove());
    return copy.outerHTML + '\\n' + copy.textContent;
}"""


class Phone:
    def __init__(self, browser, server: str, laptop: bool = False):
        self.server = server
        self.context = browser.new_context(viewport={"width": 1280, "height": 800} if laptop
                                           else {"width": 390, "height": 844})
        self.outside: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.set_default_timeout(90_000)
        self.frames: list = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.frames.append(payload)))
        self.seat: int | None = None

    def _route(self, r):
        if r.request.url.startswith(self.server):
            r.continue_()
        else:
            self.outside.append(r.request.url)
            r.abort()

    def text(self) -> str:
        # a chart's axis ticks ($0, $20, ...) are its scale, drawn by the browser from public data
        return self.page.evaluate(WITHOUT_TICKS)

    def seen(self) -> str:
        """What reached this page since the last call: its DOM and the frames it received."""
        frames, self.frames[:] = list(self.frames), []
        texts = [readable(f) for f in frames]
        # plotly's own JavaScript (the FigureWidget's module, megabytes of code) is no data
        return self.text() + "\n" + "\n".join(t for t in texts if '"_esm"' not in t)


def engine(home, match_id: str) -> Match:
    store = Store(home / "matches.sqlite3")
    try:
        return store.open(match_id).match
    finally:
        store.close()


def teacher_key(home, match_id: str) -> str:
    """The teacher link's key (the teacher screen opens with it only)."""
    from tabletop.widgets.classroom import teacher_key as key
    with Store(home / "matches.sqlite3") as store:
        return key(store, match_id)


def create(home, experiment: str) -> str:
    store = Store(home / "matches.sqlite3")
    try:
        options = {"experiment": experiment, "rounds": 3, "missing_bid": "none",
                   "group_size": 4 if experiment == "ladder" else 3}
        return store.create(Match("classroom", [f"Seat {k}" for k in range(1, 9)], options)).id
    finally:
        store.close()


def secrets_of_round(match: Match, seat: int) -> set[int]:
    """The values, signals and sealed bids of the open round, of ``seat``."""
    private = match.view(seat)["private"] or {}
    out = set(private.get("pile_values") or ())
    for k in ("value", "signal", "bid"):
        if private.get(k) is not None:
            out.add(private[k])
    return out


def public_numbers(match: Match) -> set[int]:
    view = match.view(None)
    low, high = match.game.options["low"], match.game.options["high"]
    n = match.game.options["group_size"]
    # the teacher's chart names the revenue theory predicts from the experiment's public numbers
    out = {low, high, round(low + (n - 1) / (n + 1) * (high - low))}
    out |= set(view.get("ladder_rungs") or ())
    for r in view.get("rows") or ():
        for k in ("value", "bid", "price", "profit", "common_value", "vcg_price"):
            v = r.get(k)
            if isinstance(v, (int, float)) and not (isinstance(v, float) and math.isnan(v)):
                out.add(int(v))
        for v in str(r.get("pile_values") or "").split():
            out.add(int(v))
    for g in view.get("ladder") or ():
        for p in g.get("piles") or ():
            if p.get("amount") is not None:
                out.add(p["amount"])
    return out


def check_privacy(phones: list[Phone], teacher: Phone, match: Match) -> int:
    """Each page holds the open round's secrets of its own seat only; the teacher's none."""
    public = public_numbers(match)
    seats = [p.seat for p in phones]
    secrets = {s: secrets_of_round(match, s) for s in seats}
    checked = 0
    for viewer in phones + [teacher]:
        text = viewer.seen()
        mine = secrets.get(viewer.seat, set())
        for other in seats:
            if other == viewer.seat:
                continue
            for secret in secrets[other] - mine - public:
                found = dollars(secret).search(text)
                assert not found, (
                    f"{'the teacher' if viewer is teacher else NICKNAMES[viewer.seat]}'s page holds "
                    f"${secret:,} of {NICKNAMES[other]} before the close: "
                    f"...{text[max(0, found.start() - 150):found.end() + 60]}...")
                checked += 1
    return checked


def test_a_class_of_six_runs_three_rounds_of_each_experiment(browser, server, home):
    started = time.monotonic()
    teacher = Phone(browser, server, laptop=True)
    phones = [Phone(browser, server) for _ in NICKNAMES]
    checks = 0
    try:
        for experiment in EXPERIMENTS:
            match_id = create(home, experiment)
            teacher.page.goto(f"{server}/?match={match_id}&teacher={teacher_key(home, match_id)}")
            teacher.page.locator(".tt-teacher").wait_for(timeout=120_000)
            link = teacher.page.locator("a.tt-class-link").get_attribute("href")
            assert f"match={match_id}" in link and "join=" in link
            for phone in phones:                   # the class scans the code at once
                phone.page.goto(link, wait_until="commit")
            for phone, nick in zip(phones, NICKNAMES):
                phone.page.locator(".tt-join-page input").fill(nick, timeout=120_000)
                phone.page.get_by_role("button", name="Join").click()
            for phone, nick in zip(phones, NICKNAMES):
                phone.page.locator(".tt-student").wait_for()
                # the address bar holds the seat's own link: a reload rejoins the seat
                wait_for(lambda: "seat=" in phone.page.url, 15, f"{nick}'s address bar shows the seat link")
                phone.seat = int(re.search(r"seat=(\d+)", phone.page.url).group(1))
            assert sorted(p.seat for p in phones) == list(range(6))
            made: dict[tuple[int, int], int] = {}
            for rnd in (1, 2, 3):
                for viewer in phones + [teacher]:
                    viewer.frames.clear()          # what came before: an earlier match, or public results
                teacher.page.get_by_role("button", name=f"Open round {rnd}").click()
                if experiment == "ladder":
                    _ladder_round(teacher, phones, rnd)
                else:
                    for phone in phones:
                        phone.page.locator(".tt-value").wait_for()
                    for phone in phones:
                        if rnd == 2 and phone.seat == 5:
                            continue                   # Fox misses round 2: no bid, as the rule says
                        words = phone.page.locator(".tt-value").inner_text()
                        value = int(words.split("$")[1].replace(",", "")) * (-1 if "-$" in words else 1)
                        bid = max(0, value - 7 * (phone.seat + 1))
                        phone.page.locator(".tt-amount input").fill(str(bid))
                        phone.page.get_by_role("button", name="Submit my bid").click()
                        made[(rnd, phone.seat)] = bid
                    for phone in phones:
                        if (rnd, phone.seat) in made:
                            phone.page.get_by_text(f"Bid received: ${made[(rnd, phone.seat)]:,}").wait_for()
                    want = 5 if rnd == 2 else 6
                    teacher.page.get_by_text(f"Round {rnd}: {want} of 6 have bid").wait_for()
                match = engine(home, match_id)
                rule = match.view(None)["missing_rule"]
                for viewer in phones + [teacher]:
                    assert rule in viewer.page.inner_text("body"), "the missing-bid rule is on every screen"
                checks += check_privacy(phones, teacher, match)
                teacher.page.get_by_role("button", name=f"Close round {rnd}").click()
                for phone in phones:
                    phone.page.get_by_text(f"Round {rnd} results").wait_for()
            # the CSV the teacher downloads: the entries made, and the engine's export
            teacher.page.get_by_text("The experiment is over").wait_for()
            # the teacher's four charts are drawn, with lines and points
            teacher.page.locator(".tt-teacher .js-plotly-plot .scatterlayer .trace").first.wait_for(
                state="attached", timeout=60_000)
            match = engine(home, match_id)
            from tabletop.classroom.results import csv_text, results

            def downloaded() -> str:
                href = teacher.page.locator("a.tt-csv").get_attribute("href")
                return base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
            # the link may trail the status by a message; a stale one is caught below
            try:
                wait_for(lambda: downloaded() == csv_text(match), 15, "the CSV link holds every round")
            except AssertionError:
                pass
            csv = downloaded()
            if csv != csv_text(match):
                artifacts = home / f"classroom-{experiment}"
                artifacts.mkdir(exist_ok=True)
                (artifacts / "teacher.csv").write_text(csv)
                (artifacts / "engine.csv").write_text(csv_text(match))
                match.save(artifacts / "match.json")
            assert csv == csv_text(match), f"the teacher's CSV is not the engine's export (both in {home})"
            frame = results(match)
            assert len(frame) == 18
            if experiment == "ladder":
                bids = [a for a in match.log if type(a).__name__ == "PlaceBid"]
                assert bids and frame["won"].all()
            else:
                for (rnd, seat), bid in made.items():
                    row = frame[(frame["round"] == rnd) & (frame["seat"] == seat + 1)].iloc[0]
                    assert row["bid"] == bid and row["bid_rule"] == "bid", (experiment, rnd, seat)
                fox = frame[(frame["round"] == 2) & (frame["seat"] == 6)].iloc[0]
                assert fox["bid_rule"] == "missing" and fox["bid"] != fox["bid"]
                assert frame["bid"].count() == len(made) == 17
            print(f"\n{experiment}: 3 rounds, {time.monotonic() - started:.0f} s so far, {checks} privacy checks")
    finally:
        for p in phones + [teacher]:
            try:
                p.page.close(run_before_unload=True)
            finally:
                p.context.close()
    for p in phones + [teacher]:
        assert p.outside == [], f"a page asked for things outside the local server: {p.outside}"
    assert checks > 100


def _ladder_round(teacher: Phone, phones: list[Phone], rnd: int) -> None:
    """Whoever's turn it is taps a free pile's lowest bid, until every bidder holds a pile."""
    for phone in phones:
        phone.page.get_by_text("Your values").wait_for()
    deadline = time.monotonic() + 90
    done = teacher.page.get_by_text(f"Round {rnd}: 6 of 6 hold a pile")
    while not done.count():
        assert time.monotonic() < deadline, "the ladder round did not finish"
        tapped = False
        for phone in phones:
            free = phone.page.locator(".tt-pile-row.tt-free button")
            if free.count():
                try:
                    free.first.click(timeout=2_000)
                    tapped = True
                except Exception:     # the page redrew meanwhile (another bidder's turn): look again
                    pass
        if not tapped:
            time.sleep(0.2)
