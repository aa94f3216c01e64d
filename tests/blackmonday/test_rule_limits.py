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


@pytest.mark.parametrize("stock", list(LIMITS))
def test_after_both_price_changes_a_free_crash_still_keeps_to_the_limit(stock):
    """With crashes not counted as a price change (an option), a crash may follow the turn's two
    changes, but its card must still lie within the stock's limit."""
    up = LIMITS[stock][1]
    others = [s for s in LIMITS if s != stock]

    def after_two_changes(price: int):
        hand = [f"{CODE[stock]}11", f"{CODE[others[0]]}9", f"{CODE[others[1]]}9"]
        hand += [f"{CODE[others[2]]}{v}" for v in (2, 3, 4, 5, 6)]
        starts = " ".join(f"{CODE[s]}{price if s == stock else 10}" for s in LIMITS)
        m = new_match(hands=(" ".join(hand), BOB), starts=starts,
                      options={"crash_counts_as_change": False})
        m.apply(ChangePrice(0, others[0], 9))
        m.apply(ChangePrice(0, others[1], 9))
        return m

    near = after_two_changes(11 - up)                     # $11 is exactly the limit above
    assert CrashStock(0, stock, 11) in near.legal_actions()
    near.apply(CrashStock(0, stock, 11))
    assert near.view(None)["stocks"][stock] == 0
    far = after_two_changes(10 - up)                      # one dollar beyond
    assert CrashStock(0, stock, 11) not in far.legal_actions()
    with pytest.raises(IllegalAction):
        far.apply(CrashStock(0, stock, 11))


@pytest.mark.parametrize("stock", list(LIMITS))
def test_after_both_price_changes_a_free_crash_may_lie_below_the_price(stock):
    """The crash card may also lie below the price, within the fall limit: a stock raised to $12
    crashes with the $11 card after the turn's second change (crashes not counted as a change)."""
    other = next(s for s in LIMITS if s != stock)
    rest = [s for s in LIMITS if s not in (stock, other)]
    hand = [f"{CODE[stock]}12", f"{CODE[stock]}11", f"{CODE[other]}9"]
    hand += [f"{CODE[s]}{v}" for s in rest for v in (2, 3, 4)][:5]
    starts = " ".join(f"{CODE[s]}10" for s in LIMITS)
    m = new_match(hands=(" ".join(hand), BOB), starts=starts, options={"crash_counts_as_change": False})
    m.apply(ChangePrice(0, stock, 12))
    m.apply(ChangePrice(0, other, 9))
    assert CrashStock(0, stock, 11) in m.legal_actions()
    m.apply(CrashStock(0, stock, 11))
    assert m.view(None)["stocks"][stock] == 0


def test_a_delisted_stock_cannot_be_crashed_again():
    hand = ["CP11", "CP13"] + [f"{CODE[s]}{v}" for s in (WB, GG) for v in (2, 3, 4)]
    m = new_match(hands=(" ".join(hand), BOB), starts="CP10 WB10 GG10 TT10")
    m.apply(CrashStock(0, CP, 11))
    assert m.view(None)["stocks"][CP] == 0
    with pytest.raises(IllegalAction) as refusal:
        m.apply(CrashStock(0, CP, 13))
    assert str(refusal.value) == f"Alice cannot crash {CP}: it is already at $0 (delisted)."
