"""Run every benchmark: ``python bench/run.py``. Each bench/bench_*.py has a ``main()``."""
import importlib.util
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from common import baseline_seconds  # noqa: E402

if __name__ == "__main__":
    base = baseline_seconds()
    print(f"baseline: 1,000 bare random choices, median {base * 1e3:.3f} ms")
    only = sys.argv[1:]
    for path in sorted(pathlib.Path(__file__).parent.glob("bench_*.py")):
        if only and not any(o in path.stem for o in only):
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"--- {path.stem}")
        module.main(base)
