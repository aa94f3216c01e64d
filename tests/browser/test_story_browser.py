"""A whole game of every title played on a 390 px phone by clicking the tracker's own buttons
(a random choice among what the page offers; secrets entered in the player's panel through the
gate), checking after every click what a player would notice:

- words, not keys: no snake_case token and no unformatted amount in the page's visible text;
- the phone layout: the page never widens past the screen (a wide table scrolls in its own box)
  and no two controls overlap;
- the story: every automatic event an entry caused (``Match.story()``, read back from the
  server's own database) is announced in words on the screen;
- at the end: the final scores are shown, and the charts open with their lines drawn.

Each game is kept short (2 players where the title allows it, small hands and decks, seeds that
end early) so the four fit in about two minutes.
"""
from __future__ import annotations

import random
import re
import time

import pytest

from tabletop import CHANCE, TERMINAL, Match
from tabletop.store import Store
from tabletop.widgets.render import money

from .conftest import ARTIFACTS, wait_for
from .table import Table
from .test_dashboard_browser import PHONE, newest_match_id, open_start_page

#: a snake_case key (a dict key or an option name that reached the screen)
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
#: four or more digits in a row: an amount or count printed without thousands separators
BARE_NUMBER = re.compile(r"(?<![\d,.])\d{4,}(?!\d|,\d)")
#: a line that is only an amount and a full stop (a "$1." button)
AMOUNT_LINE = re.compile(r"^\s*\$?[\d,]+\.\s*$", re.M)
#: addresses are not words a player reads as amounts: the join card's links carry a port number
#: and a token, and the match link names the match's id (digits allowed)
ADDRESS = re.compile(r"\S+://\S+|\bmatch=\S+|\([0-9a-f]{6,}\)")

#: one pass over the laid-out page: its text, what sticks out past the screen (outside a box that
#: scrolls sideways) and which controls overlap. A box is compared by its rectangle on screen.
CHECK_JS = """() => {
    const apps = [...document.querySelectorAll(".tt-app")];
    const text = apps.map(app => app.innerText).join("\\n");
    const shown = selector => [...document.querySelectorAll(selector)].map(el => el.innerText).join("\\n");
    const told = shown(".tt-app .tt-told"), log = shown(".tt-app .tt-log");
    const width = window.innerWidth;
    const describe = el => {
        const cls = typeof el.className === "string" ? el.className.trim().split(/\\s+/).slice(0, 3).join(".") : "";
        const words = (el.innerText || el.value || el.getAttribute("aria-label") || "").trim().slice(0, 40);
        return `${el.tagName.toLowerCase()}${cls ? "." + cls : ""} ${JSON.stringify(words)}`;
    };
    const wide = [];
    const walk = el => {
        for (const child of el.children) {
            const r = child.getBoundingClientRect();
            if (r.width === 0 && r.height === 0 && getComputedStyle(child).display === "none") continue;
            if (r.right > width + 1 || r.left < -1) {
                wide.push(`${describe(child)} spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
                continue;                     // its children stick out with it: name it once
            }
            const overflow = getComputedStyle(child).overflowX;
            if (overflow === "auto" || overflow === "scroll") continue;   // scrolls in its own box
            walk(child);
        }
    };
    apps.forEach(walk);
    const controls = [...document.querySelectorAll(
        ".tt-app button, .tt-app input:not([type=hidden]), .tt-app select, .tt-app textarea")]
        .map(el => [el, el.getBoundingClientRect()])
        .filter(([el, r]) => r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden");
    const overlaps = [];
    for (let i = 0; i < controls.length; i++) {
        const [a, ra] = controls[i];
        for (let j = i + 1; j < controls.length; j++) {
            const [b, rb] = controls[j];
            if (a.contains(b) || b.contains(a)) continue;
            if (ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 1 && rb.top < ra.bottom - 1)
                overlaps.push(`${describe(a)} and ${describe(b)}`);
        }
    }
    return {text, told, log, page: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5),
            overlaps: overlaps.slice(0, 5)};
}"""


def word_problems(text: str) -> dict[str, str]:
    """What on the screen reads as a key or as an amount a person would not write (each: the
    words around it)."""
    plain = " ".join(ADDRESS.sub(" ", text).split(" "))
    found = {}
    for what, pattern in (("snake_case", SNAKE), ("unformatted number", BARE_NUMBER),
                          ("an amount alone with a full stop", AMOUNT_LINE)):
        for m in pattern.finditer(plain):
            around = " ".join(plain[max(0, m.start() - 40):m.end() + 40].split())
            found.setdefault(f"{what} {m.group().strip()!r}", f"{what} {m.group().strip()!r} in ...{around}...")
    return found


