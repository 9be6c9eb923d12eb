"""``robocourse-autograde``: a whole class graded in parallel, each submission sandboxed.

    robocourse-autograde ch3_newton_euler            # every submission, a worker per core
    robocourse-autograde ch3_newton_euler --student s1234567 --force
    robocourse-autograde ch3_newton_euler --workers 1
    robocourse-autograde '*'                         # every assignment, one pool of workers
    robocourse-autograde ch3_newton_euler --language=zh_CN   # the class report in Chinese

nbgrader stays the engine: it reads ``nbgrader_config.py``, restores the test cells
from the gradebook, records the students and submissions, writes the scores and
later the feedback and the grade export. This command runs nbgrader's autograde
pipeline in three steps, as a pipeline over the submissions:

0. first, in the workers: each assignment's solution is graded as a submission
   (``preprocessors.canary``); unless every one gets full marks — a sandbox that
   cannot import the course, a grader module that fails — the command stops, saying
   why, before any student is graded;
1. in this process: whatever in a submitted folder is not a regular file or a folder
   (a symbolic link, whose target nbgrader would copy as the instructor; a pipe; a
   device) is removed from it by the configuration's pre-convert hook, with a warning
   naming the student; then nbgrader
   records the submission and *sanitizes* its notebook
   (outputs cleared, locked and test cells restored from the gradebook), which is
   then handed to a worker at once;
2. in parallel worker processes, one per core: the notebook runs in a sandboxed
   kernel and the grader decides every test cell (``preprocessors``) — the slow
   part, which never writes the gradebook. Each submission has a wall-clock limit
   (``submission_wall_seconds``, beyond the limits of its parts): past it, its worker
   is stopped and replaced, and the submission scores zero;
3. in this process again, as each worker hands a notebook back (between the
   sanitizing of the next ones): nbgrader saves the scores (``SaveAutoGrades``,
   ``AssignLatePenalties``) — one writer, so the gradebook is never contended.

So the workers start on the first submission while the others are still being
sanitized, and this process's own steps never leave a core idle.

A progress bar shows the submissions as they finish; the summary lists how many
were graded, the time and the peak memory, and what went wrong, by whose fault: the
student's (an unreadable notebook, a kernel that died, a hand-over that is malformed,
too slow or too large to check — only what it touched scores zero) or the grader's
(an error in the grader, a worker that failed, a submission past its wall-clock
limit). The class report (``report``) is written to
``grading/reports/<assignment>.csv`` and ``.png`` — one report for an assignment and its
versions in other languages (``ch0_kinematics_zh_CN``), its words in the instructor's
language (``--language=zh_CN``; English by default), whatever language each student's
feedback is in. The command exits with status 1
when the grader is at fault somewhere (or the canary fails), 0 otherwise.
"""

import copy
import dataclasses
import multiprocessing
import multiprocessing.connection
import os
import resource
import signal
import stat
import sys
import time
import traceback

import nbformat
from nbconvert.exporters import NotebookExporter
from nbgrader.apps.autogradeapp import AutogradeApp
from nbgrader.converters import Autograde
from nbgrader.converters.base import BaseConverter
from nbgrader.preprocessors import SaveAutoGrades
from traitlets import Bool, Enum, Integer, default

from robocourse import language as languages
from robocourse.language import LANGUAGES, say
from robocourse_grader import report

#: Wall-clock seconds of one submission in a worker, beyond which the worker is stopped:
#: above what its limited parts can take (the kernel's running time, the replay, each
#: test cell's deadline), so reached only when the grader itself hangs.
SUBMISSION_WALL_SECONDS = 1800

__all__ = ["ParallelAutograde", "ParallelAutogradeApp", "main", "remove_special_files",
           "remove_special_files_hook"]


