"""With the privacy gate closed, no secret reaches the browser: not in the page (its markup and
its text) and not in any websocket frame the kernel sends, over a Stockpile round and an Acquire
turn cycle entered by clicking; and the public record a page exports without any PIN holds no
secret, while the full backup asks for the PIN. Secrets are the bare tokens of the privacy
oracle (tests/privacy/oracle.py): a tile "5C", a pair "Stanford Steel +4"."""
from __future__ import annotations

import base64
import json
import random
import re

from privacy import oracle
from tabletop import CHANCE, TERMINAL, Match
from tabletop.store import Store

from .table import Table, secret_descriptions

PLAYERS = ["Alice", "Bob", "Carol"]


def saved_match(home, match: Match, pins: dict[int, str] | None = None) -> str:
    store = Store(home / "matches.sqlite3")
    try:
        saved = store.create(match)
        for seat, pin in (pins or {}).items():
            store.set_pin(saved.id, seat, pin)
        return saved.id
    finally:
        store.close()


def prepared(title: str, seed: int, ready) -> Match:
    """A match played by the engine alone until ``ready(match)`` (the setup, say)."""
    match = Match(title, PLAYERS, {}, seed)
    rng = random.Random(seed)
    while not ready(match):
        if match.current_player() == CHANCE:
            match.play_chance()
        else:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    return match


_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
_DATA_URL = re.compile(r"data:application/json;base64,([A-Za-z0-9+/=]+)")


def readable(payload) -> str:
    """A websocket frame as text: JSON escapes undone, base64 data links decoded."""
    text = payload.decode("utf-8", "replace") if isinstance(payload, (bytes, bytearray)) else payload
    text = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)
    decoded = [base64.b64decode(b).decode("utf-8", "replace") for b in _DATA_URL.findall(text)]
    return "\n".join([text, *decoded])


def without_styles(html: str) -> str:
    """A page's markup less what is URL-encoded in it: plotly.js, once started (the tracker starts
    it on a hidden figure), adds CSS whose icons read "%2F", "%3C": not words on the page, but
    Acquire's tiles 2F and 3C to a token search."""
    html = re.sub(r"<style\b[^>]*>.*?</style>", "", html, flags=re.S | re.I)
    # a drop-down's options carry their words URL-encoded too (the language menu's 日本語 is
    # "%E6%97%A5%E6%9C%AC%E8%AA%9E": "9E" to a token search); the words themselves stay
    return re.sub(r'\sdata-value="[^"]*"', "", html)


def around(token: str, text: str) -> str:
    at = text.find(token)
    return text[max(0, at - 120):at + len(token) + 60].replace("\n", " | ")


def secrets_now(match: Match) -> set[str]:
    """The secret tokens now, less the printed set a public entry list shows to everyone."""
    tokens = oracle.all_secret_tokens(match)
    if match.current_player() == CHANCE and match.state.chance_owner() is None:
        tokens -= {s for a in match.offered_actions(None) for s in oracle.field_strings(a)}
    return tokens


class Watch:
    """Every websocket frame the page receives, kept only while no panel is open."""

    def __init__(self, page):
        self.frames: list = []
        self.gate_closed = True
        self.checked_frames = 0
        self.checks = 0
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.frames.append(payload)))

    def panel_opening(self, _seat) -> None:
        self.gate_closed = False           # what comes now is the player's own panel

    def check(self, page, match: Match) -> None:
        """The gate is closed: neither the page nor any frame since the last check holds a secret."""
        owner = oracle.gate_owner(match)
        gates = page.locator(".tt-turn button", has_text="'s panel").all_inner_texts()
        expected = [] if owner is None else [f"Open {match.game.players[owner]}'s panel"]
        assert [g.strip() for g in gates] == expected, (
            f"the shared screen shows {gates}, the docs' privacy table wants {expected}")
        tokens = secrets_now(match)
        page_text = without_styles(page.content()) + "\n" + page.inner_text("body")
        leaked = oracle.find_tokens(tokens, page_text)
        assert not leaked, (f"secrets in the page with the gate closed: {leaked[:5]}, e.g. "
                            f"...{around(leaked[0], page_text)}...")
        sentences = [s for s in secret_descriptions(match) if s in page_text]
        assert not sentences, f"secret entries in the page: {sentences[:3]}"
        frames, self.frames[:] = list(self.frames), []
        self.checks += 1
        if not self.gate_closed:           # the panel has just closed: those frames were its own
            self.gate_closed = True
            return
        for frame in frames:
            text = readable(frame)
            leaked = oracle.find_tokens(tokens, text)
            assert not leaked, (f"secrets in a websocket frame with the gate closed: {leaked[:5]}, e.g. "
                                f"...{around(leaked[0], text)}...")
        self.checked_frames += len(frames)


