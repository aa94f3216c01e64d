"""Lessons run by these tests (nbval's kernels, tests/binder's executions) must find every long
computation in tabletop/economics/stored.json: a call that is not stored fails instead of making
the lesson compute for seconds when a class opens it (TABLETOP_STORED, see stored.py). Set before
any kernel starts: pytest imports this file while collecting, before running any test."""
import os

os.environ.setdefault("TABLETOP_STORED", "strict")
