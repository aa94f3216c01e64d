"""What a person notices on a screen, read from the page in a real browser (tests/browser/test_crawl.py,
tests/browser/test_a11y.py).

``problems(page, headers)`` lays the page out (two animation frames) and lists, in words:
- the screen lost its match: no visible title (``.tt-title``, an open panel's ``.tt-private-title``)
  reading one of ``headers``;
- something is wider than the window: the page scrolls sideways, or an element's right edge is
  beyond the window or beyond the box that holds it, unless that box scrolls on purpose (a
  keyboard can reach it: tabindex) and fits the window;
- the players' table scrolling sideways; a blank gap of more than 24 px between two cards; a form
  grid's row name out of line with its inputs;
- two visible controls (buttons, inputs, selects) on top of each other;
- a label cut with an ellipsis that would fit on a line of its own (text-overflow, a select's
  chosen option, an input's placeholder);
- a raw key in the visible text: snake_case words, None/True/False, a {placeholder}, money
  with a trailing ".0";
- a traceback.

``controls(page)`` lists the controls a person may tap that make no game entry, and ``tap``
taps one of them; ``axe(page)`` runs axe-core's WCAG 2.2 A/AA rules; ``Gallery`` keeps a
screenshot of every screen with its caption and writes an index page.
"""
from __future__ import annotations

import html
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

#: axe-core's rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

