"""The README's recipe "Add an exercise", followed: the files it names are where it says, its
command is the one the test suite asks for when a student version is stale, and, done on a
copy of ch1_statics (a tenth exercise), it gives an exercise that is released, handed over,
decided and declared."""

import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import textwrap

import nbformat
import pytest
from test_exercises import REGENERATE

from robocourse_grader.report import english_assignment

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The English assignments (each with a Chinese version, <assignment>_zh_CN, graded by the same
#: grader module: tests/test_chinese_exercises.py).
ASSIGNMENTS = sorted(p.name for p in (ROOT / "solutions").iterdir()
                     if p.is_dir() and english_assignment(p.name) == p.name)
ASSIGNMENT = "ch1_statics"


def recipe():
    """The README's section "Add an exercise": its text up to the next heading."""
    text = (ROOT / "README.md").read_text()
    match = re.search(r"^### Add an exercise\n(.*?)(?=^#{1,3} |\Z)", text, re.M | re.S)
    assert match, "README.md has no section '### Add an exercise'"
    return match.group(1)


def recipe_command():
    blocks = re.findall(r"```bash\n(.*?)```", recipe(), re.S)
    assert len(blocks) == 1, "the recipe has one command block"
    return " ".join(textwrap.dedent(blocks[0]).split())


def named_files():
    """The files the recipe names (in backquotes, with a folder)."""
    return sorted({path for path in re.findall(r"`([\w./<>-]+/[\w.<>-]+\.(?:py|ipynb))`",
                                               recipe())})


def test_the_recipe_regenerates_with_the_command_the_tests_name():
    assert recipe_command() == REGENERATE.format(assignment="<assignment>")


def test_the_files_the_recipe_names_are_there_for_every_assignment():
    files = named_files()
    assert {"solutions/<assignment>/<assignment>.ipynb", "solutions/<assignment>/grader.py",
            "robocourse/exercises/<assignment>.py",
            "exercises/<assignment>/<assignment>.ipynb"} <= set(files), files
    for assignment in ASSIGNMENTS:
        for name in files:
            path = ROOT / name.replace("<assignment>", assignment)
            assert path.is_file(), f"the recipe names {name}; {path} is not there"
    assert (ROOT / "tools" / "execute.py").is_file()


# --- the recipe done on a copy: exercise 10 of ch1_statics, the answer `double` = 2 θ1 ----

VISIBLE = '''

# --- exercise 10: twice the first joint angle (added by the recipe's test) -------------

from robocourse.grading.exercises import Expression  # noqa: E402


@exercises.visible(10, cell="ex10_double_test", double=Expression())
def exercise_10(double):
    check_expression(double, 2 * theta1, "double")
'''

HIDDEN = '''

@exercises.hidden(10)
def exercise_10(double):
    check_expression(double.subs(theta1, 3), 6, "double at theta1 = 3")
'''


def _nbgrader(grade_id, **flags):
    return {"nbgrader": {"grade": False, "grade_id": grade_id, "locked": True,
                         "schema_version": 3, "solution": False, "task": False, **flags}}


def _add_cells(path):
    """Step 1: the task, the answer and the test cell, after the last exercise."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells += [
        nbformat.v4.new_markdown_cell("## Exercise 10 — twice the first angle (1 points)",
                                      metadata=_nbgrader("ex10_task")),
        nbformat.v4.new_code_cell("### BEGIN SOLUTION\ndouble = 2 * theta1\n"
                                  "### END SOLUTION",
                                  metadata=_nbgrader("ex10_double", locked=False,
                                                     solution=True)),
        nbformat.v4.new_code_cell("checks.exercise_10(double)",
                                  metadata=_nbgrader("ex10_double_test", grade=True,
                                                     points=1))]
    nbformat.write(notebook, path)


def _declare(path, name):
    """Step 2's last part: ``name`` added to the module's ``__all__``."""
    text = path.read_text()
    assert "\n__all__ = [\n" in text
    path.write_text(text.replace("\n__all__ = [\n", f'\n__all__ = [\n    "{name}",\n', 1))


@pytest.fixture(scope="module")
def followed(tmp_path_factory):
    """A copy of the library and of the course with the recipe's steps done for exercise 10
    of ch1_statics, and the environment that imports that copy."""
    top = tmp_path_factory.mktemp("recipe")
    library, course = top / "library", top / "course"
    shutil.copytree(ROOT / "robocourse", library / "robocourse",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (course / "solutions").mkdir(parents=True)
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "solutions" / ASSIGNMENT, course / "solutions" / ASSIGNMENT,
                    ignore=shutil.ignore_patterns("__pycache__"))
    solution = course / "solutions" / ASSIGNMENT
    _add_cells(solution / f"{ASSIGNMENT}.ipynb")                                   # 1
    module = library / "robocourse" / "exercises" / f"{ASSIGNMENT}.py"
    module.write_text(module.read_text() + VISIBLE)                                # 2
    _declare(module, "exercise_10")
    (solution / "grader.py").write_text((solution / "grader.py").read_text() + HIDDEN)  # 3
    path = [str(library), str(ROOT / "grader"), os.environ.get("PYTHONPATH", "")]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in path if p),
                   "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}
    command = shlex.split(recipe_command().replace("<assignment>", ASSIGNMENT))      # 4
    assert command[0] == "nbgrader"
    result = subprocess.run([sys.executable, "-m", *command], cwd=course, env=environment,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return course, environment


def _cells(path):
    return [(c.cell_type, c.source, c.metadata.get("nbgrader"))
            for c in nbformat.read(path, as_version=4).cells]


def test_the_release_is_the_committed_one_and_the_new_exercise(followed):
    course, _ = followed
    released = _cells(course / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    committed = _cells(ROOT / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    assert released[:-3] == committed
    task, answer, test = released[-3:]
    assert "BEGIN SOLUTION" not in answer[1] and "2 * theta1" not in answer[1]
    assert test[1] == "checks.exercise_10(double)" and test[2]["points"] == 1


def test_the_new_exercise_is_declared_handed_over_and_decided(followed):
    course, environment = followed
    check = textwrap.dedent(f"""\
        import json, sys
        import robocourse.exercises.{ASSIGNMENT} as module
        from robocourse.grading.handover import encode
        from robocourse_grader.preprocessors import load_exercise_set
        sys.path.insert(0, {str(ROOT / "tests")!r})
        from test_exercise_interfaces import _uses
        exercise_set, _ = load_exercise_set("solutions/{ASSIGNMENT}/grader.py")
        exercise = exercise_set.by_cell("ex10_double_test")
        used = _uses(open("solutions/{ASSIGNMENT}/grader.py").read())["{ASSIGNMENT}"]
        x = module.theta1
        print(json.dumps({{
            "module": module.__file__, "number": exercise.number,
            "hidden": exercise.hidden is not None, "undeclared": sorted(used - set(module.__all__)),
            "right": exercise_set.decide("ex10_double_test",
                                         {{"double": {{"value": encode(2 * x)}}}}).passed,
            "wrong": exercise_set.decide("ex10_double_test",
                                         {{"double": {{"value": encode(x)}}}}).code}}))
    """)
    result = subprocess.run([sys.executable, "-c", check], cwd=course, env=environment,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    facts = json.loads(result.stdout.strip().splitlines()[-1])
    assert facts["module"].startswith(str(course.parent / "library")), facts
    assert facts["number"] == 10 and facts["hidden"] and facts["undeclared"] == []
    assert facts["right"] is True and facts["wrong"] == "not-equal", facts
