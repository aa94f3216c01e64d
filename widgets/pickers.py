"""What the action panel draws, as data: rows of taps, each tap entering one action or narrowing
the choice to its next part (``tabletop.choices``); and the titles' own pickers (Acquire's board
as a grid of tiles, Stockpile's bids beside what each stockpile holds).

Everything here is a function of the actions offered (``Match.offered_actions(viewer)``), the
words that describe them and the PUBLIC view: a picker never reads a secret, so what a screen
shows still depends only on what its viewer may know.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from tabletop.choices import Narrowing, Part, values_of
from tabletop.core import Action
from tabletop.i18n import DEFAULT, _, current_language, tr

from .render import esc, humanize

__all__ = ["Tap", "Row", "PickerContext", "part_rows", "value_labels", "compact_labels", "short_label",
           "refused_after", "acting_name"]


@dataclass
class Tap:
    """One button: it enters ``action``, or narrows the choice to ``narrowing`` (its next part),
    or goes one part back (``back``). A disabled tap only shows what is there (a board square)."""
    label: str
    action: Action | None = None
    narrowing: Narrowing | None = None
    back: bool = False
    enabled: bool = True
    colour: str | None = None
    tooltip: str = ""
    #: the kind of action whose choice a part tap or Back belongs to
    kind: str = ""
    #: several entries made by one tap, in order (the first is offered now, each later one is
    #: offered once those before it are in: a title's picker reads them off ``PickerContext.after``)
    entries: tuple = ()
    #: a title picker's own next step (what was chosen so far), for a tap that enters nothing yet
    step: Any = None
    #: of a ``step`` tap: does it lead toward these entries (for ``ActionPanel.pick_entries``)
    toward: Callable[[Sequence[Action]], bool] | None = None

    def reaches(self) -> tuple[Action, ...]:
        """The offered actions this tap leads to (one, several on the way, none for Back); of a
        tap making several entries, the first (the only one offered now)."""
        if self.action is not None:
            return (self.action,)
        if self.entries:
            return self.entries[:1]
        if self.narrowing is not None:
            return self.narrowing.remaining
        return ()


@dataclass
class Row:
    """A line of the panel: a heading above it (HTML, may be empty), a short label at its start
    (HTML) and its taps; ``columns`` > 0 draws the taps as a grid of that many columns."""
    head: str
    taps: list[Tap]
    label: str = ""
    columns: int = 0
    kind: str = ""


@dataclass
class PickerContext:
    """What a title's picker may read: one kind of offered action, their words, the public view."""
    kind: str
    actions: list[Action]
    describe: Callable[[Action], str]
    public_view: Callable[[], Mapping]
    narrowing: Narrowing | None = None
    part_words: Callable | None = None
    extra: dict = field(default_factory=dict)
    #: what the engine offers this screen's viewer once ``entries`` are made (None where the screen
    #: cannot make several entries at one tap); raises the engine's refusal
    after: Callable[[Sequence[Action]], list] | None = None
    #: the picker's own step chosen so far (a ``Tap.step``), None at the start
    step: Any = None


def compact_labels(labels: list[str]) -> tuple[str, list[str]]:
    """Common leading and trailing words of ``labels`` -> (heading, shortened labels)."""
    if len(labels) < 2:
        return "", labels
    words = [lb.split(" ") for lb in labels]
    shortest = min(len(w) for w in words)
    pre = 0
    while pre < shortest - 1 and all(w[pre] == words[0][pre] for w in words):
        pre += 1
    suf = 0
    while suf < shortest - pre - 1 and all(w[-1 - suf] == words[0][-1 - suf] for w in words):
        suf += 1
    if pre == 0 and suf == 0:
        return "", labels
    short = [" ".join(w[pre:len(w) - suf]) for w in words]
    if not suf:      # a sentence's full stop does not belong on a short button ("$1", not "$1.")
        short = [s[:-1] if s.endswith(".") and len(s) > 1 else s for s in short]
    if any(not s for s in short) or len(set(short)) < len(short):
        return "", labels
    head = " ".join(words[0][:pre])
    tail = " ".join(words[0][len(words[0]) - suf:]) if suf else ""
    heading = (head + (" …" if tail or short else "") + (" " + tail if tail else "")).strip()
    return heading, short


def short_label(label: str) -> str:
    return label[:-1] if label.endswith(".") and not label.endswith("..") else label


def value_labels(part: Part, actions: Sequence[Action], describe: Callable[[Action], str]) -> dict:
    """Short words for each value of ``part`` among ``actions``: where the descriptions line up
    word for word, the words that stay the same for one value and differ between values
    ("stockpile 2"); otherwise the words that tell apart the descriptions of actions differing
    in that part alone (as far as such actions exist)."""
    values = values_of(part, actions)
    said = {a: describe(a) for a in actions}
    aligned = _aligned_labels(part, values, actions, said)
    if aligned is not None:
        return aligned
    ref = said[actions[0]].split(" ")
    labels = []
    for v in values:
        same = [a for a in actions if _vkey(part.value_of(a)) == _vkey(v)]
        # the description nearest the first action's: it differs only where this part is said
        labels.append(min((said[a] for a in same), key=lambda text: _distance(text.split(" "), ref)))
    section_heading, short = compact_labels(labels)
    return {_vkey(v): short_label(s) for v, s in zip(values, short)}


