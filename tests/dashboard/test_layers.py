"""Layers point one way: the engines and the store load no Jupyter code; serve finds the
packaged notebook and template without importing the widgets."""
import json
import re
import subprocess
import sys

from tabletop import serve


def test_import_tabletop_loads_no_jupyter_code():
    code = ("import sys, tabletop, tabletop.store, tabletop.serve, tabletop.cli; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'plotly', 'voila', 'IPython', 'ipykernel', 'anywidget')]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_dashboard_notebook_is_thin_and_packaged():
    path = serve.notebook_path()
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1
    assert "".join(code[0]["source"]) == "from tabletop.widgets import app\n\napp()"
    template = serve.widgets_dir() / "voila" / "templates" / "tabletop" / "index.html.j2"
    links = re.findall(r'(?:href|src)="(https?:[^"]*)"', template.read_text())
    assert template.exists() and links == []


def test_the_voila_command_binds_the_address_asked_for():
    cmd = serve.voila_command(9999, "0.0.0.0", preheat=True)
    assert "--Voila.ip=0.0.0.0" in cmd and "--port=9999" in cmd and "--no-browser" in cmd
    assert "--template=tabletop" in cmd and "--preheat_kernel=True" in cmd
    assert not any(a.startswith("--ip") for a in cmd)
    env = serve.voila_env(home="/tmp/x")
    assert env["TABLETOP_HOME"] == "/tmp/x" and str(serve.widgets_dir()) in env["JUPYTER_PATH"]


def test_serve_is_a_subcommand():
    out = subprocess.run([sys.executable, "-m", "tabletop.cli", "serve", "--help"], capture_output=True,
                         text=True, check=True).stdout
    for flag in ("--port", "--host", "--token", "--no-browser", "--home"):
        assert flag in out
