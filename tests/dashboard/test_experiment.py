"""Classroom experiments on the screens, headless: a class of 6 joins by the class link (two at
once: both get a seat), the teacher screen opens and closes rounds, each student's screen shows
its own value and nothing of the others' before the close, and the results table and the CSV
are what the entries made (winners and prices computed here from the bids typed)."""
from __future__ import annotations

import json

import base64
import random
import re
import secrets
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import ipywidgets as W
import pytest

from tabletop.store import Store
from tabletop.widgets.app import App
from tabletop.widgets.classroom import JoinPage, StudentScreen, TeacherScreen

from tabletop.classroom.results import csv_text, results

NICKNAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fox"]


def strings_of(widget) -> str:
    """Every string a widget tree would send to the browser (values, labels, placeholders)."""
    out = []

    def walk(w):
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, (tuple, list)):
                out.extend(v for v in value if isinstance(v, str))
        for child in getattr(w, "children", ()):
            walk(child)
    walk(widget)
    return "\n".join(out)


def dollars(amount: int) -> re.Pattern:
    """$63 and not $630, $6,300 or -$63 (a signal below $0)."""
    if amount < 0:
        return re.compile(re.escape(f"-${-amount:,}") + r"(?![\d,])")
    return re.compile(r"(?<!-)" + re.escape(f"${amount:,}") + r"(?![\d,])")


class Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self._cell = [], None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = ""

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(self._cell.strip())
            self._cell = None


def table_cells(html: str) -> list[list[str]]:
    parser = Cells()
    parser.feed(html)
    return parser.rows


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "class.sqlite3")
    yield s
    s.close()


def start_experiment(store, experiment: str, seats: int = 8, group_size: int = 3, missing: str = "none") -> App:
    """The teacher fills the start page's card and starts: the teacher screen opens."""
    app = App(store)
    card = app.start.classroom
    assert card is not None, "the start page should offer a Classroom experiment card"
    card.experiment.value = experiment
    card.class_size.value = seats
    card.group_size.value = group_size
    card.rounds.value = 3
    card.missing.value = missing
    card.button.click()
    assert isinstance(app.page, TeacherScreen), app.page.widget.children[-1].value if app.page else None
    return app


def class_link(teacher: TeacherScreen) -> tuple[str, str]:
    link = re.search(r'href="([^"]+)"[^>]*>Class link', teacher.code.value).group(1)
    query = parse_qs(urlsplit(link.replace("&amp;", "&")).query)
    return query["match"][0], query["join"][0]


def url_marker(app: App) -> str:
    return re.search(r'data-url="([^"]*)"', app.url.value).group(1).replace("&amp;", "&")


def a_phone() -> str:
    """A phone's own secret, as tabletop's page template makes it (16 random bytes in hex)."""
    return secrets.token_hex(16)


def open_link(tmp_path, match_id, key, phone: str | None = None) -> App:
    """A student's phone (its own store connection, as its own kernel has) opens the class link;
    the page template then gives the page the phone's secret."""
    app = App(Store(tmp_path / "class.sqlite3"), match_id, join=key)
    assert isinstance(app.page, JoinPage), strings_of(app.widget)
    app.page.device.value = phone or a_phone()
    return app


def join(tmp_path, match_id, key, nickname, phone: str | None = None) -> App:
    app = open_link(tmp_path, match_id, key, phone)
    app.page.nickname.value = nickname
    app.page.button.click()
    return app


def engine(tmp_path, match_id):
    s = Store(tmp_path / "class.sqlite3")
    try:
        return s.open(match_id).match
    finally:
        s.close()


def own_values(match, seat: int, rnd_opens: int) -> list[int]:
    """The values drawn for ``seat`` after the ``rnd_opens``-th OpenRound, read from the log."""
    opened, out = 0, []
    for a in match.log:
        name = type(a).__name__
        if name == "OpenRound":
            opened += 1
        elif opened == rnd_opens and name in ("DrawValue", "DrawSignal") and a.seat == seat:
            out.append(getattr(a, "value", getattr(a, "signal", None)))
    return out


