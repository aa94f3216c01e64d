"""The lesson math is plain Python: no Jupyter, no plotting, no numpy; the lesson notebooks are
committed without outputs and import project code only from tabletop."""
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


def test_lessons_are_committed_clean_and_import_only_tabletop():
    books = sorted(LESSONS.glob("*.ipynb"))
    assert [b.name[:2] for b in books] == ["00", "01", "02", "03", "04", "05"]
    allowed = {"tabletop", "plotly", "ipywidgets", "fractions"}
    for book in books:
        nb = json.loads(book.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            assert cell["outputs"] == [] and cell["execution_count"] is None, book.name
            source = "".join(cell["source"])
            for module in re.findall(r"^\s*(?:from|import)\s+([\w.]+)", source, re.M):
                assert module.split(".")[0] in allowed, (book.name, module)
