"""The rules of 時価で勝負 as a ``State``: the deal, the watcher, plays, passes, the end, scoring.

How a game runs (see docs/jika.md for the whole story):

* deal (chance, secret): in turn order from the start player, each player receives their queen
  certificate, their king certificate, then their market cards one at a time. Cards nobody is
  dealt (market cards, and the spare queen and king at 3 players) are out of the game unseen.
* watcher (chance, public): a jack is turned up; nobody may play its suit this round. When the
  watcher pile is empty, all four jacks are shuffled back into it before the next one is turned.
* play: from the start player, clockwise (rising seat numbers), each player still in the game
  plays one card onto its suit, or passes if, and only if, the watcher blocks every card they
  hold. A pass is for the rest of the game. After everyone has had their turn, the round ends
  and the watcher turns the next jack.
* the game ends as soon as every player has either no market cards left or has passed. Each
  suit's price is the lower of its two visible cards; a queen counts it once, a king twice.

Money: the game has no money. ``money`` holds points, all zero during play; when the game ends
the certificates are revealed and each is credited from the bank in the ledger
("king of clubs at 6 x2"), so the ledger is the score sheet.
"""
from __future__ import annotations

import random

from tabletop.core import BANK, CHANCE, TERMINAL, Action, Correction, Game, Outcome, State
from tabletop.errors import GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from tabletop.i18n import N_, Message, _, listing, tr

from . import data
from .actions import DealCard, DealCertificate, Pass, PlayCard, Position, RevealWatcher
from .data import SUIT_TERMS, SUITS, card_label, card_name, term
from .position import PositionRules

__all__ = ["JikaState", "EVENT_KINDS"]

#: what the table is told happened by itself (``State.announce``; every fact in them is public:
#: the certificates only once the game is over, when the rules turn them face up)
EVENT_KINDS = {
    "watcher": N_("the watcher's new jack: its suit may not be played this round"),
    "reshuffle": N_("the watcher's pile is empty: the four jacks are shuffled into a new pile"),
    "price": N_("a suit's price changed: it is always the lower of its two cards"),
    "passed": N_("a player whose every card the watcher blocks passes, for the rest of the game"),
    "out_of_cards": N_("a player has played their last card and takes no further turn"),
    "round_end": N_("everyone still in has had their turn: the prices, and who is still playing"),
    "game_over": N_("every player is out: the certificates turned up, the scores and the winners "
                    "(a tie goes to the higher queen)"),
}

_N_SUITS = len(SUITS)
_QUEEN, _KING = 0, 1
#: what is dealt next, by kind (queen, king, market card)
_DEALT_WHAT = (N_("queen certificate"), N_("king certificate"), N_("market card"))
#: a player who may not act now, by why and what they tried (play a card or pass)
_CANNOT = {
    ("over", "play"): N_("The game is over; {player} cannot play the {card}."),
    ("over", "pass"): N_("The game is over; {player} cannot pass."),
    ("deal", "play"): N_("{player} cannot play the {card} yet: the deal is not finished."),
    ("deal", "pass"): N_("{player} cannot pass yet: the deal is not finished."),
    ("watch", "play"): N_("{player} cannot play the {card} yet: the watcher's next jack must be "
                          "turned up first."),
    ("watch", "pass"): N_("{player} cannot pass yet: the watcher's next jack must be turned up "
                          "first."),
}


def _words(template: str, **params) -> Message:
    """Words kept as data, rendered in the language of whoever reads them (a refusal's part, a
    ledger line, the game's reason)."""
    return Message(template, params)


