"""Autograding a class end to end, as a determined student would try to subvert it.

Two temporary courses hold real assignments of the course, chapters 0 and 1 (their instructor
versions and grader modules). Fixture submissions are made from the solutions:
honest ones (right, rewritten, wrong), and attackers whose answers are all wrong
but who try every way to change their grade or another student's — input
transformers, patched checkers, reading and executing ``solutions/``, writing the
gradebook, the library, the configuration or another submission, detached
children, signals, ``os._exit``, an output flood, bypassing a switched-off library
function, an empty and an invalid notebook — and students whose honest answers sit
beside one that fails: every kind of malformed hand-over, one that is slow or huge to
rebuild, a function whose result is too large, the stubs, a function that raises (and,
in chapter 0, a bug of the grader's for one student). ``robocourse-autograde`` grades
them all in one parallel batch, after the solution; every score must be what a careful
human grader would give — a failure costs only its own cell —, the summary must say
whose fault each failure is, no protected file may change, and nothing an attacker
started may outlive the batch.
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

from robocourse_grader import sandbox

ROOT = pathlib.Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sandbox.available() is not None,
                                reason=f"no sandbox here: {sandbox.available()}")

# Wrong answers, one per answer cell (the grade id of the solution cell), per assignment.
WRONG_CH1 = {
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
WRONG_CH0 = {
    "ex1_answer": "pose_3r = sp.Matrix([l1, l2, theta1])",
    "ex2_answer": "def dh(alpha, a, theta, d):\n    return sp.eye(4)",
    "ex3_answer": "def ik_2r(x, y, l1, l2):\n    return (0.0, 0.0), (0.0, 0.0)",
    "ex4_answer": "J0_3r = sp.zeros(3, 3)",
    "ex5_answer": "J4_3r = sp.eye(3)",
    "ex6_answer": "def outward_step(T, omega, v, thetadot):\n    return omega, v",
    "ex7_answer": "det_J0_3r = l1 * l2\nsingular_theta2 = [1.0]",
    "ex8_answer": "qdot = np.zeros(3)",
}


def _cell(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def replace(grade_id, source):
    def edit(nb, paths):
        _cell(nb, grade_id).source = source.format(**paths)
        return nb
    return edit


def append(grade_id, source):
    def edit(nb, paths):
        cell = _cell(nb, grade_id)
        cell.source = cell.source + "\n" + source.format(**paths)
        return nb
    return edit


def all_wrong(wrong):
    def edit(nb, paths):
        for grade_id, source in wrong.items():
            _cell(nb, grade_id).source = source
        return nb
    return edit


def _paths(course, assignment):
    """What the attacks aim at, for ``str.format`` in their code."""
    return {"gradebook": str(course / "grading" / "gradebook.db"),
            "config": str(course / "nbgrader_config.py"),
            "solutions": str(course / "solutions"),
            "assignment": assignment, "marker": _marker(course),
            "library": str(ROOT / "robocourse" / "grading" / "checks.py"),
            "other": str(course / "grading" / "submitted" / "a_honest" / assignment
                         / f"{assignment}.ipynb")}


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
for _path in [{solutions!r} + "/{assignment}/grader.py",
              {solutions!r} + "/{assignment}/{assignment}.ipynb"]:
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

# The children sleep for 20.<marker> s: the marker (unique to the course) finds them
# among every process of the machine afterwards, whatever else runs sandboxed meanwhile.
DETACHED = """
import os, subprocess
subprocess.Popen(["setsid", "sh", "-c", "sleep 20.{marker}; echo pwned >> {gradebook}"],
                 start_new_session=True)
if os.fork() == 0:
    os.setsid()
    os.execvp("sh", ["sh", "-c", "sleep 20.{marker}; echo pwned >> {gradebook}"])"""

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

SAVED_DH_REFERENCE = """import robocourse.frames as _frames
_saved = _frames.dh_transform


def dh(alpha, a, theta, d):
    return _saved(alpha, a, theta, d)"""

SAVED_DH_CODE = """import types
import robocourse.frames as _frames
_code = _frames.dh_transform.__code__


def dh(alpha, a, theta, d):
    return types.FunctionType(_code, _frames.__dict__)(alpha, a, theta, d)"""

LIBRARY_ROUTE = ("tau_tool = static_forces_by_propagation(planar_2r(), [theta1, theta2], "
                 "[fx, fy, 0, 0, 0, nz], frame='tool').torques")

# A student's kernel can hand over anything: these replace the test cells' calls by ones that
# hand over crafted data (written with dict(...), as the sources go through str.format).
HANDING_OVER = """
from IPython.display import display as _display
import robocourse.grading.handover as _handover


