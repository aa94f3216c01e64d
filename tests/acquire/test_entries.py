"""Tile entry gives nothing away (issue 11, items 2 and 11): at every draw of random games the
tiles offered to a screen are every printed tile (typed below from the rulebooks) less the tiles
on the board or set aside, and, for the player drawing, less their own rack. Forks that differ only
in the racks and the draw pile offer the others the same list; an offered tile that is in some
rack is accepted like a tile of the pile, and leaves the same public table (issue 28: a refusal
would say where it is); that rack then holds a tile to enter again. With hidden money the
public sees nobody's money, holdings or payments, and a seat sees only its own."""
import random
import pytest

from tabletop import CHANCE, TERMINAL, IllegalAction, Match
from tabletop.acquire import DrawStartTile, DrawTile
from tabletop.acquire.rules import PILE
from tabletop.testing import snapshot

from .table import Table

# The boards as printed: 2016 edition 10 columns x rows A-J; classic 12 columns x rows A-I.
BOARDS = {"2016": (10, "ABCDEFGHIJ"), "classic": (12, "ABCDEFGHI")}


def printed_tiles(edition: str) -> list[str]:
    columns, rows = BOARDS[edition]
    return [f"{c}{r}" for r in rows for c in range(1, columns + 1)]


def expected_entries(m: Match, real) -> dict:
    """For each viewer (None, then every seat): the draw entries its screen must offer."""
    public = m.view(None)["board"]
    taken = {f"{c + 1}{'ABCDEFGHIJ'[r]}" for r, row in enumerate(public["grid"])
             for c, cell in enumerate(row) if cell is not None}
    taken |= set(public["set_aside"])
    printed = printed_tiles(m.game.options["edition"])
    kind, owner = type(real), real.secret_to
    everyone = [kind(real.seat, t) for t in printed if t not in taken]
    out = {v: everyone for v in [None, *range(m.game.n_players)]}
    if owner is not None:
        rack = set(m.view(owner)["private"]["hand"])
        out[owner] = [a for a in everyone if a.tile not in rack]
    return out


def reshuffled(state, rng: random.Random):
    """A copy of ``state`` whose racks and draw pile are dealt differently (same rack sizes)."""
    f = state.clone()
    pool = [t for h in f.hands for t in h] + f.pile
    rng.shuffle(pool)
    f.hands = [[pool.pop() for _ in h] for h in f.hands]
    f.pile = pool
    for seat, hand in enumerate(f.hands):
        for t in hand:
            f.where[t] = seat
    for t in pool:
        f.where[t] = PILE
    assert f.view(None) == state.view(None), "the fork changed something public"
    return f


def check_node(m: Match, real, rng: random.Random, counts: dict) -> None:
    state = m.state
    owner = real.secret_to
    viewers = [None] + list(range(state.n))
    offered = {v: state.chance_entries(v) for v in viewers}
    assert offered == expected_entries(m, real)
    assert real in offered[None] and (owner is None or real in offered[owner])
    fork = reshuffled(state, rng)
    for v in viewers:
        if v is None or v != owner:
            assert fork.chance_entries(v) == offered[v], "a tile list depends on the racks"
    legal = set(state.legal_actions())
    impossible = [e for e in offered[None] if e not in legal]      # tiles the match has in racks
    drawn = state.clone()
    drawn.apply(real)                                  # a tile of the pile, as the game goes on
    for e in impossible:
        trial = state.clone()
        trial.apply(e)
        assert trial.view(None) == drawn.view(None), "a tile from a rack shows on the table"
        rack = trial.where[trial.tables.index[e.tile]]
        assert rack == e.seat and sum(trial.unentered) == sum(state.unentered) + 1
    if impossible and counts.get("DrawTile", 0) % 10 == 0:
        before, length = snapshot(m), len(m)
        m.apply(impossible[-1])
        assert m.describe_log(None)[-1] == m.state.describe_hidden(impossible[-1])
        m.undo()
        assert snapshot(m) == before and len(m) == length
    counts[type(real).__name__] = counts.get(type(real).__name__, 0) + 1
    counts["impossible"] = counts.get("impossible", 0) + len(impossible)


