"""Fewer taps where a tap can carry more, clicked headless: a Stockpile player's supply step in two
taps (the card put face up on its stockpile, then the other card on its stockpile) instead of
four, a last sale and "done selling" at one tap, and no tap at all for what a player with no
stock card cannot but enter. What is expected comes from the rulebook and the engine's own lists
(legal actions, chance entries, views), never from the panel."""
from __future__ import annotations

import random

import pytest

from tabletop import CHANCE, TERMINAL, Match
from tabletop.stockpile.actions import DrawCard, DrawToStockpile, Pass, PlaceCards, SellStock
from tabletop.widgets import Tracker

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def _play_until(match: Match, done, seed: int = 1, limit: int = 4000) -> Match:
    rng = random.Random(seed)
    for _ in range(limit):
        if done(match):
            return match
        state = match.state
        match.apply(state.sample_chance(rng) if state.current_player() == CHANCE else rng.choice(match.legal_actions()))
    raise AssertionError("the position was not reached")


def _at_supply_draw(match: Match) -> bool:
    """A player is about to draw the first of their two market cards."""
    s = match.state
    return (s.current_player() == CHANCE and s.chance_owner() is not None and s.phase == "supply"
            and isinstance(match.offered_actions(s.chance_owner())[0], DrawCard)
            and not match.view(s.chance_owner())["private"]["hand"])


def _panel_at(match: Match):
    tracker = Tracker(match)
    tracker.gate_button.click()
    assert tracker.private is not None
    return tracker, tracker.private.actions


def _tap(panel, label: str, row_text: str = "") -> None:
    """Click the button ``label`` in the row whose first button or label reads ``row_text``."""
    for row in panel.rows:
        first = row.taps[0].label if row.taps else ""
        if row_text and row_text not in (first, _plain(row.label)):
            continue
        for b, t in panel._visible_taps():
            if t in row.taps and t.label == label:
                b.click()
                return
    raise AssertionError(f"no button {label!r} in a row {row_text!r}: {[[t.label for t in r.taps] for r in panel.rows]}")


def panel_head(tracker) -> str:
    return " ".join(_plain(r.head) for r in tracker.panel.rows)


def _plain(html: str) -> str:
    import re
    return re.sub(r"<[^>]+>", "", html or "").strip()


def test_the_supply_step_is_two_taps_the_card_face_up_on_its_stockpile_then_the_other_on_its():
    match = _play_until(Match("stockpile", PLAYERS), _at_supply_draw)
    seat = match.state.chance_owner()
    n = len(match)
    tracker, panel = _panel_at(match)
    # one row per printed card kind, as the engine lists them for a draw (whatever the deck holds)
    kinds = [a.card for a in match.offered_actions(seat)]
    assert [r.taps[0].label for r in panel.rows if r.taps] == kinds
    _tap(panel, "2", "Stanford Steel")                 # Steel face up on stockpile 2
    assert len(match) == n, "nothing is entered before the second tap"
    assert "Stanford Steel face up on stockpile 2" in panel.rows[0].head
    _tap(panel, "3", "Boom")                           # the other card, Boom, face down on stockpile 3
    assert list(match.log[n:]) == [DrawCard(seat, "Stanford Steel"), DrawCard(seat, "Boom"),
                                   PlaceCards(seat, (("Stanford Steel", 1, True), ("Boom", 2, False)))]
    piles = match.view(None)["board"]["stockpiles"]
    assert piles[1]["cards"][-1].get("card") == "Stanford Steel"        # seen by the whole table
    assert "card" not in piles[2]["cards"][-1]                            # face down: not named
    assert tracker.private is None, "the player's step is over: the panel is closed for the next"
    tracker.close()


def test_the_card_name_alone_enters_just_that_draw_and_back_returns():
    match = _play_until(Match("stockpile", PLAYERS), _at_supply_draw, seed=2)
    seat = match.state.chance_owner()
    n = len(match)
    tracker, panel = _panel_at(match)
    first = [(r.head, [t.label for t in r.taps]) for r in panel.rows]
    _tap(panel, "1", "Epic Electric")
    panel.back_button().click()
    assert [(r.head, [t.label for t in r.taps]) for r in panel.rows] == first and len(match) == n
    _tap(panel, "Bust", "Bust")
    assert list(match.log[n:]) == [DrawCard(seat, "Bust")]
    # one card in hand: the second draw is a plain list, then the placement as before
    assert [t.label for t in panel.rows[0].taps] == [a.card for a in match.offered_actions(seat)]
    tracker.close()