def remove_special_files(folder):
    """Remove from a submitted folder, at any depth, everything that is not a regular file or
    a folder — symbolic links (nbgrader, run as the instructor, would copy their targets),
    named pipes, devices, sockets — and return their paths relative to ``folder``. A folder
    that is itself a link is removed whole (its path is returned as ``"."``)."""
    if os.path.islink(folder):
        os.unlink(folder)
        return ["."]
    removed = []
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = os.path.join(parent, name)
            mode = os.lstat(path).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                os.unlink(path)
                removed.append(os.path.relpath(path, folder))
    return sorted(removed)


def remove_special_files_hook(assignment, student, notebooks):
    """nbgrader's pre-convert hook of ``Autograde`` (``nbgrader_config.py``; both plain
    ``nbgrader autograde`` and this command run it, before nbgrader copies anything):
    :func:`remove_special_files` on the folder of each notebook of the submission, each
    removal logged as a warning naming the student."""
    from traitlets.log import get_logger

    for folder in sorted({os.path.dirname(notebook) for notebook in notebooks}):
        removed = remove_special_files(folder)
        if removed:
            get_logger().warning("%s: removed from the submission, as it is not a regular file "
                                 "(a link, pipe or device): %s",      # its folder names the
                                 os.path.basename(os.path.dirname(folder)),   # student (the
                                 ", ".join(removed))                # argument is a pattern)


@dataclasses.dataclass
class Job:
    """One sanitized notebook waiting to be executed and decided."""

    student: str
    who: str            # the student, and the assignment when several are graded
    path: str
    resources: dict

    def run(self, exporter):
        """Run the notebook in its sandbox and decide its test cells; write it back."""
        started = time.monotonic()
        try:
            nb = nbformat.read(self.path, as_version=nbformat.NO_CONVERT)
            output, resources = exporter.from_notebook_node(nb, resources=self.resources)
            with open(self.path, "w", encoding="utf-8") as file:
                file.write(output)
        except Exception as error:  # noqa: BLE001 - reported in the summary, the batch goes on
            return self.outcome([("grader", _last_line(error))], started, failed=True)
        notes = resources.get("robocourse", {})
        faults = list(notes.get("faults", []))
        if "kernel_died" in notes:
            died = notes["kernel_died"]
            faults.insert(0, ("student", f"cell {died['cell'] + 1}: {died['reason']}"))
        return self.outcome(faults, started)

    def outcome(self, faults, started, failed=False):
        return Outcome(self.student, self.who, self.resources["nbgrader"]["assignment"],
                       self.path, faults, failed, time.monotonic() - started)


@dataclasses.dataclass
class Canary:
    """The solution of an assignment, graded before the students (``preprocessors.canary``)."""

    assignment: str
    who: str = "the solution"

    def run(self, exporter):
        from robocourse_grader.preprocessors import canary

        started = time.monotonic()
        reason = canary(exporter.config, self.assignment)
        return self.outcome([("grader", reason)] if reason else [], started, bool(reason))

    def outcome(self, faults, started, failed=False):
        return Outcome("", self.who, self.assignment, "", faults, failed,
                       time.monotonic() - started)


@dataclasses.dataclass
class Outcome:
    """What came of a job: its faults, ``(whose, what)`` with whose ``"student"`` or
    ``"grader"``; ``failed``: the notebook was not graded at all (it scores zero)."""

    student: str
    who: str
    assignment: str
    path: str
    faults: list = dataclasses.field(default_factory=list)
    failed: bool = False
    seconds: float = 0.0


def _last_line(error):
    return traceback.format_exception_only(type(error), error)[-1].strip()


def _unreadable(error, student, who, assignment):
    """The outcome of a submission that nbgrader could not read: the student's fault when
    it is not a notebook of the assignment (not JSON, not a notebook, a cell of the
    assignment missing), else the grader's."""
    from nbformat.reader import NotJSONError
    from nbformat.validator import ValidationError

    kind = "a cell of the assignment is missing" if isinstance(error, KeyError) \
        else type(error).__name__
    whose = "student" if isinstance(error, (KeyError, NotJSONError, ValidationError)) \
        else "grader"
    return Outcome(student, who, assignment, "", [(whose, (
        f"could not be read as a notebook of {assignment} ({kind}: {error}); it scores "
        "zero"))], failed=True)


