"""Mutants one by one, for bench/mutation.sh with RUNNER=fork (run in its work copy, never by hand
in the repository): mutmut makes the mutants, this runs them.

    python mutation_runner.py generate              # in the copy: mutmut's mutants/ folder
    python mutation_runner.py stats TESTS...        # in mutants/: which test calls which function
    python mutation_runner.py run PATTERN...        # in mutants/: 'name: killed' lines, one a mutant

Why not ``mutmut run``:
- mutmut leaves out every decorated function, so none of the store's ``@_guarded`` methods (its
  reading paths: ``open``, ``_entries``, ``revision``...) had a mutant. Here a method whose one
  decorator is ``@_guarded`` is mutated too: the guard only turns driver errors into words, and
  the trampoline and each copy wear it.
- Each pytest session started its own PostgreSQL cluster (tests/pg.py), some 5 s a mutant; here
  one cluster serves every mutant, emptied of the databases and roles a mutant's tests made.
- One process imports everything once and forks a child per mutant.
A mutant runs against the tests of the selection that call the mutated function (as mutmut
decides it), fastest first, and stops at the first failure. A test that fails without any mutant
never counts as a kill. ``MUTANT_BUDGET`` seconds: a mutant still unkilled then is "unfinished"
(not killed; run those again with a larger budget). ``MUTANT_TIMEOUT``: a child that runs past
budget + timeout is killed and counted killed ("timeout"), as mutmut counts it.
"""
import fnmatch
import json
import os
import re
import shlex
import signal
import sys
import time
from pathlib import Path

#: pytest's options for every session; MUTATION_PYTEST_ARGS adds the run's own (``-k``, ``-p``)
ARGS = ["-p", "no:cacheprovider", "-n", "0", "-q", "-x", "--no-header", "-o", "addopts="] + \
    shlex.split(os.environ.get("MUTATION_PYTEST_ARGS", ""))
TIMEOUT = float(os.environ.get("MUTANT_TIMEOUT", "240"))
BUDGET = float(os.environ.get("MUTANT_BUDGET", "1e9"))


def generate() -> None:
    import libcst as cst
    from mutmut.__main__ import (copy_also_copy_files, copy_src_dir, create_mutants, set_mutant_under_test,
                                 setup_source_paths)
    from mutmut.mutation import file_mutation
    skip = file_mutation.MutationVisitor._skip_node_and_children

    def guarded_too(self, node):
        if isinstance(node, cst.FunctionDef) and node.decorators and all(
                isinstance(d.decorator, cst.Name) and d.decorator.value == "_guarded" for d in node.decorators):
            return False
        return skip(self, node)
    file_mutation.MutationVisitor._skip_node_and_children = guarded_too
    os.makedirs("mutants", exist_ok=True)
    set_mutant_under_test("mutant_generation")
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    print(create_mutants(1))


def prepare():
    """Import once (children inherit it); the tests' child processes import the mutants too."""
    here = Path.cwd()
    sys.path[:0] = [str(here), str(here / "tests")]
    os.environ["PYTHONPATH"] = ":".join([str(here), str(here / "tests")] + [p for p in [os.environ.get("PYTHONPATH")] if p])
    os.environ.setdefault("MUTANT_UNDER_TEST", "")
    import pytest
    import pg
    import tabletop.store  # noqa: F401
    return pytest, pg


def one_cluster(pg):
    class UsePostgres:
        def __init__(self, server):
            self.server = server

        def pytest_configure(self, config):
            config._tabletop_postgres = pg.Server(self.server.folder, None, self.server._as_user)
    return UsePostgres


def empty_cluster(server) -> None:
    for name in server.psql("SELECT datname FROM pg_database WHERE datname NOT IN "
                            "('postgres', 'template0', 'template1')").split():
        server.psql(f'DROP DATABASE "{name}" WITH (FORCE)')
    for role in server.psql("SELECT rolname FROM pg_roles WHERE rolname <> 'postgres' "
                            "AND rolname NOT LIKE 'pg\\_%'").split():
        server.psql(f'DROP OWNED BY "{role}"; DROP ROLE "{role}"')


