"""The tracker tells the story: what an entry caused (a split, a bankruptcy, the end of a round)
is announced in the box at the top of the turn card, on the table screen and on a seat's device,
and listed under its entry in the log; an undo takes it away and says what was undone; every
undone line stays listed; a player's deal reads as one public line; going back across a round
asks first; the PIN field submits on Enter.

Story Market (below) is a tiny title that announces such events, so these tests do not wait on a
real engine's words; the expected sentences are written out by hand from its rules."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import ClassVar

import pytest

from tabletop import CHANCE, Match
from tabletop.core import BANK, TERMINAL, Action, Outcome, State, Title
from tabletop.errors import IllegalAction, NotYourTurn
from tabletop.registry import register_title
from tabletop.store import Store
from tabletop.widgets.log import Story, group_line
from tabletop.widgets.seat import SeatScreen
from tabletop.widgets.titles import TitleUI, register_ui
from tabletop.widgets.tracker import Tracker


# --- Story Market: one stock; each round every player is dealt CARDS secret cards, buys a share or
# passes, then a public news card moves the price. At 10 or more the stock splits (the price halves,
# holdings double); at 0 or less it goes bankrupt (holdings are lost, it restarts at 5). ---------
@dataclass(frozen=True)
class Deal(Action):
    chance: ClassVar[bool] = True
    seat: int
    card: int

    @property
    def secret_to(self):
        return self.seat


@dataclass(frozen=True)
class News(Action):
    chance: ClassVar[bool] = True
    change: int


@dataclass(frozen=True)
class Buy(Action):
    seat: int


@dataclass(frozen=True)
class Pass(Action):
    seat: int


class StoryState(State):
    def __init__(self, game):
        super().__init__(game)
        self.money = [0] * self.n
        for s in range(self.n):
            self.pay(BANK, s, 30, "starting money")
        self.cards_each = game.options["cards"]
        self.rounds = game.options["rounds"]
        self.round, self.phase = 1, "deal"
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.shares = [0] * self.n
        self.price = 5
        self.turn = 0

    def clone(self):
        c = object.__new__(StoryState)
        c.__dict__ = dict(self.__dict__)
        for k in ("money", "payments", "value_marks", "events", "shares"):
            setattr(c, k, list(getattr(self, k)))
        c.hands = [list(h) for h in self.hands]
        return c

    def current_player(self):
        if self.phase == "over":
            return TERMINAL
        return CHANCE if self.phase in ("deal", "news") else self.turn

    def chance_owner(self):
        if self.phase != "deal":
            return None
        return next(s for s in range(self.n) if len(self.hands[s]) < self.cards_each)

    def legal_actions(self):
        if self.phase == "deal":
            return [Deal(self.chance_owner(), c) for c in range(1, 10)]
        if self.phase == "news":
            return [News(c) for c in (-9, -3, -1, 1, 3, 5)]
        if self.phase == "trade":
            return ([Buy(self.turn)] if self.money[self.turn] >= self.price else []) + [Pass(self.turn)]
        return []

    def sample_chance(self, rng: random.Random):
        return rng.choice(self.legal_actions())

    def apply(self, action):
        if action not in self.legal_actions():
            raise (NotYourTurn if self.phase == "over" else IllegalAction)(f"{action} cannot be played now.")
        if isinstance(action, Deal):
            self.hands[action.seat].append(action.card)
            if all(len(h) == self.cards_each for h in self.hands):
                self.phase = "trade"
        elif isinstance(action, News):
            self.price += action.change
            if self.price >= 10:
                self.price //= 2
                self.shares = [2 * s for s in self.shares]
                self.announce("split", price=self.price)
            elif self.price <= 0:
                lost = [self.name(s) for s in range(self.n) if self.shares[s]]
                self.shares = [0] * self.n
                self.price = 5
                self.announce("bankrupt", lost=", ".join(lost))
            self.announce("round_end", round=self.round, price=self.price)
            if self.round == self.rounds:
                self.phase = "over"
            else:
                self.round, self.phase, self.turn = self.round + 1, "deal", 0
                self.hands = [[] for _ in range(self.n)]
        else:
            if isinstance(action, Buy):
                self.pay(action.seat, BANK, self.price, "buy a share")
                self.shares[action.seat] += 1
            self.turn += 1
            if self.turn == self.n:
                self.phase = "news"

    def describe(self, action):
        if isinstance(action, Deal):
            return f"{self.name(action.seat)} is dealt the {action.card}"
        if isinstance(action, News):
            return f"News: the price moves {action.change:+d}"
        if isinstance(action, Buy):
            return f"{self.name(action.seat)} buys a share for ${self.price}"
        return f"{self.name(action.seat)} passes"

    def describe_hidden(self, action):
        return f"{self.name(action.seat)} is dealt a card"

    def describe_event(self, event):
        if event.kind == "split":
            return f"The stock splits: holdings double, the price is now ${event.get('price')}"
        if event.kind == "bankrupt":
            return f"The stock goes bankrupt: {event.get('lost') or 'nobody'} lose their shares"
        return f"Round {event.get('round')} ends at ${event.get('price')}"

    def view(self, seat):
        p = self.current_player()
        v = {"title": "Story Market", "round": self.round, "rounds": self.rounds, "phase": self.phase,
             "first_player": 0, "to_act": p if p >= 0 else None, "stocks": {"Stock": self.price},
             "players": [{"name": self.name(s), "money": self.money[s], "holdings": {"Stock": self.shares[s]}}
                         for s in range(self.n)]}
        if seat is not None:
            v["private"] = {"cards": list(self.hands[seat])}
        return v

    def outcome(self):
        if self.phase != "over":
            return None
        best = max(self.money)
        return Outcome(tuple(self.money), tuple(s for s in range(self.n) if self.money[s] == best))


class StoryTitle(Title):
    name = "storymarket"
    display_name = "Story Market"
    min_players = 2
    max_players = 4
    state_class = StoryState
    action_types = (Deal, News, Buy, Pass)

    def normalize_options(self, options, n_players):
        return {"cards": 3, "rounds": 3, **options}


TITLE = StoryTitle()
UI = TitleUI(private_decision=lambda state, seat, legal: False)


@pytest.fixture(autouse=True)
def story_market():
    register_title(TITLE)
    register_ui(TITLE.name, UI)


def deal(screen_play, n_players: int, cards: int) -> None:
    for seat in range(n_players):
        for card in range(1, cards + 1):
            screen_play(Deal(seat, card))


def to_news(tracker: Tracker, n_players: int = 2, cards: int = 3, buys=(0,)) -> None:
    """Deal every hand through the panels and let ``buys`` buy, the others pass."""
    for seat in range(n_players):
        tracker.open_gate(seat)
        for card in range(1, cards + 1):
            assert tracker.private.actions.pick(Deal(seat, card)), f"no button for {seat}'s {card}"
    for seat in range(n_players):
        assert tracker.panel.pick(Buy(seat) if seat in buys else Pass(seat))


def told(screen) -> list[str]:
    """The announcement box's lines as shown (empty when it is hidden)."""
    if screen.told.widget.layout.display == "none":
        return []
    return [re.sub("<[^>]+>", "", part) for part in
            re.findall(r'<div class="tt-told-line[^"]*">(.*?)</div>', screen.told.widget.value)]


