"""The table companion's words in English, Korean, Japanese and Spanish.

Standard tooling: gettext message catalogs (``tabletop/locale/<lang>/LC_MESSAGES/<domain>.po``,
compiled to ``.mo`` beside them), extracted and compiled with Babel (``python -m tabletop.i18n``),
and Babel's number formatting and language negotiation. English is the source language: the
English text *is* the message id, so scripts and notebooks read English with no catalog at all.

One catalog per part of the code (a *domain*: ``tabletop`` for the core and store, ``widgets``,
``stockpile``, ``acquire``, ``blackmonday``, ``jika``) keeps the files small; at run time they are
chained into one lookup per language.

Which language: the one set for the current context (``with language("ko"): ...``, what a screen
does while it renders), else the kernel's default (``set_language``), else English. The engine
itself stays language-neutral: it records events and refusals as data (a message id and its
parameters, ``tr``/``Term``/``Money``), and the words are rendered when they are read.

Marking (Babel extracts these keywords, see ``KEYWORDS``):

    tr("{player} pays {amount}.", player=name, amount=Money(6000))   # translated and formatted now
    trn("{n} card", "{n} cards", n)                                    # plural forms, ``n`` given
    N_("Hidden money")                                                 # marked; translated later by _()
    Term("stockpile company", "Epic Electric")                         # a component's name, per edition
    raise IllegalAction("{player} has only {money}.", player=..., money=Money(...))
"""
from __future__ import annotations

import gettext
import os
import string
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

__all__ = ["LANGUAGES", "DOMAINS", "language", "set_language", "current_language", "negotiate",
           "_", "N_", "tr", "trn", "pgettext", "Term", "Money", "Number", "money", "number",
           "render_template", "placeholders", "listing"]

#: the languages a screen may be shown in, each named in its own words (for the picker)
LANGUAGES = {"en": "English", "ko": "한국어", "ja": "日本語", "es": "Español"}
DEFAULT = "en"
#: the catalogs, one per part of the code, and the folders Babel extracts each from
DOMAINS = {
    "tabletop": ["tabletop/*.py", "tabletop/store/*.py"],
    "widgets": ["widgets/*.py", "widgets/dashboards/*.py", "widgets/titles/*.py", "widgets/classroom/*.py"],
    "stockpile": ["tabletop/stockpile/*.py"],
    "acquire": ["tabletop/acquire/*.py"],
    "blackmonday": ["tabletop/blackmonday/*.py"],
    "jika": ["tabletop/jika/*.py"],
}
LOCALE_DIR = Path(__file__).with_name("locale")
#: Babel's extraction keywords: the marking functions, and every error class (its first argument
#: is the message id of a refusal)
KEYWORDS = {
    "_": None, "N_": None, "tr": None, "trn": (1, 2), "pgettext": ((1, "c"), 2),
    "Term": ((1, "c"), 2),
    "TabletopError": None, "IllegalAction": None, "NotYourTurn": None, "GameIsOver": None,
    "MalformedAction": None, "HistoryError": None, "SaveFileError": None, "OptionsError": None,
    "UnknownTitle": None, "StoreError": None, "DatabaseDamaged": None, "DatabaseBusy": None,
    "PinError": None, "PinRequired": None, "PinLocked": None,
}

_context: ContextVar[str | None] = ContextVar("tabletop_language", default=None)
# A plain global as well: ipykernel runs each cell and each widget callback in its own copy of
# the context, so a language set once for the page must live outside the context.
_default = DEFAULT


def _normal(lang: str | None) -> str:
    """'ko-KR' -> 'ko'; anything unknown -> English."""
    code = (lang or "").replace("_", "-").split("-")[0].strip().lower()
    return code if code in LANGUAGES else DEFAULT


def set_language(lang: str | None) -> str:
    """The default language of this process (a Voilà page's kernel serves one screen)."""
    global _default
    _default = _normal(lang)
    return _default


