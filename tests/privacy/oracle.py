"""What may sit on the shared screen, decided from the documentation and the engine's private
views, never from the dashboard code under test (``tracker.needs_private``, ``ui.public_choices``).

``PRIVACY_TABLE`` is the table "Privacy rules per game" of docs/dashboards.md typed in as data:
the secret chance events and the private decisions each row names (read from the rulebook's
words, the action classes and the phases); ``test_oracle.py`` checks the document still says
exactly this. ``SHARED_EXCEPTIONS`` are the choices the same page says stay on the shared screen
("done selling", "reveal no card for the dividend"). A choice is on the shared screen only if
this oracle allows it, and no text of the shared screen names a token that only some seat's
private view holds.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from tabletop import CHANCE, TERMINAL, Match

DASHBOARDS_MD = Path(__file__).resolve().parents[2] / "docs" / "dashboards.md"

#: game (as the doc names it) -> (the doc's words, engine title, the secret chance events those
#: words name, the decisions they name as a rule on the public view). A decision's privacy must
#: follow from public facts (the phase, a dividend being paid), never from the legal actions:
#: whether Boom/Bust may be played, say, depends on a hidden hand.
PRIVACY_TABLE: dict[str, tuple[str, str, frozenset[str], Callable[[Mapping, Mapping], bool]]] = {
    "Stockpile": (
        "dealt pairs, starting stock, drawn cards, placing the two cards, selling, dividends, "
        "Boom/Bust, keeping investors",
        "stockpile",
        frozenset({"DealPair", "DealStartingStock", "DrawCard"}),
        # keeping investors (setup), placing the two cards (supply), Boom/Bust (action phase),
        # selling, and any decision while a dividend is being paid
        lambda view, options: (view["phase"] in ("setup", "supply", "action", "selling")
                               or (view.get("board") or {}).get("dividend") is not None)),
    "Acquire": (
        "tile draws, placing a tile (the choices are the rack); with hidden money, buying too",
        "acquire",
        frozenset({"DrawTile"}),
        lambda view, options: (view["phase"] == "place"
                               or (bool(options.get("hidden_money")) and view["phase"] == "buy"))),
    "Black Monday": (
        "the deal and draws, and every turn (every choice is made from the hand)",
        "black-monday",
        frozenset({"DealCard", "DrawCard"}),
        lambda view, options: True),
    "時価で勝負": (
        "certificates and cards dealt, and every play (from the hand)",
        "jika",
        frozenset({"DealCertificate", "DealCard"}),
        lambda view, options: True),
}

#: the choices docs/dashboards.md says stay on the shared screen beside the gate, by its words
SHARED_EXCEPTIONS: dict[str, Callable[[Match, Any], bool]] = {
    "done selling": lambda match, a: (match.game.title == "stockpile" and type(a).__name__ == "Pass"
                                      and match.view(None)["phase"] == "selling"),
    "reveal no card for the dividend": lambda match, a: (
        match.game.title == "stockpile" and type(a).__name__ == "CollectDividend"
        and a.regular == 0 and a.split == 0),
}
SHARED_EXCEPTION_WORDS = tuple(SHARED_EXCEPTIONS)

_BY_TITLE = {title: row for _game, (_words, title, *row) in PRIVACY_TABLE.items()}


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


def doc_shared_exceptions(text: str | None = None) -> list[str]:
    """The quoted choices of the doc's sentence "Choices open to everyone whatever they hold
    (...) stay on the shared screen"."""
    text = " ".join((DASHBOARDS_MD.read_text(encoding="utf-8") if text is None else text).split())
    sentence = text.split("Choices open to everyone", 1)[1].split("stay on the shared screen", 1)[0]
    return re.findall(r'"([^"]+)"', sentence)


def judged_by_table(match: Match) -> bool:
    """Is this title in the docs' table? (A test title is judged by tokens only.)"""
    return match.game.title in _BY_TITLE


def private_decision(match: Match) -> bool:
    """Must the decision now be taken in the acting player's own panel (per the docs' table)?
    Decided from the public view and the options only."""
    _chance, rule = _BY_TITLE[match.game.title]
    return bool(rule(match.view(None), match.game.options))


def secret_chance(match: Match) -> bool:
    """Is the chance event now one the table (or the engine, stricter) says is secret?"""
    chance, _rule = _BY_TITLE[match.game.title]
    legal = match.legal_actions()
    return any(type(a).__name__ in chance or a.secret_to is not None for a in legal)


def shared_exception(match: Match, action) -> bool:
    """One of the documented choices that stay on the shared screen beside the gate."""
    return any(rule(match, action) for rule in SHARED_EXCEPTIONS.values())


def gate_owner(match: Match) -> int | None:
    """The seat whose panel the next entry belongs in, or None when it is entered on the shared
    screen (per the oracle)."""
    player = match.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return match.state.chance_owner() if secret_chance(match) else None
    return player if private_decision(match) else None


def shared_choices(match: Match) -> list:
    """The choices the shared screen may offer now, in the engine's order."""
    player = match.current_player()
    if player == TERMINAL:
        return []
    if player == CHANCE:
        return [] if secret_chance(match) else list(match.offered_actions(None))
    legal = match.legal_actions()
    if not private_decision(match):
        return legal
    return [a for a in legal if shared_exception(match, a)]


