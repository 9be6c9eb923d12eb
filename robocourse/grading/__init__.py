"""Grading the exercises: answer checks, exercise sets, and sandboxed autograding.

For exercise authors (``robocourse/exercises/<assignment>.py`` and the hidden
``solutions/<assignment>/grader.py``):

* ``ExerciseSet`` with the answer kinds ``Expression``, ``Matrix``, ``Numbers``,
  ``Function``, ``Choice``, ``Text`` (``exercises``);
* ``check_expression``, ``check_number``, ``check_call``, ``Mistake`` (``checks``);
* ``student_id``, ``student_rng`` (``students``).

For instructors: ``robocourse-autograde <assignment>`` (``autograde``), built on
``preprocessors`` (the nbgrader pipeline), ``sandbox``, ``runner``, ``handover``
and ``report``.
"""

from robocourse.grading.checks import Mistake, check_call, check_expression, check_number, term_kind
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

__all__ = ["Mistake", "check_call", "check_expression", "check_number", "term_kind",
           "ExerciseSet", "Choice", "Expression", "Function", "Matrix", "Numbers", "Text",
           "Value", "student_id", "student_rng"]
