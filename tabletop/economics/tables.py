"""Tables for the lessons: a pandas DataFrame, formatted (money as $1,234, shares as 12.3%),
that a notebook shows as a styled HTML table and anything else as the same formatted text.

    from tabletop.economics.tables import Table
    Table([{"player": "Ann", "bonus": 7000}], money=["bonus"])     # the last line of a cell

The text (``repr``) holds the same numbers as the HTML, and neither holds anything that changes
from run to run, so a notebook can compare a table's stored output (nbval). pandas is imported
when a table is made, not with ``tabletop.economics``.
"""
from __future__ import annotations

import hashlib
from fractions import Fraction
from numbers import Integral, Real
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..errors import OptionsError

__all__ = ["Table", "money", "signed_money"]


def money(x: Any) -> str:
    """Dollars, whole: $1,234 or -$1,234."""
    return f"-${-x:,.0f}" if x < 0 else f"${x:,.0f}"


def signed_money(x: Any) -> str:
    """Dollars with a sign for a gain or a loss: +$1,234, -$1,234, $0."""
    return money(x) if round(x) <= 0 else f"+{money(x)}"


def _plain(x: Any) -> str:
    if isinstance(x, bool) or x is None:
        return "" if x is None else ("yes" if x else "no")
    if isinstance(x, Fraction):
        return str(x)
    if isinstance(x, Integral):
        return f"{x:,}"
    if isinstance(x, Real):
        return f"{x:,.3f}"
    return str(x)


class Table:
    """Rows (mappings of column -> value, all with the same columns) as a formatted table.

    ``money``: columns in whole dollars; ``percent``: shares shown as percents (``digits``
    after the point); ``formats``: column -> a function of the value, for anything else;
    ``caption``: a line above the table."""

    def __init__(self, rows: Iterable[Mapping[str, Any]], *, money: Sequence[str] = (),
                 percent: Sequence[str] = (), digits: int = 1,
                 formats: Mapping[str, Callable[[Any], str]] | None = None, caption: str = ""):
        import pandas as pd

        self.frame = pd.DataFrame(list(rows))
        unknown = [c for c in [*money, *percent, *(formats or {})] if c not in self.frame.columns]
        if unknown:
            raise OptionsError(f"The table has no column {unknown[0]!r}; its columns are "
                             f"{', '.join(map(str, self.frame.columns))}.")
        self.caption = caption
        self.formats: dict[str, Callable[[Any], str]] = {c: _plain for c in self.frame.columns}
        self.formats.update({c: globals()["money"] for c in money})
        self.formats.update({c: (lambda x, d=digits: f"{x:.{d}%}") for c in percent})
        self.formats.update(formats or {})

    def text(self) -> str:
        """The table as aligned text, formatted like the HTML."""
        body = self.frame.to_string(index=False, formatters=self.formats)
        return f"{self.caption}\n{body}" if self.caption else body

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        """The HTML pandas' Styler writes for this table (``frame.style.format(formats)``, index
        hidden, numbers right-aligned and the rest left, the caption, a stable id), written here:
        importing the Styler and its templates cost a new kernel 0.2 s before a lesson's first table
        (tests/lessons/test_tables.py compares the two)."""
        columns = list(self.frame.columns)
        numeric = {c for c in columns if self.frame[c].map(
            lambda x: isinstance(x, (Real, Fraction)) and not isinstance(x, bool)).all()}
        # a stable id (the styler's default is random): the same table gives the same HTML
        table_id = "T_" + hashlib.sha1(self.text().encode()).hexdigest()[:10]
        cells = [[(f"{table_id}_row{r}_col{c}", self.formats[column](value))
                  for c, (column, value) in enumerate(zip(columns, row))]
                 for r, row in enumerate(self.frame.itertuples(index=False, name=None))]
        # the style sheet as the Styler groups it: one rule per alignment, in the order cells first
        # take it row by row
        rules: dict[str, list[str]] = {}
        for row in cells:
            for c, (cell_id, _) in enumerate(row):
                rules.setdefault("right" if columns[c] in numeric else "left", []).append(f"#{cell_id}")
        html = ['<style type="text/css">']
        html += [f"{', '.join(selectors)} {{\n  text-align: {align};\n}}" for align, selectors in rules.items()]
        html += ["</style>", f'<table id="{table_id}">']
        if self.caption:
            html.append(f"  <caption>{self.caption}</caption>")
        html += ["  <thead>", "    <tr>"]
        html += [f'      <th id="{table_id}_level0_col{c}" class="col_heading level0 col{c}" >{column}</th>'
                 for c, column in enumerate(columns)]
        html += ["    </tr>", "  </thead>", "  <tbody>"]
        for r, row in enumerate(cells):
            html.append("    <tr>")
            html += [f'      <td id="{cell_id}" class="data row{r} col{c}" >{shown}</td>'
                     for c, (cell_id, shown) in enumerate(row)]
            html.append("    </tr>")
        html += ["  </tbody>", "</table>", ""]
        return "\n".join(html)
