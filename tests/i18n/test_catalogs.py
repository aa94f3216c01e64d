"""The catalogs are complete: every message the code marks has a translation in every language,
none fuzzy, every placeholder kept, and the compiled ``.mo`` files say what the ``.po`` files say."""
from __future__ import annotations

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from tabletop import i18n

LANGS = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]
CASES = [(domain, lang) for domain in i18n.DOMAINS for lang in LANGS]


def _po(domain: str, lang: str):
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    assert path.exists(), f"no {lang} catalog for {domain}: python -m tabletop.i18n all {domain}"
    with open(path, "rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture(scope="module")
def marked() -> dict:
    """What the code marks today, per domain (extracted afresh, so a stale .pot cannot hide one)."""
    return {domain: i18n._extract(domain) for domain in i18n.DOMAINS}


def _ids(message) -> tuple:     # a plural's forms: a tuple from a .po, a list from a .mo
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


def _strings(message) -> tuple:
    return tuple(message.string) if isinstance(message.string, (tuple, list)) else (message.string,)


@pytest.mark.parametrize("domain,lang", CASES)
def test_every_marked_message_is_translated_and_not_fuzzy(marked, domain, lang):
    catalog = _po(domain, lang)
    missing, fuzzy = [], []
    for message in marked[domain]:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None or not all(_strings(found)):
            missing.append(_ids(message)[0])
        elif found.fuzzy:
            fuzzy.append(_ids(message)[0])
    assert not missing, f"{lang} {domain}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not fuzzy, f"{lang} {domain}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("domain,lang", CASES)
def test_every_placeholder_survives_translation(domain, lang):
    catalog = _po(domain, lang)
    wrong = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        wanted = set().union(*(i18n.placeholders(text) for text in _ids(message)))
        for text in _strings(message):
            if text and i18n.placeholders(text) != wanted - ({"n"} if len(_ids(message)) > 1 and
                                                             "n" not in i18n.placeholders(text) else set()):
                wrong.append((_ids(message)[0], text))
    assert not wrong, f"{lang} {domain}: placeholders changed in {wrong[:3]}"


@pytest.mark.parametrize("domain,lang", CASES)
def test_compiled_catalog_matches_its_source(domain, lang):
    po = _po(domain, lang)
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    assert path.exists(), f"{path} not compiled: python -m tabletop.i18n compile {domain}"
    with open(path, "rb") as f:
        mo = read_mo(f)
    wanted = {(m.context, _ids(m)): _strings(m) for m in po if m.id and all(_strings(m)) and not m.fuzzy}
    compiled = {(m.context, _ids(m)): _strings(m) for m in mo if m.id}
    assert compiled == wanted, f"{path.name} ({lang}) is older than its .po: python -m tabletop.i18n compile {domain}"


def test_plural_forms_follow_each_language():
    """Korean and Japanese have one form; Spanish tells one from many (CLDR adds a form for
    millions): the headers say so, as gettext reads them."""
    for domain in i18n.DOMAINS:
        assert _po(domain, "ko").num_plurals == 1, domain
        assert _po(domain, "ja").num_plurals == 1, domain
        assert _po(domain, "es").num_plurals >= 2, domain