def _aligned_labels(part: Part, values: list, actions: Sequence[Action], said: dict) -> dict | None:
    words = {a: said[a].split(" ") for a in actions}
    if len({len(w) for w in words.values()}) != 1:
        return None
    first = next(iter(words.values()))
    varying = [i for i in range(len(first)) if len({w[i] for w in words.values()}) > 1]
    out = {}
    for v in values:
        group = [words[a] for a in actions if _vkey(part.value_of(a)) == _vkey(v)]
        fixed = [i for i in varying if len({w[i] for w in group}) == 1]
        if not fixed:
            return None
        picked: list[str] = []
        for i in fixed:
            before = i - 1
            # a plain word just before ("stockpile 2", "card 1") says what the value is
            if (i - 1 not in fixed and before >= 0 and before not in varying and group[0][before].isalpha()
                    and group[0][before].islower() and group[0][before] not in ("a", "an", "the", "and", "on")):
                picked.append(group[0][before])
            picked.append(group[0][i])
        text = short_label(" ".join(picked))
        out[_vkey(v)] = text[:1].upper() + text[1:]
    if len(set(out.values())) < len(out):
        return None
    return out


def _distance(words: list[str], ref: list[str]) -> int:
    if len(words) != len(ref):
        return 1000 + abs(len(words) - len(ref))
    return sum(w != r for w, r in zip(words, ref))


def _vkey(v: Any):
    try:
        hash(v)
        return (0, v)
    except TypeError:
        return (1, repr(v))


def _label(ctx_words, kind: str, part: Part, value, actions, generic: dict) -> str:
    if ctx_words is not None:
        said = ctx_words(kind, part.name, value, actions)
        if said:
            return said
    return generic.get(_vkey(value), str(value))


#: at most this many taps when two parts are asked at once (rows of the first, taps of the second)
TWO_PARTS_AT_ONCE = 16


def part_rows(kind: str, narrowing: Narrowing, describe: Callable[[Action], str],
              words: Callable | None = None, question: Callable | None = None) -> list[Row]:
    """The next step of a choice asked in parts: the next part as one row of taps, or the next
    two parts as rows (one per answer to the first) when they make at most ``TWO_PARTS_AT_ONCE``
    taps; Back once something was chosen."""
    part = narrowing.part
    left = list(narrowing.remaining)
    values = narrowing.values()
    generic = value_labels(part, left, describe)
    steps = [narrowing.choose(v) for v in values]
    # two parts at once: few rows (at most 3 answers to the first), few taps in all
    pair = (len(values) <= 3 and all(s.part is not None for s in steps)
            and len({s.part.name for s in steps}) == 1)
    if pair:
        second = steps[0].part
        count = sum(len(s.values()) for s in steps)
        pair = count <= TWO_PARTS_AT_ONCE
    asked = (part.name, second.name) if pair else (part.name,)
    heading = (question(kind, asked, left) if question is not None else None) or \
        _generic_question(left, describe, asked)
    rows: list[Row] = []
    back = [Tap(_("Back"), back=True, kind=kind)] if narrowing.chosen else []
    if pair:
        for v, step in zip(values, steps):
            inner = list(step.remaining)
            generic2 = value_labels(second, inner, describe)
            taps = [_tap(_label(words, kind, second, w, inner, generic2), step.choose(w), describe, kind)
                    for w in step.values()]
            rows.append(Row("", taps, esc(_label(words, kind, part, v, left, generic)), kind=kind))
        rows[0].head = f"<b>{esc(heading)}</b>"
        if back:
            rows.append(Row("", back, kind=kind))
    else:
        taps = [_tap(_label(words, kind, part, v, left, generic), s, describe, kind) for v, s in zip(values, steps)]
        rows.append(Row(f"<b>{esc(heading)}</b>", taps + back, kind=kind))
    return rows


def _tap(label: str, step: Narrowing, describe, kind: str) -> Tap:
    if step.done:
        return Tap(label, action=step.action, kind=kind)
    return Tap(label, narrowing=step, kind=kind)


def _generic_question(actions, describe, asked) -> str:
    heading, _short_labels = compact_labels([describe(a) for a in actions])
    what = _(" and ").join(humanize(n).lower() for n in asked)
    return tr("{question}: choose the {what}", question=heading, what=what) if heading \
        else tr("Choose the {what}", what=what)


def refused_after(after, entries):
    """What the engine offers after ``entries``, or None when it refuses one of them."""
    from tabletop.errors import TabletopError
    try:
        return after(entries)
    except TabletopError:
        return None


def acting_name(ctx: PickerContext, names: Sequence[str], from_words: Callable[[str], str]) -> str:
    """Who the offered actions are for: read from the English words (as the heading always did),
    in another language from the acting seat (its words are not English)."""
    if current_language() == DEFAULT:
        return from_words(ctx.describe(ctx.actions[0]))
    seat = getattr(ctx.actions[0], "seat", None)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""

