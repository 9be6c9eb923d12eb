"""Benchmark of autograding a class: many submissions of one assignment, each sandboxed.

    python bench/class_grading.py [--assignment ch3_newton_euler] [--submissions 200]
                                  [--one-at-a-time 10]

(also a section of ``bench.py``, the table ``make bench`` prints)

A temporary course holds the assignment; half the submissions are the solution, half
the solution with every answer made wrong (each symbolic or numeric answer doubled,
each choice changed), each under its own student id. ``robocourse-autograde`` grades
them all with a worker per core; the same command with ``--workers 1`` grades the
first few one at a time, for the per-submission figure of sequential grading, in the
same run. Prints the wall time, the time per submission and the peak memory (the
largest sum of the resident memory of the grading processes, sampled every 0.2 s).
"""

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import nbformat

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "grader")]      # the library and the grader

from robocourse.grading.exercises import Choice, Function, Text  # noqa: E402
from robocourse_grader.preprocessors import load_exercise_set  # noqa: E402

ENVIRONMENT = {**os.environ,
               "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}


def _answer_source(cell):
    return "\n".join(line for line in cell.source.split("\n")
                     if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))


def _wrong_lines(exercise_set):
    """A line per answer that makes it wrong but keeps its kind."""
    lines = {}
    for exercise in exercise_set.exercises.values():
        for name, kind in exercise.answers.items():
            if isinstance(kind, Function):
                continue
            if isinstance(kind, Choice):
                other = next(o for o in kind.options)
                lines[name] = f"{name} = {other!r} if {name} != {other!r} else " \
                              f"{kind.options[-1]!r}"
            elif isinstance(kind, Text):
                lines[name] = f"{name} = 'x = 0'"
            else:
                lines[name] = f"{name} = {name} * 2"
    return lines


def make_course(folder, assignment, count):
    shutil.copy(ROOT / "nbgrader_config.py", folder)
    shutil.copytree(ROOT / "solutions" / assignment, folder / "solutions" / assignment)
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", assignment,
                    "--force"], cwd=folder, check=True, capture_output=True, env=ENVIRONMENT)
    exercise_set, _ = load_exercise_set(folder / "solutions" / assignment / "grader.py")
    wrong = _wrong_lines(exercise_set)
    release = nbformat.read(folder / "exercises" / assignment / f"{assignment}.ipynb", 4)
    solution = nbformat.read(folder / "solutions" / assignment / f"{assignment}.ipynb", 4)
    answers = {c.metadata["nbgrader"]["grade_id"]: _answer_source(c) for c in solution.cells
               if c.metadata.get("nbgrader", {}).get("solution")}
    for k in range(count):
        notebook = nbformat.from_dict(release)
        for cell in notebook.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id in answers:
                cell.source = answers[grade_id]
                if k % 2:
                    cell.source += "".join(f"\n{line}" for name, line in wrong.items()
                                           if f"{name} =" in answers[grade_id])
        student = f"s{k:04d}"
        path = folder / "grading" / "submitted" / student / assignment / f"{assignment}.ipynb"
        path.parent.mkdir(parents=True)
        nbformat.write(notebook, path)


def _tree_memory(pid):
    """Resident memory (bytes) of a process and all its descendants."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as file:
                    parent = int(file.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        try:
            with open(f"/proc/{current}/statm") as file:
                total += int(file.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except OSError:
            pass
        stack += children.get(current, [])
    return total


def grade(folder, assignment, extra=()):
    """Run robocourse-autograde; return (wall seconds, peak memory bytes, stderr)."""
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "robocourse_grader.autograde",
                                assignment, "--create", "--force", "--no-progress", *extra],
                               cwd=folder, env=ENVIRONMENT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    peak = [0]

    def sample():
        while process.poll() is None:
            peak[0] = max(peak[0], _tree_memory(process.pid))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, errors = process.communicate()
    sampler.join()
    return time.monotonic() - started, peak[0], errors


def benchmark(assignment, submissions, one_at_a_time, workers=0):
    """Rows ``(what, wall s, s per submission, peak MB)``: parallel (``workers``; 0 is a
    worker per core) and one at a time."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(scratch)
        make_course(folder, assignment, submissions)
        seconds, memory, errors = grade(folder, assignment, ["--workers", str(workers)])
        graded = [line for line in errors.splitlines() if line.startswith("graded:")]
        rows.append((f"{submissions} submissions, {workers or os.cpu_count()} workers "
                     f"({os.cpu_count()} cores)",
                     seconds, seconds / submissions, memory / 2**20, graded[0] if graded else
                     errors[-500:]))
        if not one_at_a_time:
            return rows
        for path in sorted((folder / "grading" / "submitted").iterdir())[one_at_a_time:]:
            shutil.rmtree(path)
        shutil.rmtree(folder / "grading" / "autograded")
        seconds, memory, _ = grade(folder, assignment, ["--workers", "1"])
        rows.append((f"{one_at_a_time} submissions one at a time (× {submissions} = "
                     f"{seconds / one_at_a_time * submissions / 60:.1f} min)", seconds,
                     seconds / one_at_a_time, memory / 2**20, ""))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", default="ch3_newton_euler")
    parser.add_argument("--submissions", type=int, default=200)
    parser.add_argument("--one-at-a-time", type=int, default=10)
    parser.add_argument("--workers", type=int, default=0, help="0: one per core")
    options = parser.parse_args()
    rows = benchmark(options.assignment, options.submissions, options.one_at_a_time,
                     options.workers)
    print(f"autograding {options.assignment}")
    print(f"{'what':<62} {'wall':>9} {'per submission':>15} {'peak memory':>12}")
    for what, wall, per, memory, note in rows:
        print(f"{what:<62} {wall:>8.1f}s {per:>14.2f}s {memory:>10.0f}MB  {note}")


if __name__ == "__main__":
    main()
