"""Price manipulation: the exact reach of one move, checked against the engines, and the agents."""
import random
from fractions import Fraction

import pytest

from tabletop.core import CHANCE, TERMINAL, Game
from tabletop.economics import manipulation as P
from tabletop.errors import OptionsError
from tabletop.registry import get_title


# --- 時価で勝負 -------------------------------------------------------------------------------------
def test_lower_of_two_cards():
    assert P.jika_price(None, 1) == 1                      # the ace alone
    assert P.jika_play_price(None, 1, 7, "upper") == 1     # the first card goes above the ace
    assert P.jika_play_price(7, 1, 5, "lower") == 5
    assert P.jika_play_price(7, 5, 9, "lower") == 7        # no higher than the other card


def test_one_card_lifts_to_the_other_card_but_drops_to_two():
    assert P.jika_one_card_reach(8, 3) == (5, 1)
    assert P.jika_one_card_reach(5, 5) == (0, 3)
    table = P.jika_reach_table()
    assert len(table) == 81
    assert all(up == abs(u - l) for (u, l), (up, _) in table.items())
    assert all(down == min(u, l) - 2 for (u, l), (_, down) in table.items())


def test_min_of_two_cards_has_mean_13_over_3():
    dist = P.jika_min_distribution()
    assert sum(dist.values()) == 1
    assert dist[2] == Fraction(2, 9)
    assert sum(m * p for m, p in dist.items()) == Fraction(13, 3)       # the mean card is 6


def test_stakes_per_suit():
    stakes = P.jika_stakes("hearts", "spades")
    assert stakes["spades"] == (2, Fraction(1, 3))
    assert stakes["hearts"] == (1, Fraction(2, 3))
    assert stakes["clubs"] == (0, Fraction(1))
    assert P.jika_stakes("clubs", "clubs")["clubs"] == (3, Fraction(0))
    with pytest.raises(OptionsError, match="'stars' is not a suit"):
        P.jika_stakes("stars", "clubs")


def test_play_price_agrees_with_the_engine():
    title = get_title("jika")
    for seed in range(20):
        state = title.new_state(Game("jika", ("a", "b", "c", "d"), title.normalize_options({}, 4), seed))
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                if type(action).__name__ == "PlayCard":
                    suit = state.view(None)["board"]["market"][action.suit]
                    expected = P.jika_play_price(suit["upper"], suit["lower"], action.value, action.slot)
                    state.apply(action)
                    assert state.view(None)["stocks"][action.suit] == expected
                    continue
            state.apply(action)


# --- Black Monday -----------------------------------------------------------------------------------
def test_reach_of_one_turn():
    # $5, cards 7, 9 and 11, limit 3 down / 4 up: 5 -> 7 -> 9 or 11; 5 -> 9 -> 11 or a crash
    assert P.bm_reachable(5, [7, 9, 11], 3, 4, restart=False) == {0, 5, 7, 9, 11}
    assert P.bm_reachable(5, [7, 9, 11], 3, 4, changes=1, restart=False) == {5, 7, 9}
    # crash with the 11, then list it again at the 3, ignoring the limit
    assert P.bm_reachable(8, [11, 3], 3, 4) == {8, 11, 0, 3}
    assert P.bm_reachable(8, [11, 3], 3, 4, options={"restart_counts_as_change": True},
                          changes=1) == {8, 11, 0}


def test_largest_swings_and_their_worth():
    assert P.bm_turn_swing("Chewy Poultry") == (6, 4)
    assert P.bm_turn_swing("Tiki-Taka Tech") == (12, 10)
    assert P.bm_swing_worth("Tiki-Taka Tech") == 14_400           # 1,200 shares x $12
    assert P.bm_swing_worth("Chewy Poultry", {"limits": {"Chewy Poultry": [1, 1], "Whip Burger": [3, 4],
                                                         "Gum Gum Mine": [4, 5],
                                                         "Tiki-Taka Tech": [5, 6]}}) == 2_400
    # a match may change only some stocks' limits (docs/black-monday.md): the others keep theirs
    assert P.bm_swing_worth("Chewy Poultry", {"limits": {"Chewy Poultry": [1, 1]}}) == 2_400
    assert P.bm_limits({"limits": {"Chewy Poultry": [1, 1]}})["Tiki-Taka Tech"] == (5, 6)
    with pytest.raises(OptionsError, match="'Chewy Chicken' is not a Black Monday stock"):
        P.bm_limits({"limits": {"Chewy Chicken": [1, 1]}})


def _engine_reach(state, seat, stock):
    """Final prices of ``stock`` reachable by ``seat`` this turn through the engine's own legal
    price moves on that stock (everything else left alone)."""
    seen = {state.view(None)["stocks"][stock]}
    frontier = [state]
    while frontier:
        s = frontier.pop()
        for a in s.legal_actions():
            if type(a).__name__ in ("ChangePrice", "CrashStock", "SetStartPrice") and a.stock == stock:
                nxt = s.clone()
                nxt.apply(a)
                seen.add(nxt.view(None)["stocks"][stock])
                frontier.append(nxt)
    return seen


