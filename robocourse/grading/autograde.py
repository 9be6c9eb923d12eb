"""``robocourse-autograde``: a whole class graded in parallel, each submission sandboxed.

    robocourse-autograde ch3_newton_euler            # every submission, a worker per core
    robocourse-autograde ch3_newton_euler --student s1234567 --force
    robocourse-autograde ch3_newton_euler --workers 1
    robocourse-autograde '*'                         # every assignment, one pool of workers

nbgrader stays the engine: it reads ``nbgrader_config.py``, restores the test cells
from the gradebook, records the students and submissions, writes the scores and
later the feedback and the grade export. This command runs nbgrader's autograde
pipeline in three steps, as a pipeline over the submissions:

1. in this process: whatever in a submitted folder is not a regular file or a folder
   (a symbolic link, whose target nbgrader would copy as the instructor; a pipe; a
   device) is removed from it by the configuration's pre-convert hook, with a warning
   naming the student; then nbgrader
   records the submission and *sanitizes* its notebook
   (outputs cleared, locked and test cells restored from the gradebook), which is
   then handed to a worker at once;
2. in parallel worker processes, one per core: the notebook runs in a sandboxed
   kernel and the grader decides every test cell (``preprocessors``) — the slow
   part, which never writes the gradebook;
3. in this process again, as each worker hands a notebook back (between the
   sanitizing of the next ones): nbgrader saves the scores (``SaveAutoGrades``,
   ``AssignLatePenalties``) — one writer, so the gradebook is never contended.

So the workers start on the first submission while the others are still being
sanitized, and this process's own steps never leave a core idle.

A progress bar shows the submissions as they finish; the summary lists how many
were graded, which failed to run and why, the time and the peak memory; the class
report (``report``) is written to ``grading/reports/<assignment>.csv`` and ``.png``.
The command exits with status 1 when a submission could not be graded.
"""

import concurrent.futures
import dataclasses
import multiprocessing
import os
import resource
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
from traitlets import Bool, Integer, default

from robocourse.grading import report

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


@dataclasses.dataclass
class Outcome:
    student: str
    who: str
    path: str
    error: str = ""
    seconds: float = 0.0


# --- the workers ----------------------------------------------------------------------

_worker = {}


def _start_worker(config, preprocessors, slots):
    """Each worker: its own sandbox slot (user id), the pipeline's slow part."""
    with slots.get_lock():
        slot = slots.value
        slots.value += 1
    os.environ["ROBOCOURSE_SANDBOX_SLOT"] = str(slot)
    exporter = NotebookExporter(config=config)
    for preprocessor in preprocessors:
        exporter.register_preprocessor(preprocessor)
    _worker["exporter"] = exporter


def _execute_and_decide(job):
    """Run the notebook in its sandbox and decide its test cells; write it back."""
    started = time.monotonic()
    try:
        nb = nbformat.read(job.path, as_version=nbformat.NO_CONVERT)
        output, _ = _worker["exporter"].from_notebook_node(nb, resources=job.resources)
        with open(job.path, "w", encoding="utf-8") as file:
            file.write(output)
    except Exception as error:  # noqa: BLE001 - reported in the summary, the batch goes on
        last = traceback.format_exception_only(type(error), error)[-1].strip()
        return Outcome(job.student, job.who, job.path, last, time.monotonic() - started)
    return Outcome(job.student, job.who, job.path, "", time.monotonic() - started)


# --- the converter --------------------------------------------------------------------

