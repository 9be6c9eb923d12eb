"""The sandbox that student code runs in: what it can see, write, reach and use up; and
autograding that refuses to run student code where no sandbox can be made."""

import asyncio
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap

import nbformat
import pytest
from nbgrader.api import Gradebook

from robocourse.grading import students
from robocourse_grader import preprocessors, sandbox
from robocourse_grader.preprocessors import SandboxedExecute

ROOT = pathlib.Path(__file__).resolve().parent.parent

needs_sandbox = pytest.mark.skipif(sandbox.available() is not None,
                                   reason=f"no sandbox here: {sandbox.available()}")


def run_inside(code, limits=None, **options):
    argv = sandbox.command([sys.executable, "-c", textwrap.dedent(code)],
                           limits=limits or sandbox.Limits(), **options)
    return subprocess.run(argv, capture_output=True, text=True, timeout=120)


@needs_sandbox
def test_the_course_folder_is_not_there():
    result = run_inside(f"""
        import os
        print(sorted(os.listdir({str(ROOT)!r})))
        for name in ("solutions", "grading", "nbgrader_config.py", "tests"):
            print(name, os.path.exists(os.path.join({str(ROOT)!r}, name)))
        print("home", os.listdir(os.path.expanduser("~")))
    """)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert set(eval(lines[0])) <= {"robocourse", ".venv"}
    assert all(line.endswith("False") for line in lines[1:5])
    assert lines[5] == "home []"


@needs_sandbox
def test_the_library_is_imported_from_its_bytecode():
    """A sandbox cannot write ``__pycache__``; ``command`` compiles the package's bytecode
    first (here after a module changed), so no robocourse module is compiled from its
    source inside (which cost about 0.1 s of CPU a process)."""
    changed = pathlib.Path(students.__file__)
    os.utime(changed)                                   # newer than its bytecode
    sandbox._package_bytecode.cache_clear()
    argv = sandbox.command([sys.executable, "-v", "-c", "import robocourse.grading, "
                            "robocourse.newton_euler, robocourse.lagrange"])
    result = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    loaded = [line for line in result.stderr.splitlines()
              if line.startswith("# code object from") and "robocourse" in line]
    from_source = [line for line in loaded if line.endswith(".py")]
    from_bytecode = [line for line in loaded if line.endswith(".pyc'")]
    assert not from_source, from_source
    assert any("students" in line for line in from_bytecode), from_bytecode


@needs_sandbox
def test_only_the_home_folder_and_tmp_can_be_written():
    result = run_inside(f"""
        import robocourse
        for path in (robocourse.__file__, "/usr/x", "/etc/x", {str(ROOT / "robocourse" / "x")!r}):
            try:
                open(path, "a").write("x")
                print("WROTE", path)
            except OSError as error:
                print("refused", type(error).__name__)
        open("/tmp/ok", "w").write("x")
        open("notes.txt", "w").write("x")
        print("scratch ok")
    """)
    assert "WROTE" not in result.stdout and result.stdout.count("refused") == 4
    assert "scratch ok" in result.stdout


@needs_sandbox
def test_no_network_and_its_own_processes():
    result = run_inside("""
        import os, socket, signal
        try:
            socket.create_connection(("127.0.0.1", 22), timeout=2)
            print("CONNECTED")
        except OSError as error:
            print("no network", type(error).__name__)
        print("pids", sorted(int(p) for p in os.listdir("/proc") if p.isdigit()))
        try:
            os.kill(1, signal.SIGKILL)
            print("KILLED")
        except OSError:
            print("cannot signal")
        print("uid", os.getuid())
    """)
    out = result.stdout
    assert "no network" in out and "CONNECTED" not in out and "cannot signal" in out
    pids = eval(out.split("pids ")[1].splitlines()[0])
    assert len(pids) <= 4                          # the sandbox's init, python, nothing else
    if os.geteuid() == 0:
        assert f"uid {sandbox.FIRST_UID}" in out


@needs_sandbox
def test_limits_stop_a_fork_bomb_a_memory_hog_and_a_huge_file():
    result = run_inside("""
        import os
        children = 0
        try:
            for _ in range(200):
                if os.fork() == 0:
                    import time
                    time.sleep(5)
                    os._exit(0)
                children += 1
        except OSError:
            print("fork refused after", children)
        try:
            block = bytearray(3 << 30)
            print("ALLOCATED")
        except MemoryError:
            print("memory refused")
        try:
            with open("/tmp/big", "wb") as file:
                file.write(b"x" * (40 << 20))
            print("WROTE")
        except OSError as error:
            print("file refused", error.errno)
    """, limits=sandbox.Limits(processes=20, memory_bytes=2 << 30, file_bytes=16 << 20))
    out = result.stdout
    assert "fork refused after" in out and int(out.split("after ")[1].split()[0]) < 25
    assert "memory refused" in out and "file refused" in out


@needs_sandbox
def test_nothing_outlives_the_sandbox():
    marker = "robocourse-sandbox-sleeper"
    run_inside(f"""
        import subprocess
        subprocess.Popen(["setsid", "sh", "-c", "exec -a {marker} sleep 30"],
                         start_new_session=True)
    """)
    assert marker not in subprocess.run(["ps", "-eo", "args"], capture_output=True,
                                        text=True).stdout


