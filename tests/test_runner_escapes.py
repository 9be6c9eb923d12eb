"""Ways around the runner that a student might try: bringing a switched-off library function
back (reloading its module, loading its file or bytecode afresh, finding the original
among the process's objects) must leave the answer judged as not derived by hand; writing
to the grader's channel from an answer cell must neither stall a grading worker nor forge
an answer.

The answers are recomputed as the grader does (``preprocessors._recompute``, each answer
cell of chapter 1's solution notebook in a fresh child of a runner), unsandboxed: what is
tested is the runner's child, not the sandbox around it.
"""

import json

import nbformat
import numpy as np
import pytest
import sympy as sp
from test_exercise_feedback import (
    ROOT,
    STUDENT,
    decide,
    run_as_module,
    shared_runner,
    solution_source,
)

from robocourse.grading import handover
from robocourse.grading.exercises import Context
from robocourse.grading.runner import Runner
from robocourse_grader.preprocessors import _recompute, load_exercise_set

ASSIGNMENT = "ch1_statics"
GRADER = ROOT / "solutions" / ASSIGNMENT / "grader.py"

#: Seconds the replays of the stalling tests may take: the whole replay, not each message.
DEADLINE = 6

# Exercise 1 derived with the library's statics recursion, after loading the modules of its
# route afresh ({load} makes ``module`` from ``name`` and its ``file``).
RELOADED = """
import importlib, importlib.util, marshal, sys, types


def fresh(name):
    file = sys.modules[name].__file__
    {load}
    sys.modules[name] = module


for name in ("robocourse.frames", "robocourse.kinematics", "robocourse.newton_euler",
             "robocourse.statics"):
    fresh(name)
tau_tool = sys.modules["robocourse.statics"].static_forces_by_propagation(
    planar_2r(), [theta1, theta2], [fx, fy, 0, 0, 0, nz], frame="tool").torques
"""

LOADS = {
    "importlib.reload": "module = importlib.reload(sys.modules[name])",
    "del sys.modules": "del sys.modules[name]\n    module = importlib.import_module(name)",
    "spec_from_file_location": "spec = importlib.util.spec_from_file_location(name, file)\n"
                               "    module = importlib.util.module_from_spec(spec)\n"
                               "    spec.loader.exec_module(module)",
    "exec(open())": "module = types.ModuleType(name)\n"
                    "    exec(compile(open(file).read(), file, 'exec'), vars(module))",
    "marshal": "module = types.ModuleType(name)\n"
               "    data = open(importlib.util.cache_from_source(file), 'rb').read()\n"
               "    exec(marshal.loads(data[16:]), vars(module))",
}

# Exercise 2's function with the switched-off force_transform brought back.
STEP = """
def inward_step(R, P, f_next, n_next):
    import numpy as np
    {find}
    w = force_transform(np.asarray(R, dtype=float), np.asarray(P, dtype=float)) \\
        @ np.concatenate([f_next, n_next])
    return w[:3], w[3:]
"""

FINDS = {
    "importlib.reload": "import importlib\n    import robocourse.frames as frames\n"
                        "    force_transform = importlib.reload(frames).force_transform",
    "spec_from_file_location": "import importlib.util, robocourse.frames\n"
                               "    spec = importlib.util.spec_from_file_location(\n"
                               "        'frames', robocourse.frames.__file__)\n"
                               "    frames = importlib.util.module_from_spec(spec)\n"
                               "    spec.loader.exec_module(frames)\n"
                               "    force_transform = frames.force_transform",
}

# An answer cell that writes ``{line}`` to the file descriptors {fds} (where the grader's
# channel might be) as long as {seconds} allow (errors ignored).
WRITER = """
import os, time
_until = time.monotonic() + {seconds}
while True:
    for _fd in {fds}:
        try:
            os.write(_fd, {line!r}.encode() + b"\\n")
        except OSError:
            pass
    if time.monotonic() > _until:
        break
    time.sleep(0.2)
"""


