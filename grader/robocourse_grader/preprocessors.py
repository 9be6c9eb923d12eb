"""nbgrader's autograde pipeline, with the kernel sandboxed and the verdicts made outside it.

``nbgrader_config.py`` puts these in nbgrader's pipelines:

* :class:`SandboxedExecute` replaces nbgrader's ``Execute``: the submission's kernel
  runs inside ``sandbox`` (no view of solutions, gradebook, configuration, other
  students; no network; its own PID namespace; CPU, memory, process and output
  limits). It talks to the grader over ZeroMQ sockets in a folder of its own.
  A kernel that dies (``os._exit``, a crash, a limit), or a cell past its time limit
  that will not stop when interrupted (the kernel is then stopped), costs only the
  cells that had not run: the cell where it ended gets an error output saying why, the
  rest of the notebook is still graded on what was handed over. A cell whose output is
  cut is interrupted, and the next cell starts only once the kernel has taken that
  interrupt.
  Each submission also has a total output budget (past it, later outputs are dropped
  with one note; test cells, whose outputs become verdicts, keep their own), a budget
  of running time (past it, the remaining cells are not run) and a largest number of
  code cells (the cells past it are not run). Only the student's own submitted
  regular files are bound, read-only, into the sandbox's home folder.
  Before the first submission of an assignment, it grades the assignment's solution
  the same way (:func:`canary`) and goes no further unless it gets full marks: a
  sandbox that cannot import the course would otherwise grade everyone zero.
* :class:`DecideTestCells` runs next, in nbgrader's own process, which never executes
  student code: for every test cell it checks the hand-over in the cell's outputs
  against its schema, rebuilds the answers and decides with the assignment's checks
  (``solutions/<assignment>/grader.py``, hidden tests included), each cell in a child
  process with a deadline and a memory budget. The cell's outputs are replaced by the
  verdict — "passed", or an error with the feedback — which is what nbgrader's
  ``SaveAutoGrades`` then scores. A test cell without a hand-over (turned into
  ``pass``, deleted, never reached) scores zero with the message "no answer was
  handed in (…)"; a malformed one, "no valid answer was handed in"; one
  too slow or too large to check, that it was. Only that cell scores zero. The verdicts
  are written in the language of the student's notebook (:func:`notebook_language`: the
  one its hand-overs record), never in the grader machine's.
* :class:`SanitizeOutputs` runs after it: what the formgrader will render on the
  instructor's page keeps only what cannot run script there (plain text, LaTeX,
  PNG/JPEG images, HTML and Markdown cleaned by bleach).
* :class:`ReleaseStudentId`, :class:`ReleaseStubs` and :class:`ReleaseRunAll`
  (``generate_assignment``): the released notebooks ask the student for their id instead
  of carrying the instructor's example id, their stubs speak the notebook's language, and
  Run All goes on past an answer cell that raises (a stub).
"""

import asyncio
import contextlib
import hashlib
import importlib.util
import json
import os
import pathlib
import pickle
import queue
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time

import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbclient.util import run_sync
from nbconvert.preprocessors.sanitize import SanitizeHTML
from nbformat.v4 import new_output
from nbgrader.coursedir import CourseDirectory
from nbgrader.preprocessors import Execute, NbGraderPreprocessor
from traitlets import Bool, Enum, Integer, Set, Unicode

from robocourse import language
from robocourse.grading import handover, runner, students
from robocourse.grading.exercises import (
    CHECK_MEMORY_BYTES,
    CHECK_SECONDS,
    Context,
    ExerciseSet,
    ExerciseVerdict,
    headed,
    no_valid_answer,
)
from robocourse.language import say
from robocourse_grader import report, sandbox

__all__ = ["SandboxedExecute", "DecideTestCells", "SanitizeOutputs", "ReleaseStudentId",
           "ReleaseStubs",
           "ReleaseRunAll", "load_exercise_set", "canary", "require_canary", "CanaryFailed",
           "notebook_language"]

#: The example id the instructor's versions use, replaced in the release.
EXAMPLE_ID = "instructor"
#: Output kept per notebook (test cells, whose outputs become verdicts, apart).
NOTEBOOK_OUTPUT_BYTES = 5_000_000
#: Seconds to wait for a cell's outputs after its reply (nbclient's default is 4).
IOPUB_SECONDS = 30
#: Running time of a whole submission, kernel start included.
SUBMISSION_SECONDS = 600
#: Code cells run per submission (an assignment has about 30).
MAX_CODE_CELLS = 500
#: Characters of its message an error keeps once its cell or notebook is past its budget.
SHORT_ERROR_CHARS = 300
#: Seconds to re-run a submission's answer cells and rebuild what they compute (the
#: runner gives the replay 60 s), for the answers derived by hand.
REPLAY_SECONDS = 90


def _slot():
    return int(os.environ.get("ROBOCOURSE_SANDBOX_SLOT", "0"))


# --- the kernel ---------------------------------------------------------------------------

