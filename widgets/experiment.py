"""Classroom experiments on the class's own phones: the teacher screen, joining by the class
link, and each student's screen.

    /?match=ID&teacher=KEY       the teacher screen of a classroom match: the class code, who has
                                 joined, Open round / Close round, live charts, results, CSV, the
                                 full backup and Delete (the match's address alone opens nothing)
    /?match=ID&join=CLASSKEY     a student types a nickname and takes the lowest free seat (a
                                 phone that has a seat already is given it again: one phone, one seat)
    /?match=ID&seat=N&key=K      that student's own screen (a reload rejoins the same seat)

An experiment is an ordinary match (the engine is ``tabletop.classroom``), so the store, the
live updates, the seat keys and the log work unchanged. The class key is derived from the
seats' keys (no schema change): whoever has the class link may take a free seat, and nobody
can guess one seat's link from it. The server draws every chance entry (groups, values, the
random bids of missing bidders) right after Open round or Close round, in the same save, so no
screen ever sees a round half drawn. Student screens show only the seat's own view; the teacher
screen is the public view (``view(None)``): an open round's values and bids are on no screen
but their owner's.

    page = TeacherScreen(store.open(match_id, device="table"))
    page.widget                            # display this
"""
from __future__ import annotations

import hashlib
import hmac
import math
import re
import time
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as W

from tabletop.classroom.data import MAX_NICKNAME
from tabletop.core import CHANCE, TERMINAL, Action
from tabletop.errors import TabletopError
from tabletop.i18n import N_, _, tr
from tabletop.store import StaleMatch

from . import kit
from .charts import plotly_output
from .join import _with_token, page_base, qr_svg, seat_query
from .live import Watcher
from .render import attr, esc, money
from .style import CSS

__all__ = ["TITLE_NAME", "is_classroom", "class_key", "check_class_key", "class_query", "teacher_key",
           "check_teacher_key", "teacher_query", "JoinPage", "device_tag",
           "StudentScreen", "TeacherScreen", "enter_with_draws", "EXPERIMENT_NAMES", "rule_words"]

#: the engine's registry name
TITLE_NAME = "classroom"

EXPERIMENT_NAMES = {
    "first-price": N_("First-price sealed-bid auction"),
    "second-price": N_("Second-price sealed-bid auction"),
    "common-value": N_("Common-value auction"),
    "ladder": N_("Ladder auction on 4 piles"),
}

#: how often a student's entry is tried again when others' entries keep going in first
RETRIES = 40

EXTRA_CSS = """
<style>
.tt-exp { max-width: 560px; }
.tt-teacher { max-width: 1200px; }
.tt-value { font-size: 34px; font-weight: 800; color: #5a32a3; font-variant-numeric: tabular-nums; }
.tt-big { font-size: 22px; font-weight: 700; }
.tt-rule { font-size: 14px; color: #4b5563; border-left: 4px solid #8fa3b8; padding: 2px 8px; margin: 6px 0; }
.tt-class-code svg { width: 220px; height: 220px; }
.tt-class-url { font-size: 18px; word-break: break-all; }
.tt-names { display: flex; flex-wrap: wrap; gap: 6px; }
.tt-name { background: #eef2f6; border-radius: 999px; padding: 4px 10px; }
.tt-name.tt-done { background: #d6f0dc; }
.tt-app .tt-amount input { font-size: 22px; min-height: 52px; width: 9em; }
.tt-app .widget-text.tt-amount, .tt-app .widget-text.tt-nick { width: 100%; }
.tt-app .tt-nick input { font-size: 20px; min-height: 52px; }
.tt-won { color: #1a7f37; font-weight: 700; }
/* a row stays one line; its .tt-scroll box scrolls sideways in the card */
.tt-results-table th, .tt-results-table td { white-space: nowrap; }
</style>
"""


# --- what a match is, and its class link ------------------------------------------------------
def is_classroom(stored) -> bool:
    return getattr(stored.match.game, "title", None) == TITLE_NAME


def class_key(store, match_id: str) -> str:
    """The class link's key: a SHA-256 of every seat's key (made on first use, then kept), so it
    needs no column of its own and tells nothing of any one seat's link."""
    n = len(store.open(match_id).match.game.players)
    keys = "|".join(store.seat_key(match_id, seat) for seat in range(n))
    return hashlib.sha256(("class|" + keys).encode()).hexdigest()[:16]


def check_class_key(store, match_id: str, key: str | None) -> bool:
    if not isinstance(key, str) or not key:
        return False
    return hmac.compare_digest(class_key(store, match_id).encode(), key.encode())


def class_query(match_id: str, key: str) -> str:
    from urllib.parse import urlencode
    return "?" + urlencode({"match": match_id, "join": key})


def teacher_key(store, match_id: str) -> str:
    """The teacher link's key, derived as the class key is but under another name: the class key
    and the seats' keys a student holds tell nothing of it."""
    n = len(store.open(match_id).match.game.players)
    keys = "|".join(store.seat_key(match_id, seat) for seat in range(n))
    return hashlib.sha256(("teacher|" + keys).encode()).hexdigest()[:16]


def check_teacher_key(store, match_id: str, key: str | None) -> bool:
    if not isinstance(key, str) or not key:
        return False
    return hmac.compare_digest(teacher_key(store, match_id).encode(), key.encode())


def teacher_query(match_id: str, key: str, lang: str | None = None) -> str:
    """The teacher screen's address (``lang``: in that language)."""
    from urllib.parse import urlencode
    return "?" + urlencode({"match": match_id, "teacher": key, **({"lang": lang} if lang else {})})


def class_link(store, match_id: str) -> tuple[str, bool]:
    """(the class link with the server's token, whether phones on the network can open it)."""
    base, reachable = page_base()
    return base + _with_token(class_query(match_id, class_key(store, match_id))), reachable


# --- reading the engine's views ----------------------------------------------------------------
def _opt(match, name: str, default=None):
    return match.game.options.get(name, default)


def rule_words(match) -> str:
    """The missing-bid rule the teacher chose, in one sentence (shown on every screen): the
    engine's own sentence when it has one."""
    said = match.view(None).get("missing_rule")
    if said:
        return str(said)
    low, high = _opt(match, "low", 0), _opt(match, "high", 100)
    if _opt(match, "experiment") == "ladder":
        if _opt(match, "missing_bid", "none") == "random":
            return _("If you do not bid when it is your turn before the round closes, a bid is made for you "
                     "at random.")
        return _("If you do not bid when it is your turn before the round closes, you pass.")
    if _opt(match, "missing_bid", "none") == "random":
        return tr("If you have not bid when the round closes, a bid is drawn for you at random between "
                  "{low} and {high}.", low=money(low), high=money(high))
    return _("If you have not bid when the round closes, you do not bid (and cannot win this round).")