# --- secret tokens --------------------------------------------------------------------------
def _leaves(value: Any, keys: bool = False) -> Iterable[str]:
    """Every string of a JSON value, mapping keys too if ``keys`` (not numbers: "3" or "10" are
    everywhere)."""
    if isinstance(value, Mapping):
        for k, v in value.items():
            if keys and isinstance(k, str):
                yield k
            yield from _leaves(v, keys)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v, keys)
    elif isinstance(value, str):
        yield value


def _as_money(v: Any) -> str:
    """A whole number as the docs write money and card values ("$3", "$6,000"), else as is."""
    return f"${v:,}" if isinstance(v, int) and not isinstance(v, bool) else str(v)


def _composites(value: Any, parts: bool = False) -> Iterable[str]:
    """Small records read as one phrase: a pair {"company": "Stanford Steel", "forecast": "+4"}
    as "Stanford Steel +4", which the bare words "Stanford Steel" and "+4" cannot show; a record
    with a number also the way the docs write a card, the number as dollars: a Black Monday card
    {"stock": "Whip Burger", "value": 3} as "Whip Burger 3" and "Whip Burger $3".
    ``parts``: every run of two or more neighbouring fields too, and each name with its number in
    a name-to-number table ("Whip Burger $4" where the prices say {"Whip Burger": 4}), for the
    public side: a revealed pair also says who revealed it, and a screen showing a price shows
    the same words as a card of that value."""
    if isinstance(value, Mapping):
        fields = [v for v in value.values() if isinstance(v, (str, int)) and not isinstance(v, bool)]
        scalars = [str(v) for v in fields]
        if len(scalars) >= 2 and len(scalars) == len(value) and not all(s.isdigit() for s in scalars):
            wordings = [scalars]
            if any(isinstance(v, int) for v in fields):
                wordings.append([_as_money(v) for v in fields])
            for words in wordings:
                if parts:
                    for i in range(len(words)):
                        for j in range(i + 2, len(words) + 1):
                            yield " ".join(words[i:j])    # (a run of numbers alone is skipped below)
                else:
                    yield " ".join(words)
        if parts:
            for k, v in value.items():
                if isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool):
                    yield f"{k} {v}"
                    yield f"{k} {_as_money(v)}"
        for v in value.values():
            yield from _composites(v, parts)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _composites(v, parts)


def secret_tokens(match: Match) -> set[str]:
    """Strings that some seat's private view holds and the public view does not: a tile "5C" in a
    rack, a card "6♥" in a hand, a pair "Stanford Steel +4". Compared leaf by leaf, so a public
    sentence that happens to list secret tiles does not make them public."""
    public_view = match.view(None)
    public = set(_leaves(public_view, keys=True)) | set(_composites(public_view, parts=True))
    out = set()
    for seat in range(match.game.n_players):
        private = match.view(seat).get("private")
        out.update(s for s in _leaves(private) if s not in public and s.strip())
        out.update(s for s in _composites(private) if s not in public
                   and not all(w.isdigit() for w in s.split()))
    return out


def find_tokens(tokens: Iterable[str], text: str) -> list[str]:
    """The tokens that occur in ``text`` as whole words ("5C" is not found inside "15C" or
    "5CD", "+4" not inside "+40", "-3" not inside "-3.6")."""
    found = []
    for token in set(tokens):
        at = text.find(token)
        while at >= 0:
            end = at + len(token)
            before = text[at - 1] if at else " "
            after = text[end] if end < len(text) else " "
            decimal = after == "." and text[end + 1:end + 2].isdigit()      # "-3" in "-3.6"
            if not (before.isalnum() or before in "_+-." or after.isalnum() or after == "_" or decimal):
                found.append(token)
                break
            at = text.find(token, at + 1)
    return sorted(found)


def log_secret_tokens(match: Match) -> set[str]:
    """The text fields of secret entries (a tile drawn, a card dealt) that the public view does
    not show."""
    public_view = set(_leaves(match.view(None), keys=True))
    return {s for action in match.log if action.secret_to is not None
            for s in field_strings(action) if s.strip() and s not in public_view}


def all_secret_tokens(match: Match) -> set[str]:
    """Secret tokens from the private views and the secret entries, less any the public log
    names: a forecast "+4" read out in the log is public words even while another "+4" is
    secret, and a tile the log shows placed is in no rack."""
    tokens = secret_tokens(match) | log_secret_tokens(match)
    if tokens:
        # the events are public words too (announced on every screen: a pair turned over, say);
        # that none depends on a secret is the forks' check, not this one's
        told = [match.state.describe_event(e) for e in match.events()]
        tokens -= set(find_tokens(tokens, "\n".join(match.describe_log(None) + told)))
    return tokens


def field_strings(action) -> set[str]:
    """The text in ``action``'s fields but the seat."""
    return {s for name, value in action.to_dict().items() if name not in ("type", "seat")
            for s in _leaves(value)}


def names_secret(action, tokens: set[str]) -> bool:
    """Does ``action`` name one of ``tokens`` in any field but the seat?"""
    return not field_strings(action).isdisjoint(tokens)