class SandboxedKernelManager(AsyncKernelManager):
    """A kernel manager that starts the kernel inside the sandbox, connected over
    ZeroMQ ``ipc`` sockets in ``folder`` (the only host folder it can write)."""

    def __init__(self, *, folder, slot, limits, home_files, environment, unsafe, **kwargs):
        super().__init__(**kwargs)
        self.folder, self.slot, self.limits = folder, slot, limits
        self.home_files, self.environment, self.unsafe = home_files, environment, unsafe
        self.transport = "ipc"
        self.ip = str(folder / "kernel")
        self.connection_file = str(folder / "kernel.json")

    @property
    def kernel_spec(self):
        spec = super().kernel_spec
        if spec is not None:
            spec.interrupt_mode = "message"      # a signal cannot cross the sandbox
        return spec

    def format_kernel_cmd(self, extra_arguments=None):
        cmd = super().format_kernel_cmd(extra_arguments)
        if self.unsafe:
            return cmd
        if os.geteuid() == 0:
            uid = sandbox.sandbox_uid(self.slot)
            os.chown(self.connection_file, uid, uid)
        return sandbox.command(cmd, slot=self.slot, limits=self.limits,
                               home_files=self.home_files, writable=self.folder,
                               env=self.environment)


def _kernel_end(km):
    """Why a kernel process ended, in words of the language in use: a function of the cell
    it ran (``"this cell"``, ``"an earlier cell"``, said by ``_record_end``)."""
    process = getattr(km.provisioner, "process", None) if km and km.provisioner else None
    try:
        code = process.wait(timeout=5) if process is not None else None
    except subprocess.TimeoutExpired:
        code = None
    if code is None:
        return lambda cell: say("the kernel stopped responding while running {cell}",
                                "feedback", cell=cell)
    if not (code < 0 or code > 128):
        return lambda cell: say("the kernel exited while running {cell} (exit status {code}: "
                                "os._exit, exit() or a crash)", "feedback", cell=cell, code=code)
    number = -code if code < 0 else code - 128
    signals = {
        9: lambda cell: say("the kernel was killed while running {cell} (it used more memory "
                            "than allowed, or was stopped)", "feedback", cell=cell),
        11: lambda cell: say("the kernel crashed while running {cell} (segmentation fault)",
                             "feedback", cell=cell),
        24: lambda cell: say("the kernel used up its CPU time while running {cell}", "feedback",
                             cell=cell),
        6: lambda cell: say("the kernel aborted while running {cell}", "feedback", cell=cell)}
    return signals.get(number, lambda cell: say(
        "the kernel was ended by signal {number} while running {cell}", "feedback",
        number=number, cell=cell))


