"""Each name in a translated sentence plays the role the English gives it.

The catalog test checks that a translation keeps its placeholders; this one checks what they do.
A Korean refusal "It is {player}'s turn, not {other}'s." with {player} and {other} swapped keeps
both placeholders and reads well, yet names the wrong player. Three checks:

1. **Negation, by rule.** Where the English says "not {X}" (or "not {X}'s {Y}", "not by {X}"),
   the translation's negation (Korean 아니라/아님/불가..., Japanese ではなく/不可..., Spanish
   "no") must sit next to X (after it in Korean and Japanese, before it in Spanish), not next to
   another placeholder.
2. **Every message with two or more placeholders, by a reviewed table.** ``placeholder_roles.json``
   holds, for each such message and language, the translation's *skeleton*: its placeholders in
   order with the few characters that bind each to its role (the particle, the preposition, the
   word beside it: ``지금은 {other} 님이…아니라 {player} 님의 …예요.``). Each entry was read and its
   roles checked against the English when it was written (see docs/testing.md). A swap of two
   placeholders, or words moved around them, changes the skeleton; the failure says what changed.
   The table is edited by hand, message by message, after reading the new translation; there is
   no command that rewrites it.
3. **Real refusals, rendered.** Each title's out-of-turn refusal, rendered in every language with
   unique names in every role, names the seat whose turn it is as the one to play.
"""
from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop import CHANCE, Match
from tabletop.errors import TabletopError
from tabletop.i18n import DOMAINS, LOCALE_DIR, language, placeholders

LANGS = ("ko", "ja", "es")
TABLE = Path(__file__).with_name("placeholder_roles.json")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogs(domain: str) -> dict:
    out = {}
    for lang in LANGS:
        with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
            out[lang] = read_po(f, locale=lang)
    return out


