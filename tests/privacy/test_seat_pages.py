"""Each seat's own page (widgets/seat.py), built in Python as a phone's kernel builds it, shows its
own seat's secrets and nobody else's: every title, every player count, at points all through the
deal and the play of a random game entered through the store as the table enters it.

Secrets are judged by the engine's views alone (oracle.py): the strings of a seat's private view
that the public view lacks. A page's words are every string its widgets send to the browser,
shown or not (values, labels, options, tooltips)."""
from __future__ import annotations

import random

import ipywidgets
import pytest

from tabletop import CHANCE, Match
from tabletop.store import Store
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.titles import title_ui

from .oracle import _composites, _leaves, find_tokens

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")
CASES = ([("stockpile", n) for n in (2, 3, 4, 5)] + [("acquire", n) for n in (2, 3, 4, 5, 6)]
         + [("black-monday", n) for n in (2, 3, 4, 5, 6)] + [("jika", n) for n in (3, 4)])


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    ipywidgets.Widget.close_all()
    yield tmp_path / "home"
    ipywidgets.Widget.close_all()


def page_strings(widget, leave_out=()) -> str:
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        if any(w is x for x in leave_out):
            continue
        for name in ("value", "description", "placeholder", "tooltip", "_options_labels"):
            v = getattr(w, name, None)
            if isinstance(v, str):
                out.append(v)
            elif isinstance(v, (list, tuple)):
                out.extend(str(x) for x in v)
        stack.extend(getattr(w, "children", ()) or ())
    return "\n".join(out)


def own_secrets(match: Match, seat: int) -> tuple[set[str], set[str]]:
    """The strings of ``seat``'s private view that the public view does not hold: its single
    values (a tile, a card, a company), and the phrases made of a record's fields ("Stanford
    Steel +4", a pair whose two parts may sit in two cells of the page)."""
    public = match.view(None)
    shown = set(_leaves(public, keys=True)) | set(_composites(public, parts=True))
    private = match.view(seat).get("private")
    single = {s for s in _leaves(private) if s.strip() and s not in shown}
    phrases = {s for s in _composites(private) if s not in shown and not all(w.isdigit() for w in s.split())}
    return single, phrases


@pytest.mark.parametrize("title,n", CASES, ids=[f"{t}-{n}p" for t, n in CASES])
def test_each_seat_page_shows_its_own_secrets_and_nobody_elses(title, n):
    store = Store()
    saved = store.create(Match(title, list(PLAYERS[:n]), seed=n))
    writer = Store().open(saved.id)
    pages = [SeatScreen(Store().open(saved.id, device=f"seat:{s}"), s) for s in range(n)]
    rng = random.Random(n)
    ui = title_ui(title)
    checked = shown_own = 0
    try:
        for entry in range(160):
            match = writer.match
            if match.is_over():
                break
            if match.current_player() == CHANCE:
                writer.apply(match.state.sample_chance(rng))
            else:
                legal = match.legal_actions()
                writer.apply(legal[rng.randrange(len(legal))])
            if entry % 8 != 7:
                continue
            match = writer.match
            secrets = [own_secrets(match, s) for s in range(n)]
            everyone = set().union(*(a | b for a, b in secrets))
            for seat, page in enumerate(pages):
                page.follow()
                assert len(page.match.log) == len(match.log)
                text = page_strings(page.widget)
                single, phrases = secrets[seat]
                mine = single | phrases
                missing = sorted(t for t in single if t not in text)
                assert not missing, f"{PLAYERS[seat]}'s page lacks its own secrets {missing[:5]} ({title}, entry {entry})"
                # whose secrets the page shows: its own seat's, exactly as its title draws them, under
                # a heading, and nothing before or after them
                heading, _, body = page.secrets.value.partition("</div>")
                assert body == ui.private_html(match.view(seat).get("private")), (
                    f"{PLAYERS[seat]}'s secrets box holds more or other than its own secrets ({title}, entry {entry})")
                # and nowhere else on the page another seat's secret; the entry buttons offer every
                # printed card of a kind ("Fee $3,000" among them), and the seat's own secrets may
                # use a word another's secret is ("Boom"): that those depend on nothing secret is
                # the differential tests' check
                # what this seat has been told (the table's announcements, its own secret entries:
                # a card it exchanged whose other copy another seat holds) it may read
                told = set(find_tokens(everyone, "\n".join(match.describe_log(seat) + [
                    match.state.describe_event(e) for e in match.events(seat)])))
                others = set().union(*(secrets[s][0] | secrets[s][1] for s in range(n) if s != seat)) - mine - told
                rest = "\n".join([page_strings(page.widget, leave_out=(page.panel.widget, page.secrets)), heading,
                                  page_strings(page.secrets).replace(page.secrets.value, "")])
                leaked = find_tokens(others, rest)
                assert not leaked, f"{PLAYERS[seat]}'s page shows another seat's secrets {leaked[:5]} ({title}, entry {entry})"
                checked += 1
                shown_own += bool(mine)
    finally:
        for page in pages:
            page.close()
    assert checked >= 5 * n and shown_own >= 4 * n, (checked, shown_own)

