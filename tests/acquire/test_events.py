"""What Acquire announces by itself (``Match.events`` and ``Match.story``): scripted tables
reached the public way (a ``Position``, then each rack), with the figures typed from the
rulebooks' charts; then random games of every size and both editions, open and hidden money."""
import random
import re

import pytest

from tabletop import CHANCE, Match
from tabletop.acquire import (ChooseSurvivor, DeclareEnd, DisposeShares, DrawStartTile, DrawTile,
                              EndTurn, FoundCorporation, PlaceTile, Position)
from tabletop.acquire.rules import EVENT_KINDS

NAMES = ("Liz", "Charlie", "Courtney", "Amanda")


def row(letter: str, first: int, last: int) -> tuple[str, ...]:
    return tuple(f"{c}{letter}" for c in range(first, last + 1))


def on_board(**corps) -> tuple:
    return tuple((tile, "" if corp == "lone" else corp) for corp, tiles in corps.items() for tile in tiles)


def table(board, holdings, racks, money=(6_000, 6_000, 6_000), options=None, turn=0) -> Match:
    """A match started from the table as it is at the start of ``turn``'s turn; ``racks`` lists
    each seat's tiles, entered (secretly) from the player whose turn it is."""
    n = len(racks)
    m = Match("acquire", NAMES[:n], options, seed=0)
    m.apply(Position(round=3, first_player=0, turn=turn, board=board, money=money[:n],
                     holdings=holdings, racks=tuple(len(r) for r in racks)))
    for seat in [(turn + i) % n for i in range(n)]:
        for tile in racks[seat]:
            m.apply(DrawTile(seat, tile))
    return m


def told(m: Match, action) -> list:
    """Play ``action``; the events it caused."""
    before = len(m.events())
    m.apply(action)
    return m.events()[before:]


def facts(event) -> tuple:
    return (event.kind, dict(event.params))


def words(m: Match, events) -> list[str]:
    return [m.state.describe_event(e) for e in events]


FAR = ("12F", "12G", "12H", "11F", "11G", "11H")      # classic tiles far from everything


# --- who plays first, foundings, safe corporations ---------------------------------------------
def test_the_start_tiles_name_the_first_player():
    m = Match("acquire", NAMES[:3])
    m.apply(DrawStartTile(0, "5B"))
    m.apply(DrawStartTile(1, "9A"))
    (event,) = told(m, DrawStartTile(2, "1B"))      # row A comes before row B: 9A is nearest
    assert facts(event) == ("first_player", {"seat": 1, "tile": "9A"})
    assert words(m, [event]) == ["Charlie plays first: 9A is the start tile nearest the top-left corner"]
    assert m.story()[2] == ("Courtney draws 1B for the first-player draw; it goes on the board",
                            ("Charlie plays first: 9A is the start tile nearest the top-left corner",))


def test_founding_announces_the_corporation_its_price_and_the_free_share():
    # classic: Tower is a cheap corporation, $200 a share at 2 tiles
    m = table(on_board(lone=("1A",)), ((), (), ()),
              [("2A",) + FAR[1:], row("I", 1, 6), row("I", 7, 12)], options={"edition": "classic"})
    assert told(m, PlaceTile(0, "2A")) == []            # the founding waits for the choice
    (event,) = told(m, FoundCorporation(0, "Tower"))
    assert facts(event) == ("founded", {"seat": 0, "corporation": "Tower", "size": 2, "price": 200,
                                        "free_share": True})
    assert words(m, [event]) == ["Liz founds Tower (2 tiles, $200 a share) and takes the founder's "
                                 "free share"]
    assert (event.round, event.phase) == (3, "found")


def test_a_founder_gets_no_share_when_the_players_hold_all_25():
    m = table(on_board(lone=("1A",)), ((("Luxor", 20),), (("Luxor", 5),), ()),
              [("2A",) + FAR[1:], row("I", 1, 6), row("I", 7, 12)], options={"edition": "classic"})
    m.apply(PlaceTile(0, "2A"))
    (event,) = told(m, FoundCorporation(0, "Luxor"))
    assert event.get("free_share") is False
    assert words(m, [event]) == ["Liz founds Luxor (2 tiles, $200 a share) and gets no free share: "
                                 "none is left"]


