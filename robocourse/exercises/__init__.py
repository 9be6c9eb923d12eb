"""The visible tests of the graded exercises, one module per assignment.

Each module holds the assignment's :class:`robocourse.grading.ExerciseSet`: what
each test cell hands over, the per-student numbers, and the tests a student sees
pass or fail while working. The hidden tests are the instructor's
(``solutions/<assignment>/grader.py``, never released).
"""

from pathlib import Path


def hidden_catalogue(grader):
    """Where the sentences of the hidden tests in the file ``grader``
    (``solutions/<assignment>/grader.py``) are translated: ``solutions/hidden.<language>.po``,
    beside them and never released with the library (they would give the hidden tests
    away). A grader module reads them with ``language.locate("hidden", …)``.

    >>> hidden_catalogue("/course/solutions/ch0_kinematics/grader.py").as_posix()
    '/course/solutions/hidden.{language}.po'
    """
    return Path(grader).resolve().parent.parent / "hidden.{language}.po"
