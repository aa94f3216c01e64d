"""Each title's table screen in Korean, Japanese and Spanish in a real browser (one Voilà server,
one page), at 1280x800 and 390x844: no English left on the screen (the players' names, the
components' printed names in Latin script, digits and "$" allowed), nothing wider than the window,
no two controls on top of each other; a screenshot of each in test-artifacts/languages/.

English words are told from the catalogs: a word of any English message id that the language's
own translations never use. What is left is listed with the page's line it stands in, so a failure
says which domain still has English to translate."""
from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest
from babel.messages.pofile import read_po

from tabletop import CHANCE, TERMINAL, Match, i18n
from tabletop.store import Store

PLAYERS = ["Alice", "Bob", "Carol", "Dan"]
SIZES = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
#: (title, entries played, seed): seeded deals, so every run shows the same screens; Acquire's seed
#: founds a corporation, whose board squares carry its name cut short
TITLES = [("stockpile", 40, 7), ("acquire", 30, 5), ("black-monday", 30, 7), ("jika", 20, 7)]
LANGS = ["ko", "ja", "es"]
# a word in Latin letters standing alone (not the letters of a match id such as "a86082c4ee61")
WORD = re.compile(r"(?<![\w'’-])[A-Za-z][A-Za-z'’-]*[A-Za-z](?![\w'’-])")
#: names printed in Latin script on the components (and the app's own name): never translated
ALLOWED = {"tabletop", "PIN", "JSON", "pts"}


def _component_names() -> set[str]:
    from tabletop.acquire.data import EDITIONS
    from tabletop.acquire.rules import tables_for
    from tabletop.blackmonday.data import STOCKS
    from tabletop.registry import get_title
    from tabletop.stockpile.data import COMPANIES
    acquire = get_title("acquire")
    corps = {c for e in EDITIONS for c in tables_for(acquire.normalize_options({"edition": e}, 4)).corps}
    return {w for n in set(COMPANIES) | set(STOCKS) | corps for w in WORD.findall(n)}


@lru_cache(maxsize=None)
def _vocabulary(lang: str) -> tuple[frozenset, frozenset]:
    """(every word of the English message ids, every word the language's translations use)."""
    english, own = set(), set()
    for path in i18n.LOCALE_DIR.glob(f"{lang}/LC_MESSAGES/*.po"):
        with open(path, "rb") as f:
            for m in read_po(f, locale=lang):
                for text in (m.id if isinstance(m.id, (tuple, list)) else (m.id,)):
                    english |= {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text or ""))}
                for text in (m.string if isinstance(m.string, (tuple, list)) else (m.string,)):
                    own |= {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text or ""))}
    return frozenset(english), frozenset(own)


def english_left(text: str, lang: str, allowed: set[str]) -> list[str]:
    """The lines of ``text`` holding English words (Korean/Japanese: any Latin word not allowed)."""
    english, own = _vocabulary(lang)
    out = []
    for line in text.splitlines():
        words = [w for w in WORD.findall(line) if w not in allowed]
        if lang in ("ko", "ja"):
            left = words
        else:
            left = [w for w in words if w.lower() in english and w.lower() not in own]
        if left:
            out.append(f"{' '.join(left)}  <-  {line.strip()[:120]}")
    return out


def _played(title: str, steps: int, seed: int) -> Match:
    match = Match(title, PLAYERS, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.current_player() == TERMINAL:
            break
        legal = match.legal_actions()
        match.apply(match.sample_chance() if match.current_player() == CHANCE else legal[rng.randrange(len(legal))])
    return match


def _layout(page) -> dict:
    """The page's width against the window's, and the pairs of visible controls that overlap."""
    return page.evaluate("""() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
        const seen = [...document.querySelectorAll('.tt-root button, .tt-root select, .tt-root input')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width > 2 && r.height > 2);
        const overlaps = [];
        for (let i = 0; i < seen.length; i++) for (let j = i + 1; j < seen.length; j++) {
            const [a, r] = seen[i], [b, s] = seen[j];
            if (a.contains(b) || b.contains(a)) continue;
            const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
            const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
            if (w > 2 && h > 2) overlaps.push([a.innerText || a.value || a.tagName, b.innerText || b.value || b.tagName]);
        }
        done({width: document.documentElement.scrollWidth, inner: window.innerWidth, overlaps: overlaps.slice(0, 5)});
    })))""")


@pytest.fixture(scope="module")
def saved(home):
    """Each title's match a few entries in, saved where the server reads."""
    store = Store(home / "matches.sqlite3")
    try:
        return {title: store.create(_played(title, steps, seed)).id for title, steps, seed in TITLES}
    finally:
        store.close()


def test_every_title_in_every_language_with_no_english_overflow_or_overlap(page, server, saved, artifacts):
    folder = artifacts / "languages"
    folder.mkdir(exist_ok=True)
    allowed = ALLOWED | set(PLAYERS) | _component_names()
    problems: dict[str, list[str]] = {}
    for title, _steps, _seed in TITLES:
        for lang in LANGS:
            page.set_viewport_size(SIZES[0])
            page.goto(f"{server}/?match={saved[title]}&lang={lang}")
            page.locator(".tt-tracker .tt-head-card").wait_for()
            page.locator(".tt-log .tt-log-line").first.wait_for()
            for size in SIZES:
                page.set_viewport_size(size)
                name = f"{title}-{lang}-{size['width']}x{size['height']}"
                layout = _layout(page)
                page.screenshot(path=str(folder / f"{name}.png"), full_page=False)
                found = []
                if layout["width"] > layout["inner"]:
                    found.append(f"overflow: {layout['width']} px wide in a {layout['inner']} px window")
                found += [f"overlap: {a!r} / {b!r}" for a, b in layout["overlaps"]]
                if size is SIZES[0]:
                    found += english_left(page.locator(".tt-root > .tt-app").inner_text(), lang, allowed)
                if found:
                    problems[name] = found
    said = "\n".join(f"{name}:\n  " + "\n  ".join(lines[:12]) for name, lines in problems.items())
    assert not problems, f"{len(problems)} screens with English left, overflow or overlap:\n{said}"
