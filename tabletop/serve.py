"""``tabletop serve``: the dashboards in Voilà, as a child process of this one.

    with Voila(port=0, home=folder) as server:       # a port of its own choosing
        server.url()                                  # http://127.0.0.1:<port>/
    serve(host="0.0.0.0")                            # the command: prints the LAN address, token and QR

Voilà serves the dashboard notebook shipped inside ``tabletop.widgets`` (so it works from any
directory) with tabletop's own page template (Voilà's lab template without its icon font from a
CDN: the page needs no internet connection) and only the front-end extensions the dashboards
use. ``serve`` keeps no preheated kernels: measured on a 2-core machine they opened a page 1-2 s
sooner but made every click slower (bench_dashboard), and the kernel culler stops a pooled kernel
as soon as a page takes it (it has been idle since it started). ``voila_command(preheat=True)``
stays for the benchmark only.

Who may walk in (docs/security.md): a loopback server refuses requests whose ``Host`` is not a
loopback name or address (DNS rebinding); any other address needs jupyter-server's token login.
The XSRF check stays on. Kernels of closed or aborted pages are culled by the kernel manager.
Voilà runs in its own process group, so Ctrl-C reaches this process only, which stops Voilà and
its kernels by their process ids. This module imports no Jupyter code.
"""
from __future__ import annotations

import errno
import importlib.util
import ipaddress
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import webbrowser
from pathlib import Path

__all__ = ["widgets_dir", "notebook_path", "voila_command", "voila_env", "lan_addresses", "serve",
           "Voila", "is_loopback", "wait_until_listening", "CULL_IDLE_TIMEOUT", "CULL_INTERVAL", "STOP_WITHIN",
           "MAX_MESSAGE_BYTES"]

#: front-end extensions the dashboards do not need (jupyterlab-plotly draws their charts: kept)
SKIPPED_EXTENSIONS = ["@voila-dashboards/jupyterlab-preview", "jupyterlab_pygments"]
#: a kernel no page is connected to is shut down after this many idle seconds, looked for this often:
#: a closed or aborted page's kernel is gone within 45 s
CULL_IDLE_TIMEOUT = 30
CULL_INTERVAL = 15
#: seconds from Ctrl-C (or SIGTERM) until Voilà and every kernel have exited
STOP_WITHIN = 3.0
#: the largest websocket message a page may send its kernel. An imported save travels whole in
#: one message (ipywidgets' file upload), and tornado's default of 10 MiB closed the connection on
#: a save of 10-20 MB, the import lost without a word: the save limit (tabletop.match.MAX_SAVE_BYTES,
#: 20 MB) and room for the message's own fields. The page reads nothing of a larger file.
MAX_MESSAGE_BYTES = 24 * 1024 * 1024


def widgets_dir() -> Path:
    """Where ``tabletop.widgets`` is installed (found without importing it)."""
    spec = importlib.util.find_spec("tabletop.widgets")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("tabletop.widgets is not installed: pip install -e \".[dashboards]\"")
    return Path(list(spec.submodule_search_locations)[0])


def notebook_path() -> Path:
    return widgets_dir() / "dashboards" / "tabletop.ipynb"


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def voila_command(port: int = 0, host: str = "127.0.0.1", open_browser: bool = False, preheat: bool = False,
                  pool_size: int = 1, notebook: str | Path | None = None, tracebacks: bool = False,
                  token: bool = False, cull_idle_timeout: int = CULL_IDLE_TIMEOUT,
                  cull_interval: int = CULL_INTERVAL, skipped_extensions: list[str] | None = None,
                  extra: list[str] | None = None) -> list[str]:
    """The Voilà command line (run with ``voila_env()``). ``port=0``: any free port; ``notebook``: a
    notebook or a folder of them (default: the dashboard). ``skipped_extensions`` (default
    ``SKIPPED_EXTENSIONS``): the charts and the lessons' figures need ``jupyterlab-plotly``.

    ``token=True`` turns jupyter-server's token login on; the token itself travels in the
    environment (``voila_env(token=...)``), where other users' ``ps`` cannot read it."""
    notebook = Path(notebook or notebook_path())
    cmd = [sys.executable, "-m", "voila", str(notebook),
           f"--port={port}",
           "--Voila.port_retries=0",            # a busy port is an error, not another port
           f"--Voila.ip={host}",               # not --ip: Voilà's --ip alias is not the server's address
           f"--Voila.root_dir={notebook if notebook.is_dir() else notebook.parent}",
           "--template=tabletop",
           "--theme=light",
           f"--show_tracebacks={tracebacks}",
           # the kernel manager shuts down kernels no page is connected to (closed or aborted pages)
           f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}",
           f"--MappingKernelManager.cull_interval={cull_interval}",
           "--MappingKernelManager.cull_connected=False",
           # the browser's language reaches the kernel (HTTP_ACCEPT_LANGUAGE): a page without ?lang= speaks it
           "--VoilaConfiguration.http_header_envs=Accept-Language",
           ] + [f"--VoilaConfiguration.extension_denylist={name}"
                for name in (SKIPPED_EXTENSIONS if skipped_extensions is None else skipped_extensions)]
    # tornado's settings as one literal (traitlets reads it, with a deprecation warning that
    # Voilà's process does not show): given as key=value, a value arrives as a string, and
    # tornado compares the message size limit with numbers
    settings: dict = {"websocket_max_message_size": MAX_MESSAGE_BYTES}
    if is_loopback(host):
        # jupyter-server's Host check (DNS rebinding): only loopback addresses and "localhost".
        # A LAN address fails this check (it passes only loopback IPs), so a LAN server keeps
        # Voilà's allow_remote_access=True and the token guards it.
        settings["allow_remote_access"] = False
    cmd.append(f"--Voila.tornado_settings={settings!r}")
    if token:
        cmd.append("--Voila.auto_token=True")   # the token comes from JUPYTER_TOKEN
    if not open_browser:
        cmd.append("--no-browser")
    if preheat:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool_size}"]
    return cmd + list(extra or [])


