"""Grading the exercises: answer checks, exercise sets, and what a student's kernel runs.

For exercise authors (``robocourse/exercises/<assignment>.py`` and the hidden
``solutions/<assignment>/grader.py``):

* ``ExerciseSet`` with the answer kinds ``Expression``, ``Matrix``, ``Numbers``,
  ``Function``, ``Choice``, ``Text`` (``exercises``);
* ``check_expression``, ``check_number``, ``check_call``, ``Mistake`` (``checks``);
* ``student_id``, ``student_rng`` (``students``).

What a student's kernel runs besides: the hand-over of answers as data (``handover``),
the visible tests' runner of student functions (``runner``, a subprocess; ``concepts``,
what an exercise switches off), the deadline of one decision (``isolation``), and a full-width
mark typed with a Chinese input method, explained where Python cannot read the code
(``input_method``).

For instructors, a package of its own (``grader/``, ``robocourse_grader``; a student's
``pip install robocourse`` leaves it out): ``robocourse-autograde <assignment>``
(``autograde``), built on ``preprocessors`` (the nbgrader pipeline), ``sandbox`` (which
also starts this ``runner`` sandboxed) and ``report``.
"""

from robocourse.grading.checks import (
           Mistake,
           check_call,
           check_expression,
           check_number,
           term_code,
           term_kind,
)
from robocourse.grading.exercises import (
           Choice,
           ExerciseSet,
           Expression,
           Function,
           Matrix,
           Numbers,
           Text,
           Value,
)
from robocourse.grading.students import student_id, student_rng

__all__ = ["Mistake", "check_call", "check_expression", "check_number", "term_kind", "term_code",
           "ExerciseSet", "Choice", "Expression", "Function", "Matrix", "Numbers", "Text",
           "Value", "student_id", "student_rng"]