def layout_problems(seen: dict) -> list[str]:
    found = []
    if seen["page"] > seen["width"]:
        found.append(f"the page is {seen['page']} px wide on a {seen['width']} px screen")
    found += [f"wider than the screen: {w}" for w in seen["wide"]]
    found += [f"controls overlap: {o}" for o in seen["overlaps"]]
    return found


def story_problems(announced: list[tuple[int, str, str]], seen: dict) -> list[str]:
    """Each event the click's entries caused is told in the announcement box of the screen in
    front of the player, and listed under its entry in the log where the log is on the screen."""
    found = []
    for i, line, event in announced:
        if not visible(event, seen["told"]):
            found.append(f"entry {i + 1} ({line!r}) caused {event!r}, not in an announcement box on the screen")
        if seen["log"].strip() and not visible(event, seen["log"]):
            found.append(f"entry {i + 1} ({line!r}) caused {event!r}, not under its entry in the log")
    return found


def visible(sentence: str, text: str) -> bool:
    """Is ``sentence`` on the screen (white space as the browser lays it out)?"""
    return " ".join(sentence.split()) in " ".join(text.split())


#: the buttons the page offers now, each tagged with its number: the action panel of the turn
#: card (the gate to a player's panel among them), or of the open panel; Back (a choice asked
#: part by part goes one part back) is left out so that the game moves on
OFFERED_JS = """() => {
    document.querySelectorAll("[data-story-pick]").forEach(el => el.removeAttribute("data-story-pick"));
    const shown = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const panel = [...document.querySelectorAll(".tt-app .tt-private")].find(shown);
    const scope = panel ? panel.querySelectorAll(".tt-private-actions button")
                        : document.querySelectorAll(".tt-app .tt-turn button");
    const offered = [...scope].filter(b => shown(b) && !b.disabled && b.innerText.trim() !== "Back");
    offered.forEach((b, i) => b.setAttribute("data-story-pick", String(i)));
    return {panel: !!panel, labels: offered.map(b => b.innerText.trim())};
}"""

#: what changes when a click has been taken in: the panel shown, its words, the log's count
SIGNATURE_JS = """() => {
    const title = document.querySelector(".tt-app .tt-log .tt-section-title");
    const panel = document.querySelector(".tt-app .tt-private");
    const area = panel || document.querySelector(".tt-app .tt-turn");
    return [title ? title.textContent : "", !!panel, area ? area.innerText : ""].join("|");
}"""