def test_a_card_the_deck_no_longer_holds_is_refused_in_words_and_nothing_is_entered():
    # one Boom in the deck (and 7 Busts: enough cards for 5 players), turned face up: none left to draw
    match = Match("stockpile", PLAYERS, {"rules_data": {"booms": 1, "busts": 7}})
    rng = random.Random(4)
    while not (match.state.phase == "supply" and match.current_player() == CHANCE):
        state = match.state
        match.apply(state.sample_chance(rng) if state.current_player() == CHANCE else rng.choice(match.legal_actions()))
    match.apply(DrawToStockpile(0, "Boom"))
    _play_until(match, _at_supply_draw)
    n = len(match)
    tracker, panel = _panel_at(match)
    assert "Boom" in [r.taps[0].label for r in panel.rows if r.taps], "the rows do not tell what the deck holds"
    _tap(panel, "1", "Boom")
    _tap(panel, "2", "Bust")
    assert len(match) == n
    assert "No Boom card is left in the market deck" in tracker.private.banner.value
    tracker.close()


def test_the_supply_rows_do_not_depend_on_what_another_player_drew():
    def world(cards):
        match = _play_until(Match("stockpile", PLAYERS), _at_supply_draw, seed=3)
        seat = match.state.chance_owner()
        match.apply(DrawCard(seat, cards[0]))
        match.apply(DrawCard(seat, cards[1]))
        match.apply(next(a for a in match.legal_actions()))
        tracker, panel = _panel_at(match)
        rows = [(r.head, r.label, [t.label for t in r.taps]) for r in panel.rows]
        tracker.close()
        return rows
    assert world(("Boom", "Stanford Steel")) == world(("Bust", "Fee $1,000"))


def _at_sale(match: Match) -> bool:
    s = match.state
    return (s.phase == "selling" and s.current_player() >= 0
            and sum(isinstance(a, SellStock) for a in match.legal_actions()) >= 2)


def test_a_last_sale_and_done_selling_at_one_tap():
    match = _play_until(Match("stockpile", PLAYERS), _at_sale, seed=5)
    seat = match.current_player()
    sale = next(a for a in match.legal_actions() if isinstance(a, SellStock) and not a.split)
    board = match.view(None)["board"]
    price = board["tracks"][sale.company][board["positions"][sale.company]] * 1000   # a value of 5: $5,000
    money = match.view(None)["players"][seat]["money"]
    n = len(match)
    tracker, panel = _panel_at(match)
    last = next(r for r in panel.rows if "then done selling" in r.label)
    plain = next(t for r in panel.rows for t in r.taps if t.action == sale)      # the sale alone
    tap = next(t for t in last.taps if t.label == plain.label)                  # the same, and done
    button = next(b for b, t in panel._visible_taps() if t is tap)
    button.click()
    assert list(match.log[n:n + 2]) == [sale, Pass(seat)]
    assert match.view(None)["players"][seat]["money"] == money + price
    tracker.close()


def test_a_player_with_no_stock_card_is_not_asked_to_sell_and_the_log_says_why():
    """A player holding no card (the count is public) has nothing to sell: the tracker enters her
    "done selling" by itself, and the log line says so. Found by playing on until it happens."""
    for seed in range(40):
        match = Match("stockpile", PLAYERS)
        tracker = Tracker(match)
        rng = random.Random(seed)
        while match.current_player() != TERMINAL and match.state.round <= 3:
            state = match.state
            seat = state.current_player()
            if state.phase == "selling" and seat >= 0 and not any(match.view(None)["players"][seat]["holdings"].values()):
                raise AssertionError(f"{PLAYERS[seat]} holds no card and is asked to sell")
            action = state.sample_chance(rng) if seat == CHANCE else rng.choice(match.legal_actions())
            n = len(match)
            if tracker.private is None and action not in tracker.panel.offered():
                tracker.gate_button.click()
            (tracker.private.actions if tracker.private is not None else tracker.panel).pick(action)
            assert match.log[n] == action
            for made in match.log[n + 1:]:
                line = match.describe_log(None)[match.log.index(made, n + 1)]
                assert isinstance(made, Pass) or made.regular == made.split == 0
                assert "holds no stock card" in line and "entered by itself" in line
                tracker.close()
                return
        tracker.close()
    raise AssertionError("no player ever held no card at the selling phase")


def test_on_a_players_own_phone_the_supply_step_is_two_taps_too(home):
    from tabletop.store import Store
    from tabletop.widgets.seat import SeatScreen
    match = _play_until(Match("stockpile", PLAYERS), _at_supply_draw, seed=6)
    seat = match.state.chance_owner()
    store = Store()
    saved = store.create(match)
    phone = SeatScreen(Store().open(saved.id, device=f"seat:{seat}"), seat)
    _tap(phone.panel, "4", "Boom")                     # Boom face up on stockpile 4
    _tap(phone.panel, "1", "Cosmic Computers")         # Cosmic Computers face down on stockpile 1
    entered = store.open(saved.id).match.log[len(match):]
    assert list(entered) == [DrawCard(seat, "Boom"), DrawCard(seat, "Cosmic Computers"),
                             PlaceCards(seat, (("Boom", 3, True), ("Cosmic Computers", 0, False)))]
    phone.close()