def log_rows(screen) -> list[str]:
    return ["\n".join(filter(None, re.sub("<[^>]+>", "\n", text).split("\n"))) for text, _b, _t in
            screen.log.row_buttons()]


SPLIT = "The stock splits: holdings double, the price is now $5"
BANKRUPT = "The stock goes bankrupt: Ann lose their shares"


# --- announcements and the log -------------------------------------------------------------------
def test_a_split_and_the_end_of_the_round_are_announced_newest_first_and_listed_under_their_entry():
    tracker = Tracker(Match("storymarket", ["Ann", "Bob"]))
    to_news(tracker)
    assert told(tracker) == []                          # Bob's pass caused nothing
    assert tracker.panel.pick(News(5))                  # 5 + 5 = 10: the stock splits to $5
    assert told(tracker) == ["Round 1 ends at $5", SPLIT]
    newest = log_rows(tracker)[0].split("\n")
    assert newest == ["9. News: the price moves +5", SPLIT, "Round 1 ends at $5"]
    assert tracker.told.widget in tracker.public.children[1].children[:1]      # top of the turn card
    tracker.open_gate(0)
    assert tracker.private.actions.pick(Deal(0, 4))     # the next entry: the box empties
    tracker.close_private()
    assert told(tracker) == []
    assert SPLIT in log_rows(tracker)[1]                # the log keeps it under its entry


