"""Acquire on the screens: its board (the grid and the corporations), the tiles picked on the
board's own grid, its buttons' public words, its start-from-the-table form and its corrections.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as W

from tabletop.core import Action, State
from tabletop.i18n import N_, _, tr

from .. import kit
from ..correct import Fix, named_choices
from ..pickers import PickerContext, Row, Tap, acting_name, refused_after, short_label
from ..position import (PositionForm, entry_grid, labelled, seat_dropdown, section_heading, small_entry,
                        typed_words)
from ..render import attr, esc, htr, money, name, scroll_box, short_name, word
from . import TitleUI, register_ui
from .shared import board_section, next_hint, public_worth


def acquire_board(view: Mapping) -> str:
    board = view.get("board") or {}
    corps = board.get("corporations") or []
    colour = {c["name"]: BOARD_COLOURS[i % len(BOARD_COLOURS)] for i, c in enumerate(corps)}
    grid = board.get("grid") or []
    cols = board.get("column_labels") or []
    rows = board.get("row_labels") or []
    head = "<tr><th></th>" + "".join(f"<th>{esc(c)}</th>" for c in cols) + "</tr>"
    body = []
    for r, row in enumerate(grid):
        cells = []
        for cell in row:
            if cell is None:
                cells.append("<td></td>")
            elif cell == "":
                cells.append('<td style="background:#9ca3af;color:#111827" title="' + attr(_("tile")) + '">·</td>')
            else:
                cells.append(f'<td style="background:{colour.get(cell, "#6b7280")};color:#fff" '
                             f'title="{attr(name(cell, "acquire corporation"))}">{esc(short_name(cell, "acquire corporation"))}</td>')
        body.append(f"<tr><th>{esc(rows[r] if r < len(rows) else r + 1)}</th>{''.join(cells)}</tr>")
    parts = [board_section(_("Board"), scroll_box(f'<table class="tt-grid">{head}{"".join(body)}</table>', _("Board")))]
    trs = []
    for c in corps:
        sw = (f'<span class="tt-swatch" style="background:{colour[c["name"]]}" aria-hidden="true">'
              f'{esc(short_name(c["name"], "acquire corporation"))}</span> ')
        state = _("safe") if c.get("safe") else (_("active") if c.get("active") else _("not on the board"))
        bonuses = " / ".join(money(b) for b in c.get("bonuses") or []) or "-"
        trs.append(f"<tr><th>{sw}{esc(name(c['name'], 'acquire corporation'))}</th><td>{esc(word(c.get('tier', '')))}</td>"
                   f"<td>{esc(c.get('size', 0))}</td>"
                   f"<td>{esc(money(c.get('price')) if c.get('price') else '-')}</td><td>{esc(c.get('bank_shares'))}</td>"
                   f"<td>{esc(bonuses)}</td><td>{esc(state)}</td></tr>")
    heads = "".join("<th>" + esc(_(h)) + "</th>" for h in (N_("Corporation"), N_("Tier"), N_("Size"), N_("Price"),
                                                        N_("Shares left"), N_("Bonuses"), N_("State")))
    parts.append(board_section(_("Corporations"), scroll_box(f'<table class="tt-table"><tr>{heads}</tr>{"".join(trs)}</table>',
                                                        _("Corporations"))))
    facts = [htr(N_("Tiles left {n}"), n=esc(board.get("tiles_left", "?")))]
    if board.get("merger"):
        facts.append(_merger_words(board["merger"], [p.get("name", "") for p in view.get("players") or []]))
    if board.get("end_declared_by") is not None:
        facts.append(esc(_("The end has been declared.")))
    elif board.get("end_allowed"):
        facts.append(esc(_("The end may be declared.")))
    if view.get("log_hint"):
        facts.append(f'<span class="tt-dim">{next_hint(view["log_hint"])}</span>')
    parts.append("<div>" + " · ".join(facts) + "</div>")
    return "".join(parts)


def _merger_words(merger: Mapping, names: Sequence[str]) -> str:
    """The merger under way in words: who made it, the corporations and their sizes, the survivor,
    whose shares are being settled, the bonuses paid so far (public facts of the view)."""
    def who(seat):
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    def corp(c):
        return name(c, "acquire corporation")
    sizes = merger.get("corporations") or {}
    merging = _(", ").join(tr("{corporation} ({n} tiles)", corporation=corp(c), n=n) for c, n in sizes.items())
    parts = [tr("{player} placed {tile}, merging {corporations}", player=who(merger.get("mergemaker")),
                tile=merger.get("tile", ""), corporations=merging)]
    if merger.get("survivor"):
        parts.append(tr("{corporation} survives", corporation=corp(merger["survivor"])))
    elif merger.get("choices"):
        parts.append(tr("{player} chooses the survivor among {corporations}", player=who(merger.get("mergemaker")),
                        corporations=_(", ").join(corp(c) for c in merger["choices"])))
    if merger.get("settling"):
        parts.append(tr("{corporation}'s shares are being sold, traded or kept", corporation=corp(merger["settling"])))
    paid = merger.get("bonuses_paid") or {}
    if paid:
        parts.append(tr("bonuses paid: {bonuses}", bonuses=_(", ").join(
            tr("{player} {amount}", player=player, amount=money(amount)) for player, amount in paid.items())))
    return esc(tr("Merger: {parts}.", parts=_("; ").join(parts)))


def acquire_private(state: State, seat: int, legal: Sequence[Action]) -> bool:
    """Private: placing a tile (the choices are the rack); with hidden money, buying too (what
    one can afford shows the money). Read from the phase and the options only."""
    if state.phase == "place":
        return True
    return bool(state.game.options.get("hidden_money")) and state.phase == "buy"


def acquire_choice_label(state: State, action: Action) -> str:
    """Ending the turn reads "ends the turn" on the button: the log line says which dead tiles
    are set aside, but only once the turn has ended (before that they are still in the rack)."""
    if type(action).__name__ == "EndTurn":
        return tr("{player} ends the turn", player=state.name(action.seat))
    return state.describe(action)


def _acquire_choices():
    try:
        from tabletop.acquire.data import EDITIONS, SOLE_HOLDER_RULES
        return {"edition": sorted(EDITIONS), "sole_holder": sorted(SOLE_HOLDER_RULES)}
    except Exception:  # the engine's data may change; the start page then offers free text
        return {}


#: the corporations' colours (the board and the tile picker): white letters on each read at 4.5:1 or more; each
#: square and swatch also reads the corporation's first letters, so a player who cannot tell the colours apart reads them
BOARD_COLOURS = ["#b45309", "#b91c1c", "#1d4ed8", "#047857", "#6d28d9", "#be185d", "#0e7490",
                 "#4d7c0f", "#7e22ce"]


_TILE_KINDS = {"PlaceTile", "DrawTile", "DrawStartTile"}


def acquire_grid(ctx: PickerContext) -> list[Row] | None:
    """The board's own grid, one small button a square: the offered tiles are enabled (one tap
    places or enters the tile), every other square shows what is on it and is disabled."""
    if ctx.kind not in _TILE_KINDS:
        return None
    board = ctx.public_view().get("board") or {}
    grid = board.get("grid") or []
    cols = board.get("column_labels") or []
    rows_l = board.get("row_labels") or []
    if not grid or not cols or not rows_l:
        return None
    corps = [c["name"] for c in board.get("corporations") or []]
    colour = {name: BOARD_COLOURS[i % len(BOARD_COLOURS)] for i, name in enumerate(corps)}
    offered = {a.tile: a for a in ctx.actions}
    taps = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            tile = f"{cols[c]}{rows_l[r]}"
            action = offered.pop(tile, None)
            if action is not None:
                taps.append(Tap(tile, action=action, tooltip=ctx.describe(action), colour="#ffffff"))
            elif cell is None:     # a screen reader names an empty square too (not by its tile: racks are secret)
                taps.append(Tap("", enabled=False, tooltip=_("empty")))
            elif cell == "":
                taps.append(Tap("▪", enabled=False, colour="#9ca3af"))
            else:
                taps.append(Tap(short_name(cell, "acquire corporation"), enabled=False, colour=colour.get(cell, "#6b7280")))
    if offered:              # a tile the grid has no square for: never hide an offered action
        return None
    verb = {"PlaceTile": _("Tap a tile to place it"), "DrawTile": _("Tap the tile drawn"),
            "DrawStartTile": _("Tap the tile drawn")}[ctx.kind]
    names = [p.get("name", "") for p in ctx.public_view().get("players") or []]
    who = acting_name(ctx, names, lambda text: text.split(" ")[0]) if ctx.actions else ""
    return [Row(f"<b>{esc(verb)}</b>" + (f' <span class="tt-dim">({esc(who)})</span>' if who else ""),
                taps, columns=len(cols), kind=ctx.kind)]


def acquire_end_rows(ctx: PickerContext) -> list[Row] | None:
    """Ending the turn, and beside it the board's grid to end the turn and enter the tile drawn
    at one tap (the next entry is that player's own draw): offered on a player's own panel only,
    the grid's squares being the draws the engine offers them once the turn is ended."""
    if ctx.kind != "EndTurn" or ctx.after is None or len(ctx.actions) != 1:
        return None
    end = ctx.actions[0]
    draws = refused_after(ctx.after, (end,))
    if not draws or any(type(d).__name__ != "DrawTile" or d.seat != end.seat for d in draws):
        return None
    import dataclasses
    grid = acquire_grid(dataclasses.replace(ctx, kind="DrawTile", actions=list(draws)))
    if not grid:
        return None
    for tap in grid[0].taps:
        if tap.action is not None:
            tap.entries, tap.action, tap.kind = (end, tap.action), None, ctx.kind
    grid[0].kind = ctx.kind
    grid[0].head = "<b>" + esc(_("Or end the turn and tap the tile you draw")) + "</b>"
    return [Row("<b>" + esc(_("End turn")) + "</b>", [Tap(short_label(ctx.describe(end)), action=end, kind=ctx.kind)],
                kind=ctx.kind)] + grid


def acquire_buy_rows(ctx: PickerContext) -> list[Row] | None:
    """Buying: each share the engine offers, and beside it two or three of it at one tap where the
    engine offers that share again after the first (and the second)."""
    if ctx.kind != "BuyShare" or ctx.after is None:
        return None
    rows = []
    for buy in ctx.actions:
        taps = [Tap(short_label(ctx.describe(buy)), action=buy, kind=ctx.kind)]
        entries: tuple = (buy,)
        while len(entries) < 3:
            then = refused_after(ctx.after, entries) or []
            if buy not in then:
                break
            entries += (buy,)
            # the corporation on every button: "×2" alone was bought as the row above's by mistake
            corporation = name(buy.corporation, "acquire corporation")
            taps.append(Tap(tr("×{n} {corporation}", n=len(entries), corporation=corporation),
                            entries=entries, kind=ctx.kind,
                            tooltip=tr("{n} {corporation} shares", n=len(entries), corporation=corporation)))
        rows.append(Row("", taps, kind=ctx.kind))
    rows[0].head = "<b>" + esc(_("Buy shares")) + "</b>"
    return rows


def acquire_rows(ctx: PickerContext) -> list[Row] | None:
    """Acquire's own pickers: tiles on the board's grid, buying one to three shares at a tap, and
    ending the turn with the tile drawn."""
    return acquire_grid(ctx) or acquire_buy_rows(ctx) or acquire_end_rows(ctx)


def start_position_form(players: Sequence[str], options: Mapping[str, Any]) -> PositionForm:
    from tabletop.acquire import Position
    from tabletop.acquire.rules import tables_for
    edition = tables_for(options).edition
    corps = edition.corporations
    round_ = labelled(W.BoundedIntText(value=1, min=1, max=999, description=_("Round")))
    first = seat_dropdown(players, N_("First player"))
    turn = seat_dropdown(players, N_("Whose turn"))
    tiles = [labelled(W.Text(description=c, placeholder=_("tiles, e.g. 1A 2A 3A")), "9em") for c in corps]
    lone = labelled(W.Text(description=_("No corporation"), placeholder=_("tiles on the board in no corporation")), "9em")
    aside = labelled(W.Text(description=_("Set aside"), placeholder=_("unplayable tiles laid aside")), "9em")
    seats, cells = entry_grid(players, [N_("money"), N_("tiles in rack"), *corps], lambda: small_entry(W.IntText, value=0))
    for row in cells:
        row[0].value, row[1].value = edition.start_money, edition.hand_size

    def build() -> Action:
        board = [(t, c) for c, w in zip(corps, tiles) for t in typed_words(w.value)]
        board += [(t, "") for t in typed_words(lone.value)]
        return Position(
            round=round_.value, first_player=first.value, turn=turn.value, board=tuple(board),
            money=tuple(row[0].value for row in cells),
            holdings=tuple(tuple((c, w.value) for c, w in zip(corps, row[2:]) if w.value) for row in cells),
            racks=tuple(row[1].value for row in cells), set_aside=tuple(typed_words(aside.value)))

    return PositionForm([kit.box([round_, first, turn]), section_heading(N_("The board")), W.VBox(tiles + [lone, aside]),
                         section_heading(N_("Players"), N_("(money, rack size, shares of each corporation)")), seats], build)


def corrections(options) -> list[Fix]:
    from tabletop.acquire.rules import tables_for
    tables = tables_for(options)
    squares = [(_("empty"), None), (_("a tile in no corporation"), "")] + [
        (tr("a {corporation} tile", corporation=name(c, "acquire corporation")), c) for c in tables.corps]
    fixes = [
        Fix("money", N_("A player's money"), N_("Money now")),
        Fix("holding", N_("A player's shares"), N_("Shares now"), subjects=named_choices(tables.corps, "acquire corporation")),
        Fix("square", N_("A square of the board"), N_("The square holds"), board=True,
            # no example square: any one named here might be a tile in someone's rack
            typed_subject=N_("the square: its number, then its letter"), values=lambda _square: squares),
    ]
    # with hidden money, money and shares are secret: typing them on the shared screen would show them
    return fixes[2:] if options.get("hidden_money") else fixes


register_ui("acquire", TitleUI(position_form=start_position_form, corrections=corrections,
                               value_unit="$", board_html=acquire_board, private_decision=acquire_private, net_worth=public_worth,
                               choice_label=acquire_choice_label, picker=acquire_rows,
                               option_choices=_acquire_choices(),
                               options_shown=["edition", "sole_holder", "hidden_money"],
                               chance_prompt=N_("Enter the tile drawn")))