class Story:
    """Plays one match in the page by clicking a random button among those it offers, and
    collects, click by click, what a player would notice."""

    def __init__(self, page, home, match_id: str, seed: int, artifacts):
        self.table = Table(page, home, match_id, seed=seed)
        self.artifacts = artifacts
        self.page = page
        self.rng = random.Random(seed)
        self.problems: dict[str, str] = {}      # problem -> where it was first seen, in words
        self.clicks = 0
        self.timing = {"click": 0.0, "read": 0.0, "check": 0.0}

    def check(self, match, before: int) -> None:
        """After a click: the words, the layout, and the announcements of the entries it made."""
        story = match.story(None)
        announced = [(i, line, event) for i, (line, events) in enumerate(story[before:], before)
                     for event in events]

        def look() -> dict[str, str]:
            seen = self.page.evaluate(CHECK_JS)
            return {**word_problems(seen["text"]),
                    **{p: p for p in story_problems(announced, seen) + layout_problems(seen)}}
        problems = look()
        if problems:
            # the front end may still be drawing the last update: look once more before judging
            time.sleep(0.3)
            problems = look()
        where = (f"{match.game.title}, after entry {len(match.log)} ({story[-1][0]!r})" if story
                 else f"{match.game.title}, at the start")
        for problem, told in problems.items():
            self.problems.setdefault(problem, f"{where}: {told}")

    def click(self, n: int) -> str:
        """Click one button the page offers (or close a panel that offers nothing) and wait until
        the page has taken it in; what was clicked. ``n``: entries in the log before."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        for attempt in range(3):
            before = self.page.evaluate(SIGNATURE_JS)
            offered = self.page.evaluate(OFFERED_JS)
            labels = offered["labels"]
            if labels:
                # a card turned up or drawn is one the deck still holds: the page offers every card
                # the screen's viewer may think possible (a card dealt face down may be gone), and a
                # wrong one is refused in words; its "at random" button draws one the deck holds
                drawn = [i for i, label in enumerate(labels) if label.startswith("Draw") and "at random" in label]
                i = drawn[0] if drawn else self.rng.randrange(len(labels))
                label, button = labels[i], self.page.locator(f'[data-story-pick="{i}"]')
            elif offered["panel"]:
                label, button = "Close the panel", self.page.locator(".tt-private button", has_text="Close").first
            else:
                raise AssertionError(f"the page offers nothing to click: {self.page.locator('.tt-turn').inner_text()!r}")
            try:
                button.click(timeout=5_000)
                break
            except PlaywrightTimeout:        # redrawn meanwhile (the last update still arriving): look again
                if attempt == 2:
                    raise

        def settled():
            now = self.page.evaluate(SIGNATURE_JS)
            if now == before:
                return False
            time.sleep(0.05)                     # the rest of the same update is drawn too
            return self.page.evaluate(SIGNATURE_JS) == now
        try:
            wait_for(settled, 15, f"the page took in the click on {label!r} (entry {n + 1})", every=0.03)
        except AssertionError as exc:
            self.page.screenshot(path=str(self.artifacts / "story-stuck.png"), full_page=True)
            turn = self.page.locator(".tt-private, .tt-turn").first.inner_text()
            raise AssertionError(f"{exc}; the screen says: {turn[:600]!r}") from None
        return label

    def play(self, max_clicks: int = 800) -> None:
        match = self.table.match()
        for _ in range(max_clicks):
            if match.current_player() == TERMINAL:
                return
            before = len(match.log)
            t0 = time.monotonic()
            self.click(before)
            t1 = time.monotonic()
            self.clicks += 1
            match = self.table.match()
            if len(match.log) != before:
                self.table.wait_entries(len(match.log))
            t2 = time.monotonic()
            self.check(match, before)
            t3 = time.monotonic()
            self.timing["click"] += t1 - t0
            self.timing["read"] += t2 - t1
            self.timing["check"] += t3 - t2
        raise AssertionError(f"the game did not end in {max_clicks} clicks")


def start_from_start_page(page, server, title_name: str, names: list[str], options: dict) -> None:
    """Choose the title, the number of players, their names and the options, and start."""
    open_start_page(page, server)
    start = page.locator(".tt-start")
    # each toggle is pressed once the kernel has taken the one before (the players' counts
    # are redrawn for the title chosen)
    game = start.locator(".tt-toggle").first.locator("button", has_text=title_name)
    game.click()
    wait_for(lambda: "mod-active" in (game.get_attribute("class") or ""), 15, f"{title_name} is chosen")
    count = start.locator(".tt-toggle").nth(1).get_by_role("button", name=str(len(names)), exact=True)

    def chosen() -> bool:
        return ("mod-active" in (count.get_attribute("class") or "")
                and page.get_by_placeholder(f"Seat {len(names) + 1} name").count() == 0)
    try:
        # a tap that lands while the counts are still being redrawn for the title goes to a button
        # on its way out: tapped again (choosing the same count twice changes nothing)
        for _ in range(6):
            count.click()
            try:
                wait_for(chosen, 5, f"{len(names)} players are chosen")
                break
            except AssertionError:
                continue
        else:
            raise AssertionError(f"after 30 s: {len(names)} players are chosen")
    except AssertionError:
        page.screenshot(path=str(ARTIFACTS / "story-start-page.png"), full_page=True)
        raise
    for i, name in enumerate(names):
        page.get_by_placeholder(f"Seat {i + 1} name").fill(name)
    for label, value in options.items():
        field = start.get_by_label(label, exact=True)
        field.fill(str(value))
        field.press("Tab")                     # the value typed reaches the kernel
    page.get_by_role("button", name="Start the match").click()
    page.locator(".tt-tracker").wait_for()


def open_charts(page) -> tuple[float, float]:
    """Tap "Show charts"; seconds until both figures are on the page, and until both have their
    lines drawn (a trace with a line or points)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text[:200]) if m.type == "error" else None)
    tapped = time.monotonic()
    page.locator(".tt-charts button", has_text="Show charts").click()
    framed, seen = None, [0, 0, 0]

    def drawn():
        nonlocal framed, seen
        seen = page.evaluate("""() => {
            const plots = [...document.querySelectorAll(".tt-charts .js-plotly-plot")];
            return [plots.length, plots.filter(p => [...p.querySelectorAll(".scatterlayer .trace")]
                .some(t => t.querySelector("path.js-line, .point"))).length,
                document.querySelectorAll(".tt-charts .scatterlayer .trace").length];
        }""")
        if seen[0] == 2 and framed is None:
            framed = time.monotonic() - tapped
        return seen[0] == 2 and seen[1] == 2
    try:
        wait_for(drawn, 60, "both charts draw their lines")
    except AssertionError as exc:
        words = page.locator(".tt-charts").inner_text()
        raise AssertionError(f"{exc}: {seen[0]} charts on the page, {seen[1]} with a line drawn, "
                             f"{seen[2]} traces; the card says {words[:300]!r}; the browser's errors: {errors[:3]}") from None
    return framed, time.monotonic() - tapped


