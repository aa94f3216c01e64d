"""Who may walk into ``tabletop serve``, how it stops, and what it leaves behind: a real Voilà
server, real kernels, real sockets (docs/security.md, "The server"). Kernel culling of aborted
pages is proved in tests/browser/test_server_security.py."""
from __future__ import annotations

import io
import secrets
import signal
import socket
import time
import urllib.parse

import psutil
import pytest

from tabletop import serve

from .helpers import ServeCommand, kernels_under, open_page, request, wait_for, websocket_status

FOREIGN_HOST = "attacker.example"


@pytest.fixture(scope="module")
def loopback(tmp_path_factory):
    """A loopback server with the production cull timings (so its kernels outlive these tests)."""
    home = tmp_path_factory.mktemp("loopback")
    with open(home / "voila.log", "w") as log, serve.Voila(port=0, home=home, stdout=log) as server:
        yield server


def test_a_foreign_host_name_is_refused_on_a_loopback_server(loopback):
    base = loopback.url()
    assert request(base, host=FOREIGN_HOST)[0] == 403
    assert request(base, host=f"{FOREIGN_HOST}:{loopback.port}")[0] == 403
    kernel = open_page(base)                              # this machine's own names are served
    assert request(f"{base}api/kernels/{kernel}", host=f"localhost:{loopback.port}")[0] == 200
    # a DNS-rebinding page cannot reach a kernel's channels either
    assert websocket_status(base, kernel, host=f"{FOREIGN_HOST}:{loopback.port}") == 403
    assert websocket_status(base, kernel) == 101


def test_a_post_without_the_xsrf_value_is_refused(loopback):
    kernel = open_page(loopback.url())
    shutdown = f"{loopback.url()}voila/api/shutdown/{kernel}"
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    assert request(shutdown, "POST", headers=form, body="")[0] == 403
    xsrf = secrets.token_hex(16)
    assert request(shutdown, "POST", headers={**form, "Cookie": f"_xsrf={secrets.token_hex(16)}"},
                   body=f"_xsrf={xsrf}")[0] == 403     # a value that is not the cookie's
    assert request(f"{loopback.url()}api/kernels/{kernel}")[0] == 200   # still running
    assert request(shutdown, "POST", headers={**form, "Cookie": f"_xsrf={xsrf}"},
                   body=f"_xsrf={xsrf}")[0] == 204
    assert request(f"{loopback.url()}api/kernels/{kernel}")[0] == 404


def assert_stops_within_3_s(server: ServeCommand, stop_signal: signal.Signals) -> None:
    """``stop_signal`` stops ``tabletop serve``, Voilà and every kernel within 3 s."""
    family = server.family()
    assert kernels_under(server.proc.pid), "no kernel is running: nothing to prove"
    started = time.monotonic()
    server.proc.send_signal(stop_signal)
    server.proc.wait(timeout=10)
    wait_for(lambda: not [p for p in family if _alive(p)], 5,
             f"still running after {stop_signal.name}: {[p.cmdline() for p in family if _alive(p)]}", every=0.02)
    took = time.monotonic() - started
    print(f"\ntabletop serve stopped {len(family)} processes {took:.2f} s after {stop_signal.name}")
    assert took < serve.STOP_WITHIN
    assert server.proc.returncode == 0


def _alive(process) -> bool:
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_a_lan_server_asks_for_its_token_prints_it_with_a_qr_code_and_stops_on_ctrl_c(tmp_path):
    import segno
    server = ServeCommand("--host", "0.0.0.0", "--port", "0", home=tmp_path)
    try:
        local = server.printed(r"the dashboards are at (\S+)").group(1)
        token = urllib.parse.parse_qs(urllib.parse.urlsplit(local).query)["token"][0]
        assert len(token) >= 16
        bare = local.split("?")[0]
        status, headers, body = request(bare)
        assert status in (302, 403) and "kernelId" not in body
        if status == 302:
            assert urllib.parse.urlsplit(headers["Location"]).path == "/login"
        assert request(f"{bare}api/kernels/{'0' * 8}-0000-0000-0000-{'0' * 12}")[0] == 403
        # the Host check is off on a LAN server (it would refuse the LAN address): a DNS-rebinding
        # page is refused because it has no token (the login cookie is kept per host name)
        assert request(bare, host=FOREIGN_HOST)[0] in (302, 403)
        assert request(local.replace(token, token[:-1] + ("A" if token[-1] != "A" else "B")))[0] in (302, 403)
        assert kernels_under(server.proc.pid) == []       # nothing ran for those requests
        kernel = open_page(local)                         # with the token: the dashboard
        lans = serve.lan_addresses()
        assert lans, "this machine has no address on a network: the LAN address cannot be checked"
        lan = lans[0]
        assert request(bare.replace("127.0.0.1", lan))[0] in (302, 403)
        printed = server.printed(rf"open (http://{lan.replace('.', '[.]')}:\d+/\?token=[\w-]+)").group(1)
        assert printed.endswith(f"?token={token}")
        assert request(printed.replace("/?", f"/api/kernels/{kernel}?"))[0] == 200
        qr = io.StringIO()
        segno.make(printed, error="m").terminal(out=qr, compact=True)
        server.printed(r"press Ctrl-C to stop")           # printed (and flushed) after the code
        assert qr.getvalue().rstrip("\n") in server.output      # the code holds that very address
        assert_stops_within_3_s(server, signal.SIGINT)
    finally:
        server.kill()


def test_serve_started_in_the_background_stops_on_sigterm_within_3_s(tmp_path):
    server = ServeCommand("--port", "0", home=tmp_path, ignore_sigint=True)
    try:
        open_page(server.printed(r"the dashboards are at (\S+)").group(1))
        assert_stops_within_3_s(server, signal.SIGTERM)
    finally:
        server.kill()


def test_a_busy_port_is_a_plain_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = ServeCommand("--port", str(port), home=tmp_path)
        try:
            wait_for(lambda: server.proc.poll() is not None or "dashboards are at" in server.output, 90,
                     "tabletop serve neither stopped nor started")
            assert server.proc.returncode not in (None, 0), server.output
            assert f"port {port} is already in use" in server.output
        finally:
            server.kill()
