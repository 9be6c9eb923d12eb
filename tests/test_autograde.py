"""Autograding a class end to end, as a determined student would try to subvert it.

A temporary course holds real assignments of the course (their instructor
versions and grader modules). Fixture submissions are made from the solutions:
honest ones (right, rewritten, wrong), and attackers whose answers are all wrong
but who try every way to change their grade or another student's — input
transformers, patched checkers, reading and executing ``solutions/``, writing the
gradebook, the library, the configuration or another submission, detached
children, signals, ``os._exit``, an output flood, bypassing a switched-off library
function, an empty and an invalid notebook. ``robocourse-autograde`` grades them
all in one parallel batch; every score must be what a careful human grader would
give, no protected file may change, and nothing an attacker started may outlive
the batch.
"""

import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import sys

import nbformat
import pytest
from nbgrader.api import Gradebook

from robocourse.grading import sandbox

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASSIGNMENT = "ch1_statics"
POINTS = {"ex1": 4, "ex2": 5, "ex3": 3, "ex4": 3, "ex5": 3, "ex6": 3, "ex7": 3, "ex8": 3,
          "ex9": 2}
FULL = dict(POINTS)
NOTHING = dict.fromkeys(POINTS, 0)

pytestmark = pytest.mark.skipif(sandbox.available() is not None,
                                reason=f"no sandbox here: {sandbox.available()}")

# Wrong answers, one per answer cell (the grade id of the solution cell).
WRONG = {
    "ex1_tau_tool": "tau_tool = sp.Matrix([l2 * fy, l2 * fy])",
    "ex2_inward_step": "def inward_step(R, P, f_next, n_next):\n    return f_next, n_next",
    "ex3_tau_3r": "tau_3r = sp.Matrix([0, 0, l3 * f_y])",
    "ex4_tau_base": "tau_base = sp.Matrix([Fx, Fy])",
    "ex5_tau_rp": "tau_rp = sp.Matrix([d2 * Fy, Fx])",
    "ex6_tau_payload": "tau_payload = np.array([1.0, 1.0])",
    "ex7_F_free": "F_free = sp.Matrix([0, 1])",
    "ex8_W_S": "W_S = np.concatenate([F_T, N_T])",
    "ex9_V_T": "V_T = V_S",
}


