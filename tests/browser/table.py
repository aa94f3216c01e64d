"""Drive the dashboard in a browser like players at the table: the match is read from the
saved-matches database, an agent picks the next entry, and the test clicks its button. Where an
entry belongs (the shared screen or a player's panel) and what the shared screen may offer is
decided by the privacy oracle (tests/privacy/oracle.py: the docs' table), not by the dashboard."""
from __future__ import annotations

import random

from privacy import oracle
from tabletop import CHANCE, TERMINAL
from tabletop.store import Store
from tabletop.widgets.actions import group_actions
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
        groups = group_actions(offered, match.state.describe)
        for gi, group in enumerate(groups):
            if action in group.actions:
                j = group.actions.index(action)
                button = self.page.locator(f"{scope} .tt-groups > .tt-wrap").nth(gi).locator("button").nth(j)
                text = button.inner_text().strip()
                assert text == group.labels[j], f"button {text!r} should read {group.labels[j]!r}"
                button.click()
                self.taps += 1
                self.wait_entries(n + 1)
                return
        raise AssertionError(f"{action!r} is not offered")

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
