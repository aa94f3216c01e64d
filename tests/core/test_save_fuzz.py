"""Save fuzz: hundreds of damaged, edited and garbage saves made from real games of every title.
Only a SaveFileError may come out of ``Match.from_json``/``from_dict``/``load``, never another
exception; a changed save whose checksum was not recomputed is refused; an edited save with a
recomputed checksum (the checksum is unkeyed: anyone can recompute it) either is refused or loads
as a legal match, whose replay from its own log gives the same match and whose every view,
log and export can be read. Then the specific attacks of issue 11 one by one."""
from __future__ import annotations

import copy
import json
import os
import random
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import Match, SaveFileError
from tabletop.match import MAX_SAVE_BYTES, _checksum
from tabletop.testing import snapshot

from .fuzzing import CONFIGS, config_id, finished_log, replayed

COUNTS: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    """Prints the totals of this module at its end (run pytest with -s to see them)."""
    yield
    print(f"\nsave fuzz: {COUNTS['tried']} saves tried, {COUNTS['refused']} refused with "
          f"SaveFileError, {COUNTS['loaded']} loaded as legal matches")


def resealed(data):
    """``data`` with its checksum recomputed, as a deliberate editor would do."""
    if isinstance(data, dict):
        data = dict(data)
        data.pop("checksum", None)
        try:
            data["checksum"] = _checksum(data)
        except (UnicodeEncodeError, ValueError):  # text no save can hold: left unsealed
            data["checksum"] = "?"
    return data


def base_saves() -> list[dict]:
    """One save per title and player count: a finished game, and one stopped half way."""
    saves = []
    for config in CONFIGS:
        length = len(finished_log(config, 0))
        for steps in (None, length // 2):
            saves.append(replayed(config, 0, steps).to_dict())
    return saves


def check_outcome(load, *args) -> Match | None:
    """Run ``load``: a SaveFileError (counted) or a match that is what its log says it is."""
    COUNTS["tried"] += 1
    try:
        match = load(*args)
    except SaveFileError as exc:
        assert str(exc).strip()
        COUNTS["refused"] += 1
        return None
    COUNTS["loaded"] += 1
    g = match.game
    again = Match(g.title, g.players, g.options, g.seed)
    for action in match.log:
        again.apply(action)
    assert again.to_dict() == match.to_dict() and snapshot(again) == snapshot(match)
    assert snapshot(Match.from_json(match.to_json())) == snapshot(match)
    for seat in [None, *range(g.n_players)]:
        json.dumps(match.view(seat))
        match.describe_log(seat)
        match.offered_actions(seat)
    json.dumps(match.public_record())
    return match


# --- mutations of the parsed save -------------------------------------------------------------

NASTY = [0, -1, 1, 2, 10**20, 1.5, 0.0, True, False, None, "", "x", "0", "Alice", [], {}, [0],
         {"a": 1}, [[[]]], "\ud800", "../../etc/passwd", {"type": "Pass", "seat": 0}]


def paths(value, here=()):
    """Every place in a JSON value, as a tuple of keys and indexes."""
    yield here
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, here + (i,))


def mutate(data: dict, rng: random.Random, new_value) -> dict:
    """One random edit: replace, delete, duplicate or swap something anywhere in the save."""
    data = copy.deepcopy(data)
    places = [p for p in paths(data) if p and p[0] != "checksum"]
    where = places[rng.randrange(len(places))]
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    last = where[-1]
    how = rng.choice(["replace", "replace", "delete", "duplicate", "swap"])
    if how == "replace":
        parent[last] = new_value
    elif how == "delete":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[last], parent[other] = parent[other], parent[last]
    else:
        parent[last] = new_value
    return data


def test_edited_saves_are_refused_or_load_as_legal_matches():
    rng = random.Random(11)
    saves = base_saves()
    edited = unchanged = 0
    for round_ in range(360):
        original = saves[round_ % len(saves)]
        changed = mutate(original, rng, rng.choice(NASTY))
        if changed == original:
            unchanged += 1
            continue
        # not resealed: the checksum no longer matches, so it is refused, whatever changed
        COUNTS["tried"] += 1
        with pytest.raises(SaveFileError):
            Match.from_dict(changed)
        COUNTS["refused"] += 1
        # resealed: refused in words or a legal match; through the dict and the text
        check_outcome(Match.from_dict, resealed(changed))
        try:
            text = json.dumps(resealed(changed))
        except ValueError:
            continue
        check_outcome(Match.from_json, text)
        edited += 1
    assert edited > 300


def plausible_edit(data: dict, rng: random.Random) -> dict:
    """An edit a player might make on purpose: cut the log, change the seed or a name, or put
    a value seen elsewhere in the log (another card, seat or amount) into one entry."""
    data = copy.deepcopy(data)
    how = rng.randrange(4)
    if how == 0:
        del data["actions"][rng.randrange(len(data["actions"]) + 1):]
    elif how == 1:
        data["seed"] = rng.choice([None, 0, rng.randrange(10**9)])
    elif how == 2:
        data["players"][rng.randrange(len(data["players"]))] = rng.choice(["Zoë", "P1", "時価"])
    else:
        entry = rng.choice(data["actions"])
        name = rng.choice([k for k in entry if k != "type"] or ["type"])
        seen = [a[name] for a in data["actions"] if name in a]
        entry[name] = rng.choice(seen)
    return data


