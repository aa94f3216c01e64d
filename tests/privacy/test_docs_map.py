"""docs/testing.md maps every promise to a test: each test it names must exist, so the map
cannot silently point at a renamed or deleted test."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "docs" / "testing.md"


def test_every_test_the_map_names_exists():
    text = MAP.read_text(encoding="utf-8")
    missing = []
    for path, name in re.findall(r"`(tests/[\w/]+\.py)(?:::([\w.\[\]-]+))?", text):
        file = ROOT / path
        if not file.exists():
            missing.append(path)
            continue
        if name:
            stem = name.split("[")[0].rstrip(".").removesuffix("...")
            source = file.read_text(encoding="utf-8")
            if not re.search(rf"def {re.escape(stem)}\w*\(", source) and not re.search(rf"def {re.escape(stem)}\b", source):
                missing.append(f"{path}::{name}")
    for path in re.findall(r"`(tests/[\w/]+/)`", text):
        if not (ROOT / path).is_dir():
            missing.append(path)
    assert not missing, f"docs/testing.md names tests that do not exist: {missing}"
