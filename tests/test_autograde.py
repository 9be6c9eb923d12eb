"""Autograding end to end: a temporary course, one small assignment, and fixture
submissions that each try something a real class does — right answers written
differently, a sign error, a missing Coriolis term, an infinite loop, a cell that
raises, a tampered or deleted test cell, and checkers rebound to "always pass".

nbgrader runs every submission in a fresh kernel (``nbgrader autograde``); the
gradebook then holds the points of each test cell, which must be what a careful
human grader would give.
"""

import hashlib
import os
import pathlib
import shutil
import subprocess
import sys

import nbformat
import pytest
from nbgrader.api import Gradebook

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASSIGNMENT = "fixture"
TIMEOUT = 15     # seconds per cell: the infinite loop is interrupted after this

SETUP = """\
import numpy as np
import sympy as sp
from robocourse.frames import skew
from robocourse.kinematics import joint_rates
from robocourse.models import planar_2r, rp_arm
from robocourse.robot import joint_symbols

arm = rp_arm()
(theta1, d2), (thetadot1, ddot2), (thetaddot1, dddot2) = joint_symbols(arm)
m1, m2, l1, g, Izz1, Izz2 = sp.symbols("m1 m2 l1 g Izz1 Izz2")"""

TAU1 = ("tau1 = ((m1*l1**2 + Izz1 + Izz2 + m2*d2**2)*thetaddot1 + 2*m2*d2*ddot2*thetadot1"
        " + (m1*l1 + m2*d2)*g*sp.cos(theta1))")
RATES = "rates = np.array([0.0, -2.0])"
SKEW = ("def my_skew(v):\n    x, y, z = v\n"
        "    return sp.Matrix([[0, -z, y], [z, 0, -x], [-y, x, 0]])")

CHECKERS = """\
import importlib
import robocourse.grading
grading = importlib.reload(robocourse.grading)
"""
TESTS = {
    "tau1_test": (3, CHECKERS + "from robocourse.newton_euler import inverse_dynamics\n"
                  "grading.check_expression(tau1, inverse_dynamics(arm, [theta1, d2], "
                  "[thetadot1, ddot2], [thetaddot1, dddot2])[0], 'tau1')"),
    "rates_test": (2, CHECKERS + "expected = joint_rates(planar_2r(l1=0.5, l2=0.5), "
                   "np.radians([30, 60]), [1.0, 0.0], rows=(0, 1))\n"
                   "grading.check_number(rates, expected, 'rates', unit='rad/s')"),
    "skew_test": (2, CHECKERS + "with grading.disabled(skew):\n"
                  "    result = grading.check_call(my_skew, [1, 2, 3])\n"
                  "grading.check_expression(sp.Matrix(result), sp.Matrix([[0, -3, 2], "
                  "[3, 0, -1], [-2, 1, 0]]), 'my_skew([1, 2, 3])')"),
}
ANSWERS = {"tau1": TAU1, "rates": RATES, "skew": SKEW}


def _meta(grade_id, solution=False, grade=False, points=None, locked=False):
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3,
            "solution": solution, "task": False}
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def source_notebook():
    """The instructor version: setup, then three answer cells each with a test cell."""
    cells = [nbformat.v4.new_markdown_cell("# Fixture assignment", metadata=_meta(
                 "intro", locked=True)),
             nbformat.v4.new_code_cell(SETUP, metadata=_meta("setup", locked=True))]
    for name, test in zip(ANSWERS, TESTS, strict=True):
        answer = f"### BEGIN SOLUTION\n{ANSWERS[name]}\n### END SOLUTION"
        cells.append(nbformat.v4.new_code_cell(answer, metadata=_meta(name, solution=True)))
        points, code = TESTS[test]
        cells.append(nbformat.v4.new_code_cell(code, metadata=_meta(
            test, grade=True, points=points, locked=True)))
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    return notebook


def answer(name, text):
    return lambda nb: _replace_cell(nb, name, text)


def _replace_cell(nb, grade_id, text):
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            cell.source = text
            return nb
    raise KeyError(grade_id)


def _delete_cell(nb, grade_id):
    nb.cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") != grade_id]
    return nb


