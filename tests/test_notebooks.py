"""Hygiene of the committed notebooks (nbval itself re-runs them in the suite).

Chapters and solutions must be committed executed, top to bottom in one clean
kernel, without stored errors, and with their worked answers marked for nbval
to compare. A notebook committed unexecuted would make nbval compare nothing.
"""

import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXECUTED = sorted(p for folder in ("chapters", "solutions")
                  for p in (ROOT / folder).rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


def code_cells(path):
    cells = json.loads(path.read_text())["cells"]
    return [c for c in cells if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def test_there_are_notebooks_to_check():
    assert EXECUTED, "no chapter or solution notebooks found"


@pytest.mark.parametrize("path", EXECUTED, ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_executed_in_order_without_errors(path):
    cells = code_cells(path)
    counts = [c["execution_count"] for c in cells]
    assert None not in counts, f"{path.name}: {counts.count(None)} code cells were never run"
    assert counts == list(range(1, len(cells) + 1)), (
        f"{path.name}: execution counts {counts} — run the notebook top to bottom in a "
        "fresh kernel before committing")
    errors = [c for c in cells if any(o["output_type"] == "error" for o in c["outputs"])]
    assert not errors, f"{path.name}: {len(errors)} cells stored an error output"


CHAPTERS = [p for p in EXECUTED if p.is_relative_to(ROOT / "chapters")]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_chapter_keeps_no_times_it_ran_at(path):
    """Run again (tools/execute.py), a chapter changes only the random ids of its widgets
    and players: no cell stores when it ran (nbclient's ``execution`` metadata)."""
    timed = [c.get("id") for c in json.loads(path.read_text())["cells"]
             if "execution" in c.get("metadata", {})]
    assert not timed, f"{path.name}: cells {timed[:5]} store their run times; run " \
        "tools/execute.py (record_timing off)"


def is_checked(cell):
    """True when nbval --nbval-lax compares the cell's output: it has the tag
    ``nbval-check-output`` or (the older form) a ``# NBVAL_CHECK_OUTPUT`` line."""
    tags = cell.get("metadata", {}).get("tags", [])
    lines = [line.strip() for line in "".join(cell["source"]).splitlines()]
    return "nbval-check-output" in tags or "# NBVAL_CHECK_OUTPUT" in lines


@pytest.mark.parametrize("path", [p for p in EXECUTED if p.parent.name == "chapters"],
                         ids=lambda p: p.name)
def test_worked_answers_are_checked_by_nbval(path):
    cells = code_cells(path)
    checked = [c for c in cells if is_checked(c)]
    asserting = [c for c in cells if "assert" in "".join(c["source"])]
    assert checked, (f"{path.name}: no cell is tagged nbval-check-output (or marked "
                     "# NBVAL_CHECK_OUTPUT)")
    assert all(c["outputs"] for c in checked), (
        f"{path.name}: a cell tagged nbval-check-output has no stored output to compare")
    assert asserting, f"{path.name}: no cell asserts that two methods agree"


def test_a_check_tag_is_recognised():
    tagged = {"metadata": {"tags": ["nbval-check-output"]}, "source": ["print(1)"]}
    commented = {"metadata": {}, "source": ["# NBVAL_CHECK_OUTPUT\n", "print(1)"]}
    mentioned = {"metadata": {}, "source": ["print('NBVAL_CHECK_OUTPUT is a marker')"]}
    assert is_checked(tagged) and is_checked(commented) and not is_checked(mentioned)


NOTEBOOKS = sorted(p for folder in ("chapters", "solutions", "exercises")
                   for p in (ROOT / folder).rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_sympy_output_is_typeset_by_mathjax(path):
    """``sp.init_printing()`` alone also renders every result as a PNG through matplotlib
    (importing it at the first result, 0.4 s, in every kernel and every graded submission):
    the notebooks ask for LaTeX only, which the browser typesets with MathJax."""
    cells = code_cells(path)
    calls = [line.strip() for c in cells for line in "".join(c["source"]).splitlines()
             if "init_printing(" in line]
    assert all('use_latex="mathjax"' in line for line in calls), (
        f"{path.name}: {calls} — call sp.init_printing(use_latex=\"mathjax\")")
    doubled = [c for c in cells for o in c.get("outputs", [])
               if {"text/latex", "image/png"} <= set(o.get("data", {}))]
    assert not doubled, (f"{path.name}: {len(doubled)} cells store a sympy result as LaTeX "
                         "and as a PNG: re-run the notebook")


@pytest.mark.parametrize("path", [p for p in EXECUTED if p.parent.name == "chapters"],
                         ids=lambda p: p.name)
def test_figures_show_whatever_backend_the_environment_sets(path):
    """With MPLBACKEND=Agg in the environment (CI images, some hubs) a figure shown with
    plt.show() vanishes from the outputs without a word (issue 41): a chapter that shows
    figures so selects the inline backend itself, in its first code cell."""
    cells = code_cells(path)
    if any("plt.show()" in "".join(c["source"]) for c in cells):
        first = [line.strip() for line in "".join(cells[0]["source"]).splitlines()]
        assert "%matplotlib inline" in first, f"{path.name}: plt.show() without the inline backend"


@pytest.mark.parametrize("path", [p for p in EXECUTED if p.parent.name == "chapters"],
                         ids=lambda p: p.name)
def test_no_wall_clock_time_is_stored(path):
    """A timing stored in an output makes every re-run differ from the stored notebook: time
    belongs to the benchmark (make bench)."""
    sources = "".join("".join(c["source"]) for c in code_cells(path))
    assert "perf_counter" not in sources and "time.time()" not in sources and \
        "%time" not in sources, f"{path.name}: measures wall-clock time"
