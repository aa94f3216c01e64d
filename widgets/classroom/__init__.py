"""Classroom experiments on the class's own phones: the teacher screen, joining by the class
link, and each student's screen.

    /?match=ID&teacher=KEY       the teacher screen of a classroom match: the class code, who has
                                 joined, Open round / Close round, live charts, results, CSV, the
                                 full backup and Delete (the match's address alone opens nothing)
    /?match=ID&join=CLASSKEY     a student types a nickname and takes the lowest free seat (a
                                 phone that has a seat already is given it again: one phone, one seat)
    /?match=ID&seat=N&key=K      that student's own screen (a reload rejoins the same seat)

An experiment is an ordinary match (the engine is ``tabletop.classroom``), so the store, the
live updates, the seat keys and the log work unchanged. The class key is derived from the
seats' keys (no schema change): whoever has the class link may take a free seat, and nobody
can guess one seat's link from it. The server draws every chance entry (groups, values, the
random bids of missing bidders) right after Open round or Close round, in the same save, so no
screen ever sees a round half drawn. Student screens show only the seat's own view; the teacher
screen is the public view (``view(None)``): an open round's values and bids are on no screen
but their owner's.

The modules, each importing only those listed before it: ``common`` (the keys and links, the
view readers, entering, the live-screen base, the page's extra CSS), ``join`` (the join page),
``student`` (a student's screen), ``teacher`` (the teacher's screen, its results table and
charts) and ``card`` (the start page's card).

    page = TeacherScreen(store.open(match_id, device="table"))
    page.widget                            # display this
"""
from __future__ import annotations

from .card import ClassroomCard
from .common import (EXPERIMENT_NAMES, EXTRA_CSS, RETRIES, TITLE_NAME, check_class_key, check_teacher_key,
                     class_key, class_link, class_query, enter_retrying, enter_with_draws, is_classroom,
                     rule_words, teacher_key, teacher_query)
from .join import JoinPage, device_tag
from .student import StudentScreen
from .teacher import (BID_RULE_WORDS, COLUMN_WORDS, PANEL_TITLES, ExperimentCharts, TeacherScreen, chart_axes,
                      chart_series, panels_figure, results_table_html)

__all__ = ["TITLE_NAME", "is_classroom", "class_key", "check_class_key", "class_query", "teacher_key",
           "check_teacher_key", "teacher_query", "JoinPage", "device_tag",
           "StudentScreen", "TeacherScreen", "enter_with_draws", "EXPERIMENT_NAMES", "rule_words",
           "ClassroomCard", "class_link", "enter_retrying", "EXTRA_CSS", "RETRIES", "ExperimentCharts",
           "chart_series", "chart_axes", "panels_figure", "results_table_html", "COLUMN_WORDS", "BID_RULE_WORDS",
           "PANEL_TITLES"]
