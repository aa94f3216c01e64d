"""What the engine tells the whole table (``Match.events``, ``describe_event``, ``Match.story``):
scripted rounds started from a position, the public way, where a stockpile is won, a fee is paid
or left owed, a Boom splits a stock, a Bust bankrupts one, a $$ forecast pays a dividend, a round
ends and the game ends; each event's kind, facts and sentence, with the figures worked out here
from the rulebook (a split pays $10,000 per card already split and restarts at 6, a bankruptcy
discards every card and restarts at 5, $$ pays $2,000 a card, split cards count twice, majority
$10,000 or $5,000 each when tied). Then random games: every split, bankruptcy and round end the
board shows comes with its event, and replay, undo, redo and saves tell the same story."""
import random
from collections import Counter

import pytest

from tabletop import CHANCE, Match
from tabletop.stockpile import actions as A
from tabletop.stockpile import rules as R
from tabletop.stockpile.words import EVENT_KINDS

from .table import AUTO, BANK_, COSMIC, EPIC, FEE1, LABS, STEEL, at_auction, positioned, to_auction


def told(t, *kinds):
    """The events of the last entry (or only those of ``kinds``), as (kind, facts, sentence)."""
    line, sentences = t.m.story()[-1]
    events = t.m.events()[-len(sentences):] if sentences else []
    out = [(e.kind, dict(e.params), t.s.describe_event(e)) for e in events]
    return [x for x in out if not kinds or x[0] in kinds]


# --- the auction: stockpiles won, fees --------------------------------------------------------------

def test_each_stockpile_won_is_told_with_its_price_and_what_lies_face_up():
    t = at_auction()      # 1: Automotive, Epic, Epic face down; 2: $1,000 fee, Cosmic, Bust face down;
    #                       3: Boom, $2,000 fee face down, Bank
    t.bid("Alice", 2, 3_000).bid("Bob", 0, 1_000).bid("Carol", 1, 0)
    events = told(t)
    assert [e[0] for e in events] == ["stockpile_won"] * 3 + ["fees"] * 2
    assert events[0][1] == {"pile": 0, "seat": 1, "bid": 1_000, "paid": 1_000,
                            "face_up": (AUTO, EPIC), "face_down": 1}
    assert [e[2] for e in events] == [
        "Bob wins stockpile 1 for $1,000: American Automotive, Epic Electric and 1 face-down card",
        "Carol wins stockpile 2 for $0: Fee $1,000, Cosmic Computers and 1 face-down card",
        "Alice wins stockpile 3 for $3,000: Boom, Bottomline Bank and 1 face-down card",
        # the face-down $2,000 fee is turned up and paid when Alice takes the stockpile
        "Alice pays a trading fee of $2,000",
        "Carol pays a trading fee of $1,000",
    ]
    assert t.money("Alice") == 20_000 - 3_000 - 2_000 and t.money("Carol") == 20_000 - 1_000