def _handing_over(payload):
    def hand_over(*answers):
        _display(dict([(_handover.MIME_TYPE, payload), ("text/plain", "handed in")]), raw=True)
    return hand_over


def _exercise(number, answers):
    return dict(assignment="{assignment}", exercise=number, answers=answers)
"""

#: Every kind of malformed hand-over: the payload a list where a mapping is expected (the
#: audit's case), the answers a list, an entry a list, a node of the wrong arity, an unknown
#: kind of value, an entry with both a value and a non-text error.
MALFORMED = HANDING_OVER + """
checks.exercise_1 = _handing_over(["tau_tool", "a list where a mapping is expected"])
checks.exercise_3 = _handing_over(_exercise(3, [["tau_3r", dict(value=None)]]))
checks.exercise_4 = _handing_over(_exercise(4, dict(tau_base=["value", dict(int="1")])))
checks.exercise_5 = _handing_over(_exercise(5, dict(tau_rp=dict(value=dict(
    sympy=["Pow", [["Symbol", "x", dict()]]])))))
checks.exercise_6 = _handing_over(_exercise(6, dict(tau_payload=dict(value=dict(pickle="gAS")))))
checks.exercise_7 = _handing_over(_exercise(7, dict(F_free=dict(value=None, error=7))))
"""

#: Hand-overs within the size limits that sympy expands as it rebuilds them: the modulus of
#: a complex sum of n real symbols (n² terms). With 3000 symbols its memory grows fast; with
#: 400 it takes from ten seconds to a minute, but exercise 3 is derived by hand: it is graded
#: as the replay recomputes it from the answer cells, and that hand-over is never rebuilt.
SLOW_AND_LARGE = HANDING_OVER + """


def _modulus(n):
    terms = [["Symbol", "x%d" % i, dict(real=True)] for i in range(n)]
    terms = [t if i % 2 else ["Mul", [["Constant", "I"], t]] for i, t in enumerate(terms)]
    return ["Function", "Abs", [["Add", terms]]]


checks.exercise_3 = _handing_over(_exercise(3, dict(tau_3r=dict(value=dict(
    sympy=["Matrix", 3, 1, [_modulus(400), ["Integer", "0"], ["Integer", "0"]]])))))
checks.exercise_7 = _handing_over(_exercise(7, dict(F_free=dict(value=dict(
    sympy=["Matrix", 2, 1, [_modulus(3000), ["Integer", "0"]]])))))
"""

#: A function whose result is larger than what may come back (300 000 parts).
HUGE_RESULT = """def inward_step(R, P, f_next, n_next):
    return np.zeros(300_001), np.zeros(3)"""

#: The release's stub of exercise 2, untouched.
STUB_FUNCTION = '''def inward_step(R, P, f_next, n_next):
    """The force and moment on link i from link i-1, in {{i}}, that balance the load of link i+1."""
    # YOUR CODE HERE
    raise NotImplementedError()'''

STUB = "# YOUR CODE HERE\nraise NotImplementedError()"

RAISING_FUNCTION = """def outward_step(T, omega, v, thetadot):
    scale = len(omega) / 0
    return omega, v"""

#: A bug in the grader, for one student: exercise 8's hidden tests raise (appended to the
#: grader module of chapter 0's class).
GRADER_BUG = """

_hidden_8 = exercises.exercises[8].hidden


def _buggy_hidden_8(context, **answers):
    if context.student == "y_faults":
        raise RuntimeError("a bug in the grader")
    return _hidden_8(**answers, context=context)


