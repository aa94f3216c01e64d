"""The README's two commands, run as a newcomer on a stock Debian would run them.

A fresh clone of this repository (its committed HEAD), the system Python ``/usr/bin/python3``
(externally managed, PEP 668: it refuses global installs) and ``PATH=/usr/bin:/bin`` only, so
nothing from a developer's own Pythons or tools can help. The first command installs and starts
the dashboards (``--no-browser --port 0`` appended: it binds a free port itself and prints it); the start page must answer. The install part
of the second command must then give a venv that can run the suite (the suite itself is not run
here: CI runs it). pip's cache is used, so a second run downloads nothing.
"""
from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = "/usr/bin/python3"
INSTALL_SECONDS = 900  # a cold pip cache downloads the whole dashboards stack


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def readme_commands() -> tuple[str, str]:
    """The first two ```bash blocks of README.md: (start command, test command)."""
    blocks = re.findall(r"```bash\n(.*?)```", (REPO / "README.md").read_text(), flags=re.S)
    assert len(blocks) >= 2, "README.md should open with two ```bash blocks: start and test"
    start, test = (block.strip() for block in blocks[:2])
    for command in (start, test):
        assert "\n" not in command, f"a README command should stay one line to copy: {command!r}"
    assert start.endswith("tabletop serve"), start
    assert test.rsplit("&&", 1)[-1].split()[-2:] == ["-m", "pytest"], test
    return start, test


def _system_python_with_venv_or_skip() -> None:
    problem = None
    if not Path(SYSTEM_PYTHON).exists():
        problem = f"{SYSTEM_PYTHON} is missing (apt-get install python3)"
    elif subprocess.run([SYSTEM_PYTHON, "-c", "import ensurepip, venv"], capture_output=True).returncode:
        problem = "Debian's python3-venv is missing (apt-get install python3-venv)"
    if problem:
        if _in_ci():
            pytest.fail(f"under CI the README commands must be tried: {problem}")
        pytest.skip(problem)


def _newcomer_env(tmp: Path) -> dict[str, str]:
    """Only what a shell on a fresh Debian has; HOME is kept so pip's cache and config apply."""
    env = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", str(tmp)), "LANG": "C.UTF-8",
           "TABLETOP_HOME": str(tmp / "tabletop-home")}
    for name in ("http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY"):
        if name in os.environ:
            env[name] = os.environ[name]
    return env


def _served_port(log_path: Path) -> int | None:
    """The port ``tabletop serve --port 0`` bound itself, from the address it prints."""
    found = re.search(r"the dashboards are at http://127\.0\.0\.1:(\d+)/", log_path.read_text(errors="replace"))
    return int(found.group(1)) if found else None


def _stop_group(proc: subprocess.Popen, within: float) -> float:
    """SIGTERM to the process group we started (bash, tabletop, Voilà); seconds until all are gone."""
    start = time.monotonic()
    os.killpg(proc.pid, signal.SIGTERM)
    while time.monotonic() - start < within:
        proc.poll()   # reap bash, the group's leader
        try:
            os.killpg(proc.pid, 0)   # anyone of the group still alive?
        except ProcessLookupError:
            return time.monotonic() - start
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    raise AssertionError(f"the server was still running {within:.0f} s after SIGTERM")


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    _system_python_with_venv_or_skip()
    root = tmp_path_factory.mktemp("newcomer")
    subprocess.run(["git", "clone", "-q", str(REPO), str(root / "tabletop")], check=True)
    return root / "tabletop"


def test_the_system_python_refuses_global_installs(clone):
    """The situation the README commands are for is real here (PEP 668)."""
    stdlib = subprocess.run([SYSTEM_PYTHON, "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert (Path(stdlib) / "EXTERNALLY-MANAGED").is_file()
    refused = subprocess.run([SYSTEM_PYTHON, "-m", "pip", "install", "--no-index", "-e", "."],
                             cwd=clone, env=_newcomer_env(clone.parent), capture_output=True, text=True)
    assert refused.returncode != 0
    if "No module named pip" not in refused.stderr:   # without python3-pip the marker above is the proof
        assert "externally-managed-environment" in refused.stderr, refused.stderr


def test_the_start_command_installs_and_serves_the_start_page(clone):
    start, _ = readme_commands()
    log_path = clone.parent / "start.log"
    began = time.monotonic()
    with open(log_path, "w") as log:   # --port 0: the server binds a free port itself and prints it
        proc = subprocess.Popen(["bash", "-c", f"{start} --no-browser --port 0"], cwd=clone,
                                env=_newcomer_env(clone.parent), stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    port = None
    try:
        deadline = began + INSTALL_SECONDS
        while True:
            port = port or _served_port(log_path)
            try:
                if port is None:
                    raise ConnectionRefusedError("no address printed yet")
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60)
                body = page.read().decode()
                break
            except OSError:
                assert proc.poll() is None, log_path.read_text()[-4000:]
                assert time.monotonic() < deadline, log_path.read_text()[-4000:]
                time.sleep(0.5)
        print(f"\nREADME start command: start page answered after {time.monotonic() - began:.1f} s")
        assert page.status == 200
        assert "<title>tabletop</title>" in body
        # the notebook's one cell ran in the new venv's kernel and put the start page's widget out
        assert "application/vnd.jupyter.widget-view+json" in body
        # Voilà without tracebacks replaces a failed cell's output with this message
        assert "There was an error when executing cell" not in body
        assert '"output_type": "error"' not in body and "application/vnd.jupyter.stderr" not in body
    finally:
        if proc.poll() is None:
            print(f"README start command: stopped in {_stop_group(proc, within=10):.1f} s")
    with pytest.raises(OSError):   # nothing is left listening
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    assert (clone / ".venv" / "bin" / "tabletop").exists()


def test_the_test_command_installs_what_the_suite_needs(clone):
    _, test = readme_commands()
    install = test.rsplit("&&", 1)[0]     # everything but the pytest run itself
    began = time.monotonic()
    done = subprocess.run(["bash", "-c", install], cwd=clone, env=_newcomer_env(clone.parent),
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=INSTALL_SECONDS)
    print(f"\nREADME test command, install part: {time.monotonic() - began:.1f} s")
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    python = shlex.split(test.rsplit("&&", 1)[-1])[0]   # the interpreter the README runs pytest with
    assert python.startswith(".venv/"), f"the test command should run the clone's venv: {test!r}"
    imports = "import pytest, xdist, nbval, hypothesis, playwright, dask.distributed, tabletop.widgets"
    done = subprocess.run([python, "-c", imports], cwd=clone, env=_newcomer_env(clone.parent),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_readme_simulate_command_runs_from_the_clone(clone):
    """After the start command, the README's simulate line works as written (no activation)."""
    simulate = re.search(r"`(\S*tabletop simulate \S+ --players [^`]*)`", (REPO / "README.md").read_text()).group(1)
    if not (clone / ".venv" / "bin" / "tabletop").exists():   # this test alone: install first
        start, _ = readme_commands()
        subprocess.run(["bash", "-c", start.rsplit("&&", 1)[0]], cwd=clone, env=_newcomer_env(clone.parent),
                       check=True, capture_output=True, timeout=INSTALL_SECONDS)
    done = subprocess.run(["bash", "-c", simulate], cwd=clone, env=_newcomer_env(clone.parent),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    shares = [float(s) for s in re.findall(r"([\d.]+)%", done.stdout)]
    assert len(shares) == 4 and abs(sum(shares) - 100) < 0.5, done.stdout


def test_ci_runs_exactly_the_readme_test_command():
    _, test = readme_commands()
    assert test in (REPO / ".ci" / "run").read_text().splitlines()
