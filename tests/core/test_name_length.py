"""A player's name has at most 40 characters, wherever a match is made: a new match, a save
being resumed (an import) and a stored match being replayed all go through ``Match``. A name of
5 MB made every start page ship it to every browser; now it is refused in words, quoted short."""
from __future__ import annotations

import json
import time

import pytest

from tabletop.errors import OptionsError, SaveFileError
from tabletop.match import Match
from tabletop.store import Store

from .test_match import sealed

FORTY = "Maximiliana Theodora Wolkenstein-Rodenegg"[:40]


def test_a_name_of_40_characters_plays_and_41_is_refused_in_words():
    assert len(FORTY) == 40
    assert Match("stockpile", [FORTY, "Ben", "Cy"]).game.players[0] == FORTY
    with pytest.raises(OptionsError) as refused:
        Match("stockpile", [FORTY + "x", "Ben", "Cy"])
    assert str(refused.value) == f"A player's name has at most 40 characters: “{FORTY[:20]}…” has 41."


def test_a_name_of_5_mb_is_refused_at_once_with_a_short_message():
    started = time.monotonic()
    with pytest.raises(OptionsError) as refused:
        Match("stockpile", ["A" * 5_000_000, "Ben", "Cy"])
    assert time.monotonic() - started < 1
    assert str(refused.value) == f"A player's name has at most 40 characters: “{'A' * 20}…” has 5,000,000."


def test_an_import_with_a_long_name_is_refused_and_nothing_is_stored(tmp_path):
    good = json.loads(Match("stockpile", ["Ann", "Ben", "Cy"], seed=4).to_json())
    edited = sealed({**good, "players": ["Ann", "B" * 41, "Cy"]})
    with pytest.raises(SaveFileError) as refused:
        Match.from_json(edited)
    assert str(refused.value) == ("This saved match cannot be read: A player's name has at most 40 characters: "
                                  f"“{'B' * 20}…” has 41.")
    with Store(tmp_path / "m.sqlite3") as store:
        with pytest.raises(SaveFileError):
            store.import_json(edited)
        assert store.list() == []
