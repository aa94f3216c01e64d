"""Many random full games, every player count and every option combination, with the core's
checks (money = ledger, undo/redo, save/load, legal actions empty exactly at the end) and ours:
every market card accounted for, values on the track, no secret in the public view."""
import json
import subprocess
import sys

import pytest

from tabletop.testing import check_random_game
from tabletop.stockpile import rules as R

COMBOS = [{}, {"expert_board": True}, {"investors": True}, {"expert_board": True, "investors": True}]


def invariant(state: R.StockpileState) -> None:
    census = state.card_census()
    assert census == list(state.R.card_counts), f"cards lost or doubled: {census}"
    assert sum(census) == 80
    for c, track in enumerate(state.tracks):
        assert 0 <= state.pos[c] <= track.last
    assert all(m >= 0 for m in state.money)
    assert all(len(h) <= 2 for h in state.hands)


def perturbed(state: R.StockpileState) -> R.StockpileState:
    """The same position with every secret changed: face-down cards, hands, pairs, portfolio
    make-up, investor cards dealt. The public view must not notice."""
    # kept on the state's fields: no sequence of entries changes the secrets and nothing public
    s = state.clone()
    k = len(s.deck)
    s.piles = [[(card if up else (card + 1) % k, up, mask) for card, up, mask in pile] for pile in s.piles]
    s.hands = [[(card + 3) % k for card in hand] for hand in s.hands]
    s.ppairs = [[((c + 1) % 6, (f + 2) % 6) for c, f in pairs] for pairs in s.ppairs]
    s.hidden = [None if p is None else ((p[0] + 1) % 6, p[1]) for p in s.hidden]
    if s.step != R.OVER:
        s.reg = [r[1:] + r[:1] for r in s.reg]
        s.split = [r[2:] + r[:2] for r in s.split]
        s.pending = [[b, a] for a, b in s.pending]
    s.inv_hand = [tuple((i + 1) % 10 for i in hand) for hand in s.inv_hand]
    s.seen = [() for _ in s.seen]
    return s


def public_view_check(state: R.StockpileState, view: dict) -> None:
    assert "private" not in view
    text = json.dumps(view, sort_keys=True)
    assert json.dumps(perturbed(state).view(None), sort_keys=True) == text, "a secret shows in the public view"
    for pile, shown in zip(state.piles, view["board"]["stockpiles"]):
        for (card, up, _), entry in zip(pile, shown["cards"]):
            assert entry == ({"card": state.R.card_names[card]} if up else {"face_down": True})
    for player in view["players"]:
        assert isinstance(player["hand"], int)
        if state.step != R.OVER:
            assert set(player["holdings"]) == {"stock_cards", "split_cards"}


@pytest.mark.parametrize("options", COMBOS, ids=["base", "expert", "investors", "expert+investors"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games(n, options):
    for seed in range(2):
        match = check_random_game("stockpile", n, 1000 * n + seed, options,
                                  public_view_check=public_view_check, invariant=invariant,
                                  undo_every=11)
        assert match.is_over()


def test_private_views_hold_only_that_players_secrets():
    match = check_random_game("stockpile", 4, 7, {}, undo_every=50)
    for seat in range(4):
        view = match.view(seat)
        assert set(view["private"]) >= {"pairs", "hand", "portfolio", "split_portfolio", "seen"}


def test_import_loads_no_jupyter_or_widget_module():
    code = ("import sys, tabletop, tabletop.stockpile\n"
            "from tabletop.simulate import play_game\n"
            "play_game('stockpile', 3, 1, {'investors': True, 'expert_board': True})\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'IPython', 'plotly', 'anywidget', 'ipykernel', 'voila')]\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
