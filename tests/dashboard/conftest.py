import pytest

from tabletop.registry import register_title
from tabletop.widgets.titles import register_ui

from .fake_title import TITLE, UI

register_title(TITLE)
register_ui(TITLE.name, UI)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh data folder for saved matches."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def no_widgets_of_earlier_tests():
    """Each test starts with no live widget: a page has its own kernel, so a leak check must not
    read the widgets another test left behind (nor pass because of them)."""
    import ipywidgets
    ipywidgets.Widget.close_all()
    # a test that loads plugins may have registered another "fakemarket": this one is the tests'
    register_title(TITLE)
    register_ui(TITLE.name, UI)
    yield