def _action_type(match, name: str):
    for kind in match.title.action_types:
        if kind.__name__ == name:
            return kind
    raise TabletopError("{title} has no {entry} entry.", title=match.title.display_name, entry=name)


def _nicknames(view: Mapping) -> dict[int, str]:
    """seat -> nickname, of the seats that have joined."""
    return {int(d["seat"]): str(d["nickname"]) for d in view.get("seats") or () if d.get("nickname")}


def _seats_bid(view: Mapping) -> set[int]:
    return {int(s) for s in (view.get("have_bid") or ())}


def _round_of(view: Mapping) -> int:
    return int(view.get("round") or 0)


def _is_open(view: Mapping) -> bool:
    return bool(view.get("open"))


def _closed_rows(view: Mapping) -> list[Mapping]:
    """The closed rounds' results rows (seat and group 1-based, as on screen)."""
    return list(view.get("rows") or ())


# --- entering ----------------------------------------------------------------------------------
def _play_draws(match) -> int:
    n = 0
    while match.state.current_player() == CHANCE:
        match.apply(match.sample_chance())
        n += 1
    return n


def enter_with_draws(saved, action: Action, attempts: int = RETRIES) -> None:
    """Enter ``action`` and every chance entry due after it (groups, values, random bids), drawn
    here on the server, in one save: the round is never seen half drawn. Another device's entry
    going in first (a late bid as Close round is pressed) is caught up with and ``action`` is
    tried again; a refusal by the rules raises in words."""
    for attempt in range(attempts):
        if saved.store is not None:
            saved.refresh()
        match = saved.match

        def do():
            match.apply(action)          # refused: raises, nothing changed
            try:
                _play_draws(match)
            except BaseException:
                saved._follow(saved._saved_log, saved._saved_redo)
                raise
        try:
            if saved.store is None:
                do()
            else:
                saved._change(do)        # one save for the entry and its draws (StoredMatch's own path)
            return
        except StaleMatch:
            if attempt == attempts - 1:
                raise
            time.sleep(0.01 * (attempt + 1))


def enter_retrying(saved, make: Callable[[Any], Action | None], attempts: int = RETRIES) -> Action | None:
    """Enter the action ``make(match)`` builds from the match as it is now (None: nothing to
    enter), trying again while other seats' entries go in first (a class bidding at once)."""
    for attempt in range(attempts):
        action = make(saved.match)
        if action is None:
            return None
        try:
            if saved.store is None:
                saved.match.apply(action)
            else:
                saved.apply(action)
            return action
        except StaleMatch:
            if attempt == attempts - 1:
                raise
            saved.refresh()
            time.sleep(0.005 * (attempt % 5))
    return None


def _close_tree(widget) -> None:
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()


def _deleted(message: str) -> str:
    return tr("{message} It was deleted on another screen.", message=message)


def _big(line: str, note: str = "") -> str:
    """A big line and a dim note under it, in the page's language."""
    return '<div class="tt-big">' + esc(_(line)) + '</div>' + ('<div class="tt-dim">' + esc(_(note)) + '</div>' if note else "")


def _title(text: str) -> W.HTML:
    return kit.html('<div class="tt-section-title">' + esc(_(text)) + '</div>')


def _card(*children, cls: str = "") -> W.VBox:
    return kit.vbox(list(children), "tt-card", *([cls] if cls else []))


def _header(match, extra: str = "") -> str:
    name = _(EXPERIMENT_NAMES.get(_opt(match, "experiment"), match.title.display_name))
    return (f'<div class="tt-header"><span class="tt-title">{esc(name)}</span>'
            f'<span class="tt-dim">{esc(extra)}</span></div>')


# --- joining -----------------------------------------------------------------------------------
class _LiveScreen:
    """What the teacher's and the students' screens share: following the match through the store's
    watcher (``saved``, ``widget``, ``problem``, ``refresh`` and ``watcher`` are the screen's)."""

    def follow(self) -> bool:
        if self.saved.store is None or not self.saved.refresh():
            return False
        self.refresh()
        return True

    def _gone(self, message: str) -> None:
        self.problem.value = f'<div class="tt-banner">{esc(_deleted(message))}</div>'

    def close(self) -> None:
        self.watcher.stop()
        _close_tree(self.widget)


def device_tag(match_id: str, secret: Any) -> str | None:
    """What a Join keeps of the phone that joined: a digest of the browser's own secret (32 hex
    digits, made and kept by tabletop's page template) and the match, so the save never holds
    the secret and one phone's tags in two experiments differ. None for anything else."""
    if not isinstance(secret, str) or not re.fullmatch(r"[0-9a-f]{32}", secret):
        return None
    return hashlib.sha256(f"tabletop-device|{match_id}|{secret}".encode()).hexdigest()[:32]


