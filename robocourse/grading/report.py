"""The class report: per exercise, how many students got it right and how many made
each named mistake (the stable codes of ``checks.Mistake``), as CSV and as a chart.

Read from the autograded notebooks, whose test cells carry the grader's verdict in
their metadata (``{"robocourse": {"exercise": 3, "passed": false, "code":
"coriolis:missing"}}``). Written to ``grading/reports/<assignment>.csv`` (columns
``exercise, outcome, students``) and ``<assignment>.png``.
"""

import collections
import csv
import glob
import os

import nbformat

__all__ = ["tally", "write"]


def tally(notebooks):
    """``{exercise: Counter({"passed": n, code: n, ...})}`` over the notebooks' verdicts."""
    counts = collections.defaultdict(collections.Counter)
    for path in notebooks:
        for cell in nbformat.read(path, as_version=4).cells:
            verdict = cell.metadata.get("robocourse")
            if verdict:
                outcome = "passed" if verdict["passed"] else verdict["code"]
                counts[verdict["exercise"]][outcome] += 1
    return dict(sorted(counts.items()))


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
    axes.set_yticks(range(len(labels)), [f"ex {e}: {o}" for e, o in labels], fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel("students")
    axes.set_title(title)
    figure.savefig(path, dpi=100)


def write(coursedir, assignment, log=None):
    """Write the report of ``assignment`` from its autograded notebooks; return the paths."""
    pattern = coursedir.format_path(coursedir.autograded_directory, "*", assignment)
    notebooks = sorted(glob.glob(os.path.join(pattern, "*.ipynb")))
    counts = tally(notebooks)
    folder = os.path.join(coursedir.root, "grading", "reports")
    os.makedirs(folder, exist_ok=True)
    table = os.path.join(folder, f"{assignment}.csv")
    with open(table, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["exercise", "outcome", "students"])
        for exercise, outcomes in counts.items():
            for outcome, number in sorted(outcomes.items()):
                writer.writerow([exercise, outcome, number])
    chart = os.path.join(folder, f"{assignment}.png")
    if counts:
        _chart(counts, chart, f"{assignment}: {len(notebooks)} submissions")
    if log is not None:
        log.info("class report: %s, %s", table, chart)
    return table, chart
