"""The lessons' stored results (tabletop/economics/stored.json) are what the code computes today,
and ``recall`` reads them instead of computing only for exactly the stored call."""
import dataclasses
import json
import math
from fractions import Fraction

import pytest

from tabletop.economics import auctions as A
from tabletop.economics import ladders as L
from tabletop.economics import piles as S
from tabletop.economics import stored
from tabletop.economics.assignment import AuctionRun
from tabletop.economics.ladders import MarketResult
from tabletop.tournament import GameRecord, Tournament

STORED = stored.stored_calls()


def _owner_key(key: str) -> str | None:
    data = json.loads(key)
    return json.dumps(data["of"], sort_keys=True, separators=(",", ":")) if "of" in data else None


def _label(key: str) -> str:
    data = json.loads(key)
    return data.get("call", "").split(":")[-1] or "." + data["method"]


@pytest.mark.parametrize("key", sorted(STORED), ids=[_label(k) for k in sorted(STORED)])
def test_every_stored_result_is_what_the_code_computes_now(key):
    owner = _owner_key(key)
    if owner is not None:
        assert owner in STORED, "a stored method result whose object is not stored"
    # a method runs on its stored object (that object is checked by its own entry)
    fresh = stored.compute(key, parent=stored.decode(STORED[owner]) if owner else None)
    kept = stored.decode(STORED[key])
    assert stored.same(kept, fresh), (
        f"{_label(key)} no longer computes what the lessons publish: {'; '.join(differences(kept, fresh))}. "
        "A change to tabletop changed a number a lesson prints: find the change, and if the new number "
        "is the right one, say so in the lesson's text (and CHANGELOG) before it is stored")


