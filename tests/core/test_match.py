"""The core's promises, on a tiny game: atomic apply, undo/redo, saves, views, errors, ledger."""
import json
import os
import subprocess
import sys

import pytest

from tabletop import (CHANCE, GameIsOver, HistoryError, IllegalAction, MalformedAction, Match,
                      NotYourTurn, OptionsError, SaveFileError, UnknownTitle, get_title)
from tabletop.registry import register_title
from tabletop.testing import check_random_game, snapshot

from .fuzzing import replayed
from .toy import TITLE, Buy, DrawCard, Pass

register_title(TITLE)


def dealt(players=("Alice", "Bob")):
    m = Match("toy", players, seed=1)
    for seat, card in enumerate([4, 2, 5, 1][:len(players)]):
        m.apply(DrawCard(seat, card))
    return m


def test_chance_is_an_action_and_entered_like_any_other():
    m = Match("toy", ["Alice", "Bob"])
    assert m.current_player() == CHANCE
    assert m.state.chance_owner() == 0
    m.apply(DrawCard(0, 4))
    assert m.state.chance_owner() == 1
    m.apply(DrawCard(1, 2))
    assert m.current_player() == 0
    assert m.view(0)["private"] == {"card": 4}


def test_refused_action_leaves_the_match_exactly_as_it_was():
    m = dealt()
    before = snapshot(m), len(m), m.to_json()
    with pytest.raises(NotYourTurn, match="It is Alice's turn, not Bob's"):
        m.apply(Buy(1))
    with pytest.raises(MalformedAction, match="not an action of Toy"):
        m.apply("buy")
    assert (snapshot(m), len(m), m.to_json()) == before


def test_undo_redo_and_a_new_action_clears_redo():
    m = dealt()
    m.apply(Buy(0))
    assert m.state.money == [7, 10]
    assert m.undo() == Buy(0)
    assert m.state.money == [10, 10]
    m.redo()
    assert m.state.money == [7, 10]
    m.undo()
    m.apply(Pass(0))
    assert not m.can_redo()
    with pytest.raises(HistoryError, match="nothing to redo"):
        m.redo()


def test_undo_to_goes_back_and_can_be_redone():
    m = dealt()
    for a in [Buy(0), Buy(1), Pass(0), Buy(1)]:
        m.apply(a)
    m.undo_to(2)
    assert len(m) == 2 and m.state.money == [10, 10]
    for _ in range(4):
        m.redo()
    assert m.state.money == [7, 1]
    with pytest.raises(HistoryError, match="cannot go back to entry 9"):
        m.undo_to(9)
    empty = Match("toy", ["A", "B"])
    with pytest.raises(HistoryError, match="nothing to undo"):
        empty.undo()


def test_long_log_undo_crosses_checkpoints():
    m = Match("toy", ["A", "B"], {"money": 100_000}, seed=3)
    m.apply(DrawCard(0, 1)); m.apply(DrawCard(1, 1))
    while len(m) < 80:
        m.apply(Buy(m.current_player()))
    target = snapshot(m)
    n = len(m)
    m.undo_to(1)
    for _ in range(n - 1):
        m.redo()
    assert snapshot(m) == target


def test_game_over_refuses_everything():
    m = dealt()
    m.apply(Pass(0)); m.apply(Pass(1))
    assert m.is_over() and m.legal_actions() == []
    assert m.outcome().winners == (0, 1)
    with pytest.raises(GameIsOver, match="The game is over"):
        m.apply(Pass(0))


def test_save_and_load_round_trip(tmp_path):
    m = dealt()
    m.apply(Buy(0))
    path = tmp_path / "match.json"
    m.save(path)
    loaded = Match.load(path)
    assert snapshot(loaded) == snapshot(m)
    assert loaded.log == m.log


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(version=99), "format version 99"),
    (lambda d: d["actions"][2].update(seat=1), "changed or damaged"),
    (lambda d: d.update(format="x"), "not a saved tabletop match"),
])
def test_damaged_saves_are_refused_clearly(damage, message):
    m = dealt()
    m.apply(Buy(0))
    data = m.to_dict()
    damage(data)
    with pytest.raises(SaveFileError, match=message):
        Match.from_dict(data)