def random_step(match, rng) -> None:
    """One entry chosen as ``Table.choose`` chooses (so a seed plays the same game here)."""
    state = match.state
    if state.current_player() == CHANCE:
        match.apply(state.sample_chance(rng))
    else:
        legal = state.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])


def near_the_end(title: str, names: list[str], options: dict, seed: int, entries_left: int) -> Match:
    """A new match started from the table as it is (the title's ``Position`` and each player's
    secret entries) at the last point where a position may be taken with at least
    ``entries_left`` entries of a random game (``seed``) still to play."""
    whole, rng, boundaries = Match(title, names, options), random.Random(seed), []
    while whole.current_player() != TERMINAL:
        if whole.state.at_position_boundary():
            boundaries.append(len(whole.log))
        random_step(whole, rng)
    cut = max(b for b in boundaries if len(whole.log) - b >= entries_left)
    played = Match(title, names, options)
    for action in whole.log[:cut]:
        played.apply(action)
    match = Match(title, names, options)
    for action in played.state.position_entries():
        match.apply(action)
    return match


def open_stored(page, server, home, match: Match) -> str:
    """Save ``match`` in the server's database and open its tracker; its id."""
    store = Store(home / "matches.sqlite3")
    try:
        saved = store.create(match)
    finally:
        store.close()
    page.goto(f"{server}/?match={saved.id}")
    page.locator(".tt-tracker").wait_for()
    Table(page, home, saved.id).wait_entries(len(match.log))
    return saved.id


#: (engine name, title as the start page names it, players, options, seed of the clicks, where
#: the game starts). Whole games of Stockpile, Acquire and Black Monday (about 230, 330 and 100 to
#: 190 entries at 2 players) do not fit the time a CI run has, so they start from the table as it
#: is near the end of a random game (its seed, entries left): Stockpile at the start of its last
#: round (with these seeds a split, a bankruptcy, a dividend, the end of the round and of the game
#: follow), Acquire a few turns before the end (a founding, two mergers, a safe corporation, the
#: end declared), Black Monday (one copy of each card) late in its second deck (the market-close
#: card is among the few cards left). 時価で勝負 (two cards a hand) is played whole from the start
#: page, its option typed there.
GAMES = [
    ("stockpile", "Stockpile", ["Alice", "Bob"], {}, 0, (1, 30)),
    ("acquire", "Acquire", ["Alice", "Bob"], {}, 10, (3, 25)),
    ("black-monday", "Black Monday", ["Alice", "Bob"], {"copies": 1}, 0, (2, 16)),
    ("jika", "時価で勝負", ["Alice", "Bob", "Carol"], {"hand_size": 2}, 0, None),
]
#: failures that belong to issue 14's work still in progress (title, problem as reported, why):
#: the test is an expected failure while only these remain, and passes once they are fixed
IN_PROGRESS: list[tuple[str | None, str, str]] = [
    # (title or None for all, the start of the problem's words, why it is still expected); empty:
    # every problem fails the test
]


def in_progress(title: str, problem: str) -> str | None:
    for known_title, known, why in IN_PROGRESS:
        if known_title in (None, title) and problem.startswith(known):
            return why
    return None


#: how the start page names the options
OPTION_LABELS = {"hand_size": "Hand size", "copies": "Copies"}


