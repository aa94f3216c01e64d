"""The start page's "Classroom experiment" card: it creates the match and opens the teacher screen."""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from tabletop.errors import TabletopError
from tabletop.i18n import _

from .. import kit
from ..render import esc
from .common import EXPERIMENT_NAMES, TITLE_NAME, _close_tree


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