def test_autograding_refuses_without_a_sandbox_and_says_why(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    sandbox.available.cache_clear()
    try:
        with pytest.raises(sandbox.SandboxUnavailable, match="bwrap.*--unsafe"):
            SandboxedExecute().preprocess(nbformat.v4.new_notebook(), {})
    finally:
        sandbox.available.cache_clear()


def execute(executor, cells, folder):
    """Run ``cells`` as a submission's notebook with ``executor``: (outputs of each cell,
    resources)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    resources = {"metadata": {"path": str(folder)}, "nbgrader": {"student": "s1"}}
    nb, resources = executor.preprocess(nb, resources)
    return [c.outputs for c in nb.cells], resources


class LateInterrupt(SandboxedExecute):
    """A loaded machine: the kernel gets the interrupt a second after the flood began,
    when the cell that flooded has long ended."""

    async def _interrupt(self):
        await asyncio.sleep(1)
        await super()._interrupt()


@needs_sandbox
def test_a_flood_is_cut_and_its_interrupt_never_lands_in_the_next_cell(tmp_path):
    (flood, sleeper, last), _ = execute(LateInterrupt(cell_output_bytes=100_000), [
        "print('x' * 3_000_000)", "import time\ntime.sleep(2)\nslept = True",
        "print('after', slept)"], tmp_path)
    assert "[output cut:" in flood[-1].text and sum(len(o.get("text", "")) for o in flood) \
        < 200_000
    assert sleeper == [], f"the interrupt landed in the next cell: {sleeper}"
    assert last[0].text == "after True\n"


@needs_sandbox
def test_a_cell_that_ignores_the_interrupt_stops_the_kernel_and_the_rest_is_not_run(tmp_path):
    """A cell past its time limit that swallows KeyboardInterrupt: the kernel is stopped,
    the cell says why, the cells after it are not run (and each test cell after it will
    say so) — instead of the submission failing to be graded at all."""
    (first, stuck, later), resources = execute(SandboxedExecute(timeout=2), [
        "answer = 1",
        "import time\nwhile True:\n    try:\n        time.sleep(0.1)\n"
        "    except BaseException:\n        pass",
        "later = 2"], tmp_path)
    assert first == [] and later == []
    assert stuck[-1].ename == "CellTimeoutError"
    assert "time limit of 2 s and did not stop when interrupted" in stuck[-1].evalue
    ended = resources["robocourse"]["kernel_died"]
    assert ended["cell"] == 1
    assert "(not run: the kernel was stopped: an earlier cell ran past its time limit" in \
        preprocessors._no_answer(4, nbformat.v4.new_code_cell("later = 2"), 2, ended)


ENVIRONMENT = {**os.environ,
               "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}


@needs_sandbox
def test_plain_nbgrader_autograde_uses_the_same_sandbox_and_verdicts(tmp_path):
    """An instructor who runs nbgrader (or the formgrader's button) gets the same grading."""
    assignment = "ch1_statics"
    shutil.copy(ROOT / "nbgrader_config.py", tmp_path)
    shutil.copytree(ROOT / "solutions" / assignment, tmp_path / "solutions" / assignment)
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", assignment,
                    "--force"], cwd=tmp_path, check=True, capture_output=True, env=ENVIRONMENT)
    for student, folder in (("right", "solutions"), ("stub", "exercises")):
        target = tmp_path / "grading" / "submitted" / student / assignment
        target.mkdir(parents=True)
        shutil.copy(tmp_path / folder / assignment / f"{assignment}.ipynb", target)
    subprocess.run([sys.executable, "-m", "nbgrader", "autograde", assignment, "--create"],
                   cwd=tmp_path, check=True, capture_output=True, env=ENVIRONMENT, timeout=900)
    with Gradebook(f"sqlite:///{tmp_path / 'grading' / 'gradebook.db'}") as gradebook:
        right = gradebook.find_submission(assignment, "right").score
        stub = gradebook.find_submission(assignment, "stub").score
    assert (right, stub) == (29.0, 0.0)


def test_robocourse_autograde_refuses_a_configuration_without_the_sandbox(tmp_path):
    (tmp_path / "nbgrader_config.py").write_text(
        "c = get_config()\nc.CourseDirectory.root = %r\n" % str(tmp_path)
        + "c.CourseDirectory.db_url = 'sqlite:///%s/gradebook.db'\n" % tmp_path)
    (tmp_path / "submitted" / "s1" / "a").mkdir(parents=True)
    nbformat.write(nbformat.v4.new_notebook(), tmp_path / "submitted" / "s1" / "a" / "a.ipynb")
    result = subprocess.run([sys.executable, "-m", "robocourse_grader.autograde", "a"],
                            cwd=tmp_path, capture_output=True, text=True, env=ENVIRONMENT,
                            timeout=120)
    assert result.returncode != 0
    assert "lacks SandboxedExecute and DecideTestCells" in result.stderr
