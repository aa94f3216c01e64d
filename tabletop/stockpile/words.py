"""Stockpile in words and as views: what the game awaits, the log lines, each seat's view.
A mixin of ``StockpileState``."""
from __future__ import annotations


from ..core import Action, Event
from . import actions as A
from .common import _CO, _cards, _int, usd
from .data import COMPANIES, FORECASTS, INVESTORS
from .steps import (ACTION, BID, DEAL_INVESTOR, DEAL_PAIR, DEBORAH_STEP, DIVIDEND, DRAW_HAND,
                    DRAW_PILE, HOLDING, INVESTOR_STEP, KEEP_INVESTORS, OPEN_PAIR, OVER, PLACE,
                    REVEAL, SEE_PAIR, SELL, START_STOCK)

__all__ = ["WordsRules", "EVENT_KINDS"]

#: what the engine tells the whole table of, by kind (``state.events``, ``describe_event``); every
#: fact in an event is public: face-down cards are only ever counted
EVENT_KINDS = {
    "stockpile_won": "a player takes a stockpile in the auction: the price, its face-up cards, how many face down",
    "fees": "the trading fees of the stockpiles a player took: paid, left unpaid, or Broker Bernie's bonus",
    "fee_paid_late": "a trading fee left unpaid is paid as soon as the player has the money",
    "boom": "a Boom card moves a stock up",
    "bust": "a Bust card moves a stock down",
    "cramer": "Crazy Cramer moves a stock one space",
    "forecast": "a pair turned over in the movement phase moves a stock, or calls a dividend ($$)",
    "split": "a stock passes the top of its track: its cards become split cards, split ones earn the bonus",
    "bankruptcy": "a stock falls below its first space: every card of it is discarded and it starts over",
    "dollar_space": "Stanford Steel reaches a $ space on the expert board: every card of it pays",
    "dividend": "a dividend ($$ or Dividend Deborah) is paid: what each player collected for the cards shown",
    "round_end": "a round ends: each stock's value, each player's money, who leads",
    "majority": "at the end, the majority holder of a stock (or each tied holder) gets the bonus",
    "final_sale": "at the end, a player's cards are sold at the final values",
    "game_end": "the game is over: the final scores and the winners",
}


def _and(parts) -> str:
    parts = [p for p in parts if p]
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _card_words(regular: int, split: int, company: str = "") -> str:
    """ "3 Epic Electric cards (1 split)", "2 split cards", "1 card"."""
    what = f"{company} card" if company else "card"
    if not regular:
        return _cards(split, f"split {what}")
    return _cards(regular + split, what) + (f" ({split} split)" if split else "")