def _forms(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def key_of(message) -> str:
    first = _forms(message.id)[0]
    return f"{message.context}\x04{first}" if message.context else first


def messages_with_roles(domain: str):
    """(key, English, {lang: [translated forms]}) of each message with two or more placeholders."""
    cats = catalogs(domain)
    for message in cats["ko"]:
        english = _forms(message.id)[0] if message.id else ""
        if len(placeholders(english)) < 2:
            continue
        forms = {}
        for lang in LANGS:
            found = cats[lang].get(message.id, context=message.context)
            forms[lang] = [t for t in _forms(found.string)] if found is not None else []
        yield key_of(message), english, forms


# --- 1. negation --------------------------------------------------------------------------------------
NEGATED = re.compile(r"\bnot (?:by |to |for |of |on |in |from |with )?(?:the |a |an )?((?:\{\w+\}(?:'s)?[ ]?(?:and )?)+)")
MARKERS = {"ko": r"아니|아님|불가|안 돼|없어요|없습니다",
           "ja": r"ではな|じゃな|不可|使えません|遊べません|ません",
           "es": r"\bno\b"}
#: translations that say the same without a negation word, read and found right
NO_NEGATION_WORD = {
    ("stockpile", "ko", "{investor} moves a stock exactly one space: steps must be 1 or -1, not {steps}."):
        "the Korean says '(typed: {steps})'",
}


def negated(english: str) -> set[str] | None:
    """The placeholders the English negates, when that is the only role they have in it."""
    found = NEGATED.findall(english)
    if len(found) != 1:
        return None
    names = set(PLACEHOLDER.findall(found[0]))
    elsewhere = PLACEHOLDER.findall(english.replace(found[0], "", 1))
    if names & set(elsewhere) or not elsewhere:
        return None
    return names


def negation_sits_by(text: str, lang: str, names: set[str]) -> bool:
    """Is some negation word of ``text`` bound to one of ``names`` (the nearest placeholder
    before it in Korean and Japanese, after it in Spanish)?"""
    spots = [(m.start(), m.end(), m.group(1)) for m in PLACEHOLDER.finditer(text)]
    for mark in re.finditer(MARKERS[lang], text):
        if lang == "es":
            after = [p for p in spots if p[0] >= mark.end()]
            near = min(after)[2] if after else None
        else:
            before = [p for p in spots if p[1] <= mark.start()]
            near = max(before, key=lambda p: p[1])[2] if before else None
        if near in names:
            return True
    return False


def negation_problems(domain: str, lang_text=None) -> list[str]:
    wrong = []
    for key, english, forms in messages_with_roles(domain):
        names = negated(english)
        if names is None:
            continue
        for lang in LANGS:
            if (domain, lang, english) in NO_NEGATION_WORD:
                continue
            for text in forms[lang]:
                if lang_text is not None:
                    text = lang_text(lang, english, text)
                if text and not negation_sits_by(text, lang, names):
                    wrong.append(f"{lang}: {english!r} is translated {text!r}, where the negation is "
                                 f"not next to {', '.join('{' + n + '}' for n in sorted(names))}")
    return wrong


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_what_the_english_negates_is_what_each_translation_negates(domain):
    wrong = negation_problems(domain)
    assert not wrong, f"{domain}: {len(wrong)} translations negate another name:\n" + "\n".join(wrong[:8])


def test_the_negation_rule_catches_the_korean_refusal_with_its_names_swapped():
    swap = {"It is {player}'s turn, not {other}'s.":
            lambda text: text.replace("{player}", "\0").replace("{other}", "{player}").replace("\0", "{other}")}
    planted = negation_problems("jika", lambda lang, english, text: swap.get(english, lambda t: t)(text)
                                if lang == "ko" else text)
    assert planted == ["ko: \"It is {player}'s turn, not {other}'s.\" is translated '지금은 {player} 님이 아니라 "
                       "{other} 님의 차례예요.', where the negation is not next to {other}"]


# --- 2. the reviewed table -----------------------------------------------------------------------------
def skeleton(text: str, keep: int = 4) -> str:
    """The placeholders of ``text`` in order with the ``keep`` characters on each side of each,
    the rest of each run of words elided."""
    parts = PLACEHOLDER.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append("{" + part + "}")
            continue
        first, last = i == 0, i == len(parts) - 1
        if first and last:
            out.append(part)
        elif first:
            out.append(part if len(part) <= keep else "…" + part[-keep:])
        elif last:
            out.append(part if len(part) <= keep else part[:keep] + "…")
        else:
            out.append(part if len(part) <= 2 * keep + 1 else part[:keep] + "…" + part[-keep:])
    return "".join(out)


def reviewed() -> dict:
    return json.loads(TABLE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_every_message_with_two_or_more_placeholders_keeps_the_roles_it_was_reviewed_with(domain):
    table = reviewed().get(domain, {})
    changed, unreviewed = [], []
    for key, english, forms in messages_with_roles(domain):
        # a language not translated yet is the catalog test's to report
        now = {lang: [skeleton(t) for t in forms[lang] if t] for lang in LANGS if any(forms[lang])}
        was = table.get(key)
        if was is None:
            if now:
                unreviewed.append(f"{english!r}: {json.dumps({key: now}, ensure_ascii=False)}")
            continue
        for lang in now:
            if now[lang] != was.get(lang):
                changed.append(f"{lang} {english!r}: reviewed {was.get(lang)}, now {now[lang]}")
    assert not changed, (
        f"{domain}: {len(changed)} translations moved their placeholders or the words that bind them "
        "(a name may now play another's role). Read each new translation against the English; if every "
        "name still plays its role, put the new skeleton in tests/i18n/placeholder_roles.json:\n"
        + "\n".join(changed[:8]))
    assert not unreviewed, (
        f"{domain}: {len(unreviewed)} messages with two or more placeholders have no reviewed roles. "
        "Read each translation, check every name plays the role the English gives it, then add its "
        "entry to tests/i18n/placeholder_roles.json:\n" + "\n".join(unreviewed[:8]))


def test_swapping_any_two_placeholders_of_any_translation_changes_its_skeleton():
    """The table can fail: for every message, every language and every pair of different
    placeholders, the translation with the two swapped has another skeleton."""
    swaps = 0
    for domain in DOMAINS:
        for _key, _english, forms in messages_with_roles(domain):
            for lang in LANGS:
                for text in forms[lang]:
                    names = sorted(set(PLACEHOLDER.findall(text)))
                    for i, a in enumerate(names):
                        for b in names[i + 1:]:
                            swapped = (text.replace("{" + a + "}", "\0").replace("{" + b + "}", "{" + a + "}")
                                       .replace("\0", "{" + b + "}"))
                            assert skeleton(swapped) != skeleton(text), (lang, text, a, b)
                            swaps += 1
    assert swaps > 1000


# --- 3. real refusals, rendered with a unique name in each role -----------------------------------------
NAMES = ["Ａlice", "Bören", "Çarla", "Dmitrij"]


def out_of_turn(title: str, n: int):
    """A match where seat 0 is to act, and an action of seat 1 it refuses out of turn."""
    match = Match(title, NAMES[:n], seed=3)
    rng = random.Random(3)
    while match.current_player() == CHANCE:
        match.play_chance()
    assert match.current_player() >= 0
    player = match.current_player()
    other = (player + 1) % n
    legal = match.legal_actions()
    action = legal[rng.randrange(len(legal))]
    return match, dataclasses.replace(action, seat=other), player, other


@pytest.mark.parametrize("title,n", [("jika", 3), ("acquire", 3), ("black-monday", 3)])
@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_out_of_turn_names_the_player_whose_turn_it_is_in_every_language(title, n, lang):
    match, action, player, other = out_of_turn(title, n)
    with language(lang):
        with pytest.raises(TabletopError) as refused:
            match.apply(action)
        text = str(refused.value)
    assert NAMES[player] in text and NAMES[other] in text, text
    # the refused seat is the one the negation is about; the other is the one whose turn it is
    sentinel = text.replace(NAMES[player], "{player}").replace(NAMES[other], "{other}")
    assert negation_sits_by(sentinel, lang, {"other"}), text
    assert not negation_sits_by(sentinel, lang, {"player"}), text