_PROBLEMS_JS = r"""([headers]) => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
  const W = window.innerWidth, out = [];
  const shown = e => {
    if (!e.isConnected || e.getClientRects().length === 0) return false;
    const s = getComputedStyle(e);
    if (s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  const say = e => ((e.innerText || e.value || e.placeholder || e.getAttribute('aria-label') || '')
                    .trim().replace(/\s+/g, ' ').slice(0, 50)) || (e.tagName.toLowerCase() + '.' + [...e.classList].join('.'));
  const root = document.querySelector('.tt-root') || document.body;

  // the screen still shows its match (or, with a player's panel open, whose panel it is)
  const titles = [...document.querySelectorAll('.tt-title, .tt-private-title')].filter(shown).map(e => e.innerText.trim());
  if (!titles.some(t => headers.some(h => t.includes(h))))
    out.push(`no visible title reading ${JSON.stringify(headers)} (titles: ${JSON.stringify(titles)})`);

  // nothing wider than the window
  const page = document.scrollingElement.scrollWidth;
  if (page > W) out.push(`the page is ${page} px wide in a ${W} px window`);
  // the nearest box that scrolls or clips sideways; it scrolls on purpose when a keyboard can reach
  // it (tabindex, as a scrolling region must be for those who do not use a mouse)
  const box = e => {
    for (let p = e.parentElement; p && p !== document.documentElement; p = p.parentElement)
      if (getComputedStyle(p).overflowX !== 'visible') return p;
    return null;
  };
  const onPurpose = b => b && b.tabIndex >= 0 && ['auto', 'scroll'].includes(getComputedStyle(b).overflowX);
  let wide = 0;
  for (const e of root.querySelectorAll('*')) {
    if (wide >= 4 || !shown(e) || e.closest('.tt-lang, script, style, svg, .js-plotly-plot')) continue;
    const r = e.getBoundingClientRect();
    const b = box(e), edge = b ? Math.min(W, b.getBoundingClientRect().right) : W;
    if (r.right <= edge + 1) continue;
    if (onPurpose(b) && b.getBoundingClientRect().right <= W + 1) continue;   // a scrolling box that fits
    if (b && e.closest('.tt-upload')) continue;                               // its count, drawn at size 0
    out.push(r.right > W + 1 ? `"${say(e)}" reaches ${Math.round(r.right)} px, beyond the ${W} px window`
                             : `"${say(e)}" is cut at the right edge of its box (${Math.round(r.right)} > ${Math.round(edge)} px)`);
    wide++;
  }

  // the players' table fits its card (on a phone, a block per player: no sideways scrolling)
  for (const t of root.querySelectorAll('table.tt-players')) {
    const box = t.parentElement;
    if (shown(t) && box.scrollWidth > box.clientWidth + 1)
      out.push(`the players' table scrolls sideways (${box.scrollWidth} px in ${box.clientWidth} px)`);
  }
  // a form grid's row names stand at the start of their row, in line with its inputs
  for (const label of root.querySelectorAll('.tt-grid-row')) {
    const next = label.nextElementSibling;
    if (!shown(label) || !next || !shown(next)) continue;
    const words = document.createRange();        // where the words are drawn, not the (stretched) box
    words.selectNodeContents(label);
    const a = words.getBoundingClientRect(), b = next.getBoundingClientRect();
    const sameLine = b.top < a.bottom && a.top < b.bottom;
    if ((sameLine && Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) > 6) || (!sameLine && b.left < a.left - 1))
      out.push(`the row "${say(label)}" is out of line with its inputs`);
  }
  // no blank gap between one card and the next
  for (const card of root.querySelectorAll('.tt-card')) {
    // the next thing drawn under it that holds words or controls (an empty block is the gap itself)
    let next = card.nextElementSibling;
    while (next && (!shown(next) || (!next.innerText.trim() && !next.querySelector('button, input, select'))))
      next = next.nextElementSibling;
    if (!shown(card) || !next || !next.classList.contains('tt-card')) continue;
    const gap = next.getBoundingClientRect().top - card.getBoundingClientRect().bottom;
    if (gap > 24) out.push(`a blank gap of ${Math.round(gap)} px under the card "${say(card).slice(0, 30)}"`);
  }

  // no two visible controls on top of each other
  const controls = [...root.querySelectorAll('button, input, select, textarea, a.tt-link')]
    .filter(e => shown(e) && e.type !== 'hidden').map(e => [e, e.getBoundingClientRect()]);
  let overlaps = 0;
  for (let i = 0; i < controls.length && overlaps < 4; i++) for (let j = i + 1; j < controls.length; j++) {
    const [a, r] = controls[i], [b, s] = controls[j];
    if (a.contains(b) || b.contains(a) || (a.tagName === 'INPUT' && a.type === 'file') || (b.tagName === 'INPUT' && b.type === 'file')) continue;
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left), h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 2 && h > 2) { out.push(`"${say(a)}" and "${say(b)}" overlap`); overlaps++; }
  }

  // no label cut with "…" that would fit on a line of its own
  const ctx = document.createElement('canvas').getContext('2d');
  const textWidth = (text, e, pseudo) => { const s = getComputedStyle(e, pseudo); ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`; return ctx.measureText(text).width; };
  let cuts = 0;
  for (const e of root.querySelectorAll('*')) {
    if (cuts >= 6 || !shown(e)) continue;
    const s = getComputedStyle(e);
    let text = null, room = 0, need = 0;
    if (e.tagName === 'SELECT') {
      const o = e.options[e.selectedIndex];
      if (!o) continue;
      // a drawn arrow sits in the padding (appearance: none), the browser's own beside the text
      text = o.text; need = textWidth(text, e);
      room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - (s.appearance === 'none' ? 0 : 20);
    } else if (e.tagName === 'INPUT' && !e.value && e.placeholder) {
      text = e.placeholder; need = textWidth(text, e, '::placeholder'); room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    } else if (s.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1 && e.innerText.trim()) {
      text = e.innerText.trim(); need = e.scrollWidth; room = e.clientWidth;
    } else continue;
    if (need > room + 1 && need < W - 32) { out.push(`"${text.slice(0, 50)}" is cut (${Math.round(need)} px of text in ${Math.round(room)} px)`); cuts++; }
  }

  // no raw key, placeholder or traceback in the words on the screen
  const words = root.innerText;
  const raw = [];
  const seen = words.replace(/https?:\/\/\S+|\?match=\S+/g, ' ');
  for (const re of [/\b[a-z]+(?:_[a-z0-9]+)+\b/g, /\b(?:None|True|False|NaN|undefined|null)\b/g, /\{[A-Za-z_][A-Za-z0-9_]*\}/g,
                    /\$\s?[\d,]*\d\.0(?!\d)|\d\.0\s?\$/g]) {
    for (const m of seen.matchAll(re)) raw.push(m[0]);
  }
  if (raw.length) out.push(`raw words on the screen: ${JSON.stringify([...new Set(raw)].slice(0, 6))}`);
  if (/Traceback \(most recent call last\)/.test(document.body.innerText) ||
      document.querySelector('[data-mime-type="application/vnd.jupyter.stderr"], .jp-OutputArea-output[data-mime-type*="error"]'))
    out.push('a traceback or error output on the page');
  done(out);
})))"""


