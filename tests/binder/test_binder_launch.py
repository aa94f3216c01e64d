"""The closest check of a Binder launch this machine allows.

A fresh virtual environment gets exactly what ``binder/requirements.txt`` lists, then tabletop the
way ``binder/postBuild`` installs it, in a copy of the repository (as repo2docker clones it). Then
every notebook runs top to bottom in that environment, and a Jupyter server started through
``binder/start`` serves the start page with the Voilà server extension (the badge's
``voila/render/...`` URL) to Debian's Chromium, offline.
"""
from __future__ import annotations

import os
import shutil
import socket
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


@pytest.fixture(scope="module")
def binder(tmp_path_factory):
    """(repository copy, environment with the venv first on PATH), built as repo2docker would."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but Chromium is not installed: the Binder launch test must run in CI.")
        pytest.skip("Chromium is not installed; the Binder launch test is skipped outside CI.")
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_badge_url_serves_the_start_page_offline(binder):
    from playwright.sync_api import sync_playwright
    repo, env = binder
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(repo.parent / "server.log", "w")
    server = subprocess.Popen(
        ["bash", "binder/start", "jupyter", "server", f"--port={port}", "--ServerApp.ip=127.0.0.1",
         "--ServerApp.token=", "--ServerApp.password=", "--no-browser", "--allow-root",
         f"--ServerApp.root_dir={repo}"],
        cwd=repo, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status", timeout=2)
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, \
                    (repo.parent / "server.log").read_text()
                time.sleep(0.3)
        lab = urllib.request.urlopen(f"{base}/lab/tree/notebooks/lessons/00-index.ipynb", timeout=30)
        assert lab.status == 200  # the lessons badge's JupyterLab page
        outside: list[str] = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                       else (outside.append(r.request.url), r.abort()))
            start = time.monotonic()
            page.goto(f"{base}/voila/render/{DASHBOARD}", timeout=120_000)
            page.get_by_role("button", name="Start the match").wait_for(timeout=120_000)
            seconds = time.monotonic() - start
            print(f"\nBinder-like launch: start page interactive after {seconds:.1f} s")
            assert page.get_by_text("New match").count() >= 1
            browser.close()
        assert outside == [], f"the start page asked for things outside the server: {outside}"
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def test_the_wheel_carries_the_rules_data_notebooks_and_template(tmp_path):
    import zipfile
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "-w", str(tmp_path), str(REPO)], check=True, cwd=tmp_path)
    wheel = next(tmp_path.glob("tabletop-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ["tabletop/stockpile/data.py", "tabletop/acquire/data.py", "tabletop/blackmonday/data.py",
                   "tabletop/jika/data.py", "tabletop/widgets/dashboards/tabletop.ipynb",
                   "tabletop/widgets/voila/templates/tabletop/index.html.j2",
                   "tabletop/widgets/voila/templates/tabletop/conf.json"]:
        assert needed in names, f"the wheel lacks {needed}"
    assert not any(n.startswith(("tests/", "notebooks/", "bench/")) for n in names)


def test_tabletop_serve_works_from_any_directory(binder, tmp_path):
    repo, env = binder
    port = _free_port()
    log = open(tmp_path / "serve.log", "w")
    proc = subprocess.Popen(["tabletop", "serve", "--no-browser", f"--port={port}"], cwd="/",
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60)
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "serve.log").read_text()
                time.sleep(0.3)
        assert page.status == 200 and b"tabletop" in page.read()
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
