"""A grading environment that cannot import the course stops before any student is graded.

The class's sandboxed kernels here run a Python that cannot import ``robocourse`` (a
kernel of the course's configuration whose ``import robocourse`` fails, as in a sandbox
whose view lacks the library). Before, every submission scored zero and the command
succeeded; now ``robocourse-autograde`` and plain ``nbgrader autograde`` grade the
solution first (the canary), find that it does not get full marks, say why, and grade
no one.
"""

import json
import os
import shutil
import sys

import nbformat
import pytest
from nbgrader.api import Gradebook
from test_autograde import ENVIRONMENT, ROOT, _fill_in, _run
from test_sandbox import needs_sandbox

ASSIGNMENT = "ch1_statics"

#: A kernel whose Python cannot import the course.
NO_COURSE = ("import sys; sys.modules['robocourse'] = None; "
             "from ipykernel import kernelapp; kernelapp.launch_new_instance()")


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """A course of chapter 1 with one honest submission, whose kernels cannot import the
    course: ``(course folder, environment)``."""
    course = tmp_path_factory.mktemp("canary-course")
    spec = course / "kernels" / "no-course"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-c", NO_COURSE, "-f", "{connection_file}"],
        "display_name": "Python without the course", "language": "python"}))
    shutil.copy(ROOT / "nbgrader_config.py", course)
    with open(course / "nbgrader_config.py", "a") as config:
        config.write('\nc.SandboxedExecute.kernel_name = "no-course"\n')
    shutil.copytree(ROOT / "solutions" / ASSIGNMENT, course / "solutions" / ASSIGNMENT)
    environment = {**ENVIRONMENT, "JUPYTER_PATH": str(course)}
    _run(course, sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT, "--force")
    release = nbformat.read(course / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    solution = nbformat.read(course / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    target = course / "grading" / "submitted" / "s_honest" / ASSIGNMENT
    target.mkdir(parents=True)
    nbformat.write(_fill_in(release, solution), target / f"{ASSIGNMENT}.ipynb")
    return course, environment


def _graded(course):
    """The students with an autograded notebook, and with any score in the gradebook."""
    folder = course / "grading" / "autograded"
    notebooks = sorted(p.parent.parent.name for p in folder.glob(f"*/{ASSIGNMENT}/*.ipynb"))
    with Gradebook(f"sqlite:///{course / 'grading' / 'gradebook.db'}") as gradebook:
        scored = sorted(s.student.id for s in gradebook.assignment_submissions(ASSIGNMENT)
                        if any(g.auto_score is not None for n in s.notebooks for g in n.grades))
    return notebooks, scored


def _autograde(course, environment, *command):
    import subprocess

    shutil.rmtree(course / "grading" / "autograded", ignore_errors=True)
    return subprocess.run([sys.executable, "-m", *command, ASSIGNMENT, "--create"], cwd=course,
                          capture_output=True, text=True, timeout=900, env=environment)


@needs_sandbox
def test_robocourse_autograde_stops_before_grading_anyone_and_says_why(course):
    folder, environment = course
    result = _autograde(folder, environment, "robocourse_grader.autograde", "--no-progress")
    assert result.returncode == 1
    assert "the solution of ch1_statics, graded first as a check of the grading environment, " \
           "does not get full marks, so no submission is graded" in result.stderr
    assert "robocourse" in result.stderr.split("no submission is graded:", 1)[1].split("\n")[0]
    assert _graded(folder) == ([], [])


@needs_sandbox
def test_plain_nbgrader_autograde_stops_too(course):
    folder, environment = course
    result = _autograde(folder, environment, "nbgrader", "autograde")
    assert result.returncode != 0
    assert "does not get full marks, so no submission is graded" in result.stderr
    assert _graded(folder) == ([], [])
    assert os.path.isdir(folder / "grading" / "submitted" / "s_honest")