def test_a_class_of_six_joins_by_the_class_link_and_a_race_gives_both_a_seat(store, tmp_path):
    teacher_app = start_experiment(store, "first-price")
    teacher = teacher_app.page
    match_id, key = class_link(teacher)
    assert "?match=" in teacher.code.value and "<svg" in teacher.code.value, "the class QR code"
    phones = [join(tmp_path, match_id, key, nick) for nick in NICKNAMES[:4]]
    # two students at once: Fox's page has read the match and found seat 4 free when Eve takes it
    racing = [open_link(tmp_path, match_id, key) for _ in range(2)]
    for app, nick in zip(racing, NICKNAMES[4:]):
        app.page.nickname.value = nick
    eve, fox = racing
    fox_saved = fox.page.saved
    refresh, raced = fox_saved.refresh, []

    def refresh_then_eve_joins():
        changed = refresh()
        if not raced:
            raced.append(True)
            eve.page.button.click()
        return changed
    fox_saved.refresh = refresh_then_eve_joins
    fox.page.button.click()
    assert raced and isinstance(eve.page, StudentScreen) and isinstance(fox.page, StudentScreen), (
        getattr(getattr(fox.page, "message", None), "value", ""))
    phones += racing
    seats = []
    for app, nick in zip(phones, NICKNAMES):
        assert isinstance(app.page, StudentScreen), strings_of(app.widget)
        seat = app.page.seat
        seats.append(seat)
        marker = url_marker(app)
        assert f"seat={seat}" in marker and "key=" in marker, "a reload must rejoin the same seat"
        assert nick in app.page.head.value
    assert sorted(seats) == list(range(6)), f"six seats, the lowest free first: {seats}"
    # a reload: the seat link from the address bar opens the same student's screen
    q = parse_qs(url_marker(phones[5]).lstrip("?"))
    again = App(Store(tmp_path / "class.sqlite3"), q["match"][0], q["seat"][0], q["key"][0])
    assert isinstance(again.page, StudentScreen) and again.page.seat == phones[5].page.seat
    assert NICKNAMES[5] in again.page.head.value
    # a wrong class key opens nothing
    wrong = App(Store(tmp_path / "class.sqlite3"), match_id, join="0" * 16)
    assert not isinstance(wrong.page, JoinPage) and "not right" in strings_of(wrong.widget)
    teacher.follow()
    for nick in NICKNAMES:
        assert nick in teacher.joined.value
    # the same nickname twice is refused in words
    dup = open_link(tmp_path, match_id, key)
    dup.page.nickname.value = "ann"
    dup.page.button.click()
    assert isinstance(dup.page, JoinPage) and "nickname" in dup.page.message.value.lower()


def joined_nicknames(tmp_path, match_id) -> list[str]:
    return [d["nickname"] for d in engine(tmp_path, match_id).view(None)["seats"] if d["nickname"]]


def test_one_phone_holds_one_seat_however_often_it_opens_the_class_link(store, tmp_path):
    teacher = start_experiment(store, "first-price").page
    match_id, key = class_link(teacher)
    phone = a_phone()
    # two tabs of the same phone open the class link before it has joined
    first, second = open_link(tmp_path, match_id, key, phone), open_link(tmp_path, match_id, key, phone)
    first.page.nickname.value = "Ann"
    first.page.button.click()
    assert isinstance(first.page, StudentScreen) and first.page.seat == 0
    # the second tab joins under another nickname: it is given the phone's own seat, as Ann
    second.page.nickname.value = "Bob"
    second.page.button.click()
    assert isinstance(second.page, StudentScreen) and second.page.seat == 0, strings_of(second.widget)
    assert "Ann" in second.page.head.value and "Bob" not in strings_of(second.widget)
    assert f"seat=0" in url_marker(second)
    # the phone comes back by the class link (a new tab, the code scanned again): its seat, at once
    again = App(Store(tmp_path / "class.sqlite3"), match_id, join=key)
    assert isinstance(again.page, JoinPage)
    again.page.device.value = phone
    assert isinstance(again.page, StudentScreen) and again.page.seat == 0 and "Ann" in again.page.head.value
    assert joined_nicknames(tmp_path, match_id) == ["Ann"], "the class has one student"
    # another phone takes the next seat
    other = join(tmp_path, match_id, key, "Cy")
    assert isinstance(other.page, StudentScreen) and other.page.seat == 1
    teacher.follow()
    assert "Ann" in teacher.joined.value and "Cy" in teacher.joined.value and "Bob" not in teacher.joined.value
    assert joined_nicknames(tmp_path, match_id) == ["Ann", "Cy"]