# --- the workers ----------------------------------------------------------------------

def _work(config, preprocessors, slot, channel):
    """A worker: its own sandbox slot (user id) and process group (stopped whole with the
    children it forks), the pipeline's slow part; runs the jobs it receives, one by one."""
    os.setpgrp()
    signal.signal(signal.SIGINT, signal.SIG_IGN)          # the command stops its workers
    os.environ["ROBOCOURSE_SANDBOX_SLOT"] = str(slot)
    exporter = NotebookExporter(config=config)
    for preprocessor in preprocessors:
        exporter.register_preprocessor(preprocessor)
    while (job := channel.recv()) is not None:
        channel.send(job.run(exporter))


# --- the converter --------------------------------------------------------------------

class ParallelAutograde(Autograde):
    """nbgrader's Autograde with the execute-and-decide step in parallel workers."""

    workers = Integer(0, help="Worker processes (0: one per core).").tag(config=True)
    progress = Bool(True, help="Show a progress bar.").tag(config=True)
    submission_wall_seconds = Integer(SUBMISSION_WALL_SECONDS, help="Wall-clock seconds of "
                                      "one submission in a worker; past them the worker is "
                                      "stopped and the submission scores zero.").tag(config=True)
    canary = Bool(True, help="Grade each assignment's solution first and stop unless it gets "
                             "full marks.").tag(config=True)
    language = Enum(LANGUAGES, default_value="en", help="The language of the class report "
                    "(the instructor's); each student's feedback is in the language of their "
                    "notebook.").tag(config=True)

    def _split(self):
        """The configured autograde pipeline: the part before SaveAutoGrades runs in the
        workers, the rest (which writes the gradebook) here."""
        steps = list(self.autograde_preprocessors)
        cut = next((i for i, p in enumerate(steps) if issubclass(p, SaveAutoGrades)), len(steps))
        return steps[:cut], steps[cut:]

    def _require_pipeline(self):
        """Refuse a configuration whose pipeline would run student code unsandboxed, let
        the kernel decide its own grade, show the instructor its unsanitised outputs or
        copy a link's target as the instructor."""
        from nbgrader.converters.base import NbGraderException

        from robocourse_grader.preprocessors import (
            DecideTestCells,
            SandboxedExecute,
            SanitizeOutputs,
        )

        steps = list(self.autograde_preprocessors)
        missing = [p.__name__ for p in (SandboxedExecute, DecideTestCells, SanitizeOutputs)
                   if not any(issubclass(step, p) for step in steps)]
        hook = self.pre_convert_hook                # run as __main__, this module is a copy
        if (getattr(hook, "__module__", None), getattr(hook, "__qualname__", None)) != \
                (__name__.replace("__main__", "robocourse_grader.autograde"),
                 remove_special_files_hook.__qualname__):
            missing.append("the pre-convert hook remove_special_files_hook")
        if missing:
            message = (f"the autograde pipeline of this course's nbgrader_config.py lacks "
                       f"{' and '.join(missing)}: use the course's nbgrader_config.py (it sets "
                       "c.Autograde.autograde_preprocessors and c.Autograde.pre_convert_hook)")
            self.log.error(message)
            raise NbGraderException(message)

    def convert_notebooks(self):
        self._require_pipeline()
        started = time.monotonic()
        outcomes = []
        with _Pool(self) as pool:
            self.canary_seconds = self._canaries(pool) if self.canary else 0.0
            for job in self._sanitized(outcomes):
                pool.submit(job)
                self._save_all(pool.finished(), outcomes)
            self._save_all(pool.remaining(), outcomes)
        outcomes.sort(key=lambda o: o.who)
        self.summary = _Summary(outcomes, time.monotonic() - started, self.canary_seconds)
        with languages.using(self.language):
            self.summary.report(self.log)
        for assignment in sorted({report.english_assignment(a) for a in self._graded}):
            report.write(self.coursedir, assignment, self.log, language=self.language)

    def _canaries(self, pool):
        """Grade each assignment's solution first (``preprocessors.canary``), in the
        workers; raise NbGraderException, saying why, unless every one gets full marks.
        Return the seconds it took."""
        from nbgrader.converters.base import NbGraderException

        from robocourse_grader.preprocessors import canary_message

        started = time.monotonic()
        assignments = sorted({self._ids(submission)[0] for submission in self.assignments})
        for assignment in assignments:
            pool.submit(Canary(assignment))
        failed = [(outcome.assignment, outcome.faults[0][1]) for outcome in pool.remaining()
                  if outcome.failed]
        for assignment, reason in failed:
            self.log.error(canary_message(assignment, reason))
        if failed:
            raise NbGraderException(canary_message(*failed[0]))
        return time.monotonic() - started

    def _save_all(self, finished, outcomes):
        for outcome in finished:
            outcomes.append(outcome)
            if outcome.failed:
                self._zero(outcome.assignment, outcome.student)
            else:
                self._save(outcome)

    def _sanitized(self, outcomes):
        """The sanitized notebooks, one submission after the other (an unreadable one is
        added to ``outcomes``, failed, and scores zero); ``self._graded``: their
        assignments."""
        several = len({self._ids(submission)[0] for submission in self.assignments}) > 1
        self._graded = set()
        for submission in sorted(self.assignments):
            self.notebooks = sorted(self.assignments[submission])
            assignment, student = self._ids(submission)
            self._graded.add(assignment)
            who = f"{student} ({assignment})" if several else student
            try:
                if not self.init_destination(assignment, student):
                    continue
                self.run_pre_convert_hook()
                self.init_assignment(assignment, student)
                jobs = [self._sanitize(notebook, student, who) for notebook in self.notebooks]
            except Exception as error:  # noqa: BLE001 - an unreadable submission: reported
                outcomes.append(_unreadable(error, student, who, assignment))
                self._zero(assignment, student)
                continue
            yield from jobs

    def _ids(self, submission):
        import re

        regexp = self._format_source("(?P<assignment_id>.*)", "(?P<student_id>.*)", escape=True)
        match = re.match(regexp, submission)
        return match.group("assignment_id"), match.group("student_id")

    def _sanitize(self, notebook, student, who):
        self._sanitizing = True
        self._init_preprocessors()
        BaseConverter.convert_single_notebook(self, notebook)
        path = os.path.join(self.writer.build_directory, os.path.basename(notebook))
        resources = self._resources(path)
        resources["metadata"] = {"name": os.path.splitext(os.path.basename(path))[0],
                                 "path": os.path.dirname(path)}
        return Job(student, who, path, resources)

    def _resources(self, path):
        """nbgrader's resources of an autograded notebook (its path read as one)."""
        self._sanitizing = False
        try:
            return self.init_single_notebook_resources(path)
        finally:
            self._sanitizing = True

    def _zero(self, assignment, student):
        """An unreadable submission scores zero in every cell (as a missing one does)."""
        from nbgrader.api import Gradebook, MissingEntry

        with Gradebook(self.coursedir.db_url, self.coursedir.course_id) as gradebook:
            for notebook in gradebook.find_assignment(assignment).notebooks:
                try:
                    submission = gradebook.find_submission_notebook(notebook.name, assignment,
                                                                    student)
                except MissingEntry:
                    continue
                for grade in submission.grades:
                    grade.auto_score, grade.needs_manual_grade = 0, False
            gradebook.db.commit()

    def _save(self, outcome):
        """nbgrader's scoring steps on the decided notebook, in this process."""
        _, after = self._split()
        exporter = NotebookExporter(config=self.config, parent=self)
        for preprocessor in after:
            exporter.register_preprocessor(preprocessor)
        resources = self._resources(outcome.path)
        output, resources = exporter.from_filename(outcome.path, resources=resources)
        self.write_single_notebook(output, resources)
        self.set_permissions(resources["nbgrader"]["assignment"], outcome.student)
        self.run_post_convert_hook()