def test_reach_agrees_with_the_engine():
    title = get_title("black-monday")
    checked = 0
    for seed in range(12):
        state = title.new_state(Game("black-monday", ("a", "b", "c"), title.normalize_options({}, 3), seed))
        rng = random.Random(seed)
        for _ in range(200):
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(player)
            if view["phase"] == "trade" and view["board"]["turn"]["price_changes"] == 0 and rng.random() < 0.3:
                hand = [(c["stock"], c["value"]) for c in view["private"]["hand"]]
                for stock, price in view["stocks"].items():
                    if price:
                        down, up = P.bm_limits()[stock]
                        mine = [v for s, v in hand if s == stock]
                        assert _engine_reach(state, player, stock) == P.bm_reachable(price, mine, down, up)
                        checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 20


def test_reach_odds():
    odds = P.bm_reach_odds("Gum Gum Mine", 6, hands=3000, seed=1)
    assert odds.rise_at_least[8] == 0                      # $13 is the highest card: 6 + 7
    assert odds.fall_at_least[6] == 0                      # $1 is the lowest: 6 - 5
    assert 1 >= odds.rise_at_least[1] >= odds.rise_at_least[5] > odds.rise_at_least[7] > 0
    with pytest.raises(OptionsError, match="not a Black Monday stock"):
        P.bm_reach_odds("Acme", 5)


def test_a_pumper_beats_passive_holders_on_the_engine():
    study = P.study_agents("black-monday", ["bm-pumper", "bm-holder", "bm-holder", "bm-holder"],
                           games=30, seed=2)
    pumper, holders = study.by_agent()["bm-pumper"], study.by_agent()["bm-holder"]
    assert pumper[1] > 0.8 and pumper[0] > holders[0]
    quiet = P.study_agents("black-monday", ["bm-holder"] * 3, games=5, seed=2)
    assert quiet.mean_score == (20_000, 20_000, 20_000)     # nobody moves a price: nobody gains


def test_greedy_jika_player_wins_more_than_her_share():
    study = P.study_agents("jika", ["jika-greedy", "random", "random", "random"], games=800, seed=3)
    assert study.win_share[0] > 0.265                      # 0.287 here; a fair share is 0.25
    assert sum(study.win_share) == pytest.approx(1)


def test_study_refusals():
    with pytest.raises(OptionsError, match="Unknown agent 'genius'"):
        P.study_agents("jika", ["genius", "random", "random"])


def test_study_with_an_executor_is_the_same():
    from concurrent.futures import ThreadPoolExecutor
    line_up = ["jika-greedy", "random", "random"]
    alone = P.study_agents("jika", line_up, games=20, seed=4)
    with ThreadPoolExecutor(2) as pool:
        assert P.study_agents("jika", line_up, games=20, seed=4, executor=pool) == alone


def test_seats_rotated_put_the_agent_in_every_seat():
    rotated = P.rotate_seats("jika", "jika-greedy", ["random", "random"], games_per_seat=6, seed=4)
    line_ups = [("jika-greedy", "random", "random"), ("random", "jika-greedy", "random"),
                ("random", "random", "jika-greedy")]
    assert [s.agents for s in rotated.seats] == line_ups and rotated.games == 18
    by_hand = [P.study_agents("jika", list(line_up), games=6, seed=4 * 3 + k) for k, line_up in enumerate(line_ups)]
    assert rotated.win_share == pytest.approx(sum(by_hand[k].win_share[k] for k in range(3)) / 3)
    assert rotated.mean_score == pytest.approx(sum(by_hand[k].mean_score[k] for k in range(3)) / 3)
    others = [by_hand[k].mean_score[j] for k in range(3) for j in range(3) if j != k]
    assert rotated.others_mean_score == pytest.approx(sum(others) / len(others))
    assert rotated.fair_share == pytest.approx(1 / 3)
    p = rotated.win_share
    assert rotated.win_std_error == pytest.approx((p * (1 - p) / 18) ** 0.5)


def test_two_cards_cannot_lift_a_price_past_the_other_card():
    # 9 above, 3 below, the 10 and the 8 in hand, worked by hand: the 10 over the 3 shows 9 (the
    # lower of 9 and 10); the 8 then can only lower it; the 8 first shows 8, then the 10 over the 8: 9
    assert P.jika_reachable(9, 3, [10, 8]) == {3, 8, 9}
    assert P.jika_reachable(9, 3, []) == {3}
    assert P.jika_reachable(None, 1, [7]) == {1}                 # the first card goes above the ace
    assert P.jika_reachable(None, 1, [7, 5]) == {1, 5}           # then the 5 over the ace, or over the 7
