"""What the table is told happened by itself: start prices, crashes and what holders lose,
relistings, the rebuilt deck, the market-close card and the final scores. Each event is reached
the public way (the setup, or a ``Position`` from the table as it is) and checked for its kind,
its facts and its sentence; the figures are the rulebook's arithmetic (shares x price), worked
out here by hand. Plus the options that decide whether a crash or a relisting ends trading, and
the deal going player by player."""
import random

import pytest

from tabletop import Match
from tabletop.blackmonday import (EVENT_KINDS, OPTION_HELP, TITLE, BuyShares, CrashStock, DealCard,
                                  DrawCard, DrawMarketClose, EndTurn, ExchangeCard, Position,
                                  SetStartPrice, data)
from tabletop.errors import IllegalAction

from .helpers import CP, GG, TT, WB, buy, card, cards, crash, end_turn, move, new_match, refused, restart


def kinds(m) -> list[str]:
    return [e.kind for e in m.events()]


def last(m, kind: str):
    found = [e for e in m.events() if e.kind == kind]
    assert found, f"no {kind} event"
    return found[-1]


def told(m) -> tuple[str, ...]:
    """The announcements of the last entry, as every screen shows them."""
    return m.story()[-1][1]


# --- from the table as it is ---------------------------------------------------------------------
BOB_HAND = "GG13 TT4 TT10 CP5 WB2 WB9 GG1 CP12"
ALICE_HAND = "CP3 CP10 CP2 WB5 GG4 TT3 CP11 TT13"


def from_table(options=None, held=(((GG, 5), (GG, 3)), ((GG, 2),)), piles=None, hands=(ALICE_HAND, BOB_HAND),
               seat=1, **fields) -> Match:
    """Bob's turn in round 2: Alice holds 800 Gum Gum Mine shares, Bob 200; Gum Gum Mine is at
    $9 (its pile 10, 9), Tiki-Taka Tech is delisted."""
    m = Match("black-monday", ["Alice", "Bob"], options, seed=0)
    piles = piles or ((CP, (4,)), (WB, (3,)), (GG, (10, 9)), (TT, ()))
    m.apply(Position(round=2, seat=seat, money=fields.pop("money", (12_000, 30_000)), held=held,
                     piles=piles, **fields))
    for k in range(2):
        who = (seat + k) % 2
        for stock, value in cards(hands[who]):
            m.apply(DealCard(who, stock, value))
    assert m.state.phase == "trade" and m.state.seat == seat
    return m


def test_a_crash_tells_the_table_what_each_holder_loses_at_the_price_before_it():
    m = from_table()
    crash(m, 1, "GG13")
    event = last(m, "crash")
    # the rulebook: a card laid sideways is its value x 100 shares; at $9 a share,
    # Alice's $5 and $3 cards are 800 shares worth $7,200, Bob's $2 card 200 shares worth $1,800
    assert dict(event.params) == {"seat": 1, "stock": GG, "price": 9, "card": 13,
                                  "losses": ((0, 800, 7_200), (1, 200, 1_800)), "counted": True}
    assert told(m) == (
        "Bob crashes Gum Gum Mine from $9 to $0 with the $13 card: every Gum Gum Mine card held "
        "sideways is discarded, and Alice loses 800 shares worth $7,200 and Bob 200 shares worth "
        "$1,800. Gum Gum Mine is delisted until someone sets a new start price; the crash used one "
        "of the turn's two price changes and ended trading.",)
    assert m.state.money == [12_000, 30_000]          # nobody is paid for a crash


def test_a_crash_nobody_held_says_so():
    m = from_table(held=((), ()))
    crash(m, 1, "GG13")
    assert last(m, "crash").get("losses") == ()
    assert "is discarded (nobody held any). Gum Gum Mine is delisted" in told(m)[0]


def test_by_default_a_crash_uses_one_of_the_two_price_changes_and_closes_trading():
    m = from_table()
    crash(m, 1, "GG13")
    refused(m, BuyShares(1, CP, 5), IllegalAction,
            "Bob cannot buy shares now: trading comes before price changes")
    refused(m, ExchangeCard(1, WB, 2), IllegalAction, "Bob cannot exchange cards")
    move(m, 1, "WB2")                                     # the second change of the turn
    refused(m, SetStartPrice(1, TT, 4), IllegalAction, "already changed prices 2 times")


