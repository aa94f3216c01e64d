"""The served app in Chromium: leaving a page shuts its kernel down with the XSRF check on, pages
closed at once leave no kernel once the culler has passed, and a LAN server works only with its token
(docs/security.md, "The server")."""
from __future__ import annotations

import secrets
import time
import urllib.error
import urllib.request

import pytest

from tabletop import serve

from .conftest import wait_for


def kernel_running(base: str, kernel_id: str) -> bool:
    try:
        return urllib.request.urlopen(f"{base}/api/kernels/{kernel_id}", timeout=30).status == 200
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def kernel_id_of(page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def xsrf_refused(base: str, kernel_id: str) -> bool:
    """A POST without the XSRF value (what another site's form would send) is refused."""
    post = urllib.request.Request(f"{base}/voila/api/shutdown/{kernel_id}", data=b"", method="POST")
    try:
        urllib.request.urlopen(post, timeout=30)
    except urllib.error.HTTPError as exc:
        return exc.code == 403
    return False


def test_closing_a_page_shuts_its_kernel_down_with_the_xsrf_check_on(browser, server, voila):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server + "/")
        page.locator(".tt-start").wait_for(timeout=120_000)
        kernel = kernel_id_of(page)
        assert kernel_running(server, kernel)
        assert xsrf_refused(server, kernel) and kernel_running(server, kernel)
        closed = time.monotonic()
        page.close(run_before_unload=True)            # as a tab is closed: the page's beacon goes out
        wait_for(lambda: not kernel_running(server, kernel), 15, "the closed page's kernel still runs")
        # far sooner than the culler could have done it
        assert time.monotonic() - closed < serve.CULL_IDLE_TIMEOUT
    finally:
        context.close()


@pytest.fixture(scope="module")
def culling(tmp_path_factory):
    """A server that culls a kernel no page is connected to after 3 s idle, looking every second."""
    home = tmp_path_factory.mktemp("culling")
    with open(home / "voila.log", "w") as log, \
            serve.Voila(port=0, home=home, stdout=log, cull_idle_timeout=3, cull_interval=1) as server:
        yield server


def test_pages_closed_at_once_leave_no_kernel_after_the_cull_interval(browser, culling):
    context = browser.new_context()
    try:
        aborted = 3
        for _ in range(aborted):
            page = context.new_page()
            page.goto(culling.url(), wait_until="commit", timeout=120_000)   # the kernel has started
            page.close()                              # no beforeunload, no beacon: only the culler
        started = time.monotonic()
        assert culling.kernel_pids()
        wait_for(lambda: culling.kernel_pids() == [], 40,
                 f"kernels of closed pages still running: {culling.kernel_pids()}", every=0.2)
        print(f"\n{aborted} pages closed at once in Chromium: no kernel left "
              f"{time.monotonic() - started:.1f} s later (cull after 3 s idle, checked every 1 s)")
    finally:
        context.close()


def test_a_lan_server_serves_a_browser_only_with_its_token(browser, tmp_path):
    token = secrets.token_urlsafe(16)
    with open(tmp_path / "voila.log", "w") as log, \
            serve.Voila(port=0, host="0.0.0.0", token=token, home=tmp_path, stdout=log) as lan:
        base = lan.url(with_token=False).rstrip("/")
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(base + "/", timeout=120_000)
            assert page.locator(".tt-start").count() == 0 and "/login" in page.url
            assert lan.kernel_pids() == []
            page.goto(lan.url(), timeout=120_000)
            page.locator(".tt-start").wait_for(timeout=120_000)
            kernel = kernel_id_of(page)
            assert len(lan.kernel_pids()) == 1
            page.close(run_before_unload=True)        # the beacon needs the login the token gave
            wait_for(lambda: lan.kernel_pids() == [], 15, "the closed page's kernel still runs")
        finally:
            context.close()
        assert kernel
