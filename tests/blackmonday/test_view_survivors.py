"""Public facts of Black Monday's shared screen that a sampled mutant of `view` changed without
any test noticing (docs/testing.md, "Mutation scores"). Expected values from docs/black-monday.md."""
from tabletop.widgets.render import players_html

from .helpers import buy, new_match


def test_nobody_owes_anything_on_the_shared_players_table():
    # docs/black-monday.md: a purchase is never more than one's cash, and nothing else costs
    # money, so no player can owe the bank: the "Owes" column stays empty
    m = new_match()
    buy(m, 0, "CP3")                           # Alice lays her $3 Chewy Poultry card sideways
    view = m.view(None)
    assert [p["owed"] for p in view["players"]] == [0, 0]
    shown = players_html(view)
    assert 'class="tt-owed"' not in shown and shown.count('<td><span class="tt-dim">-</span></td>') == 2