def test_with_free_crashes_a_crash_ends_nothing_and_leaves_both_changes():
    m = from_table(options=TITLE.cli_options(["--free-crash"]))
    assert m.game.options["crash_counts_as_change"] is False
    crash(m, 1, "GG13")
    assert last(m, "crash").get("counted") is False
    assert told(m)[0].endswith("; the crash used none of the turn's price changes.")
    buy(m, 1, "CP5")                                      # still trading: 500 x $4
    assert m.state.money[1] == 30_000 - 2_000
    move(m, 1, "WB2")
    restart(m, 1, "TT4")                                  # the second change: a relisting
    refused(m, BuyShares(1, TT, 10), IllegalAction, "trading comes before price changes")
    refused(m, CrashStock(1, CP, 12), IllegalAction, "within the limit")   # $4 -> $12 is too far


def test_a_relisting_that_counts_ends_trading_for_the_turn():
    m = from_table()
    restart(m, 1, "TT4")
    event = last(m, "relisted")
    assert dict(event.params) == {"seat": 1, "stock": TT, "price": 4, "counted": True}
    assert told(m) == ("Bob lists Tiki-Taka Tech again at a start price of $4: this uses one of "
                       "Bob's two price changes and ends trading for the turn.",)
    refused(m, BuyShares(1, TT, 10), IllegalAction,
            "Bob cannot buy shares now: trading comes before price changes")


def test_a_free_relisting_does_not_end_trading():
    """The rulebook: any player may, on their turn, put a new $1-$10 card under a delisted
    stock's ticker. With "Restart counts as change" off (--free-restart) that is no price change,
    so Bob goes on trading, still has both price changes, and may even exchange instead."""
    m = from_table(options=TITLE.cli_options(["--free-restart"]))
    restart(m, 1, "TT4")
    assert last(m, "relisted").get("counted") is False
    assert told(m) == ("Bob lists Tiki-Taka Tech again at a start price of $4; it uses none of the "
                       "turn's price changes, and Bob may still trade.",)
    assert m.view()["phase"] == "trade"
    assert BuyShares(1, TT, 10) in m.legal_actions()
    buy(m, 1, "TT10")                                     # 1,000 shares at the new $4
    assert m.state.money[1] == 30_000 - 4_000
    move(m, 1, "CP5")
    move(m, 1, "WB2")
    # an exchange, too, may follow a free relisting (it replaces trading and price changes only)
    other = from_table(options={"restart_counts_as_change": False})
    restart(other, 1, "TT4")
    assert ExchangeCard(1, WB, 2) in other.legal_actions()
    other.apply(ExchangeCard(1, WB, 2))
    assert other.view()["phase"] == "exchange"


def test_a_free_relisting_may_come_while_exchanging():
    m = from_table(options={"restart_counts_as_change": False})
    m.apply(ExchangeCard(1, WB, 2))
    assert SetStartPrice(1, TT, 4) in m.legal_actions()
    restart(m, 1, "TT4")
    assert m.view()["phase"] == "exchange" and m.view()["stocks"][TT] == 4
    counted = from_table()
    counted.apply(ExchangeCard(1, WB, 2))
    assert SetStartPrice(1, TT, 4) not in counted.legal_actions()
    refused(counted, SetStartPrice(1, TT, 4), IllegalAction, "Bob cannot change prices")


# --- the deck and the end ------------------------------------------------------------------------
ALL_CARDS = [(stock, value) for stock in data.STOCKS for value in data.VALUES]
SHORT_PILES = ((CP, (4,)), (WB, (3, 5)), (GG, (10,)), (TT, (10,)))
ALICE_SHORT = "CP3 CP10 CP2 WB6 GG9 TT9 CP11 TT13"
BOB_SHORT = "CP5 WB2 WB9 GG1 GG2 TT4 WB12 GG13"


