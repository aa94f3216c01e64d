"""Stockpile in words and as views: what the game awaits, the log lines, each seat's view.
A mixin of ``StockpileState``.

Words are rendered when they are read, in the current language (``tabletop.i18n``): a name of
a company, an investor or a card is a parameter (``company``, ``investor``, ``card``), shown
under its edition's name. The views stay English data."""
from __future__ import annotations


from ..core import Action, Event
from ..i18n import N_, _, _shown, tr, trn
from . import actions as A
from .common import _CO, _and, _int, card, company, investor, usd, words
from .data import COMPANIES, FORECASTS, INVESTORS
from .steps import (ACTION, BID, DEAL_INVESTOR, DEAL_PAIR, DEBORAH_STEP, DIVIDEND, DRAW_HAND,
                    DRAW_PILE, HOLDING, INVESTOR_STEP, KEEP_INVESTORS, OPEN_PAIR, OVER, PLACE,
                    REENTER, REVEAL, SEE_PAIR, SELL, START_STOCK)

__all__ = ["WordsRules", "EVENT_KINDS"]

#: what the engine tells the whole table of, by kind (``state.events``, ``describe_event``); every
#: fact in an event is public: face-down cards are only ever counted (each line is marked for the
#: catalogs: shown with ``_(text)``)
EVENT_KINDS = {
    "stockpile_won": N_("a player takes a stockpile in the auction: the price, its face-up cards, how many face down"),
    "outbid": N_("a bid on a stockpile goes higher than another player's bid there, who takes the meeple back"),
    "fees": N_("the trading fees of the stockpiles a player took: paid, left unpaid, or Broker Bernie's bonus"),
    "fee_paid_late": N_("a trading fee left unpaid is paid as soon as the player has the money"),
    "boom": N_("a Boom card moves a stock up"),
    "bust": N_("a Bust card moves a stock down"),
    "cramer": N_("Crazy Cramer moves a stock one space"),
    "forecast": N_("a pair turned over in the movement phase moves a stock, or calls a dividend ($$)"),
    "split": N_("a stock passes the top of its track: its cards become split cards, split ones earn the bonus"),
    "bankruptcy": N_("a stock falls below its first space: every card of it is discarded and it starts over"),
    "dollar_space": N_("Stanford Steel reaches a $ space on the expert board: every card of it pays"),
    "dividend": N_("a dividend ($$ or Dividend Deborah) is paid: what each player collected for the cards shown"),
    "round_end": N_("a round ends: each stock's value, each player's money, who leads"),
    "majority": N_("at the end, the majority holder of a stock (or each tied holder) gets the bonus"),
    "final_sale": N_("at the end, a player's cards are sold at the final values"),
    "game_end": N_("the game is over: the final scores and the winners"),
}

#: what each step awaits ({player}: who acts, or who is dealt the card)
_AWAITING = {
    DEAL_INVESTOR: N_("an investor card is to be dealt to {player}"),
    START_STOCK: N_("a starting stock is to be dealt to {player}"),
    OPEN_PAIR: N_("the face-up company tile and forecast card are to be laid out"),
    DEAL_PAIR: N_("a company tile and forecast card are to be dealt to {player}"),
    DRAW_PILE: N_("a market card is to be turned face up onto {pile}"),
    DRAW_HAND: N_("{player} is to draw a market card"),
    PLACE: N_("{player} is to place two cards onto the stockpiles"),
    INVESTOR_STEP: N_("{player} may use an investor ability before the auction"),
    BID: N_("it is {player}'s turn to bid"),
    SEE_PAIR: N_("{player} is looking at a face-down pair"),
    ACTION: N_("{player} is to play action cards"),
    SELL: N_("{player} is selling"),
    REVEAL: N_("a face-down pair is to be turned over"),
    DIVIDEND: N_("{player} is to reveal cards for the {company} dividend"),
    DEBORAH_STEP: N_("{player} ({investor}) may declare a dividend"),
    HOLDING: N_("{player} is to enter a face-down card of their portfolio"),
    REENTER: N_("{player} is to enter again a card another entry named"),
}
_QUEUED = (DEAL_INVESTOR, START_STOCK, DEAL_PAIR, DRAW_HAND, HOLDING, REENTER)


