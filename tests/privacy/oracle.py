"""What may sit on the shared screen, decided from the documentation and the engine's private
views, never from the dashboard code under test (``tracker.needs_private``, ``ui.public_choices``).

``PRIVACY_TABLE`` is the table "Privacy rules per game" of docs/dashboards.md typed in as data,
with the action types each phrase names (read from the rulebook's words and the action classes);
``test_oracle.py`` checks the document still says exactly this. ``SHARED_EXCEPTIONS`` are the
choices the same page says stay on the shared screen ("done selling", "reveal no card for the
dividend"). A choice is on the shared screen only if this oracle allows it, and no text of the
shared screen names a token that only some seat's private view holds.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from tabletop import CHANCE, TERMINAL, Match

DASHBOARDS_MD = Path(__file__).resolve().parents[2] / "docs" / "dashboards.md"

#: game (as the doc names it) -> (the doc's words, engine title, decisions those words make private)
PRIVACY_TABLE: dict[str, tuple[str, str, frozenset[str]]] = {
    "Stockpile": (
        "dealt pairs, starting stock, drawn cards, placing the two cards, selling, dividends, "
        "Boom/Bust, keeping investors",
        "stockpile",
        # placing the two cards, selling (regular and split cards), dividends, Boom/Bust, keeping investors
        frozenset({"PlaceCards", "SellStock", "SellHalfSplit", "CollectDividend", "PlayActionCard",
                   "KeepInvestors"})),
    "Acquire": (
        "tile draws, placing a tile (the choices are the rack); with hidden money, buying too",
        "acquire",
        frozenset({"PlaceTile"})),
    "Black Monday": (
        "the deal and draws, and every turn (every choice is made from the hand)",
        "black-monday",
        frozenset({"*"})),                      # every turn
    "時価で勝負": (
        "certificates and cards dealt, and every play (from the hand)",
        "jika",
        frozenset({"*"})),                      # every play
}
#: "with hidden money, buying too": a buying decision (buy a share or end the turn)
ACQUIRE_HIDDEN_MONEY_PRIVATE = frozenset({"BuyShare", "EndTurn"})

#: the doc's words for the choices that stay on the shared screen beside the gate
SHARED_EXCEPTION_WORDS = ("done selling", "reveal no card for the dividend")

_BY_TITLE = {title: (words, kinds) for _game, (words, title, kinds) in PRIVACY_TABLE.items()}


def doc_privacy_table(text: str | None = None) -> dict[str, str]:
    """The rows of the table "Privacy rules per game" as the document has them now."""
    text = DASHBOARDS_MD.read_text(encoding="utf-8") if text is None else text
    section = text.split("## Privacy rules per game", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] not in ("game", "") and not set(cells[0]) <= set("-"):
            rows[cells[0]] = cells[1]
    return rows


def private_decision(match: Match, legal: Sequence | None = None) -> bool:
    """Must the decision now be taken in the acting player's own panel (per the docs' table)?"""
    state = match.state
    legal = state.legal_actions() if legal is None else legal
    if any(a.secret_to is not None for a in legal):
        return True
    _words, kinds = _BY_TITLE[match.game.title]
    names = {type(a).__name__ for a in legal}
    if "*" in kinds or names & kinds:
        return True
    if match.game.title == "acquire" and match.game.options.get("hidden_money"):
        return bool(names & ACQUIRE_HIDDEN_MONEY_PRIVATE)
    return False


def shared_exception(match: Match, action) -> bool:
    """One of the documented choices that stay on the shared screen beside the gate."""
    if match.game.title != "stockpile":
        return False
    kind = type(action).__name__
    if kind == "Pass" and match.state.phase == "selling":                 # "done selling"
        return True
    return (kind == "CollectDividend" and action.regular == 0            # "reveal no card
            and action.split == 0)                                        #  for the dividend"


def gate_owner(match: Match) -> int | None:
    """The seat whose panel the next entry belongs in, or None when it is entered on the shared
    screen (per the oracle)."""
    player = match.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return match.state.chance_owner()
    return player if private_decision(match) else None


def shared_choices(match: Match) -> list:
    """The choices the shared screen may offer now, in the engine's order."""
    player = match.current_player()
    if player == TERMINAL:
        return []
    if player == CHANCE:
        return [] if match.state.chance_owner() is not None else list(match.offered_actions(None))
    legal = match.legal_actions()
    if not private_decision(match, legal):
        return legal
    return [a for a in legal if shared_exception(match, a)]


# --- secret tokens --------------------------------------------------------------------------
def _leaves(value: Any) -> Iterable[str]:
    """Every string of a JSON value (not mapping keys, not numbers: "3" or "10" are everywhere)."""
    if isinstance(value, Mapping):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, str):
        yield value


def secret_tokens(match: Match) -> set[str]:
    """Strings that some seat's private view holds and the public view does not: a tile "5C" in a
    rack, a card "6♥" in a hand. Compared leaf by leaf, so a public sentence that happens to list
    secret tiles does not make them public."""
    public = set(_leaves(match.view(None)))
    out = set()
    for seat in range(match.game.n_players):
        private = match.view(seat).get("private")
        out.update(s for s in _leaves(private) if s not in public and s.strip())
    return out


def find_tokens(tokens: Iterable[str], text: str) -> list[str]:
    """The tokens that occur in ``text`` as whole words ("5C" is not found inside "15C")."""
    tokens = sorted(set(tokens), key=len, reverse=True)
    if not tokens:
        return []
    pattern = re.compile("|".join(rf"(?<![\w+-]){re.escape(t)}(?!\w)" for t in tokens))
    return sorted({m.group(0) for m in pattern.finditer(text)})
