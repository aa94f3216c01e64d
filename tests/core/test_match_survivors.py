"""Refusals of tabletop/match.py whose words sampled mutants changed without any test noticing
(docs/testing.md, "Mutation scores", the second sample of match.py): a resealed save (its
checksum made again, as anyone can) of the wrong kind is refused with the whole sentence, and a
position entered after the first entry is refused in words. Nothing is stored or changed."""
import pytest

from tabletop import IllegalAction, Match, SaveFileError
from tabletop.acquire import DrawStartTile, Position
from tabletop.match import _checksum
from tabletop.testing import snapshot

from .test_match import dealt


def resealed(data: dict) -> dict:
    return {**data, "checksum": _checksum({k: v for k, v in data.items() if k != "checksum"})}


@pytest.mark.parametrize("field, value, message", [
    ("title", 5, "This saved match names its game by 5, not by a name."),
    ("options", [1, 2], "This saved match's options must be a table, not [1, 2]."),
])
def test_a_resealed_save_naming_its_game_or_options_wrongly_is_refused_with_the_whole_sentence(field, value, message):
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(resealed({**dealt().to_dict(), field: value}))
    assert str(info.value) == message


def test_a_save_of_a_game_this_tabletop_does_not_know_says_which_game():
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(resealed({**dealt().to_dict(), "title": "chess"}))
    assert str(info.value).startswith("This saved match cannot be read: There is no game called 'chess'.")


def test_a_save_naming_a_rules_file_is_refused_and_the_file_is_not_read(tmp_path):
    rules = tmp_path / "my-rules.toml"        # never created: the loader must not look for it
    data = Match("stockpile", ["Ann", "Ben", "Cy"]).to_dict()
    data["options"] = {**data["options"], "rules_file": str(rules)}
    with pytest.raises(SaveFileError) as info:
        Match.from_dict(resealed(data))
    assert str(info.value) == ("This saved match names a file (rules_file); a saved match carries its "
                               "rules data, not a file path, so it is not read.")


def test_a_position_after_the_first_entry_is_refused_in_words_and_nothing_changes():
    m = Match("acquire", ["Liz", "Charlie", "Courtney"])
    m.apply(DrawStartTile(0, "5B"))
    before = snapshot(m)
    with pytest.raises(IllegalAction) as info:
        m.apply(Position(round=5, first_player=2, turn=0, board=(("1A", "Etch"), ("2A", "Etch")),
                         money=(4_100, 7_300, 0), holdings=((), (), ()), racks=(6, 6, 6), set_aside=()))
    assert str(info.value) == ("A position can only be the first entry of a match, and this match already "
                               "has 1; start a new match from the table as it is.")
    assert snapshot(m) == before
