"""The closest check of a Binder launch this machine allows.

A fresh virtual environment gets exactly what ``binder/requirements.txt`` lists, then tabletop the
way ``binder/postBuild`` installs it, in a copy of the repository (as repo2docker clones it). Then
every notebook runs top to bottom in that environment, and a Jupyter server started through
``binder/start`` serves the start page with the Voilà server extension (the badge's
``voila/render/...`` URL) to Debian's Chromium, offline.

The pinned packages come from a local wheelhouse (``$TABLETOP_WHEELHOUSE``, default
``~/.cache/tabletop/binder-wheels/<hash of requirements.txt>``): filled by ``pip download`` once per
change of the pins (CI caches the folder), then every environment is built from it with
``--no-index``, offline. Servers bind a port of their own choosing (port 0) and run in their own
process group, which is stopped whole.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
DASHBOARD = "widgets/dashboards/tabletop.ipynb"
NOTEBOOKS = sorted(str(p.relative_to(REPO)) for p in (REPO / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts) + [DASHBOARD]


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes", "on")


def wheelhouse() -> Path:
    """The pinned wheels of binder/requirements.txt and what building tabletop needs
    (pyproject's build-system), downloaded once per change of either."""
    import tomllib
    build = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    pins = (REPO / "binder" / "requirements.txt").read_bytes() + repr(build).encode()
    default = Path.home() / ".cache" / "tabletop" / "binder-wheels" / hashlib.sha256(pins).hexdigest()[:16]
    folder = Path(os.environ.get("TABLETOP_WHEELHOUSE", default))
    if not (folder / "complete").exists():
        folder.mkdir(parents=True, exist_ok=True)
        for what in (["-r", str(REPO / "binder" / "requirements.txt")], build):
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:",
                            "-d", str(folder), *what], check=True)
        (folder / "complete").write_text("")
    return folder


def start_server(cmd: list[str], log_path: Path, **kw) -> subprocess.Popen:
    """A server in its own process group (so stopping it stops its children too)."""
    log = open(log_path, "w")
    try:
        return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, **kw)
    finally:
        log.close()


def listening_port(proc: subprocess.Popen, log_path: Path, timeout: float = 90) -> int:
    """The port ``proc`` (or a child of it) listens on, once it does."""
    import psutil
    deadline = time.monotonic() + timeout
    while True:
        assert proc.poll() is None, f"the server exited:\n{log_path.read_text()[-3000:]}"
        try:
            top = psutil.Process(proc.pid)
            ports = [c.laddr.port for p in [top, *top.children(recursive=True)]
                     for c in p.net_connections("inet") if c.status == psutil.CONN_LISTEN]
        except psutil.NoSuchProcess:
            ports = []
        if ports:
            return ports[0]
        assert time.monotonic() < deadline, f"the server did not listen:\n{log_path.read_text()[-3000:]}"
        time.sleep(0.1)


def stop_group(proc: subprocess.Popen, within: float = 20) -> None:
    """SIGTERM to the server's process group, SIGKILL to whatever of it is left after ``within`` s."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(within)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)     # children (kernels) that outlived the server
    except ProcessLookupError:
        pass
    proc.wait()


def group_members(pgid: int) -> list[int]:
    """Processes still alive in process group ``pgid``."""
    import psutil
    alive = []
    for p in psutil.process_iter():
        try:
            if os.getpgid(p.pid) == pgid and p.status() != psutil.STATUS_ZOMBIE:
                alive.append(p.pid)
        except (ProcessLookupError, psutil.NoSuchProcess):
            pass
    return alive


def wait_for_url(url: str, proc: subprocess.Popen, log_path: Path, timeout: float = 90):
    """The response to ``url`` once the server answers (polled with a deadline)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return urllib.request.urlopen(url, timeout=60)
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, log_path.read_text()[-3000:]
            time.sleep(0.3)


@pytest.fixture(scope="module")
def binder(tmp_path_factory):
    """(repository copy, environment with the venv first on PATH), built as repo2docker would."""
    if not Path(CHROMIUM).exists():
        if in_ci():
            pytest.fail("CI is set but Chromium is not installed: the Binder launch test must run in CI.")
        pytest.skip("Chromium is not installed; the Binder launch test is skipped outside CI.")
    wheels = wheelhouse()
    root = tmp_path_factory.mktemp("binder")
    repo = root / "repo"
    shutil.copytree(REPO, repo, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", "test-artifacts",
        ".ipynb_checkpoints", ".hypothesis"))
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = dict(os.environ, PATH=f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", VIRTUAL_ENV=str(venv),
               HOME=str(root / "home"), TABLETOP_HOME=str(root / "tabletop-home"), PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    (root / "home").mkdir()
    # offline: only the pinned wheels, no index (PIP_FIND_LINKS and a pip.conf cannot add any)
    env.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(wheels), PIP_CONFIG_FILE=os.devnull)
    subprocess.run(["pip", "install", "-q", "-r", "binder/requirements.txt"], cwd=repo, env=env, check=True)
    subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, check=True)
    return repo, env


def test_binder_installs_tabletop_with_its_data(binder):
    repo, env = binder
    out = subprocess.run(
        ["python", "-c", "import tabletop, tabletop.widgets, tabletop.stockpile, sys; print(tabletop.__file__)"],
        cwd="/", env=env, capture_output=True, text=True, check=True).stdout
    assert "site-packages" in out  # the installed package, not the copy's source tree


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_runs_in_the_binder_environment(binder, notebook):
    repo, env = binder
    done = subprocess.run(
        ["jupyter", "nbconvert", "--to", "notebook", "--execute", "--stdout",
         "--ExecutePreprocessor.timeout=120", notebook],
        cwd=repo, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="module")
