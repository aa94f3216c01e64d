"""Every player on their own device, in a real browser against a real Voilà server: a table
screen and four seat devices (five browser contexts, five kernels) play a Stockpile round and an
Acquire turn cycle. Each seat enters its own secrets on its own page, the deals all at once;
every page ends showing the engine's state; each seat page's DOM and websocket frames hold that
seat's secrets only, the table screen's none. Two devices tapping at once (the table screen and
the bidder's phone): one entry goes in, the other device is told. An entry written by another
process appears on every open page. (Each page has its own kernel: five per test.) Secrets are the privacy oracle's tokens
(tests/privacy/oracle.py), who enters what is decided from the docs' privacy table (the oracle)."""
from __future__ import annotations

import random
import re
import subprocess
import sys
import time

from privacy import oracle
from tabletop import CHANCE, TERMINAL, Match
from tabletop.store import Store
from tabletop.widgets.render import money
from tabletop.widgets.titles import title_ui

from .conftest import wait_for
from .table import clicks_for, forced_after, panel_describe, tap_steps
from .test_privacy_browser import around, readable, without_styles

PLAYERS = ["Alice", "Bob", "Carol", "Dan"]
_ENTRIES = re.compile(r"\((\d+) entries\)")


class Device:
    """One browser context: the table screen (seat None) or a seat's own device."""

    def __init__(self, browser, server: str, seat: int | None, url: str):
        self.seat, self.url, self.server = seat, url, server
        # the table screen on a laptop, each seat on a phone
        self.context = browser.new_context(viewport={"width": 1280, "height": 800} if seat is None
                                           else {"width": 390, "height": 844})
        self.outside: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.frames: list = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.frames.append(payload)))
        self.taps = 0
        self.printed: set[str] = set()        # printed entry lists shown at the last check
        self.secrets: set[str] | None = None  # the others' secrets at the last check

    def _route(self, r):
        if r.request.url.startswith(self.server):
            r.continue_()
        else:
            self.outside.append(r.request.url)
            r.abort()

    @property
    def root(self) -> str:
        return ".tt-tracker" if self.seat is None else ".tt-seat"

    def entries(self) -> int | None:
        found = _ENTRIES.search(self.page.locator(".tt-log .tt-section-title").first.inner_text())
        return int(found.group(1)) if found else None

    def wait_entries(self, n: int, timeout: float = 30.0) -> None:
        self.page.locator(".tt-log .tt-section-title").get_by_text(f"({n} entries)", exact=True) \
            .wait_for(state="attached", timeout=timeout * 1000)

    def click(self, action, offered, state) -> None:
        """Tap the buttons that enter ``action`` among ``offered`` (one per part of a choice asked
        in parts), each once the page shows it."""
        scope = self.scope
        steps = clicks_for(action, offered, panel_describe(state, self.seat is None), state, self.seat)
        tap_steps(self.page, scope, steps, press=self.press)
        self.taps += len(steps)

    @property
    def scope(self) -> str:
        return ".tt-turn .tt-actions" if self.seat is None else ".tt-seat-panel .tt-private-actions"

    def press(self, button) -> None:
        button.click()

    def __repr__(self) -> str:
        return "the table screen" if self.seat is None else f"{PLAYERS[self.seat]}'s device"


def open_devices(browser, server, home, match_id: str, device_class=None) -> list[Device]:
    """The table screen and every seat's device, loading at once."""
    device_class = device_class or Device
    store = Store(home / "matches.sqlite3")
    try:
        keys = [store.seat_key(match_id, seat) for seat in range(len(PLAYERS))]
    finally:
        store.close()
    devices = [device_class(browser, server, None, f"{server}/?match={match_id}")]
    devices += [device_class(browser, server, s, f"{server}/?match={match_id}&seat={s}&key={keys[s]}")
                for s in range(len(PLAYERS))]
    for d in devices:
        d.page.goto(d.url, wait_until="commit")
    for d in devices:
        d.page.locator(d.root).wait_for(timeout=120_000)
    return devices


