"""Shared test settings: hypothesis runs derandomized (the same examples on every
run, so CI is reproducible) and without per-example deadlines (sympy is slow to warm up);
the slowest modules are handed to the workers first."""

import pathlib

from hypothesis import settings

settings.register_profile("course", derandomize=True, deadline=None, max_examples=60,
                          print_blob=True)
settings.load_profile("course")

#: The modules that take tens of seconds each (a class graded in one batch, the book built
#: in both languages, sandboxed kernels stopped at their limits), longest first. `make test`
#: runs the suite with ``--dist loadfile --no-loadscope-reorder``: a worker takes the next
#: module in collection order when it is nearly done, so these go first, the notebooks (ten
#: seconds or less each) next, and the short modules last fill in the end.
LONGEST = ("test_autograde.py", "test_exercises.py", "test_book.py", "test_sandbox.py",
           "test_autograde_escapes.py", "test_runner_escapes.py", "test_exercise_feedback.py")


def _rank(item):
    path = pathlib.Path(item.nodeid.split("::")[0])
    if path.name in LONGEST:
        return LONGEST.index(path.name)
    return len(LONGEST) + (path.suffix != ".ipynb")


def pytest_collection_modifyitems(items):
    items.sort(key=_rank)