class WordsRules:
    """Words and views of ``StockpileState``."""

    # ----------------------------------------------------------------- words
    def awaiting(self) -> str:
        """What the game waits for, in words (safe for the public table)."""
        st = self.step
        if st == OVER:
            return "the game is over"
        a = self.name(self.actor) if self.actor is not None else None
        q = self.name(self.queue[0]) if self.queue and st in (DEAL_INVESTOR, START_STOCK, DEAL_PAIR,
                                                              DRAW_HAND, HOLDING) else None
        return {
            DEAL_INVESTOR: f"an investor card is to be dealt to {q}",
            KEEP_INVESTORS: f"{a} is to choose which investor{'s' if self.two else ''} to keep",
            START_STOCK: f"a starting stock is to be dealt to {q}",
            OPEN_PAIR: "the face-up company tile and forecast card are to be laid out",
            DEAL_PAIR: f"a company tile and forecast card are to be dealt to {q}",
            DRAW_PILE: f"a market card is to be turned face up onto {self.pile_label(self.pile_i)}",
            DRAW_HAND: f"{q} is to draw a market card",
            PLACE: f"{a} is to place two cards onto the stockpiles",
            INVESTOR_STEP: f"{a} may use an investor ability before the auction",
            BID: f"it is {a}'s turn to bid",
            SEE_PAIR: f"{a} is looking at a face-down pair",
            ACTION: f"{a} is to play action cards",
            SELL: f"{a} is selling",
            REVEAL: "a face-down pair is to be turned over",
            DIVIDEND: f"{a} is to reveal cards for the {COMPANIES[self.div[0]]} dividend" if self.div else "",
            DEBORAH_STEP: f"{a} (Dividend Deborah) may declare a dividend",
            HOLDING: f"{q} is to enter a face-down card of their portfolio",
        }[st]

    def hint(self) -> str:
        return self.awaiting()

    def describe_event(self, event: Event) -> str:
        """An event (``EVENT_KINDS``) in a sentence for the whole table."""
        words = _EVENT_WORDS.get(event.kind)
        return words(self, event) if words else super().describe_event(event)

    def describe(self, action: Action) -> str:
        try:
            return _describe(self, action)
        except Exception:  # a malformed action still gets a readable name
            return type(action).__name__

    def describe_hidden(self, action: Action) -> str:
        t = type(action)
        who = self.name(action.secret_to)
        if t is A.DealInvestor:
            return f"{who} is dealt an investor card"
        if t is A.DealStartingStock:
            return f"{who} is dealt a starting stock"
        if t is A.DealPair:
            return f"{who} is dealt a company tile and a forecast card"
        if t is A.DrawCard:
            return f"{who} draws a market card"
        if t is A.SeeHiddenPair:
            return f"{who} looks at face-down pair {action.index + 1}"
        if t is A.DealHolding:
            return f"{who} enters a face-down card of their portfolio"
        if t is A.PlaceCards:
            parts = []
            for card, pile, up in action.placements:
                where = self.pile_label(pile) if _int(pile) else str(pile)
                parts.append(f"{card} face up on {where}" if up else f"a card face down on {where}")
            return f"{who} places " + " and ".join(parts)
        return f"{who}: a secret entry"

    # ----------------------------------------------------------------- views
    def view(self, seat):
        R = self.R
        names = R.card_names
        over = self.step == OVER
        players = []
        for s in range(self.n):
            p = {
                "name": self.name(s),
                "money": self.money[s],
                "holdings": {"stock_cards": sum(self.reg[s]) + sum(self.pending[s]),
                             "split_cards": sum(self.split[s])},
                "owed": self.owed_total(s),
                "unpaid_fees": [names[k] for k in self.owed[s]],
                "investors": [INVESTORS[i] for i in self.inv[s]],
                "hand": len(self.hands[s]),
                "meeples_waiting": self.left[s] if self.step == BID else 0,
            }
            if over:
                reg, split = self.final[s]
                p["holdings"] = {"regular": {COMPANIES[c]: reg[c] for c in range(6) if reg[c]},
                                 "split": {COMPANIES[c]: split[c] for c in range(6) if split[c]}}
                p["score"] = self.scores[s]
            players.append(p)
        piles = []
        for p, pile in enumerate(self.piles):
            b = self.bids[p]
            piles.append({
                "cards": [{"card": names[k]} if up else {"face_down": True} for k, up, _ in pile],
                "bid": None if b is None else {"seat": b[0], "amount": R.bid_spaces[b[1]]},
            })
        revealed = []
        for item, c, f in self.revealed:
            if item[0] == "player":
                src = self.name(item[1])
            elif item[0] == "open":
                src = "face-up pair"
            else:
                src = f"face-down pair {item[1] + 1}"
            revealed.append({"from": src, "company": COMPANIES[c], "forecast": FORECASTS[f]})
        board = {
            "expert_board": self.expert,
            "investors": self.investors_on,
            "positions": {COMPANIES[c]: self.pos[c] for c in range(6)},
            "tracks": {COMPANIES[c]: list(self.tracks[c].values) for c in range(6)},
            "stockpiles": piles,
            "bid_spaces": list(R.bid_spaces),
            "open_pair": None if self.open_pair is None else
            {"company": COMPANIES[self.open_pair[0]], "forecast": FORECASTS[self.open_pair[1]]},
            "face_down_pairs": 0 if self.phase in ("setup", "game over") else
            self.n_hidden - sum(1 for r in self.revealed if r[0][0] == "hidden"),
            "revealed_pairs": revealed,
            "deck": self.deck_size,
            "discard": sum(self.discard),
            "dividend": None if self.div is None else
            {"company": COMPANIES[self.div[0]], "per_card": self.div[1]},
        }
        out = {
            "title": "Stockpile",
            "round": self.round,
            "rounds": self.rounds,
            "phase": self.phase,
            "first_player": self.first,
            "to_act": self.current_player() if self.current_player() >= 0 else None,
            "players": players,
            "stocks": {COMPANIES[c]: self.value(c) for c in range(6)},
            "board": board,
            "log_hint": self.awaiting(),
        }
        if seat is not None:
            out["private"] = self._private(seat)
        return out

    def _private(self, seat: int) -> dict:
        names = self.R.card_names
        bit = 1 << seat
        known = []
        for p, pile in enumerate(self.piles):
            for i, (k, up, mask) in enumerate(pile):
                if not up and mask & bit:
                    known.append({"stockpile": p, "position": i, "card": names[k]})
        seen = []
        for rec in self.seen[seat]:
            if rec[0] == "pair":
                _, rnd, target, index, c, f = rec
                seen.append({"round": rnd, "what": "pair",
                             "whose": self.name(target) if target is not None else f"face-down pair {index + 1}",
                             "index": index, "company": COMPANIES[c], "forecast": FORECASTS[f]})
            else:
                _, rnd, p, cards = rec
                seen.append({"round": rnd, "what": "stockpile", "stockpile": p, "face_down_cards": list(cards)})
        return {
            "pairs": [{"company": COMPANIES[c], "forecast": FORECASTS[f]} for c, f in self.ppairs[seat]],
            "hand": [names[k] for k in self.hands[seat]],
            "portfolio": {COMPANIES[c]: self.reg[seat][c] for c in range(6) if self.reg[seat][c]},
            "split_portfolio": {COMPANIES[c]: self.split[seat][c] for c in range(6) if self.split[seat][c]},
            "action_cards": {"Boom": self.pending[seat][0], "Bust": self.pending[seat][1]},
            "investor_cards": [INVESTORS[i] for i in self.inv_hand[seat]],
            "known_face_down": known,
            "seen": seen,
        }


