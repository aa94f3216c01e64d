"""Which Python mybinder.org builds ``binder/`` with, asked of repo2docker itself.

``repo2docker --no-build --debug`` prints the Dockerfile it would build, without Docker. Without
``binder/runtime.txt`` it picks its default (3.10 in 2026.4), below our ``requires-python``, and
``postBuild``'s install fails on Binder while tests/binder, which builds its venv with the Python
running the tests (``sys.executable``), passes.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet

REPO = Path(__file__).resolve().parents[2]


def repo2docker_python(tmp_path: Path) -> str:
    """'X.Y' that repo2docker would install for a copy of this work tree (as Binder clones it)."""
    repo2docker = Path(sys.executable).parent / "repo2docker"
    if not repo2docker.exists():
        if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}:
            pytest.fail("under CI repo2docker must be installed (it is in the test extra)")
        pytest.skip("repo2docker is not installed: pip install -e '.[test]'")
    copy = tmp_path / "repo"
    shutil.copytree(REPO, copy, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", "test-artifacts",
        ".ipynb_checkpoints", ".hypothesis", "mutants"))
    done = subprocess.run([str(repo2docker), "--no-build", "--debug", str(copy)],
                          capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    found = re.search(r"Building conda environment for python=(\d+\.\d+)", output)
    assert found, f"repo2docker did not say which Python it builds with:\n{output[-3000:]}"
    return found.group(1)


def test_binder_builds_with_the_python_the_binder_test_uses_and_pyproject_allows(tmp_path):
    binder_python = repo2docker_python(tmp_path)
    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert SpecifierSet(requires).contains(binder_python), (
        f"Binder would build with Python {binder_python}, outside requires-python {requires}: "
        f"set binder/runtime.txt (python-X.Y)")
    tested = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert binder_python == tested, (
        f"Binder would build with Python {binder_python}, but tests/binder builds its venv with "
        f"Python {tested}: make binder/runtime.txt and the test Python agree")
