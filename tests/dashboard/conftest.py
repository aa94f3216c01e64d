import pytest

from tabletop.registry import register_title

from .fake_title import TITLE

register_title(TITLE)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh data folder for saved matches."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