def _describe(st, a: Action) -> str:
    t = type(a)
    name = st.name
    if t is A.Position:
        return st._describe_position(a)
    if t is A.Correction:
        return st._describe_correction(a)
    if t is A.DealHolding:
        # what varies comes last, so a screen lists "Alice holds a regular card of …" once
        return f"{name(a.seat)} holds a {'split' if a.split else 'regular'} card of {a.company}"
    if t is A.DealInvestor:
        return f"{name(a.seat)} is dealt {a.investor}"
    if t is A.KeepInvestors:
        return f"{name(a.seat)} keeps {' and '.join(a.investors)}"
    if t is A.DealStartingStock:
        return f"{name(a.seat)} is dealt a starting stock of {a.company}"
    if t is A.RevealOpenPair:
        return f"Face-up pair: {a.company} {a.forecast}"
    if t is A.DealPair:
        return f"{name(a.seat)} is dealt {a.company} {a.forecast}"
    if t is A.DrawToStockpile:
        return f"{a.card} is turned face up onto {st.pile_label(a.pile)}"
    if t is A.DrawCard:
        return f"{name(a.seat)} draws {a.card}"
    if t is A.PlaceCards:
        parts = [f"{card} face {'up' if up else 'down'} on {st.pile_label(pile)}"
                 for card, pile, up in a.placements]
        return f"{name(a.seat)} places " + " and ".join(parts)
    if t is A.MoveCard:
        return (f"{name(a.seat)} (Maverick Mark) moves card {a.position + 1} of {st.pile_label(a.from_pile)} "
                f"onto {st.pile_label(a.to_pile)}")
    if t is A.PeekStockpile:
        return f"{name(a.seat)} (Wise Warren) looks at the face-down cards of {st.pile_label(a.pile)}"
    if t is A.PeekPair:
        if a.target is None:
            return f"{name(a.seat)} (Mayknow Martha) looks at face-down pair {a.index + 1}"
        which = f" {a.index + 1}" if st.pairs_per > 1 else ""      # two pairs each with 2 players
        return f"{name(a.seat)} (Mayknow Martha) looks at {name(a.target)}'s pair{which}"
    if t is A.SeeHiddenPair:
        return f"{name(a.seat)} sees face-down pair {a.index + 1}: {a.company} {a.forecast}"
    if t is A.PlaceBid:
        return f"{name(a.seat)} bids {usd(a.amount)} on {st.pile_label(a.pile)}"
    if t is A.AuctionResult:
        return "Auction result: " + "; ".join(
            f"{name(s)} takes {st.pile_label(p)} for {usd(amount)}" for p, (s, amount) in enumerate(a.piles))
    if t is A.PlayActionCard:
        return f"{name(a.seat)} plays {a.card} on {a.company}"
    if t is A.CramerMove:
        return f"{name(a.seat)} (Crazy Cramer) moves {a.company} {'up' if a.steps > 0 else 'down'} one space"
    if t is A.SellStock:
        c = _CO[a.company]
        v = st.price(c) * (2 if a.split else 1)
        return f"{name(a.seat)} sells {'a split ' if a.split else ''}{a.company} for {usd(v)}"
    if t is A.SellHalfSplit:
        return f"{name(a.seat)} sells half of a split {a.company} for {usd(st.price(_CO[a.company]))}"
    if t is A.RevealPair:
        return f"Face-down pair {a.index + 1} is turned over: {a.company} {a.forecast}"
    if t is A.CollectDividend:
        if not a.regular and not a.split:
            return f"{name(a.seat)} reveals no {a.company} card"
        parts = [_cards(a.regular, "card")] if a.regular else []
        if a.split:
            parts.append(_cards(a.split, "split card"))
        rate = st.div[1] if st.div else 0
        return (f"{name(a.seat)} reveals {' and '.join(parts)} of {a.company} and collects "
                f"{usd(rate * (a.regular + 2 * a.split))}")
    if t is A.DeclareDividend:
        return f"{name(a.seat)} (Dividend Deborah) declares a dividend on {a.company}"
    if t is A.Pass:
        if st.step == SELL:
            return f"{name(a.seat)} is done selling"
        if st.step == ACTION:
            return f"{name(a.seat)} is done with the action phase"
        if st.step == DEBORAH_STEP:
            return f"{name(a.seat)} (Dividend Deborah) declares no dividend"
        return f"{name(a.seat)} passes"
    return t.__name__


