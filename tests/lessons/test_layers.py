"""The lesson math is plain Python: no Jupyter, no plotting, no numpy; the lesson notebooks are
committed without outputs (but the key numbers of cells marked NBVAL_CHECK_OUTPUT), import project
code only from tabletop, keep their checks in teacher-check cells, and give every exercise a
difficulty and an answer, and every lesson its references."""
import json
import re
import subprocess
import sys
from pathlib import Path

LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"
MODULES = ("auctions", "assignment", "ladders", "markov", "manipulation", "mergers", "piles")


def test_economics_imports_no_jupyter_plotting_or_numpy():
    code = ("import sys\n" + "".join(f"import tabletop.economics.{m}\n" for m in MODULES)
            + "print(sorted(m for m in ('ipywidgets', 'plotly', 'IPython', 'numpy', 'scipy', 'pandas')"
              " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_lesson_compares_some_printed_key_numbers():
    for book in sorted(LESSONS.glob("0[1-9]-*.ipynb")):
        cells = json.loads(book.read_text(encoding="utf-8"))["cells"]
        assert any("# NBVAL_CHECK_OUTPUT\n" in "".join(c["source"]) for c in cells), book.name


def test_lessons_are_committed_clean_and_import_only_tabletop():
    books = sorted(LESSONS.glob("*.ipynb"))
    assert [b.name[:2] for b in books] == ["00", "01", "02", "03", "04", "05"]
    allowed = {"tabletop", "plotly", "ipywidgets", "fractions", "json", "re", "pathlib", "math", "itertools",
               "dataclasses"}   # (standard library)
    for book in books:
        nb = json.loads(book.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            if "# NBVAL_CHECK_OUTPUT\n" in source:
                # nbval compares what this cell shows with the stored output: printed text, or a
                # table (tabletop.economics.tables.Table: text and HTML, nothing that changes per run)
                assert cell["outputs"], (book.name, cell.get("id"))
                for out in cell["outputs"]:
                    if out["output_type"] == "stream":
                        assert out["name"] == "stdout", (book.name, cell.get("id"))
                    else:
                        assert out["output_type"] == "execute_result", (book.name, cell.get("id"))
                        assert set(out["data"]) == {"text/plain", "text/html"}, (book.name, cell.get("id"))
                        assert " at 0x" not in "".join(out["data"]["text/plain"]), (book.name, cell.get("id"))
            else:
                assert cell["outputs"] == [] and cell["execution_count"] is None, book.name
            for module in re.findall(r"^\s*(?:from|import)\s+([\w.]+)", source, re.M):
                assert module.split(".")[0] in allowed, (book.name, module)
