"""Grading end to end: an answer that reaches a forbidden result by another route — a public
function equal to the forbidden one, or the private helpers that the forbidden one wraps —
scores 0 with feedback that names the concept to derive, while honest solutions keep full
marks (issue 35).

One small class of chapters 1 and 5 is autograded in one batch by ``robocourse-autograde``,
in the sandbox, as an instructor would: an honest student (the solution) and two who take
the routes of the issue and their likes.
"""

import os
import pathlib
import shutil
import subprocess
import sys

import nbformat
import pytest
from nbgrader.api import Gradebook

from robocourse_grader import sandbox
from tests.test_autograde import _fill_in

ROOT = pathlib.Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sandbox.available() is not None,
                                reason=f"no sandbox here: {sandbox.available()}")

# The inward step by the velocity transform, transposed: equal to the force transform.
TRANSPOSED_VELOCITY = """
def inward_step(R, P, f_next, n_next):
    wrench = velocity_transform(np.asarray(R, dtype=float), np.asarray(P, dtype=float)).T \\
        @ np.concatenate([f_next, n_next])
    return wrench[:3], wrench[3:]
"""
# The same through the adjoint of the 4x4 transform (its inverse transpose).
ADJOINT = """
from robocourse.frames import adjoint, transform
def inward_step(R, P, f_next, n_next):
    wrench = np.linalg.inv(adjoint(transform(np.asarray(R, dtype=float),
                                             np.asarray(P, dtype=float)))).T \\
        @ np.concatenate([f_next, n_next])
    return wrench[:3], wrench[3:]
"""
# The cubic through the helpers that cubic and cubic_coefficients wrap.
PRIVATE_CUBIC = """
from robocourse import trajectories as _t
def cubic_position(theta0, thetaf, tf, t):
    return _t._cubic(_t._coefficients(theta0, thetaf, tf), t)[0]
"""
PRIVATE_COEFFICIENTS = ("from robocourse import trajectories as _t\n"
                        "coeffs = sp.Matrix(_t._coefficients(theta_0, theta_f, t_f))")
# The cubic as a trajectory object (synchronised builds one).
TRAJECTORY_OBJECT = """
from robocourse.trajectories import JointTrajectory
def cubic_position(theta0, thetaf, tf, t):
    return JointTrajectory([theta0], [thetaf], [tf]).at(t)[0][..., 0]
"""
TRAJECTORY_HALF = ("from robocourse.trajectories import JointTrajectory\n"
                   "change = np.radians(qf_deg - q0_deg)\n"
                   "qd_half = JointTrajectory(np.radians(q0_deg), np.radians(qf_deg), "
                   "[t_sync, t_sync]).at(t_sync / 2)[1]")

FORCE = "derive the force transform yourself"
VELOCITY = "derive the velocity transform yourself"
CUBIC = "derive the cubic trajectory yourself"
# assignment -> student -> ({answer cell: source}, {test cell: words of its feedback})
CLASS = {
    "ch1_statics": {
        "r_public": ({"ex2_inward_step": TRANSPOSED_VELOCITY,
                      "ex8_W_S": "W_S = velocity_transform(S_R_T, S_P_T).T @ W_T",
                      "ex9_V_T": "V_T = force_transform(S_R_T, S_P_T).T @ V_S"},
                     {"ex2_inward_step": FORCE, "ex8_W_S": FORCE, "ex9_V_T": VELOCITY}),
        "s_adjoint": ({"ex2_inward_step": ADJOINT,
                       "ex8_W_S": "from robocourse.frames import adjoint, transform\n"
                                  "W_S = np.linalg.inv(adjoint(transform(S_R_T, S_P_T))).T @ W_T",
                       "ex9_V_T": "from robocourse.frames import adjoint, transform\n"
                                  "V_T = np.linalg.solve(adjoint(transform(S_R_T, S_P_T)), V_S)"},
                      {"ex2_inward_step": FORCE, "ex8_W_S": FORCE, "ex9_V_T": VELOCITY}),
    },
    "ch5_trajectories_control": {
        "r_public": ({"ex3_cubic_position": TRAJECTORY_OBJECT, "ex4_qd_half": TRAJECTORY_HALF},
                     {"ex3_cubic_position": CUBIC, "ex4_qd_half": CUBIC}),
        "s_private": ({"ex1_coeffs": PRIVATE_COEFFICIENTS,
                       "ex3_cubic_position": PRIVATE_CUBIC},
                      {"ex1_coeffs": CUBIC, "ex3_cubic_position": CUBIC}),
    },
}
STUDENTS = [(assignment, student) for assignment, students in CLASS.items()
            for student in ("a_honest", *students)]
ENVIRONMENT = {**os.environ,
               "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}


def _filled(release, solution, student, answers):
    """The release with the instructor's answers, and ``answers`` in place of some."""
    notebook = _fill_in(release, solution)
    for cell in notebook.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = answers[grade_id]
        elif cell.cell_type == "code" and cell.source.startswith("STUDENT_ID"):
            cell.source = f'STUDENT_ID = "{student}"'
    return notebook


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """The class, autograded in one batch."""
    course = tmp_path_factory.mktemp("routes-course")
    shutil.copy(ROOT / "nbgrader_config.py", course)

    def run(*args):
        return subprocess.run([sys.executable, "-m", *args], cwd=course, capture_output=True,
                              text=True, timeout=1500, env=ENVIRONMENT)

    for assignment in CLASS:
        shutil.copytree(ROOT / "solutions" / assignment, course / "solutions" / assignment)
    assert run("nbgrader", "generate_assignment", "*", "--force").returncode == 0
    for assignment, students in CLASS.items():
        release = course / "exercises" / assignment / f"{assignment}.ipynb"
        solution = nbformat.read(course / "solutions" / assignment / f"{assignment}.ipynb", 4)
        for student in ("a_honest", *students):
            answers = students.get(student, ({}, {}))[0]
            path = course / "grading" / "submitted" / student / assignment / release.name
            path.parent.mkdir(parents=True)
            nbformat.write(_filled(nbformat.read(release, 4), solution, student, answers), path)
    # without the canary (the solution graded first): "a_honest" is that grading, and
    # tests/test_autograde.py runs the canary
    result = run("robocourse_grader.autograde", "*", "--create", "--no-progress",
                 "--ParallelAutograde.canary=False")
    assert result.returncode == 0, result.stderr[-3000:]
    return course


def _scores(course, assignment, student):
    with Gradebook(f"sqlite:///{course / 'grading' / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(assignment, assignment, student)
        return {grade.name.removesuffix("_test"): (grade.auto_score, grade.max_score)
                for grade in notebook.grades}


def _feedback(course, assignment, student, test_cell):
    path = course / "grading" / "autograded" / student / assignment / f"{assignment}.ipynb"
    for cell in nbformat.read(path, 4).cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == f"{test_cell}_test":
            return "\n".join(o.get("evalue", "") + o.get("text", "") for o in cell.outputs)
    raise KeyError(test_cell)


@pytest.mark.parametrize("assignment, student", STUDENTS)
def test_a_route_to_a_forbidden_result_scores_zero_and_honest_work_full_marks(
        course, assignment, student):
    feedback = CLASS[assignment].get(student, ({}, {}))[1]
    scores = _scores(course, assignment, student)
    assert set(feedback) <= set(scores)
    for cell, (score, most) in scores.items():
        assert score == (0 if cell in feedback else most), (cell, score, most)
    for cell, words in feedback.items():
        text = _feedback(course, assignment, student, cell)
        assert "switched off" in text and words in text, text