# ----------------------------------------------------------------- events in words
def _won_words(st, event: Event) -> str:
    get = event.get
    who, bid, paid = st.name(get("seat")), get("bid"), get("paid")
    price = f"for {usd(paid)}" if paid == bid else f"with a bid of {usd(bid)} and pays {usd(paid)} (Discount Donald)"
    down = get("face_down")
    cards = _and(list(get("face_up")) + ([_cards(down, "face-down card")] if down else []))
    return f"{who} wins {st.pile_label(get('pile'))} {price}: {cards}"


def _fees_words(st, event: Event) -> str:
    get = event.get
    who = st.name(get("seat"))
    if get("bonus"):
        return (f"{who} (Broker Bernie) collects {usd(sum(get('bonus')))} for "
                f"{_cards(len(get('bonus')), 'trading fee card')} instead of paying")
    paid, owed = get("paid"), get("owed")
    parts = []
    if paid:
        parts.append(f"pays {'a trading fee' if len(paid) == 1 else 'trading fees'} of {_and(usd(x) for x in paid)}")
    if owed:
        parts.append(f"cannot pay {_and(usd(x) for x in owed)} yet: "
                     f"{'the card stays' if len(owed) == 1 else 'the cards stay'} face up until {who} can")
    return f"{who} " + "; ".join(parts)


def _late_words(st, event: Event) -> str:
    get = event.get
    paid, owed = get("paid"), get("owed")
    text = (f"{st.name(get('seat'))} now pays the trading {'fee' if len(paid) == 1 else 'fees'} "
            f"left unpaid: {_and(usd(x) for x in paid)}")
    return text + (f"; {_and(usd(x) for x in owed)} still unpaid" if owed else "")


def _move_words(st, event: Event) -> str:
    get = event.get
    steps = get("steps")
    way = f"{'up' if steps > 0 else 'down'} {_cards(abs(steps), 'space')}"
    change = f"{get('old')} → {get('new')}" + _through(get("through"))
    kind = event.kind
    who = st.name(get("seat"))
    if kind == "cramer":
        return f"{who} (Crazy Cramer) moves {get('stock')} {way}: {change}"
    return f"{who}'s {kind.capitalize()} moves {get('stock')} {way}: {change}"


def _forecast_words(st, event: Event) -> str:
    get = event.get
    source = get("source")
    whose = (f"{st.name(get('seat'))}'s pair" if source == "player" else "The face-up pair" if source == "open"
             else f"Face-down pair {get('pair') + 1}")
    stock, forecast = get("stock"), get("forecast")
    if get("steps") is None:
        rate = get("per_card")
        return (f"{whose}: {stock} {forecast}, a dividend of {usd(rate)} a card ({usd(2 * rate)} a split "
                f"card) for the cards each player reveals")
    return f"{whose}: {stock} {forecast}, {get('old')} → {get('new')}" + _through(get("through"))


def _through(kinds) -> str:
    """What a move went through on its way (told in full by the events that follow)."""
    if not kinds:
        return ""
    return " (" + _and("splits" if k == "split" else "goes bankrupt" for k in kinds) + " on the way)"


