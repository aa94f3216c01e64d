"""Every lesson as a class sees it: Voilà renders notebooks/lessons/*.ipynb in Debian's Chromium,
offline (every request outside the local server is refused and recorded).

How Voilà shows maths: nbconvert renders each markdown cell on the server, keeping ``$...$`` as
plain text, and even turning an escaped ``\\$`` into a bare ``$``; the page's own MathJax 3 (bundled
in Voilà, nothing from a CDN) then typesets every ``$...$`` pair it finds in a run of text. So
"costs $5 and $10" (or "costs \\$5 and \\$10" in the source) shows "costs *5and*10". This test
finds the spans as MathJax does (its FindTeX rules, on the HTML the server sent), checks that
MathJax typeset exactly those, and fails on any span holding prose or a sum of money.

Each check is its own test per lesson, all judged from one rendering of each lesson (the lessons
render in parallel pages): maths spans, figures and outputs shown with data, no error or warning
output, nothing asked from outside. A known defect is a strict xfail naming it in ``KNOWN``: when
the lesson is fixed the test XPASSes, which fails, telling whoever fixed it to remove the entry.
"""
from __future__ import annotations

import json
import re
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tabletop import serve

REPO = Path(__file__).resolve().parents[2]
LESSONS_DIR = REPO / "notebooks" / "lessons"
LESSONS = sorted(p.name for p in LESSONS_DIR.glob("*.ipynb"))
#: the front-end extensions Voilà leaves out when it serves the lessons: Binder's (where a class
#: opens them), which keeps jupyterlab-plotly for their fig.show() figures
BINDER_DENYLIST = json.loads((REPO / "binder" / "config" / "jupyter_server_config.json").read_text())[
    "VoilaConfiguration"]["extension_denylist"]
#: seconds for all lessons, rendered together, to be shown and settled (2 busy cores)
RENDER_WITHIN = 240
#: how long the page must stay unchanged to count as idle, and how long an empty figure or
#: untypeset maths gets after that to fill in before it is judged
QUIET_FOR = 2.0
GRACE = 10.0

#: (check, lesson) -> the defects it fails on today; remove an entry once its lesson passes. Issue
#: 12's (dollar pairs typeset in L0 and L2-L5, fig.show() figures never shown, L4's empty slider
#: chart) are fixed.
KNOWN: dict[tuple[str, str], str] = {}


class LessonDefect(AssertionError):
    """What a class would see wrong on a lesson's page (the only failure a KNOWN xfail excuses)."""


def lessons_for(check: str) -> list:
    return [pytest.param(name, marks=pytest.mark.xfail(strict=True, raises=LessonDefect,
                                                       reason=KNOWN[(check, name)]))
            if (check, name) in KNOWN else name for name in LESSONS]


# ---------------------------------------------------------------------------------------------
# The server: Voilà as tabletop.serve starts it (XSRF check on, Host check on, tabletop's offline
# template), rooted at the lessons folder, with Binder's front-end extensions.

class LessonServer(serve.Voila):
    """``serve.Voila`` (its port discovery and stop) serving a whole folder of notebooks."""

    def __init__(self, folder: Path, home: Path, stdout):
        self.host, self.token, self.port = "127.0.0.1", None, None
        cmd = serve.voila_command(0, notebook=folder, tracebacks=True, skipped_extensions=BINDER_DENYLIST)
        self.proc = subprocess.Popen(cmd, env=serve.voila_env(home), cwd=str(folder), stdout=stdout,
                                     stderr=subprocess.STDOUT, start_new_session=True)

    def base(self) -> str:
        return self.url().rstrip("/")


