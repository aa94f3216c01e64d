"""Accessibility a person relies on (issue 29): every control of the start page and of a table
screen is reached with Tab, in the order the screen shows them, and Enter or Space press a button;
the import button's name reads once; Acquire's colours each carry the corporation's letters, white
letters readable on every colour. axe-core runs on every screen in tests/browser/test_crawl.py."""
from __future__ import annotations

import re

from tabletop import i18n
from tabletop.store import Store
from tabletop.widgets.titles.acquire import acquire_board
from tabletop.widgets.titles.acquire import BOARD_COLOURS

from . import crawl
from .test_crawl import PLAYERS, played

# every control a keyboard can reach, in the page's order, each marked with its number
_MARK_JS = r"""() => {
  const root = document.querySelector('.tt-root');
  const focusable = [...document.querySelectorAll('button, input, select, textarea, a[href], [tabindex]')]
    .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
                 && root.contains(e));
  focusable.forEach((e, i) => e.setAttribute('data-tt-tab', i));
  return focusable.map(e => {
    const r = e.getBoundingClientRect();
    return [!!e.closest('.tt-lang'), (e.innerText || e.value || e.placeholder || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 40),
            Math.round(r.top + document.querySelector('#rendered_cells, body').scrollTop), Math.round(r.left)];
  });
}"""
_FOCUSED_JS = "() => { const e = document.activeElement; return e ? e.getAttribute('data-tt-tab') : null; }"


def tab_through(page, limit: int) -> tuple[list, list[int]]:
    """(the page's focusable controls: in the language menu or not, label, top, left; the numbers Tab
    visits, one round from the page's first control)."""
    controls = page.evaluate(_MARK_JS)
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.focus(); }")
    visited: list[int] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        mark = page.evaluate(_FOCUSED_JS)
        if mark is None:
            continue
        mark = int(mark)
        if visited and mark == visited[0]:
            break                                  # round again
        visited.append(mark)
    if visited:                                    # the round from the page's first control
        first = visited.index(min(visited))
        visited = visited[first:] + visited[:first]
    return controls, visited


def out_of_order(controls: list) -> list[str]:
    """Pairs of controls, one after the other in Tab order, the later drawn above the earlier
    (a reading order top to bottom; a row's controls may sit side by side). The language menu is
    drawn at the page's top right and reached last, after the page (where the app puts it)."""
    out = []
    page = [c[1:] for c in controls if not c[0]]
    for (a, top_a, _la), (b, top_b, _lb) in zip(page, page[1:]):
        if top_b < top_a - 24:
            out.append(f"{b!r} (at {top_b} px) comes after {a!r} (at {top_a} px)")
    return out


def check_keyboard(page, what: str) -> int:
    controls, visited = tab_through(page, 400)
    missed = [controls[i][1] for i in range(len(controls)) if i not in visited]
    assert not missed, f"{what}: Tab never reaches {missed}"
    assert visited == sorted(visited), f"{what}: Tab jumps about: {[controls[i][1] for i in visited][:40]}"
    jumbled = out_of_order(controls)
    assert not jumbled, f"{what}: the Tab order is not the screen's order: {jumbled[:5]}"
    return len(controls)


def focus(page, label: str) -> None:
    """Press Tab until the button reading ``label`` has the focus (as a keyboard user does)."""
    for _ in range(400):
        page.keyboard.press("Tab")
        if page.evaluate("() => (document.activeElement.innerText || '').trim()") == label:
            return
    raise AssertionError(f"Tab never reaches {label!r}")


def test_the_start_page_by_keyboard_alone(page, server):
    page.goto(server + "/")
    page.locator(".tt-start").wait_for()
    crawl.settle(page, 0.4)
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        count = check_keyboard(page, f"the start page at {size['width']} px")
        assert count > 15
    focus(page, "Start from the table as it is")
    page.keyboard.press("Enter")
    page.locator(".tt-position").wait_for()
    # the import button's name, as the browser tells a screen reader, says its words once (in
    # English and in Korean, whose words the page draws by a stylesheet of its own)
    for lang in ("en", "ko"):
        if lang != "en":
            page.goto(f"{server}/?lang={lang}")
            page.locator(".tt-start").wait_for()
            crawl.settle(page, 0.4)
        with i18n.language(lang):
            words = i18n._("Import a match (JSON file)")
        tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
        names = [n.get("name", {}).get("value", "") for n in tree if n.get("role", {}).get("value") == "button"]
        imports = [n for n in names if words in n]
        assert imports and all(n.count(words) == 1 for n in imports), (lang, imports)


def test_a_table_screen_by_keyboard_alone(page, server, home):
    store = Store(home / "matches.sqlite3")
    try:
        match_id = store.create(played("acquire", 30, 5)).id
    finally:
        store.close()
    page.goto(f"{server}/?match={match_id}")
    page.locator(".tt-tracker").wait_for()
    crawl.settle(page, 0.4)
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        check_keyboard(page, f"Acquire's table screen at {size['width']} px")
    page.locator("body").click(position={"x": 1, "y": 1})
    focus(page, "Show the seats' join codes")
    page.keyboard.press("Enter")
    page.locator(".tt-join-codes").wait_for()
    focus(page, "Hide the join codes")
    page.keyboard.press(" ")
    page.locator(".tt-join-codes").wait_for(state="detached")
    focus(page, "Alice's panel")
    page.keyboard.press(" ")
    page.locator(".tt-private").wait_for()


def _contrast(colour: str, other: str = "#ffffff") -> float:
    def lum(h: str) -> float:
        c = [int(h.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    a, b = sorted((lum(colour), lum(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_each_acquire_colour_carries_its_corporations_letters_readable_in_white():
    # a player who cannot tell orange from red reads the letters: every coloured square of the board
    # and every swatch of the corporations' table says whose it is
    match = played("acquire", 160, 5, players=PLAYERS[:3])
    board = acquire_board(match.view(None))
    squares = re.findall(r'<td style="background:(#[0-9a-f]{6});color:#fff" title="([^"]+)">([^<]*)</td>', board)
    swatches = re.findall(r'<span class="tt-swatch" style="background:(#[0-9a-f]{6})"[^>]*>([^<]*)</span> ([^<]+)</th>',
                          board)
    founded = {c["name"] for c in match.view(None)["board"]["corporations"] if c.get("size")}
    assert len(founded) >= 2, "the game founded fewer than two corporations: pick another seed"
    assert squares and len(swatches) == len(match.view(None)["board"]["corporations"])
    letters = {corp: (colour, short) for colour, short, corp in swatches}
    for colour, corp, short in squares:
        assert short and letters[corp] == (colour, short), (corp, short, colour, letters.get(corp))
    assert len({short for _c, short in letters.values()}) == len(letters), "two corporations read the same letters"
    assert all(_contrast(c) >= 4.5 for c in BOARD_COLOURS), [(c, round(_contrast(c), 2)) for c in BOARD_COLOURS]
