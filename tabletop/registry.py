"""The titles tabletop knows, by registry name. Each is imported only when first asked for."""
from __future__ import annotations

import importlib

from .core import Title
from .errors import UnknownTitle

__all__ = ["TITLE_MODULES", "get_title", "register_title", "title_names"]

#: registry name -> module that defines ``TITLE``
TITLE_MODULES = {
    "stockpile": "tabletop.stockpile",
    "acquire": "tabletop.acquire",
    "black-monday": "tabletop.blackmonday",
    "jika": "tabletop.jika",
    "classroom": "tabletop.classroom",
}

_loaded: dict[str, Title] = {}


def title_names() -> list[str]:
    return list(TITLE_MODULES)


def register_title(title: Title) -> None:
    """Add a title defined outside tabletop (a plugin, or a test's toy game)."""
    _loaded[title.name] = title


def get_title(name: str) -> Title:
    if name in _loaded:
        return _loaded[name]
    module = TITLE_MODULES.get(name)
    if module is None:
        raise UnknownTitle("There is no game called '{name}'. Known games: {games}.", name=name,
                           games=", ".join(TITLE_MODULES))
    title = importlib.import_module(module).TITLE
    _loaded[name] = title
    return title
