"""Drive the dashboard in a browser like players at the table: the match is read from the
saved-matches database, an agent picks the next entry, and the test clicks its button. Where an
entry belongs (the shared screen or a player's panel) and what the shared screen may offer is
decided by the privacy oracle (tests/privacy/oracle.py: the docs' table), not by the dashboard.

Where a button is: the panel's layout as data (``layout_rows``: rows of taps, the next part of a
choice asked in parts after each tap, as ``ActionPanel.pick`` walks them) gives the path of taps;
the page must show each step's row with exactly those labels before its button is clicked."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

from privacy import oracle
from tabletop import CHANCE, TERMINAL
from tabletop.store import Store
from tabletop.widgets.actions import MAX_BUTTONS_PER_GROUP, _offered_after, layout_rows
from tabletop.widgets.render import money
from tabletop.widgets.titles import title_ui


def secret_descriptions(match) -> set[str]:
    """What the hidden entries of the log really say."""
    out = set()
    state = match.title.new_state(match.game)
    for action in match.log:
        if action.secret_to is not None:
            true = state.describe(action)
            if true != state.describe_hidden(action):
                out.add(true)
        state.apply(action)
    return out


def secret_tokens(match) -> set[str]:
    """Bare secret tokens (a tile "5C", a card "6♥") that nothing public shows; look for them
    with ``oracle.find_tokens`` (whole words)."""
    return oracle.all_secret_tokens(match)


@dataclass
class Step:
    """One tap on the way to an entry: button ``button`` of the panel's row ``row`` (the rows are
    ``.tt-groups > .tt-wrap``, in order), which reads ``label``; the row reads ``labels``. In a
    drop-down row (``select``) the entry is chosen in the list, then entered."""
    row: int
    button: int
    label: str
    labels: tuple[str, ...]
    select: bool = False


def panel_describe(state, shared: bool):
    """The words the page labels its buttons with: the shared screen uses the title's own
    button words where it has them (``TitleUI.choice_label``), a private panel the log's."""
    ui = title_ui(state.game.title)
    if shared and ui.choice_label is not None:
        return lambda a: ui.choice_label(state, a)
    return state.describe


def forced_after(match, action) -> int:
    """How many entries the screen makes by itself after ``action`` (``state.forced_entry``: a
    Stockpile player holding no card is done selling at once)."""
    state = match.state.clone()
    state.apply(action)
    count = 0
    while getattr(state, "forced_entry", None) is not None and (forced := state.forced_entry()) is not None:
        state.apply(forced)
        count += 1
    return count


def clicks_for(action, offered, describe, state, viewer=None) -> list[Step]:
    """The taps that enter ``action`` on a panel offering ``offered`` (what the oracle says that
    screen may offer), one per step of the panel's layout (``viewer``: a seat's own panel, where a
    title's picker may also offer taps that make several entries)."""
    progress: dict = {}
    steps: list[Step] = []
    after = _offered_after(state, viewer)       # the shared screen (None) draws x2/x3 buys too
    for _ in range(24):
        rows = layout_rows(offered, describe, state, progress, after=after)
        on_the_way = None
        for r, row in enumerate(rows):
            labels = tuple(t.label for t in row.taps)
            dropdown = (not row.columns and len(row.taps) > MAX_BUTTONS_PER_GROUP
                        and all(t.action is not None for t in row.taps))
            for j, tap in enumerate(row.taps):
                if tap.action == action:
                    steps.append(Step(r, j, tap.label, () if dropdown else labels, dropdown))
                    return steps
                if on_the_way is None and tap.narrowing is not None and action in tap.narrowing.remaining:
                    on_the_way = (Step(r, j, tap.label, labels), tap)
        if on_the_way is None:
            raise AssertionError(f"{action!r} is not offered")
        step, tap = on_the_way
        steps.append(step)
        progress[tap.kind] = tap.narrowing
    raise AssertionError(f"{action!r}: no end to its parts")


_ROW_JS = """([scope, row]) => {
    const box = document.querySelectorAll(scope + ' .tt-groups > .tt-wrap')[row];
    return box ? [...box.querySelectorAll('button')].map(b => b.innerText.trim()) : null;
}"""