def play(m: Match, rng: random.Random, at_chance=None, at_every=None) -> dict:
    counts: dict = {}
    while m.current_player() != TERMINAL:
        if at_every is not None:
            at_every(m)
        if m.current_player() == CHANCE:
            real = m.state.sample_chance(rng)
            if at_chance is not None:
                at_chance(m, real, rng, counts)
        else:
            legal = m.legal_actions()
            real = legal[rng.randrange(len(legal))]
        m.apply(real)
    return counts


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_draw_of_random_games_offers_only_what_the_viewer_may_know(n, edition):
    m = Match("acquire", [f"P{i}" for i in range(n)], {"edition": edition}, seed=n)
    counts = play(m, random.Random(n), at_chance=check_node)
    assert counts["DrawStartTile"] == n and counts["DrawTile"] > 6 * n and counts["impossible"] > 0


def test_a_players_draw_list_holds_the_tiles_in_the_other_racks():
    t = Table(2, ["1A", "2A"])
    charlie = t.m.view(1)["private"]["hand"]
    t.m.apply(t.m.legal_actions()[0])                      # Liz places 1A (public)
    t.m.apply(t.m.legal_actions()[-1])                     # ... and ends her turn: she draws
    lizs = [a.tile for a in t.m.offered_actions(0)]
    assert set(charlie) <= set(lizs)
    assert "1A" not in lizs and not set(t.m.view(0)["private"]["hand"]) & set(lizs)
    assert len(lizs) == 100 - 3 - 5                        # board: 2 start tiles and 1A; her 5
    before = snapshot(t.m)
    with pytest.raises(IllegalAction, match="1A cannot be drawn: it is already on the board"):
        t.m.apply(DrawTile(0, "1A"))
    with pytest.raises(IllegalAction, match="is already on the board"):
        t.m.apply(DrawTile(0, "1J"))                       # Liz's start tile
    assert snapshot(t.m) == before


def test_the_first_player_draw_is_public_and_offers_every_tile_not_on_the_board():
    m = Match("acquire", ["Liz", "Charlie"], {"edition": "classic"})
    assert [a.tile for a in m.offered_actions(None)] == printed_tiles("classic")
    m.apply(DrawStartTile(0, "5C"))
    offered = m.offered_actions(None)
    assert offered == m.offered_actions(0) == m.offered_actions(1)
    assert len(offered) == 107 and DrawStartTile(1, "5C") not in offered


# --- hidden money (issue 11, item 11) ------------------------------------------------------------
def money_hidden_check(m: Match) -> None:
    state = m.state
    public = m.view(None)
    assert all(p["money"] is None and p["holdings"] is None for p in public["players"])
    for seat in range(state.n):
        mine = m.view(seat)["players"]
        assert [p["money"] is None for p in mine] == [s != seat for s in range(state.n)]
    for p in state.payments:
        assert not state.payment_visible(p, None)
        for seat in range(state.n):
            assert state.payment_visible(p, seat) == (seat in (p.payer, p.payee))
    # the public view is the same when the players' money and holdings are swapped around
    fork = state.clone()
    fork.money = fork.money[1:] + fork.money[:1]
    fork.held = fork.held[1:] + fork.held[:1]
    assert fork.view(None) == public, "the public view depends on someone's money or shares"


@pytest.mark.parametrize("edition,n", [("2016", 3), ("classic", 4)])
def test_hidden_money_keeps_every_players_money_from_the_public(edition, n):
    m = Match("acquire", [f"P{i}" for i in range(n)], {"edition": edition, "hidden_money": True}, seed=n)
    play(m, random.Random(n + 100), at_every=money_hidden_check)


def test_open_money_shows_every_payment_to_everyone():
    m = Match("acquire", ["Liz", "Charlie"], {"edition": "classic"}, seed=3)
    play(m, random.Random(3))
    assert m.state.payments
    assert all(m.state.payment_visible(p, v) for p in m.state.payments for v in (None, 0, 1))
