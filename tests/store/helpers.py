"""Shared by the store tests: a played match on a real SQLite file, and the plain-words check."""
import os
import random
import re

from tabletop import Match
from tabletop.store import Store

# What a player must never read in an error message: library and exception names.
TECHNICAL_WORDS = re.compile(r"sqlite|OperationalError|DatabaseError|IntegrityError|ProgrammingError|"
                             r"Traceback|errno|\bSQL\b", re.IGNORECASE)


def assert_plain(message: str, *paths) -> None:
    """The message is a sentence in plain words (file names it mentions are fine)."""
    text = str(message)
    for path in paths:
        text = text.replace(str(path), "<file>")
    assert text and text[0].isupper() and text.rstrip().endswith("."), message
    found = TECHNICAL_WORDS.search(text)
    assert found is None, f"technical word {found.group()!r} in: {message}"


def play(saved, n: int, seed: int = 1) -> None:
    """``n`` random legal entries (or until the game ends), through the public API."""
    rng = random.Random(seed)
    for _ in range(n):
        legal = saved.match.legal_actions()
        if not legal:
            return
        saved.apply(rng.choice(legal))


def make_store(path, n_matches: int = 3, entries: int = 120, **settings) -> list[str]:
    """A closed store at ``path`` holding a few played Stockpile matches; returns their ids."""
    with Store(path, **settings) as store:
        ids = []
        for k in range(n_matches):
            match, rng = Match("stockpile", ["Ann", "Ben", "Cy"], seed=k), random.Random(k)
            for _ in range(entries):
                match.apply(rng.choice(match.legal_actions()))
            ids.append(store.create(match).id)          # the whole log saved at once: quicker
    assert not os.path.exists(f"{path}-wal")      # closing wrote everything into the file itself
    return ids


def is_postgres(location) -> bool:
    return str(location).startswith("postgresql://")


def raw_rows(location, sql: str, *args) -> list[tuple]:
    """Rows read past tabletop, straight from the database (``?`` placeholders on both)."""
    if is_postgres(location):
        import psycopg
        with psycopg.connect(str(location), autocommit=True) as db:
            return [tuple(r) for r in db.execute(sql.replace("?", "%s"), args).fetchall()]
    import sqlite3
    db = sqlite3.connect(location)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def raw_execute(location, *statements: str) -> None:
    """Change the database past tabletop, as another program (or an older tabletop) would."""
    if is_postgres(location):
        import psycopg
        with psycopg.connect(str(location), autocommit=True) as db:
            with db.transaction():
                for statement in statements:
                    db.execute(statement)
        return
    import sqlite3
    db = sqlite3.connect(location, isolation_level=None)
    try:
        db.executescript("BEGIN;" + ";".join(statements) + ";COMMIT;")
    finally:
        db.close()


def run_async(coroutine, timeout: float = 30.0):
    """Run ``coroutine`` to its end in an event loop of its own thread (Playwright's browser tests,
    earlier in a whole run, leave an event loop running in this one, where asyncio.run() is refused)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coroutine, timeout)).result()