def test_a_corporation_reaching_11_tiles_is_announced_safe_in_the_classic_edition():
    m = table(on_board(Tower=row("A", 1, 10)), ((), (("Tower", 1),), ()),
              [("11A",) + FAR[1:], row("I", 1, 6), row("I", 7, 12)], options={"edition": "classic"})
    (event,) = told(m, PlaceTile(0, "11A"))
    assert facts(event) == ("safe", {"corporation": "Tower", "size": 11})
    assert words(m, [event]) == ["Tower is safe with 11 tiles: it can no longer be taken over"]
    assert told(m, EndTurn(0)) == []          # nothing else happens by itself
    # a twelfth tile is no news
    m2 = table(on_board(Tower=row("A", 1, 11)), ((), (("Tower", 1),), ()),
               [("12A",) + FAR[1:], row("I", 1, 6), row("I", 7, 12)], options={"edition": "classic"})
    assert told(m2, PlaceTile(0, "12A")) == []


# --- a two-way merger: the 2016 rulebook's Bolt example -----------------------------------------
ETCH7, BOLT5 = row("A", 1, 7), ("9A", "10A", "9B", "10B", "9C")
RACKS = [("8A", "1F", "2F", "3F", "4F", "5F"), row("H", 1, 6), row("J", 5, 10)]


def test_a_merger_with_a_tie_for_primary_then_each_holders_disposal():
    # Liz and Charlie hold 3 Bolt each, Courtney 1. Bolt (5 tiles) pays 7,000 / 5,000 / 3,500:
    # tied for primary, Liz and Charlie split 12,000 (6,000 each), Courtney gets the tertiary
    m = table(on_board(Etch=ETCH7, Bolt=BOLT5), ((("Bolt", 3),), (("Bolt", 3),), (("Bolt", 1),)),
              RACKS, money=(1_000, 2_000, 3_000))
    merger, bonuses = told(m, PlaceTile(0, "8A"))
    assert facts(merger) == ("merger", {"seat": 0, "tile": "8A", "survivor": "Etch", "survivor_size": 7,
                                        "defunct": ("Bolt",), "sizes": (5,), "prices": (700,)})
    assert facts(bonuses) == ("bonuses", {"corporation": "Bolt", "size": 5, "seats": (0, 1, 2),
                                          "shares": (3, 3, 1), "amounts": (6_000, 6_000, 3_500),
                                          "sole": False})
    assert words(m, [merger, bonuses]) == [
        "Etch (7 tiles) takes over Bolt (5 tiles) at $700 a share",
        "Bolt's bonuses: Liz and Charlie $6,000 each (tied for primary), Courtney $3,500 (tertiary)"]
    assert told(m, DisposeShares(0, "Bolt", 1, 2)) == []     # the holders' own lines say it
    assert told(m, DisposeShares(1, "Bolt", 0, 0)) == []
    summary, merged, safe = told(m, DisposeShares(2, "Bolt", 1, 0))
    assert facts(summary) == ("disposals", {"corporation": "Bolt", "survivor": "Etch", "price": 700,
                                            "seats": (0, 1, 2), "sold": (1, 0, 1), "traded": (2, 0, 0),
                                            "kept": (0, 3, 0)})
    # Etch: 7 + 5 + the merging tile = 13 tiles, cheap: $700 a share (11-20 tiles); safe from 10
    assert facts(merged) == ("merged", {"survivor": "Etch", "size": 13, "price": 700, "defunct": ("Bolt",)})
    assert facts(safe) == ("safe", {"corporation": "Etch", "size": 13})
    assert words(m, [summary, merged, safe]) == [
        "Bolt shares: Liz sold 1 for $700 and traded 2 for 1 Etch; Charlie kept 3; Courtney sold 1 for $700",
        "The merger is over: Etch has 13 tiles at $700 a share; Bolt leaves the board",
        "Etch is safe with 13 tiles: it can no longer be taken over"]
    story = m.story()
    assert story[-4] == ("Liz places 8A, merging Etch (7 tiles) and Bolt (5 tiles)",
                         ("Etch (7 tiles) takes over Bolt (5 tiles) at $700 a share",
                          "Bolt's bonuses: Liz and Charlie $6,000 each (tied for primary), Courtney $3,500 (tertiary)"))
    assert story[-1][0] == "Courtney sells 1 Bolt share for $700"


