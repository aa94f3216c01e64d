"""Orchard: a sixth title, made up for the tests, added the way docs/adding-a-title.md says —
its own engine package (``game/``) and its own screen module (``screens.py``), registered as a
plugin; no line of tabletop's generic modules names it."""
