"""The table screen's "Correct a mistake" card: a public ``Correction`` typed by the table.

    card = CorrectionCard(tracker)     # the tracker shows card.widget (empty for a title without corrections)
    card.open(); card.choose("money", seat=0, to="$19,000", reason="the bank paid Alice $1,000 too much")
    card.submit()                      # what a click on "Enter the correction" does

What can be fixed is the title's own list of correction kinds (``<title>.position.CORRECTION_KINDS``)
and its public data: seats, stocks, corporations, squares, card values. Nothing the card offers
depends on a secret, and it shows no current value: the board and the players' card show what is
public. The correction goes in the way of every entry (``Tracker._enter``, i.e. ``saved.apply``):
saved, in the log with its reason, undone by Undo; a refusal is the rules' own words and changes
nothing.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets as W

from tabletop.core import Correction
from tabletop.errors import MalformedAction
from tabletop.i18n import _, tr

from . import kit
from .render import esc, money, name
from .titles import title_ui

__all__ = ["CorrectionCard", "Fix", "fixes_for"]

Choices = Sequence[tuple[str, Any]]          # (label shown, value the Correction carries)


class Fix:
    """One kind of correction as the card offers it: ``kind`` is ``Correction.kind``; ``board``
    says the board is fixed (no seat); ``subjects`` the stocks, corporations or market cards to
    pick from, or ``typed_subject`` the example shown where the subject is typed (a square: a list
    of every square would also name the tiles in the racks); neither: the kind has no subject.
    ``values(subject)`` the new values to pick from, or None for a typed whole number;
    ``value_label`` names that value."""

    def __init__(self, kind: str, label: str, value_label: str, *, board: bool = False,
                 subjects: Choices = (), typed_subject: str = "", values: Callable[[Any], Choices] | None = None):
        self.kind, self.label, self.value_label = kind, label, value_label
        self.board, self.subjects, self.typed_subject, self.values = board, tuple(subjects), typed_subject, values


def named_choices(names: Sequence[str], context: str) -> Choices:
    """Each component under its edition's name in the page's language (the value stays English)."""
    return [(name(n, context), n) for n in names]


def fixes_for(title: str, options) -> list[Fix]:
    """What the table may correct in ``title`` with these options (empty: no corrections)."""
    make = title_ui(title).corrections
    return make(options) if make else []


def whole_number(text: str, what: str) -> int:
    """A typed whole number: "6000", "$6,000", "6 000", "-5" (the rules judge its range)."""
    digits = text.strip().replace("$", "").replace(",", "").replace(" ", "")
    sign = -1 if digits.startswith("-") else 1
    if not digits.lstrip("-").isdigit():
        if text.strip():
            raise MalformedAction("{what}: type a whole number such as 6000 or $6,000, not {typed}.",
                                  what=what, typed=repr(text.strip()))
        raise MalformedAction("{what}: type a whole number such as 6000 or $6,000.", what=what)
    return sign * int(digits.lstrip("-"))


def _dropdown(description: str) -> W.Dropdown:
    # values are indexes into the choices: a choice may carry None or "" (an empty square)
    return W.Dropdown(options=[("", 0)], value=0, description=description,
                      layout=W.Layout(width="auto"), style={"description_width": "8em"})


class CorrectionCard:
    """The "Correct a mistake" card of ``tracker``'s shared screen, collapsed until opened."""

    def __init__(self, tracker):
        self.tracker = tracker
        game = tracker.match.game
        self.players = list(game.players)
        self.fixes = fixes_for(game.title, game.options)
        if not self.fixes:
            self.widget = kit.vbox()
            return
        self.what = _dropdown(_("What"))
        self.what.options = [(_(f.label), i) for i, f in enumerate(self.fixes)]
        self.whose = _dropdown(_("Whose"))
        self.which = _dropdown(_("Which"))
        self.which_typed = W.Text(description=_("Which"), layout=W.Layout(width="auto"), style={"description_width": "8em"})
        self.picked = _dropdown(_("Now"))
        self.typed = W.Text(description=_("Now"), placeholder=tr("e.g. {amount}", amount=money(6000)),
                            layout=W.Layout(width="auto"), style={"description_width": "8em"})
        self.reason = W.Text(description=_("Reason"),
                             placeholder=tr("what went wrong, e.g. the bank paid Ann {amount} too much", amount=money(1000)),
                             layout=W.Layout(width="auto", min_width="18em"), style={"description_width": "8em"})
        self.message = kit.hidden(kit.html(own_layout=True))
        self.open_button = kit.button(_("Correct a mistake"), "tt-small", on_click=self.open, own_layout=True)
        self.open_button.layout.align_self = "flex-start"     # its label's width, as the card's other buttons
        self.enter_button = kit.button(_("Enter the correction"), "tt-primary", on_click=self.submit)
        self.cancel_button = kit.button(_("Cancel"), "tt-small", on_click=self.close_form)
        self.form = kit.hidden(kit.vbox([
            self.what, self.whose, self.which, self.which_typed, self.picked, self.typed, self.reason,
            kit.html('<div class="tt-dim">' + esc(_("The whole table sees the correction and its reason in the log "
                                                    "(a number typed here is shown to everyone); Undo takes it back."))
                     + "</div>"),
            kit.box([self.enter_button, self.cancel_button])], "tt-correct-form", own_layout=True))
        self.widget = kit.vbox([
            kit.html('<div class="tt-section-title">' + esc(_("Correct a mistake")) + '</div><div class="tt-dim">'
                     + esc(_("When the table and this screen disagree: fix money, a holding, a value or the board."))
                     + "</div>"),
            self.open_button, self.message, self.form], "tt-card", "tt-correct")
        self.what.observe(lambda _change: self._kind_changed(), names="value")
        self.which.observe(lambda _change: self._subject_changed(), names="value")
        self._kind_changed()

    # --- what the form shows -----------------------------------------------------------------
    @property
    def fix(self) -> Fix:
        return self.fixes[self.what.value]

    def _kind_changed(self) -> None:
        fix = self.fix
        self.whose.options = ([(_("the board"), None)] if fix.board else
                              [(name, seat) for seat, name in enumerate(self.players)])
        self.whose.value = self.whose.options[0][1]
        self.whose.disabled = fix.board
        kit.show(self.which, bool(fix.subjects))
        kit.show(self.which_typed, bool(fix.typed_subject))
        self.which_typed.placeholder = _(fix.typed_subject)
        if fix.subjects:
            self.which.options = [(label, i) for i, (label, _subject) in enumerate(fix.subjects)]
            self.which.value = 0
        self.typed.description = self.picked.description = _(fix.value_label)
        self._subject_changed()

    def _subject_changed(self) -> None:
        fix = self.fix
        kit.show(self.picked, fix.values is not None)
        kit.show(self.typed, fix.values is None)
        if fix.values is not None:
            keep = self.picked.label
            choices = self._value_choices()
            self.picked.options = [(label, i) for i, (label, _value) in enumerate(choices)]
            labels = [label for label, _value in choices]
            self.picked.value = labels.index(keep) if keep in labels else 0

    def _subject(self) -> str:
        fix = self.fix
        if fix.typed_subject:
            return self.which_typed.value.strip().upper()
        return fix.subjects[self.which.value][1] if fix.subjects else ""

    def _value_choices(self) -> Choices:
        return self.fix.values(self._subject())

    # --- choosing, as a click would ------------------------------------------------------------
    def choose(self, kind: str, seat: int | None = None, subject: str = "", to: Any = None,
               reason: str = "") -> None:
        """Set the form as the table would: ``kind`` a Correction kind, ``subject`` a stock,
        corporation or square as the Correction names it, ``to`` the choice's value (or the text
        typed for a number)."""
        self.what.value = next(i for i, f in enumerate(self.fixes) if f.kind == kind)
        if seat is not None:
            self.whose.value = seat
        if subject and self.fix.typed_subject:
            self.which_typed.value = subject
        elif subject:
            self.which.value = next(i for i, (_label, s) in enumerate(self.fix.subjects) if s == subject)
        if self.fix.values is None:
            self.typed.value = str(to)
        else:
            self.picked.value = next(i for i, (_label, v) in enumerate(self._value_choices()) if v == to)
        self.reason.value = reason

    # --- opening and entering ------------------------------------------------------------------
    def open(self) -> None:
        self._say(None)
        kit.show(self.form)
        kit.show(self.open_button, False)

    def close_form(self) -> None:
        kit.show(self.form, False)
        kit.show(self.open_button)

    def correction(self) -> Correction:
        """The Correction the form describes (a typed number it cannot read: MalformedAction)."""
        fix = self.fix
        if fix.values is None:
            to = whole_number(self.typed.value, _(fix.value_label))
        else:
            to = self._value_choices()[self.picked.value][1]
        return Correction(fix.kind, self.whose.value, self._subject(), to, self.reason.value)

    def submit(self) -> None:
        """Enter the correction as any entry is entered; a refusal is said on the card."""
        try:
            action = self.correction()
        except MalformedAction as exc:
            self._say(str(exc), refused=True)
            return
        tracker = self.tracker
        try:
            line = tracker.match.state.describe(action)      # a correction is public
        except Exception:  # describing is best effort; the rules decide
            line = ""
        message = tracker._enter(action)
        if message is not None:
            self._say(message, refused=True)
            return
        self.reason.value = ""
        self.close_form()
        self._say(tr("Entered. {entry}", entry=line) if line else _("Entered."))
        tracker._error(None)
        tracker.refresh()

    def _say(self, text: str | None, refused: bool = False) -> None:
        if not text:
            kit.show(self.message, False)
            self.message.value = ""
            return
        css = "tt-banner" if refused else "tt-notice"
        self.message.value = f'<div class="{css}">{esc(text)}</div>'
        kit.show(self.message)