def saved_match(home, match: Match) -> str:
    store = Store(home / "matches.sqlite3")
    try:
        return store.create(match).id
    finally:
        store.close()


def engine_now(home, match_id: str) -> Match:
    store = Store(home / "matches.sqlite3")
    try:
        return store.open(match_id).match
    finally:
        store.close()


# --- who may know what ----------------------------------------------------------------------------
def others_secrets(match: Match, seat: int | None) -> set[str]:
    """Secret tokens of every seat but ``seat`` (all of them for the table screen), less what
    ``seat`` itself may read (its view, its own secret entries, the public log)."""
    tokens: set[str] = set()
    public = match.view(None)
    known = set(oracle._leaves(public, keys=True)) | set(oracle._composites(public, parts=True))
    for s in range(match.game.n_players):
        if s == seat:
            continue
        private = match.view(s).get("private")
        tokens.update(t for t in oracle._leaves(private) if t not in known and t.strip())
        tokens.update(t for t in oracle._composites(private) if t not in known
                      and not all(w.isdigit() for w in t.split()))
    tokens.update(t for a in match.log if a.secret_to not in (None, seat)
                  for t in oracle.field_strings(a) if t.strip() and t not in known)
    if seat is not None:
        mine = match.view(seat)
        tokens -= set(oracle._leaves(mine, keys=True)) | set(oracle._composites(mine, parts=True))
        tokens -= {t for a in match.log if a.secret_to == seat for t in oracle.field_strings(a)}
    # the announcements are public by contract (told on every screen): a pair revealed at the end
    # of a round is public words, even while another seat's pair reads the same
    told = [match.state.describe_event(e) for e in match.events()]
    readable_log = "\n".join(match.describe_log(seat) + told)
    return tokens - set(oracle.find_tokens(tokens, readable_log))


def printed_shown(device: Device, match: Match) -> set[str]:
    """The words of a printed entry list the device shows now: the public card list on the table
    screen, a seat's list of its own draw (now, or ahead of its turn) on its device. It is the
    game's printed set narrowed by public facts, whoever holds the cards."""
    state = match.state
    if state.current_player() != CHANCE:
        if device.seat is None or state.current_player() != device.seat:
            return set()
        # beside a decision, a seat's own panel may offer the draw that follows it (Acquire: end
        # the turn and tap the tile drawn): the printed tiles it may draw then
        shown = []
        for action in match.legal_actions():
            then = state.clone()
            then.apply(action)
            if then.current_player() == CHANCE and then.chance_owner() == device.seat:
                shown += then.chance_entries(device.seat)
        return {t for a in shown for t in oracle.field_strings(a)}
    owner = state.chance_owner()
    if device.seat is None:
        shown = match.offered_actions(None) if owner is None else []
    elif owner is None:
        shown = []
    else:
        shown = state.chance_entries(None) + state.chance_entries(owner)
    return {t for a in shown for t in oracle.field_strings(a)}


def check_device(device: Device, match: Match, dom: bool) -> int:
    """Neither the frames this device received since the last check nor (``dom``) its page hold
    another seat's secret. A printed entry list the device showed meanwhile (at the last check,
    now, or clicked in between) is the game's printed set, not a secret: its words are left out
    of the frames' check. Returns the frames checked."""
    now = printed_shown(device, match)
    current = others_secrets(match, device.seat)
    # a frame was sent at some moment since the last check: what was public then or is now is not
    # a leak (a card revealed for a dividend, back in a player's portfolio next round)
    tokens = current if device.secrets is None else current & device.secrets
    device.secrets = current
    frames, device.frames[:] = list(device.frames), []
    allowed, device.printed = device.printed | now, set(now)
    for frame in frames:
        text = readable(frame)
        leaked = oracle.find_tokens(tokens - allowed, text)
        assert not leaked, f"{device} received another's secret {leaked[:4]}: ...{around(leaked[0], text)}..."
    if dom:
        def leaks() -> tuple[list[str], str]:
            text = without_styles(device.page.content()) + "\n" + device.page.inner_text("body")
            return oracle.find_tokens(current - now, text), text
        leaked, text = leaks()
        # a page redraws its log before its panel: while the panel is still being redrawn it may
        # show the printed list it showed a moment ago (its frames were checked above); that list
        # must go within seconds, anything else fails at once
        strict = [t for t in leaked if t not in allowed]
        assert not strict, f"{device} shows another's secret {strict[:4]}: ...{around(strict[0], text)}..."
        if leaked:
            last: list = []
            try:
                wait_for(lambda: not last.append(leaks()) and not last[-1][0], 10, "")
            except AssertionError:
                leaked, text = last[-1]
                raise AssertionError(f"{device} still shows another's secret {leaked[:4]} 10 s after its "
                                     f"log caught up: ...{around(leaked[0], text)}...") from None
    return len(frames)