def test_two_tabs_of_one_phone_pressing_join_at_once_take_one_seat(store, tmp_path):
    teacher = start_experiment(store, "first-price").page
    match_id, key = class_link(teacher)
    phone = a_phone()
    tabs = [open_link(tmp_path, match_id, key, phone) for _ in range(2)]
    for app, nick in zip(tabs, ("Ann", "Bob")):
        app.page.nickname.value = nick
    ann, bob = tabs
    # Bob's tab has read the class (nobody joined) when Ann's tab takes seat 1
    saved = bob.page.saved
    refresh, raced = saved.refresh, []

    def refresh_then_ann_joins():
        changed = refresh()
        if not raced:
            raced.append(True)
            ann.page.button.click()
        return changed
    saved.refresh = refresh_then_ann_joins
    bob.page.button.click()
    assert raced and [app.page.seat for app in tabs] == [0, 0], strings_of(bob.widget)
    assert joined_nicknames(tmp_path, match_id) == ["Ann"]


def test_the_join_page_says_how_long_a_nickname_may_be_and_refuses_a_longer_one(store, tmp_path):
    teacher = start_experiment(store, "first-price").page
    match_id, key = class_link(teacher)
    app = open_link(tmp_path, match_id, key)
    assert "Up to 40 characters." in strings_of(app.widget)
    app.page.nickname.value = "n" * 41
    app.page.button.click()
    assert isinstance(app.page, JoinPage)
    assert "A nickname has at most 40 characters; this one has 41." in app.page.message.value
    assert joined_nicknames(tmp_path, match_id) == []
    app.page.nickname.value = "n" * 40
    app.page.button.click()
    assert isinstance(app.page, StudentScreen) and joined_nicknames(tmp_path, match_id) == ["n" * 40]
    from tabletop import i18n
    i18n.set_language("ko")
    try:
        korean = open_link(tmp_path, match_id, key)
        said = strings_of(korean.widget)
        korean.page.nickname.value = "m" * 41
        korean.page.button.click()
        refusal = korean.page.message.value
    finally:
        i18n.set_language("en")
    assert "40" in said and "Up to 40 characters." not in said, "said in Korean"
    assert "40" in refusal and "41" in refusal and "at most" not in refusal, refusal
    assert joined_nicknames(tmp_path, match_id) == ["n" * 40]


def test_join_waits_for_the_browser_to_say_which_phone_it_is(store, tmp_path):
    teacher = start_experiment(store, "first-price").page
    match_id, key = class_link(teacher)
    app = App(Store(tmp_path / "class.sqlite3"), match_id, join=key)
    page = app.page
    assert page.button.disabled
    page.nickname.value = "Ann"
    page.button.click()           # (a click in Python runs even on a disabled button)
    assert isinstance(app.page, JoinPage)
    assert "This page is still starting: press Join again in a moment." in page.message.value
    page.device.value = "not a secret"               # only the template's 32 hex digits count
    assert page.button.disabled and page.tag is None
    page.device.value = a_phone()
    assert not page.button.disabled
    page.button.click()
    assert isinstance(app.page, StudentScreen) and joined_nicknames(tmp_path, match_id) == ["Ann"]


