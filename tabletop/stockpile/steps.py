"""What a Stockpile state awaits (``StockpileState.step``): one small int per step, and which
steps are chance events. Shared by the rules and the position module, which import it; it
imports nothing of theirs."""
from __future__ import annotations

__all__ = ["DEAL_INVESTOR", "KEEP_INVESTORS", "START_STOCK", "OPEN_PAIR", "DEAL_PAIR", "DRAW_PILE",
           "DRAW_HAND", "PLACE", "INVESTOR_STEP", "BID", "SEE_PAIR", "ACTION", "SELL", "REVEAL",
           "DIVIDEND", "DEBORAH_STEP", "OVER", "HOLDING", "REENTER", "IS_CHANCE"]

(DEAL_INVESTOR, KEEP_INVESTORS, START_STOCK, OPEN_PAIR, DEAL_PAIR, DRAW_PILE, DRAW_HAND, PLACE,
 INVESTOR_STEP, BID, SEE_PAIR, ACTION, SELL, REVEAL, DIVIDEND, DEBORAH_STEP, OVER,
 HOLDING, REENTER) = range(19)
#: HOLDING: after a ``Position``, each player enters the face-down cards of their portfolio.
#: REENTER: a player enters again a starting stock or a pair part the match no longer knows
#: (another entry named it), at their next turn to draw or before their pair is turned over
IS_CHANCE = (True, False, True, True, True, True, True, False,
             False, False, True, False, False, True, False, False, False, True, True)
