"""An imported save travels whole in one websocket message (ipywidgets' file upload). Tornado's
default limit, 10 MiB, closed the page's connection on a save of 10-20 MB and the import was
lost without a word: the server, here and on Binder, takes a message as large as the largest
save (20 MB) and its fields. The browser test (tests/browser/test_start_security_browser.py)
imports a 15 MB save and is told of a 21 MB one."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from voila.app import Voila

from tabletop import serve
from tabletop.match import MAX_SAVE_BYTES

REPO = Path(__file__).resolve().parents[2]


def tornado_settings(host: str) -> dict:
    """The tornado settings Voilà reads from ``tabletop serve``'s command line (its own parser)."""
    app = Voila()
    command = serve.voila_command(host=host, token=host != "127.0.0.1")
    app.parse_command_line([arg for arg in command if arg.startswith("--Voila.tornado_settings")])
    return dict(app.tornado_settings)


@pytest.mark.filterwarnings("ignore:--tornado_settings=:DeprecationWarning")
def test_the_server_takes_a_message_as_large_as_the_largest_save():
    for host in ("127.0.0.1", "0.0.0.0"):
        limit = tornado_settings(host)["websocket_max_message_size"]
        assert isinstance(limit, int) and MAX_SAVE_BYTES + 1_000_000 <= limit <= 2 * MAX_SAVE_BYTES, (host, limit)
    # the loopback server's Host check is still on (a real false, not the word "False")
    assert tornado_settings("127.0.0.1")["allow_remote_access"] is False
    assert "allow_remote_access" not in tornado_settings("0.0.0.0")


def test_binder_takes_the_same_messages():
    config = json.loads((REPO / "binder" / "config" / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["tornado_settings"]["websocket_max_message_size"] == serve.MAX_MESSAGE_BYTES
