"""A classroom experiment's results as a table: one row per closed round and seat in a group.

    df = results(match)                 # a pandas DataFrame, COLUMNS in order
    to_csv(match, "class.csv")          # the teacher's export
    df = load_results("class.csv")      # one export, a list of them, or None: the bundled sample

Columns: ``round``, ``experiment``, ``group`` and ``seat`` (1-based, as on screen), ``nickname``,
``value`` (the value, the signal, or on the ladder the value of the pile won), ``common_value`` (V),
``bid`` (NaN if none), ``bid_rule`` ("bid", "missing" or "random"), ``won``, ``price`` (what this
seat paid; 0 if it won nothing), ``profit`` (value or V minus price for a winner, else 0), and for
the ladder ``pile`` (1-based), ``pile_values`` (the seat's values of every pile, "3000 12000 0
25000") and ``vcg_price`` (the pile's minimum Walrasian price in the group's induced values).
Only closed rounds appear: an open round's values and bids are secret.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Iterable

__all__ = ["COLUMNS", "SAMPLE", "results", "to_csv", "csv_text", "load_results", "frame"]

COLUMNS = ("round", "experiment", "group", "seat", "nickname", "value", "common_value", "bid",
           "bid_rule", "won", "price", "profit", "pile", "pile_values", "vcg_price")
#: the bundled sample: a simulated class (made by ``python -m tabletop.classroom.sample``)
SAMPLE = Path(__file__).with_name("sample-class.csv")

_INTEGER = ("round", "group", "seat", "price", "profit")
_NUMBER = ("value", "common_value", "bid", "pile", "vcg_price")


def frame(rows: Iterable[dict]):
    """Rows (dicts with the ``COLUMNS``) as a typed DataFrame: whole numbers as ints, numbers that
    may be missing as floats (NaN), ``won`` as bool."""
    import pandas as pd
    df = pd.DataFrame(list(rows), columns=list(COLUMNS))
    for name in _INTEGER:
        df[name] = df[name].astype("int64")
    for name in _NUMBER:
        df[name] = pd.to_numeric(df[name], errors="coerce").astype("float64")
    df["won"] = df["won"].astype(bool)
    for name in ("experiment", "nickname", "bid_rule"):
        df[name] = df[name].astype(object)
    df["pile_values"] = df["pile_values"].where(df["pile_values"].notna(), None).astype(object)
    return df


def results(match):
    """The closed rounds of a classroom ``match`` as a DataFrame (columns ``COLUMNS``)."""
    state = match.state
    if not hasattr(state, "result_rows"):
        from tabletop.errors import OptionsError
        raise OptionsError(f"{match.title.display_name} is not a classroom experiment; it has no "
                           f"results table.")
    return frame(state.result_rows())


def csv_text(match) -> str:
    """The export as CSV text (what the teacher's download holds)."""
    buffer = io.StringIO()
    results(match).to_csv(buffer, index=False)
    return buffer.getvalue()


def to_csv(match, path: str | Path) -> Path:
    """Write the export to ``path``; returns the path."""
    path = Path(path)
    path.write_text(csv_text(match), encoding="utf-8")
    return path


def load_results(source: str | Path | Iterable[str | Path] | None = None):
    """Read exports back as one DataFrame (several files are stacked: one per experiment, say);
    ``None`` reads the bundled sample of a simulated class."""
    import pandas as pd
    if source is None:
        paths = [SAMPLE]
    elif isinstance(source, (str, Path)):
        paths = [Path(source)]
    else:
        paths = [Path(p) for p in source]
    parts = []
    for path in paths:
        raw = pd.read_csv(path, dtype={"pile_values": object, "nickname": object})
        missing = [c for c in COLUMNS if c not in raw.columns]
        if missing:
            from tabletop.errors import OptionsError
            raise OptionsError(f"{path} is not a classroom export: it has no column "
                               f"{', '.join(missing)}.")
        parts.append(raw[list(COLUMNS)])
    rows = pd.concat(parts, ignore_index=True).astype(object)
    return frame(rows.where(rows.notna(), None).to_dict("records"))
