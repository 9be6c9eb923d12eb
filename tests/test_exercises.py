"""The graded exercises: student versions in sync with the instructor versions, every
test cell one line that hands over, the checks in modules, solutions at full marks and
untouched exercises at zero when graded, nothing hidden released."""

import concurrent.futures
import os
import pathlib
import shutil
import subprocess
import sys

import nbformat
import pytest
from nbgrader.api import Gradebook

from robocourse.grading import sandbox
from robocourse.grading.preprocessors import load_exercise_set

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASSIGNMENTS = sorted(p.name for p in (ROOT / "solutions").iterdir() if p.is_dir())
ENVIRONMENT = {**os.environ,
               "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}


def notebooks(folder, assignment):
    return sorted((ROOT / folder / assignment).glob("*.ipynb"))


def test_every_assignment_has_a_student_version():
    released = sorted(p.name for p in (ROOT / "exercises").iterdir() if p.is_dir())
    assert ASSIGNMENTS and released == ASSIGNMENTS


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_student_version_is_what_nbgrader_generates(assignment, tmp_path):
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", assignment,
                    "--no-db", "--force", f"--CourseDirectory.release_directory={tmp_path}"],
                   cwd=ROOT, check=True, capture_output=True, env=ENVIRONMENT)
    for committed in notebooks("exercises", assignment):
        fresh = tmp_path / assignment / committed.name
        assert fresh.read_bytes() == committed.read_bytes(), (
            f"{committed.relative_to(ROOT)} is stale: run `nbgrader generate_assignment "
            f"{assignment} --no-db --force` and commit the result")
    assert sorted(p.name for p in (tmp_path / assignment).iterdir()) == \
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


def _grade_both(course, assignment):
    """In a course of its own: release ``assignment``, then autograde the solution as
    submitted and the untouched student version."""
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "solutions" / assignment, course / "solutions" / assignment,
                    ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", assignment,
                    "--force"], cwd=course, check=True, capture_output=True, env=ENVIRONMENT)
    for student, folder in (("solution", "solutions"), ("untouched", "exercises")):
        target = course / "grading" / "submitted" / student / assignment
        target.mkdir(parents=True)
        for path in (course / folder / assignment).glob("*.ipynb"):
            shutil.copy(path, target)
    return subprocess.run(
        [sys.executable, "-m", "robocourse.grading.autograde", assignment, "--create",
         "--no-progress", "--workers", "1"], cwd=course, capture_output=True, text=True,
        env=ENVIRONMENT, timeout=900)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Every assignment autograded twice, two assignments at a time (each in its own course,
    with one worker): ``({assignment: course}, {assignment: the autograde result})``."""
    if sandbox.available() is not None:
        pytest.skip(f"no sandbox here: {sandbox.available()}")
    courses = {a: tmp_path_factory.mktemp(f"course-{a}") for a in ASSIGNMENTS}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = {a: pool.submit(_grade_both, courses[a], a) for a in ASSIGNMENTS}
        results = {a: future.result() for a, future in futures.items()}
    return courses, results


def _scores(course, assignment, student):
    with Gradebook(f"sqlite:///{course / 'grading' / 'gradebook.db'}") as gradebook:
        submission = gradebook.find_submission(assignment, student)
        return [(g.name, g.auto_score, g.max_score) for n in submission.notebooks
                for g in n.grades]


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_solutions_get_full_marks(graded, assignment):
    courses, results = graded
    assert results[assignment].returncode == 0, results[assignment].stderr[-3000:]
    lost = [(name, score, most) for name, score, most
            in _scores(courses[assignment], assignment, "solution") if score != most]
    assert not lost, f"the solution of {assignment} loses marks: {lost}"


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_untouched_exercises_get_zero(graded, assignment):
    courses, _ = graded
    scored = [(name, score) for name, score, _
              in _scores(courses[assignment], assignment, "untouched") if score != 0]
    assert not scored, f"test cells of {assignment} pass without an answer: {scored}"