def voila_env(home: str | Path | None = None, token: str | None = None, host: str | None = None,
              database: str | None = None) -> dict[str, str]:
    """The environment for Voilà: finds tabletop's template; ``home`` sets ``TABLETOP_HOME``;
    ``host``, the address Voilà listens on, tells the table screen which address to give the
    players' phones (``TABLETOP_SERVE_HOST``: a LAN server's join codes use its network address);
    ``database``, a ``postgresql://`` address, sets ``TABLETOP_DATABASE_URL`` (the kernels' store;
    in the environment, where other users' ``ps`` cannot read its password)."""
    env = dict(os.environ)
    if database is not None:
        env["TABLETOP_DATABASE_URL"] = database
    env.pop("TABLETOP_SERVE_HOST", None)
    if host is not None:
        env["TABLETOP_SERVE_HOST"] = host
    env.pop("JUPYTER_TOKEN", None)
    env.pop("JUPYTER_TOKEN_FILE", None)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(widgets_dir()), env.get("JUPYTER_PATH", "")]))
    if home is not None:
        env["TABLETOP_HOME"] = str(Path(home).expanduser().resolve())
    if token:
        env["JUPYTER_TOKEN"] = token
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
    """Whether something listens on ``port`` within ``timeout`` s (for bench_dashboard, which serves a
    folder; tabletop serve and the tests use ``Voila``, which learns the port Voilà bound itself)."""
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
    """A port free now (another program may take it before it is used: prefer ``Voila(port=0)``)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def port_in_use(host: str, port: int) -> bool:
    """Whether something listens on ``port`` (checked the way Voilà binds it)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            return exc.errno == errno.EADDRINUSE
    return False


