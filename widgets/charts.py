"""Live charts: stock values and each player's public net worth, by round.

The figures are plotly's JSON sent under plotly's own MIME type into an Output widget, which the
jupyterlab-plotly extension draws with the plotly.js the page already loaded from the server.
Measured on 2 busy cores: the tap to both figures drawn took 2-3 s this way, 16-22 s with
FigureWidgets (each ships 5 MB of plotly.js through the kernel's websocket, and one opened blank
now and then). Nothing of plotly is imported in the kernel. Series come from the public value
history (``value_history(None)``) and from public views, so the charts never show a secret.
"""
from __future__ import annotations

import asyncio
from typing import Callable, Mapping

import ipywidgets as W

from tabletop.i18n import _
from tabletop.match import Match

__all__ = ["value_series", "NetWorthSeries", "ChartsPanel", "line_figure", "PLOTLY_MIME", "plotly_output"]

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def plotly_output(figure: dict) -> dict:
    """A plotly figure's JSON as one entry of an ``ipywidgets.Output``'s ``outputs``: set as data,
    the page draws it (jupyterlab-plotly), with or without a kernel capturing output."""
    return {"output_type": "display_data", "data": {PLOTLY_MIME: figure}, "metadata": {}}


def value_series(match: Match) -> dict[str, tuple[list[int], list[int]]]:
    """stock -> (rounds, value at the end of each round so far), from the public value history;
    a round without a change carries the value before it."""
    last: dict[str, dict[int, int]] = {}
    for row in match.value_rows(None):      # plain rows: no pandas import on the first tap
        last.setdefault(row["stock"], {})[int(row["round"] or 0)] = int(row["value"])
    now = int(match.state.round or 0)
    out = {}
    for stock, by_round in last.items():
        first = min(by_round)
        rounds = list(range(first, max(now, max(by_round)) + 1))
        values, value = [], None
        for r in rounds:
            value = by_round.get(r, value)
            values.append(value)
        out[stock] = (rounds, values)
    return out


class NetWorthSeries:
    """Each seat's public net worth at the end of each round (the current round: as now).

    A round's point is the table after the entry that ended it (its dividends, sales and fees
    in), as the end-of-round summary tells it, not the last table still marked with that round."""

    def __init__(self, worth: Callable[[Mapping, int], int | None]):
        self.worth = worth
        self.by_round: dict[int, list[int | None]] = {}

    def _point(self, state) -> list[int | None]:
        view = state.view(None)
        return [self.worth(view, s) for s in range(state.n)]

    def rebuild(self, match: Match) -> None:
        """From the whole log (once, when the charts are first shown)."""
        self.by_round = {}
        state = match.title.new_state(match.game)
        self.by_round[int(state.round or 0)] = self._point(state)
        for action in match.log:
            state.apply(action)
            self.update(state)

    def update(self, state) -> None:
        """After any change: drop rounds after the current one, refresh the current one (and the
        rounds the last entry ended, when it moved the game into a later round)."""
        rnd = int(state.round or 0)
        for r in [r for r in self.by_round if r > rnd]:
            del self.by_round[r]
        point = self._point(state)
        last = max(self.by_round, default=rnd)
        for r in range(min(last, rnd), rnd + 1):
            self.by_round[r] = point

    def series(self, names) -> dict[str, tuple[list[int], list[int | None]]]:
        rounds = sorted(self.by_round)
        return {name: (rounds, [self.by_round[r][s] for r in rounds]) for s, name in enumerate(names)}


