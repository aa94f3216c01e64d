"""Memory of a Binder launch with a class's pages open: ``python bench/binder_memory.py [lesson ...]``.

The server starts as the Binder image runs it: ``binder/start jupyter server`` (binder/config makes
the Voilà server extension use tabletop's offline template), here from this clone's environment,
with binder/config's kernel culling, or ``tabletop serve``'s if it sets none. Chromium then opens at once the start page,
a tracker (``?match=<id>`` of a match some rounds in, saved in a temporary TABLETOP_HOME, its
charts shown) and two lessons (default
below, or the ones named), waits until every page is interactive and settled, and sums the
proportional set size (PSS: shared pages split between the processes sharing them; RSS where PSS
cannot be read) of the server, of each kernel, and of Chromium. mybinder.org limits the
container (server + kernels; the browser runs on the student's machine) to about 2 GB; the target
is 1.2 GB. Then the pages are closed without their shutdown beacon (a dropped tab) and the culler
is timed removing their kernels.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.browser.conftest import ARGS  # noqa: E402
from tests.browser.test_lessons_render import READY_JS, offline_context  # noqa: E402

from tabletop import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
TARGET_MB = 1200
BINDER_LIMIT_MB = 2048
LESSONS = ["02-stockpile-auction.ipynb", "04-merger-math.ipynb"]   # the two largest kernels measured
DASHBOARD = "widgets/dashboards/tabletop.ipynb"
MB = 1024 * 1024
BINDER_CULLING = json.loads((REPO / "binder" / "config" / "jupyter_server_config.json").read_text()).get(
    "MappingKernelManager", {})
CULL_IDLE = BINDER_CULLING.get("cull_idle_timeout", serve.CULL_IDLE_TIMEOUT)
CULL_INTERVAL = BINDER_CULLING.get("cull_interval", serve.CULL_INTERVAL)


def memory(process: psutil.Process) -> tuple[int, str]:
    """(bytes, "PSS" or "RSS") of one process; (0, "") if it is gone."""
    try:
        return process.memory_full_info().pss, "PSS"
    except (AttributeError, psutil.AccessDenied):
        return rss(process), "RSS"
    except psutil.NoSuchProcess:
        return 0, ""


def rss(process: psutil.Process) -> int:
    try:
        return process.memory_info().rss
    except psutil.NoSuchProcess:
        return 0


def family(pid: int) -> list[psutil.Process]:
    try:
        top = psutil.Process(pid)
        return [top] + top.children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def kernel_id(process: psutil.Process) -> str | None:
    try:
        found = re.search(r"kernel-([0-9a-f-]+)\.json", " ".join(process.cmdline()))
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return None
    return found.group(1) if found else None


def chromium_processes() -> list[psutil.Process]:
    """Chromium's processes: under Playwright's driver, under this process."""
    return [p for p in family(os.getpid())[1:] if "chrom" in p.name().lower()]


def saved_match(home: Path, entries: int = 150) -> str:
    """A Stockpile match some rounds in (so the tracker draws its value charts), saved in ``home``."""
    import random
    from tabletop import CHANCE, TERMINAL, Match
    from tabletop.store import Store
    match, rng = Match("stockpile", ["Ann", "Ben", "Cy", "Di"]), random.Random(7)
    while match.current_player() != TERMINAL and (len(match.log) < entries or match.current_player() == CHANCE):
        legal = match.legal_actions()
        match.apply(match.sample_chance() if match.current_player() == CHANCE else rng.choice(legal))
    store = Store(home / "matches.sqlite3")
    try:
        return store.create(match).id
    finally:
        store.close()


def start_server(root: Path, home: Path, log) -> subprocess.Popen:
    env = dict(os.environ, TABLETOP_HOME=str(home), PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("JUPYTER_TOKEN", None)
    cmd = ["bash", str(REPO / "binder" / "start"), "jupyter", "server", "--port=0", "--ServerApp.port_retries=0",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=", "--no-browser", "--allow-root",
           f"--ServerApp.root_dir={root}"]
    if "cull_idle_timeout" not in BINDER_CULLING:     # binder/config culls no kernel: as tabletop serve does
        cmd += [f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
                f"--MappingKernelManager.cull_interval={CULL_INTERVAL}", "--MappingKernelManager.cull_connected=False"]
    return subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def listening_port(proc: subprocess.Popen, within: float = 120) -> int:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and proc.poll() is None:
        for p in family(proc.pid):
            try:
                ports = [c.laddr.port for c in p.net_connections("inet") if c.status == psutil.CONN_LISTEN]
            except psutil.NoSuchProcess:      # binder/start's short-lived helper
                continue
            if ports:
                return ports[0]
        time.sleep(0.1)
    raise RuntimeError("the Jupyter server did not start")


def stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        pass


def kernels(server: subprocess.Popen) -> dict[str, psutil.Process]:
    return {kid: p for p in family(server.pid)[1:] if (kid := kernel_id(p))}


def measure(lessons: list[str]) -> None:
    from playwright.sync_api import sync_playwright
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-binder-memory-"))
    home = tmp / "home"
    home.mkdir()
    match = saved_match(home)
    pages = {"start page": (f"/voila/render/{DASHBOARD}", ".tt-start"),
             "tracker": (f"/voila/render/{DASHBOARD}?match={match}", ".tt-tracker")}
    pages.update({name: (f"/voila/render/notebooks/lessons/{name}", None) for name in lessons})
    with open(tmp / "server.log", "w") as log:
        server = start_server(REPO, home, log)
        try:
            base = f"http://127.0.0.1:{listening_port(server)}"
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                outside: list[str] = []
                opened, peak = {}, 0
                started = time.monotonic()
                for label, (path, _) in pages.items():
                    # all at once, each in a context of its own as on separate machines (one
                    # context's 6 connections to a host would be held by the pages' streamed HTML)
                    opened[label] = offline_context(browser, base, outside).new_page()
                    opened[label].goto(base + path, wait_until="commit", timeout=300_000)
                waiting = dict(pages)
                while waiting:
                    for label, (_, selector) in list(waiting.items()):
                        page = opened[label]
                        if page.evaluate(READY_JS) and (selector is None or page.locator(selector).count()):
                            del waiting[label]
                    peak = max(peak, sum(memory(p)[0] for p in family(server.pid)))
                    if time.monotonic() - started > 600:
                        raise RuntimeError(f"not interactive after 600 s: {list(waiting)}")
                    time.sleep(0.5)
                ready = time.monotonic() - started
                # the tracker with its live charts shown (plotly imported in its kernel)
                opened["tracker"].get_by_role("button", name="Show charts").click()
                shown = time.monotonic()
                while not (opened["tracker"].evaluate(READY_JS)
                           and opened["tracker"].locator(".js-plotly-plot").count() >= 2):
                    if time.monotonic() - shown > 120:
                        raise RuntimeError("the tracker's charts were not drawn within 120 s")
                    time.sleep(0.2)
                time.sleep(3)                  # settle: MathJax and late widget updates (a reading, not a test)
                page_of = {page.evaluate("JSON.parse(document.getElementById('jupyter-config-data')"
                                         ".textContent).kernelId"): label for label, page in opened.items()}
                running = kernels(server)
                server_process = psutil.Process(server.pid)
                kind = memory(server_process)[1]
                rows = [("server (Jupyter + Voila extension)", server_process)]
                rows += [(f"kernel: {page_of.get(kid, 'other ' + kid[:8])}", p) for kid, p in running.items()]
                sizes = [(label, memory(p)[0], rss(p)) for label, p in rows]
                total, total_rss = sum(s[1] for s in sizes), sum(s[2] for s in sizes)
                chromium = chromium_processes()
                browser_bytes, browser_rss = sum(memory(p)[0] for p in chromium), sum(rss(p) for p in chromium)
                print(f"Binder-like launch: {len(pages)} pages interactive {ready:.1f} s after opening them together")
                print(f"  {'':<44} {kind:>8}    {'RSS':>8}")
                for label, size, resident in sizes:
                    print(f"  {label:<44} {size / MB:8.0f} MB {resident / MB:8.0f} MB")
                verdict = "met" if total <= TARGET_MB * MB else "MISSED"
                print(f"  {'server + kernels (what Binder counts)':<44} {total / MB:8.0f} MB {total_rss / MB:8.0f} MB   "
                      f"target {TARGET_MB:,} MB ({kind}): {verdict}; mybinder limit ~{BINDER_LIMIT_MB:,} MB; "
                      f"{kind} peak while loading {peak / MB:.0f} MB")
                print(f"  {f'Chromium, {len(chromium)} processes (student side)':<44} {browser_bytes / MB:8.0f} MB "
                      f"{browser_rss / MB:8.0f} MB")
                closed = time.monotonic()
                for page in opened.values():
                    page.close()               # no beforeunload: no shutdown beacon, only the culler
                while kernels(server) and time.monotonic() - closed < 3 * (CULL_IDLE + CULL_INTERVAL):
                    time.sleep(0.5)
                left = kernels(server)
                print(f"  pages closed without their beacon: {len(running)} kernels -> {len(left)} after "
                      f"{time.monotonic() - closed:.0f} s (culled after {CULL_IDLE} s idle, checked every "
                      f"{CULL_INTERVAL} s); server alone {memory(psutil.Process(server.pid))[0] / MB:.0f} MB")
                if "cull_idle_timeout" not in BINDER_CULLING:
                    print("  NOTE: binder/config culls no kernel; the culling above was added on the command line "
                          "(MappingKernelManager.cull_idle_timeout, as tabletop serve sets it)")
                browser.close()
                if outside:
                    print(f"  WARNING: the pages asked for things outside the server: {sorted(set(outside))}")
        finally:
            stop(server)
    shutil.rmtree(tmp, ignore_errors=True)


def main(baseline: float | None = None) -> None:
    if not os.path.exists(CHROMIUM):
        print("binder_memory: Chromium not found at /usr/bin/chromium; skipped")
        return
    measure(sys.argv[1:] if __name__ == "__main__" and len(sys.argv) > 1 else LESSONS)


if __name__ == "__main__":
    main()