def test_plausible_edits_load_as_legal_matches_or_are_refused():
    rng = random.Random(13)
    saves = base_saves()
    loaded = 0
    for round_ in range(120):
        edited = resealed(plausible_edit(saves[round_ % len(saves)], rng))
        loaded += check_outcome(Match.from_dict, edited) is not None
    assert loaded > 40  # most such edits give another legal match: the checksum cannot tell


def test_damaged_bytes_are_refused_in_words():
    """Bytes flipped, dropped, inserted, cut: from_json(bytes) says SaveFileError, nothing else."""
    rng = random.Random(12)
    texts = [json.dumps(s, ensure_ascii=False, indent=1).encode() for s in base_saves()[::4]]
    for round_ in range(300):
        raw = bytearray(texts[round_ % len(texts)])
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(raw))
            how = rng.randrange(4)
            if how == 0:
                raw[i] = rng.randrange(256)
            elif how == 1:
                del raw[i]
            elif how == 2:
                raw.insert(i, rng.choice(b'[]{}",:0\\\xff\xc3'))
            else:
                del raw[i:]
                break
        check_outcome(Match.from_json, bytes(raw))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8)


@settings(max_examples=200, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(which=st.integers(0, 10**6), where=st.integers(0, 10**6), value=json_values)
def test_any_json_anywhere_in_a_resealed_save(which, where, value):
    saves = small_saves()
    data = copy.deepcopy(saves[which % len(saves)])
    places = [p for p in paths(data) if p and p[0] != "checksum"]
    place = places[where % len(places)]
    parent = data
    for step in place[:-1]:
        parent = parent[step]
    parent[place[-1]] = value
    check_outcome(Match.from_json, json.dumps(resealed(data)))


_SMALL_SAVES: list[dict] = []


def small_saves() -> list[dict]:
    """The first 40 entries of a game of each config (cheap to replay many times)."""
    if not _SMALL_SAVES:
        _SMALL_SAVES.extend(replayed(config, 0, 40).to_dict() for config in CONFIGS)
    return _SMALL_SAVES


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_bytes_are_refused_in_words(raw):
    check_outcome(Match.from_json, raw)


# --- the specific attacks --------------------------------------------------------------------------

def stockpile_save() -> dict:
    return replayed(("stockpile", 3, None), 0, 30).to_dict()


def refused(load, arg, *words) -> str:
    COUNTS["tried"] += 1
    with pytest.raises(SaveFileError) as info:
        load(arg)
    message = str(info.value)
    for w in words:
        assert w in message, message
    COUNTS["refused"] += 1
    return message


def with_field(**changes) -> dict:
    data = stockpile_save()
    data.update(changes)
    return resealed(data)


@pytest.mark.parametrize("field, value, words", [
    ("options", "ab", "options must be a table, not 'ab'"),
    ("options", ["expert_board"], "options must be a table"),
    ("players", "Alice", "players must be a list of names"),
    ("players", ["Alice", 7, "Carol"], "players must be a list of names"),
    ("players", [["Alice"], "Bob", "Carol"], "players must be a list of names"),
    ("players", ["Alice", "Alice", "Carol"], "no two players the same name"),
    ("players", ["Alice", "\ud800", "Carol"], "holds something a save file cannot"),
    ("seed", 1.5, "seed must be a whole number or none, not 1.5"),
    ("seed", True, "seed must be a whole number or none, not True"),
    ("seed", "7", "seed must be a whole number or none"),
    ("actions", {"0": {"type": "Pass", "seat": 0}}, "entries must be a list"),
    ("actions", "none", "entries must be a list"),
    ("actions", None, "entries must be a list"),
    ("title", "chess", "no game called 'chess'"),
    ("title", 5, "names its game by 5"),
    ("version", 2, "format version 2"),
    ("version", True, "format version True"),
    ("version", "1", "format version '1'"),
    ("extra", 1, "unknown entries 'extra'"),
])
def test_a_resealed_save_with_a_bad_field_is_refused_in_words(field, value, words):
    refused(Match.from_dict, with_field(**{field: value}), words)
    refused(Match.from_json, json.dumps(with_field(**{field: value})), words)


def test_a_save_missing_a_field_is_refused_in_words():
    data = stockpile_save()
    del data["seed"]
    refused(Match.from_dict, resealed(data), "it lacks seed")


def test_tampered_options_are_caught_by_the_checksum():
    data = stockpile_save()
    data["options"]["expert_board"] = not data["options"]["expert_board"]
    refused(Match.from_dict, data, "changed or damaged since it was saved (its checksum does not match)")
    data["options"] = {k: v for k, v in data["options"].items() if k != "rules_data"}
    refused(Match.from_dict, data, "its checksum does not match")


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "nested more than 50 deep"),
    ("[" * 100_000, "nested more than 50 deep"),
    ('{"a":' * 51 + "1" + "}" * 51, "nested more than 50 deep"),
    ('{"format": "tabletop-match", "seed": ' + "9" * 5000 + "}", "a number with 5,000 digits"),
    ('{"format": "tabletop-match", "seed": -' + "9" * 4301 + "}", "a number with 4,301 digits"),
    ('{"format": "tabletop-match", "seed": NaN}', "holds NaN"),
    ('{"format": "tabletop-match", "seed": -Infinity}', "holds -Infinity"),
    ('{"format": "tabletop-match", "seed": 1e999}', "the number '1e999', which is too large"),
    (b'{"format": "tabletop-match\xff"}', "not UTF-8 text (byte 27 cannot be read)"),
    (b"\xef\xbb\xbf[]", "not a saved tabletop match"),   # UTF-8 with a byte-order mark
    ("", "not valid JSON"),
    ("null", "not a saved tabletop match"),
    ("[1, 2]", "not a saved tabletop match"),
    ('{"format": "tabletop-match"', "not valid JSON"),
    (42, "A saved match is text or bytes, not 42."),
    (None, "A saved match is text or bytes, not None."),
])
def test_garbage_text_is_refused_in_words(text, words):
    refused(Match.from_json, text, words)