class ChartsPanel:
    """A "Show charts" button; once pressed, two line figures redrawn after every change.

    While the figures are first drawn the button says so and cannot be pressed again, so a
    second tap does not hide what is about to appear."""

    def __init__(self, match_getter: Callable[[], Match], worth: Callable[[Mapping, int], int | None],
                 worth_title: str = "Net worth by round (what the table sees)", unit: str = "$",
                 value_unit: str = "", worth_axis: str = ""):
        self._match = match_getter
        self.worth_axis = worth_axis
        self.worth = NetWorthSeries(worth)
        self.worth_title, self.unit, self.value_unit = worth_title, unit, value_unit
        self.toggle = W.Button(description=_("Show charts"))
        self.toggle.add_class("tt-btn")
        self.toggle.on_click(lambda _b: self._flip() if self.loaded else self.show())
        self.status = W.HTML("")
        self._hidden = False
        self.loaded = False
        self.figures: list[dict] = []     # what was last sent, for tests
        self.box = W.Output()
        self.box.add_class("tt-scroll")      # a figure wider than a phone scrolls sideways in its card
        self.box.add_class("tt-chart-box")
        # a one-point figure the page draws out of sight a moment after it opened: plotly.js runs
        # for the first time then, not on the first "Show charts" (see ``warm_up``); the screen
        # puts it on the page outside the charts' card
        self.warm = W.Output(layout=W.Layout(width="1px", height="1px", overflow="hidden", visibility="hidden"))
        self.widget = W.VBox([self.toggle, self.status, self.box])
        self.widget.add_class("tt-card")
        self.widget.add_class("tt-charts")

    def warm_up(self, after: float = 3.0) -> bool:
        """Have the page start plotly.js ``after`` seconds from now, on a figure it never shows,
        while the players look at the table: plotly's first start (the page's main thread busy
        1.3-3 s on 2 busy cores, measured) then no longer comes after the tap on "Show charts".
        Only inside a running event loop (a kernel); False elsewhere (tests, scripts)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        loop.call_later(after, self._warm)
        return True

    def _warm(self) -> None:
        if self.loaded or self.warm.outputs or self.warm.comm is None:
            return
        # nothing drawn but a point: no axes, no toolbar (its logo), nothing to hover
        tiny = {"data": [{"type": "scatter", "x": [0], "y": [0], "hoverinfo": "skip"}],
                "layout": {"width": 10, "height": 10, "xaxis": {"visible": False}, "yaxis": {"visible": False},
                           "margin": {"l": 0, "r": 0, "t": 0, "b": 0}},
                "config": {"displayModeBar": False, "staticPlot": True}}
        self.warm.outputs = (plotly_output(tiny),)

    def show(self) -> None:
        if self.loaded:
            return
        self.toggle.disabled = True
        self.toggle.description = _("Loading charts...")
        self.status.value = '<div class="tt-dim">' + _("Drawing the charts: a moment, please.") + '</div>'
        try:
            self.worth.rebuild(self._match())
            self.loaded = True
            self._draw()
            if self.warm.outputs:
                self.warm.outputs = ()        # plotly.js has started: the hidden figure goes
        finally:
            self.status.value = ""
            self.toggle.disabled = False
            self.toggle.description = _("Hide charts") if self.loaded else _("Show charts")

    def _flip(self) -> None:
        self._hidden = not self._hidden
        self.box.layout.display = "none" if self._hidden else None
        self.toggle.description = _("Show charts") if self._hidden else _("Hide charts")

    def refresh(self, rebuilt: bool = False) -> None:
        if not self.loaded:
            return
        if not rebuilt:
            self.worth.update(self._match().state)
        self._draw()

    def _draw(self) -> None:
        match = self._match()
        self.figures = [line_figure(_("Stock values by round"), value_series(match), self.value_unit, _("Value")),
                        line_figure(self.worth_title, self.worth.series(match.game.players), self.unit,
                                    self.worth_axis)]
        # the Output widget's outputs, set as data: the page draws them, with or without a kernel
        # capturing output (and the tests read exactly what the page receives)
        self.box.outputs = tuple(plotly_output(fig) for fig in self.figures)

    def traces(self, which: int) -> dict[str, tuple[list, list]]:
        """name -> (x, y) of figure ``which`` (0: values, 1: net worth) as the page received it."""
        fig = self.box.outputs[which]["data"][PLOTLY_MIME]
        return {t["name"]: (t["x"], t["y"]) for t in fig["data"]}

    def close(self) -> None:
        self.warm.close()
        self.box.close()
        self.status.close()


def line_figure(title: str, series: Mapping[str, tuple[list, list]], unit: str = "",
                y_title: str = "") -> dict:
    """A plotly figure (its JSON) of one line per series against the round; the y axis in
    ``unit`` ("$" before the amount, " pts" after it, "" none), thousands separated. The round
    axis shows whole rounds only, from the first to the last (one round: just that round)."""
    prefix, suffix = (unit, "") if unit == "$" else ("", unit)
    rounds = [r for x, _y in series.values() for r in x]
    first, last = (min(rounds), max(rounds)) if rounds else (0, 1)
    return {"data": [{"type": "scatter", "mode": "lines+markers", "name": name, "x": list(x), "y": list(y)}
                     for name, (x, y) in series.items()],
            "layout": {"title": {"text": title}, "height": 340, "autosize": True,
                       "margin": {"l": 64, "r": 10, "t": 40, "b": 48}, "legend": {"orientation": "h", "y": -0.25},
                       "xaxis": {"title": {"text": _("Round")}, "tickmode": "linear", "tick0": first, "dtick": 1,
                                 "range": [first - 0.3, last + 0.3], "tickformat": "d"},
                       "yaxis": {"title": {"text": y_title}, "tickformat": ",", "tickprefix": prefix,
                                 "ticksuffix": suffix}},
            "config": {"responsive": True, "displaylogo": False}}
