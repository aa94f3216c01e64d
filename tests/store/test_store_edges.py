"""Store promises that mutation testing found unproved (bench/mutation.sh, docs/testing.md
"Mutation scores"): going back to an entry forgets the draws entered ahead, as undo does; draws
that come due are saved when they are played; the list of matches shows the round the match is
in; a PostgreSQL address is said in words with its user, server and database, never its password.
Expected values come from the rules' public view and from PostgreSQL's own conventions."""
from __future__ import annotations

import random

import pytest

from tabletop import CHANCE, Match
from tabletop.errors import StoreError
from tabletop.store import Store, location_words
from tabletop.stockpile.actions import DealStartingStock

from .helpers import assert_plain, raw_execute

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def first_deal(path):
    """A Stockpile match waiting for Ann's starting stock, and the printed companies."""
    store = Store(path)
    saved = store.create(Match("stockpile", PLAYERS, seed=11))
    assert saved.match.current_player() == CHANCE and saved.match.state.chance_owner() == 0
    return store, saved, [a.company for a in saved.match.legal_actions()]


def test_going_back_to_an_entry_forgets_the_draws_entered_ahead_like_undo(location):
    store, table, companies = first_deal(location)
    table.apply(DealStartingStock(0, companies[0]))
    table.apply(DealStartingStock(1, companies[1]))                 # now Cy's draw
    dee = Store(location).open(table.id, device="seat:3")
    dee.add_advance(3, DealStartingStock(3, companies[3]))
    assert [e.seat for e in store.advance_entries(table.id)] == [3]
    table.refresh()
    table.undo_to(1)
    assert store.advance_entries(table.id) == []
    assert list(Store(location).open(table.id).match.log) == [DealStartingStock(0, companies[0])]


def test_a_draw_that_came_due_is_played_and_saved_by_the_next_device_that_looks(location):
    store, table, companies = first_deal(location)
    table.apply(DealStartingStock(0, companies[0]))                 # now Ben's draw
    ben = Store(location).open(table.id, device="seat:1")
    ben.add_advance(1, DealStartingStock(1, companies[1]))          # entered when already due
    table.refresh()
    assert table.play_advance()
    expected = [DealStartingStock(0, companies[0]), DealStartingStock(1, companies[1])]
    assert list(table.match.log) == expected
    assert list(Store(location).open(table.id).match.log) == expected     # saved, not only shown
    assert store.advance_entries(table.id) == []
    assert not table.play_advance()                                 # nothing more is due


def test_the_list_of_matches_shows_the_round_and_phase_the_match_is_in(location):
    match, rng = Match("stockpile", PLAYERS, seed=4), random.Random(4)
    while match.view(None)["round"] < 2:
        match.apply(rng.choice(match.legal_actions()))
    store = Store(location)
    saved_id = store.create(match).id
    (info,) = [i for i in store.list() if i.id == saved_id]
    view = match.view(None)
    assert (info.round, info.phase, info.n_actions) == (view["round"], view["phase"], len(match)) and view["round"] == 2


@pytest.mark.parametrize("address,words", [
    ("postgresql://ann:s3cret@db.example:5433/games",
     "the PostgreSQL database 'games' on db.example:5433 as user 'ann'"),
    # the libpq keywords may come in the query instead (a socket folder as the host)
    ("postgresql:///?host=/run/postgresql&user=bob&dbname=club&password=s3cret",
     "the PostgreSQL database 'club' on /run/postgresql as user 'bob'"),
    # no database named: PostgreSQL connects to the database of the user's name
    ("postgresql://carol:s3cret@db.example", "the PostgreSQL database 'carol' on db.example as user 'carol'"),
    # "://" later in the address (a query value) does not hide that it is a database address
    ("postgresql://dan:s3cret@db.example/games?application_name=tabletop://table",
     "the PostgreSQL database 'games' on db.example as user 'dan'"),
])
def test_a_database_address_is_said_in_words_without_its_password(address, words):
    assert location_words(address) == words
    assert "s3cret" not in location_words(address)


def test_a_pin_stored_by_an_unknown_method_is_refused_in_words(location):
    """A PIN row another program wrote with a method tabletop does not know cannot be checked:
    the seat's owner is told, in plain words, what to do (docs/security.md: store failures are
    said in words)."""
    store = Store(location)
    saved = store.create(Match("stockpile", PLAYERS, seed=2))
    store.set_pin(saved.id, 1, "4821")
    raw_execute(location, "UPDATE pins SET method = 'md5'")
    with pytest.raises(StoreError) as info:
        store.check_pin(saved.id, 1, "4821")
    assert_plain(info.value)
    assert "'md5'" in str(info.value) and "set a new one" in str(info.value)