def _cell(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def replace(grade_id, source):
    def edit(nb, course):
        _cell(nb, grade_id).source = source.format(**_paths(course))
        return nb
    return edit


def append(grade_id, source):
    def edit(nb, course):
        cell = _cell(nb, grade_id)
        cell.source = cell.source + "\n" + source.format(**_paths(course))
        return nb
    return edit


def all_wrong(nb, course):
    for grade_id, source in WRONG.items():
        _cell(nb, grade_id).source = source
    return nb


def _paths(course):
    return {"gradebook": str(course / "grading" / "gradebook.db"),
            "config": str(course / "nbgrader_config.py"),
            "solutions": str(course / "solutions"),
            "library": str(ROOT / "robocourse" / "grading" / "checks.py"),
            "other": str(course / "grading" / "submitted" / "a_honest" / ASSIGNMENT
                         / f"{ASSIGNMENT}.ipynb")}


INPUT_TRANSFORMER = """
def _silence(lines):
    return ["pass\\n"] if any("checks." in line for line in lines) else lines
get_ipython().input_transformers_cleanup.append(_silence)"""

PATCHES = """
import importlib, numpy, sympy
import robocourse.grading.checks as _checks
importlib.reload = lambda module: module
sympy.expand = lambda *args, **kwargs: 0
numpy.all = lambda *args, **kwargs: True
_checks.check_expression = _checks.check_number = lambda *args, **kwargs: None"""

READ_SOLUTIONS = """
import glob
for _path in [{solutions!r} + "/ch1_statics/grader.py",
              {solutions!r} + "/ch1_statics/ch1_statics.ipynb"]:
    try:
        exec(open(_path).read())
        print("READ", _path)
    except OSError as error:
        print("REFUSED", type(error).__name__)
print("FOUND", glob.glob("/tmp/**/solutions", recursive=True)
      + glob.glob("/work/**/solutions", recursive=True) + glob.glob("/tmp/**/gradebook.db",
                                                                   recursive=True))"""

WRITE_FILES = """
import sqlite3
for _target in [{gradebook!r}, {config!r}, {library!r}, {other!r}]:
    try:
        with open(_target, "a") as _file:
            _file.write("\\nraise SystemExit('pwned')\\n")
        print("WROTE", _target)
    except OSError as error:
        print("REFUSED", type(error).__name__)
try:
    _db = sqlite3.connect({gradebook!r})
    _db.execute("update grade set auto_score = 0")
    _db.commit()
    print("WROTE the gradebook")
except Exception as error:
    print("REFUSED", type(error).__name__)"""

DETACHED = """
import os, subprocess
subprocess.Popen(["setsid", "sh", "-c", "sleep 20; echo pwned >> {gradebook}"],
                 start_new_session=True)
if os.fork() == 0:
    os.setsid()
    import time
    time.sleep(20)
    open({gradebook!r}, "a").write("pwned")
    os._exit(0)"""

SIGNALS = """
import os, signal
for _target in (os.getppid(), 1):
    try:
        os.kill(_target, signal.SIGKILL)
    except OSError as error:
        print("REFUSED", error)"""

SAVED_REFERENCE = """import robocourse.frames as _frames
_saved = _frames.force_transform


def inward_step(R, P, f_next, n_next):
    wrench = _saved(R, P) @ np.concatenate([f_next, n_next])
    return wrench[:3], wrench[3:]"""

SAVED_CODE = """import types
import robocourse.frames as _frames
_code = _frames.force_transform.__code__


def inward_step(R, P, f_next, n_next):
    wrench = types.FunctionType(_code, _frames.__dict__)(R, P) @ np.concatenate([f_next, n_next])
    return wrench[:3], wrench[3:]"""

LIBRARY_ROUTE = ("tau_tool = static_forces_by_propagation(planar_2r(), [theta1, theta2], "
                 "[fx, fy, 0, 0, 0, nz], frame='tool').torques")


def _empty(nb, course):
    return nbformat.v4.new_notebook()


INVALID = "this is not a notebook {"

# name: (edits, expected points per exercise). Names sort so that honest students are
# graded before and after the attackers.
SUBMISSIONS = {
    "a_honest": ([], FULL),
    "b_rewritten": ([replace("ex1_tau_tool", "tau_tool = sp.Matrix([l1*sp.sin(theta2)*fx + "
                             "(l2 + l1*sp.cos(theta2))*fy + nz, l2*fy + nz])"),
                     replace("ex7_F_free", "F_free = sp.Matrix([2*sp.cos(theta1/2)**2 - 1, "
                             "2*sp.sin(theta1/2)*sp.cos(theta1/2)])")], FULL),
    "c_wrong": ([all_wrong], NOTHING),
    "d_transformer": ([all_wrong, append("ex1_tau_tool", INPUT_TRANSFORMER)], NOTHING),
    "e_patches": ([all_wrong, append("ex1_tau_tool", PATCHES)], NOTHING),
    "f_solutions": ([all_wrong, append("ex1_tau_tool", READ_SOLUTIONS)], NOTHING),
    "g_writes": ([all_wrong, append("ex1_tau_tool", WRITE_FILES)], NOTHING),
    "h_detached": ([all_wrong, append("ex1_tau_tool", DETACHED)], NOTHING),
    "i_signals": ([all_wrong, append("ex1_tau_tool", SIGNALS)], NOTHING),
    "j_exit": ([append("ex4_tau_base", "import os\nos._exit(0)")],
               {**NOTHING, "ex1": 4, "ex2": 5, "ex3": 3}),
    "k_flood": ([append("ex1_tau_tool", "print('x' * 100_000_000)")], FULL),
    "l_bypass": ([replace("ex2_inward_step", SAVED_REFERENCE),
                  replace("ex1_tau_tool", LIBRARY_ROUTE)], {**FULL, "ex1": 0, "ex2": 0}),
    "m_saved_code": ([replace("ex2_inward_step", SAVED_CODE)], {**FULL, "ex2": 0}),
    "n_empty": ([_empty], NOTHING),
    "o_invalid": (INVALID, NOTHING),
    "z_honest": ([], FULL),
}

FEEDBACK = {  # (student, exercise): words the feedback must contain
    ("d_transformer", "ex1"): "no answer was handed in for exercise 1",
    ("j_exit", "ex4"): "the kernel exited",
    ("j_exit", "ex5"): "not run",
    ("l_bypass", "ex1"): "switched off",
    ("l_bypass", "ex2"): "switched off",
    ("m_saved_code", "ex2"): "cannot be handed to the grader",
    ("c_wrong", "ex1"): "is not right",
}

ENVIRONMENT = {**os.environ,
               "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}


def _run(course, *args, check=True):
    result = subprocess.run(args, cwd=course, capture_output=True, text=True, timeout=900,
                            env=ENVIRONMENT)
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def _fill_in(release, solution):
    """The honest student's copy: every stub replaced by the instructor's answer."""
    answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in solution.cells
               if c.metadata.get("nbgrader", {}).get("solution")}
    for cell in release.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = "\n".join(line for line in answers[grade_id].split("\n")
                                    if line.strip() not in ("### BEGIN SOLUTION",
                                                            "### END SOLUTION"))
    return release


def _digests(paths):
    found = {}
    for top in paths:
        for path in sorted(pathlib.Path(top).rglob("*")) if pathlib.Path(top).is_dir() else \
                [pathlib.Path(top)]:
            if path.is_file() and "__pycache__" not in path.parts:
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _sandbox_processes():
    users = [str(sandbox.FIRST_UID + k) for k in range(8)]
    result = subprocess.run(["ps", "-o", "pid=,comm=", "-u", ",".join(users)],
                            capture_output=True, text=True)
    return result.stdout.strip()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    course = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "solutions" / ASSIGNMENT, course / "solutions" / ASSIGNMENT)
    _run(course, sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT, "--force")
    release = nbformat.read(course / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    solution = nbformat.read(course / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    for student, (edits, _) in SUBMISSIONS.items():
        path = course / "grading" / "submitted" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        path.parent.mkdir(parents=True)
        if isinstance(edits, str):
            path.write_text(edits)
            continue
        notebook = _fill_in(nbformat.from_dict(release), solution)
        for cell in notebook.cells:
            if cell.cell_type == "code" and cell.source.startswith("STUDENT_ID"):
                cell.source = f'STUDENT_ID = "{student}"'
        for edit in edits:
            notebook = edit(notebook, course)
        nbformat.write(notebook, path)
    protected = [course / "solutions", course / "nbgrader_config.py", ROOT / "robocourse",
                 course / "grading" / "submitted"]
    before = _digests(protected)
    result = _run(course, sys.executable, "-m", "robocourse.grading.autograde", ASSIGNMENT,
                  "--create", "--no-progress", check=False)
    return course, before, _digests(protected), result


def _scores(course, student):
    with Gradebook(f"sqlite:///{course / 'grading' / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student)
        return {grade.name.split("_")[0]: grade.auto_score for grade in notebook.grades}


@pytest.mark.parametrize("student", SUBMISSIONS)
def test_each_submission_gets_the_points_a_careful_grader_would_give(graded, student):
    course, _, _, _ = graded
    expected = {k: float(v) for k, v in SUBMISSIONS[student][1].items()}
    assert _scores(course, student) == expected


def _feedback(course, student, exercise):
    path = course / "grading" / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id", "").startswith(exercise + "_") \
                and cell.metadata["nbgrader"].get("grade"):
            return "\n".join(o.get("evalue", "") + o.get("text", "") for o in cell.outputs)
    raise KeyError(exercise)


@pytest.mark.parametrize("student, exercise", FEEDBACK)
def test_the_feedback_names_what_happened(graded, student, exercise):
    course = graded[0]
    assert FEEDBACK[student, exercise] in _feedback(course, student, exercise)


def test_no_protected_file_changed(graded):
    _, before, after, _ = graded
    assert after == before


def test_the_attackers_saw_and_wrote_nothing(graded):
    course = graded[0]

    def outputs(student):
        path = course / "grading" / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        return "\n".join(o.get("text", "") for c in nbformat.read(path, as_version=4).cells
                         for o in c.get("outputs", []))

    assert "READ" not in outputs("f_solutions") and "REFUSED" in outputs("f_solutions")
    assert "FOUND []" in outputs("f_solutions")
    assert "WROTE" not in outputs("g_writes") and outputs("g_writes").count("REFUSED") == 5


def test_the_batch_finished_and_names_the_unreadable_submission(graded):
    _, _, _, result = graded
    assert result.returncode == 1                        # one submission could not be read
    assert "o_invalid: could not be read" in result.stderr
    assert "n_empty: could not be read" in result.stderr
    assert re.search(r"graded: 14\b", result.stderr), result.stderr


def test_the_flood_was_cut_with_a_note(graded):
    course = graded[0]
    path = course / "grading" / "autograded" / "k_flood" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    cell = _cell(nbformat.read(path, as_version=4), "ex1_tau_tool")
    text = "".join(o.get("text", "") for o in cell.outputs)
    assert "[output cut:" in text and len(text) < 2_000_000


def test_nothing_an_attacker_started_is_left(graded):
    assert _sandbox_processes() == ""


def test_the_class_report_counts_each_mistake(graded):
    course = graded[0]
    table = (course / "grading" / "reports" / f"{ASSIGNMENT}.csv").read_text()
    assert "1,passed," in table and "1,no-answer," in table and "1,library-route,1" in table
    assert (course / "grading" / "reports" / f"{ASSIGNMENT}.png").stat().st_size > 1000
