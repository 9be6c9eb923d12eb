"""The graded exercises: student versions in sync with the instructor versions, every
test cell one line that hands over, the checks in modules, solutions at full marks and
untouched exercises at zero when graded, nothing hidden released."""

import os
import pathlib
import shutil
import subprocess
import sys

import nbformat
import pytest
from nbgrader.api import Gradebook

from robocourse_grader import sandbox
from robocourse_grader.preprocessors import load_exercise_set
from robocourse_grader.report import english_assignment

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: Every assignment: the English ones and their Chinese versions (<assignment>_zh_CN).
ASSIGNMENTS = sorted(p.name for p in (ROOT / "solutions").iterdir() if p.is_dir())
#: The English ones: graded here as a class (a Chinese version is graded beside its English
#: twin in tests/test_chinese_exercises.py, with the same grader module).
ENGLISH = [a for a in ASSIGNMENTS if english_assignment(a) == a]
#: The command that regenerates an assignment's student version (the README's recipe "Add an
#: exercise" names it too: tests/test_add_an_exercise.py).
REGENERATE = "nbgrader generate_assignment {assignment} --force"
ENVIRONMENT = {**os.environ,
               "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}


def notebooks(folder, assignment):
    return sorted((ROOT / folder / assignment).glob("*.ipynb"))


def test_every_assignment_has_a_student_version():
    released = sorted(p.name for p in (ROOT / "exercises").iterdir() if p.is_dir())
    assert ASSIGNMENTS and released == ASSIGNMENTS


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """A course with every assignment of ``solutions/``, each released by nbgrader (one
    ``generate_assignment '*'``, which records them in the course's gradebook)."""
    course = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "solutions", course / "solutions",
                    ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", "*", "--force"],
                   cwd=course, check=True, capture_output=True, env=ENVIRONMENT)
    return course


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_student_version_is_what_nbgrader_generates(course, assignment):
    fresh = course / "exercises" / assignment
    for committed in notebooks("exercises", assignment):
        assert (fresh / committed.name).read_bytes() == committed.read_bytes(), (
            f"{committed.relative_to(ROOT)} is stale: run "
            f"`{REGENERATE.format(assignment=assignment)}` and commit the result")
    assert sorted(p.name for p in fresh.iterdir()) == \
        [p.name for p in notebooks("exercises", assignment)], "only notebooks are released"


def _test_cells(path):
    return [c for c in nbformat.read(path, as_version=4).cells
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")]


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_every_test_cell_hands_over_to_an_exercise_of_the_grader(assignment):
    exercise_set, _ = load_exercise_set(ROOT / "solutions" / assignment / "grader.py")
    for path in notebooks("solutions", assignment):
        cells = {c.metadata["nbgrader"]["grade_id"]: c.source for c in _test_cells(path)}
        declared = {e.cell for e in exercise_set.exercises.values()}
        assert set(cells) == declared, f"{path.name}: test cells and exercises differ"
        for cell_id, source in cells.items():
            exercise = exercise_set.by_cell(cell_id)
            assert source.strip() == f"checks.exercise_{exercise.number}(" + \
                ", ".join(exercise.answers) + ")", f"{cell_id}: a test cell only hands over"
            assert exercise.hidden is not None, f"exercise {exercise.number} has no hidden tests"


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_nothing_hidden_reaches_the_students(assignment):
    for path in notebooks("exercises", assignment):
        text = path.read_text()
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS"):
            assert marker not in text, f"{path.name} contains {marker}"
        cells = nbformat.read(path, as_version=4).cells
        stored = [c for c in cells if c.cell_type == "code" and c.outputs]
        assert not stored, f"{path.name} was committed with outputs"
        assert any(c.source.startswith('STUDENT_ID = "your-id"') for c in cells), \
            "the release asks for the student's id"
    assert not (ROOT / "exercises" / assignment / "grader.py").exists()


@pytest.fixture(scope="module")
def graded(course):
    """Every assignment autograded in one run over the course (``robocourse-autograde
    '*'``, a worker per core): its solution as submitted and its untouched release, as
    the students "solution" and "untouched". Returns the autograde result. (The command
    would grade each solution first, as a canary: here the student "solution" is that
    grading, so the canary is not run twice; tests/test_autograde.py runs it.)"""
    if sandbox.available() is not None:
        pytest.skip(f"no sandbox here: {sandbox.available()}")
    for student, folder in (("solution", "solutions"), ("untouched", "exercises")):
        for assignment in ENGLISH:
            target = course / "grading" / "submitted" / student / assignment
            target.mkdir(parents=True)
            for path in (course / folder / assignment).glob("*.ipynb"):
                shutil.copy(path, target)
    return subprocess.run(
        [sys.executable, "-m", "robocourse_grader.autograde", "*", "--create",
         "--no-progress", "--ParallelAutograde.canary=False"], cwd=course,
        capture_output=True, text=True, env=ENVIRONMENT, timeout=1800)


def _scores(course, assignment, student):
    with Gradebook(f"sqlite:///{course / 'grading' / 'gradebook.db'}") as gradebook:
        submission = gradebook.find_submission(assignment, student)
        return [(g.name, g.auto_score, g.max_score) for n in submission.notebooks
                for g in n.grades]


@pytest.mark.parametrize("assignment", ENGLISH)
def test_solutions_get_full_marks(course, graded, assignment):
    assert graded.returncode == 0, graded.stderr[-3000:]
    lost = [(name, score, most) for name, score, most
            in _scores(course, assignment, "solution") if score != most]
    assert not lost, f"the solution of {assignment} loses marks: {lost}"


@pytest.mark.parametrize("assignment", ENGLISH)
def test_untouched_exercises_get_zero(course, graded, assignment):
    scored = [(name, score) for name, score, _
              in _scores(course, assignment, "untouched") if score != 0]
    assert not scored, f"test cells of {assignment} pass without an answer: {scored}"


@pytest.mark.parametrize("assignment", ENGLISH)
def test_one_run_over_the_course_reports_each_assignment(course, graded, assignment):
    assert graded.returncode == 0, graded.stderr[-3000:]
    reports = course / "grading" / "reports"
    rows = (reports / f"{assignment}.csv").read_text().splitlines()
    assert rows[0] == "exercise,outcome,students" and len(rows) > 1
    assert (reports / f"{assignment}.png").stat().st_size > 1000
