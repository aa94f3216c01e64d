"""The lesson math imports no Jupyter, no plotting and no numpy with its modules (the Monte-Carlo
functions import numpy when they run, figures.show plotly and IPython when it shows); the lesson
notebooks are committed without outputs (but the key numbers of cells marked NBVAL_CHECK_OUTPUT), import project
code only from tabletop, keep their checks in teacher-check cells, and give every exercise a
difficulty and an answer, and every lesson its references."""
import json
import re
import subprocess
import sys
from pathlib import Path

LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"
MODULES = ("auctions", "assignment", "ladders", "markov", "manipulation", "mergers", "piles", "figures",
           "stored", "tables")


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
    assert [b.name[:2] for b in books] == [f"{i:02d}" for i in range(len(books))] and len(books) >= 6
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


def _lessons():
    for book in sorted(LESSONS.glob("0[1-9]-*.ipynb")):
        yield book.name, json.loads(book.read_text(encoding="utf-8"))["cells"]


def test_checks_are_teacher_checks_out_of_the_student_text():
    # every assertion sits in a cell tagged teacher-check, folded in JupyterLab, saying so in its
    # first line, and showing nothing (Voila shows outputs only, so the class never sees it)
    for name, cells in _lessons():
        checks = 0
        for cell in cells:
            source = "".join(cell["source"])
            tagged = "teacher-check" in cell["metadata"].get("tags", [])
            if cell["cell_type"] != "code":
                assert not tagged, (name, cell["id"])
                continue
            if re.search(r"^\s*assert\b", source, re.M):
                assert tagged, (name, cell["id"], "an assertion outside a teacher check")
            if tagged:
                checks += 1
                assert source.startswith("# teacher check: "), (name, cell["id"])
                assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, (name, cell["id"])
                assert re.search(r"^\s*assert\b", source, re.M), (name, cell["id"], "a check that asserts nothing")
                assert not re.search(r"^\s*print\(", source, re.M), (name, cell["id"], "a check that prints")
        assert checks >= 3, name


def test_every_exercise_has_a_difficulty_and_an_answer_and_every_lesson_references():
    for name, cells in _lessons():
        text = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
        exercises = [t for t in text if t.startswith("## Exercises")]
        assert len(exercises) == 1, name
        numbered = re.findall(r"^(\d+)\. (.*)$", exercises[0].split("<details>")[0], re.M)
        assert [int(n) for n, _ in numbered] == list(range(1, len(numbered) + 1)) and numbered, name
        assert all(re.match(r"★{1,3} \*\*", line) for _, line in numbered), (name, numbered)
        answers = exercises[0].split("<details>")[1]
        given = re.findall(r"^(\d+)\. ", answers, re.M)
        assert [int(n) for n in given] == [int(n) for n, _ in numbered], (name, "an answer for every exercise")
        assert any(t.startswith("## References") and "\n* " in t for t in text), name


def test_no_developer_notes_in_the_student_text():
    for book in sorted(LESSONS.glob("*.ipynb")):
        for cell in json.loads(book.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                assert "executor" not in "".join(cell["source"]), book.name