def differences(kept, fresh, path: str = "result", most: int = 5) -> list[str]:
    """Where a stored result and today's differ, as 'path: stored -> now' (the first few)."""
    out: list[str] = []

    def walk(a, b, where):
        if len(out) >= most or stored.same(a, b):
            return
        if type(a) is not type(b):
            out.append(f"{where}: a {type(a).__name__} {a!r:.60} -> a {type(b).__name__} {b!r:.60}")
        elif isinstance(a, dict):
            for k in dict.fromkeys([*a, *b]):
                walk(a.get(k), b.get(k), f"{where}[{k!r}]")
        elif dataclasses.is_dataclass(a):
            for f in dataclasses.fields(a):
                walk(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
        elif isinstance(a, (list, tuple)) and len(a) == len(b):
            names = getattr(a, "_fields", None)
            for i, (x, y) in enumerate(zip(a, b)):
                walk(x, y, f"{where}.{names[i]}" if names else f"{where}[{i}]")
        elif isinstance(a, (list, tuple)):
            out.append(f"{where}: {len(a)} items -> {len(b)} items")
        else:
            out.append(f"{where}: {a!r:.60} -> {b!r:.60}")

    walk(kept, fresh, path)
    return out


def test_a_stale_stored_result_is_told_by_what_changed():
    kept = Tournament("stockpile", ("a", "b"), 1, (GameRecord(0, 7, (1, 0), (5, 3), (0,), (), "done", 9),))
    fresh = Tournament("stockpile", ("a", "b"), 1, (GameRecord(0, 7, (1, 0), (5, 4), (0, 1), (), "done", 9),))
    assert differences(kept, fresh) == ["result.records[0].scores[1]: 3 -> 4",
                                        "result.records[0].winners: 1 items -> 2 items"]
    assert differences({"x": Fraction(1, 3)}, {"x": Fraction(1, 2)}) == ["result['x']: Fraction(1, 3) -> Fraction(1, 2)"]


def test_the_store_holds_only_tabletop_calls_and_the_lessons_use_some_of_each_kind():
    kinds = {_label(k) for k in STORED}
    assert {"rotate_seats", "study_agents", "study_piles", "simulate_track", "study_uniform_ladder",
            ".ladder_results"} <= kinds
    for key in STORED:
        data = json.loads(key)
        while "of" in data:
            data = data["of"]
        assert data["call"].startswith("tabletop.economics.")


VALUES = [
    (1, 2.5, "x", None, True),
    [Fraction(13, 3), float("nan"), float("inf"), -0.0],
    {("hearts", 3): Fraction(1, 3), (2, 5): (0.1, 0.2)},
    {"hearts": 3, "~odd": 1},
    frozenset({1, 2, 3}),
    AuctionRun((8, 7, 6, 6), (0, 1, 2, 4), ((0, 0, 0, 0), (1, 0, 0, 0)), 8),
    (MarketResult(10, 9, 4, 5), MarketResult(3, 3, 1, 1)),              # a table of one class
    (MarketResult(10, 9, 4, 5), AuctionRun((1,), (None,), ((0,),), 0)),  # not a table
    Tournament("stockpile", ("a", "b"), 1, (                              # named tuples, a table
        GameRecord(0, 7, (1, 0), (5, 3), (0,), (), "done", 9, (("paid", (1.0, 2.0)),)),
        GameRecord(1, 8, (0, 1), None, (), ((1, "raised"),), "stopped", 4)), 2.5),
    (GameRecord(0, 7, (1, 0), (5, 3), (0, 1), (), "tie", 9),),           # one named tuple
]


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
def test_a_stored_value_comes_back_equal_and_of_the_same_types(value):
    back = stored.decode(json.loads(json.dumps(stored.encode(value))))
    assert stored.same(back, value)
    assert repr(back) == repr(value)          # tuples stay tuples, Fractions Fractions, keys keys


def test_what_cannot_be_stored_is_refused():
    with pytest.raises(TypeError, match="cannot store a object"):
        stored.encode(object())


def test_same_tells_results_apart_by_value_and_type():
    assert stored.same((1.0, [Fraction(1, 3)]), (1.0 + 1e-15, [Fraction(1, 3)]))
    assert not stored.same((1.0,), (1.001,))
    assert not stored.same((1,), [1]) and not stored.same(1, 1.0)
    assert not stored.same(MarketResult(1, 1, 1, 1), MarketResult(1, 1, 1, 2))


@pytest.fixture
def store(tmp_path, monkeypatch):
    """An empty store in a temporary file (the package's own file is left alone)."""
    monkeypatch.setattr(stored, "STORE", tmp_path / "stored.json")
    monkeypatch.setattr(stored, "_results", None)
    return tmp_path / "stored.json"


def test_recall_records_then_reads_the_stored_result_of_exactly_that_call(store, monkeypatch):
    monkeypatch.setenv(stored.MODE_VARIABLE, "record")
    assert stored.recall(A.expected_revenue, 5, "second-price") == Fraction(2, 3)
    saved = json.loads(store.read_text())
    (key, value), = saved.items()
    assert json.loads(key) == {"call": "tabletop.economics.auctions:expected_revenue",
                               "arguments": {"n": 5, "rule": "second-price"}}
    # the stored value is what recall gives from now on (changed here to tell it from a computation)
    saved[key] = stored.encode(Fraction(7, 9))
    store.write_text(json.dumps(saved))
    monkeypatch.setattr(stored, "_results", None)
    monkeypatch.setenv(stored.MODE_VARIABLE, "")
    assert stored.recall(A.expected_revenue, 5, rule="second-price") == Fraction(7, 9)   # same call
    assert stored.recall(A.expected_revenue, 5) == Fraction(2, 3)        # another call: computed
    assert len(json.loads(store.read_text())) == 1                        # and not recorded


def test_a_list_and_a_tuple_argument_are_the_same_call(store, monkeypatch):
    monkeypatch.setenv(stored.MODE_VARIABLE, "record")
    first = stored.recall(L.study_uniform_ladder, 2, [0, 10_000], count=3, seed=4)
    monkeypatch.setenv(stored.MODE_VARIABLE, "strict")
    assert stored.recall(L.study_uniform_ladder, 2, (0, 10_000), count=3, seed=4) == first


def test_strict_mode_refuses_a_call_that_is_not_stored_in_plain_words(store, monkeypatch):
    monkeypatch.setenv(stored.MODE_VARIABLE, "strict")
    with pytest.raises(stored.NotStored, match=r"expected_revenue with these arguments is not stored.*"
                                               r"python -m tabletop.economics.stored"):
        stored.recall(A.expected_revenue, 6)
    assert not store.exists()                                             # nothing written


def test_a_method_of_a_recalled_result_is_stored_under_its_object(store, monkeypatch):
    monkeypatch.setenv(stored.MODE_VARIABLE, "record")
    study = stored.recall(S.study_piles, 2, games=1, seed=3)
    profit = stored.recall(study.winners_profit, shade=0.5)
    method_key = next(k for k in json.loads(store.read_text()) if "method" in json.loads(k))
    assert json.loads(method_key)["of"]["arguments"] == {"n_players": 2, "games": 1, "seed": 3}
    assert stored.compute(method_key) == profit == study.winners_profit(shade=0.5)
    monkeypatch.setenv(stored.MODE_VARIABLE, "strict")
    again = stored.recall(S.study_piles, 2, games=1, seed=3)
    assert stored.recall(again.winners_profit, shade=0.5) == profit
    # the same method of an object that was not recalled has no key: computed, never stored
    monkeypatch.setenv(stored.MODE_VARIABLE, "record")
    fresh = S.study_piles(2, games=1, seed=3)
    assert stored.recall(fresh.winners_profit, shade=0.25) == fresh.winners_profit(shade=0.25)
    assert len(json.loads(store.read_text())) == 2


def test_only_tabletop_functions_and_classes_are_named_in_the_store():
    with pytest.raises(TypeError, match="tabletop's functions only"):
        stored.recall(math.sqrt, 4)
    with pytest.raises(ValueError, match="not part of tabletop"):
        stored.decode({"~dataclass": "os:system", "fields": {}})


def test_a_duration_left_out_of_equality_is_left_out_of_sameness():
    records = (GameRecord(0, 7, (1, 0), (5, 3), (0,), (), "done", 9),)
    assert stored.same(Tournament("stockpile", ("a", "b"), 1, records, 2.5),
                       Tournament("stockpile", ("a", "b"), 1, records, 0.8))
    assert not stored.same(Tournament("stockpile", ("a", "b"), 1, records),
                           Tournament("stockpile", ("a", "b"), 2, records))


# Lesson 6's contest: its rules as a notebook defines them (a notebook's code, not the module's)
LESSON_RULES = """
from tabletop.agents.stockpile import cheapest_bids, pile_values, straightforward_bid

def straightforward(view, bids, rng):
    return straightforward_bid(pile_values(view), bids)


def shade(view, bids, rng):
    return straightforward_bid([0.75 * v for v in pile_values(view)], bids)


def keep_cash(view, bids, rng):
    cash = view["players"][view["seat"]]["money"]
    within = [b for b in bids if b.amount <= cash / 2] or bids
    return straightforward_bid(pile_values(view), within)


def bargain(view, bids, rng):
    values = pile_values(view)
    return min(cheapest_bids(bids).values(), key=lambda b: (b.amount, -values[b.pile]))
"""


def _lesson_bidders(source=LESSON_RULES):
    from tabletop.agents.stockpile import bidder
    names: dict = {}
    exec(compile(source, "<lesson 6>", "exec"), names)
    return [bidder(names[n]) for n in ("straightforward", "shade", "keep_cash", "bargain")]


@pytest.fixture
def played(monkeypatch):
    """The tournaments ``contest.play`` plays live (their games counts), none played in fact."""
    from tabletop import tournament
    counts = []
    monkeypatch.setattr(tournament, "run", lambda title, entries, games=100, **kw: counts.append(games))
    return counts


def test_lesson_6_reads_its_contest_from_the_store_when_the_rules_are_the_lessons(played, monkeypatch):
    from tabletop.economics import contest
    monkeypatch.setenv(stored.MODE_VARIABLE, "strict")
    result = contest.play(_lesson_bidders(), games=100, seed=1)
    assert played == []
    ranking = result.ranking()
    assert list(ranking.agent) == ["shade", "straightforward", "keep_cash", "bargain"]
    assert list(ranking["win share"]) == [0.39, 0.38, 0.23, 0.0]       # the lesson's checked numbers


@pytest.mark.parametrize("change", [
    ("0.75 * v", "0.5 * v"),                                   # Alice shades more
    ("cash / 2", "cash / 3"),                                  # Bob keeps more cash
    ("(b.amount, -values[b.pile])", "(b.amount, values[b.pile])"),   # inside Carol's lambda
    ("from tabletop.agents.stockpile import cheapest_bids, pile_values, straightforward_bid",
     "from tabletop.agents.stockpile import cheapest_bids, straightforward_bid\n"
     "def pile_values(view): return [0.0] * 4"),              # the same code on another helper
])
def test_lesson_6_plays_live_a_contest_whose_rules_a_student_changed(played, change):
    from tabletop.economics import contest
    contest.play(_lesson_bidders(LESSON_RULES.replace(*change)), games=100, seed=1)
    assert played == [100]


def test_lesson_6_plays_live_another_line_up_or_other_games(played, monkeypatch):
    from tabletop.economics import contest
    monkeypatch.setenv(stored.MODE_VARIABLE, "")              # as in class: what is not stored runs
    bidders = _lesson_bidders()
    contest.play(bidders[::-1], games=100, seed=1)            # same rules, other order
    contest.play(bidders[:3], games=100, seed=1)
    contest.play(bidders, games=40, seed=1)                   # exercise 3's kind of change
    assert played == [100, 100, 40]
