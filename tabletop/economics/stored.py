"""The lessons' long computations, stored with the package so that a lesson opens in seconds.

    recall(P.rotate_seats, "jika", "jika-greedy", ["random"] * 3, games_per_seat=250, seed=1)
    recall(study.ladder_results, OPEN, cash=False)       # a method of a recalled result

``recall(function, *args, **kwargs)`` returns what ``function(*args, **kwargs)`` returns: read
from ``stored.json`` when exactly this call is stored there (the function, and every argument
with the defaults filled in; ``executor`` left out), else computed now. A teacher who changes an
argument gets the computation, live. ``tests/lessons/test_stored.py`` recomputes every stored
call and compares, so a stored result is never staler than the code.

``TABLETOP_STORED`` in the environment: ``strict`` makes a call that is not stored an error (the
lessons' own tests set it: a lesson that would compute for seconds fails); ``record`` computes it
and stores it. ``python -m tabletop.economics.stored`` re-records the file from scratch by running
every lesson in ``record`` mode.

The file is JSON (never pickle): numbers, strings, lists and objects, and tagged tuples, dicts,
fractions, and dataclasses and named tuples of ``tabletop`` (rebuilt through their constructors).
"""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import math
import os
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from ..errors import TabletopError

__all__ = ["recall", "NotStored", "STORE", "stored_calls", "compute", "encode", "decode", "same"]

STORE = Path(__file__).with_name("stored.json")
MODE_VARIABLE = "TABLETOP_STORED"

_results: dict[str, Any] | None = None          # key -> encoded result, read once
_origin: dict[int, tuple[Any, str]] = {}        # id(result) -> (result, its key): for methods


class NotStored(TabletopError):
    """A lesson asked for a long computation that is not stored (``TABLETOP_STORED=strict``)."""


