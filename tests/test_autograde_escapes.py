"""Ways out of autograding that are not the kernel's: files the instructor's side copies
into the sandbox, outputs and running time without end, and student HTML that the
formgrader would render on the instructor's page.

A symbolic link in a submission (``nbgrader collect`` copies one from a student's
exchange folder) would have nbgrader, run as the instructor, copy its target — the
hidden tests, the gradebook, ``/etc/shadow`` — into the autograded folder, and the
sandbox would show it to the student's code. ``robocourse-autograde`` removes it first
and says so; ``SandboxedExecute`` binds only what the student submitted as a regular
file. Each notebook has an output budget and a running-time budget (small ones here),
and what reaches the instructor's browser keeps only what cannot run script there.
"""

import dataclasses
import os
import pathlib
import shutil
import stat
import sys
import time

import nbformat
import pytest
from test_autograde import _cell, _fill_in, _run, _scores
from test_sandbox import execute, needs_sandbox
from traitlets.config import Config

from robocourse_grader import autograde, preprocessors

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASSIGNMENT = "ch1_statics"

LIST_HOME = """
import os
home = os.path.expanduser("~")
for name in sorted(os.listdir(home)):
    print("HOME", name, open(os.path.join(home, name), "rb").read()[:80])"""

STUDENT_HTML = """
from IPython.display import HTML, SVG, Javascript, display
import matplotlib.pyplot as plt
display(HTML('<b>kept</b><script>alert("script")</script><img src=x onerror=alert(1)>'
             '<a href="javascript:alert(2)">link</a><iframe src="/api/terminals"></iframe>'))
display(Javascript('alert("js")'))
display({"text/javascript": 'alert("tj")', "text/plain": "plain text kept"}, raw=True)
display(SVG('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(3)</script></svg>'))
display({"image/png": 'x" onerror="alert(4)', "text/plain": "bad png"}, raw=True)
figure, axes = plt.subplots()
axes.plot([0, 1], [1, 0])
plt.show()"""

#: Markup that runs script when rendered (escaped, as text, it is harmless).
SCRIPTS = ("<script", "<img", "javascript:", "<iframe", "<svg")


def _outputs_text(cell):
    return repr([dict(o) for o in cell.outputs])