# --- playing --------------------------------------------------------------------------------------
def secret_batch(match: Match, rng: random.Random) -> list:
    """The secret draws due now and right after, of one or several seats (a deal), drawn from
    the engine's own deck: what each seat then enters on its own device, all at once."""
    state, batch = match.state.clone(), []
    while state.current_player() == CHANCE and state.chance_owner() is not None:
        action = state.sample_chance(rng)
        if action.secret_to is None:
            break
        batch.append((action, state.chance_entries(state.chance_owner())))
        state.apply(action)
    return batch


class Table:
    """The five devices of one match, played by an agent. ``race``: at the first public decision,
    the table screen and the acting player's device both tap at once (different choices).
    ``script``: at the first public card, another program enters it through the store."""

    def __init__(self, devices: list[Device], home, match_id: str, seed: int, race: bool = False,
                 script: bool = False):
        self.devices, self.home, self.match_id = devices, home, match_id
        self.table, self.seats = devices[0], devices[1:]
        self.rng = random.Random(seed)
        self.steps = self.frames = self.batches = 0
        self.race, self.script = race, script
        self.told: list[str] = []
        self.script_seen: float | None = None

    def all_at(self, n: int) -> None:
        for d in self.devices:
            d.wait_entries(n)

    def deal_at_once(self, match: Match, batch) -> None:
        """Every seat of the batch enters its own draws on its own device: those whose turn is
        later first (ahead of their turn), the seat whose draw is due last, which brings all in."""
        due = match.state.chance_owner()
        order = sorted({a.secret_to for a, _ in batch}, key=lambda s: (s == due, -s))
        for seat in order:
            device = self.seats[seat]
            mine = [(a, offered) for a, offered in batch if a.secret_to == seat]
            for k, (action, offered) in enumerate(mine):
                # the due seat's page after its first draw: drawn from the match as it is now (its
                # supply step offers the two cards and their stockpiles at once only before any)
                state = match.state if seat != due or k == 0 else engine_now(self.home, self.match_id).state
                device.printed |= {t for a in offered for t in oracle.field_strings(a)}
                device.click(action, offered, state)
                if seat != due:              # kept until its turn: the page lists it as entered ahead
                    device.page.locator(".tt-seat-panel li").nth(k).wait_for(state="attached")
                elif k + 1 < len(mine):
                    device.wait_entries(len(match.log) + k + 1)
        self.batches += 1

    def step(self, match: Match) -> None:
        """The next entry, on the device the docs say it belongs to."""
        n = len(match.log)
        player = match.current_player()
        owner = oracle.gate_owner(match)
        if player == CHANCE and owner is not None:
            batch = secret_batch(match, self.rng)
            self.deal_at_once(match, batch)
            self.all_at(n + len(batch))
            entered = list(engine_now(self.home, self.match_id).log[n:n + len(batch)])
            assert entered == [a for a, _ in batch], f"the taps entered {entered}, not {[a for a, _ in batch]}"
            return
        if player == CHANCE and self.script:      # another program enters this one
            self.script = False
            self.by_script(n)
            return
        if player != CHANCE and self.race and oracle.gate_owner(match) is None:
            self.race = False
            self.race_for(match)
            return
        if player == CHANCE:                     # a public card: the table screen enters it
            action = match.state.sample_chance(self.rng)
            offered = oracle.shared_choices(match)
            self.table.printed |= {t for a in offered for t in oracle.field_strings(a)}
            self.table.click(action, offered, match.state)
        else:                                     # a decision: on the acting player's own device
            legal = match.legal_actions()
            action = legal[self.rng.randrange(len(legal))]
            self.seats[player].click(action, match.offered_actions(player), match.state)
        self.all_at(n + 1 + forced_after(match, action))
        entered = engine_now(self.home, self.match_id).log[n]
        assert entered == action, f"the taps for {action!r} entered {entered!r}"

    def race_for(self, match: Match) -> None:
        """The table screen and the acting player's device tap different choices at once: one
        goes in, the other device is told who was first and shows the new state."""
        n, player = len(match.log), match.current_player()
        legal = match.legal_actions()
        phone = self.seats[player]
        # both buttons found first (a choice asked in parts taps its first parts there), each held
        # as the element shown, then both tapped: a device still narrowing its choice when the other
        # device's entry came in would tap whatever button its page shows by then, not a race
        buttons = [(device, button_for(device, action, match).element_handle())
                   for device, action in ((self.table, legal[0]), (phone, legal[-1]))]
        for device, button in buttons:
            button.evaluate("b => setTimeout(() => b.click(), 0)")    # leaves without waiting
            device.taps += 1
        self.all_at(n + 1)
        told = wait_for(lambda: [d for d in (self.table, phone) if "entered that first" in d.page.inner_text("body")],
                        15, "the device that lost is told who was first")
        assert len(told) == 1, f"both devices were told: {told}"
        first = "The table screen" if told[0] is phone else f"{PLAYERS[player]}'s device"
        assert f"{first} entered that first" in told[0].page.inner_text("body")
        end = engine_now(self.home, self.match_id)
        assert len(end.log) == n + 1 and end.log[-1] == (legal[-1] if told[0] is self.table else legal[0])
        self.told.append(f"{told[0]} was told: {first} entered that first")

    def by_script(self, n: int) -> None:
        """Another process enters the next public card through the store; every page shows it."""
        script = ("from tabletop.store import Store; import sys;"
                  "s = Store(sys.argv[1]).open(sys.argv[2]); s.apply(s.match.sample_chance())")
        subprocess.run([sys.executable, "-c", script, str(self.home / "matches.sqlite3"), self.match_id],
                       check=True, timeout=60)
        written = time.monotonic()
        self.all_at(n + 1)
        self.script_seen = time.monotonic() - written

    def play(self, done, max_steps: int = 400) -> Match:
        for _ in range(max_steps):
            match = engine_now(self.home, self.match_id)
            dom = self.steps % 4 == 0
            for d in self.devices:
                self.frames += check_device(d, match, dom)
            if match.current_player() == TERMINAL or done(match):
                return match
            self.step(match)
            self.steps += 1
        raise AssertionError("did not finish")

    def check_end(self, match: Match) -> None:
        """Every page shows the engine's state: the log, the public money; each seat its secrets."""
        unit = title_ui(match.game.title).unit
        public = match.view(None)
        shown = [money(p["money"], unit) for p in public["players"]]
        for d in self.devices:
            assert d.entries() == len(match.log), f"{d} shows {d.entries()} entries, the engine {len(match.log)}"
            money_cells = [t.strip() for t in d.page.locator(".tt-players td.tt-money").all_inner_texts()]
            assert money_cells == shown, f"{d} shows {money_cells}, the engine {shown}"
            check_device(d, match, dom=True)
        for d in self.seats:
            own = oracle.secret_tokens(match) & set(oracle._leaves(match.view(d.seat).get("private")))
            text = d.page.locator(".tt-seat-panel").inner_text()
            missing = [t for t in own if t not in text]
            assert not missing, f"{d} does not show its own secrets {missing[:4]}"
            width = d.page.evaluate("document.documentElement.scrollWidth")
            assert width <= 392, f"{d} is {width}px wide on a 390px phone"


