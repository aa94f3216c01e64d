"""Title-specific boards for the tracker, registered with ``titles.register_ui``."""
from __future__ import annotations