def short_deck() -> Match:
    """One copy of each card; everything but the piles, the hands and the $7 of Chewy Poultry
    lies in the discard pile: the first deck holds one card after the hands are entered."""
    used = {(s, v) for s, values in SHORT_PILES for v in values}
    used |= set(cards(ALICE_SHORT)) | set(cards(BOB_SHORT)) | {(CP, 7)}
    discard = tuple(c for c in ALL_CARDS if c not in used)
    assert len(discard) == 52 - 5 - 16 - 1 == 30
    return from_table(options={"copies": 1}, held=((), ()), piles=SHORT_PILES, seat=0,
                      money=(20_000, 20_000), hands=(ALICE_SHORT, BOB_SHORT), discard=discard)


def test_the_deck_rebuilt_then_the_market_close_card_and_the_final_scores():
    m = short_deck()
    buy(m, 0, "GG9")                                       # 900 shares at $10: $9,000
    end_turn(m, 0, "CP7")                                  # the first deck's last card
    event = last(m, "deck_rebuilt")
    # the 30 discards, the $3 card under Whip Burger's $5, and the market-close card
    assert dict(event.params) == {"discards": 30, "price_cards": 1, "cards": 32}
    assert told(m) == ("The first deck has run out: the discard pile (30 cards), the 1 price cards "
                       "under the current prices and the market-close card are shuffled into a new "
                       "deck of 32 cards. Whoever draws the market-close card ends the game.",)
    assert m.view()["board"]["deck"] == 32
    buy(m, 1, "WB9")                                       # 900 shares at $5: $4,500
    move(m, 1, "GG13")                                     # $10 -> $13, within +5
    m.apply(EndTurn(1))
    m.apply(DrawMarketClose(1))
    assert kinds(m)[-2:] == ["market_closed", "game_over"]
    # Alice: $20,000 - $9,000 + 900 x $13 = $22,700; Bob: $20,000 - $4,500 + 900 x $5 = $20,000
    over = last(m, "game_over")
    assert over.get("scores") == (22_700, 20_000) and over.get("winners") == (0,)
    assert over.get("scores") == m.outcome().scores and over.phase == "over"
    assert dict(over.get("prices")) == {CP: 4, WB: 5, GG: 13, TT: 10}
    assert told(m) == (
        "Bob draws the market-close card: the market closes and the game ends at once.",
        "Final scores, cash plus shares at the closing prices: Alice $22,700, Bob $20,000. Alice wins.")


def test_a_tie_shares_the_win_in_words():
    m = short_deck()
    m.apply(EndTurn(0))
    m.apply(EndTurn(1))
    buy(m, 0, "CP3")                                       # so the hand needs a card
    m.apply(EndTurn(0))
    m.apply(DrawCard(0, CP, 7))                            # the first deck runs out
    buy(m, 1, "CP5")                                       # 500 x $4 = $2,000
    m.apply(EndTurn(1))
    m.apply(DrawMarketClose(1))
    # both hold Chewy Poultry at $4: Alice 300 shares + $18,800, Bob 500 + $18,000: $20,000 each
    assert last(m, "game_over").get("winners") == (0, 1)
    assert told(m)[-1] == ("Final scores, cash plus shares at the closing prices: Alice $20,000, "
                           "Bob $20,000. Alice and Bob share the win with $20,000 each.")


# --- the setup -----------------------------------------------------------------------------------
def test_start_prices_then_the_market_opens():
    m = new_match(starts="CP12 CP4 WB3 GG10 TT10")
    assert kinds(m) == ["start_price"] * 4 + ["market_open"]
    assert [(e.get("stock"), e.get("price")) for e in m.events()[:4]] == [(CP, 4), (WB, 3), (GG, 10), (TT, 10)]
    assert m.story()[-6][1] == ()                          # the skipped $12 card tells nothing new
    assert told(m) == ("Tiki-Taka Tech starts at $10.",
                       "Every stock has a start price (Chewy Poultry $4, Whip Burger $3, Gum Gum Mine "
                       "$10, Tiki-Taka Tech $10): Alice takes the first turn.")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("first", [0, 1])
