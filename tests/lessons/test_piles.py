"""Valuing Stockpile's piles from what a player sees, on positions of the real engine."""
import random

import pytest

from tabletop.agents import RandomAgent
from tabletop.core import CHANCE, Game
from tabletop.economics import piles as S
from tabletop.economics.markov import ShareValuer, track_of
from tabletop.errors import OptionsError
from tabletop.registry import get_title
from tabletop.stockpile.data import COMPANIES, FORECASTS


def _auction_state(seed, n=4):
    title = get_title("stockpile")
    state = title.new_state(Game("stockpile", tuple(f"P{i}" for i in range(n)),
                                 title.normalize_options({}, n), seed))
    rng, agent = random.Random(seed), RandomAgent()
    while state.phase != "demand":
        player = state.current_player()
        state.apply(state.sample_chance(rng) if player == CHANCE
                    else agent.choose(state, player, state.legal_actions(), rng))
    return state


def test_forecast_probabilities():
    probs = S.forecast_probabilities({0: 0, 3: 5})        # Cosmic +4, American $$ are known
    assert probs[0] == [1, 0, 0, 0, 0, 0]
    assert probs[1] == [0, 0.25, 0.25, 0.25, 0.25, 0]     # one of the four forecasts left
    assert all(abs(sum(p) - 1) < 1e-12 for p in probs)


def test_a_pile_card_by_card():
    state = _auction_state(3)
    view = state.view(1)
    valuer = ShareValuer(track_of(), 4)
    for p in range(len(view["board"]["stockpiles"])):
        mine, onlooker = S.explain_pile(state, 1, p), S.explain_pile(state, None, p)
        assert len(mine.rows) == len(onlooker.rows) == len(view["board"]["stockpiles"][p]["cards"])
        assert mine.value == pytest.approx(sum(v for _, v, _ in mine.rows))
        for label, value, source in mine.rows:
            if label.startswith("Fee"):
                assert value == -int(label[5:].replace(",", ""))
            if label in ("Boom", "Bust"):
                assert value == 0
    # the pile holding the face-down card player 2 placed herself: she knows it, the onlooker does not
    known = view["private"]["known_face_down"][0]
    rows = S.explain_pile(state, 1, known["stockpile"]).rows
    assert rows[known["position"]][0] == known["card"] and "placed by her" in rows[known["position"]][2]
    assert S.explain_pile(state, None, known["stockpile"]).rows[known["position"]][0] == "?"
    # a face-up stock card of her insider company is valued with its known forecast
    pair = view["private"]["pairs"][0]
    c, f = COMPANIES.index(pair["company"]), FORECASTS.index(pair["forecast"])
    one_hot = [1.0 if i == f else 0.0 for i in range(6)]
    expected = valuer.value(view["board"]["positions"][pair["company"]], view["rounds"], one_hot)
    assert S._card_values([4] * 6, view["rounds"], {c: f}, 4)[c] == pytest.approx(expected)
    with pytest.raises(OptionsError, match="demand phase"):
        S.explain_pile(get_title("stockpile").new_state(
            Game("stockpile", ("a", "b", "c"), get_title("stockpile").normalize_options({}, 3), 1)), 0, 0)


@pytest.fixture(scope="module")
def study():
    return S.study_piles(4, games=40, seed=2)


def test_estimates_are_nearly_unbiased_but_the_winner_overestimates(study):
    assert len(study.markets) == 40 * 6
    assert abs(study.estimate_error()) < 0.15 * study.spread()
    winners, everyone = study.winners_curse()
    assert winners > everyone + 500                         # the winner's curse, in dollars
    real, hoped = study.winners_profit()
    assert hoped > real


def test_private_information_makes_estimates_closer(study):
    public, own = study.estimate_errors()
    assert own < 0.95 * public
    mean, error = study.insider_value()
    assert error > 0 and mean > -2 * error


def test_the_ladder_with_cash_limits(study):
    coarse = study.ladder_results()
    assert 0.85 < coarse.efficiency < 1
    assert coarse.mean_revenue < coarse.mean_vcg_revenue   # cash caps the bids; VCG ignores cash


def test_study_with_an_executor_is_the_same():
    from concurrent.futures import ThreadPoolExecutor
    alone = S.study_piles(3, games=3, seed=1)
    with ThreadPoolExecutor(2) as pool:
        assert S.study_piles(3, games=3, seed=1, executor=pool) == alone


def test_auction_position():
    state = S.auction_position(4, seed=3, round_=2)
    assert state.round == 2 and state.phase == "demand" and not any(state.bids)
    with pytest.raises(OptionsError, match="has no round 9"):
        S.auction_position(4, seed=3, round_=9)


def _hand_study(money):
    # pile 1 is worth 30,000 to seat 1 and 20,000 to seat 2 (truly 25,000); pile 2 5,000 / 4,000
    market = S.PileMarket(round=1, estimates=((30_000, 20_000), (5_000, 4_000)), public=(25_000, 4_500),
                          truth=(25_000, 5_000), money=money)
    return S.PileStudy(2, 1, (market,), (0, 1_000, 3_000, 6_000, 10_000, 15_000, 20_000, 25_000))


def test_cash_stops_the_bidding_and_the_ladder_alone_does_not():
    # worked by hand on Stockpile's rungs: seat 2 bids 1,000, 6,000, 15,000 on pile 1 and seat 1
    # answers 3,000, 10,000, 20,000; with only 10,000 seat 2 cannot bid 15,000 and takes pile 2 free
    rich, poor = _hand_study((20_000, 20_000)), _hand_study((20_000, 10_000))
    assert rich.ladder_results().mean_revenue == 20_000
    assert poor.ladder_results().mean_revenue == 10_000
    assert poor.ladder_results(cash=False).mean_revenue == 20_000
    assert rich.winners_profit() == (5_000, 7_000)             # (25,000 - 20,000 + 5,000) / 2, (10,000 + 4,000) / 2


def test_shaded_bids_lower_the_price_not_the_winners_estimate():
    # bidding 80%: pile 1 is 24,000 / 16,000; seat 2 stops at 6,000 (15,000 would leave her 1,000,
    # pile 2 free leaves 3,200), so seat 1 wins pile 1 at 10,000
    rich = _hand_study((20_000, 20_000))
    winners, everyone = rich.curse_samples(shade=0.8)
    assert winners == [5_000, -1_000]                           # 30,000 - 25,000 and 4,000 - 5,000
    assert sorted(everyone) == [-5_000, -1_000, 0, 5_000]
    assert rich.winners_profit(shade=0.8) == (10_000, 12_000)   # (15,000 + 5,000) / 2, (20,000 + 4,000) / 2
    with pytest.raises(OptionsError, match="between 0 and 1"):
        rich.curse_samples(shade=1.2)


def test_with_two_players_only_the_sold_piles_count_for_the_winners():
    # two players bid on four piles: each auction sells two, and the unsold ones have no winner
    study = S.study_piles(2, games=1, seed=3)
    winners, everyone = study.curse_samples()
    assert len(winners) == 2 * len(study.markets) and len(everyone) == 4 * 2 * len(study.markets)
    real, hoped = study.winners_profit()
    assert isinstance(real, float) and isinstance(hoped, float)
