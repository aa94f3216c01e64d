"""Jupyter dashboards for tabletop (``tabletop.widgets``): the start page, the tracker, charts.

Builders return widgets and never display them: a notebook shows ``app()`` (or
``Tracker(match).widget``) as its last expression. The engines in ``tabletop`` never import
this package.
"""
from .app import App, app, load_plugins
from .titles import TitleUI, register_ui, title_ui
from .tracker import Tracker, Unsaved

__all__ = ["App", "app", "load_plugins", "Tracker", "Unsaved", "TitleUI", "register_ui", "title_ui"]
