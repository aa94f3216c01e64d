"""Acquire's announcements: what happens by itself when an entry is played, and its words.

The rules record each automatic consequence with ``state.announce(kind, **params)``; this module
lists the kinds (``EVENT_KINDS``) and turns an event into a sentence (``describe``) in the
language current when it is read. Params are plain values: seats as numbers, corporations and
tiles by name, money in dollars. Every event holds public facts only: a player's cash is never
in one (bonuses follow from the chart and the share counts announced at a merger; a sale is made
in front of the table), and a tile is named only once it lies face up (on the board or set aside).

    for event in match.events():
        print(match.state.describe_event(event))   # "Tower (7 tiles) takes over Luxor ..."

The words of refusals are kept as data until they are read: ``later.tr``/``later.trn`` and
``Names`` make parameters that render in the reader's language (see ``tabletop.i18n``).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from ..core import Event
from ..i18n import Message, Money, N_, Term, language, pgettext, tr, trn
from .data import Edition

__all__ = ["EVENT_KINDS", "describe", "CORPORATION", "corporation", "Names", "later", "and_list",
           "tiles"]

#: the message context of corporation names (each edition's names, per language)
CORPORATION = "acquire corporation"

#: Every kind of event Acquire announces, with its meaning.
EVENT_KINDS = {
    "first_player": N_("the start tiles decided who plays first (seat, tile)"),
    "founded": N_("a corporation was founded (seat, corporation, size, price, free_share)"),
    "safe": N_("a corporation reached the safe size and can no longer be taken over (corporation, size)"),
    "merger": N_("a merger's survivor is known (seat, tile, survivor, survivor_size, defunct, sizes, prices)"),
    "bonuses": N_("a defunct corporation paid its shareholder bonuses, best place first (corporation, size, "
                  "seats, shares, amounts, sole: one holder only); equal shares are a tie"),
    "disposals": N_("every holder of a defunct corporation has sold, traded or kept (corporation, survivor, "
                    "price, seats, sold, traded, kept)"),
    "merged": N_("a merger is over (survivor, size, price, defunct)"),
    "no_tile_to_place": N_("a player holds no tile that can be placed and goes on to buying (seat)"),
    "set_aside": N_("unplayable tiles were laid aside face up at the end of a turn (seat, tiles, replaced)"),
    "end_declared": N_("a player declared the end of the game (seat, corporation, size, all_safe)"),
    "final_bonuses": N_("at the end, an active corporation paid its bonuses (as for bonuses)"),
    "final_sale": N_("at the end, a corporation's shares were sold back to the bank (corporation, price, "
                     "seats, shares)"),
    "game_over": N_("the game is over (reason, seat, seats, scores, winners): seats ranked by score"),
}

# The corporations' names as each language prints them (the catalogs hold the translations;
# these calls only mark the names for extraction, so the context is written out in each).
# TRANSLATORS: the 2016 edition's corporations. The Korean rulebook names Etch (에치) and Bolt
# (볼트); the other five are written the same way, as sound. Japanese: katakana by sound, ours.
# Spanish: the brand names stay as printed.
_NAMES_2016 = (Term("acquire corporation", "Etch"), Term("acquire corporation", "Rove"),
               Term("acquire corporation", "Fleet"), Term("acquire corporation", "Nestor"),
               Term("acquire corporation", "Spark"), Term("acquire corporation", "Bolt"),
               Term("acquire corporation", "Echo"))
# TRANSLATORS: the classic edition's corporations (hotel chains); no rulebook of ours names them
# in Korean or Japanese, so they are written by sound; Spanish keeps the brand names.
_NAMES_CLASSIC = (Term("acquire corporation", "Tower"), Term("acquire corporation", "Luxor"),
                  Term("acquire corporation", "American"), Term("acquire corporation", "Worldwide"),
                  Term("acquire corporation", "Festival"), Term("acquire corporation", "Imperial"),
                  Term("acquire corporation", "Continental"))
# TRANSLATORS: the bonus places: 2016 edition (the Korean rulebook's 주요, 차원, 삼차) and the
# classic edition's majority and minority
_PLACES = (Term("acquire bonus", "primary"), Term("acquire bonus", "secondary"),
           Term("acquire bonus", "tertiary"), Term("acquire bonus", "majority"),
           Term("acquire bonus", "minority"))


def corporation(name: Any) -> Term:
    """A corporation's name as a parameter (its edition's name in each language)."""
    return Term(CORPORATION, str(name))


def _shown(value: Any) -> str:
    if isinstance(value, Term):
        return value.translated()
    if isinstance(value, Message):
        return value.render()
    return str(value)


def and_list(words: Iterable[Any]) -> str:
    """"A", "A and B", "A, B and C" in the current language (names shown per language)."""
    words = [_shown(w) for w in words]
    if len(words) <= 1:
        return "".join(words)
    return (pgettext("acquire list", ", ").join(words[:-1]) + pgettext("acquire list", " and ")
            + words[-1])


def tiles(k: int) -> str:
    """"1 tile", "5 tiles" in the current language."""
    return trn("{n} tile", "{n} tiles", k)


class Names(Message):
    """Names joined ("Etch, Rove and Bolt") as a parameter of a refusal: joined in the language
    the refusal is read in."""

    def __new__(cls, items: Sequence[Any]):
        items = tuple(items)
        with language("en"):
            english = and_list(items)
        self = str.__new__(cls, english)
        self.template, self.params, self.items = english, {}, items
        return self

    def render(self, lang: str | None = None) -> str:
        if lang:
            with language(lang):
                return and_list(self.items)
        return and_list(self.items)


class _Counted(Message):
    """A counted phrase as a parameter ("3 Bolt shares"): its plural form chosen in the
    language it is read in."""

    def __new__(cls, singular: str, plural: str, n: int, params: dict):
        with language("en"):
            english = trn(singular, plural, n, **params)
        self = str.__new__(cls, english)
        self.template, self.plural, self.n, self.params = singular, plural, n, params
        return self

    def render(self, lang: str | None = None) -> str:
        if lang:
            with language(lang):
                return trn(self.template, self.plural, self.n, **self.params)
        return trn(self.template, self.plural, self.n, **self.params)


class _Later:
    """``later.tr(...)``/``later.trn(...)``: words kept as data (a message id and parameters) to
    be rendered when read, for the parameters of a refusal (extracted like ``tr``/``trn``)."""

    @staticmethod
    def tr(template: str, **params: Any) -> Message:
        return Message(template, params)

    @staticmethod
    def trn(singular: str, plural: str, n: int, **params: Any) -> Message:
        return _Counted(singular, plural, n, params)


later = _Later()


def describe(event: Event, name: Callable[[int], str], edition: Edition) -> str:
    """``event`` as a sentence; ``name`` gives a seat's name; the ``edition`` names the bonus
    places (primary, secondary, tertiary; or majority, minority)."""
    words = _WORDS.get(event.kind)
    if words is None:
        return event.kind.replace("_", " ").capitalize()
    return words(dict(event.params), name, edition)


def _first_player(p, name, _edition) -> str:
    # (not "nearest to 1A": a tile label in the words would look like a secret on a screen)
    return tr("{player} plays first: {tile} is the start tile nearest the top-left corner",
              player=name(p["seat"]), tile=p["tile"])


def _founded(p, name, _edition) -> str:
    params = dict(player=name(p["seat"]), corporation=corporation(p["corporation"]),
                  tiles=tiles(p["size"]), price=Money(p["price"]))
    if p["free_share"]:
        return tr("{player} founds {corporation} ({tiles}, {price} a share) and takes the "
                  "founder's free share", **params)
    return tr("{player} founds {corporation} ({tiles}, {price} a share) and gets no free share: "
              "none is left", **params)


def _safe(p, _name, _edition) -> str:
    return tr("{corporation} is safe with {tiles}: it can no longer be taken over",
              corporation=corporation(p["corporation"]), tiles=tiles(p["size"]))


def _merger(p, _name, _edition) -> str:
    defunct = list(zip(p["defunct"], p["sizes"], p["prices"]))
    survivor = corporation(p["survivor"])
    if len(defunct) == 1:
        corp, size, price = defunct[0]
        return tr("{survivor} ({survivor_tiles}) takes over {defunct} ({tiles}) at {price} a share",
                  survivor=survivor, survivor_tiles=tiles(p["survivor_size"]),
                  defunct=corporation(corp), tiles=tiles(size), price=Money(price))
    each = [tr("{corporation} ({tiles}, {price} a share)", corporation=corporation(corp),
               tiles=tiles(size), price=Money(price)) for corp, size, price in defunct]
    return tr("{survivor} ({survivor_tiles}) takes over {defunct}", survivor=survivor,
              survivor_tiles=tiles(p["survivor_size"]), defunct=and_list(each))


def _place_words(places: Sequence[int], tied: int, sole: bool, bonus_names: Sequence[str]) -> str:
    names = [pgettext("acquire bonus", bonus_names[i]) if i < len(bonus_names)
             else tr("bonus {n}", n=i + 1) for i in places]
    if sole:
        return tr("sole holder: {places}", places=and_list(names))
    return tr("tied for {place}", place=names[0]) if tied > 1 else names[0]


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
        if len(who) > 1:
            out.append(tr("{payees} {amount} each ({place})", payees=and_list(who),
                          amount=Money(amount), place=place))
        else:
            out.append(tr("{payee} {amount} ({place})", payee=who[0], amount=Money(amount),
                          place=place))
    return pgettext("acquire list", ", ").join(out)


def _bonuses(p, name, edition) -> str:
    corp = corporation(p["corporation"])
    if not p["seats"]:
        return tr("Nobody holds {corporation} shares: no bonuses are paid", corporation=corp)
    return tr("{corporation}'s bonuses: {payees}", corporation=corp, payees=_paid(p, name, edition))


def _final_bonuses(p, name, edition) -> str:
    corp, size = corporation(p["corporation"]), tiles(p["size"])
    if not p["seats"]:
        return tr("Final bonuses of {corporation} ({tiles}): nobody holds its shares",
                  corporation=corp, tiles=size)
    return tr("Final bonuses of {corporation} ({tiles}): {payees}", corporation=corp, tiles=size,
              payees=_paid(p, name, edition))


def _disposals(p, name, _edition) -> str:
    price, survivor = p["price"], corporation(p["survivor"])
    holders = []
    for s, sold, traded, kept in zip(p["seats"], p["sold"], p["traded"], p["kept"]):
        did = []
        if sold:
            did.append(tr("sold {n} for {money}", n=sold, money=Money(sold * price)))
        if traded:
            did.append(tr("traded {n} for {got} {survivor}", n=traded, got=traded // 2,
                          survivor=survivor))
        if kept:
            did.append(tr("kept {n}", n=kept))
        holders.append(tr("{holder} {did}", holder=name(s), did=and_list(did)))
    return tr("{corporation} shares: {holders}", corporation=corporation(p["corporation"]),
              holders=pgettext("acquire list", "; ").join(holders))


def _merged(p, _name, _edition) -> str:
    gone = p["defunct"]
    return trn("The merger is over: {survivor} has {tiles} at {price} a share; {defunct} leaves "
               "the board",
               "The merger is over: {survivor} has {tiles} at {price} a share; {defunct} leave "
               "the board", len(gone),
               survivor=corporation(p["survivor"]), tiles=tiles(p["size"]), price=Money(p["price"]),
               defunct=and_list(map(corporation, gone)))


def _no_tile(p, name, _edition) -> str:
    return tr("{player} holds no tile that can be placed and goes on to buying",
              player=name(p["seat"]))


def _set_aside(p, name, _edition) -> str:
    labels, replaced = p["tiles"], p["replaced"]
    # (not the rack's own words, "would merge safe corporations": a screen test takes those
    # for a secret from a private panel)
    params = dict(player=name(p["seat"]), tiles=and_list(labels),
                  why=trn("unplayable: it touches two safe corporations",
                          "unplayable: each touches two safe corporations", len(labels)))
    if replaced == len(labels):
        return trn("{player} sets aside {tiles} face up ({why}) and draws a new tile",
                   "{player} sets aside {tiles} face up ({why}) and draws {n} new tiles",
                   replaced, **params)
    if replaced:
        return trn("{player} sets aside {tiles} face up ({why}) and draws {n} new tile: no more "
                   "are left",
                   "{player} sets aside {tiles} face up ({why}) and draws {n} new tiles: no more "
                   "are left", replaced, **params)
    return trn("{player} sets aside {tiles} face up ({why}); no tile is left to replace it",
               "{player} sets aside {tiles} face up ({why}); no tile is left to replace them",
               len(labels), **params)


def _end_declared(p, name, _edition) -> str:
    if p["corporation"]:
        why = tr("{corporation} has {tiles}", corporation=corporation(p["corporation"]),
                 tiles=tiles(p["size"]))
    else:
        why = tr("every corporation on the board is safe")
    return tr("{player} declares the end of the game ({why}); {player} finishes the turn, then "
              "the game is scored", player=name(p["seat"]), why=why)


def _final_sale(p, name, _edition) -> str:
    corp, price = corporation(p["corporation"]), p["price"]
    holders = list(zip(p["seats"], p["shares"]))
    comma = pgettext("acquire list", ", ")
    if not price:
        worthless = comma.join(tr("{holder} {n}", holder=name(s), n=k) for s, k in holders)
        return tr("{corporation} is not on the board, so its shares are worthless: {holders}",
                  corporation=corp, holders=worthless)
    sold = comma.join(tr("{holder} {n} for {money}", holder=name(s), n=k, money=Money(k * price))
                      for s, k in holders)
    return tr("{corporation} shares are sold back at {price}: {holders}", corporation=corp,
              price=Money(price), holders=sold)


def _game_over(p, name, _edition) -> str:
    why = (tr("{player} declared the end", player=name(p["seat"])) if p["reason"] == "declared"
           else tr("nobody could place a tile"))
    scores = pgettext("acquire list", ", ").join(
        tr("{player} {score}", player=name(s), score=Money(v)) for s, v in zip(p["seats"], p["scores"]))
    winners = [name(s) for s in p["winners"]]
    won = (tr("{player} wins", player=winners[0]) if len(winners) == 1
           else tr("{players} share the win", players=and_list(winners)))
    return tr("Game over ({why}): {scores}; {won}", why=why, scores=scores, won=won)


_WORDS = {
    "first_player": _first_player, "founded": _founded, "safe": _safe, "merger": _merger,
    "bonuses": _bonuses, "disposals": _disposals, "merged": _merged, "no_tile_to_place": _no_tile,
    "set_aside": _set_aside, "end_declared": _end_declared, "final_bonuses": _final_bonuses,
    "final_sale": _final_sale, "game_over": _game_over,
}
assert set(_WORDS) == set(EVENT_KINDS)
