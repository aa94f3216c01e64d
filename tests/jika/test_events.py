"""What the table is told happened by itself in 時価で勝負: the watcher's jack and its reshuffle,
prices that follow from the lower-card rule, a player forced to pass for good or out of cards,
the end of a round and the end of the game with the scores and the tie-break. Reached the public
way (a dealt game played by script, or a ``Position``), with the rules text's figures."""
import random

import pytest

from tabletop import Match
from tabletop.jika import EVENT_KINDS, OPTION_HELP, TITLE, Pass, Position, PlayCard, RevealWatcher

from .script import PLAYERS3, PLAYERS4, deal, move, reveal, scripted_game
from .test_seed_examples import CERTS4, GAME4


def kinds(m) -> list[str]:
    return [e.kind for e in m.events()]


def told(m) -> tuple[str, ...]:
    return m.story()[-1][1]


def of(m, kind: str) -> list:
    return [e for e in m.events() if e.kind == kind]


def test_the_watcher_is_announced_with_its_round():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=0)
    reveal(m, "♠")
    assert [(e.kind, e.round, e.get("suit")) for e in m.events()] == [("watcher", 1, "spades")]
    assert told(m) == ("Round 1: the watcher turns up the jack of spades, so no spades may be "
                       "played this round.",)


def test_a_round_ends_with_its_prices_and_the_empty_pile_is_reshuffled():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=1)
    end = of(m, "round_end")[-1]
    # round 1: 5♦ above the ace, 7♥ above the ace, 9♣ above the ace, 8♦ on the ace below the 5
    assert end.round == 1 and dict(end.get("prices")) == {"spades": 1, "hearts": 1, "diamonds": 5, "clubs": 1}
    assert told(m) == ("The price of diamonds rises from 1 to 5 (the lower of its cards, 5 and 8).",
                       "Round 1 ends. Prices: spades 1, hearts 1, diamonds 5, clubs 1. "
                       "Still playing: Alice, Bob, Carol and Dave.")
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=4)
    # four jacks turned up in four rounds: the pile is empty, so they are shuffled back
    assert kinds(m).count("reshuffle") == 1 and kinds(m)[-2:] == ["round_end", "reshuffle"]
    assert told(m)[-1] == ("The watcher's pile is empty: the four jacks are shuffled face down into "
                           "a new pile for the next round.")
    reveal(m, "♥")
    assert told(m) == ("Round 5: the watcher turns up the jack of hearts, so no hearts may be played "
                       "this round.",)


def test_the_rules_price_example_each_change_told_with_the_two_cards():
    # "diamonds shows 6 and 7: its price is 6 ... a 2 of diamonds played on the 7 makes it 2"
    rounds = [("♠", ["Alice: 7♦ upper", "Bob: 6♦ lower", "Carol: 7♣ upper"]),
              ("♥", ["Alice: 2♦ upper", "Bob: 3♣ upper", "Carol: 9♠ upper"])]
    m = scripted_game(PLAYERS3, [("♠", "♥"), ("♦", "♣"), ("♣", "♦")], rounds, play=0)
    reveal(m, "♠")
    move(m, "Alice: 7♦ upper")
    assert told(m) == ()                                  # 7 above the ace: the ace is still lower
    move(m, "Bob: 6♦ lower")
    assert [(e.get("before"), e.get("after")) for e in of(m, "price")] == [(1, 6)]
    assert told(m) == ("The price of diamonds rises from 1 to 6 (the lower of its cards, 7 and 6).",)
    move(m, "Carol: 7♣ upper")
    reveal(m, "♥")
    move(m, "Alice: 2♦ upper")
    assert told(m) == ("The price of diamonds falls from 6 to 2 (the lower of its cards, 2 and 6).",
                       "Alice has played every card and takes no further part in the game.")