def test_after_an_undo_the_event_is_gone_from_the_log_and_the_box_says_what_was_undone():
    tracker = Tracker(Match("storymarket", ["Ann", "Bob"]))
    to_news(tracker)
    tracker.panel.pick(News(-9))                        # 5 - 9 < 0: bankrupt, Ann loses her share
    assert told(tracker) == ["Round 1 ends at $5", BANKRUPT]
    tracker.log.undo_button.click()
    assert told(tracker) == ["Undone: News: the price moves -9"]
    assert not any(BANKRUPT in row for row in log_rows(tracker))
    assert log_rows(tracker)[0] == "9. News: the price moves -9 (undone)"
    tracker.log.redo_button.click()                     # redone: told again, read again
    assert told(tracker) == ["Round 1 ends at $5", BANKRUPT]
    assert BANKRUPT in log_rows(tracker)[0]


def test_the_log_and_the_box_read_what_match_story_says():
    """The incremental log agrees with a whole replay (``Match.story``) after plays, undos, redos."""
    tracker = Tracker(Match("storymarket", ["Ann", "Bob"], {"rounds": 2}))
    rng = random.Random(4)
    news_undone, redo_next = set(), False
    for step in range(200):
        match = tracker.match
        if match.is_over() and len(match) in news_undone:
            break
        if redo_next:                                   # a news card undone and redone: its events again
            tracker.redo()
            redo_next = False
        elif len(match) and isinstance(match.log[-1], News) and len(match) not in news_undone:
            news_undone.add(len(match))
            tracker.undo()
            redo_next = True
        elif step % 7 == 3 and len(match):
            tracker.undo()
        elif step % 11 == 5 and match.undone:
            tracker.redo()
        elif tracker.private is not None or match.state.chance_owner() is not None:
            action = match.state.sample_chance(rng)
            if tracker.private is None:
                tracker.open_gate(action.seat)
            assert tracker.private.actions.pick(action)
        else:
            assert tracker.panel.pick(rng.choice(match.offered_actions(None)))
        story = [(e.line, e.events) for e in tracker.log.story.done]
        assert story == tracker.match.story(None)
        assert [e.action for e in tracker.log.story.undone] == list(tracker.match.undone)
    assert news_undone == {9, 18} and tracker.match.is_over()