@pytest.mark.parametrize("experiment", ["first-price", "second-price"])
def test_rounds_from_the_teacher_screen_each_phone_private_results_and_csv(store, tmp_path, experiment):
    teacher_app = start_experiment(store, experiment, seats=6, group_size=3, missing="none")
    teacher = teacher_app.page
    match_id, key = class_link(teacher)
    phones = [join(tmp_path, match_id, key, nick) for nick in NICKNAMES]
    students = [p.page for p in phones]
    rng = random.Random(7)
    typed: dict[tuple[int, int], int] = {}
    for rnd in (1, 2, 3):
        teacher.follow()
        assert not teacher.open_button.disabled
        assert teacher.open_round(), teacher.problem.value
        match = engine(tmp_path, match_id)
        public = strings_of(teacher.widget)
        # numbers the whole class may see now: the closed rounds' results
        shown = {int(r[k]) for r in match.view(None)["rows"] for k in ("value", "bid", "price", "profit")
                 if r.get(k) == r.get(k) and r.get(k) is not None}
        values = {s.seat: own_values(match, s.seat, rnd) for s in students}
        for st in students:
            st.follow()
            (value,) = values[st.seat]
            assert f"Your value: ${value:,}" in st.prompt.value
            assert match.view(None)["missing_rule"] in strings_of(st.widget), "the missing-bid rule is stated"
        # nobody's value is on the teacher screen
        for seat, (value,) in values.items():
            assert not dollars(value).search(teacher.status.value + teacher.joined.value)
        # five bid, one does not (the rule: no bid)
        for st in students[:5]:
            (value,) = values[st.seat]
            bid = max(0, value - rng.randrange(0, 30))
            st.amount.value = str(bid)
            st.submit.click()
            assert f"Bid received: ${bid:,}" in st.prompt.value, st.problem.value
            typed[(rnd, st.seat)] = bid
        # before the close, each phone holds its own value and bid, nobody else's
        for st in students:
            st.follow()
            text = strings_of(st.widget)
            mine = set(values[st.seat]) | {typed.get((rnd, st.seat))}
            for other in students:
                if other is st:
                    continue
                for secret in values[other.seat] + [typed.get((rnd, other.seat))]:
                    if secret is None or secret in mine | shown or secret in (0, 100) or dollars(secret).search(public):
                        continue          # the same number is also one the phone may show (the range $0 to $100)
                    assert not dollars(secret).search(text), (
                        f"{NICKNAMES[st.seat]}'s phone shows ${secret} of {NICKNAMES[other.seat]} before the close")
        teacher.follow()
        assert "5 of 6 have bid" in teacher.status.value
        assert teacher.close_round(), teacher.problem.value
        for st in students:
            st.follow()
            assert f"Round {rnd} results" in st.result.value

    match = engine(tmp_path, match_id)
    frame = results(match)
    # the results: the bids typed, winners and prices computed here
    assert len(frame) == 18
    for (rnd, group), rows in frame.groupby(["round", "group"]):
        bids = {int(r.seat) - 1: typed.get((rnd, int(r.seat) - 1)) for r in rows.itertuples()}
        for r in rows.itertuples():
            want = bids[int(r.seat) - 1]
            assert (want is None and r.bid != r.bid) or r.bid == want, (rnd, r.seat, r.bid, want)
        placed = sorted((b for b in bids.values() if b is not None), reverse=True)
        winner = rows[rows["won"].astype(bool)]
        assert len(winner) == 1
        w = winner.iloc[0]
        assert bids[int(w.seat) - 1] == placed[0]
        price = placed[0] if experiment == "first-price" else (placed[1] if len(placed) > 1 else 0)
        assert w.price == price and w.profit == w.value - price
    # the teacher's table is the engine's results; the CSV download is its export
    cells = table_cells(teacher.table.value)
    assert cells[0] == ["Round", "Group", "Seat", "Nickname", "Value", "Bid", "Bid made", "Won", "Price paid", "Profit"]
    assert len(cells) - 1 == len(frame)
    for row, (_i, want) in zip(cells[1:], frame.iterrows()):
        assert row[cells[0].index("Nickname")] == want["nickname"]
        assert row[cells[0].index("Seat")] == str(want["seat"])
    data = re.search(r'href="data:text/csv;base64,([^"]+)"', teacher.csv.value).group(1)
    assert base64.b64decode(data).decode("utf-8") == csv_text(match)
    assert "Download the results (CSV)" in teacher.csv.value
    # each phone's result for itself
    last = frame[frame["round"] == 3]
    for st in students:
        mine = last[last["seat"] == st.seat + 1].iloc[0]
        if mine["won"]:
            assert f"You won at ${int(mine['price']):,}" in st.result.value
        else:
            assert "You did not win" in st.result.value
    # the charts were built with their data at the first close and follow every close
    assert teacher.charts.fig is not None
    bids_trace = teacher.charts.fig["data"][0]
    assert sorted(bids_trace["y"]) == sorted(float(b) for b in typed.values())
    # the page receives exactly that figure, four panels each on its own axes, titled
    sent = teacher.charts.box.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert sent == teacher.charts.fig
    assert [a["text"] for a in sent["layout"]["annotations"]] == [
        "Bids against values", "Revenue per round", "Efficiency (highest value won)", "Winners' profits"]
    assert {t["xaxis"] for t in sent["data"]} == {"x", "x2", "x3", "x4"}
    json.dumps(sent, allow_nan=False)      # as the kernel sends it: a NaN would stop the screen
    assert all(s.match.is_over() for s in [teacher] + students) or teacher.match.is_over()


def test_a_bid_that_is_not_a_number_or_out_of_range_is_refused_in_words(store, tmp_path):
    teacher = start_experiment(store, "first-price", seats=4, group_size=3).page
    match_id, key = class_link(teacher)
    phones = [join(tmp_path, match_id, key, nick) for nick in NICKNAMES[:3]]
    teacher.follow()
    assert teacher.open_round(), teacher.problem.value
    st = phones[0].page
    st.follow()
    n = len(engine(tmp_path, match_id).log)
    st.amount.value = "lots"
    st.submit.click()
    assert "whole number of dollars" in st.problem.value
    st.amount.value = "500"
    st.submit.click()
    assert "$500" in st.problem.value or "500" in st.problem.value
    assert len(engine(tmp_path, match_id).log) == n, "nothing entered"
    assert st.form.layout.display is None, "the bid field is still offered"