exercises.exercises[8].hidden = _buggy_hidden_8
"""

#: Each test cell's deadline and memory budget in these classes (the default is a minute
#: and 1 GB): the slow hand-over is stopped sooner, the huge result runs out of memory.
LIMITS = """
c.DecideTestCells.check_seconds = 30
c.DecideTestCells.check_memory_bytes = 64 << 20
"""


def _empty(nb, paths):
    return nbformat.v4.new_notebook()


INVALID = "this is not a notebook {"


def _class(points, wrong, first, exit_after, own, feedback):
    """The fixture class of one assignment: ``(edits, expected points)`` by student name.

    ``points``: each exercise's points; ``wrong``: the all-wrong answers; ``first``: the
    answer cell the attacks are appended to; ``exit_after``: ``(answer cell, exercises
    graded before it)`` for the student whose kernel exits there; ``own``: the
    assignment's own cases (a library route, a switched-off function saved or rebuilt);
    ``feedback``: ``(student, exercise) -> words`` the feedback must contain. Names sort
    so that honest students are graded before and after the attackers.
    """
    full, nothing = dict(points), dict.fromkeys(points, 0)
    exit_cell, before_exit = exit_after
    wrong_all = all_wrong(wrong)
    submissions = {
        "a_honest": ([], full),
        "c_wrong": ([wrong_all], nothing),
        "d_transformer": ([wrong_all, append(first, INPUT_TRANSFORMER)], nothing),
        "e_patches": ([wrong_all, append(first, PATCHES)], nothing),
        "f_solutions": ([wrong_all, append(first, READ_SOLUTIONS)], nothing),
        "g_writes": ([wrong_all, append(first, WRITE_FILES)], nothing),
        "h_detached": ([wrong_all, append(first, DETACHED)], nothing),
        "i_signals": ([wrong_all, append(first, SIGNALS)], nothing),
        "j_exit": ([append(exit_cell, "import os\nos._exit(0)")],
                   {**nothing, **{k: points[k] for k in before_exit}}),
        "k_flood": ([append(first, "print('x' * 100_000_000)")], full),
        "n_empty": ([_empty], nothing),
        "o_invalid": (INVALID, nothing),
        "z_honest": ([], full),
    }
    for name, (edits, zeroed) in own.items():
        submissions[name] = (edits, {**full, **dict.fromkeys(zeroed, 0)})
    exit_number = int(exit_cell[2:].split("_")[0])
    feedback = {("d_transformer", "ex1"): "Exercise 1: no answer was handed in (",
                ("c_wrong", "ex1"): "is not right",
                ("j_exit", f"ex{exit_number}"): "the kernel exited",
                ("j_exit", f"ex{exit_number + 1}"): "not run", **feedback}
    return {"first": first, "submissions": dict(sorted(submissions.items())),
            "feedback": feedback}


CLASSES = {
    "ch1_statics": _class(
        {"ex1": 4, "ex2": 5, "ex3": 3, "ex4": 3, "ex5": 3, "ex6": 3, "ex7": 3, "ex8": 3,
         "ex9": 2}, WRONG_CH1, "ex1_tau_tool", ("ex4_tau_base", ["ex1", "ex2", "ex3"]),
        {"b_rewritten": ([replace("ex1_tau_tool", "tau_tool = sp.Matrix([l1*sp.sin(theta2)*fx"
                                  " + (l2 + l1*sp.cos(theta2))*fy + nz, l2*fy + nz])"),
                          replace("ex7_F_free", "F_free = sp.Matrix([2*sp.cos(theta1/2)**2 - "
                                  "1, 2*sp.sin(theta1/2)*sp.cos(theta1/2)])")], []),
         "l_bypass": ([replace("ex2_inward_step", SAVED_REFERENCE),
                       replace("ex1_tau_tool", LIBRARY_ROUTE)], ["ex1", "ex2"]),
         "m_saved_code": ([replace("ex2_inward_step", SAVED_CODE)], ["ex2"]),
         "p_malformed": ([append("ex1_tau_tool", MALFORMED)],
                         ["ex1", "ex3", "ex4", "ex5", "ex6", "ex7"]),
         "q_slow_huge": ([append("ex1_tau_tool", SLOW_AND_LARGE),
                          replace("ex2_inward_step", HUGE_RESULT)], ["ex2", "ex7"]),
         "s_stubs": ([replace("ex2_inward_step", STUB_FUNCTION), replace("ex3_tau_3r", STUB)],
                     ["ex2", "ex3"])},
        {("l_bypass", "ex1"): "switched off", ("l_bypass", "ex2"): "switched off",
         ("m_saved_code", "ex2"): "cannot be handed to the grader",
         ("p_malformed", "ex1"): "Exercise 1: no valid answer was handed in (the hand-over: "
                                 "expected an object",
         ("p_malformed", "ex3"): "the hand-over → answers: expected an object, got a list",
         ("p_malformed", "ex4"): 'tau_base: expected an object {"value": …} or {"error": …}',
         ("p_malformed", "ex5"): "tau_rp → sympy → Pow: expected a list of 2 parts",
         ("p_malformed", "ex6"): "an unknown kind of value 'pickle'",
         ("p_malformed", "ex7"): "F_free: expected an object",
         ("q_slow_huge", "ex2"): "returned data that cannot be read: the answer is too large",
         ("q_slow_huge", "ex7"): "checking this answer needs more than 64 MB of memory",
         ("s_stubs", "ex2"): "raised NotImplementedError at line 4 of inward_step: is the "
                             "answer cell still the stub?",
         ("s_stubs", "ex3"): "Exercise 3: no answer was handed in ("}),
    "ch0_kinematics": _class(
        {"ex1": 3, "ex2": 4, "ex3": 4, "ex4": 3, "ex5": 3, "ex6": 4, "ex7": 3, "ex8": 3},
        WRONG_CH0, "ex1_answer", ("ex5_answer", ["ex1", "ex2", "ex3", "ex4"]),
        {"l_bypass": ([replace("ex2_answer", SAVED_DH_REFERENCE)], ["ex2"]),
         "m_saved_code": ([replace("ex2_answer", SAVED_DH_CODE)], ["ex2"]),
         "y_faults": ([replace("ex6_answer", RAISING_FUNCTION)], ["ex6", "ex8"])},
        {("l_bypass", "ex2"): "switched off",
         ("m_saved_code", "ex2"): "cannot be handed to the grader",
         ("y_faults", "ex6"): "raised ZeroDivisionError at line 2 of outward_step: division "
                              "by zero",
         ("y_faults", "ex8"): "the grader failed on this answer (RuntimeError: a bug in the "
                              "grader"}),
}
BY_STUDENT = [(assignment, student) for assignment, spec in CLASSES.items()
              for student in spec["submissions"]]
BY_FEEDBACK = [(assignment, *key) for assignment, spec in CLASSES.items()
               for key in spec["feedback"]]

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


def _marker(course):
    return f"{int(hashlib.sha256(str(course).encode()).hexdigest()[:8], 16) % 10**6:06d}"


def _left_over(course):
    """Every process of the machine that this course's attackers started: its command line
    names the course (its gradebook) or carries the course's marker."""
    result = subprocess.run(["ps", "-e", "-o", "pid=,user=,args="], capture_output=True,
                            text=True, check=True)
    return [line for line in result.stdout.splitlines()
            if str(course) in line or f"20.{_marker(course)}" in line]