class JoinPage:
    """The class link's page: a nickname, then the lowest free seat. Two students joining at once:
    the store's optimistic check lets one in, the other takes the next free seat. One phone holds
    one seat: the page learns the phone's secret from the browser (``device``, a hidden field the
    page template fills in), and a phone that has joined already is given its own seat again.
    ``on_joined(seat)`` opens that seat's screen."""

    def __init__(self, saved, on_joined: Callable[[int], None]):
        self.saved, self.on_joined = saved, on_joined
        match = saved.match
        self.nickname = W.Text(placeholder=_("Your nickname (no real name needed)"), continuous_update=False,
                               _dom_classes=("tt-nick",))
        self.button = kit.button(_("Join"), "tt-primary", on_click=self.join)
        self.button.disabled = True             # until the browser has said which phone this is
        self.message = kit.html()
        self.device = W.Text(layout=W.Layout(display="none"), _dom_classes=("tt-device",))
        self.tag: str | None = None
        self.device.observe(lambda _change: self._device_known(), names="value")
        form = kit.vbox([
            kit.html(CSS + EXTRA_CSS),
            _card(kit.html(_header(match, _("Join the class")))),
            _card(kit.html('<div class="tt-big">' + esc(_("Choose a nickname")) + '</div><div class="tt-dim">'
                           + esc(_("Only your nickname is shown to the class. Use a nickname, not your full name."))
                           + " " + esc(tr("Up to {n} characters.", n=MAX_NICKNAME)) + "</div>"),
                  self.nickname, kit.box([self.button]), self.message,
                  kit.html(f'<div class="tt-rule">{esc(rule_words(match))}</div>')),
        ], "tt-app", "tt-exp", "tt-join-page")
        self.widget = W.VBox([form, self.device])      # beside the form: its one input is the nickname

    def _say(self, words: str) -> None:
        self.message.value = f'<div class="tt-banner">{esc(words)}</div>'

    def _free_seat(self, taken: Sequence[int]) -> int | None:
        view = self.saved.match.view(None)
        joined = _nicknames(view)
        for seat in range(len(self.saved.match.game.players)):
            if seat not in joined and seat not in taken:
                return seat
        return None

    def _device_known(self) -> None:
        """The browser has told this phone's secret: a phone that joined already gets its seat."""
        tag = device_tag(self.saved.id or "", self.device.value)
        if tag is None or self.tag is not None:
            return
        self.tag = tag
        self.button.disabled = False
        try:
            if self.saved.store is not None:
                self.saved.refresh()
        except TabletopError as exc:
            self._say(str(exc))
            return
        seat = self.saved.match.state.seat_of_device(tag)
        if seat is not None:
            self.on_joined(seat)

    def join(self) -> int | None:
        """Take the lowest free seat under the nickname typed (this phone's own seat if it has
        one already); the seat, or None (said why)."""
        nickname = (self.nickname.value or "").strip()
        if self.tag is None:
            self._say(_("This page is still starting: press Join again in a moment."))
            return None
        if not nickname:
            self._say(_("Type a nickname first."))
            return None
        if len(nickname) > MAX_NICKNAME:
            self._say(tr("A nickname has at most {n} characters; this one has {count}. Shorten it, then press Join.",
                         n=MAX_NICKNAME, count=len(nickname)))
            return None
        try:
            kind = _action_type(self.saved.match, "Join")
            for attempt in range(RETRIES):
                if self.saved.store is not None:
                    self.saved.refresh()
                seat = self.saved.match.state.seat_of_device(self.tag)
                if seat is not None:        # joined already from this phone (another tab): that seat
                    break
                seat = self._free_seat(())
                if seat is None:
                    self._say(_("The class is full: every seat is taken. Ask your teacher."))
                    return None
                try:
                    if self.saved.store is None:
                        self.saved.match.apply(kind(seat=seat, nickname=nickname, device=self.tag))
                    else:
                        self.saved.apply(kind(seat=seat, nickname=nickname, device=self.tag))
                    break
                except StaleMatch:          # another student was first: the next free seat
                    time.sleep(0.005 * (attempt % 5))
                    continue
            else:
                raise TabletopError("The class is busy joining: press Join again.")
        except TabletopError as exc:
            self._say(str(exc))
            return None
        self.message.value = ""
        self.on_joined(seat)
        return seat

    def close(self) -> None:
        _close_tree(self.widget)


# --- a student's screen ------------------------------------------------------------------------
class StudentScreen(_LiveScreen):
    """One student's phone: one decision at a time (their value and a bid field; then "Bid
    received"; after the close, the round's result for them and their group). Only this seat's
    view is read, so no other seat's value or bid of an open round can be on it."""

    def __init__(self, saved, seat: int):
        self.saved, self.seat = saved, seat
        match = saved.match
        self.head = kit.html()
        self.rule = kit.html(f'<div class="tt-rule">{esc(rule_words(match))}</div>')
        self.prompt = kit.html()
        self.amount = W.Text(placeholder=tr("Your bid in whole dollars ({low} to {high})", low=money(_opt(match, "low", 0)),
                                            high=money(_opt(match, "high", 100))), _dom_classes=("tt-amount",))
        self.submit = kit.button(_("Submit my bid"), "tt-primary", on_click=self.submit_bid)
        self.form = kit.box([self.amount, self.submit], own_layout=True)
        self.choices = kit.box([], own_layout=True)       # the ladder's bids: one button each
        self._choice_actions: list[Action] = []
        self.problem = kit.html()
        self.result = kit.html()
        self.widget = kit.vbox([
            kit.html(CSS + EXTRA_CSS),
            _card(self.head, cls="tt-head-card"),
            _card(self.prompt, self.form, self.choices, self.problem, self.rule, cls="tt-private"),
            _card(self.result, cls="tt-result"),
        ], "tt-app", "tt-exp", "tt-student")
        self.widget.add_class("tt-seat")
        self.refresh()
        self.watcher = Watcher(saved, self.follow, self._gone)
        self.watcher.start()

    @property
    def match(self):
        return self.saved.match

    def _view(self) -> Mapping:
        return self.match.view(self.seat)

    def refresh(self) -> None:
        match, view = self.match, self._view()
        private = view.get("private") or {}
        names = _nicknames(view)
        me = names.get(self.seat)
        rounds = _opt(match, "rounds", 3)
        rnd = _round_of(view)
        over = match.state.current_player() == TERMINAL
        # between rounds the counter names the round awaited, as the waiting line does (the last
        # close ends the experiment, so a closed round is never the last)
        waiting = not over and not _is_open(view)
        self.head.value = _header(match, tr("{who} · round {round} of {rounds}", who=me or _("Not joined yet"),
                                            round=min(rnd + 1, rounds) if waiting else max(rnd, 1), rounds=rounds))
        form = choices = False
        if me is None:
            prompt = _big(N_("This seat has not joined the class."),
                          N_("Open the class link your teacher shows and choose a nickname."))
        elif over:
            prompt = _big(N_("The experiment is over. Thank you!"))
        elif waiting:
            prompt = ('<div class="tt-big">' + esc(tr("Waiting for round {round} to open", round=min(rnd + 1, rounds))) + '</div>'
                      '<div class="tt-dim">' + esc(_("Your teacher opens the round; your value appears here.")) + '</div>')
        elif not _in_round(private):
            prompt = _big(N_("This round started before you joined."), N_("You take part from the next round."))
        elif _opt(match, "experiment") == "ladder":
            prompt, choices = self._ladder_prompt(view, private)
        elif private.get("bid") is not None:
            prompt = ('<div class="tt-big">' + esc(tr("Bid received: {amount}", amount=money(private.get("bid")))) + '</div>'
                      f'<div>{_value_line(match, private)}</div>'
                      '<div class="tt-dim">' + esc(_("The results appear here when your teacher closes the round.")) + '</div>')
        else:
            prompt = f'<div class="tt-value">{_value_line(match, private)}</div><div>' + esc(_("What do you bid?")) + '</div>'
            form = True
        if self.prompt.value != prompt:
            self.prompt.value = prompt
        kit.show(self.form, form)
        kit.show(self.choices, choices)
        if not choices and self.choices.children:
            self._set_choices([])
        self.result.value = _student_result_html(match, view, self.seat)

    def _ladder_prompt(self, view: Mapping, private: Mapping) -> tuple[str, bool]:
        values = private.get("pile_values") or ()
        lines = "".join("<li>" + esc(tr('Pile {pile}: {value}', pile=i + 1, value=money(v))) + "</li>" for i, v in enumerate(values))
        head = ('<div class="tt-big">' + esc(_("Your values")) + f'</div><ul>{lines}</ul>'
                + _ladder_standing_html(self.match, view, private))
        mine = list(self.match.state.actions_for(self.seat)) if private.get("to_act") else []
        if mine:
            self._set_choices(mine)
            return head + "<div><b>" + esc(_('Your turn: bid on a pile.')) + "</b></div>", True
        holding = _holding(view, private, self.seat)
        wait = (tr("You hold pile {pile}.", pile=holding + 1) + " " if holding is not None else "") + _(
            "Waiting for the others in your group.")
        return head + f'<div class="tt-dim">{esc(wait)}</div>', False

    def _set_choices(self, actions: Sequence[Action]) -> None:
        """The ladder's bids, one row per pile: "Pile 2 (your value $20,000)" and a button per rung."""
        old = self.choices.children
        self._choice_actions = list(actions)
        view = self._view()
        private = view.get("private") or {}
        values = private.get("pile_values") or ()
        piles = (_ladder_group(view, private) or {}).get("piles") or ()
        rows, by_pile = [], {}
        for a in actions:
            by_pile.setdefault(getattr(a, "pile", None), []).append(a)
        for pile, acts in by_pile.items():
            worth = (tr("Pile {pile} (your value {value})", pile=pile + 1, value=money(values[pile]))
                     if isinstance(pile, int) and pile < len(values) else tr("Pile {pile}", pile=pile + 1)
                     if isinstance(pile, int) else "")
            label = kit.html(f"<b>{esc(worth)}</b>" if isinstance(pile, int) else "")
            buttons = [kit.button(money(getattr(a, "amount", None)) if hasattr(a, "amount")
                                  else self.match.state.describe(a), "tt-act", on_click=lambda a=a: self._play(a))
                       for a in acts]
            free = isinstance(pile, int) and pile < len(piles) and piles[pile].get("holder") is None
            rows.append(kit.vbox([label, kit.box(buttons)], "tt-pile-row", *(["tt-free"] if free else [])))
        self.choices.children = tuple(rows)
        for w in old:
            _close_tree(w)

    def submit_bid(self) -> Action | None:
        """Enter the amount typed as this seat's bid (refused in words, nothing changed)."""
        text = (self.amount.value or "").strip().replace("$", "").replace(",", "")
        try:
            amount = int(text)
        except ValueError:
            self.problem.value = ('<div class="tt-banner">' + esc(tr('A bid is a whole number of dollars, such as 40; '
                                                                     'not "{typed}".', typed=self.amount.value)) + "</div>")
            return None
        kind = _action_type(self.match, "Bid")
        return self._play(kind(seat=self.seat, amount=amount))

    def _play(self, action: Action) -> Action | None:
        try:
            done = enter_retrying(self.saved, lambda _m: action)
            self.problem.value = ""
            self.amount.value = ""
        except TabletopError as exc:
            self.problem.value = f'<div class="tt-banner">{esc(exc)}</div>'
            done = None
        self.refresh()
        return done



