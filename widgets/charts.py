"""Live charts: stock values and each player's public net worth, by round.

plotly is imported only when the charts are first shown, so the tracker appears as fast as
a page without plotly. Series come from the public value history (``value_history(None)``)
and from public views, so the charts never show a secret.
"""
from __future__ import annotations

from typing import Callable, Mapping

import ipywidgets as W

from tabletop.match import Match

__all__ = ["value_series", "NetWorthSeries", "ChartsPanel"]


def value_series(match: Match) -> dict[str, tuple[list[int], list[int]]]:
    """stock -> (rounds, value at the end of each round so far), from the public value history;
    a round without a change carries the value before it."""
    history = match.value_history(None)
    last: dict[str, dict[int, int]] = {}
    for stock, rnd, value in zip(history["stock"], history["round"], history["value"]):
        last.setdefault(stock, {})[int(rnd or 0)] = int(value)
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
    """Each seat's public net worth at the end of each round (the current round: as now)."""

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
            self.by_round[int(state.round or 0)] = self._point(state)

    def update(self, state) -> None:
        """After any change: drop rounds after the current one, refresh the current one."""
        rnd = int(state.round or 0)
        for r in [r for r in self.by_round if r > rnd]:
            del self.by_round[r]
        self.by_round[rnd] = self._point(state)

    def series(self, names) -> dict[str, tuple[list[int], list[int | None]]]:
        rounds = sorted(self.by_round)
        return {name: (rounds, [self.by_round[r][s] for r in rounds]) for s, name in enumerate(names)}


class ChartsPanel:
    """A "Show charts" button; once pressed, two plotly FigureWidgets kept live.

    Each figure is built with its first data: a FigureWidget's changes made before the browser
    has drawn it never reach the browser, so an empty figure filled afterwards would open blank.
    While plotly loads (a second or more the first time) the button says so and cannot be
    pressed again, so a second tap does not hide what is about to appear."""

    def __init__(self, match_getter: Callable[[], Match], worth: Callable[[Mapping, int], int | None],
                 worth_title: str = "Net worth by round (what the table sees)"):
        self._match = match_getter
        self.worth = NetWorthSeries(worth)
        self.worth_title = worth_title
        self.toggle = W.Button(description="Show charts")
        self.toggle.add_class("tt-btn")
        self.toggle.on_click(lambda _b: self._flip() if self.loaded else self.show())
        self.status = W.HTML("")
        self._hidden = False
        self.box = W.VBox()
        self.box.add_class("tt-scroll")      # a figure wider than a phone scrolls sideways in its card
        self.widget = W.VBox([self.toggle, self.status, self.box])
        self.widget.add_class("tt-card")
        self.widget.add_class("tt-charts")
        self.values_fig = None
        self.worth_fig = None

    @property
    def loaded(self) -> bool:
        return self.values_fig is not None

    def show(self) -> None:
        if self.loaded:
            return
        self.toggle.disabled = True
        self.toggle.description = "Loading charts..."
        self.status.value = '<div class="tt-dim">Loading the charts: a moment, please.</div>'
        try:
            import plotly.graph_objects as go
            match = self._match()
            self.worth.rebuild(match)
            layout = dict(height=320, autosize=True, margin=dict(l=40, r=10, t=40, b=40), legend=dict(orientation="h"),
                          xaxis=dict(dtick=1, title="round"), template="plotly_white")
            self.values_fig = go.FigureWidget(data=_lines(value_series(match)),
                                              layout=dict(layout, title="Stock values by round"))
            self.worth_fig = go.FigureWidget(data=_lines(self.worth.series(match.game.players)),
                                             layout=dict(layout, title=self.worth_title))
            for fig in (self.values_fig, self.worth_fig):
                fig._config = {"responsive": True, "displaylogo": False}   # follow the card's width
            self.box.children = (self.values_fig, self.worth_fig)
        finally:
            self.status.value = ""
            self.toggle.disabled = False
            self.toggle.description = "Hide charts" if self.loaded else "Show charts"

    def _flip(self) -> None:
        if not self.loaded:
            return
        self._hidden = not self._hidden
        self.box.layout.display = "none" if self._hidden else None
        self.toggle.description = "Show charts" if self._hidden else "Hide charts"

    def refresh(self, rebuilt: bool = False) -> None:
        if not self.loaded:
            return
        match = self._match()
        if not rebuilt:
            self.worth.update(match.state)
        _set_lines(self.values_fig, value_series(match))
        _set_lines(self.worth_fig, self.worth.series(match.game.players))

    def close(self) -> None:
        for fig in (self.values_fig, self.worth_fig):
            if fig is not None:
                fig.close()
        self.status.close()


def _lines(series: dict) -> list[dict]:
    return [dict(type="scatter", mode="lines+markers", name=name, x=list(x), y=list(y))
            for name, (x, y) in series.items()]


def _set_lines(fig, series: dict) -> None:
    names = list(series)
    with fig.batch_update():
        if [t.name for t in fig.data] != names:
            fig.data = ()
            for name in names:
                fig.add_scatter(name=name, mode="lines+markers")
        for trace, name in zip(fig.data, names):
            x, y = series[name]
            trace.x, trace.y = list(x), list(y)