def current_language() -> str:
    return _context.get() or _default


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Render in ``lang`` inside the block (a screen wraps its rendering in this)."""
    token = _context.set(_normal(lang) if lang else current_language())
    try:
        yield current_language()
    finally:
        _context.reset(token)


def negotiate(asked: str | None = None, accept_language: str | None = None) -> str:
    """The language for a screen: ``asked`` (``?lang=``) if we have it, else the browser's
    preference (an Accept-Language header), else English."""
    if asked and _normal(asked) == (asked or "").split("-")[0].lower():
        return _normal(asked)
    if accept_language:
        from babel import negotiate_locale
        preferred = []
        for part in accept_language.split(","):
            tag, _sep, q = part.strip().partition(";q=")
            try:
                preferred.append((float(q) if q else 1.0, tag.strip().replace("-", "_")))
            except ValueError:
                continue
        preferred.sort(key=lambda pair: -pair[0])
        found = negotiate_locale([tag for _q, tag in preferred] + [t.split("_")[0] for _q, t in preferred],
                                 list(LANGUAGES), sep="_")
        if found:
            return _normal(found)
    return DEFAULT


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """Every domain's catalog for ``lang``, chained into one lookup."""
    lang = _normal(lang)
    chain: gettext.NullTranslations | None = None
    if lang != DEFAULT:
        for domain in DOMAINS:
            found = gettext.translation(domain, LOCALE_DIR, [lang], fallback=True)
            if type(found) is gettext.NullTranslations:
                continue
            if chain is None:
                chain = found
            else:
                chain.add_fallback(found)
    return chain or gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` (English, the message id) in the current language."""
    if not message:
        return message
    return translations(current_language()).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (module-level tables)."""
    return message


def pgettext(context: str, message: str) -> str:
    return translations(current_language()).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current_language()).ngettext(singular, plural, n)


class Term(str):
    """A component's name (a company, a corporation, a card...) as a parameter: rendered in each
    language under its edition's name (``context`` says which list it belongs to). A ``str``, so
    English code that compares or joins it is unchanged."""
    context: str

    def __new__(cls, context: str, text: str):
        self = super().__new__(cls, text)
        self.context = context
        return self

    def __reduce__(self):
        return (Term, (self.context, str(self)))

    def translated(self) -> str:
        return pgettext(self.context, str(self))


class Money(int):
    """An amount of money as a parameter: '$6,000' in English, per language elsewhere."""

    def __str__(self) -> str:
        return money(int(self))


class Number(int):
    """A count as a parameter, its digits grouped per language ('1,200'). A plain ``int``
    parameter is written as it is (a tile number, a year, a seat)."""

    def __str__(self) -> str:
        return number(int(self))


def number(value: int, lang: str | None = None) -> str:
    lang = _normal(lang) if lang else current_language()
    if lang == DEFAULT:
        return f"{value:,}"
    from babel.numbers import format_decimal
    return format_decimal(value, locale=lang)


def money(value: int, lang: str | None = None, unit: str = "$") -> str:
    """Dollars as each language writes them: '$6,000', '-$500'; Spanish '6000 $', '16.000 $'."""
    lang = _normal(lang) if lang else current_language()
    digits = number(abs(value), lang)
    sign = "-" if value < 0 else ""
    if lang == "es":
        return f"{sign}{digits} {unit}"
    return f"{sign}{unit}{digits}"


def _shown(value: Any) -> Any:
    """A parameter as the current language shows it."""
    if isinstance(value, Term):
        return value.translated()
    if isinstance(value, (Money, Number)):
        return str(value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Message):
        return value.render()
    return value


def render_template(template: str, params: dict[str, Any]) -> str:
    """``template`` translated, its ``{placeholders}`` filled with ``params`` shown per language.
    A template whose parameters are missing is returned as it was translated (never an error)."""
    text = _(template)
    if not params:
        return text
    try:
        return text.format_map({k: _shown(v) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return text


class Message(str):
    """Words as data: a message id and its parameters, rendered in the language current when it
    is read (``str()`` renders in English unless a language is set). Returned by ``tr``."""
    template: str
    params: dict

    def __new__(cls, template: str, params: dict):
        with language(DEFAULT):
            english = render_template(template, params)
        self = super().__new__(cls, english)
        self.template, self.params = template, params
        return self

    def __reduce__(self):     # copied and pickled as words, not as their English (a ledger line, a game's reason)
        return (Message, (self.template, self.params))

    def render(self, lang: str | None = None) -> str:
        if lang:
            with language(lang):
                return render_template(self.template, self.params)
        return render_template(self.template, self.params)


def listing(items) -> str:
    """'A', 'A and B', 'A, B and C' as words rendered in the reader's language."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        head = Message(N_("{list}, {item}"), {"list": head, "item": item})
    return Message(N_("{list} and {item}"), {"list": head, "item": items[-1]})


def tr(template: str, **params: Any) -> str:
    """``template`` translated into the current language with ``params`` filled in."""
    return render_template(template, params)


def trn(singular: str, plural: str, n: int, **params: Any) -> str:
    """A sentence with plural forms: ``n`` chooses the form and is a parameter too."""
    text = ngettext(singular, plural, n)
    values = {"n": n, **params}
    try:
        return text.format_map({k: _shown(v) for k, v in values.items()})
    except (KeyError, IndexError, ValueError):
        return text


def placeholders(text: str) -> set[str]:
    """The ``{names}`` in a message (a translation must keep every one)."""
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field is not None}


# --- catalogs: python -m tabletop.i18n [extract|update|compile|all] [domain ...] ----------------
# (a domain named keeps the others' files untouched: people translate different domains at once)
ROOT = Path(__file__).resolve().parent.parent


def _extract(domain: str):
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    catalog = Catalog(project="tabletop", domain=domain, charset="utf-8")
    patterns = DOMAINS[domain]
    for pattern in patterns:
        folder, _sep, glob = pattern.rpartition("/")
        method_map = [(glob, "python")]
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / folder, method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True, directory_filter=lambda d: Path(d) == ROOT / folder):
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments,
                        context=context)
    return catalog


def extract(domains=DOMAINS) -> None:
    """Write each domain's template, ``tabletop/locale/<domain>.pot``, from the code."""
    from babel.messages.pofile import write_po
    LOCALE_DIR.mkdir(exist_ok=True)
    for domain in domains:
        with open(LOCALE_DIR / f"{domain}.pot", "wb") as out:
            write_po(out, _extract(domain), omit_header=False, sort_output=True, width=100,
                     include_lineno=False)


def update(domains=DOMAINS) -> None:
    """Merge each template into every language's ``.po`` (new ids arrive untranslated)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po
    for domain in domains:
        with open(LOCALE_DIR / f"{domain}.pot", "rb") as f:
            template = read_po(f)
        for lang in LANGUAGES:
            if lang == DEFAULT:
                continue
            path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                with open(path, "rb") as f:
                    catalog = read_po(f, locale=lang, domain=domain)
            else:
                catalog = Catalog(locale=lang, domain=domain, project="tabletop", charset="utf-8")
            catalog.update(template, update_header_comment=False, no_fuzzy_matching=True)
            with open(path, "wb") as out:
                write_po(out, catalog, omit_header=False, sort_output=True, width=100,
                         include_lineno=False, ignore_obsolete=True)


def compile_catalogs(domains=DOMAINS) -> None:
    """Compile every ``.po`` to the ``.mo`` gettext reads at run time."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    for path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        if path.stem not in domains:
            continue
        with open(path, "rb") as f:
            catalog = read_po(f, locale=path.parent.parent.name)
        with open(path.with_suffix(".mo"), "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
    translations.cache_clear()


def _skipped_fstrings(domains) -> dict[str, int]:
    """Per file, the f-strings with substitutions that Babel cannot extract (words still to mark)."""
    import io
    import re
    from contextlib import redirect_stderr
    said = io.StringIO()
    with redirect_stderr(said):     # Babel writes each skipped f-string to stderr
        for domain in domains:
            _extract(domain)
    counts: dict[str, int] = {}
    for line in said.getvalue().splitlines():
        found = re.match(r"(.+?):\d+: warning: Skipping f-string", line)
        if found:
            name = os.path.relpath(found.group(1), ROOT)
            counts[name] = counts.get(name, 0) + 1
    return counts


if __name__ == "__main__":     # pragma: no cover - a developer's tool
    steps = [a for a in sys.argv[1:] if a not in DOMAINS] or ["all"]
    domains = [a for a in sys.argv[1:] if a in DOMAINS] or list(DOMAINS)
    import io
    from contextlib import redirect_stderr
    for step in steps:
        if step in ("extract", "all"):
            with redirect_stderr(io.StringIO()):     # skipped f-strings: see the "todo" step
                extract(domains)
        if step in ("update", "all"):
            update(domains)
        if step in ("compile", "all"):
            compile_catalogs(domains)
        if step == "todo":     # f-strings left to mark, per file
            for name, n in sorted(_skipped_fstrings(domains).items()):
                print(f"{n:4}  {name}")
    print("catalogs:", ", ".join(os.path.relpath(p, ROOT) for p in sorted(LOCALE_DIR.rglob("*.po"))))
