"""``tabletop serve``: the dashboards in Voilà, as a child process of this one.

Voilà serves the dashboard notebook shipped inside ``tabletop.widgets`` (so it works from any
directory) with tabletop's own page template (Voilà's lab template without its icon font from a
CDN: the page needs no internet connection) and only the front-end extensions the dashboards
use. Preheated kernels (``--preheat``: the heavy imports run before the page is asked for) open a
page 1-2 s sooner but, measured on a 2-core machine, made every click slower (bench_dashboard),
so they are off by default.
This module imports no Jupyter code; Voilà runs in its own process.
"""
from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
import webbrowser
from pathlib import Path

__all__ = ["widgets_dir", "notebook_path", "voila_command", "voila_env", "lan_addresses", "serve",
           "wait_until_listening"]

#: front-end extensions the dashboards do not need (plotly's FigureWidget runs through anywidget)
SKIPPED_EXTENSIONS = ["jupyterlab-plotly", "@voila-dashboards/jupyterlab-preview", "jupyterlab_pygments"]


def widgets_dir() -> Path:
    """Where ``tabletop.widgets`` is installed (found without importing it)."""
    spec = importlib.util.find_spec("tabletop.widgets")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("tabletop.widgets is not installed: pip install -e \".[dashboards]\"")
    return Path(list(spec.submodule_search_locations)[0])


def notebook_path() -> Path:
    return widgets_dir() / "dashboards" / "tabletop.ipynb"


def voila_command(port: int, host: str = "127.0.0.1", open_browser: bool = False, preheat: bool = True,
                  pool_size: int = 1, notebook: Path | None = None, tracebacks: bool = False,
                  extra: list[str] | None = None) -> list[str]:
    """The Voilà command line (run with ``voila_env()``)."""
    notebook = notebook or notebook_path()
    cmd = [sys.executable, "-m", "voila", str(notebook),
           f"--port={port}",
           "--Voila.port_retries=0",            # a busy port is an error, not another port
           f"--Voila.ip={host}",               # not --ip: Voilà's --ip alias is not the server's address
           f"--Voila.root_dir={notebook.parent}",
           "--template=tabletop",
           "--theme=light",
           f"--show_tracebacks={tracebacks}",
           # a closing page asks Voilà to shut its kernel down with a beacon that cannot carry
           # the XSRF token (voila-dashboards/voila#1458): without this, kernels pile up
           "--Voila.tornado_settings=disable_check_xsrf=True",
           ] + [f"--VoilaConfiguration.extension_denylist={name}" for name in SKIPPED_EXTENSIONS]
    if not open_browser:
        cmd.append("--no-browser")
    if preheat:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool_size}"]
    return cmd + list(extra or [])


def voila_env(home: str | Path | None = None) -> dict[str, str]:
    """The environment for Voilà: finds tabletop's template; ``home`` sets ``TABLETOP_HOME``."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(widgets_dir()), env.get("JUPYTER_PATH", "")]))
    if home is not None:
        env["TABLETOP_HOME"] = str(Path(home).expanduser().resolve())
    return env


def lan_addresses() -> list[str]:
    """This machine's addresses on the local network (best effort, no packet is sent)."""
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(info[4][0])
    except OSError:
        pass
    out = []
    for a in found:
        if a not in out and not a.startswith("127."):
            out.append(a)
    return out


def wait_until_listening(host: str, port: int, timeout: float = 60.0, proc: subprocess.Popen | None = None) -> bool:
    connect_to = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            return False
        try:
            with socket.create_connection((connect_to, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def serve(port: int = 8866, host: str = "127.0.0.1", open_browser: bool = True, preheat: bool = False,
          home: str | Path | None = None, pool_size: int = 1) -> int:
    """Run Voilà until it stops or Ctrl-C; returns its exit code."""
    cmd = voila_command(port, host, open_browser=False, preheat=preheat, pool_size=pool_size)
    env = voila_env(home)
    from .store import data_home
    saved_in = env.get("TABLETOP_HOME") or str(data_home())
    proc = subprocess.Popen(cmd, env=env, cwd=str(notebook_path().parent))

    def on_term(signum, frame):
        raise KeyboardInterrupt
    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        if not wait_until_listening(host, port, proc=proc):
            print("tabletop: the dashboard server did not start (see the messages above).", file=sys.stderr)
            _stop(proc)
            return proc.returncode or 1
        local = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::', '') else host}:{port}/"
        print(f"\ntabletop: the dashboards are at {local}")
        if host not in ("127.0.0.1", "localhost"):
            addresses = lan_addresses() if host in ("0.0.0.0", "::", "") else [host]
            for a in addresses:
                print(f"tabletop: on a tablet or phone on this network, open http://{a}:{port}/")
        print(f"tabletop: matches are saved in {saved_in}")
        print("tabletop: press Ctrl-C to stop.\n", flush=True)
        if open_browser:
            webbrowser.open(local)
        return proc.wait()
    except KeyboardInterrupt:
        return _stop(proc)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stop(proc: subprocess.Popen) -> int:
    """Stop Voilà by its process id: SIGINT twice (its own clean shutdown), then terminate."""
    if proc.poll() is None:
        try:
            proc.send_signal(signal.SIGINT)
            time.sleep(0.3)
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)   # Voilà asks "shut down?" on the first one
            proc.wait(timeout=10)
        except (subprocess.TimeoutExpired, OSError):
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return 0