def test_a_fee_that_cannot_be_paid_waits_face_up_and_is_told_when_it_is_paid():
    t = positioned(money=(20_000, 20_000, 0), holdings={2: ([BANK_], [])})
    to_auction(t, (LABS, "+1"), [(EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$")], (FEE1, LABS, LABS),
               [((LABS, LABS), 1), ((LABS, LABS), 2), ((LABS, LABS), 1)])
    t.result(("Carol", 0), ("Alice", 0), ("Bob", 0))
    assert told(t, "fees")[0][2] == "Carol cannot pay $1,000 yet: the card stays face up until Carol can"
    t.pass_all(R.ACTION) if t.s.step == R.ACTION else None
    t.pass_("Alice").pass_("Bob")
    t.sell("Carol", BANK_)                           # Bank at 5: $5,000, and the fee is paid at once
    assert told(t) == [("fee_paid_late", {"seat": 2, "paid": (1_000,), "owed": ()},
                        "Carol now pays the trading fee left unpaid: $1,000")]
    assert t.money("Carol") == 5_000 - 1_000


def test_discount_donald_is_told_with_the_bid_and_what_he_pays():
    t = positioned(kept=("Discount Donald", "Billionaire Bill", "Golden Graham"), money=(20_000,) * 3)
    to_auction(t, (LABS, "+1"), [(EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$")], (LABS, LABS, LABS),
               [((LABS, LABS), 0), ((LABS, LABS), 1), ((LABS, LABS), 2)])
    t.result(("Alice", 10_000), ("Bob", 0), ("Carol", 0))
    won = told(t, "stockpile_won")[0]
    assert won[1]["bid"] == 10_000 and won[1]["paid"] == 6_000        # the next lower space
    assert won[2] == ("Alice wins stockpile 1 with a bid of $10,000 and pays $6,000 (Discount Donald): "
                      "Leading Laboratories, Leading Laboratories and 1 face-down card")


def test_broker_bernie_is_told_collecting_the_fees_instead_of_paying():
    t = positioned(kept=("Broker Bernie", "Billionaire Bill", "Golden Graham"))
    to_auction(t, (LABS, "+1"), [(EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$")], (FEE1, LABS, LABS),
               [(("Fee $3,000", LABS), 0), ((LABS, LABS), 1), ((LABS, LABS), 2)])
    t.result(("Alice", 0), ("Bob", 0), ("Carol", 0))
    assert told(t, "fees") == [("fees", {"seat": 0, "paid": (), "owed": (), "bonus": (1_000, 3_000)},
                                "Alice (Broker Bernie) collects $4,000 for 2 trading fee cards instead of paying")]
    assert t.money("Alice") == 20_000 + 4_000


# --- the action phase: a Boom splits, a Bust bankrupts --------------------------------------------

def test_a_boom_that_splits_epic_electric_tells_the_move_then_the_split():
    # Epic Electric at 9 (space 8); Alice holds two regular Epic cards, Bob one split Epic card
    t = positioned(spaces=((EPIC, 8),), holdings={0: ([EPIC, EPIC], []), 1: ([], [EPIC])})
    to_auction(t, (LABS, "+1"), [(COSMIC, "-2"), (AUTO, "+2"), (STEEL, "$$")], ("Boom", AUTO, BANK_),
               [((AUTO, AUTO), 1), ((BANK_, BANK_), 2), ((LABS, LABS), 0)])
    t.result(("Carol", 3_000), ("Alice", 0), ("Bob", 1_000))
    t.do(A.PlayActionCard(2, "Boom", EPIC))          # 9 -> 10 -> past the top: split, back to 6
    assert told(t) == [
        ("boom", {"seat": 2, "stock": EPIC, "steps": 2, "old": 9, "new": 6, "through": ("split",)},
         "Carol's Boom moves Epic Electric up 2 spaces: 9 → 6 (splits on the way)"),
        ("split", {"stock": EPIC, "old": 10, "new": 6, "became_split": ((0, 2),), "bonus": ((1, 10_000),),
                   "per_card": 10_000},
         "Epic Electric splits: 10 → 6; Alice's 2 cards become split cards; "
         "Bob collects $10,000 for 1 split card already held"),
    ]
    assert t.m.story()[-1][0] == "Carol plays Boom on Epic Electric"
    assert t.money("Bob") == 20_000 - 1_000 + 10_000
    # what the event says is what the table shows: Alice's two cards are now split cards (the
    # three Automotive cards of stockpile 2 are regular)
    assert t.m.view()["players"][0]["holdings"] == {"stock_cards": 3, "split_cards": 2}


def test_a_bust_that_bankrupts_cosmic_computers_tells_who_loses_how_many_cards():
    # Cosmic at 2 (space 1): Alice holds a regular Cosmic card, Bob a split one and an Epic card
    t = positioned(spaces=((COSMIC, 1),), holdings={0: ([COSMIC], []), 1: ([EPIC], [COSMIC])})
    to_auction(t, (LABS, "+1"), [(EPIC, "-2"), (AUTO, "+2"), (STEEL, "$$")], ("Bust", AUTO, BANK_),
               [((AUTO, AUTO), 1), ((BANK_, BANK_), 2), ((LABS, LABS), 0)])
    t.result(("Alice", 0), ("Bob", 0), ("Carol", 0))
    t.do(A.PlayActionCard(0, "Bust", COSMIC))        # 2 -> 1 -> below the track: bankrupt, back to 5
    assert told(t) == [
        ("bust", {"seat": 0, "stock": COSMIC, "steps": -2, "old": 2, "new": 5, "through": ("bankruptcy",)},
         "Alice's Bust moves Cosmic Computers down 2 spaces: 2 → 5 (goes bankrupt on the way)"),
        ("bankruptcy", {"stock": COSMIC, "old": 1, "new": 5, "lost": ((0, 1, 0), (1, 0, 1))},
         "Cosmic Computers goes bankrupt and starts over at 5; Alice loses 1 card and Bob loses 1 split card"),
    ]
    holdings = [p["holdings"] for p in t.m.view()["players"]]
    # Bob keeps his Epic card and the three Bank cards of stockpile 3
    assert holdings[1] == {"stock_cards": 4, "split_cards": 0}


def test_crazy_cramer_s_move_is_told_with_the_values():
    t = positioned(kept=("Crazy Cramer", "Billionaire Bill", "Golden Graham"))
    to_auction(t, (LABS, "+1"), [(EPIC, "+4"), (AUTO, "+2"), (STEEL, "$$")], (LABS, LABS, LABS),
               [((LABS, LABS), 0), ((LABS, LABS), 1), ((LABS, LABS), 2)])
    t.result(("Alice", 0), ("Bob", 0), ("Carol", 0))
    t.do(A.CramerMove(0, BANK_, -1))
    assert told(t) == [("cramer", {"seat": 0, "stock": BANK_, "steps": -1, "old": 5, "new": 4, "through": ()},
                        "Alice (Crazy Cramer) moves Bottomline Bank down 1 space: 5 → 4")]


# --- the movement phase: forecasts, a dividend, the end of the round ------------------------------

def test_forecasts_a_dividend_and_the_end_of_the_round_are_told_in_order():
    # Alice holds 2 Steel and 1 split Steel, Bob 1 Steel; Alice's pair is Steel $$
    t = positioned(holdings={0: ([STEEL, STEEL], [STEEL]), 1: ([STEEL], [])})
    to_auction(t, (LABS, "+1"), [(STEEL, "$$"), (AUTO, "+2"), (COSMIC, "-3")], (LABS, LABS, LABS),
               [((LABS, LABS), 0), ((LABS, LABS), 1), ((LABS, LABS), 2)])
    t.result(("Alice", 0), ("Bob", 0), ("Carol", 0))
    t.pass_all(R.SELL)
    assert told(t) == [("forecast", {"source": "player", "seat": 0, "forecast": "$$", "stock": STEEL,
                                     "per_card": 2_000},
                        "Alice's pair: Stanford Steel $$, a dividend of $2,000 a card ($4,000 a split card) "
                        "for the cards each player reveals")]
    t.collect("Alice", 2, 1)                          # 2 x $2,000 + 1 split x $4,000
    t.collect("Bob", 0)                               # Bob keeps his Steel card secret
    t.collect("Carol", 0)
    events = told(t)
    assert events[0] == ("dividend", {"stock": STEEL, "per_card": 2_000, "source": "forecast",
                                      "paid": ((0, 8_000), (1, 0), (2, 0))},
                         "Stanford Steel dividend ($2,000 a card): Alice collects $8,000; Bob and Carol reveal none")
    assert [e[2] for e in events[1:3]] == ["Bob's pair: American Automotive +2, 5 → 7",
                                           "Carol's pair: Cosmic Computers -3, 5 → 2"]
    assert events[3][2] == "The face-up pair: Leading Laboratories +1, 5 → 6"
    # the face-down pairs are turned over one by one; the last is what is left
    t.do(A.RevealPair(0, BANK_, "-2"))
    events = told(t)
    assert [e[2] for e in events] == [
        "Face-down pair 1: Bottomline Bank -2, 5 → 3",
        "Face-down pair 2: Epic Electric +4, 5 → 9",
        "End of round 1 of 7: Cosmic Computers 2, Bottomline Bank 3, Leading Laboratories 6, "
        "American Automotive 7, Stanford Steel 5, Epic Electric 9; money Alice $28,000, Bob $20,000, "
        "Carol $20,000; Alice leads with $28,000",
    ]
    assert events[2][1] == {"rounds": 7, "values": ((COSMIC, 2), (BANK_, 3), (LABS, 6), (AUTO, 7), (STEEL, 5),
                                                     (EPIC, 9)),
                            "money": ((0, 28_000), (1, 20_000), (2, 20_000)), "leaders": (0,)}
    assert t.m.events()[-1].round == 1 and t.s.round == 2


def test_stanford_steel_s_dollar_space_on_the_expert_board_pays_every_card_it_is_told():
    # expert Steel starts on space 8 (value 5); space 9 carries a $ (the assumed default data)
    t = positioned(expert_board=True, holdings={0: ([STEEL], [STEEL])})
    to_auction(t, (LABS, "+2"), [(STEEL, "+1"), (AUTO, "-2"), (EPIC, "-3")], (LABS, LABS, LABS),
               [((LABS, LABS), 0), ((LABS, LABS), 1), ((LABS, LABS), 2)])
    t.result(("Alice", 0), ("Bob", 0), ("Carol", 0))
    t.pass_all(R.SELL)
    events = told(t)
    assert [e[2] for e in events[:2]] == [
        "Alice's pair: Stanford Steel +1, 5 → 5",
        # $1,000 a card, a split card counting two: 1 + 2 cards
        "Stanford Steel reaches a $ space: $1,000 a card, split cards twice; Alice collects $3,000",
    ]
    assert events[1][1] == {"stock": STEEL, "signs": 1, "per_card": 1_000, "paid": ((0, 3_000),)}


# --- the end of the game --------------------------------------------------------------------------

def test_the_last_round_ends_with_majorities_final_sales_and_the_scores():
    # round 7 of 7; Alice: 2 Epic + 1 split Epic; Bob: 1 split Cosmic; Carol: 2 Cosmic
    t = positioned(round=7, holdings={0: ([EPIC, EPIC], [EPIC]), 1: ([], [COSMIC]), 2: ([COSMIC, COSMIC], [])})
    to_auction(t, (LABS, "+1"), [(AUTO, "$$"), (BANK_, "-2"), (STEEL, "-3")], (LABS, LABS, LABS),
               [((LABS, LABS), 0), ((BANK_, BANK_), 1), ((STEEL, STEEL), 2)])
    t.result(("Alice", 0), ("Bob", 0), ("Carol", 0))
    # Alice: 3 Labs more; Bob: 1 Labs, 2 Bank; Carol: 1 Labs, 2 Steel
    t.pass_all(R.SELL)
    t.collect_all()                                   # nobody holds Automotive
    t.do(A.RevealPair(0, COSMIC, "+2"))               # the last pair, Epic +4, is what is left
    assert t.m.is_over()
    events = told(t)
    kinds = [e[0] for e in events]
    assert kinds == ["forecast", "forecast", "round_end"] + ["majority"] * 5 + ["final_sale"] * 3 + ["game_end"]
    # final values: Cosmic 7, Bank 3, Labs 6, Automotive 5, Steel 2, Epic 9
    assert [e[2] for e in events[3:]] == [
        "Bob and Carol tie as majority holders of Cosmic Computers (2 shares each) and collect $5,000 each",
        "Bob is the majority holder of Bottomline Bank (2 shares) and collects $10,000",
        "Alice is the majority holder of Leading Laboratories (3 shares) and collects $10,000",
        "Carol is the majority holder of Stanford Steel (2 shares) and collects $10,000",
        "Alice is the majority holder of Epic Electric (4 shares) and collects $10,000",
        # 3 x $6,000 + 4 shares x $9,000
        "Alice sells 3 Leading Laboratories cards and 3 Epic Electric cards (1 split) at the final values "
        "for $54,000",
        # 2 shares x $7,000 + $6,000 + 2 x $3,000
        "Bob sells 1 split Cosmic Computers card, 2 Bottomline Bank cards and 1 Leading Laboratories card "
        "at the final values for $26,000",
        # 2 x $7,000 + $6,000 + 2 x $2,000
        "Carol sells 2 Cosmic Computers cards, 1 Leading Laboratories card and 2 Stanford Steel cards "
        "at the final values for $24,000",
        "Game over: Alice wins with $94,000; Bob $61,000, Carol $59,000",
    ]
    assert events[-1][1] == {"scores": ((0, 94_000), (1, 61_000), (2, 59_000)), "owed": (), "winners": (0,)}
    assert events[3][1] == {"stock": COSMIC, "seats": (1, 2), "shares": 2, "bonus": 5_000}
    assert t.m.outcome().scores == (94_000, 61_000, 59_000)


# --- every kind has its words ----------------------------------------------------------------------

def test_every_kind_is_listed_with_its_meaning_and_said_in_words():
    seen = set()
    for seed, n, options in [(1, 4, {}), (2, 3, {"expert_board": True, "investors": True}),
                             (3, 5, {"expert_board": True}), (4, 2, {"investors": True})]:
        m = random_match(n, options, seed)
        for e in m.events():
            assert e.kind in EVENT_KINDS, e
            words = m.state.describe_event(e)
            assert "_" not in words and "None" not in words and words[:1].isupper(), words
            assert all(isinstance(v, (str, int, bool, tuple)) for _, v in e.params), e
            seen.add(e.kind)
    assert seen >= set(EVENT_KINDS) - {"fee_paid_late", "cramer"}
    assert all(meaning and "\n" not in meaning for meaning in EVENT_KINDS.values())


# --- random games ------------------------------------------------------------------------------------

def random_match(n: int, options: dict, seed: int) -> Match:
    m = Match("stockpile", [f"P{i}" for i in range(n)], options, seed)
    rng = random.Random(seed)
    while not m.is_over():
        if m.current_player() == CHANCE:
            m.play_chance()
        else:
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
    return m


_STEPS = {"+4": 4, "+2": 2, "+1": 1, "-2": -2, "-3": -3, "$$": 0}     # the forecast cards


def _expected_crossings(space: int, steps: int, track: dict) -> tuple[int, int, int]:
    """Splits and bankruptcies of one move on a printed track, and the space it ends on."""
    last, splits = len(track["values"]) - 1, 0
    for _ in range(abs(steps)):
        if steps > 0:
            if space == last:
                splits, space = splits + 1, track["split"]
            else:
                space += 1
        elif space == 0:
            return splits, 1, track["start"]        # the rest of the move is lost
        else:
            space -= 1
    return splits, 0, space


CASES = [(n, options, seed) for n in (2, 3, 4, 5) for options, seed in
         (({}, 10 + n), ({"expert_board": True, "investors": True}, 20 + n))]


@pytest.mark.parametrize("n,options,seed", CASES, ids=[f"{c[0]}p-{'expert+investors' if c[1] else 'base'}"
                                                       for c in CASES])
def test_in_random_games_every_split_bankruptcy_and_round_end_is_told(n, options, seed):
    game = random_match(n, options, seed)
    data = game.game.options["rules_data"]
    tracks = data["expert_tracks"] if options else {c: data["standard_track"] for c in R.COMPANIES}
    m = Match("stockpile", game.game.players, options, seed)
    forecasts = {}                  # company -> forecast card this round, as entered at the table
    totals = Counter()
    for action in game.log:
        before = m.view()
        told_before = len(m.events())
        m.apply(action)
        after = m.view()
        events = m.events()[told_before:]
        if isinstance(action, (A.DealPair, A.RevealOpenPair, A.RevealPair, A.SeeHiddenPair)):
            forecasts[action.company] = action.forecast
        # the moves of this entry: an action card, Cramer, or the pairs turned over (each company
        # has one pair a round; the last face-down pair is the tile and card nobody entered)
        moves = []
        if isinstance(action, A.PlayActionCard):
            moves.append((action.company, 2 if action.card == "Boom" else -2))
        elif isinstance(action, A.CramerMove):
            moves.append((action.company, action.steps))
        was = [p["company"] for p in before["board"]["revealed_pairs"]]
        now = ([p["company"] for p in after["board"]["revealed_pairs"]] if after["round"] == before["round"]
               else R.COMPANIES)
        left = [f for f in _STEPS if f not in forecasts.values()]
        for company in now:
            if company not in was:
                moves.append((company, _STEPS[forecasts.get(company) or left[0]]))
        spaces = dict(before["board"]["positions"])
        splits, bankruptcies = Counter(), Counter()
        for company, steps in moves:
            s, b, spaces[company] = _expected_crossings(spaces[company], steps, tracks[company])
            splits[company] += s
            bankruptcies[company] += b
        assert Counter(e.get("stock") for e in events if e.kind == "split") == +splits, (action, events)
        assert Counter(e.get("stock") for e in events if e.kind == "bankruptcy") == +bankruptcies, (action, events)
        assert spaces == after["board"]["positions"]
        ended = after["round"] != before["round"] or (after["phase"] == "game over" != before["phase"])
        assert [e.round for e in events if e.kind == "round_end"] == ([before["round"]] if ended else [])
        if after["round"] != before["round"]:
            forecasts = {}
        totals.update(e.kind for e in events)
    assert totals["round_end"] == game.state.rounds and m.events()[-1].kind == "game_end"
    assert totals["split"] + totals["bankruptcy"] > 0, "no split nor bankruptcy: the test proves little"
    assert m.events() == game.events()


@pytest.mark.parametrize("n,options", [(3, {}), (4, {"expert_board": True, "investors": True})])
def test_replay_undo_redo_and_a_save_tell_the_same_story(n, options):
    m = random_match(n, options, 7)
    story, events = m.story(), m.events()
    assert len(story) == len(m.log) and sum(len(lines) for _, lines in story) == len(events)
    # a save replays the log: the same events, the same words, for every screen
    loaded = Match.from_json(m.to_json())
    assert loaded.events() == events and loaded.story() == story
    assert all(loaded.story(seat) == m.story(seat) for seat in range(n))
    # undo back into the game: the events are those of the shorter log; redo brings them back
    half = len(m.log) // 2
    prefix = Match("stockpile", m.game.players, options, 7)
    for action in m.log[:half]:
        prefix.apply(action)
    m.undo_to(half)
    assert m.events() == prefix.events() and m.story() == story[:half]
    while m.can_redo():
        m.redo()
    assert m.events() == events and m.story() == story
    for _ in range(40):
        m.undo()
    for _ in range(40):
        m.redo()
    assert m.events() == events


# --- entries in words ---------------------------------------------------------------------------------

def test_entries_name_what_varies_last_and_tell_two_pairs_apart():
    t = positioned(players=("Alice", "Bob"), kept=(("Mayknow Martha", "Billionaire Bill"),
                                                    ("Golden Graham", "Broker Bernie")))
    t.quiet_to(R.INVESTOR_STEP)
    looks = [t.s.describe(a) for a in t.m.legal_actions() if isinstance(a, A.PeekPair) and a.target is not None]
    assert looks == ["Alice (Mayknow Martha) looks at Bob's pair 1", "Alice (Mayknow Martha) looks at Bob's pair 2"]
    # a starting stock and a face-down card of a position: the company comes last, so a screen
    # can ask "Alice is dealt a starting stock of …" once and show the companies
    m = Match("stockpile", ["Alice", "Bob", "Carol"], {}, 0)
    assert m.state.describe(A.DealStartingStock(0, EPIC)) == "Alice is dealt a starting stock of Epic Electric"
    assert m.state.describe(A.DealHolding(1, COSMIC, True)) == "Bob holds a split card of Cosmic Computers"
