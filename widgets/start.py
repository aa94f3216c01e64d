"""The start page: pick a title and its options, name the players in seat order (each may set
a PIN), or resume, export (the public record, or a full backup with the PINs), delete or import
a saved match. A database that cannot be read, or a saved match that cannot be listed, is said
in plain words; the rest of the list still shows."""
from __future__ import annotations

import datetime as _dt
import time
from typing import Any, Callable, Sequence

import ipywidgets as W

from tabletop.errors import PinLocked, StoreError, TabletopError
from tabletop.i18n import DEFAULT, _, current_language, tr, trn
from tabletop.match import MAX_NAME_LENGTH, MAX_SAVE_BYTES, Match, _too_large
from tabletop.registry import get_title, title_names
from tabletop.store import MatchInfo, Store, StoredMatch

from . import kit
from .exports import ExportBox, pin_field
from .render import and_list, esc, humanize, title_name, word
from .style import CSS
from .titles import title_ui

__all__ = ["StartPage", "available_titles"]

#: a classroom experiment is listed on no start page (a student's page too opens the server's
#: root address): its full backup holds every drawn value and sealed bid, so it and its Delete
#: are on the teacher screen, which opens with the teacher's link only
CLASSROOM = "classroom"

_extra_titles: list[str] = []


def add_title_name(name: str) -> None:
    """Offer a title registered outside the built-in list (a plugin) on the start page."""
    if name not in _extra_titles:
        _extra_titles.append(name)


def available_titles() -> list[tuple[str, Any]]:
    """(registry name, Title) of every title whose engine can be loaded."""
    out = []
    for name in title_names() + [n for n in _extra_titles if n not in title_names()]:
        try:
            out.append((name, get_title(name)))
        except Exception:  # an engine not installed (or broken) is left off the list
            continue
    return out


