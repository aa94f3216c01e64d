"""A real Voilà server (one per session) and Debian's Chromium driven by Playwright.

Every request that is not to the local server is blocked and recorded; a test fails if the page
asked for anything from outside. Under CI=true these tests must run: they skip only when
Chromium is missing on a developer's machine.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tabletop import serve

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _chromium_or_skip():
    if os.path.exists(CHROMIUM) or shutil.which("chromium"):
        return
    if os.environ.get("CI") == "true":
        pytest.fail("CI=true but Chromium is not installed at /usr/bin/chromium: browser tests must run in CI.")
    pytest.skip("Chromium is not installed (apt-get install chromium); browser tests skipped outside CI.")


@pytest.fixture(scope="session")
def home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("tabletop-home")


@pytest.fixture(scope="session")
def server(home):
    """Base URL of a Voilà server serving the packaged dashboard, saving into ``home``."""
    _chromium_or_skip()
    port = serve.free_port()
    log = open(home / "voila.log", "w")
    proc = subprocess.Popen(serve.voila_command(port, preheat=False, tracebacks=True),
                            env=serve.voila_env(home), cwd=str(serve.notebook_path().parent),
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        if not serve.wait_until_listening("127.0.0.1", port, timeout=90, proc=proc):
            raise RuntimeError("Voilà did not start:\n" + (home / "voila.log").read_text())
        yield f"http://127.0.0.1:{port}"
    finally:
        serve._stop(proc)
        log.close()


@pytest.fixture(scope="session")
def browser(server):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"),
                               args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, server):
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
        pg.goto("about:blank")               # leaving the page has Voilà shut its kernel down
        time.sleep(0.3)
        pg.close()
    finally:
        context.close()
    assert outside == [], f"the page asked for things outside the local server: {outside}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
