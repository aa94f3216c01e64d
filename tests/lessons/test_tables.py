"""Lesson tables: money and shares formatted alike in the text and the HTML, the same every run."""
import re
from fractions import Fraction

import pytest

from tabletop.economics.tables import Table, money, signed_money
from tabletop.errors import OptionsError


def _bonuses():
    return Table([{"player": "Ann", "bonus": 7000, "wins": 0.25, "share": Fraction(2, 3)},
                  {"player": "Ben", "bonus": -300, "wins": 0.1, "share": Fraction(1, 3)}],
                 money=["bonus"], percent=["wins"], caption="Bonuses at the merger")


def test_money_and_shares_read_as_a_player_writes_them():
    assert [money(7000), money(-300), money(1234.6), money(0)] == ["$7,000", "-$300", "$1,235", "$0"]
    assert [signed_money(900), signed_money(-1000), signed_money(0.2)] == ["+$900", "-$1,000", "$0"]
    lines = repr(_bonuses()).splitlines()
    assert lines[0] == "Bonuses at the merger"
    assert lines[1].split() == ["player", "bonus", "wins", "share"]
    assert lines[2].split() == ["Ann", "$7,000", "25.0%", "2/3"]
    assert lines[3].split() == ["Ben", "-$300", "10.0%", "1/3"]


def test_the_html_shows_the_same_cells_and_is_the_same_every_time():
    html = _bonuses()._repr_html_()
    cells = re.findall(r"<td [^>]*>([^<]*)</td>", html)
    assert cells == ["Ann", "$7,000", "25.0%", "2/3", "Ben", "-$300", "10.0%", "1/3"]
    assert "<caption>Bonuses at the merger</caption>" in html
    assert _bonuses()._repr_html_() == html                 # a stored output compares equal
    assert " at 0x" not in repr(_bonuses())                 # no memory address in the text either


def test_a_format_for_a_missing_column_is_refused():
    with pytest.raises(OptionsError, match="no column 'bonuses'; its columns are player, bonus"):
        Table([{"player": "Ann", "bonus": 1}], money=["bonuses"])


def _styler_html(table: Table) -> str:
    """What pandas' Styler writes for a table (the reference the lessons' tables are written as)."""
    import hashlib
    from numbers import Real
    frame = table.frame
    numeric = [c for c in frame.columns
               if frame[c].map(lambda x: isinstance(x, (Real, Fraction)) and not isinstance(x, bool)).all()]
    styler = (frame.style.format(table.formats).hide(axis="index")
              .set_uuid(hashlib.sha1(table.text().encode()).hexdigest()[:10])
              .set_properties(subset=numeric, **{"text-align": "right"})
              .set_properties(subset=[c for c in frame.columns if c not in numeric], **{"text-align": "left"}))
    return (styler.set_caption(table.caption) if table.caption else styler).to_html()


@pytest.mark.parametrize("table", [
    _bonuses(),
    Table([{"a": 1}]),                                                      # numbers only, no caption
    Table([{"": "winners' estimate - truth", "mean": 1569.2}, {"": "every estimate", "mean": -12.0}],
          money=["mean"], caption="Biased estimates, yet no overpayment"),  # a blank column name
    Table([{"value v": 0.2, "E[Y | Y < v], integrated": 0.16, "done": True},
           {"value v": 1.0, "E[Y | Y < v], integrated": 0.8, "done": False}],
          formats={"value v": "{:.1f}".format}, caption="Sell & trade"),    # text left, yes/no left
    Table([{"house": "house 1", "goes to": "buyer 2", "value": 10}, {"house": "welfare", "goes to": "", "value": 37}]),
], ids=["money-percent-fraction", "one-number", "blank-name", "symbols-booleans", "mixed"])
def test_the_html_is_what_pandas_styler_writes(table):
    # the lessons show the Styler's table, written without importing the Styler (0.2 s a kernel)
    assert table._repr_html_() == _styler_html(table)
