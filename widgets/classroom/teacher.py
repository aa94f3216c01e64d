"""The teacher's screen (the public view only): the class code, who has joined, Open round /
Close round, the results table and its CSV, and the live charts."""
from __future__ import annotations

import math
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as W

from tabletop.core import TERMINAL, Action
from tabletop.errors import TabletopError
from tabletop.i18n import N_, _, tr

from .. import kit
from ..charts import plotly_output
from ..join import qr_svg
from ..live import Watcher
from ..render import attr, esc, money
from ..style import CSS
from .common import (EXTRA_CSS, _card, _closed_rows, _header, _is_open, _LiveScreen, _nan, _nicknames, _opt,
                     _round_of, _title, _whole, class_link, enter_with_draws, rule_words)


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
        from ..exports import ExportBox
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
        closed = len(_closed_rows(view))
        if closed != self._closed_seen:         # the tables and charts change only at a close;
            self._closed_seen = closed          # before the status, so "over" never shows an old CSV
            self._show_results()
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

