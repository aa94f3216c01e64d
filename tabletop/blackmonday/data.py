"""Black Monday component data and the defaults this project adopts.

Facts from the Korean 2021 rulebook are plain constants. Everything the rulebook does not print
(which stock has which limit, how many copies of each card, shares per card) is marked
**assumed** and can be changed through the game options (see ``DEFAULT_OPTIONS`` and
``docs/black-monday.md``), so a user whose printed copy differs can match it.
"""
from __future__ import annotations

from ..i18n import N_, Term

#: the four stocks, from the calmest to the wildest, as message parameters: each language shows
#: its edition's name (the Korean ones are the Korean rulebook's)
# TRANSLATORS: the stocks' names. Korean: as the Korean edition prints them. Japanese: no Japanese
# edition; a katakana rendering of the English. Spanish: no Spanish edition; the English names.
STOCK_TERMS = (Term("blackmonday stock", "Chewy Poultry"),
               # TRANSLATORS: see "Chewy Poultry"
               Term("blackmonday stock", "Whip Burger"),
               # TRANSLATORS: see "Chewy Poultry"
               Term("blackmonday stock", "Gum Gum Mine"),
               # TRANSLATORS: see "Chewy Poultry"
               Term("blackmonday stock", "Tiki-Taka Tech"))
#: the stocks' names as data (actions, views, saves): always English
STOCKS = tuple(str(term) for term in STOCK_TERMS)

#: how far each stock may fall / rise with one price change, as (down, up).
#: **Assumed**: the limits of the original game, mapped to the stocks by the rulebook's remark that
#: Chewy Poultry and Whip Burger are calm and Gum Gum Mine and Tiki-Taka Tech are wild.
LIMITS = {
    "Chewy Poultry": (2, 3),
    "Whip Burger": (3, 4),
    "Gum Gum Mine": (4, 5),
    "Tiki-Taka Tech": (5, 6),
}

#: card values printed on the stock cards
VALUES = tuple(range(1, 14))
#: the highest value that can be a start price; higher cards are skipped when prices are set
START_PRICE_MAX = 10
#: cards that show "0$" instead of a number of shares and can crash a stock
CRASH_VALUES = (11, 12, 13)

#: copies of each stock card (4 stocks x 13 values x 2 = 104 cards). **Assumed** (original game).
COPIES = 2
#: shares bought with a card of value v laid sideways: v x 100 for $1-$10. **Assumed** (deck arithmetic).
SHARES_PER_VALUE = 100
#: shares of an $11-$13 card in the 500-share variant (rulebook variant)
VARIANT_SHARES = 500

STARTING_MONEY = 20_000
HAND_SIZE = 8
#: no player may hold more than this many shares of one stock
SHARE_CAP = 1_200
#: cards that may be laid sideways to buy shares in one turn
MAX_BUYS = 2
#: price changes allowed in one turn (the same stock twice is fine)
MAX_PRICE_CHANGES = 2
#: cards that may be exchanged in one turn (instead of trading and changing prices)
MAX_EXCHANGE = 4

#: every option and its default; every **assumed** rule choice can be overridden here
DEFAULT_OPTIONS = {
    # the rulebook's variant: $11-$13 cards also buy 500 shares when laid sideways
    "five_hundred_shares": False,
    # assumed component data
    "limits": {stock: list(limit) for stock, limit in LIMITS.items()},
    "copies": COPIES,
    "shares_per_value": SHARES_PER_VALUE,
    # assumed rule readings where the rulebook is silent
    "crash_within_limit": True,        # a crash card must lie within the stock's down/up limit
    "restart_counts_as_change": True,  # a new start price uses one of the 2 price changes
    "crash_counts_as_change": True,    # a crash uses one of the 2 price changes
    "allow_same_price": False,         # a "change" to the current price is refused
    "first_player": 0,                 # the seat that takes the first turn
}

#: every option in a player's words, one sentence each (the start page shows them)
OPTION_HELP = {
    "five_hundred_shares": N_("The rulebook's variant: an $11, $12 or $13 card laid sideways buys "
                              "500 shares instead of none."),
    "limits": N_("How far one price change may move each stock, in dollars down and up (as printed "
                 "on its ticker card)."),
    "copies": N_("How many copies of each stock card the deck holds (2 makes 104 cards)."),
    "shares_per_value": N_("How many shares each dollar of a $1-$10 card buys when it is laid "
                           "sideways (100: a $3 card is 300 shares)."),
    "crash_within_limit": N_("A crash card ($11-$13) may be played only if its value lies within the "
                             "stock's down and up limit from the current price."),
    "restart_counts_as_change": N_("Giving a crashed stock its new start price uses one of the turn's "
                                   "two price changes and ends trading; off, it is free at any time "
                                   "of the turn."),
    "crash_counts_as_change": N_("Crashing a stock uses one of the turn's two price changes and ends "
                                 "trading; off, a crash is free at any time of the turn."),
    "allow_same_price": N_("A price change may play a card equal to the current price, leaving the "
                           "price where it is."),
    "first_player": N_("Who takes the first turn (a round ends when the turn comes back to them)."),
}
