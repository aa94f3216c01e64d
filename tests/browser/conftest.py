"""A real Voilà server (one per session) and Debian's Chromium driven by Playwright.

Every request that is not to the local server is blocked and recorded; a test fails if the page
asked for anything from outside. Under CI set to a true value (1, true, yes, on) these tests must run:
they skip only when Chromium is missing on a developer's machine.
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tabletop import serve

CHROMIUM = "/usr/bin/chromium"
# --disable-dev-shm-usage: a container's small /dev/shm crashes tabs; --disable-quic and the
# background-networking flags keep Chromium off this machine's closed network
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes", "on")


def chromium_path() -> str | None:
    return CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")


def chromium_or_skip() -> str:
    found = chromium_path()
    if found:
        return found
    if in_ci():
        pytest.fail("CI is set but Chromium is not installed at /usr/bin/chromium: browser tests must run in CI.")
    pytest.skip("Chromium is not installed (apt-get install chromium); browser tests skipped outside CI.")


def wait_for(condition, timeout: float, what: str, every: float = 0.1):
    """Poll ``condition()`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"after {timeout} s: {what}")
        time.sleep(every)


@pytest.fixture(scope="session")
def home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("tabletop-home")


@pytest.fixture(scope="session")
def voila(home):
    """The session's Voilà server (``serve.Voila``) serving the packaged dashboard, saving into ``home``."""
    chromium_or_skip()
    with open(home / "voila.log", "w") as log, \
            serve.Voila(port=0, home=home, tracebacks=True, stdout=log) as server:
        yield server


@pytest.fixture(scope="session")
def server(voila) -> str:
    """Base URL of the session's Voilà server."""
    return voila.url().rstrip("/")


@pytest.fixture(scope="session")
def browser(server):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_or_skip(), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, server, voila):
    """A fresh page at 1280x800 that may talk only to the local server."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(server):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    context.route("**/*", route)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    yield pg
    try:
        before = set(voila.kernel_pids())
        # closing the page sends Voilà's shutdown beacon (a beacon sent while navigating away is
        # lost under Playwright's request routing, measured); wait for it, bounded: a page left
        # mid-load has no beacon and is the culler's
        pg.close(run_before_unload=True)
        deadline = time.monotonic() + 10
        while before & set(voila.kernel_pids()) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        context.close()
    assert outside == [], f"the page asked for things outside the local server: {outside}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