def test_the_end_of_the_game_turns_up_the_certificates_and_names_the_winner():
    m = scripted_game(PLAYERS4, CERTS4, GAME4)
    over = of(m, "game_over")[-1]
    assert m.events()[-1] is over and over.phase == "over"
    # the rules' example: Alice 4 x1 (diamonds, queen) + 6 x2 (clubs, king) = 16; Bob 2 x3 = 6
    assert over.get("scores") == (16, 6, 14, 18) == m.outcome().scores
    assert over.get("winners") == (3,) and over.get("tied") == (3,)
    assert over.get("certificates") == (("diamonds", "clubs"), ("hearts", "hearts"),
                                        ("spades", "diamonds"), ("clubs", "spades"))
    assert told(m)[-1] == (
        "The game is over: every player has played out or passed. Final prices: spades 6, hearts 2, "
        "diamonds 4, clubs 6. Alice holds the queen of diamonds (4) and the king of clubs (6 x2): "
        "16 points; Bob holds the queen and king of hearts (2 x3): 6 points; Carol holds the queen "
        "of spades (6) and the king of diamonds (4 x2): 14 points; Dave holds the queen of clubs "
        "(6) and the king of spades (6 x2): 18 points. Dave wins with 18 points.")
    # the last card of each player is told too, before the end
    assert [e.get("seat") for e in of(m, "out_of_cards")] == [0, 1, 2, 3]
    assert of(m, "out_of_cards")[0].round == 7 and kinds(m)[-1] == "game_over"
    assert told(m)[-2] == "Dave has played every card and takes no further part in the game."


def test_the_certificates_are_never_in_an_event_before_the_end():
    m = scripted_game(PLAYERS4, CERTS4, GAME4, play=6)
    for event in m.events():
        assert "certificates" not in dict(event.params) and "scores" not in dict(event.params)


# --- from the table as it is ---------------------------------------------------------------------
def from_table(market, hands, cards, certs, watchers_shown=()) -> Match:
    m = Match("jika", PLAYERS3, seed=0)
    m.apply(Position(round=8, market=market, hands=hands, passed=(False,) * 3,
                     watchers_shown=watchers_shown))
    deal(m, certs, cards)
    return m


def test_a_player_whom_the_watcher_blocks_passes_for_good_and_one_plays_out():
    m = from_table(market=(("spades", 9, 2), ("hearts", None, 1), ("diamonds", 8, 3), ("clubs", None, 1)),
                   hands=(1, 2, 2), cards={0: ["10♠"], 1: ["5♦", "6♦"], 2: ["3♥", "4♥"]},
                   certs={0: ("♠", "♥"), 1: ("♦", "♣"), 2: ("♣", "♦")})
    reveal(m, "♥")
    move(m, "Alice: 10♠ upper")                            # her last card; spades stays 2
    assert told(m) == ("Alice has played every card and takes no further part in the game.",)
    move(m, "Bob: 5♦ lower")
    assert told(m) == ("The price of diamonds rises from 3 to 5 (the lower of its cards, 8 and 5).",)
    assert m.legal_actions() == [Pass(2)]                 # both of Carol's cards are hearts
    m.apply(Pass(2))
    passed = of(m, "passed")[-1]
    assert dict(passed.params) == {"seat": 2, "suit": "hearts", "cards": 2}
    assert told(m) == (
        "Carol cannot play: the watcher on hearts blocks all 2 of Carol's cards, so Carol passes and "
        "takes no further part in the game.",
        "Round 8 ends. Prices: spades 2, hearts 1, diamonds 5, clubs 1. Still playing: Bob.")
    reveal(m, "♣")
    move(m, "Bob: 6♦ upper")                              # 6 above, 5 below: diamonds stays 5
    assert kinds(m)[-3:] == ["watcher", "out_of_cards", "game_over"]


def test_a_tie_on_points_goes_to_the_higher_queen_in_words():
    # prices spades 2, hearts 4, diamonds 6, clubs 2; nobody's last card changes them
    m = from_table(market=(("spades", 9, 2), ("hearts", 8, 4), ("diamonds", 9, 6), ("clubs", 7, 2)),
                   hands=(1, 1, 1), cards={0: ["10♠"], 1: ["10♦"], 2: ["10♣"]},
                   certs={0: ("♠", "♥"), 1: ("♦", "♣"), 2: ("♥", "♠")})
    reveal(m, "♥")
    for text in ("Alice: 10♠ upper", "Bob: 10♦ upper", "Carol: 10♣ upper"):
        move(m, text)
    # Alice 2 + 4 x2 = 10; Bob 6 + 2 x2 = 10; Carol 4 + 2 x2 = 8: Bob's queen (6) beats Alice's (2)
    over = of(m, "game_over")[-1]
    assert over.get("scores") == (10, 10, 8) and over.get("tied") == (0, 1) and over.get("winners") == (1,)
    assert told(m)[-1].endswith(
        "Alice and Bob tie on 10 points; Bob wins on the higher queen (diamonds at 6).")