def test_a_consistent_but_illegal_log_is_refused():
    from tabletop.match import _checksum
    m = dealt()
    data = m.to_dict()
    data["actions"].append({"type": "Buy", "seat": 1})
    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    with pytest.raises(SaveFileError, match="Entry 3 of the saved log cannot be replayed: It is Alice's turn"):
        Match.from_dict(data)


def test_not_json_and_missing_file_are_clear(tmp_path):
    with pytest.raises(SaveFileError, match="not valid JSON"):
        Match.from_json("{nope")
    with pytest.raises(SaveFileError, match="Cannot read"):
        Match.load(tmp_path / "missing.json")


def test_actions_round_trip_and_unknown_fields_are_refused():
    a = DrawCard(1, 3)
    assert TITLE.action_from_dict(a.to_dict()) == a
    with pytest.raises(MalformedAction, match="'Sell' is not an action"):
        TITLE.action_from_dict({"type": "Sell", "seat": 0})
    with pytest.raises(MalformedAction, match="missing \\['card'\\]"):
        TITLE.action_from_dict({"type": "DrawCard", "seat": 0})


def test_public_log_hides_secret_draws():
    m = dealt()
    assert m.describe_log(None)[:2] == ["Alice draws a card", "Bob draws a card"]
    assert m.describe_log(0)[:2] == ["Alice draws card 4", "Bob draws a card"]
    assert "private" not in m.view(None)


def test_ledger_and_value_history():
    m = dealt()
    m.apply(Buy(0)); m.apply(Buy(1))
    ledger = m.ledger()
    assert list(ledger.amount) == [10, 10, 3, 4]
    assert list(ledger.payer[2:]) == ["Alice", "Bob"]
    assert list(m.value_history().value) == [3, 4, 5]


def test_setup_errors_are_clear():
    with pytest.raises(UnknownTitle, match="no game called 'chess'"):
        get_title("chess")
    with pytest.raises(OptionsError, match="2 to 4 players, not 1"):
        Match("toy", ["Solo"])
    with pytest.raises(OptionsError, match="no two players the same name"):
        Match("toy", ["Al", "Al"])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_property_random_games(n):
    for seed in range(20):
        check_random_game("toy", n, seed, undo_every=3)