def close_all(devices: list[Device], voila) -> None:
    """Close every page at once (each sends Voilà's beacon that shuts its kernel down), then wait,
    bounded, for those kernels to be gone: a page left mid-load has no beacon and is the culler's."""
    before = set(voila.kernel_pids())
    for d in devices:
        d.page.close(run_before_unload=True)
    deadline = time.monotonic() + 15
    while before & set(voila.kernel_pids()) and time.monotonic() < deadline:
        time.sleep(0.1)
    for d in devices:
        d.context.close()
    outside = [u for d in devices for u in d.outside]
    assert outside == [], f"pages asked for things outside the local server: {outside}"


def test_a_stockpile_round_on_five_devices_each_seat_entering_its_own_secrets(browser, server, voila, home):
    match = Match("stockpile", PLAYERS, {}, 3)
    match_id = saved_match(home, match)
    started = time.monotonic()
    devices = open_devices(browser, server, home, match_id)
    print(f"\n5 devices open in {time.monotonic() - started:.1f} s")
    assert devices[1].page.evaluate("location.search").startswith(f"?match={match_id}&seat=0&key=")
    table = Table(devices, home, match_id, seed=3, race=True)
    started = time.monotonic()
    try:
        end = table.play(lambda m: m.state.round >= 2)
        played = time.monotonic() - started
        table.check_end(end)
    finally:
        close_all(devices, voila)
    assert end.state.round == 2 and len(end.log) >= 40
    assert table.batches >= 2 and table.frames > 100 and len(table.told) == 1
    assert devices[0].taps < len(end.log) // 2, "the table screen enters only the public cards"
    print(f"\nStockpile round on 5 devices: {len(end.log)} entries in {played:.1f} s, "
          f"taps (table, seats) {[d.taps for d in devices]}, {table.frames} frames checked; {table.told[0]}")