def _in_round(private: Mapping) -> bool:
    return bool(private.get("in_round"))


def _value_line(match, private: Mapping) -> str:
    if private.get("signal") is not None:
        return esc(tr("Your signal: {amount}", amount=money(private["signal"])))
    return esc(tr("Your value: {amount}", amount=money(private.get("value"))))


def _ladder_group(view: Mapping, private: Mapping) -> Mapping | None:
    group = private.get("group")
    ladder = view.get("ladder") or ()
    return ladder[group] if isinstance(group, int) and 0 <= group < len(ladder) else None


def _holding(view: Mapping, private: Mapping, seat: int) -> int | None:
    group = _ladder_group(view, private)
    for i, pile in enumerate((group or {}).get("piles") or ()):
        if pile.get("holder") == seat:
            return i
    return None


def _ladder_standing_html(match, view: Mapping, private: Mapping) -> str:
    """The group's 4 piles as on the board: who holds each and at what bid."""
    group = _ladder_group(view, private)
    if not group:
        return ""
    rows = "".join(
        "<tr><td>" + esc(tr('Pile {pile}', pile=i + 1)) + f"</td><td>{esc(match.state.name(p['holder'])) if p.get('holder') is not None else '-'}</td>"
        f"<td>{money(p.get('amount')) if p.get('amount') is not None else '-'}</td></tr>"
        for i, p in enumerate(group.get("piles") or ()))
    heads = "".join("<th>" + esc(_(h)) + "</th>" for h in (N_("Pile"), N_("Held by"), N_("Bid")))
    return f'<table class="tt-table"><tr>{heads}</tr>{rows}</table>'


def _student_result_html(match, view: Mapping, seat: int) -> str:
    """The last closed round, for this seat: their own result, then their group's table (public
    since the close)."""
    rows = _closed_rows(view)
    if not rows:
        return '<div class="tt-dim">' + esc(_("Your results appear here after each round.")) + '</div>'
    last = max(int(r["round"]) for r in rows)
    mine = next((r for r in rows if int(r["round"]) == last and int(r["seat"]) == seat + 1), None)
    head = '<div class="tt-section-title">' + esc(tr("Round {round} results", round=last)) + '</div>'
    if mine is None:
        return head + '<div class="tt-dim">' + esc(_("You were not in this round.")) + '</div>'
    if mine.get("won"):
        price, profit = money(_whole(mine.get("price"))), money(_whole(mine.get("profit")))
        won = (tr("You won pile {pile} at {price}: profit {profit}", pile=int(mine["pile"]), price=price, profit=profit)
               if not _nan(mine.get("pile")) else tr("You won at {price}: profit {profit}", price=price, profit=profit))
        me = f'<div class="tt-big tt-won">{esc(won)}</div>'
    else:
        me = '<div class="tt-big">' + esc(_("You did not win this round.")) + '</div>'
    group = [r for r in rows if int(r["round"]) == last and r.get("group") == mine.get("group")]
    common = mine.get("common_value")
    note = ("<div>" + esc(tr('The common value was {amount}.', amount=money(_whole(common)))) + "</div>"
            if not _nan(common) else "")
    value_head = _("Signal") if match.game.options.get("experiment") == "common-value" else _("Value")
    table = "".join(
        f"<tr><td>{esc(r.get('nickname'))}</td><td>{money(_whole(r.get('value')))}</td>"
        "<td>" + (money(_whole(r.get('bid'))) if not _nan(r.get('bid')) else esc(_('no bid'))) + "</td>"
        "<td>" + (esc(tr('won at {price}', price=money(_whole(r.get('price'))))) if r.get('won') else '') + "</td></tr>"
        for r in group)
    return (head + me + note + '<div class="tt-dim">' + esc(_("Your group:")) + '</div>'
            '<table class="tt-table"><tr><th>' + esc(_("Nickname")) + f'</th><th>{esc(value_head)}</th><th>' + esc(_("Bid")) + '</th>'
            f"<th></th></tr>{table}</table>")


