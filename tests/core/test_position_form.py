"""The "start from the table as it is" form (tabletop.widgets.position): what is typed becomes the
title's Position, which a new match accepts; text it cannot read is refused in words."""
import pytest

# ipywidgets comes with the test extra (tabletop[dashboards]): a missing one is an error, not a skip
from tabletop import Match
from tabletop.errors import IllegalAction, MalformedAction
from tabletop.widgets.position import position_form

PLAYERS = ["Alice", "Bob", "Carol"]


def widgets(form, kind):
    """Every widget of ``kind`` in the form, in the order shown."""
    out, stack = [], [form.widget]
    while stack:
        w = stack.pop(0)
        if isinstance(w, kind):
            out.append(w)
        stack[0:0] = list(getattr(w, "children", ()))
    return out


def by_description(form, kind, description):
    return next(w for w in widgets(form, kind) if w.description == description)


def test_stockpile_form_defaults_start_values_and_money_and_become_a_position():
    import ipywidgets as W
    form = position_form("stockpile", PLAYERS)
    by_description(form, W.BoundedIntText, "Round").value = 3
    by_description(form, W.Dropdown, "Epic Electric").value = 9          # Epic at 10
    by_description(form, W.Text, "Bob").value = "$3,000 1,000"           # Bob's unpaid fees, oldest first
    position = form.action()
    assert position.round == 3 and position.money == (20_000, 20_000, 20_000)
    assert dict(position.spaces)["Epic Electric"] == 9 and dict(position.spaces)["Cosmic Computers"] == 4
    assert position.unpaid_fees == ((), ("Fee $3,000", "Fee $1,000"), ())
    m = Match("stockpile", PLAYERS, seed=0)
    with pytest.raises(IllegalAction, match="Bob cannot owe the Fee \\$3,000 card while having \\$20,000"):
        m.apply(position)
    by_description(form, W.Text, "Bob").value = ""
    m.apply(form.action())
    assert m.view()["stocks"]["Epic Electric"] == 10 and m.view()["round"] == 3


def test_acquire_form_reads_tiles_by_corporation():
    import ipywidgets as W
    form = position_form("acquire", PLAYERS)
    by_description(form, W.Text, "Etch").value = "1A 2A, 3A"
    by_description(form, W.Text, "No corporation").value = "9I"
    position = form.action()
    assert position.board == (("1A", "Etch"), ("2A", "Etch"), ("3A", "Etch"), ("9I", ""))
    assert position.racks == (6, 6, 6) and position.money == (6_000,) * 3
    m = Match("acquire", PLAYERS, seed=0)
    m.apply(position)
    assert m.waiting_for().actions == ("DrawTile",)


def test_black_monday_form_reads_price_piles_and_held_cards():
    import ipywidgets as W
    form = position_form("black-monday", PLAYERS[:2])
    texts = widgets(form, W.Text)
    texts[0].value = "5 7"                    # Alice: Chewy Poultry $5 and $7 sideways
    for stock, w in zip(range(4), texts[8:12]):
        w.value = "4 6" if stock == 0 else "3"
    texts[12].value = "12"                    # a Chewy Poultry $12 in the discard pile
    position = form.action()
    assert position.held[0] == (("Chewy Poultry", 5), ("Chewy Poultry", 7))
    assert position.piles[0] == ("Chewy Poultry", (4, 6)) and position.discard == (("Chewy Poultry", 12),)
    m = Match("black-monday", PLAYERS[:2], seed=0)
    m.apply(position)
    assert m.view()["stocks"]["Chewy Poultry"] == 6
    texts[0].value = "5 seven"
    with pytest.raises(MalformedAction, match="'seven' is not a whole number"):
        form.action()


def test_jika_form_reads_the_market_and_the_hands():
    import ipywidgets as W
    form = position_form("jika", PLAYERS)
    by_description(form, W.Dropdown, "hearts upper").value = 8
    by_description(form, W.Dropdown, "hearts lower").value = 5
    by_description(form, W.BoundedIntText, "Next round").value = 2
    by_description(form, W.Text, "Jacks up").value = "clubs"
    by_description(form, W.Text, "Covered").value = "hearts 3"
    position = form.action()
    assert position.market[1] == ("hearts", 8, 5) and position.hands == (9, 9, 9)
    assert position.covered == (("hearts", 3),) and position.watchers_shown == ("clubs",)
    m = Match("jika", PLAYERS, seed=0)
    m.apply(position)
    assert m.view()["stocks"]["hearts"] == 5
