"""The classroom screens read as words, not the engine's keys (issue 29, items 3 and 10b): the
teacher's results table and charts in the page's language (en and ko) with amounts as a person
writes them, rounds on whole ticks, and a waiting student's counter agreeing with its waiting line."""
from __future__ import annotations

import json
import re

import pytest

from tabletop.classroom.results import COLUMNS, results
from tabletop.i18n import language
from tabletop.widgets.classroom import StudentScreen, TeacherScreen

from .test_experiment import (NICKNAMES, class_link, engine, join, ladder_buttons, start_experiment, store,  # noqa: F401
                              table_cells)

#: what must never reach the teacher: an engine key, Python's words, money with a ".0"
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
PYTHON = re.compile(r"\b(None|True|False|nan|NaN)\b")
POINT_ZERO = re.compile(r"\d\.0\b")


def play(store, tmp_path, experiment: str, closes: int):
    """A class plays ``closes`` rounds (one student of each group never bids, outside the
    ladder); returns the teacher screen and the students' screens."""
    size = 4 if experiment == "ladder" else 3
    seats = size if experiment == "ladder" else 6
    teacher = start_experiment(store, experiment, seats=seats, group_size=size).page
    match_id, key = class_link(teacher)
    students = [join(tmp_path, match_id, key, nick).page for nick in NICKNAMES[:seats]]
    for _rnd in range(closes):
        teacher.follow()
        assert teacher.open_round(), teacher.problem.value
        for _ in range(200):
            acted = False
            for st in students:
                st.follow()
                if experiment == "ladder":
                    offered = ladder_buttons(st)
                    if offered:
                        offered[0][2].click()
                        acted = True
                        break
                elif st.form.layout.display is None and st.seat % 3:
                    private = st.match.view(st.seat)["private"]
                    own = private["signal"] if private.get("signal") is not None else private["value"]
                    st.amount.value = str(max(0, min(100, own - 7)))
                    st.submit.click()
                    acted = True
            if not acted:
                break
        teacher.follow()
        assert teacher.close_round(), teacher.problem.value
    for st in students:
        st.follow()
    return teacher, students


def redraw(teacher: TeacherScreen, lang: str):
    """The teacher screen drawn again in ``lang`` (as a page opened in that language draws it)."""
    with language(lang):
        teacher._closed_seen = -1
        teacher.refresh()
    return teacher.table.value, teacher.charts.fig


HEADS = {"en": {"Round", "Nickname", "Bid", "Won", "Price paid", "Profit"},
         "ko": {"라운드", "닉네임", "입찰", "낙찰", "지불 가격", "이익"}}
YES_NO = {"en": {"yes", "no"}, "ko": {"예", "아니요"}}


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("experiment", ["first-price", "common-value", "ladder"])
def test_the_teachers_results_table_is_words_and_amounts_in_the_pages_language(store, tmp_path, experiment, lang):
    teacher, _students = play(store, tmp_path, experiment, closes=2)
    html, _fig = redraw(teacher, lang)
    cells = table_cells(html)
    text = "\n".join(c for row in cells for c in row)
    assert not SNAKE.search(text), SNAKE.search(text)
    assert not PYTHON.search(text), PYTHON.search(text)
    assert not POINT_ZERO.search(text), POINT_ZERO.search(text)
    heads = cells[0]
    assert HEADS[lang] <= set(heads), heads
    assert not set(heads) & set(COLUMNS), "a column header is the engine's key"
    frame = results(engine(tmp_path, teacher.saved.id))
    assert len(cells) - 1 == len(frame)
    won = [row[heads.index("Won" if lang == "en" else "낙찰")] for row in cells[1:]]
    assert set(won) <= YES_NO[lang] and len(set(won)) >= (1 if experiment == "ladder" else 2), won
    # each amount as a person writes it: the winner's price as $54, a missing bid as "—"
    price = heads.index("Price paid" if lang == "en" else "지불 가격")
    for row, (_i, want) in zip(cells[1:], frame.iterrows()):
        assert row[price] == f"${int(want['price']):,}", (row[price], want["price"])
    if experiment != "ladder":
        bid = heads.index("Bid" if lang == "en" else "입찰")
        assert "—" in [row[bid] for row in cells[1:]], "a student who did not bid shows a dash"
    # the table scrolls inside its own card, never the page
    assert html.startswith('<div class="tt-scroll')


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("experiment", ["first-price", "second-price", "common-value", "ladder"])
def test_the_teachers_charts_speak_words_and_count_whole_rounds(store, tmp_path, experiment, lang):
    teacher, _students = play(store, tmp_path, experiment, closes=2)
    _html, fig = redraw(teacher, lang)
    words = json.dumps([t["name"] for t in fig["data"]], ensure_ascii=False)
    assert not SNAKE.search(words) and "(v-" not in words and "0 +" not in words and "(n-1)" not in words, words
    if experiment == "first-price":
        # n = 3 bidders: the fraction filled in, the value said in words
        assert ("Equilibrium bid = 2/3 × value" if lang == "en" else "2/3") in words, words
    if lang == "ko":
        assert not re.search(r"[A-Za-z]{3,}", words), f"English left in the Korean legend: {words}"
    layout = fig["layout"]
    for n in ("", "2", "3", "4"):
        x, y = layout[f"xaxis{n}"], layout[f"yaxis{n}"]
        assert x["title"]["text"] and y["title"]["text"], f"panel {n or 1} has an untitled axis"
    for n in ("2", "3", "4"):
        x = layout[f"xaxis{n}"]
        assert (x["tickmode"], x["dtick"], x["tick0"]) == ("linear", 1, 1), x
        assert x["range"][0] > 0 and x["range"][1] < 3, "the axis runs around rounds 1 and 2 only"
        assert x["title"]["text"] == ("Round" if lang == "en" else "라운드")


def test_a_waiting_students_round_counter_agrees_with_the_waiting_line(store, tmp_path):
    teacher, students = play(store, tmp_path, "first-price", closes=1)
    st = students[0]
    assert "Waiting for round 2 to open" in st.prompt.value, st.prompt.value
    assert "round 2 of 3" in st.head.value and "round 1 of 3" not in st.head.value, st.head.value
    teacher.follow()
    assert teacher.open_round()
    st.follow()
    assert "round 2 of 3" in st.head.value, st.head.value
    assert teacher.close_round(), teacher.problem.value
    st.follow()
    assert "Waiting for round 3 to open" in st.prompt.value and "round 3 of 3" in st.head.value, st.head.value
    teacher.follow()
    assert teacher.open_round() and teacher.close_round(), teacher.problem.value
    st.follow()       # the last close ends the experiment: the counter stays on the last round
    assert "The experiment is over" in st.prompt.value and "round 3 of 3" in st.head.value, st.head.value