def _whole(x):
    """A number from the results table as a whole number when it is one ($63, not $63.0)."""
    if isinstance(x, float) and not math.isnan(x) and x.is_integer():
        return int(x)
    try:
        import numpy as np
        if isinstance(x, np.integer):
            return int(x)
    except ImportError:
        pass
    return x


# --- the teacher's screen ----------------------------------------------------------------------
class TeacherScreen(_LiveScreen):
    """The teacher's screen (the public view only): the class code, who has joined, Open round /
    Close round, who has bid (not what), live charts, the results table and its CSV."""

    def __init__(self, saved, on_leave: Callable[[], None] | None = None):
        self.saved, self.on_leave = saved, on_leave
        match = saved.match
        self.head = kit.html()
        self.code = kit.html()
        self.joined = kit.html()
        self.status = kit.html()
        self.problem = kit.html()
        self.open_button = kit.button(_("Open round"), "tt-primary", on_click=self.open_round)
        self.close_button = kit.button(_("Close round"), "tt-primary", on_click=self.close_round)
        self.end_button = kit.button(_("End the experiment"), "tt-small", "tt-danger", on_click=self.end)
        self.charts = ExperimentCharts(match)
        self.table = kit.html()
        self.csv = kit.html()
        self._closed_seen = -1
        leave = kit.button(_("All matches"), "tt-small", on_click=on_leave) if on_leave else None
        keep = self._keep_card()
        self.widget = kit.vbox([
            kit.html(CSS + EXTRA_CSS),
            _card(self.head, cls="tt-head-card"),
            _card(_title(N_("Join the class")), self.code, cls="tt-class-code"),
            _card(_title(N_("The class")), self.joined,
                  kit.html(f'<div class="tt-rule">{esc(rule_words(match))}</div>'), self.status,
                  kit.box([self.open_button, self.close_button, self.end_button]), self.problem,
                  cls="tt-controls"),
            _card(_title(N_("Charts")), self.charts.widget, cls="tt-charts"),
            _card(_title(N_("Results")), self.csv, self.table, cls="tt-results"),
            *([keep] if keep else []),
            *([_card(leave)] if leave else []),
        ], "tt-app", "tt-teacher")
        self.show_code()
        self.refresh()
        self.watcher = Watcher(saved, self.follow, self._gone)
        self.watcher.start()

    @property
    def match(self):
        return self.saved.match

    def _keep_card(self):
        """The experiment's exports and Delete: here only, never on a start page (a student's
        too), as the teacher's link alone opens this screen. No seat has a PIN: the link guards."""
        if self.saved.store is None:
            self.exports = self.delete_button = self.sure_button = None
            return None
        from .exports import ExportBox
        store, match_id = self.saved.store, self.saved.id
        self.exports = ExportBox(lambda: store.export_public(match_id), lambda pins: store.export_backup(match_id, pins),
                                 lambda: self.match.game.players, f"classroom-{match_id}")
        self.delete_button = kit.button(_("Delete the experiment"), "tt-small", "tt-danger", on_click=self._ask_delete)
        self.sure_button = kit.button(_("Yes, delete it"), "tt-danger", on_click=self.delete)
        self.deleting = kit.box([self.delete_button])
        return _card(_title(N_("Keep or delete")),
                     kit.html('<div class="tt-dim">' + esc(_(
                         "This page's address is your teacher link: keep it to yourself. The start page does not "
                         "list classroom experiments, so the link is the way back here. The full backup holds "
                         "every value and bid, open rounds too.")) + "</div>"),
                     self.exports.widget, self.deleting, cls="tt-keep")

    def _ask_delete(self) -> None:
        keep = kit.button(_("Keep it"), on_click=lambda: setattr(self.deleting, "children", (self.delete_button,)))
        self.deleting.children = (kit.html("<b>" + esc(_("Delete this experiment for good?")) + "</b>"),
                                  self.sure_button, keep)

    def delete(self) -> None:
        try:
            self.saved.store.delete(self.saved.id)
        except TabletopError as exc:
            self.problem.value = f'<div class="tt-banner">{esc(exc)}</div>'
            return
        self.watcher.stop()
        if self.on_leave is not None:
            self.on_leave()
        else:
            self.deleting.children = (kit.html('<div class="tt-dim">' + esc(_("The experiment was deleted.")) + "</div>"),)

    def show_code(self) -> None:
        if self.saved.store is None:
            self.code.value = '<div class="tt-dim">' + esc(_("This experiment is not saved, so phones cannot join it.")) + '</div>'
            return
        try:
            link, reachable = class_link(self.saved.store, self.saved.id)
        except TabletopError as exc:
            self.code.value = f'<div class="tt-banner">{esc(exc)}</div>'
            return
        note = "" if reachable else (
            '<div class="tt-dim">' + esc(_("This server can be reached from this computer only: start it with "
                                           "{command} for phones on the classroom network.")).format(
                command="<code>tabletop serve --host 0.0.0.0</code>") + "</div>")
        self.code.value = ('<div class="tt-dim">' + (esc(_("Students scan the code (or open the link) and choose a nickname."))) + '</div>'
                           f"{qr_svg(link)}"
                           f'<div><a class="tt-link tt-class-link" href="{attr(link)}" target="_blank">' + esc(_("Class link")) + '</a></div>'
                           f'<div class="tt-class-url">{esc(link)}</div>{note}')

    def _offered(self) -> list[Action]:
        state = self.match.state
        if hasattr(state, "actions_for"):
            return list(state.actions_for(None))
        return [a for a in self.match.legal_actions() if getattr(a, "seat", None) is None]

    def _find(self, name: str) -> Action | None:
        return next((a for a in self._offered() if type(a).__name__ == name), None)

    def refresh(self) -> None:
        match, view = self.match, self.match.view(None)
        names = _nicknames(view)
        rounds = _opt(match, "rounds", 3)
        rnd = _round_of(view)
        over = match.state.current_player() == TERMINAL
        where = _("over") if over else (tr("round {round} of {rounds} open", round=rnd, rounds=rounds) if _is_open(view)
                                        else tr("{round} of {rounds} rounds played", round=rnd, rounds=rounds))
        self.head.value = _header(match, tr("{n} joined · {where}", n=len(names), where=where))
        # who has bid (a ladder: holds a pile), never what
        done = (set(view.get("participants") or ()) - set(view.get("to_bid") or ())) if _is_open(view) else set()
        chips = "".join(f'<span class="tt-name{" tt-done" if s in done else ""}">{esc(n)}'
                        f'{" ✓" if s in done else ""}</span>' for s, n in sorted(names.items()))
        self.joined.value = (f'<div class="tt-names">{chips}</div>' if chips
                             else '<div class="tt-dim">' + esc(_("Nobody has joined yet.")) + '</div>')
        if over:
            status = '<div class="tt-status">' + esc(_("The experiment is over.")) + '</div>'
        elif _is_open(view):
            taking = len(view.get("participants") or names)
            words = (tr("Round {round}: {done} of {taking} hold a pile", round=rnd, done=len(done), taking=taking)
                     if _opt(match, "experiment") == "ladder" else
                     tr("Round {round}: {done} of {taking} have bid", round=rnd, done=len(done), taking=taking))
            status = f'<div class="tt-status">{esc(words)}</div>'
        else:
            need = _opt(match, "group_size", 3)
            words = (tr("Ready to open round {round}", round=rnd + 1) if len(names) >= need else
                     tr("Waiting for at least {n} students to join", n=need))
            status = f'<div class="tt-status">{esc(words)}</div>'
        self.status.value = status
        self.open_button.description = tr("Open round {round}", round=rnd + 1) if rnd < rounds else _("Open round")
        self.close_button.description = tr("Close round {round}", round=rnd) if rnd else _("Close round")
        self.open_button.disabled = self._find("OpenRound") is None
        self.close_button.disabled = self._find("CloseRound") is None
        self.end_button.disabled = self._find("EndExperiment") is None
        closed = len(_closed_rows(view))
        if closed != self._closed_seen:         # the tables and charts change only at a close
            self._closed_seen = closed
            self._show_results()

    def _results(self):
        from tabletop.classroom.results import results
        return results(self.match)

    def csv_text(self) -> str:
        """What the CSV download holds (the engine's own export)."""
        from tabletop.classroom.results import csv_text
        return csv_text(self.match)

    def _show_results(self) -> None:
        frame = self._results()
        if frame.empty:
            self.table.value = '<div class="tt-dim">' + esc(_("The results appear here when a round closes.")) + '</div>'
            self.csv.value = ""
        else:
            self.table.value = results_table_html(self.match, frame)
            import base64
            data = base64.b64encode(self.csv_text().encode("utf-8")).decode("ascii")
            name = f"classroom-{self.saved.id or 'experiment'}.csv"
            self.csv.value = (f'<a class="tt-link tt-csv" download="{attr(name)}" '
                              f'href="data:text/csv;base64,{data}">' + esc(_("Download the results (CSV)")) + '</a>')
        self.charts.update(self.match, frame)

    # --- the teacher's entries ----------------------------------------------------------------
    def _enter(self, name: str) -> bool:
        action = self._find(name)
        if action is None:
            self.problem.value = f'<div class="tt-banner">{esc(_why_not(self.match, name))}</div>'
            return False
        try:
            enter_with_draws(self.saved, action)
            self.problem.value = ""
            ok = True
        except TabletopError as exc:
            self.problem.value = f'<div class="tt-banner">{esc(exc)}</div>'
            ok = False
        self.refresh()
        return ok

    def open_round(self) -> bool:
        return self._enter("OpenRound")

    def close_round(self) -> bool:
        return self._enter("CloseRound")

    def end(self) -> bool:
        return self._enter("EndExperiment")

    def close(self) -> None:
        self.charts.close()
        if self.exports is not None:
            self.exports.close()
        super().close()