def test_black_mondays_start_cards_are_short_buttons_in_a_row_per_stock():
    match = Match("black-monday", ["Ann", "Bob", "Cy"])
    rng = random.Random(1)
    turned = 0
    while True:
        state = match.state
        if (match.current_player() == CHANCE and state.chance_owner() is None
                and type(match.offered_actions(None)[0]).__name__ == "RevealStartCard"):
            turned += 1
            if turned == 3:          # two cards turned up: one stock (at most) has its price
                break
        match.apply(state.sample_chance(rng) if match.current_player() == CHANCE else rng.choice(match.legal_actions()))
    tracker = Tracker(match)
    offered = match.offered_actions(None)
    taps = {t.action: (b, t) for b, t in tracker.panel._visible_taps()}
    assert set(taps) == set(offered), "every card is one tap away, and nothing else"
    assert "starts at its value" in panel_head(tracker) and "over $10 is skipped" in panel_head(tracker)
    for action, (button, tap) in taps.items():
        assert len(button.description) <= len("$13 skip"), button.description
        assert button.description.startswith(f"${action.value}")
    # over $10 a card sets no price (the rulebook): it says so on the button
    priced = match.view(None)["board"]["price_cards"]
    assert taps[next(a for a in offered if a.value == 12 and not priced[a.stock])][0].description.endswith("skip")
    labels = [_plain(r.label) for r in tracker.panel.rows]
    assert all(any(label.startswith(stock) for label in labels) for stock in {a.stock for a in offered})
    tracker.close()


def test_an_acquire_turn_passed_around_is_three_taps_gate_tile_and_the_tile_drawn():
    """Place a tile, buy nothing, end the turn and draw: the device stays with the player (their
    panel stays open while the next entry is theirs) and the last two entries are one tap."""
    from tabletop.acquire.actions import DrawTile, EndTurn, PlaceTile
    match = _play_until(Match("acquire", PLAYERS), lambda m: m.current_player() >= 0
                        and isinstance(m.legal_actions()[0], PlaceTile) and len(m) > 8, seed=3)
    seat = match.current_player()
    tracker = Tracker(match)
    n = len(match)
    tracker.gate_button.click()                                         # tap 1: the gate

    def ends_quietly(tile):          # a tile that founds nothing and merges nothing (the engine says)
        fork = match.state.clone()
        fork.apply(tile)
        return EndTurn(seat) in fork.legal_actions()
    tile = next(a for a in match.legal_actions() if isinstance(a, PlaceTile) and ends_quietly(a))
    assert tracker.private.actions.pick(tile) == 1                      # tap 2: the tile on the grid
    assert tracker.private is not None and tracker.private.seat == seat, "the panel stays with the player"
    fork = match.state.clone()
    fork.apply(EndTurn(seat))
    drawn = fork.sample_chance(random.Random(0))
    assert isinstance(drawn, DrawTile)
    clicks, made = tracker.private.actions.pick_entries([EndTurn(seat), drawn])   # tap 3
    assert (clicks, made) == (1, 2)
    assert list(match.log[n:]) == [tile, EndTurn(seat), drawn]
    assert tracker.private is None, "the next player's turn: the panel is closed"
    tracker.close()


def test_three_acquire_shares_of_one_chain_at_one_tap():
    """A player may buy up to three shares a turn (the rulebook): "×3" beside a share buys three,
    at the price the board shows."""
    from tabletop.acquire.actions import BuyShare
    match = _play_until(Match("acquire", PLAYERS), lambda m: m.current_player() >= 0
                        and any(isinstance(a, BuyShare) for a in m.legal_actions()), seed=1)
    seat = match.current_player()
    buy = next(a for a in match.legal_actions() if isinstance(a, BuyShare))
    view = match.view(None)
    price = next(c["price"] for c in view["board"]["corporations"] if c["name"] == buy.corporation)
    money = view["players"][seat]["money"]
    assert money >= 3 * price
    tracker = Tracker(match)
    if tracker.private is None:
        tracker.open_gate(seat)
    n = len(match)
    clicks, made = tracker.private.actions.pick_entries([buy, buy, buy])
    assert (clicks, made) == (1, 3)
    assert list(match.log[n:]) == [buy] * 3
    assert match.view(None)["players"][seat]["money"] == money - 3 * price
    assert match.view(None)["players"][seat]["holdings"][buy.corporation] == \
        view["players"][seat]["holdings"].get(buy.corporation, 0) + 3
    tracker.close()