def test_a_deep_but_allowed_save_is_refused_by_its_content_not_by_recursion():
    data = stockpile_save()
    deep: object = 1
    for _ in range(45):
        deep = [deep]
    data["options"]["rules_data"] = {"rounds": {"3": deep}}
    refused(Match.from_json, json.dumps(resealed(data)), "cannot be read")


def test_an_oversized_save_is_refused_unread():
    start = time.perf_counter()
    refused(Match.from_json, b" " * (MAX_SAVE_BYTES + 1), "too large to be a saved match")
    refused(Match.from_json, " " * (MAX_SAVE_BYTES + 1), "too large to be a saved match")
    assert time.perf_counter() - start < 5


def test_a_large_hostile_save_is_judged_in_bounded_time():
    # 19 MB of brackets and escapes: refused in seconds, not minutes, and never RecursionError
    for text in ("[" * 19_000_000, '"\\"' * 6_000_000, "[[[[[[[[[]]]]]]]]]" * 1_000_000):
        start = time.perf_counter()
        refused(Match.from_json, text)
        assert time.perf_counter() - start < 20


def test_a_save_with_the_same_checksum_loads_as_bytes_and_as_text():
    data = stockpile_save()
    text = json.dumps(data, ensure_ascii=False)
    for form in (text, text.encode("utf-8"), "\ufeff" + text):
        assert snapshot(Match.from_json(form)) == snapshot(Match.from_dict(data))


# --- saves never name a file on this computer ---------------------------------------------------------

@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "rules.json"
    os.mkfifo(path)
    return path


def test_a_save_naming_a_rules_file_is_refused_without_touching_it(tmp_path, fifo):
    real = tmp_path / "real.json"
    real.write_text('{"stock_copies": 3}')
    messages = set()
    for path in (str(fifo), "/dev/zero", str(real), str(tmp_path / "missing.json"), str(tmp_path)):
        data = stockpile_save()
        data["options"] = {k: v for k, v in data["options"].items() if k != "rules_data"}
        data["options"]["rules_file"] = path
        start = time.perf_counter()
        messages.add(refused(Match.from_json, json.dumps(resealed(data)),
                             "a saved match carries its rules data, not a file path"))
        assert time.perf_counter() - start < 5
    # the answer is the same whether the file exists or not: it tells nothing about the server
    assert len(messages) == 1 and path not in messages.pop()


def test_a_new_match_reads_a_rules_file_but_never_a_pipe_or_a_device(tmp_path, fifo):
    real = tmp_path / "real.json"
    real.write_text('{"stock_copies": 12}')
    m = Match("stockpile", ["A", "B", "C"], {"rules_file": str(real)})
    assert "rules_file" not in m.game.options and m.game.options["rules_data"]["stock_copies"] == 12
    assert "rules_file" not in json.dumps(m.to_dict()) and str(real) not in m.to_json()
    from tabletop import OptionsError
    for path, words in ((fifo, "is not a regular file"), ("/dev/zero", "is not a regular file"),
                        (tmp_path, "is not a regular file"), (tmp_path / "none.json", "Cannot read")):
        with pytest.raises(OptionsError, match=words):
            Match("stockpile", ["A", "B", "C"], {"rules_file": str(path)})


def test_load_reads_only_regular_files(tmp_path, fifo):
    for path in (fifo, "/dev/zero", tmp_path):
        refused(Match.load, path, "it is not a regular file")
    refused(Match.load, tmp_path / "missing.json", "Cannot read the saved match")
    refused(Match.load, 3.5, "read from a file path, not 3.5")
    good = tmp_path / "good.json"
    m = replayed(("jika", 3, None), 0, 20)
    m.save(good)
    assert snapshot(Match.load(good)) == snapshot(m)


def test_every_config_round_trips():
    for config in CONFIGS:
        m = replayed(config, 0)
        assert snapshot(Match.from_json(m.to_json().encode())) == snapshot(m), config_id(config)