def offline_context(browser, base: str, outside: list[str]):
    """A browser context that may talk only to ``base``; anything else is refused and recorded."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})

    def route(r):
        if r.request.url.startswith(base):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    context.route("**/*", route)
    return context


#: null until the page is interactive: every cell rendered, the page's app started, every widget
#: view attached (an output widget showing its output), every figure drawn; then a summary that
#: changes while the page still does
READY_JS = """() => {
  const cells = document.getElementById('rendered_cells');
  if (!cells || cells.style.display === 'none' || !cells.classList.contains('lm-Widget')) return null;
  // every output shows something: not empty, and not a widget's "Loading widget..." placeholder
  const outputs = [...document.querySelectorAll('.jp-OutputArea-output')];
  if (outputs.some(o => !o.firstChild || (!o.firstElementChild && o.textContent.startsWith('Loading widget')))) return null;
  // an output widget (lesson 4's chart under its sliders) shows what its state holds
  if ([...document.querySelectorAll('.widget-output')].some(o => !o.querySelector('.jp-OutputArea-output'))) return null;
  const plots = [...document.querySelectorAll('.js-plotly-plot')];
  if (plots.some(p => !p._fullLayout)) return null;
  return [outputs.length, plots.length, document.querySelectorAll('mjx-container').length,
          cells.innerText.length].join(' ');
}"""

#: everything the checks judge, read from the settled page
COLLECT_JS = r"""() => {
  const cellOf = el => { const c = el.closest('[id^="cell-id="]'); return c ? c.id.slice(8) : 'page'; };
  const DTYPES = {f8: Float64Array, f4: Float32Array, i4: Int32Array, u4: Uint32Array, i2: Int16Array,
                  u2: Uint16Array, i1: Int8Array, u1: Uint8Array, u1c: Uint8ClampedArray};
  const flat = v => {
    if (v === null || v === undefined) return [];
    if (typeof v === 'object' && v.bdata !== undefined) {
      const bytes = Uint8Array.from(atob(v.bdata), c => c.charCodeAt(0));
      return Array.from(new (DTYPES[v.dtype] || Uint8Array)(bytes.buffer));
    }
    if (ArrayBuffer.isView(v)) return Array.from(v);
    if (Array.isArray(v)) return v.flatMap(flat);
    return [v];
  };
  const numbers = v => flat(v).filter(x => x !== null && x !== '').map(Number).filter(Number.isFinite);
  const present = v => flat(v).filter(x => x !== null && x !== undefined && !(typeof x === 'number' && isNaN(x)));
  // a trace with something to see: a bar of nonzero height, a slice, a heatmap cell, a point
  const hasPoints = t => {
    if (t.visible === false) return false;
    const type = t.type || 'scatter';
    if (/^(bar|waterfall|funnel)$/.test(type)) return numbers(t.orientation === 'h' ? t.x : t.y).some(x => x !== 0);
    if (/^(pie|sunburst|treemap|icicle|funnelarea)$/.test(type))
      return t.values ? numbers(t.values).some(x => x > 0) : present(t.labels).length > 0;
    if (type === 'histogram') return present(t.x).length + present(t.y).length > 0;
    if (t.z !== undefined && t.z !== null) return numbers(t.z).length > 0;
    return present(t.y).length > 0 || present(t.x).length > 0 || present(t.r).length > 0 || present(t.lat).length > 0;
  };
  // per markdown cell, the text just before each typeset maths (what MathJax left as text)
  const typeset = {}, mathml = {};
  document.querySelectorAll('.jp-MarkdownCell').forEach(c => {
    const found = [...c.querySelectorAll('.jp-MarkdownOutput mjx-container')];
    typeset[c.id.slice(8)] = found.map(m => {
      let before = '';
      for (let n = m.previousSibling; n && n.nodeType === 3; n = n.previousSibling) before = n.textContent + before;
      return before;
    });
    mathml[c.id.slice(8)] = found.map(m => { const a = m.querySelector('mjx-assistive-mml'); return a ? a.innerHTML : ''; });
  });
  const outputMaths = [...document.querySelectorAll('mjx-container, .katex')]
    .filter(m => !m.closest('.jp-MarkdownCell'))
    .map(m => ({cell: cellOf(m), text: (m.querySelector('mjx-assistive-mml, .katex-mathml') || m).textContent}));
  const plots = [...document.querySelectorAll('.js-plotly-plot')].map(el => {
    const traces = el._fullData || el.data || [];
    const title = el.layout && el.layout.title ? (el.layout.title.text || el.layout.title) : '';
    return {cell: cellOf(el), title: title || '(untitled)', drawn: !!el._fullLayout,
            traces: traces.length, withPoints: traces.filter(hasPoints).length};
  });
  const unshown = [...document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')].map(s => {
    let mimes; try { mimes = Object.keys(JSON.parse(s.textContent).data || {}); } catch (e) { mimes = ['?']; }
    return {cell: cellOf(s), mimes};
  });
  const visible = el => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
  const problems = [];
  document.querySelectorAll('.jp-OutputArea-output').forEach(o => {
    if (!visible(o)) return;
    const text = (o.innerText || '').trim();
    const word = text.match(/Traceback|\b[A-Za-z]*(?:Error|Warning|Exception)\b/);
    if (o.matches('[data-mime-type="application/vnd.jupyter.stderr"]')) problems.push({cell: cellOf(o), what: 'stderr output', text});
    else if (word) problems.push({cell: cellOf(o), what: word[0], text});
  });
  const page = document.body.innerText;
  for (const sign of ['Traceback', 'There was an error when executing cell'])
    if (page.includes(sign) && !problems.some(p => p.text.includes(sign)))
      problems.push({cell: 'page', what: sign, text: page.slice(page.indexOf(sign), page.indexOf(sign) + 300)});
  return {typeset, mathml, outputMaths, plots, unshown, problems, text: page};
}"""


# ---------------------------------------------------------------------------------------------
# Maths spans as MathJax 3 finds them (its HTMLDomStrings and FindTeX, with the options of
# JupyterLab's MathJax extension that Voilà bundles: $...$ and \(...\) inline, $$...$$ and \[...\]
# display, \begin{env}, \$ and \\ escapes).

SKIPPED_TAGS = {"script", "noscript", "style", "textarea", "pre", "code", "annotation", "annotation-xml"}
START = re.compile(r"\$\$|\\\[|\$|\\\(|\\begin\s*\{([^}]*)\}|(\\[\\$]|\\(?:eq)?ref\s*\{[^}]*\})")
CLOSE = {"$$": "$$", "\\[": "\\]", "$": "$", "\\(": "\\)"}


def text_runs(element) -> list[str]:
    """The strings MathJax searches: text between element boundaries (``<br>`` stays inside)."""
    from bs4 import Comment, NavigableString, Tag
    runs, current = [], []

    def push():
        if "".join(current).strip():
            runs.append("".join(current))
        current.clear()

    def walk(node, ignore: bool):
        for child in node.children:
            if isinstance(child, Comment):
                continue
            if isinstance(child, NavigableString):
                if not ignore:
                    current.append(str(child))
            elif isinstance(child, Tag):
                if child.name in ("br", "wbr"):
                    current.append("\n" if child.name == "br" and not ignore else "")
                    continue
                push()
                classes = child.get("class", [])
                process = "mathjax_process" in classes
                if child.contents and (process or child.name.lower() not in SKIPPED_TAGS):
                    walk(child, (ignore or "mathjax_ignore" in classes) and not process)
                push()
    walk(element, False)
    push()
    return runs


def _close_of(text: str, at: int, close: str, pattern: str) -> re.Match | None:
    """The close delimiter after ``at``, skipping braced groups and control sequences."""
    search = re.compile(pattern + r"|\\(?:[a-zA-Z]|.)|[{}]", re.S)
    braces = 0
    while m := search.search(text, at):
        token = m.group(1) if m.re.groups and m.group(1) is not None else m.group(0)
        if token == close and braces == 0:
            return m
        if m.group(0) == "{":
            braces += 1
        elif m.group(0) == "}" and braces:
            braces -= 1
        at = m.end()
    return None


def maths_spans(text: str) -> list[tuple[str, str, str]]:
    """(opening delimiter, TeX, text before it) of each span MathJax typesets in one text run; the
    text before runs from the previous span or escape, as MathJax leaves it in one text node."""
    spans, at, plain_from = [], 0, 0
    while start := START.search(text, at):
        at = start.end()
        if start.group(2) is not None:
            plain_from = at                             # \$ or \\: a literal character (its own element)
            continue
        if start.group(1) is not None:
            env = "{" + start.group(1) + "}"
            end = _close_of(text, start.end(), env, r"\\end\s*(" + re.escape(env) + ")")
        else:
            end = _close_of(text, start.end(), CLOSE[start.group(0)], "(" + re.escape(CLOSE[start.group(0)]) + ")")
        if end:
            opening = start.group(0) if start.group(1) is None else ""
            spans.append((opening, text[start.end():end.start()] if opening else text[start.start():end.end()],
                           text[plain_from:start.start()]))
            at = plain_from = end.end()
    return spans


TEXT_ARGUMENT = re.compile(r"\\(?:text\w*|mathrm|mbox|hbox|operatorname)\s*\{[^{}]*\}")
SCRIPT = re.compile(r"[_^](?:\{[^{}]*\}|\w)")
COMMAND = re.compile(r"\\(?:[A-Za-z]+|.)")
WORD = r"[A-Za-z]+(?:'[a-z]+)?"
THREE_WORDS = re.compile(rf"\b({WORD})[\s,;:.]+({WORD})[\s,;:.]+({WORD})\b")
PLAIN_WORDS = {"and", "or", "to", "of", "the", "in", "on", "at", "up", "down", "is", "are", "for", "from",
               "with", "by", "per", "than", "about", "into", "each", "every", "more", "less"}
GROUPED_AMOUNT = re.compile(r"(?<![\d{])\d{1,3}(?:,\d{3})+(?!\d)")
MONEY_SHAPE = re.compile(r"^\d.*(?:\s|[–—/(-])$", re.S)


def prose_in(opening: str, tex: str) -> str | None:
    """Why a maths span holds ordinary prose (None: it reads as maths)."""
    if m := GROUPED_AMOUNT.search(tex):
        return f"a comma-grouped amount ({m.group(0)})"
    bare = COMMAND.sub(" ", SCRIPT.sub(" ", TEXT_ARGUMENT.sub(" ", tex)))
    for m in THREE_WORDS.finditer(bare):
        if sum(len(w) > 1 for w in m.groups()) >= 2:
            return f"three words in a row ({' '.join(m.groups())})"
    words = [w for w in re.findall(WORD, bare) if w.lower() in PLAIN_WORDS]
    if words:
        return f"an English word ({words[0]})"
    if opening == "$" and MONEY_SHAPE.match(tex):
        return "the shape of money between two dollar signs"
    return None


# ---------------------------------------------------------------------------------------------
# One rendering of every lesson, in parallel pages

@dataclass
class Rendered:
    html: str = ""                                   # what the server sent (maths not typeset yet)
    page: dict = field(default_factory=dict)         # COLLECT_JS of the settled page
    outside: list = field(default_factory=list)
    seconds: float = 0.0                             # navigation -> interactive
    failure: str = ""                                # why the page never settled (not a lesson defect)


def settle(pages: dict, within: float) -> None:
    """Poll every page until interactive and unchanged for QUIET_FOR seconds (a deadline for all)."""
    deadline = time.monotonic() + within
    pending = dict(pages)
    while pending:
        for name, p in list(pending.items()):
            try:
                summary = p["page"].evaluate(READY_JS)
            except Exception as exc:                 # noqa: BLE001 - a crashed page is reported, not raised
                p["result"].failure = f"the page failed: {exc}"
                del pending[name]
                continue
            now = time.monotonic()
            if summary is None:
                p["quiet_since"] = None
                continue
            if p["result"].seconds == 0.0:
                p["result"].seconds = now - p["started"]
            if summary != p.get("summary"):
                p["summary"], p["quiet_since"] = summary, now
            elif now - p["quiet_since"] >= QUIET_FOR:
                del pending[name]
        if pending and time.monotonic() > deadline:
            for name, p in pending.items():
                p["result"].failure = (f"not interactive and settled within {within:.0f} s (all lessons "
                                       f"rendering together): last state {p.get('summary')}")
            return
        time.sleep(0.2)


def judged_page(page, typeset_expected: dict[str, int]) -> dict:
    """COLLECT_JS, after giving empty figures and untypeset maths GRACE seconds to fill in."""
    deadline = time.monotonic() + GRACE
    while True:
        seen = page.evaluate(COLLECT_JS)
        settled = all(p["withPoints"] for p in seen["plots"]) and all(
            len(seen["typeset"].get(cell, [])) == n for cell, n in typeset_expected.items())
        if settled or time.monotonic() > deadline:
            return seen
        time.sleep(0.25)


def typeset_expected(html: str) -> dict[str, list[tuple[str, str, str]]]:
    """Cell id -> the maths spans MathJax should typeset in that markdown cell."""
    from bs4 import BeautifulSoup
    soup = BeautifulSoup(html, "html.parser")
    found = {}
    for cell in soup.select('div.jp-MarkdownCell[id^="cell-id="]'):
        spans = []
        for markdown in cell.select("div.jp-MarkdownOutput"):
            for run in text_runs(markdown):
                spans += maths_spans(run)
        found[cell["id"][len("cell-id="):]] = spans
    return found


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, browser) -> dict[str, Rendered]:
    # the session's browser: a second sync_playwright in one process is refused
    home = tmp_path_factory.mktemp("lessons-home")
    results = {name: Rendered() for name in LESSONS}
    with open(home / "voila.log", "w") as log, LessonServer(LESSONS_DIR, home, log) as server:
        base = server.base()
        pages = {}
        try:
            for name in LESSONS:
                context = offline_context(browser, base, results[name].outside)
                page = context.new_page()
                started = time.monotonic()
                # the server starts the kernel before the first byte: every lesson then runs at once
                response = page.goto(f"{base}/voila/render/{name}", wait_until="commit", timeout=120_000)
                pages[name] = {"page": page, "context": context, "response": response,
                               "started": started, "result": results[name]}
            settle(pages, RENDER_WITHIN)
            for name, p in pages.items():
                result = results[name]
                if result.failure:
                    continue
                result.html = p["response"].text()
                expected = {cell: len(spans) for cell, spans in typeset_expected(result.html).items()}
                result.page = judged_page(p["page"], expected)
        finally:
            for p in pages.values():
                try:
                    p["page"].goto("about:blank")    # Voilà shuts the page's kernel down
                    p["context"].close()
                except Exception:                   # noqa: BLE001 - the server stop ends what is left
                    pass
        log.flush()
    print("\nlessons interactive after (all rendering together): " + ", ".join(
        f"{name[:2]} {r.seconds:.1f} s" for name, r in results.items()))
    return results


def lesson(rendered: dict[str, Rendered], name: str) -> Rendered:
    result = rendered[name]
    if result.failure:
        raise AssertionError(f"{name}: {result.failure}")
    return result


def defects(name: str, what: str, found: list[str]) -> None:
    if found:
        raise LessonDefect(f"{name}: {what}:\n  " + "\n  ".join(found))


# ---------------------------------------------------------------------------------------------
# The checks

@pytest.mark.parametrize("name", lessons_for("maths"))
def test_maths_spans_hold_no_prose_or_money(rendered, name):
    result = lesson(rendered, name)
    expected = typeset_expected(result.html)
    # the reading above must be MathJax's own: cell by cell, it typeset as many spans, each after
    # the same text
    def tail(text: str) -> str:
        return " ".join(text.split())[-12:]
    differ = {cell: ([tail(before) for _, _, before in spans], [tail(b) for b in result.page["typeset"].get(cell, [])])
              for cell, spans in expected.items()}
    differ = {cell: pair for cell, pair in differ.items() if pair[0] != pair[1]}
    assert not differ, f"{name}: MathJax typeset other maths spans than this test finds (cell: (text before " \
                       f"each span found, text before each span typeset)): {differ}"
    found = [f"{cell}: {opening}{' '.join(tex.split())}{opening} — {why}" for cell, spans in expected.items()
             for opening, tex, _ in spans if (why := prose_in(opening, tex))]
    found += [f"{m['cell']} (output): typeset maths reads {m['text']!r} — a word typeset as maths"
              for m in result.page["outputMaths"] if re.search(r"[A-Za-z]{8,}", m["text"])]
    defects(name, "maths spans holding prose or money (a dollar sign needs two backslashes before it in "
                  "the markdown source: nbconvert drops a single one before MathJax sees it)", found)


def test_lesson_1_shows_the_first_price_bid_as_a_typeset_fraction(rendered):
    # tabletop serve's Voilà typesets with its bundled MathJax 3: b(v) = (n-1)/n v, not raw TeX
    result = lesson(rendered, "01-sealed-bid-auctions.ipynb")
    formulas = result.page["mathml"].get("c02", [])
    assert any("<mfrac>" in m and "<mi>b</mi>" in m for m in formulas), formulas
    assert "\\frac" not in result.page["text"], "raw TeX left on the page"


@pytest.mark.parametrize("name", lessons_for("figures"))
def test_every_figure_and_output_is_shown_with_data(rendered, name):
    result = lesson(rendered, name)
    found = [f"{o['cell']}: an output of type {', '.join(o['mimes'])} is never shown (no renderer in the page)"
             for o in result.page["unshown"]]
    found += [f"{p['cell']}: figure {p['title']!r} shows no data ({p['traces']} traces, none with points)"
              for p in result.page["plots"] if not p["withPoints"]]
    defects(name, "figures or outputs a class does not see", found)


@pytest.mark.parametrize("name", lessons_for("errors"))
def test_no_traceback_error_or_warning_is_shown(rendered, name):
    result = lesson(rendered, name)
    found = [f"{p['cell']}: {p['what']}: {p['text'][:300]!r}" for p in result.page["problems"]]
    defects(name, "error or warning output on the page", found)


@pytest.mark.parametrize("name", lessons_for("offline"))
def test_the_page_asks_nothing_from_outside(rendered, name):
    result = lesson(rendered, name)
    defects(name, "requests outside the local server (refused; MathJax and fonts must come from Voilà)",
            sorted(set(result.outside)))


# ---------------------------------------------------------------------------------------------
# The maths reading itself, on the cases the offline page showed (no browser)

@pytest.mark.parametrize("markdown_html, spans", [
    ("<p>costs $5 and $10 here</p>", [("$", "5 and ")]),
    ("<p>costs \\$5 and \\$10 here</p>", []),                            # MathJax's own escape
    ("<p>$a$ <strong>b $c</strong> d$</p>", [("$", "a")]),               # a tag ends the run
    ("<p>$$x^2$$ and \\(y\\) and $\\frac{1}{2}$</p>", [("$$", "x^2"), ("\\(", "y"), ("$", "\\frac{1}{2}")]),
    ("<p>${a$ b$</p>", [("$", " b")]),                                  # an open brace hides a close
    ("<p><code>$a$</code> <span class='mathjax_ignore'>$b$</span></p>", []),
])
def test_maths_spans_are_found_as_mathjax_finds_them(markdown_html, spans):
    from bs4 import BeautifulSoup
    found = []
    for run in text_runs(BeautifulSoup(markdown_html, "html.parser")):
        found += [(opening, tex) for opening, tex, _ in maths_spans(run)]
    assert found == spans


@pytest.mark.parametrize("tex, prose", [
    ("1,000s, 1,500 markets, against\na fine ladder of every ", True),
    ("300) is merged into Bolt (4 tiles, ", True),
    ("5 and ", True), ("0–", True), ("2 down / ", True),
    ("\\frac{n-1}{n+1}", False), ("N \\ge 32{,}000", False), ("\\min(\\text{houses}, \\text{buyers})", False),
    ("(m_{\\text{you}} - \\bar m_{\\text{rival}})\\,\\Delta", False), ("v_{hb} - p_h", False), ("[0, 1]", False),
    ("0.178/\\sqrt N \\le 0.001", False), ("(8, 8, 6, 6)", False),
])
def test_prose_in_maths_is_told_from_maths(tex, prose):
    assert (prose_in("$", tex) is not None) == prose
