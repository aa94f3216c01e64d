#!/bin/sh
# Mutation testing on demand (slow: never part of the test suite or of CI).
#
#   bench/mutation.sh                       # modules and tests from [tool.mutmut] in pyproject.toml
#   MUTATE="tabletop/match.py" TESTS="tests/core/test_match.py tests/privacy" bench/mutation.sh
#   REV=403fd55 bench/mutation.sh           # a committed version instead of the work tree
#   ARGS="-p no:cacheprovider -k 'not kill_9'" bench/mutation.sh    # pytest options for every run
#   NAMES="tabletop.jika.rules.*view__mutmut_*" bench/mutation.sh     # only these mutants (a sample)
#   RUNNER=fork MUTATE="..." TESTS="..." bench/mutation.sh   # bench/mutation_runner.py instead of
#       'mutmut run': the store's @_guarded methods get mutants too, one PostgreSQL cluster serves
#       every mutant, each mutant in a forked child (MUTANT_BUDGET, MUTANT_TIMEOUT: seconds)
#
# The work tree (tracked and new files) is copied to a temporary folder, so the repository gets no
# mutants/ folder and people can keep working while it runs. widgets/ is copied to
# tabletop/widgets there, so the mutated dashboards (tabletop.widgets) are the ones imported.
# Prints the mutation score per module: killed / (killed + survived + no tests), timeouts counted
# as killed (a mutant no selected test reaches is not killed).
# Needs the "mutation" extra: pip install -e ".[mutation]".
set -euf     # -f: no file-name expansion (NAMES holds mutmut's * patterns)
repo=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-$repo/.venv/bin/python}
work=${WORK:-$(mktemp -d /tmp/tabletop-mutation.XXXXXX)}
mkdir -p "$work"
children=${CHILDREN:-1}

cd "$repo"
if [ -n "${REV:-}" ]; then     # a committed version, e.g. REV=403fd55 for a "before" score
    git archive "$REV" | tar -xf - -C "$work"
else
    git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$work"
fi
mkdir -p "$work/tabletop/widgets" && cp -r "$work/widgets/." "$work/tabletop/widgets/"

cd "$work"
"$python" - "${MUTATE:-}" "${TESTS:-}" "${ARGS:-}" <<'EOF'
import json, shlex, sys, tomllib
mutate, tests, args = sys.argv[1].split(), sys.argv[2].split(), shlex.split(sys.argv[3])
text = open("pyproject.toml", encoding="utf-8").read()
conf = tomllib.loads(text).get("tool", {}).get("mutmut", {})
mutate = mutate or conf["only_mutate"]
tests = tests or conf["pytest_add_cli_args_test_selection"]
# the [tool.mutmut] section is the last one of pyproject.toml (appended); rewrite it for this run
if "[tool.mutmut]" in text:
    text = text[:text.index("[tool.mutmut]")]
text += "\n[tool.mutmut]\n" + "\n".join([
    'source_paths = ["tabletop"]',
    'also_copy = ["docs"]',                      # the privacy oracle reads docs/dashboards.md
    "only_mutate = " + json.dumps(mutate),
    "pytest_add_cli_args_test_selection = " + json.dumps(tests),
    "pytest_add_cli_args = " + json.dumps((args or conf.get("pytest_add_cli_args", ["-p", "no:cacheprovider"]))
                                          + ["-p", "mutmut_fresh_caches", "-n", "0"]),
]) + "\n"
open("pyproject.toml", "w", encoding="utf-8").write(text)
print("mutating", *mutate, "\ntests", *tests)
EOF
# The engine's caches are emptied before every test. Filled once (at collection, or by the first
# test), they hid the code that fills them: mutmut's first run records which tests call each
# function and later runs a mutant against those alone, so a mutant of core._checker or
# _field_checks (the action field checks, cached per action type) met no test that builds them
# and survived, although the plain test files kill it.
mkdir -p plugins && cat >plugins/mutmut_fresh_caches.py <<'EOF'
import sys


def pytest_runtest_setup(item):
    core, acquire = sys.modules.get("tabletop.core"), sys.modules.get("tabletop.acquire.rules")
    for cache in (getattr(core, "_FIELD_CHECKS", {}), getattr(acquire, "_TABLES", {})):
        cache.clear()
    for name, module in list(sys.modules.items()):
        if name.startswith("tabletop") and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
EOF
# NAMES: mutant name patterns (mutmut's own, with *), e.g. one function of a big module
if [ "${RUNNER:-mutmut}" = fork ]; then
    "$python" "$repo/bench/mutation_runner.py" generate >mutmut-run.log 2>&1 || { tail -40 mutmut-run.log; exit 1; }
    for f in README.md CHANGELOG.md setup.py notebooks binder bench; do     # what some tests read
        [ -e "$f" ] && cp -r "$f" mutants/
    done
    # shellcheck disable=SC2086
    (cd mutants && export PYTHONPATH="$work/plugins${PYTHONPATH:+:$PYTHONPATH}" \
        MUTATION_PYTEST_ARGS="${ARGS:-} -p mutmut_fresh_caches" &&
     "$python" "$repo/bench/mutation_runner.py" stats ${TESTS:?RUNNER=fork needs TESTS} >>../mutmut-run.log 2>&1 &&
     "$python" "$repo/bench/mutation_runner.py" run ${NAMES:-} >../mutmut-results.txt 2>>../mutmut-run.log) ||
        { tail -40 mutmut-run.log; exit 1; }
else
    # shellcheck disable=SC2086
    PYTHONPATH="$work/plugins${PYTHONPATH:+:$PYTHONPATH}" "$python" -m mutmut run --max-children "$children" ${NAMES:-} >mutmut-run.log 2>&1 || { tail -40 mutmut-run.log; exit 1; }
    "$python" -m mutmut results --all true >mutmut-results.txt 2>&1
fi
if [ -n "${NAMES:-}" ]; then     # score only the mutants asked for
    "$python" - ${NAMES} <<'EOF'
import fnmatch, sys
lines = open("mutmut-results.txt", encoding="utf-8").readlines()
keep = [l for l in lines if any(fnmatch.fnmatchcase(l.strip().split(": ")[0], p) for p in sys.argv[1:])]
open("mutmut-results.txt", "w", encoding="utf-8").writelines(keep)
EOF
fi
"$python" - <<'EOF'
import collections, re
counts = collections.defaultdict(collections.Counter)
for line in open("mutmut-results.txt", encoding="utf-8"):
    m = re.match(r"\s*([\w.]+?)\.x?[ǁ\w]*__mutmut_\d+: (.+)", line)
    if m:
        counts[m.group(1)][m.group(2).strip()] += 1
print(f"{'module':32} {'mutants':>8} {'killed':>7} {'survived':>9} {'no tests':>9} {'other':>6}  score")
for module, c in sorted(counts.items()):
    killed = c["killed"] + c["timeout"]
    survived = c["survived"]
    untested = c["no tests"]       # no selected test runs the mutated code: not killed either
    other = sum(c.values()) - killed - survived - untested
    score = killed / (killed + survived + untested) if killed + survived + untested else float("nan")
    print(f"{module:32} {sum(c.values()):8} {killed:7} {survived:9} {untested:9} {other:6}  {score:.0%}")
EOF
echo "details: $work/mutmut-results.txt ('cd $work && $python -m mutmut show <name>' shows a mutant)"