def row_shown(page, scope: str, step: Step, timeout: float = 15.0) -> None:
    """Wait until the page shows the step's row with the step's labels (the panel re-labels its
    buttons in place, and draws the next part of a choice after a tap)."""
    deadline = time.monotonic() + timeout
    while True:
        shown = page.evaluate(_ROW_JS, [scope, step.row])
        if step.select:
            if shown is not None:
                return
        elif shown is not None and tuple(shown) == step.labels:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"row {step.row} of {scope} should read {list(step.labels)} "
                                 f"(to tap {step.label!r}), the page shows {shown}")
        time.sleep(0.05)


def tap_steps(page, scope: str, steps: list[Step], press=None) -> None:
    """Tap each step's button once the page shows its row (``press(locator)``: the click)."""
    for step in steps:
        row_shown(page, scope, step)
        row = page.locator(f"{scope} .tt-groups > .tt-wrap").nth(step.row)
        if step.select:
            row.locator("select").select_option(index=step.button)
            button = row.locator("button").first
        else:
            button = row.locator("button").nth(step.button)
        (press or (lambda b: b.click()))(button)


class Table:
    def __init__(self, page, home, match_id: str, seed: int = 0, on_open_panel=None):
        self.page, self.home, self.match_id = page, home, match_id
        self.rng = random.Random(seed)
        self.taps = 0
        self.on_open_panel = on_open_panel      # called just before a player's panel is opened

    def match(self):
        store = Store(self.home / "matches.sqlite3")
        try:
            return store.open(self.match_id).match
        finally:
            store.close()

    def wait_entries(self, n: int, timeout: float = 30.0) -> None:
        self.page.locator(".tt-log .tt-section-title").get_by_text(f"({n} entries)", exact=True) \
            .wait_for(state="attached", timeout=timeout * 1000)

    def private_open(self) -> bool:
        return self.page.locator(".tt-private").count() > 0

    def needs_private(self, match) -> int | None:
        """The seat whose panel the next entry belongs in (None: the shared screen), per the docs."""
        return oracle.gate_owner(match)

    def choose(self, match):
        state = match.state
        if state.current_player() == CHANCE:
            return state.sample_chance(self.rng)
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]

    def enter(self, match, action) -> None:
        """Click the button of ``action`` (opening the owner's panel first if it is secret)."""
        n = len(match.log)
        seat = self.needs_private(match)
        if seat is not None and not self.private_open() and action in oracle.shared_choices(match):
            seat = None                       # open to anyone: entered on the shared screen
        if seat is None and self.private_open() and match.current_player() >= 0:
            seat = match.current_player()     # the panel stays open while the next entry is its seat's
        if seat is not None and not self.private_open():
            name = match.game.players[seat]
            if self.on_open_panel is not None:
                self.on_open_panel(seat)
            self.page.locator(".tt-turn button", has_text=f"Open {name}'s panel").click()
            self.page.locator(".tt-private").wait_for()
            self.taps += 1
        scope = ".tt-private-actions" if seat is not None else ".tt-actions"
        if seat is None:
            offered = oracle.shared_choices(match)
        elif match.current_player() == CHANCE:
            offered = match.offered_actions(seat)
        else:
            offered = match.legal_actions()
        steps = clicks_for(action, offered, panel_describe(match.state, seat is None), match.state, seat)
        tap_steps(self.page, scope, steps)
        self.taps += len(steps)
        self.wait_entries(n + 1 + forced_after(match, action))
        entered = self.match().log[n]
        assert entered == action, f"tapping {[s.label for s in steps]} entered {entered!r}, not {action!r}"

    def play_until(self, done, max_entries: int = 2000) -> None:
        for _ in range(max_entries):
            match = self.match()
            if match.current_player() == TERMINAL or done(match):
                return
            self.enter(match, self.choose(match))
        raise AssertionError("did not finish")

    def shown_money(self) -> list[str]:
        return [t.strip() for t in self.page.locator(".tt-players td.tt-money").all_inner_texts()]

    def engine_money(self) -> list[str]:
        match = self.match()
        unit = title_ui(match.game.title).unit
        shown = [p["money"] for p in match.view(None)["players"]]
        return [money(m if s is not None else None, unit) for m, s in zip(match.state.money, shown)]
