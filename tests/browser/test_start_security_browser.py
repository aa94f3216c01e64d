"""The start page in a real browser: a student's start page offers no classroom match (nor its
backup or delete), the teacher reaches them by the teacher link only; an import larger than the
save limit is refused in words at once, and one between the websocket's old 10 MiB limit and
the save limit imports."""
from __future__ import annotations

import json
import re
import time
from urllib.parse import parse_qs, urlsplit

from tabletop import Match
from tabletop.match import MAX_SAVE_BYTES
from tabletop.store import Store


def _upload(page, path) -> None:
    """Pick ``path`` with the start page's import button (ipywidgets' file input is not in the
    page: the file chooser is answered as the player would)."""
    with page.expect_file_chooser() as chooser:
        page.locator(".tt-upload").click()
    chooser.value.set_files(str(path))


def test_an_import_over_the_limit_is_refused_in_words_and_one_of_15_mb_imports(page, server, home, tmp_path,
                                                                              artifacts):
    page.goto(f"{server}/")
    page.locator(".tt-start").wait_for()
    # over the server's websocket limit too: only the page's not reading it gets the words through
    big = tmp_path / "too-big.json"
    size = 30_000_000
    big.write_bytes(b"{" + b" " * (size - 2) + b"}")
    started = time.monotonic()
    _upload(page, big)
    words = f"This file is too large to be a saved match ({size:,} bytes; at most {MAX_SAVE_BYTES:,})."
    page.locator(".tt-banner", has_text=words).wait_for(timeout=20_000)
    told = time.monotonic() - started
    page.screenshot(path=str(artifacts / "start-upload-too-large.png"), full_page=True)
    assert told < 10, f"the refusal took {told:.1f} s"
    # a real save padded to 15 MB (over the websocket's default 10 MiB) resumes the match
    save = Match("stockpile", ["Ann", "Ben", "Cy"], seed=3).to_json()
    padded = tmp_path / "padded.json"
    padded.write_text(save[:-1] + " " * (15_000_000 - len(save)) + "}", encoding="utf-8")
    assert Match.from_json(padded.read_text()).game.players == ("Ann", "Ben", "Cy")
    _upload(page, padded)
    page.locator(".tt-tracker").wait_for(timeout=60_000)
    assert "Ann" in page.locator(".tt-tracker").inner_text()
