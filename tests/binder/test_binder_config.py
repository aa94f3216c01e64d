"""What Jupyter reads when the Binder image starts it: binder/start puts binder/config on
JUPYTER_CONFIG_PATH, and the server must cull idle kernels as ``tabletop serve`` does (a class's
dropped tabs would otherwise keep their kernels, about 130 MB each, in Binder's 2 GB)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tabletop import serve

REPO = Path(__file__).resolve().parents[2]


def binder_server_config() -> dict:
    """The configuration a server started through binder/start loads (Jupyter's own loader)."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("JUPYTER_CONFIG_PATH", None)
    done = subprocess.run(["bash", "binder/start", sys.executable, "-m", "jupyter", "server",
                           "--show-config-json"], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_binder_culls_idle_kernels_like_tabletop_serve():
    config = binder_server_config()
    kernels = config.get("MappingKernelManager", {})
    assert kernels.get("cull_idle_timeout") == serve.CULL_IDLE_TIMEOUT, kernels
    assert kernels.get("cull_interval") == serve.CULL_INTERVAL, kernels
    assert kernels.get("cull_connected") is False          # a page still open keeps its kernel
    # Voilà then uses its bundled MathJax 3 (an empty URL made it try MathJax 2 from nowhere)
    settings = config["ServerApp"]["tornado_settings"]
    assert settings["mathjax_url"] is None and settings["mathjax_config"] is None


def test_binder_pins_everything_tabletop_and_its_dashboards_need():
    """postBuild installs tabletop with --no-deps, so a dependency missing from the pins is missing
    on Binder (the join codes' QR images need segno, a long tournament's progress bar tqdm)."""
    import re
    import tomllib
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    needed = project["dependencies"] + project["optional-dependencies"]["dashboards"]
    pinned = {re.split(r"[=<>\[]", line, 1)[0].strip().lower().replace("_", "-")
              for line in (REPO / "binder" / "requirements.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    missing = [req for req in needed
               if re.split(r"[=<>\[ ;]", req, 1)[0].lower().replace("_", "-") not in pinned]
    assert not missing, f"binder/requirements.txt lacks {missing}"