def test_missing_bids_drawn_at_random_when_the_teacher_chose_so(store, tmp_path):
    teacher = start_experiment(store, "second-price", seats=3, group_size=3, missing="random").page
    match_id, key = class_link(teacher)
    phones = [join(tmp_path, match_id, key, nick) for nick in NICKNAMES[:3]]
    teacher.follow()
    for p in phones:
        assert "random" in strings_of(p.page.widget)
    assert teacher.open_round()
    teacher.follow()
    assert teacher.close_round(), teacher.problem.value
    frame = results(engine(tmp_path, match_id))
    assert list(frame["bid_rule"]) == ["random"] * 3
    assert frame["bid"].between(0, 100).all()


def ladder_buttons(st: StudentScreen):
    """(pile, amount words, button) of a ladder phone's bid buttons shown now."""
    if st.choices.layout.display is not None:
        return []
    out = []
    for row in st.choices.children:
        label, box = row.children
        pile = int(re.search(r"Pile (\d+)", label.value).group(1))
        out += [(pile, b.description, b) for b in box.children]
    return out


@pytest.mark.parametrize("experiment", ["common-value", "ladder"])
def test_three_rounds_of_the_common_value_and_ladder_auctions_on_the_screens(store, tmp_path, experiment):
    size = 4 if experiment == "ladder" else 3
    teacher = start_experiment(store, experiment, seats=size, group_size=size).page
    match_id, key = class_link(teacher)
    students = [join(tmp_path, match_id, key, nick).page for nick in NICKNAMES[:size]]
    entered = []
    for rnd in (1, 2, 3):
        teacher.follow()
        assert teacher.open_round(), teacher.problem.value
        for _ in range(200):
            acted = False
            for st in students:
                st.follow()
                private = st.match.view(st.seat)["private"]
                if experiment == "ladder":
                    values = private["pile_values"]
                    for k, v in enumerate(values):
                        assert f"Pile {k + 1}: ${v:,}" in st.prompt.value
                    offered = ladder_buttons(st)
                    assert bool(offered) == bool(private["to_act"])
                    if offered:
                        # each button enters the offered bid it is labelled with
                        wanted = {(a.pile + 1, f"${a.amount:,}") for a in st.match.state.actions_for(st.seat)}
                        assert {(p, words) for p, words, _b in offered} == wanted
                        pile, words, button = offered[0]
                        button.click()
                        entered.append((rnd, st.seat, pile, words))
                        acted = True
                        break
                elif st.form.layout.display is None:
                    signal = private["signal"]      # V + noise: below $0 near the range's end
                    assert f"Your signal: {'-' if signal < 0 else ''}${abs(signal):,}" in st.prompt.value
                    # shaded by 10, inside the bid range (a signal is V + noise: it may pass $100)
                    bid = min(100, max(0, private["signal"] - 10))
                    st.amount.value = str(bid)
                    st.submit.click()
                    assert "tt-banner" not in st.problem.value, st.problem.value
                    entered.append((rnd, st.seat, None, f"${bid:,}"))
                    acted = True
            if not acted:
                break
        teacher.follow()
        assert f"{size} of {size}" in teacher.status.value
        assert teacher.close_round(), teacher.problem.value
        for st in students:
            st.follow()
            assert f"Round {rnd} results" in st.result.value
    match = engine(tmp_path, match_id)
    frame = results(match)
    assert sorted(frame["round"].unique()) == [1, 2, 3] and len(frame) == 3 * size
    if experiment == "ladder":
        # every bidder holds a pile at the close; the last bid on each pile is its price
        assert frame["won"].all()
        for (rnd, seat, pile, words) in entered:
            assert (rnd, pile) in set(zip(frame["round"], frame["pile"]))
    else:
        for (rnd, seat, _pile, words) in entered:
            row = frame[(frame["round"] == rnd) & (frame["seat"] == seat + 1)].iloc[0]
            assert f"${int(row['bid']):,}" == words
            assert row["common_value"] == row["common_value"], "V is in the results after the close"
    data = re.search(r'href="data:text/csv;base64,([^"]+)"', teacher.csv.value).group(1)
    assert base64.b64decode(data).decode("utf-8") == csv_text(match)
    assert teacher.charts.fig is not None and match.is_over()
