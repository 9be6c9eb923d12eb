"""The student's path through a released notebook: Run All reaches every exercise, and each
test cell shows one short verdict — never a library traceback or a chained exception.

Chapter 1's released notebook, as a student has it early on — every answer still the
stub but exercise 2's function, which raises, and exercise 9's answer, which is right —
is run as JupyterLab's Run All runs it (nbclient: a cell that raises stops the run
unless it is tagged ``raises-exception``), and nbgrader's Validate (its Python API) is
asked about it. In-process: a function that raises, and the message of a visible test
that checks only the form of the answer (a multiple choice).
"""

import pathlib
import re

import nbformat
import pytest
from nbclient import NotebookClient
from nbgrader.validator import Validator
from test_autograde import RAISING_FUNCTION, _cell

from robocourse.exercises import ch1_statics, ch6_puma560
from robocourse.grading.exercises import NEXT_STEP, NotPassed

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASSIGNMENT = "ch1_statics"

#: Chapter 1's exercise 2 raising in its own code (at line 2 of the function).
RAISING = RAISING_FUNCTION.replace("outward_step(T, omega, v, thetadot)",
                                   "inward_step(R, P, f_next, n_next)").replace("omega", "f_next")


@pytest.fixture(scope="module")
def run_all(tmp_path_factory):
    """``(the notebook run as Run All runs it, nbgrader's Validate on it)``."""
    notebook = nbformat.read(ROOT / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    solution = nbformat.read(ROOT / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    for cell in notebook.cells:
        if cell.cell_type == "code" and cell.source.startswith("STUDENT_ID"):
            cell.source = 'STUDENT_ID = "s1234567"'
    _cell(notebook, "ex2_inward_step").source = RAISING
    _cell(notebook, "ex9_V_T").source = _cell(solution, "ex9_V_T").source
    # a failing visible test does not stop Run All by itself (a front end that ignores the
    # tag goes on too): exercise 2's test cell, whose answer is there, without its tag
    _cell(notebook, "ex2_inward_step_test").metadata.tags.remove("raises-exception")
    folder = tmp_path_factory.mktemp("student")
    path = folder / f"{ASSIGNMENT}.ipynb"
    nbformat.write(notebook, path)
    executed = NotebookClient(notebook, timeout=300, kernel_name="python3",
                              resources={"metadata": {"path": str(folder)}}).execute()
    return executed, Validator().validate(str(path))


def _verdicts(notebook):
    """``{exercise: the test cell's error outputs}``, for every test cell that ran."""
    return {int(re.search(r"exercise_(\d+)", cell.source).group(1)):
            [output for output in cell.outputs if output.output_type == "error"]
            for cell in notebook.cells if cell.cell_type == "code" and cell.execution_count
            and cell.metadata.get("nbgrader", {}).get("grade")}


def test_run_all_reaches_every_test_cell_and_each_failing_one_shows_one_short_verdict(run_all):
    verdicts = _verdicts(run_all[0])
    assert sorted(verdicts) == list(range(1, 10))
    assert [n for n, errors in verdicts.items() if errors] == list(range(1, 9))
    for number, errors in verdicts.items():
        for error in errors:
            verdict, = error.traceback
            assert verdict.startswith(f"Exercise {number}: ") and "\n" not in verdict, verdict
            assert len(verdict) < 400 and "Traceback" not in verdict, verdict
            assert "During handling" not in verdict and "site-packages" not in verdict


def test_the_verdicts_say_what_is_wrong_and_what_comes_next(run_all):
    executed = run_all[0]
    said = {number: errors[0].traceback[0] if errors else "" for number, errors
            in _verdicts(executed).items()}
    assert said[1] == ("Exercise 1: tau_tool is not defined: its answer cell above raised an "
                       "error (is it still the stub?), was not run, or assigns another name. Make "
                       "that cell assign tau_tool and run without an error, then run this one "
                       "again.")
    assert "raised ZeroDivisionError at line 2 of inward_step: division by zero" in said[2]
    passed = "".join(o.get("text", "") for o in _cell(executed, "ex9_V_T_test").outputs)
    assert passed == f"Exercise 9: the visible tests passed. {NEXT_STEP}\n"


def test_nbgraders_validate_reports_the_failing_test_cells(run_all):
    failed = [int(re.search(r"exercise_(\d+)", cell["source"]).group(1))
              for cell in run_all[1].get("failed", [])]
    assert failed == list(range(1, 9)), run_all[1]


# --- in-process: the messages -----------------------------------------------------------------

def test_a_visible_test_on_a_raising_function_is_one_verdict_without_its_chain():
    def inward_step(R, P, f_next, n_next):
        raise NotImplementedError()

    with pytest.raises(NotPassed) as raised:
        ch1_statics.exercise_2(inward_step)
    assert raised.value.__cause__ is None and raised.value.__suppress_context__
    assert raised.value._render_traceback_() == [str(raised.value)]
    assert re.fullmatch(r"Exercise 2: inward_step\(.*\) raised NotImplementedError at line 2 "
                        r"of inward_step: is the answer cell still the stub\?",
                        str(raised.value)), str(raised.value)


def test_a_multiple_choice_says_its_visible_test_checked_the_form_only(capsys):
    ch6_puma560.exercise_2(3)
    said = capsys.readouterr().out
    assert said.startswith("Exercise 2: the answer has the right form (row is one of 1, 2, 3, "
                           "4, 5, 6, 7, 8). The visible test checks only the form, not whether "
                           "the answer is right."), said
    assert NEXT_STEP in said