def in_child(function, timeout: float) -> int:
    """``function()`` (an exit code) in a forked child; -1 when it ran past ``timeout`` s."""
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        os.setsid()
        code = 3
        try:
            code = function()
        finally:
            sys.stdout.flush()
            os._exit(int(code))
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return -1
        time.sleep(0.05)


def stats(tests: list[str]) -> None:
    pytest, pg = prepare()
    import mutmut.mutation.trampoline as trampoline
    hits, durations, failed, current = {}, {}, set(), [None]

    def record(name, caller=None):
        if current[0] is not None:
            hits.setdefault(name, set()).add(current[0])
    trampoline.record_trampoline_hit = record

    class Recorder:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item):
            current[0], start = item.nodeid, time.monotonic()
            yield
            durations[item.nodeid], current[0] = time.monotonic() - start, None

        def pytest_runtest_logreport(self, report):
            if report.failed:
                failed.add(report.nodeid)

    with pg.throwaway_postgres() as server:
        def child():
            os.environ["MUTANT_UNDER_TEST"] = "stats"
            code = pytest.main([a for a in ARGS if a != "-x"] + tests, plugins=[one_cluster(pg)(server), Recorder()])
            Path("stats.json").write_text(json.dumps({"hits": {k: sorted(v - failed) for k, v in hits.items()},
                                                      "durations": durations, "failed": sorted(failed)}))
            return code
        print("stats run: exit", in_child(child, 24 * 3600), file=sys.stderr)


def names_of(patterns: list[str]) -> list[str]:
    names = []
    for path in sorted(Path("tabletop").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "__mutmut_" not in text:
            continue
        module = ".".join(path.with_suffix("").parts)
        for name in re.findall(r"^\s*(?:async )?def (x[ǁ\w]*?__mutmut_\d+)\(", text, re.M):
            full = f"{module}.{name}"
            if not patterns or any(fnmatch.fnmatchcase(full, p) for p in patterns):
                names.append(full)
    return names


def run(patterns: list[str]) -> None:
    pytest, pg = prepare()
    data = json.loads(Path("stats.json").read_text())
    hits, durations = data["hits"], data["durations"]

    class Budget:
        """Stops the session between two tests once ``BUDGET`` seconds are spent."""
        def __init__(self):
            self.start, self.spent = time.monotonic(), False

        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item, nextitem):
            yield
            if time.monotonic() - self.start > BUDGET and nextitem is not None:
                self.spent, item.session.shouldstop = True, "budget spent"

    Path("logs").mkdir(exist_ok=True)
    with pg.throwaway_postgres() as server:
        for full in names_of(patterns):
            module, _, name = full.rpartition(".")
            tests = sorted(hits.get(f"{module}.{re.sub(r'__mutmut_[0-9]+$', '', name)}", []),
                           key=lambda t: durations.get(t, 99))
            if not tests:
                print(f"{full}: no tests", flush=True)
                continue
            start = time.monotonic()

            def child():
                os.environ["MUTANT_UNDER_TEST"] = full
                log = os.open(f"logs/{name}.log", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
                os.dup2(log, 1)
                os.dup2(log, 2)
                budget = Budget()
                code = pytest.main(ARGS + tests, plugins=[one_cluster(pg)(server), budget])
                return 4 if budget.spent and code == 2 else code
            code = in_child(child, min(BUDGET, 1e5) + TIMEOUT)
            status = {0: "survived", 1: "killed", -1: "timeout", 4: "unfinished"}.get(code, f"exit {code}")
            print(f"{full}: {status}", flush=True)
            print(f"{full}: {status} ({time.monotonic() - start:.0f} s, {len(tests)} tests)", file=sys.stderr)
            empty_cluster(server)


if __name__ == "__main__":
    {"generate": lambda: generate(), "stats": lambda: stats(sys.argv[2:]),
     "run": lambda: run(sys.argv[2:])}[sys.argv[1]]()