def test_a_seat_device_announces_what_another_device_entered(home):
    store = Store()
    saved = store.create(Match("storymarket", ["Ann", "Bob"]))
    table = Tracker(saved)
    phone = SeatScreen(store.open(saved.id, device="seat:1"), seat=1)
    to_news(table)
    assert phone.follow() and told(phone) == []
    table.panel.pick(News(5))
    assert phone.follow()                               # the watcher's call
    assert told(phone) == ["Round 1 ends at $5", SPLIT]
    assert SPLIT in log_rows(phone)[0]
    assert phone.told.widget is phone.own.children[0]   # the top of the phone's own card
    table.log.undo_button.click()
    assert phone.follow() and told(phone) == ["Undone: News: the price moves +5"]
    assert not any(SPLIT in row for row in log_rows(phone))
    # the phone's own entry: its own card in full in its log, an event told on the table screen
    table.log.redo_button.click()
    phone.follow()
    table.open_gate(0)
    for card in (7, 8, 9):
        table.private.actions.pick(Deal(0, card))
    phone.follow()
    for card in (4, 5, 6):
        assert phone.panel.pick(Deal(1, card))
    assert log_rows(phone)[0] == "15. Bob is dealt the 6"
    table.follow()
    assert log_rows(table)[0] == "13–15. Bob is dealt 3 cards"
    table.panel.pick(Buy(0))
    table.panel.pick(Pass(1))
    phone.follow()
    table.panel.pick(News(5))                           # 5 + 5: a split again
    phone.follow()
    assert told(phone) == told(table) == ["Round 2 ends at $5", SPLIT]


def test_a_player_who_arrives_sees_the_last_entrys_announcements(home):
    store = Store()
    saved = store.create(Match("storymarket", ["Ann", "Bob"]))
    to_news(Tracker(saved))
    Tracker(store.open(saved.id)).panel.pick(News(5))
    assert told(Tracker(store.open(saved.id))) == ["Round 1 ends at $5", SPLIT]
    assert told(SeatScreen(store.open(saved.id, device="seat:0"), seat=0)) == ["Round 1 ends at $5", SPLIT]


def test_every_undone_line_stays_listed_paged_like_the_done_lines():
    tracker = Tracker(Match("storymarket", ["Ann", "Bob", "Cy", "Dee"], {"cards": 1}))
    to_news(tracker, n_players=4, cards=1, buys=())
    tracker.panel.pick(News(1))
    for seat in range(4):                               # round 2: 4 deals, 4 passes, news -> 18 entries
        tracker.open_gate(seat)
        tracker.private.actions.pick(Deal(seat, 2))
    for seat in range(4):
        tracker.panel.pick(Pass(seat))
    tracker.panel.pick(News(1))
    for _ in range(10):
        tracker.log.undo_button.click()
    undone = [row for row in log_rows(tracker) if row.endswith("(undone)")]
    assert len(undone) == 8                              # one page; the rest a tap away
    assert tracker.log.more_undone in tracker.log.rows_box.children
    tracker.log.more_undone.click()
    undone = [row for row in log_rows(tracker) if row.endswith("(undone)")]
    assert [row.split(".")[0] for row in undone] == [str(k) for k in range(18, 8, -1)]
    assert undone[0] == "18. News: the price moves +1 (undone)" and undone[-1] == "9. News: the price moves +1 (undone)"


def test_a_deal_of_seven_secret_entries_reads_as_one_public_line_with_one_back_to_here():
    tracker = Tracker(Match("storymarket", ["Ann", "Dana"], {"cards": 7}))
    for seat in (0, 1):
        tracker.open_gate(seat)
        for card in range(1, 8):
            tracker.private.actions.pick(Deal(seat, card))
    rows = tracker.log.row_buttons()
    assert [text for text, _b, _t in rows] == ["8–14. Dana is dealt 7 cards", "1–7. Ann is dealt 7 cards"]
    assert rows[1][1].description == "Back to here" and rows[1][2] == 0      # to before Ann's deal
    rows[1][1].click()                                  # same round: no question
    assert len(tracker.match) == 0 and len(tracker.match.undone) == 14
    # Dana's own device lists her own cards one by one
    phone_log = Story(viewer=1)
    tracker.log.redo_button.click()
    phone_log.reset(tracker.match)
    assert [e.line for e in phone_log.done] == ["Ann is dealt a card"]


