"""Acquire's announcements: what happens by itself when an entry is played, and its words.

The rules record each automatic consequence with ``state.announce(kind, **params)``; this module
lists the kinds (``EVENT_KINDS``) and turns an event into an English sentence (``describe``).
Params are plain values: seats as numbers, corporations and tiles by name, money in dollars.
Every event holds public facts only: a player's cash is never in one (bonuses follow from the
chart and the share counts announced at a merger; a sale is made in front of the table), and a
tile is named only once it lies face up (on the board or set aside).

    for event in match.events():
        print(match.state.describe_event(event))   # "Tower (7 tiles) takes over Luxor ..."
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..core import Event
from .data import Edition

__all__ = ["EVENT_KINDS", "describe"]

#: Every kind of event Acquire announces, with its meaning.
EVENT_KINDS = {
    "first_player": "the start tiles decided who plays first (seat, tile)",
    "founded": "a corporation was founded (seat, corporation, size, price, free_share)",
    "safe": "a corporation reached the safe size and can no longer be taken over (corporation, size)",
    "merger": "a merger's survivor is known (seat, tile, survivor, survivor_size, defunct, sizes, prices)",
    "bonuses": "a defunct corporation paid its shareholder bonuses, best place first (corporation, size, "
               "seats, shares, amounts, sole: one holder only); equal shares are a tie",
    "disposals": "every holder of a defunct corporation has sold, traded or kept (corporation, survivor, "
                 "price, seats, sold, traded, kept)",
    "merged": "a merger is over (survivor, size, price, defunct)",
    "no_tile_to_place": "a player holds no tile that can be placed and goes on to buying (seat)",
    "set_aside": "unplayable tiles were laid aside face up at the end of a turn (seat, tiles, replaced)",
    "end_declared": "a player declared the end of the game (seat, corporation, size, all_safe)",
    "final_bonuses": "at the end, an active corporation paid its bonuses (as for bonuses)",
    "final_sale": "at the end, a corporation's shares were sold back to the bank (corporation, price, "
                  "seats, shares)",
    "game_over": "the game is over (reason, seat, seats, scores, winners): seats ranked by score",
}


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def _and(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _count(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def describe(event: Event, name: Callable[[int], str], edition: Edition) -> str:
    """``event`` as a sentence; ``name`` gives a seat's name; the ``edition`` names the bonus
    places (primary, secondary, tertiary; or majority, minority)."""
    words = _WORDS.get(event.kind)
    if words is None:
        return event.kind.replace("_", " ").capitalize()
    return words(dict(event.params), name, edition)


def _first_player(p, name, _edition) -> str:
    # (not "nearest to 1A": a tile label in the words would look like a secret on a screen)
    return f"{name(p['seat'])} plays first: {p['tile']} is the start tile nearest the top-left corner"


def _founded(p, name, _edition) -> str:
    share = ("takes the founder's free share" if p["free_share"]
             else "gets no free share: none is left")
    return (f"{name(p['seat'])} founds {p['corporation']} ({_count(p['size'], 'tile')}, "
            f"{money(p['price'])} a share) and {share}")


def _safe(p, _name, _edition) -> str:
    return (f"{p['corporation']} is safe with {_count(p['size'], 'tile')}: "
            f"it can no longer be taken over")


def _merger(p, _name, _edition) -> str:
    defunct = list(zip(p["defunct"], p["sizes"], p["prices"]))
    head = f"{p['survivor']} ({_count(p['survivor_size'], 'tile')}) takes over "
    if len(defunct) == 1:
        corp, size, price = defunct[0]
        return head + f"{corp} ({_count(size, 'tile')}) at {money(price)} a share"
    return head + _and(f"{corp} ({_count(size, 'tile')}, {money(price)} a share)"
                       for corp, size, price in defunct)


def _place_words(places: Sequence[int], tied: int, sole: bool, bonus_names: Sequence[str]) -> str:
    names = [bonus_names[i] if i < len(bonus_names) else f"bonus {i + 1}" for i in places]
    if sole:
        return f"sole holder: {_and(names)}"
    return f"tied for {names[0]}" if tied > 1 else names[0]


def _paid(p, name, edition: Edition) -> str:
    """Each payee with the amount and the place, tied holders together ("Liz and Charlie $6,000
    each (tied for primary)"). Payees come best place first, and the holders ranked above a
    payee are payees too, so the places follow from the share counts."""
    shares, n_places = p["shares"], len(edition.bonus_names)
    groups: list[list] = []
    for s, k, amount in zip(p["seats"], shares, p["amounts"]):
        if groups and groups[-1][1] == k:
            groups[-1][0].append(name(s))
        else:
            groups.append([[name(s)], k, amount])
    out = []
    for who, k, amount in groups:
        if p["sole"]:
            places = [i for i in edition.sole_holder if i < n_places]
        else:
            first = sum(1 for other in shares if other > k)
            places = list(range(first, min(first + len(who), n_places)))
        place = _place_words(places, len(who), p["sole"], edition.bonus_names)
        out.append(f"{_and(who)} {money(amount)}{' each' if len(who) > 1 else ''} ({place})")
    return ", ".join(out)


def _bonuses(p, name, edition) -> str:
    if not p["seats"]:
        return f"Nobody holds {p['corporation']} shares: no bonuses are paid"
    return f"{p['corporation']}'s bonuses: " + _paid(p, name, edition)


def _final_bonuses(p, name, edition) -> str:
    head = f"Final bonuses of {p['corporation']} ({_count(p['size'], 'tile')})"
    if not p["seats"]:
        return head + ": nobody holds its shares"
    return head + ": " + _paid(p, name, edition)


def _disposals(p, name, _edition) -> str:
    price, survivor = p["price"], p["survivor"]
    holders = []
    for s, sold, traded, kept in zip(p["seats"], p["sold"], p["traded"], p["kept"]):
        did = []
        if sold:
            did.append(f"sold {sold} for {money(sold * price)}")
        if traded:
            did.append(f"traded {traded} for {traded // 2} {survivor}")
        if kept:
            did.append(f"kept {kept}")
        holders.append(f"{name(s)} {_and(did)}")
    return f"{p['corporation']} shares: " + "; ".join(holders)


def _merged(p, _name, _edition) -> str:
    gone = p["defunct"]
    return (f"The merger is over: {p['survivor']} has {_count(p['size'], 'tile')} at "
            f"{money(p['price'])} a share; {_and(gone)} {'leaves' if len(gone) == 1 else 'leave'} "
            f"the board")


def _no_tile(p, name, _edition) -> str:
    return f"{name(p['seat'])} holds no tile that can be placed and goes on to buying"


def _set_aside(p, name, _edition) -> str:
    tiles, replaced = p["tiles"], p["replaced"]
    # (not the rack's own words, "would merge safe corporations": a screen test takes those
    # for a secret from a private panel)
    each = "it touches" if len(tiles) == 1 else "each touches"
    text = f"{name(p['seat'])} sets aside {_and(tiles)} face up (unplayable: {each} two safe corporations)"
    if replaced == len(tiles):
        return text + f" and draws {'a new tile' if replaced == 1 else f'{replaced} new tiles'}"
    if replaced:
        return text + f" and draws {_count(replaced, 'new tile')}: no more are left"
    return text + "; no tile is left to replace " + ("it" if len(tiles) == 1 else "them")


def _end_declared(p, name, _edition) -> str:
    who = name(p["seat"])
    why = (f"{p['corporation']} has {_count(p['size'], 'tile')}" if p["corporation"]
           else "every corporation on the board is safe")
    return f"{who} declares the end of the game ({why}); {who} finishes the turn, then the game is scored"


def _final_sale(p, name, _edition) -> str:
    corp, price = p["corporation"], p["price"]
    holders = list(zip(p["seats"], p["shares"]))
    if not price:
        return (f"{corp} is not on the board, so its shares are worthless: "
                + ", ".join(f"{name(s)} {k}" for s, k in holders))
    return (f"{corp} shares are sold back at {money(price)}: "
            + ", ".join(f"{name(s)} {k} for {money(k * price)}" for s, k in holders))


def _game_over(p, name, _edition) -> str:
    why = (f"{name(p['seat'])} declared the end" if p["reason"] == "declared"
           else "nobody could place a tile")
    scores = ", ".join(f"{name(s)} {money(v)}" for s, v in zip(p["seats"], p["scores"]))
    winners = [name(s) for s in p["winners"]]
    won = f"{winners[0]} wins" if len(winners) == 1 else f"{_and(winners)} share the win"
    return f"Game over ({why}): {scores}; {won}"


_WORDS = {
    "first_player": _first_player, "founded": _founded, "safe": _safe, "merger": _merger,
    "bonuses": _bonuses, "disposals": _disposals, "merged": _merged, "no_tile_to_place": _no_tile,
    "set_aside": _set_aside, "end_declared": _end_declared, "final_bonuses": _final_bonuses,
    "final_sale": _final_sale, "game_over": _game_over,
}
assert set(_WORDS) == set(EVENT_KINDS)
