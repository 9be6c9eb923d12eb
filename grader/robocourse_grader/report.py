"""The class report: per exercise, how many students got it right and how many made
each named mistake (the stable codes of ``checks.Mistake``), as CSV and as a chart.

Read from the autograded notebooks, whose test cells carry the grader's verdict in
their metadata (``{"robocourse": {"exercise": 3, "passed": false, "code":
"coriolis:missing"}}``). Written to ``grading/reports/<assignment>.csv`` (columns
``exercise, outcome, students``) and ``<assignment>.png``; the answers the grader could
not decide (code ``"undecidable"``: no points, for the instructor to look at) to
``<assignment>-review.csv`` (columns ``student, exercise, feedback``).

An assignment and its versions in the students' other languages (``ch0_kinematics`` and
``ch0_kinematics_zh_CN``: the same exercises, graded by the same checks) make one report,
under the English assignment's name: the mistakes are counted by their codes, which are
the same in every language. The report's own words (its columns, the chart) are in the
instructor's language (``language``, by default English); the feedback in the review list
is the student's.
"""

import collections
import csv
import glob
import os
import pathlib

import nbformat

from robocourse import language as languages
from robocourse.language import say

__all__ = ["UNDECIDED", "tally", "undecided", "write", "english_assignment", "versions"]

#: The code of an answer the grader cannot decide (``checks.equal``).
UNDECIDED = "undecidable"


def _verdicts(notebooks):
    """``(path, cell, verdict)`` for each graded test cell of the notebooks."""
    for path in notebooks:
        for cell in nbformat.read(path, as_version=4).cells:
            verdict = cell.metadata.get("robocourse")
            if verdict:
                yield path, cell, verdict


def tally(notebooks):
    """``{exercise: Counter({"passed": n, code: n, ...})}`` over the notebooks' verdicts."""
    counts = collections.defaultdict(collections.Counter)
    for _, _, verdict in _verdicts(notebooks):
        outcome = "passed" if verdict["passed"] else verdict["code"]
        counts[verdict["exercise"]][outcome] += 1
    return dict(sorted(counts.items()))


def undecided(notebooks):
    """``[(student, exercise, feedback)]``: the answers the grader could not decide, for
    the instructor to review (the student is the folder of ``autograded/<student>/
    <assignment>/<notebook>``; the feedback what the cell shows)."""
    return [(pathlib.Path(path).parent.parent.name, verdict["exercise"],
             " ".join(o.get("evalue", "") for o in cell.outputs))
            for path, cell, verdict in _verdicts(notebooks)
            if not verdict["passed"] and verdict["code"] == UNDECIDED]


def english_assignment(assignment):
    """The assignment whose version in another language ``assignment`` is (itself if it
    is the English one).

    >>> english_assignment("ch0_kinematics_zh_CN"), english_assignment("ch0_kinematics")
    ('ch0_kinematics', 'ch0_kinematics')
    """
    for language in languages.LANGUAGES:
        if language != languages.SOURCE and assignment.endswith(f"_{language}"):
            return assignment[:-len(language) - 1]
    return assignment


def versions(assignment):
    """The names of ``assignment`` in every language, English first.

    >>> versions("ch0_kinematics_zh_CN")
    ['ch0_kinematics', 'ch0_kinematics_zh_CN']
    """
    english = english_assignment(assignment)
    return [english] + [f"{english}_{language}" for language in languages.LANGUAGES
                        if language != languages.SOURCE]


def _chart(counts, path, title):
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    labels = [(exercise, outcome) for exercise, outcomes in counts.items()
              for outcome in sorted(outcomes, key=lambda o: (o != "passed", o))]
    figure = Figure(figsize=(8, 0.32 * len(labels) + 1.2), layout="constrained")
    axes = figure.add_subplot()
    values = [counts[e][o] for e, o in labels]
    colours = ["tab:green" if o == "passed" else "tab:red" for _, o in labels]
    axes.barh(range(len(labels)), values, color=colours)
    axes.set_yticks(range(len(labels)), [say("ex {exercise}: {outcome}", "feedback",
                                             exercise=e, outcome=o) for e, o in labels],
                    fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel(say("students", "feedback"))
    axes.set_title(title)
    figure.savefig(path, dpi=100)


def write(coursedir, assignment, log=None, language="en"):
    """Write the report of ``assignment`` — its autograded notebooks in every language
    (:func:`versions`), under the English assignment's name — with its words in
    ``language``; return the paths of the table, the chart and the list of answers to
    review."""
    with languages.using(language):
        return _write(coursedir, english_assignment(assignment), log)


def _write(coursedir, assignment, log):
    notebooks = sorted(path for version in versions(assignment) for path in glob.glob(
        os.path.join(coursedir.format_path(coursedir.autograded_directory, "*", version),
                     "*.ipynb")))
    counts = tally(notebooks)
    folder = os.path.join(coursedir.root, "grading", "reports")
    os.makedirs(folder, exist_ok=True)
    table = os.path.join(folder, f"{assignment}.csv")
    _write_csv(table, [say("exercise", "feedback"), say("outcome", "feedback"),
                       say("students", "feedback")],
               [[exercise, outcome, number] for exercise, outcomes in counts.items()
                for outcome, number in sorted(outcomes.items())])
    chart = os.path.join(folder, f"{assignment}.png")
    if counts:
        _chart(counts, chart, say("{assignment}: {count} submissions", "feedback",
                                  assignment=assignment, count=len(notebooks)))
    review = os.path.join(folder, f"{assignment}-review.csv")
    to_review = undecided(notebooks)
    _write_csv(review, [say("student", "feedback"), say("exercise", "feedback"),
                        say("feedback", "feedback")], to_review)
    if log is not None:
        log.info(say("class report: {table}, {chart}", "feedback", table=table, chart=chart))
        if to_review:
            log.warning(say("{count} answers the grader could not decide (no points yet): "
                            "review them, listed in {review}", "feedback",
                            count=len(to_review), review=review))
    return table, chart, review


def _write_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(header)
        writer.writerows(rows)
