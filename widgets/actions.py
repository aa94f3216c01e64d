"""The action panel: one big button per offered action, grouped, labelled by ``describe``.

The buttons are the actions it is given (the tracker gives ``offered_actions(viewer)``) and
nothing else. Actions of one kind form a group; a large group whose actions differ in two or
more fields is split by its first varying field
(a pile, a company), and the words every label of a group shares become its heading, so
"Bob bids $3,000 on pile 2" shows as a button "$3,000" under "Bob bids … on pile 2".
Buttons are pooled: an update re-labels existing buttons instead of creating new widgets.
When another device changes the match, ``retire`` takes the shown buttons off the panel for good
(fresh ones are made): a tap that was already on its way then says what happened instead of
entering whatever the re-labelled button would mean now.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Sequence

import ipywidgets as W

from tabletop.core import Action

from . import kit

from .render import esc, humanize

__all__ = ["ActionGroup", "group_actions", "ActionPanel"]

#: a group with more actions than this becomes a drop-down list with one "enter" button
MAX_BUTTONS_PER_GROUP = 120
#: a group with more actions than this is split by its first varying field
SPLIT_ABOVE = 10


@dataclass
class ActionGroup:
    heading: str
    actions: list[Action]
    labels: list[str]


def _varying_fields(actions: Sequence[Action]) -> list[str]:
    names = [f.name for f in dataclasses.fields(actions[0]) if f.name != "seat"]
    return [n for n in names if len({repr(getattr(a, n)) for a in actions}) > 1]


def _compact(labels: list[str]) -> tuple[str, list[str]]:
    """Common leading and trailing words of ``labels`` -> (heading, shortened labels)."""
    if len(labels) < 2:
        return "", labels
    words = [lb.split(" ") for lb in labels]
    shortest = min(len(w) for w in words)
    pre = 0
    while pre < shortest - 1 and all(w[pre] == words[0][pre] for w in words):
        pre += 1
    suf = 0
    while suf < shortest - pre - 1 and all(w[-1 - suf] == words[0][-1 - suf] for w in words):
        suf += 1
    if pre == 0 and suf == 0:
        return "", labels
    short = [" ".join(w[pre:len(w) - suf]) for w in words]
    if any(not s for s in short) or len(set(short)) < len(short):
        return "", labels
    head = " ".join(words[0][:pre])
    tail = " ".join(words[0][len(words[0]) - suf:]) if suf else ""
    heading = (head + (" …" if tail or short else "") + (" " + tail if tail else "")).strip()
    return heading, short


def group_actions(actions: Sequence[Action], describe: Callable[[Action], str]) -> list[ActionGroup]:
    """Group ``actions`` (kept in their legal order) for the panel."""
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(type(a).__name__, []).append(a)
    groups: list[ActionGroup] = []
    for kind, acts in by_kind.items():
        parts = [acts]
        if len(acts) > SPLIT_ABOVE:
            varying = _varying_fields(acts)
            if len(varying) >= 2:
                split: dict[str, list[Action]] = {}
                for a in acts:
                    split.setdefault(repr(getattr(a, varying[0])), []).append(a)
                parts = list(split.values())
        for part in parts:
            labels = [describe(a) for a in part]
            for sub, sub_labels in _split_by_words(part, labels):
                heading, short = _compact(sub_labels)
                groups.append(ActionGroup(heading or humanize(kind), sub, short))
    return groups


def _split_by_words(actions: list[Action], labels: list[str]) -> list[tuple[list[Action], list[str]]]:
    """A large group whose labels differ in two or more words is split by the first of them
    ("… face up on stockpile 1 and …", "… on stockpile 2 and …"), so each part's buttons
    keep only what is left to choose."""
    if len(actions) <= SPLIT_ABOVE:
        return [(actions, labels)]
    words = [lb.split(" ") for lb in labels]
    if len({len(w) for w in words}) != 1:
        return [(actions, labels)]
    varying = [i for i in range(len(words[0])) if len({w[i] for w in words}) > 1]
    if len(varying) < 2:
        return [(actions, labels)]
    parts: dict[str, tuple[list[Action], list[str]]] = {}
    for a, lb, w in zip(actions, labels, words):
        acts, lbs = parts.setdefault(w[varying[0]], ([], []))
        acts.append(a)
        lbs.append(lb)
    if len(parts) == 1:
        return [(actions, labels)]
    return [piece for acts, lbs in parts.values() for piece in _split_by_words(acts, lbs)]


class ActionPanel:
    """A prompt and the grouped buttons; ``on_pick(action)`` is called when one is clicked."""

    def __init__(self, on_pick: Callable[[Action], None], css_class: str = "tt-actions",
                 on_stale: Callable[[str], None] | None = None):
        self.on_pick = on_pick
        self.on_stale = on_stale
        self._retired: list[W.Widget] = []
        self._retired_why: Callable[[], str] | None = None
        self.prompt = kit.html()
        self.body = kit.vbox((), "tt-groups")
        self.widget = kit.vbox([self.prompt, self.body], css_class)
        self._buttons: list[W.Button] = []
        self._button_actions: list[Action | None] = []
        self._rows: list[tuple[W.HTML, W.Box]] = []
        self._pickers: list[tuple[W.Dropdown, W.Button]] = []
        self._picker_actions: list[list[Action]] = []
        self.groups: list[ActionGroup] = []
        self._active_pickers = 0
        self._by_label: dict[str, list[int]] = {}
        self._wanted: set[int] = set()

    # --- building blocks (pooled) ----------------------------------------------------------
    # Buttons are kept by label: a label shown again gets the same button back, so an update
    # sends only what really changed (a bid track that lost its lowest space re-labels nothing).
    def _take_button(self, label: str, used: set[int]) -> int:
        for k in self._by_label.get(label, ()):
            if k not in used:
                return k
        for k in range(len(self._buttons)):        # a free button, re-labelled
            if k not in used and k not in self._wanted:
                return k
        k = len(self._buttons)
        b = kit.button(label, "tt-act")
        b.on_click(self._clicked_button)
        self._buttons.append(b)
        self._button_actions.append(None)
        return k

    def _button(self, i: int) -> W.Button:
        while len(self._buttons) <= i:
            b = kit.button("", "tt-act")
            b.on_click(self._clicked_button)
            self._buttons.append(b)
            self._button_actions.append(None)
        return self._buttons[i]

    def _row(self, i: int) -> tuple[W.HTML, W.Box]:
        while len(self._rows) <= i:
            head = kit.html("", "tt-group-head")
            box = kit.box()
            self._rows.append((head, box))
        return self._rows[i]

    def _picker(self, i: int) -> tuple[W.Dropdown, W.Button]:
        while len(self._pickers) <= i:
            dd = W.Dropdown()
            dd.add_class("tt-picker")
            go = kit.button("Enter", "tt-primary")
            go.on_click(self._picked_button)
            self._pickers.append((dd, go))
            self._picker_actions.append([])
        return self._pickers[i]

    def _clicked_button(self, button: W.Button) -> None:
        k = next((k for k, b in enumerate(self._buttons) if b is button), None)
        if k is None:
            self._stale()
        elif self._button_actions[k] is not None:
            self.on_pick(self._button_actions[k])

    def _picked_button(self, button: W.Button) -> None:
        k = next((k for k, (_dd, go) in enumerate(self._pickers) if go is button), None)
        if k is None:
            self._stale()
            return
        dd, _ = self._pickers[k]
        if dd.value is not None:
            self.on_pick(self._picker_actions[k][dd.value])

    def _stale(self) -> None:
        """A tap on a button taken off the panel (the match changed on another device meanwhile)."""
        if self.on_stale is not None and self._retired_why is not None:
            self.on_stale(self._retired_why())

    def retire(self, why: Callable[[], str]) -> None:
        """Another device changed the match: the buttons shown are taken off for good, blanked, and
        fresh ones are made by the next ``show``; a tap already on its way to a retired one calls
        ``on_stale(why())`` instead of entering what the button would mean now."""
        for w in self._retired:           # the ones retired before: no tap is still on its way
            w.close()
        self._retired = list(self._buttons) + [w for pair in self._pickers for w in pair]
        self._retired_why = why
        for b in self._buttons:
            if b.description:
                b.description = ""
        for dd, _go in self._pickers:
            if dd.options:
                dd.options = []
        self._buttons, self._button_actions, self._by_label = [], [], {}
        self._pickers, self._picker_actions, self._active_pickers = [], [], 0
        self._wanted = set()
        for _head, box in self._rows:
            if box.children:
                box.children = ()

    # --- showing ---------------------------------------------------------------------------
    def show(self, prompt_html: str, actions: Sequence[Action], describe: Callable[[Action], str],
             extra: Sequence[W.Widget] = ()) -> None:
        """Show ``actions`` grouped, under ``prompt_html``; ``extra`` widgets go last."""
        self.prompt.value = prompt_html
        self.groups = group_actions(actions, describe) if actions else []
        children: list[W.Widget] = []
        n_picker = 0
        labels_wanted = [lb for g in self.groups if len(g.actions) <= MAX_BUTTONS_PER_GROUP for lb in g.labels]
        # buttons whose label is wanted again are reserved first, so no other label takes them
        self._wanted = set()
        counts: dict[str, int] = {}
        for lb in labels_wanted:
            have = [k for k in self._by_label.get(lb, ()) if k not in self._wanted]
            if counts.get(lb, 0) < len(have):
                self._wanted.add(have[counts.get(lb, 0)])
            counts[lb] = counts.get(lb, 0) + 1
        used: set[int] = set()
        by_label: dict[str, list[int]] = {}
        for gi, group in enumerate(self.groups):
            head, box = self._row(gi)
            heading = f"<b>{esc(group.heading)}</b>"
            if head.value != heading:
                head.value = heading
            if len(group.actions) > MAX_BUTTONS_PER_GROUP:
                dd, go = self._picker(n_picker)
                dd.options = [(label, j) for j, label in enumerate(group.labels)]
                dd.value = 0
                self._picker_actions[n_picker] = list(group.actions)
                box.children = (dd, go)
                n_picker += 1
            else:
                row = []
                for action, label in zip(group.actions, group.labels):
                    k = self._take_button(label, used)
                    used.add(k)
                    b = self._buttons[k]
                    if b.description != label:
                        b.description = label
                    self._button_actions[k] = action
                    by_label.setdefault(label, []).append(k)
                    row.append(b)
                if tuple(row) != box.children:
                    box.children = tuple(row)
            children.extend((head, box))
        for k in range(len(self._button_actions)):
            if k not in used:
                self._button_actions[k] = None
                if self._buttons[k].description:
                    by_label.setdefault(self._buttons[k].description, []).append(k)
        self._by_label = by_label
        self._wanted = set()
        self._active_pickers = n_picker
        children.extend(extra)
        if tuple(children) != self.body.children:
            self.body.children = tuple(children)

    def clear(self, prompt_html: str = "", extra: Sequence[W.Widget] = ()) -> None:
        self.show(prompt_html, (), lambda a: "", extra)

    def buttons(self) -> list[tuple[W.Button, Action]]:
        """The visible buttons and their actions (for tests and keyboard drivers)."""
        return [(b, a) for b, a in zip(self._buttons, self._button_actions) if a is not None]

    def pick(self, action: Action) -> bool:
        """Click the control that enters ``action``; False when it is not offered."""
        for b, a in self.buttons():
            if a == action:
                b.click()
                return True
        for k in range(self._active_pickers):
            acts = self._picker_actions[k]
            if action in acts:
                dd, go = self._pickers[k]
                dd.value = acts.index(action)
                go.click()
                return True
        return False

    def blank(self) -> None:
        """Forget everything shown: every label emptied and every control detached, so the
        page keeps no trace of it (for a private panel being closed; cheaper than closing)."""
        with self.prompt.hold_sync():
            self.prompt.value = ""
        for k, b in enumerate(self._buttons):
            if b.description:
                b.description = ""
            self._button_actions[k] = None
        self._by_label = {}
        for head, box in self._rows:
            if head.value:
                head.value = ""
            if box.children:
                box.children = ()
        for k, (dd, _go) in enumerate(self._pickers):
            if dd.options:
                dd.options = []
            self._picker_actions[k] = []
        self._active_pickers = 0
        self.groups = []
        self.body.children = ()

    def close(self) -> None:
        """Close every widget of the panel (removes them from the page entirely)."""
        for w in self._retired:
            w.close()
        for b in self._buttons:
            b.close()
        for head, box in self._rows:
            head.close()
            box.close()
        for dd, go in self._pickers:
            dd.close()
            go.close()
        self.prompt.close()
        self.body.close()
        self.widget.close()