@pytest.mark.parametrize("title,title_name,names,options,seed,late", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_on_a_phone_tells_its_story_in_words(page, server, home, artifacts,
                                                           title, title_name, names, options, seed, late):
    page.set_viewport_size(PHONE)
    started = time.monotonic()
    if late is None:
        start_from_start_page(page, server, title_name, names, {OPTION_LABELS[k]: v for k, v in options.items()})
        match_id = newest_match_id(home)
    else:
        match_id = open_stored(page, server, home, near_the_end(title, names, options, *late))
    story = Story(page, home, match_id, seed, artifacts)
    match = story.table.match()
    assert match.game.title == title and list(match.game.players) == names
    assert {k: match.game.options[k] for k in options} == options
    story.check(match, max(0, len(match.log) - 1))       # the screen announces the last entry's events
    story.play()
    played = time.monotonic() - started
    match = story.table.match()
    page.screenshot(path=str(artifacts / f"story-{title}-end-390x844.png"), full_page=True)

    # the end: who won, and every seat's final score, on the screen
    outcome = match.outcome()
    turn = page.locator(".tt-turn").inner_text()
    for seat, name in enumerate(names):
        assert f"{name} {money(outcome.scores[seat])}" in turn, f"{name}'s final score is not shown: {turn!r}"

    framed, seconds = open_charts(page)
    page.locator(".tt-charts").screenshot(path=str(artifacts / f"story-{title}-charts-390.png"))
    story.check(match, len(match.log))
    print(f"\n{title}: {len(match.log)} entries, {story.clicks} clicks in {played:.1f} s "
          f"({played / max(1, story.clicks):.2f} s a click: {story.timing}); charts on the page {framed:.1f} s and drawn {seconds:.1f} s after the tap")
    # how fast they are drawn is a benchmark's figure (bench/bench_dashboard.py, target 2 s), not a
    # test's: a busy CI machine would fail a timed check; here they must be drawn, with their lines
    unknown = [told for problem, told in story.problems.items() if in_progress(title, problem) is None]
    assert not unknown, f"{len(unknown)} problems:\n" + "\n".join(unknown[:40])
    if story.problems:
        pytest.xfail("issue 14 work in progress: " + "; ".join(
            f"{told} ({in_progress(title, problem)})" for problem, told in story.problems.items()))


CHECKED_PAGE = """<body style="margin: 0"><div class="tt-app">
  <p>Alice is dealt a card. Fees: stock_cards 1, Money 6000, Worth $20,000 in 1,200 shares</p>
  <div class="tt-turn"><div class="tt-told">Just happened<div>Alice goes bankrupt.</div></div>
    <button style="position: absolute; left: 10px; top: 200px; width: 100px">Buy</button>
    <button style="position: absolute; left: 60px; top: 210px; width: 100px">Sell</button>
    <button style="position: absolute; left: 10px; top: 300px; width: 100px">$1.</button></div>
  <div style="overflow-x: auto; width: 380px"><table style="width: 900px"><tr><td>wide table</td></tr></table></div>
  <div class="tt-wide" style="width: 700px">a box wider than the phone</div>
  <div class="tt-log">1. Alice is dealt a card.</div>
  <p>Link to this match (3f9a2b7c01) at http://127.0.0.1:8866/?match=3f9a2b7c01</p>
</div></body>"""


def test_the_checks_see_keys_bare_amounts_overflow_overlaps_and_missing_announcements(page):
    """The checks above, on a page made to break each of them once (and to keep what is fine:
    an amount written as a person would, a table that scrolls in its own box, an address)."""
    page.set_viewport_size(PHONE)
    page.set_content(CHECKED_PAGE)
    seen = page.evaluate(CHECK_JS)
    assert sorted(word_problems(seen["text"])) == [
        "an amount alone with a full stop '$1.'", "snake_case 'stock_cards'", "unformatted number '6000'"]
    problems = layout_problems(seen)
    assert problems[0] == f"the page is {seen['page']} px wide on a 390 px screen" and seen["page"] > 390
    assert [p for p in problems if "wider than the screen" in p] == [
        'wider than the screen: div.tt-wide "a box wider than the phone" spans 0..700 px']
    assert [p for p in problems if "overlap" in p] == ['controls overlap: button "Buy" and button "Sell"']
    told = [(0, "Alice is dealt a card.", "Alice goes bankrupt."), (0, "Alice is dealt a card.", "Alice splits.")]
    assert story_problems(told, seen) == [
        "entry 1 ('Alice is dealt a card.') caused 'Alice goes bankrupt.', not under its entry in the log",
        "entry 1 ('Alice is dealt a card.') caused 'Alice splits.', not in an announcement box on the screen",
        "entry 1 ('Alice is dealt a card.') caused 'Alice splits.', not under its entry in the log"]