def play_watched(page, table: Table, watch: Watch, done, max_entries: int = 400) -> Match:
    """Enter the agent's choices by clicking until ``done(match)``, checking before each entry
    made while no panel is open."""
    for _ in range(max_entries):
        match = table.match()
        if not table.private_open():
            watch.check(page, match)
        if match.current_player() == TERMINAL or done(match):
            return match
        table.enter(match, table.choose(match))
    raise AssertionError("did not finish")


def open_tracker(page, server, home, match_id: str, n: int) -> None:
    page.goto(f"{server}/?match={match_id}")
    page.locator(".tt-tracker").wait_for()
    Table(page, home, match_id).wait_entries(n)


def test_no_secret_reaches_the_browser_over_a_stockpile_round(page, server, home):
    match = prepared("stockpile", 3, lambda m: m.state.round == 1 and m.state.phase == "information")
    match_id = saved_match(home, match)
    watch = Watch(page)
    open_tracker(page, server, home, match_id, len(match.log))
    table = Table(page, home, match_id, seed=3, on_open_panel=watch.panel_opening)
    end = play_watched(page, table, watch, lambda m: m.state.round >= 2)
    assert end.state.round == 2 and len(end.log) - len(match.log) >= 20
    assert watch.checks >= 5 and watch.checked_frames > 0
    print(f"\nStockpile round: {len(end.log) - len(match.log)} entries, {watch.checks} checks, "
          f"{watch.checked_frames} frames checked")


def test_no_secret_reaches_the_browser_over_an_acquire_turn_cycle_nor_its_public_export(page, server, home):
    match = prepared("acquire", 4, lambda m: m.view(None)["phase"] == "place")
    match_id = saved_match(home, match)
    watch = Watch(page)
    open_tracker(page, server, home, match_id, len(match.log))
    start_seat = match.current_player()
    table = Table(page, home, match_id, seed=4, on_open_panel=watch.panel_opening)
    placed = []

    def cycle_done(m: Match) -> bool:
        if m.log and type(m.log[-1]).__name__ == "PlaceTile" and (not placed or placed[-1] != len(m.log)):
            placed.append(len(m.log))
        return len(placed) >= len(PLAYERS) and m.current_player() == start_seat

    end = play_watched(page, table, watch, cycle_done)
    assert len(placed) >= len(PLAYERS)
    # the gate is closed once a turn: a player's panel stays open from their tile to their draw
    assert watch.checks >= len(PLAYERS) and watch.checked_frames > 0
    tokens = oracle.all_secret_tokens(end)
    assert len(tokens) >= 6 * (len(PLAYERS) - 1), "the racks should be secret tokens"

    # the public record, exported without any PIN
    page.get_by_role("button", name="Export public record").click()
    link = page.locator('a.tt-link[download$="-public.json"]')
    link.wait_for()
    record = base64.b64decode(link.get_attribute("href").split(",", 1)[1]).decode("utf-8")
    data = json.loads(record)
    assert "seed" not in data, "the seed would let anyone replay the random draws"
    text = json.dumps(data, ensure_ascii=False)
    leaked = oracle.find_tokens(tokens, text)
    assert not leaked, f"secrets in the public record: {leaked[:5]}"
    assert not [s for s in secret_descriptions(end) if s in text]
    # the full backup holds every secret: once Alice has a PIN, it is not made without it
    store = Store(home / "matches.sqlite3")
    try:
        store.set_pin(match_id, 0, "4321")
    finally:
        store.close()
    page.get_by_role("button", name="Full backup").click()
    page.get_by_placeholder("Alice's PIN").wait_for()
    assert page.locator('a.tt-link[download$="-backup.json"]').count() == 0
    print(f"\nAcquire turn cycle: {len(end.log) - len(match.log)} entries, {watch.checks} checks, "
          f"{watch.checked_frames} frames checked")