def test_an_acquire_turn_cycle_on_five_devices_each_seat_entering_its_own_tiles(browser, server, voila, home):
    match = Match("acquire", PLAYERS, {}, 4)
    match_id = saved_match(home, match)
    devices = open_devices(browser, server, home, match_id)
    table = Table(devices, home, match_id, seed=4, script=True)
    placed: list[int] = []

    def cycle_done(m: Match) -> bool:
        if m.log and type(m.log[-1]).__name__ == "PlaceTile" and (not placed or placed[-1] != len(m.log)):
            placed.append(len(m.log))
        return len(placed) >= len(PLAYERS) and m.view(None)["phase"] == "place"
    try:
        end = table.play(cycle_done)
        table.check_end(end)
    finally:
        close_all(devices, voila)
    assert len(placed) >= len(PLAYERS) and table.batches >= 1
    assert table.script_seen is not None and table.script_seen < 5, "another program's entry appears"
    racks = [t for s in range(4) for t in oracle._leaves(end.view(s).get("private"))]
    assert len(racks) >= 6 * len(PLAYERS) - 1, "each seat holds its rack of tiles"
    print(f"\nAcquire turn cycle on 5 devices: {len(end.log)} entries, taps {[d.taps for d in devices]}, "
          f"{table.frames} frames checked; another program's entry shown on all 5 after {table.script_seen:.2f} s")


def button_for(device: Device, action, match: Match):
    """The button that enters ``action`` on ``device`` (the taps before it, for the earlier parts
    of a choice asked in parts, are made)."""
    offered = oracle.shared_choices(match) if device.seat is None else match.offered_actions(device.seat)
    steps = clicks_for(action, offered, panel_describe(match.state, device.seat is None), match.state, device.seat)
    tap_steps(device.page, device.scope, steps[:-1])
    device.taps += len(steps) - 1
    tap_steps(device.page, device.scope, steps[-1:], press=lambda _b: None)     # shown, not tapped
    return device.page.locator(f"{device.scope} .tt-groups > .tt-wrap").nth(steps[-1].row).locator("button") \
        .nth(steps[-1].button)