def binder_server(binder):
    """(base URL, log) of a Jupyter server started as the Binder image starts it (binder/start),
    with the Voilà server extension; stopped whole at the end of the module."""
    repo, env = binder
    log_path = repo.parent / "server.log"
    server = start_server(
        ["bash", "binder/start", "jupyter", "server", "--port=0", "--ServerApp.port_retries=0",
         "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=", "--no-browser",
         "--allow-root", f"--ServerApp.root_dir={repo}"],
        log_path, cwd=repo, env=env)
    try:
        base = f"http://127.0.0.1:{listening_port(server, log_path)}"
        wait_for_url(f"{base}/api/status", server, log_path)
        yield base, log_path
    finally:
        stop_group(server)
    assert group_members(server.pid) == [], "the Jupyter server or a kernel outlived the stop"


def offline_page(browser, base: str, outside: list[str]):
    """A page that may talk only to ``base``; anything else is refused and recorded."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
               else (outside.append(r.request.url), r.abort()))
    return page


BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"]


def test_the_badge_url_serves_the_start_page_offline(binder_server):
    from playwright.sync_api import sync_playwright
    base, log_path = binder_server
    lab = urllib.request.urlopen(f"{base}/lab/tree/notebooks/lessons/00-index.ipynb", timeout=30)
    assert lab.status == 200  # the lessons badge's JupyterLab page
    outside: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        page = offline_page(browser, base, outside)
        start = time.monotonic()
        page.goto(f"{base}/voila/render/{DASHBOARD}", timeout=120_000)
        page.get_by_role("button", name="Start the match").wait_for(timeout=120_000)
        seconds = time.monotonic() - start
        print(f"\nBinder-like launch: start page interactive after {seconds:.1f} s")
        assert page.get_by_text("New match").count() >= 1
        # the browser's language reaches the kernel on Binder too (binder/config's http_header_envs)
        korean = browser.new_page(locale="ko-KR")
        korean.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
        korean.goto(f"{base}/voila/render/{DASHBOARD}", timeout=120_000, wait_until="commit")
        korean.get_by_role("button", name="게임 시작").wait_for(timeout=120_000)
        assert korean.get_by_text("새 게임").count() >= 1
        browser.close()
    assert outside == [], f"the start page asked for things outside the server: {outside}"
    # binder/config's culling is on (a tab dropped without its goodbye leaves no kernel for long)
    assert "Culling kernels with idle durations > 30 seconds at 15 second intervals" in log_path.read_text()


#: lesson 1's first formula, b(v) = (n-1)/n v, as MathJax's assistive MathML reads it
FORMULA_JS = """() => [...document.querySelectorAll('.jp-MarkdownOutput mjx-container')].map(m => {
  const mml = m.querySelector('mjx-assistive-mml');
  return mml ? mml.innerHTML : '';
})"""


def test_binder_voila_typesets_a_lessons_maths_offline(binder_server):
    # Voilà's own MathJax 3 (bundled, nothing from a CDN) typesets; an empty MathJax URL in
    # binder/config once left every formula as raw $...$ text
    from playwright.sync_api import sync_playwright
    base, _ = binder_server
    outside: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        page = offline_page(browser, base, outside)
        # the formulas below are the test: waited for by themselves, not by the page's load event
        page.goto(f"{base}/voila/render/notebooks/lessons/01-sealed-bid-auctions.ipynb",
                  wait_until="commit", timeout=120_000)
        deadline = time.monotonic() + 120
        while not any("<mfrac>" in m and "<mi>b</mi>" in m for m in page.evaluate(FORMULA_JS)):
            assert time.monotonic() < deadline, (
                "lesson 1's formula b(v) = (n-1)/n v was never typeset; the page shows: "
                + page.inner_text("body")[:600])
            time.sleep(0.25)
        text = page.inner_text(".jp-Notebook") if page.query_selector(".jp-Notebook") else page.inner_text("body")
        typeset = len(page.evaluate(FORMULA_JS))
        browser.close()
    assert "\\frac" not in text and "$b(v)" not in text, "raw TeX left on the page"
    assert typeset >= 30, f"only {typeset} formulas typeset in lesson 1"
    assert outside == [], f"the lesson asked for things outside the server: {outside}"


def test_the_wheel_carries_the_rules_data_notebooks_and_template(tmp_path):
    import zipfile
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "-w", str(tmp_path), str(REPO)], check=True, cwd=tmp_path)
    wheel = next(tmp_path.glob("tabletop-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ["tabletop/stockpile/data.py", "tabletop/acquire/data.py", "tabletop/blackmonday/data.py",
                   "tabletop/jika/data.py", "tabletop/widgets/dashboards/tabletop.ipynb",
                   "tabletop/widgets/voila/templates/tabletop/index.html.j2",
                   "tabletop/widgets/voila/templates/tabletop/conf.json", "tabletop/economics/stored.json"]:
        assert needed in names, f"the wheel lacks {needed}"
    assert not any(n.startswith(("tests/", "notebooks/", "bench/")) for n in names)


def test_tabletop_serve_works_from_any_directory(binder, tmp_path):
    repo, env = binder
    log_path = tmp_path / "serve.log"
    proc = start_server(["tabletop", "serve", "--no-browser", "--port=0"], log_path, cwd="/", env=env)
    try:
        port = listening_port(proc, log_path)
        page = wait_for_url(f"http://127.0.0.1:{port}/", proc, log_path)
        assert page.status == 200 and b"tabletop" in page.read()
    finally:
        stop_group(proc)
    assert group_members(proc.pid) == [], "Voilà (a child of tabletop serve) outlived the stop"