def _grade_class(course, assignment):
    """Make the class of ``assignment`` in ``course`` and grade it in one batch: returns
    ``(course, digests before, digests after, the autograde result)``. The classes' test
    cells have a shorter deadline and a smaller memory budget (``LIMITS``); chapter 0's
    grader module has a bug for one student (``GRADER_BUG``)."""
    shutil.copy(ROOT / "nbgrader_config.py", course)
    with open(course / "nbgrader_config.py", "a") as config:
        config.write(LIMITS)
    shutil.copytree(ROOT / "solutions" / assignment, course / "solutions" / assignment)
    if assignment == "ch0_kinematics":
        with open(course / "solutions" / assignment / "grader.py", "a") as grader:
            grader.write(GRADER_BUG)
    _run(course, sys.executable, "-m", "nbgrader", "generate_assignment", assignment, "--force")
    release = nbformat.read(course / "exercises" / assignment / f"{assignment}.ipynb", 4)
    solution = nbformat.read(course / "solutions" / assignment / f"{assignment}.ipynb", 4)
    for student, (edits, _) in CLASSES[assignment]["submissions"].items():
        path = course / "grading" / "submitted" / student / assignment / f"{assignment}.ipynb"
        path.parent.mkdir(parents=True)
        if isinstance(edits, str):
            path.write_text(edits)
            continue
        notebook = _fill_in(nbformat.from_dict(release), solution)
        for cell in notebook.cells:
            if cell.cell_type == "code" and cell.source.startswith("STUDENT_ID"):
                cell.source = f'STUDENT_ID = "{student}"'
        for edit in edits:
            notebook = edit(notebook, _paths(course, assignment))
        nbformat.write(notebook, path)
    protected = [course / "solutions", course / "nbgrader_config.py", ROOT / "robocourse",
                 course / "grading" / "submitted"]
    before = _digests(protected)
    # the solution is graded first in chapter 1's class (the canary: tests/test_canary.py
    # has it fail); chapter 0's goes without, to keep the suite short
    canary = [] if assignment == "ch1_statics" else ["--ParallelAutograde.canary=False"]
    result = _run(course, sys.executable, "-m", "robocourse_grader.autograde", assignment,
                  "--create", "--no-progress", *canary, check=False)
    return course, before, _digests(protected), result


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """``graded(assignment)``: its class, graded once (the first test that asks)."""
    batches = {}

    def batch(assignment):
        if assignment not in batches:
            course = tmp_path_factory.mktemp(f"{assignment}-course")
            batches[assignment] = _grade_class(course, assignment)
        return batches[assignment]
    return batch