def problems(page, headers: str | list[str]) -> list[str]:
    """What a person would notice is wrong on the page now (empty: nothing); ``headers``: what the
    screen's title (or an open panel's) may read."""
    return page.evaluate(_PROBLEMS_JS, [[headers] if isinstance(headers, str) else list(headers)])


# --- the controls of a screen ----------------------------------------------------------------------
#: where game entries are offered (a tap there makes an entry: the games are played by ``Table``)
ENTRY_SCOPES = ".tt-actions, .tt-private-actions, .tt-groups, .tt-pile-row, .tt-log"
#: taps that leave the screen (tested where they lead), make an entry (the games are played through
#: the entry buttons) or end a match, in English; ``not_tapped(lang)`` gives them in another language
NOT_TAPPED = ("All matches", "Resume", "Open", "Delete", "Start the match", "Start from this position",
              "Start the experiment", "Enter the correction", "Draw for me at random", "Draw at random",
              "Open round", "Close round", "End the experiment", "Join", "Undo", "Redo")


def not_tapped(lang: str) -> set[str]:
    from tabletop import i18n
    with i18n.language(lang):
        return {i18n._(label) for label in NOT_TAPPED}

_CONTROLS_JS = r"""([entries]) => {
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.disabled;
  const root = document.querySelector('.tt-root') || document.body;
  return [...root.querySelectorAll('button, select, input[type=checkbox], input[type=text], input[type=password], input[type=number], input:not([type])')]
    .filter(e => shown(e) && !e.closest(entries) && !e.closest('.tt-lang') && !e.closest('.js-plotly-plot'))
    .map(e => [e.tagName.toLowerCase() === 'input' ? 'input' : e.tagName.toLowerCase(),
               (e.innerText || e.placeholder || e.getAttribute('aria-label') || (e.labels && e.labels[0] && e.labels[0].innerText) || '').trim().replace(/\s+/g, ' ')]);
}"""


@dataclass(frozen=True)
class Control:
    kind: str        # button, select or input
    label: str


def controls(page, lang: str = "en") -> list[Control]:
    """The screen's controls that make no game entry, each label once, in screen order."""
    seen, out, left = set(), [], not_tapped(lang)
    for kind, label in page.evaluate(_CONTROLS_JS, [ENTRY_SCOPES]):
        if (kind, label) in seen or not label or label in left or any(label.startswith(w + " ") for w in left):
            continue
        seen.add((kind, label))
        out.append(Control(kind, label))
    return out


_FIND_JS = r"""([kind, label, entries]) => {
  const root = document.querySelector('.tt-root') || document.body;
  const all = [...root.querySelectorAll(kind === 'input' ? 'input' : kind)].filter(e => e.getClientRects().length > 0 && !e.disabled
      && !e.closest(entries) && !e.closest('.tt-lang'));
  const name = e => (e.innerText || e.placeholder || e.getAttribute('aria-label') || (e.labels && e.labels[0] && e.labels[0].innerText) || '').trim().replace(/\s+/g, ' ');
  const found = all.find(e => name(e) === label);
  if (!found) return false;
  document.querySelectorAll('[data-tt-crawl]').forEach(e => e.removeAttribute('data-tt-crawl'));
  found.setAttribute('data-tt-crawl', '1');
  return true;
}"""