def test_each_acquire_buy_button_names_its_chain_on_the_shared_screen_too():
    """Beside each chain's share, "×2" and "×3" name that chain (a player meaning one chain bought
    two of the row above's), and the shared screen offers them as a player's panel does."""
    from tabletop.acquire.actions import BuyShare
    from tabletop.widgets.render import name
    match = _play_until(Match("acquire", PLAYERS), lambda m: m.current_player() >= 0
                        and len({a.corporation for a in m.legal_actions() if isinstance(a, BuyShare)}) >= 2, seed=1)
    tracker = Tracker(match)
    assert tracker.private is None, "buying is a public decision: the shared screen offers it"
    rows = [r for r in tracker.panel.rows if r.kind == "BuyShare"]
    assert len(rows) >= 2 and all(t.entries for r in rows for t in r.taps[1:]) and \
        sum(len(r.taps) > 1 for r in rows) >= 2, "two or three of a share at one tap, on the shared screen"
    for row in rows:
        corporation = name(row.taps[0].action.corporation, "acquire corporation")
        several = [t for t in row.taps if t.entries]
        assert [t.label for t in several] == [f"×{n} {corporation}" for n in range(2, len(several) + 2)]
        assert all(t.entries == (row.taps[0].action,) * n for t, n in zip(several, range(2, 4)))
    buy = rows[1].taps[0].action
    n = len(match)
    assert tracker.panel.pick_entries([buy, buy]) == (1, 2)
    assert list(match.log[n:]) == [buy, buy]
    tracker.close()


@pytest.mark.parametrize("title", ["acquire", "jika", "stockpile", "black-monday"])
def test_one_tap_of_draw_at_random_makes_every_draw_due_in_a_row(title):
    """A player who asks the app to draw for them gets their whole hand at one tap, and the table
    its whole run of public cards: the tap stops where another seat's draw or a decision comes."""
    from tabletop.core import CHANCE
    match = Match(title, PLAYERS, seed=5)
    tracker = Tracker(match)
    taps = 0
    while match.current_player() == CHANCE and taps < 20:
        owner = match.state.chance_owner()
        before = len(match)
        if owner is None:
            tracker.random_button.click()
        else:
            tracker.open_gate(owner)
            tracker.private.random_button.click()
        taps += 1
        assert len(match) > before
        still = match.current_player() == CHANCE and match.state.chance_owner() == owner
        assert not still, f"after one tap, {owner!r} still has a draw to make"
    assert match.current_player() != CHANCE, "the opening draws took a tap per seat at most"
    tracker.close()


def test_the_gate_never_names_one_player_above_another_players_button():
    """While the screen moves to the next player, "Pass the device to X" and "Open Y's panel" are
    never left disagreeing while the app works on: the page once showed the old name above the
    new button for a second, while the next player's choices were computed between the two."""
    import re
    from tabletop.core import CHANCE
    match = Match("black-monday", PLAYERS[:3], seed=2)
    tracker = Tracker(match)
    events = []          # ("names", prompt's player, button's player) or ("work",)

    def check(_change=None):
        asked = re.search(r"Pass the device to (\w+)", re.sub(r"<[^>]+>", " ", tracker.panel.prompt.value))
        opened = re.search(r"Open (\w+)'s panel", tracker.gate_button.description)
        if asked and opened:
            events.append(("names", asked.group(1), opened.group(1)))
    tracker.gate_button.observe(check, names="description")
    tracker.panel.prompt.observe(check, names="value")
    offered = match.offered_actions
    match.offered_actions = lambda *a, **k: (events.append(("work",)), offered(*a, **k))[1]
    for _ in range(40):
        if match.current_player() == CHANCE and match.state.chance_owner() is None:
            tracker.random_button.click()
            continue
        seat = match.state.chance_owner() if match.current_player() == CHANCE else match.current_player()
        if seat is None or seat < 0:
            break
        tracker.open_gate(seat)
        if match.current_player() == CHANCE:
            tracker.private.random_button.click()
        else:
            tracker.private.actions.pick(offered(seat)[0])
        if tracker.private is not None:
            tracker.close_private()
    named = [e for e in events if e[0] == "names"]
    assert len({e[2] for e in named}) >= 2, "the gate changed hands"
    for before, after in zip(events, events[1:]):
        if before[0] == "names" and before[1] != before[2]:
            assert after[0] == "names" and after[1] == after[2], \
                f"'Pass the device to {before[1]}' above 'Open {before[2]}'s panel' while the app worked on"
    tracker.close()
