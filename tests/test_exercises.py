"""The graded exercises: student versions in sync with the instructor versions,
solutions at full marks, untouched exercises at zero, nothing hidden leaked."""

import json
import os
import pathlib
import subprocess
import sys

import pytest
from nbgrader.validator import Validator

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASSIGNMENTS = sorted(p.name for p in (ROOT / "solutions").iterdir() if p.is_dir()) \
    if (ROOT / "solutions").is_dir() else []
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


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_solutions_get_full_marks(assignment):
    for path in notebooks("solutions", assignment):
        assert Validator().validate(str(path)) == {}, f"{path.name} loses marks"


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_untouched_exercises_get_zero(assignment):
    for path in notebooks("exercises", assignment):
        result = Validator(invert=True).validate(str(path))
        assert "passed" not in result, (
            f"{path.name}: test cells pass without an answer: "
            f"{[cell['source'][:60] for cell in result.get('passed', [])]}")


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_no_solution_or_hidden_test_reaches_the_students(assignment):
    for path in notebooks("exercises", assignment):
        text = path.read_text()
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS"):
            assert marker not in text, f"{path.name} contains {marker}"
        solution = json.loads((ROOT / "solutions" / assignment / path.name).read_text())
        sources = ["".join(cell["source"]) for cell in solution["cells"]]
        hidden, shown = [], []
        for source in sources:
            blocks = source.split("### BEGIN HIDDEN TESTS")
            shown.append(blocks[0])
            for block in blocks[1:]:
                secret, _, rest = block.partition("### END HIDDEN TESTS")
                hidden += [line.strip() for line in secret.splitlines()]
                shown.append(rest)
        visible = "\n".join(shown)
        secret_lines = [line for line in hidden if len(line) > 25 and line not in visible]
        leaked = [line for line in secret_lines if line in text]
        assert not leaked, f"{path.name} shows hidden test lines: {leaked[:3]}"
        exercise = json.loads(text)
        stored = [c for c in exercise["cells"] if c["cell_type"] == "code" and c["outputs"]]
        assert not stored, f"{path.name} was committed with outputs"
