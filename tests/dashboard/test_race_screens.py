"""Two devices enter different decisions for the same seat at once (README: of two racing devices
exactly one entry goes in): Ann's phone and her tablet, or her phone and the table screen, both
show her turn; the phone enters one Black Monday buy, Stockpile sale or Acquire share, the other
device (not caught up yet) another. The phone's goes in; the other's does not (not even
afterwards, although a second buy would be legal), and that device says so in words: who was
first, with what, and that its entry was not made. Several races in a row, in one match."""
from __future__ import annotations

import random

import pytest

from tabletop import CHANCE, Match
from tabletop.acquire.actions import BuyShare
from tabletop.blackmonday.actions import BuyShares
from tabletop.stockpile.actions import SellStock
from tabletop.store import Store
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.tracker import Tracker

PLAYERS = ["Ann", "Ben", "Cy"]
KINDS = {"black-monday": BuyShares, "stockpile": SellStock, "acquire": BuyShare}
RACES = 4


def shown_text(widget) -> str:
    """Every string of the widgets attached under ``widget`` (what that page shows)."""
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        for name in ("value", "description", "placeholder"):
            v = getattr(w, name, None)
            if isinstance(v, str):
                out.append(v)
        stack.extend(getattr(w, "children", ()) or ())
    return "\n".join(out)


def to_the_next_choice(driver, kind, rng: random.Random) -> tuple[int, list]:
    """Play on (another program's entries) until a player must decide and has two or more
    different entries of ``kind``; that seat and those entries."""
    match = driver.match
    for _ in range(3000):
        seat = match.current_player()
        mine = list(dict.fromkeys(a for a in match.legal_actions() if isinstance(a, kind)))
        if seat != CHANCE and len(mine) >= 2:
            return seat, mine
        assert not match.is_over(), "the game ended before the next race"
        driver.apply(match.sample_chance() if seat == CHANCE else rng.choice(match.legal_actions()))
    raise AssertionError(f"no choice of two {kind.__name__} entries in 3000 entries")


@pytest.mark.parametrize("title", list(KINDS))
def test_two_devices_entering_different_decisions_for_one_seat_one_goes_in_the_other_is_told(home, title):
    kind = KINDS[title]
    saved = Store().create(Match(title, PLAYERS, seed=4))
    driver = Store().open(saved.id)
    table = Tracker(Store().open(saved.id, device="table"))
    phones = [SeatScreen(Store().open(saved.id, device=f"seat:{s}"), s) for s in range(3)]
    tablets = [SeatScreen(Store().open(saved.id, device=f"seat:{s}"), s) for s in range(3)]
    rng = random.Random(4)
    for race in range(RACES):
        seat, mine = to_the_next_choice(driver, kind, rng)
        for screen in [table, *phones, *tablets]:
            screen.follow()
        if table.private is not None:
            table.private.close_button.click()
        before = len(driver.match.log)
        first, second = mine[0], mine[-1]
        assert phones[seat].panel.pick(first), f"race {race}: the phone does not offer {first}"
        if race % 2 == 0:
            loser = tablets[seat]
            assert loser.panel.pick(second), f"race {race}: the tablet does not offer {second}"
        else:
            loser = table
            if table.needs_private(seat):          # a decision on secrets: in the player's panel
                table.gate_button.click()
                assert table.private.actions.pick(second), f"race {race}: the panel does not offer {second}"
            else:
                assert table.panel.pick(second), f"race {race}: the table screen does not offer {second}"
        stored = Store().open(saved.id).match
        new = stored.log[before:]
        assert new[:1] == (first,), f"race {race}: the phone's {first} is not in"
        assert second not in new and [a for a in new if isinstance(a, kind)] == [first], \
            f"race {race}: {len(new)} entries went in: {new}"
        line = stored.describe_log(seat if loser is not table else None)[before]
        told = shown_text(loser.widget)
        name = PLAYERS[seat]
        assert f"{name}'s device entered that first: {line}." in told, f"race {race}: the loser shows {told[:400]}"
        assert "Your entry was not made; this screen now shows the match as it is." in told
        assert loser.match.log == stored.log, f"race {race}: the losing device does not show the match as it is"
        assert "entered that first" not in shown_text(phones[seat].widget)
        driver.refresh()


def banner_words(html: str) -> str:
    """The words of a banner or card message, as the player reads them."""
    import html as markup
    import re
    return markup.unescape(re.sub(r"<[^>]+>", "", html)).strip()


NOT_MADE = " Your entry was not made; this screen now shows the match as it is."