def test_group_lines_count_in_the_player_s_words():
    assert group_line(["Dana is dealt a card."] * 7, "Dana") == "Dana is dealt 7 cards."
    assert group_line(["Dana draws a tile"] * 6, "Dana") == "Dana draws 6 tiles"
    assert group_line(["Dana is dealt a market card, face down"] * 7, "Dana") == \
        "Dana is dealt 7 market cards, face down"
    assert group_line(["Dana is dealt an investor card", "Dana is dealt a starting stock"], "Dana") == \
        "Dana is dealt 2 cards"
    assert group_line(["Dana: a secret entry"] * 2, "Dana") == "Dana: 2 secret entries"
    assert group_line(["Dana swaps a card", "Dana looks at pair 2"], "Dana") == "Dana enters 2 secret cards"


def test_back_to_here_across_a_round_asks_first_and_does_nothing_until_yes():
    tracker = Tracker(Match("storymarket", ["Ann", "Bob"]))
    to_news(tracker)
    tracker.panel.pick(News(1))                         # round 2 begins after entry 9
    tracker.open_gate(0)
    tracker.private.actions.pick(Deal(0, 1))
    rows = tracker.log.row_buttons()
    back = next(button for text, button, _t in rows if text.startswith("7. Ann buys"))
    back.click()                                        # back to round 1, 3 entries undone
    question, yes, no = tracker.log.confirm.children
    assert question.value == "<b>Go back to round 1? This undoes 3 entries.</b>"
    assert len(tracker.match) == 10 and not tracker.match.undone
    no.click()
    assert tracker.log.confirm is None and len(tracker.match) == 10
    back.click()
    tracker.log.confirm.children[1].click()             # Yes
    assert len(tracker.match) == 7 and tracker.match.state.round == 1
    assert told(tracker)[0] == "Undone: Ann is dealt a card"
    # within a round it goes at once
    rows = tracker.log.row_buttons()
    next(button for text, button, _t in rows if text == "4–6. Bob is dealt 3 cards").click()
    assert tracker.log.confirm is None and len(tracker.match) == 3


# --- the PIN field ---------------------------------------------------------------------------------
def test_the_pin_field_opens_the_panel_on_enter(home):
    store = Store()
    saved = store.create(Match("storymarket", ["Ann", "Bob"]))
    store.set_pin(saved.id, 1, "2468")
    tracker = Tracker(saved)
    tracker.open_gate(1)
    field = tracker.pin_field
    assert field.continuous_update is False             # the browser sends the value on Enter only
    field.value = "2468"                                # what the page sends when Bob presses Enter
    assert tracker.private is not None and tracker.private.seat == 1
    phone = SeatScreen(store.open(saved.id, device="seat:1"), seat=1)
    assert not phone.unlocked and phone.pin_field.continuous_update is False
    phone.pin_field.value = "2468"
    assert phone.unlocked


# --- Stockpile's own announcements -----------------------------------------------------------------
def stockpile_game(seed: int = 7):
    """The entries of a random 4-player Stockpile game (the engine alone), to replay at the table."""
    from .clicking import choose
    match = Match("stockpile", ["Ann", "Bob", "Cy", "Dee"])
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(choose(match.state, rng))
    return match.log


def events_of(log, k: int) -> list[str]:
    """The words of what entry ``k`` (1-based) caused, by the engine alone."""
    match = Match("stockpile", ["Ann", "Bob", "Cy", "Dee"])
    for action in log[:k - 1]:
        match.apply(action)
    before = len(match.state.events)
    match.apply(log[k - 1])
    return [match.state.describe_event(e) for e in match.state.events[before:]]