def tap(page, control: Control) -> bool:
    """Tap (or fill, or pick the last option of) ``control``; False if the screen no longer has it."""
    if not page.evaluate(_FIND_JS, [control.kind, control.label, ENTRY_SCOPES]):
        return False
    target = page.locator("[data-tt-crawl]")
    if control.kind == "select":
        count = target.locator("option").count()
        target.select_option(index=max(0, count - 1))
    elif control.kind == "input":
        kind = target.get_attribute("type") or "text"
        if kind == "checkbox":
            target.click()
        else:
            target.click()
            target.fill("12" if kind == "number" else "2")
            target.press("Tab")
    else:
        target.click()
    return True


def settle(page, quiet: float = 0.25, timeout: float = 5.0) -> None:
    """Wait until the page has had no widget message for ``quiet`` seconds (the kernel answered)."""
    page.evaluate("""() => { if (window.__ttQuiet) return;
        window.__ttQuiet = true; window.__ttLast = performance.now();
        new MutationObserver(() => { window.__ttLast = performance.now(); })
            .observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true}); }""")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        idle = page.evaluate("() => performance.now() - window.__ttLast")
        if idle >= quiet * 1000:
            return
        time.sleep(0.05)


# --- accessibility -----------------------------------------------------------------------------------
def axe(page, context: str | None = None) -> list[dict]:
    """axe-core's WCAG 2.2 A/AA violations on the page (``context``: a CSS selector to check only)."""
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(page, context=context, options={"runOnly": {"type": "tag", "values": WCAG},
                                                         "resultTypes": ["violations"]})
    return results.response["violations"]


def serious(violations: list[dict]) -> list[str]:
    """The serious and critical violations in words: the rule, and where (at most 3 places)."""
    out = []
    for v in violations:
        if v.get("impact") in ("serious", "critical"):
            where = "; ".join(" ".join(n["target"]) if isinstance(n["target"][0], str) else json.dumps(n["target"])
                              for n in v["nodes"][:3])
            summary = v["nodes"][0].get("failureSummary", "").replace("\n", " ")[:200]
            out.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}×): {v['help']} at {where} - {summary}")
    return out


# --- the gallery -----------------------------------------------------------------------------------------
@dataclass
class Gallery:
    folder: Path
    shots: list[tuple[str, str, str, str]] = field(default_factory=list)   # (file, screen, width, language)

    def __post_init__(self):
        self.folder.mkdir(parents=True, exist_ok=True)

    def shoot(self, page, screen: str, lang: str) -> None:
        width = page.viewport_size["width"]
        name = f"{screen}-{width}-{lang}.png".replace(" ", "-").replace("/", "-")
        page.screenshot(path=str(self.folder / name), full_page=True)
        self.shots.append((name, screen, f"{width} px", lang))

    def write(self) -> Path:
        items = "\n".join(
            f'<figure><a href="{html.escape(f)}"><img src="{html.escape(f)}" loading="lazy" alt="{html.escape(s)}, '
            f'{w}, {l}"></a><figcaption>{html.escape(s)} · {w} · {l}</figcaption></figure>'
            for f, s, w, l in self.shots)
        index = self.folder / "index.html"
        index.write_text(
            '<!doctype html><html lang="en"><meta charset="utf-8"><title>tabletop: every screen</title>'
            "<style>body{font-family:system-ui,sans-serif;margin:16px} figure{display:inline-block;vertical-align:top;"
            "margin:8px;width:320px} img{width:100%;border:1px solid #ccc} figcaption{font-size:14px}</style>"
            f"<h1>tabletop: every screen ({len(self.shots)} screenshots)</h1>\n{items}\n</html>\n", encoding="utf-8")
        return index