def _ago(t: float) -> str:
    d = max(0, time.time() - t)
    if d < 90:
        return _("just now")
    if d < 3600:
        return tr("{n} min ago", n=int(d // 60))
    if d < 86400 * 2:
        return tr("{n} h ago", n=int(d // 3600))
    return _dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d")


def _upload_words() -> str:
    """The import button's words (the stylesheet draws them, in English) in the page's language."""
    if current_language() == DEFAULT:
        return ""
    words = _("Import a match (JSON file)").replace("\\", "").replace('"', "")
    return f'<style>.tt-app .tt-upload::before {{ content: "{esc(words)}" / ""; }}</style>'


def _btn(label: str, *classes: str, on_click: Callable[[], None] | None = None) -> W.Button:
    return kit.button(label, *classes, on_click=on_click)


def _wrap(children: Sequence[W.Widget]) -> W.Box:
    return kit.box(children)


def _card(*children: W.Widget) -> W.VBox:
    return kit.vbox(list(children), "tt-card")


class StartPage:
    """``on_open(stored_match)`` is called with a new, resumed or imported match."""

    MAX_LISTED = 5

    def __init__(self, store: Store, on_open: Callable[[StoredMatch], None], message: str | None = None):
        self.store, self.on_open = store, on_open
        # a classroom experiment has a card of its own (below), not seats named by hand
        self.titles = [(name, t) for name, t in available_titles() if name != "classroom"]
        self.banner = kit.html()
        self._set_banner(message)
        # --- new match
        self.title_pick = W.ToggleButtons(options=[(title_name(t.display_name), name) for name, t in self.titles])
        self.title_pick.add_class("tt-toggle")
        self.count_pick = W.ToggleButtons()
        self.count_pick.add_class("tt-toggle")
        self.names: list[W.Text] = []       # built as seats are needed
        self.pins: list[W.Password] = []
        self.seat_rows: list[W.Box] = []
        self.seats_box = kit.vbox()
        self.options_box = kit.vbox()
        self.option_widgets: dict[str, W.Widget] = {}
        self.option_defaults: dict[str, Any] = {}
        self.start_button = _btn(_("Start the match"), "tt-primary", on_click=self.start)
        # a game already under way: the table types what everyone sees, then each player their secrets
        self.position_button = _btn(_("Start from the table as it is"), on_click=self.show_position)
        self.position_box = kit.vbox()
        self.position_form = None
        new = _card(kit.html('<div class="tt-section-title">' + esc(_("New match")) + '</div><b>' + esc(_("Game")) + '</b>'),
                    self.title_pick,
                    kit.html("<b>" + esc(_('Players')) + "</b>"), self.count_pick,
                    kit.html('<div class="tt-dim">' + esc(_("Names in seat order, starting from the first player. "
                                                            "A PIN keeps a player's private panel for them alone."))
                             + " " + esc(tr("A name has at most {n} characters.", n=MAX_NAME_LENGTH)) + "</div>"),
                    self.seats_box,
                    kit.html("<b>" + esc(_('Options')) + "</b>"), self.options_box,
                    _wrap([self.start_button, self.position_button]), self.position_box)
        if not self.titles:
            new = _card(kit.html('<div class="tt-section-title">' + esc(_("New match")) + '</div>'
                                 "<p>" + esc(_('No game engine is installed yet.')) + "</p>"))
        # --- saved matches
        self.saved_box = kit.vbox()
        self.show_all = False
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   description=_("Import a match (JSON file)"), icon="")
        self.upload.add_class("tt-btn")
        self.upload.add_class("tt-upload")   # the stylesheet hides the file count ipywidgets appends
        self.upload.observe(self._uploaded, names="value")
        self.problems = kit.html()
        # the page template reads no file over the save limit (data-tt-read-limit)
        saved = _card(kit.html('<div class="tt-section-title">' + esc(_("Saved matches")) + '</div>'
                               f'<span data-tt-read-limit="{MAX_SAVE_BYTES}"></span>'), self.problems,
                      self.saved_box, _wrap([self.upload]))
        head = kit.html('<div class="tt-header"><span class="tt-title">tabletop</span><span class="tt-dim">'
                        + esc(_("A companion for stock-market board games at the table.")) + "</span></div>"
                        + _upload_words())
        self.row_exports: dict[str, ExportBox] = {}
        self.delete_pins: dict[int, W.Password] = {}     # the PIN fields of the Delete asked now
        self.classroom = None
        if any(name == "classroom" for name, _t in available_titles()):
            from .classroom import ClassroomCard
            self.classroom = ClassroomCard(store, on_open)
        self.widget = kit.vbox([kit.html(CSS), _card(head), self.banner, saved, new]
                               + ([self.classroom.widget] if self.classroom else []), "tt-app", "tt-start")
        if self.titles:
            self.title_pick.observe(lambda _c: self._title_changed(), names="value")
            self.count_pick.observe(lambda _c: self._count_changed(), names="value")
            self._title_changed()
        self.refresh_saved()

    def _set_banner(self, message: str | None) -> None:
        self.banner.value = f'<div class="tt-banner">{esc(message)}</div>' if message else ""

    # --- new match -------------------------------------------------------------------------
    @property
    def title(self):
        return dict(self.titles)[self.title_pick.value]

    def _title_changed(self) -> None:
        t = self.title
        counts = list(range(t.min_players, t.max_players + 1))
        old = self.count_pick.value
        self.count_pick.options = [(str(n), n) for n in counts]
        self.count_pick.value = old if old in counts else (4 if 4 in counts else counts[0])
        self._count_changed()

    def _seat(self, i: int) -> None:
        while len(self.seat_rows) <= i:
            k = len(self.seat_rows)
            self.names.append(W.Text(placeholder=tr("Seat {seat} name", seat=k + 1)))
            self.names[k].observe(lambda _c: self._name_first_players(), names="value")
            self.pins.append(W.Password(placeholder=_("PIN (optional)")))
            self.seat_rows.append(_wrap([kit.html("<b>" + esc(tr('Seat {seat}', seat=k + 1)) + "</b>"), self.names[k],
                                         self.pins[k]]))

    def _count_changed(self) -> None:
        self._hide_position()
        n = self.count_pick.value or self.title.min_players
        self._seat(n - 1)
        self.seats_box.children = tuple(self.seat_rows[:n])
        self._build_options(n)

    def _build_options(self, n: int) -> None:
        ui = title_ui(self.title_pick.value)
        try:
            defaults = self.title.normalize_options({}, n)
        except TabletopError as exc:
            self._set_banner(str(exc))
            defaults = {}
        self.option_defaults = dict(defaults)
        previous = {k: w.value for k, w in self.option_widgets.items()}
        for row in self.options_box.children:      # each option with its sentence, closed whole
            for w in (*getattr(row, "children", ()), row):
                w.close()
        self.option_widgets = {}
        rows = []
        shown = ui.options_shown if ui.options_shown is not None else list(defaults)
        for key in shown:
            if key not in defaults:
                continue
            value = defaults[key]
            choices = ui.option_choices.get(key)
            label = humanize(key)
            if key == "first_player" and isinstance(value, int):
                w = W.Dropdown(options=[(name, i) for i, name in enumerate(self._names()[:n])],
                               value=value, description=label)
            elif choices:
                w = W.Dropdown(options=[(word(c), c) for c in choices], value=value if value in choices else choices[0],
                               description=label)
            elif isinstance(value, bool):
                w = W.Checkbox(value=value, description=label, indent=False)
            elif isinstance(value, int):
                w = W.IntText(value=value, description=label)
            elif isinstance(value, float):
                w = W.FloatText(value=value, description=label)
            elif isinstance(value, str):
                w = W.Text(value=value, description=label)
            else:
                continue
            w.style.description_width = "initial"
            if key in previous and type(previous[key]) is type(value):
                try:
                    w.value = previous[key]
                except Exception:
                    pass
            self.option_widgets[key] = w
            help_text = _(getattr(self.title, "option_help", {}).get(key) or "")
            rows.append(kit.vbox([w, kit.html(f'<div class="tt-help">{esc(help_text)}</div>')], "tt-option")
                        if help_text else kit.vbox([w], "tt-option"))
        if not rows:
            rows = [kit.html('<span class="tt-dim">' + esc(_("This game has no options.")) + '</span>')]
        self.options_box.children = tuple(rows)

    def _name_first_players(self) -> None:
        """The first-player menu says the names typed so far, not seat numbers."""
        pick = self.option_widgets.get("first_player")
        if isinstance(pick, W.Dropdown):
            value, names = pick.value, self._names()
            labels = [(name, i) for i, name in enumerate(names)]
            if list(pick.options) != labels:
                pick.options = labels
                pick.value = value

    def chosen_options(self) -> dict:
        """The options the players changed from the defaults."""
        return {k: w.value for k, w in self.option_widgets.items() if w.value != self.option_defaults.get(k)}

    def _names(self) -> list[str]:
        return [self.names[i].value.strip() or tr("Player {seat}", seat=i + 1) for i in range(self.count_pick.value)]

    def _hide_position(self) -> None:
        self.position_form = None
        for child in self.position_box.children:
            child.close()
        self.position_box.children = ()

    def show_position(self) -> None:
        """The form for a game already under way: what the whole table sees (money, values, face-up
        holdings, the board), for the names and options chosen above."""
        from .position import position_form
        self._hide_position()
        try:
            self.position_form = position_form(self.title_pick.value, self._names(), self.chosen_options())
        except TabletopError as exc:
            self._set_banner(str(exc))
            return
        self._set_banner(None)
        self.position_box.children = (
            kit.html('<div class="tt-dim">' + esc(_("Type what the whole table sees. Each player then enters "
                                                    "their own face-down cards, rack or hand in their own panel."))
                     + "</div>"),
            self.position_form.widget,
            _btn(_("Start from this position"), "tt-primary", on_click=lambda: self.start(from_position=True)))

    def start(self, from_position: bool = False) -> None:
        n = self.count_pick.value
        names = self._names()
        pins = [self.pins[i].value for i in range(n)]
        try:
            match = Match(self.title_pick.value, names, self.chosen_options())
            if from_position:
                # the Position is the log's first entry: replay, undo and saves work unchanged; the
                # rules refuse an impossible one in words and nothing is stored
                match.apply(self.position_form.action())
            for seat, pin in enumerate(pins):
                if pin and len(pin) < 4:
                    raise TabletopError("{player}'s PIN is too short: a PIN needs at least 4 characters.",
                                        player=names[seat])
            stored = self.store.create(match)
            for seat, pin in enumerate(pins):
                if pin:
                    self.store.set_pin(stored.id, seat, pin)
        except TabletopError as exc:
            self._set_banner(str(exc))
            return
        for w in self.pins:
            w.value = ""
        self._set_banner(None)
        self.on_open(stored)

    # --- saved matches -----------------------------------------------------------------------
    def _describe(self, info: MatchInfo) -> str:
        try:
            display = title_name(get_title(info.title).display_name)
        except Exception:
            display = info.title
        state = _("finished") if info.over else (tr("round {round}", round=info.round) if info.round else _("set up"))
        entries = trn("{n} entry", "{n} entries", info.n_actions) if current_language() != DEFAULT \
            else f"{info.n_actions} entries"
        # a name stored before names had a limit is shown cut, not shipped whole to every page
        names = [p if len(p) <= MAX_NAME_LENGTH else p[:MAX_NAME_LENGTH] + "…" for p in info.players]
        return (f"<b>{esc(display)}</b> · " + esc(_(', ').join(names)) + "<br>"
                f'<span class="tt-dim">{esc(state)} · {esc(entries)} · {esc(_ago(info.updated))}</span>')

    def refresh_saved(self) -> None:
        self.delete_pins = {}
        for box in self.row_exports.values():
            box.close()
        self.row_exports = {}
        for row in self.saved_box.children:
            for w in getattr(row, "children", ()):
                for x in getattr(w, "children", ()):
                    x.close()
                w.close()
            row.close()
        try:
            infos = self.store.list()
        except StoreError as exc:
            self._show_problems([str(exc)])
            self.saved_box.children = (kit.html('<span class="tt-dim">' + esc(_("The saved matches cannot be listed now.")) + '</span>'),)
            return
        self._show_problems(list(getattr(self.store, "list_problems", None) or []))
        classes = [info for info in infos if info.title == CLASSROOM]
        infos = [info for info in infos if info.title != CLASSROOM]
        rows = []
        shown = infos if self.show_all else infos[:self.MAX_LISTED]
        for info in shown:
            try:
                rows.append(self._row(info))
            except Exception:  # one odd row must not break the list of the others
                rows.append(kit.html('<div class="tt-match-row tt-dim">'
                                     + esc(tr("A saved match that cannot be shown ({match}).",
                                              match=getattr(info, "id", "?"))) + "</div>"))
        if classes:
            rows.append(kit.html('<span class="tt-dim">' + esc(_(
                "Classroom experiments are not listed here: the teacher opens one with its teacher link, the "
                "address of its teacher screen.")) + '</span>'))
        if not infos:
            rows.append(kit.html('<span class="tt-dim">' + esc(_("No saved matches yet.")) + '</span>'))
        elif len(infos) > len(shown):
            more = _btn(tr("Show all {n} matches", n=len(infos)), "tt-small")
            more.on_click(lambda _b: (setattr(self, "show_all", True), self.refresh_saved()))
            rows.append(more)
        self.saved_box.children = tuple(rows)

    def _show_problems(self, problems: list[str]) -> None:
        self.problems.value = "".join(f'<div class="tt-banner">{esc(p)}</div>' for p in problems)

    def _row(self, info: MatchInfo) -> W.VBox:
        """One saved match: what it is, Resume, Delete and its exports."""
        text = self._describe(info)
        resume = _btn(_("Resume") if not info.over else _("Open"), "tt-primary",
                      on_click=lambda i=info.id: self.resume(i))
        delete = _btn(_("Delete"), "tt-small", "tt-danger")
        exports = ExportBox(lambda i=info.id: self.store.export_public(i),
                            lambda pins, i=info.id: self.store.export_backup(i, pins),
                            [str(p) for p in info.players], f"{info.title}-{info.id}",
                            pin_wait=lambda seat, i=info.id: self.store.pin_wait(i, seat))
        self.row_exports[info.id] = exports
        row = kit.vbox([kit.html(text), _wrap([resume, delete]), exports.widget], "tt-match-row")
        delete.on_click(lambda _b, i=info, r=row: self._confirm_delete(i, r))
        return row

    def _confirm_delete(self, info: MatchInfo, row: W.VBox) -> None:
        """Ask first; a match whose seats have PINs needs them, as its full backup does."""
        try:
            protected = [seat for seat in range(len(info.players)) if self.store.has_pin(info.id, seat)]
        except TabletopError as exc:
            self._set_banner(str(exc))
            return
        names = [str(p)[:MAX_NAME_LENGTH] for p in info.players]
        self.delete_pins = {seat: pin_field(tr("{player}'s PIN", player=names[seat]), lambda _v: None)
                            for seat in protected}
        note = kit.html()
        sure = _btn(_("Yes, delete it"), "tt-danger", on_click=lambda: self._delete_with_pins(info.id, names, note))
        keep = _btn(_("Keep it"), on_click=self.refresh_saved)
        row.children = (row.children[0], kit.html("<b>" + esc(_('Delete this match for good?')) + "</b>"),
                        *(_wrap([kit.html(f"<b>{esc(names[seat])}</b>"), field])
                          for seat, field in self.delete_pins.items()),
                        _wrap([sure, keep]), note)

    def _delete_with_pins(self, match_id: str, names: Sequence[str], note: W.HTML) -> None:
        fields = self.delete_pins
        pins = {seat: f.value for seat, f in fields.items()}
        for f in fields.values():          # a typed PIN does not stay on the page
            f.value = ""
        missing = [seat for seat, pin in pins.items() if not pin]
        try:
            wrong = [seat for seat, pin in pins.items() if pin and not self.store.check_pin(match_id, seat, pin)]
        except (PinLocked, StoreError) as exc:
            note.value = f'<div class="tt-banner">{esc(exc)}</div>'
            return
        if missing or wrong:
            words = (tr("Deleting this match needs the PIN of {players}.", players=and_list(names[s] for s in missing))
                     if missing and not wrong else
                     tr("The PIN of {players} is not right: nothing was deleted.",
                        players=and_list(names[s] for s in wrong)))
            note.value = f'<div class="tt-banner">{esc(words)}</div>'
            return
        self.delete(match_id)

    def resume(self, match_id: str) -> None:
        try:
            stored = self.store.open(match_id)
        except TabletopError as exc:
            self._set_banner(str(exc))
            return
        self._set_banner(None)
        self.on_open(stored)

    def delete(self, match_id: str) -> None:
        try:
            self.store.delete(match_id)
        except TabletopError as exc:
            self._set_banner(str(exc))
        self.refresh_saved()

    def import_text(self, text: str) -> StoredMatch | None:
        try:
            stored = self.store.import_json(text)
        except TabletopError as exc:
            self._set_banner(str(exc))
            return None
        self._set_banner(None)
        self.on_open(stored)
        return stored

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        size = item.get("size") if isinstance(item, dict) else getattr(item, "size", None)
        self.upload.value = ()        # the same file may be chosen again; its bytes are not kept
        # the page reads nothing of a file over the limit (its template), so the size says it
        size = max(size if isinstance(size, int) else 0, len(content))
        if size > MAX_SAVE_BYTES:
            self._set_banner(str(_too_large(size)))
            return
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            self._set_banner(_("That file is not a saved match (it is not text)."))
            return
        self.import_text(text)

    def close(self) -> None:
        def close_tree(w):
            for c in getattr(w, "children", ()):
                close_tree(c)
            w.close()
        for w in self.seat_rows + list(self.option_widgets.values()):
            close_tree(w)
        close_tree(self.widget)