def test_the_deal_goes_player_by_player_one_hand_over_each(players, first):
    m = Match("black-monday", [f"P{i}" for i in range(players)], {"first_player": first}, seed=players)
    owners = []
    while m.state.phase == "deal":
        owners.append(m.state.chance_owner())
        m.play_chance()
    hand_overs = [o for k, o in enumerate(owners) if k == 0 or o != owners[k - 1]]
    assert hand_overs == [(first + k) % players for k in range(players)]
    assert len(owners) == 8 * players
    # seeds stay deterministic
    again = Match("black-monday", [f"P{i}" for i in range(players)], {"first_player": first}, seed=players)
    while again.state.phase == "deal":
        again.play_chance()
    assert again.log == m.log


# --- random games: every automatic consequence is told, the same way every time -----------------
OPTION_SETS = [{}, {"five_hundred_shares": True},
               {"crash_within_limit": False, "restart_counts_as_change": False,
                "crash_counts_as_change": False, "allow_same_price": True, "first_player": 1}]


def random_match(players: int, seed: int, options: dict) -> Match:
    rng = random.Random(seed)
    m = Match("black-monday", [f"P{i}" for i in range(players)], options, seed=seed)
    while not m.is_over():
        if m.current_player() < 0:
            m.play_chance()
        else:
            legal = m.legal_actions()
            # crashes and relistings more often than chance would have them
            pick = [a for a in legal if isinstance(a, (CrashStock, SetStartPrice))]
            m.apply(rng.choice(pick if pick and rng.random() < 0.3 else legal))
    return m


@pytest.mark.parametrize("options", OPTION_SETS, ids=["basic", "500-shares", "loose"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_tell_every_crash_relisting_and_the_end(players, options):
    m = random_match(players, 17 * players, options)
    story = m.story()
    crashes = relistings = 0
    for action, (_, lines) in zip(m.log, story):
        if isinstance(action, CrashStock):
            crashes += 1
            assert sum(line.startswith(f"P{action.seat} crashes {action.stock} from $") for line in lines) == 1
        elif isinstance(action, SetStartPrice):
            relistings += 1
            assert lines[0].startswith(f"P{action.seat} lists {action.stock} again at a start price")
    assert crashes == kinds(m).count("crash") > 0
    assert relistings == kinds(m).count("relisted")
    assert kinds(m).count("deck_rebuilt") == 1 and kinds(m).count("market_open") == 1
    assert kinds(m)[-2:] == ["market_closed", "game_over"]
    over = m.events()[-1]
    assert over.get("scores") == m.outcome().scores and over.get("winners") == m.outcome().winners
    assert set(kinds(m)) <= set(EVENT_KINDS)
    # every screen is told the same (events are public), and replay, save and undo tell it again
    for seat in range(players):
        assert [lines for _, lines in m.story(seat)] == [lines for _, lines in story]
    assert Match.from_json(m.to_json()).story() == story
    back = len(m) // 3
    for _ in range(back):
        m.undo()
    assert m.story() == story[:len(m)]
    for _ in range(back):
        m.redo()
    assert m.story() == story and m.events() == Match.from_json(m.to_json()).events()


def test_events_hold_no_secret():
    """No event names a card in a hand, in the deck or exchanged face down: dealing the secrets
    differently (the same public entries) tells the table exactly the same."""
    m = random_match(3, 5, {})
    public = [e for e in m.events()]
    for e in public:
        for name, _ in e.params:
            assert name not in ("hand", "hands", "deck", "drawn", "exchanged")
    # the crash card and the held cards are on the table; a crash names only the crash card
    assert all(set(dict(e.params)) == {"seat", "stock", "price", "card", "losses", "counted"}
               for e in public if e.kind == "crash")


def test_every_option_has_one_sentence_of_help():
    assert set(OPTION_HELP) == set(data.DEFAULT_OPTIONS)
    for name, sentence in OPTION_HELP.items():
        assert sentence[0].isupper() and sentence.endswith(".") and "_" not in sentence, name
    assert "ends trading" in OPTION_HELP["restart_counts_as_change"]