@pytest.mark.parametrize("holdings, paid", [
    # the rulebook's other Bolt cases: a plain merger, a tie for secondary, a tie for tertiary
    ({0: 3, 1: 2}, "Liz $7,000 (primary), Charlie $5,000 (secondary)"),
    ({0: 3, 1: 2, 2: 2}, "Liz $7,000 (primary), Charlie and Courtney $4,300 each (tied for secondary)"),
    ({0: 5}, "Liz $12,000 (sole holder: primary and secondary)"),
])
def test_the_rulebooks_bolt_bonuses_in_words(holdings, paid):
    m = table(on_board(Etch=ETCH7, Bolt=BOLT5),
              tuple(((("Bolt", holdings[s]),) if s in holdings else ()) for s in range(3)), RACKS)
    _merger, bonuses = told(m, PlaceTile(0, "8A"))
    assert words(m, [bonuses]) == [f"Bolt's bonuses: {paid}"]


def test_a_tie_for_tertiary_with_four_players():
    racks = RACKS + [row("G", 1, 6)]
    m = table(on_board(Etch=ETCH7, Bolt=BOLT5),
              ((("Bolt", 4),), (("Bolt", 3),), (("Bolt", 1),), (("Bolt", 1),)), racks,
              money=(6_000,) * 4)
    _merger, bonuses = told(m, PlaceTile(0, "8A"))
    assert bonuses.get("amounts") == (7_000, 5_000, 1_800, 1_800)
    assert m.state.describe_event(bonuses) == ("Bolt's bonuses: Liz $7,000 (primary), Charlie $5,000 "
                                               "(secondary), Courtney and Amanda $1,800 each (tied for tertiary)")


def test_nobody_holding_the_defunct_shares_is_said_too():
    m = table(on_board(Etch=ETCH7, Bolt=BOLT5), ((), (), ()), RACKS)
    merger, bonuses, merged, safe = told(m, PlaceTile(0, "8A"))
    assert [e.kind for e in (merger, bonuses, merged, safe)] == ["merger", "bonuses", "merged", "safe"]
    assert words(m, [bonuses]) == ["Nobody holds Bolt shares: no bonuses are paid"]


# --- a three-way merger (classic) ----------------------------------------------------------------
# around 5E: American north (5A 5B 5C 5D 6A: 5 tiles), Luxor west (2E 3E 4E: 3), Tower east (6E 7E: 2)
THREE = on_board(American=("5A", "5B", "5C", "5D", "6A"), Luxor=("2E", "3E", "4E"), Tower=("6E", "7E"))


def test_a_three_way_merger_settles_the_larger_defunct_first_with_ties_in_both():
    # classic: Luxor (cheap, 3 tiles) $300, bonuses 3,000 / 1,500; Tower (cheap, 2 tiles) $200,
    # 2,000 / 1,000. Luxor: Liz and Charlie tie for majority and split 4,500 (2,250 -> 2,300 each).
    # Tower: Courtney has the majority; Liz and Charlie tie for minority (500 each)
    holdings = ((("Luxor", 2), ("Tower", 1)), (("Luxor", 2), ("Tower", 1)), (("Luxor", 1), ("Tower", 3)))
    m = table(THREE, holdings, [("5E",) + FAR[1:], row("I", 1, 6), row("I", 7, 12)],
              options={"edition": "classic"})
    merger, luxor = told(m, PlaceTile(0, "5E"))
    assert facts(merger) == ("merger", {"seat": 0, "tile": "5E", "survivor": "American", "survivor_size": 5,
                                        "defunct": ("Luxor", "Tower"), "sizes": (3, 2), "prices": (300, 200)})
    assert facts(luxor)[1]["amounts"] == (2_300, 2_300) and luxor.get("seats") == (0, 1)
    assert words(m, [merger, luxor]) == [
        "American (5 tiles) takes over Luxor (3 tiles, $300 a share) and Tower (2 tiles, $200 a share)",
        "Luxor's bonuses: Liz and Charlie $2,300 each (tied for majority)"]
    assert told(m, DisposeShares(0, "Luxor", 2, 0)) == []
    assert told(m, DisposeShares(1, "Luxor", 0, 2)) == []
    luxor_done, tower = told(m, DisposeShares(2, "Luxor", 0, 0))
    assert facts(tower)[1]["amounts"] == (2_000, 500, 500) and tower.get("seats") == (2, 0, 1)
    assert words(m, [luxor_done, tower]) == [
        "Luxor shares: Liz sold 2 for $600; Charlie traded 2 for 1 American; Courtney kept 1",
        "Tower's bonuses: Courtney $2,000 (majority), Liz and Charlie $500 each (tied for minority)"]
    assert told(m, DisposeShares(0, "Tower", 0, 0)) == []
    assert told(m, DisposeShares(1, "Tower", 1, 0)) == []
    done = told(m, DisposeShares(2, "Tower", 1, 2))
    # American (medium): 5 + 3 + 2 + 1 = 11 tiles, $800 a share (11-20), and safe at 11
    assert words(m, done) == [
        "Tower shares: Liz kept 1; Charlie sold 1 for $200; Courtney sold 1 for $200 and traded 2 for 1 American",
        "The merger is over: American has 11 tiles at $800 a share; Luxor and Tower leave the board",
        "American is safe with 11 tiles: it can no longer be taken over"]
    # the money paid is what the events say (the bonuses of the classic chart, the sales at $300, $200)
    assert list(m.state.money) == [6_000 + 2_300 + 600 + 500, 6_000 + 2_300 + 500 + 200,
                                   6_000 + 2_000 + 200]