def _card_words(regular: int, split: int, name: str = ""):
    """ "3 Epic Electric cards (1 split)", "2 split cards", "1 card"."""
    if not regular:
        if name:
            return trn("{n} split {company} card", "{n} split {company} cards", split, company=company(name))
        return trn("{n} split card", "{n} split cards", split)
    if split:   # at least two cards in all
        if name:
            return tr("{n} {company} cards ({split} split)", n=regular + split, split=split, company=company(name))
        return tr("{n} cards ({split} split)", n=regular + split, split=split)
    if name:
        return trn("{n} {company} card", "{n} {company} cards", regular, company=company(name))
    return trn("{n} card", "{n} cards", regular)


def _placed(what, pile, up: bool) -> str:
    if up:
        return tr("{card} face up on {pile}", card=card(what), pile=pile)
    return tr("{card} face down on {pile}", card=card(what), pile=pile)


def _places(who: str, parts: list) -> str:
    if len(parts) == 2:
        return tr("{player} places {first} and {second}", player=who, first=parts[0], second=parts[1])
    return tr("{player} places {cards}", player=who, cards=_(" and ").join(parts))


class WordsRules:
    """Words and views of ``StockpileState``."""

    # ----------------------------------------------------------------- words
    def pile_words(self, pile: int):
        """ "stockpile 2" as words (``pile_label`` is the same in English, kept as data)."""
        return words(N_("stockpile {number}"), number=pile + 1)

    def awaiting_words(self):
        """What the game waits for, as words to render (a refusal's parameter)."""
        st = self.step
        if st == OVER:
            return words(N_("the game is over"))
        if st == DIVIDEND and not self.div:
            return words("")
        if st == KEEP_INVESTORS:
            return words(N_("{player} is to choose which investors to keep") if self.two
                         else N_("{player} is to choose which investor to keep"), player=self.name(self.actor))
        if st in _QUEUED:
            who = self.queue[0] if self.queue else None
        else:
            who = self.actor
        return words(_AWAITING[st], player=self.name(who) if who is not None else None,
                     pile=self.pile_words(self.pile_i) if st == DRAW_PILE else None,
                     company=company(COMPANIES[self.div[0]]) if st == DIVIDEND else None,
                     investor=investor("Dividend Deborah"))

    def awaiting(self) -> str:
        """What the game waits for, in words (safe for the public table)."""
        return self.awaiting_words().render()

    def hint(self) -> str:
        return self.awaiting()

    def describe_event(self, event: Event) -> str:
        """An event (``EVENT_KINDS``) in a sentence for the whole table."""
        say = _EVENT_WORDS.get(event.kind)
        return say(self, event) if say else super().describe_event(event)

    def describe(self, action: Action) -> str:
        try:
            return _describe(self, action)
        except Exception:  # a malformed action still gets a readable name
            return type(action).__name__

    def describe_hidden(self, action: Action) -> str:
        t = type(action)
        who = self.name(action.secret_to)
        if t is A.DealInvestor:
            return tr("{player} is dealt an investor card", player=who)
        if t is A.DealStartingStock:
            return tr("{player} is dealt a starting stock", player=who)
        if t is A.DealPair:
            return tr("{player} is dealt a company tile and a forecast card", player=who)
        if t is A.DrawCard:
            return tr("{player} draws a market card", player=who)
        if t is A.SeeHiddenPair:
            return tr("{player} looks at face-down pair {number}", player=who, number=action.index + 1)
        if t is A.DealHolding:
            return tr("{player} enters a face-down card of their portfolio", player=who)
        if t is A.PlaceCards:
            parts = []
            for what, pile, up in action.placements:
                where = self.pile_words(pile) if _int(pile) else str(pile)
                parts.append(_placed(what, where, True) if up else tr("a card face down on {pile}", pile=where))
            return _places(who, parts)
        return tr("{player}: a secret entry", player=who)

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
                "holdings": {"stock_cards": sum(self.reg[s]) + sum(self.pending[s]) + self.lost_start[s],
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
            "deck": self.deck_size - sum(self.lost_start),   # (a starting stock to enter again is held)
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
            "pairs": [{"company": None if c is None else COMPANIES[c], "forecast": None if f is None else FORECASTS[f]}
                      for c, f in self.ppairs[seat]],
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
    pile = st.pile_words
    if t is A.Position:
        return st._describe_position(a)
    if t is A.Correction:
        return st._describe_correction(a)
    if t is A.DealHolding:
        # what varies comes last, so a screen lists "Alice holds a regular card of …" once
        if a.split:
            return tr("{player} holds a split card of {company}", player=name(a.seat), company=company(a.company))
        return tr("{player} holds a regular card of {company}", player=name(a.seat), company=company(a.company))
    if t is A.DealInvestor:
        return tr("{player} is dealt {investor}", player=name(a.seat), investor=investor(a.investor))
    if t is A.KeepInvestors:
        return tr("{player} keeps {investors}", player=name(a.seat),
                  investors=_(" and ").join(_shown(investor(i)) for i in a.investors))
    if t is A.DealStartingStock:
        return tr("{player} is dealt a starting stock of {company}", player=name(a.seat), company=company(a.company))
    if t is A.RevealOpenPair:
        return tr("Face-up pair: {company} {forecast}", company=company(a.company), forecast=a.forecast)
    if t is A.DealPair:
        return tr("{player} is dealt {company} {forecast}", player=name(a.seat), company=company(a.company),
                  forecast=a.forecast)
    if t is A.DrawToStockpile:
        return tr("{card} is turned face up onto {pile}", card=card(a.card), pile=pile(a.pile))
    if t is A.DrawCard:
        return tr("{player} draws {card}", player=name(a.seat), card=card(a.card))
    if t is A.PlaceCards:
        return _places(name(a.seat), [_placed(what, pile(p), up) for what, p, up in a.placements])
    if t is A.MoveCard:
        return tr("{player} ({investor}) moves card {number} of {pile} onto {other}", player=name(a.seat),
                  investor=investor("Maverick Mark"), number=a.position + 1, pile=pile(a.from_pile),
                  other=pile(a.to_pile))
    if t is A.PeekStockpile:
        return tr("{player} ({investor}) looks at the face-down cards of {pile}", player=name(a.seat),
                  investor=investor("Wise Warren"), pile=pile(a.pile))
    if t is A.PeekPair:
        martha = investor("Mayknow Martha")
        if a.target is None:
            return tr("{player} ({investor}) looks at face-down pair {number}", player=name(a.seat),
                      investor=martha, number=a.index + 1)
        if st.pairs_per > 1:      # two pairs each with 2 players
            return tr("{player} ({investor}) looks at {other}'s pair {number}", player=name(a.seat),
                      investor=martha, other=name(a.target), number=a.index + 1)
        return tr("{player} ({investor}) looks at {other}'s pair", player=name(a.seat), investor=martha,
                  other=name(a.target))
    if t is A.SeeHiddenPair:
        return tr("{player} sees face-down pair {number}: {company} {forecast}", player=name(a.seat),
                  number=a.index + 1, company=company(a.company), forecast=a.forecast)
    if t is A.PlaceBid:
        return tr("{player} bids {amount} on {pile}", player=name(a.seat), amount=usd(a.amount), pile=pile(a.pile))
    if t is A.AuctionResult:
        return tr("Auction result: {piles}", piles=_("; ").join(
            tr("{player} takes {pile} for {amount}", player=name(s), pile=pile(p), amount=usd(amount))
            for p, (s, amount) in enumerate(a.piles)))
    if t is A.PlayActionCard:
        return tr("{player} plays {card} on {company}", player=name(a.seat), card=card(a.card),
                  company=company(a.company))
    if t is A.CramerMove:
        template = (N_("{player} ({investor}) moves {company} up one space") if a.steps > 0
                    else N_("{player} ({investor}) moves {company} down one space"))
        return tr(template, player=name(a.seat), investor=investor("Crazy Cramer"), company=company(a.company))
    if t is A.SellStock:
        c = _CO[a.company]
        v = st.price(c) * (2 if a.split else 1)
        template = N_("{player} sells a split {company} for {amount}") if a.split else N_("{player} sells {company} for {amount}")
        return tr(template, player=name(a.seat), company=company(a.company), amount=usd(v))
    if t is A.SellHalfSplit:
        return tr("{player} sells half of a split {company} for {amount}", player=name(a.seat),
                  company=company(a.company), amount=usd(st.price(_CO[a.company])))
    if t is A.RevealPair:
        return tr("Face-down pair {number} is turned over: {company} {forecast}", number=a.index + 1,
                  company=company(a.company), forecast=a.forecast)
    if t is A.CollectDividend:
        who, what = name(a.seat), company(a.company)
        if not a.regular and not a.split:
            if st.step == DIVIDEND and not any(st.reg[a.seat]) and not any(st.split[a.seat]):
                return tr("{player} holds no stock card: no {company} dividend (entered by itself)",
                          player=who, company=what)
            return tr("{player} reveals no {company} card", player=who, company=what)
        rate = st.div[1] if st.div else 0
        amount = usd(rate * (a.regular + 2 * a.split))
        if not a.split:
            return trn("{player} reveals {n} card of {company} and collects {amount}",
                       "{player} reveals {n} cards of {company} and collects {amount}", a.regular,
                       player=who, company=what, amount=amount)
        if not a.regular:
            return trn("{player} reveals {n} split card of {company} and collects {amount}",
                       "{player} reveals {n} split cards of {company} and collects {amount}", a.split,
                       player=who, company=what, amount=amount)
        return tr("{player} reveals {cards} and {split_cards} of {company} and collects {amount}", player=who,
                  cards=trn("{n} card", "{n} cards", a.regular),
                  split_cards=trn("{n} split card", "{n} split cards", a.split), company=what, amount=amount)
    if t is A.DeclareDividend:
        return tr("{player} ({investor}) declares a dividend on {company}", player=name(a.seat),
                  investor=investor("Dividend Deborah"), company=company(a.company))
    if t is A.Pass:
        if st.step == SELL:
            if not any(st.reg[a.seat]) and not any(st.split[a.seat]):
                return tr("{player} holds no stock card: nothing to sell (entered by itself)", player=name(a.seat))
            return tr("{player} is done selling", player=name(a.seat))
        if st.step == ACTION:
            return tr("{player} is done with the action phase", player=name(a.seat))
        if st.step == DEBORAH_STEP:
            return tr("{player} ({investor}) declares no dividend", player=name(a.seat),
                      investor=investor("Dividend Deborah"))
        return tr("{player} passes", player=name(a.seat))
    return t.__name__


# ----------------------------------------------------------------- events in words
def _won_words(st, event: Event) -> str:
    get = event.get
    who, bid, paid = st.name(get("seat")), get("bid"), get("paid")
    down = get("face_down")
    cards = _and([card(c) for c in get("face_up")]
                 + ([trn("{n} face-down card", "{n} face-down cards", down)] if down else []))
    if paid == bid:
        return tr("{player} wins {pile} for {amount}: {cards}", player=who, pile=st.pile_words(get("pile")),
                  amount=usd(paid), cards=cards)
    return tr("{player} wins {pile} with a bid of {bid} and pays {amount} ({investor}): {cards}", player=who,
              pile=st.pile_words(get("pile")), bid=usd(bid), amount=usd(paid),
              investor=investor("Discount Donald"), cards=cards)


def _outbid_words(st, event: Event) -> str:
    get = event.get
    return tr("{player} was outbid on {pile} by {other} ({amount})", player=st.name(get("seat")),
              pile=st.pile_words(get("pile")), other=st.name(get("by")), amount=usd(get("amount")))


def _amounts(amounts) -> str:
    return _and(_shown(usd(x)) for x in amounts)


def _fees_words(st, event: Event) -> str:
    get = event.get
    who = st.name(get("seat"))
    if get("bonus"):
        return trn("{player} ({investor}) collects {amount} for {n} trading fee card instead of paying",
                   "{player} ({investor}) collects {amount} for {n} trading fee cards instead of paying",
                   len(get("bonus")), player=who, investor=investor("Broker Bernie"), amount=usd(sum(get("bonus"))))
    paid, owed = get("paid"), get("owed")
    parts = []
    if paid:
        parts.append(trn("pays a trading fee of {amounts}", "pays trading fees of {amounts}", len(paid),
                         amounts=_amounts(paid)))
    if owed:
        parts.append(trn("cannot pay {amounts} yet: the card stays face up until {player} can",
                         "cannot pay {amounts} yet: the cards stay face up until {player} can", len(owed),
                         amounts=_amounts(owed), player=who))
    return tr("{player} {what}", player=who, what=_("; ").join(parts))


def _late_words(st, event: Event) -> str:
    get = event.get
    paid, owed = get("paid"), get("owed")
    who = st.name(get("seat"))
    if owed:
        return trn("{player} now pays the trading fee left unpaid: {amounts}; {owed} still unpaid",
                   "{player} now pays the trading fees left unpaid: {amounts}; {owed} still unpaid", len(paid),
                   player=who, amounts=_amounts(paid), owed=_amounts(owed))
    return trn("{player} now pays the trading fee left unpaid: {amounts}",
               "{player} now pays the trading fees left unpaid: {amounts}", len(paid),
               player=who, amounts=_amounts(paid))


def _move_words(st, event: Event) -> str:
    get = event.get
    steps = get("steps")
    params = dict(player=st.name(get("seat")), company=company(get("stock")), old=get("old"),
                  new=get("new"), through=_through(get("through")))
    kind = event.kind
    if kind == "cramer":
        params["investor"] = investor("Crazy Cramer")
        if steps > 0:
            return trn("{player} ({investor}) moves {company} up {n} space: {old} → {new}{through}",
                       "{player} ({investor}) moves {company} up {n} spaces: {old} → {new}{through}", abs(steps), **params)
        return trn("{player} ({investor}) moves {company} down {n} space: {old} → {new}{through}",
                   "{player} ({investor}) moves {company} down {n} spaces: {old} → {new}{through}", abs(steps), **params)
    params["card"] = card("Boom" if kind == "boom" else "Bust")
    if steps > 0:
        return trn("{player}'s {card} moves {company} up {n} space: {old} → {new}{through}",
                   "{player}'s {card} moves {company} up {n} spaces: {old} → {new}{through}", abs(steps), **params)
    return trn("{player}'s {card} moves {company} down {n} space: {old} → {new}{through}",
               "{player}'s {card} moves {company} down {n} spaces: {old} → {new}{through}", abs(steps), **params)


def _forecast_words(st, event: Event) -> str:
    get = event.get
    source = get("source")
    if source == "player":
        whose = tr("{player}'s pair", player=st.name(get("seat")))
    elif source == "open":
        whose = _("The face-up pair")
    else:
        whose = tr("Face-down pair {number}", number=get("pair") + 1)
    stock, forecast = company(get("stock")), get("forecast")
    if get("steps") is None:
        rate = get("per_card")
        return tr("{whose}: {company} {forecast}, a dividend of {amount} a card ({split_amount} a split card) "
                  "for the cards each player reveals", whose=whose, company=stock, forecast=forecast,
                  amount=usd(rate), split_amount=usd(2 * rate))
    return tr("{whose}: {company} {forecast}, {old} → {new}{through}", whose=whose, company=stock,
              forecast=forecast, old=get("old"), new=get("new"), through=_through(get("through")))


def _through(kinds) -> str:
    """What a move went through on its way (told in full by the events that follow)."""
    if not kinds:
        return ""
    what = [_("splits") if k == "split" else _("goes bankrupt") for k in kinds]
    return tr(" ({what} on the way)", what=_and(what))


def _split_words(st, event: Event) -> str:
    get = event.get
    stock = company(get("stock"))
    text = tr("{company} splits: {old} → {new}", company=stock, old=get("old"), new=get("new"))
    became = [trn("{player}'s card", "{player}'s {n} cards", k, player=st.name(s)) for s, k in get("became_split")]
    per = get("per_card")
    bonus = [trn("{player} collects {amount} for {n} split card already held",
                 "{player} collects {amount} for {n} split cards already held", amount // per,
                 player=st.name(s), amount=usd(amount)) for s, amount in get("bonus")]
    parts = [text]
    if became:
        one = len(became) == 1 and get("became_split")[0][1] == 1
        parts.append(tr("{cards} becomes a split card", cards=_and(became)) if one
                     else tr("{cards} become split cards", cards=_and(became)))
    parts += bonus
    if not became and not bonus:
        parts.append(_("nobody holds any"))
    return _("; ").join(parts)


def _bankrupt_words(st, event: Event) -> str:
    get = event.get
    text = tr("{company} goes bankrupt and starts over at {new}", company=company(get("stock")), new=get("new"))
    lost = [tr("{player} loses {cards}", player=st.name(s), cards=_card_words(r, sp)) for s, r, sp in get("lost")]
    return _("; ").join([text, _and(lost) if lost else _("nobody held any")])


def _dollar_words(st, event: Event) -> str:
    get = event.get
    paid = [tr("{player} collects {amount}", player=st.name(s), amount=usd(amount)) for s, amount in get("paid")]
    return tr("{company} reaches a {signs} space: {amount} a card, split cards twice; {paid}",
              company=company(get("stock")), signs="$" * get("signs"), amount=usd(get("per_card")),
              paid=_and(paid) if paid else _("nobody holds any"))


def _dividend_words(st, event: Event) -> str:
    get = event.get
    paid = [(s, amount) for s, amount in get("paid")]
    got = [tr("{player} collects {amount}", player=st.name(s), amount=usd(amount)) for s, amount in paid if amount]
    none = [st.name(s) for s, amount in paid if not amount]
    params = dict(company=company(get("stock")), amount=usd(get("per_card")), investor=investor("Dividend Deborah"))
    if get("source") == "deborah":
        head = tr("{company} dividend declared by {investor} ({amount} a card)", **params)
    else:
        head = tr("{company} dividend ({amount} a card)", **params)
    if not got:
        return tr("{head}: {paid}", head=head, paid=_("nobody reveals a card"))
    paid_words = _and(got)
    if none:
        paid_words = trn("{paid}; {players} reveals none", "{paid}; {players} reveal none", len(none),
                         paid=paid_words, players=_and(none))
    return tr("{head}: {paid}", head=head, paid=paid_words)


def _round_words(st, event: Event) -> str:
    get = event.get
    money = dict(get("money"))
    leaders = get("leaders")
    values = _(", ").join(tr("{company} {value}", company=company(stock), value=value) for stock, value in get("values"))
    cash = _(", ").join(tr("{player} {amount}", player=st.name(s), amount=usd(m)) for s, m in get("money"))
    best = usd(money[leaders[0]])
    lead = (tr("{player} leads with {amount}", player=st.name(leaders[0]), amount=best) if len(leaders) == 1
            else tr("{players} lead with {amount} each", players=_and(st.name(s) for s in leaders), amount=best))
    return tr("End of round {round} of {rounds}: {values}; money {money}; {lead}", round=event.round,
              rounds=get("rounds"), values=values, money=cash, lead=lead)


def _majority_words(st, event: Event) -> str:
    get = event.get
    seats, stock, shares, bonus = get("seats"), company(get("stock")), get("shares"), usd(get("bonus"))
    if len(seats) == 1:
        return trn("{player} is the majority holder of {company} ({n} share) and collects {amount}",
                   "{player} is the majority holder of {company} ({n} shares) and collects {amount}", shares,
                   player=st.name(seats[0]), company=stock, amount=bonus)
    return trn("{players} tie as majority holders of {company} ({n} share each) and collect {amount} each",
               "{players} tie as majority holders of {company} ({n} shares each) and collect {amount} each", shares,
               players=_and(st.name(s) for s in seats), company=stock, amount=bonus)


def _sale_words(st, event: Event) -> str:
    get = event.get
    cards = _and(_card_words(r, sp, name) for name, r, sp in get("cards"))
    extra = get("graham_bonus")
    params = dict(player=st.name(get("seat")), cards=cards, amount=usd(get("amount")), bonus=usd(extra),
                  investor=investor("Golden Graham"))
    if extra:
        return tr("{player} sells {cards} at the final values for {amount}, and collects {bonus} as {investor}",
                  **params)
    return tr("{player} sells {cards} at the final values for {amount}", **params)


def _end_words(st, event: Event) -> str:
    get = event.get
    scores = dict(get("scores"))
    winners = get("winners")
    best = usd(scores[winners[0]])
    head = (tr("{player} wins with {amount}", player=st.name(winners[0]), amount=best) if len(winners) == 1
            else tr("{players} share the win with {amount}", players=_and(st.name(s) for s in winners), amount=best))
    rest = [tr("{player} {amount}", player=st.name(s), amount=usd(v))
            for s, v in sorted(get("scores"), key=lambda sv: -sv[1]) if s not in winners]
    owed = [tr("{player}'s unpaid {amount}", player=st.name(s), amount=usd(v)) for s, v in get("owed")]
    text = _("; ").join([head, _(", ").join(rest)] if rest else [head])
    if owed:
        text = tr("{scores} ({owed} deducted)", scores=text, owed=_and(owed))
    return tr("Game over: {scores}", scores=text)


_EVENT_WORDS = {
    "stockpile_won": _won_words, "outbid": _outbid_words, "fees": _fees_words, "fee_paid_late": _late_words,
    "boom": _move_words, "bust": _move_words, "cramer": _move_words, "forecast": _forecast_words,
    "split": _split_words, "bankruptcy": _bankrupt_words, "dollar_space": _dollar_words,
    "dividend": _dividend_words, "round_end": _round_words, "majority": _majority_words,
    "final_sale": _sale_words, "game_end": _end_words,
}
