"""Talking to a real server: plain HTTP with any Host header, kernel websockets, ``tabletop serve``
as a child process, and polling with a deadline."""
from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import re
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

import psutil

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


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


def request(url: str, method: str = "GET", host: str | None = None, headers: dict | None = None,
            body: str | None = None, timeout: float = 120) -> tuple[int, dict, str]:
    """(status, headers, body) of one request; ``host`` replaces the Host header."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    sent = dict(headers or {})
    if host is not None:
        sent["Host"] = host
    try:
        conn.request(method, parts.path + (f"?{parts.query}" if parts.query else ""), body=body, headers=sent)
        reply = conn.getresponse()
        return reply.status, dict(reply.getheaders()), reply.read().decode("utf-8", "replace")
    finally:
        conn.close()


def open_page(url: str) -> str:
    """Load the dashboard page in full (its kernel runs the notebook); returns its kernel id."""
    status, _, html = request(url)
    assert status == 200, f"{url} answered {status}"
    return KERNEL_ID.search(html).group(1)


def websocket_status(base: str, kernel_id: str, host: str | None = None) -> int:
    """101 if a websocket to the kernel's channels opens, else the HTTP status it was refused with."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect
    parts = urlsplit(base)
    url = f"ws://{parts.hostname}:{parts.port}/api/kernels/{kernel_id}/channels"

    async def connect() -> int:
        try:
            ws = await websocket_connect(HTTPRequest(url, headers={"Host": host} if host else {},
                                                     request_timeout=30))
        except HTTPClientError as exc:
            return exc.code
        ws.close()
        return 101
    # a thread of its own: Playwright's sync API (browser tests of the same session) keeps an
    # event loop running in this one, where asyncio.run() is refused
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, connect()).result()


def kernels_under(pid: int) -> list[int]:
    """Process ids of the Jupyter kernels below process ``pid``."""
    try:
        below = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for p in below:
        try:
            if p.status() != psutil.STATUS_ZOMBIE and "ipykernel_launcher" in " ".join(p.cmdline()):
                out.append(p.pid)
        except psutil.NoSuchProcess:
            pass
    return out


class ServeCommand:
    """``tabletop serve`` run as a child process, its output collected line by line."""

    def __init__(self, *args: str, home, ignore_sigint: bool = False):
        cmd = [sys.executable, "-m", "tabletop.cli", "serve", "--no-browser", "--home", str(home), *args]
        if ignore_sigint:     # as a script's `tabletop serve &` starts it: SIGINT ignored, inherited
            cmd = ["sh", "-c", 'trap "" INT; exec "$@"', "sh", *cmd]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        self.seen: dict[int, psutil.Process] = {}     # every process of it ever seen, for kill()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def printed(self, pattern: str, timeout: float = 90) -> re.Match:
        """The first printed line matching ``pattern`` (waits for it)."""
        def found():
            for line in list(self.lines):
                m = re.search(pattern, line)
                if m:
                    return m
            assert self.proc.poll() is None, f"tabletop serve exited ({self.proc.returncode}):\n{self.output}"
        return wait_for(found, timeout, f"tabletop serve never printed {pattern!r}:\n{self.output}")

    def family(self) -> list[psutil.Process]:
        try:
            top = psutil.Process(self.proc.pid)
            found = [top] + top.children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        self.seen.update({p.pid: p for p in found})
        return found

    def kill(self) -> None:
        """Kill it and whatever it ever started (a Voilà left behind has no parent to find it by)."""
        self.family()
        for p in self.seen.values():
            try:
                p.kill()                              # psutil checks the pid is still that process
            except psutil.NoSuchProcess:
                pass
        self.proc.wait()