class ParallelAutograde(Autograde):
    """nbgrader's Autograde with the execute-and-decide step in parallel workers."""

    workers = Integer(0, help="Worker processes (0: one per core).").tag(config=True)
    progress = Bool(True, help="Show a progress bar.").tag(config=True)

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

        from robocourse.grading.preprocessors import SandboxedExecute, SanitizeOutputs, Verdict

        steps = list(self.autograde_preprocessors)
        missing = [p.__name__ for p in (SandboxedExecute, Verdict, SanitizeOutputs)
                   if not any(issubclass(step, p) for step in steps)]
        hook = self.pre_convert_hook                # run as __main__, this module is a copy
        if (getattr(hook, "__module__", None), getattr(hook, "__qualname__", None)) != \
                (__name__.replace("__main__", "robocourse.grading.autograde"),
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
        failures, outcomes = [], []
        with _Pool(self) as pool:
            for job in self._sanitized(failures):
                pool.submit(job)
                self._save_all(pool.finished(), outcomes, failures)
            self._save_all(pool.remaining(), outcomes, failures)
        outcomes.sort(key=lambda o: o.student)
        self.summary = _Summary(graded=len([o for o in outcomes if not o.error]),
                                failures=failures, seconds=time.monotonic() - started,
                                outcomes=outcomes)
        self.summary.report(self.log)
        for assignment in sorted(self._graded):
            report.write(self.coursedir, assignment, self.log)

    def _save_all(self, finished, outcomes, failures):
        for outcome in finished:
            outcomes.append(outcome)
            if outcome.error:
                failures.append((outcome.who, outcome.error))
            else:
                self._save(outcome)

    def _sanitized(self, failures):
        """The sanitized notebooks, one submission after the other (unreadable ones are
        recorded in ``failures`` and score zero); ``self._graded``: their assignments."""
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
                kind = "a cell of the assignment is missing" if isinstance(error, KeyError) \
                    else type(error).__name__
                failures.append((who, f"could not be read as a notebook of {assignment} "
                                          f"({kind}: {error}); it scores zero"))
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
    """The worker processes (started with the first job) and the jobs in flight."""

    def __init__(self, converter):
        self.converter, self.executor, self.pending, self.progress = converter, None, set(), None
        total = sum(len(notebooks) for notebooks in converter.assignments.values())
        count = converter.workers or os.cpu_count() or 1
        self.size = max(1, min(count, total))
        if converter.progress and total:
            from tqdm import tqdm

            self.progress = tqdm(total=total, unit="submission", file=sys.stderr,
                                 desc=f"autograding {converter.coursedir.assignment_id}")

    def submit(self, job):
        if self.executor is None:
            before, _ = self.converter._split()
            # Workers fork from one server process that has imported the pipeline once
            # (nbgrader, nbconvert, the sandbox): a fresh process, like "spawn", without
            # every worker importing it all again.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["robocourse.grading.autograde",
                                            "robocourse.grading.preprocessors"])
            slots = context.Value("i", 0)
            self.executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.size, mp_context=context, initializer=_start_worker,
                initargs=(self.converter.config, before, slots))
        self.pending.add(self.executor.submit(_execute_and_decide, job))

    def finished(self, timeout=0):
        """The outcomes of the jobs done by now (waiting at most ``timeout`` s for one)."""
        done, self.pending = concurrent.futures.wait(
            self.pending, timeout=timeout, return_when=concurrent.futures.FIRST_COMPLETED)
        for future in done:
            if self.progress is not None:
                self.progress.update()
            try:
                yield future.result()
            except Exception as error:  # noqa: BLE001 - a worker that died
                yield Outcome("?", "?", "", f"the worker failed: {error}")

    def remaining(self):
        while self.pending:
            yield from self.finished(timeout=None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.executor is not None:
            self.executor.shutdown(cancel_futures=exc[0] is not None)
        if self.progress is not None:
            self.progress.close()


@dataclasses.dataclass
class _Summary:
    graded: int
    failures: list
    seconds: float
    outcomes: list

    def peak_memory_mb(self):
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        return max(own, children) / 1024

    def report(self, log):
        per = self.seconds / max(len(self.outcomes), 1)
        lines = [f"graded: {self.graded}", f"failed to run: {len(self.failures)}",
                 f"time: {self.seconds:.1f} s ({per:.2f} s per submission)",
                 f"peak memory of one process: {self.peak_memory_mb():.0f} MB"]
        lines += [f"  {student}: {reason}" for student, reason in self.failures]
        print("\n".join(lines), file=sys.stderr)
        for student, reason in self.failures:
            log.error("%s could not be graded: %s", student, reason)


class ParallelAutogradeApp(AutogradeApp):
    name = "robocourse-autograde"
    description = "Autograde a class in parallel, every submission in its own sandbox"
    aliases = {**AutogradeApp.aliases, "workers": "ParallelAutograde.workers"}
    flags = {**AutogradeApp.flags,
             "unsafe": ({"SandboxedExecute": {"unsafe": True}, "Verdict": {"unsafe": True}},
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
        if converter.summary.failures:
            sys.exit(1)


def main(argv=None):
    """The console script ``robocourse-autograde``."""
    ParallelAutogradeApp.launch_instance(argv)


if __name__ == "__main__":
    main()
