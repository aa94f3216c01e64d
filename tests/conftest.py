"""Under CI set to a true value (1, true, yes, on) no test may skip silently: every skip, at
collection or in a test, becomes a failure, unless the test is marked
``@pytest.mark.allowed_skip(reason="why a skip is right even in CI")``."""
import os

import pytest

CI_TRUE = ("1", "true", "yes", "on")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in CI_TRUE


def pytest_configure(config):
    config.addinivalue_line("markers", "allowed_skip(reason): this test may skip even under CI (say why)")


def _allowed(node) -> bool:
    mark = node.get_closest_marker("allowed_skip")
    if mark is not None and not (mark.kwargs.get("reason") or mark.args):
        raise pytest.UsageError(f"{node.nodeid}: allowed_skip needs a reason")
    return mark is not None


def _fail_the_skip(report, node) -> None:
    if in_ci() and report.skipped and not hasattr(report, "wasxfail") and not _allowed(node):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI={os.environ['CI']!r}, where no test may skip: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_the_skip(outcome.get_result(), item)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    _fail_the_skip(outcome.get_result(), collector)


# --- two workers (pytest-xdist, ``-n auto`` in pyproject's addopts) ------------------------------
#: The browser tests are one unit, run file after file on one worker and started first: each drives
#: Chromium, Voila and its kernels, near two cores by itself (two browser units at once crowded
#: each other's timeouts and finished later: 14 min against 12). Every other file (a notebook's
#: cells in order, a module's fixtures once) is a unit for whichever worker is free.
BROWSER = "tests/browser/"


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not item.nodeid.startswith(BROWSER))      # stable: the order within kept


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class BrowserFirst(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return BROWSER if path.startswith(BROWSER) else path

    config.option.loadscopereorder = False       # the collection's order: the browser unit first
    return BrowserFirst(config, log)