class Voila:
    """A Voilà server in its own process group, listening on a port it bound itself.

    A host other than loopback needs ``token``. ``stdout``: where Voilà's messages go (default:
    this terminal)."""

    def __init__(self, port: int = 0, host: str = "127.0.0.1", token: str | None = None,
                 home: str | Path | None = None, preheat: bool = False, pool_size: int = 1,
                 tracebacks: bool = False, cull_idle_timeout: int = CULL_IDLE_TIMEOUT,
                 cull_interval: int = CULL_INTERVAL, notebook: str | Path | None = None, stdout=None,
                 database: str | None = None):
        if not is_loopback(host) and not token:
            raise ValueError(f"a server on {host} is reachable from the network: it needs a token")
        self.host, self.token, self.port = host, token, None
        notebook = Path(notebook or notebook_path())
        cmd = voila_command(port, host, preheat=preheat, pool_size=pool_size, tracebacks=tracebacks,
                            token=bool(token), cull_idle_timeout=cull_idle_timeout, cull_interval=cull_interval,
                            notebook=notebook)
        self.proc = subprocess.Popen(cmd, env=voila_env(home, token, host, database),
                                     cwd=str(notebook if notebook.is_dir() else notebook.parent),
                                     stdout=stdout, stderr=subprocess.STDOUT if stdout else None,
                                     start_new_session=True)

    def __enter__(self) -> "Voila":
        if self.wait_until_listening() is None:
            self.stop()
            raise RuntimeError(f"Voilà did not start (exit code {self.proc.returncode})")
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def wait_until_listening(self, timeout: float = 90.0) -> int | None:
        """The port Voilà listens on, once it does; None if it exited or the time ran out."""
        import psutil
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                ports = [c.laddr.port for c in psutil.Process(self.proc.pid).net_connections("inet")
                         if c.status == psutil.CONN_LISTEN]
            except psutil.NoSuchProcess:
                break
            if ports:
                self.port = ports[0]
                return self.port
            time.sleep(0.1)
        return None

    def url(self, address: str | None = None, with_token: bool = True) -> str:
        """The address to open (``address``: another name or IP of this machine)."""
        address = address or {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        if ":" in address:
            address = f"[{address}]"
        query = f"?token={self.token}" if self.token and with_token else ""
        return f"http://{address}:{self.port}/{query}"

    def processes(self) -> list:
        """Voilà's process and every process under it (its kernels): ``psutil.Process`` objects."""
        import psutil
        try:
            top = psutil.Process(self.proc.pid)
            return [top] + top.children(recursive=True)
        except psutil.NoSuchProcess:
            return []

    def kernel_pids(self) -> list[int]:
        """Process ids of the kernels alive now."""
        return [p.pid for p in self.processes()[1:] if _is_kernel(p)]

    def stop(self, within: float = STOP_WITHIN) -> float:
        """Voilà's own clean stop (it shuts its kernels down); whatever of it still runs 1.5 s
        before ``within`` seconds is killed, kernels included. Returns the seconds taken."""
        import psutil
        start = time.monotonic()
        family = {p.pid: p for p in self.processes()}
        if self.proc.poll() is None:
            # SIGTERM, not SIGINT: Voilà handles SIGTERM itself, while SIGINT may be ignored (a
            # program started in the background by a script inherits an ignored SIGINT)
            self.proc.terminate()

        def running_until(deadline: float) -> list:
            while True:
                family.update({p.pid: p for p in self.processes()})   # a kernel started meanwhile
                alive = [p for p in family.values() if _running(p)]
                if not alive or time.monotonic() > deadline:
                    return alive
                time.sleep(0.02)
        # measured on 2 busy cores, Voilà's clean stop took 1.5-3.7 s: the rest is for killing
        for p in running_until(start + max(within - 1.5, 0.1)):
            try:
                if hasattr(os, "killpg") and p.pid == self.proc.pid:
                    os.killpg(p.pid, signal.SIGKILL)              # its group; kernels have their own
                p.kill()
            except (psutil.NoSuchProcess, ProcessLookupError):
                pass
        running_until(start + within - 0.3)
        self.proc.wait()
        return time.monotonic() - start


def _running(process) -> bool:
    import psutil
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _is_kernel(process) -> bool:
    import psutil
    try:
        return _running(process) and "ipykernel_launcher" in " ".join(process.cmdline())
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False


def print_qr(text: str) -> None:
    """A QR code of ``text`` in the terminal (segno), to scan with a tablet's camera."""
    import segno
    segno.make(text, error="m").terminal(compact=True)


def serve(port: int = 8866, host: str = "127.0.0.1", open_browser: bool = True,
          home: str | Path | None = None, token: str | None = None,
          cull_idle_timeout: int = CULL_IDLE_TIMEOUT, cull_interval: int = CULL_INTERVAL,
          database: str | None = None) -> int:
    """Run Voilà until it stops, Ctrl-C or SIGTERM; returns its exit code.

    ``port=0``: any free port. A host other than loopback gets a token (made up unless given).
    ``database``: a ``postgresql://`` address for the saved matches (default
    ``$TABLETOP_DATABASE_URL``, else the SQLite file in the data folder)."""
    if token == "":
        print("tabletop: the token cannot be empty.", file=sys.stderr)
        return 2
    if token is None and not is_loopback(host):
        token = secrets.token_urlsafe(16)
    from .errors import OptionsError, TabletopError
    from .store import Store, data_home, is_database_url, location_words
    env = voila_env(home, database=database)
    url = env.get("TABLETOP_DATABASE_URL", "").strip()
    if url:
        try:                 # said once here, not on every page: a wrong password, a server away...
            if not is_database_url(url):
                raise OptionsError("The database for the saved matches must be a PostgreSQL address "
                                   "(postgresql://user:password@host/name).")
            Store(url).close()                 # also builds the tables on first use
        except TabletopError as exc:
            print(f"tabletop: {exc}", file=sys.stderr)
            return 2
        saved_in = location_words(url)
    else:
        saved_in = env.get("TABLETOP_HOME") or str(data_home())

    def on_signal(signum, frame):
        raise KeyboardInterrupt
    stop_signals = [s for s in (signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None]
    previous = {s: signal.signal(s, on_signal) for s in stop_signals}
    server = Voila(port, host, token=token, home=home, cull_idle_timeout=cull_idle_timeout,
                   cull_interval=cull_interval, database=database)
    try:
        if server.wait_until_listening() is None:
            server.stop()
            if port and port_in_use(host, port):
                print(f"tabletop: port {port} is already in use on {host}: another program (perhaps "
                      f"another tabletop serve) listens there. Stop it, or choose another port with --port.",
                      file=sys.stderr)
            else:
                print("tabletop: the dashboard server did not start (see the messages above).", file=sys.stderr)
            return server.proc.returncode or 1
        print(f"\ntabletop: the dashboards are at {server.url()}")
        if not is_loopback(host):
            addresses = lan_addresses() if host in ("0.0.0.0", "::", "") else [host]
            for a in addresses:
                print(f"tabletop: on a tablet or phone on this network, open {server.url(a)}")
            if addresses:
                print("tabletop: or scan this code with its camera:")
                sys.stdout.flush()
                print_qr(server.url(addresses[0]))
        print(f"tabletop: matches are saved in {saved_in}")
        print("tabletop: press Ctrl-C to stop.\n", flush=True)
        if open_browser:
            webbrowser.open(server.url())
        return server.proc.wait()
    except KeyboardInterrupt:
        server.stop()
        return 0
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