@pytest.fixture(scope="module")
def escaping_class(tmp_path_factory):
    """A class of ``ch1_statics`` graded by ``robocourse-autograde``: a student with the
    right answers who links instructor files and a system file into the submission, lists
    the sandbox's home folder and shows script-laden HTML and a figure (honest students
    beside attackers: tests/test_autograde.py). Returns ``(course, the autograde result)``."""
    course = tmp_path_factory.mktemp("escapes-course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "solutions" / ASSIGNMENT, course / "solutions" / ASSIGNMENT)
    _run(course, sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT, "--force")
    release = nbformat.read(course / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    solution = nbformat.read(course / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    for student in ("s_linker",):
        folder = course / "grading" / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        notebook = _fill_in(nbformat.from_dict(release), solution)
        for cell in notebook.cells:
            if cell.cell_type == "code" and cell.source.startswith("STUDENT_ID"):
                cell.source = f'STUDENT_ID = "{student}"'
        if student == "s_linker":
            after = notebook.cells.index(_cell(notebook, "ex1_tau_tool")) + 1
            notebook.cells.insert(after, nbformat.v4.new_code_cell(LIST_HOME + STUDENT_HTML))
            (folder / "own_notes.txt").write_text("my own notes")
            (folder / "leak_grader.py").symlink_to(course / "solutions" / ASSIGNMENT
                                                   / "grader.py")
            (folder / "leak_config.py").symlink_to(course / "nbgrader_config.py")
            (folder / "leak_passwd").symlink_to("/etc/passwd")
            (folder / "deep").mkdir()
            (folder / "deep" / "leak_solutions").symlink_to(course / "solutions")
        nbformat.write(notebook, folder / f"{ASSIGNMENT}.ipynb")
    result = _run(course, sys.executable, "-m", "robocourse_grader.autograde", ASSIGNMENT,
                  "--create", "--no-progress", "--workers", "1",
                  "--ParallelAutograde.canary=False", check=False)    # (test_autograde's)
    return course, result


def _autograded(course, student):
    """The autograded folder of ``student`` and the cell the student added to it."""
    folder = course / "grading" / "autograded" / student / ASSIGNMENT
    notebook = nbformat.read(folder / f"{ASSIGNMENT}.ipynb", as_version=4)
    return folder, next(c for c in notebook.cells if "expanduser" in c.source)


@needs_sandbox
def test_linked_instructor_files_never_reach_the_sandbox_nor_the_autograded_folder(
        escaping_class):
    course, result = escaping_class
    folder, added = _autograded(course, "s_linker")
    shown = _outputs_text(added)
    assert "HOME own_notes.txt b'my own notes'" in shown
    assert "leak" not in shown and "ExerciseSet" not in shown and "root:" not in shown
    copied = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))
    assert not [name for name in copied if "leak" in name], copied
    for path in folder.rglob("*"):
        assert not path.is_symlink()
        assert path.is_dir() or path.name in (f"{ASSIGNMENT}.ipynb", "own_notes.txt")
    submitted = course / "grading" / "submitted" / "s_linker" / ASSIGNMENT
    assert sorted(p.name for p in submitted.rglob("*")) == [
        f"{ASSIGNMENT}.ipynb", "deep", "own_notes.txt"]
    assert "s_linker: removed from the submission" in result.stderr
    assert "leak_grader.py" in result.stderr and "deep/leak_solutions" in result.stderr


@needs_sandbox
def test_student_script_is_gone_from_the_autograded_notebook_text_and_figure_stay(
        escaping_class):
    course, _ = escaping_class
    _, added = _autograded(course, "s_linker")
    outputs = added.outputs
    html = "".join(o.get("data", {}).get("text/html", "") for o in outputs)
    for script in SCRIPTS:
        assert script not in html, script
    kinds = {kind for output in outputs for kind in output.get("data", {})}
    assert kinds <= {"text/plain", "text/html", "image/png"}, kinds
    assert "<b>kept</b>" in html and "plain text kept" in _outputs_text(added)
    assert sum("image/png" in output.get("data", {}) for output in outputs) == 1


@needs_sandbox
def test_the_student_who_links_still_gets_the_marks_of_the_answers(escaping_class):
    course, result = escaping_class
    assert result.returncode == 0, result.stderr[-3000:]
    assert sum(_scores(course, ASSIGNMENT, "s_linker").values()) == 29.0


def _course_config(course):
    config = Config()
    config.CourseDirectory.root = str(course)
    config.CourseDirectory.submitted_directory = "submitted"
    return config


@needs_sandbox
def test_the_sandbox_binds_only_files_submitted_as_regular_files(tmp_path):
    """Plain ``nbgrader autograde`` has already copied a link's target into the autograded
    folder: the sandbox still shows only what the student submitted as a file."""
    submitted, autograded = tmp_path / "submitted" / "s1" / "a", tmp_path / "autograded"
    submitted.mkdir(parents=True)
    autograded.mkdir()
    secret = tmp_path / "gradebook.db"
    secret.write_text("SECRET")
    (submitted / "own.txt").write_text("mine")
    (submitted / "leak.db").symlink_to(secret)
    for name in ("own.txt", "leak.db", "added_by_instructor.py"):
        shutil.copy(submitted / name if name != "added_by_instructor.py" else secret,
                    autograded / name)
    executor = preprocessors.SandboxedExecute(config=_course_config(tmp_path), canary=False)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(LIST_HOME)])
    resources = {"metadata": {"path": str(autograded)},
                 "nbgrader": {"student": "s1", "assignment": "a"}}
    nb, _ = executor.preprocess(nb, resources)
    shown = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert shown == "HOME own.txt b'mine'\n"


@needs_sandbox
def test_a_flood_of_displays_stays_within_the_notebook_budget(tmp_path):
    flood = "display({'text/plain': 'x' * 49_000}, raw=True)"
    handle = ("h = display({'text/plain': 'y'}, raw=True, display_id=True)\n"
              "for _ in range(30):\n"
              "    display({'text/plain': 'y'}, raw=True, display_id=h.display_id)\n"
              "h.update({'text/plain': 'y' * 90_000}, raw=True)")
    executor = preprocessors.SandboxedExecute(notebook_output_bytes=200_000)
    outputs, _ = execute(executor, [flood] * 20 + [handle, "print('last')"], tmp_path)
    kept = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(outputs=o)
                                           for o in outputs])
    size = len(nbformat.writes(kept))
    assert size < 260_000, size
    notes = [o for cell in outputs for o in cell if "[output cut:" in o.get("text", "")]
    assert len(notes) == 1 and "200,000 bytes" in notes[0].text