def test_a_tie_on_points_and_queens_is_shared():
    m = from_table(market=(("spades", 9, 2), ("hearts", 8, 2), ("diamonds", 9, 6), ("clubs", 7, 2)),
                   hands=(1, 1, 1), cards={0: ["10♠"], 1: ["10♦"], 2: ["10♣"]},
                   certs={0: ("♠", "♥"), 1: ("♥", "♠"), 2: ("♣", "♦")})
    reveal(m, "♥")
    for text in ("Alice: 10♠ upper", "Bob: 10♦ upper", "Carol: 10♣ upper"):
        move(m, text)
    # Alice 2 + 2 x2 = 6 = Bob 2 + 2 x2; both queens at 2; Carol 2 + 6 x2 = 14 wins outright
    assert of(m, "game_over")[-1].get("winners") == (2,)
    m = from_table(market=(("spades", 9, 2), ("hearts", 8, 2), ("diamonds", 9, 1), ("clubs", 7, 1)),
                   hands=(1, 1, 1), cards={0: ["10♠"], 1: ["10♦"], 2: ["10♣"]},
                   certs={0: ("♠", "♥"), 1: ("♥", "♠"), 2: ("♣", "♦")})
    reveal(m, "♥")
    for text in ("Alice: 10♠ upper", "Bob: 10♦ upper", "Carol: 10♣ upper"):
        move(m, text)
    assert of(m, "game_over")[-1].get("winners") == (0, 1)
    assert told(m)[-1].endswith("Alice and Bob tie on 6 points and on their queens' value (2): "
                                "they share the win.")


# --- random games -----------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"first_player": 2}, {"hand_size": 3}], ids=["rules", "first-2", "short"])
@pytest.mark.parametrize("players", [3, 4])
def test_random_games_tell_every_pass_round_and_end_the_same_way_every_time(players, options):
    for seed in range(3):
        rng = random.Random(seed)
        m = Match("jika", [f"P{i}" for i in range(players)], options, seed=seed)
        while not m.is_over():
            if m.current_player() < 0:
                m.play_chance()
            else:
                m.apply(rng.choice(m.legal_actions()))
        story = m.story()
        rounds = 0
        for action, (_, lines) in zip(m.log, story):
            if isinstance(action, Pass):
                assert lines[0].startswith(f"P{action.seat} cannot play: the watcher on ")
            if isinstance(action, RevealWatcher):
                rounds += 1
                assert lines == (f"Round {rounds}: the watcher turns up the jack of {action.suit}, so no "
                                 f"{action.suit} may be played this round.",)
            if isinstance(action, PlayCard):
                assert sum(line.startswith("The price of ") for line in lines) <= 1
        assert kinds(m).count("passed") == sum(isinstance(a, Pass) for a in m.log)
        assert kinds(m).count("round_end") == rounds - 1               # the last round ends the game
        assert kinds(m).count("reshuffle") == (rounds - 1) // 4
        assert kinds(m)[-1] == "game_over" and kinds(m).count("game_over") == 1
        assert m.events()[-1].get("scores") == m.outcome().scores
        assert m.events()[-1].get("winners") == m.outcome().winners
        assert set(kinds(m)) <= set(EVENT_KINDS)
        prices = [e for e in m.events() if e.kind == "price"]
        assert len(prices) == len(m.value_history()) - 4              # every change but the 4 aces
        for seat in range(players):
            assert [lines for _, lines in m.story(seat)] == [lines for _, lines in story]
        assert Match.from_json(m.to_json()).story() == story
        back = len(m) // 2
        for _ in range(back):
            m.undo()
        assert m.story() == story[:len(m)]
        for _ in range(back):
            m.redo()
        assert m.story() == story


def test_every_option_has_one_sentence_of_help():
    assert set(OPTION_HELP) == set(TITLE.normalize_options({}, 3))
    for name, sentence in OPTION_HELP.items():
        assert sentence[0].isupper() and sentence.endswith(".") and "_" not in sentence, name
