"""The refusals and log lines a real game writes, rendered in Korean, Japanese and Spanish with a
different name in every role, put each name where the reviewed translation puts its role.

``test_placeholder_roles.py`` reviews the catalogs' templates; this follows what a table reads.
Random games of every title (every player count a title has, the options that change its words)
are played with players named so no name is part of another or of any sentence; at points all
through each game, entries that are not legal then (another seat's, an earlier turn's, a later
one's) are tried, and every log line, announcement and refusal is rendered in each language.
Each sentence made from two or more parameters is turned back into its template by putting
each parameter's shown value back as its ``{placeholder}``: that template's skeleton (its
placeholders in order with the characters binding each to its role) must be the reviewed one
of ``placeholder_roles.json``. So a translation whose names changed roles, a parameter shown
under another's name, a value rendered in another language, or (once particles are chosen in
code) a particle bound to the wrong name, fails here with the sentence a player would read.
"""
from __future__ import annotations

import random

import pytest

import tabletop.i18n as i18n
from tabletop import TabletopError
from tabletop.core import CHANCE, TERMINAL
from tabletop.i18n import language, placeholders
from tabletop.match import Match

from test_placeholder_roles import LANGS, reviewed, skeleton

#: a distinct name per seat, in several scripts; none is a part of another or of a sentence
NAMES = ("Zoltán", "Wébster", "Quillon", "Xavièra", "Yusufó", "Vranček")
CONFIGS = ([("stockpile", n, None) for n in (2, 3, 5)] + [("stockpile", 3, {"expert_board": True, "investors": True})]
           + [("acquire", n, None) for n in (2, 4, 6)] + [("acquire", 3, {"edition": "classic"})]
           + [("black-monday", n, None) for n in (2, 4, 6)] + [("jika", n, None) for n in (3, 4)])


class Recorder:
    """Every template rendered in a reviewed language, with its parameters as that language
    shows them and the sentence made."""

    def __init__(self, monkeypatch):
        self.seen: list[tuple[str, str, dict, str]] = []
        real = i18n.render_template

        def recording(template, params):
            text = real(template, params)
            lang = i18n.current_language()
            if lang in LANGS and len(placeholders(template)) >= 2:
                self.seen.append((lang, template, {k: i18n._shown(v) for k, v in params.items()}, text))
            return text
        monkeypatch.setattr(i18n, "render_template", recording)


def unrendered(text: str, shown: dict) -> str | None:
    """``text`` with each shown value put back as its placeholder; None when two values could
    be confused (equal, or one inside another), so the sentence proves nothing about roles."""
    values = {k: str(v) for k, v in shown.items()}
    if any(not v.strip() for v in values.values()):
        return None
    for a, va in values.items():
        if any(a != b and va in vb for b, vb in values.items()):
            return None
    out = text
    for name, value in sorted(values.items(), key=lambda kv: -len(kv[1])):
        out = out.replace(value, "\0" + name + "\1")
    return out.replace("\0", "{").replace("\1", "}")


def reviewed_skeletons() -> dict:
    """Each message's reviewed skeletons per language, from every domain (a message id two
    domains share is read from whichever catalog the chain reaches first)."""
    table: dict = {}
    for domain in reviewed().values():
        for key, langs in domain.items():
            for lang, skeletons in langs.items():
                table.setdefault(key, {}).setdefault(lang, []).extend(skeletons)
    return table


def play_and_render(config, seed: int) -> list[tuple[str, str, dict, str]]:
    """The game's words in every language (log lines, announcements, refusals), rendered."""
    title, n, options = config
    match, rng = Match(title, list(NAMES[:n]), options, seed), random.Random(seed)
    elsewhere, refusals = [], []
    for step in range(3000):
        player = match.current_player()
        if player == TERMINAL:
            break
        now = match.state.chance_entries(None) if player == CHANCE else match.legal_actions()
        if step % 4 == 0:
            for entry in rng.sample(elsewhere, min(4, len(elsewhere))):
                if entry in now:
                    continue
                try:
                    match.state.clone().apply(entry)
                except TabletopError as refusal:
                    refusals.append(refusal)
        elsewhere += rng.sample(sorted(now, key=repr), min(3, len(now)))
        if player == CHANCE:
            match.apply(match.sample_chance())
        else:
            match.apply(now[rng.randrange(len(now))])
    for lang in LANGS:
        with language(lang):
            for seat in (None, *range(n)):
                for line, told in match.story(seat):
                    pass
            for refusal in refusals:
                refusal.render(lang)
            for seat in range(n):
                match.state.hint()
    return refusals


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}" + ("-" + "-".join(c[2]) if c[2] else ""))
def test_every_name_of_a_real_sentence_plays_its_reviewed_role_in_every_language(config, monkeypatch):
    recorder = Recorder(monkeypatch)
    play_and_render(config, seed=11)
    table = reviewed_skeletons()
    wrong, unreviewed, checked, ambiguous = [], set(), {lang: set() for lang in LANGS}, 0
    for lang, template, shown, text in recorder.seen:
        translated = i18n.translations(lang).gettext(template)
        if translated == template:            # not translated yet: the catalog test says so
            continue
        skeletons = table.get(template, {}).get(lang)
        if skeletons is None:
            unreviewed.add(template)
            continue
        back = unrendered(text, shown)
        if back is None or back.count("{") != translated.count("{"):
            ambiguous += 1
            continue
        checked[lang].add(template)
        if skeleton(back) not in skeletons:
            wrong.append(f"{lang}: {text!r} (from {template!r}) reads as {skeleton(back)!r}, reviewed {skeletons}")
    assert not unreviewed, f"sentences a game writes with no reviewed roles: {sorted(unreviewed)[:5]}"
    assert not wrong, f"{len(wrong)} sentences put a name in another's role:\n" + "\n".join(wrong[:6])
    # the game met enough different sentences for the check to mean something
    print(config, {lang: len(v) for lang, v in checked.items()}, "ambiguous", ambiguous)
    assert all(len(v) >= 10 for v in checked.values()), (checked, ambiguous)


def test_a_korean_sentence_with_two_names_swapped_is_caught(monkeypatch):
    """Plant a swapped translation of one real refusal (its two player names exchanged) and the
    check above must name it."""
    english = "It is {player}'s turn, not {other}'s."
    korean = i18n.translations("ko")
    real = korean.gettext

    def swapped(message):
        text = real(message)
        if message == english:
            text = text.replace("{player}", "\0").replace("{other}", "{player}").replace("\0", "{other}")
        return text
    monkeypatch.setattr(korean, "gettext", swapped)
    recorder = Recorder(monkeypatch)
    match = Match("jika", list(NAMES[:3]), None, 3)
    while match.current_player() == CHANCE:
        match.apply(match.sample_chance())
    player = match.current_player()
    entry = match.legal_actions()[0]
    import dataclasses
    with pytest.raises(TabletopError) as refusal:
        match.state.clone().apply(dataclasses.replace(entry, seat=(player + 1) % 3))
    refusal.value.render("ko")
    table = reviewed_skeletons()
    found = [(t, unrendered(text, shown)) for lang, t, shown, text in recorder.seen if t == english]
    assert found, recorder.seen
    assert all(skeleton(back) not in table[english]["ko"] for _t, back in found), found
