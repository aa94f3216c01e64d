"""Each stock's price-change limit, exactly at its edge (issue 20: a limit one dollar too high went
unnoticed). The limits are typed from the rules reference (RULES-DATA.md, section 3): Chewy
Poultry -2/+3, Whip Burger -3/+4, Gum Gum Mine -4/+5, Tiki-Taka Tech -5/+6. For every limit: the
last legal value is accepted, one dollar beyond is refused and changes nothing; a crash card
($11-$13 laid sideways) must lie within the same limit."""
import pytest

from tabletop.blackmonday import ChangePrice, CrashStock
from tabletop.errors import IllegalAction

from .helpers import CP, GG, TT, WB, new_match, refused

LIMITS = {CP: (2, 3), WB: (3, 4), GG: (4, 5), TT: (5, 6)}
CODE = {CP: "CP", WB: "WB", GG: "GG", TT: "TT"}
# Bob's hand and the start prices of the other stocks stay out of the way
BOB = "CP1 WB1 GG1 TT1 CP13 WB13 GG13 TT13"


def table(stock: str, price: int, alice: list[int]):
    """Alice to play, holding ``alice`` (values of ``stock``, then fillers); ``stock`` at ``price``."""
    filler = [f"{CODE[s]}{v}" for v in (2, 3, 4) for s in LIMITS if s != stock]
    hand = [f"{CODE[stock]}{v}" for v in alice] + filler[:8 - len(alice)]
    starts = " ".join(f"{CODE[s]}{price if s == stock else 10}" for s in LIMITS)
    return new_match(hands=(" ".join(hand), BOB), starts=starts)


def limit_words(stock: str) -> str:
    down, up = LIMITS[stock]
    return f"{stock} may move at most ${down} down or ${up} up at a time"


@pytest.mark.parametrize("stock", list(LIMITS))
def test_a_rise_of_exactly_the_limit_is_legal_and_one_dollar_more_is_refused(stock):
    up = LIMITS[stock][1]
    price = 5
    m = table(stock, price, [price + up, price + up + 1])
    legal = m.legal_actions()
    assert ChangePrice(0, stock, price + up) in legal and ChangePrice(0, stock, price + up + 1) not in legal
    refused(m, ChangePrice(0, stock, price + up + 1), IllegalAction,
            f"Alice cannot move {stock} from ${price} to ${price + up + 1}: {limit_words(stock)}.")
    m.apply(ChangePrice(0, stock, price + up))
    assert m.view(None)["stocks"][stock] == price + up


@pytest.mark.parametrize("stock", list(LIMITS))
def test_a_fall_of_exactly_the_limit_is_legal_and_one_dollar_more_is_refused(stock):
    down = LIMITS[stock][0]
    price = 8
    m = table(stock, price, [price - down, price - down - 1])
    legal = m.legal_actions()
    assert ChangePrice(0, stock, price - down) in legal and ChangePrice(0, stock, price - down - 1) not in legal
    refused(m, ChangePrice(0, stock, price - down - 1), IllegalAction,
            f"Alice cannot move {stock} from ${price} to ${price - down - 1}: {limit_words(stock)}.")
    m.apply(ChangePrice(0, stock, price - down))
    assert m.view(None)["stocks"][stock] == price - down


@pytest.mark.parametrize("stock", list(LIMITS))
def test_a_crash_card_must_lie_within_the_rise_limit(stock):
    up = LIMITS[stock][1]
    near = table(stock, 11 - up, [11])                   # $11 is exactly the limit above
    assert CrashStock(0, stock, 11) in near.legal_actions()
    near.apply(CrashStock(0, stock, 11))
    assert near.view(None)["stocks"][stock] == 0
    far = table(stock, 10 - up, [11])                    # one dollar beyond
    assert CrashStock(0, stock, 11) not in far.legal_actions()
    refused(far, CrashStock(0, stock, 11), IllegalAction,
            f"Alice cannot crash {stock} at ${10 - up} with the $11 card: the crash card must lie "
            f"within the limit ({limit_words(stock)}).")