def test_import_tabletop_loads_no_jupyter():
    code = ("import sys, tabletop, tabletop.match, tabletop.simulate; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'IPython', 'plotly', 'voila', 'ipykernel', 'pandas')]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- tables a user reads: the ledger and the value history -------------------------------------

LEDGER_COLUMNS = {"payer", "payee", "amount", "reason", "round", "phase"}
VALUE_COLUMNS = {"round", "phase", "stock", "value"}


def test_ledger_and_value_history_columns_hold_what_each_payment_and_change_says():
    """Column names as docs/ and the docstrings name them (more columns may come: a subset)."""
    m = dealt()
    m.apply(Buy(0))
    ledger, values = m.ledger(), m.value_history()
    assert LEDGER_COLUMNS <= set(ledger.columns) and VALUE_COLUMNS <= set(values.columns)
    # the toy's rules: 10 starting money each at setup (round 0), then Alice buys X at 3 in the
    # trade of round 1, which moves X from 3 to 4
    rows = ledger[sorted(LEDGER_COLUMNS)].to_dict("records")
    assert rows == [
        {"payer": "bank", "payee": "Alice", "amount": 10, "reason": "starting money", "round": 0, "phase": "setup"},
        {"payer": "bank", "payee": "Bob", "amount": 10, "reason": "starting money", "round": 0, "phase": "setup"},
        {"payer": "Alice", "payee": "bank", "amount": 3, "reason": "buy X", "round": 1, "phase": "trade"},
    ]
    assert values[sorted(VALUE_COLUMNS)].to_dict("records") == [
        {"round": 1, "phase": "deal", "stock": "X", "value": 3},
        {"round": 1, "phase": "trade", "stock": "X", "value": 4},
    ]


def test_empty_tables_still_have_their_columns():
    m = Match("toy", ["Alice", "Bob"], {"money": 0})   # no starting money: nothing paid yet
    assert len(m.ledger()) == 0 and LEDGER_COLUMNS <= set(m.ledger().columns)
    assert LEDGER_COLUMNS <= set(m.ledger(None).columns) and LEDGER_COLUMNS <= set(m.ledger(1).columns)
    bm = Match("black-monday", ["Alice", "Bob"])         # no stock has a price before the deal
    assert len(bm.value_history()) == 0 and VALUE_COLUMNS <= set(bm.value_history(None).columns)


def test_hidden_money_ledgers_show_each_seat_only_its_own_payments():
    """docs/acquire.md, hidden_money: no player's money on the table screen; a player sees their
    own. Expected rows are picked from the full ledger by payer and payee, not by the code."""
    m = replayed(("acquire", 4, {"edition": "classic", "hidden_money": True}), 0, 120)
    players = m.game.players
    everything = m.ledger("all")
    assert (everything.payer != "bank").any()                      # players have paid by now
    assert len(m.ledger(None)) == 0 and len(m.public_record()["ledger"]) == 0
    for seat, name in enumerate(players):
        own = everything[(everything.payer == name) | (everything.payee == name)]
        assert m.ledger(seat).to_dict("records") == own.to_dict("records")
    with pytest.raises(IllegalAction, match="There is no seat 4 in this game"):
        m.ledger(4)
    with pytest.raises(IllegalAction, match="no seat 'everyone'"):
        m.value_history("everyone")


# --- what a screen is offered -------------------------------------------------------------------

def test_a_chance_entry_offers_its_owner_no_card_they_already_hold():
    """Stockpile's investor deal: ten investor cards, one of each (docs/stockpile.md). The
    second card dealt to a player cannot be the one they hold, which they know; the shared screen
    and the other players do not know it, so they are offered all ten."""
    from tabletop.stockpile.data import INVESTORS
    m = Match("stockpile", ["Alice", "Bob", "Carol"], {"investors": True}, seed=1)
    first = m.play_chance()
    assert first.seat == m.state.chance_owner() == 0
    offered = {seat: sorted(a.investor for a in m.offered_actions(seat)) for seat in (None, 0, 1, 2)}
    assert offered[None] == offered[1] == offered[2] == sorted(INVESTORS) and len(INVESTORS) == 10
    assert offered[0] == sorted(set(INVESTORS) - {first.investor})
    with pytest.raises(IllegalAction, match="There is no seat 3 in this game \\(the seats are numbered 0 to 2\\)"):
        m.offered_actions(3)


# --- how deep a save may nest (MAX_SAVE_DEPTH = 50, checked before parsing) ----------------------

def json_depth(value) -> int:
    """How deeply lists and tables nest in a Python value (independent of the text scanner)."""
    if isinstance(value, list):
        return 1 + max(map(json_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(json_depth, value.values()), default=0)
    return 0


def nested(depth: int, inner="x", table_every: int = 3):
    """Lists and tables alternating, ``depth`` deep, around ``inner``."""
    value = inner
    for level in range(depth):
        value = {"[{": value} if level % table_every == 0 else [value, "]}"]
    return value


# strings that look like brackets, quotes and escapes to a careless scanner
TRICKY = ["[[[[", "]]]]", '"[', '\\', '\\"[', '\\\\', 'a\\"]}', "{", "é[", ""]


@pytest.mark.parametrize("depth", [49, 50, 51, 52])
@pytest.mark.parametrize("inner", TRICKY)
def test_nesting_is_judged_by_lists_and_tables_not_by_brackets_in_text(depth, inner):
    from tabletop.match import _nested_too_deeply
    # empty lists beside it: more than 50 brackets in all, so the depth itself is measured
    value = [nested(depth - 1, inner), [], {}]
    assert json_depth(value) == depth
    text = json.dumps(value, ensure_ascii=inner != "é[")
    assert _nested_too_deeply(text) == (depth > 50), text[:80]
    # strings full of brackets beside it change nothing
    assert _nested_too_deeply(json.dumps([inner * 30, value])) == (depth + 1 > 50)


@pytest.mark.parametrize("extra", [0, 1])
def test_a_save_nested_51_deep_is_refused_as_such_and_50_deep_for_its_content(extra):
    text = json.dumps({"format": "tabletop-match", "options": nested(49 + extra), "players": [[], []]})
    if extra:
        with pytest.raises(SaveFileError, match="nested more than 50 deep"):
            Match.from_json(text)
    else:
        with pytest.raises(SaveFileError, match="format version None"):
            Match.from_json(text)


@pytest.mark.parametrize("filler", [60_000, 600_000])   # past 100,000 brackets; 2 * filler * 2 past 2**21
@pytest.mark.parametrize("depth", [50, 51])
def test_long_saves_are_judged_by_their_deepest_point_wherever_it_is(filler, depth):
    """Long texts take another road (counted in chunks); the deepest point may sit at the start,
    at the end, or straddle a chunk boundary, with the depth reached so far carried over."""
    from tabletop.match import _nested_too_deeply
    flat = "[]," * filler
    deep = json.dumps(nested(depth - 1))
    texts = ["[" + deep + "," + flat + "0]", "[" + flat + deep + "]"]
    # the depth opened a third at a time, with long flat runs between: past 2**20 brackets
    # they lie in different chunks, and the depth reached in each chunk carries to the next
    third = depth // 3
    texts.append("[" * third + flat + "[" * third + flat + "[" * (depth - 2 * third) + "]" * depth)
    for text in texts:
        assert _nested_too_deeply(text) == (depth > 50), (len(text), text[:60])


def test_brackets_outside_strings_in_non_ascii_text_are_refused_as_json():
    with pytest.raises(SaveFileError, match="not valid JSON"):
        Match.from_json("[é]")
    with pytest.raises(SaveFileError, match="nested more than 50 deep"):
        Match.from_json("é" + "[" * 51)


# --- history, saves and loads: what a user reads and gets back ----------------------------------

def test_redo_is_offered_exactly_when_something_was_undone():
    m = dealt()
    m.apply(Buy(0))
    assert not m.can_redo() and m.can_undo()
    m.undo()
    assert m.can_redo() and m.undone == (Buy(0),)
    m.redo()
    assert not m.can_redo()
    with pytest.raises(HistoryError, match=r"^There is nothing to redo\.$"):
        m.redo()
    with pytest.raises(HistoryError, match=r"^There is nothing to undo\.$"):
        Match("toy", ["A", "B"]).undo()


def test_going_back_to_the_current_entry_changes_nothing():
    m = dealt()
    m.apply(Buy(0))
    before = snapshot(m), m.log
    m.undo_to(len(m))
    assert (snapshot(m), m.log) == before and not m.can_redo()
    m.undo_to(0)
    assert len(m) == 0 and len(m.undone) == 3
    with pytest.raises(HistoryError, match=r"^The log has 0 entries; cannot go back to entry 1\.$"):
        m.undo_to(1)


def test_a_save_reloads_to_the_very_same_save():
    """Everything a save holds comes back: reloading and saving again gives the same file."""
    m = Match("toy", ["Zoë", "時価"], {"money": 12}, seed=123456789)
    m.apply(DrawCard(0, 4)); m.apply(DrawCard(1, 2)); m.apply(Buy(0))
    text = m.to_json()
    again = Match.from_json(text)
    assert again.to_json() == text and again.game.seed == 123456789
    assert "Zoë" in text and "時価" in text      # names readable in the file, not \\u escapes


def test_a_seed_of_4300_digits_is_the_longest_a_save_holds():
    seed = int("9" * 4300)
    m = Match("toy", ["A", "B"], seed=seed)
    assert Match.from_json(m.to_json()).game.seed == seed
    with pytest.raises(SaveFileError, match=r"a number with 4,301 digits, more than a save may hold \(4,300\)"):
        Match.from_json(m.to_json().replace("9" * 4300, "9" * 4301))


def test_saving_names_in_any_script_works_whatever_the_computers_language(tmp_path):
    """A computer set to plain ASCII (LC_ALL=C, no UTF-8 mode) still saves and loads names in any
    script: the file is UTF-8 whatever the locale."""
    path = tmp_path / "match.json"
    names = ["Zoë", "時価", "Ólafur"]
    Match("jika", names, seed=3).save(tmp_path / "here.json")   # and in this process too
    code = ("import sys; from tabletop import Match; "
            f"m = Match('jika', {ascii(names)}, seed=3); m.play_chance(); m.save(sys.argv[1]); "
            "print(Match.load(sys.argv[1]).game.players == m.game.players)")
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr[-800:]
    assert out.stdout.strip() == "True"
    assert Match.load(path).game.players == ("Zoë", "時価", "Ólafur")
    assert "時価".encode() in path.read_bytes()


def test_save_and_load_say_in_words_why_a_file_cannot_be_used(tmp_path):
    m = dealt()
    missing = tmp_path / "no-such-folder" / "match.json"
    with pytest.raises(SaveFileError) as info:
        m.save(missing)
    assert str(info.value) == f"Cannot write the saved match to {missing}: No such file or directory."
    with pytest.raises(SaveFileError) as info:
        Match.load(missing)
    assert str(info.value) == f"Cannot read the saved match {missing}: No such file or directory."
    if sys.platform.startswith("linux"):   # a regular file whose reading fails
        with pytest.raises(SaveFileError) as info:
            Match.load("/proc/self/mem")
        assert str(info.value) == "Cannot read the saved match /proc/self/mem: Input/output error."
    with pytest.raises(SaveFileError) as info:
        Match.load("match\0.json")
    assert str(info.value) == "Cannot read the saved match match\0.json: embedded null byte."
    bad = tmp_path / "bad.json"
    raw = b'{"format": "tabletop-match", "title": "caf\xe9"}'     # Latin-1, not UTF-8
    bad.write_bytes(raw)
    with pytest.raises(SaveFileError) as info:
        Match.load(bad)
    assert str(info.value) == (f"This file is not a saved match: it is not UTF-8 text "
                               f"(byte {raw.index(0xE9) + 1} cannot be read).")


def test_a_save_file_of_up_to_20_000_000_bytes_loads_and_a_longer_one_is_refused_unread(tmp_path):
    from tabletop.match import MAX_SAVE_BYTES
    text = dealt().to_json().encode()
    path = tmp_path / "padded.json"
    path.write_bytes(b" " * (MAX_SAVE_BYTES - len(text)) + text)     # JSON may start with spaces
    assert path.stat().st_size == 20_000_000 == MAX_SAVE_BYTES
    assert len(Match.load(path)) == 2
    path.write_bytes(b" " * (MAX_SAVE_BYTES + 1 - len(text)) + text)
    with pytest.raises(SaveFileError, match=r"too large to be a saved match \(20,000,001 bytes; at most 20,000,000\)"):
        Match.load(path)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:      # 3 GB with no data written: only the first 20 MB are read
        f.truncate(3_000_000_000)
    with pytest.raises(SaveFileError, match=r"\(20,000,001 bytes; at most 20,000,000\)"):
        Match.load(huge)


SAVE_REFUSALS = [
    (lambda d: [d], "This is not a saved tabletop match."),
    (lambda d: {**d, "format": "x"}, "This is not a saved tabletop match."),
    (lambda d: {k: v for k, v in d.items() if k not in ("seed", "actions")} | {"zz": 1, "extra": 2},
     "This saved match is incomplete or damaged (it lacks seed, actions; unknown entries 'extra', 'zz')."),
    (lambda d: {k: v for k, v in d.items() if k != "seed"},
     "This saved match is incomplete or damaged (it lacks seed)."),
    (lambda d: {**d, "extra": 2}, "This saved match is incomplete or damaged (unknown entries 'extra')."),
    (lambda d: {**d, "options": {"money": float("nan")}},
     "This saved match holds something a save file cannot (only text, whole numbers, true/false, lists "
     "and tables)."),
    (lambda d: {**d, "seed": 2},
     "This saved match has been changed or damaged since it was saved (its checksum does not match)."),
]


@pytest.mark.parametrize("damage, message", SAVE_REFUSALS)
def test_a_damaged_save_is_refused_with_the_whole_sentence(damage, message):
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(damage(dealt().to_dict()))
    assert str(info.value) == message


@pytest.mark.parametrize("field, value, message", [
    ("players", "Alice", "This saved match's players must be a list of names."),
    ("actions", {}, "This saved match's entries must be a list."),
])
def test_a_resealed_save_with_a_field_of_the_wrong_kind_is_refused_with_the_whole_sentence(field, value, message):
    from tabletop.match import _checksum
    data = dealt().to_dict()
    data[field] = value
    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(data)
    assert str(info.value) == message


def test_waiting_for_says_who_enters_what_and_whether_it_is_secret():
    from tabletop.core import Waiting
    m = Match("toy", ["Alice", "Bob"])
    assert m.waiting_for() == Waiting(0, "chance", True, ("DrawCard",), "")    # Alice's own card
    with pytest.raises(NotYourTurn) as info:
        dealt().sample_chance()
    assert str(info.value) == "No card is to be dealt or drawn now."
    m.apply(DrawCard(0, 4)); m.apply(DrawCard(1, 2))
    assert m.waiting_for() == Waiting(0, "decision", False, ("Buy", "Pass"), "")
    m.apply(Pass(0)); m.apply(Pass(1))
    assert m.waiting_for() == Waiting(None, "over", False, (), "")
    # a public chance entry: anyone at the table turns up the watcher's jack (docs/jika.md)
    jika = Match("jika", ["A", "B", "C"], seed=1)
    while jika.waiting_for().secret:
        jika.play_chance()
    assert jika.waiting_for() == Waiting(None, "chance", False, ("RevealWatcher",),
                                         "Turn up the watcher's next jack.")


# A save written by this version, kept as it was written: later versions must keep loading it.
GOLDEN_SAVE = '''{
 "format": "tabletop-match", "version": 1, "title": "toy", "players": ["Zoë", "時価"],
 "options": {"money": 12}, "seed": 7,
 "actions": [{"type": "DrawCard", "seat": 0, "card": 4}, {"type": "DrawCard", "seat": 1, "card": 2},
             {"type": "Buy", "seat": 0}],
 "checksum": "786ef5b70d573c798d4ece20296c5520980ff46ea7a7875b270b74a2e1fee5eb"
}'''


def test_a_save_written_earlier_still_loads_and_its_checksum_is_plain_sha256():
    """The checksum is SHA-256 of the save without it, as compact UTF-8 JSON with sorted keys
    (docs/security.md: a plain SHA-256), recomputed here with hashlib."""
    import hashlib
    data = json.loads(GOLDEN_SAVE)
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == data["checksum"]
    m = Match.from_json(GOLDEN_SAVE)
    assert m.game.players == ("Zoë", "時価") and m.state.money == [9, 12] and m.state.price == 4
    assert json.loads(m.to_json()) == data


def test_the_same_seed_deals_the_same_cards():
    draws = [[Match("toy", ["A", "B"], seed=seed).play_chance() for _ in range(2)] for seed in (5, 5)]
    assert draws[0] == draws[1]
    many = {Match("toy", ["A", "B"], seed=seed).play_chance().card for seed in range(30)}
    assert len(many) > 1     # the seed is what decides: other seeds deal other cards


def test_setup_and_play_refusals_word_for_word():
    with pytest.raises(OptionsError) as info:
        Match("toy", ["Al", " "])
    assert str(info.value) == "Every player needs a name, and no two players the same name."
    with pytest.raises(OptionsError) as info:   # the toy adds up its starting money: text cannot be
        Match("toy", ["A", "B"], {"money": "lots"})
    assert str(info.value) == ("Toy cannot use these options (TypeError: \"unsupported operand type(s) "
                               "for +=: 'int' and 'str'\").")
    m = dealt()
    with pytest.raises(MalformedAction) as info:
        m.apply("x" * 79)                         # quoted, shortened to 80 characters
    assert str(info.value) == "'" + "x" * 76 + "... is not an action of Toy."
    m.apply(Pass(0)); m.apply(Pass(1))
    with pytest.raises(GameIsOver) as info:
        m.apply(Pass(0))
    assert str(info.value) == "The game is over; Alice passes cannot be played."
    with pytest.raises(GameIsOver) as info:
        m.apply(Buy(99))                          # no seat 99 to name: the kind of entry only
    assert str(info.value) == "The game is over; this Buy cannot be played."


def test_the_public_record_holds_the_options():
    m = Match("toy", ["A", "B"], {"money": 12})
    assert m.public_record()["options"] == {"money": 12}


# --- saves: what the docs promise of reading and writing them (docs/security.md: "every failure is
# a `SaveFileError` in words"; the checksum "is a plain SHA-256", recomputed here from that) -------
def sealed(data: dict) -> str:
    """A save's text with its checksum recomputed the way a deliberate editor would: SHA-256 of
    the save without its checksum, as compact JSON with sorted keys."""
    import hashlib
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return json.dumps({**body, "checksum": hashlib.sha256(text.encode("utf-8")).hexdigest()})


def test_a_save_with_a_byte_order_mark_loads_as_text_and_as_bytes():
    """Some editors put a byte-order mark before the text: the save still loads."""
    m = dealt()
    text = "\ufeff" + m.to_json()
    for save in (text, text.encode("utf-8")):
        assert Match.from_json(save).to_json() == m.to_json()


def test_what_is_not_a_save_is_refused_in_words(tmp_path):
    with pytest.raises(SaveFileError, match=r"^A saved match is text or bytes, not 42\.$"):
        Match.from_json(42)
    with pytest.raises(SaveFileError, match=r"^A saved match is read from a file path, not 3\.5\.$"):
        Match.load(3.5)
    too_long = 20_000_001                          # docs/security.md: saves are bounded at 20 MB
    for save in ("x" * too_long, b"x" * too_long):
        with pytest.raises(SaveFileError, match=r"^This file is too large to be a saved match "
                                                r"\(20,000,001 bytes; at most 20,000,000\)\.$"):
            Match.from_json(save)
    good = json.loads(dealt().to_json())
    with pytest.raises(SaveFileError, match=r"the number '1e400', which is too large\.\)\.$"):
        Match.from_json(json.dumps(good).replace('"seed": 1', '"seed": 1e400'))
    with pytest.raises(SaveFileError, match=r"holds NaN, which is not a number a match uses\.\)\.$"):
        Match.from_json(json.dumps(good).replace('"seed": 1', '"seed": NaN'))
    # a fraction is read as the number it is, and refused by what it stands for
    with pytest.raises(SaveFileError, match=r"^This saved match's seed must be a whole number or none, not 1\.5\.$"):
        Match.from_json(sealed({**good, "seed": 1.5}))


def test_a_folder_or_a_pipe_is_refused_at_once_and_nothing_waits(tmp_path):
    """Reading a named pipe nobody writes to would wait forever: it is refused without waiting,
    like a folder (docs/security.md: a save is read from a regular file only)."""
    import threading
    with pytest.raises(SaveFileError, match=r"^Cannot read the saved match .*: it is not a regular file\.$"):
        Match.load(tmp_path)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    outcome = []

    def read():
        try:
            Match.load(pipe)
        except SaveFileError as exc:
            outcome.append(str(exc))
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():                          # blocked opening the pipe: let it go, then fail
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(10)
        pytest.fail("reading a named pipe waited for a writer")
    assert outcome == [f"Cannot read the saved match {pipe}: it is not a regular file."]


def test_a_save_is_utf_8_even_where_the_computers_own_encoding_is_ascii(tmp_path, monkeypatch):
    """The file is UTF-8 whatever the locale (as on a computer set to LC_ALL=C): here the
    default text encoding of this process is made ASCII while saving."""
    import io
    real = io.text_encoding
    monkeypatch.setattr(io, "text_encoding", lambda encoding, stacklevel=2: encoding or "ascii")
    assert real is not io.text_encoding
    path = tmp_path / "match.json"
    Match("toy", ["Zoë", "時価"], seed=2).save(path)
    monkeypatch.undo()
    assert json.loads(path.read_bytes().decode("utf-8"))["players"] == ["Zoë", "時価"]