def test_a_merger_of_equals_is_announced_once_the_mergemaker_picks_the_survivor():
    tied = on_board(Luxor=("2E", "3E", "4E"), Tower=("6E", "7E", "8E"))
    m = table(tied, ((("Luxor", 1),), (), ()), [("5E",) + FAR[1:], row("I", 1, 6), row("I", 7, 12)],
              options={"edition": "classic"})
    assert told(m, PlaceTile(0, "5E")) == []
    merger, bonuses = told(m, ChooseSurvivor(0, "Tower"))
    assert words(m, [merger, bonuses]) == [
        "Tower (3 tiles) takes over Luxor (3 tiles) at $300 a share",
        "Luxor's bonuses: Liz $4,500 (sole holder: majority and minority)"]


# --- unplayable tiles, a skipped placement, the end ---------------------------------------------
ETCH10 = row("A", 1, 5) + row("B", 1, 5)
ROVE10 = row("D", 1, 5) + row("E", 1, 5)


def test_a_tile_between_two_safe_corporations_is_set_aside_when_the_turn_ends():
    m = table(on_board(Etch=ETCH10, Rove=ROVE10), ((), (), ()),
              [("3C", "9F", "1H", "2H", "3H", "4H"), row("I", 1, 6), row("J", 1, 6)])
    assert told(m, PlaceTile(0, "9F")) == []
    (event,) = told(m, EndTurn(0))
    assert facts(event) == ("set_aside", {"seat": 0, "tiles": ("3C",), "replaced": 1})
    assert words(m, [event]) == ["Liz sets aside 3C face up (unplayable: it touches two safe corporations) and "
                                 "draws a new tile"]


def test_a_player_with_no_tile_to_place_is_announced_going_on_to_buying():
    m = Match("acquire", NAMES[:2], seed=1)
    m.apply(Position(round=4, first_player=0, turn=0, board=on_board(Etch=ETCH10, Rove=ROVE10),
                     money=(6000, 6000), holdings=((), ()), racks=(1, 6)))
    m.apply(DrawTile(0, "3C"))
    for tile in row("H", 1, 5):
        assert told(m, DrawTile(1, tile)) == []
    (event,) = told(m, DrawTile(1, "6H"))      # the turn begins: Liz holds only 3C
    assert facts(event) == ("no_tile_to_place", {"seat": 0})
    assert words(m, [event]) == ["Liz holds no tile that can be placed and goes on to buying"]


def test_the_end_declared_then_final_bonuses_sales_and_scores():
    # classic: Tower 11 tiles (cheap: $700, bonuses 7,000 / 3,500), Imperial 21 tiles (expensive:
    # $1,000, 10,000 / 5,000); both safe, so the end may be declared. Luxor is off the board.
    board = on_board(Tower=row("A", 1, 11), Imperial=row("C", 1, 12) + row("D", 1, 9))
    holdings = ((("Tower", 4), ("Imperial", 2)), (("Tower", 4), ("Imperial", 5)), (("Tower", 1), ("Luxor", 2)))
    m = table(board, holdings, [FAR, row("I", 1, 6), row("I", 7, 12)], money=(1_000, 2_000, 3_000),
              options={"edition": "classic"})
    (declared,) = told(m, DeclareEnd(0))
    assert facts(declared) == ("end_declared", {"seat": 0, "corporation": "", "size": 0, "all_safe": True})
    assert told(m, PlaceTile(0, "12G")) == []
    end = told(m, EndTurn(0))
    assert [e.kind for e in end] == ["final_bonuses", "final_bonuses", "final_sale", "final_sale",
                                     "final_sale", "game_over"]
    assert facts(end[-1]) == ("game_over", {"reason": "declared", "seat": 0, "seats": (1, 0, 2),
                                            "scores": (25_100, 16_100, 3_700), "winners": (1,)})
    # Liz: 1,000 + 5,300 (Tower tie: 10,500 / 2 = 5,250 -> 5,300) + 5,000 + 4 x 700 + 2 x 1,000
    # Charlie: 2,000 + 5,300 + 10,000 + 4 x 700 + 5 x 1,000; Courtney: 3,000 + 700
    assert words(m, [declared] + end) == [
        "Liz declares the end of the game (every corporation on the board is safe); Liz finishes the "
        "turn, then the game is scored",
        "Final bonuses of Tower (11 tiles): Liz and Charlie $5,300 each (tied for majority)",
        "Final bonuses of Imperial (21 tiles): Charlie $10,000 (majority), Liz $5,000 (minority)",
        "Tower shares are sold back at $700: Liz 4 for $2,800, Charlie 4 for $2,800, Courtney 1 for $700",
        "Luxor is not on the board, so its shares are worthless: Courtney 2",
        "Imperial shares are sold back at $1,000: Liz 2 for $2,000, Charlie 5 for $5,000",
        "Game over (Liz declared the end): Charlie $25,100, Liz $16,100, Courtney $3,700; Charlie wins"]
    assert m.outcome().scores == (16_100, 25_100, 3_700)