#: the results table's columns as the teacher reads them (the CSV keeps the engine's keys)
COLUMN_WORDS = {
    "round": N_("Round"), "group": N_("Group"), "seat": N_("Seat"), "nickname": N_("Nickname"),
    "value": N_("Value"), "common_value": N_("Common value"), "bid": N_("Bid"), "bid_rule": N_("Bid made"),
    "won": N_("Won"), "price": N_("Price paid"), "profit": N_("Profit"), "pile": N_("Pile"),
    "pile_values": N_("Values of the piles"), "vcg_price": N_("Minimum Walrasian price"),
}
BID_RULE_WORDS = {"bid": N_("by the student"), "missing": N_("no bid"), "random": N_("at random")}
_MONEY_COLUMNS = ("value", "common_value", "bid", "price", "profit", "vcg_price")


def _table_columns(match) -> list[str]:
    """The columns that say something in this experiment (the experiment's name is in the
    header; the ladder's columns only for the ladder, V only for the common-value auction)."""
    kind = _opt(match, "experiment")
    drop = {"experiment"}
    if kind != "ladder":
        drop |= {"pile", "pile_values", "vcg_price"}
    if kind != "common-value":
        drop.add("common_value")
    from tabletop.classroom.results import COLUMNS
    return [c for c in COLUMNS if c not in drop]


def _cell(column: str, value) -> str:
    """One value as a person writes it: $54, yes/no, words for the bid's making, "—" for none."""
    if _nan(value) or value == "":
        return "—"
    if column == "won":
        return _("yes") if bool(value) else _("no")
    if column == "bid_rule":
        return _(BID_RULE_WORDS[value]) if value in BID_RULE_WORDS else str(value)
    if column == "pile_values":
        return " · ".join(money(int(v)) for v in str(value).split())
    if column in _MONEY_COLUMNS:
        whole = _whole(value)
        return money(whole if isinstance(whole, int) else round(float(whole)))
    whole = _whole(value)
    return str(int(whole) if isinstance(whole, float) else whole)


def results_table_html(match, frame) -> str:
    """The teacher's results table: headers in the page's language, values in words, in a
    card of its own that scrolls sideways when the table is wider than the screen."""
    columns = _table_columns(match)
    value_word = (N_("Signal") if _opt(match, "experiment") == "common-value" else
                  N_("Value of the pile won") if _opt(match, "experiment") == "ladder" else N_("Value"))
    words = {**COLUMN_WORDS, "value": value_word}
    heads = "".join("<th>" + esc(_(words[c])) + "</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{esc(_cell(c, row.get(c)))}</td>" for c in columns) + "</tr>"
                   for row in frame.to_dict("records"))
    return (f'<div class="tt-scroll tt-results-scroll" tabindex="0" role="region" aria-label="{attr(_("Results"))}">'
            f'<table class="tt-table tt-results-table"><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table></div>')

