"""What a device reads back from the store, said exactly, on both backends: written for the
mutants of the store's reading paths that tests/store and tests/dashboard let live (docs/testing.md,
"Mutation scores": issue 30's run). Each test failed on its mutant."""
import pytest

from tabletop import Match, SaveFileError
from tabletop.store import Store

from .helpers import play, raw_execute


def saved_match(location, entries: int = 6):
    store = Store(location)
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=3))
    play(saved, entries, seed=3)
    return store, saved


def test_a_match_whose_options_are_damaged_is_refused_naming_it(location):
    store, saved = saved_match(location)
    raw_execute(location, f"UPDATE matches SET options = '{{not json' WHERE id = '{saved.id}'")
    with pytest.raises(SaveFileError) as caught:
        Store(location).open(saved.id)
    assert str(caught.value) == f"Saved match '{saved.id}' cannot be read: its options are damaged."


def test_a_match_that_is_not_there_is_refused_naming_it(location):
    with pytest.raises(SaveFileError) as caught:
        Store(location).open("0123abcd4567")
    assert str(caught.value) == "There is no saved match '0123abcd4567'."


def test_a_match_opened_again_holds_the_same_entries_undone_ones_and_revision(location):
    store, saved = saved_match(location, entries=8)
    saved.undo()
    saved.undo()
    again = Store(location).open(saved.id, device="seat:1")
    assert again.match.log == saved.match.log and len(again.match.log) == 6
    assert again.match.undone == saved.match.undone and len(again.match.undone) == 2
    assert again.revision == saved.revision == Store(location).revision(saved.id)
    assert again.match.game == saved.match.game


# --- the Watcher (widgets/live.py): what a following page runs --------------------------------
def test_a_watcher_starts_only_in_a_running_event_loop_and_only_for_a_stored_match(location):
    import asyncio
    import types

    from tabletop.widgets.live import Watcher

    store, saved = saved_match(location)
    outside = Watcher(saved, lambda: None)
    assert outside.start() is False and outside.task is None          # a test, a script: no loop

    async def inside():
        unsaved = Watcher(types.SimpleNamespace(store=None, id="x", revision=0), lambda: None)
        assert unsaved.start() is False and unsaved.task is None      # nothing stored to follow
        watcher = Watcher(saved, lambda: None)
        assert watcher.start() is True and isinstance(watcher.task, asyncio.Task)
        task = watcher.task
        watcher.stop()
        assert watcher.task is None
        await asyncio.gather(task, return_exceptions=True)
        assert task.cancelled()
        watcher.stop()                                                 # twice: nothing to stop
        assert watcher.task is None
    asyncio.run(inside())


def test_a_failed_redraw_is_logged_in_words_and_tried_again_a_second_later(location, caplog, monkeypatch):
    import asyncio
    import logging
    import sys

    from tabletop.widgets import live
    from tabletop.widgets.live import Watcher

    store, saved = saved_match(location)
    pauses, real_sleep = [], asyncio.sleep

    async def sleep(seconds, *args):
        if sys._getframe(1).f_code is live.Watcher._run.__code__:
            pauses.append(seconds)
            seconds = 0
        return await real_sleep(seconds, *args)
    monkeypatch.setattr(asyncio, "sleep", sleep)
    calls = []

    async def follow():
        shown = asyncio.Event()

        def redraw():
            calls.append(saved.revision)
            if len(calls) == 1:
                raise RuntimeError("a widget failed")
            saved.refresh()
            shown.set()
        watcher = Watcher(saved, redraw)
        assert watcher.start()
        writer = Store(location).open(saved.id)
        writer.apply(writer.match.legal_actions()[0] if writer.match.current_player() >= 0
                     else writer.match.state.sample_chance(__import__("random").Random(0)))
        await asyncio.wait_for(shown.wait(), 20)
        watcher.stop()
    with caplog.at_level(logging.ERROR, logger="tabletop.live"):
        asyncio.run(follow())
    assert len(calls) == 2 and pauses == [1.0]
    assert [r.getMessage() for r in caplog.records if r.name == "tabletop.live"] == ["following the match failed"]


def test_a_copy_catching_up_with_a_deleted_match_is_told_it_was_deleted(location):
    store, saved = saved_match(location)
    Store(location).delete(saved.id)
    with pytest.raises(SaveFileError) as caught:
        saved.refresh()
    assert str(caught.value) == f"Saved match '{saved.id}' has been deleted."


def test_who_changed_a_match_last_is_read_and_nobody_for_a_match_not_there(location):
    store = Store(location)
    saved = store.create(Match("stockpile", ["Ann", "Ben", "Cy"], seed=3))
    phone = Store(location).open(saved.id, device="seat:2")
    play(phone, 1, seed=3)
    assert store.changed_by(saved.id) == "seat:2"
    assert store.changed_by("0123abcd4567") is None


def test_a_stored_match_iterates_over_its_entries_in_order(location):
    store, saved = saved_match(location, entries=5)
    assert list(saved) == list(saved.match.log) and len(list(saved)) == 5