# --- JSON for results ------------------------------------------------------------------------------
# Tagged values are objects with one key starting with "~"; a dict of plain string keys is a JSON
# object; a tuple of dataclasses of one class is a table (field names once, then one row each).
def encode(value: Any) -> Any:
    """``value`` as JSON data; ``decode`` gives it back, equal and of the same types."""
    if value is None or isinstance(value, (bool, str, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"~float": repr(value)}
    if isinstance(value, Fraction):
        return {"~fraction": [value.numerator, value.denominator]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if _is_ours_named_tuple(value):
        return {"~record": _name(type(value)), "fields": dict(zip(value._fields, map(encode, value)))}
    if isinstance(value, tuple):
        kinds = {type(v) for v in value}
        if len(value) > 1 and len(kinds) == 1 and (_is_ours_dataclass(value[0]) or _is_ours_named_tuple(value[0])):
            names = _field_names(value[0])
            return {"~table": _name(type(value[0])), "columns": names,
                    "rows": [[encode(getattr(v, n)) for n in names] for v in value]}
        return {"~tuple": [encode(v) for v in value]}
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("~") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {"~dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, frozenset):
        return {"~frozenset": sorted((encode(v) for v in value), key=json.dumps)}
    if _is_ours_dataclass(value):
        return {"~dataclass": _name(type(value)),
                "fields": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    raise TypeError(f"cannot store a {type(value).__name__} ({value!r:.80})")


def decode(data: Any) -> Any:
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    tag = next((k for k in data if k.startswith("~")), None)
    if tag is None:
        return {k: decode(v) for k, v in data.items()}
    body = data[tag]
    if tag == "~float":
        return float(body)
    if tag == "~fraction":
        return Fraction(*body)
    if tag == "~tuple":
        return tuple(decode(v) for v in body)
    if tag == "~dict":
        return {decode(k): decode(v) for k, v in body}
    if tag == "~frozenset":
        return frozenset(decode(v) for v in body)
    if tag in ("~dataclass", "~record"):
        return _named(body)(**{name: decode(v) for name, v in data["fields"].items()})
    if tag == "~table":
        cls, names = _named(body), data["columns"]
        return tuple(cls(**{n: decode(v) for n, v in zip(names, row)}) for row in data["rows"])
    raise ValueError(f"unknown tag {tag!r} in {STORE.name}")


def _is_ours_dataclass(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type) and _ours(type(value))


def _is_ours_named_tuple(value: Any) -> bool:
    return isinstance(value, tuple) and hasattr(type(value), "_fields") and _ours(type(value))


def _field_names(value: Any) -> list[str]:
    return list(value._fields) if _is_ours_named_tuple(value) else [f.name for f in dataclasses.fields(value)]


def _name(cls) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _ours(thing) -> bool:
    return getattr(thing, "__module__", "").startswith("tabletop.")


def _named(name: str):
    """The function or class ``module:qualname``, from tabletop only."""
    module, _, qualname = name.partition(":")
    if not module.startswith("tabletop."):
        raise ValueError(f"{STORE.name} names {name!r}, which is not part of tabletop")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


# --- keys --------------------------------------------------------------------------------------------
def _arguments(function: Callable, args: tuple, kwargs: dict) -> dict[str, Any]:
    bound = inspect.signature(function).bind(*args, **kwargs)
    bound.apply_defaults()
    return {name: value for name, value in bound.arguments.items() if name != "executor"}


def _key_data(value: Any) -> Any:
    """Arguments as JSON for a key: a list and a tuple of the same items are the same argument."""
    if isinstance(value, (list, tuple)):
        return [_key_data(v) for v in value]
    if isinstance(value, dict):
        return {"~dict": sorted(([_key_data(k), _key_data(v)] for k, v in value.items()), key=json.dumps)}
    return encode(value)


def _key(function: Callable, args: tuple, kwargs: dict) -> str | None:
    """The call's key, or None when it cannot have one (a method of an object not recalled)."""
    arguments = {name: _key_data(v) for name, v in _arguments(function, args, kwargs).items()}
    if inspect.ismethod(function):
        owner = _origin.get(id(function.__self__))
        if owner is None or owner[0] is not function.__self__:
            return None
        data = {"of": json.loads(owner[1]), "method": function.__name__, "arguments": arguments}
    else:
        if not _ours(function):
            raise TypeError(f"recall stores tabletop's functions only, not {function!r}")
        data = {"call": _name(function), "arguments": arguments}
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def compute(key: str, parent: Any = None) -> Any:
    """Run the call a key names (a method: on ``parent`` if given, else on its recomputed owner)."""
    data = json.loads(key)
    if "method" in data:
        owner = parent if parent is not None else compute(json.dumps(data["of"], sort_keys=True,
                                                                     separators=(",", ":")))
        function = getattr(owner, data["method"])
    else:
        function = _named(data["call"])
    return function(**{name: decode(v) for name, v in data["arguments"].items()})


# --- the store ---------------------------------------------------------------------------------------
def stored_calls() -> dict[str, Any]:
    """Every stored call: key -> encoded result."""
    global _results
    if _results is None:
        _results = json.loads(STORE.read_text(encoding="utf-8")) if STORE.exists() else {}
    return _results


def _save(results: dict[str, Any]) -> None:
    """One call a line, in the order of their keys (a result's dicts keep their own order)."""
    lines = [json.dumps(key, ensure_ascii=False) + ":" + json.dumps(results[key], separators=(",", ":"),
                                                                   ensure_ascii=False)
             for key in sorted(results)]
    temporary = STORE.with_suffix(".json.tmp")
    temporary.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    temporary.replace(STORE)


def recall(function: Callable, *args, **kwargs) -> Any:
    """``function(*args, **kwargs)``, read from the store when this exact call is stored."""
    mode = os.environ.get(MODE_VARIABLE, "").strip().lower()
    key = _key(function, args, kwargs)
    stored = stored_calls().get(key) if key is not None else None
    if stored is not None:
        result = decode(stored)
    elif mode == "strict":
        raise NotStored(f"{getattr(function, '__qualname__', function)} with these arguments is not "
                        f"stored, so the lesson would compute it for a long time. Store it with "
                        f"'python -m tabletop.economics.stored' (it re-runs every lesson).")
    else:
        result = function(*args, **kwargs)
        if mode == "record" and key is not None:
            _record(key, result)
    if key is not None:
        _origin[id(result)] = (result, key)
    return result


def _record(key: str, result: Any) -> None:
    global _results
    _results = None                              # another lesson may have recorded meanwhile
    results = dict(stored_calls())
    results[key] = encode(result)
    _save(results)
    _results = results


def same(a: Any, b: Any, rel: float = 1e-12) -> bool:
    """Whether two results are equal (floats to ``rel``: another machine's libm may round the
    last digit of a power differently), with the same types all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b or math.isclose(a, b, rel_tol=rel, abs_tol=rel) or (math.isnan(a) and math.isnan(b))
    if isinstance(a, (list, tuple)):      # a named tuple too: its type is checked above
        return len(a) == len(b) and all(same(x, y, rel) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k], rel) for k in a)
    if dataclasses.is_dataclass(a):
        # a field left out of equality (a run's duration) is left out here too
        return all(same(getattr(a, f.name), getattr(b, f.name), rel) for f in dataclasses.fields(a) if f.compare)
    return a == b


def record_lessons(lessons: list[Path] | None = None) -> None:
    """Empty the store, then run every lesson (in order) with ``TABLETOP_STORED=record``."""
    import nbformat
    from nbclient import NotebookClient

    folder = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"
    lessons = lessons or sorted(folder.glob("0[1-9]-*.ipynb"))
    _save({})
    previous = os.environ.get(MODE_VARIABLE)
    os.environ[MODE_VARIABLE] = "record"
    try:
        for lesson in lessons:
            print(f"recording {lesson.name} ...", flush=True)
            book = nbformat.read(lesson, as_version=4)
            NotebookClient(book, timeout=1800, kernel_name="python3",
                           resources={"metadata": {"path": str(lesson.parent)}}).execute()
    finally:
        if previous is None:
            os.environ.pop(MODE_VARIABLE)
        else:
            os.environ[MODE_VARIABLE] = previous
    print(f"{len(json.loads(STORE.read_text(encoding='utf-8')))} calls stored in {STORE}")


if __name__ == "__main__":
    record_lessons()