def test_a_correction_for_another_player_goes_in_after_a_lost_race_one_for_the_player_who_acted_does_not(home):
    """The table screen types a correction while Ann's phone buys a share: Ann's buy concerns Ann,
    so a correction of Bob's money still goes in after it (nothing that came in concerns Bob), but
    a correction of Ann's own money does not (her buy changed it): the card says who was first."""
    saved = Store().create(Match("acquire", PLAYERS, seed=4))
    driver = Store().open(saved.id)
    seat, mine = to_the_next_choice(driver, BuyShare, random.Random(4))
    other = (seat + 1) % 3
    table = Tracker(Store().open(saved.id, device="table"))
    phone = SeatScreen(Store().open(saved.id, device=f"seat:{seat}"), seat)
    card = table.correct
    before = len(driver.match.log)
    assert phone.panel.pick(mine[0])
    card.open_button.click()
    card.choose(kind="money", seat=other, to="5000", reason="the bank miscounted")
    card.enter_button.click()
    stored = Store().open(saved.id).match
    new = stored.log[before:]
    assert new[0] == mine[0] and [type(a).__name__ for a in new] == ["BuyShare", "Correction"], new
    assert (new[1].kind, new[1].seat, new[1].to) == ("money", other, 5000)
    line = stored.describe_log(None)[before + 1]
    assert banner_words(card.message.value) == f"Entered. {line}"
    assert table.match.log == stored.log

    phone.follow()
    assert phone.panel.pick(mine[0])                 # another share of the same corporation
    card.open_button.click()
    card.choose(kind="money", seat=seat, to="5000", reason="the bank miscounted")
    card.enter_button.click()
    stored = Store().open(saved.id).match
    assert stored.log[before + 2:] == (mine[0],), f"the correction went in after all: {stored.log[before + 2:]}"
    line = stored.describe_log(None)[before + 2]
    assert banner_words(card.message.value) == f"{PLAYERS[seat]}'s device entered that first: {line}.{NOT_MADE}"
    assert table.match.log == stored.log


def test_the_losing_screen_is_told_word_for_word_who_was_first_and_what_they_did(home):
    """Each kind of lost race, on the table screen of an Acquire match (draws are public there):
    another program entered first, a player's device undid an entry, undid and redid it (the log is
    the same, the match was changed all the same), replaced the first entry by another."""
    saved = Store().create(Match("acquire", PLAYERS, seed=4))
    table = Tracker(Store().open(saved.id, device="table"))
    script = Store().open(saved.id)                              # no device: a script, an older page
    ben = Store().open(saved.id, device="seat:1")

    def lost(change, tap) -> str:
        table.follow()
        change()
        tap()
        return banner_words(table.banner.value)

    def next_draw():
        assert table.panel.pick(table.match.legal_actions()[-1]), "the table screen offers no draw"

    def line(k):
        return Store().open(saved.id).match.describe_log(None)[k]
    script.apply(script.match.legal_actions()[0])
    ben.refresh()
    assert lost(lambda: script.apply(script.match.legal_actions()[0]), next_draw) == \
        f"Another screen entered that first: {line(1)}.{NOT_MADE}"
    ben.refresh()
    assert lost(ben.undo, table.log.undo_button.click) == f"Ben's device undid an entry first.{NOT_MADE}"
    ben.refresh()
    assert lost(lambda: (ben.undo(), ben.redo()), table.log.undo_button.click) == \
        f"Ben's device changed the match first.{NOT_MADE}"
    ben.refresh()

    def replace_the_first():
        ben.undo_to(0)
        ben.apply(ben.match.legal_actions()[-1])     # another first start tile than the one undone
    assert lost(replace_the_first, next_draw) == f"Ben's device entered that first: {line(0)}.{NOT_MADE}"
    assert len(Store().open(saved.id).match.log) == 1


def test_two_table_screens_revealing_a_public_card_at_once_one_goes_in_the_other_is_told(home):
    """A card with no seat (Stockpile's open pair), revealed on the projector's table screen and on
    the teacher's laptop at once: one goes in, the other screen names the table screen."""
    saved = Store().create(Match("stockpile", PLAYERS, seed=4))
    driver = Store().open(saved.id)
    while driver.match.current_player() == CHANCE and hasattr(driver.match.legal_actions()[0], "seat"):
        driver.apply(driver.match.sample_chance())
    projector = Tracker(Store().open(saved.id, device="table"))
    laptop = Tracker(Store().open(saved.id, device="table"))
    before = len(driver.match.log)
    cards = laptop.panel.offered()
    assert projector.panel.pick(cards[0]) and laptop.panel.pick(cards[-1])
    stored = Store().open(saved.id).match
    assert stored.log[before:] == (cards[0],)
    assert banner_words(laptop.banner.value) == \
        f"The table screen entered that first: {stored.describe_log(None)[before]}.{NOT_MADE}"
