"""The visible tests of the graded exercises, one module per assignment.

Each module holds the assignment's :class:`robocourse.grading.ExerciseSet`: what
each test cell hands over, the per-student numbers, and the tests a student sees
pass or fail while working. The hidden tests are the instructor's
(``solutions/<assignment>/grader.py``, never released).
"""