class _Pool:
    """The worker processes (started with the first job), each with its sandbox slot, and
    the jobs: queued, handed to idle workers, each within the wall-clock limit of one
    submission — past it, its worker is stopped and replaced."""

    def __init__(self, converter):
        self.converter, self.workers, self.queue, self.progress = converter, [], [], None
        total = sum(len(notebooks) for notebooks in converter.assignments.values())
        count = converter.workers or os.cpu_count() or 1
        self.size = max(1, min(count, total))
        self.limit = converter.submission_wall_seconds
        if converter.progress and total:
            from tqdm import tqdm

            self.progress = tqdm(total=total, unit="submission", file=sys.stderr,
                                 desc=f"autograding {converter.coursedir.assignment_id}")

    def _start(self, slot):
        before, _ = self.converter._split()
        # Workers fork from one server process that has imported the pipeline once
        # (nbgrader, nbconvert, the sandbox): a fresh process, like "spawn", without
        # every worker importing it all again.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["robocourse_grader.autograde",
                                        "robocourse_grader.preprocessors"])
        config = copy.deepcopy(self.converter.config)
        config.SandboxedExecute.canary = False               # the command grades it first
        mine, theirs = context.Pipe()
        process = context.Process(target=_work, args=(config, before, slot, theirs),
                                  daemon=True)
        process.start()
        theirs.close()
        return _Worker(slot, process, mine)

    def submit(self, job):
        self.queue.append(job)
        self._dispatch()

    def _dispatch(self):
        if not self.workers:
            self.workers = [self._start(slot) for slot in range(self.size)]
        for worker in self.workers:
            if worker.job is None and self.queue:
                worker.give(self.queue.pop(0), self.limit)

    def finished(self, timeout=0):
        """The outcomes of the jobs done by now (waiting at most ``timeout`` s for one;
        None: until one is)."""
        waited_until = None if timeout is None else time.monotonic() + timeout
        while True:
            busy = [worker for worker in self.workers if worker.job is not None]
            if not busy:
                return
            now = time.monotonic()
            wake = min([worker.deadline for worker in busy] +
                       ([waited_until] if waited_until is not None else []))
            ready = multiprocessing.connection.wait(
                [worker.channel for worker in busy] + [worker.process.sentinel
                                                      for worker in busy],
                timeout=max(0.0, wake - now))
            done = [self._outcome(worker, ready) for worker in busy]
            done = [outcome for outcome in done if outcome is not None]
            for outcome in done:
                if self.progress is not None and outcome.path:
                    self.progress.update()
                yield outcome
            self._dispatch()
            if done or (waited_until is not None and time.monotonic() >= waited_until):
                return

    def _outcome(self, worker, ready):
        """The outcome of ``worker``'s job if it has one (it ended, failed or ran out of
        time), else None; a worker that failed or ran out of time is replaced."""
        if worker.channel in ready:
            try:
                outcome = worker.channel.recv()
            except (EOFError, OSError):
                outcome = None
            if outcome is not None:
                worker.job = None
                return outcome
        died = worker.process.sentinel in ready or worker.channel in ready
        if not died and time.monotonic() < worker.deadline:
            return None
        job, started = worker.job, worker.deadline - self.limit
        worker.stop()
        self.workers[self.workers.index(worker)] = self._start(worker.slot)
        reason = (f"the worker failed (exit status {worker.process.exitcode})" if died else
                  f"it took longer than the limit of {self.limit} s for one submission (its "
                  "parts have limits of their own: the grader hung); it was stopped")
        return job.outcome([("grader", reason)], started, failed=True)

    def remaining(self):
        while self.queue or any(worker.job is not None for worker in self.workers):
            yield from self.finished(timeout=None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for worker in self.workers:
            worker.stop()
        if self.progress is not None:
            self.progress.close()


class _Worker:
    """One worker process, its slot and channel, and the job it is running (if any)."""

    def __init__(self, slot, process, channel):
        self.slot, self.process, self.channel = slot, process, channel
        self.job, self.deadline = None, float("inf")

    def give(self, job, limit):
        self.job, self.deadline = job, time.monotonic() + limit
        self.channel.send(job)

    def stop(self):
        """Stop the worker and everything in its process group (the children it forked;
        its sandboxes end with it)."""
        if self.process.is_alive():
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.join()
        self.channel.close()
        self.job = None


@dataclasses.dataclass
class _Summary:
    """The batch in numbers, and what went wrong by whose fault."""

    outcomes: list
    seconds: float
    canary_seconds: float = 0.0

    def faults(self, whose):
        return [(outcome.who, what) for outcome in self.outcomes
                for fault, what in outcome.faults if fault == whose]

    def peak_memory_mb(self):
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        return max(own, children) / 1024

    def report(self, log):
        graded = [outcome for outcome in self.outcomes if not outcome.failed]
        per = self.seconds / max(len(self.outcomes), 1)
        students, grader = self.faults("student"), self.faults("grader")
        lines = [say("graded: {count}", "feedback", count=len(graded)),
                 say("not graded at all: {count}", "feedback",
                     count=len(self.outcomes) - len(graded)),
                 say("time: {seconds} s ({per} s per submission; the solution graded first: "
                     "{canary} s)", "feedback", seconds=f"{self.seconds:.1f}",
                     per=f"{per:.2f}", canary=f"{self.canary_seconds:.1f}"),
                 say("peak memory of one process: {megabytes} MB", "feedback",
                     megabytes=f"{self.peak_memory_mb():.0f}"),
                 say("the students' faults (what they touched scores zero): {count}",
                     "feedback", count=len(students)),
                 *[f"  {who}: {what}" for who, what in students],
                 say("the grader's faults (look at these; the command fails): {count}",
                     "feedback", count=len(grader)),
                 *[f"  {who}: {what}" for who, what in grader]]
        print("\n".join(lines), file=sys.stderr)
        for who, what in grader:
            log.error(say("{who}: the grader failed: {what}", "feedback", who=who, what=what))


class ParallelAutogradeApp(AutogradeApp):
    name = "robocourse-autograde"
    description = "Autograde a class in parallel, every submission in its own sandbox"
    aliases = {**AutogradeApp.aliases, "workers": "ParallelAutograde.workers",
               "language": "ParallelAutograde.language"}
    flags = {**AutogradeApp.flags,
             "unsafe": ({"SandboxedExecute": {"unsafe": True},
                         "DecideTestCells": {"unsafe": True}},
                        "Run student code WITHOUT a sandbox (only for code you trust)."),
             "no-progress": ({"ParallelAutograde": {"progress": False}}, "No progress bar.")}

    @default("classes")
    def _classes_default(self):
        return [*super()._classes_default(), ParallelAutograde]

    def start(self):
        from nbgrader.apps.baseapp import NbGrader
        from nbgrader.converters.base import NbGraderException

        NbGrader.start(self)
        if len(self.extra_args) != 1:
            self.fail("give one assignment, e.g. robocourse-autograde ch3_newton_euler, or a "
                      "pattern of assignments in quotes, e.g. robocourse-autograde '*'")
        self.coursedir.assignment_id = self.extra_args[0]
        converter = ParallelAutograde(coursedir=self.coursedir, parent=self)
        try:
            converter.start()
        except NbGraderException:
            sys.exit(1)
        if converter.summary.faults("grader"):
            sys.exit(1)


def main(argv=None):
    """The console script ``robocourse-autograde``."""
    ParallelAutogradeApp.launch_instance(argv)


if __name__ == "__main__":
    main()
