"""時価で勝負: starting from the table as it is (``Position``, then each player's certificates and
hand), and ``Correction`` of a market card. A mixin of ``JikaState``; it imports nothing of the
rules module.

A position is the table between two rounds: the market (each suit's upper and lower card), how
many cards each player holds, who has passed, and the watcher's face-up jacks. Each player then
enters their queen, their king and their market cards, in turn order from the start player.
"""
from __future__ import annotations

from tabletop.core import Correction
from tabletop.errors import IllegalAction
from tabletop.i18n import _, pgettext, tr

from . import data
from .actions import DealCard, DealCertificate
from .actions import Position as PositionAction
from .data import RANK_TERMS, SUIT_TERMS, SUITS, card_name, term

__all__ = ["PositionRules", "CORRECTION_KINDS"]

#: a correction sets one visible market card: subject "<suit> upper" or "<suit> lower"
CORRECTION_KINDS = ("square",)


class PositionRules:
    """Position and Correction for ``JikaState``."""

    def _fresh(self) -> bool:
        return self.phase == "deal" and self.deal_step == 0 and self.deal_plan is None

    def _checked_position(self, a) -> dict:
        n = self.n
        if type(a.round) is not int or a.round < 1:
            raise IllegalAction("The round is a whole number, 1 or more; not {round}.",
                                round=repr(a.round))
        upper: list = [None] * len(SUITS)
        lower: list = [None] * len(SUITS)
        shown_cards: list[tuple[int, int]] = []
        for suit, up, low in a.market:
            s = self._suit_field(suit)
            if lower[s] is not None:
                raise IllegalAction("The position gives the {suit} market twice.", suit=SUIT_TERMS[s])
            if up is not None:
                shown_cards.append((s, self._market_value_field(s, up)))
            if low != data.START_PRICE:
                shown_cards.append((s, self._market_value_field(s, low)))
                if up is None:
                    raise IllegalAction("The ace of {suit} is covered by the {value} but no upper "
                                        "card shows: the first card of a suit goes above the ace.",
                                        suit=SUIT_TERMS[s], value=low)
            upper[s], lower[s] = up, low
        if None in lower:
            missing = [SUITS[s] for s in range(len(SUITS)) if lower[s] is None]
            raise IllegalAction("The position must give every suit's market; missing: {missing}.",
                                missing=", ".join(missing))
        covered = []
        for suit, value in a.covered:
            s = self._suit_field(suit)
            covered.append((s, self._market_value_field(s, value)))
        on_table = shown_cards + covered
        twice = {c for c in on_table if on_table.count(c) > 1}
        if twice:
            raise IllegalAction("The {card} cannot be on the table twice.", card=card_name(*min(twice)))
        if len(a.hands) != n:
            raise IllegalAction("The position gives hands for {given} players; this match has "
                                "{players}.", given=len(a.hands), players=n)
        for seat, k in enumerate(a.hands):
            if not 0 <= k <= self.hand_size:
                raise IllegalAction("{player} cannot hold {n} market cards: a hand holds 0 to "
                                    "{most}.", player=self.name(seat), n=k, most=self.hand_size)
        if sum(a.hands) + len(on_table) > len(data.MARKET_CARDS):
            raise IllegalAction("The hands hold {held} cards and {shown} are on the table: more than "
                                "the {cards} market cards.", held=sum(a.hands), shown=len(on_table),
                                cards=len(data.MARKET_CARDS))
        passed = list(a.passed) if a.passed else [False] * n
        if len(passed) != n:
            raise IllegalAction("The position says who passed for {given} players; this match has "
                                "{players}.", given=len(passed), players=n)
        if all(passed[s] or not a.hands[s] for s in range(n)):
            raise IllegalAction("Every player has passed or played every card: that game is over.")
        shown = [self._suit_field(s) for s in a.watchers_shown]
        if len(set(shown)) != len(shown) or len(shown) >= len(SUITS):
            raise IllegalAction("The watcher's face-up jacks are different suits, at most three "
                                "(after the fourth the jacks are shuffled into a new pile).")
        return {"upper": upper, "lower": lower, "on_table": on_table, "passed": passed, "shown": shown}

    def _apply_position(self, a) -> None:
        if not self._fresh():
            raise IllegalAction("A position can only be the first entry of a match; start a new "
                                "match from the table as it is.")
        p = self._checked_position(a)
        self.payments, self.value_marks, self.events = [], [], []
        self.upper, self.lower = p["upper"], p["lower"]
        self.plays = []
        self.known_played = p["on_table"]
        self.undealt = [c for c in data.MARKET_CARDS if c not in p["on_table"]]
        for s in range(len(SUITS)):
            self.mark_value(SUITS[s], self.price(s))
        self.shown = p["shown"]
        self.pile = [s for s in range(len(SUITS)) if s not in self.shown]
        self.watched = self.shown[-1] if self.shown else None
        self.round = max(1, a.round - 1)     # the next jack starts round ``a.round``
        self.reveals = 1 if a.round > 1 else 0
        self.passed = p["passed"]
        self.deal_plan = [(seat, kind) for seat in self.order
                          for kind in [0, 1] + [2] * a.hands[seat]]
        self.deal_total = len(self.deal_plan)

    # ------------------------------------------------------------- corrections
    def _apply_correction(self, a: Correction) -> None:
        if self.phase == "deal":
            raise IllegalAction("Corrections wait until the deal is over.")
        reason = a.reason.strip()
        if not reason:
            raise IllegalAction("A correction needs a reason, typed by the table (what went wrong).")
        if a.kind != "square":
            raise IllegalAction("時価で勝負 has no money during play and its certificates are secret: a "
                                "correction fixes a market card (kind 'square').")
        suit, _, slot = a.subject.partition(" ")
        s = self._suit_field(suit)
        if slot not in data.SLOTS:
            raise IllegalAction("A market card is named '<suit> upper' or '<suit> lower', not "
                                "{subject}.", subject=repr(a.subject))
        to = a.to
        old = self.upper[s] if slot == "upper" else self.lower[s]
        if slot == "upper" and to is None:
            if self.lower[s] != data.START_PRICE:
                raise IllegalAction("{suit} shows the {value} over its ace, so an upper card stays.",
                                    suit=SUIT_TERMS[s], value=self.lower[s])
        elif slot == "lower" and to == data.START_PRICE:
            pass     # the ace shows again
        else:
            if slot == "lower" and self.upper[s] is None:
                raise IllegalAction("{suit} shows only its ace: the first card goes on the upper "
                                    "card.", suit=SUIT_TERMS[s])
            to = self._market_value_field(s, to)
            # public facts only: a card in a hand is taken from it as from the cards out of the
            # game (the hand keeps its count, see ``_take_hidden``), so no answer says where it was
            if (s, to) in self.on_table():
                raise IllegalAction("The {card} is already on the table; check the card and enter "
                                    "it again.", card=card_name(s, to))
        before = self.price(s)
        if to is not None and to != data.START_PRICE:
            self._take_hidden((s, to))
        if old is not None and old != data.START_PRICE:
            self.undealt.append((s, old))
            self.undealt.sort()
        if slot == "upper":
            self.upper[s] = to
        else:
            self.lower[s] = to
        if self.price(s) != before:
            self.mark_value(SUITS[s], self.price(s))

    # ------------------------------------------------------------- words
    def _describe_position(self, a) -> str:
        comma, ace = _(", "), RANK_TERMS[1]
        market = comma.join(tr("{suit} {upper}/{lower}", suit=term(suit),
                               upper=ace if up is None else up, lower=ace if low == 1 else low)
                            for suit, up, low in a.market)
        hands = comma.join(tr("{player} {n}", player=self._who(s), n=k) for s, k in enumerate(a.hands))
        parts = [tr("Started from the table as it is: round {round} is next; market (upper/lower) "
                    "{market}; cards in hand {hands}", round=a.round, market=market, hands=hands)]
        passed = [self._who(s) for s, p in enumerate(a.passed) if p]
        if passed:
            parts.append(tr("passed: {players}", players=comma.join(passed)))
        if a.watchers_shown:
            parts.append(tr("jacks shown: {suits}",
                            suits=comma.join(pgettext("jika term", s) for s in a.watchers_shown)))
        return _("; ").join(parts)

    def _describe_correction(self, a: Correction) -> str:
        suit, _sep, slot = a.subject.partition(" ") if isinstance(a.subject, str) else ("", "", "")
        subject = a.subject
        if suit in SUITS and slot in data.SLOTS:
            subject = tr("{suit} {slot}", suit=term(suit), slot=term(slot))
        reason = a.reason.strip()
        if a.to is None:
            return tr("Correction: {subject} shows nothing ({reason})", subject=subject, reason=reason)
        if a.to == 1:
            return tr("Correction: {subject} shows the ace ({reason})", subject=subject, reason=reason)
        return tr("Correction: {subject} shows the {value} ({reason})", subject=subject, value=a.to,
                  reason=reason)

    # ------------------------------------------------------------- the other way
    def at_position_boundary(self) -> bool:
        """Between two rounds: the deal is over and the next jack is to be turned up."""
        return (self.phase == "watch" and not any(self.unentered)   # (a position names every card)
                and all(c is not None for seat in self.certs for c in seat))

    def position_entries(self) -> list:
        """This table as a ``Position`` and each player's certificate and card entries, in the
        order a new match takes them; only between two rounds."""
        if not self.at_position_boundary():
            raise IllegalAction("A position is taken between two rounds, before the next jack is "
                                "turned up.")
        visible = {(s, v) for s in range(len(SUITS)) for v in (self.upper[s], self.lower[s])
                   if v is not None and v != data.START_PRICE}
        played = [(s, v) for _, s, v, _ in self.plays] + list(self.known_played)
        position = PositionAction(
            round=self.round + (1 if self.reveals else 0),
            market=tuple((SUITS[s], self.upper[s], self.lower[s]) for s in range(len(SUITS))),
            hands=tuple(len(h) for h in self.hands), passed=tuple(self.passed),
            watchers_shown=tuple(SUITS[s] for s in self.shown),
            covered=tuple(sorted({(SUITS[s], v) for s, v in played if (s, v) not in visible})))
        entries = [position]
        for seat in self.order:
            queen, king = self.certs[seat]
            entries += [DealCertificate(seat, "queen", SUITS[queen]), DealCertificate(seat, "king", SUITS[king])]
            entries += [DealCard(seat, SUITS[s], v) for s, v in self.hands[seat]]
        return entries
