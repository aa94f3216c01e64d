"""時価で勝負 on the screens: its board (the four suits with their two slots and the watcher),
its score as the only public worth, its start-from-the-table form and its corrections.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as W

from tabletop.core import Action
from tabletop.errors import MalformedAction
from tabletop.i18n import N_, _, tr

from .. import kit
from ..correct import Fix
from ..position import PositionForm, labelled, section_heading, typed_numbers, typed_words
from ..render import esc, htr, name, word
from . import TitleUI, register_ui
from .shared import always_private, board_section, next_hint


_SUITS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def jika_board(view: Mapping) -> str:
    board = view.get("board") or {}
    market = board.get("market") or {}
    watched = board.get("watched")
    suits = []
    for suit, m in market.items():
        red = suit in ("hearts", "diamonds")
        blocked = ('<div class="tt-owed">' + esc(_("watched: not this round")) + '</div>' if suit == watched else "")
        upper = htr(N_("upper {card}"), card=f'<b>{esc(m.get("upper_card") or "-")}</b>')
        lower = htr(N_("lower {card}"), card=f'<b>{esc(m.get("lower_card") or "-")}</b>')
        suits.append(
            f'<div class="tt-stock tt-suit"><div class="tt-stock-name" style="color:{"#b91c1c" if red else "#111"}">'
            f'{_SUITS.get(suit, "")} {esc(name(suit, "jika term"))}</div>'
            f"<div>{upper}</div><div>{lower}</div>"
            f'<div class="tt-stock-value">{esc(m.get("price"))}</div>{blocked}</div>')
    parts = [board_section(_("The four suits (price = the lower of the two slots)"),
                      f'<div class="tt-stocks">{"".join(suits)}</div>')]
    shown = _(", ").join(f"{_SUITS.get(s, '')} {name(s, 'jika term')}" for s in board.get("watchers_shown") or [])
    watcher = _SUITS.get(watched, "") + " " + name(watched, "jika term") if watched else _("none yet")
    parts.append("<div>" + htr(N_("Watcher: {suit}"), suit=f"<b>{esc(watcher)}</b>")
                 + " · " + htr(N_("jacks left {n}"), n=esc(board.get("watcher_pile", "?")))
                 + (" · " + htr(N_("shown so far: {suits}"), suits=esc(shown)) if shown else "") + "</div>")
    names = [p.get("name", "") for p in view.get("players") or []]
    plays = board.get("plays") or []
    if plays:
        last = plays[-8:]
        plays_text = _(", ").join(
            tr("{player} {card} ({slot})", player=names[p["seat"]] if p["seat"] < len(names) else p["seat"],
               card=p["card"], slot=word(p["slot"]))
            for p in reversed(last))
        parts.append('<div class="tt-dim">' + esc(tr("Last plays: {plays}", plays=plays_text)) + '</div>')
    if view.get("log_hint"):
        parts.append(f'<div class="tt-dim">{next_hint(view["log_hint"])}</div>')
    return "".join(parts)


def _score_only(view: Mapping, seat: int) -> int | None:
    """時価で勝負: the certificates are secret until the end, so only the final score is public."""
    score = (view.get("players") or [])[seat].get("score")
    return score if isinstance(score, int) else None


def start_position_form(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    from tabletop.jika import Position
    from tabletop.jika.data import HAND_SIZE, MARKET_VALUES, SUITS
    round_ = labelled(W.BoundedIntText(value=1, min=1, max=99, description=_("Next round")))
    upper = [labelled(W.Dropdown(options=[(_("nothing"), None)] + [(str(v), v) for v in MARKET_VALUES], value=None,
                                  description=tr("{suit} upper", suit=name(s, "jika term"))), "9em") for s in SUITS]
    lower = [labelled(W.Dropdown(options=[(_("ace"), 1)] + [(str(v), v) for v in MARKET_VALUES], value=1,
                                  description=tr("{suit} lower", suit=name(s, "jika term"))), "9em") for s in SUITS]
    default = options.get("hand_size", HAND_SIZE.get(len(players), 7))
    hands = [labelled(W.BoundedIntText(value=default, min=0, max=default, description=player), "8em")
             for player in players]
    passed = [W.Checkbox(value=False, description=_("passed"), indent=False) for _n in players]
    shown = labelled(W.Text(description=_("Jacks up"), placeholder=_("suits turned up since the last shuffle, in order")),
                      "6em")
    covered = labelled(W.Text(description=_("Covered"), placeholder=_("covered cards, e.g. hearts 7, clubs 3")), "6em")

    def build() -> Action:
        words = typed_words(covered.value)
        if len(words) % 2:
            raise MalformedAction("Covered cards are written as a suit then a value, e.g. 'hearts 7'.")
        pairs = tuple((words[i], typed_numbers(words[i + 1], tr("the covered {card}", card=words[i]))[0])
                      for i in range(0, len(words), 2))
        return Position(round=round_.value,
                        market=tuple((s, u.value, lw.value) for s, u, lw in zip(SUITS, upper, lower)),
                        hands=tuple(w.value for w in hands), passed=tuple(w.value for w in passed),
                        watchers_shown=tuple(typed_words(shown.value)), covered=pairs)

    seats = W.VBox([kit.box([h, p]) for h, p in zip(hands, passed)])
    return PositionForm([round_, section_heading(N_("The market")),
                         W.VBox([kit.box([u, lw]) for u, lw in zip(upper, lower)]),
                         section_heading(N_("Cards in each hand")), seats, shown, covered], build)


def corrections(options) -> list[Fix]:
    from tabletop.jika.data import MARKET_VALUES, SLOTS, START_PRICE, SUITS
    values = [(str(v), v) for v in MARKET_VALUES]
    showing = {"upper": [(_("nothing"), None)] + values, "lower": [(_("the ace"), START_PRICE)] + values}
    return [Fix("square", N_("A market card"), N_("It shows"), board=True,
                subjects=[(tr("{suit}, {slot} card", suit=name(suit, "jika term"), slot=_(slot)), f"{suit} {slot}")
                          for suit in SUITS for slot in SLOTS],
                values=lambda subject: showing[subject.split(" ")[1]])]


register_ui("jika", TitleUI(position_form=start_position_form, corrections=corrections,
                            board_html=jika_board, private_decision=always_private, net_worth=_score_only,
                            unit=" pts", worth_label=N_("Score (the certificates are secret until the end)"),
                            chance_prompt=N_("Enter the jack the watcher turns up")))