@needs_sandbox
def test_a_sleeping_submission_is_stopped_by_its_running_time(tmp_path):
    started = time.monotonic()
    executor = preprocessors.SandboxedExecute(submission_seconds=6)
    outputs, resources = execute(
        executor, ["answer = 1"] + ["import time\ntime.sleep(4)"] * 4 + ["print('last')"],
        tmp_path)
    assert time.monotonic() - started < 25
    assert outputs[-1] == []
    ended = resources["robocourse"]["kernel_died"]
    assert "used up its running time of 6 s" in ended["reason"]
    assert 2 <= ended["cell"] <= 3


def test_the_course_pipeline_sanitizes_after_the_verdicts(tmp_path):
    """Both ``robocourse-autograde`` and plain ``nbgrader autograde`` use this pipeline."""
    config = shutil.copy(ROOT / "nbgrader_config.py", tmp_path)
    namespace = {"get_config": Config, "__file__": config}
    exec(compile(pathlib.Path(config).read_text(), config, "exec"), namespace)
    steps = [step.__name__ for step in namespace["c"].Autograde.autograde_preprocessors]
    assert steps.index("SanitizeOutputs") == steps.index("DecideTestCells") + 1
    assert steps.index("SanitizeOutputs") < steps.index("SaveAutoGrades")
    assert namespace["c"].Autograde.pre_convert_hook.__name__ == "remove_special_files_hook"


def test_image_metadata_and_student_markdown_are_cleaned_locked_cells_kept():
    image = nbformat.v4.new_output("display_data", data={"image/png": "iVBORw0KGgo="},
                                   metadata={"image/png": {"width": "1 onerror=alert(1)",
                                                           "height": 20}})
    student = nbformat.v4.new_markdown_cell("<img src=x onerror=alert(1)> $a < b$")
    locked = nbformat.v4.new_markdown_cell("$\\begin{bmatrix} a & b \\end{bmatrix}$",
                                           metadata={"nbgrader": {"locked": True,
                                                                  "grade_id": "intro"}})
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(outputs=[image]),
                                         student, locked], metadata={"widgets": {}})
    nb, _ = preprocessors.SanitizeOutputs().preprocess(nb, {})
    assert nb.cells[0].outputs[0].metadata == {"image/png": {"height": 20}}
    assert "<img" not in nb.cells[1].source and "widgets" not in nb.metadata
    assert nb.cells[2].source == "$\\begin{bmatrix} a & b \\end{bmatrix}$"


def test_a_submitted_folder_loses_links_pipes_and_only_them(tmp_path):
    from robocourse_grader.autograde import remove_special_files

    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "kept.txt").write_text("x")
    (tmp_path / "sub" / "link").symlink_to("/etc/passwd")
    os.mkfifo(tmp_path / "pipe")
    assert remove_special_files(tmp_path) == ["pipe", "sub/link"]
    kinds = {p.name: stat.S_IFMT(p.lstat().st_mode) for p in tmp_path.rglob("*")}
    assert kinds == {"sub": stat.S_IFDIR, "kept.txt": stat.S_IFREG}


@dataclasses.dataclass
class Hanging:
    """A job that takes ``seconds`` in its worker (a grader that hangs on a submission)."""

    seconds: float
    who: str

    def run(self, exporter):
        started = time.monotonic()
        time.sleep(self.seconds)
        return self.outcome([], started)

    def outcome(self, faults, started, failed=False):
        return autograde.Outcome(self.who, self.who, ASSIGNMENT, "", faults, failed,
                                 time.monotonic() - started)


class Converter:
    """What the pool of robocourse-autograde asks of its converter."""

    assignments = {"a/s1": ["a.ipynb"], "a/s2": ["a.ipynb"]}
    workers, progress, submission_wall_seconds, config = 1, False, 3, Config()

    def _split(self):
        return [], []


def test_a_submission_past_its_wall_clock_limit_stops_its_worker_and_the_batch_goes_on():
    started = time.monotonic()
    with autograde._Pool(Converter()) as pool:
        pool.submit(Hanging(600, "hangs"))
        pool.submit(Hanging(0, "next"))
        hung, after = list(pool.remaining())
        worker = pool.workers[0].process
    assert (hung.who, hung.failed, after.who, after.failed) == ("hangs", True, "next", False)
    (whose, why), = hung.faults
    assert whose == "grader" and "took longer than the limit of 3 s for one submission" in why
    assert time.monotonic() - started < 60 and not worker.is_alive()