def _why_not(match, name: str) -> str:
    view = match.view(None)
    if match.state.current_player() == TERMINAL:
        return _("The experiment is over.")
    if name == "OpenRound":
        if _is_open(view):
            return _("A round is open: close it first.")
        return tr("At least {n} students must join before a round opens.", n=_opt(match, "group_size", 3))
    if name == "CloseRound":
        return _("No round is open.")
    return _("That cannot be done now.")


# --- the teacher's charts ----------------------------------------------------------------------
def _nan(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def chart_series(match, frame) -> list[list[dict]]:
    """The four panels' traces from the results table (closed rounds only): bids against values
    with the equilibrium bid line (ladder: prices against the minimum Walrasian prices), revenue
    per round against the theory, efficiency per round, winners' profits per round."""
    low, high = _opt(match, "low", 0), _opt(match, "high", 100)
    n = _opt(match, "group_size", 3)
    kind = _opt(match, "experiment")
    rows = frame.to_dict("records") if frame is not None and len(frame) else []
    rounds = sorted({int(r["round"]) for r in rows})
    groups: dict[tuple[int, Any], list[dict]] = {}
    for r in rows:
        groups.setdefault((int(r["round"]), r["group"]), []).append(r)
    # 1. bids against values (or prices against Walrasian prices); trace names are legend words
    if kind == "ladder":
        pairs = _ladder_pairs(match, frame)
        top = max([high] + [max(p) for p in pairs]) if pairs else high
        first = [dict(name=_("Prices paid"), mode="markers", x=[p[0] for p in pairs], y=[p[1] for p in pairs]),
                 dict(name=_("Price = minimum Walrasian price"), mode="lines", x=[low, top], y=[low, top])]
    else:
        bids = [r for r in rows if not _nan(r.get("bid"))]
        xs = list(range(low, high + 1, max(1, (high - low) // 20)))
        if kind == "first-price":
            fraction = f"{n - 1}/{n}"
            words = (tr("Equilibrium bid = {fraction} × value", fraction=fraction) if low == 0 else
                     tr("Equilibrium bid = {low} + {fraction} × (value − {low})", low=money(low), fraction=fraction))
            line = dict(name=words, x=xs, y=[low + (n - 1) / n * (v - low) for v in xs])
        elif kind == "second-price":
            line = dict(name=_("Equilibrium bid = value"), x=xs, y=list(xs))
        else:
            line = dict(name=_("Bid = signal (naive)"), x=xs, y=list(xs))
        first = [dict(name=_("Bids"), mode="markers", x=[r["value"] for r in bids], y=[r["bid"] for r in bids]),
                 dict(line, mode="lines")]
    # 2. revenue per round against theory
    revenue = []
    for rnd in rounds:
        per_group = [sum(float(r["price"]) for r in g if r.get("won") and not _nan(r.get("price")))
                     for (k, _grp), g in groups.items() if k == rnd]
        revenue.append(sum(per_group) / len(per_group) if per_group else None)
    if kind == "ladder":
        expected = None
    else:
        expected = low + (n - 1) / (n + 1) * (high - low)
    second = [dict(name=_("Revenue per group (mean)"), mode="lines+markers", x=rounds, y=revenue)]
    if expected is not None and rounds:
        second.append(dict(name=tr("Revenue in theory: {amount}", amount=money(round(expected))), mode="lines",
                           x=[rounds[0], rounds[-1]] if len(rounds) > 1 else [rounds[0] - 0.5, rounds[0] + 0.5],
                           y=[expected, expected]))
    # 3. efficiency: share of groups where the highest value won
    efficiency = []
    for rnd in rounds:
        gs = [g for (k, _grp), g in groups.items() if k == rnd]
        good = sum(1 for g in gs if _efficient(g))
        efficiency.append(good / len(gs) if gs else None)
    third = [dict(name=_("Efficiency"), mode="lines+markers", x=rounds, y=efficiency)]
    # 4. winners' profits
    won = [r for r in rows if r.get("won")]
    fourth = [dict(name=_("Winners' profits"), mode="markers", x=[int(r["round"]) for r in won],
                   y=[float(r["profit"]) for r in won]),
              dict(name=_("Mean profit"), mode="lines+markers", x=rounds,
                   y=[_mean([float(r["profit"]) for r in won if int(r["round"]) == k]) for k in rounds])]
    return [first, second, third, fourth]


def _mean(xs):
    return sum(xs) / len(xs) if xs else None


def _efficient(group: list[dict]) -> bool:
    winners = [r for r in group if r.get("won")]
    if not winners:
        return False
    top = max(float(r["value"]) for r in group)
    return all(float(r["value"]) == top for r in winners) if len(winners) == 1 else True


def _ladder_pairs(match, frame) -> list[tuple[float, float]]:
    """(minimum Walrasian price, price paid) of every pile won."""
    if frame is None or not len(frame) or "vcg_price" not in frame:
        return []
    won = frame[frame["won"].astype(bool)]
    return [(float(v), float(p)) for v, p in zip(won["vcg_price"], won["price"]) if not _nan(v) and not _nan(p)]


PANEL_TITLES = (N_("Bids against values"), N_("Revenue per round"), N_("Efficiency (highest value won)"),
                N_("Winners' profits"))


class ExperimentCharts:
    """Four panels in one plotly figure, sent as plotly's JSON into an Output widget at every
    close (the page's jupyterlab-plotly draws it with the plotly.js the server serves): nothing of
    plotly in the kernel, no FigureWidget shipping its 5 MB of plotly.js through the websocket."""

    def __init__(self, match):
        self.note = kit.html('<div class="tt-dim">' + esc(_("The charts appear when the first round closes.")) + '</div>')
        self.box = W.Output()
        self.widget = kit.vbox([self.note, self.box], "tt-scroll")
        self.fig: dict | None = None       # what was last sent
        if _opt(match, "experiment") == "ladder":
            self.titles = (N_("Prices against minimum Walrasian prices"),) + PANEL_TITLES[1:]
        elif _opt(match, "experiment") == "common-value":
            self.titles = (N_("Bids against signals"),) + PANEL_TITLES[1:]
        else:
            self.titles = PANEL_TITLES

    def update(self, match, frame) -> None:
        if frame is None or frame.empty:
            return
        self.fig = panels_figure([_(t) for t in self.titles], chart_series(match, frame), chart_axes(match))
        if self.note in self.widget.children:      # (kit's widgets share one Layout: never restyle it)
            self.widget.children = (self.box,)
            self.note.close()
        self.box.outputs = (plotly_output(self.fig),)

    def close(self) -> None:
        self.box.close()


def _points(values) -> list:
    """Plain numbers for the page: a missing value (NaN, which the kernel's JSON refuses) is a gap."""
    return [None if _nan(v) else float(v) for v in values]


def chart_axes(match) -> list[tuple[str, str]]:
    """(x title, y title) of the four panels, in the page's language."""
    kind = _opt(match, "experiment")
    first = ((_("Minimum Walrasian price"), _("Price paid")) if kind == "ladder" else
             (_("Signal") if kind == "common-value" else _("Value"), _("Bid")))
    return [first, (_("Round"), _("Revenue")), (_("Round"), _("Share of groups")), (_("Round"), _("Profit"))]


def panels_figure(titles: Sequence[str], panels: Sequence[Sequence[Mapping]],
                  axes: Sequence[tuple[str, str]] = ()) -> dict:
    """A 2x2 grid of panels as plotly's JSON (what plotly's ``make_subplots`` would lay out):
    panel ``i`` on axes ``x{i+1}``/``y{i+1}``, its title above it, its axes titled by ``axes``;
    panels 2-4 run over whole rounds only (as ``charts.line_figure``); efficiency from 0 to 100 %."""
    gap_x, gap_y = 0.12, 0.2
    width, height = (1 - gap_x) / 2, (1 - gap_y) / 2
    layout: dict = {"height": 680, "autosize": True, "plot_bgcolor": "white",
                    "margin": {"l": 60, "r": 10, "t": 50, "b": 50}, "legend": {"orientation": "h", "y": -0.12},
                    "annotations": []}
    data = []
    for i, panel in enumerate(panels):
        row, col = divmod(i, 2)
        x0 = col * (width + gap_x)
        y1 = 1 - row * (height + gap_y)
        n = "" if i == 0 else str(i + 1)
        x_title, y_title = axes[i] if i < len(axes) else ("", "")
        xaxis = {"domain": [x0, x0 + width], "anchor": f"y{n}", "gridcolor": "#e5e7eb",
                 "title": {"text": x_title}, "tickformat": ","}
        yaxis = {"domain": [y1 - height, y1], "anchor": f"x{n}", "gridcolor": "#e5e7eb",
                 "title": {"text": y_title}, "tickformat": ","}
        if i == 0:
            xaxis["tickprefix"] = yaxis["tickprefix"] = "$"
        else:
            rounds = [int(x) for t in panel for x in t["x"] if not _nan(x)]
            first, last = (math.floor(min(rounds)), math.ceil(max(rounds))) if rounds else (1, 1)
            xaxis.update(tickmode="linear", tick0=first, dtick=1, range=[first - 0.5, last + 0.5], tickformat="d")
            if i == 2:
                yaxis.update(range=[0, 1.05], tickformat=".0%")
            else:
                yaxis["tickprefix"] = "$"
        layout[f"xaxis{n}"], layout[f"yaxis{n}"] = xaxis, yaxis
        layout["annotations"].append({"text": titles[i], "x": x0 + width / 2, "y": y1, "xref": "paper",
                                      "yref": "paper", "xanchor": "center", "yanchor": "bottom",
                                      "showarrow": False, "font": {"size": 14}})
        data += [{"type": "scatter", "x": _points(t["x"]), "y": _points(t["y"]), "mode": t["mode"], "name": t["name"],
                  "xaxis": f"x{n}", "yaxis": f"y{n}"} for t in panel]
    return {"data": data, "layout": layout, "config": {"responsive": True, "displaylogo": False}}


# --- the start page's card ---------------------------------------------------------------------
class ClassroomCard:
    """The start page's "Classroom experiment" card: the experiment, the class size, the group
    size, the rounds and the missing-bid rule; it creates the match (seats "Seat 1".."Seat K",
    nicknames come as the students join) and opens the teacher screen (``on_open(stored)``)."""

    def __init__(self, store, on_open: Callable[[Any], None]):
        self.store, self.on_open = store, on_open
        style = {"description_width": "initial"}
        self.experiment = W.Dropdown(options=[(_(v), k) for k, v in EXPERIMENT_NAMES.items()], value="first-price",
                                     description=_("Experiment"), style=style)
        self.class_size = W.BoundedIntText(value=30, min=2, max=60, description=_("Class size (seats)"), style=style)
        self.group_size = W.BoundedIntText(value=3, min=2, max=8, description=_("Bidders per group"), style=style)
        self.rounds = W.BoundedIntText(value=3, min=1, max=20, description=_("Rounds"), style=style)
        self.missing = W.Dropdown(options=[(_("No bid"), "none"), (_("A random bid"), "random")], value="none",
                                  description=_("A student who has not bid when the round closes gets"), style=style)
        self.message = kit.html()
        self.button = kit.button(_("Start the experiment"), "tt-primary", on_click=self.start)
        self.experiment.observe(lambda _c: self._experiment_changed(), names="value")
        self.widget = kit.vbox([
            kit.html('<div class="tt-section-title">' + esc(_("Classroom experiment")) + '</div><div class="tt-dim">'
                     + esc(_("The class bids from its phones (a QR code joins them, a nickname only); the teacher "
                             "screen opens and closes the rounds and charts the class's bids against theory."))
                     + "</div>"),
            *(kit.vbox([w], "tt-option") for w in (self.experiment, self.class_size, self.group_size,
                                                    self.rounds, self.missing)),
            self.message, kit.box([self.button]),
        ], "tt-card", "tt-classroom-card")

    def _experiment_changed(self) -> None:
        ladder = self.experiment.value == "ladder"
        self.group_size.max = 5 if ladder else 8
        self.group_size.value = 4 if ladder else 3

    def options(self) -> dict:
        return {"experiment": self.experiment.value, "group_size": self.group_size.value,
                "rounds": self.rounds.value, "missing_bid": self.missing.value}

    def start(self):
        from tabletop.match import Match
        seats = [f"Seat {k}" for k in range(1, self.class_size.value + 1)]
        try:
            stored = self.store.create(Match(TITLE_NAME, seats, self.options()))
        except TabletopError as exc:
            self.message.value = f'<div class="tt-banner">{esc(exc)}</div>'
            return None
        self.message.value = ""
        self.on_open(stored)
        return stored

    def close(self) -> None:
        _close_tree(self.widget)