class SandboxedExecute(Execute):
    """nbgrader's Execute with the kernel in :mod:`sandbox` and the output size capped."""

    unsafe = Bool(False, help="Run student code without a sandbox (only for code you "
                              "trust): refused unless set.").tag(config=True)
    cell_output_bytes = Integer(1_000_000, help="Output kept per cell; the rest is cut "
                                                "and the cell interrupted.").tag(config=True)
    cpu_seconds = Integer(sandbox.Limits.cpu_seconds,
                          help="CPU seconds the kernel may use in all.").tag(config=True)
    memory_bytes = Integer(sandbox.Limits.memory_bytes,
                           help="Address space of each sandboxed process.").tag(config=True)
    notebook_output_bytes = Integer(NOTEBOOK_OUTPUT_BYTES, help="Output kept per notebook "
                                    "outside its test cells; later outputs are dropped "
                                    "with a note.").tag(config=True)
    submission_seconds = Integer(SUBMISSION_SECONDS, help="Running time of a submission; "
                                 "the cells left when it is up are not run.").tag(config=True)
    max_code_cells = Integer(MAX_CODE_CELLS, help="Code cells run per submission; the "
                             "cells after them are not run.").tag(config=True)
    # A cell's last outputs can arrive well after its reply: what is left of a flood that
    # was cut (a print of 100 MB) takes seconds to drain on a busy machine. nbclient waits
    # 4 s by default, and past that the kernel is stopped and every later cell is lost.
    iopub_timeout = Integer(IOPUB_SECONDS, help="Seconds to wait, after a cell's reply, for "
                            "its last outputs; past them the kernel is stopped and the "
                            "cells left are not run.").tag(config=True)
    # Every output has arrived when the last cell has run: a graceful shutdown would only
    # wait for the kernel to exit by itself (0.5 s a submission, sometimes 3 s), and the
    # sandbox ends whatever it leaves.
    shutdown_kernel = Enum(["graceful", "immediate"], default_value="immediate",
                           help="How the kernel is stopped after the last cell.").tag(config=True)
    canary = Bool(True, help="Before the first submission of an assignment, grade its "
                             "solution the same way and refuse to go on unless it gets full "
                             "marks (see canary()).").tag(config=True)

    def preprocess(self, nb, resources=None, km=None):
        if not self.unsafe:
            sandbox.require()
        else:
            self.log.warning("running student code WITHOUT a sandbox (--unsafe)")
        assignment = (resources or {}).get("nbgrader", {}).get("assignment")
        if self.canary and assignment:
            require_canary(self.config, assignment, self.log)
        self.resources = resources
        self.spoken = notebook_language(nb)       # what the notes in its cells are written in
        with self._kernel_folder() as folder:
            self._folder = folder
            return self._run(nb, resources, km)

    @contextlib.contextmanager
    def _kernel_folder(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="robocourse-kernel-"))
        try:
            if os.geteuid() == 0 and not self.unsafe:
                uid = sandbox.sandbox_uid(_slot())
                os.chown(folder, uid, uid)
            os.chmod(folder, 0o700)
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def _lock_folder(self):
        """After the kernel has bound its sockets, it may no longer write the folder."""
        if os.geteuid() == 0 and not self.unsafe:
            os.chown(self._folder, 0, 0)
            os.chmod(self._folder, 0o755)

    def _home_files(self):
        """The files bound read-only into the sandbox's home folder: those of the autograded
        folder that the student submitted as regular files. A link (whose target nbgrader,
        run as the instructor, copied), a pipe, a device, a file only the instructor's side
        added, and anything when the submission is unknown, are never bound."""
        path = pathlib.Path(self.resources.get("metadata", {}).get("path") or ".")
        info = self.resources.get("nbgrader", {})
        if not (path.is_dir() and info.get("student") and info.get("assignment")):
            return []
        coursedir = CourseDirectory(config=self.config)
        submitted = pathlib.Path(coursedir.format_path(
            coursedir.submitted_directory, info["student"], info["assignment"]))
        return [p for p in sorted(path.iterdir()) if p.suffix != ".ipynb"
                and _is_regular_file(p) and _is_regular_file(submitted / p.name)]

    def create_kernel_manager(self):
        student = self.resources.get("nbgrader", {}).get("student", "")
        environment = {"NBGRADER_EXECUTION": "autograde", students.GRADED_STUDENT: student}
        home_files = self._home_files()
        if self.unsafe:
            os.environ.update(environment)
        limits = sandbox.Limits(cpu_seconds=self.cpu_seconds, memory_bytes=self.memory_bytes)
        if not self.kernel_name:
            self.kernel_name = self.nb.metadata.get("kernelspec", {}).get("name", "python3")
        self.km = SandboxedKernelManager(
            folder=self._folder, slot=_slot(), limits=limits, home_files=home_files,
            environment=environment, unsafe=self.unsafe, kernel_name=self.kernel_name,
            config=self.config)
        return self.km

    async def async_start_new_kernel(self, **kwargs):
        """Start the kernel with its own output streams discarded (student prints reach
        the grader only as cell outputs)."""
        kwargs.setdefault("stdout", subprocess.DEVNULL)
        kwargs.setdefault("stderr", subprocess.DEVNULL)
        await super().async_start_new_kernel(**kwargs)

    def _run(self, nb, resources, km):
        from nbclient import NotebookClient

        NotebookClient.__init__(self, nb, km)
        self.reset_execution_trackers()
        self._check_assign_resources(resources)
        self._cell_bytes, self._cut, self._interrupting, self._timed_out = {}, set(), None, False
        self._notebook_bytes, self._notebook_cut, self._cell_index = 0, False, 0
        self._deadline = time.monotonic() + self.submission_seconds
        code_cells = 0
        try:
            with self.setup_kernel():
                self._lock_folder()
                info = self.wait_for_reply(self.kc.kernel_info())
                self.nb.metadata["language_info"] = info["content"]["language_info"]
                for index, cell in enumerate(self.nb.cells):
                    code_cells += cell.cell_type == "code"
                    reason = self._not_run(cell, code_cells)
                    if reason:
                        self._record_end(index, "NotRun", reason)
                        break
                    try:
                        self.preprocess_cell(cell, resources, index)
                    except DeadKernelError:
                        self._record_end(index, "KernelDied", _kernel_end(self.km))
                        break
                    except CellTimeoutError:             # the kernel is stopped with the sandbox
                        self._record_end(index, "CellTimeoutError", self._stuck(cell))
                        break
        except DeadKernelError:
            pass                               # died while shutting down: nothing lost
        self.set_widgets_metadata()
        return self.nb, self.resources

    def _not_run(self, cell, code_cells):
        """Why ``cell`` (the ``code_cells``-th code cell) is not run: the submission's running
        time is up or it has too many code cells (a function of the cell, see
        ``_record_end``); None if it is run."""
        if cell.cell_type != "code":
            return None
        if time.monotonic() >= self._deadline:
            return lambda where: say(
                "the submission used up its running time of {seconds} s before {cell}; it is "
                "graded on the cells that ran", "feedback", seconds=self.submission_seconds,
                cell=where)
        if code_cells > self.max_code_cells:
            return lambda where: say(
                "the notebook has more than {count} code cells; {cell} and the ones after it "
                "were not run", "feedback", count=self.max_code_cells, cell=where)
        return None

    def _record_end(self, index, name, reason):
        """The kernel ended (or was stopped) in cell ``index``: the cell says why, and the
        test cells after it say they were not run — in the student's notebook's language
        (``reason``: the why, a function of the cell it names)."""
        with language.using(self.spoken):
            here = reason(say("this cell", "feedback"))
            earlier = reason(say("an earlier cell", "feedback"))
        self.nb.cells[index].outputs.append(new_output(
            "error", ename=name, evalue=here, traceback=[f"{name}: {here}"]))
        self.resources.setdefault("robocourse", {})["kernel_died"] = {
            "cell": index, "reason": here, "earlier": earlier}
        self.log.warning("kernel ended in cell %d: %s", index, here)

    def _stuck(self, cell):
        """Why a cell that would not finish stopped the kernel (a function of the cell)."""
        if self._timed_out and time.monotonic() >= self._deadline:
            return lambda where: say(
                "the kernel was stopped: the submission ran past its running time of {seconds} "
                "s in {cell}, which did not stop when interrupted", "feedback",
                seconds=self.submission_seconds, cell=where)
        if self._timed_out:
            seconds = self._get_timeout(cell)
            return lambda where: say(
                "the kernel was stopped: {cell} ran past its time limit of {seconds} s and did "
                "not stop when interrupted", "feedback", seconds=seconds, cell=where)
        return lambda where: say(
            "the kernel was stopped: the output of {cell} did not all arrive within {seconds} s "
            "of its end", "feedback", seconds=self.iopub_timeout, cell=where)

    def _get_timeout(self, cell):
        """A cell's time limit, cut short where the submission's running time ends."""
        limit = super()._get_timeout(cell)
        left = max(1, int(self._deadline - time.monotonic()) + 1)
        return left if limit is None else min(limit, left)

    async def _async_handle_timeout(self, timeout, cell=None):
        self._timed_out = True
        return await super()._async_handle_timeout(timeout, cell)

    def output(self, outs, msg, display_id, cell_index):
        """Keep an output within its cell's budget and the notebook's; past either, an error
        is kept shortened (the cell still shows it failed) and anything else dropped."""
        size = _message_size(msg)
        used = self._cell_bytes.get(cell_index, 0) + size
        self._cell_bytes[cell_index] = used
        within_cell = used <= self.cell_output_bytes
        within = within_cell and self._spend(outs, cell_index, size)
        if msg["msg_type"] == "error":
            if not within:
                with language.using(self.spoken):
                    msg = _shortened(msg)
            return super().output(outs, msg, display_id, cell_index)
        if within:
            return super().output(outs, msg, display_id, cell_index)
        if not within_cell:
            self._cut_cell(outs, cell_index)
        return None

    def _spend(self, outs, cell_index, size):
        """Count ``size`` bytes against the notebook's output budget (a test cell's outputs,
        replaced by its verdict, do not count): whether they fit. The first output that does
        not leaves a note in its cell."""
        if _is_test(self.nb.cells[cell_index]):
            return True
        self._notebook_bytes += size
        if self._notebook_bytes <= self.notebook_output_bytes:
            return True
        if not self._notebook_cut:
            self._notebook_cut = True
            with language.using(self.spoken):
                note = say("[output cut: this notebook's outputs passed {bytes} bytes; every "
                           "later output was dropped]", "feedback",
                           bytes=f"{self.notebook_output_bytes:,}") + "\n"
            outs.append(new_output("stream", name="stdout", text=note))
        return False

    def _update_display_id(self, display_id, msg):
        """A display update counts against the notebook's budget once for every output it
        rewrites; past the budget it is dropped."""
        rewritten = sum(len(indices) for indices in
                        self._display_id_map.get(display_id, {}).values())
        outs = self.nb.cells[self._cell_index].get("outputs", [])
        if self._spend(outs, self._cell_index, _message_size(msg) * rewritten):
            super()._update_display_id(display_id, msg)

    def _cut_cell(self, outs, cell_index):
        """The first output past a cell's budget: a note, and the cell is interrupted."""
        if cell_index not in self._cut:
            self._cut.add(cell_index)
            with language.using(self.spoken):
                note = say("[output cut: this cell printed more than {bytes} bytes; the rest "
                           "was dropped and the cell interrupted]", "feedback",
                           bytes=f"{self.cell_output_bytes:,}") + "\n"
            outs.append(new_output("stream", name="stdout", text=note))
            self._interrupting = asyncio.ensure_future(self._interrupt())

    async def _interrupt(self):
        """Interrupt the kernel (a request on its control channel) and wait for its reply:
        by then the kernel has sent itself the signal, which lands in the cell that printed
        too much or, if that cell had already ended, nowhere."""
        request = self.kc.session.msg("interrupt_request", {})
        self.kc.control_channel.send(request)
        while True:
            reply = await self.kc.control_channel.get_msg(timeout=self.timeout or 30)
            if reply["parent_header"].get("msg_id") == request["header"]["msg_id"]:
                return

    async def async_execute_cell(self, cell, cell_index, *args, **kwargs):
        """nbclient's cell execution; after a cell whose output was cut, the next cell
        starts only once the kernel has taken the interrupt, so the interrupt can never
        land in the next cell (on a loaded machine the request may be handled late)."""
        self._timed_out, self._cell_index = False, cell_index
        try:
            return await super().async_execute_cell(cell, cell_index, *args, **kwargs)
        finally:
            interrupting, self._interrupting = self._interrupting, None
            if interrupting is not None:
                with contextlib.suppress(queue.Empty):   # no reply: the kernel has died
                    await interrupting

    execute_cell = run_sync(async_execute_cell)