def _scores(course, assignment, student):
    with Gradebook(f"sqlite:///{course / 'grading' / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(assignment, assignment, student)
        return {grade.name.split("_")[0]: grade.auto_score for grade in notebook.grades}


def _autograded(course, assignment, student):
    path = course / "grading" / "autograded" / student / assignment / f"{assignment}.ipynb"
    return nbformat.read(path, as_version=4)


@pytest.mark.parametrize("assignment, student", BY_STUDENT)
def test_each_submission_gets_the_points_a_careful_grader_would_give(graded, assignment,
                                                                     student):
    course = graded(assignment)[0]
    expected = {k: float(v) for k, v in CLASSES[assignment]["submissions"][student][1].items()}
    assert _scores(course, assignment, student) == expected


def _feedback(course, assignment, student, exercise):
    for cell in _autograded(course, assignment, student).cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id", "").startswith(exercise + "_") \
                and cell.metadata["nbgrader"].get("grade"):
            return "\n".join(o.get("evalue", "") + o.get("text", "") for o in cell.outputs)
    raise KeyError(exercise)


@pytest.mark.parametrize("assignment, student, exercise", BY_FEEDBACK)
def test_the_feedback_names_what_happened(graded, assignment, student, exercise):
    course = graded(assignment)[0]
    words = CLASSES[assignment]["feedback"][student, exercise]
    assert words in _feedback(course, assignment, student, exercise)


@pytest.mark.parametrize("assignment", CLASSES)
def test_no_protected_file_changed(graded, assignment):
    _, before, after, _ = graded(assignment)
    assert after == before


@pytest.mark.parametrize("assignment", CLASSES)
def test_the_attackers_saw_and_wrote_nothing(graded, assignment):
    course = graded(assignment)[0]

    def outputs(student):
        return "\n".join(o.get("text", "") for c in _autograded(course, assignment, student).cells
                         for o in c.get("outputs", []))

    assert "READ" not in outputs("f_solutions") and "REFUSED" in outputs("f_solutions")
    assert "FOUND []" in outputs("f_solutions")
    assert "WROTE" not in outputs("g_writes") and outputs("g_writes").count("REFUSED") == 5


def _summary(result, whose):
    """The lines of the batch's summary under the faults of ``whose``."""
    lines = result.stderr.split(f"the {whose} faults", 1)[1].splitlines()
    return [line.strip() for line in lines[1:] if line.startswith("  ")]


@pytest.mark.parametrize("assignment", CLASSES)
def test_the_batch_finished_and_names_each_fault_by_whose_it_is(graded, assignment):
    """The students' faults — unreadable notebooks, a kernel that exited, malformed, slow or
    huge hand-overs — are listed and cost only what they touched; only the grader's own
    (chapter 0's grader module has a bug for one student) make the command fail."""
    result = graded(assignment)[3]
    readable = len(CLASSES[assignment]["submissions"]) - 2
    assert re.search(rf"graded: {readable}\b", result.stderr), result.stderr
    students = "\n".join(_summary(result, "students'"))
    for words in ("o_invalid: could not be read", "n_empty: could not be read",
                  "j_exit: cell", "the kernel exited"):
        assert words in students, result.stderr[-3000:]
    grader = _summary(result, "grader's")
    if assignment == "ch0_kinematics":
        assert result.returncode == 1
        assert [line.split(":")[0] for line in grader] == ["y_faults"], grader
        assert "Exercise 8: the grader failed on this answer" in grader[0]
    else:
        assert result.returncode == 0, result.stderr[-3000:]
        assert grader == []
        canary = re.search(r"the solution graded first: (\d+\.\d) s", result.stderr)
        assert float(canary.group(1)) > 1, result.stderr[-3000:]         # it ran
        for student, count in (("p_malformed", 6), ("q_slow_huge", 2)):
            assert students.count(f"{student}: Exercise") == count, students


@pytest.mark.parametrize("assignment", CLASSES)
def test_the_flood_was_cut_with_a_note(graded, assignment):
    course = graded(assignment)[0]
    cell = _cell(_autograded(course, assignment, "k_flood"), CLASSES[assignment]["first"])
    text = "".join(o.get("text", "") for o in cell.outputs)
    assert "[output cut:" in text and len(text) < 2_000_000


@pytest.mark.parametrize("assignment", CLASSES)
def test_nothing_an_attacker_started_is_left(graded, assignment):
    course = graded(assignment)[0]
    assert _left_over(course) == []


def test_the_class_report_counts_each_mistake(graded):
    course = graded("ch1_statics")[0]
    table = (course / "grading" / "reports" / "ch1_statics.csv").read_text()
    assert "1,passed," in table and "1,no-answer," in table and "1,library-route,1" in table
    assert (course / "grading" / "reports" / "ch1_statics.png").stat().st_size > 1000