SIGN_ERROR = TAU1.replace("*g*sp.cos(theta1)", "*g*sp.cos(theta1)*(-1)")
# name: (edits applied to the student's copy, expected points per test cell)
SUBMISSIONS = {
    "right": ([], {"tau1_test": 3, "rates_test": 2, "skew_test": 2}),
    "rewritten": ([answer("tau1", "tau1 = sp.expand(" + TAU1.split(" = ", 1)[1]
                          .replace("sp.cos(theta1)", "sp.sin(theta1 + sp.pi/2)") + ")"),
                   answer("rates", "rates = [0, -2]")],
                  {"tau1_test": 3, "rates_test": 2, "skew_test": 2}),
    "sign_error": ([answer("tau1", SIGN_ERROR)],
                   {"tau1_test": 0, "rates_test": 2, "skew_test": 2}),
    "no_coriolis": ([answer("tau1", TAU1.replace(" + 2*m2*d2*ddot2*thetadot1", ""))],
                    {"tau1_test": 0, "rates_test": 2, "skew_test": 2}),
    "infinite_loop": ([answer("rates", "while True:\n    pass")],
                      {"tau1_test": 3, "rates_test": 0, "skew_test": 2}),
    "raises": ([answer("skew", "def my_skew(v):\n    return skew(v)  # the library: refused")],
               {"tau1_test": 3, "rates_test": 2, "skew_test": 0}),
    "tampered": ([answer("tau1", SIGN_ERROR), answer("tau1_test", "pass")],
                 {"tau1_test": 0, "rates_test": 2, "skew_test": 2}),
    "deleted": ([answer("tau1", SIGN_ERROR), lambda nb: _delete_cell(nb, "tau1_test")],
                {"tau1_test": 0, "rates_test": 2, "skew_test": 2}),
    "rebinds": ([answer("tau1", SIGN_ERROR + "\nimport robocourse.grading, robocourse.equivalence"
                        "\nrobocourse.grading.check_expression = lambda *a, **k: None"
                        "\nrobocourse.equivalence.identical = lambda a, b: True")],
                {"tau1_test": 0, "rates_test": 2, "skew_test": 2}),
}
FEEDBACK = {"sign_error": "the gravity term has the wrong sign",
            "no_coriolis": "Coriolis term in",
            "raises": "my_skew raised AssertionError",
            "infinite_loop": "CellTimeoutError"}


# nbgrader runs the `alembic` script of its environment: put that environment first on PATH.
ENVIRONMENT = {**os.environ,
               "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}


def nbgrader(course, *args):
    result = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course,
                            capture_output=True, text=True, timeout=900, env=ENVIRONMENT)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def _fill_in(release, solution):
    """The student's copy: the released notebook with every stub replaced by the answer."""
    answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in solution.cells
               if c.metadata.get("nbgrader", {}).get("solution")}
    for cell in release.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = answers[grade_id].replace("### BEGIN SOLUTION\n", "").replace(
                "\n### END SOLUTION", "")
    return release


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    os.environ["PATH"] = ENVIRONMENT["PATH"]     # the Gradebook below runs alembic too
    course = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    (course / "grading").mkdir()
    source = course / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    source.parent.mkdir(parents=True)
    nbformat.write(source_notebook(), source)
    nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    release = course / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    digests = {}
    for student, (edits, _) in SUBMISSIONS.items():
        notebook = _fill_in(nbformat.read(release, as_version=4), source_notebook())
        for edit in edits:
            notebook = edit(notebook)
        path = course / "grading" / "submitted" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        path.parent.mkdir(parents=True)
        nbformat.write(notebook, path)
        digests[path] = _digest(path)
    nbgrader(course, "autograde", ASSIGNMENT, "--create", "--force",
             f"--Execute.timeout={TIMEOUT}", "--OverwriteCells.add_missing_cells=True")
    return course, digests


@pytest.mark.parametrize("student", SUBMISSIONS)
def test_each_submission_gets_the_points_a_careful_grader_would_give(graded, student):
    course, _ = graded
    expected = SUBMISSIONS[student][1]
    with Gradebook(f"sqlite:///{course / 'grading' / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student)
        scores = {grade.name: grade.auto_score for grade in notebook.grades}
    assert scores == expected


@pytest.mark.parametrize("student", FEEDBACK)
def test_the_feedback_names_the_mistake(graded, student):
    course, _ = graded
    path = course / "grading" / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    outputs = [output for cell in nbformat.read(path, as_version=4).cells
               for output in cell.get("outputs", [])]
    text = "\n".join(output.get("evalue", "") + "".join(output.get("traceback", []))
                     for output in outputs if output.output_type == "error")
    assert FEEDBACK[student] in text


def test_wrong_answers_are_not_revealed_in_the_feedback(graded):
    course, _ = graded
    path = course / "grading" / "autograded" / "sign_error" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    errors = [o for c in nbformat.read(path, as_version=4).cells for o in c.get("outputs", [])
              if o.output_type == "error"]
    assert errors and all("Izz1" not in o.evalue for o in errors)


def test_grading_leaves_every_submission_file_untouched(graded):
    _, digests = graded
    assert {path: _digest(path) for path in digests} == digests