def _message_size(msg):
    content = msg.get("content", {})
    size = len(content.get("text", "")) + len(content.get("evalue", ""))
    size += sum(len(line) for line in content.get("traceback", []))
    for value in content.get("data", {}).values():
        size += len(value) if isinstance(value, str) else len(json.dumps(value))
    return size


def _shortened(msg):
    """An error message cut to the start of its name and value, without traceback (marked
    in the language in use)."""
    content = msg["content"]
    name, value = (content.get(key, "") for key in ("ename", "evalue"))
    name = name[:SHORT_ERROR_CHARS]
    value = value[:SHORT_ERROR_CHARS] + say("… [cut]", "feedback")
    return {**msg, "content": {**content, "ename": name, "evalue": value,
                               "traceback": [f"{name}: {value}"]}}


def _is_regular_file(path):
    """Whether ``path`` itself (not a link's target) is a regular file."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


# --- the verdicts -------------------------------------------------------------------------

def load_exercise_set(path):
    """The ``ExerciseSet`` of a grader module (``solutions/<assignment>/grader.py``) and
    the module's own text (its digest seeds the hidden tests' random inputs)."""
    path = pathlib.Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no grader module at {path}: every assignment needs one "
                                "(see the instructor guide)")
    spec = importlib.util.spec_from_file_location(f"robocourse_grader_{path.parent.name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    sets = [v for v in vars(module).values() if isinstance(v, ExerciseSet)]
    if len(sets) != 1:
        raise ValueError(f"{path} should define exactly one ExerciseSet (as `exercises`); "
                         f"found {len(sets)}")
    sets[0].solution = (EXAMPLE_ID, _stored_handovers(path.parent))
    return sets[0], path.read_bytes()


def _stored_handovers(folder):
    """``[(test cell, answers)]``: the hand-overs stored in the outputs of the solution
    notebooks of ``folder`` (the instructor's run, with the example id)."""
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            for payload in _handovers(cell) if _is_test(cell) else ():
                with contextlib.suppress(handover.HandoverError):
                    found.append((_nbgrader(cell)["grade_id"], handover.check_payload(payload)[1]))
    return found


_LOADED = {}


def _exercise_set(path):
    """Load each grader module once per process (its expected answers are cached)."""
    key = str(pathlib.Path(path).resolve())
    if key not in _LOADED:
        _LOADED[key] = load_exercise_set(path)
    return _LOADED[key]


def _nbgrader(cell):
    return cell.metadata.get("nbgrader", {})


def _handovers(cell):
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if handover.MIME_TYPE in data:
            yield data[handover.MIME_TYPE]


def _error_text(cell):
    """What the last error of a test cell that handed nothing over was, for its verdict: an
    answer not defined in the notebook's language, any other error as Python named it."""
    errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    if not errors:
        return ""
    name, value = errors[-1].get("ename", ""), errors[-1].get("evalue", "")
    missing = runner.NOT_DEFINED.fullmatch(value) if name == "NameError" else None
    if missing:
        return say("{name} is not defined: its answer cell raised an error or was not run",
                   "feedback", name=missing.group(1))
    text = f"{name}: {value}"
    return text if len(text) <= 300 else text[:299] + "…"


class DecideTestCells(NbGraderPreprocessor):
    """Decide every test cell from its hand-over with the assignment's grader module.

    Each test cell is decided apart: its hand-over checked against the schema, then its
    answers rebuilt and its tests run in a child process with a deadline and a memory
    budget (``Context.decide``), so a malformed, slow or huge hand-over costs only its
    own cell. What is not a wrong answer is recorded in ``resources["robocourse"]
    ["faults"]`` as ``(whose, what)``: the student's (the hand-over, the deadline, the
    memory) or the grader's (an error in the grader)."""

    grader_module = Unicode("grader.py", help="The checks of an assignment, in its source "
                                              "folder (never released).").tag(config=True)
    unsafe = Bool(False, help="Run student functions without a sandbox.").tag(config=True)
    check_seconds = Integer(CHECK_SECONDS, help="Seconds to rebuild and check the answers of "
                            "one test cell (then it scores zero).").tag(config=True)
    check_memory_bytes = Integer(CHECK_MEMORY_BYTES, help="Memory to rebuild and check the "
                                 "answers of one test cell, beyond what the grader holds "
                                 "(then it scores zero).").tag(config=True)

    def _grader_path(self, assignment):
        coursedir = CourseDirectory(config=self.config)
        folder = coursedir.format_path(coursedir.source_directory, ".", assignment)
        return pathlib.Path(folder) / self.grader_module

    def preprocess(self, nb, resources):
        info = resources["nbgrader"]
        exercise_set, text = _exercise_set(self._grader_path(info["assignment"]))
        student = info["student"]
        secret = hashlib.sha256(text).digest()
        environment = {students.GRADED_STUDENT: student}

        def new_runner():
            if self.unsafe:
                return runner.Runner()
            return sandbox.SandboxedRunner(slot=_slot(), env=environment)

        context = Context(exercise_set, student, secret=secret, runner_factory=new_runner,
                          check_seconds=self.check_seconds,
                          check_memory_bytes=self.check_memory_bytes)
        notes = resources.setdefault("robocourse", {})
        faults = notes.setdefault("faults", [])
        spoken = notebook_language(nb)
        nb.metadata.setdefault("robocourse", {})["language"] = spoken   # the feedback page's
        language.catalogue("feedback", spoken)      # read once here, not in every child
        try:
            with language.using(spoken):
                context.recomputed = _recompute_apart(nb, exercise_set, student, context)
                for index, cell in enumerate(nb.cells):
                    if _is_test(cell):
                        verdict = self._decide(cell, index, exercise_set, context,
                                               notes.get("kernel_died"))
                        if verdict.fault:
                            faults.append((verdict.fault, verdict.message))
        finally:
            context.close()
        return nb, resources

    def _decide(self, cell, index, exercise_set, context, died):
        cell_id = _nbgrader(cell).get("grade_id")
        exercise = exercise_set.by_cell(cell_id)
        if exercise is None:
            raise ValueError(f"the test cell {cell_id!r} has no exercise in the grader module "
                             f"of {exercise_set.name}")
        verdict = _decided(exercise, list(_handovers(cell)), context)
        if verdict is None:
            verdict = ExerciseVerdict.failed(_no_answer(exercise.number, cell, index, died),
                                      "no-answer")
        context.verdicts[exercise.number] = verdict
        cell.outputs = [_verdict_output(verdict)]
        cell.metadata["robocourse"] = {"exercise": exercise.number, "passed": verdict.passed,
                                       "code": verdict.code}
        return verdict


def notebook_language(nb):
    """The language the student's notebook speaks (one of ``language.LANGUAGES``): the one
    its first valid hand-over records (``language.use`` in the notebook's set-up cell), else
    the notebook's own ``language`` metadata when it is one of them (a notebook that handed
    nothing over), else English — never the grader machine's.

    >>> notebook_language(nbformat.v4.new_notebook(metadata={"language": "zh_CN"}))
    'zh_CN'
    """
    for cell in nb.cells:
        for payload in _handovers(cell) if _is_test(cell) else ():
            with contextlib.suppress(handover.HandoverError):
                handover.check_payload(payload)
                return handover.payload_language(payload)
    declared = nb.metadata.get("language")
    return declared if declared in language.LANGUAGES else language.SOURCE


def _decided(exercise, payloads, context):
    """The verdict on the last hand-over of ``exercise`` among a test cell's ``payloads``
    (each checked against the schema: a malformed one is no valid answer), or None when
    the cell handed nothing over."""
    number, malformed = exercise.number, None
    for payload in reversed(payloads):
        try:
            handed_for, answers = handover.check_payload(payload)
        except handover.HandoverError as error:
            malformed = malformed or error
            continue
        if handed_for == number:
            return context.decide(exercise, answers)
    if malformed is None:
        return None
    return ExerciseVerdict.failed(no_valid_answer(number, malformed), "not-handed-over")


def _no_answer(number, cell, index, died):
    if died is not None and index > died["cell"]:
        why = say("not run: {reason}", "feedback", reason=died["earlier"])
    else:
        why = _error_text(cell) or say("the test cell did not run to its end", "feedback")
    return headed(number, say("no answer was handed in ({why})", "feedback", why=why))


def _verdict_output(verdict):
    """The test cell's output of ``verdict``: its message, after a label saying what kind
    of verdict it is (:func:`_verdict_label`), in the notebook's language. The mistake's
    code is not shown: the class report reads it from the cell's metadata."""
    if verdict.passed:
        return new_output("stream", name="stdout", text=verdict.message + "\n")
    label = _verdict_label(verdict.code)
    return new_output("error", ename=label, evalue=verdict.message,
                      traceback=[say("{label} — {message}", "feedback", label=label,
                                     message=verdict.message)])


def _verdict_label(code):
    """What kind of verdict a failure with the mistake ``code`` is, as the student reads it:
    not answered, over a time or memory limit, for the instructor to review, the grader's
    error, or (any other code) a wrong answer.

    >>> _verdict_label("no-answer"), _verdict_label("term:h:sign")
    ('Not answered', 'Wrong answer')
    """
    if code in ("no-answer", "not-handed-over"):
        return say("Not answered", "feedback")
    if code in ("too-slow", "timeout"):
        return say("Over the time limit", "feedback")
    if code == "too-large":
        return say("Over the memory limit", "feedback")
    if code == report.UNDECIDED:
        return say("For the instructor to review", "feedback")
    if code == "grader-error":
        return say("Grader error", "feedback")
    return say("Wrong answer", "feedback")


def _is_test(cell):
    return cell.cell_type == "code" and bool(_nbgrader(cell).get("grade"))


def _recompute_apart(nb, exercise_set, student, context):
    """:func:`_recompute` in a child process under the context's deadline and memory
    budget (the replay's data is rebuilt there): the results pickled, loaded where the
    exercises are decided; if the child fails, every answer to recompute fails with why."""
    numbers = _replay_groups(nb, exercise_set)[1].values()
    if not numbers:
        return {}
    outcome = context.isolated(
        lambda: pickle.dumps(_recompute(nb, exercise_set, student, context)),
        uses_runner=True, seconds=REPLAY_SECONDS)
    if not outcome.failure:
        return outcome.value
    if outcome.failure == "timeout":
        why = say("it took longer than {seconds} s", "feedback", seconds=REPLAY_SECONDS)
    elif outcome.failure == "memory":
        why = say("it needed more than {megabytes} MB of memory", "feedback",
                  megabytes=context.check_memory_bytes >> 20)
    else:
        why = say("the grader failed ({detail})", "feedback", detail=outcome.detail)
    return {number: {"error": say("not recomputed: {why}", "feedback", why=why)}
            for number in numbers}


def _replay_groups(nb, exercise_set):
    """The replay's groups of cells (one per test cell) and ``{group index: exercise
    number}`` of the exercises with answers to derive by hand."""
    groups, numbers, before, cells = [], {}, [], []
    for cell in nb.cells:
        meta = _nbgrader(cell)
        if _is_test(cell):
            exercise = exercise_set.by_cell(meta.get("grade_id"))
            by_hand = exercise.by_hand if exercise is not None else {}
            forbidden = sorted({f for routes in by_hand.values() for f in routes})
            groups.append({"label": say("exercise {number}", "feedback", number=exercise.number)
                           if exercise else say("a cell", "feedback"),
                           "before": before, "cells": cells,
                           "names": list(by_hand) or None, "forbidden": forbidden})
            if by_hand:
                numbers[len(groups) - 1] = exercise.number
            before, cells = [], []
        elif cell.cell_type == "code" and meta.get("solution"):
            cells.append(cell.source)
        elif cell.cell_type == "code" and meta.get("locked"):
            before.append(cell.source)
    return groups, numbers


def _recompute(nb, exercise_set, student, context):
    """Re-run the notebook's code in the runner and recompute every answer to be derived
    "by hand" with its library routes switched off: ``{exercise number: result}``.

    The set-up comes from the locked cells (restored by nbgrader from the instructor's
    version), the answers from the student's solution cells before each test cell."""
    groups, numbers = _replay_groups(nb, exercise_set)
    if not numbers:
        return {}
    results = context.runner().replay(setup=f"STUDENT_ID = {student!r}", groups=groups)
    return {number: results[index] for index, number in numbers.items()}


# --- the canary: the solution graded first ---------------------------------------------

#: The student id the solution is graded as.
CANARY = "canary-solution"


class CanaryFailed(RuntimeError):
    """The solution of an assignment does not get full marks where the students' would be
    graded: no submission is graded (the message says why)."""


def canary(config, assignment):
    """Grade the solution of ``assignment`` (its notebooks in the source folder) as a
    submission — run in the sandbox, every test cell decided by the grader — and return
    why it does not get full marks, ``""`` when it does.

    A grading environment where the sandbox cannot import the course, or start, or where
    the grader cannot decide a test cell, would grade every student zero: this finds it
    before any student is graded."""
    coursedir = CourseDirectory(config=config)
    source = pathlib.Path(coursedir.format_path(coursedir.source_directory, ".", assignment))
    notebooks = sorted(source.glob("*.ipynb"))
    if not notebooks:
        return f"there is no solution notebook in {source}"
    reasons = []
    for path in notebooks:
        try:
            reasons += _short_of_full_marks(_graded_solution(config, assignment, path),
                                            path.name)
        except Exception as error:  # noqa: BLE001 - the reason the grading cannot go on
            reasons.append(f"{path.name}: {type(error).__name__}: {error}")
    return "; ".join(reasons)


def _graded_solution(config, assignment, path):
    """The solution notebook ``path`` run in the sandbox and decided, as a student's."""
    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory(prefix="robocourse-canary-") as folder:
        resources = {"metadata": {"path": folder, "name": path.stem},
                     "nbgrader": {"assignment": assignment, "student": CANARY,
                                  "notebook": path.stem}}
        nb, resources = SandboxedExecute(config=config, canary=False).preprocess(nb, resources)
        nb, _ = DecideTestCells(config=config).preprocess(nb, resources)
    return nb


def _short_of_full_marks(nb, name):
    """Why a graded solution notebook does not get full marks: its test cells that did
    not pass, and the first error of its other cells (often the reason)."""
    tests = [_verdict_text(cell) for cell in nb.cells if _is_test(cell)
             and not cell.metadata["robocourse"]["passed"]]
    if not tests:
        return []
    errors = [f"cell {index + 1}: {_error_text(cell)}" for index, cell in enumerate(nb.cells)
              if not _is_test(cell) and _error_text(cell)]
    shown = tests[:3] + ([f"… and {len(tests) - 3} more"] if len(tests) > 3 else [])
    return [f"{name}: " + "; ".join(shown + errors[:1])]


def _verdict_text(cell):
    return " ".join(o.get("evalue", "") or o.get("text", "") for o in cell.outputs).strip()


_CANARIES = {}


def require_canary(config, assignment, log=None):
    """Raise :class:`CanaryFailed` unless the solution of ``assignment`` gets full marks
    (:func:`canary`, run once per process and assignment)."""
    coursedir = CourseDirectory(config=config)
    key = (coursedir.root, assignment)
    if key not in _CANARIES:
        started = time.monotonic()
        _CANARIES[key] = canary(config, assignment)
        if log is not None:
            log.info("the solution of %s graded first, in %.1f s: %s", assignment,
                     time.monotonic() - started, _CANARIES[key] or "full marks")
    if _CANARIES[key]:
        raise CanaryFailed(canary_message(assignment, _CANARIES[key]))


def canary_message(assignment, reason):
    """What the instructor reads when the canary of ``assignment`` fails."""
    return (f"the solution of {assignment}, graded first as a check of the grading "
            f"environment, does not get full marks, so no submission is graded: {reason}")


# --- what the instructor's browser is shown -------------------------------------------

class SanitizeOutputs(NbGraderPreprocessor, SanitizeHTML):
    """Make the autograded notebook safe to render on the instructor's page (the formgrader
    renders it unsanitised, on the origin of the instructor's Jupyter).

    Outputs of student code keep plain text, LaTeX and PNG/JPEG images (their data base64
    only, their metadata only a numeric width and height); HTML and Markdown are cleaned
    by bleach's allow-list (no script, no event handler, no ``javascript:`` link, no
    iframe); every other MIME type — JavaScript, SVG, widget views, a hand-over left in a
    cell of the student's — is dropped, and so is the notebook's widget state. Markdown
    and raw cells are cleaned too, except the instructor's locked cells (nbgrader has
    restored them from the gradebook)."""

    safe_output_keys = Set({"text/plain", "text/latex", "image/png", "image/jpeg"})
    sanitized_output_types = Set({"text/html", "text/markdown"})

    def preprocess(self, nb, resources):
        nb.metadata.pop("widgets", None)
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell, resources, index):
        meta = _nbgrader(cell)
        if cell.cell_type != "code" and meta.get("locked") and meta.get("grade_id"):
            return cell, resources
        cell, resources = super().preprocess_cell(cell, resources, index)
        for output in cell.get("outputs", []):
            _clean_images(output)
        return cell, resources


_BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*")


def _clean_images(output):
    """An output's images keep only base64 data and a numeric width and height (the HTML
    exporter writes both into an ``<img>`` tag, the size unquoted)."""
    if "metadata" in output:
        output["metadata"] = {
            key: {k: v for k, v in value.items() if k in ("width", "height")
                  and isinstance(v, int | float) and not isinstance(v, bool)}
            for key, value in output["metadata"].items()
            if key in ("image/png", "image/jpeg") and isinstance(value, dict)}
    data = output.get("data", {})
    for key in ("image/png", "image/jpeg"):
        if key in data and not (isinstance(data[key], str) and _BASE64.fullmatch(data[key])):
            del data[key]


# --- the release --------------------------------------------------------------------------

class ReleaseRunAll(NbGraderPreprocessor):
    """In the student version, Run All reaches every exercise: an answer cell that raises
    (the untouched stub does) and a test cell whose answer was never assigned are tagged
    ``raises-exception``, so JupyterLab (and nbclient) go on with the next cell. A test
    cell whose visible tests fail does not stop Run All by itself: it shows its verdict as
    an error output and runs to its end (``exercises.NotPassed``)."""

    def preprocess_cell(self, cell, resources, index):
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "code" and (meta.get("solution") or meta.get("grade")):
            tags = cell.metadata.setdefault("tags", [])
            if "raises-exception" not in tags:
                tags.append("raises-exception")
        return cell, resources