def test_stockpile_s_end_of_round_split_and_bankruptcy_are_told_on_the_table_and_a_phone(home):
    from .privacy import enter
    log = stockpile_game()
    kinds = {}
    match = Match("stockpile", ["Ann", "Bob", "Cy", "Dee"])
    for k, action in enumerate(log, 1):
        before = len(match.state.events)
        match.apply(action)
        for e in match.state.events[before:]:
            kinds.setdefault(e.kind, k)
    round_end, split, bankrupt = kinds["round_end"], kinds["split"], kinds["bankruptcy"]
    phrase: dict[int, list[str]] = {}
    for k, words in ((round_end, "End of round"), (split, " splits"), (bankrupt, "goes bankrupt")):
        phrase.setdefault(k, []).append(words)
    start = Match("stockpile", ["Ann", "Bob", "Cy", "Dee"])
    for action in log[:min(phrase) - 1]:
        start.apply(action)
    store = Store()
    saved = store.create(start)
    table = Tracker(saved)
    phone = SeatScreen(store.open(saved.id, device="seat:2"), seat=2)
    for k in range(min(phrase), max(phrase) + 1):
        enter(table, log[k - 1])
        caught_up = phone.follow()                      # what the watcher calls after each save
        if k in phrase:
            words = events_of(log, k)
            assert all(any(p in w for w in words) for p in phrase[k]), words
            assert told(table) == words[::-1], f"entry {k}"
            assert caught_up and told(phone) == words[::-1], f"entry {k} on Cy's phone"
            assert log_rows(table)[0].split("\n")[1:] == words
            assert log_rows(phone)[0].split("\n")[1:] == words
    table.log.undo_button.click()                       # the last of them taken back
    last = next(w for w in events_of(log, max(phrase)) if any(p in w for p in phrase[max(phrase)]))
    assert told(table)[0].startswith("Undone: ") and last not in "\n".join(log_rows(table))
    assert phone.follow() and last not in "\n".join(log_rows(phone))
    assert told(phone)[0].startswith("Undone: ")


# --- speed: a redraw changes words, it does not build widgets ------------------------------------
def test_a_new_entry_on_a_full_log_page_builds_no_widget_and_keeps_the_rows_in_place():
    from ipywidgets.widgets.widget import _instances
    tracker = Tracker(Match("storymarket", ["Ann", "Bob"], {"cards": 1}))
    to_news(tracker, cards=1)
    tracker.panel.pick(News(1))
    to_news(tracker, cards=1)                           # 9 entries: the page of 8 is full
    rows = tracker.log.rows_box.children
    before = set(_instances)
    tracker.panel.pick(News(1))
    assert tracker.log.rows_box.children == rows        # the same rows, new words
    assert log_rows(tracker)[0].startswith("10. News: the price moves +1")
    log_widgets = {id(w) for row in tracker.log._rows for w in row[:3]}
    assert not [k for k in set(_instances) - before if id(_instances[k]) in log_widgets]
    tracker.log.undo_button.click()                     # an undone row comes in above: one row more
    assert len(tracker.log.rows_box.children) == len(rows) + 1


def test_opening_a_panel_again_builds_no_widget_and_closing_it_blanks_its_secrets():
    from ipywidgets.widgets.widget import _instances
    tracker = Tracker(Match("storymarket", ["Ann", "Bob"]))
    tracker.open_gate(0)
    for card in (4, 5, 6):
        tracker.private.actions.pick(Deal(0, card))
    tracker.open_gate(1)                                # Bob's turn to be dealt
    tracker.private.actions.pick(Deal(1, 9))
    tracker.close_private()
    tracker.seat_buttons[0].click()                     # Ann looks at her cards
    assert '<div class="tt-v">4, 5, 6</div>' in tracker.private.secrets.value
    tracker.private.close_button.click()
    assert tracker.private is None and tracker._panel.secrets.value == ""
    assert tracker.private_box.layout.display == "none" and tracker.public.layout.display is None
    before = set(_instances)
    tracker.seat_buttons[1].click()                     # the same panel, filled in for Bob
    assert set(_instances) == before
    assert "Bob's panel" in tracker.private.title.value
    assert '<div class="tt-v">9</div>' in tracker.private.secrets.value
    assert "Ann" not in tracker.private.title.value
