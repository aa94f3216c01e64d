"""docs/security.md's table "What each surface shows" is the oracle: the words it says a surface
never holds are looked for in everything the page's kernel holds (each widget's whole state is
what the browser receives), and the tests each row names exist. The rows checked here directly:
the locked seat page, every title; the others by the tests the row names."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dashboard.test_seat_lock import BEN, PIN, TITLES, kernel_text, played, saved
from privacy import oracle
from tabletop.store import Store
from tabletop.widgets.app import App
from tabletop.widgets.seat import SeatScreen

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh data folder, and no live widget of an earlier test (the page's kernel is read whole)."""
    import ipywidgets
    ipywidgets.Widget.close_all()
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def surfaces() -> list[dict[str, str]]:
    text = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    section = text.split("## What each surface shows", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("|---")]
    head = [c.strip() for c in rows[0].strip("|").split("|")]
    return [dict(zip(head, (c.strip() for c in row.strip("|").split("|")))) for row in rows[1:]]


def row(surface: str, state: str) -> dict[str, str]:
    found = [r for r in surfaces() if r["surface"].startswith(surface) and r["state"].startswith(state)]
    assert len(found) == 1, f"docs/security.md has no single row for {surface!r} {state!r}"
    return found[0]


def test_every_surface_has_its_tests_and_they_exist():
    rows = surfaces()
    assert len(rows) >= 10
    missing = []
    for r in rows:
        named = re.findall(r"`(tests/[\w/]+\.py)(?:::(\w+))?`", r["tests"])
        assert named, f"no test named for {r['surface']} / {r['state']}"
        for path, name in named:
            file = ROOT / path
            if not file.exists() or (name and f"def {name}(" not in file.read_text(encoding="utf-8")):
                missing.append(f"{path}::{name}" if name else path)
    assert not missing, f"docs/security.md names tests that do not exist: {missing}"


@pytest.mark.parametrize("title", TITLES)
def test_a_locked_seat_page_holds_nothing_the_table_says_it_never_holds(title, home):
    locked = row("seat page", "locked")
    never = re.findall(r"`([^`]+)`", locked["never holds"])
    assert "Undo" in never and "Back to here" in never
    match = played(title, seed=TITLES.index(title) + 128)
    match_id, key = saved(home, match)
    page = App(Store(), match_id, str(BEN), key).page
    assert isinstance(page, SeatScreen) and not page.unlocked
    for attempt in (None, "0000"):
        if attempt:
            page.unlock(attempt)
        text = kernel_text()
        assert [w for w in never if w in text] == []
        assert "secrets" in locked["never holds"] and not oracle.find_tokens(oracle.all_secret_tokens(match), text)
        assert "log line" in locked["never holds"] and not [line for line in match.describe_log(None) if line in text]
    # unlocked: what the row "may show" (undo and redo, the seat's own secrets) is there
    assert page.unlock(PIN)
    assert "undo and redo" in row("seat page", "unlocked")["may show"]
    assert "Undo" in kernel_text()