def _split_words(st, event: Event) -> str:
    get = event.get
    text = f"{get('stock')} splits: {get('old')} → {get('new')}"
    became = [f"{st.name(s)}'s " + ("card" if k == 1 else f"{k} cards") for s, k in get("became_split")]
    per = get("per_card")
    bonus = [f"{st.name(s)} collects {usd(amount)} for {_cards(amount // per, 'split card')} already held"
             for s, amount in get("bonus")]
    if became:
        one = len(became) == 1 and get("became_split")[0][1] == 1
        text += f"; {_and(became)} {'becomes a split card' if one else 'become split cards'}"
    text += "".join(f"; {b}" for b in bonus)
    return text if became or bonus else text + "; nobody holds any"


def _bankrupt_words(st, event: Event) -> str:
    get = event.get
    text = f"{get('stock')} goes bankrupt and starts over at {get('new')}"
    lost = [f"{st.name(s)} loses {_card_words(r, sp)}" for s, r, sp in get("lost")]
    return text + (f"; {_and(lost)}" if lost else "; nobody held any")


def _dollar_words(st, event: Event) -> str:
    get = event.get
    paid = [f"{st.name(s)} collects {usd(amount)}" for s, amount in get("paid")]
    return (f"{get('stock')} reaches a {'$' * get('signs')} space: {usd(get('per_card'))} a card, split cards "
            f"twice; " + (_and(paid) if paid else "nobody holds any"))


def _dividend_words(st, event: Event) -> str:
    get = event.get
    why = "dividend declared by Dividend Deborah" if get("source") == "deborah" else "dividend"
    paid = [(s, amount) for s, amount in get("paid")]
    got = [f"{st.name(s)} collects {usd(amount)}" for s, amount in paid if amount]
    none = [st.name(s) for s, amount in paid if not amount]
    text = f"{get('stock')} {why} ({usd(get('per_card'))} a card): "
    if not got:
        return text + "nobody reveals a card"
    return text + _and(got) + (f"; {_and(none)} {'reveals' if len(none) == 1 else 'reveal'} none" if none else "")


def _round_words(st, event: Event) -> str:
    get = event.get
    money = dict(get("money"))
    leaders = get("leaders")
    values = ", ".join(f"{stock} {value}" for stock, value in get("values"))
    cash = ", ".join(f"{st.name(s)} {usd(m)}" for s, m in get("money"))
    best = usd(money[leaders[0]])
    lead = (f"{st.name(leaders[0])} leads with {best}" if len(leaders) == 1
            else f"{_and(st.name(s) for s in leaders)} lead with {best} each")
    return f"End of round {event.round} of {get('rounds')}: {values}; money {cash}; {lead}"


def _majority_words(st, event: Event) -> str:
    get = event.get
    seats, stock, shares, bonus = get("seats"), get("stock"), get("shares"), get("bonus")
    if len(seats) == 1:
        return (f"{st.name(seats[0])} is the majority holder of {stock} ({_cards(shares, 'share')}) "
                f"and collects {usd(bonus)}")
    return (f"{_and(st.name(s) for s in seats)} tie as majority holders of {stock} "
            f"({_cards(shares, 'share')} each) and collect {usd(bonus)} each")


def _sale_words(st, event: Event) -> str:
    get = event.get
    cards = _and(_card_words(r, sp, company) for company, r, sp in get("cards"))
    extra = get("graham_bonus")
    return (f"{st.name(get('seat'))} sells {cards} at the final values for {usd(get('amount'))}"
            + (f", and collects {usd(extra)} as Golden Graham" if extra else ""))


def _end_words(st, event: Event) -> str:
    get = event.get
    scores = dict(get("scores"))
    winners = get("winners")
    best = usd(scores[winners[0]])
    head = (f"{st.name(winners[0])} wins with {best}" if len(winners) == 1
            else f"{_and(st.name(s) for s in winners)} share the win with {best}")
    rest = [f"{st.name(s)} {usd(v)}" for s, v in sorted(get("scores"), key=lambda sv: -sv[1]) if s not in winners]
    owed = [f"{st.name(s)}'s unpaid {usd(v)}" for s, v in get("owed")]
    return ("Game over: " + head + (f"; {', '.join(rest)}" if rest else "")
            + (f" ({_and(owed)} deducted)" if owed else ""))


_EVENT_WORDS = {
    "stockpile_won": _won_words, "fees": _fees_words, "fee_paid_late": _late_words,
    "boom": _move_words, "bust": _move_words, "cramer": _move_words, "forecast": _forecast_words,
    "split": _split_words, "bankruptcy": _bankrupt_words, "dollar_space": _dollar_words,
    "dividend": _dividend_words, "round_end": _round_words, "majority": _majority_words,
    "final_sale": _sale_words, "game_end": _end_words,
}
