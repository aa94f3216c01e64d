"""The store tests run on both backends: ``location`` is a new SQLite file or a new empty schema in
the test run's PostgreSQL cluster (tests/pg.py); ``Store(location)`` opens either."""
import pytest

from pg import session_postgres


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request) -> str:
    return request.param


@pytest.fixture
def location(backend, tmp_path, request):
    """Where a fresh store goes: a file path (SQLite) or a ``postgresql://`` address."""
    if backend == "sqlite":
        return tmp_path / "matches.sqlite3"
    return session_postgres(request).new_schema()


@pytest.fixture
def postgres(request):
    """The test run's PostgreSQL cluster (``pg.Server``), for tests of that backend alone."""
    return session_postgres(request)
