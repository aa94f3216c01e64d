"""Component data for 時価で勝負 ("Market Price Showdown"), a stock game for a standard deck.

Everything here is a plain fact about the components or a default the project chose; the
rules code reads only these names. Values the rules text fixes are marked "rule"; values
the text leaves to the table are marked "assumed" and can be changed through options.
"""
from __future__ import annotations

from tabletop.i18n import N_, Message, Term

#: rule: the four companies are the four suits (ordered as they are laid out on the table), as
#: message parameters: each language names them its own way (Japanese as the rulebook does)
# TRANSLATORS: the suits, which are the game's four companies; Japanese as the rulebook writes them
SUIT_TERMS: tuple[Term, ...] = (Term("jika term", "spades"), Term("jika term", "hearts"),
                                Term("jika term", "diamonds"), Term("jika term", "clubs"))
#: the suits' names as data (actions, views, saves): always English
SUITS: tuple[str, ...] = tuple(str(term) for term in SUIT_TERMS)
SUIT_SYMBOLS: dict[str, str] = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}

#: rule: the market deck is every 2 to 10 (36 cards); a card's number is its price
MARKET_VALUES: tuple[int, ...] = tuple(range(2, 11))
MARKET_CARDS: tuple[tuple[int, int], ...] = tuple(
    (s, v) for s in range(len(SUITS)) for v in MARKET_VALUES)

#: rule: each suit's ace starts on the table as its lower card, so every price starts at 1
START_PRICE = 1

#: rule: the share certificates and what each multiplies the final price by
#: (a queen and a king of the same suit therefore count the price three times)
CERTIFICATES: tuple[str, ...] = ("queen", "king")
MULTIPLIER: dict[str, int] = {"queen": 1, "king": 2}

#: rule: cards in hand (market cards only; the two certificates are held besides them)
HAND_SIZE: dict[int, int] = {3: 9, 4: 7}

#: rule: the watcher pile is the four jacks, one per suit
WATCHER_JACKS = len(SUITS)

#: the two slots of a suit's market: the upper card and the lower card (the ace at first)
# TRANSLATORS: the two places of a suit's market: "the upper card", "the lower card" (the rulebook's
# 上側 and 下側)
SLOT_TERMS: tuple[Term, ...] = (Term("jika term", "upper"), Term("jika term", "lower"))
SLOTS: tuple[str, ...] = tuple(str(term) for term in SLOT_TERMS)

#: assumed: the start player (the text lets the table choose: whoever traded shares most
#: recently, or the winner of rock-paper-scissors); seat 0 unless the options say otherwise
DEFAULT_FIRST_PLAYER = 0

# TRANSLATORS: the ranks of the cards with a name (the queen and king are the share certificates,
# the jacks the watcher's pile); as players call them at the table
RANK_TERMS: dict[int, Term] = {1: Term("jika term", "ace"), 11: Term("jika term", "jack"),
                               12: Term("jika term", "queen"), 13: Term("jika term", "king")}
RANK_NAMES: dict[int, str] = {value: str(term) for value, term in RANK_TERMS.items()}


_TERMS: dict[str, Term] = {str(t): t for t in (*SUIT_TERMS, *RANK_TERMS.values(), *SLOT_TERMS)}


def term(name):
    """A suit, rank or slot named in the data as a message parameter (anything else as it is)."""
    return _TERMS.get(name, name) if isinstance(name, str) else name


def _card_words(suit: int, value) -> Message:
    return Message(N_("{rank} of {suit}"), {"rank": RANK_TERMS.get(value, value),
                                            "suit": SUIT_TERMS[suit]})


# the printed cards' names, made once (a play names its card in case it is refused)
_CARD_NAMES = {(s, v): _card_words(s, v) for s in range(len(SUITS)) for v in range(1, 14)}


def card_name(suit: int, value: int) -> str:
    """'7 of hearts', 'ace of clubs' (words: each reader sees their language's)."""
    found = _CARD_NAMES.get((suit, value)) if type(value) is int else None
    return found if found is not None else _card_words(suit, value)


def card_label(suit: int, value: int) -> str:
    """Short form for views: '7♥', 'A♣'."""
    short = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(value, str(value))
    return f"{short}{SUIT_SYMBOLS[SUITS[suit]]}"

#: every option in a player's words, one sentence each (the start page shows them)
OPTION_HELP: dict[str, str] = {
    "first_player": N_("Who starts each round and keeps the joker in front of them (the rules: "
                       "whoever traded shares most recently, or the winner of "
                       "rock-paper-scissors)."),
    "hand_size": N_("How many market cards each player is dealt (the rules: 9 with 3 players, 7 "
                    "with 4); it is also the most rounds a game can last."),
}