class JikaState(PositionRules, State):
    """One position of a game of 時価で勝負. Read it; change it only with ``apply``."""

    def __init__(self, game: Game):
        super().__init__(game)
        opts = game.options
        n = self.n
        self.first: int = opts.get("first_player", data.DEFAULT_FIRST_PLAYER)
        self.hand_size: int = opts.get("hand_size", data.HAND_SIZE.get(n, 7))
        self.order: tuple[int, ...] = tuple((self.first + i) % n for i in range(n))
        self.money = [0] * n
        self.round = 1
        self.phase = "deal"
        # secret: hands (sorted lists of (suit, value)) and certificates [queen suit, king suit]
        self.hands: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.certs: list[list[int | None]] = [[None, None] for _ in range(n)]
        #: per seat, market cards its hand holds that the match no longer knows: a correction or
        #: another player's deal named a card the match had in that hand. Counted in the hand
        #: meanwhile (nobody can tell); the owner names the card when playing it (``unentered``).
        #: A certificate taken that way is None again after the deal: its owner enters it before
        #: the scoring (phase "certificates")
        self.unentered = [0] * n
        # not yet dealt; after the deal, these are the cards out of the game unseen
        self.undealt: list[tuple[int, int]] = list(data.MARKET_CARDS)
        self.certs_left: list[list[int]] = [list(range(_N_SUITS)), list(range(_N_SUITS))]
        self.deal_step = 0
        self.deal_total = n * (2 + self.hand_size)
        self.deal_plan: list[tuple[int, int]] | None = None   # after a Position: (seat, kind) to deal
        self.known_played: list[tuple[int, int]] = []        # after a Position: cards on the table
        # public: the market. The ace is each suit's lower card until someone covers it.
        self.upper: list[int | None] = [None] * _N_SUITS
        self.lower: list[int] = [data.START_PRICE] * _N_SUITS
        self.plays: list[tuple[int, int, int, int]] = []   # (seat, suit, value, slot 0/1)
        # public: the watcher
        self.pile: list[int] = list(range(_N_SUITS))        # jacks face down (order unknown)
        self.shown: list[int] = []                          # jacks turned up since the last shuffle
        self.watched: int | None = None
        self.reveals = 0
        self.reshuffles = 0
        self.passed: list[bool] = [False] * n
        self.to_act: int = CHANCE
        self._outcome: Outcome | None = None
        for s in range(_N_SUITS):
            self.mark_value(SUITS[s], data.START_PRICE)

    # --- copying ------------------------------------------------------------------------------
    def clone(self) -> "JikaState":
        c = object.__new__(JikaState)
        d = dict(self.__dict__)
        d["money"] = list(self.money)
        d["payments"] = list(self.payments)
        d["value_marks"] = list(self.value_marks)
        d["events"] = self.events[:]
        d["hands"] = [list(h) for h in self.hands]
        d["unentered"] = list(self.unentered)
        d["certs"] = [list(x) for x in self.certs]
        d["undealt"] = list(self.undealt)
        d["certs_left"] = [list(self.certs_left[0]), list(self.certs_left[1])]
        d["upper"] = list(self.upper)
        d["lower"] = list(self.lower)
        d["plays"] = list(self.plays)
        d["pile"] = list(self.pile)
        d["shown"] = list(self.shown)
        d["passed"] = list(self.passed)
        c.__dict__ = d
        return c

    # --- reading the position -------------------------------------------------------------------
    def price(self, suit: int) -> int:
        """A suit's price: the lower of its two visible cards (its ace alone at first)."""
        up = self.upper[suit]
        low = self.lower[suit]
        return low if up is None or low < up else up

    def prices(self) -> dict[str, int]:
        return {SUITS[s]: self.price(s) for s in range(_N_SUITS)}

    def is_done(self, seat: int) -> bool:
        """True once ``seat`` has passed or has no market card left: they take no more turns."""
        return self.passed[seat] or not (self.hands[seat] or self.unentered[seat])

    def on_table(self) -> set[tuple[int, int]]:
        """The market cards everybody has seen and that lie on the table: showing, or covered."""
        shown = {(s, v) for s in range(_N_SUITS) for v in (self.upper[s], self.lower[s])
                 if v is not None and v != data.START_PRICE}
        played = {(s, v) for _, s, v, _ in self.plays} | set(self.known_played)
        return shown | (played - set(self.undealt))

    def _take_hidden(self, card: tuple[int, int]) -> None:
        """Take ``card`` (not on the table) from where it is hidden: the cards nobody was dealt,
        or a hand, which keeps its count (``unentered``): no answer tells which it was."""
        if card in self.undealt:
            self.undealt.remove(card)
            return
        for seat, hand in enumerate(self.hands):
            if card in hand:
                hand.remove(card)
                self.unentered[seat] += 1
                return

    def _hidden_to(self, seat: int) -> list[tuple[int, int]]:
        """The market cards ``seat`` may hold without having entered them: all but those on the
        table and in their own hand."""
        seen = self.on_table() | set(self.hands[seat])
        return [c for c in data.MARKET_CARDS if c not in seen]

    def _missing_certificate(self) -> tuple[int, int] | None:
        """(seat, kind) of the first certificate to enter again, or None."""
        for seat in self.order:
            for kind in (_QUEEN, _KING):
                if self.certs[seat][kind] is None:
                    return seat, kind
        return None

    def _deal_slot(self) -> tuple[int, int]:
        """(seat, kind) of the next card to deal: kind 0 queen, 1 king, 2 market card."""
        if self.deal_plan is not None:
            return self.deal_plan[self.deal_step]
        per = 2 + self.hand_size
        seat = self.order[self.deal_step // per]
        k = self.deal_step % per
        return seat, (k if k < 2 else 2)

    def playable(self, seat: int) -> list[tuple[int, int]]:
        w = self.watched
        return [c for c in self.hands[seat] if c[0] != w]

    def _playable_unentered(self, seat: int) -> list[tuple[int, int]]:
        """What a card of ``seat``'s still to be entered may be, if it may be played now."""
        if not self.unentered[seat]:
            return []
        w = self.watched
        return [c for c in self._hidden_to(seat) if c[0] != w]

    def current_player(self) -> int:
        return self.to_act

    def chance_owner(self) -> int | None:
        if self.to_act == CHANCE and self.phase == "deal":
            return self._deal_slot()[0]
        if self.to_act == CHANCE and self.phase == "certificates":
            return self._missing_certificate()[0]
        return None

    def legal_actions(self) -> list[Action]:
        p = self.to_act
        if p == TERMINAL:
            return []
        if p == CHANCE:
            if self.phase == "deal":
                seat, kind = self._deal_slot()
                if kind == 2:
                    return [DealCard(seat, SUITS[s], v) for s, v in self.undealt]
                rank = data.CERTIFICATES[kind]
                return [DealCertificate(seat, rank, SUITS[s]) for s in self.certs_left[kind]]
            if self.phase == "certificates":
                seat, kind = self._missing_certificate()
                return [DealCertificate(seat, data.CERTIFICATES[kind], SUITS[s]) for s in self.certs_left[kind]]
            return [RevealWatcher(SUITS[s]) for s in self.pile]
        moves: list[Action] = []
        upper = self.upper
        for s, v in self.playable(p) + self._playable_unentered(p):
            name = SUITS[s]
            moves.append(PlayCard(p, name, v, "upper"))
            if upper[s] is not None:
                moves.append(PlayCard(p, name, v, "lower"))
        if not self.playable(p):     # (the player knows whether a card not entered is blocked)
            moves.append(Pass(p))
        return moves

    def chance_entries(self, viewer: int | None) -> list[Action]:
        """A certificate: the four suits. A market card: all 36 printed cards, less the player's
        own hand when the player being dealt is the viewer. A watcher: the jacks not face up.
        Never narrowed by the cards dealt to the others, so the list tells nothing about them."""
        if self.to_act != CHANCE:
            return self.legal_actions()
        if self.phase in ("deal", "certificates"):
            seat, kind = self._deal_slot() if self.phase == "deal" else self._missing_certificate()
            if kind < 2:
                return [DealCertificate(seat, data.CERTIFICATES[kind], name) for name in SUITS]
            own = self.hands[seat] if viewer == seat else ()
            return [DealCard(seat, SUITS[s], v) for s, v in data.MARKET_CARDS
                    if (s, v) not in own and (s, v) not in self.known_played]
        return [RevealWatcher(SUITS[s]) for s in range(_N_SUITS) if s not in self.shown]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.to_act != CHANCE:
            raise NotYourTurn("Nothing is to be dealt or turned up now.")
        if self.phase in ("deal", "certificates"):
            seat, kind = self._deal_slot() if self.phase == "deal" else self._missing_certificate()
            if kind == 2:
                s, v = self.undealt[rng.randrange(len(self.undealt))]
                return DealCard(seat, SUITS[s], v)
            left = self.certs_left[kind]
            return DealCertificate(seat, data.CERTIFICATES[kind], SUITS[left[rng.randrange(len(left))]])
        return RevealWatcher(SUITS[self.pile[rng.randrange(len(self.pile))]])

    # --- applying -------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        if isinstance(action, PlayCard):
            self._play(action)
        elif isinstance(action, DealCard):
            self._deal_card(action)
        elif isinstance(action, DealCertificate):
            self._deal_certificate(action)
        elif isinstance(action, RevealWatcher):
            self._reveal(action)
        elif isinstance(action, Pass):
            self._pass(action)
        elif isinstance(action, Position):
            self._apply_position(action)
        elif isinstance(action, Correction):
            self._apply_correction(action)
        else:
            raise MalformedAction("{action} is not an action of 時価で勝負.", action=repr(action))

    # validation helpers
    def _seat_field(self, seat) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise MalformedAction("There is no seat {seat} at this table (seats 0 to {last}).",
                                  seat=repr(seat), last=self.n - 1)
        return seat

    @staticmethod
    def _suit_field(suit) -> int:
        index = data.SUIT_INDEX.get(suit) if isinstance(suit, str) else None
        if index is None:
            raise MalformedAction("{suit} is not a suit; the suits are {suits}.", suit=repr(suit),
                                  suits=", ".join(SUITS))
        return index

    @staticmethod
    def _market_value_field(suit: int, value) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value not in data.MARKET_VALUES:
            raise MalformedAction("Only the 2 to 10 of each suit are market cards; {value} of {suit} "
                                  "is not one.", value=repr(value), suit=SUIT_TERMS[suit])
        return value

    def _check_deal(self, seat: int, kind: int) -> None:
        if self.to_act == TERMINAL:
            raise GameIsOver("The game is over; nothing more is dealt.")
        if self.phase == "certificates":
            due_seat, due_kind = self._missing_certificate()
        elif self.phase != "deal":
            raise NotYourTurn("The deal is over: every hand and certificate has been dealt.")
        else:
            due_seat, due_kind = self._deal_slot()
        if seat != due_seat or kind != due_kind:
            raise NotYourTurn("The next card dealt is {player}'s {what}, not {other}'s {other_what}.",
                              player=self.name(due_seat), what=_words(_DEALT_WHAT[due_kind]),
                              other=self.name(seat), other_what=_words(_DEALT_WHAT[kind]))

    def _deal_certificate(self, a: DealCertificate) -> None:
        seat = self._seat_field(a.seat)
        if a.rank not in data.CERTIFICATES:
            raise MalformedAction("{rank} is not a share certificate; they are the queen and the "
                                  "king.", rank=repr(a.rank))
        kind = data.CERTIFICATES.index(a.rank)
        suit = self._suit_field(a.suit)
        self._check_deal(seat, kind)
        if suit in self.certs_left[kind]:
            self.certs_left[kind].remove(suit)
        else:   # the match had it for another player: theirs is entered again before the scoring
            for other in range(self.n):
                if self.certs[other][kind] == suit:
                    self.certs[other][kind] = None
        self.certs[seat][kind] = suit
        if self.phase == "certificates":
            if self._missing_certificate() is None:
                self._finish()
            return
        self._dealt()

    def _deal_card(self, a: DealCard) -> None:
        seat = self._seat_field(a.seat)
        suit = self._suit_field(a.suit)
        value = self._market_value_field(suit, a.value)
        self._check_deal(seat, 2)
        card = (suit, value)
        if card in self.known_played:       # public: the position put it on the table
            raise IllegalAction("The {card} is on the table; {player} cannot receive it.",
                                card=card_name(suit, value), player=self.name(seat))
        self._take_hidden(card)     # from the undealt cards, or a hand that keeps its count
        hand = self.hands[seat]
        hand.append(card)
        hand.sort()
        self._dealt()

    def _dealt(self) -> None:
        self.deal_step += 1
        if self.deal_step == self.deal_total:
            self.phase = "watch"

    def _reveal(self, a: RevealWatcher) -> None:
        suit = self._suit_field(a.suit)
        if a.seat is not None:
            raise MalformedAction("Nobody owns the watcher's jack: RevealWatcher takes no seat.")
        if self.to_act == TERMINAL:
            raise GameIsOver("The game is over; the watcher turns up no more jacks.")
        if self.phase == "deal":
            raise NotYourTurn("The deal is not finished; the watcher's first jack is turned up after it.")
        if self.phase == "certificates":
            raise NotYourTurn("Every player is out: {player} is to enter a certificate again, then "
                              "the game is scored.", player=self.name(self._missing_certificate()[0]))
        if self.to_act != CHANCE:
            raise NotYourTurn("No jack is turned up now: it is {player}'s turn in round {round}.",
                              player=self.name(self.to_act), round=self.round)
        if suit not in self.pile:
            raise IllegalAction("The jack of {suit} is not in the watcher's pile: it is already face "
                                "up.", suit=SUIT_TERMS[suit])
        self.pile.remove(suit)
        self.shown.append(suit)
        self.watched = suit
        if self.reveals:
            self.round += 1
        self.reveals += 1
        self.phase = "play"
        self.announce("watcher", suit=SUITS[suit])
        for seat in self.order:
            if not self.is_done(seat):
                self.to_act = seat
                return
        raise AssertionError("a round began with nobody left to play")  # the end is checked first

    def _check_turn(self, seat: int, verb: str, card: str = "") -> None:
        """``verb``: "play" (``card``) or "pass"."""
        p = self.to_act
        who = self.name(seat)
        if p == TERMINAL:
            raise GameIsOver(_CANNOT["over", verb], player=who, card=card)
        if p == CHANCE and self.phase == "certificates":
            raise NotYourTurn("Every player is out: {player} is to enter a certificate again, then "
                              "the game is scored.", player=self.name(self._missing_certificate()[0]))
        if p == CHANCE:
            why = "deal" if self.phase == "deal" else "watch"
            raise NotYourTurn(_CANNOT[why, verb], player=who, card=card)
        if seat != p:
            if self.passed[seat]:
                raise NotYourTurn("{player} passed earlier and takes no further part in the game.",
                                  player=who)
            if not (self.hands[seat] or self.unentered[seat]):
                raise NotYourTurn("{player} has played every card and takes no further part.",
                                  player=who)
            raise NotYourTurn("It is {player}'s turn, not {other}'s.", player=self.name(p), other=who)

    def _play(self, a: PlayCard) -> None:
        seat = self._seat_field(a.seat)
        suit = self._suit_field(a.suit)
        value = self._market_value_field(suit, a.value)
        if a.slot not in data.SLOTS:
            raise MalformedAction("{slot} is not a place to play; a card goes on the 'upper' or the "
                                  "'lower' card of its suit.", slot=repr(a.slot))
        card = card_name(suit, value)
        self._check_turn(seat, "play", card)
        who = self.name(seat)
        entered = (suit, value) in self.hands[seat]
        if not entered and not (self.unentered[seat] and (suit, value) in self._hidden_to(seat)):
            raise IllegalAction("{player} cannot play the {card}: it is not in {player}'s hand.",
                                player=who, card=card)
        if suit == self.watched:
            raise IllegalAction("{player} cannot play the {card}: the watcher is on {suit} this "
                                "round, so no {suit} may be played.", player=who, card=card,
                                suit=SUIT_TERMS[suit])
        if a.slot == "lower" and self.upper[suit] is None:
            raise IllegalAction("{player} cannot play the {card} on the lower card: {suit} shows only "
                                "its ace, so the first card goes above the ace, on the upper card.",
                                player=who, card=card, suit=SUIT_TERMS[suit])
        before = self.price(suit)
        if entered:
            self.hands[seat].remove((suit, value))
        else:       # the card not entered, named now: taken from where the match had it
            self._take_hidden((suit, value))
            self.unentered[seat] -= 1
        if a.slot == "upper":
            self.upper[suit] = value
            self.plays.append((seat, suit, value, 0))
        else:
            self.lower[suit] = value
            self.plays.append((seat, suit, value, 1))
        after = self.price(suit)
        if after != before:
            self.mark_value(SUITS[suit], after)
            self.announce("price", suit=SUITS[suit], before=before, after=after,
                          upper=self.upper[suit], lower=self.lower[suit])
        if not self.hands[seat] and not self.unentered[seat]:
            self.announce("out_of_cards", seat=seat)
        self._next_turn(seat)

    def _pass(self, a: Pass) -> None:
        seat = self._seat_field(a.seat)
        self._check_turn(seat, "pass")
        able = self.playable(seat)
        if able:
            raise IllegalAction("{player} cannot pass: the {card} can be played. Passing is allowed "
                                "only when the watcher blocks every card in hand.",
                                player=self.name(seat), card=card_name(*able[0]))
        self.passed[seat] = True
        self.announce("passed", seat=seat, suit=SUITS[self.watched],
                      cards=len(self.hands[seat]) + self.unentered[seat])
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        if all(self.is_done(s) for s in range(self.n)):
            if self._missing_certificate() is not None:     # entered again, then the scoring
                self.phase = "certificates"
                self.to_act = CHANCE
                return
            self._finish()
            return
        order = self.order
        for nxt in order[order.index(seat) + 1:]:
            if not self.is_done(nxt):
                self.to_act = nxt
                return
        # everyone has had their turn: the round ends and the watcher moves on
        self.phase = "watch"
        self.to_act = CHANCE
        self.announce("round_end", prices=tuple(self.prices().items()),
                      playing=tuple(s for s in order if not self.is_done(s)))
        if not self.pile:
            self.pile = list(range(_N_SUITS))
            self.shown = []
            self.watched = None
            self.reshuffles += 1
            self.announce("reshuffle")

    # --- the end -----------------------------------------------------------------------------------
    def queen_value(self, seat: int) -> int:
        return self.price(self.certs[seat][_QUEEN])

    def score(self, seat: int) -> int:
        """Points of ``seat``'s certificates at the current prices (queen x1, king x2)."""
        q, k = self.certs[seat]
        total = 0
        if q is not None:
            total += self.price(q) * data.MULTIPLIER["queen"]
        if k is not None:
            total += self.price(k) * data.MULTIPLIER["king"]
        return total

    def _finish(self) -> None:
        self.phase = "over"
        self.to_act = TERMINAL
        for seat in range(self.n):
            for kind, rank in enumerate(data.CERTIFICATES):
                suit = self.certs[seat][kind]
                price, mult = self.price(suit), data.MULTIPLIER[rank]
                self.pay(BANK, seat, price * mult,
                         _words(N_("{card} at {price} x{times}"), card=card_name(suit, 12 + kind),
                                price=price, times=mult), "score", SUITS[suit])
        scores = tuple(self.money)
        best = max(scores)
        tied = [s for s in range(self.n) if scores[s] == best]
        names = self._names
        if len(tied) == 1:
            winners = tied
            reason = _words(N_("{player} wins with {points} points."), player=names(tied), points=best)
        else:
            top_queen = max(self.queen_value(s) for s in tied)
            winners = [s for s in tied if self.queen_value(s) == top_queen]
            facts = {"tied": names(tied), "points": best, "price": top_queen, "winners": names(winners)}
            if len(winners) == 1:
                reason = _words(N_("{tied} tie on {points} points; {winners} wins on the higher "
                                   "queen ({suit} at {price})."),
                                suit=SUIT_TERMS[self.certs[winners[0]][_QUEEN]], **facts)
            elif len(winners) == len(tied):
                reason = _words(N_("{tied} tie on {points} points and on their queens' value "
                                   "({price}): {winners} share the win."), **facts)
            else:
                reason = _words(N_("{tied} tie on {points} points; {winners} have the higher queens "
                                   "({price}): {winners} share the win."), **facts)
        self._outcome = Outcome(scores, tuple(winners), reason)
        self.announce("game_over", scores=scores, winners=tuple(winners), tied=tuple(tied),
                      certificates=tuple((SUITS[q], SUITS[k]) for q, k in self.certs),
                      prices=tuple(self.prices().items()))

    def _names(self, seats) -> str:
        """'Alice', 'Alice and Bob', 'Alice, Bob and Carol' (in the reader's language)."""
        return listing(self.name(s) for s in seats)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # --- what each seat may see -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        over = self.to_act == TERMINAL
        players = []
        for s in range(self.n):
            entry = {
                "name": self.name(s),
                "money": self.money[s],
                "holdings": {},
                "owed": 0,
                "hand": len(self.hands[s]) + self.unentered[s],
                "passed": self.passed[s],
                "out": self.phase != "deal" and self.is_done(s),
                "certificates": None,
                "score": None,
            }
            if over:
                q, k = self.certs[s]
                holdings: dict[str, int] = {}
                holdings[SUITS[q]] = holdings.get(SUITS[q], 0) + data.MULTIPLIER["queen"]
                holdings[SUITS[k]] = holdings.get(SUITS[k], 0) + data.MULTIPLIER["king"]
                entry["holdings"] = holdings
                entry["certificates"] = {"queen": SUITS[q], "king": SUITS[k]}
                entry["score"] = self.money[s]
            players.append(entry)
        market = {}
        for s in range(_N_SUITS):
            up, low = self.upper[s], self.lower[s]
            market[SUITS[s]] = {
                "upper": up,
                "lower": low,
                "upper_card": None if up is None else card_label(s, up),
                "lower_card": card_label(s, low),
                "price": self.price(s),
                "buy_price": low if up is None else max(up, low),
            }
        dealing = self.phase == "deal"
        missing = sum(c is None for seat in self.certs for c in seat) if not dealing else 0
        removed_certs = 0 if dealing else sum(len(x) for x in self.certs_left) - missing
        unseen = len(self.undealt) - sum(self.unentered)
        view = {
            "title": "時価で勝負 (Market Price Showdown)",
            "round": self.round,
            "rounds": None,
            "phase": self.phase,
            "first_player": self.first,
            "to_act": self.to_act if self.to_act >= 0 else None,
            "players": players,
            "stocks": self.prices(),
            "board": {
                "market": market,
                "plays": [{"seat": p, "card": card_label(s, v), "suit": SUITS[s], "value": v,
                           "slot": data.SLOTS[slot]} for p, s, v, slot in self.plays],
                "watched": None if self.watched is None else SUITS[self.watched],
                "watcher_pile": len(self.pile),
                "watchers_shown": [SUITS[s] for s in self.shown],
                "reshuffles": self.reshuffles,
                "deck": unseen if dealing else 0,
                "removed_unseen": {"market_cards": 0 if dealing else unseen,
                                   "certificates": removed_certs},
                "hand_size": self.hand_size,
                "max_rounds": self.hand_size,
            },
            "log_hint": self._hint(),
        }
        if seat is not None:
            q, k = self.certs[seat]
            view["private"] = {
                "hand": [{"suit": SUITS[s], "value": v, "label": card_label(s, v)}
                         for s, v in self.hands[seat]],
                "certificates": {"queen": None if q is None else SUITS[q],
                                 "king": None if k is None else SUITS[k]},
                "score_now": self.score(seat),
            }
            if self.unentered[seat]:
                view["private"]["cards_to_enter_again"] = self.unentered[seat]
        return view

    def hint(self) -> str:
        return self._hint()

    def _hint(self) -> str:
        p = self.to_act
        if p == TERMINAL:
            if self._outcome is None:
                return tr("The game is over.")
            reason = self._outcome.reason
            return reason.render() if isinstance(reason, Message) else reason
        if p == CHANCE:
            if self.phase == "certificates":
                seat, kind = self._missing_certificate()
                again = (N_("{player} enters their queen certificate again before the scoring."),
                         N_("{player} enters their king certificate again before the scoring."))[kind]
                return tr(again, player=self.name(seat))
            if self.phase == "deal":
                seat, kind = self._deal_slot()
                what = (N_("Deal {player}'s queen certificate."), N_("Deal {player}'s king certificate."),
                        N_("Deal {player}'s next market card."))[kind]
                return tr(what, player=self.name(seat))
            return tr("Turn up the watcher's next jack.")
        if self.watched is not None:
            return tr("Round {round}: {player} to play; no {suit} this round.", round=self.round,
                      player=self.name(p), suit=SUIT_TERMS[self.watched])
        return tr("Round {round}: {player} to play.", round=self.round, player=self.name(p))

    # --- the log in words ---------------------------------------------------------------------------
    @staticmethod
    def _words(suit, value) -> str:
        if isinstance(suit, str) and suit in data.SUIT_INDEX and isinstance(value, int):
            return card_name(data.SUIT_INDEX[suit], value)
        return _words(N_("{rank} of {suit}"), rank=value, suit=suit)

    def _who(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < self.n:
            return self.name(seat)
        return tr("seat {seat}", seat=repr(seat))

    def describe(self, action: Action) -> str:
        if isinstance(action, Position):
            return self._describe_position(action)
        if isinstance(action, Correction):
            return self._describe_correction(action)
        if isinstance(action, DealCertificate):
            return tr("{player} is dealt the {rank} of {suit} as a share certificate",
                      player=self._who(action.seat), rank=term(action.rank), suit=term(action.suit))
        if isinstance(action, DealCard):
            return tr("{player} is dealt the {card}", player=self._who(action.seat),
                      card=self._words(action.suit, action.value))
        if isinstance(action, RevealWatcher):
            if self.reshuffles and not self.shown:
                return tr("The four jacks are shuffled into a new watcher pile; the watcher turns up "
                          "the jack of {suit}: no {suit} may be played this round",
                          suit=term(action.suit))
            return tr("The watcher turns up the jack of {suit}: no {suit} may be played this round",
                      suit=term(action.suit))
        if isinstance(action, PlayCard):
            facts = {"player": self._who(action.seat), "card": self._words(action.suit, action.value),
                     "slot": term(action.slot), "suit": term(action.suit)}
            suit = data.SUIT_INDEX.get(action.suit) if isinstance(action.suit, str) else None
            if suit is not None and action.slot in data.SLOTS and isinstance(action.value, int):
                up, low = self.upper[suit], self.lower[suit]
                if action.slot == "upper":
                    up = action.value
                else:
                    low = action.value
                new = low if up is None else min(up, low)
                old = self.price(suit)
                if new != old:
                    return tr("{player} plays the {card} on the {slot} card of {suit} (price {old} → "
                              "{new})", old=old, new=new, **facts)
                return tr("{player} plays the {card} on the {slot} card of {suit} (price stays "
                          "{new})", new=new, **facts)
            return tr("{player} plays the {card} on the {slot} card of {suit}", **facts)
        if isinstance(action, Pass):
            return tr("{player} passes: the watcher blocks every card in hand, and a pass is for the "
                      "rest of the game", player=self._who(action.seat))
        return type(action).__name__

    def describe_event(self, event) -> str:
        p = dict(event.params)
        kind = event.kind
        if kind == "watcher":
            return tr("Round {round}: the watcher turns up the jack of {suit}, so no {suit} may be "
                      "played this round.", round=event.round, suit=term(p["suit"]))
        if kind == "reshuffle":
            return tr("The watcher's pile is empty: the four jacks are shuffled face down into a new "
                      "pile for the next round.")
        if kind == "price":
            facts = {"suit": term(p["suit"]), "before": p["before"], "after": p["after"]}
            rises = p["after"] > p["before"]
            if p["upper"] is None and rises:
                return tr("The price of {suit} rises from {before} to {after} (its ace).", **facts)
            if p["upper"] is None:
                return tr("The price of {suit} falls from {before} to {after} (its ace).", **facts)
            facts.update(upper=p["upper"], lower=p["lower"])
            if rises:
                return tr("The price of {suit} rises from {before} to {after} (the lower of its "
                          "cards, {upper} and {lower}).", **facts)
            return tr("The price of {suit} falls from {before} to {after} (the lower of its cards, "
                      "{upper} and {lower}).", **facts)
        if kind == "passed":
            who, n = self.name(p["seat"]), p["cards"]
            if n == 1:
                return tr("{player} cannot play: the watcher on {suit} blocks {player}'s only card, "
                          "so {player} passes and takes no further part in the game.", player=who,
                          suit=term(p["suit"]))
            return tr("{player} cannot play: the watcher on {suit} blocks all {n} of {player}'s "
                      "cards, so {player} passes and takes no further part in the game.",
                      player=who, suit=term(p["suit"]), n=n)
        if kind == "out_of_cards":
            return tr("{player} has played every card and takes no further part in the game.",
                      player=self.name(p["seat"]))
        if kind == "round_end":
            playing = p["playing"]
            if playing:
                return tr("Round {round} ends. Prices: {prices}. Still playing: {players}.",
                          round=event.round, prices=self._prices_words(p["prices"]),
                          players=self._names(playing))
            return tr("Round {round} ends. Prices: {prices}.", round=event.round,
                      prices=self._prices_words(p["prices"])) + " "
        if kind == "game_over":
            return self._game_over_words(p)
        return super().describe_event(event)

    @staticmethod
    def _prices_words(prices) -> str:
        return _(", ").join(tr("{suit} {price}", suit=term(suit), price=price) for suit, price in prices)

    def _game_over_words(self, p: dict) -> str:
        prices = dict(p["prices"])
        scores, winners, tied = p["scores"], p["winners"], p["tied"]
        parts = []
        for seat, (queen, king) in enumerate(p["certificates"]):
            if queen == king:
                parts.append(tr("{player} holds the queen and king of {suit} ({price} x3): {points} "
                                "points", player=self.name(seat), suit=term(queen),
                                price=prices[queen], points=scores[seat]))
            else:
                parts.append(tr("{player} holds the queen of {queen} ({queen_price}) and the king of "
                                "{king} ({king_price} x2): {points} points", player=self.name(seat),
                                queen=term(queen), queen_price=prices[queen], king=term(king),
                                king_price=prices[king], points=scores[seat]))
        facts = {"prices": self._prices_words(p["prices"]), "holdings": _("; ").join(parts),
                 "points": scores[tied[0]]}
        if len(tied) == 1:
            return tr("The game is over: every player has played out or passed. Final prices: "
                      "{prices}. {holdings}. {player} wins with {points} points.",
                      player=self.name(winners[0]), **facts)
        facts["tied"] = self._names(tied)
        facts["queen"] = prices[p["certificates"][winners[0]][0]]
        if len(winners) == 1:
            return tr("The game is over: every player has played out or passed. Final prices: "
                      "{prices}. {holdings}. {tied} tie on {points} points; {player} wins on the "
                      "higher queen ({suit} at {queen}).", player=self.name(winners[0]),
                      suit=term(p["certificates"][winners[0]][0]), **facts)
        if len(winners) == len(tied):
            return tr("The game is over: every player has played out or passed. Final prices: "
                      "{prices}. {holdings}. {tied} tie on {points} points and on their queens' "
                      "value ({queen}): they share the win.", **facts)
        return tr("The game is over: every player has played out or passed. Final prices: "
                  "{prices}. {holdings}. {tied} tie on {points} points; {winners} have the higher "
                  "queens ({queen}) and share the win.", winners=self._names(winners), **facts)

    def describe_hidden(self, action: Action) -> str:
        if isinstance(action, DealCertificate):
            return tr("{player} is dealt a {rank} share certificate, face down",
                      player=self._who(action.seat), rank=term(action.rank))
        if isinstance(action, DealCard):
            return tr("{player} is dealt a market card, face down", player=self._who(action.seat))
        return super().describe_hidden(action)
