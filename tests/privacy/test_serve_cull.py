"""`tabletop serve` really asks Voilà to cull an abandoned page's kernel within a minute
(docs/dashboards.md: "culled by the kernel manager within a minute (`cull_idle_timeout` 30 s,
`cull_interval` 15 s)"; docs/security.md: `cull_connected` false). The browser test of culling
shortens the culler to seconds; this reads the command line the real command starts, so a change
of the production values (or a lost flag) fails here without a minute-long wait."""
from __future__ import annotations

import subprocess

import pytest

from tabletop import cli, serve

# typed from docs/dashboards.md and docs/security.md, not read from tabletop/serve.py
DOCS_IDLE_TIMEOUT, DOCS_INTERVAL, WITHIN = 30, 15, 60


class NoServer:
    """Stands in for Voilà's process: records the command line, and exits at once."""
    started: list[list[str]] = []

    def __init__(self, cmd, **kwargs):
        NoServer.started.append(list(cmd))
        self.pid, self.returncode = 2 ** 22 + 7, 1          # no such process

    def poll(self):
        return self.returncode

    def wait(self, timeout=None):
        return self.returncode


def voila_flags(argv: list[str], monkeypatch, tmp_path) -> dict[str, str]:
    """The ``--name=value`` flags of the Voilà command ``tabletop <argv>`` starts."""
    NoServer.started = []
    monkeypatch.setattr(subprocess, "Popen", NoServer)
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    assert cli.main(argv + ["--no-browser", "--home", str(tmp_path)]) == 1    # "did not start"
    (cmd,) = NoServer.started
    assert cmd[1:3] == ["-m", "voila"]
    return dict(arg[2:].split("=", 1) for arg in cmd if arg.startswith("--") and "=" in arg)


@pytest.mark.parametrize("argv", [["serve", "--port", "0"],
                                  ["serve", "--port", "0", "--host", "0.0.0.0", "--token", "a-lan-token"]],
                         ids=["loopback", "lan"])
def test_tabletop_serve_culls_an_abandoned_kernel_within_a_minute(argv, monkeypatch, tmp_path, capsys):
    flags = voila_flags(argv, monkeypatch, tmp_path)
    idle = int(flags["MappingKernelManager.cull_idle_timeout"])
    every = int(flags["MappingKernelManager.cull_interval"])
    # a kernel with no page is idle from the moment the page goes; the culler looks every
    # `every` seconds, so it is gone by idle + every at the latest
    assert (idle, every) == (DOCS_IDLE_TIMEOUT, DOCS_INTERVAL)
    assert 0 < idle and 0 < every and idle + every <= WITHIN
    # only kernels no page is connected to are culled: "A page that stays open keeps its kernel"
    assert flags["MappingKernelManager.cull_connected"] == "False"
    assert "did not start" in capsys.readouterr().err