def test_a_corporation_at_the_end_size_is_named_when_the_end_is_declared():
    m = table(on_board(Tower=row("A", 1, 12) + row("B", 1, 12) + row("C", 1, 12) + row("D", 1, 5)),
              ((), (), ()), [FAR, row("I", 1, 6), row("I", 7, 12)], options={"edition": "classic"})
    (declared,) = told(m, DeclareEnd(0))
    assert words(m, [declared]) == ["Liz declares the end of the game (Tower has 41 tiles); Liz finishes "
                                    "the turn, then the game is scored"]


def test_a_game_that_ends_by_itself_says_why_and_who_won():
    labels = [f"{c}{r}" for r in "ABCDEFGHIJ" for c in range(1, 11)]
    m = Match("acquire", ["Liz", "Charlie"], seed=1)
    m.apply(Position(round=3, first_player=0, turn=0, board=(("1A", "Etch"), ("2A", "Etch")),
                     money=(6000, 6000), holdings=((), (("Etch", 1),)), racks=(1, 0),
                     set_aside=tuple(x for x in labels if x not in ("1A", "2A", "5E"))))
    m.apply(DrawTile(0, "5E"))
    m.apply(PlaceTile(0, "5E"))
    end = told(m, EndTurn(0))
    # Etch (cheap, 2 tiles: $200) pays its sole holder 2,000 + 1,500 and buys the share back
    assert words(m, end) == [
        "Final bonuses of Etch (2 tiles): Charlie $3,500 (sole holder: primary and secondary)",
        "Etch shares are sold back at $200: Charlie 1 for $200",
        "Game over (nobody could place a tile): Charlie $9,700, Liz $6,000; Charlie wins"]


# --- random games --------------------------------------------------------------------------------
def random_match(n: int, seed: int, options: dict) -> Match:
    m = Match("acquire", [f"P{i + 1}" for i in range(n)], options, seed)
    rng = random.Random(seed)
    while not m.is_over():
        if m.current_player() == CHANCE:
            m.play_chance()
        else:
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
    return m


def paid(m: Match, reason_end: str) -> list:
    """(corporation, seat, amount) of every bonus the ledger shows, in order."""
    return [(p.subject, p.payee, p.amount) for p in m.state.payments
            if p.kind == "bonus" and p.reason.endswith(reason_end)]


CASES = [(n, edition, hidden) for n in (2, 3, 4, 5, 6) for edition in ("2016", "classic")
         for hidden in (False, True)]


