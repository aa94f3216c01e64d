"""Input that looks like the game, clicked headless: Stockpile's placement asked in parts (every
legal placement reachable by clicking, Back returns a part), Acquire's tiles on the board's grid
(exactly the placeable tiles of the rack enabled, one tap places), card entries as compact
pickers offering exactly ``offered_actions(viewer)``, and bids beside each stockpile's cards.
Expected values come from the engine (legal actions, views), never from the panel."""
from __future__ import annotations

import random
import re

from tabletop import CHANCE, Match
from tabletop.acquire.actions import PlaceTile
from tabletop.stockpile.actions import PlaceBid, PlaceCards
from tabletop.widgets import Tracker
from tabletop.widgets.actions import ActionPanel


def _play_until(match: Match, done, seed: int = 1, limit: int = 3000) -> Match:
    rng = random.Random(seed)
    for _ in range(limit):
        if done(match):
            return match
        legal = match.legal_actions()
        match.apply(match.sample_chance() if match.current_player() == CHANCE else legal[rng.randrange(len(legal))])
    raise AssertionError("the position was not reached")


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def _panel(match: Match, viewer):
    entered = []
    panel = ActionPanel(entered.append)
    panel.show("", match.offered_actions(viewer), match.state.describe, state=match.state)
    return panel, entered


def _at_placement(seed: int = 1) -> Match:
    return _play_until(Match("stockpile", ["Ann", "Bob", "Cy", "Dee"], {}, seed),
                       lambda m: m.current_player() >= 0 and isinstance(m.legal_actions()[0], PlaceCards)
                       and len(set(m.view(m.current_player())["private"]["hand"])) == 2)


def test_the_placement_is_asked_in_parts_and_every_legal_placement_is_reached_by_clicking():
    match = _at_placement()
    seat = match.current_player()
    hand = match.view(seat)["private"]["hand"]
    legal = match.legal_actions()
    panel, entered = _panel(match, seat)
    first = panel.rows[0]
    assert "Which card goes face up" in first.head
    shown = [b.description for b, _a in panel._visible_taps()]
    assert len(shown) < len(legal), "the cross product is shown instead of the first part"
    assert sorted(_text(r.label).strip() for r in panel.rows if r.label) == sorted(f"{c} face up" for c in hand)
    for action in legal:
        panel.show("", match.offered_actions(seat), match.state.describe, state=match.state)
        assert panel.pick(action) == 2, "card face up and its stockpile, then the other card's stockpile"
        assert entered[-1] == action
    assert len(entered) == len(legal)


def test_back_returns_to_the_part_before():
    match = _at_placement()
    seat = match.current_player()
    panel, entered = _panel(match, seat)
    before = [(r.head, r.label, [t.label for t in r.taps]) for r in panel.rows]
    assert panel.back_button() is None
    up = _text(panel.rows[0].label).strip().removesuffix(" face up")
    hand = list(match.view(seat)["private"]["hand"])
    hand.remove(up)
    down = hand[0]
    panel._visible_taps()[0][0].click()          # the first row's card face up on stockpile 1
    assert f"Where does {down} go face down?" in panel.rows[0].head and not entered
    assert [t.label for t in panel.rows[0].taps][:4] == ["Stockpile 1", "Stockpile 2", "Stockpile 3", "Stockpile 4"]
    panel.back_button().click()
    assert [(r.head, r.label, [t.label for t in r.taps]) for r in panel.rows] == before and not entered


def _at_placing_a_tile(seed: int = 2) -> Match:
    return _play_until(Match("acquire", ["Ann", "Bob", "Cy", "Dee"], {}, seed),
                       lambda m: m.current_player() >= 0 and m.state.phase == "place" and len(m.log) > 40, seed)


def test_the_acquire_grid_offers_exactly_the_placeable_tiles_of_the_rack_and_a_tap_places():
    match = _at_placing_a_tile()
    seat = match.current_player()
    rack = match.view(seat)["private"]["hand"]
    placeable = sorted(a.tile for a in match.legal_actions() if isinstance(a, PlaceTile))
    assert placeable and set(placeable) <= set(rack)
    tracker = Tracker(match)
    tracker.gate_button.click()
    panel = tracker.private.actions
    board = match.view(None)["board"]
    grid = next(r for r in panel.rows if r.columns)
    assert grid.columns == len(board["column_labels"]) and len(grid.taps) == board["columns"] * board["rows"]
    enabled = sorted(b.description for b in panel._cells[:len(grid.taps)] if not b.disabled)
    assert enabled == placeable
    corps = {c for row in board["grid"] for c in row if c}
    letters = {b.description for b in panel._cells[:len(grid.taps)] if b.disabled and b.description not in ("", "▪")}
    assert letters == {c[:2] for c in corps}, "the squares show what is on them"
    tile = placeable[-1]
    cell = next(b for b in panel._cells if b.description == tile and not b.disabled)
    n = len(match.log)
    cell.click()
    assert len(tracker.match.log) == n + 1 and tracker.match.log[-1] == PlaceTile(seat, tile)
    tracker.close()


def test_a_card_entry_offers_exactly_what_each_screen_may_offer_in_short_buttons():
    match = _play_until(Match("stockpile", ["Ann", "Bob", "Cy", "Dee"], {}, 3),
                        lambda m: m.current_player() == CHANCE and m.state.chance_owner() is not None
                        and type(m.offered_actions(m.state.chance_owner())[0]).__name__ == "DealPair")
    owner = match.state.chance_owner()
    for viewer in [None, *range(4)]:
        panel, _ = _panel(match, viewer)
        assert sorted(map(repr, panel.offered())) == sorted(map(repr, match.offered_actions(viewer)))
    panel, entered = _panel(match, owner)
    companies = {a.company for a in match.offered_actions(owner)}
    assert sorted(_text(r.label).strip() for r in panel.rows) == sorted(companies)   # one row a company
    assert all(len(t.label) <= 3 for r in panel.rows for t in r.taps)               # "+4", "$$"
    action = match.offered_actions(owner)[-1]
    assert panel.pick(action) == 1 and entered == [action]


def test_bid_rows_show_each_stockpiles_face_up_cards():
    match = _play_until(Match("stockpile", ["Ann", "Bob", "Cy", "Dee"], {}, 4),
                        lambda m: m.current_player() >= 0 and isinstance(m.legal_actions()[0], PlaceBid))
    piles = match.view(None)["board"]["stockpiles"]
    tracker = Tracker(match)
    panel = tracker.panel
    rows = [r for r in panel.rows if "Stockpile" in r.label]
    bids = {a.pile for a in match.legal_actions() if isinstance(a, PlaceBid)}
    assert len(rows) == len(bids)
    for row in rows:
        number = int(re.search(r"Stockpile (\d+)", row.label).group(1))
        face_up = [c["card"] for c in piles[number - 1]["cards"] if not c.get("face_down")]
        down = sum(1 for c in piles[number - 1]["cards"] if c.get("face_down"))
        for card in face_up:
            assert card in _text(row.label), f"stockpile {number}'s {card} is not beside its bids"
        if down:
            assert f"{down} face down" in _text(row.label)
        assert all(t.action.pile == number - 1 for t in row.taps)
        assert all(t.label.startswith("$") for t in row.taps)
    # the labels sit in the same box as the buttons: on a phone they stay together
    for head, box in panel._rows[:len(panel.rows)]:
        if any(getattr(w, "value", "").count("Stockpile") for w in box.children):
            assert any(hasattr(w, "description") for w in box.children)
    tracker.close()
