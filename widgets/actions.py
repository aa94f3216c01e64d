"""The action panel: the offered actions as big buttons, grouped, labelled by ``describe``.

The buttons are the actions it is given (the tracker gives ``offered_actions(viewer)``) and
nothing else. Actions of one kind form a group; a large group whose actions differ in two or
more fields is split by its first varying field
(a pile, a company), and the words every label of a group shares become its heading, so
"Bob bids $3,000 on pile 2" shows as a button "$3,000" under "Bob bids … on pile 2".
A large choice made of three or more parts (Stockpile's placement: which card face up, on
which stockpile, where the other goes) is asked part by part (``tabletop.choices``), with a
heading in words for each part and a Back button; two parts that make few buttons are asked at
once, as rows. A title may draw a kind of action its own way (``TitleUI.picker``: Acquire's
tiles on the board's grid, Stockpile's bids beside each stockpile's cards), from the actions
and the public view only.
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

from tabletop.choices import Narrowing, has_given_parts
from tabletop.core import CHANCE, Action, State
from tabletop.i18n import _

from . import kit
from .pickers import PickerContext, Row, Tap, compact_labels, part_rows
from .render import esc, humanize

__all__ = ["ActionGroup", "group_actions", "ActionPanel", "layout_rows"]

#: a group with more actions than this becomes a drop-down list with one "enter" button
MAX_BUTTONS_PER_GROUP = 120
#: a group with more actions than this is split by its first varying field (rows), or asked
#: part by part when it is made of three or more parts
SPLIT_ABOVE = 10


@dataclass
class ActionGroup:
    heading: str
    actions: list[Action]
    labels: list[str]


def _varying_fields(actions: Sequence[Action]) -> list[str]:
    names = [f.name for f in dataclasses.fields(actions[0]) if f.name != "seat"]
    return [n for n in names if len({repr(getattr(a, n)) for a in actions}) > 1]


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
                heading, short = compact_labels(sub_labels)
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


def _asked_in_parts(actions: Sequence[Action]) -> bool:
    """Three or more parts to choose (a cross product too large for one screen of buttons)."""
    if len(actions) <= SPLIT_ABOVE:
        return False
    return has_given_parts(type(actions[0])) or len(Narrowing(actions).path(actions[0])) >= 3


def _group_rows(group: ActionGroup, kind: str) -> Row:
    return Row(f"<b>{esc(group.heading)}</b>",
               [Tap(label, action=a) for a, label in zip(group.actions, group.labels)], kind=kind)


def layout_rows(actions: Sequence[Action], describe: Callable[[Action], str], state: State | None = None,
                progress: dict | None = None, ui=None, after: Callable | None = None) -> list[Row]:
    """What the panel draws for ``actions``, row by row (``progress``: the parts chosen so far of
    choices asked in parts, or a picker's step, by kind). A title's picker sees only the actions,
    their words, the public view and (``after``, on a seat's own panel) what the engine offers
    that seat once some of those actions are made."""
    if not actions:
        return []
    if ui is None and state is not None:
        from .titles import title_ui
        ui = title_ui(state.game.title)
    progress = progress or {}
    view: list = []

    def public_view():
        if not view:
            view.append(state.view(None) if state is not None else {})
        return view[0]
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(type(a).__name__, []).append(a)
    rows: list[Row] = []
    for kind, acts in by_kind.items():
        picker = getattr(ui, "picker", None)
        step = progress.get(kind)
        drawn = picker(PickerContext(kind, acts, describe, public_view, after=after,
                                     step=None if isinstance(step, Narrowing) else step)) \
            if picker is not None and state is not None else None
        if drawn:
            rows += drawn
        elif _asked_in_parts(acts):
            narrowing = step if isinstance(step, Narrowing) else Narrowing(acts)
            rows += part_rows(kind, narrowing, describe, getattr(ui, "part_words", None),
                              getattr(ui, "part_question", None))
        else:
            groups = group_actions(acts, describe)
            split = len(groups) > 1 and len(acts) > SPLIT_ABOVE
            if split:        # a compact grid: one heading, each row its short label and short buttons
                rows += _compact_rows(groups, kind)
            else:
                rows += [_group_rows(g, kind) for g in groups]
    return rows


def _compact_rows(groups: list[ActionGroup], kind: str) -> list[Row]:
    heading, short = compact_labels([g.heading for g in groups])
    heading = heading.replace("… …", "…")
    if not heading:
        return [_group_rows(g, kind) for g in groups]
    out = []
    for g, label in zip(groups, short):
        row = _group_rows(g, kind)
        row.head = ""
        row.label = f'<span class="tt-row-label">{esc(label.replace(" …", "").strip())}</span>'
        out.append(row)
    out[0].head = f"<b>{esc(heading)}</b>"
    return out


_CELL_LAYOUT: dict[str, W.Layout] = {}
_CELL_STYLES: dict[str, W.ButtonStyle] = {}


def _cell_layout() -> W.Layout:
    lay = _CELL_LAYOUT.get("cell")
    if lay is None or lay.comm is None:
        lay = _CELL_LAYOUT["cell"] = W.Layout(width="auto", height="34px", min_width="0", padding="0",
                                              margin="0")
    return lay


def _cell_style(colour: str | None) -> W.ButtonStyle:
    key = colour or ""
    style = _CELL_STYLES.get(key)
    if style is None or style.comm is None:
        style = _CELL_STYLES[key] = W.ButtonStyle(button_color=colour or "#f3f4f6", font_size="12px")
    return style


def _offered_after(state: State, viewer: int | None) -> Callable[[Sequence[Action]], list[Action]]:
    """What the engine offers ``viewer`` (None: the shared screen) once ``entries`` are made (on a
    copy of ``state``; the engine's refusal is raised), as ``Match.offered_actions`` would; [] when
    the next entry is not the viewer's (another seat's choices are not theirs to see; the shared
    screen sees only public chance entries and decisions with no secret in them)."""
    forks: dict[tuple, State] = {(): state}

    def fork(entries: tuple) -> State:
        if entries not in forks:
            before = fork(entries[:-1]).clone()
            before.apply(entries[-1])
            forks[entries] = before
        return forks[entries]

    def after(entries: Sequence[Action]) -> list[Action]:
        then = fork(tuple(entries))
        player = then.current_player()
        if player == CHANCE:
            return then.chance_entries(viewer) if then.chance_owner() in (None, viewer) else []
        if viewer is None:
            legal = then.legal_actions()
            return [] if any(a.secret_to is not None for a in legal) else legal
        return then.legal_actions() if player == viewer else []
    return after


class ActionPanel:
    """A prompt and the grouped buttons; ``on_pick(action)`` is called when one is clicked, and
    ``on_entries(actions)`` when a tap makes several entries in order (a title's picker draws such
    taps only on a panel given ``on_entries`` and a viewer)."""

    def __init__(self, on_pick: Callable[[Action], None], css_class: str = "tt-actions",
                 on_stale: Callable[[str], None] | None = None,
                 on_entries: Callable[[tuple], None] | None = None):
        self.on_pick = on_pick
        self.on_entries = on_entries
        self.on_stale = on_stale
        self._retired: list[W.Widget] = []
        self._retired_why: Callable[[], str] | None = None
        self.prompt = kit.html()
        self.body = kit.vbox((), "tt-groups")
        self.widget = kit.vbox([self.prompt, self.body], css_class)
        self._buttons: list[W.Button] = []
        self._button_actions: list[Action | None] = []
        self._button_taps: list[Tap | None] = []
        self._rows: list[tuple[W.HTML, W.Box]] = []
        self._labels: list[W.HTML] = []
        self._grids: list[W.GridBox] = []
        self._cells: list[W.Button] = []
        self._cell_taps: list[Tap | None] = []
        self._pickers: list[tuple[W.Dropdown, W.Button]] = []
        self._picker_actions: list[list[Action]] = []
        self.groups: list[ActionGroup] = []
        self.rows: list[Row] = []
        self._active_pickers = 0
        self._by_label: dict[str, list[int]] = {}
        self._wanted: set[int] = set()
        self._offer: tuple = ((), None, (), None, None)
        #: of each choice asked in parts (or drawn by a title's picker), the steps taken (Back
        #: returns to the one before)
        self._progress: dict[str, list] = {}

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
        self._button_taps.append(None)
        return k

    def _row(self, i: int) -> tuple[W.HTML, W.Box]:
        while len(self._rows) <= i:
            head = kit.html("", "tt-group-head")
            box = kit.box()
            self._rows.append((head, box))
        return self._rows[i]

    def _label(self, i: int) -> W.HTML:
        while len(self._labels) <= i:
            self._labels.append(kit.html("", "tt-row-head"))
        return self._labels[i]

    def _grid(self, i: int, columns: int) -> W.GridBox:
        while len(self._grids) <= i:
            self._grids.append(W.GridBox(layout=W.Layout(width="100%", max_width="560px", grid_gap="2px"),
                                         _dom_classes=("tt-tile-grid",)))
        grid = self._grids[i]
        template = f"repeat({columns}, minmax(0, 1fr))"
        if grid.layout.grid_template_columns != template:
            grid.layout.grid_template_columns = template
        return grid

    def _cell(self, j: int) -> W.Button:
        while len(self._cells) <= j:
            b = W.Button(description="", layout=_cell_layout(), style=_cell_style(None),
                         _dom_classes=("tt-cell",))
            b.on_click(self._clicked_cell)
            self._cells.append(b)
            self._cell_taps.append(None)
        return self._cells[j]

    def _fresh_cell(self, j: int) -> W.Button:
        """A new button for square ``j`` (the caller closes the old one): a browser keeps a
        button's old text when its description becomes empty (ipywidgets redraws only a non-empty
        one), so a square that empties (a tile no longer offered) would still read the tile's name."""
        b = W.Button(description="", layout=_cell_layout(), style=_cell_style(None), _dom_classes=("tt-cell",))
        b.on_click(self._clicked_cell)
        self._cells[j] = b
        self._cell_taps[j] = None
        return b

    def _picker(self, i: int) -> tuple[W.Dropdown, W.Button]:
        while len(self._pickers) <= i:
            dd = W.Dropdown()
            dd.add_class("tt-picker")
            go = kit.button(_("Enter"), "tt-primary")
            go.on_click(self._picked_button)
            self._pickers.append((dd, go))
            self._picker_actions.append([])
        return self._pickers[i]

    def _clicked_button(self, button: W.Button) -> None:
        k = next((k for k, b in enumerate(self._buttons) if b is button), None)
        if k is None:
            self._stale()
        elif self._button_taps[k] is not None:
            self._tapped(self._button_taps[k])

    def _clicked_cell(self, button: W.Button) -> None:
        k = next((k for k, b in enumerate(self._cells) if b is button), None)
        if k is None:
            self._stale()
        elif self._cell_taps[k] is not None and not button.disabled:
            self._tapped(self._cell_taps[k])

    def _tapped(self, tap: Tap) -> None:
        if tap.action is not None:
            self.on_pick(tap.action)
            return
        if tap.entries:
            self.on_entries(tap.entries)
            return
        steps = self._progress.setdefault(tap.kind, [])
        if tap.back:          # back to the step shown before (which may have asked two parts)
            if steps:
                steps.pop()
        elif tap.narrowing is not None:
            steps.append(tap.narrowing)
        elif tap.step is not None:
            steps.append(tap.step)
        self._draw()

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
        self._retired = list(self._buttons) + list(self._cells) + [w for pair in self._pickers for w in pair]
        self._retired_why = why
        for b in self._buttons + self._cells:
            if b.description:
                b.description = ""
            if b.tooltip:
                b.tooltip = ""
        for dd, _go in self._pickers:
            if dd.options:
                dd.options = []
        self._buttons, self._button_actions, self._button_taps, self._by_label = [], [], [], {}
        self._cells, self._cell_taps = [], []
        self._pickers, self._picker_actions, self._active_pickers = [], [], 0
        self._wanted = set()
        self._progress = {}
        for _head, box in self._rows:
            if box.children:
                box.children = ()
        for grid in self._grids:
            if grid.children:
                grid.children = ()

    # --- showing ---------------------------------------------------------------------------
    def show(self, prompt_html: str, actions: Sequence[Action], describe: Callable[[Action], str],
             extra: Sequence[W.Widget] = (), state: State | None = None, viewer: int | None = None) -> None:
        """Show ``actions`` grouped, under ``prompt_html``; ``extra`` widgets go last. With the
        ``state`` (its public view only is read), a title's own pickers draw its choices; with
        the ``viewer`` too (a seat's own panel, offered ``offered_actions(viewer)``) and
        ``on_entries``, a picker may make several of that seat's entries at one tap."""
        if self.prompt.value != prompt_html:
            self.prompt.value = prompt_html
        self._offer = (list(actions), describe, tuple(extra), state, viewer)
        self._progress = {}
        self._draw()

    def _draw(self) -> None:
        actions, describe, extra, state, viewer = self._offer
        progress = {kind: steps[-1] for kind, steps in self._progress.items() if steps}
        after = _offered_after(state, viewer) if (self.on_entries is not None and state is not None) else None
        rows = layout_rows(actions, describe, state, progress, after=after) if actions else []
        self.rows = rows
        self.groups = [ActionGroup(_text(r.head) or _text(r.label), [t.action for t in r.taps if t.action is not None],
                                   [t.label for t in r.taps if t.action is not None]) for r in rows]
        children: list[W.Widget] = []
        n_picker = 0
        flat = [r for r in rows if not r.columns]
        labels_wanted = [t.label for r in flat if len(r.taps) <= MAX_BUTTONS_PER_GROUP for t in r.taps]
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
        n_label = n_grid = n_cell = 0
        for gi, row in enumerate(rows):
            head, box = self._row(gi)
            if head.value != row.head:
                head.value = row.head
            items: list[W.Widget] = []
            if row.label:
                lab = self._label(n_label)
                n_label += 1
                if lab.value != row.label:
                    lab.value = row.label
                items.append(lab)
            if row.columns:
                grid = self._grid(n_grid, row.columns)
                n_grid += 1
                cells, emptied = [], []
                for tap in row.taps:
                    b = self._cell(n_cell)
                    if not tap.label and b.description:
                        emptied.append(b)
                        b = self._fresh_cell(n_cell)
                    self._cell_taps[n_cell] = tap if tap.enabled else None
                    n_cell += 1
                    with b.hold_sync():
                        if b.description != tap.label:
                            b.description = tap.label
                        if b.disabled == tap.enabled:
                            b.disabled = not tap.enabled
                        if b.tooltip != tap.tooltip:
                            b.tooltip = tap.tooltip
                        style = _cell_style(tap.colour)
                        if b.style is not style:
                            b.style = style
                    cells.append(b)
                if tuple(cells) != grid.children:
                    grid.children = tuple(cells)
                for old in emptied:        # closed once the grid holds its fresh square
                    old.close()
                items.append(grid)
            elif len(row.taps) > MAX_BUTTONS_PER_GROUP and all(t.action is not None for t in row.taps):
                dd, go = self._picker(n_picker)
                dd.options = [(t.label, j) for j, t in enumerate(row.taps)]
                dd.value = 0
                self._picker_actions[n_picker] = [t.action for t in row.taps]
                items += [dd, go]
                n_picker += 1
            else:
                for tap in row.taps:
                    k = self._take_button(tap.label, used)
                    used.add(k)
                    b = self._buttons[k]
                    if b.description != tap.label:
                        b.description = tap.label
                    if b.tooltip != tap.tooltip:
                        b.tooltip = tap.tooltip
                    self._button_actions[k] = tap.action
                    self._button_taps[k] = tap
                    by_label.setdefault(tap.label, []).append(k)
                    items.append(b)
            if tuple(items) != box.children:
                box.children = tuple(items)
            children.extend((head, box))
        for k in range(len(self._button_actions)):
            if k not in used:
                self._button_actions[k] = None
                self._button_taps[k] = None
                if self._buttons[k].description:
                    by_label.setdefault(self._buttons[k].description, []).append(k)
        for j in range(n_cell, len(self._cells)):   # squares off the page keep no tile's name
            self._cell_taps[j] = None
            b = self._cells[j]
            if b.description or b.tooltip:
                with b.hold_sync():
                    b.description = ""
                    b.tooltip = ""
        self._by_label = by_label
        self._wanted = set()
        self._active_pickers = n_picker
        children.extend(extra)
        if tuple(children) != self.body.children:
            self.body.children = tuple(children)

    def clear(self, prompt_html: str = "", extra: Sequence[W.Widget] = ()) -> None:
        self.show(prompt_html, (), lambda a: "", extra)

    # --- for tests and keyboard drivers ------------------------------------------------------
    def _visible_taps(self) -> list[tuple[W.Button, Tap]]:
        out = [(b, t) for b, t in zip(self._buttons, self._button_taps) if t is not None]
        out += [(b, t) for b, t in zip(self._cells, self._cell_taps) if t is not None]
        return out

    def buttons(self) -> list[tuple[W.Button, Action]]:
        """The visible buttons with every action each leads to: one action for a button that
        enters it, each action still possible for a button that answers one part of a choice
        (the first tap on the way; ``pick`` makes the rest)."""
        return [(b, a) for b, t in self._visible_taps() for a in t.reaches()]

    def offered(self) -> list[Action]:
        """Every action the panel can enter now (by buttons, parts or a drop-down list)."""
        out = [a for _b, a in self.buttons()]
        out += [a for k in range(self._active_pickers) for a in self._picker_actions[k]]
        out += [a for steps in self._progress.values() if steps and isinstance(steps[-1], Narrowing)
                for a in steps[-1].offered if a not in steps[-1].remaining]
        return out

    def back_button(self) -> W.Button | None:
        """The Back button of a choice asked in parts, when one is shown."""
        return next((b for b, t in self._visible_taps() if t.back), None)

    def pick(self, action: Action) -> int:
        """Click the controls that enter ``action`` (each part of a choice asked in parts, going
        Back first if an earlier answer led elsewhere); the number of clicks, 0 when it is not
        offered."""
        clicks = 0
        for _ in range(24):
            for b, t in self._visible_taps():
                if t.action == action:
                    b.click()
                    return clicks + 1
            for k in range(self._active_pickers):
                acts = self._picker_actions[k]
                if action in acts:
                    dd, go = self._pickers[k]
                    dd.value = acts.index(action)
                    go.click()
                    return clicks + 2
            step = next((b for b, t in self._visible_taps() if t.narrowing is not None
                         and action in t.narrowing.remaining), None)
            if step is None:
                step = next((b for b, t in self._visible_taps() if t.back), None)
                if step is None or not any(steps and (not isinstance(steps[-1], Narrowing)
                                                      or action in steps[-1].offered)
                                           for steps in self._progress.values()):
                    return 0
            step.click()
            clicks += 1
        return 0

    def pick_entries(self, entries: Sequence[Action]) -> tuple[int, int]:
        """Click the controls that make the longest run of ``entries`` (from the first) that one
        tap can make, through a title picker's steps; (clicks, entries made), (0, 0) when not
        even the first is offered."""
        entries = tuple(entries)
        clicks = 0
        for _ in range(8):
            taps = self._visible_taps()
            whole = [(b, t) for b, t in taps if len(t.entries) >= 2 and entries[:len(t.entries)] == t.entries]
            if whole:
                b, t = max(whole, key=lambda bt: len(bt[1].entries))
                b.click()
                return clicks + 1, len(t.entries)
            step = next((b for b, t in taps if t.step is not None and t.toward is not None and t.toward(entries)),
                        None)
            if step is None:
                break
            step.click()
            clicks += 1
        made = self.pick(entries[0])
        return (clicks + made, 1) if made else (0, 0)

    def blank(self) -> None:
        """Forget everything shown: every label emptied and every control detached, so the
        page keeps no trace of it (for a private panel being closed; cheaper than closing)."""
        with self.prompt.hold_sync():
            self.prompt.value = ""
        for k, b in enumerate(self._buttons):
            if b.description:
                b.description = ""
            if b.tooltip:
                b.tooltip = ""
            self._button_actions[k] = None
            self._button_taps[k] = None
        for k, b in enumerate(self._cells):
            with b.hold_sync():
                if b.description:
                    b.description = ""
                if b.tooltip:
                    b.tooltip = ""
            self._cell_taps[k] = None
        self._by_label = {}
        for head, box in self._rows:
            if head.value:
                head.value = ""
            if box.children:
                box.children = ()
        for lab in self._labels:
            if lab.value:
                lab.value = ""
        for grid in self._grids:
            if grid.children:
                grid.children = ()
        for k, (dd, _go) in enumerate(self._pickers):
            if dd.options:
                dd.options = []
            self._picker_actions[k] = []
        self._active_pickers = 0
        self._progress = {}
        self._offer = ((), None, (), None, None)
        self.groups = []
        self.rows = []
        self.body.children = ()

    def close(self) -> None:
        """Close every widget of the panel (removes them from the page entirely)."""
        for w in self._retired:
            w.close()
        for b in self._buttons + self._cells:
            b.close()
        for head, box in self._rows:
            head.close()
            box.close()
        for w in self._labels + self._grids:
            w.close()
        for dd, go in self._pickers:
            dd.close()
            go.close()
        self.prompt.close()
        self.body.close()
        self.widget.close()


def _text(markup: str) -> str:
    import html
    import re
    return html.unescape(re.sub(r"<[^>]+>", "", markup or "")).strip()