@pytest.mark.parametrize("n, edition, hidden", CASES)
def test_random_games_announce_every_founding_merger_bonus_and_the_end(n, edition, hidden):
    m = random_match(n, 500 + n, {"edition": edition, "hidden_money": hidden})
    events = m.events()
    assert {e.kind for e in events} <= set(EVENT_KINDS)
    by_kind = {k: [e for e in events if e.kind == k] for k in EVENT_KINDS}
    # every founding, by whom and which
    founded = [(a.seat, a.corporation) for a in m.log if isinstance(a, FoundCorporation)]
    assert [(e.get("seat"), e.get("corporation")) for e in by_kind["founded"]] == founded
    # every merger: one merger event per merging tile, one bonus event per defunct corporation,
    # paying what the ledger paid
    log = m.describe_log()
    assert len(by_kind["merger"]) == sum(", merging " in line for line in log) > 0
    defunct = [c for e in by_kind["merger"] for c in e.get("defunct")]
    assert [e.get("corporation") for e in by_kind["bonuses"]] == defunct
    assert len(by_kind["merged"]) == len(by_kind["merger"])
    announced = [(e.get("corporation"), s, a) for e in by_kind["bonuses"]
                 for s, a in zip(e.get("seats"), e.get("amounts"))]
    assert announced == paid(m, "(merger)")
    final = [(e.get("corporation"), s, a) for e in by_kind["final_bonuses"]
             for s, a in zip(e.get("seats"), e.get("amounts"))]
    assert final == paid(m, "(end of game)")
    # the end: one game-over event, last, with the outcome's scores
    (over,) = by_kind["game_over"]
    assert events[-1] == over
    out = m.outcome()
    assert sorted(zip(over.get("seats"), over.get("scores"))) == list(enumerate(out.scores))
    assert list(over.get("scores")) == sorted(out.scores, reverse=True)
    assert over.get("winners") == out.winners
    assert len(by_kind["end_declared"]) == (over.get("reason") == "declared")
    # every event is plain data and reads as words (no snake_case, money formatted)
    for e in events:
        assert all(isinstance(v, (str, int, bool, tuple)) for _k, v in e.params), e
        line = m.state.describe_event(e)
        assert "_" not in line and not re.search(r"\$\d{4}|\$\d+\.", line), line
    for e in by_kind["bonuses"] + by_kind["final_bonuses"]:
        assert all(f"${a:,}" in m.state.describe_event(e) for a in e.get("amounts"))


@pytest.mark.parametrize("n, edition, hidden", [(3, "classic", False), (4, "2016", True), (6, "classic", True)])
def test_replay_undo_and_a_saved_game_tell_the_same_story(n, edition, hidden, tmp_path):
    m = random_match(n, 700 + n, {"edition": edition, "hidden_money": hidden})
    story = [m.story(seat) for seat in (None, *range(n))]
    events = m.events()
    path = tmp_path / "acquire.json"
    m.save(path)
    loaded = Match.load(path)
    assert [loaded.story(seat) for seat in (None, *range(n))] == story and loaded.events() == events
    replayed = Match("acquire", m.game.players, m.game.options, m.game.seed)
    for action in m.log:
        replayed.apply(action)
    assert replayed.events() == events and replayed.story() == story[0]
    # undo back into the middle of a merger, then redo: the same events again
    cut = next(i for i, a in enumerate(m.log) if isinstance(a, DisposeShares))
    steps = len(m) - cut
    for _ in range(steps):
        m.undo()
    assert m.events() == events[:len(m.events())] and len(m.events()) < len(events)
    for _ in range(steps):
        m.redo()
    assert m.events() == events and m.story() == story[0]


@pytest.mark.parametrize("n, edition, seed", [(3, "classic", 31), (4, "2016", 32)])
def test_with_hidden_money_a_different_rack_changes_no_event(n, edition, seed):
    """Fork a game at secret draws: the drawer gets another tile in fork B, then both play the
    same entries. While the table screen is the same in both, so are the events and every other
    seat's story."""
    options = {"edition": edition, "hidden_money": True}
    full = random_match(n, seed, options)
    log = full.log
    draws = [i for i, a in enumerate(log) if isinstance(a, DrawTile)]
    compared = 0
    for i in draws[::16]:
        a = Match("acquire", full.game.players, options, seed)
        for action in log[:i]:
            a.apply(action)
        drawer = log[i].seat
        others = [x for x in a.legal_actions() if x != log[i]]      # the other tiles of the pile
        b = Match.from_dict(a.to_dict())
        a.apply(log[i])
        b.apply(others[i % len(others)])
        agreed = len(a)
        for action in log[i + 1:i + 40]:      # to the drawer's next turn and beyond
            try:
                b.apply(action)
            except Exception:
                break        # fork B's rack does not allow it: the forks part here
            a.apply(action)
            if a.view(None) != b.view(None):
                break        # the table sees the difference (a tile set aside face up)
            assert a.events() == b.events(), f"an event tells {log[i]} from its fork"
            compared += 1
            agreed = len(a)
        for seat in (None, *[s for s in range(n) if s != drawer]):
            assert a.story(seat)[i:agreed] == b.story(seat)[i:agreed]
    assert compared >= 100
