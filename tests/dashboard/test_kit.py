"""Showing or hiding one control never hides another: the Layout that kit's widgets share refuses
every change (the "Correct a mistake" button once hid the whole table screen through it)."""
import ipywidgets as W
import pytest

from tabletop import Match
from tabletop.store import Store
from tabletop.widgets import Tracker, kit


def visible(widget: W.Widget) -> set[int]:
    """The ids of the widgets a person can see under ``widget`` (a hidden box hides its children)."""
    layout = getattr(widget, "layout", None)
    if layout is not None and layout.display == "none":
        return set()
    seen = {id(widget)}
    for child in getattr(widget, "children", ()):
        seen |= visible(child)
    return seen


def test_kit_refuses_to_show_or_hide_a_widget_that_shares_its_layout():
    shared = kit.button("Next")
    for change in (lambda: kit.show(shared, False), lambda: kit.hidden(shared),
                   lambda: setattr(shared.layout, "display", "none"), lambda: setattr(shared.layout, "width", "9em")):
        with pytest.raises(kit.SharedLayoutError, match="own_layout=True"):
            change()
    assert kit.button("Other").layout.display is None
    own = kit.button("Mine", own_layout=True)
    kit.show(own, False)
    assert own.layout.display == "none" and kit.button("Third").layout.display is None


@pytest.mark.parametrize("title", ["stockpile", "acquire", "black-monday", "jika"])
def test_opening_and_closing_the_correction_card_hides_only_its_own_button(title, home):
    tracker = Tracker(Store().create(Match(title, ("Ann", "Bob", "Cy"), seed=1)))
    before = visible(tracker.widget)
    card = tracker.correct
    card.open_button.click()
    opened = visible(tracker.widget)
    assert id(card.open_button) not in opened and id(card.enter_button) in opened
    assert before - {id(card.open_button)} <= opened, "opening the card hid other controls of the screen"
    card.cancel_button.click()
    assert visible(tracker.widget) == before