def notebook_with(grade_id, source):
    """Chapter 1's solution notebook with the answer cell ``grade_id`` followed by ``source``."""
    notebook = nbformat.read(ROOT / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    cell = next(c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade_id")
                == grade_id)
    cell.source += "\n" + source
    return notebook


def recomputed(notebook, runner=shared_runner):
    """``{exercise: result}`` of the answers derived by hand, as the grader recomputes them."""
    exercise_set, _ = load_exercise_set(GRADER)
    context = Context(exercise_set, STUDENT, runner_factory=runner)
    try:
        return _recompute(notebook, exercise_set, STUDENT, context)
    finally:
        context.runner().end()


def by_hand_verdict(notebook):
    """The verdict on exercise 1's ``tau_tool``, recomputed from ``notebook``."""
    exercise_set, _ = load_exercise_set(GRADER)
    context = Context(exercise_set, STUDENT, runner_factory=shared_runner)
    context.recomputed = recomputed(notebook)
    handed = {"tau_tool": {"value": handover.encode(sp.zeros(2, 1))}}
    return exercise_set.decide("ex1_tau_tool_test", handed, context)


def test_the_honest_answer_derived_by_hand_passes():
    verdict = by_hand_verdict(notebook_with("ex1_tau_tool", ""))
    assert verdict.passed, verdict.message


@pytest.mark.parametrize("route", LOADS)
def test_loading_the_library_afresh_does_not_bring_a_switched_off_function_back(route):
    verdict = by_hand_verdict(notebook_with("ex1_tau_tool",
                                            RELOADED.format(load=LOADS[route])))
    assert not verdict.passed
    assert verdict.code == "library-route" or "refused while your code is checked" in \
        verdict.message, verdict.message


@pytest.mark.parametrize("route", FINDS)
def test_a_handed_in_function_cannot_bring_a_switched_off_function_back(route, tmp_path):
    source = solution_source(ASSIGNMENT) + "\n\n" + STEP.format(find=FINDS[route])
    verdict = decide(ASSIGNMENT, run_as_module(source, tmp_path / "step.py"), {2})[2]
    assert not verdict.passed
    assert "switched off" in verdict.message or "refused while your code is checked" in \
        verdict.message, verdict.message


class QuickRunner(Runner):
    """A runner whose replays get :data:`DEADLINE` seconds in all."""

    def replay(self, **kwargs):
        return super().replay(**kwargs, timeout=DEADLINE)


def test_an_answer_cell_that_keeps_the_channel_busy_is_cut_at_the_deadline():
    """Keep-alive lines on the runner's channel (its file descriptor 3), for three
    deadlines: the replay still ends at one, and the answers it did not reach fail as too
    slow."""
    runner = QuickRunner()
    with runner:
        results = recomputed(notebook_with("ex1_tau_tool", WRITER.format(
            fds=[3], seconds=3 * DEADLINE, line='{"group": -1}')), runner=lambda: runner)
    assert "did not finish within" in results[1]["error"], results[1]


def test_an_answer_cell_cannot_answer_for_another_exercise():
    """Exercise 1's cell answers for exercise 8 (another set of switched-off functions):
    the forged answer never reaches the grader, the other exercise's own answer does."""
    notebook = notebook_with("ex1_tau_tool", "")
    tests = [c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade")]
    group = next(k for k, c in enumerate(tests)
                 if c.metadata["nbgrader"]["grade_id"] == "ex8_W_S_test")
    forged = {"group": group, "values": handover.encode({"W_S": np.arange(6.0)})}
    results = recomputed(notebook_with("ex1_tau_tool", WRITER.format(
        fds=list(range(3, 30)), seconds=0, line=json.dumps(forged))))
    assert "values" in results[8], results[8]
    assert not np.allclose(np.asarray(results[8]["values"]["W_S"], dtype=float),
                           np.arange(6.0))
    assert "error" in results[1], results[1]
