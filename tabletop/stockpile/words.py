"""Stockpile in words and as views: what the game awaits, the log lines, each seat's view.
A mixin of ``StockpileState``."""
from __future__ import annotations


from ..core import Action
from . import actions as A
from .common import _CO, _cards, _int, usd
from .data import COMPANIES, FORECASTS, INVESTORS
from .steps import (ACTION, BID, DEAL_INVESTOR, DEAL_PAIR, DEBORAH_STEP, DIVIDEND, DRAW_HAND,
                    DRAW_PILE, HOLDING, INVESTOR_STEP, KEEP_INVESTORS, OPEN_PAIR, OVER, PLACE,
                    REVEAL, SEE_PAIR, SELL, START_STOCK)

__all__ = ["WordsRules"]


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
        card = f"split {a.company}" if a.split else str(a.company)
        return f"{name(a.seat)} holds {'an' if card[:1] in 'AEIOU' else 'a'} {card} card"
    if t is A.DealInvestor:
        return f"{name(a.seat)} is dealt {a.investor}"
    if t is A.KeepInvestors:
        return f"{name(a.seat)} keeps {' and '.join(a.investors)}"
    if t is A.DealStartingStock:
        return f"{name(a.seat)} is dealt a starting {a.company} stock"
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
        return f"{name(a.seat)} (Mayknow Martha) looks at {name(a.target)}'s pair"
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
