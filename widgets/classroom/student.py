"""A student's screen: one decision at a time, this seat's own view only."""
from __future__ import annotations

from typing import Mapping, Sequence

import ipywidgets as W

from tabletop.core import TERMINAL, Action
from tabletop.errors import TabletopError
from tabletop.i18n import N_, _, tr

from .. import kit
from ..live import Watcher
from ..render import esc, money
from ..style import CSS
from .common import (EXTRA_CSS, _action_type, _big, _card, _close_tree, _closed_rows, _header, _is_open,
                     _LiveScreen, _nan, _nicknames, _opt, _round_of, _whole, enter_retrying, rule_words)


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
