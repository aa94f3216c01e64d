"""Helpers to write 時価で勝負 games as short scripts: deal these hands, turn up these jacks,
play these cards. Cards are written as on the table: "7♦", "10♣", "2♥", "9♠"; a move is
"Alice: 7♦ upper", "Bob: 2♥ lower" or "Carol: pass"."""
from __future__ import annotations

from tabletop import Match
from tabletop.jika import DealCard, DealCertificate, Pass, PlayCard, RevealWatcher
from tabletop.testing import snapshot

SYMBOL = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
PLAYERS3 = ("Alice", "Bob", "Carol")
PLAYERS4 = ("Alice", "Bob", "Carol", "Dave")


def card(text: str) -> tuple[str, int]:
    """'7♦' -> ('diamonds', 7)."""
    return SYMBOL[text[-1]], int(text[:-1])


def suit(text: str) -> str:
    return SYMBOL.get(text, text)


def deal(match: Match, certs, hands) -> None:
    """Deal in the engine's order: for each seat from the start player, its queen, its king,
    then its market cards. ``certs[seat]`` is (queen suit, king suit); ``hands[seat]`` cards."""
    for seat in match.state.order:
        queen, king = certs[seat]
        match.apply(DealCertificate(seat, "queen", suit(queen)))
        match.apply(DealCertificate(seat, "king", suit(king)))
        for c in hands[seat]:
            match.apply(DealCard(seat, *card(c)))


def action(match: Match, text: str):
    """The action a move's text stands for: 'Alice: 7♦ upper' or 'Alice: pass'."""
    who, _, what = text.partition(": ")
    seat = match.game.players.index(who)
    if what == "pass":
        return Pass(seat)
    c, slot = what.split()
    return PlayCard(seat, *card(c), slot)


def move(match: Match, text: str) -> None:
    a = action(match, text)
    assert match.current_player() == a.seat, f"{text}: it is seat {match.current_player()}'s turn"
    match.apply(a)


def reveal(match: Match, jack: str) -> None:
    match.apply(RevealWatcher(suit(jack)))


def play_rounds(match: Match, rounds) -> None:
    """``rounds``: [(watcher suit, [move, ...]), ...], the moves in turn order."""
    for watcher, moves in rounds:
        reveal(match, watcher)
        for text in moves:
            move(match, text)


def hands_from(players, rounds, leftovers=None):
    """Each player's hand: the cards their moves play, plus ``leftovers`` (cards never played)."""
    hands = {p: [] for p in players}
    for _, moves in rounds:
        for text in moves:
            who, _, what = text.partition(": ")
            if what != "pass":
                hands[who].append(what.split()[0])
    for who, cards in (leftovers or {}).items():
        hands[who].extend(cards)
    return [hands[p] for p in players]


def scripted_game(players, certs, rounds, options=None, leftovers=None, play=None) -> Match:
    """A match dealt exactly the cards the script plays (plus ``leftovers``), then played for
    the first ``play`` rounds (all of them by default)."""
    options = dict(options or {})
    n_cards = len(hands_from(players, rounds, leftovers)[0])
    options.setdefault("hand_size", n_cards)
    match = Match("jika", players, options, seed=0)
    deal(match, certs, hands_from(players, rounds, leftovers))
    play_rounds(match, rounds if play is None else rounds[:play])
    return match


def unchanged(match: Match):
    """A fingerprint of everything about a match, to show a refusal changed nothing."""
    return snapshot(match), len(match), match.to_json()