class ReleaseStubs(NbGraderPreprocessor):
    """In the student version of a notebook in another language than English (its metadata
    ``language``, one of ``language.LANGUAGES``: tools/translate_exercises.py), the stubs
    that nbgrader wrote in place of the solutions (``ClearSolutions.code_stub`` and
    ``text_stub``) say their words in that language."""

    def preprocess(self, nb, resources):
        declared = nb.metadata.get("language")
        self.spoken = declared if declared in language.LANGUAGES else language.SOURCE
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell, resources, index):
        if cell.metadata.get("nbgrader", {}).get("solution") and self.spoken != language.SOURCE:
            with language.using(self.spoken):
                cell.source = cell.source.replace(
                    "YOUR CODE HERE", say("YOUR CODE HERE", "feedback")).replace(
                    "YOUR ANSWER HERE", say("YOUR ANSWER HERE", "feedback"))
        return cell, resources


class ReleaseStudentId(NbGraderPreprocessor):
    """In the student version, ``STUDENT_ID = "instructor"`` becomes the placeholder."""

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and cell.source.lstrip().startswith("STUDENT_ID = "):
            cell.source = cell.source.replace(f'STUDENT_ID = "{EXAMPLE_ID}"',
                                              f'STUDENT_ID = "{students.PLACEHOLDER}"', 1)
        return cell, resources
